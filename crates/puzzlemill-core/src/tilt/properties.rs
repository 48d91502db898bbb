//! Properties checked over many generated levels: the bitboard slide matches a plain one-piece-
//! at-a-time slide, every solver solution replays to a win through `apply`, and a thousand milled
//! levels verify.

use super::bits::{self, Bits};
use super::generate::{Mechanics, TiltParams};
use super::level::{Level, State};
use super::rules::{Tilt, status, tilt};
use crate::code::LevelCode;
use crate::direction::Direction;
use crate::mill;
use crate::mode::ModeId;
use crate::puzzle::{Generate, Puzzle, Status};
use crate::rng::seeded;
use crate::solve::SearchLimit;
use crate::tier::Tier;
use rand::RngExt;

/// Where the pieces stand after the slide alone, moving the leading piece first, one at a time.
fn reference_slide(level: &Level, state: &State, d: Direction) -> Bits {
    let board = &level.board;
    let fruit = state.all_fruit();
    let mut occupied = state.occupied();
    let mut order: Vec<u8> = bits::cells(occupied).collect();
    let (dx, dy) = d.delta();
    order.sort_by_key(|&c| {
        let (col, row) = bits::col_row(c);
        -(col as i32 * dx + row as i32 * dy)
    });
    for from in order {
        let is_fruit = fruit & (1 << from) != 0;
        let mut cell = from;
        loop {
            if is_fruit && board.puddles & (1 << cell) != 0 {
                break;
            }
            let Some(next) = bits::step(cell, d) else {
                break;
            };
            let blocked = (board.walls | board.hedgehogs | occupied) & (1 << next) != 0
                || board.anteater_at(next).is_some()
                || !board.gate_allows(cell, d);
            if blocked {
                break;
            }
            occupied = (occupied & !(1 << cell)) | 1 << next;
            cell = next;
        }
    }
    occupied
}

fn levels(count: usize, seed: u64) -> Vec<Level> {
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    let tiers = [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Expert];
    while out.len() < count {
        let mut params = TiltParams::custom(tiers[out.len() % 4], Mechanics::ALL, 8);
        params.moves = (1, 30);
        if let Some(level) = Tilt::generate(&params, &mut rng) {
            out.push(level);
        }
    }
    out
}

#[test]
fn the_bitboard_slide_matches_one_piece_at_a_time() {
    let mut rng = seeded(77);
    let mut checked = 0;
    for level in levels(300, 1) {
        let mut state = level.start.clone();
        for _ in 0..25 {
            if status(&state) != Status::Playing {
                break;
            }
            let d = Direction::ALL[rng.random_range(0..4)];
            let expected = reference_slide(&level, &state, d);
            match tilt(&level, &state, d) {
                Some((next, trace)) => {
                    let mut after = state.occupied();
                    for &(from, _) in &trace.slides {
                        after &= !(1 << from);
                    }
                    for &(_, to) in &trace.slides {
                        after |= 1 << to;
                    }
                    assert_eq!(after, expected, "{:?} {d:?}", level.to_rows(&state));
                    state = next;
                    checked += 1;
                }
                None => assert_eq!(expected, state.occupied(), "nothing moves"),
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn every_solution_replays_to_a_win() {
    let mut solved = 0;
    for level in levels(200, 2) {
        let outcome = Tilt::solve(&level, &level.start, SearchLimit::DEFAULT);
        if let Some(moves) = outcome.solution() {
            let end = moves.iter().fold(level.start.clone(), |s, &m| {
                Tilt::apply(&level, &s, m).expect("every solution move moves")
            });
            assert_eq!(status(&end), Status::Won);
            solved += 1;
        }
    }
    assert_eq!(solved, 200, "generated levels are solvable");
}

#[test]
fn a_thousand_milled_levels_verify() {
    let (mut verified, mut seed) = (0, 10_000u64);
    while verified < 1000 {
        let tier = Tier::ALL[verified % 4];
        let code = LevelCode::new(ModeId::Tilt, tier, 0, seed);
        seed += 1;
        let Ok(fresh) = mill::regenerate::<Tilt>(code, 2_000) else {
            continue;
        };
        verified += 1;
        let level = &fresh.level;
        let moves = Tilt::solve(level, &level.start, SearchLimit::DEFAULT)
            .solution()
            .unwrap_or_else(|| panic!("{code} is not solvable"))
            .to_vec();
        assert_eq!(Some(moves.len() as u32), fresh.rating.optimum, "{code}");
        let end = moves.iter().fold(level.start.clone(), |s, &m| {
            Tilt::apply(level, &s, m).unwrap()
        });
        assert_eq!(status(&end), Status::Won, "{code}");
        assert_eq!(fresh.rating.tier, tier);
    }
}
