//! Holding a direction keeps walking in Vault: the first press steps at once (the play layer's
//! own direction handling), then a held key steps again every [`REPEAT`] seconds after a short
//! [`DELAY`].

use crate::flow::Overlay;
use crate::input::Action;
use crate::play::{ActiveSession, PlaySet, TryMove};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::vault::Vault;

/// Seconds a direction is held before it repeats.
pub const DELAY: f32 = 0.22;
/// Seconds between repeated steps.
pub const REPEAT: f32 = 0.09;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        repeat_held
            .before(PlaySet)
            .run_if(resource_exists::<ActiveSession<Vault>>.and_then(in_state(Overlay::None))),
    );
}

fn repeat_held(
    time: Res<Time>,
    actions: Single<&ActionState<Action>>,
    mut held: Local<Option<(Action, f32)>>,
    mut moves: MessageWriter<TryMove<Vault>>,
) {
    // The newest direction pressed walks (rolling from one key to the next); else the one held
    // on, while it stays down.
    let newest = Action::DIRECTIONS
        .into_iter()
        .find(|a| actions.just_pressed(a));
    let kept = held.map(|(a, _)| a).filter(|a| actions.pressed(a));
    let pressed = newest
        .or(kept)
        .or_else(|| Action::DIRECTIONS.into_iter().find(|a| actions.pressed(a)));
    match (pressed, held.as_mut()) {
        (Some(action), Some((was, elapsed))) if *was == action => {
            *elapsed += time.delta_secs();
            if *elapsed >= DELAY + REPEAT {
                *elapsed -= REPEAT;
                if let Some(dir) = action.direction() {
                    moves.write(TryMove(dir));
                }
            }
        }
        (Some(action), _) => *held = Some((action, 0.0)),
        (None, _) => *held = None,
    }
}
