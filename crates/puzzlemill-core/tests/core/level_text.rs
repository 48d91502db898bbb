//! Level texts: every curated level of the modes that have them goes through its text and back
//! as the same level; a mistyped character, two swapped neighbours or a cut-off text is refused
//! with a reason, and so is a level that cannot be solved; a few texts are pinned, so a text
//! never changes meaning.

use puzzlemill_core::climb::ClimbLevel;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::level_text::{self, TextError};
use puzzlemill_core::lines::LinesLevel;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::pack::{self, AnyPack, INDEX_FILE, Pack};
use puzzlemill_core::slide::SlideLevel;
use puzzlemill_core::tilt::Level;
use puzzlemill_core::vault::VaultLevel;
use puzzlemill_core::{ModeId, Rate, Rating};
use std::path::PathBuf;
use std::sync::Arc;

fn levels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels")
}

/// Every level of a parsed pack, type-erased, with its title.
fn levels(mode: ModeId, pack: &AnyPack) -> Vec<(String, AnyLevel)> {
    fn all<L: Clone + Send + Sync + 'static>(pack: &AnyPack) -> Vec<(String, AnyLevel)> {
        let p = pack
            .levels
            .downcast_ref::<Pack<L>>()
            .expect("the mode's level type");
        p.levels
            .iter()
            .map(|(name, l)| (name.clone(), Arc::new(l.clone()) as AnyLevel))
            .collect()
    }
    match mode {
        ModeId::Tilt => all::<Level>(pack),
        ModeId::Lines => all::<LinesLevel>(pack),
        ModeId::Slide | ModeId::Trio => all::<SlideLevel>(pack),
        ModeId::Vault => all::<VaultLevel>(pack),
        ModeId::Climb => all::<ClimbLevel>(pack),
    }
}

/// The curated packs of milled vaults and caves (codes), shared by their codes: a drawing reads a
/// milled vault's sectors another way, and a milled cave fills the whole 128x128 map.
const MILLED: [(ModeId, &str); 2] = [
    (ModeId::Vault, "vault/starter.ron"),
    (ModeId::Climb, "climb/starter.ron"),
];

/// Every curated level of the modes with level texts, in the order the level select lists them
/// (but the milled vaults and caves).
fn curated() -> Vec<(ModeId, String, AnyLevel)> {
    let dir = levels_dir();
    let index = pack::parse_index(
        INDEX_FILE,
        &std::fs::read_to_string(dir.join(INDEX_FILE)).unwrap(),
    )
    .unwrap();
    let mut out = Vec::new();
    for entry in index {
        if entry.mode.spec().text.is_none() || MILLED.iter().any(|&(_, f)| entry.file == f) {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&entry.file)).unwrap();
        let parsed = (entry.mode.spec().parse_pack)(&entry.file, &text).unwrap();
        for (name, level) in levels(entry.mode, &parsed) {
            out.push((entry.mode, format!("{}: {name}", entry.file), level));
        }
    }
    out
}

#[test]
fn every_curated_level_goes_through_its_text_and_back() {
    let all = curated();
    assert!(all.len() >= 150, "only {} curated levels", all.len());
    let mut longest = 0;
    for (mode, name, level) in &all {
        let text = level_text::encode(*mode, level).unwrap_or_else(|e| panic!("{name}: {e}"));
        longest = longest.max(text.len());
        assert!(level_text::is_level_text(&text), "{name}: {text}");
        let (back_mode, back) =
            level_text::decode(&text).unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        assert_eq!(back_mode, *mode, "{name}");
        assert_eq!(
            level_digest(*mode, &back),
            level_digest(*mode, level),
            "{name}: {text}"
        );
        // Lower case, spaces and look-alike letters read the same.
        let typed = text.to_lowercase().replace('0', "o").replace('-', " - ");
        assert_eq!(
            level_digest(*mode, &level_text::decode(&typed).unwrap().1),
            level_digest(*mode, level),
            "{name}: {typed}"
        );
    }
    println!(
        "{} levels, the longest text {longest} characters",
        all.len()
    );
}

#[test]
fn milled_vaults_and_caves_are_shared_by_code_and_drawn_ones_by_text() {
    let dir = levels_dir();
    for (mode, file) in MILLED {
        let drawn = curated().into_iter().filter(|(m, _, _)| *m == mode).count();
        assert!(drawn >= 1, "{mode}: the lesson goes through its text");
        let parsed =
            (mode.spec().parse_pack)(file, &std::fs::read_to_string(dir.join(file)).unwrap())
                .unwrap();
        let milled = levels(mode, &parsed);
        assert!(milled.len() >= 4, "{file}");
        // Their pack names each by its code, which shares it instead.
        let letter = mode.spec().letter;
        assert_eq!(parsed.codes.len(), milled.len());
        assert!(
            parsed
                .codes
                .iter()
                .all(|c| c.as_deref().is_some_and(|c| c.starts_with(letter))),
            "{:?}",
            parsed.codes
        );
        for (name, level) in milled {
            assert!(
                matches!(
                    level_text::encode(mode, &level),
                    Err(TextError::BadLevel(_))
                ),
                "{file}: {name}"
            );
        }
    }
}

#[test]
fn a_mistyped_character_two_swapped_ones_or_a_cut_off_text_are_refused() {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    for (mode, name, level) in curated().into_iter().step_by(7) {
        let text = level_text::encode(mode, &level).unwrap();
        let chars: Vec<char> = text.chars().collect();
        // Every single substitution after the head: the check catches it.
        for i in 4..chars.len() {
            if chars[i] == '-' {
                continue;
            }
            for c in ALPHABET.chars().filter(|&c| c != chars[i]) {
                let mut typo = chars.clone();
                typo[i] = c;
                let typo: String = typo.into_iter().collect();
                assert_eq!(
                    level_text::decode(&typo).err(),
                    Some(TextError::BadCheck),
                    "{name}: {typo}"
                );
            }
        }
        // Every swap of two different neighbours.
        for i in 4..chars.len() - 1 {
            if chars[i] == chars[i + 1] || chars[i] == '-' || chars[i + 1] == '-' {
                continue;
            }
            let mut swap = chars.clone();
            swap.swap(i, i + 1);
            let swap: String = swap.into_iter().collect();
            assert!(level_text::decode(&swap).is_err(), "{name}: {swap}");
        }
        // Cut off after its first group: refused, with a reason.
        let cut = text.split('-').take(2).collect::<Vec<_>>().join("-");
        let err = level_text::decode(&cut).unwrap_err().to_string();
        assert!(!err.is_empty(), "{name}");
        // Its check (or more) cut off, leaving a group of another length last: said to be cut.
        let groups: Vec<&str> = text.split('-').collect();
        for keep in 3..groups.len() {
            let cut = groups[..keep].join("-");
            if groups[keep - 1].len() != 2 {
                assert_eq!(
                    level_text::decode(&cut).err(),
                    Some(TextError::CutShort),
                    "{name}: {cut}"
                );
            }
        }
        let one_check_character = &text[..text.len() - 1];
        assert_eq!(
            level_text::decode(one_check_character).err(),
            Some(TextError::CutShort),
            "{name}: {one_check_character}"
        );
    }
}

/// The rating of `level` by its own mode's rater, called directly.
fn rated_directly(mode: ModeId, level: &AnyLevel) -> Option<Rating> {
    fn by<P: Rate>(level: &AnyLevel) -> Option<Rating>
    where
        P::Level: 'static,
    {
        P::rate(level.downcast_ref::<P::Level>().expect("the mode's level"))
    }
    match mode {
        ModeId::Tilt => by::<puzzlemill_core::tilt::Tilt>(level),
        ModeId::Lines => by::<puzzlemill_core::lines::Lines>(level),
        ModeId::Slide => by::<puzzlemill_core::slide::Slide>(level),
        ModeId::Trio => by::<puzzlemill_core::slide::Trio>(level),
        ModeId::Climb => by::<puzzlemill_core::climb::Climb>(level),
        ModeId::Vault => by::<puzzlemill_core::vault::Vault>(level),
    }
}

#[test]
fn the_check_before_play_gives_the_optimum_and_the_modes_rating() {
    let all = curated();
    for &mode in ModeId::ALL {
        // Each mode's first and last curated level (a starter and its hardest).
        let of_mode: Vec<_> = all.iter().filter(|(m, _, _)| *m == mode).collect();
        if of_mode.is_empty() {
            continue;
        }
        for (_, name, level) in [of_mode[0], of_mode[of_mode.len() - 1]] {
            let checked =
                level_text::check_and_rate(mode, level).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                Ok(checked.optimum),
                level_text::check_solvable(mode, level),
                "{name}"
            );
            let direct = rated_directly(mode, level);
            assert!(direct.is_some(), "{name}: a curated level rates");
            assert_eq!(checked.rating, direct, "{name}");
        }
        // Another mode's level (of another type: Slide's and Trio's are both boxes) is not
        // rated as this mode's.
        let box_modes = [ModeId::Slide, ModeId::Trio];
        let other = all
            .iter()
            .find(|(m, _, _)| *m != mode && !(box_modes.contains(m) && box_modes.contains(&mode)))
            .unwrap();
        let codec = mode.spec().text.unwrap();
        assert_eq!((codec.rate)(&other.2), None, "{mode:?} rating {}", other.1);
    }
    // An unsolvable level is refused as by the check alone.
    let rows = ["######", "#b#.o#", "######"];
    let level: AnyLevel = Arc::new(SlideLevel::from_rows(&rows).unwrap());
    assert_eq!(
        level_text::check_and_rate(ModeId::Slide, &level),
        Err(TextError::Unsolvable("it cannot be solved".into()))
    );
}

#[test]
fn a_level_that_cannot_be_solved_is_refused_with_the_reason() {
    // A box walled into its corner, the target out of reach.
    let rows = ["######", "#b#.o#", "######"];
    let level: AnyLevel = Arc::new(SlideLevel::from_rows(&rows).unwrap());
    let text = level_text::encode(ModeId::Slide, &level).unwrap();
    let err = level_text::decode(&text).unwrap_err();
    assert_eq!(err, TextError::Unsolvable("it cannot be solved".into()));
    // Read alone (no search), the text gives its level; the check apart refuses it the same.
    let (mode, read) = level_text::read(&text).unwrap();
    assert_eq!(mode, ModeId::Slide);
    assert_eq!(level_text::check_solvable(mode, &read), Err(err.clone()));
    assert!(
        err.to_string().contains("refused: it cannot be solved"),
        "{err}"
    );
    assert_eq!(
        level_text::decode("XV1-00000-00").unwrap_err(),
        TextError::UnknownMode('X')
    );
    assert_eq!(
        level_text::decode("TV9-00000-00").unwrap_err(),
        TextError::UnsupportedFormat(9)
    );
}

/// Texts pinned: the first level of a few packs. A text never changes meaning.
const PINNED: [(&str, &str); 6] = [
    (
        "climb/lessons.ron: Training cave",
        "CV1-QKG33-0BH82-WA0Q2-G5RM1-E50BH-840T1-GA106-GC2G8-1M23V-3JQK1-06860-647WM-BVM3P-\
         40B64-040-5C",
    ),
    ("tilt/first-dates.ron: Hello", "TV1-66J44-0G088-42280-0-36"),
    (
        "lines/easy.ron: ",
        "LV1-582H1-A11AG-GK040-89R2H-150K8-9089R-0-1P",
    ),
    (
        "slide/first-flicks.ron: Nudge",
        "SV1-45H24-8HAMS-G9K0K-62XSH-2CS-6J",
    ),
    (
        "trio/in-step.ron: ",
        "RV1-66H24-8H216-68GPQ-24224-8N2C9-H2MSK-648H2-48-75",
    ),
    (
        "vault/lessons.ron: First vault",
        "VV1-7MDAN-ANAN0-A057E-2GFGA-0WQJG-2KHH8-0M180-NBKAN-E3RDE-FANSN-AQ1W6-Q7N0A-050A3-J182G-\
         182G1-AQ2NA-NANAW-ANPVD-PV82V-DPVDM-F0BDP-VDPG5-PVDPV-ANAVD-PVDG-E4",
    ),
];

#[test]
fn pinned_texts_keep_their_meaning() {
    let all = curated();
    for (prefix, pinned) in PINNED {
        let (mode, name, level) = all
            .iter()
            .find(|(_, n, _)| n.starts_with(prefix))
            .unwrap_or_else(|| panic!("no curated level {prefix}"));
        let text = level_text::encode(*mode, level).unwrap();
        assert_eq!(text, pinned, "{name}");
        let back = level_text::decode(pinned).unwrap().1;
        assert_eq!(level_digest(*mode, &back), level_digest(*mode, level));
    }
}
