//! The play layer, written once for every grid mode (Tatham's "midend"): undo, redo, restart, a
//! move counter against the optimum, hints, and win and lose detection. A mode implements
//! [`PlayMode`] and adds [`PlayLayerPlugin`]; it never rewrites any of this.

mod autoplay;
mod layer;

use crate::input::Action;
use crate::save::{LevelSolved, Progress};
use crate::screens::{CurrentLevel, LastResult, Overlay, Screen};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::pack::PackEntry;
use puzzlemill_core::{Direction, Generate, ModeId, Puzzle, Rate, Status};
use serde::de::DeserializeOwned;

pub use autoplay::AutoPlay;
pub use layer::{ActiveSession, HintedMove, PlayLayerPlugin, TryMove};

pub use crate::screens::LevelSource;

/// Seconds between the winning move and the level-complete screen (the last slide and the chime).
const WIN_PAUSE: f32 = 0.9;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayRequest>();
    app.add_message::<PlayEvent>();
    app.init_resource::<PlayHud>();
    app.add_systems(
        Update,
        (
            requests_from_actions.run_if(in_state(Overlay::None)),
            requests_from_menu
                .after(crate::menu::MenuNav)
                .run_if(in_state(Screen::Play)),
        )
            .before(PlaySet),
    );
    app.add_systems(
        Update,
        finish_won_level
            .after(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(OnExit(Screen::Play), reset_hud);
    app.add_plugins(autoplay::plugin);
}

/// What a grid mode adds to its [`Puzzle`] rules to be played.
pub trait PlayMode: Puzzle + Generate + Rate + Send + Sync + Sized {
    /// The mode's menu identity.
    const MODE: ModeId;
    /// How levels are written in the mode's pack files.
    type Entry: PackEntry<Level = Self::Level> + DeserializeOwned;

    /// The move a direction key or swipe makes, if directions are moves in this mode.
    fn move_for_direction(direction: Direction) -> Option<Self::Move>;
    /// Words for a move, as a hint shows it ("tilt ←").
    fn describe_move(mv: &Self::Move) -> String;
    /// How many goal pieces are left (fruit to pair, boxes off target); fewer after a move is
    /// progress, and sounds like it.
    fn remaining(level: &Self::Level, state: &Self::State) -> usize;
    /// Why a lost state is lost, for the player.
    fn lost_reason(level: &Self::Level, state: &Self::State) -> String;
    /// The HUD's line while nothing else is said: what is left and how to play.
    fn idle_line(level: &Self::Level, state: &Self::State) -> String;
    /// A hint that explains itself, where the mode has one better than "the next move".
    fn teach(_level: &Self::Level, _state: &Self::State) -> Option<String> {
        None
    }
}

/// The play layer's systems run in this set; mode input goes before it, views after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlaySet;

/// A request to the active session that is the same in every mode.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayRequest {
    /// Take back a move.
    Undo,
    /// Replay an undone move.
    Redo,
    /// Back to the start (redo replays).
    Restart,
    /// Show the next move of a shortest solution.
    Hint,
    /// Play the next move of a shortest solution (demos and screenshots).
    Step,
}

/// What happened in the session, for sound, animation and the HUD.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEvent {
    /// A level started.
    Started,
    /// A move was made; `progress` when it cleared or placed something.
    Moved {
        /// Whether goal pieces were cleared or placed by it.
        progress: bool,
    },
    /// A move or request changed nothing.
    Rejected,
    /// A move was taken back.
    Undone,
    /// An undone move was replayed.
    Redone,
    /// Back to the start.
    Restarted,
    /// A hint was shown.
    Hinted,
    /// The level is solved.
    Won,
    /// The level can no longer be solved.
    Lost,
}

/// What the HUD shows, kept current by the play layer whatever the mode.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PlayHud {
    /// Mode name.
    pub mode: String,
    /// Level title.
    pub title: String,
    /// The level code of a generated level.
    pub code: Option<String>,
    /// Moves made.
    pub moves: u32,
    /// Shortest solution length, when known.
    pub optimum: Option<u32>,
    /// Goal pieces left.
    pub remaining: usize,
    /// What the HUD says while there is no hint: what is left and how to play.
    pub idle: String,
    /// Won, lost or playing.
    pub status: Option<Status>,
    /// Why the level is lost, when it is.
    pub lost_reason: Option<String>,
    /// The hint on show.
    pub hint: Option<String>,
    /// Whether Undo would do something.
    pub can_undo: bool,
    /// Whether Redo would do something.
    pub can_redo: bool,
    /// Seconds since the level was won.
    pub won_for: Option<f32>,
    /// Seconds of play, in a real-time mode (Climb): its HUD shows the clock instead of moves.
    pub time: Option<f32>,
    /// Gems taken and gems in the level, where the mode has gems.
    pub gems: Option<(u32, u32)>,
}

fn reset_hud(mut hud: ResMut<PlayHud>) {
    *hud = PlayHud::default();
}

/// Undo, redo, restart and hint from keys and gamepad (runs only while a level has the input:
/// the overlay sub-state exists only on the play screen).
fn requests_from_actions(
    actions: Single<&ActionState<Action>>,
    mut requests: MessageWriter<PlayRequest>,
) {
    for (action, request) in [
        (Action::Undo, PlayRequest::Undo),
        (Action::Redo, PlayRequest::Redo),
        (Action::Restart, PlayRequest::Restart),
        (Action::Hint, PlayRequest::Hint),
    ] {
        if actions.just_pressed(&action) {
            requests.write(request);
        }
    }
}

fn requests_from_menu(
    mut activated: MessageReader<crate::menu::MenuActivated>,
    mut requests: MessageWriter<PlayRequest>,
) {
    for crate::menu::MenuActivated(action) in activated.read() {
        if *action == crate::menu::MenuAction::Restart {
            requests.write(PlayRequest::Restart);
        }
    }
}

/// Records the win, then opens the level-complete screen once the last move has played out.
fn finish_won_level(
    time: Res<Time>,
    mut hud: ResMut<PlayHud>,
    mut events: MessageReader<PlayEvent>,
    current: Option<Res<CurrentLevel>>,
    progress: Res<Progress>,
    mut solved: MessageWriter<LevelSolved>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    if events.read().any(|e| *e == PlayEvent::Won) {
        hud.won_for = Some(0.0);
        if let Some(current) = &current {
            let tier = current.request.source.tier();
            let previous_best = current
                .key
                .as_ref()
                .and_then(|k| progress.record(k))
                .map(|r| r.best_moves);
            let code = hud.code.clone();
            let time_key = current.key.clone().or_else(|| code.clone());
            commands.insert_resource(LastResult {
                moves: hud.moves,
                optimum: hud.optimum,
                previous_best,
                time: hud.time,
                gems: hud.gems,
                previous_best_time: time_key.and_then(|k| progress.best_time(&k)),
            });
            // A play-test in the editor is not a solved level.
            if current.request.source != LevelSource::Draft {
                solved.write(LevelSolved {
                    key: current.key.clone(),
                    mode: current.request.mode.key(),
                    tier,
                    moves: hud.moves,
                    time: hud.time,
                    code,
                });
            }
        }
        return;
    }
    if let Some(elapsed) = hud.won_for.as_mut() {
        *elapsed += time.delta_secs();
        if *elapsed >= WIN_PAUSE {
            hud.won_for = None;
            next.set(Screen::LevelComplete);
        }
    }
}
