//! Today's date for the daily puzzle and the history: the system clock (UTC), in the browser
//! the page's `Date.now()`; tests and screenshots may fix it.

use bevy::prelude::*;
use puzzlemill_core::play_data::Day;

/// The wall clock, or a fixed time (tests, `--date`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Now(pub Option<u64>);

impl Now {
    /// Seconds since 1970-01-01 UTC.
    pub fn unix(&self) -> u64 {
        self.0.unwrap_or_else(system_unix)
    }

    /// Today (UTC).
    pub fn today(&self) -> Day {
        Day::from_unix(self.unix())
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn system_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(target_arch = "wasm32")]
fn system_unix() -> u64 {
    (js_sys::Date::now() / 1000.0) as u64
}
