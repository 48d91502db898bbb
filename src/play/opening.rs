//! Opening the level the player asked for, the same way in every mode (move by move or real
//! time): a curated level from the library, the editor's level for a play-test, or a generated
//! level once the mill hands it over.

use crate::flow::{CurrentLevel, LevelSource, Milled, Screen};
use crate::levels::LevelLibrary;
use crate::notices::Notices;
use bevy::prelude::*;
use puzzlemill_core::ModeId;

/// A level ready to start, and what its rating said of it.
pub struct Opened<L> {
    /// The level.
    pub level: L,
    /// The length of a shortest solution, when the mill's rater knows it (generated levels).
    pub rated_optimum: Option<u32>,
}

/// The level `current` stands for, as the level type `L` of `mode`, once it is available;
/// `Ok(None)` while the mill is still working; why not when it cannot be opened.
pub fn open_level<L: Clone + 'static>(
    mode: ModeId,
    current: &CurrentLevel,
    library: &LevelLibrary,
) -> Result<Option<Opened<L>>, String> {
    let opened = |level: L, rated_optimum| {
        Ok(Some(Opened {
            level,
            rated_optimum,
        }))
    };
    match current.request.source {
        LevelSource::Curated { pack, level } => opened(library.level::<L>(pack, level)?, None),
        LevelSource::Draft | LevelSource::Shared => {
            let level = current
                .draft
                .as_ref()
                .and_then(|d| d.downcast_ref::<L>())
                .ok_or_else(|| "the level to play is missing".to_string())?;
            opened(level.clone(), None)
        }
        LevelSource::Fresh { .. }
        | LevelSource::Code(_)
        | LevelSource::ForYou
        | LevelSource::Again { .. } => {
            let Some(Milled(fresh)) = &current.milled else {
                return Ok(None);
            };
            let level = fresh.level.downcast_ref::<L>().ok_or_else(|| {
                format!("the mill handed over a level that is not a {mode} level")
            })?;
            opened(level.clone(), fresh.rating.optimum)
        }
    }
}

/// What a mode does when its level cannot be opened: says why and goes back to the level select.
pub fn report_unopened(message: &str, notices: &mut Notices, next: &mut NextState<Screen>) {
    notices.warn(format!("Could not open the level: {message}."));
    next.set(Screen::LevelSelect);
}
