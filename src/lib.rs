//! Puzzlemill, the game: Bevy plugins composed into one app.
//!
//! [`LogicPlugin`] holds everything that decides what happens (screens, menus, input, the play
//! layer, saves, modes) and runs headless in the tests; [`PresentationPlugin`] draws it and plays
//! it (egui menus, sprites, sound, screenshots).

pub mod audio;
pub mod clipboard;
pub mod editor;
mod executor;
pub mod flow;
pub mod frame_times;
pub mod input;
pub mod keyboard;
pub mod labels;
pub mod levels;
pub mod menu;
pub mod mill;
pub mod modes;
pub mod my_levels;
pub mod notices;
pub mod options;
pub mod pipelines_ready;
pub mod places;
pub mod play;
pub mod play_data;
pub mod save;
pub mod screens;
pub mod screenshot;
pub mod sprites;
pub mod start_failure;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub mod web_page;

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::WindowResolution;

pub use options::LaunchOptions;

/// The folder holding `assets/` and `levels/`: `BEVY_ASSET_ROOT` if set, else the first of the
/// executable's folder (and the two above it, for `target/<profile>/`), the working folder and the
/// source checkout that has `assets/fonts`. In the browser both are fetched relative to the page.
pub fn resource_root() -> std::path::PathBuf {
    use std::path::PathBuf;
    if cfg!(target_arch = "wasm32") {
        return PathBuf::new();
    }
    if let Some(root) = std::env::var_os("BEVY_ASSET_ROOT") {
        // Bevy's file reader joins its paths to BEVY_ASSET_ROOT again: a relative root is made
        // absolute so the two agree (a relative one was applied twice).
        let root = PathBuf::from(root);
        return std::env::current_dir()
            .map(|dir| dir.join(&root))
            .unwrap_or(root);
    }
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(PathBuf::from));
    let candidates = exe_dir
        .iter()
        .flat_map(|d| d.ancestors().take(3).map(PathBuf::from).collect::<Vec<_>>())
        .chain(std::env::current_dir().ok())
        .chain(std::iter::once(PathBuf::from(env!("CARGO_MANIFEST_DIR"))));
    for candidate in candidates {
        if candidate.join("assets/fonts").is_dir() && candidate.join("levels").is_dir() {
            return candidate;
        }
    }
    PathBuf::from(".")
}

/// The game with a window, rendering and sound.
pub fn game_app(options: LaunchOptions) -> App {
    let mut app = App::new();
    let root = resource_root();
    levels::register_source(&mut app, &root);
    let (width, height) = options.window_size();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Puzzlemill".into(),
                    resolution: WindowResolution::new(width, height),
                    canvas: Some("#bevy".into()),
                    fit_canvas_to_parent: true,
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: root.join("assets").to_string_lossy().into_owned(),
                meta_check: AssetMetaCheck::Never,
                ..default()
            })
            .set(RenderPlugin {
                render_creation: start_failure::render_settings().into(),
                ..default()
            }),
    );
    // Where a moved or unpacked game looks for its files, for a player's bug report and the
    // player archive's check (scripts/check-package).
    #[cfg(not(target_arch = "wasm32"))]
    info!("assets and levels from {}", root.display());
    app.insert_resource(ClearColor(ui::theme::BACKGROUND));
    app.insert_resource(options);
    app.add_plugins((LogicPlugin, PresentationPlugin));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_page::plugin);
    app
}

/// The game without window, rendering or sound, for tests and benchmarks: time advances only
/// when the caller says so, and saves go to `save_dir`.
pub fn headless_app(save_dir: impl Into<std::path::PathBuf>) -> App {
    headless_app_at(save_dir, &resource_root())
}

/// [`headless_app`] reading `assets/` and `levels/` from `root`.
pub fn headless_app_at(save_dir: impl Into<std::path::PathBuf>, root: &std::path::Path) -> App {
    let mut app = App::new();
    levels::register_source(&mut app, root);
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        AssetPlugin {
            file_path: root.join("assets").to_string_lossy().into_owned(),
            ..default()
        },
    ));
    app.insert_resource(save::SaveStore::in_dir(save_dir));
    app.add_plugins(LogicPlugin);
    app
}

/// Screens, menus, input, the play layer, saves and modes: everything but drawing and sound.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            flow::plugin,
            notices::plugin,
            save::plugin,
            places::plugin,
            input::plugin,
            levels::plugin,
            screens::plugin,
            menu::plugin,
            mill::plugin,
            play::plugin,
            play_data::plugin,
            modes::plugin,
            editor::plugin,
            my_levels::plugin,
            audio::messages_plugin,
        ));
        app.add_plugins((clipboard::plugin, keyboard::plugin));
        app.add_plugins(executor::ExecutorPlugin);
    }
}

/// Menus and HUD in egui, board sprites, sound, and the screenshot option.
pub struct PresentationPlugin;

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            bevy_egui::EguiPlugin::default(),
            ui::plugin,
            sprites::plugin,
            labels::plugin,
            modes::view_plugin,
            editor::view_plugin,
            audio::plugin,
            pipelines_ready::plugin,
            screenshot::plugin,
            frame_times::plugin,
        ));
    }
}
