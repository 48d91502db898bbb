//! Slide's and Trio's level texts: the rows with the boxes where they start, floor as one bit,
//! anything else as a flag bit and three bits. Both modes write the same levels; each checks
//! with its own rules that the level can be solved.

use super::level::SlideLevel;
use super::rules::{Slide, Trio};
use crate::level_text::bits::{BitReader, BitWriter, every_cell, put_rows, take_rows};
use crate::level_text::{TextCodec, rated, solvable};
use crate::mill::AnyLevel;
use std::sync::Arc;

/// Slide's line in the mode table for level texts.
pub const SLIDE_TEXT: TextCodec = TextCodec {
    write,
    read,
    solvable: solvable::<Slide>,
    rate: rated::<Slide>,
};

/// Trio's line in the mode table for level texts.
pub const TRIO_TEXT: TextCodec = TextCodec {
    write,
    read,
    solvable: solvable::<Trio>,
    rate: rated::<Trio>,
};

/// Every cell character, the commonest first.
const CELLS: &str = ".#%obB";

fn write(level: &AnyLevel, w: &mut BitWriter) -> Option<()> {
    let level = level.downcast_ref::<SlideLevel>()?;
    put_rows(w, &level.to_rows(&level.start), CELLS, every_cell)
}

fn read(r: &mut BitReader) -> Result<AnyLevel, String> {
    let rows = take_rows(r, CELLS, every_cell, '.')?;
    let level = SlideLevel::from_rows(&rows).map_err(|e| e.to_string())?;
    Ok(Arc::new(level))
}
