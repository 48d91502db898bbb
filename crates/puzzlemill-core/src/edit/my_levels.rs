//! "My levels": the levels a player saved from an editor (or from a level text someone shared),
//! for every mode that has an editor, in one versioned save record. Each is kept as its level
//! text, so a level is the same bits wherever it goes; the game lists each mode's as a pack after
//! the curated ones. A mode's levels go out as a pack file of the mode (the format of `levels/`,
//! so it can join the curated packs too) and come in from one; a deleted level can be put back.

use super::PackMeta;
use super::drafts::{MAX_NAME, Renamed, cut_name};
use crate::level_text;
use crate::mill::AnyLevel;
use crate::mode::ModeId;
use crate::pack::AnyPack;
use crate::puzzle::Rating;
use crate::storage::Versioned;
use crate::tier::Tier;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The record the levels are saved under.
pub const MY_LEVELS_FILE: &str = "my-levels.ron";
/// The title of each mode's pack of them.
pub const PACK_NAME: &str = "My levels";

/// The pack key of `mode`'s levels in the library and in progress records (Tilt's is the key
/// its editor's pack had before the other editors, so its records still apply).
pub fn pack_key(mode: ModeId) -> String {
    format!("user/my-{}-levels.ron", mode.key())
}

/// The file name a mode's levels are exported as.
pub fn export_name(mode: ModeId) -> String {
    numbered_export_name(mode, 1)
}

/// The `n`th name for a mode's exports, from 1: [`export_name`], then `my-tilt-levels-2.ron` and
/// on (a different export never writes over an earlier one).
pub fn numbered_export_name(mode: ModeId, n: usize) -> String {
    match n {
        0 | 1 => format!("my-{}-levels.ron", mode.key()),
        n => format!("my-{}-levels-{n}.ron", mode.key()),
    }
}

/// What the rater said of a saved level.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRating {
    /// Its tier.
    pub tier: Tier,
    /// Its score.
    pub score: f64,
    /// Moves in a shortest solution, where the mode counts moves.
    pub optimum: Option<u32>,
}

impl From<&Rating> for SavedRating {
    fn from(r: &Rating) -> Self {
        Self {
            tier: r.tier,
            score: r.score,
            optimum: r.optimum,
        }
    }
}

/// The rating of a saved level of `mode` with level text `text` (a level imported, or kept from
/// before levels were rated), from the check a shared level gets before play
/// ([`level_text::check_and_rate`]): `None` where the text does not read as a level of `mode`,
/// the level cannot be shown solvable, or the rater cannot prove it. It may search for seconds.
pub fn rating_of(mode: ModeId, text: &str) -> Option<SavedRating> {
    match level_text::read(text) {
        Ok((read, level)) if read == mode => {
            let checked = level_text::check_and_rate(mode, &level).ok()?;
            checked.rating.as_ref().map(Into::into)
        }
        _ => None,
    }
}

/// One saved level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyLevel {
    /// Its mode.
    pub mode: ModeId,
    /// Its name, distinct within the mode.
    pub name: String,
    /// Its level text.
    pub text: String,
    /// What the rater said when it was saved, if it rated.
    #[serde(default)]
    pub rating: Option<SavedRating>,
}

impl MyLevel {
    /// Its level, read back from its text (checked solvable), or why not.
    pub fn level(&self) -> Result<AnyLevel, String> {
        match level_text::decode(&self.text) {
            Ok((mode, level)) if mode == self.mode => Ok(level),
            Ok((mode, _)) => Err(format!("its text is a {mode} level")),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Levels already read back from their texts (reading one proves it solvable, which can take a
/// moment), by mode and text.
#[derive(Clone, Debug, Default)]
pub struct ReadLevels(HashMap<(ModeId, String), Result<AnyLevel, String>>);

/// Every saved level, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyLevels {
    /// The save format.
    #[serde(default)]
    pub version: u32,
    /// The levels.
    #[serde(default)]
    pub levels: Vec<MyLevel>,
}

impl Default for MyLevels {
    fn default() -> Self {
        Self {
            version: Self::VERSION,
            levels: Vec::new(),
        }
    }
}

impl Versioned for MyLevels {
    const VERSION: u32 = 1;
    fn upgrade(&mut self, _from: u32) {
        self.version = Self::VERSION;
    }
}

/// `wanted`, or `wanted 2`, `wanted 3`, ... so that no name in `taken` repeats; at most
/// [`MAX_NAME`] characters (a longer wanted name is cut, before its number).
pub fn unique_name(taken: &[&str], wanted: &str) -> String {
    let wanted = wanted.trim();
    let wanted = if wanted.is_empty() {
        "My level"
    } else {
        wanted
    };
    let free = |n: &str| !taken.contains(&n);
    let whole = cut_name(wanted, MAX_NAME);
    if free(&whole) {
        return whole;
    }
    (2..)
        .map(|i: usize| {
            let number = format!(" {i}");
            cut_name(wanted, MAX_NAME - number.len()) + &number
        })
        .find(|n| free(n))
        .unwrap_or_default()
}

impl MyLevels {
    /// The levels of `mode` with their index in [`MyLevels::levels`].
    pub fn of_mode(&self, mode: ModeId) -> impl Iterator<Item = (usize, &MyLevel)> {
        self.levels
            .iter()
            .enumerate()
            .filter(move |(_, l)| l.mode == mode)
    }

    /// The names of `mode`'s levels.
    pub fn names(&self, mode: ModeId) -> Vec<&str> {
        self.of_mode(mode).map(|(_, l)| l.name.as_str()).collect()
    }

    /// The name of `mode`'s level with level text `text`, where My levels holds it.
    pub fn held_as(&self, mode: ModeId, text: &str) -> Option<String> {
        self.of_mode(mode)
            .find(|(_, l)| l.text == text)
            .map(|(_, l)| l.name.clone())
    }

    /// Adds a level of `mode` under `wanted` (or a numbered variant of it); returns the name.
    pub fn add(
        &mut self,
        mode: ModeId,
        wanted: &str,
        text: String,
        rating: Option<SavedRating>,
    ) -> String {
        let name = unique_name(&self.names(mode), wanted);
        self.levels.push(MyLevel {
            mode,
            name: name.clone(),
            text,
            rating,
        });
        name
    }

    /// The levels with no rating yet (imported ones, until rated), oldest first.
    pub fn unrated(&self) -> impl Iterator<Item = &MyLevel> {
        self.levels.iter().filter(|l| l.rating.is_none())
    }

    /// Gives `rating` to the unrated levels of `mode` with level text `text` (found by text: a
    /// level may be renamed while it is rated, and one changed since has another text); true
    /// where one took it.
    pub fn rate(&mut self, mode: ModeId, text: &str, rating: SavedRating) -> bool {
        let mut rated = false;
        for level in (self.levels.iter_mut())
            .filter(|l| l.mode == mode && l.text == text && l.rating.is_none())
        {
            level.rating = Some(rating);
            rated = true;
        }
        rated
    }

    /// Puts `text` (and its rating) in place of the level of `mode` named `name`, where it
    /// stands in the list; false if there is none.
    pub fn update(
        &mut self,
        mode: ModeId,
        name: &str,
        text: String,
        rating: Option<SavedRating>,
    ) -> bool {
        match self
            .levels
            .iter_mut()
            .find(|l| l.mode == mode && l.name == name)
        {
            Some(level) => {
                level.text = text;
                level.rating = rating;
                true
            }
            None => false,
        }
    }

    /// What saving a board of `mode` named `name` does: `(true, name)` where it updates that
    /// level (the board is it, `is_it`, and it is still there), else `(false, the name it is
    /// added under)`, as [`MyLevels::update`] and [`MyLevels::add`] do it.
    pub fn save_target(&self, mode: ModeId, name: &str, is_it: bool) -> (bool, String) {
        let names = self.names(mode);
        let name = name.trim();
        if is_it && names.contains(&name) {
            (true, name.to_string())
        } else {
            (false, unique_name(&names, name))
        }
    }

    /// Cuts each name longer than [`MAX_NAME`] characters (a file written before names were
    /// held to it), keeping names distinct within a mode; says which it renamed.
    pub fn tidy_names(&mut self) -> Vec<Renamed> {
        let mut renamed = Vec::new();
        for i in 0..self.levels.len() {
            if self.levels[i].name.chars().count() <= MAX_NAME {
                continue;
            }
            let mode = self.levels[i].mode;
            let taken: Vec<&str> = self
                .of_mode(mode)
                .filter(|&(j, _)| j != i)
                .map(|(_, l)| l.name.as_str())
                .collect();
            let to = unique_name(&taken, &self.levels[i].name);
            let from = std::mem::replace(&mut self.levels[i].name, to.clone());
            renamed.push(Renamed { mode, from, to });
        }
        renamed
    }

    /// Gives level `index` the name `wanted` (trimmed, at most [`MAX_NAME`] characters, and
    /// numbered where another level of its mode has it): what changed, `None` where the name is
    /// the same, or why not (no such level; a name without a letter or digit).
    pub fn rename(&mut self, index: usize, wanted: &str) -> Result<Option<Renamed>, String> {
        let level = self
            .levels
            .get(index)
            .ok_or("That level is no longer there.")?;
        let wanted = super::drafts::checked_name(wanted)?;
        let mode = level.mode;
        let taken: Vec<&str> = self
            .of_mode(mode)
            .filter(|&(j, _)| j != index)
            .map(|(_, l)| l.name.as_str())
            .collect();
        let to = unique_name(&taken, &wanted);
        if to == level.name {
            return Ok(None);
        }
        let from = std::mem::replace(&mut self.levels[index].name, to.clone());
        Ok(Some(Renamed { mode, from, to }))
    }

    /// Takes level `index` out; put it back with [`MyLevels::restore`].
    pub fn remove(&mut self, index: usize) -> Option<(usize, MyLevel)> {
        (index < self.levels.len()).then(|| (index, self.levels.remove(index)))
    }

    /// Puts a removed level back where it was (renamed if its name was taken meanwhile).
    pub fn restore(&mut self, (index, mut level): (usize, MyLevel)) -> String {
        level.name = unique_name(&self.names(level.mode), &level.name);
        let name = level.name.clone();
        self.levels.insert(index.min(self.levels.len()), level);
        name
    }

    /// The levels of `mode` that read, as a pack for the library (`None`: none do), and a line
    /// for each that does not.
    pub fn pack(&self, mode: ModeId) -> (Option<AnyPack>, Vec<String>) {
        self.pack_reading(mode, &mut ReadLevels::default())
    }

    /// As [`MyLevels::pack`], each text read (and solved) once for all calls given `read`.
    pub fn pack_reading(
        &self,
        mode: ModeId,
        read: &mut ReadLevels,
    ) -> (Option<AnyPack>, Vec<String>) {
        let mut problems = Vec::new();
        let mut levels = Vec::new();
        for (_, saved) in self.of_mode(mode) {
            let level = read
                .0
                .entry((saved.mode, saved.text.clone()))
                .or_insert_with(|| saved.level())
                .clone();
            match level {
                Ok(level) => levels.push((saved.name.clone(), level)),
                Err(why) => problems.push(format!("\"{}\" was left out: {why}", saved.name)),
            }
        }
        let Some(edit) = mode.spec().edit.filter(|_| !levels.is_empty()) else {
            return (None, problems);
        };
        let key = pack_key(mode);
        let meta = PackMeta {
            mode,
            file: &key,
            name: PACK_NAME,
            description: "Levels you made or saved.",
        };
        ((edit.pack_of)(meta, &levels), problems)
    }

    /// `mode`'s levels as a pack file of the mode (the format of `levels/`).
    pub fn export(&self, mode: ModeId) -> Result<String, String> {
        let mut entries = Vec::new();
        for (_, saved) in self.of_mode(mode) {
            let level = saved
                .level()
                .map_err(|e| format!("\"{}\": {e}", saved.name))?;
            let optimum = saved.rating.and_then(|r| r.optimum);
            let edit = mode
                .spec()
                .edit
                .ok_or(format!("{mode} has no levels of yours"))?;
            entries.push((edit.entry)(&level, optimum, &saved.name)?);
        }
        if entries.is_empty() {
            return Err(format!("there are no {mode} levels of yours to export"));
        }
        let quote = |s: &str| ron::to_string(s).map_err(|e| e.to_string());
        let mode_name = ron::to_string(&mode).map_err(|e| e.to_string())?;
        let mut out = format!(
            "(\n    name: {},\n    mode: {mode_name},\n    description: {},\n    levels: [\n",
            quote(PACK_NAME)?,
            quote("Levels made in Puzzlemill's editor.")?
        );
        for entry in entries {
            out.push_str(&format!("        {entry},\n"));
        }
        out.push_str("    ],\n)\n");
        Ok(out)
    }

    /// Adds every level of the pack file `text` (named `file` in messages) to the mode it names;
    /// returns the mode and what was added.
    pub fn import_any(&mut self, file: &str, text: &str) -> Result<(ModeId, Imported), String> {
        let mode = crate::pack::mode_of(file, text).map_err(|e| e.to_string())?;
        Ok((mode, self.import(mode, file, text)?))
    }

    /// Adds every level of the pack file `text` (named `file` in messages), which must be of
    /// `mode`, but those My levels holds already (the same level text): a file taken in twice
    /// adds nothing the second time. Nothing is added if any level fails.
    pub fn import(&mut self, mode: ModeId, file: &str, text: &str) -> Result<Imported, String> {
        let edit = mode
            .spec()
            .edit
            .ok_or(format!("{mode} has no levels of yours"))?;
        let pack = (mode.spec().parse_pack)(file, text).map_err(|e| e.to_string())?;
        if pack.mode != mode {
            return Err(format!("{file} is a {} pack, not {mode}", pack.mode));
        }
        let mut texts = Vec::new();
        for (name, level) in (edit.levels_of)(pack.levels.as_ref()) {
            let text =
                level_text::encode(mode, &level).map_err(|e| format!("{file}: \"{name}\": {e}"))?;
            level_text::decode(&text).map_err(|e| format!("{file}: \"{name}\": {e}"))?;
            texts.push((name, text));
        }
        let mut imported = Imported::default();
        for (name, text) in texts {
            if self.held_as(mode, &text).is_some() {
                imported.held.push(name);
            } else {
                imported.added.push(self.add(mode, &name, text, None));
            }
        }
        Ok(imported)
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// The names the file's new levels were added under.
    pub added: Vec<String>,
    /// The file's names for levels My levels holds already (left out).
    pub held: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level_text::encode;
    use crate::slide::SlideLevel;
    use std::sync::Arc;

    fn slide_text(rows: &[&str]) -> String {
        let level: AnyLevel = Arc::new(SlideLevel::from_rows(rows).unwrap());
        encode(ModeId::Slide, &level).unwrap()
    }

    #[test]
    fn names_stay_distinct_and_a_deleted_level_comes_back_where_it_was() {
        let mut mine = MyLevels::default();
        let text = slide_text(&["#####", "#b.o#", "#####"]);
        assert_eq!(mine.add(ModeId::Slide, "Ice", text.clone(), None), "Ice");
        assert_eq!(mine.add(ModeId::Slide, "Ice", text.clone(), None), "Ice 2");
        assert_eq!(mine.add(ModeId::Trio, "Ice", text.clone(), None), "Ice");
        assert_eq!(
            mine.add(ModeId::Slide, "  ", text.clone(), None),
            "My level"
        );
        let removed = mine.remove(0).unwrap();
        assert_eq!(mine.names(ModeId::Slide), ["Ice 2", "My level"]);
        assert_eq!(mine.restore(removed), "Ice");
        assert_eq!(mine.names(ModeId::Slide), ["Ice", "Ice 2", "My level"]);
        assert!(mine.remove(9).is_none());
        // An update keeps the level's name and place; a name no level of the mode has is none.
        let other = slide_text(&["######", "#b..o#", "######"]);
        assert!(mine.update(ModeId::Slide, "Ice 2", other.clone(), None));
        assert_eq!(mine.names(ModeId::Slide), ["Ice", "Ice 2", "My level"]);
        assert_eq!(mine.levels[1].text, other);
        assert!(!mine.update(ModeId::Slide, "Ice 3", other.clone(), None));
        assert!(!mine.update(ModeId::Tilt, "Ice", other, None));
        // What a save will do, as the editor's menu says it: update, or add under a free name.
        let target = |name, is_it| mine.save_target(ModeId::Slide, name, is_it);
        assert_eq!(target("Ice 2", true), (true, "Ice 2".to_string()));
        assert_eq!(target("Ice", false), (false, "Ice 3".to_string()));
        assert_eq!(target("Gone", true), (false, "Gone".to_string()));
        assert_eq!(target(" ", false), (false, "My level 2".to_string()));
    }

    #[test]
    fn a_long_name_is_held_to_the_name_box_s_length_and_a_kept_draft_still_updates_it() {
        let text = slide_text(&["#####", "#b.o#", "#####"]);
        let long = "Ice ".repeat(30);
        let mut mine = MyLevels::default();
        let first = mine.add(ModeId::Slide, &long, text.clone(), None);
        assert_eq!(first, cut_name(&long, MAX_NAME));
        assert_eq!(first.chars().count(), MAX_NAME - 1, "no space at the end");
        let second = mine.add(ModeId::Slide, &long, text.clone(), None);
        assert_eq!(second.chars().count(), MAX_NAME);
        assert!(second.ends_with(" 2") && second != first, "{second}");
        // A file from before: a long name, and one that its cut would repeat.
        let mut old = MyLevels::default();
        for name in [first.clone(), long.clone()] {
            old.levels.push(MyLevel {
                mode: ModeId::Slide,
                name,
                text: text.clone(),
                rating: None,
            });
        }
        let renamed = old.tidy_names();
        assert_eq!(renamed.len(), 1);
        assert_eq!(
            (renamed[0].from.as_str(), renamed[0].to.as_str()),
            (long.as_str(), second.as_str())
        );
        assert_eq!(old.names(ModeId::Slide), [first.as_str(), second.as_str()]);
        assert!(old.tidy_names().is_empty());
        // The editor kept a draft of the long-named level: saving it updates the level.
        let spec = ModeId::Slide.spec().edit.unwrap();
        let draft = (spec.blank)(5, 3);
        let kept = crate::edit::drafts::EditorDrafts {
            drafts: vec![crate::edit::drafts::DraftRecord::of(
                ModeId::Slide,
                draft.as_ref(),
                &long,
                Some(&long),
            )],
            ..Default::default()
        };
        let (back, problems) = kept.restore();
        assert!(problems.is_empty(), "{problems:?}");
        let is_it = back[0].saved_as.as_deref() == Some(back[0].name.trim());
        let mut tidied = MyLevels::default();
        tidied.levels.push(MyLevel {
            mode: ModeId::Slide,
            name: long.clone(),
            text: text.clone(),
            rating: None,
        });
        tidied.tidy_names();
        assert_eq!(
            tidied.save_target(ModeId::Slide, &back[0].name, is_it),
            (true, first)
        );
    }

    #[test]
    fn a_kept_draft_of_a_long_named_level_follows_it_when_its_cut_name_is_numbered() {
        use crate::edit::drafts::{DraftRecord, EditorDrafts};
        let text = |row: &str| slide_text(&["#####", row, "#####"]);
        let stem = "Ice ".repeat(25);
        let (one, two) = (format!("{stem}one"), format!("{stem}two"));
        let mut mine = MyLevels::default();
        for (name, row) in [(&one, "#b.o#"), (&two, "#bo.#")] {
            mine.levels.push(MyLevel {
                mode: ModeId::Slide,
                name: name.clone(),
                text: text(row),
                rating: None,
            });
        }
        // Both cut to the same 80 characters: the second is numbered.
        let renamed = mine.tidy_names();
        assert_eq!(renamed.len(), 2);
        let two_now = renamed[1].to.clone();
        assert!(two_now.ends_with(" 2"), "{two_now}");
        // The editor kept a board of the second under its old name.
        let spec = ModeId::Slide.spec().edit.unwrap();
        let draft = (spec.blank)(5, 3);
        let mut kept = EditorDrafts {
            drafts: vec![DraftRecord::of(
                ModeId::Slide,
                draft.as_ref(),
                &two,
                Some(&two),
            )],
            ..Default::default()
        };
        assert!(kept.follow(&renamed));
        let (back, problems) = kept.restore();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back[0].name, two_now);
        let is_it = back[0].saved_as.as_deref() == Some(back[0].name.trim());
        // Saving the board updates the second level, not the first.
        assert_eq!(
            mine.save_target(ModeId::Slide, &back[0].name, is_it),
            (true, two_now)
        );
        assert!(!kept.follow(&renamed), "followed once");
    }

    #[test]
    fn a_level_is_renamed_to_a_name_of_its_own_or_told_why_not() {
        let text = slide_text(&["#####", "#b.o#", "#####"]);
        let mut mine = MyLevels::default();
        mine.add(ModeId::Slide, "Ice", text.clone(), None);
        mine.add(ModeId::Slide, "Rock", text.clone(), None);
        mine.add(ModeId::Tilt, "Pear", text.clone(), None);
        let renamed = mine.rename(0, "  Glacier ").unwrap().unwrap();
        assert_eq!(
            (renamed.mode, renamed.from.as_str(), renamed.to.as_str()),
            (ModeId::Slide, "Ice", "Glacier")
        );
        // Another Slide level's name is numbered; a Tilt level's is free.
        assert_eq!(mine.rename(1, "Glacier").unwrap().unwrap().to, "Glacier 2");
        assert_eq!(mine.rename(1, "Pear").unwrap().unwrap().to, "Pear");
        assert_eq!(mine.rename(1, "Pear "), Ok(None), "the same name");
        let long = "Snow ".repeat(30);
        assert_eq!(
            mine.rename(0, &long).unwrap().unwrap().to.chars().count(),
            MAX_NAME - 1
        );
        for bare in ["   ", "!!!", ""] {
            assert_eq!(
                mine.rename(0, bare).unwrap_err(),
                "A name needs a letter or a digit."
            );
        }
        assert!(mine.rename(9, "Gone").is_err());
        assert_eq!(
            mine.names(ModeId::Slide),
            [cut_name(&long, MAX_NAME).as_str(), "Pear"]
        );
    }

    #[test]
    fn each_text_is_read_once_for_all_packs_given_the_same_reading() {
        let mut mine = MyLevels::default();
        let text = slide_text(&["#####", "#b.o#", "#####"]);
        mine.add(ModeId::Slide, "Ice", text.clone(), None);
        let mut read = ReadLevels::default();
        let (pack, problems) = mine.pack_reading(ModeId::Slide, &mut read);
        assert!(pack.is_some() && problems.is_empty());
        assert_eq!(read.0.len(), 1);
        // What was read is what the next pack takes, without reading the text again.
        read.0
            .insert((ModeId::Slide, text), Err("read before".into()));
        let (pack, problems) = mine.pack_reading(ModeId::Slide, &mut read);
        assert!(pack.is_none());
        assert_eq!(problems, ["\"Ice\" was left out: read before"]);
    }

    #[test]
    fn a_mode_s_levels_export_as_a_pack_file_that_imports_back() {
        let mut mine = MyLevels::default();
        mine.add(
            ModeId::Slide,
            "One \"flick\"",
            slide_text(&["#####", "#b.o#", "#####"]),
            None,
        );
        mine.add(
            ModeId::Slide,
            "Two",
            slide_text(&["######", "#b...#", "#...o#", "######"]),
            None,
        );
        let file = mine.export(ModeId::Slide).unwrap();
        // A pack file like the curated ones: the mode's parser reads it.
        let pack = (ModeId::Slide.spec().parse_pack)("mine.ron", &file).unwrap();
        assert_eq!(pack.level_names, ["One \"flick\"", "Two"]);
        assert!(file.contains("optimum:1"), "{file}");
        let mut other = MyLevels::default();
        other.add(
            ModeId::Slide,
            "Two",
            slide_text(&["#####", "#o.b#", "#####"]),
            None,
        );
        let imported = other.import(ModeId::Slide, "mine.ron", &file).unwrap();
        assert_eq!(imported.added, ["One \"flick\"", "Two 2"]);
        assert!(imported.held.is_empty());
        assert_eq!(other.levels[1].text, mine.levels[0].text, "the same level");
        // The same file again adds nothing: its levels are there.
        let again = other.import(ModeId::Slide, "mine.ron", &file).unwrap();
        assert!(again.added.is_empty(), "{again:?}");
        assert_eq!(again.held, ["One \"flick\"", "Two"]);
        assert_eq!(other.levels.len(), 3);
        let (listed, problems) = other.pack(ModeId::Slide);
        assert!(problems.is_empty());
        assert_eq!(listed.unwrap().level_names.len(), 3);
        assert!(other.pack(ModeId::Lines).0.is_none(), "no Lines levels");
        assert!(MyLevels::default().export(ModeId::Slide).is_err());
    }

    #[test]
    fn a_drawn_vault_exports_as_a_vault_pack_and_imports_back_as_the_same_text() {
        let rows = [
            "##########",
            "#.@.a##.X#",
            "#....11..#",
            "#....##..#",
            "##########",
        ];
        let level: AnyLevel = Arc::new(crate::vault::marks::from_marked(&rows).unwrap());
        let text = encode(ModeId::Vault, &level).unwrap();
        let mut mine = MyLevels::default();
        mine.add(ModeId::Vault, "Two rooms", text.clone(), None);
        let file = mine.export(ModeId::Vault).unwrap();
        let pack = (ModeId::Vault.spec().parse_pack)("mine.ron", &file).unwrap();
        assert_eq!(pack.level_names, ["Two rooms"]);
        assert!(file.contains("opens:[1]"), "{file}");
        let mut other = MyLevels::default();
        assert_eq!(
            other
                .import(ModeId::Vault, "mine.ron", &file)
                .unwrap()
                .added,
            ["Two rooms"]
        );
        assert_eq!(other.levels[0].text, text, "the same level");
    }

    #[test]
    fn a_broken_or_foreign_pack_file_is_refused_and_nothing_is_added() {
        let mut mine = MyLevels::default();
        let err = mine
            .import(
                ModeId::Slide,
                "bad.ron",
                "(name: \"x\", mode: Slide, levels: [",
            )
            .unwrap_err();
        assert!(err.starts_with("bad.ron:1:"), "{err}");
        let lines = "(name: \"x\", mode: Lines, levels: [(name: \"a\", rows: [\"  3  \"])])";
        assert!(mine.import(ModeId::Slide, "lines.ron", lines).is_err());
        // A drawn cave whose exit cannot be reached is refused, naming the file.
        let walled = "(name: \"x\", mode: Climb, levels: [(name: \"w\", \
            rows: [\"#######\", \"#S.#.E#\", \"#######\"])])";
        let err = mine.import_any("climb.ron", walled).unwrap_err();
        assert!(
            err.starts_with("climb.ron") && err.contains("cannot be reached"),
            "{err}"
        );
        // A level that cannot be solved is refused whole.
        let stuck = "(name: \"x\", mode: Slide, levels: [\
            (name: \"ok\", rows: [\"#####\", \"#b.o#\", \"#####\"], optimum: 1),\
            (name: \"stuck\", rows: [\"#######\", \"#b.o..#\", \"#######\"], optimum: 1)])";
        let err = mine.import(ModeId::Slide, "stuck.ron", stuck).unwrap_err();
        assert!(err.contains("stuck"), "{err}");
        assert!(mine.levels.is_empty());
        // A saved text that no longer reads is left out of the pack with its name.
        mine.levels.push(MyLevel {
            mode: ModeId::Slide,
            name: "Garbled".into(),
            text: "SV1-00000-00".into(),
            rating: None,
        });
        let (pack, problems) = mine.pack(ModeId::Slide);
        assert!(pack.is_none());
        assert!(problems[0].contains("Garbled"), "{problems:?}");
    }

    #[test]
    fn an_unrated_level_takes_the_rating_its_check_gives_by_its_text() {
        let mut mine = MyLevels::default();
        let text = slide_text(&["#####", "#b.o#", "#####"]);
        let other = slide_text(&["######", "#b..o#", "######"]);
        mine.add(ModeId::Slide, "Imported", text.clone(), None);
        mine.add(ModeId::Trio, "Same text", text.clone(), None);
        mine.add(ModeId::Slide, "Other", other.clone(), None);
        let rating = rating_of(ModeId::Slide, &text).expect("the check rates a Slide level");
        assert_eq!(rating.optimum, Some(1));
        // Not a level of the mode asked for, or no level at all: no rating.
        assert_eq!(rating_of(ModeId::Tilt, &text), None);
        assert_eq!(rating_of(ModeId::Slide, "SV1-00000-00"), None);
        assert_eq!(mine.unrated().count(), 3);
        assert!(mine.rate(ModeId::Slide, &text, rating));
        assert_eq!(mine.levels[0].rating, Some(rating));
        // Only the mode's level with that text, and only once.
        assert_eq!(mine.levels[1].rating, None);
        assert_eq!(mine.levels[2].rating, None);
        let other_rating = rating_of(ModeId::Slide, &other).unwrap();
        assert!(!mine.rate(ModeId::Slide, &text, other_rating));
        assert_eq!(mine.levels[0].rating, Some(rating));
        let names: Vec<_> = mine.unrated().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["Same text", "Other"]);
    }
}
