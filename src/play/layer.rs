//! The generic half of the play layer: one plugin per mode type, all built from the same code.

use super::{PlayEvent, PlayHud, PlayMode, PlayRequest, PlaySet};
use crate::audio::Sfx;
use crate::input::Action;
use crate::levels::{LevelLibrary, PackParsers, ParsedPack};
use crate::mill::Milled;
use crate::notices::Notices;
use crate::screens::{CurrentLevel, LevelSource, Overlay, Screen};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::pack::Pack;
use puzzlemill_core::session::{Hint, Session};
use puzzlemill_core::{SearchLimit, Status};
use std::marker::PhantomData;

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
        app.insert_resource(HintedMove::<P>(None));
        app.world_mut()
            .resource_mut::<PackParsers>()
            .0
            .insert(P::MODE, ParsedPack::parse::<P::Entry>);
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

/// The move the last hint named, if it named one (a view can point at it).
#[derive(Resource)]
pub struct HintedMove<P: PlayMode>(pub Option<P::Move>);

/// A level ready to start, with the length of its shortest solution when known.
struct Playable<L> {
    level: L,
    optimum: Option<u32>,
}

/// The level to play and its shortest solution length, once it is available: a curated level
/// from its pack (solved here), or a generated one the mill has handed over (already verified
/// and rated). `Ok(None)` while the mill is still working.
fn level_to_play<P: PlayMode>(
    current: &CurrentLevel,
    library: &LevelLibrary,
) -> Result<Option<Playable<P::Level>>, String> {
    if let LevelSource::Curated { pack, level } = current.request.source {
        let found = library
            .packs
            .get(pack)
            .and_then(|p| p.levels.downcast_ref::<Pack<P::Level>>())
            .and_then(|p| p.levels.get(level))
            .map(|(_, l)| l.clone())
            .ok_or_else(|| {
                format!(
                    "curated level {} of pack {} is not in the library",
                    level + 1,
                    pack + 1
                )
            })?;
        let optimum = P::solve(&found, &P::start(&found), SearchLimit::DEFAULT)
            .solution()
            .map(|m| m.len() as u32);
        return Ok(Some(Playable {
            level: found,
            optimum,
        }));
    }
    if current.request.source == LevelSource::Draft {
        let level = current
            .draft
            .as_ref()
            .and_then(|d| d.downcast_ref::<P::Level>())
            .ok_or_else(|| "the editor's level is missing".to_string())?;
        let optimum = P::solve(level, &P::start(level), SearchLimit::DEFAULT)
            .solution()
            .map(|m| m.len() as u32);
        return Ok(Some(Playable {
            level: level.clone(),
            optimum,
        }));
    }
    let Some(Milled(fresh)) = &current.milled else {
        return Ok(None);
    };
    let level = fresh.level.downcast_ref::<P::Level>().ok_or_else(|| {
        format!(
            "the mill handed over a level that is not a {} level",
            P::MODE
        )
    })?;
    Ok(Some(Playable {
        level: level.clone(),
        optimum: fresh.rating.optimum,
    }))
}

fn start_session<P: PlayMode>(
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
    mut hud: ResMut<PlayHud>,
    mut notices: ResMut<Notices>,
    mut events: MessageWriter<PlayEvent>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Some(current) = current.filter(|c| c.request.mode == P::MODE) else {
        return;
    };
    let Playable { level, optimum } = match level_to_play::<P>(&current, &library) {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(message) => {
            notices.warn(format!("Could not open the level: {message}."));
            next.set(Screen::LevelSelect);
            return;
        }
    };
    let session = Session::<P>::new(level, optimum);
    hud.mode = P::MODE.label().to_string();
    hud.title = current.title.clone();
    hud.code = current.milled.as_ref().map(|m| m.0.code.to_string());
    refresh_hud(&session, &mut hud);
    commands.insert_resource(ActiveSession(session));
    events.write(PlayEvent::Started);
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
    hud.moves = session.moves_made();
    hud.optimum = session.optimum();
    hud.remaining = P::remaining(session.level(), session.state());
    hud.idle = P::idle_line(session.level(), session.state());
    hud.status = Some(status);
    hud.lost_reason =
        (status == Status::Lost).then(|| P::lost_reason(session.level(), session.state()));
    hud.can_undo = session.can_undo();
    hud.can_redo = session.can_redo();
}

/// Plays one move and reports it. Returns false when the move changed nothing.
fn play_move<P: PlayMode>(
    session: &mut Session<P>,
    mv: P::Move,
    hud: &mut PlayHud,
    events: &mut MessageWriter<PlayEvent>,
    sfx: &mut MessageWriter<Sfx>,
) -> bool {
    let before = P::remaining(session.level(), session.state());
    if !session.play(mv) {
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
        Hint::Stuck => "No solution from here: undo (Z) or restart (R).".to_string(),
        Hint::Solved => "Already solved!".to_string(),
        Hint::TooFar => "The way out is too far to see from here.".to_string(),
    }
}

fn apply_to_session<P: PlayMode>(
    mut session: ResMut<ActiveSession<P>>,
    mut moves: MessageReader<TryMove<P>>,
    mut requests: MessageReader<PlayRequest>,
    mut hud: ResMut<PlayHud>,
    mut hinted: ResMut<HintedMove<P>>,
    mut events: MessageWriter<PlayEvent>,
    mut sfx: MessageWriter<Sfx>,
) {
    let session = &mut session.0;
    let mut any = false;
    for TryMove(mv) in moves.read() {
        any = true;
        if !play_move(session, *mv, &mut hud, &mut events, &mut sfx) {
            events.write(PlayEvent::Rejected);
        }
    }
    for request in requests.read() {
        any = true;
        if session.status() == Status::Won {
            continue;
        }
        let event = match request {
            PlayRequest::Undo => session.undo().then_some(PlayEvent::Undone),
            PlayRequest::Redo => session.redo().map(|_| PlayEvent::Redone),
            PlayRequest::Restart => session.restart().then_some(PlayEvent::Restarted),
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
                Some(PlayEvent::Hinted)
            }
            PlayRequest::Step => {
                if let Hint::Move(mv) = session.hint(SearchLimit::DEFAULT) {
                    play_move(session, mv, &mut hud, &mut events, &mut sfx);
                }
                continue;
            }
        };
        match event {
            Some(PlayEvent::Hinted) => {
                events.write(PlayEvent::Hinted);
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
    }
}
