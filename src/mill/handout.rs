//! Handing milled levels to the play screen. A fresh level comes from its lane's queue at once
//! if one is ready; otherwise the play screen waits, showing the job's progress, until it is. A
//! level code gets a job of its own. Meanwhile that job runs alone, at the normal priority (see
//! [`Mill::hold_for`]). Back (or Cancel) while waiting returns to the level select.

use super::for_you::{ForYouBands, ForYouLane};
use super::lane::{LaneKey, new_seed, start};
use super::state::{Mill, MillSet, Waited};
use super::task::{Outcome, Progress, Running};
use super::threads::Priority;
use crate::flow::{CurrentLevel, LevelSource, Milled, Screen};
use crate::input::Action;
use bevy::prelude::*;

use leafwing_input_manager::prelude::*;
use puzzlemill_core::Tier;
use puzzlemill_core::code::LevelCode;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (try_again, hand_out, cancel_wait)
            .chain()
            .after(MillSet)
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(OnExit(Screen::Play), stop_waiting);
    app.add_message::<TryAgain>();
}

/// Present while the play screen waits for the mill.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Waiting {
    /// The tier being milled.
    pub tier: Option<Tier>,
    /// Candidates the job has drawn.
    pub attempts: u32,
    /// The best score among verified candidates so far.
    pub best: Option<f64>,
    /// How far the job is through work of a known size (a Lines optimizer's iterations).
    pub share_done: Option<f32>,
    /// Why no level is coming, when that is so.
    pub error: Option<String>,
    /// The lane waited on, where another try may give a level (a fresh or For you level, not a
    /// code's): after an error the player may try again ([`TryAgain`]).
    retry: Option<Waited>,
}

/// The player asks the lane whose error the play screen shows to search again (the waiting
/// panel's Try again, or Confirm there).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TryAgain;

impl Waiting {
    /// Whether the player may try again: an error shows, and another search may give a level.
    pub fn may_retry(&self) -> bool {
        self.lane_to_retry().is_some()
    }

    /// The lane that may try again, where an error shows.
    fn lane_to_retry(&self) -> Option<Waited> {
        self.retry.filter(|_| self.error.is_some())
    }

    /// Takes the running job's progress.
    fn follow(&mut self, progress: &Progress) {
        self.attempts = progress.attempts();
        self.best = progress.best();
        self.share_done = progress.share_done();
    }
}

/// The job regenerating a level from its code, or why it made none.
#[derive(Resource)]
enum CodeJob {
    /// Still working.
    Running(Running),
    /// The code's seed gave up: the player stays on the message until they go back.
    Failed(String),
}

fn hand_out(
    mut current: Option<ResMut<CurrentLevel>>,
    mut mill: ResMut<Mill>,
    code_job: Option<Res<CodeJob>>,
    bands: Res<ForYouBands>,
    waiting: Option<ResMut<Waiting>>,
    mut commands: Commands,
) {
    let Some(current) = current.as_mut().filter(|c| c.milled.is_none()) else {
        if waiting.is_some() {
            commands.remove_resource::<Waiting>();
        }
        if mill.waited.is_some() {
            mill.hold_for(None);
        }
        return;
    };
    let mode = current.request.mode;
    let mill_paused = mill.paused;
    let mut status = Waiting {
        tier: current.request.source.tier(),
        ..default()
    };
    let waited = match current.request.source {
        LevelSource::Curated { .. } | LevelSource::Draft | LevelSource::Shared => return,
        LevelSource::Fresh { tier } => Waited::Lane(LaneKey { mode, tier }),
        LevelSource::ForYou => Waited::ForYou(mode),
        LevelSource::Code(_) | LevelSource::Again { .. } => Waited::Code,
    };
    status.retry = (waited != Waited::Code).then_some(waited);
    match current.request.source {
        LevelSource::Curated { .. } | LevelSource::Draft | LevelSource::Shared => {}
        LevelSource::Fresh { tier } => {
            let lane = mill.lanes.entry(LaneKey { mode, tier }).or_default();
            if let Some(fresh) = lane.ready.pop_front() {
                current.milled = Some(Milled(fresh));
            } else if let Some(error) = &lane.error {
                status.error = Some(error.clone());
            } else if let Some(running) = lane
                .running
                .as_ref()
                .filter(|r| r.priority == Priority::Waited || mill_paused)
            {
                status.follow(&running.progress);
            } else if !mill_paused {
                // A player is waiting on this lane: start its job whatever the refill rules say,
                // at the normal priority. A background job of the lane gives way to one for the
                // same code (the same level; it only loses the time spent).
                let code = lane
                    .running
                    .as_ref()
                    .map_or_else(|| LevelCode::new(mode, tier, 0, new_seed()), |r| r.code);
                match start(code, Priority::Waited) {
                    Ok(running) => lane.running = Some(running),
                    Err(error) => lane.error = Some(error),
                }
            }
        }
        LevelSource::ForYou => match bands.0.get(&mode) {
            None => {
                status.error = Some(format!("{mode} has no For you."));
                status.retry = None;
            }
            Some(&band) => {
                let lane = mill
                    .for_you
                    .entry(mode)
                    .or_insert_with(|| ForYouLane::new(band));
                lane.retarget(band);
                if let Some(fresh) = lane.lane.ready.pop_front() {
                    current.milled = Some(Milled(fresh));
                } else if let Some(error) = &lane.lane.error {
                    status.error = Some(error.clone());
                } else if let Some(running) = lane
                    .lane
                    .running
                    .as_ref()
                    .filter(|r| r.priority == Priority::Waited || mill_paused)
                {
                    status.follow(&running.progress);
                } else if !mill_paused {
                    // A background search gives way to one at the normal priority.
                    lane.lane.running = None;
                    lane.start_if_needed(mode, 1, Priority::Waited);
                }
            }
        },
        LevelSource::Code(code) | LevelSource::Again { code, .. } => match code_job.as_deref() {
            None => match start(code, Priority::Waited) {
                Ok(running) => commands.insert_resource(CodeJob::Running(running)),
                Err(error) => {
                    status.error = Some(error.clone());
                    commands.insert_resource(CodeJob::Failed(error));
                }
            },
            Some(CodeJob::Failed(error)) => status.error = Some(error.clone()),
            Some(CodeJob::Running(job)) => {
                let failed = match job.try_outcome() {
                    None => {
                        status.follow(&job.progress);
                        None
                    }
                    Some(Outcome::Done(fresh)) => {
                        current.milled = Some(Milled(fresh));
                        commands.remove_resource::<CodeJob>();
                        None
                    }
                    Some(Outcome::GaveUp) => Some(format!(
                        "No level could be made from {code}: its seed gave up after {} \
                         attempts. Go back and try another code.",
                        code.mode.spec().max_attempts
                    )),
                    Some(Outcome::Stopped) => Some(format!(
                        "Making the level of {code} stopped without one (a fault in the game). \
                         Go back and try again."
                    )),
                };
                if let Some(error) = failed {
                    status.error = Some(error.clone());
                    commands.insert_resource(CodeJob::Failed(error));
                }
            }
        },
    }
    // The level the player waits for has the mill to itself until it comes (or cannot).
    let still_waiting = current.milled.is_none() && status.error.is_none();
    mill.hold_for(still_waiting.then_some(waited));
    if current.milled.is_some() {
        commands.remove_resource::<Waiting>();
    } else if waiting.as_deref() != Some(&status) {
        commands.insert_resource(status);
    }
}

/// Back while waiting returns to the level select (the HUD's Cancel button does the same).
/// Confirm after an error tries again where that may help (as the HUD's Try again does).
fn cancel_wait(
    waiting: Option<Res<Waiting>>,
    actions: Single<&ActionState<Action>>,
    mut next: ResMut<NextState<Screen>>,
    mut again: MessageWriter<TryAgain>,
) {
    let Some(waiting) = waiting else {
        return;
    };
    if actions.just_pressed(&Action::Back) {
        next.set(Screen::LevelSelect);
    } else if actions.just_pressed(&Action::Confirm) && waiting.may_retry() {
        again.write(TryAgain);
    }
}

/// The lane whose error shows searches again; the next hand-out starts it.
fn try_again(
    mut asked: MessageReader<TryAgain>,
    waiting: Option<Res<Waiting>>,
    mut mill: ResMut<Mill>,
) {
    if asked.read().count() == 0 {
        return;
    }
    if let Some(lane) = waiting.and_then(|w| w.lane_to_retry()) {
        mill.retry(lane);
    }
}

/// Leaving the play screen stops waiting. A lane whose error the player saw may search again (in
/// the background, or when a player next asks for it): the error was for that try.
fn stop_waiting(waiting: Option<Res<Waiting>>, mut mill: ResMut<Mill>, mut commands: Commands) {
    if let Some(lane) = waiting.and_then(|w| w.lane_to_retry()) {
        mill.retry(lane);
    }
    commands.remove_resource::<Waiting>();
    commands.remove_resource::<CodeJob>();
    mill.hold_for(None);
}
