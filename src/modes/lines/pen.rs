//! The pen: how a player draws Lines. With a mouse or a finger, press on a number (or its line)
//! and drag along its row or column (out one side, then back across the number for the other); let
//! go to draw, or tap a line to erase it. With keys or a
//! gamepad, move the cursor, press Space / Enter / A on a number (or its line) to pick it up; each
//! arrow then grows the line a cell that way (a full line slides), and a second press draws it;
//! Backspace, Delete or X erases. While a line is held
//! the board shows it, its length against the number, and what stops it.

use super::geometry::cell_at;
use crate::flow::{Overlay, Screen};
use crate::input::board_pointer::BoardPointer;
use crate::input::pointer::to_world;
use crate::input::{Action, PointerOwned};
use crate::menu::KeysWorkMenus;
use crate::play::{ActiveSession, BackIsTaken, PauseOnBack, PlaySet, TryMove};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::lines::{Board, Draw, Drawn, Lines, Span, Stroke, end_cell, extend, stroke};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pen>();
    app.add_systems(
        Update,
        (start_pen.run_if(resource_added::<ActiveSession<Lines>>),)
            .before(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(
        Update,
        (keys_to_pen, pointer_to_pen, claim_back)
            .chain()
            .after(PauseOnBack)
            .before(PlaySet)
            .run_if(resource_exists::<ActiveSession<Lines>>)
            .run_if(in_state(Overlay::None)),
    );
    app.add_systems(OnExit(Screen::Play), stop_pen);
}

/// Where the pen is and what it holds.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Pen {
    /// The keyboard cursor's cell.
    pub cursor: usize,
    /// Whether the cursor is on show (after a key press, until the pointer is used).
    pub show_cursor: bool,
    /// The line being drawn, if any.
    pub held: Option<Held>,
}

/// A number picked up to draw its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// The number.
    pub number: usize,
    /// Its line when it was picked up.
    pub was: Option<Span>,
    /// The line as it would be drawn now, and what stops it.
    pub stroke: Stroke,
    /// Picked up by mouse or touch (released by letting go) rather than by keys.
    pub by_pointer: bool,
    /// Whether the pen has moved since.
    pub moved: bool,
    /// The cell the pointer went down on.
    pub start: usize,
    /// How far the line has reached on each side in this drag (from the line it was picked up
    /// with): the side the pointer left keeps its reach, as far as the number's length allows.
    pub reached: Option<Span>,
}

impl Pen {
    /// The line number `i` shows: the held stroke while held, else its drawn line.
    pub fn line_of(&self, drawn: &Drawn, i: usize) -> Option<Span> {
        match self.held {
            Some(h) if h.number == i => h.stroke.line,
            _ => drawn.lines[i],
        }
    }
}

/// A new level: the cursor waits on the first number in reading order, where a keyboard player's
/// first Space picks it up; on show where keys (or a gamepad) opened the level, else hidden until
/// the first arrow shows it.
fn start_pen(
    session: Res<ActiveSession<Lines>>,
    keys: Res<KeysWorkMenus>,
    mut pen: ResMut<Pen>,
    mut commands: Commands,
) {
    let board = &session.0.level().board;
    *pen = Pen {
        cursor: board
            .numbers
            .iter()
            .map(|n| n.cell as usize)
            .min()
            .unwrap_or(0),
        show_cursor: keys.0,
        ..default()
    };
    commands.insert_resource(PointerOwned);
}

fn stop_pen(mut pen: ResMut<Pen>, mut commands: Commands) {
    *pen = Pen::default();
    commands.remove_resource::<PointerOwned>();
    commands.remove_resource::<BackIsTaken>();
}

/// While a number is held, Back puts it down undrawn and does not pause (the pause runs before
/// the pen, so it reads this as it was before the press).
fn claim_back(pen: Res<Pen>, taken: Option<Res<BackIsTaken>>, mut commands: Commands) {
    match (pen.held.is_some(), taken.is_some()) {
        (true, false) => commands.insert_resource(BackIsTaken),
        (false, true) => commands.remove_resource::<BackIsTaken>(),
        _ => {}
    }
}

/// The number whose own cell or line is `cell`.
fn number_at(board: &Board, drawn: &Drawn, cell: usize) -> Option<usize> {
    board
        .numbers
        .iter()
        .position(|n| n.cell as usize == cell)
        .or_else(|| drawn.owner(board, cell))
}

fn pick_up(board: &Board, drawn: &Drawn, cell: usize, by_pointer: bool) -> Option<Held> {
    let number = number_at(board, drawn, cell)?;
    if board.numbers[number].value == 1 {
        return None;
    }
    let was = drawn.lines[number];
    Some(Held {
        number,
        was,
        stroke: Stroke {
            line: was,
            blocked: None,
        },
        by_pointer,
        moved: false,
        start: cell,
        reached: was,
    })
}

fn put_down(held: Held, drawn: &Drawn, moves: &mut MessageWriter<TryMove<Lines>>) {
    if held.stroke.line != drawn.lines[held.number] {
        moves.write(TryMove(Draw {
            number: held.number as u8,
            line: held.stroke.line,
        }));
    }
}

fn erase(number: usize, drawn: &Drawn, moves: &mut MessageWriter<TryMove<Lines>>) {
    if drawn.lines[number].is_some() {
        moves.write(TryMove(Draw {
            number: number as u8,
            line: None,
        }));
    }
}

/// The held line dragged to `cell`: the side `cell` is on reaches it, and the other side keeps
/// the furthest it reached in this drag, as far as the number's length leaves room. So one drag
/// draws both sides of its number (out one way, then back across it the other), as the keys'
/// arrows do in one pick-up; a side the pointer goes back along, without crossing, shortens, and
/// back on the number the line is as it was.
/// (The other side came from the line as picked up: crossing dropped the first side, so by touch
/// a line on both sides took two moves, and the par counts one.)
fn drag_to(board: &Board, drawn: &Drawn, mut held: Held, cell: usize) -> Held {
    held.moved |= cell != held.start;
    let (w, at) = (board.width, board.numbers[held.number].cell as usize);
    if cell == at {
        // On the number the line is as it was picked up (let go there, nothing is drawn), but
        // the drag remembers its reach for the other side.
        held.stroke = Stroke {
            line: held.was,
            blocked: None,
        };
        return held;
    }
    held.stroke = stroke(board, drawn, held.number, held.reached, cell);
    // The side the pointer is on keeps its furthest; the other keeps what room it was left.
    let (dr, dc) = (
        (cell / w) as isize - (at / w) as isize,
        (cell % w) as isize - (at % w) as isize,
    );
    let forward = if dr.abs() > dc.abs() { dr > 0 } else { dc > 0 };
    held.reached = match (held.reached, held.stroke.line) {
        (Some(r), Some(l)) if r.vertical == l.vertical => Some(Span {
            vertical: l.vertical,
            before: if forward {
                l.before
            } else {
                r.before.max(l.before)
            },
            after: if forward {
                r.after.max(l.after)
            } else {
                l.after
            },
        }),
        (_, line) => line,
    };
    held
}

/// The cell one step from `cell` in direction `action`, if on the board.
fn step(board: &Board, cell: usize, action: Action) -> Option<usize> {
    let (r, c) = (cell / board.width, cell % board.width);
    let (r, c) = match action {
        Action::Up => (r.checked_sub(1)?, c),
        Action::Down => (r + 1, c),
        Action::Left => (r, c.checked_sub(1)?),
        Action::Right => (r, c + 1),
        _ => return None,
    };
    (r < board.height && c < board.width).then_some(r * board.width + c)
}

fn keys_to_pen(
    actions: Single<&ActionState<Action>>,
    session: Res<ActiveSession<Lines>>,
    mut pen: ResMut<Pen>,
    mut moves: MessageWriter<TryMove<Lines>>,
) {
    let board = &session.0.level().board;
    let drawn = session.0.state();
    if pen.held.is_some_and(|h| h.by_pointer) {
        return;
    }
    for action in Action::DIRECTIONS {
        if !actions.just_pressed(&action) {
            continue;
        }
        if !pen.show_cursor && pen.held.is_none() {
            // The first arrow shows where the cursor is; the next ones move it.
            pen.show_cursor = true;
            continue;
        }
        pen.show_cursor = true;
        match pen.held.as_mut() {
            // A held number's line grows, slides or turns; the cursor follows its end.
            Some(held) => {
                let Some(direction) = action.direction() else {
                    continue;
                };
                held.stroke = extend(board, drawn, held.number, held.stroke.line, direction);
                held.moved = true;
                if let Some(end) = held
                    .stroke
                    .line
                    .and_then(|line| end_cell(board, held.number, line, direction))
                {
                    pen.cursor = end;
                }
            }
            None => {
                if let Some(next) = step(board, pen.cursor, action) {
                    pen.cursor = next;
                }
            }
        }
    }
    if actions.just_pressed(&Action::Confirm) {
        pen.show_cursor = true;
        match pen.held.take() {
            Some(held) => put_down(held, drawn, &mut moves),
            None => pen.held = pick_up(board, drawn, pen.cursor, false),
        }
    }
    if actions.just_pressed(&Action::Erase) {
        pen.show_cursor = true;
        let number = pen
            .held
            .take()
            .map(|h| h.number)
            .or_else(|| number_at(board, drawn, pen.cursor));
        if let Some(number) = number {
            erase(number, drawn, &mut moves);
        }
    }
    if actions.just_pressed(&Action::Back) {
        pen.held = None;
    }
}

fn pointer_to_pen(
    mut board_pointer: BoardPointer,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera2d>>>,
    session: Res<ActiveSession<Lines>>,
    mut pen: ResMut<Pen>,
    mut moves: MessageWriter<TryMove<Lines>>,
) {
    let board = &session.0.level().board;
    let drawn = session.0.state();
    let pointer = board_pointer.read();
    let cell = match (pointer.position, camera) {
        (Some(p), Some(camera)) => to_world(p, *camera).and_then(|world| cell_at(board, world)),
        _ => None,
    };
    if pointer.down && !board_pointer.on_ui(pointer.position) {
        if let Some(cell) = cell {
            pen.show_cursor = false;
            pen.cursor = cell;
            pen.held = pick_up(board, drawn, cell, true);
        }
        // A quick tap is let go in the same frame: read on.
        if !pointer.up {
            return;
        }
    }
    let Some(mut held) = pen.held.filter(|h| h.by_pointer) else {
        return;
    };
    if !pointer.up && !pointer.held {
        // Let go where the pen did not see it (paused meanwhile): the line is not drawn.
        pen.held = None;
        return;
    }
    if let Some(cell) = cell
        && cell != pen.cursor
    {
        pen.cursor = cell;
        held = drag_to(board, drawn, held, cell);
    }
    if pointer.up {
        pen.held = None;
        if held.moved {
            put_down(held, drawn, &mut moves);
        } else {
            erase(held.number, drawn, &mut moves);
        }
    } else {
        pen.held = Some(held);
    }
}

#[cfg(test)]
mod tests {
    use super::{drag_to, pick_up};
    use puzzlemill_core::lines::{Board, Drawn, Span};

    #[test]
    fn one_drag_draws_both_sides_of_a_number() {
        // A 4 in the middle of a row of seven: out two cells right, back across it one left.
        let board = Board::from_rows(&["   4   "]).unwrap();
        let drawn = Drawn { lines: vec![None] };
        let mut held = pick_up(&board, &drawn, 3, true).expect("the 4");
        for cell in [4, 5, 4, 3] {
            held = drag_to(&board, &drawn, held, cell);
        }
        assert_eq!(held.stroke.line, None, "back on the number, as it was");
        held = drag_to(&board, &drawn, held, 2);
        let both = Span {
            vertical: false,
            before: 1,
            after: 2,
        };
        assert_eq!(
            held.stroke.line,
            Some(both),
            "the right side's furthest kept"
        );
        // On to the left end: the right side gives way to the left's reach.
        for cell in [1, 0] {
            held = drag_to(&board, &drawn, held, cell);
        }
        let left = Span {
            vertical: false,
            before: 3,
            after: 0,
        };
        assert_eq!(held.stroke.line, Some(left));
        assert!(held.moved);
        // Back along the left side without crossing: it shortens, the right stays empty.
        held = drag_to(&board, &drawn, held, 2);
        let shorter = Span {
            vertical: false,
            before: 1,
            after: 0,
        };
        assert_eq!(held.stroke.line, Some(shorter));
    }
}
