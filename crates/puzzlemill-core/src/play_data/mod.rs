//! The player's own data, beside progress: every level played ([`history`]), the daily puzzle of
//! each mode ([`daily`]), what the plays add up to ([`stats`]), how "For you" aims the mill at
//! the player ([`aim`]), and the export of it all as CSV and JSON ([`export`]). Plain data and
//! pure functions: the game records and draws, the core decides.

pub mod aim;
pub mod daily;
pub mod export;
pub mod history;
pub mod stats;

pub use daily::Day;
pub use history::{History, Origin, Outcome, Play};
