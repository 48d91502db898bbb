//! Level codes: a short text that regenerates a generated level exactly, on every platform.
//!
//! A code names the mode, the tier, the format version, the generator's parameter word and its
//! seed: `TE1-8K2MQ9XA-6` is Tilt, Easy, format 1, seed `8K2MQ9XA`, check character `6`. The seed
//! and check use Crockford's base 32 (no I, L, O or U; those read as 1, 1, 0 and V), so a code can
//! be read aloud and typed back; a non-zero parameter word adds a group before the check. Any
//! mistake gives a [`CodeError`] that says what is wrong; a typo almost always fails the check
//! rather than opening another level.

use crate::mode::ModeId;
use crate::tier::Tier;
use std::fmt;

/// The code format this build writes and reads.
pub const FORMAT_VERSION: u8 = 1;
/// Seeds in codes are this many bits (8 base-32 characters).
pub const SEED_BITS: u32 = 40;
const SEED_CHARS: usize = 8;
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Everything needed to regenerate a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelCode {
    /// The mode whose generator made it.
    pub mode: ModeId,
    /// The tier it was made for.
    pub tier: Tier,
    /// Mode-defined generator parameters; 0 means the tier's defaults.
    pub params: u32,
    /// The generator's seed (below 2^40).
    pub seed: u64,
}

/// Why a text is not a level code this build can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was entered.
    Empty,
    /// The text does not have the shape of a code.
    Malformed(String),
    /// The first letter names no mode.
    UnknownMode(char),
    /// The second letter names no tier.
    UnknownTier(char),
    /// A code from a newer (or unknown) format.
    UnsupportedVersion(u32),
    /// The check character does not match: a typo somewhere.
    BadCheck,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "enter a level code, like TE1-8K2MQ9XA-6"),
            Self::Malformed(what) => write!(f, "that is not a level code: {what}"),
            Self::UnknownMode(c) => write!(f, "'{c}' is not a mode letter (T, L, S, R, C or V)"),
            Self::UnknownTier(c) => write!(f, "'{c}' is not a difficulty letter (E, M, H or X)"),
            Self::UnsupportedVersion(v) => write!(
                f,
                "this code uses format {v}; this version of the game reads format {FORMAT_VERSION}"
            ),
            Self::BadCheck => write!(
                f,
                "the code does not check out; look for a mistyped character"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

/// The letter that stands for `mode` in codes.
pub fn mode_letter(mode: ModeId) -> char {
    match mode {
        ModeId::Tilt => 'T',
        ModeId::Lines => 'L',
        ModeId::Slide => 'S',
        ModeId::Trio => 'R',
        ModeId::Climb => 'C',
        ModeId::Vault => 'V',
    }
}

/// The letter that stands for `tier` in codes.
pub fn tier_letter(tier: Tier) -> char {
    match tier {
        Tier::Easy => 'E',
        Tier::Medium => 'M',
        Tier::Hard => 'H',
        Tier::Expert => 'X',
    }
}

fn base32(mut value: u64, chars: usize) -> String {
    let mut out = vec![b'0'; chars];
    for slot in out.iter_mut().rev() {
        *slot = ALPHABET[(value & 31) as usize];
        value >>= 5;
    }
    String::from_utf8(out).expect("the alphabet is ASCII")
}

/// The value of one base-32 character, reading Crockford's look-alikes.
fn digit(c: char) -> Option<u64> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        'U' => 'V',
        c => c,
    };
    ALPHABET
        .iter()
        .position(|&a| a as char == c)
        .map(|p| p as u64)
}

fn parse_base32(text: &str, what: &str) -> Result<u64, CodeError> {
    if text.is_empty() || text.len() > 12 {
        return Err(CodeError::Malformed(format!(
            "the {what} group should be 1 to 12 characters"
        )));
    }
    text.chars().try_fold(0u64, |acc, c| {
        digit(c)
            .map(|d| (acc << 5) | d)
            .ok_or_else(|| CodeError::Malformed(format!("'{c}' cannot appear in the {what}")))
    })
}

/// A check character over everything before it: position-weighted, so swapped characters are
/// caught as well as changed ones.
fn check_char(body: &str) -> char {
    let sum = body
        .chars()
        .filter(|c| *c != '-')
        .enumerate()
        .map(|(i, c)| (i as u64 + 1) * (c as u64))
        .sum::<u64>();
    ALPHABET[(sum % 31) as usize] as char
}

impl LevelCode {
    /// A code for a level generated with `seed` (only its low 40 bits are kept).
    pub fn new(mode: ModeId, tier: Tier, params: u32, seed: u64) -> Self {
        Self {
            mode,
            tier,
            params,
            seed: seed & ((1 << SEED_BITS) - 1),
        }
    }

    /// Reads a code typed or pasted by a player (case, spaces and look-alike letters forgiven).
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let cleaned: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        if cleaned.is_empty() {
            return Err(CodeError::Empty);
        }
        let groups: Vec<&str> = cleaned.split('-').collect();
        if !(3..=4).contains(&groups.len()) {
            return Err(CodeError::Malformed(
                "expected groups like TE1-8K2MQ9XA-6".into(),
            ));
        }
        let head: Vec<char> = groups[0].chars().collect();
        if head.len() < 3 {
            return Err(CodeError::Malformed(
                "the first group is a mode letter, a difficulty letter and a version".into(),
            ));
        }
        let mode = ModeId::ALL
            .into_iter()
            .find(|&m| mode_letter(m) == head[0])
            .ok_or(CodeError::UnknownMode(head[0]))?;
        let tier = Tier::ALL
            .into_iter()
            .find(|&t| tier_letter(t) == head[1])
            .ok_or(CodeError::UnknownTier(head[1]))?;
        let version: u32 = head[2..]
            .iter()
            .map(|&c| match c {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            })
            .collect::<String>()
            .parse()
            .map_err(|_| {
                CodeError::Malformed("the version after the two letters should be a number".into())
            })?;
        if version != u32::from(FORMAT_VERSION) {
            return Err(CodeError::UnsupportedVersion(version));
        }
        if groups[1].len() != SEED_CHARS {
            return Err(CodeError::Malformed(format!(
                "the seed group should have {SEED_CHARS} characters"
            )));
        }
        let seed = parse_base32(groups[1], "seed")?;
        let params = match groups.len() {
            4 => u32::try_from(parse_base32(groups[2], "parameters")?)
                .map_err(|_| CodeError::Malformed("the parameters group is too large".into()))?,
            _ => 0,
        };
        let check = groups[groups.len() - 1];
        let code = Self::new(mode, tier, params, seed);
        let canonical = code.to_string();
        let expected = canonical.chars().last().expect("codes are not empty");
        if check.chars().count() != 1
            || digit(check.chars().next().unwrap_or(' ')) != digit(expected)
        {
            return Err(CodeError::BadCheck);
        }
        Ok(code)
    }
}

impl fmt::Display for LevelCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut body = format!(
            "{}{}{}-{}",
            mode_letter(self.mode),
            tier_letter(self.tier),
            FORMAT_VERSION,
            base32(self.seed, SEED_CHARS)
        );
        if self.params != 0 {
            body.push('-');
            body.push_str(base32(u64::from(self.params), 7).trim_start_matches('0'));
        }
        write!(f, "{body}-{}", check_char(&body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_mode_and_tier() {
        for mode in ModeId::ALL {
            for tier in Tier::ALL {
                for (params, seed) in [(0, 0), (0, 1), (3, 0xFF_FFFF_FFFF), (70_000, 123_456_789)] {
                    let code = LevelCode::new(mode, tier, params, seed);
                    let text = code.to_string();
                    assert_eq!(LevelCode::parse(&text), Ok(code), "{text}");
                }
            }
        }
    }

    #[test]
    fn looks_like_the_documented_example() {
        let code = LevelCode::new(ModeId::Tilt, Tier::Easy, 0, 42);
        let text = code.to_string();
        assert!(text.starts_with("TE1-0000001A-"), "{text}");
        assert_eq!(text.len(), "TE1-0000001A-X".len());
        // The example in the module documentation and in error messages.
        let example = LevelCode::parse("TE1-8K2MQ9XA-6").unwrap();
        assert_eq!(
            (example.mode, example.tier, example.params),
            (ModeId::Tilt, Tier::Easy, 0)
        );
        assert_eq!(example.to_string(), "TE1-8K2MQ9XA-6");
    }

    #[test]
    fn forgives_case_spaces_and_look_alikes() {
        let code = LevelCode::new(ModeId::Slide, Tier::Hard, 0, 0b00001_00000);
        let text = code.to_string();
        let sloppy = format!(
            "  {} ",
            text.to_lowercase().replace('0', "o").replace('1', "l")
        );
        assert_eq!(LevelCode::parse(&sloppy), Ok(code), "{sloppy}");
    }

    #[test]
    fn seeds_keep_forty_bits() {
        assert_eq!(
            LevelCode::new(ModeId::Tilt, Tier::Easy, 0, u64::MAX).seed,
            (1 << 40) - 1
        );
    }

    #[test]
    fn mistakes_are_named() {
        assert_eq!(LevelCode::parse("   "), Err(CodeError::Empty));
        assert_eq!(
            LevelCode::parse("QE1-00000019-X"),
            Err(CodeError::UnknownMode('Q'))
        );
        assert_eq!(
            LevelCode::parse("TQ1-00000019-X"),
            Err(CodeError::UnknownTier('Q'))
        );
        assert_eq!(
            LevelCode::parse("TE9-00000019-X"),
            Err(CodeError::UnsupportedVersion(9))
        );
        assert!(matches!(
            LevelCode::parse("TE1-0019-X"),
            Err(CodeError::Malformed(_))
        ));
        assert!(matches!(
            LevelCode::parse("hello"),
            Err(CodeError::Malformed(_))
        ));
        assert!(matches!(
            LevelCode::parse("TE1-0000001!-X"),
            Err(CodeError::Malformed(_))
        ));
        for e in [
            CodeError::Empty,
            CodeError::BadCheck,
            CodeError::UnsupportedVersion(2),
        ] {
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn single_typos_and_swaps_fail_the_check() {
        let text = LevelCode::new(ModeId::Lines, Tier::Expert, 0, 0x12_3456_789A).to_string();
        let chars: Vec<char> = text.chars().collect();
        let seed_start = 4;
        let mut caught = 0;
        let mut tried = 0;
        for i in seed_start..seed_start + SEED_CHARS {
            for &replacement in ALPHABET {
                if replacement as char == chars[i] {
                    continue;
                }
                let mut typo = chars.clone();
                typo[i] = replacement as char;
                let typo: String = typo.into_iter().collect();
                tried += 1;
                caught += usize::from(LevelCode::parse(&typo) == Err(CodeError::BadCheck));
            }
        }
        // A weighted sum mod 31 misses a change only when it is a multiple of 31 apart.
        assert!(caught * 100 >= tried * 95, "caught {caught} of {tried}");
        let mut swapped = chars.clone();
        swapped.swap(5, 6);
        if swapped != chars {
            let swapped: String = swapped.into_iter().collect();
            assert_eq!(LevelCode::parse(&swapped), Err(CodeError::BadCheck));
        }
    }
}
