//! Vault's level texts: the marked map ([`super::marks`]) up to 64 cells each way, the width and
//! height less one in six bits each, then each cell in a prefix code for a vault's commonest
//! cells: floor `0`, wall `10`, rock `110`, anything else `111` and five bits. A text holds a
//! vault only when reading it back gives the same level, so a milled map whose rooms a drawing
//! would split otherwise is shared by its code instead.

use super::Vault;
use super::level::VaultLevel;
use super::marks::{from_marked, marked_rows};
use crate::level_text::bits::{BitReader, BitWriter};
use crate::level_text::{TextCodec, rated, solvable};
use crate::mill::AnyLevel;
use std::sync::Arc;

/// Vault's line in the mode table for level texts.
pub const TEXT: TextCodec = TextCodec {
    write,
    read,
    solvable: solvable::<Vault>,
    rate: rated::<Vault>,
};

/// The widest and tallest map a text holds.
pub const MAX_TEXT_SIDE: usize = 64;

/// The cells after floor, wall and rock, by their five-bit index.
const OTHERS: &str = "+=?@X123456789abcdefghiABCDEFGHI";

fn write(level: &AnyLevel, w: &mut BitWriter) -> Option<()> {
    let level = level.downcast_ref::<VaultLevel>()?;
    let rows = marked_rows(level)?;
    let (width, height) = (level.grid.width, level.grid.height);
    if !(1..=MAX_TEXT_SIDE).contains(&width) || !(1..=MAX_TEXT_SIDE).contains(&height) {
        return None;
    }
    if from_marked(&rows).ok().as_ref() != Some(level) {
        return None;
    }
    w.put(width as u32 - 1, 6);
    w.put(height as u32 - 1, 6);
    for row in &rows {
        for ch in row.chars() {
            match ch {
                '.' => w.put(0b0, 1),
                '#' => w.put(0b10, 2),
                ' ' => w.put(0b110, 3),
                other => {
                    w.put(0b111, 3);
                    w.put(OTHERS.chars().position(|c| c == other)? as u32, 5);
                }
            }
        }
    }
    Some(())
}

fn read(r: &mut BitReader) -> Result<AnyLevel, String> {
    let width = r.take(6)? as usize + 1;
    let height = r.take(6)? as usize + 1;
    let others: Vec<char> = OTHERS.chars().collect();
    let mut rows = Vec::with_capacity(height);
    for _ in 0..height {
        let mut row = String::with_capacity(width);
        for _ in 0..width {
            row.push(if r.take(1)? == 0 {
                '.'
            } else if r.take(1)? == 0 {
                '#'
            } else if r.take(1)? == 0 {
                ' '
            } else {
                others[r.take(5)? as usize]
            });
        }
        rows.push(row);
    }
    Ok(Arc::new(from_marked(&rows)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level_text::{decode, encode};
    use crate::mode::ModeId;
    use crate::vault::drawn::drawn;

    #[test]
    fn a_drawn_vault_goes_through_its_text_and_back() {
        let rows: Vec<String> = [
            "##########",
            "#.@.K##.X#",
            "#....11..#",
            "#....##..#",
            "##########",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let level: AnyLevel = Arc::new(drawn(&rows, &[1]).unwrap());
        let text = encode(ModeId::Vault, &level).unwrap();
        assert!(text.starts_with("VV1-"), "{text}");
        let (mode, back) = decode(&text).unwrap();
        assert_eq!(mode, ModeId::Vault);
        assert_eq!(
            back.downcast_ref::<VaultLevel>(),
            level.downcast_ref::<VaultLevel>()
        );
    }
}
