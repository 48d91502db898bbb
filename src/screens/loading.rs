//! Loading: waits for the level library and every asset a screen will need, then opens the
//! title (or the screen `--screen` asked for).

use super::level_select::LevelRequest;
use super::play::{CurrentLevel, LevelSource};
use super::{Screen, Selection};
use crate::levels::LevelLibrary;
use crate::notices::Notices;
use crate::options::{LaunchOptions, StartScreen};
use crate::play::AutoPlay;
use bevy::asset::{LoadState, UntypedHandle};
use bevy::prelude::*;
use puzzlemill_core::ModeId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadingAssets>();
    app.add_systems(Update, finish_loading.run_if(in_state(Screen::Loading)));
}

/// Assets to wait for before leaving the loading screen (sounds, images).
#[derive(Resource, Default)]
pub struct LoadingAssets {
    /// What to wait for, with a name for error messages.
    pub handles: Vec<(String, UntypedHandle)>,
    /// How many have finished, for the progress bar.
    pub done: usize,
}

fn finish_loading(
    assets: Res<AssetServer>,
    mut loading: ResMut<LoadingAssets>,
    library: Res<LevelLibrary>,
    options: Option<Res<LaunchOptions>>,
    mut notices: ResMut<Notices>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let done = loading
        .handles
        .iter()
        .filter(|(_, handle)| {
            matches!(
                assets.load_state(handle.id()),
                LoadState::Loaded | LoadState::Failed(_)
            )
        })
        .count();
    loading.done = done;
    let hold = options
        .as_ref()
        .is_some_and(|o| o.screen == Some(StartScreen::Loading));
    if done < loading.handles.len() || !library.ready || hold {
        return;
    }
    let failed: Vec<&str> = loading
        .handles
        .iter()
        .filter(|(_, handle)| matches!(assets.load_state(handle.id()), LoadState::Failed(_)))
        .map(|(name, _)| name.as_str())
        .collect();
    if !failed.is_empty() {
        notices.warn(format!(
            "{} could not be loaded (see the log); the game goes on without {}.",
            failed.join(", "),
            if failed.len() == 1 { "it" } else { "them" }
        ));
    }
    let start = options.and_then(|o| o.screen.map(|s| (s, o.level, o.moves)));
    let Some((screen, level, moves)) = start else {
        next.set(Screen::Title);
        return;
    };
    let mode = ModeId::Tilt;
    selection.mode = mode;
    let curated = || {
        let pack = library.packs_for(mode).next().map_or(0, |(i, _)| i);
        let request = LevelRequest {
            mode,
            source: LevelSource::Curated {
                pack,
                level: level.saturating_sub(1),
            },
        };
        CurrentLevel::new(request, &library)
    };
    next.set(match screen {
        StartScreen::Loading | StartScreen::Title => Screen::Title,
        StartScreen::Modes => Screen::ModeSelect,
        StartScreen::Levels => Screen::LevelSelect,
        StartScreen::Settings => Screen::Settings,
        StartScreen::Play | StartScreen::Pause | StartScreen::Complete => {
            commands.insert_resource(curated());
            let steps = if screen == StartScreen::Complete {
                u32::MAX
            } else {
                moves
            };
            commands.insert_resource(AutoPlay {
                steps,
                pause_after: screen == StartScreen::Pause,
            });
            Screen::Play
        }
    });
}
