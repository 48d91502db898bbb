//! Builds a Climb level, after seed 003: walk the room path, fill every room from a template of
//! its type (mirrored at random, `8`/`9` earth by chance, `7` areas from sub-templates), close
//! the map's frame, put the doors on door spots of the first and last rooms, then prove the exit
//! can be reached ([`super::reach`]). Where it cannot, the room where the search got stuck is
//! filled again with another draw (with the room before it on the path); after
//! [`ClimbParams::repairs`] failed repairs the level is given up and the caller walks a new one.
//! Spikes then go on floor places by the tier's hazard density, never on a block the found route
//! needs clear, and the finished level is searched again. Gems go on places from which the exit
//! can still be reached.

use super::path::{PATH_SIDE, Room, RoomPath, walk};
use super::reach::{Reach, Step, needs_clear, search};
use super::templates::{BLOCK_HEIGHT, BLOCK_WIDTH, Grid, Openings, RoomSet, block_areas, mirrored};
use super::tiles::{Cell, ClimbLevel, MAP_SIDE, ROOM_SIDE, Tile};
use crate::rng::GameRng;
use crate::tier::Tier;
use rand::RngExt;
use rand::seq::IndexedRandom;

/// What shapes a Climb level.
#[derive(Clone, Debug, PartialEq)]
pub struct ClimbParams {
    /// The tier (also the hardest templates used).
    pub tier: Tier,
    /// Faces of the path walker's die: more winds more.
    pub faces: u32,
    /// Chance that a floor place in a room gets spikes.
    pub spikes: f64,
    /// Gems to scatter.
    pub gems: usize,
    /// Rooms re-filled before the level is given up.
    pub repairs: u32,
}

impl ClimbParams {
    /// The defaults for `tier`: from a straight path with no spikes to a winding one with many.
    pub fn for_tier(tier: Tier) -> Self {
        let (faces, spikes, gems) = match tier {
            Tier::Easy => (3, 0.0, 8),
            Tier::Medium => (5, 0.03, 10),
            Tier::Hard => (6, 0.05, 12),
            Tier::Expert => (7, 0.08, 15),
        };
        Self {
            tier,
            faces,
            spikes,
            gems,
            repairs: 6,
        }
    }
}

/// A level and how much repair it needed.
#[derive(Clone, Debug)]
pub struct Built {
    /// The verified level.
    pub level: ClimbLevel,
    /// Rooms re-filled to make the exit reachable.
    pub repairs: u32,
    /// Standing places the search reached.
    pub reached: usize,
}

/// Which blocks of a template's `grid` are earth: `7` areas stamped with a random sub-template
/// (mirrored at random), `8` and `9` drawn, in reading order.
pub fn fill_grid(set: &RoomSet, grid: &Grid, rng: &mut GameRng) -> [[bool; ROOM_SIDE]; ROOM_SIDE] {
    let mut grid = *grid;
    for (c, r) in block_areas(&grid) {
        let block = set.blocks.choose(rng).expect("sub-templates exist");
        let flip = rng.random_bool(0.5);
        for (dr, row) in block.iter().enumerate().take(BLOCK_HEIGHT) {
            for dc in 0..BLOCK_WIDTH {
                let from = if flip { BLOCK_WIDTH - 1 - dc } else { dc };
                grid[r + dr][c + dc] = row[from];
            }
        }
    }
    let mut solid = [[false; ROOM_SIDE]; ROOM_SIDE];
    for (r, row) in grid.iter().enumerate() {
        for (c, code) in row.iter().enumerate() {
            solid[r][c] = match code {
                b'1' => true,
                b'8' => rng.random_bool(0.75),
                b'9' => rng.random_bool(0.5),
                _ => false,
            };
        }
    }
    solid
}

/// One room's place on the map, in rooms.
type RoomAt = (usize, usize);

struct Builder<'a> {
    set: &'a RoomSet,
    params: &'a ClimbParams,
    path: RoomPath,
    level: ClimbLevel,
    /// Door spots per room (row-major).
    doors: Vec<Vec<Cell>>,
}

/// Builds one level, or `None` when repairs ran out (call again for a new walk).
pub fn generate(params: &ClimbParams, rng: &mut GameRng) -> Option<Built> {
    generate_with(RoomSet::builtin(), params, rng)
}

/// [`generate`] with another template set.
pub fn generate_with(set: &RoomSet, params: &ClimbParams, rng: &mut GameRng) -> Option<Built> {
    let mut b = Builder {
        set,
        params,
        path: walk(params.faces, rng),
        level: ClimbLevel::solid(),
        doors: vec![Vec::new(); PATH_SIDE * PATH_SIDE],
    };
    for y in 0..PATH_SIDE {
        for x in 0..PATH_SIDE {
            b.fill_room((x, y), rng);
        }
    }
    b.level.close_border();
    b.level.tier = params.tier;
    let mut repairs = 0;
    loop {
        let doors = b.place_doors(rng);
        if let Some((entrance, exit)) = doors {
            b.level.entrance = entrance;
            b.level.exit = exit;
            let reach = search(&b.level, entrance, exit, false);
            if reach.found_exit {
                let route = reach.route_to(exit).expect("the exit was found");
                b.scatter_spikes(&route, rng);
                let mut checked = search(&b.level, entrance, exit, false);
                if !checked.found_exit {
                    // Cannot happen (the route's blocks stay clear), but never hand out a
                    // level the search did not pass.
                    b.clear_spikes();
                    checked = search(&b.level, entrance, exit, false);
                    repairs += 1;
                }
                if checked.found_exit {
                    b.scatter_gems(&checked, rng);
                    let reached = checked.order.len();
                    return Some(Built {
                        level: b.level,
                        repairs,
                        reached,
                    });
                }
            }
            if repairs >= params.repairs {
                return None;
            }
            for room in b.blocking_rooms(&reach) {
                b.fill_room(room, rng);
            }
        } else {
            if repairs >= params.repairs {
                return None;
            }
            b.fill_room(b.path.entrance(), rng);
            b.fill_room(b.path.exit(), rng);
        }
        b.level.close_border();
        repairs += 1;
    }
}

impl Builder<'_> {
    /// Fills room `at` from a random template for its type (spikes come later, off the route).
    fn fill_room(&mut self, at: RoomAt, rng: &mut GameRng) {
        let room: Room = self.path.room(at.0, at.1);
        let need = Openings::promised(room.kind, room.top);
        let choices: Vec<_> = self
            .set
            .choices(room.kind, need, self.params.tier)
            .collect();
        let template = choices
            .choose(rng)
            .expect("every type has an Easy template with its openings");
        let grid = if rng.random_bool(0.5) {
            mirrored(&template.grid)
        } else {
            template.grid
        };
        let solid = fill_grid(self.set, &grid, rng);
        let (ox, oy) = (at.0 * ROOM_SIDE, at.1 * ROOM_SIDE);
        let doors = &mut self.doors[at.1 * PATH_SIDE + at.0];
        doors.clear();
        for (r, row) in grid.iter().enumerate() {
            for (c, code) in row.iter().enumerate() {
                if *code == b'D' {
                    doors.push(((ox + c) as u16, (oy + r) as u16));
                }
                let tile = if solid[r][c] { Tile::Solid } else { Tile::Air };
                self.level.set(ox + c, oy + r, tile);
            }
        }
    }

    /// Spikes on floor places of the path's rooms (not the first), by the tier's density, but
    /// never on a block the search's route needs clear: the way it found stays open, and a
    /// sloppy jump beside it is punished.
    fn scatter_spikes(&mut self, route: &[(Cell, Step)], rng: &mut GameRng) {
        if self.params.spikes <= 0.0 {
            return;
        }
        let mut keep = vec![false; MAP_SIDE * MAP_SIDE];
        for &(from, step) in route {
            needs_clear(&self.level, from, step, |x, y| {
                if let Ok(i) = usize::try_from(y * MAP_SIDE as i32 + x) {
                    keep[i] = true;
                }
            });
        }
        let doors: Vec<Cell> = self.doors.iter().flatten().copied().collect();
        for &(rx, ry) in self.path.walk.iter().skip(1) {
            let (ox, oy) = (rx * ROOM_SIDE, ry * ROOM_SIDE);
            for y in oy..oy + ROOM_SIDE {
                for x in ox..ox + ROOM_SIDE {
                    let (xi, yi) = (x as i32, y as i32);
                    let floor =
                        self.level.is_standing_place(xi, yi) && self.level.is_clear(xi, yi - 1);
                    if floor
                        && !keep[y * MAP_SIDE + x]
                        && !doors.contains(&(x as u16, y as u16))
                        && rng.random_bool(self.params.spikes)
                    {
                        self.level.set(x, y, Tile::Spikes);
                    }
                }
            }
        }
    }

    /// Takes every spike away.
    fn clear_spikes(&mut self) {
        for y in 0..MAP_SIDE {
            for x in 0..MAP_SIDE {
                if self.level.tile(x as i32, y as i32) == Tile::Spikes {
                    self.level.set(x, y, Tile::Air);
                }
            }
        }
    }

    /// A door spot in the first and the last room of the path that the frame left open.
    fn place_doors(&self, rng: &mut GameRng) -> Option<(Cell, Cell)> {
        let spot = |at: RoomAt, rng: &mut GameRng| {
            let open: Vec<Cell> = self.doors[at.1 * PATH_SIDE + at.0]
                .iter()
                .copied()
                .filter(|&(x, y)| self.level.is_standing_place(i32::from(x), i32::from(y)))
                .collect();
            open.choose(rng).copied()
        };
        let entrance = spot(self.path.entrance(), rng)?;
        let exit = spot(self.path.exit(), rng)?;
        Some((entrance, exit))
    }

    /// Where the search got stuck: the first room along the path it never reached, and the room
    /// before it; the last room when every room was reached but not the exit.
    fn blocking_rooms(&self, reach: &Reach) -> Vec<RoomAt> {
        let mut seen = [[false; PATH_SIDE]; PATH_SIDE];
        for &(x, y) in &reach.order {
            seen[usize::from(y) / ROOM_SIDE][usize::from(x) / ROOM_SIDE] = true;
        }
        let walk = &self.path.walk;
        match walk.iter().position(|&(x, y)| !seen[y][x]) {
            Some(0) | None => vec![*walk.last().expect("a walk has rooms")],
            Some(i) => vec![walk[i - 1], walk[i]],
        }
    }

    /// Gems on distinct places (not the doors' own) from which the exit can be reached, none
    /// within two blocks of another.
    fn scatter_gems(&mut self, reach: &Reach, rng: &mut GameRng) {
        let (entrance, exit) = (self.level.entrance, self.level.exit);
        let mut places: Vec<Cell> = reach
            .safe_places(exit)
            .into_iter()
            .filter(|&c| c != entrance && c != exit)
            .collect();
        places.sort_unstable();
        let mut gems = Vec::with_capacity(self.params.gems);
        while gems.len() < self.params.gems && !places.is_empty() {
            let i = rng.random_range(0..places.len());
            let gem = places.swap_remove(i);
            // Keep gems apart: none within two blocks of another.
            places.retain(|&(x, y)| x.abs_diff(gem.0) > 2 || y.abs_diff(gem.1) > 2);
            gems.push(gem);
        }
        gems.sort_unstable();
        self.level.gems = gems;
    }
}
