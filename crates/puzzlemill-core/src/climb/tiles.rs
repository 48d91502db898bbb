//! A Climb level: a 128x128 grid of blocks (y grows downwards), the entrance and exit doors and
//! the gems.

use crate::tier::Tier;
use std::fmt;

/// Blocks per side of the map (8 rooms of 16).
pub const MAP_SIDE: usize = 128;
/// Blocks per side of a room.
pub const ROOM_SIDE: usize = 16;

/// What one block of the map is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Open space.
    #[default]
    Air,
    /// Earth: the player stands on it and cannot pass it.
    Solid,
    /// Spikes on the floor: touching their lower half sends the player back.
    Spikes,
}

/// A block position on the map (column, row).
pub type Cell = (u16, u16);

/// A generated level.
#[derive(Clone, PartialEq, Eq)]
pub struct ClimbLevel {
    tiles: Vec<Tile>,
    /// Where the player starts (the block the player stands in).
    pub entrance: Cell,
    /// The exit door's block.
    pub exit: Cell,
    /// Gems to collect, each on a block the player can reach.
    pub gems: Vec<Cell>,
    /// The tier whose parameters made it.
    pub tier: Tier,
}

impl fmt::Debug for ClimbLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClimbLevel")
            .field("entrance", &self.entrance)
            .field("exit", &self.exit)
            .field("gems", &self.gems.len())
            .field("tier", &self.tier)
            .field(
                "solid",
                &self.tiles.iter().filter(|t| **t == Tile::Solid).count(),
            )
            .finish()
    }
}

impl ClimbLevel {
    /// A map of solid earth with the doors at the origin (the builder fills it in).
    pub fn solid() -> Self {
        Self {
            tiles: vec![Tile::Solid; MAP_SIDE * MAP_SIDE],
            entrance: (0, 0),
            exit: (0, 0),
            gems: Vec::new(),
            tier: Tier::Easy,
        }
    }

    /// The block at column `x`, row `y`; outside the map everything is solid.
    pub fn tile(&self, x: i32, y: i32) -> Tile {
        if (0..MAP_SIDE as i32).contains(&x) && (0..MAP_SIDE as i32).contains(&y) {
            self.tiles[y as usize * MAP_SIDE + x as usize]
        } else {
            Tile::Solid
        }
    }

    /// Sets the block at (`x`, `y`), which must be on the map.
    pub fn set(&mut self, x: usize, y: usize, tile: Tile) {
        self.tiles[y * MAP_SIDE + x] = tile;
    }

    /// Whether the block at (`x`, `y`) stops the player.
    pub fn is_solid(&self, x: i32, y: i32) -> bool {
        self.tile(x, y) == Tile::Solid
    }

    /// Whether the player may pass through the whole block safely (air, on the map).
    pub fn is_clear(&self, x: i32, y: i32) -> bool {
        self.tile(x, y) == Tile::Air
    }

    /// Whether the player can stand in the block: clear, with solid ground below.
    pub fn is_standing_place(&self, x: i32, y: i32) -> bool {
        self.is_clear(x, y) && self.is_solid(x, y + 1)
    }

    /// Makes the map's outer frame solid so the player never leaves it.
    pub fn close_border(&mut self) {
        let last = MAP_SIDE - 1;
        for i in 0..MAP_SIDE {
            for (x, y) in [(i, 0), (i, last), (0, i), (last, i)] {
                self.set(x, y, Tile::Solid);
            }
        }
    }

    /// The map as text, a row per line: `#` earth, `.` air, `^` spikes, `S` entrance, `E` exit,
    /// `*` a gem.
    pub fn to_rows(&self) -> Vec<String> {
        (0..MAP_SIDE)
            .map(|y| {
                (0..MAP_SIDE)
                    .map(|x| {
                        let cell = (x as u16, y as u16);
                        match self.tile(x as i32, y as i32) {
                            _ if cell == self.entrance => 'S',
                            _ if cell == self.exit => 'E',
                            _ if self.gems.contains(&cell) => '*',
                            Tile::Solid => '#',
                            Tile::Air => '.',
                            Tile::Spikes => '^',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Every block by row, then column.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_the_map_is_solid_and_standing_needs_ground() {
        let mut level = ClimbLevel::solid();
        level.set(5, 5, Tile::Air);
        level.set(5, 4, Tile::Air);
        assert!(level.is_solid(-1, 3) && level.is_solid(3, MAP_SIDE as i32));
        assert!(level.is_standing_place(5, 5));
        assert!(!level.is_standing_place(5, 4), "air below");
        level.set(5, 5, Tile::Spikes);
        assert!(!level.is_standing_place(5, 5) && !level.is_clear(5, 5));
    }
}
