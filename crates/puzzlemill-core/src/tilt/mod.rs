//! Tilt: Fruit Dating's rules with every mechanic, after seed 000 (Tomas Rychnovsky's article on
//! procedural generation for Fruit Dating, the Russian translation in `shared/seeds/`).
//!
//! Tilting the board slides every movable piece; fruit of a colour that end up touching pair up
//! and leave; clear every fruit to win. One-way gates, anteaters, puddles and hedgehogs come later.
//! The exact rules are in [`rules`].

pub mod bench;
pub mod bits;
pub mod edit;
pub mod editor;
pub mod entry;
pub mod generate;
pub mod level;
pub mod mode;
#[cfg(test)]
mod properties;
pub mod rate;
pub mod rules;
pub mod seed_dfs;
pub mod text;
pub mod walls;

pub use entry::LevelEntry;
pub use generate::{Mechanics, TiltParams};
pub use level::{Anteater, Board, FRUIT_SHAPES, Gate, Level, LevelError, Obstacle, State};
pub use rules::{Pull, Round, Tilt, TiltTrace, tilt};
