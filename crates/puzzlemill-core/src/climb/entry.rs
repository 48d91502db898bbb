//! A Climb pack entry: the code of a generated level (with the digest of the level it made), or,
//! for the training cave, a map drawn as rows in the top left corner of the 128x128 map (the
//! rest is earth), with a line the HUD shows:
//!
//! ```ron
//! (name: "First descent", code: "CE2.1-00000003-1V", digest: "5f0c2b8d9e4a7b31")
//! (name: "Training cave", rows: ["#####", "#S.E#", "#####"], intro: "Run with ← →.")
//! ```
//!
//! Rows use the characters of [`ClimbLevel::to_rows`]: `#` earth, `.` air, `^` spikes, `S` the
//! entrance, `E` the exit, `*` a gem. A drawn map is refused when the exit cannot be reached
//! from the entrance with the game's jump, or when the entrance has no earth under it (the
//! player starts standing there); its tier is the one its shortest route is as long as
//! ([`tier_for_route`]).

use super::reach::search;
use super::rules::tier_for_route;
use super::tiles::{ClimbLevel, MAP_SIDE, Tile};
use crate::code_entry::CodeEntry;
use crate::pack::PackEntry;
use serde::{Deserialize, Serialize};

/// One level of a Climb pack: a code, or drawn rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClimbEntry {
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
    /// A lesson's line on the screen.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub intro: String,
}

impl ClimbEntry {
    /// The entry of `level` named `name` as a drawn map ([`drawing`]).
    pub fn drawn(name: &str, level: &ClimbLevel) -> Self {
        Self {
            name: name.to_string(),
            code: String::new(),
            digest: String::new(),
            rows: drawing(level),
            intro: String::new(),
        }
    }
}

impl PackEntry for ClimbEntry {
    type Level = ClimbLevel;

    fn name(&self) -> &str {
        &self.name
    }

    fn build(&self) -> Result<ClimbLevel, String> {
        if self.rows.is_empty() {
            return CodeEntry::<ClimbLevel>::from_parts(&self.name, &self.code, &self.digest)
                .build();
        }
        drawn(&self.rows)
    }

    fn intro(&self) -> Option<&str> {
        (!self.intro.is_empty()).then_some(self.intro.as_str())
    }

    fn code(&self) -> Option<&str> {
        (!self.code.is_empty()).then_some(self.code.as_str())
    }
}

/// The level drawn by `rows` in the map's top left corner, or what is wrong with them (rows and
/// columns counted from 1).
pub fn drawn(rows: &[String]) -> Result<ClimbLevel, String> {
    if rows.is_empty() || rows.len() > MAP_SIDE {
        return Err(format!("a drawn map has 1 to {MAP_SIDE} rows"));
    }
    let mut level = ClimbLevel::solid();
    let (mut entrance, mut exit) = (None, None);
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() > MAP_SIDE {
            return Err(format!("row {} is wider than {MAP_SIDE} blocks", y + 1));
        }
        for (x, ch) in row.chars().enumerate() {
            let cell = (x as u16, y as u16);
            let tile = match ch {
                '#' => Tile::Solid,
                '.' => Tile::Air,
                '^' => Tile::Spikes,
                'S' | 'E' | '*' => Tile::Air,
                other => {
                    return Err(format!(
                        "row {}, column {}: '{other}' is not a block (# . ^ S E *)",
                        y + 1,
                        x + 1
                    ));
                }
            };
            level.set(x, y, tile);
            let place = match ch {
                'S' => &mut entrance,
                'E' => &mut exit,
                _ => {
                    if ch == '*' {
                        level.gems.push(cell);
                    }
                    continue;
                }
            };
            if place.replace(cell).is_some() {
                return Err(format!("row {}: a second '{ch}'", y + 1));
            }
        }
    }
    level.entrance = entrance.ok_or("no entrance (S)")?;
    level.exit = exit.ok_or("no exit (E)")?;
    level.close_border();
    let (x, y) = level.entrance;
    if !level.is_standing_place(i32::from(x), i32::from(y)) {
        return Err(format!(
            "the entrance (S, row {}, column {}) needs earth under it: the player starts \
             standing there",
            y + 1,
            x + 1
        ));
    }
    let route = search(&level, level.entrance, level.exit, false)
        .route_to(level.exit)
        .ok_or("the exit cannot be reached from the entrance with the game's jump")?;
    level.tier = tier_for_route(route.len());
    Ok(level)
}

/// The rows [`drawn`] reads `level` back from: the map's top left corner up to one block past
/// its last block that is not plain earth, each way (the earth beyond frames the cave).
pub fn drawing(level: &ClimbLevel) -> Vec<String> {
    let rows = level.to_rows();
    let (mut width, mut height) = (1, 1);
    for (y, row) in rows.iter().enumerate() {
        if let Some(x) = row.rfind(|c| c != '#') {
            width = width.max(x + 2);
            height = height.max(y + 2);
        }
    }
    let (width, height) = (width.min(MAP_SIDE), height.min(MAP_SIDE));
    rows[..height]
        .iter()
        .map(|r| r[..width].to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tier::Tier;

    fn rows(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_drawn_cave_builds_and_mistakes_are_named() {
        let cave = drawn(&rows(&["#######", "#S.*.E#", "#######"])).unwrap();
        assert_eq!(
            (cave.entrance, cave.exit, cave.gems.clone()),
            ((1, 1), (5, 1), vec![(3, 1)])
        );
        assert!(cave.is_solid(60, 60), "the rest is earth");
        let err = drawn(&rows(&["#####", "#S?E#", "#####"])).unwrap_err();
        assert!(err.contains("row 2, column 3"), "{err}");
        let err = drawn(&rows(&["#####", "#S.S#", "#####"])).unwrap_err();
        assert!(err.contains("second 'S'"), "{err}");
        let walled = drawn(&rows(&["#######", "#S.#.E#", "#######"])).unwrap_err();
        assert!(walled.contains("cannot be reached"), "{walled}");
        let floating = drawn(&rows(&["#######", "#S...#", "#....E#", "#######"])).unwrap_err();
        assert!(floating.contains("row 2, column 2"), "{floating}");
    }

    #[test]
    fn a_drawing_is_the_corner_that_reads_back_as_the_same_cave() {
        let cave = drawn(&rows(&[
            "##########",
            "#S.*.E####",
            "##########",
            "##########",
        ]))
        .unwrap();
        assert_eq!(drawing(&cave), rows(&["#######", "#S.*.E#", "#######"]));
        assert_eq!(drawn(&drawing(&cave)).unwrap(), cave);
        assert_eq!(
            cave.tier,
            Tier::Easy,
            "4 steps, shorter than any fresh cave"
        );
    }

    #[test]
    fn a_drawn_cave_is_of_the_tier_its_route_is_as_long_as() {
        assert_eq!(tier_for_route(10), Tier::Easy);
        assert_eq!(tier_for_route(72), Tier::Medium);
        assert_eq!(tier_for_route(80), Tier::Hard);
        assert_eq!(tier_for_route(87), Tier::Expert);
        // A corridor 100 blocks long: 97 walking steps from the entrance to the exit.
        let corridor = format!("#S{}E#", ".".repeat(96));
        let cave = drawn(&rows(&[&"#".repeat(100), &corridor, &"#".repeat(100)])).unwrap();
        assert_eq!(cave.tier, Tier::Expert);
    }
}
