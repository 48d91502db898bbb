//! A Climb run: the level, the player's body stepped by the core's physics at a fixed 60 steps a
//! second whatever the frame rate, gems, spikes, the exit and the clock. Headless: the view and
//! HUD only read it.

use super::controls::ClimbControls;
use super::lesson::TrainingFirst;
use crate::audio::Sfx;
use crate::flow::{Counter, CurrentLevel, Overlay, Screen};
use crate::input::PointerOwned;
use crate::levels::LevelLibrary;
use crate::notices::Notices;
use crate::play::{
    Opened, PlayEvent, PlayHud, PlayRequest, PlaySet, open_level, play_lesson_first,
    report_unopened,
};
use bevy::prelude::*;
use puzzlemill_core::climb::body::{Body, Controls, HEIGHT, STEP, StepEvents};
use puzzlemill_core::climb::{Climb, ClimbLevel, Tile};
use puzzlemill_core::{ModeId, Rate, Status};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Time::<Fixed>::from_seconds(f64::from(STEP)));
    app.add_message::<ClimbEvent>();
    app.add_systems(
        Update,
        (
            start_run
                .after(crate::mill::MillSet)
                .before(PlaySet)
                .run_if(in_state(Screen::Play).and_then(not(resource_exists::<ClimbRun>))),
            restart_on_request
                .in_set(PlaySet)
                .run_if(resource_exists::<ClimbRun>),
        ),
    );
    app.add_systems(
        FixedUpdate,
        step_run.run_if(
            resource_exists::<ClimbRun>
                .and_then(in_state(Screen::Play))
                .and_then(in_state(Overlay::None)),
        ),
    );
    app.add_systems(OnExit(Screen::Play), end_run);
}

/// The Climb level in play.
#[derive(Resource, Clone, Debug)]
pub struct ClimbRun {
    /// The level.
    pub level: Arc<ClimbLevel>,
    /// The player's body now.
    pub body: Body,
    /// The body one physics step ago (the view draws between the two).
    pub previous: Body,
    /// Which way the player last faced (-1 left, 1 right).
    pub facing: i8,
    /// Seconds of play so far (the clock starts with the player's first input).
    pub elapsed: f32,
    /// Physics steps run since the level started.
    pub steps: u64,
    /// Which gems are taken, in the level's order.
    pub taken: Vec<bool>,
    /// Where the player comes back after spikes: the last safe place stood on.
    pub respawn: (i32, i32),
    /// Times the player was sent back.
    pub falls: u32,
    /// The exit is reached.
    pub finished: bool,
}

impl ClimbRun {
    /// A run at the start of `level`.
    pub fn new(level: Arc<ClimbLevel>) -> Self {
        let (x, y) = level.entrance;
        let body = Body::standing_in(i32::from(x), i32::from(y));
        Self {
            taken: vec![false; level.gems.len()],
            level,
            body,
            previous: body,
            facing: 1,
            elapsed: 0.0,
            steps: 0,
            respawn: (i32::from(x), i32::from(y)),
            falls: 0,
            finished: false,
        }
    }

    /// Gems taken so far.
    pub fn gems(&self) -> usize {
        self.taken.iter().filter(|t| **t).count()
    }

    /// One physics step under `controls`; says what happened.
    pub fn step(&mut self, controls: Controls) -> Vec<ClimbEvent> {
        let mut out = Vec::new();
        if self.finished {
            return out;
        }
        self.previous = self.body;
        if controls.dir != 0 {
            self.facing = controls.dir;
        }
        let StepEvents {
            jumped,
            landed,
            bumped: _,
        } = self.body.step(&*self.level, controls);
        self.steps += 1;
        if self.elapsed > 0.0 || controls != Controls::default() {
            self.elapsed += STEP;
        }
        if jumped {
            out.push(ClimbEvent::Jumped);
        }
        if landed {
            out.push(ClimbEvent::Landed);
        }
        for (i, &(gx, gy)) in self.level.gems.iter().enumerate() {
            if !self.taken[i]
                && self
                    .body
                    .touches(|x, y| (x, y) == (i32::from(gx), i32::from(gy)))
            {
                self.taken[i] = true;
                out.push(ClimbEvent::Gem);
            }
        }
        if self.on_spikes() {
            self.previous = Body::standing_in(self.respawn.0, self.respawn.1);
            self.body = self.previous;
            self.falls += 1;
            out.push(ClimbEvent::Spiked);
            return out;
        }
        if self.body.on_ground && self.safe_to_respawn() {
            self.respawn = self.body.cell();
        }
        let (ex, ey) = self.level.exit;
        if self
            .body
            .touches(|x, y| (x, y) == (i32::from(ex), i32::from(ey)))
        {
            self.finished = true;
            out.push(ClimbEvent::Finished);
        }
        out
    }

    /// Whether the body touches the lower half of a spike block (where the spikes are drawn).
    fn on_spikes(&self) -> bool {
        let (l, t, r, b) = self.body.bounds();
        let level = &self.level;
        (t.floor() as i32..=(b - 1e-4).floor() as i32).any(|y| {
            (l.floor() as i32..=(r - 1e-4).floor() as i32)
                .any(|x| level.tile(x, y) == Tile::Spikes && b > y as f32 + 0.5)
        })
    }

    /// Standing on plain ground with no spikes within a block: a fair place to come back to.
    fn safe_to_respawn(&self) -> bool {
        let (x, y) = self.body.cell();
        let centred = (self.body.x - (x as f32 + 0.5)).abs() < 0.3;
        centred
            && self.level.is_standing_place(x, y)
            && (-1..=1).all(|dx| (-1..=1).all(|dy| self.level.tile(x + dx, y + dy) != Tile::Spikes))
    }

    /// Back to the entrance with the clock and gems reset.
    pub fn restart(&mut self) {
        *self = ClimbRun::new(self.level.clone());
    }
}

/// Something the view and sound react to.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClimbEvent {
    /// A jump started.
    Jumped,
    /// The player came down on the ground.
    Landed,
    /// A gem was taken.
    Gem,
    /// The player touched spikes and went back to the last safe place.
    Spiked,
    /// The exit is reached.
    Finished,
}

/// The body's height, for the view.
pub const BODY_HEIGHT: f32 = HEIGHT;

fn start_run(
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
    mut hud: ResMut<PlayHud>,
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
    mut controls: ResMut<ClimbControls>,
    mut guide: ResMut<super::guide::ClimbGuide>,
    mut training: TrainingFirst,
    mut commands: Commands,
) {
    let Some(current) = current.filter(|c| c.request.mode == ModeId::Climb) else {
        return;
    };
    let level = match open_level::<ClimbLevel>(ModeId::Climb, &current, &library) {
        Ok(Some(Opened { level, .. })) => level,
        Ok(None) => return,
        Err(message) => return report_unopened(&message, &mut notices, &mut next),
    };
    if let Some(lesson) = training.lesson_before(&current, &library) {
        return play_lesson_first(lesson, &mut notices, &mut commands);
    }
    let run = ClimbRun::new(Arc::new(level));
    *controls = ClimbControls::default();
    guide.clear();
    *hud = PlayHud::opened(ModeId::Climb, &current, clock(&run));
    if hud.rating.is_none() {
        hud.rating = Climb::rate(&run.level).map(|r| (r.tier, r.score));
    }
    refresh_hud(&run, &mut hud);
    commands.insert_resource(run);
    // The touch buttons read the touches; a finger sliding off one is not a swipe.
    commands.insert_resource(PointerOwned);
    // `PlayEvent::Started` follows once the run has its place back or none (`place.rs`), so the
    // history knows a run taken up again.
}

fn end_run(run: Option<Res<ClimbRun>>, mut commands: Commands) {
    if run.is_some() {
        commands.remove_resource::<ClimbRun>();
        commands.remove_resource::<PointerOwned>();
    }
}

/// The HUD's clock and gems for `run`.
fn clock(run: &ClimbRun) -> Counter {
    Counter::Clock {
        seconds: run.elapsed,
        gems: (run.gems() as u32, run.taken.len() as u32),
    }
}

fn refresh_hud(run: &ClimbRun, hud: &mut PlayHud) {
    hud.counter = clock(run);
    // A run has no moves to take back: restart is its one request.
    hud.can_restart = run.elapsed > 0.0;
    hud.idle =
        "Run with {run}, jump with {jump} (hold to jump higher). {hint} shows the way.".to_string();
}

fn step_run(
    mut run: ResMut<ClimbRun>,
    mut controls: ResMut<ClimbControls>,
    mut guide: ResMut<super::guide::ClimbGuide>,
    mut hud: ResMut<PlayHud>,
    mut events: MessageWriter<ClimbEvent>,
    mut play_events: MessageWriter<PlayEvent>,
    mut sfx: MessageWriter<Sfx>,
) {
    if run.finished {
        return;
    }
    let held = controls.take_step();
    // Only touch the guide when a pilot flies (its marks redraw when it changes).
    let held = if guide.active() {
        guide.controls(&run).unwrap_or(held)
    } else {
        held
    };
    for event in run.step(held) {
        events.write(event);
        match event {
            ClimbEvent::Gem => {
                sfx.write(Sfx::Success);
            }
            ClimbEvent::Spiked => {
                sfx.write(Sfx::Lose);
            }
            ClimbEvent::Landed => {
                sfx.write(Sfx::Bump);
            }
            ClimbEvent::Finished => {
                hud.status = Some(Status::Won);
                sfx.write(Sfx::Win);
                play_events.write(PlayEvent::Won);
            }
            ClimbEvent::Jumped => {
                sfx.write(Sfx::Jump);
            }
        }
    }
    refresh_hud(&run, &mut hud);
}

fn restart_on_request(
    mut requests: MessageReader<PlayRequest>,
    mut run: ResMut<ClimbRun>,
    mut hud: ResMut<PlayHud>,
    mut events: MessageWriter<PlayEvent>,
) {
    for request in requests.read() {
        if *request == PlayRequest::Restart && !run.finished {
            run.restart();
            refresh_hud(&run, &mut hud);
            events.write(PlayEvent::Restarted);
        }
    }
}

/// Where the body's middle is, in blocks (for the view and camera).
pub fn body_centre(body: &Body) -> Vec2 {
    Vec2::new(body.x, body.y - BODY_HEIGHT / 2.0)
}
