//! The cell grid every generation step works on: each cell belongs to one sector or to none
//! (solid rock). A sector's cells include its walls: a cell is floor when its whole 3x3
//! neighbourhood belongs to its sector, so every sector needs at least one 3x3 block (the seed's
//! 3x3 rule: a wall on each side and one free cell).

/// A sector's number.
pub type SectorId = u16;
/// No sector: rock.
pub const ROCK: SectorId = SectorId::MAX;

/// A grid of sector numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
    cells: Vec<SectorId>,
}

impl Grid {
    /// A grid of rock.
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            cells: vec![ROCK; width * height],
        }
    }

    /// The sector at (`x`, `y`); rock outside the grid.
    pub fn get(&self, x: i32, y: i32) -> SectorId {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return ROCK;
        }
        self.cells[y as usize * self.width + x as usize]
    }

    /// Sets the sector at (`x`, `y`), which must be on the grid.
    pub fn set(&mut self, x: usize, y: usize, sector: SectorId) {
        self.cells[y * self.width + x] = sector;
    }

    /// Every cell as (x, y, sector).
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, SectorId)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, s)| (i % self.width, i / self.width, *s))
    }

    /// Whether some 3x3 block of `sector` covers (`x`, `y`) (the cell may be `sector` or would be).
    pub fn covered(&self, x: i32, y: i32, sector: SectorId) -> bool {
        (-2..=0).any(|ox| {
            (-2..=0).any(|oy| {
                (0..3).all(|dx| {
                    (0..3).all(|dy| {
                        let (cx, cy) = (x + ox + dx, y + oy + dy);
                        (cx, cy) == (x, y) || self.get(cx, cy) == sector
                    })
                })
            })
        })
    }

    /// Whether (`x`, `y`) is floor: its 3x3 neighbourhood is all one sector.
    pub fn is_floor(&self, x: i32, y: i32) -> bool {
        let s = self.get(x, y);
        s != ROCK && (-1..=1).all(|dx| (-1..=1).all(|dy| self.get(x + dx, y + dy) == s))
    }

    /// Renumbers sectors to 0.. in reading order of first appearance; returns how many there are.
    pub fn compact(&mut self) -> usize {
        self.compact_map().len()
    }

    /// [`Grid::compact`], returning each old number's new one.
    pub fn compact_map(&mut self) -> std::collections::HashMap<SectorId, SectorId> {
        let mut map = std::collections::HashMap::new();
        for cell in &mut self.cells {
            if *cell != ROCK {
                let next = map.len() as SectorId;
                *cell = *map.entry(*cell).or_insert(next);
            }
        }
        map
    }

    /// Gives every separate (4-connected) piece of a sector for which `split` holds its own
    /// number: the first piece in reading order keeps it, later ones get unused numbers.
    /// Compact afterwards.
    pub fn split_pieces(&mut self, split: impl Fn(SectorId) -> bool) {
        let (w, h) = (self.width, self.height);
        let mut seen = vec![false; w * h];
        let mut next = ROCK - 1;
        let mut kept = std::collections::HashSet::new();
        for y in 0..h {
            for x in 0..w {
                let s = self.get(x as i32, y as i32);
                if s == ROCK || seen[y * w + x] || !split(s) {
                    continue;
                }
                let id = if kept.insert(s) {
                    s
                } else {
                    next -= 1;
                    next
                };
                let mut stack = vec![(x, y)];
                seen[y * w + x] = true;
                while let Some((cx, cy)) = stack.pop() {
                    self.set(cx, cy, id);
                    for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                        let (nx, ny) = (cx as i32 + dx, cy as i32 + dy);
                        if self.get(nx, ny) == s && !seen[ny as usize * w + nx as usize] {
                            seen[ny as usize * w + nx as usize] = true;
                            stack.push((nx as usize, ny as usize));
                        }
                    }
                }
            }
        }
    }

    /// Replaces every cell of sector `from` by `to`.
    pub fn replace(&mut self, from: SectorId, to: SectorId) {
        for cell in &mut self.cells {
            if *cell == from {
                *cell = to;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_needs_a_whole_neighbourhood_and_cover_a_block() {
        let mut g = Grid::new(5, 5);
        for y in 0..3 {
            for x in 0..3 {
                g.set(x, y, 1);
            }
        }
        assert!(g.is_floor(1, 1));
        assert!(!g.is_floor(0, 0), "a wall cell");
        assert!(g.covered(2, 2, 1));
        assert!(!g.covered(3, 3, 1), "no 3x3 block of 1 reaches (3, 3)");
        assert_eq!(g.get(-1, 0), ROCK);
        g.set(4, 4, 7);
        assert_eq!(g.compact(), 2);
        assert_eq!(g.get(4, 4), 1);
    }
}
