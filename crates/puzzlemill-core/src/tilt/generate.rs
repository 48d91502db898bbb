//! The seed's generator (seed 000): walls from [`super::walls`], then fruit and obstacles placed
//! by weights, so fruit sit mostly at corridor ends and in corners.
//!
//! Each free tile gets a weight once per level from the walls around it: corridor end (walls on
//! three sides) 6 + rand(3), corner 3 + rand(3), corridor 2, open 1. Obstacles have weights of
//! their own (open 3, corner 2, corridor and end 1) and a random density. Hedgehogs and anteaters
//! are never placed in corridors or corridor ends (weight 0). Puddles go where obstacles would.
//!
//! A candidate is kept only if a breadth-first search finds its shortest solution inside the
//! parameters' move range and it reaches at most [`MAX_STATES`] states; the mill's rater then
//! measures it in full.

use super::bits::{self, Bits, SIDE, bit};
use super::level::{Anteater, Board, COLOURS, Gate, Level, OBSTACLES, State};
use super::rate;
use super::rules::Tilt;
use super::walls;
use crate::direction::Direction;
use crate::puzzle::{Generate, Puzzle};
use crate::rng::GameRng;
use crate::solve::SearchLimit;
use crate::tier::Tier;
use rand::RngExt;

/// Mechanics a generated level may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mechanics {
    /// One-way gates on tile edges.
    pub gates: bool,
    /// Anteaters.
    pub anteaters: bool,
    /// Puddles.
    pub puddles: bool,
    /// Sleeping hedgehogs.
    pub hedgehogs: bool,
}

impl Mechanics {
    /// None of the later mechanics.
    pub const NONE: Mechanics = Mechanics {
        gates: false,
        anteaters: false,
        puddles: false,
        hedgehogs: false,
    };
    /// Every mechanic.
    pub const ALL: Mechanics = Mechanics {
        gates: true,
        anteaters: true,
        puddles: true,
        hedgehogs: true,
    };

    /// The mechanics as four bits (gates, anteaters, puddles, hedgehogs from bit 0).
    pub fn bits(self) -> u32 {
        self.gates as u32
            | (self.anteaters as u32) << 1
            | (self.puddles as u32) << 2
            | (self.hedgehogs as u32) << 3
    }

    /// The mechanics from [`Mechanics::bits`].
    pub fn from_bits(b: u32) -> Mechanics {
        Mechanics {
            gates: b & 1 != 0,
            anteaters: b & 2 != 0,
            puddles: b & 4 != 0,
            hedgehogs: b & 8 != 0,
        }
    }
}

/// What shapes a generated Tilt level.
#[derive(Clone, Debug, PartialEq)]
pub struct TiltParams {
    /// Columns and rows, border included (5 to 8).
    pub side: usize,
    /// Fewest and most fruit pairs.
    pub pairs: (usize, usize),
    /// Most distinct fruit colours.
    pub colours: usize,
    /// Most stones, cars and barrels (the level's density is drawn up to it).
    pub obstacles: usize,
    /// Mechanics allowed.
    pub mechanics: Mechanics,
    /// Shortest solution wanted, fewest and most moves.
    pub moves: (u32, u32),
}

/// The most states a generated level may reach, so the rater can explore all of them quickly.
pub const MAX_STATES: usize = 20_000;

/// Marks a parameter word that spells out its settings instead of taking the tier's defaults.
pub const CUSTOM: u32 = 1 << 6;

impl TiltParams {
    /// The parameters for a fresh level in `tier` with the given mechanics and side.
    pub fn custom(tier: Tier, mechanics: Mechanics, side: usize) -> Self {
        let (pairs, colours, obstacles, moves) = match tier {
            Tier::Easy => ((1, 2), 2, 1, (2, 6)),
            Tier::Medium => ((1, 2), 2, 2, (4, 9)),
            Tier::Hard => ((2, 3), 3, 3, (6, 12)),
            Tier::Expert => ((2, 3), 3, 4, (9, 18)),
        };
        TiltParams {
            side: side.clamp(5, SIDE),
            pairs,
            colours,
            obstacles,
            mechanics,
            moves,
        }
    }

    /// The tier's defaults: bigger boards and every mechanic as tiers rise.
    pub fn for_tier(tier: Tier) -> Self {
        let (mechanics, side) = match tier {
            Tier::Easy => (Mechanics::NONE, 6),
            Tier::Medium => (
                Mechanics {
                    gates: true,
                    ..Mechanics::NONE
                },
                7,
            ),
            Tier::Hard | Tier::Expert => (Mechanics::ALL, 8),
        };
        Self::custom(tier, mechanics, side)
    }

    /// The parameter word for custom settings: [`CUSTOM`], the side less 5 in bits 4-5 and the
    /// mechanics in bits 0-3.
    pub fn word(mechanics: Mechanics, side: usize) -> u32 {
        CUSTOM | ((side.clamp(5, SIDE) as u32 - 5) << 4) | mechanics.bits()
    }
}

impl Generate for Tilt {
    type Params = TiltParams;

    fn params(tier: Tier, word: u32) -> Option<TiltParams> {
        match word {
            0 => Some(TiltParams::for_tier(tier)),
            w if w & !0x7f == 0 && w & CUSTOM != 0 => Some(TiltParams::custom(
                tier,
                Mechanics::from_bits(w & 0xf),
                5 + ((w >> 4) & 3) as usize,
            )),
            _ => None,
        }
    }

    fn generate(params: &TiltParams, rng: &mut GameRng) -> Option<Level> {
        let level = candidate(params, rng)?;
        let limit = SearchLimit {
            max_depth: params.moves.1,
            max_states: MAX_STATES,
        };
        let optimum = Tilt::solve(&level, &level.start, limit).solution()?.len() as u32;
        if optimum < params.moves.0 {
            return None;
        }
        // The rater explores every state; a level too big for that is not kept.
        rate::analyse_from(&level, &level.start, MAX_STATES)
            .complete
            .then_some(level)
    }
}

/// How a free tile lies between the walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    End,
    Corner,
    Corridor,
    Open,
}

fn spot(walls: Bits, cell: u8) -> Spot {
    let wall = |d| bits::step(cell, d).is_none_or(|n| walls & (1 << n) != 0);
    let (u, d, l, r) = (
        wall(Direction::Up),
        wall(Direction::Down),
        wall(Direction::Left),
        wall(Direction::Right),
    );
    match (u as u8 + d as u8 + l as u8 + r as u8, u == d) {
        (3.., _) => Spot::End,
        (2, true) => Spot::Corridor,
        (2, false) => Spot::Corner,
        _ => Spot::Open,
    }
}

/// Draws one cell from `weights` (cell, weight) and removes it.
fn draw(weights: &mut Vec<(u8, u32)>, rng: &mut GameRng) -> Option<u8> {
    let total: u32 = weights.iter().map(|w| w.1).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    let i = weights.iter().position(|&(_, w)| {
        if pick < w {
            true
        } else {
            pick -= w;
            false
        }
    })?;
    Some(weights.swap_remove(i).0)
}

/// Removes `cell` from a weight table.
fn take(weights: &mut Vec<(u8, u32)>, cell: u8) {
    weights.retain(|w| w.0 != cell);
}

/// One candidate level, not yet solved.
fn candidate(p: &TiltParams, rng: &mut GameRng) -> Option<Level> {
    let side = p.side;
    let walls = walls::draw(side, side, rng);
    let free: Vec<u8> = (1..side - 1)
        .flat_map(|y| (1..side - 1).map(move |x| (y * SIDE + x) as u8))
        .filter(|&c| walls & (1 << c) == 0)
        .collect();
    let pairs = rng.random_range(p.pairs.0..=p.pairs.1.max(p.pairs.0));
    // Boards walled down to a sliver are not worth a level.
    if free.len() < pairs * 2 + 4 || free.len() * 2 < (side - 2) * (side - 2) {
        return None;
    }
    let spots: Vec<(u8, Spot)> = free.iter().map(|&c| (c, spot(walls, c))).collect();
    let mut fruit_w: Vec<(u8, u32)> = spots
        .iter()
        .map(|&(c, s)| {
            let w = match s {
                Spot::End => 6 + rng.random_range(0..3),
                Spot::Corner => 3 + rng.random_range(0..3),
                Spot::Corridor => 2,
                Spot::Open => 1,
            };
            (c, w)
        })
        .collect();
    let mut block_w: Vec<(u8, u32)> = spots
        .iter()
        .map(|&(c, s)| {
            let w = match s {
                Spot::Open => 3,
                Spot::Corner => 2,
                Spot::Corridor | Spot::End => 1,
            };
            (c, w)
        })
        .collect();
    let mut beast_w: Vec<(u8, u32)> = spots
        .iter()
        .map(|&(c, s)| {
            let w = match s {
                Spot::Open => 3,
                Spot::Corner => 2,
                Spot::Corridor | Spot::End => 0,
            };
            (c, w)
        })
        .collect();
    let placed = |cell: u8, tables: [&mut Vec<(u8, u32)>; 3]| {
        for t in tables {
            take(t, cell);
        }
    };
    let m = p.mechanics;
    let mut hedgehogs: Bits = 0;
    if m.hedgehogs && rng.random_bool(0.7) {
        for _ in 0..rng.random_range(1..=2) {
            let cell = draw(&mut beast_w, rng)?;
            placed(cell, [&mut fruit_w, &mut block_w, &mut beast_w]);
            hedgehogs |= 1 << cell;
        }
    }
    let mut anteaters = Vec::new();
    if m.anteaters && rng.random_bool(0.7) {
        let cell = draw(&mut beast_w, rng)?;
        placed(cell, [&mut fruit_w, &mut block_w, &mut beast_w]);
        let fixed = walls | hedgehogs | (1 << cell);
        // Face the longest clear line.
        let facing = Direction::ALL
            .into_iter()
            .map(|d| {
                let mut n = 0;
                let mut c = cell;
                while let Some(next) = bits::step(c, d).filter(|&x| fixed & (1 << x) == 0) {
                    n += 1;
                    c = next;
                }
                (n + rng.random_range(0..2), d)
            })
            .max()
            .map(|(_, d)| d)?;
        anteaters.push(Anteater { cell, facing });
    }
    let mut puddles: Bits = 0;
    if m.puddles && rng.random_bool(0.7) {
        for _ in 0..rng.random_range(1..=3) {
            let cell = draw(&mut block_w, rng)?;
            placed(cell, [&mut fruit_w, &mut block_w, &mut beast_w]);
            puddles |= 1 << cell;
        }
    }
    let mut start = State::default();
    let colours = p.colours.clamp(1, COLOURS);
    for pair in 0..pairs {
        for _ in 0..2 {
            let cell = draw(&mut fruit_w, rng)?;
            placed(cell, [&mut fruit_w, &mut block_w, &mut beast_w]);
            start.fruit[pair % colours] |= 1 << cell;
        }
    }
    let obstacles = rng.random_range(0..=p.obstacles);
    for _ in 0..obstacles {
        let cell = draw(&mut block_w, rng)?;
        placed(cell, [&mut fruit_w, &mut block_w, &mut beast_w]);
        start.obstacles[rng.random_range(0..OBSTACLES)] |= 1 << cell;
    }
    let mut gates = Vec::new();
    if m.gates && rng.random_bool(0.8) {
        for _ in 0..rng.random_range(1..=2) {
            let cell = free[rng.random_range(0..free.len())];
            let dir = Direction::ALL[rng.random_range(0..4)];
            let (col, row) = bits::col_row(cell);
            let next = bits::step(cell, dir)?;
            if walls & (1 << next) == 0 {
                gates.push(Gate {
                    col: col as u8,
                    row: row as u8,
                    dir,
                });
            }
        }
    }
    let board = Board::new(
        side as u8,
        side as u8,
        walls | border(side),
        puddles,
        hedgehogs,
        anteaters,
        gates,
    )
    .ok()?;
    let level = Level { board, start };
    level.validate().ok()?;
    Some(level)
}

/// The wall border of a `side` x `side` board.
fn border(side: usize) -> Bits {
    let mut b = 0;
    for i in 0..side {
        b |= bit(i, 0) | bit(i, side - 1) | bit(0, i) | bit(side - 1, i);
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn candidates_are_valid_levels_in_the_move_range() {
        for tier in Tier::ALL {
            let params = TiltParams::for_tier(tier);
            let mut rng = seeded(3);
            let levels: Vec<Level> = (0..400)
                .filter_map(|_| Tilt::generate(&params, &mut rng))
                .collect();
            assert!(!levels.is_empty(), "{tier:?}");
            for l in &levels {
                assert!(l.validate().is_ok());
                let n = Tilt::solve(l, &l.start, SearchLimit::DEFAULT)
                    .solution()
                    .unwrap()
                    .len() as u32;
                assert!((params.moves.0..=params.moves.1).contains(&n), "{n}");
            }
        }
    }

    #[test]
    fn parameter_words_round_trip() {
        let m = Mechanics {
            gates: true,
            hedgehogs: true,
            ..Mechanics::NONE
        };
        let word = TiltParams::word(m, 7);
        let p = Tilt::params(Tier::Hard, word).unwrap();
        assert_eq!((p.mechanics, p.side), (m, 7));
        assert_eq!(
            Tilt::params(Tier::Hard, 0),
            Some(TiltParams::for_tier(Tier::Hard))
        );
        assert_eq!(Tilt::params(Tier::Hard, 5), None);
        assert_eq!(Tilt::params(Tier::Hard, 1 << 9), None);
    }

    #[test]
    fn fruit_prefer_corridor_ends_and_corners() {
        let mut rng = seeded(9);
        let params = TiltParams::for_tier(Tier::Easy);
        let (mut snug, mut total) = (0, 0);
        for _ in 0..300 {
            if let Some(l) = candidate(&params, &mut rng) {
                for cell in bits::cells(l.start.all_fruit()) {
                    total += 1;
                    if matches!(spot(l.board.walls, cell), Spot::End | Spot::Corner) {
                        snug += 1;
                    }
                }
            }
        }
        assert!(snug * 2 > total, "{snug} of {total}");
    }
}
