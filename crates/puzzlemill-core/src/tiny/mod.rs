//! The tiny tilt board: the smallest real puzzle that proves the play layer end to end, until the
//! Tilt mode (seed 000, Fruit Dating) replaces it with every mechanic.
//!
//! A walled board holds fruit of a few colours. A tilt slides every fruit in one direction until
//! it is blocked; then every fruit touching a fruit of its own colour leaves. Clear the board to win.

mod board;
mod generate;
mod rate;
mod rules;

pub use board::{Board, BoardError, Fruit, LevelEntry, MAX_COLOURS, MAX_SIDE};
pub use generate::TinyParams;
pub use rules::{TiltTrace, TinyTilt, tilt};
