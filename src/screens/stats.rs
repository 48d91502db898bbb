//! The stats screen's logic: which mode it shows (Left and Right, or the arrows beside the
//! title, step through the modes; Up and Down scroll; Back returns to the title). The plots and
//! tables are drawn by `ui/stats_view.rs` from the history, with the figures worked out in the
//! core (`puzzlemill_core::play_data::stats`).

use crate::flow::{Screen, Selection, StatsView};
use crate::input::Action;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Stats), open);
    app.add_systems(Update, follow_keys.run_if(in_state(Screen::Stats)));
}

fn open(selection: Res<Selection>, mut view: ResMut<StatsView>) {
    view.mode = selection.mode;
    view.scroll = 0;
}

fn follow_keys(
    actions: Single<&ActionState<Action>>,
    mut view: ResMut<StatsView>,
    mut next: ResMut<NextState<Screen>>,
) {
    if actions.just_pressed(&Action::Left) {
        view.step(-1);
    }
    if actions.just_pressed(&Action::Right) {
        view.step(1);
    }
    for (action, step) in [(Action::Up, -1), (Action::Down, 1)] {
        if actions.just_pressed(&action) {
            view.scroll += step;
        }
    }
    if actions.just_pressed(&Action::Back) {
        next.set(Screen::Title);
    }
}
