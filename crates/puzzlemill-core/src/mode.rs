//! What a mode is to the rest of the program, after Simon Tatham's `gamelist`: each mode declares
//! everything the others need in a [`ModeSpec`](crate::mode_spec::ModeSpec) in its own folder (`tilt/mode.rs`, ...); this file
//! lists the modes' identities ([`ModeId`]) and the table in `modes.rs` maps each to its spec.
//! Everything else iterates over [`ModeId::ALL`] or asks [`ModeId::spec`]; nothing else names a
//! mode. Adding a mode: `docs/adding-a-mode.md`.

use crate::tier::Tier;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The modes' identities, in menu order: the name is the mode's identity in saves and pack files
/// (`mode: Tilt`). What each mode declares about itself is in the mode table (`modes.rs`).
macro_rules! mode_ids {
    ($($(#[$doc:meta])* $id:ident,)+) => {
        /// One of Puzzlemill's modes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum ModeId {
            $($(#[$doc])* $id,)+
        }

        impl ModeId {
            /// Every mode in menu order.
            pub const ALL: &'static [ModeId] = &[$(ModeId::$id,)+];
        }
    };
}

mode_ids! {
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
    /// The mode's name as shown to the player.
    pub fn label(self) -> &'static str {
        self.spec().label
    }

    /// One line telling a new player what the mode is.
    pub fn pitch(self) -> &'static str {
        self.spec().pitch
    }

    /// A stable lower-case key for file names and save records.
    pub fn key(self) -> &'static str {
        self.spec().key
    }

    /// The mode whose [`key`](Self::key) is `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|m| m.key() == key)
    }

    /// The mode whose code letter is `letter`.
    pub fn from_letter(letter: char) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|m| m.spec().letter == letter)
    }

    /// What `tier` means in this mode.
    pub fn tier_detail(self, tier: Tier) -> &'static str {
        self.spec().tiers[tier as usize]
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
    use std::collections::HashSet;

    #[test]
    fn keys_letters_and_labels_are_unique_and_round_trip() {
        let (mut seen, mut letters) = (HashSet::new(), HashSet::new());
        for &m in ModeId::ALL {
            let spec = m.spec();
            assert_eq!(ModeId::from_key(spec.key), Some(m), "{m:?}");
            assert_eq!(ModeId::from_letter(spec.letter), Some(m), "{m:?}");
            assert!(spec.letter.is_ascii_uppercase(), "{m:?}: {}", spec.letter);
            assert!(
                letters.insert(spec.letter),
                "{m:?}: letter {} twice",
                spec.letter
            );
            assert!(seen.insert(spec.key), "{m:?}: key {} twice", spec.key);
            assert!(seen.insert(spec.label), "{m:?}: label twice");
            assert!(spec.generator >= 1, "{m:?}: generator versions start at 1");
            assert!(spec.max_attempts >= 1, "{m:?}");
            assert!(!spec.pitch.is_empty() && spec.tiers.iter().all(|t| !t.is_empty()));
        }
        assert_eq!(ModeId::from_key("chess"), None);
        assert_eq!(ModeId::from_letter('Q'), None);
    }
}
