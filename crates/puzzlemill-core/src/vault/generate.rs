//! The whole Vault generator, in the seed's order ("Structure du générateur"): first geometry
//! (BSP or room growth), the 3x3 clean-up, connections, the largest sub-graph, a random spanning
//! tree, some removed edges restored and some turned into passages that merge sectors, secret
//! rooms, the scenario (groups of sectors locked by scripts, each opener in a sector the player
//! reaches first, the exit switch in the first group), one side per connection with its doors
//! and windows, keys or switches, and the verification search. A level that fails the search is
//! dropped (the caller draws again).

use super::bsp::bsp;
use super::cleanup::enforce_3x3;
use super::graph::{Graph, Spot, connect_and_keep_largest, junctions, longest_run, spanning_tree};
use super::grid::{Grid, ROCK, SectorId};
use super::growth::growth;
use super::level::{
    Link, Opener, OpenerKind, Opening, OpeningKind, Script, SectorInfo, Tile, VaultLevel,
};
use super::verify::verify;
use crate::rng::GameRng;
use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};
use std::collections::{BTreeSet, HashMap};

/// How the first geometry is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Recursive splits, a room per leaf, corridors behind the rooms.
    Bsp,
    /// Cleared outline, room seeds grown to fill it.
    Growth,
}

/// What shapes a Vault level.
#[derive(Clone, Debug, PartialEq)]
pub struct VaultParams {
    /// The tier the level is made for.
    pub tier: crate::tier::Tier,
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
    /// First geometry.
    pub layout: Layout,
    /// Choose the first geometry at random for each level instead.
    pub either: bool,
    /// Chance a removed edge comes back.
    pub restore: f64,
    /// Chance a removed edge becomes a passage that merges its sectors.
    pub passage: f64,
    /// Chance a group takes one more neighbouring sector.
    pub group: f64,
    /// Most sectors in one group.
    pub max_group: usize,
    /// Most keys (the rest are switches).
    pub max_keys: usize,
}

impl VaultParams {
    /// The defaults for `tier`: a square map from 32 cells (easy) to 64 (expert), so from a few
    /// scripts to a dozen or more.
    pub fn for_tier(tier: crate::tier::Tier, layout: Layout) -> Self {
        let side = match tier {
            crate::tier::Tier::Easy => 32,
            crate::tier::Tier::Medium => 44,
            crate::tier::Tier::Hard => 54,
            crate::tier::Tier::Expert => 64,
        };
        Self {
            tier,
            ..Self::new(side, layout)
        }
    }

    /// A square map of `side` cells laid out by `layout`, with the seed's proportions.
    pub fn new(side: usize, layout: Layout) -> Self {
        Self {
            tier: crate::tier::Tier::Expert,
            width: side,
            height: side,
            layout,
            either: false,
            restore: 0.15,
            passage: 0.1,
            group: 0.7,
            max_group: 4,
            max_keys: 3,
        }
    }
}

/// Scripts a level may have (one bit each in the search's state).
const MAX_SCRIPTS: usize = 60;

/// One attempt at a level; `None` when a step fails or the search refuses it.
pub fn generate(params: &VaultParams, rng: &mut GameRng) -> Option<VaultLevel> {
    let layout = match params.either {
        true if rng.random_bool(0.5) => Layout::Growth,
        true => Layout::Bsp,
        false => params.layout,
    };
    let mut grid = match layout {
        Layout::Bsp => bsp(params.width, params.height, rng),
        Layout::Growth => growth(params.width, params.height, rng),
    };
    enforce_3x3(&mut grid);
    let mut graph = connect_and_keep_largest(&mut grid);
    let sectors = grid.compact();
    if sectors < 4 {
        return None;
    }
    let removed = spanning_tree(&mut graph, sectors, rng);
    let mut merges = Vec::new();
    for edge in removed {
        let roll: f64 = rng.random();
        if roll < params.restore {
            graph.edges.insert(edge);
        } else if roll < params.restore + params.passage {
            merges.push(edge);
        }
    }
    let graph = merge_passages(&mut grid, &graph, &merges)?;
    let sectors = grid.compact();
    let spots = junctions(&grid);
    let floor = floor_counts(&grid, sectors);
    let secret = choose_secrets(&graph, sectors, &floor, rng);
    let groups = scenario(
        &graph,
        sectors,
        &secret,
        params.group,
        params.max_group,
        rng,
    )?;
    // At least one locked group besides the start's (merges can shrink a small map a lot).
    if groups.len() < 2 || groups.len() > MAX_SCRIPTS + 1 {
        return None;
    }
    build(&grid, &graph, &spots, &floor, &secret, &groups, params, rng)
}

/// Merges each passage's two sectors; returns the graph over the renumbered sectors (edges
/// inside a merged sector go, a graph split by a lost junction fails).
fn merge_passages(
    grid: &mut Grid,
    graph: &Graph,
    merges: &[(SectorId, SectorId)],
) -> Option<Graph> {
    let n = grid.compact();
    let mut root: Vec<SectorId> = (0..n as SectorId).collect();
    fn find(root: &mut [SectorId], s: SectorId) -> SectorId {
        let mut r = s;
        while root[r as usize] != r {
            r = root[r as usize];
        }
        root[s as usize] = r;
        r
    }
    for &(a, b) in merges {
        let (ra, rb) = (find(&mut root, a), find(&mut root, b));
        if ra != rb {
            root[rb as usize] = ra;
        }
    }
    let roots: Vec<SectorId> = (0..n as SectorId).map(|s| find(&mut root, s)).collect();
    for (x, y, s) in grid.cells().collect::<Vec<_>>() {
        if s != ROCK {
            grid.set(x, y, roots[s as usize]);
        }
    }
    let renumber = grid.compact_map();
    let touching = junctions(grid);
    let mut merged = Graph::default();
    for &(a, b) in &graph.edges {
        let (ra, rb) = (renumber[&roots[a as usize]], renumber[&roots[b as usize]]);
        if ra != rb {
            let edge = (ra.min(rb), ra.max(rb));
            if touching.contains_key(&edge) {
                merged.edges.insert(edge);
            }
        }
    }
    let all: BTreeSet<SectorId> = (0..renumber.len() as SectorId).collect();
    merged.connected(&all).then_some(merged)
}

fn floor_counts(grid: &Grid, sectors: usize) -> Vec<usize> {
    let mut floor = vec![0; sectors];
    for (x, y, s) in grid.cells() {
        if s != ROCK && grid.is_floor(x as i32, y as i32) {
            floor[s as usize] += 1;
        }
    }
    floor
}

/// Secret rooms: the one-connection sectors, smallest first, cut at a random length (at least
/// one, at most half, and never so many that fewer than three sectors are left to play).
fn choose_secrets(graph: &Graph, sectors: usize, floor: &[usize], rng: &mut GameRng) -> Vec<bool> {
    let mut leaves: Vec<SectorId> = (0..sectors as SectorId)
        .filter(|&s| graph.neighbours(s).count() == 1)
        .collect();
    leaves.sort_by_key(|&s| (floor[s as usize], s));
    let most = (leaves.len() / 2).max(1).min(sectors.saturating_sub(3));
    let mut secret = vec![false; sectors];
    if most == 0 || leaves.is_empty() {
        return secret;
    }
    let count = rng.random_range(1..=most);
    for &s in &leaves[..count] {
        secret[s as usize] = true;
    }
    secret
}

/// The scenario: groups of sectors, the first holding the exit, each locked from the sectors
/// after it; the last group is the start sector alone. A group starts at a sector whose removal
/// keeps the rest connected, with the fewest free connections (the seed's rule), and grows
/// through free neighbours whose removal keeps the rest connected too, each by chance, up to a
/// random size.
fn scenario(
    graph: &Graph,
    sectors: usize,
    secret: &[bool],
    join: f64,
    max_group: usize,
    rng: &mut GameRng,
) -> Option<Vec<Vec<SectorId>>> {
    let mut free: BTreeSet<SectorId> = (0..sectors as SectorId)
        .filter(|&s| !secret[s as usize])
        .collect();
    let mut groups = Vec::new();
    while free.len() > 1 {
        let degree = |s: SectorId, free: &BTreeSet<SectorId>| {
            graph.neighbours(s).filter(|n| free.contains(n)).count()
        };
        let removable: Vec<SectorId> = free
            .iter()
            .copied()
            .filter(|&s| {
                let mut rest = free.clone();
                rest.remove(&s);
                graph.connected(&rest)
            })
            .collect();
        let fewest = removable.iter().map(|&s| degree(s, &free)).min()?;
        let firsts: Vec<SectorId> = removable
            .into_iter()
            .filter(|&s| degree(s, &free) == fewest)
            .collect();
        let first = *firsts.choose(rng)?;
        let mut group = vec![first];
        free.remove(&first);
        // The group grows through its free neighbours, each by chance, as long as what is left
        // stays in one piece (the seed's relaxed rule) and something is left for the start.
        let size = rng.random_range(1..=max_group);
        loop {
            if group.len() >= size || free.len() <= 1 {
                break;
            }
            let mut around: Vec<SectorId> = group
                .iter()
                .flat_map(|&g| graph.neighbours(g))
                .filter(|n| free.contains(n))
                .collect();
            around.sort_unstable();
            around.dedup();
            let fits: Vec<SectorId> = around
                .into_iter()
                .filter(|&n| {
                    let mut rest = free.clone();
                    rest.remove(&n);
                    graph.connected(&rest)
                })
                .collect();
            let Some(&next) = fits.choose(rng) else {
                break;
            };
            if !rng.random_bool(join) {
                break;
            }
            group.push(next);
            free.remove(&next);
        }
        groups.push(group);
    }
    groups.push(free.into_iter().collect());
    Some(groups)
}

/// Doors and windows along `run` (a straight junction), the seed's way: an opening near the
/// middle, then the parts before and after it, each one step further; step 1 a door, step 2 a
/// window three times in four, step 3 a window, step 4 a door, and round again from step 2.
fn openings(
    run: &[Spot],
    step: usize,
    secret: bool,
    locked: bool,
    rng: &mut GameRng,
    out: &mut Vec<Opening>,
) {
    if run.is_empty() {
        return;
    }
    let kind = if secret {
        OpeningKind::Secret
    } else {
        match step {
            1 => OpeningKind::Door,
            _ => match (step - 2) % 3 {
                0 if rng.random_bool(0.75) => OpeningKind::Window,
                0 => OpeningKind::Door,
                1 => OpeningKind::Window,
                _ => OpeningKind::Door,
            },
        }
    };
    // A locked door may be 2-3 cells wide (a heavy door; only a switch opens those).
    let widest = match kind {
        OpeningKind::Door if locked => 3,
        OpeningKind::Door | OpeningKind::Secret => 1,
        OpeningKind::Window => 2,
    };
    let width = rng.random_range(1..=widest.min(run.len()));
    let start = (run.len() - width) / 2;
    out.push(Opening {
        kind,
        spots: run[start..start + width].to_vec(),
    });
    if secret {
        return;
    }
    // Keep a wall cell between openings.
    let before = &run[..start.saturating_sub(1)];
    let after = &run[(start + width + 1).min(run.len())..];
    openings(before, step + 1, secret, locked, rng, out);
    openings(after, step + 1, secret, locked, rng, out);
}

#[allow(clippy::too_many_arguments)]
fn build(
    grid: &Grid,
    graph: &Graph,
    spots: &std::collections::BTreeMap<(SectorId, SectorId), Vec<Spot>>,
    floor: &[usize],
    secret: &[bool],
    groups: &[Vec<SectorId>],
    params: &VaultParams,
    rng: &mut GameRng,
) -> Option<VaultLevel> {
    let sectors = floor.len();
    let start_group = groups.len() - 1;
    // Script of each group: the first group made (the exit's) is 1; the start's is 0.
    let script_of_group = |g: usize| {
        if g == start_group {
            0
        } else {
            (g + 1) as Script
        }
    };
    let mut group_of = vec![usize::MAX; sectors];
    for (g, members) in groups.iter().enumerate() {
        for &s in members {
            group_of[s as usize] = g;
        }
    }
    let mut tiles: Vec<Tile> = grid
        .cells()
        .map(|(x, y, s)| match s {
            ROCK => Tile::Rock,
            _ if grid.is_floor(x as i32, y as i32) => Tile::Floor,
            _ => Tile::Wall,
        })
        .collect();
    let mut links = Vec::new();
    for &(a, b) in &graph.edges {
        let is_secret = secret[a as usize] || secret[b as usize];
        let lock = if is_secret {
            None
        } else {
            let (ga, gb) = (group_of[a as usize], group_of[b as usize]);
            (ga != gb).then(|| script_of_group(ga.min(gb)))
        };
        let run = longest_run(spots.get(&(a, b))?);
        let mut opened = Vec::new();
        openings(&run, 1, is_secret, lock.is_some(), rng, &mut opened);
        for opening in &opened {
            let tile = match opening.kind {
                OpeningKind::Door => Tile::Door(lock),
                OpeningKind::Window => Tile::Window,
                OpeningKind::Secret => Tile::SecretWall,
            };
            for spot in &opening.spots {
                for (x, y) in [spot.a, spot.b] {
                    tiles[y * grid.width + x] = tile;
                }
            }
        }
        let (from, to) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
        links.push(Link {
            from,
            to,
            lock,
            secret: is_secret,
            openings: opened,
        });
    }
    // Floor cells of each sector, for placing things.
    let mut floor_cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); sectors];
    for (x, y, s) in grid.cells() {
        if s != ROCK && tiles[y * grid.width + x] == Tile::Floor {
            floor_cells[s as usize].push((x, y));
        }
    }
    let mut used: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut place = |sector: SectorId, rng: &mut GameRng| -> Option<(usize, usize)> {
        let cells: Vec<_> = floor_cells[sector as usize]
            .iter()
            .copied()
            .filter(|c| !used.contains(c))
            .collect();
        let cell = *cells.choose(rng)?;
        used.insert(cell);
        Some(cell)
    };
    let start_sector = groups[start_group][0];
    let start = place(start_sector, rng)?;
    let exit = place(groups[0][0], rng)?;
    let mut openers = Vec::new();
    for g in 0..start_group {
        // The opener of group g's script lies in the next group towards the start.
        let sector = *groups[g + 1].choose(rng)?;
        openers.push(Opener {
            script: script_of_group(g),
            kind: OpenerKind::Switch,
            at: place(sector, rng)?,
            sector,
        });
    }
    // Keys: up to three scripts whose doors are all one cell wide (heavy doors need switches).
    let mut keyable: Vec<usize> = (0..openers.len())
        .filter(|&i| {
            let script = openers[i].script;
            links.iter().filter(|l| l.lock == Some(script)).all(|l| {
                l.openings
                    .iter()
                    .all(|o| o.kind != OpeningKind::Door || o.spots.len() == 1)
            })
        })
        .collect();
    keyable.shuffle(rng);
    let keys = rng.random_range(0..=params.max_keys.min(keyable.len()));
    for &i in &keyable[..keys] {
        openers[i].kind = OpenerKind::Key;
    }
    let infos = (0..sectors)
        .map(|s| SectorInfo {
            script: if secret[s] {
                0
            } else {
                script_of_group(group_of[s])
            },
            secret: secret[s],
            floor: floor[s],
        })
        .collect();
    let level = VaultLevel {
        grid: grid.clone(),
        tiles,
        sectors: infos,
        links,
        openers,
        start,
        exit,
        scripts: start_group as Script,
        tier: params.tier,
    };
    verify(&level).ok().then_some(level)
}

/// The map's sectors by group, for tests: which group each non-secret sector is in.
pub fn groups_of(level: &VaultLevel) -> HashMap<SectorId, Script> {
    level
        .sectors
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.secret)
        .map(|(i, s)| (i as SectorId, s.script))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn the_graph_is_a_spanning_tree_plus_the_restored_edges() {
        for seed in 0..40 {
            let mut rng = seeded(seed);
            let mut grid = growth(64, 64, &mut rng);
            enforce_3x3(&mut grid);
            let full = connect_and_keep_largest(&mut grid);
            let sectors = grid.compact();
            let mut tree = full.clone();
            let removed = spanning_tree(&mut tree, sectors, &mut rng);
            assert_eq!(tree.edges.len(), sectors - 1, "seed {seed}");
            assert_eq!(tree.edges.len() + removed.len(), full.edges.len());
            let all: BTreeSet<SectorId> = (0..sectors as SectorId).collect();
            assert!(tree.connected(&all));
            let mut restored = tree.clone();
            let back: Vec<_> = removed.iter().step_by(6).copied().collect();
            restored.edges.extend(back.iter().copied());
            let merged = merge_passages(&mut grid.clone(), &restored, &[]).expect("no merges");
            assert_eq!(merged.edges.len(), sectors - 1 + back.len(), "seed {seed}");
        }
    }

    #[test]
    fn levels_come_out_of_both_layouts() {
        for layout in [Layout::Bsp, Layout::Growth] {
            let params = VaultParams::new(64, layout);
            let mut made = 0;
            let mut tries = 0;
            for seed in 0..40 {
                let mut rng = seeded(seed);
                for _ in 0..20 {
                    tries += 1;
                    if let Some(level) = generate(&params, &mut rng) {
                        made += 1;
                        assert!(verify(&level).ok());
                        break;
                    }
                }
            }
            eprintln!("{layout:?}: {made}/40 seeds, {tries} tries");
            assert!(made >= 38, "{layout:?}: {made}/40");
        }
    }
}
