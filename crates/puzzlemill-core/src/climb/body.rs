//! The player's body and its physics, in blocks and seconds with y growing downwards. The game
//! runs [`Body::step`] at a fixed [`STEP`] whatever its frame rate, and the reachability search
//! builds its jumps from the same function, so a jump the search counts is one the player can make.
//!
//! Feel: running accelerates and brakes, a jump rises higher while the button is held (letting go
//! cuts it), a jump still starts for [`COYOTE`] seconds after walking off a ledge and a press up
//! to [`BUFFER`] seconds before landing is kept; falling is capped at [`MAX_FALL`]. Collisions are
//! resolved one axis at a time against the block grid, and no step moves more than a third of a
//! block, so the body never passes through a block or ends a step inside one.

/// The fixed physics step (seconds).
pub const STEP: f32 = 1.0 / 60.0;
/// Half the body's width (blocks).
pub const HALF_WIDTH: f32 = 0.35;
/// The body's height (blocks).
pub const HEIGHT: f32 = 0.9;
/// Top running speed (blocks per second).
pub const RUN_SPEED: f32 = 8.0;
/// Speeding up on the ground (blocks per second squared).
pub const GROUND_ACCEL: f32 = 70.0;
/// Braking on the ground when no direction is held or when turning.
pub const GROUND_BRAKE: f32 = 90.0;
/// Steering in the air.
pub const AIR_ACCEL: f32 = 45.0;
/// Slowing in the air when no direction is held.
pub const AIR_BRAKE: f32 = 30.0;
/// Gravity (blocks per second squared).
pub const GRAVITY: f32 = 60.0;
/// Upward speed at the start of a jump.
pub const JUMP_SPEED: f32 = 21.0;
/// What is left of the upward speed when the jump button is let go while rising.
pub const JUMP_CUT: f32 = 0.4;
/// Falling speed cap.
pub const MAX_FALL: f32 = 18.0;
/// How long after leaving a ledge a jump still starts (seconds).
pub const COYOTE: f32 = 0.1;
/// How long a jump press is remembered before landing (seconds).
pub const BUFFER: f32 = 0.1;

/// Keeps touching edges from counting as overlap.
const EDGE: f32 = 1e-4;

/// Anything with solid blocks: a level, or a made-up world in tests and the jump builder.
pub trait Blocks {
    /// Whether the block at column `x`, row `y` stops the body.
    fn solid(&self, x: i32, y: i32) -> bool;
}

impl Blocks for super::tiles::ClimbLevel {
    fn solid(&self, x: i32, y: i32) -> bool {
        self.is_solid(x, y)
    }
}

impl<F: Fn(i32, i32) -> bool> Blocks for F {
    fn solid(&self, x: i32, y: i32) -> bool {
        self(x, y)
    }
}

/// What the player holds during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Controls {
    /// -1 left, 0 none, 1 right.
    pub dir: i8,
    /// The jump button is held.
    pub jump: bool,
    /// The jump button went down this step.
    pub jump_pressed: bool,
}

/// What happened during one step (for sound and animation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepEvents {
    /// A jump started.
    pub jumped: bool,
    /// The body came down on the ground.
    pub landed: bool,
    /// The body's head hit a ceiling.
    pub bumped: bool,
}

/// The player's body: `x` is its centre, `y` its feet.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Body {
    /// Centre, in blocks from the map's left edge.
    pub x: f32,
    /// Feet, in blocks from the map's top edge.
    pub y: f32,
    /// Horizontal speed (blocks per second, right positive).
    pub vx: f32,
    /// Vertical speed (down positive).
    pub vy: f32,
    /// Standing on the ground after the last step.
    pub on_ground: bool,
    /// Time left in which a jump may still start after leaving the ground.
    pub coyote: f32,
    /// Time left for a remembered jump press.
    pub buffer: f32,
    /// Rising from a jump whose button is still held.
    pub rising: bool,
}

impl Body {
    /// A body standing still in block (`x`, `y`): centred, feet on the block's floor.
    pub fn standing_in(x: i32, y: i32) -> Self {
        Self {
            x: x as f32 + 0.5,
            y: (y + 1) as f32,
            on_ground: true,
            coyote: COYOTE,
            ..Self::default()
        }
    }

    /// The body's box: left, top, right, bottom.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        (
            self.x - HALF_WIDTH,
            self.y - HEIGHT,
            self.x + HALF_WIDTH,
            self.y,
        )
    }

    /// The block holding the body's centre column and its feet's row: where it stands.
    pub fn cell(&self) -> (i32, i32) {
        (self.x.floor() as i32, (self.y - EDGE).floor() as i32)
    }

    /// Whether the body's box overlaps a block for which `hit` is true.
    pub fn touches(&self, hit: impl Fn(i32, i32) -> bool) -> bool {
        let (l, t, r, b) = self.bounds();
        overlaps(l, t, r, b, hit)
    }

    /// One fixed step of movement under `controls` in `world`.
    pub fn step(&mut self, world: &impl Blocks, controls: Controls) -> StepEvents {
        let mut events = StepEvents::default();
        self.steer(controls.dir);
        self.buffer = if controls.jump_pressed {
            BUFFER
        } else {
            (self.buffer - STEP).max(0.0)
        };
        self.coyote = if self.on_ground {
            COYOTE
        } else {
            (self.coyote - STEP).max(0.0)
        };
        if self.buffer > 0.0 && self.coyote > 0.0 {
            self.vy = -JUMP_SPEED;
            (self.buffer, self.coyote, self.rising) = (0.0, 0.0, true);
            self.on_ground = false;
            events.jumped = true;
        }
        if self.rising && (!controls.jump || self.vy >= 0.0) {
            if self.vy < 0.0 {
                self.vy *= JUMP_CUT;
            }
            self.rising = false;
        }
        self.vy = (self.vy + GRAVITY * STEP).min(MAX_FALL);
        self.move_x(world);
        let was_on_ground = self.on_ground;
        self.move_y(world, &mut events);
        events.landed = self.on_ground && !was_on_ground;
        events
    }

    fn steer(&mut self, dir: i8) {
        let target = f32::from(dir) * RUN_SPEED;
        let turning = dir != 0 && self.vx * f32::from(dir) < 0.0;
        let rate = match (self.on_ground, dir != 0) {
            (true, true) if turning => GROUND_BRAKE,
            (true, true) => GROUND_ACCEL,
            (true, false) => GROUND_BRAKE,
            (false, true) => AIR_ACCEL,
            (false, false) => AIR_BRAKE,
        };
        self.vx = approach(self.vx, target, rate * STEP);
    }

    fn move_x(&mut self, world: &impl Blocks) {
        let x = self.x + self.vx * STEP;
        let (t, b) = (self.y - HEIGHT, self.y);
        if !overlaps(x - HALF_WIDTH, t, x + HALF_WIDTH, b, |cx, cy| {
            world.solid(cx, cy)
        }) {
            self.x = x;
            return;
        }
        // The leading edge entered a new column: stop against it.
        self.x = if self.vx > 0.0 {
            cell_of(x + HALF_WIDTH - EDGE) as f32 - HALF_WIDTH
        } else {
            (cell_of(x - HALF_WIDTH + EDGE) + 1) as f32 + HALF_WIDTH
        };
        self.vx = 0.0;
    }

    fn move_y(&mut self, world: &impl Blocks, events: &mut StepEvents) {
        let y = self.y + self.vy * STEP;
        let (l, r) = (self.x - HALF_WIDTH, self.x + HALF_WIDTH);
        if !overlaps(l, y - HEIGHT, r, y, |cx, cy| world.solid(cx, cy)) {
            self.y = y;
            self.on_ground = false;
            return;
        }
        if self.vy > 0.0 {
            self.y = cell_of(y - EDGE) as f32;
            self.on_ground = true;
        } else {
            self.y = (cell_of(y - HEIGHT + EDGE) + 1) as f32 + HEIGHT;
            events.bumped = true;
            self.rising = false;
        }
        self.vy = 0.0;
    }
}

/// The column or row holding coordinate `v`.
pub fn cell_of(v: f32) -> i32 {
    v.floor() as i32
}

/// Whether the box `l, t, r, b` overlaps a block for which `hit` is true (touching is not
/// overlapping).
pub fn overlaps(l: f32, t: f32, r: f32, b: f32, hit: impl Fn(i32, i32) -> bool) -> bool {
    (cell_of(t + EDGE)..=cell_of(b - EDGE))
        .any(|y| (cell_of(l + EDGE)..=cell_of(r - EDGE)).any(|x| hit(x, y)))
}

fn approach(v: f32, target: f32, by: f32) -> f32 {
    if v < target {
        (v + by).min(target)
    } else {
        (v - by).max(target)
    }
}

/// The highest a held jump lifts the feet from flat ground (blocks), found by running the body.
pub fn jump_height() -> f32 {
    let floor = |_: i32, y: i32| y >= 1;
    let mut body = Body::standing_in(0, 0);
    let start = body.y;
    let mut top = start;
    let press = Controls {
        jump: true,
        jump_pressed: true,
        dir: 0,
    };
    body.step(&floor, press);
    while !body.on_ground {
        top = top.min(body.y);
        body.step(
            &floor,
            Controls {
                jump_pressed: false,
                ..press
            },
        );
    }
    start - top
}

/// How far a running jump carries the body from take-off to landing on flat ground (blocks).
pub fn jump_reach() -> f32 {
    let floor = |_: i32, y: i32| y >= 1;
    let mut body = Body::standing_in(0, 0);
    body.vx = RUN_SPEED;
    let start = body.x;
    let mut controls = Controls {
        dir: 1,
        jump: true,
        jump_pressed: true,
    };
    body.step(&floor, controls);
    controls.jump_pressed = false;
    while !body.on_ground {
        body.step(&floor, controls);
    }
    body.x - start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_jump_clears_three_blocks_but_not_four() {
        let h = jump_height();
        assert!((3.0..4.0).contains(&h), "jump height {h}");
        let reach = jump_reach();
        assert!((4.0..8.0).contains(&reach), "jump reach {reach}");
    }

    #[test]
    fn letting_go_early_cuts_the_jump() {
        let floor = |_: i32, y: i32| y >= 1;
        let mut body = Body::standing_in(0, 0);
        let start = body.y;
        body.step(
            &floor,
            Controls {
                dir: 0,
                jump: true,
                jump_pressed: true,
            },
        );
        let mut top = body.y;
        while !body.on_ground {
            body.step(&floor, Controls::default());
            top = top.min(body.y);
        }
        assert!(start - top < 1.0, "a tapped jump rose {}", start - top);
    }

    #[test]
    fn coyote_time_and_buffer_start_late_and_early_jumps() {
        // A ledge ends at x = 1: walk off it, then press jump a few steps later.
        let ledge = |x: i32, y: i32| y >= 1 && x <= 0;
        let mut body = Body::standing_in(0, 0);
        let right = Controls {
            dir: 1,
            ..Controls::default()
        };
        while body.on_ground {
            body.step(&ledge, right);
        }
        body.step(&ledge, right);
        let events = body.step(
            &ledge,
            Controls {
                jump: true,
                jump_pressed: true,
                ..right
            },
        );
        assert!(events.jumped, "jump two steps after leaving the ledge");

        // Falling onto flat ground, jump pressed three steps before landing.
        let floor = |_: i32, y: i32| y >= 10;
        let mut body = Body::standing_in(0, 5);
        body.on_ground = false;
        let mut steps_to_land = 0;
        let mut probe = body;
        while !probe.on_ground {
            probe.step(&floor, Controls::default());
            steps_to_land += 1;
        }
        for i in 0..steps_to_land + 2 {
            let pressed = i + 3 == steps_to_land;
            let events = body.step(
                &floor,
                Controls {
                    dir: 0,
                    jump: true,
                    jump_pressed: pressed,
                },
            );
            if events.jumped {
                return;
            }
        }
        panic!("a buffered press did not jump on landing");
    }

    #[test]
    fn the_body_never_ends_a_step_inside_a_block() {
        // A closed box with pillars; run and jump about at random for a while.
        let world = |x: i32, y: i32| {
            !(1..=20).contains(&x) || !(1..=12).contains(&y) || (x % 5 == 0 && y >= 9)
        };
        let mut body = Body::standing_in(3, 12);
        let mut state = 12345u32;
        for _ in 0..20_000 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let dir = (state >> 16) % 3;
            let jump = (state >> 20).is_multiple_of(4);
            body.step(
                &world,
                Controls {
                    dir: dir as i8 - 1,
                    jump,
                    jump_pressed: jump,
                },
            );
            assert!(!body.touches(world), "inside a block at {body:?}");
        }
    }
}
