//! A tap or click on Vault's map (not a swipe, not on the HUD) asks to walk to that cell
//! ([`WalkTo`](super::route::WalkTo)); the walk itself is logic, in `route`.

use super::art::CELL;
use super::route::WalkTo;
use crate::flow::Overlay;
use crate::input::board_pointer::BoardPointer;
use crate::input::pointer::to_world;
use crate::play::{ActiveSession, PlaySet};
use bevy::prelude::*;
use puzzlemill_core::vault::Vault;

/// Pixels a press may travel and still count as a tap (further is a swipe).
const TAP: f32 = 12.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        taps_to_walks
            .before(PlaySet)
            // Not under the pause menu: a tap there would walk once the player resumes.
            .run_if(resource_exists::<ActiveSession<Vault>>.and_then(in_state(Overlay::None))),
    );
}

fn taps_to_walks(
    mut board_pointer: BoardPointer,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera2d>>>,
    session: Res<ActiveSession<Vault>>,
    mut pressed: Local<Option<Vec2>>,
    mut walks: MessageWriter<WalkTo>,
) {
    let pointer = board_pointer.read();
    if !pointer.down && !pointer.up {
        return;
    }
    // Asked only on a press or a release (egui's areas are looked up): not every frame.
    let off_ui = pointer.position.filter(|&p| !board_pointer.on_ui(Some(p)));
    if pointer.down {
        *pressed = off_ui;
        // A quick tap is let go in the same frame: read on.
        if !pointer.up {
            return;
        }
    }
    // The release is checked too: a press on the map let go over the HUD walks nowhere.
    let (Some(start), Some(end)) = (pressed.take(), off_ui) else {
        return;
    };
    if start.distance(end) > TAP {
        return;
    }
    let Some(world) = camera.as_deref().and_then(|c| to_world(end, *c)) else {
        return;
    };
    let grid = &session.0.level().grid;
    let (x, y) = ((world.x / CELL).floor(), (-world.y / CELL).floor());
    if x >= 0.0 && y >= 0.0 && (x as usize) < grid.width && (y as usize) < grid.height {
        walks.write(WalkTo((x as u8, y as u8)));
    }
}
