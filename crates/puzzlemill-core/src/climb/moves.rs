//! The moves the reachability search may use, each built once by running the real body
//! ([`super::body`]) from a standstill in the middle of a block: an input [`Script`] (which way,
//! how long the jump button is held, when the direction is held) and the blocks the body sweeps
//! until it lands, as a list of [`Check`]s relative to the start.
//!
//! Applying a move at a standing place reads the checks in order: every swept block must be clear,
//! and where the feet enter a new row on the way down, solid ground under the body means it lands
//! there, then slides to a stop ([`super::reach::land`] runs that slide with the real physics).
//! The checks use the body widened by [`MARGIN`] on each side, and a landing counts only where
//! ground lies under the body's narrowed middle, so a player who starts a little off the block's
//! middle still makes the same move.

use super::body::{Body, Controls, HALF_WIDTH, HEIGHT, cell_of};
use std::collections::HashSet;
use std::sync::OnceLock;

/// How far off the middle of a block a move must still work (blocks).
pub const MARGIN: f32 = 0.08;
/// Longest a move is followed (steps): enough to fall the whole map.
const MAX_STEPS: u16 = 600;
/// Held until landing.
const UNTIL_LANDING: u16 = u16::MAX;
const EDGE: f32 = 1e-4;

/// The inputs of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Script {
    /// -1 left, 1 right.
    pub dir: i8,
    /// Steps the jump button is held (0: walk off the ledge, no jump).
    pub jump_steps: u16,
    /// First step the direction is held.
    pub dir_from: u16,
    /// Step the direction is let go ([`u16::MAX`]: held until landing).
    pub dir_until: u16,
}

impl Script {
    /// The controls at step `step` of the move; after landing nothing is held.
    pub fn controls(&self, step: u16, landed: bool) -> Controls {
        if landed {
            return Controls::default();
        }
        let dir = if (self.dir_from..self.dir_until).contains(&step) {
            self.dir
        } else {
            0
        };
        Controls {
            dir,
            jump: step < self.jump_steps,
            jump_pressed: step == 0 && self.jump_steps > 0,
        }
    }

    /// Whether this move walks off a ledge rather than jumping.
    pub fn walks_off(&self) -> bool {
        self.jump_steps == 0
    }
}

/// A block offset from the start block.
pub type Offset = (i8, i16);

/// One thing a move needs of the blocks around its start.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The block must be clear.
    Clear(Offset),
    /// The feet enter row `row` here: it decides whether the body lands.
    Ground(Ground),
}

/// A place where the move may land: ground in `row` under the body stops it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ground {
    /// The row the feet enter (relative to the start block's row).
    pub row: i16,
    /// Columns under the body's narrowed middle: one solid among them lands the body.
    pub core: (i8, i8),
    /// Columns under the widened body: solid only among these is a landing that may or may not
    /// happen, so the move is refused.
    pub wide: (i8, i8),
    /// The body's centre when it lands (blocks from the start block's left edge).
    pub x: f32,
    /// Its speed across when it lands.
    pub vx: f32,
    /// Where the centre is after each step of the slide to a stop on open flat ground, nothing
    /// held (blocks from the start block's left edge; empty when it lands standing still).
    pub slide: Vec<f32>,
}

/// A move: its inputs and what it needs.
#[derive(Clone, Debug)]
pub struct Move {
    /// The inputs.
    pub script: Script,
    /// The checks, in the order the body meets them.
    pub checks: Vec<Check>,
}

/// Every move the search tries, built on first use.
pub fn moves() -> &'static [Move] {
    static MOVES: OnceLock<Vec<Move>> = OnceLock::new();
    MOVES.get_or_init(|| scripts().into_iter().map(build).collect())
}

/// The scripts: both ways, a full jump and four lower ones (the button let go after 12, 9, 7
/// and 5 steps), with the direction held from the
/// start or only after rising, for the whole jump or a short push; and two walks off a ledge.
fn scripts() -> Vec<Script> {
    let mut out = Vec::new();
    for dir in [-1, 1] {
        for jump_steps in [UNTIL_LANDING, 12, 9, 7, 5] {
            for (dir_from, dir_until) in [
                (0, UNTIL_LANDING),
                (0, 6),
                (0, 14),
                (10, UNTIL_LANDING),
                (20, UNTIL_LANDING),
            ] {
                if jump_steps < 9 && dir_from >= 20 {
                    continue; // a low jump is over before a late push matters
                }
                out.push(Script {
                    dir,
                    jump_steps,
                    dir_from,
                    dir_until,
                });
            }
        }
        for dir_until in [UNTIL_LANDING, 12, 18, 26] {
            out.push(Script {
                dir,
                jump_steps: 0,
                dir_from: 0,
                dir_until,
            });
        }
    }
    out
}

/// Columns under `[l, r]`.
fn columns(l: f32, r: f32) -> (i8, i8) {
    (cell_of(l + EDGE) as i8, cell_of(r - EDGE) as i8)
}

/// The checks of a move as they are found, each block once.
struct Checks {
    list: Vec<Check>,
    seen: HashSet<Offset>,
}

impl Checks {
    fn clear(&mut self, x: i8, y: i16) {
        if self.seen.insert((x, y)) {
            self.list.push(Check::Clear((x, y)));
        }
    }

    /// Every block under the body's box at centre `x`, feet `y`, widened by the margin.
    fn clear_box(&mut self, x: f32, y: f32) {
        let (c0, c1) = columns(x - HALF_WIDTH - MARGIN, x + HALF_WIDTH + MARGIN);
        for row in cell_of(y - HEIGHT + EDGE)..=cell_of(y - EDGE) {
            for col in c0..=c1 {
                self.clear(col, row as i16);
            }
        }
    }
}

/// Runs `script` from the middle of block (0, 0) with ground only at (0, 1), listing the checks.
fn build(script: Script) -> Move {
    let start_ground = |x: i32, y: i32| x == 0 && y == 1;
    let mut body = Body::standing_in(0, 0);
    let mut checks = Checks {
        list: Vec::new(),
        seen: HashSet::new(),
    };
    // The block the body stands on is solid, and the body never enters it; only the widened box
    // of a walk off its edge would touch it.
    checks.seen.insert((0, 1));
    checks.clear_box(body.x, body.y);
    let mut airborne = false;
    for step in 0..MAX_STEPS {
        let before = body;
        body.step(&start_ground, script.controls(step, false));
        if body.on_ground {
            if airborne {
                break; // back on the start block: a move to nowhere
            }
            // Still walking on the start block: the floor beside it must be open, or this is
            // a walk (the search has those separately).
            let (c0, c1) = columns(body.x - HALF_WIDTH - MARGIN, body.x + HALF_WIDTH + MARGIN);
            for col in (c0..=c1).filter(|c| *c != 0) {
                checks.clear(col, 1);
            }
        } else {
            airborne = true;
        }
        let feet_before = cell_of(before.y - EDGE);
        let feet_now = cell_of(body.y - EDGE);
        if body.vy > 0.0 && feet_now > feet_before && !body.on_ground {
            let row = feet_now as i16;
            // A walk off landing on the start's own row would be a walk, not a fall.
            if !(script.walks_off() && row == 1) {
                checks.list.push(Check::Ground(landing(&body, row)));
            }
        }
        // The body moves across, then down: check both boxes it passes through.
        checks.clear_box(body.x, before.y);
        checks.clear_box(body.x, body.y);
        if body.y > 140.0 {
            break;
        }
    }
    Move {
        script,
        checks: checks.list,
    }
}

/// What landing on ground in `row` at this step would need and give.
fn landing(falling: &Body, row: i16) -> Ground {
    let x = falling.x;
    // The body as the game leaves it on landing: feet on the row, not falling.
    let mut body = Body {
        y: f32::from(row),
        vy: 0.0,
        on_ground: true,
        rising: false,
        ..*falling
    };
    let flat = |_: i32, y: i32| y >= i32::from(row);
    let mut slide = Vec::new();
    while body.vx != 0.0 && slide.len() < usize::from(MAX_STEPS) {
        body.step(&flat, Controls::default());
        slide.push(body.x);
    }
    Ground {
        row,
        core: columns(x - HALF_WIDTH + MARGIN, x + HALF_WIDTH - MARGIN),
        wide: columns(x - HALF_WIDTH - MARGIN, x + HALF_WIDTH + MARGIN),
        x,
        vx: falling.vx,
        slide,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_starts_by_clearing_the_start_block_and_can_land() {
        assert!(moves().len() >= 20);
        for m in moves() {
            assert_eq!(m.checks[0], Check::Clear((0, 0)), "{:?}", m.script);
            let lands = m
                .checks
                .iter()
                .filter(|c| matches!(c, Check::Ground(_)))
                .count();
            assert!(lands > 0, "{:?} never lands", m.script);
        }
    }

    #[test]
    fn moves_go_the_way_they_are_pushed() {
        for m in moves() {
            for check in &m.checks {
                if let Check::Ground(g) = check {
                    assert!(
                        (g.x - 0.5) * f32::from(m.script.dir) >= 0.0,
                        "{:?}",
                        m.script
                    );
                }
            }
        }
    }
}
