//! Room templates, as seed 003 describes them: a 16x16 grid of codes per room, kept per room type
//! in `levels/climb/rooms.ron`, mirrored left-right at random when used. Codes: `0` air, `1`
//! earth, `8` earth three times in four, `9` earth one time in two, `7` part of a 5x3 area filled
//! with a sub-template (the seed's "boxTemplate", itself mirrored at random), `D` a door spot
//! (the entrance or exit may stand there; elsewhere it is air).
//!
//! A template promises the openings of its type at fixed places so neighbouring rooms meet: a
//! side opening is rows 11-14 of the edge column, never earth, over earth in row 15; a bottom
//! opening is columns 6-9 of row 15, a top opening columns 6-9 of row 0.

use super::tiles::ROOM_SIDE;
use crate::tier::Tier;
use serde::Deserialize;
use std::fmt;
use std::sync::OnceLock;

/// Width of a sub-template.
pub const BLOCK_WIDTH: usize = 5;
/// Height of a sub-template.
pub const BLOCK_HEIGHT: usize = 3;
/// Rows of a side opening.
pub const SIDE_ROWS: std::ops::RangeInclusive<usize> = 11..=14;
/// Columns of a top or bottom opening.
pub const SHAFT_COLUMNS: std::ops::RangeInclusive<usize> = 6..=9;

/// The templates shipped with the game.
pub const ROOMS_RON: &str = include_str!("../../../../levels/climb/rooms.ron");

/// One room template's codes, by row.
pub type Grid = [[u8; ROOM_SIDE]; ROOM_SIDE];

/// A room template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// The room type it is for (0-3).
    pub kind: u8,
    /// The lowest tier that uses it.
    pub tier: Tier,
    /// Codes by row.
    pub grid: Grid,
}

/// A 5x3 sub-template's codes, by row.
pub type Block = [[u8; BLOCK_WIDTH]; BLOCK_HEIGHT];

/// Every template and sub-template.
#[derive(Clone, Debug)]
pub struct RoomSet {
    /// Room templates.
    pub rooms: Vec<Template>,
    /// Sub-templates for the `7` areas.
    pub blocks: Vec<Block>,
}

/// What is wrong with a template file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError(pub String);

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TemplateError {}

#[derive(Deserialize)]
struct RoomFile {
    blocks: Vec<Vec<String>>,
    rooms: Vec<RoomEntry>,
}

#[derive(Deserialize)]
struct RoomEntry {
    kind: u8,
    tier: Tier,
    rows: Vec<String>,
}

/// Whether a code never turns into earth.
pub fn never_solid(code: u8) -> bool {
    matches!(code, b'0' | b'D')
}

/// Which openings a grid has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Openings {
    /// Open at the left edge.
    pub left: bool,
    /// Open at the right edge.
    pub right: bool,
    /// Open at the top.
    pub top: bool,
    /// Open at the bottom.
    pub bottom: bool,
}

impl Openings {
    /// The openings a room of `kind` must have (`top` for a type 2 room entered from above).
    pub fn promised(kind: u8, top: bool) -> Self {
        let sides = kind != 0;
        Self {
            left: sides,
            right: sides,
            top: kind == 3 || (kind == 2 && top),
            bottom: kind == 2,
        }
    }

    /// Whether every opening in `need` is here.
    pub fn has(self, need: Openings) -> bool {
        (self.left || !need.left)
            && (self.right || !need.right)
            && (self.top || !need.top)
            && (self.bottom || !need.bottom)
    }
}

/// The openings of `grid` under the conventions above.
pub fn openings(grid: &Grid) -> Openings {
    let last = ROOM_SIDE - 1;
    let side = |col: usize| {
        SIDE_ROWS.clone().all(|row| never_solid(grid[row][col])) && grid[last][col] == b'1'
    };
    let shaft = |row: usize| SHAFT_COLUMNS.clone().all(|col| never_solid(grid[row][col]));
    Openings {
        left: side(0),
        right: side(last),
        top: shaft(0),
        bottom: shaft(last),
    }
}

/// `grid` mirrored left-right.
pub fn mirrored(grid: &Grid) -> Grid {
    let mut out = *grid;
    for row in &mut out {
        row.reverse();
    }
    out
}

impl RoomSet {
    /// The templates shipped with the game (checked by the tests; a broken file is a build bug).
    pub fn builtin() -> &'static RoomSet {
        static SET: OnceLock<RoomSet> = OnceLock::new();
        SET.get_or_init(|| RoomSet::parse(ROOMS_RON).expect("levels/climb/rooms.ron is valid"))
    }

    /// Reads a template file, naming the template, row and column of any mistake.
    pub fn parse(text: &str) -> Result<Self, TemplateError> {
        let file: RoomFile =
            ron::from_str(text).map_err(|e| TemplateError(format!("rooms file: {e}")))?;
        let blocks = file
            .blocks
            .iter()
            .enumerate()
            .map(|(i, rows)| parse_block(i, rows))
            .collect::<Result<Vec<_>, _>>()?;
        if blocks.is_empty() {
            return Err(TemplateError("rooms file: no sub-templates".into()));
        }
        let rooms = file
            .rooms
            .iter()
            .enumerate()
            .map(|(i, entry)| parse_room(i, entry))
            .collect::<Result<Vec<_>, _>>()?;
        for kind in 0..4 {
            if !rooms.iter().any(|t| t.kind == kind && t.tier == Tier::Easy) {
                return Err(TemplateError(format!(
                    "rooms file: no Easy template of type {kind}"
                )));
            }
        }
        Ok(Self { rooms, blocks })
    }

    /// Templates a room of `kind` (needing `need`) may use at `tier`.
    pub fn choices(&self, kind: u8, need: Openings, tier: Tier) -> impl Iterator<Item = &Template> {
        self.rooms
            .iter()
            .filter(move |t| t.kind == kind && t.tier <= tier && openings(&t.grid).has(need))
    }
}

fn parse_block(i: usize, rows: &[String]) -> Result<Block, TemplateError> {
    let at = |msg: String| TemplateError(format!("sub-template {}: {msg}", i + 1));
    if rows.len() != BLOCK_HEIGHT {
        return Err(at(format!("{} rows, not {BLOCK_HEIGHT}", rows.len())));
    }
    let mut block = [[b'0'; BLOCK_WIDTH]; BLOCK_HEIGHT];
    for (r, row) in rows.iter().enumerate() {
        if row.len() != BLOCK_WIDTH {
            return Err(at(format!(
                "row {} has {} codes, not {BLOCK_WIDTH}",
                r + 1,
                row.len()
            )));
        }
        for (c, code) in row.bytes().enumerate() {
            if !matches!(code, b'0' | b'1' | b'8' | b'9') {
                return Err(at(format!(
                    "row {} column {}: '{}'",
                    r + 1,
                    c + 1,
                    code as char
                )));
            }
            block[r][c] = code;
        }
    }
    Ok(block)
}

fn parse_room(i: usize, entry: &RoomEntry) -> Result<Template, TemplateError> {
    let at = |msg: String| TemplateError(format!("room template {}: {msg}", i + 1));
    if entry.kind > 3 {
        return Err(at(format!("type {} (types are 0-3)", entry.kind)));
    }
    if entry.rows.len() != ROOM_SIDE {
        return Err(at(format!("{} rows, not {ROOM_SIDE}", entry.rows.len())));
    }
    let mut grid = [[b'0'; ROOM_SIDE]; ROOM_SIDE];
    for (r, row) in entry.rows.iter().enumerate() {
        if row.len() != ROOM_SIDE {
            return Err(at(format!(
                "row {} has {} codes, not {ROOM_SIDE}",
                r + 1,
                row.len()
            )));
        }
        for (c, code) in row.bytes().enumerate() {
            if !matches!(code, b'0' | b'1' | b'7' | b'8' | b'9' | b'D') {
                return Err(at(format!(
                    "row {} column {}: '{}'",
                    r + 1,
                    c + 1,
                    code as char
                )));
            }
            grid[r][c] = code;
        }
    }
    check_block_areas(&grid).map_err(at)?;
    for (r, row) in grid.iter().enumerate() {
        for (c, code) in row.iter().enumerate() {
            if *code == b'D' && (r + 1 == ROOM_SIDE || grid[r + 1][c] != b'1') {
                return Err(at(format!(
                    "row {} column {}: a door spot needs earth (1) below",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    let doors = grid.iter().flatten().filter(|c| **c == b'D').count();
    if entry.kind != 0 && doors == 0 {
        return Err(at("a path room needs at least one door spot (D)".into()));
    }
    let need = Openings::promised(entry.kind, false);
    if !openings(&grid).has(need) {
        return Err(at(format!(
            "does not open as type {} promises ({:?})",
            entry.kind,
            openings(&grid)
        )));
    }
    Ok(Template {
        kind: entry.kind,
        tier: entry.tier,
        grid,
    })
}

/// The top-left corners of the 5x3 `7` areas, scanning rows top to bottom.
pub fn block_areas(grid: &Grid) -> Vec<(usize, usize)> {
    let mut taken = [[false; ROOM_SIDE]; ROOM_SIDE];
    let mut corners = Vec::new();
    for r in 0..ROOM_SIDE {
        for c in 0..ROOM_SIDE {
            if grid[r][c] == b'7' && !taken[r][c] {
                corners.push((c, r));
                for row in taken.iter_mut().skip(r).take(BLOCK_HEIGHT) {
                    for cell in row.iter_mut().skip(c).take(BLOCK_WIDTH) {
                        *cell = true;
                    }
                }
            }
        }
    }
    corners
}

fn check_block_areas(grid: &Grid) -> Result<(), String> {
    let mut covered = [[false; ROOM_SIDE]; ROOM_SIDE];
    for (c, r) in block_areas(grid) {
        for dr in 0..BLOCK_HEIGHT {
            for dc in 0..BLOCK_WIDTH {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= ROOM_SIDE || cc >= ROOM_SIDE || grid[rr][cc] != b'7' || covered[rr][cc] {
                    return Err(format!(
                        "row {} column {}: a 7 area must be a full 5x3 rectangle",
                        r + 1,
                        c + 1
                    ));
                }
                covered[rr][cc] = true;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_OF_EACH: &str = r#"(
        blocks: [["00100", "01110", "11111"]],
        rooms: [
            (kind: 0, tier: Easy, rows: [
                "1111111111111111","1111111111111111","1111111111111111","1111111111111111",
                "1111111111111111","1111111111111111","1111111111111111","1111111111111111",
                "1111111111111111","1111111111111111","1111111111111111","1111111111111111",
                "1111111111111111","1111111111111111","1111111111111111","1111111111111111"]),
            (kind: 1, tier: Easy, rows: [
                "1111111111111111","1000000000000001","1000000000000001","1000000000000001",
                "1000000000000001","1000000000000001","1000000000000001","1000000000000001",
                "1000777770000001","1000777770000001","1000777770000001","0000000000000000",
                "0000000000000000","0000000000000000","0000000D00000000","1111111111111111"]),
            (kind: 2, tier: Easy, rows: [
                "1111111111111111","1000000000000001","1000000000000001","1000000000000001",
                "1000000000000001","1000000000000001","1000000000000001","1000000000000001",
                "1000000000000001","1000000000000001","1000000000000001","0000000000000000",
                "0000000000000000","0000000000000000","0D00000000000000","1111110000111111"]),
            (kind: 3, tier: Easy, rows: [
                "1111110000111111","1000000000000001","1000000000000001","1000000000000001",
                "1000000000000001","1000000000000001","1000000000000001","1000000000000001",
                "1000000000000001","1000000000000001","1000000000000001","0000000000000000",
                "0000000000000000","0000000000000000","0D00000000000000","1111111111111111"]),
        ],
    )"#;

    #[test]
    fn every_shipped_template_and_its_mirror_open_as_their_type_promises() {
        let set = RoomSet::builtin();
        assert!(set.blocks.len() >= 12, "{} sub-templates", set.blocks.len());
        for kind in 0..4 {
            let count = set.rooms.iter().filter(|t| t.kind == kind).count();
            assert!(count >= 8, "{count} templates of type {kind}");
        }
        for (i, t) in set.rooms.iter().enumerate() {
            let need = Openings::promised(t.kind, false);
            for (side, grid) in [("as drawn", t.grid), ("mirrored", mirrored(&t.grid))] {
                assert!(
                    openings(&grid).has(need),
                    "template {} {side}: {:?}",
                    i + 1,
                    openings(&grid)
                );
                assert_eq!(block_areas(&grid).len(), block_areas(&t.grid).len());
            }
        }
        // A drop through a type 2 room needs type 2 templates that also open upwards.
        for tier in Tier::ALL {
            let need = Openings::promised(2, true);
            assert!(set.choices(2, need, tier).count() >= 1, "{tier:?}");
        }
    }

    #[test]
    fn a_small_file_reads_with_its_openings() {
        let set = RoomSet::parse(ONE_OF_EACH).unwrap();
        assert_eq!(set.rooms.len(), 4);
        assert_eq!(block_areas(&set.rooms[1].grid), vec![(4, 8)]);
        assert!(openings(&set.rooms[3].grid).top);
        assert!(!openings(&set.rooms[2].grid).top);
    }

    #[test]
    fn mistakes_name_the_template_row_and_column() {
        let bad_code = ONE_OF_EACH.replacen("1000777770000001", "100077777000000x", 1);
        let err = RoomSet::parse(&bad_code).unwrap_err().to_string();
        assert!(
            err.contains("room template 2") && err.contains("row 9 column 16"),
            "{err}"
        );
        let short_area = ONE_OF_EACH.replacen("1000777770000001", "1000777700000001", 1);
        let err = RoomSet::parse(&short_area).unwrap_err().to_string();
        assert!(err.contains("5x3"), "{err}");
        let closed = ONE_OF_EACH.replacen("1111110000111111", "1111111111111111", 1);
        let err = RoomSet::parse(&closed).unwrap_err().to_string();
        assert!(
            err.contains("room template 3") && err.contains("promises"),
            "{err}"
        );
        let err = RoomSet::parse("(blocks: [], rooms: [])")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no sub-templates"), "{err}");
    }
}
