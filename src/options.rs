//! Command-line options: window size, where saves go, and the screenshot tool used to look at
//! every screen without a display.

use crate::flow::Screen;
use bevy::prelude::*;
use clap::{Parser, ValueEnum};
use puzzlemill_core::Tier;
use std::path::PathBuf;

/// How the game was started.
#[derive(Resource, Parser, Clone, Debug, Default)]
#[command(
    name = "puzzlemill",
    version,
    about = "Puzzlemill: endless, freshly milled puzzles"
)]
pub struct LaunchOptions {
    /// Render, save a PNG of the window to this path, and quit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Measure this many rendered frames once the screen has settled, print their median, p99
    /// and longest time as JSON, and quit.
    #[arg(long, value_name = "N", value_parser = parse_count::<u32>)]
    pub frame_times: Option<u32>,
    /// Frames to run before the screenshot is taken (after loading).
    #[arg(long, default_value_t = 30)]
    pub frames: u32,
    /// Go straight to this screen after loading (for screenshots and testing).
    #[arg(long, value_enum)]
    pub screen: Option<StartScreen>,
    /// Curated level to open with `--screen play` (1-based, in the pack `--pack`).
    #[arg(long, default_value_t = 1, value_parser = parse_count::<usize>)]
    pub level: usize,
    /// The mode's pack `--level` is in (1-based).
    #[arg(long, default_value_t = 1, value_parser = parse_count::<usize>)]
    pub pack: usize,
    /// Hint moves to play automatically after opening a level.
    #[arg(long, default_value_t = 0)]
    pub moves: u32,
    /// Window size as WIDTHxHEIGHT in logical pixels.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// The mode `--screen` opens in, by its key (as `mill --mode` takes it); the first mode if
    /// none or unknown.
    #[arg(long)]
    pub mode: Option<String>,
    /// Difficulty for `--screen fresh` and `--screen waiting`.
    #[arg(long, value_enum, default_value = "medium")]
    pub tier: Tier,
    /// Text to put in the code box with `--screen code`.
    #[arg(long)]
    pub code: Option<String>,
    /// Ask for a hint after the `--moves` (to see hints).
    #[arg(long)]
    pub hint: bool,
    /// Vault: open with the blueprint on show (as Tab does).
    #[arg(long)]
    pub blueprint: bool,
    /// Lay the interface out for fingers, as on a phone or tablet (the browser build does so
    /// where the browser reports a touch screen).
    #[arg(long)]
    pub touch_screen: bool,
    /// Show the debug overlay (F3 toggles it).
    #[arg(long)]
    pub overlay: bool,
    /// Folder for settings and progress instead of the platform's data folder.
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Screens `--screen` can open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StartScreen {
    /// Stay on the loading screen (to look at it).
    Loading,
    /// The title screen.
    Title,
    /// Mode select.
    Modes,
    /// Level select for the mode `--mode` names.
    Levels,
    /// A curated level (see `--level`, `--moves`).
    Play,
    /// The pause overlay over a level.
    Pause,
    /// A level solved by its hints, then the level-complete screen.
    Complete,
    /// The settings screen.
    Settings,
    /// The controls screen (keys and gamepad buttons).
    Controls,
    /// A fresh level from the mill (see `--tier`).
    Fresh,
    /// The play screen waiting for the mill (which is paused).
    Waiting,
    /// The level select with the code box open (see `--code`).
    Code,
    /// The level editor of `--mode`, holding a copy of the curated level `--pack`/`--level`.
    Editor,
    /// The "My levels" of `--mode`.
    MyLevels,
    /// Today's daily puzzles.
    Daily,
    /// The history of levels played.
    History,
    /// The stats of the mode `--mode` names.
    Stats,
}

impl LaunchOptions {
    /// Whether `screen` is past the loading screen, as far as `--screenshot` and
    /// `--frame-times` wait: `--screen loading` holds the game there, so it is never left.
    pub fn past_loading(&self, screen: Screen) -> bool {
        screen != Screen::Loading || self.screen == Some(StartScreen::Loading)
    }

    /// Window size in logical pixels (1280x720 unless `--size` says otherwise).
    pub fn window_size(&self) -> (u32, u32) {
        self.size.unwrap_or((1280, 720))
    }
}

/// A count from 1 up (a 1-based number, or frames to measure).
fn parse_count<T: std::str::FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err(format!("expected a whole number from 1 up, not '{text}'")),
    }
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or("expected WIDTHxHEIGHT, e.g. 800x600")?;
    let w: u32 = w.trim().parse().map_err(|_| format!("bad width '{w}'"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("bad height '{h}'"))?;
    if !(200..=8000).contains(&w) || !(200..=8000).contains(&h) {
        return Err("width and height must be between 200 and 8000".into());
    }
    Ok((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_bad_ones_explain_themselves() {
        assert_eq!(parse_size("800x600"), Ok((800, 600)));
        assert!(parse_size("800").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse_size("10x10").is_err());
    }

    #[test]
    fn counts_start_at_one() {
        assert_eq!(parse_count::<usize>("3"), Ok(3));
        assert!(parse_count::<u32>("0").unwrap_err().contains("from 1 up"));
        assert!(parse_count::<usize>("-1").is_err());
        assert!(LaunchOptions::try_parse_from(["puzzlemill", "--frame-times", "0"]).is_err());
        assert!(LaunchOptions::try_parse_from(["puzzlemill", "--pack", "0"]).is_err());
    }
}
