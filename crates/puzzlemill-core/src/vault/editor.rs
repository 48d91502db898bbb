//! Vault's line in the editors' table: rooms drawn with walls, floor and rock; doors, windows and
//! secret walls between them (two cells thick, one in each room's wall, as [`super::drawn`]
//! reads them: putting one on a wall between two rooms puts its twin too); the start, the exit
//! switch, and five locks with a key or a switch each (a copy of a vault with up to nine keeps
//! them). The draft holds the marked map ([`super::marks`]). The live check is the game's: the drawing read as rooms and links, the
//! search that proves every order of opening finishes, and the shortest route, replayed step
//! by step.

use super::level::{OpenerKind, VaultLevel};
use super::marks::{MAX_MARKED_SCRIPTS, from_marked, marked_rows, opener_of};
use super::text::MAX_TEXT_SIDE;
use super::{Vault, VaultEntry};
use crate::direction::Direction;
use crate::edit::{
    Analysis, CharGrid, EditDraft, EditSpec, EditTool, Refused, SizeLimits, Verdict,
    char_grid_draft, count, levels_of, pack_of, replay,
};
use crate::mill::AnyLevel;
use crate::puzzle::{Puzzle, Rating};
use crate::solve::{SearchLimit, SolveOutcome};
use std::sync::Arc;

/// Vault's editor.
pub const EDIT: EditSpec = EditSpec {
    tools: &TOOLS,
    erase: '.',
    sizes: SizeLimits {
        min: (5, 5),
        max: (MAX_TEXT_SIDE, MAX_TEXT_SIDE),
        max_cells: MAX_TEXT_SIDE * MAX_TEXT_SIDE,
    },
    start_size: (16, 12),
    blank: |w, h| Box::new(VaultDraft::new(w, h)),
    open: |level| {
        let level = level.downcast_ref::<VaultLevel>().ok_or("not a vault")?;
        Ok(Box::new(VaultDraft::from_level(level)?))
    },
    restore: |rows, _| Ok(Box::new(VaultDraft::restore(rows)?)),
    analyse,
    assist: None,
    replays: true,
    partner: None,
    pack_of: pack_of::<VaultLevel>,
    levels_of: levels_of::<VaultLevel>,
    entry,
};

const TOOLS: [EditTool; 23] = [
    EditTool::new('#', "Wall", "Rooms"),
    EditTool::new('.', "Floor", "Rooms"),
    EditTool::new(' ', "Rock (outside every room)", "Rooms"),
    EditTool::new('+', "Door (through both walls)", "Between rooms"),
    EditTool::new('=', "Window (see through, not walk)", "Between rooms"),
    EditTool::new('?', "Secret wall (walked into, it opens)", "Between rooms"),
    EditTool::new('@', "Start", "Start and exit"),
    EditTool::new('X', "Exit switch", "Start and exit"),
    EditTool::new('1', "Door locked by 1", "Locked doors"),
    EditTool::new('2', "Door locked by 2", "Locked doors"),
    EditTool::new('3', "Door locked by 3", "Locked doors"),
    EditTool::new('4', "Door locked by 4", "Locked doors"),
    EditTool::new('5', "Door locked by 5", "Locked doors"),
    EditTool::new('a', "Key 1", "Keys"),
    EditTool::new('b', "Key 2", "Keys"),
    EditTool::new('c', "Key 3", "Keys"),
    EditTool::new('d', "Key 4", "Keys"),
    EditTool::new('e', "Key 5", "Keys"),
    EditTool::new('A', "Switch 1", "Switches"),
    EditTool::new('B', "Switch 2", "Switches"),
    EditTool::new('C', "Switch 3", "Switches"),
    EditTool::new('D', "Switch 4", "Switches"),
    EditTool::new('E', "Switch 5", "Switches"),
];

/// Whether a cell of a marked map is an opening between rooms.
fn is_opening(ch: char) -> bool {
    matches!(ch, '+' | '=' | '?' | '1'..='9')
}

/// Whether a cell of a marked map is walked on: floor, or what stands on floor.
fn is_walked(ch: char) -> bool {
    ch == '.' || is_unique(ch)
}

/// Pieces a map holds one of: the start, the exit, each lock's key or switch.
fn is_unique(ch: char) -> bool {
    matches!(ch, '@' | 'X') || opener_of(ch).is_some()
}

/// Whether `a` and `b` are the same piece of those a map holds one of: the start, the exit, or
/// a key or switch of one lock.
fn same_piece(a: char, b: char) -> bool {
    a == b || (script_of(a).is_some() && script_of(a) == script_of(b))
}

/// The script of a key or switch character.
fn script_of(ch: char) -> Option<u8> {
    opener_of(ch).map(|(_, g)| g)
}

/// A vault being edited: its marked rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaultDraft(CharGrid);

impl VaultDraft {
    /// One room inside its wall, the start in one corner and the exit switch in the other.
    pub fn new(width: usize, height: usize) -> Self {
        let mut grid = CharGrid::new(width, height, |c, r| {
            if c == 0 || r == 0 || c + 1 == width || r + 1 == height {
                '#'
            } else {
                '.'
            }
        });
        if width >= 4 && height >= 3 {
            grid.set(1, 1, '@');
            grid.set(width - 2, height - 2, 'X');
        }
        Self(grid)
    }

    /// A draft of `level`, or why the editor cannot hold it (a map past 64 cells a side, or
    /// more than nine locks).
    pub fn from_level(level: &VaultLevel) -> Result<Self, String> {
        let (w, h) = (level.grid.width, level.grid.height);
        if w > MAX_TEXT_SIDE || h > MAX_TEXT_SIDE {
            return Err(format!(
                "its map is {w}x{h}; the editor holds maps up to {MAX_TEXT_SIDE}x{MAX_TEXT_SIDE}"
            ));
        }
        let rows = marked_rows(level).ok_or_else(|| {
            format!(
                "it has {} locks; the editor numbers locks 1 to {MAX_MARKED_SCRIPTS}",
                level.scripts
            )
        })?;
        Ok(Self(CharGrid::from_rows(&rows, ' ')))
    }

    /// The draft whose marked rows these are, or why a vault's draft never holds them (a
    /// character that is no cell of a marked map, a second start, exit, or opener of a lock).
    fn restore(rows: &[String]) -> Result<Self, String> {
        let grid = CharGrid::checked(rows, |c| {
            matches!(c, '#' | '.' | ' ' | '@' | 'X') || is_opening(c) || opener_of(c).is_some()
        })?;
        let mut seen: Vec<char> = Vec::new();
        let (w, h) = grid.size();
        for (c, r) in (0..h).flat_map(|r| (0..w).map(move |c| (c, r))) {
            let ch = grid.at(c, r);
            if !is_unique(ch) {
                continue;
            }
            if let Some(&first) = seen.iter().find(|&&o| same_piece(ch, o)) {
                return Err(format!(
                    "row {}, column {} holds {ch:?}, a second {} (a vault has one)",
                    r + 1,
                    c + 1,
                    match first {
                        '@' => "start".to_string(),
                        'X' => "exit".to_string(),
                        _ => format!("key or switch for lock {}", script_of(ch).unwrap_or(0)),
                    }
                ));
            }
            seen.push(ch);
        }
        Ok(Self(grid))
    }

    fn get(&self, col: i32, row: i32) -> Option<char> {
        let (w, h) = self.0.size();
        (col >= 0 && row >= 0 && (col as usize) < w && (row as usize) < h)
            .then(|| self.0.at(col as usize, row as usize))
    }

    /// The cell across the other wall from an opening or wall cell between two rooms: floor on
    /// one side of it, then this cell, the twin and floor again in a line.
    fn twin(&self, col: usize, row: usize) -> Option<(usize, usize)> {
        let (c, r) = (col as i32, row as i32);
        Direction::ALL.into_iter().find_map(|dir| {
            let (dx, dy) = dir.delta();
            let behind = self.get(c - dx, r - dy)?;
            let across = self.get(c + dx, r + dy)?;
            let beyond = self.get(c + 2 * dx, r + 2 * dy)?;
            (is_walked(behind) && (across == '#' || is_opening(across)) && is_walked(beyond))
                .then_some(((c + dx) as usize, (r + dy) as usize))
        })
    }
}

impl EditDraft for VaultDraft {
    char_grid_draft!();

    fn paint(&mut self, col: usize, row: usize, tool: char) -> Result<(), Refused> {
        if !self.0.contains(col, row) {
            return Err(Refused::new("That is off the board."));
        }
        if !TOOLS.iter().any(|t| t.id == tool) {
            return Err(Refused::new(
                "Vaults hold walls, floor, rock, doors, windows, secret walls, the start, the \
                 exit, and locks 1-5 with their keys and switches.",
            ));
        }
        let (w, h) = self.0.size();
        if is_opening(tool) && (col == 0 || row == 0 || col + 1 == w || row + 1 == h) {
            return Err(Refused::new(
                "A door, window or secret wall goes through two rooms' walls: the outer wall has \
                 no room behind it.",
            ));
        }
        let here = self.0.at(col, row);
        if here == tool {
            return Ok(());
        }
        // One start, one exit, one key or switch a lock: putting one again moves it.
        if is_unique(tool) {
            self.0.replace(|ch| same_piece(ch, tool), '.');
        }
        // An opening goes through both rooms' walls; taking one out walls up its twin.
        if let Some((tc, tr)) = self.twin(col, row) {
            let across = self.0.at(tc, tr);
            if is_opening(tool) && (here == '#' || is_opening(here)) {
                self.0.set(tc, tr, tool);
            } else if is_opening(here) && across == here && !is_opening(tool) {
                self.0.set(tc, tr, '#');
            }
        }
        self.0.set(col, row, tool);
        Ok(())
    }

    fn movable(&self, col: usize, row: usize) -> bool {
        is_unique(self.at(col, row))
    }

    fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        let piece = self.at(from.0, from.1);
        if !is_unique(piece) {
            return Err(Refused::new(
                "Only the start, the exit, keys and switches are dragged.",
            ));
        }
        if self.at(to.0, to.1) != '.' {
            return Err(Refused::new("Pieces go on empty floor."));
        }
        self.0.set(from.0, from.1, '.');
        self.0.set(to.0, to.1, piece);
        Ok(())
    }

    fn resize(&mut self, width: usize, height: usize) {
        self.0 = self.0.resized(CharGrid::new(width, height, |_, _| ' '));
    }

    fn build(&self) -> Result<AnyLevel, String> {
        from_marked(&self.rows()).map(|level| Arc::new(level) as AnyLevel)
    }
}

/// The marked map with the player at a state's cell and the keys it holds picked up.
fn rows_at(start: &[String], level: &VaultLevel, state: &<Vault as Puzzle>::State) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = start.iter().map(|r| r.chars().collect()).collect();
    rows[level.start.1][level.start.0] = '.';
    for o in &level.openers {
        if o.kind == OpenerKind::Key && state.opened & (1 << o.script) != 0 {
            rows[o.at.1][o.at.0] = '.';
        }
    }
    rows[usize::from(state.at.1)][usize::from(state.at.0)] = '@';
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

/// The shortest route, what it opens, and the map's rooms and locks (module comment).
fn analyse(level: &AnyLevel) -> Analysis {
    let Some(level) = level.downcast_ref::<VaultLevel>() else {
        return Analysis::new(Verdict::Unsolvable, "Not a vault.");
    };
    let start = Vault::start(level);
    match Vault::solve(level, &start, SearchLimit::DEFAULT) {
        SolveOutcome::Solved(moves) => {
            let end = moves
                .iter()
                .try_fold(start, |s, &m| Vault::apply(level, &s, m))
                .unwrap_or(start);
            let rooms = level.sectors.len();
            let secret = level.sectors.iter().filter(|s| s.secret).count();
            let locks = level.scripts;
            let mut out = Analysis::new(
                Verdict::Good,
                format!(
                    "Shortest route: {} · {}, {}",
                    count(moves.len(), "step"),
                    count(rooms, "room"),
                    count(usize::from(locks), "lock")
                ),
            );
            let keys = level
                .openers
                .iter()
                .filter(|o| o.kind == OpenerKind::Key)
                .count();
            out.details.push(format!(
                "{}, {}, {}; every order of opening reaches the exit.",
                count(keys, "key"),
                count(level.openers.len() - keys, "switch"),
                count(secret, "secret room")
            ));
            let opened: Vec<String> = (1..=locks)
                .filter(|g| end.opened & (1 << g) != 0)
                .map(|g| g.to_string())
                .collect();
            let skipped: Vec<String> = (1..=locks)
                .filter(|g| end.opened & (1 << g) == 0)
                .map(|g| g.to_string())
                .collect();
            out.details
                .push(match (opened.is_empty(), skipped.is_empty()) {
                    (true, _) if locks > 0 => {
                        "The shortest route opens no lock: the exit is in reach from the start."
                            .to_string()
                    }
                    (true, _) => {
                        "No locks yet: a key or switch and its doors make one.".to_string()
                    }
                    (false, true) => format!(
                        "The shortest route opens every lock ({}).",
                        opened.join(", ")
                    ),
                    (false, false) => format!(
                        "The shortest route opens locks {} and passes by {}.",
                        opened.join(", "),
                        skipped.join(", ")
                    ),
                });
            out.rating = Some(Rating {
                tier: level.tier,
                score: f64::from(locks),
                optimum: Some(moves.len() as u32),
            });
            if let Some(marked) = marked_rows(level) {
                out.replay = replay::<Vault>(level, &moves, |s| rows_at(&marked, level, s));
            }
            out
        }
        SolveOutcome::Unsolvable => Analysis::new(
            Verdict::Unsolvable,
            "The exit switch cannot be reached from the start.",
        ),
        SolveOutcome::LimitReached { states } => Analysis::new(
            Verdict::Undecided,
            format!("Too big to decide: no route within the first {states} positions."),
        ),
    }
}

/// A Vault pack entry: the map drawn as rows, with each key's and switch's lock in reading
/// order.
fn entry(level: &AnyLevel, _optimum: Option<u32>, name: &str) -> Result<String, String> {
    let level = level.downcast_ref::<VaultLevel>().ok_or("not a vault")?;
    ron::to_string(&VaultEntry::drawn(name, level)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{PackEntry, parse_pack};
    use crate::tier::Tier;

    #[test]
    fn a_drag_paints_walls_along_its_way_but_places_the_start_once() {
        use crate::edit::paints_in_strokes;
        let d = VaultDraft::new(12, 5);
        assert!(paints_in_strokes(&d, 4, 2, '#'), "a wall stroke");
        assert!(!paints_in_strokes(&d, 4, 2, '@'), "the one start moves");
    }

    #[test]
    fn a_blank_vault_plays_and_a_door_goes_through_both_walls() {
        let mut d = VaultDraft::new(12, 5);
        assert_eq!(d.rows()[1], "#@.........#");
        let a = analyse(&d.build().unwrap());
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert_eq!(a.headline, "Shortest route: 11 steps · 1 room, 0 locks");
        assert!(a.details[0].starts_with("0 keys, 0 switches, 0 secret rooms"));
        assert_eq!(a.rating.unwrap().optimum, Some(11));
        // A double wall down the middle splits it in two rooms with no way through.
        for row in 1..4 {
            d.paint(5, row, '#').unwrap();
            d.paint(6, row, '#').unwrap();
        }
        assert!(d.build().unwrap_err().contains("cannot be reached"));
        // A door locked by 1 on one wall puts its twin in the other; key 1 in the first room.
        d.paint(5, 2, '1').unwrap();
        assert_eq!(d.rows()[2], "#....11....#");
        assert!(
            d.build()
                .unwrap_err()
                .contains("door locked by 1, which no key")
        );
        d.paint(3, 3, 'a').unwrap();
        let a = analyse(&d.build().unwrap());
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert!(
            a.details[1].contains("opens every lock (1)"),
            "{:?}",
            a.details
        );
        assert!(a.details[0].starts_with("1 key, 0 switches"));
        // The replay walks to the key, takes it, and ends on the exit.
        assert_eq!(a.replay.first().unwrap(), &d.rows());
        assert_eq!(a.replay.last().unwrap()[3], "#....##...@#");
        // Taking the door out walls up its twin; key 1 again moves it.
        d.paint(6, 2, '.').unwrap();
        assert_eq!(d.rows()[2], "#....#.....#");
        d.paint(1, 3, 'a').unwrap();
        assert_eq!(d.rows()[3], "#a...##...X#");
        assert!(d.paint(0, 0, 'K').is_err());
        // The outer wall takes no opening: it has no room behind it.
        let outer = d.paint(0, 2, '+').unwrap_err().to_string();
        assert!(outer.contains("outer wall"), "{outer}");
        assert_eq!(d.rows()[2].chars().next(), Some('#'));
    }

    #[test]
    fn the_lesson_vault_opens_checks_good_and_saves_as_the_same_level() {
        let text = include_str!("../../../../levels/vault/lessons.ron");
        let pack = parse_pack::<VaultEntry>("vault/lessons.ron", text).unwrap();
        for (name, level) in &pack.levels {
            let any: AnyLevel = Arc::new(level.clone());
            let draft = (EDIT.open)(&any).unwrap();
            let built = draft.build().unwrap();
            assert_eq!(built.downcast_ref::<VaultLevel>(), Some(level), "{name}");
            let a = analyse(&built);
            assert_eq!(a.verdict, Verdict::Good, "{name}: {}", a.headline);
            let entry: VaultEntry = ron::from_str(&entry(&built, None, name).unwrap()).unwrap();
            assert_eq!(&entry.build().unwrap(), level, "{name}");
        }
    }

    #[test]
    fn a_milled_vault_opens_as_a_drawing_that_checks_good_or_says_why_not() {
        use crate::code::LevelCode;
        use crate::mode::ModeId;
        let (mut opened, mut refused) = (0, 0);
        for seed in 0..8 {
            let code = LevelCode::new(ModeId::Vault, Tier::Expert, 0, seed);
            let fresh = crate::mill::regenerate_any(code).unwrap();
            let scripts = fresh.level.downcast_ref::<VaultLevel>().unwrap().scripts;
            match (EDIT.open)(&fresh.level) {
                Ok(draft) => {
                    opened += 1;
                    let built = draft.build().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                    assert_eq!(analyse(&built).verdict, Verdict::Good, "seed {seed}");
                }
                Err(why) => {
                    refused += 1;
                    assert!(scripts > MAX_MARKED_SCRIPTS, "seed {seed}: {why}");
                    assert!(why.contains(&format!("{scripts} locks")), "{why}");
                }
            }
        }
        assert!(
            opened > 0 && refused > 0,
            "{opened} opened, {refused} refused"
        );
    }
}
