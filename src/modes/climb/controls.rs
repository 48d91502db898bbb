//! What the player holds in Climb, gathered every frame before the physics steps: run left and
//! right with arrows, A / D, the D-pad or the left stick; jump with Space, ↑ / W or the gamepad's
//! south button (hold for a higher jump). On touch screens three buttons at the bottom of the
//! screen (left, right, jump) work with several fingers at once; a mouse can press them too.

use crate::flow::{Overlay, Screen};
use crate::input::Action;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::climb::body::Controls;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClimbControls>();
    app.init_resource::<TouchButtons>();
    app.add_systems(
        RunFixedMainLoop,
        gather
            .in_set(RunFixedMainLoopSystems::BeforeFixedMainLoop)
            .run_if(resource_exists::<super::run::ClimbRun>.and_then(in_state(Screen::Play))),
    );
}

/// The controls held now, and a jump press kept until a physics step uses it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClimbControls {
    /// -1 left, 0 none, 1 right.
    pub dir: i8,
    /// Jump held.
    pub jump: bool,
    /// A jump press no physics step has seen yet.
    pub pressed: bool,
}

impl ClimbControls {
    /// The controls for one physics step (the press is used up).
    pub fn take_step(&mut self) -> Controls {
        let controls = Controls {
            dir: self.dir,
            jump: self.jump || self.pressed,
            jump_pressed: self.pressed,
        };
        self.pressed = false;
        controls
    }
}

/// Which on-screen button is under each pointer, and whether to show them (on a touch screen, or
/// after a first touch).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TouchButtons {
    /// Show the buttons: a touch screen is in use.
    pub shown: bool,
    /// Left held.
    pub left: bool,
    /// Right held.
    pub right: bool,
    /// Jump held.
    pub jump: bool,
}

/// An on-screen button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchButton {
    /// Run left.
    Left,
    /// Run right.
    Right,
    /// Jump.
    Jump,
}

/// Where the buttons are in a window of `size` logical pixels (origin top left).
pub fn button_rects(size: Vec2) -> [(TouchButton, Rect); 3] {
    let side = (size.x.min(size.y) * 0.17).clamp(64.0, 128.0);
    let margin = side * 0.25;
    let bottom = size.y - margin;
    let square = |x: f32, s: f32| Rect::new(x, bottom - s, x + s, bottom);
    let jump = side * 1.15;
    [
        (TouchButton::Left, square(margin, side)),
        (TouchButton::Right, square(margin * 2.0 + side, side)),
        (TouchButton::Jump, square(size.x - margin - jump, jump)),
    ]
}

fn gather(
    actions: Single<&ActionState<Action>>,
    overlay: Res<State<Overlay>>,
    touches: Res<Touches>,
    touch_screen: Res<crate::input::TouchScreen>,
    mouse: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut buttons: ResMut<TouchButtons>,
    mut controls: ResMut<ClimbControls>,
) {
    if *overlay.get() != Overlay::None {
        *controls = ClimbControls::default();
        return;
    }
    let was_jumping = buttons.jump;
    let (mut left, mut right, mut jump) = (false, false, false);
    // On a touch screen from the start (a phone's player has no keys to try first), else from
    // the first touch.
    if touch_screen.0 || touches.iter().next().is_some() {
        buttons.shown = true;
    }
    if let Some(window) = window.filter(|_| buttons.shown) {
        let rects = button_rects(Vec2::new(window.width(), window.height()));
        let mouse_at = mouse
            .pressed(MouseButton::Left)
            .then(|| window.cursor_position())
            .flatten();
        let points = touches.iter().map(|t| t.position()).chain(mouse_at);
        for point in points {
            for (button, rect) in rects {
                if rect.contains(point) {
                    match button {
                        TouchButton::Left => left = true,
                        TouchButton::Right => right = true,
                        TouchButton::Jump => jump = true,
                    }
                }
            }
        }
    }
    (buttons.left, buttons.right, buttons.jump) = (left, right, jump);
    let held = |a: Action| actions.pressed(&a);
    let went_down = |a: Action| actions.just_pressed(&a);
    let l = held(Action::Left) || left;
    let r = held(Action::Right) || right;
    controls.dir = i8::from(r) - i8::from(l);
    controls.jump = held(Action::Up) || held(Action::Confirm) || jump;
    if went_down(Action::Up) || went_down(Action::Confirm) || (jump && !was_jumping) {
        controls.pressed = true;
    }
}
