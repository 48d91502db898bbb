//! Mouse drags and touch swipes become direction actions: a drag longer than a threshold presses
//! the direction of its dominant axis once, on release.

use super::action::Action;
use super::board_pointer::BoardPointer;
use super::changes::PressedByHand;
use super::pointer::PointerOwned;
use crate::flow::{Overlay, Screen};
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::plugin::InputManagerSystem;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SwipeSettings>();
    app.init_resource::<DragStart>();
    app.add_systems(
        PreUpdate,
        swipe_to_actions
            .in_set(InputManagerSystem::ManualControl)
            .run_if(in_state(Screen::Play).and_then(not(resource_exists::<PointerOwned>))),
    );
}

/// How far a drag must go to count as a swipe.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SwipeSettings {
    /// Minimum drag length in logical pixels.
    pub threshold: f32,
}

impl Default for SwipeSettings {
    fn default() -> Self {
        Self { threshold: 30.0 }
    }
}

/// Where the current mouse drag started, if one is under way.
#[derive(Resource, Default)]
struct DragStart(Option<Vec2>);

/// The direction of a drag from `start` to `end` (screen coordinates, y down), if it is long
/// enough; the longer axis wins.
pub fn swipe_direction(start: Vec2, end: Vec2, threshold: f32) -> Option<Action> {
    let delta = end - start;
    if delta.length() < threshold {
        return None;
    }
    Some(if delta.x.abs() >= delta.y.abs() {
        if delta.x > 0.0 {
            Action::Right
        } else {
            Action::Left
        }
    } else if delta.y > 0.0 {
        Action::Down
    } else {
        Action::Up
    })
}

#[allow(clippy::too_many_arguments)]
fn swipe_to_actions(
    settings: Res<SwipeSettings>,
    mut drag: ResMut<DragStart>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut board_pointer: BoardPointer,
    mut actions: Single<&mut ActionState<Action>>,
    mut by_hand: ResMut<PressedByHand>,
    overlay: Option<Res<State<Overlay>>>,
) {
    // Over the pause menu a drag is the menu's (a slider, a list scrolled by touch): no swipe,
    // and a drag begun before the pause is forgotten.
    if overlay.is_some_and(|o| *o.get() != Overlay::None) {
        drag.0 = None;
        return;
    }
    let mut swipes = Vec::new();
    if let (Some(mouse), Some(window)) = (mouse, window) {
        let cursor = window.cursor_position();
        if mouse.just_pressed(MouseButton::Left) {
            // A press on the UI starts no drag, and forgets one whose release went unseen.
            drag.0 = cursor.filter(|&at| !board_pointer.on_ui(Some(at)));
        }
        if mouse.just_released(MouseButton::Left)
            && let (Some(start), Some(end)) = (drag.0.take(), cursor)
        {
            swipes.extend(swipe_direction(start, end, settings.threshold));
        }
    }
    if let Some(touches) = touches {
        // A swipe begun on the HUD is the HUD's (a finger sliding off a button).
        for touch in touches
            .iter_just_released()
            .filter(|t| !board_pointer.covered(t.start_position()))
        {
            swipes.extend(swipe_direction(
                touch.start_position(),
                touch.position(),
                settings.threshold,
            ));
        }
    }
    for action in swipes {
        actions.press(&action);
        by_hand.set_changed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominant_axis_wins_and_short_drags_are_ignored() {
        let o = Vec2::new(100.0, 100.0);
        assert_eq!(
            swipe_direction(o, o + Vec2::new(50.0, 10.0), 30.0),
            Some(Action::Right)
        );
        assert_eq!(
            swipe_direction(o, o + Vec2::new(-50.0, 45.0), 30.0),
            Some(Action::Left)
        );
        assert_eq!(
            swipe_direction(o, o + Vec2::new(5.0, 40.0), 30.0),
            Some(Action::Down)
        );
        assert_eq!(
            swipe_direction(o, o + Vec2::new(5.0, -40.0), 30.0),
            Some(Action::Up)
        );
        assert_eq!(swipe_direction(o, o + Vec2::new(10.0, 10.0), 30.0), None);
    }
}
