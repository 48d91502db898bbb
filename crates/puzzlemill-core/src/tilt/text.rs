//! Tilt's level texts: the rows inside the wall border (the border is implied) over the level
//! file's characters, `.` first, then the one-way gates (a count in five bits, then each gate's
//! column, row and direction).

use super::level::{Gate, Level};
use crate::direction::Direction;
use crate::level_text::bits::{BitReader, BitWriter, put_rows, take_rows};
use crate::level_text::{TextCodec, rated, solvable};
use crate::mill::AnyLevel;
use std::sync::Arc;

/// Tilt's line in the mode table for level texts.
pub const TEXT: TextCodec = TextCodec {
    write,
    read,
    solvable: solvable::<super::Tilt>,
    rate: rated::<super::Tilt>,
};

/// Every cell character, the commonest first.
const CELLS: &str = ".#~abcdefSCBH^>v<";
/// The most gates a text holds (the editor places no more).
pub const MAX_GATES: usize = 31;

fn border(x: usize, y: usize, w: usize, h: usize) -> bool {
    x == 0 || y == 0 || x + 1 == w || y + 1 == h
}

fn write(level: &AnyLevel, w: &mut BitWriter) -> Option<()> {
    let level = level.downcast_ref::<Level>()?;
    put_rows(w, &level.to_rows(&level.start), CELLS, border)?;
    let gates = &level.board.gates;
    if gates.len() > MAX_GATES {
        return None;
    }
    w.put(gates.len() as u32, 5);
    for g in gates {
        w.put(u32::from(g.col), 3);
        w.put(u32::from(g.row), 3);
        let d = Direction::ALL.iter().position(|&d| d == g.dir)?;
        w.put(d as u32, 2);
    }
    Some(())
}

fn read(r: &mut BitReader) -> Result<AnyLevel, String> {
    let rows = take_rows(r, CELLS, border, '#')?;
    let count = r.take(5)? as usize;
    let gates = (0..count)
        .map(|_| {
            Ok(Gate {
                col: r.take(3)? as u8,
                row: r.take(3)? as u8,
                dir: Direction::ALL[r.take(2)? as usize],
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let level = Level::from_rows(&rows, &gates).map_err(|e| e.to_string())?;
    Ok(Arc::new(level))
}
