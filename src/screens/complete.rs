//! Level complete: moves taken against the best possible, and where to go next.

use super::play::{CurrentLevel, back_to_editor};
use super::{Screen, remove_menu};
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem};
use crate::ui::clock;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::LevelComplete), open_menu);
    app.add_systems(OnExit(Screen::LevelComplete), remove_menu);
    app.add_systems(
        Update,
        follow_choices
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::LevelComplete)),
    );
}

/// How the last level went.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LastResult {
    /// Moves the player took.
    pub moves: u32,
    /// Length of a shortest solution, when known.
    pub optimum: Option<u32>,
    /// The player's best on this level before this solve, for curated levels.
    pub previous_best: Option<u32>,
    /// Seconds taken, in a real-time mode.
    pub time: Option<f32>,
    /// Gems taken and gems in the level, where the mode has gems.
    pub gems: Option<(u32, u32)>,
    /// The best time on this level before this run.
    pub previous_best_time: Option<f32>,
}

impl LastResult {
    /// One line summing up the result.
    pub fn summary(&self) -> String {
        if let Some(time) = self.time {
            return self.timed_summary(time);
        }
        let moves = match self.moves {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        };
        let mut line = match self.optimum {
            Some(best) if self.moves <= best => {
                format!("Solved in {moves}: the shortest solution!")
            }
            Some(best) => format!("Solved in {moves}. It can be done in {best}."),
            None => format!("Solved in {moves}."),
        };
        match self.previous_best {
            Some(prev) if self.moves < prev => line.push_str(&format!(" New best (was {prev})!")),
            Some(prev) => line.push_str(&format!(" Your best: {prev}.")),
            None => {}
        }
        line
    }
}

impl LastResult {
    fn timed_summary(&self, time: f32) -> String {
        let mut line = format!("Out in {}", clock(time));
        if let Some((taken, all)) = self.gems {
            line.push_str(&format!(" with {taken} of {all} gems"));
        }
        line.push('.');
        match self.previous_best_time {
            Some(prev) if time < prev => {
                line.push_str(&format!(" New best time (was {})!", clock(prev)));
            }
            Some(prev) => line.push_str(&format!(" Best time: {}.", clock(prev))),
            None => {}
        }
        line
    }
}

fn open_menu(
    mut commands: Commands,
    result: Option<Res<LastResult>>,
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
) {
    let has_next = current.as_ref().is_some_and(|c| c.next(&library).is_some());
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
        menu = menu.with_subtitle(result.summary());
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
            MenuAction::NextLevel => current.next(&library),
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

    fn untimed() -> LastResult {
        LastResult {
            moves: 0,
            optimum: None,
            previous_best: None,
            time: None,
            gems: None,
            previous_best_time: None,
        }
    }

    #[test]
    fn timed_summaries_give_the_time_the_gems_and_the_best_time() {
        let r = LastResult {
            time: Some(83.46),
            gems: Some((7, 12)),
            previous_best_time: Some(90.0),
            ..untimed()
        };
        assert_eq!(
            r.summary(),
            "Out in 1:23.4 with 7 of 12 gems. New best time (was 1:30.0)!"
        );
        let r = LastResult {
            time: Some(95.0),
            previous_best_time: Some(90.0),
            ..untimed()
        };
        assert_eq!(r.summary(), "Out in 1:35.0. Best time: 1:30.0.");
    }

    #[test]
    fn summaries_compare_with_the_optimum_and_the_old_best() {
        let r = LastResult {
            moves: 4,
            optimum: Some(4),
            previous_best: None,
            ..untimed()
        };
        assert_eq!(r.summary(), "Solved in 4 moves: the shortest solution!");
        let r = LastResult {
            moves: 6,
            optimum: Some(4),
            previous_best: Some(7),
            ..untimed()
        };
        assert_eq!(
            r.summary(),
            "Solved in 6 moves. It can be done in 4. New best (was 7)!"
        );
    }
}
