//! The level in the editor and the brush the player holds.

use bevy::prelude::*;
use puzzlemill_core::Direction;
use puzzlemill_core::tilt::edit::{Draft, Refused, Tool};

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Paints a cell.
    Paint(Tool),
    /// Adds, turns or removes a one-way gate on the edge nearest the click.
    Gate,
}

/// The level being edited.
#[derive(Resource, Clone, Debug)]
pub struct Editor {
    /// The board.
    pub draft: Draft,
    /// The current brush.
    pub brush: Brush,
    /// Why the last edit was refused, or what the last action did.
    pub message: Option<String>,
    /// The level's name for saving.
    pub name: String,
    /// Counts changes, so the live check knows when to look again.
    pub revision: u64,
}

impl Default for Editor {
    fn default() -> Self {
        Editor {
            draft: Draft::new(8, 8),
            brush: Brush::Paint(Tool::Wall),
            message: None,
            name: "My level".to_string(),
            revision: 0,
        }
    }
}

impl Editor {
    /// Applies an edit, recording a refusal's reason.
    pub fn apply(&mut self, edit: impl FnOnce(&mut Draft) -> Result<(), Refused>) {
        let before = self.draft.clone();
        match edit(&mut self.draft) {
            Ok(()) => {
                self.message = None;
                if self.draft != before {
                    self.revision += 1;
                }
            }
            Err(reason) => self.message = Some(reason.to_string()),
        }
    }

    /// A click with the current brush on a cell, `near` being the side of the cell nearest it.
    pub fn click(&mut self, col: usize, row: usize, near: Direction) {
        match self.brush {
            Brush::Paint(tool) => self.apply(|d| d.paint(col, row, tool)),
            Brush::Gate => self.apply(|d| d.toggle_gate(col, row, near)),
        }
    }
}
