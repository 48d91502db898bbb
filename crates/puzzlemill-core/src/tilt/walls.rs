//! The seed's wall generator (seed 000, "Генератор"):
//!
//! 1. Random parameters say whether walls are painted one tile at a time or two, and for two, a
//!    random symmetry places the second tile: mirrored left-right or top-bottom, turned half way,
//!    or (on square boards) turned a quarter or mirrored on a diagonal.
//! 2. A random number of walls start at random points of the border and grow inwards. After the
//!    first segment a number between 0 and its length - 1 is drawn; 0 ends the wall, anything else
//!    is the next segment's length, drawn from a random point of the current segment at right
//!    angles to it. Segments shrink, so every wall ends.
//! 3. Inner walls: from a random tile, in a direction drawn first, tiles are collected while the
//!    tile and the 3x3 around it are free, then all placed at once (placing them one by one would
//!    spoil the 3x3 test for the next tile).
//! 4. Every free region but the largest is filled with wall.

use super::bits::{Bits, bit};
use crate::rng::GameRng;
use rand::RngExt;

/// How the second tile of a pair is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    /// One tile at a time.
    None,
    MirrorX,
    MirrorY,
    Half,
    Quarter,
    Diagonal,
}

/// A wall layout being drawn on a `width` x `height` board, border included.
struct Canvas {
    width: i32,
    height: i32,
    walls: Bits,
    symmetry: Symmetry,
}

impl Canvas {
    fn inner(&self, x: i32, y: i32) -> bool {
        x > 0 && y > 0 && x < self.width - 1 && y < self.height - 1
    }

    fn is_wall(&self, x: i32, y: i32) -> bool {
        !self.inner(x, y) || self.walls & bit(x as usize, y as usize) != 0
    }

    fn mirror(&self, x: i32, y: i32) -> Option<(i32, i32)> {
        let (w, h) = (self.width - 1, self.height - 1);
        match self.symmetry {
            Symmetry::None => None,
            Symmetry::MirrorX => Some((w - x, y)),
            Symmetry::MirrorY => Some((x, h - y)),
            Symmetry::Half => Some((w - x, h - y)),
            Symmetry::Quarter => Some((w - y, x)),
            Symmetry::Diagonal => Some((y, x)),
        }
    }

    fn paint(&mut self, x: i32, y: i32) {
        for (x, y) in std::iter::once((x, y)).chain(self.mirror(x, y)) {
            if self.inner(x, y) {
                self.walls |= bit(x as usize, y as usize);
            }
        }
    }
}

const STEPS: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// Draws the walls of a `width` x `height` board (border included, 5 to 8 a side). Returns the
/// wall cells inside the border (the border itself is always wall).
pub fn draw(width: usize, height: usize, rng: &mut GameRng) -> Bits {
    let square = width == height;
    let symmetry = if rng.random_bool(0.35) {
        Symmetry::None
    } else {
        let choices: &[Symmetry] = if square {
            &[
                Symmetry::MirrorX,
                Symmetry::MirrorY,
                Symmetry::Half,
                Symmetry::Quarter,
                Symmetry::Diagonal,
            ]
        } else {
            &[Symmetry::MirrorX, Symmetry::MirrorY, Symmetry::Half]
        };
        choices[rng.random_range(0..choices.len())]
    };
    let mut canvas = Canvas {
        width: width as i32,
        height: height as i32,
        walls: 0,
        symmetry,
    };
    let (iw, ih) = (width as i32 - 2, height as i32 - 2);
    for _ in 0..rng.random_range(1..=3) {
        border_wall(&mut canvas, iw, ih, rng);
    }
    for _ in 0..rng.random_range(0..=2) {
        inner_wall(&mut canvas, rng);
    }
    canvas.walls = keep_largest_region(&canvas);
    canvas.walls
}

fn border_wall(c: &mut Canvas, iw: i32, ih: i32, rng: &mut GameRng) {
    // A random border side; the wall starts on the first inner tile and grows inwards.
    let (mut x, mut y, mut dir, span) = match rng.random_range(0..4) {
        0 => (rng.random_range(1..=iw), 1, (0, 1), ih),
        1 => (rng.random_range(1..=iw), ih, (0, -1), ih),
        2 => (1, rng.random_range(1..=ih), (1, 0), iw),
        _ => (iw, rng.random_range(1..=ih), (-1, 0), iw),
    };
    if span < 2 {
        return;
    }
    let mut len = rng.random_range(1..span);
    loop {
        for i in 0..len {
            c.paint(x + dir.0 * i, y + dir.1 * i);
        }
        let next = rng.random_range(0..len);
        if next == 0 {
            return;
        }
        let k = rng.random_range(0..len);
        let (px, py) = (x + dir.0 * k, y + dir.1 * k);
        let turn = if rng.random_bool(0.5) {
            (dir.1, dir.0)
        } else {
            (-dir.1, -dir.0)
        };
        (x, y, dir, len) = (px + turn.0, py + turn.1, turn, next);
        if !c.inner(x, y) {
            return;
        }
    }
}

fn inner_wall(c: &mut Canvas, rng: &mut GameRng) {
    let mut x = rng.random_range(1..c.width - 1);
    let mut y = rng.random_range(1..c.height - 1);
    let (dx, dy) = STEPS[rng.random_range(0..4)];
    let mut collected = Vec::new();
    while c.inner(x, y) && (-1..=1).all(|i| (-1..=1).all(|j| !c.is_wall(x + i, y + j))) {
        collected.push((x, y));
        x += dx;
        y += dy;
    }
    for (x, y) in collected {
        c.paint(x, y);
    }
}

/// The walls with every free region but the largest filled in.
fn keep_largest_region(c: &Canvas) -> Bits {
    let mut region = [u8::MAX; 64];
    let mut sizes = Vec::new();
    for y in 1..c.height - 1 {
        for x in 1..c.width - 1 {
            let cell = (y * 8 + x) as usize;
            if c.is_wall(x, y) || region[cell] != u8::MAX {
                continue;
            }
            let id = sizes.len() as u8;
            let mut stack = vec![(x, y)];
            region[cell] = id;
            let mut size = 0;
            while let Some((x, y)) = stack.pop() {
                size += 1;
                for (dx, dy) in STEPS {
                    let (nx, ny) = (x + dx, y + dy);
                    let n = (ny * 8 + nx) as usize;
                    if !c.is_wall(nx, ny) && region[n] == u8::MAX {
                        region[n] = id;
                        stack.push((nx, ny));
                    }
                }
            }
            sizes.push(size);
        }
    }
    let largest = (0..sizes.len()).max_by_key(|&i| sizes[i]);
    let mut walls = c.walls;
    for y in 1..c.height - 1 {
        for x in 1..c.width - 1 {
            let r = region[(y * 8 + x) as usize];
            if r != u8::MAX && Some(r as usize) != largest {
                walls |= bit(x as usize, y as usize);
            }
        }
    }
    walls
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    fn free_cells(walls: Bits, w: usize, h: usize) -> Vec<(usize, usize)> {
        (1..h - 1)
            .flat_map(|y| (1..w - 1).map(move |x| (x, y)))
            .filter(|&(x, y)| walls & bit(x, y) == 0)
            .collect()
    }

    #[test]
    fn the_free_cells_form_one_region() {
        let mut rng = seeded(11);
        for _ in 0..300 {
            let walls = draw(8, 8, &mut rng);
            let free = free_cells(walls, 8, 8);
            assert!(!free.is_empty());
            let mut seen = vec![free[0]];
            let mut i = 0;
            while i < seen.len() {
                let (x, y) = seen[i];
                for (dx, dy) in STEPS {
                    let n = ((x as i32 + dx) as usize, (y as i32 + dy) as usize);
                    if free.contains(&n) && !seen.contains(&n) {
                        seen.push(n);
                    }
                }
                i += 1;
            }
            assert_eq!(seen.len(), free.len());
        }
    }

    #[test]
    fn walls_stay_inside_the_border_and_vary() {
        let mut rng = seeded(5);
        let layouts: Vec<Bits> = (0..50).map(|_| draw(7, 6, &mut rng)).collect();
        for &w in &layouts {
            for y in 0..8 {
                for x in 0..8 {
                    if x == 0 || y == 0 || x >= 6 || y >= 5 {
                        assert_eq!(w & bit(x, y), 0, "wall outside the inner area");
                    }
                }
            }
        }
        let distinct: std::collections::HashSet<_> = layouts.iter().collect();
        assert!(distinct.len() > 30);
    }
}
