//! The play layer, written once for every mode (Tatham's "midend"): opening the level asked for,
//! undo, redo, restart, a move counter against the optimum (or a clock), hints, and win and lose
//! detection. A move-by-move mode implements [`PlayMode`] and adds [`PlayLayerPlugin`]; a
//! real-time mode (Climb) opens its levels with [`open_level`] and fills the same [`PlayHud`].

mod autoplay;
mod finish;
mod hud;
mod layer;
mod messages;
mod mode;
mod opening;
mod share;

use crate::flow::{Overlay, Screen};
use crate::input::Action;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub use autoplay::AutoPlay;
pub use hud::{ExtraButton, PlayHud};
pub use layer::{
    ActiveSession, HintedMove, Lesson, PlaceOfSession, PlayLayerPlugin, TryMove, WalkStep,
    lesson_first, play_lesson_first,
};
pub use messages::{BackIsTaken, ExtraButtonPressed, PauseOnBack, PlayEvent, PlayRequest, PlaySet};
pub use mode::{BASICS, PlayMode};
pub use opening::{Opened, open_level, report_unopened};
pub use share::level_in_play;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayRequest>();
    app.add_message::<PlayEvent>();
    app.add_message::<ExtraButtonPressed>();
    app.init_resource::<PlayHud>();
    app.configure_sets(Update, PlaySet.before(crate::save::SaveSet));
    app.add_systems(
        Update,
        (
            requests_from_actions.run_if(in_state(Overlay::None)),
            requests_from_menu
                .after(crate::menu::MenuNav)
                .run_if(in_state(Screen::Play)),
        )
            .before(PlaySet),
    );
    app.add_systems(OnExit(Screen::Play), reset_hud);
    app.add_plugins((autoplay::plugin, finish::plugin, share::plugin));
}

/// Leaving the level: its HUD is cleared, and what was said of it goes (a Tilt lesson's "New:"
/// note went on into Lines' lessons).
fn reset_hud(mut hud: ResMut<PlayHud>, mut notices: ResMut<crate::notices::Notices>) {
    *hud = PlayHud::default();
    notices.leave_level();
}

/// Undo, redo, restart, hint and explain from keys and gamepad (runs only while a level has the input:
/// the overlay sub-state exists only on the play screen).
fn requests_from_actions(
    actions: Single<&ActionState<Action>>,
    mut requests: MessageWriter<PlayRequest>,
) {
    for (action, request) in [
        (Action::Undo, PlayRequest::Undo),
        (Action::Redo, PlayRequest::Redo),
        (Action::Restart, PlayRequest::Restart),
        (Action::Hint, PlayRequest::Hint),
        (Action::Explain, PlayRequest::Explain),
    ] {
        if actions.just_pressed(&action) {
            requests.write(request);
        }
    }
}

fn requests_from_menu(
    mut activated: MessageReader<crate::menu::MenuActivated>,
    mut requests: MessageWriter<PlayRequest>,
) {
    for crate::menu::MenuActivated(action) in activated.read() {
        match action {
            crate::menu::MenuAction::Restart => {
                requests.write(PlayRequest::Restart);
            }
            crate::menu::MenuAction::Explain => {
                requests.write(PlayRequest::Explain);
            }
            _ => {}
        }
    }
}
