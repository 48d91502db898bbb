//! A curated level written as the code of a generated level: a title and the code whose seed
//! makes it. Modes whose levels are big maps (Climb's 128x128 blocks, Vault's sector maps) keep
//! their starter sets this way; the level is regenerated, and so verified, when the pack loads:
//!
//! ```ron
//! (name: "First descent", code: "CE1-00000003-9")
//! ```

use crate::code::LevelCode;
use crate::mill::regenerate_any;
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;

/// One level of a pack of codes; `L` is the mode's level type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeEntry<L> {
    /// The level's title.
    pub name: String,
    /// The code of the generated level.
    pub code: String,
    #[serde(skip)]
    level: PhantomData<L>,
}

impl<L> CodeEntry<L> {
    /// The entry for `code` under `name`.
    pub fn new(name: impl Into<String>, code: LevelCode) -> Self {
        Self {
            name: name.into(),
            code: code.to_string(),
            level: PhantomData,
        }
    }
}

impl<L: Clone + 'static> PackEntry for CodeEntry<L> {
    type Level = L;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<L, String> {
        let code = LevelCode::parse(&self.code).map_err(|e| format!("code {}: {e}", self.code))?;
        let fresh = regenerate_any(code).map_err(|e| format!("code {}: {e}", self.code))?;
        fresh.level.downcast_ref::<L>().cloned().ok_or_else(|| {
            format!(
                "code {} makes a {} level, not one for this pack",
                self.code, code.mode
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::climb::ClimbLevel;
    use crate::mode::ModeId;
    use crate::tier::Tier;

    #[test]
    fn an_entry_names_what_is_wrong_with_its_code() {
        let entry = |code: &str| CodeEntry::<ClimbLevel> {
            name: "x".into(),
            code: code.into(),
            level: PhantomData,
        };
        let err = entry("nonsense").build().unwrap_err();
        assert!(err.contains("code nonsense"), "{err}");
        let tilt = LevelCode::new(ModeId::Tilt, Tier::Easy, 0, 3).to_string();
        assert!(
            entry(&tilt)
                .build()
                .unwrap_err()
                .contains("makes a Tilt level")
        );
        let climb = LevelCode::new(ModeId::Climb, Tier::Easy, 0, 3);
        assert!(CodeEntry::<ClimbLevel>::new("y", climb).build().is_ok());
    }
}
