//! A curated Climb level as written in a pack file: a title and the level code whose seed makes
//! it, so the starter set is a handful of good seeds rather than 16,384 blocks each:
//!
//! ```ron
//! (name: "First descent", code: "CE1-00000003-9")
//! ```

use super::rules::Climb;
use super::tiles::ClimbLevel;
use crate::code::LevelCode;
use crate::mill::regenerate;
use crate::mode::ModeId;
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};

/// Walks a seed may take before it is given up (a level needs one or two).
pub const MAX_WALKS: u32 = 50;

/// One level of a Climb pack file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClimbEntry {
    /// The level's title.
    pub name: String,
    /// The code of the generated level.
    pub code: String,
}

impl PackEntry for ClimbEntry {
    type Level = ClimbLevel;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<ClimbLevel, String> {
        let code = LevelCode::parse(&self.code).map_err(|e| format!("code {}: {e}", self.code))?;
        if code.mode != ModeId::Climb {
            return Err(format!("code {} is not a Climb level", self.code));
        }
        regenerate::<Climb>(code, MAX_WALKS)
            .map(|fresh| fresh.level)
            .map_err(|e| format!("code {}: {e}", self.code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_names_what_is_wrong_with_its_code() {
        let entry = |code: &str| ClimbEntry {
            name: "x".into(),
            code: code.into(),
        };
        let err = entry("nonsense").build().unwrap_err();
        assert!(err.contains("code nonsense"), "{err}");
        let tilt = LevelCode::new(ModeId::Tilt, crate::Tier::Easy, 0, 3).to_string();
        assert!(
            entry(&tilt)
                .build()
                .unwrap_err()
                .contains("not a Climb level")
        );
    }
}
