//! The history: every level played, newest first, filtered by mode and outcome; an entry shows
//! what happened and plays the level again or copies its code; "Export my play data" writes it
//! all as CSV and JSON.

use crate::flow::{Handout, LevelRequest, LevelSource, Screen};
use crate::levels::LevelLibrary;
use crate::menu::{ItemKind, Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::play_data::{ExportPlayData, PlayHistory};
use crate::ui::score_text;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::edit::count;
use puzzlemill_core::level_text;
use puzzlemill_core::play_data::aim::clock;
use puzzlemill_core::play_data::{Day, Origin, Outcome, Play};

/// Entries listed at first, and added by "Show more".
const PAGE: usize = 50;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HistoryView>();
    app.add_systems(OnEnter(Screen::History), open_menu);
    app.add_systems(OnExit(Screen::History), close_menu);
    app.add_systems(
        Update,
        (
            follow_choices.after(crate::menu::MenuNav),
            refresh.run_if(resource_changed::<PlayHistory>),
        )
            .chain()
            .run_if(in_state(Screen::History)),
    );
}

/// What the history screen shows: its filters, how many entries, and the entry opened.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HistoryView {
    /// Only this mode (all: `None`).
    pub mode: Option<ModeId>,
    /// Only this outcome (all: `None`).
    pub outcome: Option<Outcome>,
    /// Entries listed.
    pub shown: usize,
    /// The entry opened (its index in the history, oldest first).
    pub entry: Option<usize>,
}

impl Default for HistoryView {
    fn default() -> Self {
        Self {
            mode: None,
            outcome: None,
            shown: PAGE,
            entry: None,
        }
    }
}

/// What plays `play` again: its curated level, its code or its level text.
pub fn replay(play: &Play, library: &LevelLibrary) -> Option<MenuAction> {
    let mode = ModeId::from_key(&play.mode)?;
    if let (Some(file), Some(name)) = (&play.pack, &play.level) {
        return library.find_curated(mode, file, name).map(MenuAction::Open);
    }
    let text = play.code.as_deref()?;
    if level_text::is_level_text(text) {
        return Some(MenuAction::OpenText(text.to_string()));
    }
    let code = LevelCode::parse(text).ok()?;
    // A fresh or For you level comes back as one (its title, its place, where Next leads).
    let handout = match play.origin {
        Origin::Fresh => Some(Handout::Fresh),
        Origin::ForYou => Some(Handout::ForYou),
        _ => None,
    };
    Some(MenuAction::Open(LevelRequest {
        mode,
        source: LevelSource::again(code, handout),
    }))
}

/// How a curated level played is shared, while it is in the library: its level text where a
/// text holds it, else the code its pack names it by; with the menu row's label.
fn curated_share(play: &Play, library: &LevelLibrary) -> Option<(&'static str, String)> {
    let mode = ModeId::from_key(&play.mode)?;
    let request = library.find_curated(mode, play.pack.as_deref()?, play.level.as_deref()?)?;
    let LevelSource::Curated { pack, level } = request.source else {
        return None;
    };
    let text = library
        .any_level(pack, level)
        .and_then(|l| level_text::encode(mode, &l).ok());
    match text {
        Some(text) => Some(("Copy its level text", text)),
        None => Some(("Copy its code", library.code_of(pack, level)?)),
    }
}

/// "11-24 14:05" (UTC), with the year in front when `full`.
fn when(play: &Play, full: bool) -> String {
    let secs = play.when % 86_400;
    let (y, m, d) = Day::from_unix(play.when).date();
    let year = if full { format!("{y}-") } else { String::new() };
    format!(
        "{year}{m:02}-{d:02} {:02}:{:02}",
        secs / 3600,
        secs / 60 % 60
    )
}

/// One line on how a play went.
fn how_it_went(play: &Play) -> String {
    let mut parts = vec![play.outcome.label().to_string()];
    if play.moves > 0 {
        parts.push(match play.shortest {
            Some(par) => format!("{} (par {par})", count(play.moves as usize, "move")),
            None => count(play.moves as usize, "move"),
        });
    }
    parts.push(clock(play.seconds));
    let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if play.hints > 0 {
        parts.push(plural(play.hints, "hint"));
    }
    if play.undos > 0 {
        parts.push(plural(play.undos, "undo"));
    }
    match play.restarts {
        0 => {}
        1 => parts.push("restarted once".to_string()),
        2 => parts.push("restarted twice".to_string()),
        n => parts.push(format!("restarted {n} times")),
    }
    // A score reads with its tier (Lines' scale gives a small board solved by the easiest steps
    // alone a score below zero: "Easy, score -1"), unless the title names it ("Fresh · Easy").
    if let Some(score) = play.score {
        let score = format!("score {}", score_text(score));
        parts.push(match play.tier {
            Some(tier) if !play.title.split(" · ").any(|part| part == tier.label()) => {
                format!("{tier}, {score}")
            }
            _ => score,
        });
    }
    parts.join(" · ")
}

fn mode_label(play: &Play) -> &'static str {
    ModeId::from_key(&play.mode).map_or("?", ModeId::label)
}

fn list_items(view: &HistoryView, history: &PlayHistory) -> Vec<MenuItem> {
    let modes: Vec<Option<ModeId>> = std::iter::once(None)
        .chain(ModeId::ALL.iter().copied().map(Some))
        .collect();
    let outcomes: Vec<Option<Outcome>> = std::iter::once(None)
        .chain(Outcome::ALL.into_iter().map(Some))
        .collect();
    fn cycle<T: Copy + PartialEq>(list: &[T], now: T, step: isize) -> T {
        let i = list.iter().position(|x| *x == now).unwrap_or(0) as isize;
        list[(i + step).rem_euclid(list.len() as isize) as usize]
    }
    let filter = |mode, outcome| MenuAction::HistoryFilter { mode, outcome };
    let mut items = vec![
        MenuItem::new(
            "Mode",
            ItemKind::Choice {
                value: view.mode.map_or("All", ModeId::label).to_string(),
                prev: filter(cycle(&modes, view.mode, -1), view.outcome),
                next: filter(cycle(&modes, view.mode, 1), view.outcome),
            },
        ),
        MenuItem::new(
            "Outcome",
            ItemKind::Choice {
                value: view.outcome.map_or("All", Outcome::label).to_string(),
                prev: filter(view.mode, cycle(&outcomes, view.outcome, -1)),
                next: filter(view.mode, cycle(&outcomes, view.outcome, 1)),
            },
        ),
        MenuItem::button("Export my play data", MenuAction::ExportPlayData).with_detail(format!(
            "CSV and JSON of the {} kept (the last {} at most)",
            count(history.plays.len(), "play"),
            puzzlemill_core::play_data::History::LIMIT
        )),
    ];
    let key = view.mode.map(ModeId::key);
    let matching: Vec<(usize, &Play)> = history
        .plays
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, p)| {
            key.is_none_or(|k| p.mode == k)
                && view.outcome.is_none_or(|o| match o {
                    // A play restarted and then solved or left is both.
                    Outcome::Restarted => p.restarted(),
                    o => p.outcome == o,
                })
        })
        .collect();
    items.push(MenuItem::heading(match matching.len() {
        0 => "Nothing played yet that matches".to_string(),
        1 => "1 play".to_string(),
        n => format!("{n} plays, newest first"),
    }));
    for &(index, play) in matching.iter().take(view.shown) {
        items.push(
            MenuItem::button(
                format!("{} · {}", mode_label(play), play.title),
                MenuAction::HistoryEntry(Some(index)),
            )
            .with_detail(format!("{} · {}", when(play, false), how_it_went(play))),
        );
    }
    if matching.len() > view.shown {
        items.push(
            MenuItem::button("Show more", MenuAction::HistoryMore)
                .with_detail(format!("{} more", matching.len() - view.shown)),
        );
    }
    items.push(MenuItem::button("Back", MenuAction::Goto(Screen::Title)));
    items
}

fn entry_items(play: &Play, library: &LevelLibrary) -> Vec<MenuItem> {
    let mut items = vec![
        MenuItem::heading(format!("{} · {}", mode_label(play), play.title)).with_detail(format!(
            "{} UTC · {}{}",
            when(play, true),
            play.origin.label(),
            // The tier, where no score below carries it.
            play.tier
                .filter(|_| play.score.is_none())
                .map_or(String::new(), |t| format!(" · {t}"))
        )),
        MenuItem::heading(how_it_went(play)),
    ];
    match replay(play, library) {
        Some(action) => items.push(MenuItem::button("Play again", action)),
        // A code this build no longer makes (an older generator's) says so.
        None => items.push(MenuItem::heading(
            match play.code.as_deref().map(LevelCode::parse) {
                Some(Err(why)) if !play.code.as_deref().is_some_and(level_text::is_level_text) => {
                    format!("It cannot be played again: {why}")
                }
                _ => "This level is no longer in the game".to_string(),
            },
        )),
    }
    if let Some(code) = &play.code {
        items.push(
            MenuItem::button("Copy its code", MenuAction::CopyCode(code.clone())).with_detail(code),
        );
    } else if let Some((label, shared)) = curated_share(play, library) {
        items.push(
            MenuItem::button(label, MenuAction::CopyCode(shared.clone())).with_detail(shared),
        );
    }
    items.push(MenuItem::button(
        "Back to the list",
        MenuAction::HistoryEntry(None),
    ));
    items
}

fn items(view: &HistoryView, history: &PlayHistory, library: &LevelLibrary) -> Vec<MenuItem> {
    match view.entry.and_then(|i| history.plays.get(i)) {
        Some(play) => entry_items(play, library),
        None => list_items(view, history),
    }
}

fn open_menu(
    mut commands: Commands,
    mut view: ResMut<HistoryView>,
    history: Res<PlayHistory>,
    library: Res<LevelLibrary>,
) {
    view.entry = None;
    view.shown = PAGE;
    commands.insert_resource(
        Menu::new("History", items(&view, &history, &library))
            .with_subtitle("Every level you played, newest first (times in UTC, as the dailies)")
            .with_back(MenuAction::Goto(Screen::Title)),
    );
}

fn refresh(
    view: Res<HistoryView>,
    history: Res<PlayHistory>,
    library: Res<LevelLibrary>,
    mut menu: ResMut<Menu>,
) {
    menu.replace_items(items(&view, &history, &library));
}

fn follow_choices(
    mut activated: MessageReader<MenuActivated>,
    mut view: ResMut<HistoryView>,
    history: Res<PlayHistory>,
    library: Res<LevelLibrary>,
    mut menu: ResMut<Menu>,
    mut export: MessageWriter<ExportPlayData>,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::HistoryFilter { mode, outcome } => {
                (view.mode, view.outcome, view.shown) = (*mode, *outcome, PAGE);
            }
            MenuAction::HistoryEntry(entry) => {
                view.entry = *entry;
                menu.back = Some(match entry {
                    Some(_) => MenuAction::HistoryEntry(None),
                    None => MenuAction::Goto(Screen::Title),
                });
            }
            MenuAction::HistoryMore => view.shown += PAGE,
            MenuAction::ExportPlayData => {
                export.write(ExportPlayData);
                continue;
            }
            _ => continue,
        }
        let rows = items(&view, &history, &library);
        if matches!(action, MenuAction::HistoryEntry(_)) {
            menu.turn_page(rows);
        } else {
            menu.replace_items(rows);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::how_it_went;
    use puzzlemill_core::Tier;
    use puzzlemill_core::play_data::{Outcome, Play};

    #[test]
    fn a_play_reads_its_counts_and_its_score_with_its_tier() {
        let play = Play {
            outcome: Outcome::Solved,
            moves: 4,
            shortest: Some(4),
            seconds: 20.0,
            hints: 1,
            restarts: 2,
            tier: Some(Tier::Easy),
            score: Some(-1.0),
            ..Play::default()
        };
        assert_eq!(
            how_it_went(&play),
            "Solved · 4 moves (par 4) · 0:20 · 1 hint · restarted twice · Easy, score -1"
        );
        let unrated = Play {
            tier: None,
            score: Some(424.0),
            restarts: 0,
            hints: 0,
            ..play.clone()
        };
        assert!(how_it_went(&unrated).ends_with("0:20 · score 424"));
        let fresh = Play {
            title: "Fresh · Easy".into(),
            ..play
        };
        assert!(how_it_went(&fresh).ends_with("restarted twice · score -1"));
    }
}
