//! Sets of cells on a Lines board, bit `row * width + col`: [`Cells`], three 64-bit words, holds
//! up to 192 cells (13x13 and every size the editor offers); the solver runs on boards of up to
//! 128 cells (every generated size) with a plain `u128` through [`CellSet`], which both
//! implement, and `with_cell_set!`, which picks one for a board: on three words throughout, the
//! optimizer took 1.4 times as long (`mill bench lines --tier expert`, side by side).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

const WORDS: usize = 3;

/// A set of cells, bit `row * width + col`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cells([u64; WORDS]);

impl Cells {
    /// How many cells a set can hold.
    pub const CAPACITY: usize = 64 * WORDS;
    /// No cell.
    pub const EMPTY: Cells = Cells([0; WORDS]);
    /// Every cell the set can hold.
    pub const FULL: Cells = Cells([!0; WORDS]);

    /// The one cell `cell`.
    #[inline]
    pub const fn bit(cell: usize) -> Cells {
        let mut words = [0; WORDS];
        words[cell / 64] = 1 << (cell % 64);
        Cells(words)
    }

    /// Cells `0..n`.
    #[inline]
    pub fn below(n: usize) -> Cells {
        let mut words = [0; WORDS];
        for (w, word) in words.iter_mut().enumerate() {
            let from = w * 64;
            *word = if n >= from + 64 {
                !0
            } else if n > from {
                (1 << (n - from)) - 1
            } else {
                0
            };
        }
        Cells(words)
    }

    /// Cells `start..start + len`.
    #[inline]
    pub fn run(start: usize, len: usize) -> Cells {
        if len == 0 || len > 64 || start + len > Cells::CAPACITY {
            return Cells::below(start + len) & !Cells::below(start);
        }
        // At most 64 cells: one 128-bit mask over the word holding `start` and the next.
        let mask = ((1u128 << len) - 1) << (start % 64);
        let mut words = [0; WORDS];
        let w = start / 64;
        words[w] = mask as u64;
        if w + 1 < WORDS {
            words[w + 1] = (mask >> 64) as u64;
        }
        Cells(words)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, w| a | w) == 0
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn has(self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// How many cells the set holds.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().fold(0, |a, w| a + w.count_ones())
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn lowest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The highest cell, if any.
    #[inline]
    pub fn highest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + 63 - w.leading_zeros() as usize)
    }

    /// The cells in the set, lowest first.
    #[inline]
    pub fn iter(self) -> CellIter {
        CellIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The cells of a set, lowest first.
#[derive(Clone, Debug)]
pub struct CellIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

/// What the solver needs of a set of cells: `u128` for boards of up to 128 cells, [`Cells`] for
/// the rest.
pub trait CellSet:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No cell.
    const EMPTY: Self;
    /// Every cell the set can hold.
    const FULL: Self;
    /// The one cell `cell`.
    fn bit(cell: usize) -> Self;
    /// Cells `start..start + len` (`len` at most 64).
    fn run(start: usize, len: usize) -> Self;
    /// Whether `cell` is in the set.
    fn has(self, cell: usize) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// How many cells the set holds.
    fn count(self) -> u32;
    /// The lowest cell, if any.
    fn lowest(self) -> Option<usize>;
    /// The cells in the set, lowest first.
    fn cells(self) -> impl Iterator<Item = usize>;
    /// The same cells from a [`Cells`] (which must fit).
    fn from_cells(cells: Cells) -> Self;
    /// The same cells as a [`Cells`].
    fn to_cells(self) -> Cells;

    /// Whether the set holds anything.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Whether the two sets share a cell.
    #[inline]
    fn meets(self, other: Self) -> bool {
        (self & other).any()
    }

    /// Whether every cell of the set is in `other`.
    #[inline]
    fn within(self, other: Self) -> bool {
        (self & !other).is_empty()
    }

    /// The set of the cells `cells`.
    #[inline]
    fn of(cells: impl IntoIterator<Item = usize>) -> Self {
        cells.into_iter().fold(Self::EMPTY, |a, c| a | Self::bit(c))
    }
}

impl CellSet for u128 {
    const EMPTY: u128 = 0;
    const FULL: u128 = !0;

    #[inline]
    fn bit(cell: usize) -> u128 {
        1 << cell
    }

    #[inline]
    fn run(start: usize, len: usize) -> u128 {
        ((1u128 << len) - 1) << start
    }

    #[inline]
    fn has(self, cell: usize) -> bool {
        self >> cell & 1 != 0
    }

    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }

    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline]
    fn lowest(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }

    #[inline]
    fn cells(mut self) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (self != 0).then(|| {
                let c = self.trailing_zeros() as usize;
                self &= self - 1;
                c
            })
        })
    }

    #[inline]
    fn from_cells(cells: Cells) -> u128 {
        debug_assert_eq!(cells.0[2], 0, "a set of more than 128 cells");
        u128::from(cells.0[0]) | u128::from(cells.0[1]) << 64
    }

    #[inline]
    fn to_cells(self) -> Cells {
        Cells([self as u64, (self >> 64) as u64, 0])
    }
}

impl CellSet for Cells {
    const EMPTY: Cells = Cells::EMPTY;
    const FULL: Cells = Cells::FULL;

    #[inline]
    fn bit(cell: usize) -> Cells {
        Cells::bit(cell)
    }

    #[inline]
    fn run(start: usize, len: usize) -> Cells {
        Cells::run(start, len)
    }

    #[inline]
    fn has(self, cell: usize) -> bool {
        Cells::has(self, cell)
    }

    #[inline]
    fn is_empty(self) -> bool {
        Cells::is_empty(self)
    }

    #[inline]
    fn count(self) -> u32 {
        Cells::count(self)
    }

    #[inline]
    fn lowest(self) -> Option<usize> {
        Cells::lowest(self)
    }

    #[inline]
    fn cells(self) -> impl Iterator<Item = usize> {
        self.iter()
    }

    #[inline]
    fn from_cells(cells: Cells) -> Cells {
        cells
    }

    #[inline]
    fn to_cells(self) -> Cells {
        self
    }
}

/// Runs `$body` with `$C` naming the narrowest [`CellSet`] that holds every cell of `$board`:
/// `u128` up to 128 cells, [`Cells`] beyond.
macro_rules! with_cell_set {
    ($board:expr, $C:ident => $body:expr) => {
        if $board.width * $board.height <= 128 {
            type $C = u128;
            $body
        } else {
            type $C = $crate::lines::cells::Cells;
            $body
        }
    };
}
pub(crate) use with_cell_set;

impl FromIterator<usize> for Cells {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> Cells {
        <Cells as CellSet>::of(cells)
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! wordwise {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Cells {
            type Output = Cells;
            #[inline]
            fn $method(self, other: Cells) -> Cells {
                Cells(std::array::from_fn(|i| self.0[i] $op other.0[i]))
            }
        }

        impl $assign for Cells {
            #[inline]
            fn $assign_method(&mut self, other: Cells) {
                *self = *self $op other;
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Cells {
    type Output = Cells;
    #[inline]
    fn not(self) -> Cells {
        Cells(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn runs_and_bits_cross_word_boundaries() {
        assert_eq!(Cells::run(60, 64).count(), 64);
        assert_eq!(Cells::run(128, 64), !Cells::below(128));
        assert_eq!(Cells::run(Cells::CAPACITY, 0), Cells::EMPTY);
        assert_eq!(u128::run(120, 8).to_cells(), Cells::run(120, 8));
        let r = Cells::run(62, 5);
        assert_eq!(r.iter().collect::<Vec<_>>(), [62, 63, 64, 65, 66]);
        assert_eq!(r.count(), 5);
        assert_eq!(r.lowest(), Some(62));
        assert_eq!(r.highest(), Some(66));
        assert!(r.has(64) && !r.has(67) && !r.has(61));
        assert_eq!(Cells::bit(168).lowest(), Some(168));
        assert_eq!(Cells::below(Cells::CAPACITY), Cells::FULL);
        assert_eq!((!Cells::below(131)).lowest(), Some(131));
        assert!(Cells::EMPTY.is_empty() && Cells::EMPTY.lowest().is_none());
    }

    proptest! {
        /// The set agrees with a sorted list of its cells under every operation.
        #[test]
        fn matches_a_list(a in proptest::collection::btree_set(0..Cells::CAPACITY, 0..40),
                          b in proptest::collection::btree_set(0..Cells::CAPACITY, 0..40)) {
            let (x, y): (Cells, Cells) = (a.iter().copied().collect(), b.iter().copied().collect());
            let list = |c: Cells| c.iter().collect::<Vec<_>>();
            prop_assert_eq!(list(x), a.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(list(x & y), a.intersection(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(list(x | y), a.union(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(list(x ^ y), a.symmetric_difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(x.count() as usize, a.len());
            prop_assert_eq!(x.lowest(), a.first().copied());
            prop_assert_eq!(x.highest(), a.last().copied());
            prop_assert_eq!(x.meets(y), !a.is_disjoint(&b));
            prop_assert_eq!(x.within(y), a.is_subset(&b));
            prop_assert_eq!((!x).count() as usize, Cells::CAPACITY - a.len());
            // The narrow set agrees on the cells below 128.
            let narrow = |c: Cells| u128::from_cells(c & Cells::below(128));
            prop_assert_eq!(narrow(x & y).to_cells(), x & y & Cells::below(128));
            prop_assert_eq!(
                narrow(x).cells().collect::<Vec<_>>(),
                a.iter().copied().filter(|&c| c < 128).collect::<Vec<_>>()
            );
            prop_assert_eq!(CellSet::count(narrow(x)), (x & Cells::below(128)).count());
        }
    }
}
