//! Plays hint moves by itself, one every few frames: used by `--screen play --moves N`,
//! `--screen complete` and `--screen pause` to show a level part-way or finished.

use super::hud::PlayHud;
use super::messages::{PlayRequest, PlaySet};
use crate::flow::{Overlay, Screen};
use bevy::prelude::*;
use puzzlemill_core::Status;

/// Seconds between automatic moves, so slides play out.
const STEP_EVERY: f32 = 0.35;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        step.before(PlaySet)
            .run_if(resource_exists::<AutoPlay>.and_then(in_state(Screen::Play))),
    );
    app.add_systems(OnExit(Screen::Play), stop);
}

fn stop(mut commands: Commands) {
    commands.remove_resource::<AutoPlay>();
}

/// Moves left to play automatically, and whether to pause afterwards.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutoPlay {
    /// Hint moves still to play (`u32::MAX`: until solved).
    pub steps: u32,
    /// Open the pause overlay when done.
    pub pause_after: bool,
    /// Ask for a hint when done.
    pub hint_after: bool,
}

fn step(
    hud: Res<PlayHud>,
    time: Res<Time>,
    mut timer: Local<f32>,
    mut auto: ResMut<AutoPlay>,
    mut requests: MessageWriter<PlayRequest>,
    mut overlay: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) {
    *timer += time.delta_secs();
    if *timer < STEP_EVERY {
        return;
    }
    *timer = 0.0;
    if hud.status == Some(Status::Won) {
        commands.remove_resource::<AutoPlay>();
        return;
    }
    if auto.steps == 0 {
        if auto.pause_after {
            overlay.set(Overlay::Paused);
        }
        if auto.hint_after {
            requests.write(PlayRequest::Hint);
        }
        commands.remove_resource::<AutoPlay>();
        return;
    }
    auto.steps -= 1;
    requests.write(PlayRequest::Step);
}
