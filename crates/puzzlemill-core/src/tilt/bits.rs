//! Bitboards for boards of at most 8x8 cells: bit `row * 8 + col` stands for a cell. Every cell
//! outside a smaller board counts as wall, and every board has a wall border, so a piece never sits
//! in column 0 or 7 and shifting a board by one column never wraps a piece into another row.

use crate::direction::Direction;

/// A set of cells.
pub type Bits = u64;

/// The widest and tallest board, wall border included.
pub const SIDE: usize = 8;

/// The bit of the cell at `col`, `row`.
pub fn bit(col: usize, row: usize) -> Bits {
    1 << (row * SIDE + col)
}

/// Column and row of cell index `cell`.
pub fn col_row(cell: u8) -> (usize, usize) {
    (cell as usize % SIDE, cell as usize / SIDE)
}

/// The index of a direction in per-direction tables (the order of [`Direction::ALL`]).
pub fn dir_index(d: Direction) -> usize {
    match d {
        Direction::Up => 0,
        Direction::Down => 1,
        Direction::Left => 2,
        Direction::Right => 3,
    }
}

/// Every cell of `bits` moved one step towards `d`.
pub fn shift(bits: Bits, d: Direction) -> Bits {
    match d {
        Direction::Up => bits >> SIDE,
        Direction::Down => bits << SIDE,
        Direction::Left => bits >> 1,
        Direction::Right => bits << 1,
    }
}

/// The cell one step from `cell` towards `d`, if it is on the 8x8 grid.
pub fn step(cell: u8, d: Direction) -> Option<u8> {
    let (col, row) = col_row(cell);
    let (dx, dy) = d.delta();
    let (col, row) = (col as i32 + dx, row as i32 + dy);
    ((0..SIDE as i32).contains(&col) && (0..SIDE as i32).contains(&row))
        .then(|| (row as usize * SIDE + col as usize) as u8)
}

/// Cells that share an edge with a cell of `bits`.
pub fn neighbours(bits: Bits) -> Bits {
    Direction::ALL
        .iter()
        .fold(0, |acc, &d| acc | shift(bits, d))
}

/// The cell indices in `bits`, lowest first.
pub fn cells(mut bits: Bits) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let cell = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            cell
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_follow_the_directions() {
        let b = bit(3, 3);
        assert_eq!(shift(b, Direction::Up), bit(3, 2));
        assert_eq!(shift(b, Direction::Down), bit(3, 4));
        assert_eq!(shift(b, Direction::Left), bit(2, 3));
        assert_eq!(shift(b, Direction::Right), bit(4, 3));
        assert_eq!(step(27, Direction::Right), Some(28));
        assert_eq!(step(0, Direction::Up), None);
        assert_eq!(step(7, Direction::Right), None);
    }

    #[test]
    fn cells_lists_every_bit() {
        let b = bit(1, 1) | bit(6, 6) | bit(2, 1);
        assert_eq!(cells(b).collect::<Vec<_>>(), [9, 10, 54]);
        assert_eq!(neighbours(bit(1, 1)).count_ones(), 4);
    }
}
