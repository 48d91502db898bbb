//! The sector graph, after the seed: sectors that touch where a passage can be opened are
//! connected both ways; every sub-graph but the one with the largest area (by bounding box) is
//! dropped; random edges are removed, one at a time and never one that would split the graph,
//! until a spanning tree is left; then some removed edges come back and some become passages that
//! merge their two sectors into one.

use super::grid::{Grid, ROCK, SectorId};
use crate::rng::GameRng;
use rand::RngExt;
use std::collections::{BTreeMap, BTreeSet};

/// One place where two sectors can be joined: a wall cell of each, side by side across their
/// boundary, with floor beyond both (so opening the two cells makes a way through).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot {
    /// The wall cell on the lower-numbered sector's side.
    pub a: (usize, usize),
    /// The wall cell on the other side.
    pub b: (usize, usize),
}

impl Spot {
    /// Whether the boundary here runs up and down (the two cells side by side across).
    pub fn vertical(&self) -> bool {
        self.a.1 == self.b.1
    }
}

/// Every pair of touching sectors (lower number first) with the spots between them, in reading
/// order.
pub fn junctions(grid: &Grid) -> BTreeMap<(SectorId, SectorId), Vec<Spot>> {
    let mut out: BTreeMap<(SectorId, SectorId), Vec<Spot>> = BTreeMap::new();
    for (x, y, s) in grid.cells() {
        if s == ROCK {
            continue;
        }
        let (xi, yi) = (x as i32, y as i32);
        for (dx, dy) in [(1, 0), (0, 1)] {
            let t = grid.get(xi + dx, yi + dy);
            if t == ROCK || t == s {
                continue;
            }
            let before = grid.is_floor(xi - dx, yi - dy) && grid.get(xi - dx, yi - dy) == s;
            let after =
                grid.is_floor(xi + 2 * dx, yi + 2 * dy) && grid.get(xi + 2 * dx, yi + 2 * dy) == t;
            if before && after {
                let here = (x, y);
                let there = ((xi + dx) as usize, (yi + dy) as usize);
                let (key, spot) = if s < t {
                    ((s, t), Spot { a: here, b: there })
                } else {
                    ((t, s), Spot { a: there, b: here })
                };
                out.entry(key).or_default().push(spot);
            }
        }
    }
    out
}

/// The longest straight run of neighbouring spots (the junction a passage is laid along).
pub fn longest_run(spots: &[Spot]) -> Vec<Spot> {
    let mut sorted = spots.to_vec();
    // Along the run: by column for a boundary running up and down, by row for one across.
    sorted.sort_by_key(|s| {
        if s.vertical() {
            (0, s.a.0, s.a.1)
        } else {
            (1, s.a.1, s.a.0)
        }
    });
    let mut best: Vec<Spot> = Vec::new();
    let mut run: Vec<Spot> = Vec::new();
    for spot in sorted {
        let continues = run.last().is_some_and(|last: &Spot| {
            last.vertical() == spot.vertical()
                && if spot.vertical() {
                    last.a.0 == spot.a.0 && last.a.1 + 1 == spot.a.1
                } else {
                    last.a.1 == spot.a.1 && last.a.0 + 1 == spot.a.0
                }
        });
        if !continues {
            run.clear();
        }
        run.push(spot);
        if run.len() > best.len() {
            best = run.clone();
        }
    }
    best
}

/// An undirected graph of sectors.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// Edges, lower number first.
    pub edges: BTreeSet<(SectorId, SectorId)>,
}

impl Graph {
    /// The neighbours of `s`.
    pub fn neighbours(&self, s: SectorId) -> impl Iterator<Item = SectorId> + '_ {
        self.edges.iter().filter_map(move |&(a, b)| {
            if a == s {
                Some(b)
            } else if b == s {
                Some(a)
            } else {
                None
            }
        })
    }

    /// The sectors reachable from `from` among `within`.
    pub fn component(&self, from: SectorId, within: &BTreeSet<SectorId>) -> BTreeSet<SectorId> {
        let mut seen = BTreeSet::from([from]);
        let mut stack = vec![from];
        while let Some(s) = stack.pop() {
            for n in self.neighbours(s) {
                if within.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// Whether `within` is one connected piece.
    pub fn connected(&self, within: &BTreeSet<SectorId>) -> bool {
        within
            .first()
            .is_none_or(|&first| self.component(first, within).len() == within.len())
    }
}

/// Sectors' cell counts and bounding boxes.
pub fn areas(grid: &Grid, sectors: usize) -> (Vec<usize>, Vec<usize>) {
    let mut cells = vec![0; sectors];
    let mut bounds = vec![(usize::MAX, usize::MAX, 0, 0); sectors];
    for (x, y, s) in grid.cells() {
        if s == ROCK {
            continue;
        }
        let i = s as usize;
        cells[i] += 1;
        let b = &mut bounds[i];
        *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
    }
    let boxes = bounds
        .iter()
        .map(|&(l, t, r, b)| if l > r { 0 } else { (r - l + 1) * (b - t + 1) })
        .collect();
    (cells, boxes)
}

/// Connects touching sectors and keeps the sub-graph with the largest bounding-box area; the
/// rest of the map becomes rock. Returns the graph over the renumbered sectors.
pub fn connect_and_keep_largest(grid: &mut Grid) -> Graph {
    let sectors = grid.compact();
    let graph = Graph {
        edges: junctions(grid).into_keys().collect(),
    };
    let all: BTreeSet<SectorId> = (0..sectors as SectorId).collect();
    let (_, boxes) = areas(grid, sectors);
    let mut best: BTreeSet<SectorId> = BTreeSet::new();
    let mut best_area = 0;
    let mut left = all.clone();
    while let Some(&first) = left.first() {
        let piece = graph.component(first, &all);
        let area: usize = piece.iter().map(|&s| boxes[s as usize]).sum();
        if area > best_area {
            (best, best_area) = (piece.clone(), area);
        }
        left.retain(|s| !piece.contains(s));
    }
    for (x, y, s) in grid.cells().collect::<Vec<_>>() {
        if s != ROCK && !best.contains(&s) {
            grid.set(x, y, ROCK);
        }
    }
    grid.compact();
    Graph {
        edges: junctions(grid).into_keys().collect(),
    }
}

/// The edges whose removal would split the graph (Tarjan's low-link search).
fn bridges(graph: &Graph, sectors: usize) -> BTreeSet<(SectorId, SectorId)> {
    let mut adjacency = vec![Vec::new(); sectors];
    for &(a, b) in &graph.edges {
        adjacency[a as usize].push(b as usize);
        adjacency[b as usize].push(a as usize);
    }
    let mut order = vec![usize::MAX; sectors];
    let mut low = vec![0; sectors];
    let mut out = BTreeSet::new();
    let mut counter = 0;
    fn visit(
        v: usize,
        parent: usize,
        adjacency: &[Vec<usize>],
        order: &mut [usize],
        low: &mut [usize],
        counter: &mut usize,
        out: &mut BTreeSet<(SectorId, SectorId)>,
    ) {
        order[v] = *counter;
        low[v] = *counter;
        *counter += 1;
        for &w in &adjacency[v] {
            if w == parent {
                continue;
            }
            if order[w] == usize::MAX {
                visit(w, v, adjacency, order, low, counter, out);
                low[v] = low[v].min(low[w]);
                if low[w] > order[v] {
                    out.insert((v.min(w) as SectorId, v.max(w) as SectorId));
                }
            } else {
                low[v] = low[v].min(order[w]);
            }
        }
    }
    for v in 0..sectors {
        if order[v] == usize::MAX {
            visit(
                v,
                usize::MAX,
                &adjacency,
                &mut order,
                &mut low,
                &mut counter,
                &mut out,
            );
        }
    }
    out
}

/// Removes random edges that keep the graph connected until it is a tree; returns the removed
/// edges in the order they went.
pub fn spanning_tree(
    graph: &mut Graph,
    sectors: usize,
    rng: &mut GameRng,
) -> Vec<(SectorId, SectorId)> {
    let mut removed = Vec::new();
    loop {
        let keep = bridges(graph, sectors);
        let candidates: Vec<_> = graph.edges.difference(&keep).copied().collect();
        if candidates.is_empty() {
            return removed;
        }
        let edge = candidates[rng.random_range(0..candidates.len())];
        graph.edges.remove(&edge);
        removed.push(edge);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use crate::vault::{bsp::bsp, cleanup::enforce_3x3};

    #[test]
    fn the_kept_graph_is_connected_and_its_tree_spans_it() {
        for seed in 0..40 {
            let mut grid = bsp(64, 64, &mut seeded(seed));
            enforce_3x3(&mut grid);
            let mut graph = connect_and_keep_largest(&mut grid);
            let sectors = grid.compact();
            let all: BTreeSet<SectorId> = (0..sectors as SectorId).collect();
            assert!(graph.connected(&all), "seed {seed}");
            let removed = spanning_tree(&mut graph, sectors, &mut seeded(seed));
            assert!(graph.connected(&all), "seed {seed}: still connected");
            assert_eq!(graph.edges.len(), sectors - 1, "seed {seed}: a tree");
            assert!(removed.iter().all(|e| !graph.edges.contains(e)));
        }
    }
}
