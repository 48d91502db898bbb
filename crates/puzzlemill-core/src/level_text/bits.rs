//! The bits of a level text's payload: written and read most significant bit first, five to a
//! base-32 character; and a mode's rows of characters as a prefix code over its alphabet (the
//! first, commonest character one bit, every other a flag bit and its index).

/// Bits being written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitWriter {
    bits: Vec<bool>,
}

impl BitWriter {
    /// Writes the low `count` bits of `value`, highest first.
    pub fn put(&mut self, value: u32, count: u32) {
        for i in (0..count).rev() {
            self.bits.push(value >> i & 1 == 1);
        }
    }

    /// The bits as base-32 digits (0-31), the last padded with zero bits.
    pub fn digits(&self) -> Vec<u8> {
        self.bits
            .chunks(5)
            .map(|chunk| {
                (0..5).fold(0u8, |acc, i| {
                    acc << 1 | u8::from(chunk.get(i).copied().unwrap_or(false))
                })
            })
            .collect()
    }
}

/// Bits being read.
#[derive(Clone, Debug)]
pub struct BitReader {
    bits: Vec<bool>,
    at: usize,
}

impl BitReader {
    /// Reads the bits of base-32 digits (0-31).
    pub fn new(digits: &[u8]) -> Self {
        let bits = digits
            .iter()
            .flat_map(|&d| (0..5).rev().map(move |i| d >> i & 1 == 1))
            .collect();
        Self { bits, at: 0 }
    }

    /// The next `count` bits as a number, or an error if the text ends first.
    pub fn take(&mut self, count: u32) -> Result<u32, String> {
        let end = self.at + count as usize;
        if end > self.bits.len() {
            return Err("the text ends in the middle of the level: characters are missing".into());
        }
        let value = self.bits[self.at..end]
            .iter()
            .fold(0u32, |acc, &b| acc << 1 | u32::from(b));
        self.at = end;
        Ok(value)
    }

    /// Checks nothing but padding is left (fewer than five zero bits).
    pub fn finish(&self) -> Result<(), String> {
        let rest = &self.bits[self.at..];
        if rest.len() >= 5 || rest.iter().any(|&b| b) {
            return Err("there are characters after the end of the level".into());
        }
        Ok(())
    }
}

/// Bits for an index among `n - 1` values (at least one).
fn index_bits(n: usize) -> u32 {
    let others = n.saturating_sub(1).max(1);
    usize::BITS - (others - 1).leading_zeros()
}

/// Writes `rows` (all as wide as the first, at most 32 each way) over `alphabet`: the width and
/// height less one in five bits each, then each cell, the first character of the alphabet as a 0
/// bit and any other as a 1 bit and its index after the first. Cells with `skip(col, row)` true
/// are left out (they are implied: a Tilt board's wall border). `None` if a character is not in
/// the alphabet or the rows do not fit.
pub fn put_rows(
    w: &mut BitWriter,
    rows: &[String],
    alphabet: &str,
    skip: fn(usize, usize, usize, usize) -> bool,
) -> Option<()> {
    let letters: Vec<char> = alphabet.chars().collect();
    let (height, width) = (rows.len(), rows.first()?.chars().count());
    if !(1..=32).contains(&width) || !(1..=32).contains(&height) {
        return None;
    }
    w.put(width as u32 - 1, 5);
    w.put(height as u32 - 1, 5);
    let k = index_bits(letters.len());
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return None;
        }
        for (x, ch) in row.chars().enumerate() {
            if skip(x, y, width, height) {
                continue;
            }
            match letters.iter().position(|&l| l == ch)? {
                0 => w.put(0, 1),
                i => {
                    w.put(1, 1);
                    w.put(i as u32 - 1, k);
                }
            }
        }
    }
    Some(())
}

/// Reads rows written by [`put_rows`] with the same alphabet; skipped cells read as `implied`.
pub fn take_rows(
    r: &mut BitReader,
    alphabet: &str,
    skip: fn(usize, usize, usize, usize) -> bool,
    implied: char,
) -> Result<Vec<String>, String> {
    let letters: Vec<char> = alphabet.chars().collect();
    let width = r.take(5)? as usize + 1;
    let height = r.take(5)? as usize + 1;
    let k = index_bits(letters.len());
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| {
                    if skip(x, y, width, height) {
                        return Ok(implied);
                    }
                    if r.take(1)? == 0 {
                        return Ok(letters[0]);
                    }
                    let i = r.take(k)? as usize + 1;
                    letters.get(i).copied().ok_or_else(|| {
                        format!("row {}, column {}: no such cell in this mode", y + 1, x + 1)
                    })
                })
                .collect()
        })
        .collect()
}

/// Leaves no cell out.
pub fn every_cell(_: usize, _: usize, _: usize, _: usize) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_rows_come_back_as_written() {
        let mut w = BitWriter::default();
        w.put(5, 3);
        w.put(0, 1);
        w.put(1023, 10);
        let rows: Vec<String> = ["# .", " 3 "].iter().map(|s| s.to_string()).collect();
        put_rows(&mut w, &rows, " #.3", every_cell).unwrap();
        let mut r = BitReader::new(&w.digits());
        assert_eq!((r.take(3), r.take(1), r.take(10)), (Ok(5), Ok(0), Ok(1023)));
        assert_eq!(take_rows(&mut r, " #.3", every_cell, '#').unwrap(), rows);
        r.finish().unwrap();
        assert!(r.take(8).is_err(), "past the end");
        assert!(
            put_rows(&mut w, &rows, " #.", every_cell).is_none(),
            "3 is not in it"
        );
    }

    #[test]
    fn index_bits_cover_every_other_letter() {
        assert_eq!(index_bits(2), 0);
        assert_eq!(index_bits(3), 1);
        assert_eq!(index_bits(17), 4);
        assert_eq!(index_bits(18), 5);
    }
}
