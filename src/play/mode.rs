//! What a move-by-move mode adds to its core rules to be played through the play layer.

use puzzlemill_core::pack::PackEntry;
use puzzlemill_core::{Direction, Generate, ModeId, Puzzle, Rate};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The key of the note every level of a mode has where its levels are all the same few things
/// (Lines, Slide, Trio, Vault; Climb's caves): its line is the mode's first lesson's.
pub const BASICS: &str = "basics";

/// What a grid mode adds to its [`Puzzle`] rules to be played. Its moves are written into the
/// places file when a level is left part-way, so they serialize.
pub trait PlayMode:
    Puzzle<Move: Serialize + DeserializeOwned> + Generate + Rate + Send + Sync + Sized
{
    /// The mode's identity.
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
    /// The HUD's line while nothing else is said: what is left and how to play.
    fn idle_line(level: &Self::Level, state: &Self::State) -> String;
    /// Why a lost state is lost, for the player. Modes that can be lost say why; the default
    /// serves the others, and any mode the rules call lost without a reason of its own.
    fn lost_reason(_level: &Self::Level, _state: &Self::State) -> String {
        "No solution is left from here.".to_string()
    }
    /// What the things in this level do, one line each with a key naming the thing (a Tilt
    /// level with gates: `("gates", "An arrow on a tile edge ...")`). The first time a thing
    /// appears the play layer shows its line; "?" shows them all again. A mode whose every
    /// level is the same few things names them [`BASICS`], with its first lesson's line: a new
    /// player's first generated level comes after that lesson.
    fn notes(_level: &Self::Level) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }
    /// The mode's rules in a line, which "?" shows beside the notes: for modes whose every level
    /// has the same few things, taught by their lessons rather than by notes.
    fn rules() -> Option<&'static str> {
        None
    }
    /// A hint that explains itself, where the mode has one better than "the next move".
    fn teach(_level: &Self::Level, _state: &Self::State) -> Option<String> {
        None
    }
}
