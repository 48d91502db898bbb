//! Starts Puzzlemill. Everything else lives in the library, so the headless tests build the
//! same app.

use bevy::prelude::*;
use clap::Parser;

fn main() -> AppExit {
    let options = puzzlemill::LaunchOptions::parse();
    #[cfg(not(target_arch = "wasm32"))]
    puzzlemill::start_failure::install_hook();
    puzzlemill::game_app(options).run()
}
