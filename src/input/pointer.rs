//! One pointer for modes that read the mouse and touches themselves: where it is this frame, and
//! whether it went down or up, from the first touch when there is one, else the mouse.

use bevy::input::InputSystems;
use bevy::input::gamepad::Gamepad;
use bevy::input::touch::Touches;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TouchedLast>();
    app.add_systems(PreStartup, find_touch_screen);
    app.add_systems(PreUpdate, follow_touch.after(InputSystems));
}

/// Whether the screen is one for fingers, decided at start: in the browser where it reports touch
/// points (a phone, a tablet), or with `--touch-screen`. The interface is then laid out for
/// fingers from the first frame (no layout that moves under the first tap, or back and forth as
/// a touch laptop's player goes from the pad to the screen), and the lines speak to a finger
/// until a key or a button is pressed ([`TouchedLast`] starts true).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TouchScreen(pub bool);

fn find_touch_screen(mut commands: Commands, options: Option<Res<crate::options::LaunchOptions>>) {
    #[cfg(target_arch = "wasm32")]
    let reported = crate::web::touch_screen();
    #[cfg(not(target_arch = "wasm32"))]
    let reported = false;
    let asked = options.is_some_and(|o| o.touch_screen);
    commands.insert_resource(TouchScreen(reported || asked));
    commands.insert_resource(TouchedLast(reported || asked));
}

/// Whether the player's last press was a touch (not a key, a mouse button or a gamepad button):
/// a text box opened then shows its on-screen keys. The press that opens it, a tap on a menu row,
/// is taken by the UI after that frame's touches are gone.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TouchedLast(pub bool);

fn follow_touch(
    touches: Option<Res<Touches>>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    pads: Query<&Gamepad>,
    mut last: ResMut<TouchedLast>,
) {
    if touches.is_some_and(|t| t.any_just_pressed()) {
        last.set_if_neq(TouchedLast(true));
    } else if keys.get_just_pressed().next().is_some()
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
        || pads
            .iter()
            .any(|pad| pad.get_just_pressed().next().is_some())
    {
        last.set_if_neq(TouchedLast(false));
    }
}

/// Present while a mode reads the mouse and touches itself (drawing in Lines, flicking in Slide,
/// the touch buttons in Climb): drags are then not turned into direction swipes.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PointerOwned;

/// The pointer this frame: where it is (window coordinates) and whether it went down or up (both
/// in one frame for a quick tap: a trackpad's tap-to-click, a short touch at a low frame rate).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pointer {
    /// Where it is, if over the window.
    pub position: Option<Vec2>,
    /// Pressed this frame.
    pub down: bool,
    /// Released (or a touch cancelled) this frame.
    pub up: bool,
    /// Held down at the end of the frame.
    pub held: bool,
}

/// Reads the pointer: a touch going down or up this frame, a touch held, else the mouse.
pub fn read_pointer(
    mouse: Option<&ButtonInput<MouseButton>>,
    touches: Option<&Touches>,
    window: Option<&Window>,
) -> Pointer {
    if let Some(touches) = touches {
        let mut ended = touches
            .iter_just_released()
            .chain(touches.iter_just_canceled());
        let held = touches.iter().next().is_some();
        if let Some(t) = touches.iter_just_pressed().next() {
            let id = t.id();
            return Pointer {
                position: Some(t.position()),
                down: true,
                // Down and up in one frame: a quick tap.
                up: ended.any(|e| e.id() == id),
                held,
            };
        }
        if let Some(t) = ended.next() {
            return Pointer {
                position: Some(t.position()),
                down: false,
                up: true,
                held,
            };
        }
        if let Some(t) = touches.iter().next() {
            return Pointer {
                position: Some(t.position()),
                down: false,
                up: false,
                held,
            };
        }
    }
    Pointer {
        position: window.and_then(Window::cursor_position),
        down: mouse.is_some_and(|m| m.just_pressed(MouseButton::Left)),
        up: mouse.is_some_and(|m| m.just_released(MouseButton::Left)),
        held: mouse.is_some_and(|m| m.pressed(MouseButton::Left)),
    }
}

/// The world point under window position `p` for a 2D camera.
pub fn to_world(p: Vec2, camera: (&Camera, &GlobalTransform)) -> Option<Vec2> {
    camera.0.viewport_to_world_2d(camera.1, p).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::touch::{TouchInput, TouchPhase, touch_screen_input_system};

    /// The touches after one frame of `phases` for touch 1 at (5, 5).
    fn touches_after(phases: &[TouchPhase]) -> Touches {
        let mut app = App::new();
        app.add_message::<TouchInput>();
        app.init_resource::<Touches>();
        app.add_systems(Update, touch_screen_input_system);
        let window = app.world_mut().spawn_empty().id();
        for &phase in phases {
            app.world_mut().write_message(TouchInput {
                phase,
                position: Vec2::splat(5.0),
                window,
                force: None,
                id: 1,
            });
        }
        app.update();
        app.world_mut().remove_resource::<Touches>().unwrap()
    }

    #[test]
    fn a_tap_down_and_up_in_one_frame_is_both() {
        let tap = touches_after(&[TouchPhase::Started, TouchPhase::Ended]);
        let pointer = read_pointer(None, Some(&tap), None);
        assert!(pointer.down && pointer.up && !pointer.held, "{pointer:?}");
        let mut mouse = ButtonInput::<MouseButton>::default();
        mouse.press(MouseButton::Left);
        mouse.release(MouseButton::Left);
        let pointer = read_pointer(Some(&mouse), None, None);
        assert!(pointer.down && pointer.up && !pointer.held, "{pointer:?}");
    }

    #[test]
    fn a_touch_held_is_held_and_one_cancelled_is_let_go() {
        let held = touches_after(&[TouchPhase::Started]);
        let pointer = read_pointer(None, Some(&held), None);
        assert!(pointer.down && !pointer.up && pointer.held, "{pointer:?}");
        let cancelled = touches_after(&[TouchPhase::Started, TouchPhase::Canceled]);
        let pointer = read_pointer(None, Some(&cancelled), None);
        assert!(pointer.down && pointer.up && !pointer.held, "{pointer:?}");
    }
}
