//! Difficulty tiers: what the player picks on the level select and what raters map levels to.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A difficulty tier, from easiest to hardest. Also a command-line value (`easy` ... `expert`)
/// for the `mill` and the game's launch options.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    clap::ValueEnum,
)]
pub enum Tier {
    /// First steps.
    #[default]
    Easy,
    /// Needs a little planning.
    Medium,
    /// Needs real planning.
    Hard,
    /// For those who have seen everything else.
    Expert,
}

impl Tier {
    /// Every tier, easiest first.
    pub const ALL: [Tier; 4] = [Self::Easy, Self::Medium, Self::Hard, Self::Expert];

    /// The tier's name as shown to the player.
    pub fn label(self) -> &'static str {
        match self {
            Self::Easy => "Easy",
            Self::Medium => "Medium",
            Self::Hard => "Hard",
            Self::Expert => "Expert",
        }
    }

    /// The next tier up, wrapping to `Easy` (for left/right pickers).
    pub fn next(self) -> Self {
        Self::ALL[(self as usize + 1) % Self::ALL.len()]
    }

    /// The next tier down, wrapping to `Expert`.
    pub fn prev(self) -> Self {
        Self::ALL[(self as usize + Self::ALL.len() - 1) % Self::ALL.len()]
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_and_prev_cycle_through_all() {
        for t in Tier::ALL {
            assert_eq!(t.next().prev(), t);
        }
        assert_eq!(Tier::Expert.next(), Tier::Easy);
        assert_eq!(Tier::Easy.prev(), Tier::Expert);
    }
}
