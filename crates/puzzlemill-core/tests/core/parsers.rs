//! Parsers never panic: random text and random edits of good text given to the level-code
//! parser, the level-text reader (and each mode's reader on random bits), the pack index and every mode's pack parser, the save-file reader and the Tilt, Slide
//! and Lines row parsers either parse or return an error that says what is wrong (and, for files,
//! where), never a panic.
//!
//! Each property runs `PROPTEST_CASES` cases (500 unless set). A long run, a million cases each:
//! `PROPTEST_CASES=1000000 cargo test -p puzzlemill-core --release --test core parsers`.

use proptest::prelude::*;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::level_text;
use puzzlemill_core::level_text::bits::BitReader;
use puzzlemill_core::lines::Board;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::pack;
use puzzlemill_core::slide::SlideLevel;
use puzzlemill_core::storage::{self, SaveBackend};
use puzzlemill_core::tilt::{Gate, Level};
use puzzlemill_core::{Direction, ModeId, Tier};
use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex};

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(500);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// One edit: at a position (a share of the text's length), delete, insert or replace a
/// character.
#[derive(Clone, Debug)]
enum Edit {
    Delete(f64),
    Insert(f64, char),
    Replace(f64, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = 0.0..1.0f64;
    // Mostly characters that mean something to the parsers, now and then any character.
    let c = prop_oneof![
        4 => proptest::sample::select(
            "()[]{}:,\"'#.-_ 0123456789abcdefghoxyzABCEHLMRSTVX~^*@=+?\n\\".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ];
    prop_oneof![
        at.clone().prop_map(Edit::Delete),
        (at.clone(), c.clone()).prop_map(|(a, c)| Edit::Insert(a, c)),
        (at, c).prop_map(|(a, c)| Edit::Replace(a, c)),
    ]
}

/// `text` with `edits` applied in turn.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let at = |share: f64, len: usize| ((share * len as f64) as usize).min(len);
        match *e {
            Edit::Delete(s) if !chars.is_empty() => {
                let i = at(s, chars.len() - 1);
                chars.remove(i);
            }
            Edit::Insert(s, c) => {
                let i = at(s, chars.len());
                chars.insert(i, c);
            }
            Edit::Replace(s, c) if !chars.is_empty() => {
                let i = at(s, chars.len() - 1);
                chars[i] = c;
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec(edit(), 1..6)
}

/// A good pack of each mode whose levels are boards or drawn caves (packs of codes regenerate
/// their levels, too slow for thousands of cases; their codes go through the code parser below).
const PACKS: [(&str, &str); 6] = [
    (
        "tilt.ron",
        "(name: \"T\", mode: Tilt, description: \"d\", levels: [(name: \"One\", rows: \
         [\"#####\", \"#a..#\", \"#...#\", \"#..a#\", \"#####\"], gates: [(col: 1, row: 1, \
         dir: Right)], optimum: 2)])",
    ),
    (
        "lines.ron",
        "(name: \"L\", mode: Lines, levels: [(name: \"One\", rows: [\"2 . \", \"   3\"], \
         intro: \"hi\")])",
    ),
    (
        "slide.ron",
        "(name: \"S\", mode: Slide, levels: [(name: \"One\", rows: [\"#####\", \"#b.o#\", \
         \"#####\"], optimum: 1)])",
    ),
    (
        "trio.ron",
        "(name: \"R\", mode: Trio, levels: [(name: \"One\", rows: [\"#####\", \"#b.o#\", \
         \"#####\"], optimum: 1)])",
    ),
    (
        "vault.ron",
        "(name: \"V\", mode: Vault, levels: [(name: \"One\", rows: [\"##########\", \
         \"#.@.K##.X#\", \"#....11..#\", \"#....##..#\", \"##########\"], opens: [1])])",
    ),
    (
        "climb.ron",
        "(name: \"C\", mode: Climb, levels: [(name: \"One\", rows: [\"########\", \
         \"#......#\", \"#S.*..E#\", \"########\"])])",
    ),
];

/// The first level of a parsed pack of a board mode, type-erased.
fn first_level(mode: ModeId, pack: &pack::AnyPack) -> AnyLevel {
    fn first<L: Clone + Send + Sync + 'static>(pack: &pack::AnyPack) -> AnyLevel {
        let levels = pack.levels.downcast_ref::<pack::Pack<L>>().unwrap();
        Arc::new(levels.levels[0].1.clone())
    }
    match mode {
        ModeId::Tilt => first::<Level>(pack),
        ModeId::Lines => first::<puzzlemill_core::lines::LinesLevel>(pack),
        ModeId::Vault => first::<puzzlemill_core::vault::VaultLevel>(pack),
        ModeId::Climb => first::<puzzlemill_core::climb::ClimbLevel>(pack),
        _ => first::<SlideLevel>(pack),
    }
}

/// Every mode's pack parser on `text`: an error names the file.
fn parse_with_every_mode(file: &str, text: &str) {
    for &mode in ModeId::ALL {
        if let Err(e) = (mode.spec().parse_pack)(file, text) {
            assert_eq!(e.file, file);
            assert!(!e.message.is_empty() && e.to_string().starts_with(file));
        }
    }
}

/// A save backend in memory.
#[derive(Default)]
struct Memory(Mutex<HashMap<String, Vec<u8>>>);

impl SaveBackend for Memory {
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>> {
        Ok(self.0.lock().unwrap().get(key).cloned())
    }
    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        self.0.lock().unwrap().insert(key.into(), bytes.into());
        Ok(())
    }
    fn set_aside(&self, key: &str, _tag: &str) -> io::Result<String> {
        let mut map = self.0.lock().unwrap();
        let bytes = map.remove(key).unwrap_or_default();
        map.insert(format!("{key}.corrupt"), bytes);
        Ok(format!("{key}.corrupt"))
    }
    fn describe(&self, key: &str) -> String {
        format!("memory:{key}")
    }
}

/// A record shaped like the game's progress file.
#[derive(serde::Serialize, serde::Deserialize, Default, Debug, PartialEq)]
struct Record {
    solved: HashMap<String, (u32, Option<f32>)>,
    fresh: HashMap<String, HashMap<Tier, u32>>,
    volume: f32,
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn level_codes_parse_or_say_why(text in ".{0,40}") {
        if let Err(e) = LevelCode::parse(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn edited_level_codes_parse_or_say_why(
        mode in 0..ModeId::ALL.len(), tier in 0..4usize, seed in 0..(1u64 << 40),
        params in prop_oneof![Just(0u32), 1..100_000u32], edits in edits(),
    ) {
        let code = LevelCode::new(ModeId::ALL[mode], Tier::ALL[tier], params, seed);
        let text = mutate(&code.to_string(), &edits);
        // (That one edit never opens another level is tested exhaustively in `code.rs`.)
        if let Err(e) = LevelCode::parse(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn level_texts_decode_or_say_why(text in ".{0,80}") {
        if let Err(e) = level_text::decode(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn every_mode_s_text_reader_takes_any_bits_or_says_why(
        digits in proptest::collection::vec(0u8..32, 0..400),
    ) {
        // Past the check characters: what each mode's reader makes of any payload at all.
        for &mode in ModeId::ALL {
            let Some(codec) = mode.spec().text else { continue };
            if let Err(e) = (codec.read)(&mut BitReader::new(&digits)) {
                prop_assert!(!e.is_empty(), "{}", mode);
            }
        }
    }

    #[test]
    fn edited_level_texts_decode_or_say_why(pick in 0..PACKS.len(), edits in edits()) {
        // The first level of each board pack as a text, then edited.
        let (file, good) = PACKS[pick];
        let mode = [
            ModeId::Tilt, ModeId::Lines, ModeId::Slide, ModeId::Trio, ModeId::Vault, ModeId::Climb,
        ][pick];
        let pack = (mode.spec().parse_pack)(file, good).unwrap();
        let level = first_level(mode, &pack);
        let text = level_text::encode(mode, &level).unwrap();
        match level_text::decode(&mutate(&text, &edits)) {
            Ok((m, _)) => prop_assert_eq!(m, mode),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn pack_files_parse_or_name_the_file(text in ".{0,200}", pick in 0..PACKS.len(), edits in edits()) {
        parse_with_every_mode("random.ron", &text);
        let (file, good) = PACKS[pick];
        parse_with_every_mode(file, &mutate(good, &edits));
        if let Err(e) = pack::parse_index("packs.ron", &mutate("[(mode: Tilt, file: \"t.ron\")]", &edits)) {
            prop_assert!(e.to_string().starts_with("packs.ron"));
        }
    }

    #[test]
    fn save_files_load_or_are_kept_aside(bytes in proptest::collection::vec(any::<u8>(), 0..200), edits in edits()) {
        let good = ron::to_string(&Record {
            solved: HashMap::from([("tilt/a.ron/One".to_string(), (7, Some(1.5)))]),
            fresh: HashMap::from([("lines".to_string(), HashMap::from([(Tier::Hard, 3)]))]),
            volume: 0.5,
        }).unwrap();
        for input in [bytes, mutate(&good, &edits).into_bytes()] {
            let backend = Memory::default();
            backend.write("progress.ron", &input).unwrap();
            let loaded = storage::load::<Record>(&backend, "progress.ron");
            if let Some(notice) = loaded.notice() {
                prop_assert!(notice.contains("progress.ron"), "{}", notice);
                // What could not be read is kept, not lost.
                prop_assert!(backend.read("progress.ron.corrupt").unwrap().is_some());
            }
        }
    }

    #[test]
    fn board_rows_parse_or_say_why(
        rows in proptest::collection::vec("[#.a-hA-Z~ob0-9 ^<>v]{0,12}", 0..12),
        gates in proptest::collection::vec((0..12u8, 0..12u8, 0..4usize), 0..3),
    ) {
        let gates: Vec<Gate> = gates.into_iter()
            .map(|(col, row, d)| Gate { col, row, dir: Direction::ALL[d] })
            .collect();
        if let Err(e) = Level::from_rows(&rows, &gates) {
            prop_assert!(!e.to_string().is_empty());
        }
        if let Err(e) = SlideLevel::from_rows(&rows) {
            prop_assert!(!e.to_string().is_empty());
        }
        if let Err(e) = Board::from_rows(&rows) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
