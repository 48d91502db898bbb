//! Level codes: a short text that regenerates a generated level exactly, on every platform.
//!
//! A code names the mode, the tier, the code format, the version of the mode's generator, the
//! generator's parameter word and its seed: `LX2.3-8K2MQ9XA-V5` is Lines, Expert, format 2,
//! generator version 3, seed `8K2MQ9XA`, check `V5`. The seed and check use Crockford's base 32
//! (no I, L, O or U; those read as 1, 1, 0 and V), so a code can be read aloud and typed back; a
//! non-zero parameter word adds a group before the check.
//!
//! **Codes keep their meaning.** A mode's generator version goes up whenever a change makes any
//! seed give another level, so a code made by an older generator is refused with a message that
//! says so, never opened as another level (`tests/data/golden-codes.txt` pins what codes make).
//!
//! **Typos are caught.** The two check characters make the weighted sum of the code's character
//! values (position `i` counts `i` times; the check counts as one number) a multiple of the prime
//! 1021. Values are below 36 and weights below 1021, so every single changed character and every
//! swap of two different neighbouring characters changes the sum by a non-multiple of 1021: each
//! is caught (an exhaustive test tries them all over 1,000 codes).
//!
//! Format 1 (`TE1-8K2MQ9XA-6`, one check character) is still read: it stands for generator
//! version 1 of its mode.

use crate::mode::ModeId;
use crate::tier::Tier;
use std::fmt;

/// The code format this build writes. It also reads format 1.
pub const FORMAT_VERSION: u8 = 2;
/// Seeds in codes are this many bits (8 base-32 characters).
pub const SEED_BITS: u32 = 40;
const SEED_CHARS: usize = 8;
pub(crate) const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The prime the format-2 check works modulo (the largest below 32 x 32).
const CHECK_PRIME: u64 = 1021;
/// The example in messages.
pub const EXAMPLE: &str = "LX2.3-8K2MQ9XA-V5";

/// Everything needed to regenerate a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelCode {
    /// The mode whose generator made it.
    pub mode: ModeId,
    /// The tier it was made for.
    pub tier: Tier,
    /// The version of the mode's generator that made it.
    pub generator: u32,
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
    /// The text does not have the shape of a code: not its groups, or characters no code holds
    /// (it may be something else: a level text, a word).
    Unshaped(String),
    /// The text has a code's shape, but a part of it is wrong.
    Malformed(String),
    /// The first letter names no mode.
    UnknownMode(char),
    /// The second letter names no tier.
    UnknownTier(char),
    /// A code from a newer (or unknown) format.
    UnsupportedVersion(u32),
    /// The check characters do not match: a typo somewhere.
    BadCheck,
    /// Made by an older version of the mode's generator, which this build no longer has.
    OldGenerator {
        /// The mode.
        mode: ModeId,
        /// The version that made the code.
        made_by: u32,
        /// The version this build has.
        current: u32,
    },
    /// Made by a newer version of the mode's generator than this build has.
    NewerGenerator {
        /// The mode.
        mode: ModeId,
        /// The version that made the code.
        made_by: u32,
        /// The version this build has.
        current: u32,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "enter a level code, like {EXAMPLE}"),
            Self::Unshaped(what) | Self::Malformed(what) => {
                write!(f, "that is not a level code: {what}")
            }
            Self::UnknownMode(c) => {
                let letters: Vec<String> = ModeId::ALL
                    .iter()
                    .map(|m| m.spec().letter.to_string())
                    .collect();
                write!(f, "'{c}' is not a mode letter ({})", letters.join(", "))
            }
            Self::UnknownTier(c) => write!(f, "'{c}' is not a difficulty letter (E, M, H or X)"),
            Self::UnsupportedVersion(v) => write!(
                f,
                "this code uses format {v}; this version of the game reads formats 1 and \
                 {FORMAT_VERSION}"
            ),
            Self::BadCheck => write!(
                f,
                "the code does not check out; look for a mistyped character"
            ),
            Self::OldGenerator {
                mode,
                made_by,
                current,
            } => write!(
                f,
                "this code was made by an older version of the {mode} generator (version \
                 {made_by}); this version of the game has version {current}, which makes other \
                 levels from the same seed, so it cannot open that level"
            ),
            Self::NewerGenerator {
                mode,
                made_by,
                current,
            } => write!(
                f,
                "this code was made by a newer version of the {mode} generator (version \
                 {made_by}) than this game has (version {current}); update the game to play it"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

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

/// Crockford's reading of look-alike letters.
pub(crate) fn canonical(c: char) -> char {
    match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        'U' => 'V',
        c => c,
    }
}

/// The value of one base-32 character, reading Crockford's look-alikes.
pub(crate) fn digit(c: char) -> Option<u64> {
    let c = canonical(c);
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

/// Format 1's check character over everything before it: position-weighted character codes.
fn check_v1(body: &str) -> char {
    let sum = body
        .chars()
        .filter(|c| *c != '-')
        .enumerate()
        .map(|(i, c)| (i as u64 + 1) * (c as u64))
        .sum::<u64>();
    ALPHABET[(sum % 31) as usize] as char
}

/// A character's value in the format-2 check: its base-32 value, and 32 to 35 for the four
/// letters base 32 leaves out (which only the first group may hold, as letters).
fn check_value(c: char) -> u64 {
    match c {
        'I' => 32,
        'L' => 33,
        'O' => 34,
        'U' => 35,
        c => digit(c).unwrap_or(0),
    }
}

/// The format-2 check of a canonical body (separators are skipped): the number that makes the
/// weighted sum a multiple of [`CHECK_PRIME`], as two base-32 characters.
pub(crate) fn check_v2(body: &str) -> String {
    let sum = body
        .chars()
        .filter(|c| *c != '-' && *c != '.')
        .enumerate()
        .map(|(i, c)| (i as u64 + 1) * check_value(c))
        .sum::<u64>();
    base32((CHECK_PRIME - sum % CHECK_PRIME) % CHECK_PRIME, 2)
}

/// A version number in the first group, reading O as 0 and I or L as 1.
fn version_number(text: &str, what: &str) -> Result<u32, CodeError> {
    let digits: String = text
        .chars()
        .map(|c| match c {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect();
    if digits.is_empty() || digits.len() > 6 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(CodeError::Malformed(format!(
            "the {what} after the two letters should be a number"
        )));
    }
    digits
        .parse()
        .map_err(|_| CodeError::Malformed(format!("the {what} is too large")))
}

impl LevelCode {
    /// A code for a level generated with `seed` (only its low 40 bits are kept) by this build's
    /// generator for `mode`.
    pub fn new(mode: ModeId, tier: Tier, params: u32, seed: u64) -> Self {
        Self {
            mode,
            tier,
            generator: mode.spec().generator,
            params,
            seed: seed & ((1 << SEED_BITS) - 1),
        }
    }

    /// A code of `mode` and `tier` as this build writes them, with [`EXAMPLE`]'s seed: the shape
    /// a player's code for them should have.
    pub fn example(mode: ModeId, tier: Tier) -> String {
        Self::parse(EXAMPLE).map_or(EXAMPLE.to_string(), |code| {
            Self::new(mode, tier, 0, code.seed).to_string()
        })
    }

    /// Reads a code typed or pasted by a player (case, spaces and look-alike letters forgiven),
    /// and checks this build's generator for its mode is the one that made it.
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let code = Self::read(text)?;
        let current = code.mode.spec().generator;
        match code.generator.cmp(&current) {
            std::cmp::Ordering::Equal => Ok(code),
            std::cmp::Ordering::Less => Err(CodeError::OldGenerator {
                mode: code.mode,
                made_by: code.generator,
                current,
            }),
            std::cmp::Ordering::Greater => Err(CodeError::NewerGenerator {
                mode: code.mode,
                made_by: code.generator,
                current,
            }),
        }
    }

    /// Reads a code whatever generator version it names.
    fn read(text: &str) -> Result<Self, CodeError> {
        let cleaned: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        if cleaned.is_empty() {
            return Err(CodeError::Empty);
        }
        if !cleaned.is_ascii() {
            return Err(CodeError::Unshaped(
                "codes hold only letters, digits, '-' and '.'".into(),
            ));
        }
        let groups: Vec<&str> = cleaned.split('-').collect();
        if !(3..=4).contains(&groups.len()) {
            return Err(CodeError::Unshaped(format!(
                "expected groups like {EXAMPLE}"
            )));
        }
        let head: Vec<char> = groups[0].chars().collect();
        if head.len() < 3 {
            return Err(CodeError::Malformed(
                "the first group is a mode letter, a difficulty letter and a version".into(),
            ));
        }
        let mode = ModeId::from_letter(head[0]).ok_or(CodeError::UnknownMode(head[0]))?;
        let tier = Tier::ALL
            .into_iter()
            .find(|&t| tier_letter(t) == head[1])
            .ok_or(CodeError::UnknownTier(head[1]))?;
        let versions: String = head[2..].iter().collect();
        let (format, generator) = match versions.split_once('.') {
            Some((format, generator)) => (
                version_number(format, "format")?,
                Some(version_number(generator, "generator version")?),
            ),
            None => (version_number(&versions, "format")?, None),
        };
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
        match (format, generator) {
            (1, None) => {
                let code = Self {
                    mode,
                    tier,
                    generator: 1,
                    params,
                    seed,
                };
                let expected = check_v1(&code.body(1));
                if check.chars().count() != 1
                    || digit(check.chars().next().unwrap_or(' ')) != digit(expected)
                {
                    return Err(CodeError::BadCheck);
                }
                Ok(code)
            }
            (2, Some(generator)) => {
                if check.chars().count() != 2 || check.chars().any(|c| digit(c).is_none()) {
                    return Err(CodeError::BadCheck);
                }
                // The check is over the text as typed, look-alikes read as what they stand for.
                let typed_body: String = groups[..groups.len() - 1]
                    .iter()
                    .enumerate()
                    .map(|(i, g)| match i {
                        0 => g
                            .chars()
                            .take(2)
                            .chain(g.chars().skip(2).map(canonical))
                            .collect(),
                        _ => g.chars().map(canonical).collect::<String>(),
                    })
                    .collect::<Vec<_>>()
                    .join("-");
                let check: String = check.chars().map(canonical).collect();
                if check_v2(&typed_body) != check {
                    return Err(CodeError::BadCheck);
                }
                Ok(Self {
                    mode,
                    tier,
                    generator,
                    params,
                    seed,
                })
            }
            (1 | 2, _) => Err(CodeError::Malformed(format!(
                "expected a first group like {}",
                &EXAMPLE[..5]
            ))),
            (other, _) => Err(CodeError::UnsupportedVersion(other)),
        }
    }

    /// Everything before the check, in `format`.
    fn body(&self, format: u8) -> String {
        let head = match format {
            1 => format!("{}{}1", self.mode.spec().letter, tier_letter(self.tier)),
            _ => format!(
                "{}{}{format}.{}",
                self.mode.spec().letter,
                tier_letter(self.tier),
                self.generator
            ),
        };
        let mut body = format!("{head}-{}", base32(self.seed, SEED_CHARS));
        if self.params != 0 {
            body.push('-');
            body.push_str(base32(u64::from(self.params), 7).trim_start_matches('0'));
        }
        body
    }

    /// The code in format 1, as builds before format 2 wrote it (for tests of old codes).
    pub fn to_format1(&self) -> String {
        let body = self.body(1);
        format!("{body}-{}", check_v1(&body))
    }
}

impl fmt::Display for LevelCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let body = self.body(FORMAT_VERSION);
        write!(f, "{body}-{}", check_v2(&body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_is_a_code_of_the_mode_and_tier_asked_that_this_build_reads() {
        for &mode in ModeId::ALL {
            let shown = LevelCode::example(mode, Tier::Hard);
            let code = LevelCode::parse(&shown).unwrap();
            assert_eq!((code.mode, code.tier), (mode, Tier::Hard), "{shown}");
            assert!(shown.contains("-8K2MQ9XA-"), "{shown}");
        }
    }

    #[test]
    fn round_trips_every_mode_and_tier() {
        for &mode in ModeId::ALL {
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
        assert!(text.starts_with("TE2.1-0000001A-"), "{text}");
        assert_eq!(text.len(), "TE2.1-0000001A-XX".len());
        let lines = LevelCode::new(ModeId::Lines, Tier::Expert, 0, 0);
        let example = LevelCode::parse(EXAMPLE).unwrap();
        assert_eq!(
            (
                example.mode,
                example.tier,
                example.generator,
                example.params
            ),
            (ModeId::Lines, Tier::Expert, lines.generator, 0)
        );
        assert_eq!(example.to_string(), EXAMPLE);
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
        let spaced = text.replace('-', " - ");
        assert_eq!(LevelCode::parse(&spaced), Ok(code), "{spaced}");
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
            LevelCode::parse("QE2.1-00000019-XX"),
            Err(CodeError::UnknownMode('Q'))
        );
        assert_eq!(
            LevelCode::parse("TQ2.1-00000019-XX"),
            Err(CodeError::UnknownTier('Q'))
        );
        assert_eq!(
            LevelCode::parse("TE9-00000019-X"),
            Err(CodeError::UnsupportedVersion(9))
        );
        for bad in [
            "TE2.1-0019-XX",
            "TE2.1-0000001!-XX",
            "TE2-00000019-XX",
            "TE1.1-00000019-X",
            "TE2.A-00000019-XX",
        ] {
            assert!(
                matches!(LevelCode::parse(bad), Err(CodeError::Malformed(_))),
                "{bad}: {:?}",
                LevelCode::parse(bad)
            );
        }
        // Not a code's shape at all (it may be a level text or a word).
        for other in ["hello", "TÉ2.1-00000019-XX", "TV1-ABC"] {
            assert!(
                matches!(LevelCode::parse(other), Err(CodeError::Unshaped(_))),
                "{other}: {:?}",
                LevelCode::parse(other)
            );
        }
        for e in [
            CodeError::Empty,
            CodeError::BadCheck,
            CodeError::UnsupportedVersion(3),
            CodeError::UnknownMode('Q'),
        ] {
            assert!(!e.to_string().is_empty());
        }
        assert!(
            CodeError::UnknownMode('Q')
                .to_string()
                .contains("T, L, S, R, C, V")
        );
    }

    #[test]
    fn format_1_codes_still_read_as_generator_version_1() {
        for &mode in ModeId::ALL {
            let code = LevelCode {
                generator: 1,
                ..LevelCode::new(mode, Tier::Medium, 0, 77)
            };
            let old = code.to_format1();
            assert!(
                old.starts_with(&format!("{}M1-", mode.spec().letter)),
                "{old}"
            );
            if mode.spec().generator == 1 {
                assert_eq!(LevelCode::parse(&old), Ok(code), "{old}");
                // Written out again, it is the same level in format 2.
                assert_eq!(LevelCode::parse(&code.to_string()), Ok(code));
            } else {
                let err = LevelCode::parse(&old).unwrap_err();
                assert!(
                    matches!(err, CodeError::OldGenerator { made_by: 1, .. }),
                    "{old}"
                );
                assert!(err.to_string().contains("older version of the"), "{err}");
            }
        }
        // A format-1 code from before format 2, as the README printed it.
        let tilt = LevelCode::parse("TE1-8K2MQ9XA-6").unwrap();
        assert_eq!((tilt.mode, tilt.generator), (ModeId::Tilt, 1));
    }

    #[test]
    fn other_generator_versions_are_refused_with_the_reason() {
        let code = LevelCode::new(ModeId::Climb, Tier::Hard, 0, 9);
        let newer = LevelCode {
            generator: code.generator + 1,
            ..code
        };
        let err = LevelCode::parse(&newer.to_string()).unwrap_err();
        assert!(matches!(err, CodeError::NewerGenerator { .. }), "{err:?}");
        assert!(err.to_string().contains("newer version"), "{err}");
    }

    /// Every code text a single change or neighbour swap makes from `text`: the variants and
    /// whether they are the same code (a look-alike letter, or a case change).
    fn typos(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let candidates: Vec<char> = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.-".chars().collect();
        for i in 0..chars.len() {
            for &c in &candidates {
                if c != chars[i] {
                    let mut typo = chars.clone();
                    typo[i] = c;
                    out.push(typo.into_iter().collect());
                }
            }
            if i + 1 < chars.len() && chars[i] != chars[i + 1] {
                let mut typo = chars.clone();
                typo.swap(i, i + 1);
                out.push(typo.into_iter().collect());
            }
        }
        out
    }

    #[test]
    fn every_single_substitution_and_neighbour_swap_is_caught() {
        let mut tried = 0;
        for n in 0..1000u64 {
            let mode = ModeId::ALL[n as usize % ModeId::ALL.len()];
            let tier = Tier::ALL[(n / 7) as usize % 4];
            let params = if n % 5 == 0 { (n as u32) * 37 + 1 } else { 0 };
            let seed = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 24;
            let code = LevelCode::new(mode, tier, params, seed);
            let text = code.to_string();
            for typo in typos(&text) {
                tried += 1;
                // A typo either fails or, being a look-alike of the same text, reads as the
                // same code: it never opens another level.
                match LevelCode::read(&typo) {
                    Err(_) => {}
                    Ok(read) => assert_eq!(read, code, "{text} -> {typo} opens another code"),
                }
            }
        }
        assert!(tried > 500_000, "{tried}");
    }
}
