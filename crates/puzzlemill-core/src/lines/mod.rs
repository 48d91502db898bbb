//! Lines: Linjat (seed 002, the Linjat level-generator article, Chinese translation; the original
//! game's `src/main.cc`, MIT). Draw one horizontal or vertical line through every number, as long
//! as the number, over no other number; lines never share a cell; every dot is covered.

mod advanced;
mod basic;
pub mod bench;
pub mod board;
pub mod cells;
mod contradiction;
pub mod count;
pub mod editor;
pub mod entry;
pub mod generate;
pub mod mode;
mod optimize;
pub mod play;
mod pool;
pub mod rating;
mod refine;
pub mod solver;
pub mod stroke;
pub mod teach;
pub mod text;
mod uniqueness;

pub use board::{Board, BoardError, Number};
pub use entry::LinesEntry;
pub use play::{Draw, Drawn, Lines, LinesLevel, Refusal, Span};
pub use solver::{Classification, Kind, Rules, Usage, classify, solve};
pub use stroke::{Stroke, end_cell, extend, stroke};
pub use teach::{Teaching, next_hint};
