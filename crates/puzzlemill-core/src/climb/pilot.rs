//! A pilot that plays a route the search found with the player's own controls, step by step:
//! before each move it walks the body to the middle of its block and stops, then holds the move's
//! script until the body has landed and stopped. It is how the tests show the search and the
//! physics agree, and how the game's demo shows the way.

use super::body::{Body, Controls};
use super::moves::moves;
use super::reach::Step;
use super::tiles::Cell;

/// How close to a block's middle counts as there (blocks); well inside the moves' margin.
const SETTLED: f32 = 0.04;

/// Plays a route.
#[derive(Clone, Debug)]
pub struct Pilot {
    route: Vec<(Cell, Step)>,
    goal: Cell,
    next: usize,
    /// Steps into the current move, once it has started.
    performing: Option<u16>,
    airborne: bool,
}

/// Where the pilot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PilotState {
    /// Still going.
    Flying,
    /// Every step is done.
    Arrived,
}

impl Pilot {
    /// A pilot for `route` to `goal` (as from [`super::reach::Reach::route_to`]).
    pub fn new(route: Vec<(Cell, Step)>, goal: Cell) -> Self {
        Self {
            route,
            goal,
            next: 0,
            performing: None,
            airborne: false,
        }
    }

    /// The index of the step being played.
    pub fn step_index(&self) -> usize {
        self.next
    }

    /// Whether every step has been played and the body stands still in the goal's middle.
    pub fn state(&self) -> PilotState {
        if self.next > self.route.len() {
            PilotState::Arrived
        } else {
            PilotState::Flying
        }
    }

    /// The controls to hold for the next physics step of `body`.
    pub fn controls(&mut self, body: &Body) -> Controls {
        let Some(&((x, _), step)) = self.route.get(self.next) else {
            // A move that started a little off the middle may stop a block short or long: walk
            // the last bit.
            let centre = f32::from(self.goal.0) + 0.5;
            if self.next == self.route.len() && settled(body, centre) {
                self.next += 1;
            }
            return toward(body, centre);
        };
        match step {
            Step::Walk(d) => {
                let target = f32::from(x) + 0.5 + f32::from(d);
                if settled(body, target) {
                    self.next += 1;
                    return self.controls(body);
                }
                toward(body, target)
            }
            Step::Move(i) => {
                let script = moves()[usize::from(i)].script;
                let Some(k) = self.performing else {
                    let centre = f32::from(x) + 0.5;
                    if settled(body, centre) && body.on_ground {
                        self.performing = Some(0);
                        self.airborne = false;
                        return self.controls(body);
                    }
                    return toward(body, centre);
                };
                if !body.on_ground && k > 0 {
                    self.airborne = true;
                }
                let landed = self.airborne && body.on_ground;
                if landed && body.vx == 0.0 {
                    self.performing = None;
                    self.next += 1;
                    return self.controls(body);
                }
                self.performing = Some(k.saturating_add(1));
                script.controls(k, landed)
            }
        }
    }
}

fn settled(body: &Body, target: f32) -> bool {
    (body.x - target).abs() < SETTLED && body.vx == 0.0
}

/// Run toward `target` and brake in time to stop near it.
fn toward(body: &Body, target: f32) -> Controls {
    let gap = target - body.x;
    let braking = body.vx * body.vx / (2.0 * super::body::GROUND_BRAKE);
    let dir = if gap.abs() < SETTLED || (body.vx * gap > 0.0 && braking >= gap.abs()) {
        0
    } else {
        gap.signum() as i8
    };
    Controls {
        dir,
        ..Controls::default()
    }
}
