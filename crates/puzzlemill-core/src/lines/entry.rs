//! A Lines level as written in a pack file:
//!
//! ```ron
//! (
//!     name: "Reach",
//!     rows: ["    ", "    ", ".  4", "    "],   // `.` a dot, 1-9 a number, space empty
//!     intro: "Only the 4 can reach the dot.",    // optional, shown while playing
//!     teaches: "cover",                          // optional: the deduction it needs
//! )
//! ```

use super::board::Board;
use super::play::LinesLevel;
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};

/// One level of a Lines pack file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinesEntry {
    /// The level's title.
    pub name: String,
    /// One string per row: `.` a dot, `1`-`9` a number, a space an empty cell.
    pub rows: Vec<String>,
    /// Words shown while the level is played (none when empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub intro: String,
    /// For tutorial levels, the kind of deduction the level teaches (its name as in
    /// [`Kind::name`](super::Kind::name)); the curated-level test checks the solver needs it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub teaches: String,
}

impl PackEntry for LinesEntry {
    type Level = LinesLevel;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<LinesLevel, String> {
        let board = Board::from_rows(&self.rows).map_err(|e| e.to_string())?;
        Ok(LinesLevel {
            board,
            intro: (!self.intro.is_empty()).then(|| self.intro.clone()),
        })
    }

    fn intro(&self) -> Option<&str> {
        (!self.intro.is_empty()).then_some(self.intro.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::parse_pack;

    const PACK: &str = r#"(
        name: "Test",
        mode: Lines,
        levels: [
            (name: "Reach", rows: ["    ", "    ", ".  4", "    "], intro: "Only the 4 reaches."),
            (name: "Bad", rows: ["  x "]),
        ],
    )"#;

    #[test]
    fn levels_round_trip_and_errors_name_the_level() {
        let err = parse_pack::<LinesEntry>("t.ron", PACK)
            .unwrap_err()
            .to_string();
        assert!(err.contains("Bad") && err.contains("'x'"), "{err}");
        let good = PACK.replace("  x ", "  2 ");
        let pack = parse_pack::<LinesEntry>("t.ron", &good).unwrap();
        let (name, level) = &pack.levels[0];
        assert_eq!(level.intro.as_deref(), Some("Only the 4 reaches."));
        let entry = LinesEntry {
            name: name.clone(),
            rows: level.board.to_rows(),
            intro: level.intro.clone().unwrap_or_default(),
            teaches: String::new(),
        };
        let back: LinesEntry = ron::from_str(&ron::to_string(&entry).unwrap()).unwrap();
        assert_eq!(back.build().unwrap(), *level);
    }
}
