//! The game's modes: names, one-line pitches, and which of them can be played yet.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of Puzzlemill's modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModeId {
    /// Fruit pairing by tilting the board (seed 000).
    Tilt,
    /// Linjat: one line through each number (seed 002).
    Lines,
    /// Flick one box at a time onto the targets (seed 004).
    Slide,
    /// Every box moves together (seed 004, HAKOSAN).
    Trio,
    /// A scrolling platformer built from a path of rooms (seed 003).
    Climb,
    /// Keys, switches, doors and secret rooms (seed 001).
    Vault,
}

impl ModeId {
    /// Every mode in menu order.
    pub const ALL: [ModeId; 6] = [
        Self::Tilt,
        Self::Lines,
        Self::Slide,
        Self::Trio,
        Self::Climb,
        Self::Vault,
    ];

    /// The mode's name as shown to the player.
    pub fn label(self) -> &'static str {
        match self {
            Self::Tilt => "Tilt",
            Self::Lines => "Lines",
            Self::Slide => "Slide",
            Self::Trio => "Trio",
            Self::Climb => "Climb",
            Self::Vault => "Vault",
        }
    }

    /// One line telling a new player what the mode is.
    pub fn pitch(self) -> &'static str {
        match self {
            Self::Tilt => "Tilt the board; matching fruit that meet pair up and leave.",
            Self::Lines => "Draw a line through every number, as long as the number.",
            Self::Slide => "Flick boxes that slide until they hit something.",
            Self::Trio => "Every box slides at once. Park them all on targets.",
            Self::Climb => "Run and jump down a winding cave to the exit.",
            Self::Vault => "Find keys and switches to open the way to the exit.",
        }
    }

    /// Whether the mode can be played in this build. Modes arrive one issue at a time; the menu
    /// shows the others as coming rather than hiding them.
    pub fn playable(self) -> bool {
        matches!(
            self,
            Self::Tilt | Self::Lines | Self::Slide | Self::Trio | Self::Climb | Self::Vault
        )
    }

    /// A stable lower-case key for file names and save records.
    pub fn key(self) -> &'static str {
        match self {
            Self::Tilt => "tilt",
            Self::Lines => "lines",
            Self::Slide => "slide",
            Self::Trio => "trio",
            Self::Climb => "climb",
            Self::Vault => "vault",
        }
    }

    /// The mode whose [`key`](Self::key) is `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.key() == key)
    }
}

impl fmt::Display for ModeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_are_unique() {
        for m in ModeId::ALL {
            assert_eq!(ModeId::from_key(m.key()), Some(m));
        }
        assert_eq!(ModeId::from_key("chess"), None);
    }
}
