//! Lines' level texts: the board's rows, an empty cell as one bit, a dot or a number as a flag
//! bit and four bits.

use super::board::Board;
use super::play::LinesLevel;
use crate::level_text::bits::{BitReader, BitWriter, every_cell, put_rows, take_rows};
use crate::level_text::{TextCodec, rated, solvable};
use crate::mill::AnyLevel;
use std::sync::Arc;

/// Lines' line in the mode table for level texts.
pub const TEXT: TextCodec = TextCodec {
    write,
    read,
    solvable: solvable::<super::Lines>,
    rate: rated::<super::Lines>,
};

/// Every cell character, the commonest first.
const CELLS: &str = " .123456789";

fn write(level: &AnyLevel, w: &mut BitWriter) -> Option<()> {
    let level = level.downcast_ref::<LinesLevel>()?;
    put_rows(w, &level.board.to_rows(), CELLS, every_cell)
}

fn read(r: &mut BitReader) -> Result<AnyLevel, String> {
    let rows = take_rows(r, CELLS, every_cell, ' ')?;
    let board = Board::from_rows(&rows).map_err(|e| e.to_string())?;
    Ok(Arc::new(LinesLevel::new(board)))
}
