//! A Slide or Trio level as written in a pack file:
//!
//! ```ron
//! (
//!     name: "Side by side",
//!     rows: ["#######", "#b.b.o#", "#...o.#", "#######"],
//!     optimum: 3,   // moves in a shortest solution, checked by the curated-level test
//! )
//! ```

use super::level::SlideLevel;
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};

/// One level of a Slide or Trio pack file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlideEntry {
    /// The level's title.
    pub name: String,
    /// One string per row; see [`crate::slide::level`] for the characters.
    pub rows: Vec<String>,
    /// Moves in a shortest solution.
    pub optimum: u32,
    /// On a lesson board, the line on the board saying what the new thing does.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub intro: String,
}

impl SlideEntry {
    /// The entry for `level` under `name`.
    pub fn new(name: impl Into<String>, level: &SlideLevel, optimum: u32) -> Self {
        SlideEntry {
            name: name.into(),
            rows: level.to_rows(&level.start),
            optimum,
            intro: String::new(),
        }
    }
}

impl PackEntry for SlideEntry {
    type Level = SlideLevel;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<SlideLevel, String> {
        SlideLevel::from_rows(&self.rows).map_err(|e| e.to_string())
    }

    fn intro(&self) -> Option<&str> {
        (!self.intro.is_empty()).then_some(self.intro.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::parse_pack;

    const PACK: &str = r##########"(
        name: "Test",
        mode: Slide,
        levels: [
            (name: "Side by side", rows: ["#######", "#b.b.o#", "#...o.#", "#######"], optimum: 3),
        ],
    )"##########;

    #[test]
    fn levels_round_trip_through_ron() {
        let pack = parse_pack::<SlideEntry>("s.ron", PACK).unwrap();
        let (name, level) = &pack.levels[0];
        let entry = SlideEntry::new(name.clone(), level, 3);
        let text = ron::to_string(&entry).unwrap();
        let back: SlideEntry = ron::from_str(&text).unwrap();
        assert_eq!(back, entry);
        assert_eq!(back.build().unwrap(), *level);
    }

    #[test]
    fn a_broken_level_names_the_level_and_the_cell() {
        let broken = PACK.replace("#b.b.o#", "#b.q.o#");
        let err = parse_pack::<SlideEntry>("s.ron", &broken).unwrap_err();
        assert_eq!(
            err.to_string(),
            "s.ron: level 1 \"Side by side\": row 2, column 4: 'q' is not one of . # % o b B"
        );
    }
}
