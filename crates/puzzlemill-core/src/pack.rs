//! Curated level packs: RON files in `levels/`, one pack per file, listed in `levels/packs.ron`.
//!
//! A pack that cannot be read gives a [`FileError`] naming the file, the line and column where RON
//! parsing failed (or the level that failed validation) and what is wrong. The game shows it and
//! goes on without that pack.

use crate::mode::ModeId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// The file listing every pack, relative to `levels/`.
pub const INDEX_FILE: &str = "packs.ron";

/// One entry of `levels/packs.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackRef {
    /// The mode whose rules the pack's levels follow.
    pub mode: ModeId,
    /// Path of the pack file, relative to `levels/`.
    pub file: String,
}

/// A pack file as written on disk; `T` is the mode's level entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackFile<T> {
    /// The pack's title.
    pub name: String,
    /// The mode the levels are for.
    pub mode: ModeId,
    /// A line shown under the title.
    #[serde(default)]
    pub description: String,
    /// The levels, in playing order.
    pub levels: Vec<T>,
}

/// A level entry that can be turned into a playable level.
pub trait PackEntry {
    /// The mode's level type.
    type Level;
    /// The level's title.
    fn name(&self) -> &str;
    /// Validates the entry and builds the level, or says what is wrong with it.
    fn build(&self) -> Result<Self::Level, String>;
    /// The line a lesson board shows on the board (what the new thing does), if it has one.
    fn intro(&self) -> Option<&str> {
        None
    }
    /// The code of the generated level the entry names, if it names one (the code shares it).
    fn code(&self) -> Option<&str> {
        None
    }
}

/// A validated pack.
#[derive(Clone, Debug)]
pub struct Pack<L> {
    /// Where the pack came from, relative to `levels/` (also its key in save records).
    pub file: String,
    /// The pack's title.
    pub name: String,
    /// The mode the levels are for.
    pub mode: ModeId,
    /// A line shown under the title.
    pub description: String,
    /// Titles and levels, in playing order.
    pub levels: Vec<(String, L)>,
    /// Per level, the line a lesson board shows, if any.
    pub intros: Vec<Option<String>>,
    /// Per level, the code of the generated level it is, if the pack names it by its code.
    pub codes: Vec<Option<String>>,
}

/// What is wrong with a level or pack file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file, as the player or maintainer would find it.
    pub file: String,
    /// 1-based line and column, when the error has a position in the text.
    pub position: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for FileError {}

/// Parses RON text, turning a syntax or type error into a [`FileError`] with its position.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, FileError> {
    ron::from_str(text).map_err(|e| FileError {
        file: file.to_string(),
        position: Some((e.span.start.line, e.span.start.col)),
        message: e.code.to_string(),
    })
}

/// The mode a pack file names, read before its levels.
pub fn mode_of(file: &str, text: &str) -> Result<ModeId, FileError> {
    #[derive(Deserialize)]
    struct ModeOnly {
        mode: ModeId,
    }
    parse_ron::<ModeOnly>(file, text).map(|m| m.mode)
}

/// Parses the pack index.
pub fn parse_index(file: &str, text: &str) -> Result<Vec<PackRef>, FileError> {
    parse_ron(file, text)
}

/// Parses and validates a pack whose levels are entries of type `E`.
pub fn parse_pack<E: PackEntry + DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<Pack<E::Level>, FileError> {
    let raw: PackFile<E> = parse_ron(file, text)?;
    if raw.levels.is_empty() {
        return Err(FileError {
            file: file.to_string(),
            position: None,
            message: "the pack has no levels".into(),
        });
    }
    let mut levels = Vec::with_capacity(raw.levels.len());
    for (index, entry) in raw.levels.iter().enumerate() {
        let level = entry.build().map_err(|message| FileError {
            file: file.to_string(),
            position: None,
            message: format!("level {} \"{}\": {message}", index + 1, entry.name()),
        })?;
        levels.push((entry.name().to_string(), level));
    }
    Ok(Pack {
        file: file.to_string(),
        name: raw.name,
        mode: raw.mode,
        description: raw.description,
        levels,
        intros: raw
            .levels
            .iter()
            .map(|e| e.intro().map(str::to_string))
            .collect(),
        codes: raw
            .levels
            .iter()
            .map(|e| e.code().map(str::to_string))
            .collect(),
    })
}

/// A validated pack of any mode, its levels behind `dyn Any` (as `Pack<Level>` of the mode's level
/// type): what the game's library holds and the mode that owns the pack downcasts.
#[derive(Clone)]
pub struct AnyPack {
    /// The pack's title.
    pub name: String,
    /// The mode named inside the file.
    pub mode: ModeId,
    /// A line shown under the title.
    pub description: String,
    /// Level titles in order.
    pub level_names: Vec<String>,
    /// Per level, the line a lesson board shows, if any.
    pub intros: Vec<Option<String>>,
    /// Per level, the code of the generated level it is, if the pack names it by its code.
    pub codes: Vec<Option<String>>,
    /// The mode's own parsed pack, a `Pack<Level>`.
    pub levels: Arc<dyn Any + Send + Sync>,
}

/// Parses and validates a pack whose levels are entries of type `E`, with the level type erased:
/// the parser a mode's [`ModeSpec`](crate::ModeSpec) names.
pub fn parse_any<E>(file: &str, text: &str) -> Result<AnyPack, FileError>
where
    E: PackEntry + DeserializeOwned,
    E::Level: Send + Sync + 'static,
{
    let parsed: Pack<E::Level> = parse_pack::<E>(file, text)?;
    Ok(AnyPack {
        name: parsed.name.clone(),
        mode: parsed.mode,
        description: parsed.description.clone(),
        level_names: parsed.levels.iter().map(|(name, _)| name.clone()).collect(),
        intros: parsed.intros.clone(),
        codes: parsed.codes.clone(),
        levels: Arc::new(parsed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tilt::LevelEntry;

    const GOOD: &str = r######"(
        name: "Test pack",
        mode: Tilt,
        levels: [
            (name: "One", rows: ["#####", "#a..#", "#...#", "#..a#", "#####"], optimum: 2),
        ],
    )"######;

    #[test]
    fn parses_a_good_pack() {
        let pack = parse_pack::<LevelEntry>("test.ron", GOOD).unwrap();
        assert_eq!(pack.name, "Test pack");
        assert_eq!(pack.mode, ModeId::Tilt);
        assert_eq!(pack.levels.len(), 1);
        assert_eq!(pack.levels[0].0, "One");
    }

    #[test]
    fn a_syntax_error_names_file_line_and_column() {
        let broken = GOOD.replace("mode: Tilt,", "mode: Tilt");
        let err = parse_pack::<LevelEntry>("tilt/broken.ron", &broken).unwrap_err();
        assert_eq!(err.file, "tilt/broken.ron");
        let (line, _) = err.position.expect("a syntax error has a position");
        assert_eq!(line, 4, "{err}");
        assert!(err.to_string().starts_with("tilt/broken.ron:4:"), "{err}");
    }

    #[test]
    fn an_invalid_level_names_the_level_and_the_problem() {
        let broken = GOOD.replace("\"#a..#\"", "\"#a.#\"");
        let err = parse_pack::<LevelEntry>("p.ron", &broken).unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.ron: level 1 \"One\": row 2 has 4 cells, expected 5"
        );
    }

    #[test]
    fn an_unknown_mode_is_an_error_not_a_panic() {
        let err = parse_pack::<LevelEntry>("p.ron", &GOOD.replace("Tilt", "Chess")).unwrap_err();
        assert!(err.message.contains("Chess"), "{err}");
    }

    #[test]
    fn an_empty_pack_is_refused() {
        let text = "(name: \"Empty\", mode: Tilt, levels: [])";
        assert!(
            parse_pack::<LevelEntry>("e.ron", text)
                .unwrap_err()
                .message
                .contains("no levels")
        );
    }
}
