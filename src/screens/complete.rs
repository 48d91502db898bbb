//! Level complete: moves taken against the best possible, the time and hints it took, where
//! "For you" aims now (after one of its levels), and where to go next.

use super::daily::summary as daily_summary;
use super::play::back_to_editor;
use crate::flow::{Counter, CurrentLevel, Handout, LastResult, LevelRequest, LevelSource, Screen};
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::play_data::{ForYouAims, Now, PlayHistory};
use crate::save::Progress;
use crate::ui::clock;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::play_data::aim::clock as minutes;
use puzzlemill_core::play_data::daily::daily_code;
use puzzlemill_core::play_data::{Day, Origin, Outcome, Play};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::LevelComplete), open_menu);
    app.add_systems(OnExit(Screen::LevelComplete), close_menu);
    app.add_systems(
        Update,
        follow_choices
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::LevelComplete)),
    );
}

/// The time in play and the hints of a solve, as the history has them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Took {
    /// Seconds in play (not paused).
    pub seconds: f32,
    /// Hints taken.
    pub hints: u32,
}

/// One line summing up how the last level went; `took`, where the history has the solve.
pub fn summary(result: &LastResult, took: Option<Took>) -> String {
    match result.counter {
        Counter::Moves { made, optimum } => {
            moves_summary(made, optimum, result.previous_best, took)
        }
        Counter::Clock { seconds, gems } => timed_summary(seconds, gems, result.previous_best_time),
    }
}

fn moves_summary(
    made: u32,
    optimum: Option<u32>,
    previous_best: Option<u32>,
    took: Option<Took>,
) -> String {
    let mut moves = match made {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    if let Some(took) = took {
        moves.push_str(&format!(" ({})", minutes(took.seconds)));
        match took.hints {
            0 => {}
            1 => moves.push_str(" with a hint"),
            n => moves.push_str(&format!(" with {n} hints")),
        }
    }
    let mut line = match optimum {
        Some(best) if made <= best => format!("Solved in {moves}: the shortest solution!"),
        Some(best) => format!("Solved in {moves}. It can be done in {best}."),
        None => format!("Solved in {moves}."),
    };
    match previous_best {
        Some(prev) if made < prev => line.push_str(&format!(" New best (was {prev})!")),
        Some(prev) => line.push_str(&format!(" Your best: {prev}.")),
        None => {}
    }
    line
}

fn timed_summary(time: f32, (taken, all): (u32, u32), previous: Option<f32>) -> String {
    let mut line = format!("Out in {}", clock(time));
    match (taken, all) {
        (_, 0) => {}
        (0, 1) => line.push_str(" without the gem"),
        (_, 1) => line.push_str(" with the gem"),
        (taken, all) => line.push_str(&format!(" with {taken} of {all} gems")),
    }
    line.push('.');
    match previous {
        Some(prev) if time < prev => {
            line.push_str(&format!(" New best time (was {})!", clock(prev)));
        }
        Some(prev) => line.push_str(&format!(" Best time: {}.", clock(prev))),
        None => {}
    }
    line
}

/// The solve the history recorded last, if it is of `current` (a play-test is not recorded).
fn last_solve<'a>(history: &'a PlayHistory, current: &CurrentLevel) -> Option<&'a Play> {
    // A level with a code or text is known by it (a For you level opened again by its code
    // keeps its first title in the history); a curated one by its title.
    let code = (current.code().map(|c| c.to_string())).or_else(|| current.text.clone());
    history.0.plays.last().filter(|p| {
        p.outcome == Outcome::Solved
            && p.mode == current.request.mode.key()
            && match (&p.code, &code) {
                (Some(played), Some(code)) => played == code,
                _ => p.title == current.title,
            }
    })
}

/// The time in play and the hints of the solve of `current` the history recorded last.
fn took(history: &PlayHistory, current: &CurrentLevel) -> Option<Took> {
    last_solve(history, current).map(|p| Took {
        seconds: p.seconds,
        hints: p.hints,
    })
}

/// After a daily puzzle (today's, or one the history recorded as a daily: opened on its day,
/// solved after midnight): how today stands (solved of six, the streak), the next of today's
/// dailies still to solve, and the dailies' list, in place of "Next level" (a fresh level) and
/// "Level select".
fn daily_items(
    current: &CurrentLevel,
    recorded: Option<&Play>,
    progress: &Progress,
    today: Day,
) -> Option<Vec<MenuItem>> {
    let LevelSource::Code(code) = current.request.source else {
        return None;
    };
    let recorded_daily = recorded.is_some_and(|p| p.origin == Origin::Daily);
    if code != daily_code(code.mode, today) && !recorded_daily {
        return None;
    }
    let mut items = vec![MenuItem::heading(format!(
        "Daily puzzles · {}",
        daily_summary(progress, today)
    ))];
    let modes = ModeId::ALL;
    let at = modes.iter().position(|&m| m == code.mode).unwrap_or(0);
    let next = (1..modes.len())
        .map(|step| modes[(at + step) % modes.len()])
        .find(|mode| !progress.daily_solved(today, mode.key()));
    if let Some(mode) = next {
        items.push(
            MenuItem::button(
                format!("Next daily: {}", mode.label()),
                MenuAction::Open(LevelRequest {
                    mode,
                    source: LevelSource::Code(daily_code(mode, today)),
                }),
            )
            .with_detail(mode.pitch()),
        );
    }
    items.push(MenuItem::button(
        "Daily puzzles",
        MenuAction::Goto(Screen::Daily),
    ));
    Some(items)
}

fn open_menu(
    mut commands: Commands,
    result: Option<Res<LastResult>>,
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
    history: Res<PlayHistory>,
    aims: Res<ForYouAims>,
    progress: Res<Progress>,
    now: Res<Now>,
) {
    let has_next = current
        .as_ref()
        .is_some_and(|c| library.next_level(c).is_some());
    let mut items = Vec::new();
    // After a "For you" level, where the next one aims: the band moves with each solve.
    if let Some(current) = current.as_deref()
        && current.request.source.handout() == Some(Handout::ForYou)
        && let Some(aim) = aims.0.get(&current.request.mode)
    {
        items.push(MenuItem::heading(format!(
            "For you next: {}",
            aim.explain()
        )));
    }
    let today = now.today();
    let daily = current
        .as_deref()
        .and_then(|c| daily_items(c, last_solve(&history, c), &progress, today));
    let to_level_select = daily.is_none();
    let back = MenuAction::Goto(if to_level_select {
        Screen::LevelSelect
    } else {
        Screen::Daily
    });
    match daily {
        Some(daily) => items.extend(daily),
        None if has_next => items.push(MenuItem::button("Next level", MenuAction::NextLevel)),
        None => {}
    }
    let editor = back_to_editor(current.as_deref());
    // After a play-test, Back goes back to the editor, as the menu's first way back does.
    let back_key = match &editor {
        Some(_) => MenuAction::Goto(Screen::Editor),
        None => back.clone(),
    };
    items.extend(editor);
    items.push(MenuItem::button("Play again", MenuAction::Replay));
    if to_level_select {
        items.push(MenuItem::button("Level select", back));
    }
    items.push(MenuItem::button(
        "Main menu",
        MenuAction::Goto(Screen::Title),
    ));
    let mut menu = Menu::new("Level complete!", items).with_back(back_key);
    if let Some(result) = result {
        let took = current.as_deref().and_then(|c| took(&history, c));
        menu = menu.with_subtitle(summary(&result, took));
    }
    commands.insert_resource(menu);
}

fn follow_choices(
    mut activated: MessageReader<MenuActivated>,
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(current) = current else {
        return;
    };
    for MenuActivated(action) in activated.read() {
        let level = match action {
            MenuAction::NextLevel => library.next_level(&current),
            MenuAction::Replay => Some(current.clone()),
            _ => None,
        };
        if let Some(level) = level {
            commands.insert_resource(level);
            next.set(Screen::Play);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(seconds: f32, gems: (u32, u32), previous: Option<f32>) -> LastResult {
        LastResult {
            counter: Counter::Clock { seconds, gems },
            previous_best: None,
            previous_best_time: previous,
        }
    }

    fn moved(made: u32, optimum: Option<u32>, previous: Option<u32>) -> LastResult {
        LastResult {
            counter: Counter::Moves { made, optimum },
            previous_best: previous,
            previous_best_time: None,
        }
    }

    #[test]
    fn timed_summaries_give_the_time_the_gems_and_the_best_time() {
        assert_eq!(
            summary(&timed(83.46, (7, 12), Some(90.0)), None),
            "Out in 1:23.4 with 7 of 12 gems. New best time (was 1:30.0)!"
        );
        assert_eq!(
            summary(&timed(95.0, (0, 0), Some(90.0)), None),
            "Out in 1:35.0. Best time: 1:30.0."
        );
        assert_eq!(
            summary(&timed(12.0, (1, 1), None), None),
            "Out in 0:12.0 with the gem."
        );
        assert_eq!(
            summary(&timed(12.0, (0, 1), None), None),
            "Out in 0:12.0 without the gem."
        );
    }

    #[test]
    fn summaries_compare_with_the_optimum_and_the_old_best() {
        assert_eq!(
            summary(&moved(4, Some(4), None), None),
            "Solved in 4 moves: the shortest solution!"
        );
        assert_eq!(
            summary(&moved(6, Some(4), Some(7)), None),
            "Solved in 6 moves. It can be done in 4. New best (was 7)!"
        );
        assert_eq!(
            summary(&moved(1, None, Some(1)), None),
            "Solved in 1 move. Your best: 1."
        );
    }

    #[test]
    fn summaries_give_the_time_in_play_and_the_hints_where_the_history_has_them() {
        let took = |seconds, hints| Some(Took { seconds, hints });
        assert_eq!(
            summary(&moved(4, Some(4), None), took(83.4, 0)),
            "Solved in 4 moves (1:23): the shortest solution!"
        );
        assert_eq!(
            summary(&moved(6, Some(4), Some(7)), took(9.0, 1)),
            "Solved in 6 moves (0:09) with a hint. It can be done in 4. New best (was 7)!"
        );
        assert_eq!(
            summary(&moved(9, None, None), took(600.0, 3)),
            "Solved in 9 moves (10:00) with 3 hints."
        );
        // A real-time level gives its own clock, to the tenth.
        assert_eq!(
            summary(&timed(12.0, (1, 1), None), took(12.0, 0)),
            "Out in 0:12.0 with the gem."
        );
    }
}
