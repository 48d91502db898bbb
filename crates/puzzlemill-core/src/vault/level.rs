//! A Vault level: the sector map, what each cell is to walk through, the sector graph with its
//! locks, doors and windows, and where the player starts, the openers and the exit switch lie.

use super::graph::Spot;
use super::grid::{Grid, SectorId};

/// A script number: 0 is the start's (no lock); script `g` locks the border of group `g`.
pub type Script = u8;

/// What a cell is to someone walking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Solid rock, outside every sector.
    Rock,
    /// A sector's wall.
    Wall,
    /// Open floor.
    Floor,
    /// A door: open, or locked until script `Some(g)` is opened (its key held or its switch
    /// pressed).
    Door(Option<Script>),
    /// A window: see through, not walk through.
    Window,
    /// A wall that opens when pushed, into a secret room.
    SecretWall,
}

impl Tile {
    /// Whether someone holding the openers in `opened` (bit `g` for script `g`) walks through.
    pub fn passable(self, opened: u64) -> bool {
        match self {
            Tile::Floor | Tile::SecretWall | Tile::Door(None) => true,
            Tile::Door(Some(g)) => opened & (1 << g) != 0,
            Tile::Rock | Tile::Wall | Tile::Window => false,
        }
    }
}

/// What an opening in a junction is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningKind {
    /// A door (1 cell, or 2-3 cells: a heavy door only a switch opens).
    Door,
    /// A window.
    Window,
    /// A secret wall.
    Secret,
}

/// One opening along a junction: its kind and the spots it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Door, window or secret wall.
    pub kind: OpeningKind,
    /// The junction spots it opens (both wall cells of each).
    pub spots: Vec<Spot>,
}

/// A connection between two sectors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The sector it is laid out from (the seed picks one side of each connection).
    pub from: SectorId,
    /// The sector on the other side.
    pub to: SectorId,
    /// The script whose opener unlocks its doors, if locked.
    pub lock: Option<Script>,
    /// Into a secret room.
    pub secret: bool,
    /// Doors, windows and secret walls along it.
    pub openings: Vec<Opening>,
}

/// How a script opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpenerKind {
    /// A key to pick up.
    Key,
    /// A switch to press.
    Switch,
}

/// The key or switch of one script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opener {
    /// The script it opens.
    pub script: Script,
    /// Key or switch.
    pub kind: OpenerKind,
    /// Its cell.
    pub at: (usize, usize),
    /// The sector it lies in.
    pub sector: SectorId,
}

/// A sector's role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SectorInfo {
    /// The script of its group (0 for the start sector).
    pub script: Script,
    /// A secret room.
    pub secret: bool,
    /// Floor cells.
    pub floor: usize,
}

/// A generated level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaultLevel {
    /// Sector of each cell.
    pub grid: Grid,
    /// What each cell is, by row.
    pub tiles: Vec<Tile>,
    /// Each sector's role.
    pub sectors: Vec<SectorInfo>,
    /// The connections kept.
    pub links: Vec<Link>,
    /// Keys and switches, one per script 1..
    pub openers: Vec<Opener>,
    /// Where the player starts.
    pub start: (usize, usize),
    /// The exit switch.
    pub exit: (usize, usize),
    /// Scripts in the level (groups locked behind doors).
    pub scripts: Script,
    /// The tier whose parameters made it.
    pub tier: crate::tier::Tier,
}

impl VaultLevel {
    /// The tile at (`x`, `y`); rock outside the map.
    pub fn tile(&self, x: i32, y: i32) -> Tile {
        if x < 0 || y < 0 || x as usize >= self.grid.width || y as usize >= self.grid.height {
            return Tile::Rock;
        }
        self.tiles[y as usize * self.grid.width + x as usize]
    }

    /// The map as text, a row per line: `#` wall, `.` floor, ` ` rock, `+` door, `0`-`9` / `a`-`z`
    /// a door locked by that script (mod 36), `=` window, `?` secret wall, `@` start, `X` exit,
    /// `K` key, `S` switch.
    pub fn to_rows(&self) -> Vec<String> {
        const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        (0..self.grid.height)
            .map(|y| {
                (0..self.grid.width)
                    .map(|x| {
                        if (x, y) == self.start {
                            return '@';
                        }
                        if (x, y) == self.exit {
                            return 'X';
                        }
                        if let Some(o) = self.opener_at((x, y)) {
                            return match o.kind {
                                OpenerKind::Key => 'K',
                                OpenerKind::Switch => 'S',
                            };
                        }
                        match self.tile(x as i32, y as i32) {
                            Tile::Rock => ' ',
                            Tile::Wall => '#',
                            Tile::Floor => '.',
                            Tile::Door(None) => '+',
                            Tile::Door(Some(g)) => DIGITS[usize::from(g) % 36] as char,
                            Tile::Window => '=',
                            Tile::SecretWall => '?',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The opener lying on (`x`, `y`), if any.
    pub fn opener_at(&self, at: (usize, usize)) -> Option<&Opener> {
        self.openers.iter().find(|o| o.at == at)
    }
}
