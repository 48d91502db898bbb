//! Level complete: moves taken against the best possible, and where to go next.

use super::play::back_to_editor;
use crate::flow::{Counter, CurrentLevel, LastResult, Screen};
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::ui::clock;
use bevy::prelude::*;

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

/// One line summing up how the last level went.
pub fn summary(result: &LastResult) -> String {
    match result.counter {
        Counter::Moves { made, optimum } => moves_summary(made, optimum, result.previous_best),
        Counter::Clock { seconds, gems } => timed_summary(seconds, gems, result.previous_best_time),
    }
}

fn moves_summary(made: u32, optimum: Option<u32>, previous_best: Option<u32>) -> String {
    let moves = match made {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
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

fn open_menu(
    mut commands: Commands,
    result: Option<Res<LastResult>>,
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
) {
    let has_next = current
        .as_ref()
        .is_some_and(|c| library.next_level(c).is_some());
    let mut items = Vec::new();
    if has_next {
        items.push(MenuItem::button("Next level", MenuAction::NextLevel));
    }
    items.extend(back_to_editor(current.as_deref()));
    items.extend([
        MenuItem::button("Play again", MenuAction::Replay),
        MenuItem::button("Level select", MenuAction::Goto(Screen::LevelSelect)),
        MenuItem::button("Main menu", MenuAction::Goto(Screen::Title)),
    ]);
    let mut menu =
        Menu::new("Level complete!", items).with_back(MenuAction::Goto(Screen::LevelSelect));
    if let Some(result) = result {
        menu = menu.with_subtitle(summary(&result));
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
            summary(&timed(83.46, (7, 12), Some(90.0))),
            "Out in 1:23.4 with 7 of 12 gems. New best time (was 1:30.0)!"
        );
        assert_eq!(
            summary(&timed(95.0, (0, 0), Some(90.0))),
            "Out in 1:35.0. Best time: 1:30.0."
        );
        assert_eq!(
            summary(&timed(12.0, (1, 1), None)),
            "Out in 0:12.0 with the gem."
        );
        assert_eq!(
            summary(&timed(12.0, (0, 1), None)),
            "Out in 0:12.0 without the gem."
        );
    }

    #[test]
    fn summaries_compare_with_the_optimum_and_the_old_best() {
        assert_eq!(
            summary(&moved(4, Some(4), None)),
            "Solved in 4 moves: the shortest solution!"
        );
        assert_eq!(
            summary(&moved(6, Some(4), Some(7))),
            "Solved in 6 moves. It can be done in 4. New best (was 7)!"
        );
        assert_eq!(
            summary(&moved(1, None, Some(1))),
            "Solved in 1 move. Your best: 1."
        );
    }
}
