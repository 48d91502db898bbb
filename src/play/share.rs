//! The level in play, passed on from the pause menu, whatever its mode: "Share this level" copies
//! it as a level text (`puzzlemill_core::level_text`), which the code box and the browser's
//! `?level=` open anywhere; "Edit a copy" opens it in the mode's editor; "Save to My levels"
//! keeps a shared level.

use super::layer::ActiveSession;
use super::mode::PlayMode;
use crate::clipboard;
use crate::flow::{CurrentLevel, OpenInEditor};
use crate::menu::{MenuAction, MenuActivated};
use crate::my_levels::MyLevelsStore;
use crate::notices::Notices;
use bevy::prelude::*;
use puzzlemill_core::level_text;
use puzzlemill_core::mill::AnyLevel;
use std::sync::Arc;

/// What the pause menu asked of the level of the session of mode `P`.
pub(super) fn share<P: PlayMode>(
    mut activated: MessageReader<MenuActivated>,
    session: Res<ActiveSession<P>>,
    current: Option<Res<CurrentLevel>>,
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
        let level: AnyLevel = Arc::new(session.0.level().clone());
        let title = current
            .as_ref()
            .map_or_else(|| "A level".to_string(), |c| c.title.clone());
        // "Pack · 3. Name" is called "Name" in the editor and in My levels.
        let name = title.rsplit(". ").next().unwrap_or(&title).to_string();
        match action {
            MenuAction::EditCopy => {
                open.write(OpenInEditor {
                    mode: P::MODE,
                    level,
                    name: format!("{name} (copy)"),
                });
            }
            MenuAction::SaveToMyLevels => match level_text::encode(P::MODE, &level) {
                Ok(text) => {
                    let saved = mine.add(P::MODE, &name, text, None);
                    notices.info(format!("Saved \"{saved}\" to My levels ({}).", P::MODE));
                }
                Err(e) => notices.warn(format!("This level cannot be saved: {e}")),
            },
            _ => match level_text::encode(P::MODE, &level) {
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
