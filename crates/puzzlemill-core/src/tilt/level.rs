//! A Tilt level: the fixed board (walls, puddles, hedgehogs, anteaters, one-way gates) and the
//! movable pieces at the start, read from rows of characters.
//!
//! | char | cell |
//! |------|------|
//! | `#` | wall |
//! | `.` | floor |
//! | `~` | puddle |
//! | `a`-`f` | fruit of colours 1-6 |
//! | `S` `C` `B` | stone, car, barrel |
//! | `H` | sleeping hedgehog |
//! | `^` `>` `v` `<` | anteater facing up, right, down, left |
//!
//! One-way gates sit on tile edges and are listed apart from the rows (see [`Gate`]).

use super::bits::{self, Bits, SIDE, bit, dir_index, shift};
use crate::direction::Direction;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The fruit's shapes, `a` to `f`, as the game draws them (each colour keeps its shape in either
/// palette, so these name a fruit where a colour would not).
pub const FRUIT_SHAPES: [&str; 6] = ["round", "square", "diamond", "triangle", "hexagon", "star"];

/// Fruit colours (`a` to `f`).
pub const COLOURS: usize = 6;
/// Kinds of movable obstacle.
pub const OBSTACLES: usize = 3;

/// A movable obstacle. Stones, cars and barrels follow the same rules; they differ in looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obstacle {
    /// `S`
    Stone,
    /// `C`
    Car,
    /// `B`
    Barrel,
}

impl Obstacle {
    /// Every kind, in layer order.
    pub const ALL: [Obstacle; OBSTACLES] = [Self::Stone, Self::Car, Self::Barrel];

    /// The level-file character.
    pub fn symbol(self) -> char {
        match self {
            Self::Stone => 'S',
            Self::Car => 'C',
            Self::Barrel => 'B',
        }
    }
}

/// An anteater: fixed on its cell, facing one way for the whole level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Anteater {
    /// Its cell (`row * 8 + col`).
    pub cell: u8,
    /// Where it looks.
    pub facing: Direction,
}

impl Anteater {
    /// The level-file character for an anteater facing `d`.
    pub fn symbol(d: Direction) -> char {
        match d {
            Direction::Up => '^',
            Direction::Right => '>',
            Direction::Down => 'v',
            Direction::Left => '<',
        }
    }
}

/// A one-way gate on the edge on side `dir` of cell (`col`, `row`): pieces cross that edge only
/// moving towards `dir`, out of the cell, never back in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gate {
    /// Column of the cell (0 is the left border).
    pub col: u8,
    /// Row of the cell (0 is the top border).
    pub row: u8,
    /// The side of the cell the gate is on, and the only way through it.
    pub dir: Direction,
}

/// Where every movable piece is, and whether the level has been lost. Equal states are
/// interchangeable, so the solver deduplicates on them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    /// Fruit cells per colour.
    pub fruit: [Bits; COLOURS],
    /// Obstacle cells per kind (in [`Obstacle::ALL`] order).
    pub obstacles: [Bits; OBSTACLES],
    /// Fruit that ended on a puddle (they stay, dirty; the level is lost).
    pub dirty: Bits,
    /// Cells where a hedgehog ate a fruit (the level is lost).
    pub eaten: Bits,
}

impl State {
    /// Every fruit.
    pub fn all_fruit(&self) -> Bits {
        self.fruit.iter().fold(0, |a, &f| a | f)
    }

    /// Every obstacle.
    pub fn all_obstacles(&self) -> Bits {
        self.obstacles.iter().fold(0, |a, &o| a | o)
    }

    /// Every movable piece.
    pub fn occupied(&self) -> Bits {
        self.all_fruit() | self.all_obstacles()
    }

    /// The colour (0-based) of the fruit on `cell`, if any.
    pub fn fruit_at(&self, cell: u8) -> Option<usize> {
        self.fruit.iter().position(|&f| f & (1 << cell) != 0)
    }

    /// The obstacle on `cell`, if any.
    pub fn obstacle_at(&self, cell: u8) -> Option<Obstacle> {
        (0..OBSTACLES)
            .find(|&k| self.obstacles[k] & (1 << cell) != 0)
            .map(|k| Obstacle::ALL[k])
    }
}

/// The fixed part of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Columns, border included.
    pub width: u8,
    /// Rows, border included.
    pub height: u8,
    /// Wall cells, and every cell outside the board.
    pub walls: Bits,
    /// Puddle cells.
    pub puddles: Bits,
    /// Hedgehog cells.
    pub hedgehogs: Bits,
    /// Anteaters, in reading order of their cells (the order they act in).
    pub anteaters: Vec<Anteater>,
    /// One-way gates.
    pub gates: Vec<Gate>,
    /// Cells a piece cannot be on: walls, hedgehogs and anteaters.
    pub(crate) fixed: Bits,
    /// Per direction, cells from which a step that way crosses a gate the wrong way.
    pub(crate) gate_block: [Bits; 4],
    /// Per direction, cells from which no piece can step that way (fixed cell ahead or gate).
    pub(crate) stop: [Bits; 4],
    /// The cells in front of anteaters, where a pulled fruit is held.
    pub(crate) fronts: Bits,
}

/// A level: the board and the pieces at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The fixed part.
    pub board: Board,
    /// The pieces at the start.
    pub start: State,
}

/// Why rows and gates do not make a valid level. Rows and columns are 0-based here and 1-based
/// when displayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// Fewer than 3 or more than 8 rows or columns.
    Size { width: usize, height: usize },
    /// A row whose length differs from the first row's.
    Ragged {
        row: usize,
        len: usize,
        expected: usize,
    },
    /// A character that means nothing.
    BadChar { row: usize, col: usize, ch: char },
    /// A border cell that is not wall.
    OpenBorder { row: usize, col: usize },
    /// No fruit at all.
    Empty,
    /// A colour with a single fruit can never pair.
    LonelyColour { colour: char },
    /// Two fruit of one colour touch at the start.
    StartsPaired { row: usize, col: usize },
    /// A fruit an anteater would pull at once.
    InSight { row: usize, col: usize },
    /// A gate outside the board or with wall on either side.
    GateNotBetweenFloors { row: usize, col: usize },
    /// Two gates on one edge.
    GateTwice { row: usize, col: usize },
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |row: &usize, col: &usize| format!("row {}, column {}", row + 1, col + 1);
        match self {
            Self::Size { width, height } => write!(
                f,
                "board is {width}x{height}; it must be 3x3 to {SIDE}x{SIDE} with its wall border"
            ),
            Self::Ragged { row, len, expected } => {
                write!(f, "row {} has {len} cells, expected {expected}", row + 1)
            }
            Self::BadChar { row, col, ch } => write!(
                f,
                "{}: '{ch}' is not one of # . ~ a-f S C B H ^ > v <",
                at(row, col)
            ),
            Self::OpenBorder { row, col } => {
                write!(f, "{}: the border must be wall '#'", at(row, col))
            }
            Self::Empty => write!(f, "the board has no fruit"),
            Self::LonelyColour { colour } => {
                let shape = (*colour as usize)
                    .checked_sub('a' as usize)
                    .and_then(|i| FRUIT_SHAPES.get(i))
                    .map_or(String::new(), |s| format!(" (the {s} one)"));
                write!(
                    f,
                    "fruit '{colour}'{shape} has no partner: each kind of fruit needs two or more"
                )
            }
            Self::StartsPaired { row, col } => write!(
                f,
                "{}: this fruit already touches one of its colour",
                at(row, col)
            ),
            Self::InSight { row, col } => write!(
                f,
                "{}: an anteater would pull this fruit before the first move",
                at(row, col)
            ),
            Self::GateNotBetweenFloors { row, col } => write!(
                f,
                "{}: a gate must sit between two cells that are not wall",
                at(row, col)
            ),
            Self::GateTwice { row, col } => {
                write!(f, "{}: two gates on one edge", at(row, col))
            }
        }
    }
}

impl std::error::Error for LevelError {}

/// The level-file letter of colour `colour` (0 is `a`).
pub fn colour_char(colour: usize) -> char {
    (b'a' + colour as u8) as char
}

impl Board {
    /// A board with its derived tables filled in. Anteaters are sorted into reading order.
    pub fn new(
        width: u8,
        height: u8,
        walls: Bits,
        puddles: Bits,
        hedgehogs: Bits,
        mut anteaters: Vec<Anteater>,
        gates: Vec<Gate>,
    ) -> Result<Board, LevelError> {
        let mut outside = !0u64;
        for row in 0..height as usize {
            for col in 0..width as usize {
                outside &= !bit(col, row);
            }
        }
        let walls = walls | outside;
        anteaters.sort_by_key(|a| a.cell);
        let ant_cells = anteaters.iter().fold(0, |acc, a| acc | 1u64 << a.cell);
        let fixed = walls | hedgehogs | ant_cells;
        let mut gate_block = [0; 4];
        let mut edges = Vec::new();
        for gate in &gates {
            let (col, row) = (gate.col as usize, gate.row as usize);
            let here = (row * SIDE + col) as u8;
            let err = LevelError::GateNotBetweenFloors { row, col };
            if col >= width as usize || row >= height as usize || walls & (1 << here) != 0 {
                return Err(err);
            }
            let Some(next) = bits::step(here, gate.dir) else {
                return Err(err);
            };
            if walls & (1 << next) != 0 {
                return Err(err);
            }
            let edge = (here.min(next), here.max(next));
            if edges.contains(&edge) {
                return Err(LevelError::GateTwice { row, col });
            }
            edges.push(edge);
            // Stepping back through the gate, from `next` towards `here`, is what it forbids.
            gate_block[dir_index(gate.dir.opposite())] |= 1 << next;
        }
        let mut stop = [0; 4];
        let mut fronts = 0;
        for d in Direction::ALL {
            stop[dir_index(d)] = gate_block[dir_index(d)] | shift(fixed, d.opposite());
        }
        for a in &anteaters {
            if let Some(front) = bits::step(a.cell, a.facing) {
                fronts |= 1 << front;
            }
        }
        Ok(Board {
            width,
            height,
            walls,
            puddles,
            hedgehogs,
            anteaters,
            gates,
            fixed,
            gate_block,
            stop,
            fronts,
        })
    }

    /// Whether `cell` is inside the board.
    pub fn contains(&self, cell: u8) -> bool {
        let (col, row) = bits::col_row(cell);
        col < self.width as usize && row < self.height as usize
    }

    /// The anteater on `cell`, if any.
    pub fn anteater_at(&self, cell: u8) -> Option<Anteater> {
        self.anteaters.iter().copied().find(|a| a.cell == cell)
    }

    /// Whether the edge on side `d` of `cell` may be crossed moving towards `d`.
    pub fn gate_allows(&self, cell: u8, d: Direction) -> bool {
        self.gate_block[dir_index(d)] & (1 << cell) == 0
    }
}

impl Level {
    /// Parses rows of characters and a list of gates, and checks the level can be played.
    pub fn from_rows<S: AsRef<str>>(rows: &[S], gates: &[Gate]) -> Result<Level, LevelError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if !(3..=SIDE).contains(&width) || !(3..=SIDE).contains(&height) {
            return Err(LevelError::Size { width, height });
        }
        let (mut walls, mut puddles, mut hedgehogs) = (0, 0, 0);
        let mut anteaters = Vec::new();
        let mut start = State::default();
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            let len = text.chars().count();
            if len != width {
                return Err(LevelError::Ragged {
                    row,
                    len,
                    expected: width,
                });
            }
            for (col, ch) in text.chars().enumerate() {
                let b = bit(col, row);
                let border = row == 0 || col == 0 || row == height - 1 || col == width - 1;
                if border && ch != '#' {
                    return Err(LevelError::OpenBorder { row, col });
                }
                let cell = (row * SIDE + col) as u8;
                match ch {
                    '#' => walls |= b,
                    '.' => {}
                    '~' => puddles |= b,
                    'a'..='f' => start.fruit[(ch as u8 - b'a') as usize] |= b,
                    'S' => start.obstacles[0] |= b,
                    'C' => start.obstacles[1] |= b,
                    'B' => start.obstacles[2] |= b,
                    'H' => hedgehogs |= b,
                    '^' | '>' | 'v' | '<' => {
                        let facing = match ch {
                            '^' => Direction::Up,
                            '>' => Direction::Right,
                            'v' => Direction::Down,
                            _ => Direction::Left,
                        };
                        anteaters.push(Anteater { cell, facing });
                    }
                    _ => return Err(LevelError::BadChar { row, col, ch }),
                }
            }
        }
        let board = Board::new(
            width as u8,
            height as u8,
            walls,
            puddles,
            hedgehogs,
            anteaters,
            gates.to_vec(),
        )?;
        let level = Level { board, start };
        level.validate()?;
        Ok(level)
    }

    /// Checks the pieces at the start: some fruit, no lonely colour, nothing that would happen
    /// before the first move (a touching pair, a fruit in an anteater's sight).
    pub fn validate(&self) -> Result<(), LevelError> {
        let start = &self.start;
        if start.all_fruit() == 0 {
            return Err(LevelError::Empty);
        }
        for (colour, &f) in start.fruit.iter().enumerate() {
            if f.count_ones() == 1 {
                return Err(LevelError::LonelyColour {
                    colour: colour_char(colour),
                });
            }
        }
        let at = |cell: u8| {
            let (col, row) = bits::col_row(cell);
            (row, col)
        };
        if let Some(cell) = bits::cells(super::rules::touching(start)).next() {
            let (row, col) = at(cell);
            return Err(LevelError::StartsPaired { row, col });
        }
        if let Some(pull) = super::rules::next_pull(&self.board, start) {
            let (row, col) = at(pull.from);
            return Err(LevelError::InSight { row, col });
        }
        Ok(())
    }

    /// The rows of `state` on this board (the inverse of [`Level::from_rows`] for the start).
    /// Fruit eaten by a hedgehog are not shown; a dirty fruit shows on its puddle.
    pub fn to_rows(&self, state: &State) -> Vec<String> {
        let board = &self.board;
        (0..board.height as usize)
            .map(|row| {
                (0..board.width as usize)
                    .map(|col| {
                        let cell = (row * SIDE + col) as u8;
                        let b = bit(col, row);
                        if let Some(colour) = state.fruit_at(cell) {
                            colour_char(colour)
                        } else if let Some(o) = state.obstacle_at(cell) {
                            o.symbol()
                        } else if let Some(a) = board.anteater_at(cell) {
                            Anteater::symbol(a.facing)
                        } else if board.walls & b != 0 {
                            '#'
                        } else if board.hedgehogs & b != 0 {
                            'H'
                        } else if board.puddles & b != 0 {
                            '~'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_symbol_and_writes_back() {
        let rows = [
            "########", "#a..S..#", "#.~..C.#", "#>..B..#", "#..H...#", "#.....v#", "#a.....#",
            "########",
        ];
        let level = Level::from_rows(&rows, &[]).unwrap();
        assert_eq!(level.to_rows(&level.start), rows);
        assert_eq!(level.board.anteaters.len(), 2);
        assert_eq!(level.start.all_obstacles().count_ones(), 3);
    }

    #[test]
    fn rejects_each_kind_of_mistake() {
        let err = |rows: &[&str]| Level::from_rows(rows, &[]).unwrap_err();
        assert!(matches!(err(&["##", "##"]), LevelError::Size { .. }));
        assert!(matches!(
            err(&["####", "#a#", "####"]),
            LevelError::Ragged { row: 1, .. }
        ));
        assert_eq!(
            err(&["#####", "#axa#", "#####"]),
            LevelError::BadChar {
                row: 1,
                col: 2,
                ch: 'x'
            }
        );
        assert_eq!(
            err(&["####", "a..#", "####"]),
            LevelError::OpenBorder { row: 1, col: 0 }
        );
        assert_eq!(err(&["####", "#..#", "####"]), LevelError::Empty);
        assert_eq!(
            err(&["######", "#a.bb#", "######"]),
            LevelError::LonelyColour { colour: 'a' }
        );
        // Named by the letter a level text holds and the shape the game draws.
        assert_eq!(
            LevelError::LonelyColour { colour: 'f' }.to_string(),
            "fruit 'f' (the star one) has no partner: each kind of fruit needs two or more"
        );
        assert_eq!(
            err(&["######", "#aa..#", "######"]),
            LevelError::StartsPaired { row: 1, col: 1 }
        );
        assert_eq!(
            err(&["#######", "#>.a.a#", "#######"]),
            LevelError::InSight { row: 1, col: 3 }
        );
    }

    #[test]
    fn gates_must_sit_between_floors_once() {
        let rows = ["######", "#a..a#", "######"];
        let gate = |col, row, dir| Gate { col, row, dir };
        assert!(Level::from_rows(&rows, &[gate(2, 1, Direction::Right)]).is_ok());
        assert_eq!(
            Level::from_rows(&rows, &[gate(2, 1, Direction::Up)]).unwrap_err(),
            LevelError::GateNotBetweenFloors { row: 1, col: 2 }
        );
        assert_eq!(
            Level::from_rows(
                &rows,
                &[gate(2, 1, Direction::Right), gate(3, 1, Direction::Left)]
            )
            .unwrap_err(),
            LevelError::GateTwice { row: 1, col: 3 }
        );
    }

    #[test]
    fn errors_read_in_one_based_rows() {
        let e = LevelError::InSight { row: 1, col: 3 };
        assert_eq!(
            e.to_string(),
            "row 2, column 4: an anteater would pull this fruit before the first move"
        );
    }
}
