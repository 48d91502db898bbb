//! The window opens at the size the player last gave it: a resize (not fullscreen) is kept in the
//! settings, written once it settles, and the next launch opens at it unless `--size` says
//! otherwise. The browser's canvas follows its page instead.

use crate::options::LaunchOptions;
use crate::save::{SaveStore, Settings};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResized};

pub(super) fn plugin(app: &mut App) {
    if cfg!(target_arch = "wasm32") {
        return;
    }
    app.add_systems(Startup, open_at_kept_size);
    app.add_systems(Update, keep_size.before(crate::save::SaveSet));
}

/// The smallest and largest size kept, as `--size` allows.
const LIMITS: (u32, u32) = (200, 8000);

/// The size the window opens at: `--size`, else the size kept, else the default.
fn launch_size(options: &LaunchOptions, settings: &Settings) -> (u32, u32) {
    match (options.size, settings.window) {
        (Some(size), _) => size,
        (None, Some((w, h))) => (w.clamp(LIMITS.0, LIMITS.1), h.clamp(LIMITS.0, LIMITS.1)),
        (None, None) => options.window_size(),
    }
}

fn open_at_kept_size(
    options: Res<LaunchOptions>,
    settings: Res<Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    let (w, h) = launch_size(&options, &settings);
    if (window.width(), window.height()) != (w as f32, h as f32) {
        window.resolution.set(w as f32, h as f32);
    }
}

fn keep_size(
    mut resized: MessageReader<WindowResized>,
    window: Single<(Entity, &Window), With<PrimaryWindow>>,
    options: Res<LaunchOptions>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    let (primary, window) = *window;
    let Some(last) = resized.read().filter(|r| r.window == primary).last() else {
        return;
    };
    if window.mode != WindowMode::Windowed || last.width < 1.0 || last.height < 1.0 {
        return;
    }
    let size = (last.width.round() as u32, last.height.round() as u32);
    // The window opening at its launch size is no change of the player's.
    if size != launch_size(&options, &settings) {
        settings.window = Some(size);
        store.settings_changed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_given_beats_size_kept_beats_default() {
        let mut options = LaunchOptions::default();
        let mut settings = Settings::default();
        assert_eq!(launch_size(&options, &settings), (1280, 720));
        settings.window = Some((900, 20_000));
        assert_eq!(
            launch_size(&options, &settings),
            (900, 8000),
            "kept, within limits"
        );
        options.size = Some((640, 480));
        assert_eq!(launch_size(&options, &settings), (640, 480));
    }
}
