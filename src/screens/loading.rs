//! Loading: waits for the level library and every asset a screen will need, then opens the
//! title (or the screen `--screen` asked for).

use crate::flow::{LoadingAssets, Screen, Selection};
use crate::levels::LevelLibrary;
use crate::mill::Mill;
use crate::notices::Notices;
use crate::options::{LaunchOptions, StartScreen};
use bevy::asset::LoadState;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // After the player's own levels are listed, so that the first screen finds them.
    app.add_systems(
        Update,
        finish_loading
            .after(crate::my_levels::list_my_levels)
            .run_if(in_state(Screen::Loading)),
    );
}

fn finish_loading(
    assets: Res<AssetServer>,
    mut loading: ResMut<LoadingAssets>,
    library: Res<LevelLibrary>,
    options: Option<Res<LaunchOptions>>,
    mut notices: ResMut<Notices>,
    mut selection: ResMut<Selection>,
    mut mill: ResMut<Mill>,
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
    let screen = match options {
        Some(options) => super::launch::requested_screen(
            &options,
            &library,
            &mut selection,
            &mut mill,
            &mut notices,
            &mut commands,
        ),
        None => Screen::Title,
    };
    next.set(screen);
}
