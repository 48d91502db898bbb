//! Level texts: a whole level as text, to share what a seed cannot (an edited level, or any
//! curated or fresh one). `TV1-8K2MQ-9XA7B-…-Q3` is a Tilt level (`T`), level text (`V`),
//! format 1, then the level's contents in Crockford's base 32 in groups of five for reading,
//! then two check characters. Each mode that has level texts says in its mode table entry
//! how its levels turn into bits and back ([`TextCodec`]); most write their rows of characters
//! ([`bits::put_rows`]).
//!
//! The check is the level codes' (weighted sum of the characters' values a multiple of 1021),
//! so a single mistyped character or two swapped neighbours are caught; Crockford's look-alikes
//! (O, I, L, U) read as what they stand for. A text whose level cannot be solved is refused with
//! the reason, like one that does not read.

pub mod bits;

use crate::code::{ALPHABET, canonical, check_v2, digit};
use crate::mill::AnyLevel;
use crate::mode::ModeId;
use crate::puzzle::{Puzzle, Rate, Rating};
use crate::solve::{SearchLimit, SolveOutcome};
use bits::{BitReader, BitWriter};
use std::fmt;

/// The level-text format this build writes and reads.
pub const TEXT_FORMAT: u32 = 1;
/// Payload characters per group.
const GROUP: usize = 5;

/// How a mode writes its levels as level texts (its mode table entry's `text`).
#[derive(Clone, Copy, Debug)]
pub struct TextCodec {
    /// Writes a level of the mode; `None` if it is another mode's or does not fit the format.
    pub write: fn(&AnyLevel, &mut BitWriter) -> Option<()>,
    /// Reads a level back, or says what is wrong with it.
    pub read: fn(&mut BitReader) -> Result<AnyLevel, String>,
    /// The length of a shortest solution, found within the default search limit; or why the
    /// level cannot be shown solvable.
    pub solvable: fn(&AnyLevel) -> Result<u32, String>,
    /// The mode's rating of a level, `None` where the rater cannot prove it solvable.
    pub rate: fn(&AnyLevel) -> Option<Rating>,
}

/// Why a text is not a level this build can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// Not a level text at all.
    Malformed(String),
    /// The first letter names no mode.
    UnknownMode(char),
    /// The mode has no level texts.
    NoTexts(ModeId),
    /// A format this build does not read.
    UnsupportedFormat(u32),
    /// The check characters do not match: a typo somewhere.
    BadCheck,
    /// The last group is not two check characters: the text was cut short (a copy that lost
    /// its end).
    CutShort,
    /// The contents do not make a level of the mode.
    BadLevel(String),
    /// The level cannot be solved.
    Unsolvable(String),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed(what) => write!(f, "that is not a level text: {what}"),
            Self::UnknownMode(c) => write!(f, "'{c}' is not a mode letter"),
            Self::NoTexts(mode) => write!(f, "{mode} levels cannot be shared as text"),
            Self::UnsupportedFormat(v) => write!(
                f,
                "this level text uses format {v}; this version of the game reads format \
                 {TEXT_FORMAT}"
            ),
            Self::BadCheck => write!(
                f,
                "the level text does not check out; look for a mistyped character"
            ),
            Self::CutShort => write!(
                f,
                "the level text ends early (it ends in two check characters after a dash); copy \
                 it whole"
            ),
            Self::BadLevel(why) => write!(f, "the level text does not make a level: {why}"),
            Self::Unsolvable(why) => write!(f, "the level is refused: {why}"),
        }
    }
}

impl std::error::Error for TextError {}

/// Whether `text` has the shape of a level text (a mode letter, then `V`), not of a level code.
pub fn is_level_text(text: &str) -> bool {
    let mut chars = text.trim().chars().map(|c| c.to_ascii_uppercase());
    matches!((chars.next(), chars.next()), (Some(m), Some('V')) if ModeId::from_letter(m).is_some())
}

/// The level text `text` holds, written as [`encode`] writes it, where `text` reads as a level
/// text written another way (spaced, lower case, wrapped by a chat); `None` otherwise. A level
/// opened from its text is kept under that text (places, the history).
pub fn rewritten(text: &str) -> Option<String> {
    // Written as this build writes texts already (upper case, no spaces, no look-alikes; the
    // check covers the groups): nothing to read. A history holds up to a thousand.
    let mut chars = text.chars();
    let as_written = chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c == '-' || (!c.is_whitespace() && canonical(c) == c));
    if as_written || !is_level_text(text) {
        return None;
    }
    let (mode, level) = read(text).ok()?;
    let again = encode(mode, &level).ok()?;
    (again != text).then_some(again)
}

/// The level text of `level`, a level of `mode`.
pub fn encode(mode: ModeId, level: &AnyLevel) -> Result<String, TextError> {
    let codec = mode.spec().text.ok_or(TextError::NoTexts(mode))?;
    let mut w = BitWriter::default();
    (codec.write)(level, &mut w).ok_or_else(|| {
        TextError::BadLevel(format!("this is not a {mode} level a text can hold"))
    })?;
    let payload: String = w
        .digits()
        .iter()
        .map(|&d| ALPHABET[usize::from(d)] as char)
        .collect();
    let groups: Vec<&str> = payload
        .as_bytes()
        .chunks(GROUP)
        .map(|c| std::str::from_utf8(c).expect("ASCII"))
        .collect();
    let body = format!("{}V{TEXT_FORMAT}-{}", mode.spec().letter, groups.join("-"));
    let check = check_v2(&body);
    Ok(format!("{body}-{check}"))
}

/// The mode and level a text holds, checked solvable, or what is wrong with it.
pub fn decode(text: &str) -> Result<(ModeId, AnyLevel), TextError> {
    decode_solved(text).map(|(mode, level, _)| (mode, level))
}

/// As [`decode`], with the length of a shortest solution the check found (so that whoever
/// plays the level need not solve it again).
pub fn decode_solved(text: &str) -> Result<(ModeId, AnyLevel, u32), TextError> {
    let (mode, level) = read(text)?;
    let optimum = check_solvable(mode, &level)?;
    Ok((mode, level, optimum))
}

/// The check [`decode_solved`] makes of a level [`read`] gave: the length of a shortest
/// solution, or why the level is refused. It may search for seconds (a game runs it off the
/// frame).
pub fn check_solvable(mode: ModeId, level: &AnyLevel) -> Result<u32, TextError> {
    let codec = mode.spec().text.ok_or(TextError::NoTexts(mode))?;
    (codec.solvable)(level).map_err(TextError::Unsolvable)
}

/// What the check a game makes before it plays a shared level found: the length of a shortest
/// solution, and the mode's rating (its tier and score for the HUD and the history).
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Moves in a shortest solution.
    pub optimum: u32,
    /// The rater's verdict, `None` where it cannot prove the level within its limits.
    pub rating: Option<Rating>,
}

/// [`check_solvable`], then the mode's rating of a level that passes: all a game needs before
/// it plays a shared level, found off the frame (the rating may search as long as the check).
pub fn check_and_rate(mode: ModeId, level: &AnyLevel) -> Result<Checked, TextError> {
    let optimum = check_solvable(mode, level)?;
    let codec = mode.spec().text.ok_or(TextError::NoTexts(mode))?;
    Ok(Checked {
        optimum,
        rating: (codec.rate)(level),
    })
}

/// The mode and level a text holds, not yet checked solvable: every mistake in the text but an
/// unsolvable level is found here, at once.
pub fn read(text: &str) -> Result<(ModeId, AnyLevel), TextError> {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if !cleaned.is_ascii() {
        return Err(TextError::Malformed(
            "level texts hold only letters, digits and '-'".into(),
        ));
    }
    let groups: Vec<&str> = cleaned.split('-').collect();
    if groups.len() < 3 {
        return Err(TextError::Malformed(
            "expected a head like TV1, groups of five and a check".into(),
        ));
    }
    let head: Vec<char> = groups[0].chars().collect();
    if head.len() < 3 || head[1] != 'V' {
        return Err(TextError::Malformed(
            "the first group is a mode letter, V and a format number".into(),
        ));
    }
    let mode = ModeId::from_letter(head[0]).ok_or(TextError::UnknownMode(head[0]))?;
    let format: String = head[2..].iter().map(|&c| canonical(c)).collect();
    let format: u32 = format
        .parse()
        .map_err(|_| TextError::Malformed("the format after V should be a number".into()))?;
    if format != TEXT_FORMAT {
        return Err(TextError::UnsupportedFormat(format));
    }
    let codec = mode.spec().text.ok_or(TextError::NoTexts(mode))?;
    let check = groups[groups.len() - 1];
    let payload = &groups[1..groups.len() - 1];
    let mut digits = Vec::new();
    for (g, group) in payload.iter().enumerate() {
        if group.is_empty() || group.len() > GROUP {
            return Err(TextError::Malformed(format!(
                "group {} has {} characters; groups have up to {GROUP}",
                g + 2,
                group.len()
            )));
        }
        for c in group.chars() {
            let d = digit(c).ok_or_else(|| {
                TextError::Malformed(format!("'{c}' cannot appear in a level text"))
            })?;
            digits.push(d as u8);
        }
    }
    let typed_body = format!(
        "{}V{format}-{}",
        head[0],
        payload
            .iter()
            .map(|g| g.chars().map(canonical).collect::<String>())
            .collect::<Vec<_>>()
            .join("-")
    );
    let check: String = check.chars().map(canonical).collect();
    if check.chars().count() != 2 {
        return Err(TextError::CutShort);
    }
    if check_v2(&typed_body) != check {
        return Err(TextError::BadCheck);
    }
    let mut reader = BitReader::new(&digits);
    let level = (codec.read)(&mut reader).map_err(TextError::BadLevel)?;
    reader.finish().map_err(TextError::BadLevel)?;
    Ok((mode, level))
}

/// A mode's `rate`: the level rated by the rules `P`; `None` for another mode's level.
pub fn rated<P: Rate>(level: &AnyLevel) -> Option<Rating>
where
    P::Level: 'static,
{
    P::rate(level.downcast_ref::<P::Level>()?)
}

/// A mode's `solvable`: the level of rules `P` solved within the default search limit, and the
/// length of the shortest solution.
pub fn solvable<P: Puzzle>(level: &AnyLevel) -> Result<u32, String>
where
    P::Level: 'static,
{
    let level = level
        .downcast_ref::<P::Level>()
        .ok_or("a level of another mode")?;
    match P::solve(level, &P::start(level), SearchLimit::DEFAULT) {
        SolveOutcome::Solved(moves) if moves.is_empty() => Err("it is solved already".into()),
        SolveOutcome::Solved(moves) => Ok(moves.len() as u32),
        SolveOutcome::Unsolvable => Err("it cannot be solved".into()),
        SolveOutcome::LimitReached { states } => Err(format!(
            "no solution was found within {states} positions, so it cannot be shown to be \
             solvable"
        )),
    }
}
