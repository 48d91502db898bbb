//! The path walker, as Spelunky's: the map is 8x8 rooms; the walker starts in a random room of
//! the top row and rolls a die each step: the top face goes down, the lower faces left and the
//! rest right (1-5: 1-2 left, 3-4 right, 5 down; a 1-7 die winds more, a 1-3 die less). Once it
//! heads left or right it keeps that heading along the row, so it never walks back over a room;
//! at the map's side it drops instead. A room it leaves downwards becomes type 2 (left, right,
//! bottom) and the room below type 3 (left, right, top); a type 2 entered from above keeps its top
//! opening. A drop from the bottom row places the exit. Rooms off the path are type 0.

use crate::rng::GameRng;
use rand::RngExt;

/// Rooms per side of the map.
pub const PATH_SIDE: usize = 8;

/// One room of the map: its type and whether it also opens upwards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Room {
    /// 0 off the path, 1 left-right, 2 left-right-bottom, 3 left-right-top.
    pub kind: u8,
    /// A type 2 room entered from above: it opens at the top as well.
    pub top: bool,
}

impl Room {
    /// Whether the room opens at the top.
    pub fn opens_up(self) -> bool {
        self.kind == 3 || self.top
    }

    /// Whether the room opens at the bottom.
    pub fn opens_down(self) -> bool {
        self.kind == 2
    }
}

/// A walked map of rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomPath {
    /// Rooms by row, then column.
    pub rooms: [[Room; PATH_SIDE]; PATH_SIDE],
    /// The rooms in walking order as (column, row): the first holds the entrance, the last the
    /// exit.
    pub walk: Vec<(usize, usize)>,
}

impl RoomPath {
    /// The room at column `x`, row `y`.
    pub fn room(&self, x: usize, y: usize) -> Room {
        self.rooms[y][x]
    }

    /// The entrance room (top row).
    pub fn entrance(&self) -> (usize, usize) {
        self.walk[0]
    }

    /// The exit room (bottom row).
    pub fn exit(&self) -> (usize, usize) {
        *self.walk.last().expect("a walk has rooms")
    }
}

/// Walks a path with a die of `faces` faces (at least 3; 5 is Spelunky's).
pub fn walk(faces: u32, rng: &mut GameRng) -> RoomPath {
    let faces = faces.max(3);
    let lefts = (faces - 1) / 2;
    let mut rooms = [[Room::default(); PATH_SIDE]; PATH_SIDE];
    let (mut x, mut y) = (rng.random_range(0..PATH_SIDE), 0);
    rooms[y][x].kind = 1;
    let mut walk = vec![(x, y)];
    let mut heading: Option<bool> = None; // Some(true) = right
    loop {
        let roll = rng.random_range(1..=faces);
        let sideways = match (roll, heading) {
            (r, _) if r == faces => None,
            (_, Some(right)) => Some(right),
            (r, None) => Some(r > lefts),
        };
        let next_x = sideways.and_then(|right| {
            let nx = if right { x + 1 } else { x.checked_sub(1)? };
            (nx < PATH_SIDE).then_some(nx)
        });
        match next_x {
            Some(nx) => {
                heading = sideways;
                x = nx;
                rooms[y][x].kind = 1;
            }
            None => {
                // Down: this room opens at the bottom; a drop from the last row is the exit.
                if y + 1 == PATH_SIDE {
                    break;
                }
                let entered_from_above = rooms[y][x].kind == 3;
                rooms[y][x] = Room {
                    kind: 2,
                    top: entered_from_above,
                };
                y += 1;
                rooms[y][x].kind = 3;
                heading = None;
            }
        }
        walk.push((x, y));
    }
    RoomPath { rooms, walk }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn the_path_runs_from_the_top_row_to_an_exit_in_the_bottom_row() {
        for seed in 0..500 {
            for faces in [3, 5, 7] {
                let p = walk(faces, &mut seeded(seed));
                assert_eq!(p.entrance().1, 0, "seed {seed}");
                assert_eq!(p.exit().1, PATH_SIDE - 1, "seed {seed}");
                for pair in p.walk.windows(2) {
                    let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
                    let step = ax.abs_diff(bx) + ay.abs_diff(by);
                    assert_eq!(step, 1, "seed {seed}: {pair:?} are not neighbours");
                    assert!(by >= ay, "seed {seed}: the walk never climbs");
                }
                let mut on_path = p.walk.clone();
                on_path.sort_unstable();
                on_path.dedup();
                assert_eq!(on_path.len(), p.walk.len(), "seed {seed}: no room twice");
            }
        }
    }

    #[test]
    fn room_types_agree_with_their_neighbours() {
        for seed in 0..500 {
            let p = walk(5, &mut seeded(seed));
            for y in 0..PATH_SIDE {
                for x in 0..PATH_SIDE {
                    let room = p.room(x, y);
                    let on_path = p.walk.contains(&(x, y));
                    assert_eq!(room.kind != 0, on_path, "seed {seed}: ({x}, {y})");
                    if room.opens_down() {
                        assert!(p.room(x, y + 1).opens_up(), "seed {seed}: ({x}, {y}) drops");
                    }
                    if room.opens_up() {
                        assert!(
                            y > 0 && p.room(x, y - 1).opens_down(),
                            "seed {seed}: ({x}, {y})"
                        );
                    }
                    if room.top {
                        assert_eq!(room.kind, 2, "only a type 2 carries an extra top");
                    }
                }
            }
            // Every drop but the exit's goes through a type 2 above a type 3 or a topped 2.
            for pair in p.walk.windows(2) {
                let ((ax, ay), (_, by)) = (pair[0], pair[1]);
                if by > ay {
                    assert!(p.room(ax, ay).opens_down());
                }
            }
        }
    }

    #[test]
    fn a_bigger_die_winds_more() {
        let mean_len = |faces| {
            (0..300)
                .map(|s| walk(faces, &mut seeded(s)).walk.len())
                .sum::<usize>() as f64
                / 300.0
        };
        let (straight, spelunky, winding) = (mean_len(3), mean_len(5), mean_len(7));
        assert!(
            straight < spelunky && spelunky < winding,
            "{straight} {spelunky} {winding}"
        );
    }

    #[test]
    fn same_seed_same_path() {
        assert_eq!(walk(5, &mut seeded(11)), walk(5, &mut seeded(11)));
    }
}
