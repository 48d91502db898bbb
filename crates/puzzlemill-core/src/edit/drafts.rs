//! Boards in the editor kept between sessions: each mode's draft, finished or not, as its rows
//! and gate marks with the name it will be saved under, in one versioned save record beside "My
//! levels". A draft comes back through its mode ([`EditSpec::restore`](super::EditSpec)), which
//! refuses what its drafts never hold, and is then checked to be the same board cell for cell.

use super::{BoxedDraft, Edge, EditDraft};
use crate::mill::AnyLevel;
use crate::mode::ModeId;
use crate::storage::Versioned;
use serde::{Deserialize, Serialize};

/// The record the drafts are kept in.
pub const DRAFTS_FILE: &str = "editor-drafts.ron";

/// The longest name kept, in characters (a longer one is cut).
pub const MAX_NAME: usize = 80;

/// `name` cut to at most `chars` characters, with no space left at its end.
pub fn cut_name(name: &str, chars: usize) -> String {
    name.chars()
        .take(chars)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// `text` on one line, as a one-line field takes a paste: a line break, a tab or another control
/// character becomes a space.
pub fn one_line(text: &str) -> String {
    (text.chars())
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The name `wanted` on one line ([`one_line`]), trimmed and cut to [`MAX_NAME`] characters, or
/// why it is no name (what is left has no letter or digit).
pub fn checked_name(wanted: &str) -> Result<String, String> {
    let name = cut_name(one_line(wanted).trim(), MAX_NAME);
    if !name.chars().any(char::is_alphanumeric) {
        return Err("A name needs a letter or a digit.".to_string());
    }
    Ok(name)
}

/// A level of "My levels" given another name (a name cut to [`MAX_NAME`] characters by
/// [`super::my_levels::MyLevels::tidy_names`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renamed {
    /// Its mode.
    pub mode: ModeId,
    /// The name it had.
    pub from: String,
    /// The name it has.
    pub to: String,
}

impl Renamed {
    /// Follows the rename on a board of `mode` named `name` that is the level `saved_as` of My
    /// levels: where it is this level, it is the level under its new name, and a board named as
    /// the level was (cut as names are) takes the new name too. Says whether it is this level.
    pub fn follow(&self, mode: ModeId, name: &mut String, saved_as: &mut Option<String>) -> bool {
        if mode != self.mode || saved_as.as_deref() != Some(self.from.as_str()) {
            return false;
        }
        if cut_name(name.trim(), MAX_NAME) == cut_name(&self.from, MAX_NAME) {
            *name = self.to.clone();
        }
        *saved_as = Some(self.to.clone());
        true
    }

    /// Follows the rename on a board of `mode` named `name`: the level of My levels it is
    /// (`saved_as`, [`Renamed::follow`]), and the one it is under its partner's rules (`link`,
    /// Slide and Trio). Says whether either is this level.
    pub fn follow_board(
        &self,
        mode: ModeId,
        name: &mut String,
        saved_as: &mut Option<String>,
        link: &mut Option<String>,
    ) -> bool {
        let own = self.follow(mode, name, saved_as);
        let partner = partner_of(mode)
            .is_some_and(|partner| self.follow_partner(partner, name, saved_as.as_deref(), link));
        own || partner
    }

    /// Follows the rename on the level of `partner` a board is under its partner's rules
    /// (`link`): where it is this level, the link is to its new name, and the board's name
    /// follows as in [`Renamed::follow`] unless the board is a level of its own under its rules
    /// (`saved_as`), whose name it keeps.
    fn follow_partner(
        &self,
        partner: ModeId,
        name: &mut String,
        saved_as: Option<&str>,
        link: &mut Option<String>,
    ) -> bool {
        let mut own_name = name.clone();
        let name = if saved_as.is_some() {
            &mut own_name
        } else {
            name
        };
        self.follow(partner, name, link)
    }
}

/// The mode whose rules a board of `mode` may take in the editor (Slide and Trio, each other's).
fn partner_of(mode: ModeId) -> Option<ModeId> {
    mode.spec().edit.as_ref().and_then(|e| e.partner)
}

/// One mode's board in the editor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftRecord {
    /// Its mode.
    pub mode: ModeId,
    /// The name it will be saved under.
    #[serde(default)]
    pub name: String,
    /// The level of "My levels" it is (opened from there or saved): saving under that name
    /// again updates that level.
    #[serde(default)]
    pub saved_as: Option<String>,
    /// The level of "My levels" it is under its partner's rules (Slide and Trio), where it was
    /// one before it took this mode's: back under those rules, it is that level again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner_saved_as: Option<String>,
    /// Its rows, in the mode's level characters.
    pub rows: Vec<String>,
    /// Marks on cells' sides (Tilt's one-way gates).
    #[serde(default)]
    pub edges: Vec<Edge>,
}

impl DraftRecord {
    /// The record of `draft`, a board of `mode` named `name` (`saved_as`: see the field).
    pub fn of(mode: ModeId, draft: &dyn EditDraft, name: &str, saved_as: Option<&str>) -> Self {
        Self {
            mode,
            name: name.chars().take(MAX_NAME).collect(),
            saved_as: saved_as.map(str::to_string),
            partner_saved_as: None,
            rows: draft.rows(),
            edges: draft.edges(),
        }
    }

    /// The record, with the level of "My levels" the board is under its partner's rules.
    pub fn with_partner_level(mut self, partner_saved_as: Option<&str>) -> Self {
        self.partner_saved_as = partner_saved_as.map(str::to_string);
        self
    }

    /// The draft again, or what in the record its mode's drafts never hold (the cell named by
    /// row and column from 1).
    pub fn restore(&self) -> Result<BoxedDraft, String> {
        let mode = self.mode;
        let spec = mode
            .spec()
            .edit
            .as_ref()
            .ok_or_else(|| format!("{mode} has no editor"))?;
        let width = self.rows.first().map_or(0, |r| r.chars().count());
        let height = self.rows.len();
        if let Some((i, row)) = self
            .rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.chars().count() != width)
        {
            return Err(format!(
                "row {} has {} cells where row 1 has {width}",
                i + 1,
                row.chars().count()
            ));
        }
        // A copy of a smaller level may be below the sizes offered; never above them.
        let sizes = spec.sizes;
        if width == 0
            || height == 0
            || width > sizes.max.0
            || height > sizes.max.1
            || width * height > sizes.max_cells
        {
            return Err(format!(
                "it is {width}x{height}; {mode} boards are at most {}x{}, {} cells",
                sizes.max.0, sizes.max.1, sizes.max_cells
            ));
        }
        let draft = (spec.restore)(&self.rows, &self.edges)?;
        if draft.size() != (width, height) {
            let (w, h) = draft.size();
            return Err(format!("it is {width}x{height}, and came back {w}x{h}"));
        }
        let rows = draft.rows();
        for (r, (want, got)) in self.rows.iter().zip(&rows).enumerate() {
            if let Some((c, (want, got))) = want
                .chars()
                .zip(got.chars())
                .enumerate()
                .find(|(_, (a, b))| a != b)
            {
                return Err(format!(
                    "row {}, column {} holds {want:?}, which came back as {got:?}",
                    r + 1,
                    c + 1
                ));
            }
        }
        let (mut want, mut got) = (self.edges.clone(), draft.edges());
        want.sort();
        got.sort();
        if want != got {
            return Err(if got.is_empty() {
                format!("it has side marks, which {mode} boards do not")
            } else {
                "its gates did not all come back (two on one side of a cell?)".to_string()
            });
        }
        Ok(draft)
    }
}

/// A copy of `level` of `mode` for the editor, or why the editor cannot hold it: the mode's
/// [`EditSpec::open`](super::EditSpec), and then the same board through its kept record, so that
/// a board the editor shows is one it can keep between sessions (a shared level may be larger
/// than the editor's boards, or hold what its tools never paint).
pub fn open_copy(mode: ModeId, level: &AnyLevel) -> Result<BoxedDraft, String> {
    let spec = mode
        .spec()
        .edit
        .as_ref()
        .ok_or_else(|| format!("{mode} has no editor"))?;
    let draft = (spec.open)(level)?;
    DraftRecord::of(mode, draft.as_ref(), "", None)
        .restore()
        .map_err(|why| format!("its board could not be kept between sessions: {why}"))?;
    Ok(draft)
}

/// A mode's board: its draft, the name it will be saved under and the level of "My levels" it
/// is, if it is one.
#[derive(Clone, Debug)]
pub struct KeptDraft {
    /// Its mode.
    pub mode: ModeId,
    /// The board.
    pub draft: BoxedDraft,
    /// The name it will be saved under.
    pub name: String,
    /// The level of "My levels" it is: saving under that name again updates it.
    pub saved_as: Option<String>,
    /// The level of "My levels" it is under its partner's rules (Slide and Trio), where it was
    /// one before it took this mode's.
    pub partner_saved_as: Option<String>,
}

impl KeptDraft {
    /// The board under its partner's rules (Slide and Trio), kept for that mode: it is the level
    /// of My levels it was under those rules, if any, and remembers the level it is now for the
    /// way back.
    pub fn to_partner(&mut self, partner: ModeId) {
        self.mode = partner;
        std::mem::swap(&mut self.saved_as, &mut self.partner_saved_as);
    }
}

/// Every mode's draft, and the mode last edited.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EditorDrafts {
    /// The save format.
    #[serde(default)]
    pub version: u32,
    /// The mode the editor showed last.
    #[serde(default)]
    pub editing: Option<ModeId>,
    /// One draft a mode, at most.
    #[serde(default)]
    pub drafts: Vec<DraftRecord>,
}

impl Default for EditorDrafts {
    fn default() -> Self {
        Self {
            version: Self::VERSION,
            editing: None,
            drafts: Vec::new(),
        }
    }
}

impl Versioned for EditorDrafts {
    const VERSION: u32 = 1;
    fn upgrade(&mut self, _from: u32) {
        self.version = Self::VERSION;
    }
}

impl EditorDrafts {
    /// Follows levels of "My levels" renamed since the boards were kept: a board that is one of
    /// them (`saved_as`) is it under its new name, and a board named as it was takes the new
    /// name too. Says whether any board changed.
    pub fn follow(&mut self, renamed: &[Renamed]) -> bool {
        let mut changed = false;
        for record in &mut self.drafts {
            for r in renamed {
                let (name, saved_as) = (&mut record.name, &mut record.saved_as);
                changed |=
                    r.follow_board(record.mode, name, saved_as, &mut record.partner_saved_as);
            }
        }
        changed
    }

    /// Each mode's draft read back with its name (the first record of a mode; a mode's later
    /// records are reported), and what could not be, as lines naming the mode.
    pub fn restore(&self) -> (Vec<KeptDraft>, Vec<String>) {
        let mut out: Vec<KeptDraft> = Vec::new();
        let mut problems = Vec::new();
        for (i, record) in self.drafts.iter().enumerate() {
            let mode = record.mode;
            if out.iter().any(|k| k.mode == mode) {
                problems.push(format!(
                    "draft {}: a second {mode} draft (the first is kept)",
                    i + 1
                ));
                continue;
            }
            match record.restore() {
                Ok(draft) => out.push(KeptDraft {
                    mode,
                    draft,
                    name: record.name.chars().take(MAX_NAME).collect(),
                    // As My levels holds its names (a file from before they were held to it).
                    saved_as: record.saved_as.as_deref().map(|s| cut_name(s, MAX_NAME)),
                    partner_saved_as: (record.partner_saved_as.as_deref())
                        .map(|s| cut_name(s, MAX_NAME)),
                }),
                Err(why) => problems.push(format!("the {mode} draft: {why}")),
            }
        }
        (out, problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::Direction;

    #[test]
    fn a_name_is_trimmed_and_cut_and_needs_a_letter_or_a_digit() {
        assert_eq!(checked_name("  Ice cap "), Ok("Ice cap".to_string()));
        assert_eq!(checked_name(" 7 "), Ok("7".to_string()));
        let long = format!("Snow{}", " snow".repeat(30));
        let cut = checked_name(&long).unwrap();
        assert!(
            cut.chars().count() <= MAX_NAME && !cut.ends_with(' '),
            "{cut:?}"
        );
        assert_eq!(checked_name("Ice\ncap\t"), Ok("Ice cap".to_string()));
        let late = format!("{}x", "!".repeat(MAX_NAME));
        for bare in ["", "   ", "!?", "-- --", "\n\t", late.as_str()] {
            assert_eq!(
                checked_name(bare),
                Err("A name needs a letter or a digit.".to_string()),
                "{bare:?}"
            );
        }
    }

    fn record(mode: ModeId, rows: &[&str]) -> DraftRecord {
        DraftRecord {
            mode,
            name: "x".into(),
            saved_as: None,
            partner_saved_as: None,
            rows: rows.iter().map(|r| r.to_string()).collect(),
            edges: Vec::new(),
        }
    }

    #[test]
    fn a_board_under_its_partner_s_rules_keeps_its_level_for_the_way_back_through_a_rename() {
        let spec = ModeId::Trio.spec().edit.unwrap();
        let mut board = KeptDraft {
            mode: ModeId::Trio,
            draft: (spec.blank)(6, 5),
            name: "Ice".into(),
            saved_as: Some("Ice".into()),
            partner_saved_as: None,
        };
        board.to_partner(ModeId::Slide);
        assert_eq!(board.mode, ModeId::Slide);
        assert_eq!(board.saved_as, None, "no Slide level");
        assert_eq!(board.partner_saved_as.as_deref(), Some("Ice"));
        let record = DraftRecord::of(board.mode, board.draft.as_ref(), &board.name, None)
            .with_partner_level(board.partner_saved_as.as_deref());
        let mut drafts = EditorDrafts {
            drafts: vec![record],
            ..EditorDrafts::default()
        };
        // A Slide level of that name is another level; the Trio level renamed is this one.
        let rename = |mode| Renamed {
            mode,
            from: "Ice".into(),
            to: "Ice cap".into(),
        };
        assert!(!drafts.follow(&[rename(ModeId::Slide)]));
        assert!(drafts.follow(&[rename(ModeId::Trio)]));
        let text = ron::to_string(&drafts).unwrap();
        let (mut back, problems) = ron::from_str::<EditorDrafts>(&text).unwrap().restore();
        assert!(problems.is_empty(), "{problems:?}");
        let mut board = back.remove(0);
        assert_eq!(board.name, "Ice cap", "named as the level was");
        board.to_partner(ModeId::Trio);
        assert_eq!(board.saved_as.as_deref(), Some("Ice cap"));
        assert_eq!(board.partner_saved_as, None);
        // A board that is a level of its own keeps its name when its partner level is renamed.
        let mut name = "Ice".to_string();
        let mut link = Some("Ice".to_string());
        assert!(rename(ModeId::Slide).follow_partner(
            ModeId::Slide,
            &mut name,
            Some("Ice"),
            &mut link
        ));
        assert_eq!((name.as_str(), link.as_deref()), ("Ice", Some("Ice cap")));
    }

    #[test]
    fn an_unfinished_board_comes_back_cell_for_cell_with_its_name() {
        let spec = ModeId::Slide.spec().edit.unwrap();
        let mut draft = (spec.blank)(6, 5);
        draft.paint(2, 2, 'b').unwrap();
        assert!(
            draft.build().is_err(),
            "a box without a target is unfinished"
        );
        let kept = DraftRecord::of(ModeId::Slide, draft.as_ref(), "Half done", Some("Old"));
        let text = ron::to_string(&kept).unwrap();
        let back: DraftRecord = ron::from_str(&text).unwrap();
        assert_eq!(back.name, "Half done");
        assert_eq!(back.saved_as.as_deref(), Some("Old"));
        assert_eq!(back.restore().unwrap().rows(), draft.rows());
    }

    #[test]
    fn what_a_mode_never_holds_is_named_by_its_cell() {
        let why = |r: DraftRecord| r.restore().unwrap_err();
        assert_eq!(
            why(record(ModeId::Lines, &["     ", "  Q  "])),
            "row 2, column 3 holds 'Q', which this editor does not use"
        );
        assert_eq!(
            why(record(ModeId::Lines, &["     ", "  "])),
            "row 2 has 2 cells where row 1 has 5"
        );
        assert_eq!(
            why(record(ModeId::Climb, &["######", "#S..S#", "######"])),
            "it has 2 entrances; a cave has one"
        );
        assert_eq!(
            why(record(ModeId::Climb, &["######", "#S..E.", "######"])),
            "row 2, column 6 is on the frame, which stays earth"
        );
        assert!(why(record(ModeId::Vault, &["#####", "#@.@#", "#####"])).contains("second start"));
        assert!(
            why(record(
                ModeId::Tilt,
                &["#####", "#a~.#", "#.#.#", "#...#", "##.##"]
            ))
            .starts_with("row 5, column 3 holds '.': The border is always wall")
        );
        assert!(why(record(ModeId::Tilt, &[])).contains("is 0x0"));
        let mut gate = record(ModeId::Slide, &["#####", "#...#", "#####"]);
        gate.edges = vec![(1, 1, Direction::Right)];
        assert_eq!(why(gate), "it has side marks, which Slide boards do not");
    }

    #[test]
    fn a_mode_keeps_one_draft_and_the_rest_are_reported() {
        let kept = EditorDrafts {
            version: 1,
            editing: Some(ModeId::Lines),
            drafts: vec![
                record(ModeId::Lines, &["  2  ", " .   "]),
                record(ModeId::Lines, &["     "]),
                record(ModeId::Slide, &["#?#"]),
            ],
        };
        let (drafts, problems) = kept.restore();
        assert_eq!(drafts.len(), 1);
        assert_eq!(drafts[0].draft.rows(), ["  2  ", " .   "]);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("draft 2: a second Lines draft"));
        assert!(problems[1].starts_with("the Slide draft: row 1, column 2"));
    }
}
