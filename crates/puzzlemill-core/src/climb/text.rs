//! Climb's level texts: a drawn cave ([`super::entry::drawing`]) up to 64 blocks each way, the
//! width and height less one in six bits each, then the blocks row by row as runs: each run's
//! block in a prefix code for a cave's commonest blocks (earth `0`, air `10`, spikes `110`, then
//! `111` and two bits for the entrance, the exit or a gem), and its length in Elias's gamma code.
//! Caves are long runs of earth and air, so a hand-drawn cave takes a few dozen characters. A text
//! holds a cave only when reading it back gives the same level: a milled cave fills the whole
//! 128x128 map and is shared by its code.

use super::Climb;
use super::entry::{drawing, drawn};
use super::tiles::ClimbLevel;
use crate::level_text::bits::{BitReader, BitWriter};
use crate::level_text::{TextCodec, rated, solvable};
use crate::mill::AnyLevel;
use std::sync::Arc;

/// Climb's line in the mode table for level texts.
pub const TEXT: TextCodec = TextCodec {
    write,
    read,
    solvable: solvable::<Climb>,
    rate: rated::<Climb>,
};

/// The widest and tallest cave a text holds.
pub const MAX_TEXT_SIDE: usize = 64;

/// The blocks after earth, air and spikes, by their two-bit index.
const MARKED: [char; 3] = ['S', 'E', '*'];

/// The most binary digits after the first of a run's length (a whole 64x64 cave is one run of
/// 4,096 blocks: 12 more digits).
const MAX_RUN_DIGITS: u32 = 12;

fn write(level: &AnyLevel, w: &mut BitWriter) -> Option<()> {
    let level = level.downcast_ref::<ClimbLevel>()?;
    let rows = drawing(level);
    let (width, height) = (rows[0].len(), rows.len());
    if width > MAX_TEXT_SIDE || height > MAX_TEXT_SIDE || drawn(&rows).ok().as_ref() != Some(level)
    {
        return None;
    }
    w.put(width as u32 - 1, 6);
    w.put(height as u32 - 1, 6);
    let blocks: Vec<char> = rows.concat().chars().collect();
    for run in blocks.chunk_by(|a, b| a == b) {
        put_block(w, run[0])?;
        put_gamma(w, run.len() as u32);
    }
    Some(())
}

fn read(r: &mut BitReader) -> Result<AnyLevel, String> {
    let width = r.take(6)? as usize + 1;
    let height = r.take(6)? as usize + 1;
    let mut blocks = String::with_capacity(width * height);
    while blocks.len() < width * height {
        let block = take_block(r)?;
        let run = take_gamma(r)? as usize;
        if blocks.len() + run > width * height {
            return Err(format!(
                "a run of {run} blocks goes past the {width}x{height} cave's last block"
            ));
        }
        blocks.extend(std::iter::repeat_n(block, run));
    }
    let rows: Vec<String> = (0..height)
        .map(|y| blocks[y * width..(y + 1) * width].to_string())
        .collect();
    Ok(Arc::new(drawn(&rows)?))
}

/// Writes a block's prefix code; `None` for a character that is no block.
fn put_block(w: &mut BitWriter, block: char) -> Option<()> {
    match block {
        '#' => w.put(0b0, 1),
        '.' => w.put(0b10, 2),
        '^' => w.put(0b110, 3),
        other => {
            w.put(0b111, 3);
            w.put(MARKED.iter().position(|&c| c == other)? as u32, 2);
        }
    }
    Some(())
}

fn take_block(r: &mut BitReader) -> Result<char, String> {
    for (bits, block) in [(1, '#'), (1, '.'), (1, '^')] {
        if r.take(bits)? == 0 {
            return Ok(block);
        }
    }
    let index = r.take(2)? as usize;
    MARKED
        .get(index)
        .copied()
        .ok_or_else(|| "a block this build does not know".to_string())
}

/// Writes `n` (1 or more) in Elias's gamma code: as many 0 bits as `n` has binary
/// digits after the first, then `n` in binary.
fn put_gamma(w: &mut BitWriter, n: u32) {
    let digits = u32::BITS - n.leading_zeros();
    w.put(0, digits - 1);
    w.put(n, digits);
}

fn take_gamma(r: &mut BitReader) -> Result<u32, String> {
    let mut zeros = 0;
    while r.take(1)? == 0 {
        zeros += 1;
        if zeros > MAX_RUN_DIGITS {
            return Err("a run longer than any cave".into());
        }
    }
    Ok((1 << zeros) | r.take(zeros)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level_text::{TextError, decode, encode};
    use crate::mode::ModeId;

    fn cave(rows: &[&str]) -> AnyLevel {
        let rows: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
        Arc::new(drawn(&rows).unwrap())
    }

    #[test]
    fn a_drawn_cave_goes_through_its_text_and_back() {
        let level = cave(&[
            "############",
            "#..........#",
            "#..........#",
            "#..........#",
            "#.S..*....E#",
            "#######^^###",
            "############",
        ]);
        let text = encode(ModeId::Climb, &level).unwrap();
        assert!(text.starts_with("CV1-"), "{text}");
        let (mode, back) = decode(&text).unwrap();
        assert_eq!(mode, ModeId::Climb);
        assert_eq!(
            back.downcast_ref::<ClimbLevel>(),
            level.downcast_ref::<ClimbLevel>()
        );
    }

    #[test]
    fn a_run_length_comes_back_as_written_and_a_longer_one_is_refused() {
        for n in (1..300).chain([4095, 4096]) {
            let mut w = BitWriter::default();
            put_gamma(&mut w, n);
            let digits = w.digits();
            let mut r = BitReader::new(&digits);
            assert_eq!(take_gamma(&mut r).unwrap(), n);
        }
        let mut w = BitWriter::default();
        put_gamma(&mut w, 8192);
        let digits = w.digits();
        assert!(take_gamma(&mut BitReader::new(&digits)).is_err());
    }

    #[test]
    fn a_milled_cave_is_shared_by_its_code_not_a_text() {
        use crate::code::LevelCode;
        use crate::tier::Tier;
        let code = LevelCode::new(ModeId::Climb, Tier::Easy, 0, 4);
        let fresh = crate::mill::regenerate_any(code).unwrap();
        assert!(matches!(
            encode(ModeId::Climb, &fresh.level),
            Err(TextError::BadLevel(_))
        ));
    }
}
