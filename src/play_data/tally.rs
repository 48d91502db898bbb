//! Every level played goes into the history: a tally opens when a level starts (what it is, its
//! rated score, where it came from), counts time in play (not paused), hints, undos and restarts
//! (a restarted level is one play, its time, hints and undos of every try), and closes as solved
//! (the win) or left (the play screen closed, or the window). A level opened and left untouched
//! is not a play. A level resumed where it was left part-way and played on is one play with the
//! one it was left in: that entry gives way to one with the time, hints and undos of both. A
//! daily puzzle solved is also marked in progress for the day it was opened on (the streak's).
//!
//! The open tally is kept in `tally.ron` (after each move, hint or undo, and every ten seconds),
//! so a play cut short without a goodbye (a browser tab closed, a crash) is still recorded as
//! left when the game next starts; the entry a resumed play goes on is kept beside it
//! (`tally-resumed.ron`), so that one cut short still gives way to one play.

use super::clock::Now;
use super::store::PlayHistory;
use crate::flow::{CurrentLevel, Handout, LevelSource, Overlay, Screen};
use crate::levels::LevelLibrary;
use crate::mill::Waiting;
use crate::notices::Notices;
use crate::play::{PlayEvent, PlayHud, PlaySet};
use crate::save::{Progress, SaveStore, Settings};
use bevy::prelude::*;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::play_data::aim::Aim;
use puzzlemill_core::play_data::daily::{daily_code, day_of_daily};
use puzzlemill_core::play_data::{Origin, Outcome, Play};
use puzzlemill_core::storage::Loaded;

/// Seconds of play below which a level left without a move or hint was only looked at.
const GLANCE: f32 = 5.0;
/// File name of the open tally.
pub const TALLY_FILE: &str = "tally.ron";
/// File name of the history entry the open tally resumed (`None`: it resumed none).
pub const RESUMED_FILE: &str = "tally-resumed.ron";
/// Seconds of play between writes of the open tally when nothing else changes.
const KEEP_EVERY: f32 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tally>();
    app.init_resource::<ResumedFrom>();
    app.init_resource::<ClockBase>();
    app.add_systems(
        PreStartup,
        recover_cut_short.after(super::store::load_history),
    );
    app.add_systems(
        Update,
        (follow_events, count_time, keep_tally)
            .chain()
            .after(PlaySet)
            .before(crate::save::SaveSet),
    );
    app.add_systems(OnExit(Screen::Play), leave);
    app.add_systems(Last, leave_on_exit);
}

/// The play being tallied, if a level is open.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Tally(pub Option<Play>);

/// The history's entry of the play the open one resumed (left part-way, its place kept).
#[derive(Resource, Default)]
struct ResumedFrom(Option<Play>);

/// For a mode against the clock (Climb), what its clock leaves out of this sitting's time in
/// play, or counts that is not of it: the clock starts again with each restart, and a run taken
/// up again brings back the clock of the sitting before.
#[derive(Resource, Clone, Copy, Default)]
struct ClockBase {
    /// Seconds of the tries restarted in this sitting.
    earlier_tries: f32,
    /// Seconds on the clock from the sitting before (a run taken up again), until a restart.
    kept: f32,
}

/// Where `current` came from, for the history (`None`: an editor's play-test, not recorded).
fn origin(current: &CurrentLevel, now: &Now) -> Option<Origin> {
    Some(match current.request.source {
        LevelSource::Curated { .. } => Origin::Curated,
        LevelSource::Fresh { .. }
        | LevelSource::Again {
            handout: Handout::Fresh,
            ..
        } => Origin::Fresh,
        LevelSource::ForYou
        | LevelSource::Again {
            handout: Handout::ForYou,
            ..
        } => Origin::ForYou,
        LevelSource::Code(code) if is_daily_now(&code, now) => Origin::Daily,
        LevelSource::Code(_) => Origin::Code,
        LevelSource::Shared => Origin::Shared,
        LevelSource::Draft => return None,
    })
}

/// Seconds into a day in which the day before's daily still opens as a daily: one asked for
/// just before midnight (or from the Daily screen left open over it) may arrive after it.
const DAILY_GRACE: u64 = 3_600;

/// Whether `code` opens now as a daily: today's, or yesterday's within the grace (it counts
/// for its own day).
fn is_daily_now(code: &LevelCode, now: &Now) -> bool {
    let today = now.today();
    *code == daily_code(code.mode, today)
        || (now.unix() % 86_400 < DAILY_GRACE && *code == daily_code(code.mode, today.previous()))
}

/// A new play of the level `current`, as the HUD shows it.
fn open(current: &CurrentLevel, hud: &PlayHud, library: &LevelLibrary, now: &Now) -> Option<Play> {
    let origin = origin(current, now)?;
    let (pack, level) = match current.request.source {
        LevelSource::Curated { pack, level } => library
            .packs
            .get(pack)
            .map(|p| (Some(p.file.clone()), p.level_names.get(level).cloned()))
            .unwrap_or_default(),
        _ => (None, None),
    };
    Some(Play {
        when: now.unix(),
        mode: current.request.mode.key().to_string(),
        origin,
        code: hud.code.clone().or_else(|| current.text.clone()),
        pack,
        level,
        title: current.title.clone(),
        tier: hud.rating.map(|r| r.0),
        score: hud.rating.map(|r| r.1),
        shortest: hud.optimum(),
        lesson_first: current.after.is_some(),
        // A play taken up again starts with the moves it was left with.
        moves: hud.moves(),
        ..Play::default()
    })
}

/// Ends the play as `outcome` and records it; a daily solved marks the day it was opened on. A
/// play that resumed `resumed` (its entry in the history) and was played replaces that entry,
/// with the counts of both.
fn close(
    play: Play,
    outcome: Outcome,
    resumed: Option<Play>,
    now: &Now,
    history: &mut PlayHistory,
    progress: &mut Progress,
) {
    // A play taken up again starts with the moves it was left with: a glance moves none.
    let moves_before = resumed.as_ref().map_or(0, |before| before.moves);
    let played = play.moves != moves_before
        || play.hints > 0
        || play.undos > 0
        || play.restarts > 0
        || play.seconds >= GLANCE;
    if outcome != Outcome::Solved && !played {
        return;
    }
    let play = match resumed {
        Some(before) => {
            if let Some(at) = history.plays.iter().rposition(|p| *p == before) {
                history.plays.remove(at);
            }
            // A level handed out as a daily, fresh or For you level and taken up again by its
            // code (typed in, or a daily after midnight, no longer the day's) is still that.
            let (origin, title) = match play.origin {
                Origin::Code if before.code == play.code => (before.origin, before.title),
                origin => (origin, play.title.clone()),
            };
            Play {
                origin,
                title,
                lesson_first: before.lesson_first || play.lesson_first,
                seconds: before.seconds + play.seconds,
                hints: before.hints + play.hints,
                undos: before.undos + play.undos,
                restarts: before.restarts + play.restarts,
                ..play
            }
        }
        None => play,
    };
    // A daily counts for its own day: it was opened on that day (one solved just after
    // midnight, or left and taken up again after it, still counts).
    if outcome == Outcome::Solved
        && play.origin == Origin::Daily
        && let Some(code) = play.code.as_deref().and_then(|c| LevelCode::parse(c).ok())
        && let Some(day) = day_of_daily(&code)
    {
        progress
            .daily
            .entry(day.to_string())
            .or_default()
            .insert(play.mode.clone());
    }
    history.push(Play {
        when: now.unix(),
        outcome,
        ..play
    });
}

#[allow(clippy::too_many_arguments)]
fn follow_events(
    mut events: MessageReader<PlayEvent>,
    mut tally: ResMut<Tally>,
    current: Option<Res<CurrentLevel>>,
    hud: Res<PlayHud>,
    library: Res<LevelLibrary>,
    now: Res<Now>,
    settings: Res<Settings>,
    mut notices: ResMut<Notices>,
    mut history: ResMut<PlayHistory>,
    mut progress: ResMut<Progress>,
    mut resumed: ResMut<ResumedFrom>,
    mut clock: ResMut<ClockBase>,
) {
    for event in events.read() {
        match event {
            PlayEvent::Started => {
                close_open(&mut tally, &mut resumed, &now, &mut history, &mut progress);
                tally.0 = current
                    .as_deref()
                    .and_then(|c| open(c, &hud, &library, &now));
                // A move-by-move level resumed where it was left part-way: the play it was left
                // in, which this one goes on (Climb's clock comes back with its run).
                resumed.0 = tally.0.as_ref().filter(|_| hud.resumed).and_then(|play| {
                    history
                        .newest_first(Some(&play.mode), Some(Outcome::Left))
                        .find(|left| left.same_level(play))
                        .cloned()
                });
                *clock = ClockBase {
                    earlier_tries: 0.0,
                    kept: resumed.0.as_ref().map_or(0.0, |before| before.seconds),
                };
                if tally.0.as_ref().is_some_and(|p| p.origin == Origin::ForYou) {
                    let target = settings.for_you_seconds as f32;
                    notices.info(Aim::rule(target));
                }
            }
            PlayEvent::Hinted { again: false } => {
                if let Some(play) = tally.0.as_mut() {
                    play.hints += 1;
                }
            }
            PlayEvent::Undone => {
                if let Some(play) = tally.0.as_mut() {
                    play.undos += 1;
                    // The moves on the board, as a solve counts them.
                    play.moves = hud.moves();
                }
            }
            // The same play goes on: its time, hints and undos keep counting, its moves are
            // the new try's.
            PlayEvent::Restarted => {
                if let Some(play) = tally.0.as_mut() {
                    play.restarts += 1;
                    play.moves = 0;
                    *clock = ClockBase {
                        earlier_tries: play.seconds,
                        kept: 0.0,
                    };
                }
            }
            PlayEvent::Won => {
                if let Some(mut play) = tally.0.take() {
                    play.moves = hud.moves();
                    if let Some(seconds) = sitting_on_the_clock(&hud, &clock) {
                        play.seconds = seconds;
                    }
                    let before = resumed.0.take();
                    close(
                        play,
                        Outcome::Solved,
                        before,
                        &now,
                        &mut history,
                        &mut progress,
                    );
                }
            }
            PlayEvent::Moved { .. } | PlayEvent::Redone => {
                if let Some(play) = tally.0.as_mut() {
                    play.moves = hud.moves();
                }
            }
            PlayEvent::Hinted { again: true } | PlayEvent::Rejected | PlayEvent::Lost => {}
        }
    }
}

/// The most one frame adds to the time in play: a slow browser's frames (a few a second) count
/// in full, where the game's own clock takes at most 250 ms of each; a stall (a machine woken
/// from sleep, the frame that opens a level) counts no more than this, so a level opened and
/// left at once stays a glance.
const LONGEST_FRAME: f32 = 1.0;

/// Time in play, by the wall clock: on the play screen, the level open and not paused, nothing
/// being waited for. A mode against the clock (Climb) keeps its own clock's time instead, which
/// runs on the game's clock.
fn count_time(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    overlay: Option<Res<State<Overlay>>>,
    waiting: Option<Res<Waiting>>,
    hud: Res<PlayHud>,
    clock: Res<ClockBase>,
    mut tally: ResMut<Tally>,
) {
    let Some(play) = tally.0.as_mut() else {
        return;
    };
    let paused = overlay.is_some_and(|o| *o.get() != Overlay::None);
    if *screen.get() == Screen::Play && !paused && waiting.is_none() {
        play.seconds += time.delta_secs().min(LONGEST_FRAME);
    }
    if let Some(seconds) = sitting_on_the_clock(&hud, &clock) {
        play.seconds = seconds;
    }
}

/// A level against the clock: this sitting's time, the tries restarted in it and the clock's
/// less what a run taken up again kept from the sitting before (added back when the two are
/// merged). `None` where the mode keeps no clock.
fn sitting_on_the_clock(hud: &PlayHud, clock: &ClockBase) -> Option<f32> {
    hud.seconds()
        .map(|seconds| clock.earlier_tries + (seconds - clock.kept).max(0.0))
}

fn leave(
    mut tally: ResMut<Tally>,
    mut resumed: ResMut<ResumedFrom>,
    now: Res<Now>,
    mut history: ResMut<PlayHistory>,
    mut progress: ResMut<Progress>,
) {
    close_open(&mut tally, &mut resumed, &now, &mut history, &mut progress);
}

/// Closes the open play, if there is one, as left (with the play it resumed).
fn close_open(
    tally: &mut Tally,
    resumed: &mut ResumedFrom,
    now: &Now,
    history: &mut PlayHistory,
    progress: &mut Progress,
) -> bool {
    let Some(play) = tally.0.take() else {
        return false;
    };
    close(
        play,
        Outcome::Left,
        resumed.0.take(),
        now,
        history,
        progress,
    );
    true
}

/// The window closing mid-level: the play is left, and written at once.
#[allow(clippy::too_many_arguments)]
fn leave_on_exit(
    mut exits: MessageReader<AppExit>,
    mut tally: ResMut<Tally>,
    mut resumed: ResMut<ResumedFrom>,
    now: Res<Now>,
    mut history: ResMut<PlayHistory>,
    mut progress: ResMut<Progress>,
    writable: Res<super::store::HistoryWritable>,
    store: Res<SaveStore>,
) {
    if exits.read().next().is_none() {
        return;
    }
    if close_open(&mut tally, &mut resumed, &now, &mut history, &mut progress) {
        write_closed(&history, writable.0, &store);
    }
}

/// A play closed where the frame's writers will not run (at start-up, on the way out): the
/// history written at once (where it may be written over) and the kept tally cleared, so the
/// play is recorded once.
fn write_closed(history: &PlayHistory, writable: bool, store: &SaveStore) {
    if writable && let Err(e) = store.write_record(super::store::HISTORY_FILE, &history.0) {
        // The kept tally stays: the next start records the play again.
        warn!("the history could not be written, so the open play stays kept: {e}");
        return;
    }
    for file in [TALLY_FILE, RESUMED_FILE] {
        if let Err(e) = store.write_record(file, &None::<Play>) {
            warn!("the kept play could not be cleared: {e}");
        }
    }
}

/// Writes the open tally when its counts change, it opens or closes, or every ten seconds of play.
fn keep_tally(
    tally: Res<Tally>,
    resumed: Res<ResumedFrom>,
    store: Res<SaveStore>,
    mut kept: Local<Option<Play>>,
) {
    // The entry a play resumed changes only as a play opens or closes: written before the
    // tally, so that a kept tally never goes with another play's entry.
    // Not at start-up: a play kept from the last session (its history write failed) keeps the
    // entry it resumed for the next start.
    if resumed.is_changed()
        && !resumed.is_added()
        && let Err(e) = store.write_record(RESUMED_FILE, &resumed.0)
    {
        warn!("the entry the open play resumed could not be kept: {e}");
    }
    let now = &tally.0;
    let differs = match (now, kept.as_ref()) {
        (None, None) => false,
        (Some(a), Some(b)) => {
            (a.moves, a.hints, a.undos, a.restarts, &a.title)
                != (b.moves, b.hints, b.undos, b.restarts, &b.title)
                || a.seconds - b.seconds >= KEEP_EVERY
                || a.seconds < b.seconds
        }
        _ => true,
    };
    if !differs {
        return;
    }
    if let Err(e) = store.write_record(TALLY_FILE, now) {
        warn!("the open play could not be kept: {e}");
    }
    *kept = now.clone();
}

/// A play the last session never closed (its tally is still kept) goes into the history as left.
fn recover_cut_short(world: &mut World) {
    let store = world.resource::<SaveStore>().clone();
    let loaded = store.read::<Option<Play>>(TALLY_FILE);
    if let Loaded::Recovered {
        problem, kept_as, ..
    } = &loaded
    {
        let kept = match kept_as {
            Ok(path) => format!("it was kept as {path}"),
            Err(why) => format!("it could not be moved aside: {why}"),
        };
        world.resource_mut::<Notices>().warn(format!(
            "The play your last session left open was not recorded: {problem}; {kept}."
        ));
    }
    let Some(play) = loaded.into_value() else {
        return;
    };
    // The entry it went on, if it resumed one (a file from an older build: none).
    let resumed: Option<Play> = store.read(RESUMED_FILE).into_value();
    let resumed = resumed.filter(|before| before.same_level(&play));
    // Left when it was last kept: its start and the time played then.
    let left_at = Now(Some(play.when + play.seconds as u64));
    world.resource_scope(|world, mut history: Mut<PlayHistory>| {
        let mut progress = world.resource_mut::<Progress>();
        close(
            play,
            Outcome::Left,
            resumed,
            &left_at,
            &mut history,
            &mut progress,
        );
        // Written now: the history's own writer waits for a change after start-up.
        let writable = world.resource::<super::store::HistoryWritable>().0;
        write_closed(&history, writable, &store);
    });
}
