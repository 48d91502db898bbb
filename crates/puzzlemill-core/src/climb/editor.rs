//! Climb's line in the editors' table: a cave drawn in earth, air and spikes inside a frame of
//! earth, with the entrance, the exit door and gems, on a board of up to 64 blocks each way (the
//! map's top left corner, as [`super::entry::drawn`] reads it; the rest of the map is earth).
//! The live check is the mill's proof: the search over standing places with the moves built
//! from the game's own physics ([`super::reach`]) finds the shortest route to the exit, replayed
//! step by step, and says which gems are off every way it knows to the exit (a gem counts as on
//! the way where the player can stand, or where a move between places from which the exit can
//! still be reached passes through it).

use super::entry::{ClimbEntry, drawing, drawn};
use super::moves::moves;
use super::reach::{Reach, Step, fewest_jumps, land_seeing, search};
use super::rules::FLOORS;
use super::text::MAX_TEXT_SIDE;
use super::tiles::{Cell, ClimbLevel};
use super::{Climb, MAP_SIDE};
use crate::edit::{
    Analysis, CharGrid, EditDraft, EditSpec, EditTool, Refused, SizeLimits, Verdict,
    char_grid_draft, count, levels_of, pack_of, replay,
};
use crate::mill::AnyLevel;
use crate::puzzle::Rating;
use crate::tier::Tier;
use std::collections::HashSet;
use std::sync::Arc;

/// Climb's editor.
pub const EDIT: EditSpec = EditSpec {
    tools: &TOOLS,
    erase: '.',
    sizes: SizeLimits {
        min: (6, 4),
        max: (MAX_TEXT_SIDE, MAX_TEXT_SIDE),
        max_cells: MAX_TEXT_SIDE * MAX_TEXT_SIDE,
    },
    start_size: (32, 16),
    blank: |w, h| Box::new(ClimbDraft::new(w, h)),
    open: |level| {
        let level = level.downcast_ref::<ClimbLevel>().ok_or("not a cave")?;
        Ok(Box::new(ClimbDraft::from_level(level)?))
    },
    restore: |rows, _| Ok(Box::new(ClimbDraft::restore(rows)?)),
    analyse,
    assist: None,
    replays: true,
    partner: None,
    pack_of: pack_of::<ClimbLevel>,
    levels_of: levels_of::<ClimbLevel>,
    entry,
};

const TOOLS: [EditTool; 6] = [
    EditTool::new('#', "Earth", "Cave"),
    EditTool::new('.', "Air", "Cave"),
    EditTool::new('^', "Spikes (send the player back)", "Cave"),
    EditTool::new('S', "Entrance", "Doors and gems"),
    EditTool::new('E', "Exit door", "Doors and gems"),
    EditTool::new('*', "Gem", "Doors and gems"),
];

/// The player, in the replay's boards.
pub const PLAYER: char = 'P';

/// Pieces that are picked up and dragged: the doors and gems.
fn is_piece(ch: char) -> bool {
    matches!(ch, 'S' | 'E' | '*')
}

/// A cave being edited: its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClimbDraft(CharGrid);

impl ClimbDraft {
    /// An empty cave in its frame, the entrance on the floor at the left and the exit at the
    /// right.
    pub fn new(width: usize, height: usize) -> Self {
        let mut grid = CharGrid::new(width, height, |c, r| {
            if on_frame(c, r, width, height) {
                '#'
            } else {
                '.'
            }
        });
        if width >= 4 && height >= 3 {
            grid.set(1, height - 2, 'S');
            grid.set(width - 2, height - 2, 'E');
        }
        Self(grid)
    }

    /// A draft of `level`, or why the editor cannot hold it (a milled cave fills the whole map).
    pub fn from_level(level: &ClimbLevel) -> Result<Self, String> {
        let rows = drawing(level);
        let (w, h) = (rows[0].len(), rows.len());
        if w > MAX_TEXT_SIDE || h > MAX_TEXT_SIDE {
            let spans = if (w, h) == (MAP_SIDE, MAP_SIDE) {
                format!("fills the whole {MAP_SIDE}x{MAP_SIDE} map")
            } else {
                format!("spans {w}x{h} blocks")
            };
            return Err(format!(
                "this cave {spans}; the editor draws caves of up to \
                 {MAX_TEXT_SIDE}x{MAX_TEXT_SIDE} (a milled cave is shared by its code)"
            ));
        }
        Ok(Self(CharGrid::from_rows(&rows, '#')))
    }

    /// The draft whose rows these are, or why a cave's draft never holds them.
    fn restore(rows: &[String]) -> Result<Self, String> {
        let grid = CharGrid::checked(rows, |c| TOOLS.iter().any(|t| t.id == c))?;
        let (w, h) = grid.size();
        let cells = (0..h).flat_map(|r| (0..w).map(move |c| (c, r)));
        if let Some((c, r)) = cells
            .filter(|&(c, r)| on_frame(c, r, w, h))
            .find(|&(c, r)| grid.at(c, r) != '#')
        {
            return Err(format!(
                "row {}, column {} is on the frame, which stays earth",
                r + 1,
                c + 1
            ));
        }
        for (piece, name) in [('S', "entrances"), ('E', "exit doors")] {
            let n = grid.count(|c| c == piece);
            if n > 1 {
                return Err(format!("it has {n} {name}; a cave has one"));
            }
        }
        Ok(Self(grid))
    }
}

/// Whether a cell is on the frame of a `width` x `height` board.
fn on_frame(col: usize, row: usize, width: usize, height: usize) -> bool {
    col == 0 || row == 0 || col + 1 == width || row + 1 == height
}

impl EditDraft for ClimbDraft {
    char_grid_draft!();

    fn paint(&mut self, col: usize, row: usize, tool: char) -> Result<(), Refused> {
        if !self.0.contains(col, row) {
            return Err(Refused::new("That is off the board."));
        }
        if !TOOLS.iter().any(|t| t.id == tool) {
            return Err(Refused::new(
                "Caves hold earth, air, spikes, the entrance, the exit door and gems.",
            ));
        }
        let (w, h) = self.0.size();
        if on_frame(col, row, w, h) && tool != '#' {
            return Err(Refused::new(
                "The cave's frame stays earth: the map around a drawn cave is solid.",
            ));
        }
        // One entrance and one exit: putting one again moves it.
        if matches!(tool, 'S' | 'E') {
            self.0.replace(|ch| ch == tool, '.');
        }
        self.0.set(col, row, tool);
        Ok(())
    }

    fn movable(&self, col: usize, row: usize) -> bool {
        is_piece(self.at(col, row))
    }

    fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        let piece = self.at(from.0, from.1);
        if !is_piece(piece) {
            return Err(Refused::new(
                "Only the entrance, the exit door and gems are dragged.",
            ));
        }
        if self.at(to.0, to.1) != '.' {
            return Err(Refused::new("Doors and gems go in air."));
        }
        self.0.set(from.0, from.1, '.');
        self.0.set(to.0, to.1, piece);
        Ok(())
    }

    fn resize(&mut self, width: usize, height: usize) {
        self.0 = self.0.resized(CharGrid::new(width, height, |_, _| '#'));
        for (c, r) in (0..height).flat_map(|r| (0..width).map(move |c| (c, r))) {
            if on_frame(c, r, width, height) {
                self.0.set(c, r, '#');
            }
        }
    }

    fn build(&self) -> Result<AnyLevel, String> {
        drawn(&self.rows()).map(|level| Arc::new(level) as AnyLevel)
    }
}

/// The shortest route, what it asks of the player, the gems it cannot collect, and the tier
/// (module comment).
fn analyse(level: &AnyLevel) -> Analysis {
    let Some(level) = level.downcast_ref::<ClimbLevel>() else {
        return Analysis::new(Verdict::Unsolvable, "Not a cave.");
    };
    let reach = search(level, level.entrance, level.exit, true);
    let Some(route) = reach.route_to(level.exit) else {
        return Analysis::new(
            Verdict::Unsolvable,
            "The exit cannot be reached from the entrance with the game's jump.",
        );
    };
    let steps = route.len();
    let passed = on_the_way(level, &reach);
    let stranded: Vec<Cell> = level
        .gems
        .iter()
        .copied()
        .filter(|&(x, y)| !passed.contains(&(i32::from(x), i32::from(y))))
        .collect();
    let verdict = if stranded.is_empty() {
        Verdict::Good
    } else {
        Verdict::Flawed
    };
    let mut out = Analysis::new(
        verdict,
        format!(
            "Shortest route: {} · {}",
            count(steps, "step"),
            count(level.gems.len(), "gem")
        ),
    );
    let jumps = route
        .iter()
        .filter(|(_, s)| matches!(s, Step::Move(_)))
        .count();
    // The replay runs the way a player would and a hint shows: the fewest jumps, walking
    // between (the shortest route hops where a player walks: a running jump is one step).
    let way = fewest_jumps(level, level.entrance, level.exit).unwrap_or_else(|| route.clone());
    let fewest = way
        .iter()
        .filter(|(_, s)| matches!(s, Step::Move(_)))
        .count();
    out.details.push(format!(
        "{} on the shortest route; a hint's way, which the replay runs, takes {}.",
        count(jumps, "jump or fall"),
        count(fewest, "jump or fall")
    ));
    for (x, y) in &stranded {
        out.details.push(format!(
            "The gem at column {}, row {} is off every way to the exit: no jump passes it, or \
             the player could not go on to the exit after it.",
            x + 1,
            y + 1
        ));
    }
    out.details.push(format!(
        "Rated {} by its route's length (fresh caves are Medium from {} steps, Hard from {}, \
         Expert from {}).",
        level.tier.label(),
        FLOORS[Tier::Medium as usize],
        FLOORS[Tier::Hard as usize],
        FLOORS[Tier::Expert as usize]
    ));
    out.rating = Some(Rating {
        tier: level.tier,
        score: steps as f64,
        optimum: None,
    });
    let rows = drawing(level);
    let moves: Vec<Step> = way.iter().map(|&(_, s)| s).collect();
    out.replay_label = "Watch a hint's way";
    out.replay = replay::<Climb>(level, &moves, |&(x, y)| {
        let mut at = rows.clone();
        if let Some(row) = at.get_mut(usize::from(y)) {
            let x = usize::from(x);
            if x < row.len() {
                row.replace_range(x..=x, &PLAYER.to_string());
            }
        }
        at
    });
    out
}

/// The blocks the player passes on the way to the exit: every standing place the search reached
/// from which the exit can still be reached, and every block a move between two such places
/// passes through.
fn on_the_way(level: &ClimbLevel, reach: &Reach) -> HashSet<(i32, i32)> {
    let safe: HashSet<Cell> = reach.safe_places(level.exit).into_iter().collect();
    let mut passed: HashSet<(i32, i32)> = safe
        .iter()
        .map(|&(x, y)| (i32::from(x), i32::from(y)))
        .collect();
    for &(x, y) in &safe {
        for mv in moves() {
            let mut blocks = Vec::new();
            let landed = land_seeing(level, mv, i32::from(x), i32::from(y), |bx, by| {
                blocks.push((bx, by))
            });
            if landed.is_some_and(|(lx, ly)| safe.contains(&(lx as u16, ly as u16))) {
                passed.extend(blocks);
            }
        }
    }
    passed
}

/// A Climb pack entry: the cave drawn as rows.
fn entry(level: &AnyLevel, _optimum: Option<u32>, name: &str) -> Result<String, String> {
    let level = level.downcast_ref::<ClimbLevel>().ok_or("not a cave")?;
    ron::to_string(&ClimbEntry::drawn(name, level)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{PackEntry, parse_pack};

    #[test]
    fn a_blank_cave_plays_and_a_wall_with_a_stranded_gem_is_flawed() {
        let mut d = ClimbDraft::new(10, 5);
        assert_eq!(d.rows()[3], "#S......E#");
        let a = analyse(&d.build().unwrap());
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        // Running jumps cover the seven blocks to the door in three steps.
        assert_eq!(a.headline, "Shortest route: 3 steps · 0 gems");
        assert_eq!(a.rating.unwrap().tier, Tier::Easy);
        // The replay walks (no jump is needed) from the entrance to the door, a block a step.
        assert_eq!(a.replay.len(), 8);
        for (i, rows) in a.replay.iter().enumerate() {
            assert_eq!(rows[3].find('P'), Some(1 + i), "{rows:?}");
        }
        assert_eq!(a.replay[0][3], "#P......E#");
        assert_eq!(a.replay.last().unwrap()[3], "#S......P#");
        assert_eq!(a.replay_label, "Watch a hint's way");
        // The editor's new board: running jumps, so fewer steps than blocks (web/test/browser.mjs
        // pins the same line from the wasm build's check).
        let a = analyse(&ClimbDraft::new(32, 16).build().unwrap());
        assert_eq!(a.headline, "Shortest route: 6 steps · 0 gems");
        // The frame stays earth; a second entrance moves the first.
        assert!(d.paint(0, 2, '.').is_err());
        d.paint(3, 3, 'S').unwrap();
        assert_eq!(d.rows()[3], "#..S....E#");
        // A wall from the floor to the roof: the exit is out of reach.
        for row in 1..4 {
            d.paint(5, row, '#').unwrap();
        }
        assert!(d.build().unwrap_err().contains("cannot be reached"));
        d.paint(5, 1, '.').unwrap();
        d.paint(5, 2, '.').unwrap();
        assert!(d.build().is_ok(), "a step one block high is climbed");
        // A gem sealed in a pocket of earth cannot be collected.
        d.paint(2, 1, '*').unwrap();
        d.paint(2, 2, '#').unwrap();
        d.paint(1, 1, '#').unwrap();
        d.paint(3, 1, '#').unwrap();
        let a = analyse(&d.build().unwrap());
        assert_eq!(a.verdict, Verdict::Flawed, "{:?}", a.details);
        assert!(
            a.details.iter().any(|l| l.contains("column 3, row 2")),
            "{:?}",
            a.details
        );
        assert!(d.move_piece((3, 3), (1, 3)).is_ok());
        assert!(
            d.move_piece((5, 3), (4, 3)).is_err(),
            "earth is not dragged"
        );
    }

    #[test]
    fn the_training_cave_opens_checks_good_and_saves_as_the_same_level() {
        let text = include_str!("../../../../levels/climb/lessons.ron");
        let pack = parse_pack::<ClimbEntry>("climb/lessons.ron", text).unwrap();
        for (name, level) in &pack.levels {
            let any: AnyLevel = Arc::new(level.clone());
            let draft = (EDIT.open)(&any).unwrap();
            let built = draft.build().unwrap();
            assert_eq!(built.downcast_ref::<ClimbLevel>(), Some(level), "{name}");
            let a = analyse(&built);
            assert_eq!(a.verdict, Verdict::Good, "{name}: {}", a.headline);
            assert!(a.details[0].contains("jumps or falls"), "{:?}", a.details);
            let entry: ClimbEntry = ron::from_str(&entry(&built, None, name).unwrap()).unwrap();
            assert_eq!(&entry.build().unwrap(), level, "{name}");
        }
    }

    #[test]
    fn a_milled_cave_is_refused_saying_why() {
        use crate::code::LevelCode;
        use crate::mode::ModeId;
        let code = LevelCode::new(ModeId::Climb, Tier::Easy, 0, 4);
        let fresh = crate::mill::regenerate_any(code).unwrap();
        let why = (EDIT.open)(&fresh.level).unwrap_err();
        assert!(why.contains("shared by its code"), "{why}");
    }
}
