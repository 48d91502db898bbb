//! Leafwing's update of the action state, run only on frames where something it reads changed.
//!
//! `update_action_state` works out every action's state from the input map and what is held, and on
//! the way works out again which bindings could clash, taking apart every binding of every pair of
//! actions into boxed inputs (leafwing 0.21 keeps none of that between frames), twice a frame (once
//! for `Update`, once for `FixedUpdate`). Skipping it when nothing changed halved a headless frame
//! (docs/benchmarks.md, "Frame times"). Its result depends only on the keys held, the gamepads'
//! buttons and sticks, the gamepads plugged in and the input map, so on a frame where none of them
//! changed it would write what the action state already holds; both runs are skipped then. An
//! action pressed by hand (a swipe, [`super::swipe`]) is released by the next update, so it counts
//! as a change ([`PressedByHand`]).

use super::action::Action;
use bevy::ecs::schedule::ScheduleCleanupPolicy;
use bevy::input::gamepad::Gamepad;
use bevy::prelude::*;
use leafwing_input_manager::plugin::InputManagerSystem;
use leafwing_input_manager::prelude::*;
use leafwing_input_manager::systems::{swap_to_fixed_update, update_action_state};

/// Marked changed by whatever presses an action by hand, so that the next update runs and
/// releases it.
#[derive(Resource, Default)]
pub struct PressedByHand;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PressedByHand>();
    app.configure_sets(PreUpdate, InputManagerSystem::Update.run_if(input_changed));
    // The update for `FixedUpdate` is in no set of its own: take leafwing's out and put it back
    // in the same place (after the swap to the fixed state, before the fixed steps) with the
    // condition. Where that fails the update runs every frame, as before.
    let removed = app.remove_systems_in_set(
        RunFixedMainLoop,
        update_action_state::<Action>,
        ScheduleCleanupPolicy::RemoveSystemsOnly,
    );
    match removed {
        Ok(n) if n > 0 => {
            app.add_systems(
                RunFixedMainLoop,
                update_action_state::<Action>
                    .after(swap_to_fixed_update::<Action>)
                    .in_set(RunFixedMainLoopSystems::BeforeFixedMainLoop)
                    .run_if(input_changed),
            );
        }
        other => warn!("the fixed-step input update runs every frame: {other:?}"),
    }
}

/// Whether anything the action state is worked out from changed since this condition last ran:
/// the keys (pressed, released, or all released when the window lost focus), a gamepad's buttons
/// or sticks, a gamepad plugged in or out, the input map (a rebinding), or a press by hand.
pub fn input_changed(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<(), Changed<Gamepad>>,
    mut unplugged: RemovedComponents<Gamepad>,
    maps: Query<(), Changed<InputMap<Action>>>,
    by_hand: Res<PressedByHand>,
) -> bool {
    let pad_gone = !unplugged.is_empty();
    unplugged.clear();
    keys.is_changed() || !pads.is_empty() || pad_gone || !maps.is_empty() || by_hand.is_changed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;

    /// What a fixed step saw of the hint action, and a press to make there by hand.
    #[derive(Resource, Default)]
    struct FixedSeen {
        hint: Vec<bool>,
        press_hint: bool,
    }

    fn in_fixed_step(mut seen: ResMut<FixedSeen>, mut actions: Single<&mut ActionState<Action>>) {
        if std::mem::take(&mut seen.press_hint) {
            actions.press(&Action::Hint);
        }
        let hint = actions.pressed(&Action::Hint);
        seen.hint.push(hint);
    }

    /// Input alone, with three bindings, 50 ms a frame (about three fixed steps each).
    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::input::InputPlugin,
            InputManagerPlugin::<Action>::default(),
            plugin,
        ));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
        app.init_resource::<FixedSeen>();
        app.add_systems(FixedUpdate, in_fixed_step);
        app.world_mut().spawn(InputMap::new([
            (Action::Up, KeyCode::ArrowUp),
            (Action::Left, KeyCode::ArrowLeft),
            (Action::Hint, KeyCode::KeyH),
        ]));
        app.update();
        app
    }

    fn actions(app: &mut App) -> ActionState<Action> {
        let mut query = app.world_mut().query::<&ActionState<Action>>();
        query.single(app.world()).unwrap().clone()
    }

    fn press_by_hand(app: &mut App, action: Action) {
        let mut query = app.world_mut().query::<&mut ActionState<Action>>();
        query.single_mut(app.world_mut()).unwrap().press(&action);
    }

    #[test]
    fn the_fixed_step_update_is_leafwings_own_put_back_once() {
        let app = app();
        let schedule = app
            .world()
            .resource::<Schedules>()
            .get(RunFixedMainLoop)
            .unwrap();
        let updates = schedule
            .systems()
            .unwrap()
            .filter(|(_, system)| system.name().to_string().contains("update_action_state"))
            .count();
        assert_eq!(updates, 1);
    }

    #[test]
    fn a_held_key_stays_pressed_on_quiet_frames_and_its_release_is_seen() {
        let mut app = app();
        KeyCode::ArrowUp.press(app.world_mut());
        app.update();
        assert!(actions(&mut app).just_pressed(&Action::Up));
        for _ in 0..5 {
            app.update();
            let state = actions(&mut app);
            assert!(state.pressed(&Action::Up) && !state.just_pressed(&Action::Up));
        }
        KeyCode::ArrowUp.release(app.world_mut());
        app.update();
        assert!(actions(&mut app).just_released(&Action::Up));
        app.update();
        assert!(actions(&mut app).released(&Action::Up));
    }

    #[test]
    fn nothing_changed_skips_the_update_and_a_press_by_hand_is_released_when_marked() {
        let mut app = app();
        // Pressed without the mark: the update, which would release it, does not run.
        press_by_hand(&mut app, Action::Hint);
        app.update();
        app.update();
        assert!(actions(&mut app).pressed(&Action::Hint));
        // A swipe's press is marked: the next frame's update releases it.
        press_by_hand(&mut app, Action::Left);
        app.world_mut()
            .resource_mut::<PressedByHand>()
            .set_changed();
        app.update();
        let state = actions(&mut app);
        assert!(state.just_released(&Action::Left) && state.released(&Action::Hint));
    }

    #[test]
    fn a_rebinding_is_seen_while_the_old_key_is_held() {
        let mut app = app();
        KeyCode::ArrowUp.press(app.world_mut());
        app.update();
        app.update();
        assert!(actions(&mut app).pressed(&Action::Up));
        let mut query = app.world_mut().query::<&mut InputMap<Action>>();
        let mut map = query.single_mut(app.world_mut()).unwrap();
        *map = InputMap::new([(Action::Up, KeyCode::KeyW)]);
        app.update();
        assert!(actions(&mut app).just_released(&Action::Up));
    }

    #[test]
    fn the_fixed_steps_see_keys_and_skip_quiet_frames_too() {
        let mut app = app();
        KeyCode::KeyH.press(app.world_mut());
        app.update();
        KeyCode::KeyH.release(app.world_mut());
        app.update();
        app.update();
        let seen = std::mem::take(&mut app.world_mut().resource_mut::<FixedSeen>().hint);
        assert!(seen.len() >= 6, "fixed steps ran: {seen:?}");
        assert!(seen.contains(&true) && seen.ends_with(&[false]), "{seen:?}");
        // Pressed by hand in a fixed step: no update runs before the next frame's steps.
        app.world_mut().resource_mut::<FixedSeen>().press_hint = true;
        app.update();
        app.update();
        let seen = std::mem::take(&mut app.world_mut().resource_mut::<FixedSeen>().hint);
        assert!(seen.iter().all(|&hint| hint), "{seen:?}");
    }
}
