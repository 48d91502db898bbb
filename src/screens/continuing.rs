//! Where "Continue" and "Resume" lead: the level left part-way (a curated level, a code's or a
//! shared level text's; on the title, also the level last opened and left unsolved before a
//! move, like a daily puzzle left after a hint, and after a fresh or For you level solved,
//! another of its kind), or the next unsolved level of a mode's curated packs in their designed
//! order (not the player's own levels), counted from the curated level of the mode solved last
//! (a player who moved on to a later pack carries on there; levels skipped come round again once
//! the packs after it are done). The title screen and the level select share it.

use crate::flow::{Handout, LevelRequest, LevelSource};
use crate::levels::LevelLibrary;
use crate::menu::{MenuAction, MenuItem};
use crate::places::{LevelId, Place, Places};
use crate::save::Progress;
use puzzlemill_core::ModeId;
use puzzlemill_core::code::{CodeError, LevelCode};
use puzzlemill_core::level_text;
use puzzlemill_core::play_data::{History, Outcome};

/// The request that opens the level `id` names: a curated level still in the library, or the
/// level a code makes, as a fresh or "For you" level if it was handed out as one (`handout`).
pub fn request_for(
    id: &LevelId,
    handout: Option<Handout>,
    library: &LevelLibrary,
) -> Option<LevelRequest> {
    let mode = ModeId::from_key(&id.mode)?;
    let source = match LevelCode::parse(&id.level) {
        Ok(code) if code.mode == mode => LevelSource::again(code, handout),
        _ => {
            let (pack, level) = library.packs_for(mode).find_map(|(index, pack)| {
                (0..pack.level_names.len())
                    .find(|&i| pack.level_key(i) == id.level)
                    .map(|level| (index, level))
            })?;
            LevelSource::Curated { pack, level }
        }
    };
    Some(LevelRequest { mode, source })
}

/// What opens the level `id` names again: [`request_for`]'s request, or for a shared level its
/// level text (which holds the level).
pub fn open_action(
    id: &LevelId,
    handout: Option<Handout>,
    library: &LevelLibrary,
) -> Option<MenuAction> {
    if level_text::is_level_text(&id.level) {
        return Some(MenuAction::OpenText(id.level.clone()));
    }
    request_for(id, handout, library).map(MenuAction::Open)
}

/// The save key of the curated level of `mode` solved last, from the history (not one of the
/// player's own levels, which are listed as a pack of the mode's too, nor a lesson played before
/// a fresh level).
pub fn last_solved(history: &History, mode: ModeId) -> Option<String> {
    let mine = puzzlemill_core::edit::my_levels::pack_key(mode);
    history
        .newest_first(Some(mode.key()), Some(Outcome::Solved))
        .filter(|play| play.pack.as_ref() != Some(&mine) && !play.lesson_first)
        .find_map(|play| {
            let (pack, level) = (play.pack.as_ref()?, play.level.as_ref()?);
            Some(format!("{}/{pack}/{level}", play.mode))
        })
}

/// The first curated level of `mode` not solved yet, packs and levels in their designed order,
/// from the one after `after` (a save key: the level solved last) round to the start.
pub fn next_unsolved(
    mode: ModeId,
    library: &LevelLibrary,
    progress: &Progress,
    after: Option<&str>,
) -> Option<LevelRequest> {
    let order: Vec<(usize, usize, String)> = library
        .curated_packs_for(mode)
        .flat_map(|(pack, p)| (0..p.level_names.len()).map(move |i| (pack, i, p.level_key(i))))
        .collect();
    let start = after
        .and_then(|key| order.iter().position(|(_, _, k)| k == key))
        .map_or(0, |i| i + 1);
    order[start..]
        .iter()
        .chain(&order[..start])
        .find(|(_, _, key)| progress.record(key).is_none())
        .map(|&(pack, level, _)| LevelRequest {
            mode,
            source: LevelSource::Curated { pack, level },
        })
}

/// "Resume" for a level left part-way, if it can still be opened; `detail` goes before the
/// level's title and how far in it was left.
pub fn resume_item(
    place: &Place,
    library: &LevelLibrary,
    label: &str,
    detail: &str,
) -> Option<MenuItem> {
    let action = open_action(&place.id, place.handout, library)?;
    Some(
        MenuItem::button(label, action)
            .with_detail(format!("{detail}{} · {}", place.title, place.detail)),
    )
}

/// Why the level `id` names cannot be opened again: a code this build's generator cannot make
/// (an older or newer generator's), or a curated level no longer in the packs.
pub fn unopenable_reason(id: &LevelId) -> String {
    match LevelCode::parse(&id.level) {
        Err(CodeError::OldGenerator { mode, .. }) => format!(
            "an older {mode} generator made it, and this version makes other levels from its seed"
        ),
        Err(CodeError::NewerGenerator { mode, .. }) => {
            format!("a newer {mode} generator made it: update the game to play it")
        }
        _ => "its pack is no longer in the game".to_string(),
    }
}

/// The level select's rows for the levels of `mode` left part-way: "Resume" ([`resume_item`])
/// for the most recent that opens, and where the most recent of all can no longer be opened, a
/// row that says why and forgets it (the place is not dropped without a word, nor kept where
/// the player cannot be rid of it).
pub fn resume_rows(places: &Places, library: &LevelLibrary, mode: ModeId) -> Vec<MenuItem> {
    let mut rows = Vec::new();
    if let Some(place) = places.latest_in(mode.key())
        && resume_item(place, library, "", "").is_none()
    {
        rows.push(
            MenuItem::button(
                format!("Forget: {}", place.title),
                MenuAction::ForgetPlace(place.id.clone()),
            )
            .with_detail(format!(
                "Left part-way; it cannot be opened: {}",
                unopenable_reason(&place.id)
            )),
        );
    }
    rows.extend(
        places
            .in_mode(mode.key())
            .find_map(|place| resume_item(place, library, "Resume", "")),
    );
    rows
}

/// "Continue: pack · level" for the next unsolved curated level of `mode`.
pub fn continue_item(
    mode: ModeId,
    library: &LevelLibrary,
    progress: &Progress,
    history: &History,
) -> Option<MenuItem> {
    let after = last_solved(history, mode);
    let request = next_unsolved(mode, library, progress, after.as_deref())?;
    let title = library.current_level(request).title;
    Some(
        MenuItem::button(format!("Continue: {title}"), MenuAction::Open(request))
            .with_detail("The next level you have not solved"),
    )
}

/// Whether the level `id` names was ever solved: a curated level by its progress record, a
/// generated one by a solve in the history.
fn solved(id: &LevelId, progress: &Progress, history: &History) -> bool {
    progress.record(&id.level).is_some()
        || history
            .of_code(&id.level)
            .any(|play| play.outcome == Outcome::Solved)
}

/// The title screen's "Continue": the level last played if it was left part-way, or left
/// unsolved before a move; else, after a fresh or For you level, another of its kind; else the
/// next unsolved level of its mode, else that mode's level select.
pub fn title_item(
    places: &Places,
    library: &LevelLibrary,
    progress: &Progress,
    history: &History,
) -> Option<MenuItem> {
    let last = places.last_played.as_ref()?;
    let id = &last.id;
    let mode = ModeId::from_key(&id.mode)?;
    let detail = format!("{} · ", mode.label());
    if let Some(item) = places
        .find(id)
        .and_then(|place| resume_item(place, library, "Continue", &detail))
    {
        return Some(item);
    }
    if !solved(id, progress, history)
        && let Some(action) = open_action(id, last.handout, library)
    {
        return Some(
            MenuItem::button("Continue", action)
                .with_detail(format!("{detail}{} · not solved yet", last.title)),
        );
    }
    // A fresh or For you level solved: another of its kind, as its "Next level" gave.
    if last.handout.is_some()
        && let Some(next) = request_for(id, last.handout, library)
            .and_then(|request| library.next_level(&library.current_level(request)))
    {
        return Some(
            MenuItem::button("Continue", MenuAction::Open(next.request))
                .with_detail(format!("{detail}{} · a new level", next.title)),
        );
    }
    let after = last_solved(history, mode);
    Some(
        match next_unsolved(mode, library, progress, after.as_deref()) {
            Some(request) => {
                MenuItem::button("Continue", MenuAction::Open(request)).with_detail(format!(
                    "{} · {}",
                    mode.label(),
                    library.current_level(request).title
                ))
            }
            None => MenuItem::button("Continue", MenuAction::ChooseMode(mode))
                .with_detail(format!("{}: every curated level solved", mode.label())),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::ItemKind;
    use puzzlemill_core::Tier;
    use puzzlemill_core::play_data::Play;

    #[test]
    fn a_place_that_cannot_be_opened_says_why_and_can_be_forgotten_beside_the_resume_row() {
        let mut old = LevelCode::new(ModeId::Lines, Tier::Easy, 0, 5);
        old.generator -= 1;
        let place = |level: String| Place {
            id: LevelId {
                mode: "lines".into(),
                level,
            },
            title: "Left part-way".into(),
            digest: String::new(),
            record: String::new(),
            cursor: 3,
            detail: "3 moves in".into(),
            handout: None,
        };
        let library = LevelLibrary::default();
        let now = LevelCode::new(ModeId::Lines, Tier::Easy, 0, 6).to_string();
        for (level, why) in [
            (
                old.to_string(),
                "cannot be opened: an older Lines generator made it",
            ),
            (
                "lines/lines/gone.ron/1.".to_string(),
                "cannot be opened: its pack is no longer in the game",
            ),
        ] {
            // An openable level left earlier, then this one.
            let mut places = Places::default();
            places.keep(place(now.clone()));
            places.keep(place(level.clone()));
            let rows = resume_rows(&places, &library, ModeId::Lines);
            assert_eq!(rows.len(), 2, "{rows:?}");
            let detail = rows[0].detail.clone().unwrap_or_default();
            assert!(rows[0].selectable() && detail.contains(why), "{detail}");
            let forget = MenuAction::ForgetPlace(place(level).id);
            assert!(matches!(&rows[0].kind, ItemKind::Button(a) if *a == forget));
            // The earlier, openable place still resumes.
            assert_eq!(rows[1].label, "Resume");
            assert!(rows[1].selectable());
        }
        // A code this build makes opens as before, alone.
        let mut places = Places::default();
        places.keep(place(now));
        let rows = resume_rows(&places, &library, ModeId::Lines);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].label, "Resume");
        assert!(resume_rows(&Places::default(), &library, ModeId::Lines).is_empty());
    }

    #[test]
    fn the_curated_level_solved_last_is_not_the_player_s_own_nor_a_lesson_played_first() {
        let solved = |pack: &str, level: &str| Play {
            mode: "slide".into(),
            pack: Some(pack.into()),
            level: Some(level.into()),
            outcome: Outcome::Solved,
            ..Play::default()
        };
        let mut history = History::default();
        history.push(solved("slide/basics.ron", "Nudge"));
        history.push(solved(
            &puzzlemill_core::edit::my_levels::pack_key(ModeId::Slide),
            "Mine",
        ));
        // A lesson played before a fresh level is not where the player is in the packs.
        history.push(Play {
            lesson_first: true,
            ..solved("slide/later.ron", "Lesson")
        });
        assert_eq!(
            last_solved(&history, ModeId::Slide).as_deref(),
            Some("slide/slide/basics.ron/Nudge")
        );
    }
}
