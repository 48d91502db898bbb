//! A Tilt level as written in a pack file:
//!
//! ```ron
//! (
//!     name: "First date",
//!     rows: ["#######", "#a..#.#", "#.....#", "#..#..#", "#a....#", "#######"],
//!     gates: [(col: 2, row: 1, dir: Right)],   // optional
//!     optimum: 3,                               // moves in a shortest solution
//! )
//! ```

use super::level::{Gate, Level, State};
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};

/// One level of a Tilt pack file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelEntry {
    /// The level's title.
    pub name: String,
    /// One string per row; see [`crate::tilt::level`] for the characters.
    pub rows: Vec<String>,
    /// One-way gates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates: Vec<Gate>,
    /// Moves in a shortest solution; the curated-level test checks it.
    pub optimum: u32,
    /// On a lesson board, the line on the board saying what the new thing does.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub intro: String,
}

impl LevelEntry {
    /// The entry for `level` under `name`, with its shortest solution's length.
    pub fn new(name: impl Into<String>, level: &Level, start: &State, optimum: u32) -> Self {
        LevelEntry {
            name: name.into(),
            rows: level.to_rows(start),
            gates: level.board.gates.clone(),
            optimum,
            intro: String::new(),
        }
    }
}

impl PackEntry for LevelEntry {
    type Level = Level;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<Level, String> {
        Level::from_rows(&self.rows, &self.gates).map_err(|e| e.to_string())
    }

    fn intro(&self) -> Option<&str> {
        (!self.intro.is_empty()).then_some(self.intro.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::Direction;
    use crate::pack::parse_pack;

    const PACK: &str = r#########"(
        name: "Test",
        mode: Tilt,
        levels: [
            (name: "Gate", rows: ["#######", "#a....#", "#....a#", "#######"],
             gates: [(col: 2, row: 1, dir: Right)], optimum: 2),
            (name: "Plain", rows: ["######", "#a...#", "#...a#", "######"], optimum: 2),
        ],
    )"#########;

    #[test]
    fn levels_round_trip_through_ron() {
        let pack = parse_pack::<LevelEntry>("t.ron", PACK).unwrap();
        let (name, level) = &pack.levels[0];
        let entry = LevelEntry::new(name.clone(), level, &level.start, 2);
        let text = ron::to_string(&entry).unwrap();
        let back: LevelEntry = ron::from_str(&text).unwrap();
        assert_eq!(back, entry);
        assert_eq!(back.build().unwrap(), *level);
        assert_eq!(back.gates[0].dir, Direction::Right);
    }

    #[test]
    fn a_bad_gate_names_the_level_and_where() {
        let broken = PACK.replace("dir: Right", "dir: Up");
        let err = parse_pack::<LevelEntry>("t.ron", &broken).unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.ron: level 1 \"Gate\": row 2, column 3: a gate must sit between two cells that are not wall"
        );
        let missing = PACK.replace(", optimum: 2),\n        ],", "),\n        ],");
        let err = parse_pack::<LevelEntry>("t.ron", &missing).unwrap_err();
        assert!(err.message.contains("optimum"), "{err}");
        assert!(err.position.is_some());
    }
}
