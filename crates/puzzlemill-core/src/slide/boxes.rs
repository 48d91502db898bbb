//! The compact state both variants share: the cells of the boxes, sorted. Boxes look alike, so
//! two positions with the same occupied cells are the same state to the solver.

/// Most boxes a level may hold.
pub const MAX_BOXES: usize = 12;

/// Box cells (row-major indices below 256), sorted ascending; unused slots are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Boxes {
    cells: [u8; MAX_BOXES],
    len: u8,
}

impl Boxes {
    /// The boxes on `cells` (any order; at most [`MAX_BOXES`], each below 256).
    pub fn new(cells: &[u8]) -> Self {
        assert!(cells.len() <= MAX_BOXES, "at most {MAX_BOXES} boxes");
        let mut b = Boxes {
            cells: [0; MAX_BOXES],
            len: cells.len() as u8,
        };
        b.cells[..cells.len()].copy_from_slice(cells);
        b.cells[..cells.len()].sort_unstable();
        b
    }

    /// The box cells, ascending.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..usize::from(self.len)]
    }

    /// How many boxes.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no boxes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether a box stands on `cell`.
    pub fn contains(&self, cell: u8) -> bool {
        self.cells().contains(&cell)
    }

    /// The same boxes with the one on `from` moved to `to` (kept sorted).
    pub fn moved(&self, from: u8, to: u8) -> Self {
        let mut b = *self;
        let cells = &mut b.cells[..usize::from(self.len)];
        if let Some(i) = cells.iter().position(|&c| c == from) {
            cells[i] = to;
            cells.sort_unstable();
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_does_not_matter_and_moves_keep_it_sorted() {
        let a = Boxes::new(&[9, 3, 5]);
        assert_eq!(a, Boxes::new(&[3, 5, 9]));
        assert_eq!(a.cells(), &[3, 5, 9]);
        let b = a.moved(9, 1);
        assert_eq!(b.cells(), &[1, 3, 5]);
        assert!(b.contains(1) && !b.contains(9));
        assert_eq!(a.moved(7, 8), a, "no box on 7: nothing moves");
    }
}
