//! Slide and Trio: slide-box puzzles after seed 004 (abagames' article on generating levels for
//! slickslack and HAKOSAN, in Japanese in `shared/seeds/`).
//!
//! Boxes slide until the next cell is a wall, rock, another box or the board's edge; every box
//! on a target wins. In Slide the player flicks one box at a time; in Trio every box moves at
//! once. Levels are made backwards from the solved position ([`generate`]) and verified forwards
//! by a breadth-first search for the shortest solution ([`rate`]).

pub mod bench;
pub mod boxes;
pub mod dig;
pub mod editor;
pub mod entry;
pub mod generate;
pub mod level;
pub mod mode;
pub mod rate;
pub mod rules;
pub mod text;

pub use boxes::{Boxes, MAX_BOXES};
pub use entry::SlideEntry;
pub use generate::SlideParams;
pub use level::{Cell, SlideLevel, SlideLevelError};
pub use rules::{Flick, Slide, Trio};
