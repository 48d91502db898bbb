//! A curated level written as the code of a generated level: a title, the code whose seed makes
//! it and the digest of the level it made when the pack was written. Modes whose levels are big
//! maps (Climb's 128x128 blocks, Vault's sector maps) keep their starter sets this way; the level
//! is regenerated, and so verified, when the pack loads, and refused if it is not the level the
//! pack was made with:
//!
//! ```ron
//! (name: "First descent", code: "CE2.1-00000003-1V", digest: "5f0c2b8d9e4a7b31")
//! ```

use crate::code::LevelCode;
use crate::digest::level_digest;
use crate::mill::{AnyFresh, regenerate_any};
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
    /// The digest of the level the code made when the pack was written
    /// ([`crate::digest`]).
    pub digest: String,
    #[serde(skip)]
    level: PhantomData<L>,
}

impl<L> CodeEntry<L> {
    /// The entry for the milled level `fresh` under `name`.
    pub fn new(name: impl Into<String>, fresh: &AnyFresh) -> Self {
        Self {
            name: name.into(),
            code: fresh.code.to_string(),
            digest: level_digest(fresh.code.mode, &fresh.level).unwrap_or_default(),
            level: PhantomData,
        }
    }

    /// The entry for the code `code` under `name`, which made a level of digest `digest`.
    pub fn from_parts(name: &str, code: &str, digest: &str) -> Self {
        Self {
            name: name.to_string(),
            code: code.to_string(),
            digest: digest.to_string(),
            level: PhantomData,
        }
    }

    /// The entry for a milled level as RON: what `mill generate` prints for modes whose packs
    /// hold codes.
    pub fn pack_entry(fresh: &AnyFresh, name: &str) -> Result<String, String> {
        ron::to_string(&Self::new(name, fresh)).map_err(|e| e.to_string())
    }
}

impl<L: Clone + 'static> PackEntry for CodeEntry<L> {
    type Level = L;

    fn name(&self) -> &str {
        &self.name
    }

    fn code(&self) -> Option<&str> {
        Some(&self.code)
    }

    fn build(&self) -> Result<L, String> {
        let code = LevelCode::parse(&self.code).map_err(|e| format!("code {}: {e}", self.code))?;
        let fresh = regenerate_any(code).map_err(|e| format!("code {}: {e}", self.code))?;
        let level = fresh.level.downcast_ref::<L>().cloned().ok_or_else(|| {
            format!(
                "code {} makes a {} level, not one for this pack",
                self.code, code.mode
            )
        })?;
        let digest = level_digest(code.mode, &fresh.level).unwrap_or_default();
        if digest != self.digest {
            return Err(format!(
                "code {} now makes another level than the one this pack was made with \
                 (digest {digest}, the pack says {})",
                self.code, self.digest
            ));
        }
        Ok(level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::climb::ClimbLevel;
    use crate::mode::ModeId;
    use crate::tier::Tier;

    fn entry(code: &str, digest: &str) -> CodeEntry<ClimbLevel> {
        CodeEntry {
            name: "x".into(),
            code: code.into(),
            digest: digest.into(),
            level: PhantomData,
        }
    }

    #[test]
    fn an_entry_names_what_is_wrong_with_its_code() {
        let err = entry("nonsense", "").build().unwrap_err();
        assert!(err.contains("code nonsense"), "{err}");
        let tilt = LevelCode::new(ModeId::Tilt, Tier::Easy, 0, 3).to_string();
        assert!(
            entry(&tilt, "")
                .build()
                .unwrap_err()
                .contains("makes a Tilt level")
        );
        let climb = regenerate_any(LevelCode::new(ModeId::Climb, Tier::Easy, 0, 3)).unwrap();
        let good = CodeEntry::<ClimbLevel>::new("y", &climb);
        assert!(good.build().is_ok());
        let moved = entry(&good.code, "0123456789abcdef").build().unwrap_err();
        assert!(moved.contains("now makes another level"), "{moved}");
    }
}
