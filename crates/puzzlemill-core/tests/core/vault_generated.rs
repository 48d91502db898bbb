//! A thousand generated Vault levels, half from each first-geometry method, a quarter from each
//! tier's size: every one passes the verification search (the exit reachable, no reachable state
//! stuck), and the invariants of each generator step hold: the 3x3 rule, a connected sector graph
//! with at least a spanning tree (the tree itself and the restored edges are checked step by step
//! in the generator's unit tests), secret rooms that are leaves behind one secret wall, every
//! lock's opener reachable without that lock, at most three keys and never for a heavy door, a
//! door first on every connection, the exit in the last group. The same seed gives the same level.

use puzzlemill_core::Tier;
use puzzlemill_core::rng::seeded;
use puzzlemill_core::vault::grid::ROCK;
use puzzlemill_core::vault::level::{OpenerKind, OpeningKind};
use puzzlemill_core::vault::verify::{region, verify};
use puzzlemill_core::vault::{Layout, VaultLevel, VaultParams, generate};
use std::collections::BTreeSet;

fn level(layout: Layout, tier: Tier, seed: u64) -> VaultLevel {
    let params = VaultParams::for_tier(tier, layout);
    let mut rng = seeded(seed);
    (0..50)
        .find_map(|_| generate(&params, &mut rng))
        .unwrap_or_else(|| panic!("{layout:?} {tier:?} seed {seed}: no level in 50 tries"))
}

fn check(level: &VaultLevel, tag: &str) {
    let verdict = verify(level);
    assert!(verdict.finishable, "{tag}: the exit cannot be reached");
    assert_eq!(verdict.stuck, 0, "{tag}: a reachable state is stuck");
    let grid = &level.grid;
    for (x, y, s) in grid.cells() {
        if s != ROCK {
            assert!(
                grid.covered(x as i32, y as i32, s),
                "{tag}: 3x3 rule at ({x}, {y})"
            );
        }
    }
    let sectors = level.sectors.len();
    assert!(
        level.sectors.iter().all(|s| s.floor > 0),
        "{tag}: a sector without floor"
    );
    // The graph: connected, at least a spanning tree, not much more.
    let mut seen = BTreeSet::from([0u16]);
    let mut stack = vec![0u16];
    while let Some(s) = stack.pop() {
        for l in &level.links {
            for (a, b) in [(l.from, l.to), (l.to, l.from)] {
                if a == s && seen.insert(b) {
                    stack.push(b);
                }
            }
        }
    }
    assert_eq!(seen.len(), sectors, "{tag}: the sector graph is in pieces");
    assert!(
        level.links.len() >= sectors - 1,
        "{tag}: fewer links than a spanning tree"
    );
    // Secrets are leaves behind one secret wall, with nothing in them.
    for (i, info) in level.sectors.iter().enumerate() {
        let links: Vec<_> = level
            .links
            .iter()
            .filter(|l| usize::from(l.from) == i || usize::from(l.to) == i)
            .collect();
        if info.secret {
            assert_eq!(links.len(), 1, "{tag}: secret sector {i} is not a leaf");
            assert!(links[0].secret && links[0].lock.is_none());
            let kinds: Vec<_> = links[0].openings.iter().map(|o| o.kind).collect();
            assert_eq!(kinds, vec![OpeningKind::Secret], "{tag}");
            assert!(level.openers.iter().all(|o| usize::from(o.sector) != i));
        }
    }
    for link in &level.links {
        if !link.secret {
            assert_eq!(
                link.openings[0].kind,
                OpeningKind::Door,
                "{tag}: a door first"
            );
            assert!(link.openings.iter().all(|o| o.kind != OpeningKind::Secret));
        }
    }
    // Every lock's opener can be reached with every other script open but its own.
    let all = (1u64 << (level.scripts + 1)) - 1;
    for opener in &level.openers {
        let without = all & !(1 << opener.script);
        let reach = region(level, without);
        assert!(
            reach[opener.at.1 * grid.width + opener.at.0],
            "{tag}: the opener of script {} lies behind its own lock",
            opener.script
        );
    }
    // Keys: at most three, never for a heavy (2-3 cell) door, never in the final sector.
    let keys: Vec<_> = level
        .openers
        .iter()
        .filter(|o| o.kind == OpenerKind::Key)
        .collect();
    assert!(keys.len() <= 3, "{tag}");
    let exit_sector = grid.get(level.exit.0 as i32, level.exit.1 as i32);
    assert_eq!(
        level.sectors[usize::from(exit_sector)].script,
        1,
        "{tag}: exit in the last group"
    );
    for key in keys {
        assert_ne!(key.sector, exit_sector);
        for link in level.links.iter().filter(|l| l.lock == Some(key.script)) {
            for o in &link.openings {
                assert!(
                    o.kind != OpeningKind::Door || o.spots.len() == 1,
                    "{tag}: a key for a heavy door"
                );
            }
        }
    }
}

#[test]
fn a_thousand_levels_verify_and_keep_every_step_s_invariants() {
    for seed in 0..1000u64 {
        let layout = if seed % 2 == 0 {
            Layout::Bsp
        } else {
            Layout::Growth
        };
        let tier = Tier::ALL[(seed / 2) as usize % 4];
        let tag = format!("{layout:?} {tier:?} seed {seed}");
        check(&level(layout, tier, seed), &tag);
    }
}

#[test]
fn the_same_seed_gives_the_same_level() {
    for layout in [Layout::Bsp, Layout::Growth] {
        assert_eq!(level(layout, Tier::Hard, 3), level(layout, Tier::Hard, 3));
        assert_ne!(level(layout, Tier::Hard, 3), level(layout, Tier::Hard, 4));
    }
}
