//! Slide's controls: a box is picked (outlined) and flicked. With a mouse or a finger, drag or
//! swipe on a box to flick it that way (a swipe that starts off the boxes flicks the picked
//! one), or tap a box to pick it. With keys or a gamepad, Tab or the right trigger picks the
//! next box and the arrows, WASD, D-pad or stick flick it. The pick follows its box, stays on a
//! box through undo and restart, and a hint picks the box it names (its line, "flick the marked
//! box", goes when another box is picked).

use super::geometry::cell_at;
use crate::flow::{Overlay, Screen};
use crate::input::board_pointer::BoardPointer;
use crate::input::pointer::to_world;
use crate::input::{Action, PointerOwned, SwipeSettings, swipe_direction};
use crate::play::{ActiveSession, HintedMove, PlayEvent, PlayHud, PlaySet, TryMove};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::Direction;
use puzzlemill_core::slide::rules::flick;
use puzzlemill_core::slide::{Boxes, Flick, Slide, SlideLevel};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Picked>();
    app.add_systems(
        Update,
        start_picker
            .run_if(resource_added::<ActiveSession<Slide>>)
            .before(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(
        Update,
        (keys_to_flicks, pointer_to_flicks)
            .chain()
            .before(PlaySet)
            .run_if(resource_exists::<ActiveSession<Slide>>)
            .run_if(in_state(Overlay::None)),
    );
    app.add_systems(
        Update,
        (
            keep_pick_on_a_box,
            forget_a_hint_for_another_box.run_if(resource_changed::<Picked>),
        )
            .chain()
            .after(PlaySet)
            .run_if(resource_exists::<ActiveSession<Slide>>),
    );
    app.add_systems(OnExit(Screen::Play), stop_picker);
}

/// The picked box, and a press of the pointer under way.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Picked {
    /// The cell of the box that keys flick.
    pub cell: Option<u8>,
    /// Where the pointer went down (window coordinates) and the box under it, if any.
    press: Option<(Vec2, Option<u8>)>,
}

/// The first box off its target, else the first box.
fn first_box(level: &SlideLevel, boxes: &Boxes) -> Option<u8> {
    let cells = boxes.cells();
    cells
        .iter()
        .copied()
        .find(|&c| !level.is_target(c))
        .or_else(|| cells.first().copied())
}

fn start_picker(
    session: Res<ActiveSession<Slide>>,
    mut picked: ResMut<Picked>,
    mut commands: Commands,
) {
    let s = &session.0;
    *picked = Picked {
        cell: first_box(s.level(), s.state()),
        press: None,
    };
    commands.insert_resource(PointerOwned);
}

fn stop_picker(mut picked: ResMut<Picked>, mut commands: Commands) {
    *picked = Picked::default();
    commands.remove_resource::<PointerOwned>();
}

/// Sends the flick of the box on `cell` towards `dir` and moves the pick with the box.
fn send_flick(
    level: &SlideLevel,
    boxes: &Boxes,
    cell: u8,
    dir: Direction,
    picked: &mut Picked,
    moves: &mut MessageWriter<TryMove<Slide>>,
) {
    let mv = Flick { cell, dir };
    picked.cell = Some(flick(level, boxes, mv).map_or(cell, |(_, end)| end));
    moves.write(TryMove(mv));
}

fn keys_to_flicks(
    actions: Single<&ActionState<Action>>,
    session: Res<ActiveSession<Slide>>,
    mut picked: ResMut<Picked>,
    mut moves: MessageWriter<TryMove<Slide>>,
) {
    let (level, boxes) = (session.0.level(), session.0.state());
    if actions.just_pressed(&Action::Cycle) {
        let cells = boxes.cells();
        picked.cell = match picked.cell.and_then(|c| cells.iter().position(|&b| b == c)) {
            Some(i) => Some(cells[(i + 1) % cells.len()]),
            None => first_box(level, boxes),
        };
    }
    for action in Action::DIRECTIONS {
        if actions.just_pressed(&action)
            && let (Some(dir), Some(cell)) = (action.direction(), picked.cell)
        {
            send_flick(level, boxes, cell, dir, &mut picked, &mut moves);
            break;
        }
    }
}

fn pointer_to_flicks(
    mut board_pointer: BoardPointer,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera2d>>>,
    swipe: Res<SwipeSettings>,
    session: Res<ActiveSession<Slide>>,
    mut picked: ResMut<Picked>,
    mut moves: MessageWriter<TryMove<Slide>>,
) {
    let (level, boxes) = (session.0.level(), session.0.state());
    let pointer = board_pointer.read();
    if pointer.down && board_pointer.on_ui(pointer.position) {
        // A press on the HUD is the HUD's: a finger sliding off a button flicks nothing (and an
        // earlier press whose release went unseen, while paused, is forgotten: its release
        // would flick a box towards the button).
        picked.press = None;
        return;
    }
    if pointer.down {
        if let Some(p) = pointer.position {
            let cell = camera
                .as_deref()
                .and_then(|c| to_world(p, *c))
                .and_then(|w| cell_at(level, w));
            picked.press = Some((p, cell.filter(|&c| boxes.contains(c))));
        }
        // A quick tap is let go in the same frame: read on.
        if !pointer.up {
            return;
        }
    }
    if !pointer.up {
        return;
    }
    let Some((start, on_box)) = picked.press.take() else {
        return;
    };
    let end = pointer.position.unwrap_or(start);
    match swipe_direction(start, end, swipe.threshold).and_then(Action::direction) {
        Some(dir) => {
            if let Some(cell) = on_box.or(picked.cell) {
                send_flick(level, boxes, cell, dir, &mut picked, &mut moves);
            }
        }
        None => {
            if on_box.is_some() {
                picked.cell = on_box;
            }
        }
    }
}

/// After undo, redo or restart the picked cell may be empty: pick the nearest box. After a
/// hint, pick the box it names.
fn keep_pick_on_a_box(
    session: Res<ActiveSession<Slide>>,
    hinted: Res<HintedMove<Slide>>,
    mut events: MessageReader<PlayEvent>,
    mut picked: ResMut<Picked>,
) {
    let s = &session.0;
    let (level, boxes) = (s.level(), s.state());
    for event in events.read() {
        if matches!(event, PlayEvent::Hinted { .. })
            && let Some(mv) = hinted.0
        {
            picked.cell = Some(mv.cell);
        }
    }
    if picked.cell.is_some_and(|c| boxes.contains(c)) {
        return;
    }
    let near = |c: u8| {
        let ((x, y), (px, py)) = (level.xy(c), picked.cell.map_or((0, 0), |p| level.xy(p)));
        x.abs_diff(px) + y.abs_diff(py)
    };
    picked.cell = boxes.cells().iter().copied().min_by_key(|&c| near(c));
}

/// A hint names "the marked box": picking another box leaves its line untrue, so it goes.
fn forget_a_hint_for_another_box(
    picked: Res<Picked>,
    hinted: Res<HintedMove<Slide>>,
    mut hud: ResMut<PlayHud>,
) {
    if let Some(mv) = hinted.0
        && picked.cell != Some(mv.cell)
        && hud.hint.is_some()
    {
        hud.hint = None;
    }
}
