//! A thousand generated Climb levels, a quarter from each tier: each comes with a search proof
//! that the exit can be reached, and a pilot then plays that route with the player's own physics
//! and controls (stopping in the middle of each block, holding each move's keys) and must stand
//! on the exit, never inside a block or on spikes. Every single move of a route, tried from the
//! middle of its block and from a little off it, lands where the search said. Gems lie on places
//! the search reached; the same seed gives the same level.

use puzzlemill_core::Tier;
use puzzlemill_core::climb::body::Body;
use puzzlemill_core::climb::generate::{ClimbParams, generate};
use puzzlemill_core::climb::moves::{MARGIN, moves};
use puzzlemill_core::climb::pilot::{Pilot, PilotState};
use puzzlemill_core::climb::reach::{Step, search};
use puzzlemill_core::climb::{ClimbLevel, Tile};
use puzzlemill_core::rng::seeded;

fn level(tier: Tier, seed: u64) -> ClimbLevel {
    let params = ClimbParams::for_tier(tier);
    let mut rng = seeded(seed);
    (0..20)
        .find_map(|_| generate(&params, &mut rng))
        .unwrap_or_else(|| panic!("{tier:?} seed {seed}: no level in 20 walks"))
        .level
}

fn hurt(level: &ClimbLevel, body: &Body) -> bool {
    body.touches(|x, y| level.is_solid(x, y))
        || body.touches(|x, y| level.tile(x, y) == Tile::Spikes)
}

/// Plays the route to the exit; returns the physics steps it took.
fn fly(level: &ClimbLevel, tag: &str) -> usize {
    let reach = search(level, level.entrance, level.exit, false);
    assert!(reach.found_exit, "{tag}: exit not reachable");
    let route = reach.route_to(level.exit).expect("a route");
    let (x, y) = level.entrance;
    let mut body = Body::standing_in(i32::from(x), i32::from(y));
    let mut pilot = Pilot::new(route.clone(), level.exit);
    for step in 0..200_000 {
        if pilot.state() == PilotState::Arrived {
            let at = body.cell();
            assert_eq!(
                (at.0 as u16, at.1 as u16),
                level.exit,
                "{tag}: pilot stopped off the exit"
            );
            return step;
        }
        let controls = pilot.controls(&body);
        body.step(level, controls);
        assert!(
            !hurt(level, &body),
            "{tag}: hurt at step {step}: {body:?} (route step {} of {}: {:?})",
            pilot.step_index(),
            route.len(),
            route.get(pilot.step_index())
        );
    }
    panic!(
        "{tag}: the pilot never arrived (stuck at route step {})",
        pilot.step_index()
    );
}

#[test]
fn a_thousand_levels_are_reachable_in_the_physics() {
    let mut steps = 0;
    for seed in 0..1000u64 {
        let tier = Tier::ALL[seed as usize % 4];
        let level = level(tier, seed);
        let tag = format!("{tier:?} seed {seed}");
        assert!(
            level.is_standing_place(i32::from(level.entrance.0), i32::from(level.entrance.1)),
            "{tag}"
        );
        steps += fly(&level, &tag);
        let reach = search(&level, level.entrance, level.exit, true);
        for gem in &level.gems {
            assert!(reach.reached(*gem), "{tag}: gem {gem:?} out of reach");
        }
    }
    assert!(steps > 0);
}

#[test]
fn every_move_lands_where_the_search_said_even_a_little_off_centre() {
    for seed in 0..60u64 {
        let level = level(Tier::ALL[seed as usize % 4], seed);
        let reach = search(&level, level.entrance, level.exit, false);
        for (from, step) in reach.route_to(level.exit).unwrap() {
            let Step::Move(i) = step else { continue };
            let script = moves()[usize::from(i)].script;
            let want = puzzlemill_core::climb::reach::land(
                &level,
                &moves()[usize::from(i)],
                i32::from(from.0),
                i32::from(from.1),
            )
            .unwrap();
            for shift in [0.0, -0.9 * MARGIN, 0.9 * MARGIN] {
                let mut body = Body::standing_in(i32::from(from.0), i32::from(from.1));
                body.x += shift;
                let mut airborne = false;
                for k in 0..2_000u16 {
                    let landed = airborne && body.on_ground;
                    if landed && body.vx == 0.0 {
                        break;
                    }
                    body.step(&level, script.controls(k, landed));
                    airborne |= !body.on_ground;
                    assert!(
                        !hurt(&level, &body),
                        "seed {seed}: move {script:?} from {from:?} shifted {shift}"
                    );
                }
                let (x, y) = body.cell();
                assert_eq!(
                    y, want.1,
                    "seed {seed}: move {script:?} from {from:?} shifted {shift}"
                );
                assert!(
                    (x - want.0).abs() <= 1,
                    "seed {seed}: move {script:?} from {from:?} shifted {shift}: {x} vs {}",
                    want.0
                );
                if shift == 0.0 {
                    assert_eq!(x, want.0, "seed {seed}: move {script:?} from {from:?}");
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_level() {
    for tier in Tier::ALL {
        assert_eq!(level(tier, 7), level(tier, 7));
        assert_ne!(level(tier, 7), level(tier, 8));
    }
}
