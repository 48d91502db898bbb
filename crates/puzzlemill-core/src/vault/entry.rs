//! A Vault pack entry: the code of a generated level (with the digest of the level it made), or,
//! for the lesson vault, a map drawn as rows ([`super::drawn`]) with the script each key and
//! switch opens, in reading order, and a line the HUD shows:
//!
//! ```ron
//! (name: "The Gatehouse", code: "VE2.2-00000001-XC", digest: "2af8db466494cd2d")
//! (name: "First vault", rows: ["#########", "#@K#1.X.#", "#########"], opens: [1], intro: "…")
//! ```

use super::drawn::drawn;
use super::level::{Script, VaultLevel};
use crate::code_entry::CodeEntry;
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};

/// One level of a Vault pack: a code, or drawn rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VaultEntry {
    /// The level's title.
    pub name: String,
    /// The code of a generated level (empty for a drawn one).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub code: String,
    /// The digest of the level the code made when the pack was written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub digest: String,
    /// A drawn map, a row per line (empty for a code).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
    /// The script each key and switch of a drawn map opens, in reading order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opens: Vec<Script>,
    /// A lesson's line on the screen.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub intro: String,
}

impl VaultEntry {
    /// The entry of `level` named `name` as a drawn map: its rows, and the script of each key
    /// and switch in reading order.
    pub fn drawn(name: &str, level: &VaultLevel) -> Self {
        let mut openers: Vec<_> = level.openers.iter().collect();
        openers.sort_by_key(|o| (o.at.1, o.at.0));
        Self {
            name: name.to_string(),
            code: String::new(),
            digest: String::new(),
            rows: level.to_rows(),
            opens: openers.iter().map(|o| o.script).collect(),
            intro: String::new(),
        }
    }
}

impl PackEntry for VaultEntry {
    type Level = VaultLevel;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<VaultLevel, String> {
        if self.rows.is_empty() {
            return CodeEntry::<VaultLevel>::from_parts(&self.name, &self.code, &self.digest)
                .build();
        }
        drawn(&self.rows, &self.opens)
    }

    fn intro(&self) -> Option<&str> {
        (!self.intro.is_empty()).then_some(self.intro.as_str())
    }

    fn code(&self) -> Option<&str> {
        (!self.code.is_empty()).then_some(self.code.as_str())
    }
}
