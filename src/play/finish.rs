//! The end of a level: the win is recorded, and once the last move has played out the
//! level-complete screen opens. The same for every mode.

use super::hud::PlayHud;
use super::messages::{PlayEvent, PlaySet};
use crate::flow::{Counter, CurrentLevel, LastResult, LevelSource, Screen};
use crate::modes::timeline::Timeline;
use crate::save::{LevelSolved, Progress};
use bevy::prelude::*;
use puzzlemill_core::code::LevelCode;

/// Seconds between the winning move and the level-complete screen (the last slide and the chime),
/// at least: longer while the board still animates the move (a chain of pulls and pops).
const WIN_PAUSE: f32 = 0.9;
/// The longest the level-complete screen waits for the board's animations.
const WIN_PAUSE_MOST: f32 = 3.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (recall_best_time, finish_won_level)
            .after(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
}

/// The level's best time on the HUD beside its clock, where the mode runs against the clock and
/// the player has finished the level before (a curated level's key, else its code).
fn recall_best_time(
    mut events: MessageReader<PlayEvent>,
    current: Option<Res<CurrentLevel>>,
    progress: Res<Progress>,
    mut hud: ResMut<PlayHud>,
) {
    if !events.read().any(|e| *e == PlayEvent::Started) {
        return;
    }
    let Some(current) = current.filter(|_| matches!(hud.counter, Counter::Clock { .. })) else {
        return;
    };
    let key = current.key.clone().or_else(|| hud.code.clone());
    hud.best_time = key.and_then(|k| progress.best_time(&k));
}

/// Records the win, then opens the level-complete screen once the last move has played out.
#[allow(clippy::too_many_arguments)]
fn finish_won_level(
    time: Res<Time>,
    mut hud: ResMut<PlayHud>,
    mut events: MessageReader<PlayEvent>,
    current: Option<Res<CurrentLevel>>,
    progress: Res<Progress>,
    mut solved: MessageWriter<LevelSolved>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    animating: Query<(), With<Timeline>>,
) {
    if events.read().any(|e| *e == PlayEvent::Won) {
        hud.won_for = Some(0.0);
        if let Some(current) = &current {
            let code = hud.code.clone();
            let time_key = current.key.clone().or_else(|| code.clone());
            commands.insert_resource(LastResult {
                counter: hud.counter,
                previous_best: current
                    .key
                    .as_ref()
                    .and_then(|k| progress.record(k))
                    .map(|r| r.best_moves),
                previous_best_time: time_key.and_then(|k| progress.best_time(&k)),
            });
            // A play-test in the editor is not a solved level; a shared one has no record.
            if !matches!(
                current.request.source,
                LevelSource::Draft | LevelSource::Shared
            ) {
                solved.write(LevelSolved {
                    key: current.key.clone(),
                    mode: current.request.mode.key(),
                    // A For you level's tier is its code's (the mill chose it).
                    tier: current.request.source.tier().or_else(|| {
                        let code = LevelCode::parse(code.as_deref()?).ok()?;
                        Some(code.tier)
                    }),
                    moves: hud.moves(),
                    time: match hud.counter {
                        Counter::Clock { seconds, .. } => Some(seconds),
                        Counter::Moves { .. } => None,
                    },
                    code,
                });
            }
        }
        return;
    }
    if let Some(elapsed) = hud.won_for.as_mut() {
        *elapsed += time.delta_secs();
        let played_out = animating.is_empty();
        if (*elapsed >= WIN_PAUSE && played_out) || *elapsed >= WIN_PAUSE_MOST {
            hud.won_for = None;
            next.set(Screen::LevelComplete);
        }
    }
}
