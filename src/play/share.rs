//! The level in play, passed on from the pause menu, whatever its mode: "Share this level" copies
//! it as a level text (`puzzlemill_core::level_text`), which the code box and the browser's
//! `?level=` open anywhere; "Edit a copy" opens it in the mode's editor; "Save to My levels"
//! keeps a shared level.

use crate::clipboard;
use crate::flow::{CurrentLevel, LevelSource, OpenInEditor, Screen};
use crate::input::literal;
use crate::levels::LevelLibrary;
use crate::menu::{MenuAction, MenuActivated};
use crate::my_levels::MyLevelsStore;
use crate::notices::Notices;
use bevy::prelude::*;
use puzzlemill_core::edit::my_levels::SavedRating;
use puzzlemill_core::level_text;
use puzzlemill_core::mill::AnyLevel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        share
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::Play).and_then(resource_exists::<CurrentLevel>)),
    );
}

/// The level `current` stands for: the mill's, the editor's or a shared one, or a curated one
/// from the library.
pub fn level_in_play(current: &CurrentLevel, library: &LevelLibrary) -> Option<AnyLevel> {
    if let Some(milled) = &current.milled {
        return Some(milled.0.level.clone());
    }
    if let Some(draft) = &current.draft {
        return Some(draft.clone());
    }
    match current.request.source {
        LevelSource::Curated { pack, level } => library.any_level(pack, level),
        _ => None,
    }
}

/// What the pause menu asked of the level in play, whatever its mode.
fn share(
    mut activated: MessageReader<MenuActivated>,
    current: Res<CurrentLevel>,
    library: Res<LevelLibrary>,
    mut mine: ResMut<MyLevelsStore>,
    mut open: MessageWriter<OpenInEditor>,
    mut notices: ResMut<Notices>,
) {
    for MenuActivated(action) in activated.read() {
        if !matches!(
            action,
            MenuAction::Share | MenuAction::EditCopy | MenuAction::SaveToMyLevels
        ) {
            continue;
        }
        let mode = current.request.mode;
        let Some(level) = level_in_play(&current, &library) else {
            notices.warn("The level in play is not ready yet.");
            continue;
        };
        // A curated level is called by its name in the editor and in My levels (its title is
        // "Pack · 3. Name", or "My levels · Name"); any other by its title.
        let name = match current.request.source {
            LevelSource::Curated { pack, level } => (library.packs.get(pack))
                .and_then(|p| p.level_names.get(level))
                .cloned(),
            _ => None,
        }
        .unwrap_or_else(|| current.title.clone());
        match action {
            MenuAction::EditCopy => {
                open.write(OpenInEditor {
                    mode,
                    level,
                    name: format!("{name} (copy)"),
                    saved: false,
                });
            }
            MenuAction::SaveToMyLevels => match level_text::encode(mode, &level) {
                Ok(text) => match mine.held_as(mode, &text) {
                    Some(held) => notices.info(format!(
                        "This level is in My levels already, as \"{}\" ({mode}).",
                        literal(&held)
                    )),
                    None => {
                        // What the check before play found of it.
                        let rating = current.known_rating.as_ref().map(SavedRating::from);
                        let saved = mine.add(mode, &name, text, rating);
                        notices.info(format!(
                            "Saved \"{}\" to My levels ({mode}).",
                            literal(&saved)
                        ));
                    }
                },
                Err(e) => notices.warn(format!("This level cannot be saved: {e}")),
            },
            _ => match level_text::encode(mode, &level) {
                Ok(text) => match clipboard::copy(&text) {
                    Ok(()) => notices.info(format!("Copied the level's text: {text}")),
                    Err(e) => {
                        notices.warn(format!("The level's text is {text} (copying failed: {e})"))
                    }
                },
                Err(e) => notices.warn(format!("This level cannot be shared: {e}")),
            },
        }
    }
}
