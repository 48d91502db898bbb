//! Puzzlemill's engine-free core: rules, solvers, generators, raters and the plain-data formats
//! (level packs, save files) that the game and the `mill` command line share.
//!
//! Nothing here depends on Bevy: `cargo tree -p puzzlemill-core` shows no engine crate, so the
//! puzzle logic builds and tests in seconds and runs the same on desktop and in the browser.

pub mod bench_stats;
pub mod climb;
pub mod code;
pub mod code_entry;
pub mod digest;
pub mod direction;
pub mod edit;
pub mod level_text;
pub mod lines;
pub mod mill;
pub mod mode;
pub mod mode_spec;
mod modes;
pub mod pack;
pub mod pack_check;
pub mod play_data;
pub mod puzzle;
pub mod rng;
pub mod session;
pub mod slide;
pub mod solve;
pub mod storage;
pub mod tier;
pub mod tilt;
pub mod vault;

pub use direction::Direction;
pub use mode::ModeId;
pub use mode_spec::ModeSpec;
pub use puzzle::{Generate, Puzzle, Rate, Rating, Status};
pub use solve::{SearchLimit, SolveOutcome};
pub use tier::Tier;
