//! One pointer for modes that read the mouse and touches themselves: where it is this frame, and
//! whether it went down or up, from the first touch when there is one, else the mouse.

use bevy::input::touch::Touches;
use bevy::prelude::*;

/// Present while a mode reads the mouse and touches itself (drawing in Lines, flicking in Slide,
/// the touch buttons in Climb): drags are then not turned into direction swipes.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PointerOwned;

/// The pointer this frame: where it is (window coordinates) and whether it went down or up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pointer {
    /// Where it is, if over the window.
    pub position: Option<Vec2>,
    /// Pressed this frame.
    pub down: bool,
    /// Released this frame.
    pub up: bool,
}

/// Reads the pointer: a touch going down or up this frame, a touch held, else the mouse.
pub fn read_pointer(
    mouse: Option<&ButtonInput<MouseButton>>,
    touches: Option<&Touches>,
    window: Option<&Window>,
) -> Pointer {
    if let Some(touches) = touches {
        if let Some(t) = touches.iter_just_pressed().next() {
            return Pointer {
                position: Some(t.position()),
                down: true,
                up: false,
            };
        }
        if let Some(t) = touches.iter_just_released().next() {
            return Pointer {
                position: Some(t.position()),
                down: false,
                up: true,
            };
        }
        if let Some(t) = touches.iter().next() {
            return Pointer {
                position: Some(t.position()),
                down: false,
                up: false,
            };
        }
    }
    Pointer {
        position: window.and_then(Window::cursor_position),
        down: mouse.is_some_and(|m| m.just_pressed(MouseButton::Left)),
        up: mouse.is_some_and(|m| m.just_released(MouseButton::Left)),
    }
}

/// The world point under window position `p` for a 2D camera.
pub fn to_world(p: Vec2, camera: (&Camera, &GlobalTransform)) -> Option<Vec2> {
    camera.0.viewport_to_world_2d(camera.1, p).ok()
}
