//! "Share this level" on the pause menu: the level in play, whatever mode, copied as a level text
//! (`puzzlemill_core::level_text`), which the code box and the browser's `?level=` open anywhere.

use super::layer::ActiveSession;
use super::mode::PlayMode;
use crate::clipboard;
use crate::menu::{MenuAction, MenuActivated};
use crate::notices::Notices;
use bevy::prelude::*;
use puzzlemill_core::level_text;
use puzzlemill_core::mill::AnyLevel;
use std::sync::Arc;

/// Copies the level of the session of mode `P` as a level text when the player asks.
pub(super) fn share<P: PlayMode>(
    mut activated: MessageReader<MenuActivated>,
    session: Res<ActiveSession<P>>,
    mut notices: ResMut<Notices>,
) {
    if !activated
        .read()
        .any(|MenuActivated(a)| *a == MenuAction::Share)
    {
        return;
    }
    let level: AnyLevel = Arc::new(session.0.level().clone());
    match level_text::encode(P::MODE, &level) {
        Ok(text) => match clipboard::copy(&text) {
            Ok(()) => notices.info(format!("Copied the level's text: {text}")),
            Err(e) => notices.warn(format!("The level's text is {text} (copying failed: {e})")),
        },
        Err(e) => notices.warn(format!("This level cannot be shared: {e}")),
    }
}
