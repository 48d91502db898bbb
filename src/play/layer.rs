//! The generic half of the play layer: one plugin per mode type, all built from the same code.

use super::hud::PlayHud;
use super::messages::{PlayEvent, PlayRequest, PlaySet};
use super::mode::{BASICS, PlayMode};
use super::opening::{Opened, open_level, report_unopened};
use crate::audio::Sfx;
use crate::flow::{Counter, CurrentLevel, Overlay, Screen};
use crate::input::Action;
use crate::levels::LevelLibrary;
use crate::notices::Notices;
use crate::places::{LevelId, Place, PlaceKey, Places};
use crate::save::Progress;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::session::{Hint, Session};
use puzzlemill_core::{ModeId, SearchLimit, Status};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::marker::PhantomData;
use std::sync::Arc;

/// Adds the play layer for mode `P`.
pub struct PlayLayerPlugin<P>(PhantomData<P>);

impl<P> Default for PlayLayerPlugin<P> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<P: PlayMode> Plugin for PlayLayerPlugin<P> {
    fn build(&self, app: &mut App) {
        app.add_message::<TryMove<P>>();
        app.add_message::<WalkStep<P>>();
        app.insert_resource(HintedMove::<P>(None));
        app.insert_resource(HintedAt::<P>(HashSet::new()));
        app.add_systems(
            Update,
            start_session::<P>
                .after(crate::mill::MillSet)
                .before(PlaySet)
                .run_if(in_state(Screen::Play).and_then(not(resource_exists::<ActiveSession<P>>))),
        );
        app.add_systems(OnExit(Screen::Play), end_session::<P>);
        app.add_systems(
            Update,
            (
                directions_to_moves::<P>
                    .before(PlaySet)
                    .run_if(in_state(Overlay::None)),
                apply_to_session::<P>.in_set(PlaySet),
            )
                .run_if(resource_exists::<ActiveSession<P>>),
        );
    }
}

/// The session of mode `P` in play.
#[derive(Resource)]
pub struct ActiveSession<P: PlayMode>(pub Session<P>);

/// A move for the active session of mode `P` (from input, a click on the board, or a test).
#[derive(Message)]
pub struct TryMove<P: PlayMode>(pub P::Move);

/// One step of a walk (Vault's walk to a clicked cell): undo and redo take a whole walk as one
/// step, so every step after the first joins the one before.
#[derive(Message)]
pub struct WalkStep<P: PlayMode> {
    /// The step.
    pub mv: P::Move,
    /// Whether it starts the walk.
    pub first: bool,
}

/// How a move-by-move mode's place is written: every move of the history and the indices of
/// those joined to the move before.
#[derive(Serialize, Deserialize)]
struct KeptMoves<M> {
    moves: Vec<M>,
    #[serde(default)]
    joined: Vec<usize>,
}

/// The move the last hint named, if it named one (a view can point at it).
#[derive(Resource)]
pub struct HintedMove<P: PlayMode>(pub Option<P::Move>);

/// The positions of this try a hint was given at (a hint asked for again at one of them is not
/// counted again).
#[derive(Resource)]
struct HintedAt<P: PlayMode>(HashSet<P::State>);

/// Where the session in play keeps its place (none for a play-test).
#[derive(Resource, Clone, Debug)]
pub struct PlaceOfSession(pub Option<PlaceKey>);

/// The session `place` was left in, taken up again on `level`; why not, if it does not fit.
fn resume<P: PlayMode>(
    place: &Place,
    level: P::Level,
    optimum: Option<u32>,
    digest: &str,
) -> Result<Session<P>, String> {
    if place.digest != digest {
        return Err("the level changed since".into());
    }
    let kept: KeptMoves<P::Move> =
        ron::from_str(&place.record).map_err(|e| format!("its moves could not be read ({e})"))?;
    let mut joined = vec![false; kept.moves.len()];
    for i in kept.joined {
        if let Some(j) = joined.get_mut(i) {
            *j = true;
        }
    }
    Session::resume(level, optimum, &kept.moves, place.cursor, &joined)
        .map_err(|i| format!("move {} no longer fits the level", i + 1))
}

/// Keeps the place of the session in play, or drops it once the level is won or back at its
/// start with nothing to redo.
fn keep_place<P: PlayMode>(session: &Session<P>, kept: &PlaceOfSession, places: &mut Places) {
    let Some(key) = &kept.0 else {
        return;
    };
    let (moves, cursor) = session.history();
    if session.status() == Status::Won || moves.is_empty() {
        if places.find(&key.level.id).is_some() {
            places.forget(&key.level.id);
        }
        return;
    }
    let kept = KeptMoves {
        moves: moves.to_vec(),
        joined: (0..moves.len()).filter(|&i| session.joined()[i]).collect(),
    };
    match ron::to_string(&kept) {
        Ok(record) => {
            let detail = match cursor {
                1 => "1 move in".to_string(),
                n => format!("{n} moves in"),
            };
            places.keep(key.place(record, cursor, detail));
        }
        Err(e) => warn!("a place could not be written: {e}"),
    }
}

#[allow(clippy::too_many_arguments)]
fn start_session<P: PlayMode>(
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
    mut progress: ResMut<Progress>,
    mut places: ResMut<Places>,
    mut hud: ResMut<PlayHud>,
    mut notices: ResMut<Notices>,
    mut events: MessageWriter<PlayEvent>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Some(current) = current.filter(|c| c.request.mode == P::MODE) else {
        return;
    };
    let Opened {
        level,
        rated_optimum,
    } = match open_level::<P::Level>(P::MODE, &current, &library) {
        Ok(Some(opened)) => opened,
        Ok(None) => return,
        Err(message) => return report_unopened(&message, &mut notices, &mut next),
    };
    let notes = P::notes(&level);
    if let Some(lesson) = lesson_first(P::MODE, &notes, &current, &library, &progress, &places) {
        return play_lesson_first(lesson, &mut notices, &mut commands);
    }
    // A curated or edited level is rated here for the history (the mill's rater rated the fresh
    // ones, and the check before play a shared one).
    let rating = (rated_optimum.is_none() && current.known_rating.is_none())
        .then(|| P::rate(&level))
        .flatten()
        .map(|r| (r.tier, r.score));
    // A curated or edited level is solved here for its optimum; the mill's rater knew it, and
    // a level text's check found it.
    let optimum = rated_optimum.or(current.known_optimum).or_else(|| {
        P::solve(&level, &P::start(&level), SearchLimit::DEFAULT)
            .solution()
            .map(|m| m.len() as u32)
    });
    let id = LevelId::of(&current);
    let digest = id
        .as_ref()
        .and_then(|_| level_digest(P::MODE, &(Arc::new(level.clone()) as AnyLevel)));
    let kept = id.as_ref().and_then(|id| places.find(id)).cloned();
    let mut resumed = false;
    let session = match (&kept, &digest) {
        (Some(place), Some(digest)) => match resume::<P>(place, level.clone(), optimum, digest) {
            Ok(session) => {
                resumed = true;
                let made = session.moves_made();
                notices.level_info(format!(
                    "Back where you left off: {made} move{} in; undo and redo as before.",
                    if made == 1 { "" } else { "s" }
                ));
                session
            }
            Err(why) => {
                places.forget(&place.id);
                notices.warn(format!(
                    "Your place in {} was dropped ({why}): the level starts afresh.",
                    crate::input::literal(&place.title)
                ));
                Session::new(level, optimum)
            }
        },
        _ => Session::new(level, optimum),
    };
    commands.insert_resource(PlaceOfSession(
        digest.and_then(|digest| PlaceKey::of(&current, digest)),
    ));
    teach_what_is_new::<P>(session.level(), &current, &mut progress, &mut notices);
    *hud = PlayHud::opened(P::MODE, &current, Counter::default());
    hud.resumed = resumed;
    if hud.rating.is_none() {
        hud.rating = rating;
    }
    hud.own_best = current
        .key
        .as_ref()
        .and_then(|k| progress.record(k))
        .map(|r| r.best_moves);
    refresh_hud(&session, &mut hud);
    commands.insert_resource(ActiveSession(session));
    commands.insert_resource(HintedAt::<P>(HashSet::new()));
    events.write(PlayEvent::Started);
}

/// The lesson board to play before `current`, a generated level, when it holds a thing the
/// player has not met and a curated lesson teaches it (its line is the thing's note), with
/// `current` to follow. (In the packs, each pack's first board is the lesson.) Never for a level
/// being taken up again. A mode's [`BASICS`] count as met once the player has solved any of
/// its levels (saves from before the mode had a basics note).
pub fn lesson_first(
    mode: ModeId,
    notes: &[(&'static str, &'static str)],
    current: &CurrentLevel,
    library: &LevelLibrary,
    progress: &Progress,
    places: &Places,
) -> Option<Lesson> {
    let generated = current.request.source.milled();
    let resuming = LevelId::of(current).is_some_and(|id| places.find(&id).is_some());
    if !generated || current.after.is_some() || resuming {
        return None;
    }
    let solved_one = || {
        let prefix = format!("{}/", mode.key());
        progress.levels.keys().any(|k| k.starts_with(&prefix))
            || progress
                .fresh_solved
                .get(mode.key())
                .is_some_and(|tiers| tiers.values().any(|&n| n > 0))
    };
    // The first new thing that has a lesson board (stones, say, have none: their line is news).
    let (thing, request) = notes
        .iter()
        .filter(|(thing, _)| !progress.taught.contains(&format!("{}/{thing}", mode.key())))
        .filter(|(thing, _)| *thing != BASICS || !solved_one())
        .find_map(|&(thing, line)| library.lesson_for(mode, line).map(|r| (thing, r)))?;
    let mut level = library.current_level(request);
    if level.key == current.key {
        return None;
    }
    level.after = Some(Box::new(current.clone()));
    Some(Lesson {
        level,
        basics: thing == BASICS,
    })
}

/// A lesson board to play before the level asked for.
pub struct Lesson {
    /// The board, with the level asked for to follow.
    pub level: CurrentLevel,
    /// Whether it teaches the mode's basics (the player is new to the mode).
    pub basics: bool,
}

/// Plays `lesson` in place of the level it comes before, saying so.
pub fn play_lesson_first(lesson: Lesson, notices: &mut Notices, commands: &mut Commands) {
    let Lesson { level, basics } = lesson;
    notices.info(if basics {
        format!(
            "New to {}? First, a lesson ({}). Your level follows.",
            level.request.mode, level.title
        )
    } else {
        format!(
            "Something in this level is new: first, a lesson ({}). The level follows.",
            level.title
        )
    });
    commands.insert_resource(level);
}

/// Shows the line of each thing in the level the player meets for the first time (but not the
/// one a lesson board already shows as its own line), and remembers it was shown.
fn teach_what_is_new<P: PlayMode>(
    level: &P::Level,
    current: &CurrentLevel,
    progress: &mut Progress,
    notices: &mut Notices,
) {
    for (thing, line) in P::notes(level) {
        let key = format!("{}/{thing}", P::MODE.key());
        if !progress.taught.contains(&key) {
            // A mode's basics are its first lesson's line, which speaks of that board; where
            // the mode has rules, "?" says those instead.
            let told_by_rules = thing == BASICS && P::rules().is_some();
            if current.intro.as_deref() != Some(line) && !told_by_rules {
                notices.level_info(format!("New: {line} ({{explain}} shows this again)"));
            }
            progress.taught.insert(key);
        }
    }
}

/// What "?" shows: the lesson's line and what each thing in the level does, each line once (a
/// lesson's line is often its new thing's line too).
fn explain<P: PlayMode>(level: &P::Level, state: &P::State, hud: &PlayHud, notices: &mut Notices) {
    let mut lines: Vec<String> = hud
        .intro
        .iter()
        .cloned()
        .chain(
            P::notes(level)
                .into_iter()
                .filter(|(thing, _)| *thing != BASICS || P::rules().is_none())
                .map(|(_, line)| line.to_string()),
        )
        .chain(P::rules().map(str::to_string))
        .collect();
    let mut said = std::collections::HashSet::new();
    lines.retain(|line| said.insert(line.clone()));
    if lines.is_empty() {
        notices.level_info(P::idle_line(level, state));
    }
    for line in lines {
        notices.level_info(line);
    }
}

fn end_session<P: PlayMode>(mut commands: Commands) {
    commands.remove_resource::<ActiveSession<P>>();
}

fn directions_to_moves<P: PlayMode>(
    actions: Single<&ActionState<Action>>,
    mut moves: MessageWriter<TryMove<P>>,
) {
    for action in Action::DIRECTIONS {
        if actions.just_pressed(&action)
            && let Some(mv) = action.direction().and_then(P::move_for_direction)
        {
            moves.write(TryMove(mv));
        }
    }
}

fn refresh_hud<P: PlayMode>(session: &Session<P>, hud: &mut PlayHud) {
    let status = session.status();
    hud.counter = Counter::Moves {
        made: session.moves_made(),
        optimum: session.optimum(),
    };
    hud.remaining = P::remaining(session.level(), session.state());
    hud.idle = P::idle_line(session.level(), session.state());
    hud.status = Some(status);
    hud.lost_reason =
        (status == Status::Lost).then(|| P::lost_reason(session.level(), session.state()));
    hud.can_undo = session.can_undo();
    hud.can_redo = session.can_redo();
    hud.can_restart = session.can_undo();
}

/// Plays one move and reports it. Returns false when the move changed nothing.
fn play_move<P: PlayMode>(
    session: &mut Session<P>,
    mv: P::Move,
    join: bool,
    hud: &mut PlayHud,
    events: &mut MessageWriter<PlayEvent>,
    sfx: &mut MessageWriter<Sfx>,
) -> bool {
    let before = P::remaining(session.level(), session.state());
    if !session.play_joined(mv, join) {
        return false;
    }
    hud.hint = None;
    let progress = P::remaining(session.level(), session.state()) < before;
    events.write(PlayEvent::Moved { progress });
    match session.status() {
        Status::Won => {
            events.write(PlayEvent::Won);
            sfx.write(Sfx::Win);
        }
        Status::Lost => {
            events.write(PlayEvent::Lost);
            sfx.write(Sfx::Lose);
        }
        Status::Playing => {
            sfx.write(if progress { Sfx::Success } else { Sfx::Move });
        }
    }
    true
}

/// Words for a hint.
fn hint_text<P: PlayMode>(hint: Hint<P::Move>) -> String {
    match hint {
        Hint::Move(mv) => format!("Try: {}", P::describe_move(&mv)),
        Hint::Stuck => "No solution from here: undo or restart.".to_string(),
        Hint::Solved => "Already solved!".to_string(),
        Hint::TooFar => "The way out is too far to see from here.".to_string(),
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_to_session<P: PlayMode>(
    mut session: ResMut<ActiveSession<P>>,
    kept: Option<Res<PlaceOfSession>>,
    mut places: ResMut<Places>,
    mut moves: MessageReader<TryMove<P>>,
    mut walk: MessageReader<WalkStep<P>>,
    mut requests: MessageReader<PlayRequest>,
    mut hud: ResMut<PlayHud>,
    (mut hinted, mut hinted_at): (ResMut<HintedMove<P>>, ResMut<HintedAt<P>>),
    mut notices: ResMut<Notices>,
    mut events: MessageWriter<PlayEvent>,
    mut sfx: MessageWriter<Sfx>,
) {
    let steps = moves
        .read()
        .map(|TryMove(mv)| (*mv, false))
        .chain(walk.read().map(|step| (step.mv, !step.first)))
        .collect::<Vec<_>>();
    let requests: Vec<PlayRequest> = requests.read().copied().collect();
    if steps.is_empty() && requests.is_empty() {
        // Untouched: the session is not marked changed (the views redraw on a change).
        return;
    }
    let session = &mut session.0;
    let mut any = false;
    for (mv, join) in steps {
        any = true;
        if !play_move(session, mv, join, &mut hud, &mut events, &mut sfx) {
            events.write(PlayEvent::Rejected);
        }
    }
    for request in &requests {
        if *request == PlayRequest::Explain {
            explain::<P>(session.level(), session.state(), &hud, &mut notices);
            continue;
        }
        any = true;
        if session.status() == Status::Won {
            continue;
        }
        let event = match request {
            PlayRequest::Undo => session.undo().then_some(PlayEvent::Undone),
            PlayRequest::Redo => session.redo().map(|_| PlayEvent::Redone),
            PlayRequest::Restart => {
                let restarted = session.restart();
                if restarted {
                    // A new try: its hints are counted wherever they are asked for.
                    hinted_at.0.clear();
                }
                restarted.then_some(PlayEvent::Restarted)
            }
            PlayRequest::Hint => {
                let taught = P::teach(session.level(), session.state())
                    .filter(|_| session.status() == Status::Playing);
                hinted.0 = None;
                hud.hint = Some(taught.unwrap_or_else(|| {
                    let hint = session.hint(SearchLimit::DEFAULT);
                    if let Hint::Move(mv) = hint {
                        hinted.0 = Some(mv);
                    }
                    hint_text::<P>(hint)
                }));
                let again = !hinted_at.0.insert(session.state().clone());
                Some(PlayEvent::Hinted { again })
            }
            PlayRequest::Explain => continue,
            PlayRequest::Step => {
                if let Hint::Move(mv) = session.hint(SearchLimit::DEFAULT) {
                    play_move(session, mv, false, &mut hud, &mut events, &mut sfx);
                }
                continue;
            }
        };
        match event {
            Some(event @ PlayEvent::Hinted { .. }) => {
                events.write(event);
            }
            Some(event) => {
                hud.hint = None;
                sfx.write(Sfx::Move);
                events.write(event);
            }
            None => {
                events.write(PlayEvent::Rejected);
            }
        }
    }
    if any {
        refresh_hud(session, &mut hud);
        if let Some(kept) = kept {
            keep_place(session, &kept, &mut places);
        }
    }
}
