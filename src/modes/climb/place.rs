//! Climb keeps the player's place like the move-by-move modes: leaving a run part-way keeps its
//! clock, gems, falls and last safe place (`places.ron`); reopening the level puts the player back
//! there, standing, with the clock where it stopped. A run whose level changed since is dropped
//! with a notice.

use super::run::ClimbRun;
use crate::flow::{CurrentLevel, Screen};
use crate::notices::Notices;
use crate::places::{OpenedLevel, PlaceKey, Places};
use crate::play::{PlaceOfSession, PlayEvent, PlayHud, PlaySet};
use crate::ui::clock;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::climb::body::Body;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill::AnyLevel;
use serde::{Deserialize, Serialize};

/// Seconds of play between two updates of the kept place.
const KEEP_EVERY: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            restore_place.run_if(resource_added::<ClimbRun>),
            keep_place.run_if(resource_exists::<ClimbRun>),
        )
            .chain()
            .in_set(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(OnExit(Screen::Play), keep_on_leaving);
    // The window closed mid-run: the place as it is now, not as it was at the last second.
    app.add_systems(
        Last,
        keep_on_leaving
            .run_if(on_message::<AppExit>)
            .before(crate::places::write_on_exit),
    );
}

/// What is kept of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RunPlace {
    /// The last safe place stood on: where the player comes back.
    respawn: (i32, i32),
    /// Seconds on the clock.
    elapsed: f32,
    /// Physics steps run.
    steps: u64,
    /// Gems taken, in the level's order.
    taken: Vec<bool>,
    /// Times sent back by spikes.
    falls: u32,
    /// Which way the player faced.
    facing: i8,
}

impl RunPlace {
    fn of(run: &ClimbRun) -> Self {
        RunPlace {
            respawn: run.respawn,
            elapsed: run.elapsed,
            steps: run.steps,
            taken: run.taken.clone(),
            falls: run.falls,
            facing: run.facing,
        }
    }

    /// Puts `run` where this was left; fails when it does not fit the run's level.
    fn apply(&self, run: &mut ClimbRun) -> Result<(), String> {
        if self.taken.len() != run.taken.len() {
            return Err("its gems are not the level's".into());
        }
        let (x, y) = self.respawn;
        if !run.level.is_standing_place(x, y) {
            return Err("its safe place is not one in the level".into());
        }
        run.body = Body::standing_in(x, y);
        run.previous = run.body;
        run.respawn = self.respawn;
        run.elapsed = self.elapsed;
        run.steps = self.steps;
        run.taken = self.taken.clone();
        run.falls = self.falls;
        run.facing = self.facing;
        Ok(())
    }
}

/// Puts a new run where it was left, if it was, and says the run started: the play's record
/// goes on the one it was left in where the run is taken up again.
fn restore_place(
    mut run: ResMut<ClimbRun>,
    current: Option<Res<CurrentLevel>>,
    mut places: ResMut<Places>,
    mut notices: ResMut<Notices>,
    mut hud: ResMut<PlayHud>,
    mut events: MessageWriter<PlayEvent>,
    mut commands: Commands,
) {
    let Some(level) = current.as_deref().and_then(OpenedLevel::of) else {
        commands.insert_resource(PlaceOfSession(None));
        events.write(PlayEvent::Started);
        return;
    };
    let digest = level_digest(ModeId::Climb, &(run.level.clone() as AnyLevel)).unwrap_or_default();
    if let Some(place) = places.find(&level.id).cloned() {
        let restored = if place.digest != digest {
            Err("the level changed since".to_string())
        } else {
            ron::from_str::<RunPlace>(&place.record)
                .map_err(|e| format!("it could not be read ({e})"))
                .and_then(|kept| kept.apply(&mut run))
        };
        match restored {
            Ok(()) => {
                notices.level_info(format!(
                    "Back where you left off: {} in, at your last safe place.",
                    clock(run.elapsed)
                ));
                hud.resumed = true;
            }
            Err(why) => {
                places.forget(&level.id);
                notices.warn(format!(
                    "Your place in {} was dropped ({why}): the level starts afresh.",
                    crate::input::literal(&place.title)
                ));
            }
        }
    }
    commands.insert_resource(PlaceOfSession(Some(PlaceKey { level, digest })));
    events.write(PlayEvent::Started);
}

/// Keeps the run's place every second of play, and drops it once the exit is reached.
fn keep_place(
    run: Res<ClimbRun>,
    kept: Option<Res<PlaceOfSession>>,
    mut places: ResMut<Places>,
    mut last: Local<f32>,
) {
    if run.is_added() {
        *last = run.elapsed;
    }
    let due = run.finished || (run.elapsed - *last).abs() >= KEEP_EVERY;
    if let (Some(kept), true) = (kept, due) {
        *last = run.elapsed;
        keep(&run, &kept, &mut places);
    }
}

fn keep_on_leaving(
    run: Option<Res<ClimbRun>>,
    kept: Option<Res<PlaceOfSession>>,
    mut places: ResMut<Places>,
) {
    if let (Some(run), Some(kept)) = (run, kept) {
        keep(&run, &kept, &mut places);
    }
}

fn keep(run: &ClimbRun, kept: &PlaceOfSession, places: &mut Places) {
    let Some(key) = &kept.0 else {
        return;
    };
    if run.finished || run.elapsed == 0.0 {
        if places.find(&key.level.id).is_some() {
            places.forget(&key.level.id);
        }
        return;
    }
    let Ok(record) = ron::to_string(&RunPlace::of(run)) else {
        return;
    };
    let detail = detail(run.elapsed, run.gems(), run.taken.len());
    places.keep(key.place(record, 0, detail));
}

/// What the resume line says of a run left part-way: the time in it and, in a level with gems,
/// how many it has taken.
fn detail(elapsed: f32, taken: usize, gems: usize) -> String {
    match gems {
        0 => format!("{} in", clock(elapsed)),
        1 => format!("{} in · {taken} of 1 gem", clock(elapsed)),
        _ => format!("{} in · {taken} of {gems} gems", clock(elapsed)),
    }
}

#[cfg(test)]
mod tests {
    use super::detail;

    #[test]
    fn the_resume_line_counts_gems_only_where_the_level_has_some() {
        assert_eq!(detail(83.46, 0, 0), "1:23.4 in");
        assert_eq!(detail(12.0, 0, 1), "0:12.0 in · 0 of 1 gem");
        assert_eq!(detail(12.0, 2, 5), "0:12.0 in · 2 of 5 gems");
    }
}
