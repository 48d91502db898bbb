//! The way out, from wherever the player stands. A hint (H) searches the way with the fewest
//! jumps from the player's place and marks where its next jumps and falls land, for a few
//! seconds; a "step" request (the demo and screenshot autoplay) hands the controls to a pilot
//! that plays that way one step at a time with the real physics.

use super::run::ClimbRun;
use crate::flow::Overlay;
use crate::notices::Notices;
use crate::play::{PlayEvent, PlayHud, PlayRequest, PlaySet};
use bevy::prelude::*;
use puzzlemill_core::climb::pilot::{Pilot, PilotState};
use puzzlemill_core::climb::reach::{Step, fewest_jumps};
use puzzlemill_core::climb::tiles::Cell;
use puzzlemill_core::climb::{ClimbLevel, body::Controls};
use puzzlemill_core::edit::count;
use std::collections::HashSet;

/// What "?" says in Climb.
pub const RULES: &str = "Run with {run}; jump with {jump}, and hold it to jump higher. \
                         Spikes send you back to the last safe place you stood on; gems are a \
                         bonus. Reach the door. {hint} marks the way from where you stand.";

/// Seconds the way stays marked after a hint.
pub const SHOWN_FOR: f32 = 6.0;
/// Landing places marked by a hint.
const MARKS: usize = 6;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClimbGuide>();
    app.add_systems(
        Update,
        (
            follow_requests.in_set(PlaySet),
            answer_hint,
            // The marks wait while the game is paused (the run's clock does too).
            fade.run_if(in_state(Overlay::None)),
        )
            .chain()
            .run_if(resource_exists::<ClimbRun>),
    );
}

/// The marked way and the pilot, if either is active.
#[derive(Resource, Default)]
pub struct ClimbGuide {
    pilot: Option<Pilot>,
    /// Route steps the pilot still plays.
    steps_left: u32,
    /// Places on the way to the exit, nearest first, while a hint shows them.
    pub marks: Vec<Cell>,
    /// Seconds the marks stay.
    pub marks_for: f32,
    /// A hint asked for in the air, answered on landing.
    pending_hint: bool,
    /// The cells of this try a hint was asked at (one asked again there is not counted again).
    hinted_at: HashSet<(i32, i32)>,
}

impl ClimbGuide {
    /// Whether a pilot has the controls.
    pub fn active(&self) -> bool {
        self.pilot.is_some()
    }

    /// The pilot's controls for the next physics step, when it has the controls.
    pub fn controls(&mut self, run: &ClimbRun) -> Option<Controls> {
        let pilot = self.pilot.as_mut()?;
        let before = pilot.step_index();
        let controls = pilot.controls(&run.body);
        if pilot.step_index() > before {
            self.steps_left = self.steps_left.saturating_sub(1);
        }
        if self.steps_left == 0 || pilot.state() == PilotState::Arrived {
            self.pilot = None;
        }
        Some(controls)
    }

    /// Forgets the way (a restart).
    pub fn clear(&mut self) {
        *self = Self::default();
    }
}

/// The route from where the body stands to the exit: each step with the place it starts from.
fn route_from(level: &ClimbLevel, run: &ClimbRun) -> Option<Vec<(Cell, Step)>> {
    let (x, y) = run.body.cell();
    // Standing half over an edge, the block with the ground is the place.
    let x = [x, x - 1, x + 1]
        .into_iter()
        .find(|&x| level.is_standing_place(x, y))
        .filter(|_| run.body.on_ground)?;
    let from = (x as u16, y as u16);
    fewest_jumps(level, from, level.exit)
}

fn follow_requests(
    mut requests: MessageReader<PlayRequest>,
    run: Res<ClimbRun>,
    mut guide: ResMut<ClimbGuide>,
    mut hud: ResMut<PlayHud>,
    mut notices: ResMut<Notices>,
    mut events: MessageWriter<PlayEvent>,
) {
    for request in requests.read() {
        match request {
            PlayRequest::Hint => {
                // Counted like a move-by-move mode's hint (the play's record, For you): once
                // for each place the climber asks from (a press while one is still being
                // answered asks nothing new).
                let first_here = guide.hinted_at.insert(run.body.cell());
                let again = guide.pending_hint || !first_here;
                guide.pending_hint = true;
                hud.hint = Some("Looking for the way…".to_string());
                events.write(PlayEvent::Hinted { again });
            }
            PlayRequest::Step => {
                if guide.pilot.is_none()
                    && let Some(route) = route_from(&run.level, &run)
                {
                    guide.pilot = Some(Pilot::new(route, run.level.exit));
                }
                guide.steps_left = guide.steps_left.saturating_add(1);
            }
            PlayRequest::Restart => {
                // The marks go, and the hint's line with them (the fade that clears it has
                // nothing left to count down).
                guide.clear();
                hud.hint = None;
            }
            PlayRequest::Explain => notices.level_info(RULES),
            PlayRequest::Undo | PlayRequest::Redo => {}
        }
    }
}

/// Answers a hint once the player stands somewhere: marks the way, or says there is none.
fn answer_hint(run: Res<ClimbRun>, mut guide: ResMut<ClimbGuide>, mut hud: ResMut<PlayHud>) {
    if !guide.pending_hint || !run.body.on_ground {
        return;
    }
    guide.pending_hint = false;
    hud.hint = Some(match route_from(&run.level, &run) {
        None => "No way to the exit from here: restart[ ({restart})|].".to_string(),
        Some(route) => {
            // Where each jump or fall lands (the walks between are plain to see).
            let landings = route.windows(2).filter(|w| matches!(w[0].1, Step::Move(_)));
            let mut marks: Vec<Cell> = landings.map(|w| w[1].0).collect();
            if matches!(route.last(), Some((_, Step::Move(_)))) || marks.is_empty() {
                marks.push(run.level.exit);
            }
            marks.truncate(MARKS);
            guide.marks = marks;
            guide.marks_for = SHOWN_FOR;
            let jumps = route
                .iter()
                .filter(|(_, s)| matches!(s, Step::Move(_)))
                .count();
            format!(
                "Follow the marks: {} to the exit from here.",
                count(jumps, "jump or drop")
            )
        }
    });
    if guide.marks.is_empty() {
        guide.marks_for = SHOWN_FOR / 2.0;
    }
}

fn fade(time: Res<Time>, mut guide: ResMut<ClimbGuide>, mut hud: ResMut<PlayHud>) {
    if guide.marks_for <= 0.0 {
        return;
    }
    // The count-down alone is no change of the marks: the view pulses and fades the ones it
    // drew (it draws them again on a change).
    guide.bypass_change_detection().marks_for -= time.delta_secs();
    if guide.marks_for <= 0.0 {
        guide.marks.clear();
        if !guide.pending_hint {
            hud.hint = None;
        }
    }
}
