//! A tap or click on Vault's map (not a swipe, not on the HUD) asks to walk to that cell
//! ([`WalkTo`](super::route::WalkTo)); the walk itself is logic, in `route`.

use super::art::CELL;
use super::route::WalkTo;
use crate::input::pointer::{read_pointer, to_world};
use crate::play::{ActiveSession, PlaySet};
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use puzzlemill_core::vault::Vault;

/// Pixels a press may travel and still count as a tap (further is a swipe).
const TAP: f32 = 12.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        taps_to_walks
            .before(PlaySet)
            .run_if(resource_exists::<ActiveSession<Vault>>),
    );
}

#[allow(clippy::too_many_arguments)]
fn taps_to_walks(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera2d>>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    session: Res<ActiveSession<Vault>>,
    mut pressed: Local<Option<Vec2>>,
    mut walks: MessageWriter<WalkTo>,
) {
    let pointer = read_pointer(
        mouse.as_deref(),
        touches.as_deref(),
        window.as_deref().copied(),
    );
    let over_ui = egui.is_some_and(|e| e.wants_any_pointer_input());
    if pointer.down {
        *pressed = pointer.position.filter(|_| !over_ui);
        // A quick tap is let go in the same frame: read on.
        if !pointer.up {
            return;
        }
    }
    if !pointer.up {
        return;
    }
    // On a touch screen egui learns of a touch only once it is down, so the press may not have
    // been seen over the minimap or a button: the release is checked too.
    let (Some(start), Some(end)) = (pressed.take(), pointer.position.filter(|_| !over_ui)) else {
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
