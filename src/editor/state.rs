//! The level in the editor: its mode and draft, the cursor and tool the keys and gamepad move,
//! the name it is saved under, and undo and redo of edits. Each mode keeps its own draft while
//! the player edits another.

use crate::menu::MenuAction;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::drafts::{DraftRecord, EditorDrafts, KeptDraft, Renamed, open_copy};
use puzzlemill_core::edit::my_levels::MyLevels;
use puzzlemill_core::edit::{EditDraft, EditSpec, EditTool, Refused, same};
use puzzlemill_core::level_text;
use puzzlemill_core::mill::AnyLevel;
use std::collections::HashMap;

/// The most edits undo remembers.
const UNDO_DEPTH: usize = 200;

/// The level being edited.
#[derive(Resource, Debug)]
pub struct Editor {
    /// Its mode (whose rules the live check uses).
    pub mode: ModeId,
    /// The board.
    pub draft: Box<dyn EditDraft>,
    /// The cell the keys and gamepad act on: column, row.
    pub cursor: (usize, usize),
    /// The tool in hand: an index into the mode's tools.
    pub tool: usize,
    /// The name it is saved under.
    pub name: String,
    /// The level of "My levels" this board is (opened from there, or saved): saving under that
    /// name again updates it; another name saves a new level.
    pub saved_as: Option<String>,
    /// Why the last edit was refused, or what the last command did.
    pub message: Option<String>,
    /// Counts changes, so the live check knows when to look again.
    pub revision: u64,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// The other modes' boards, kept while this one is edited.
    kept: HashMap<ModeId, KeptDraft>,
    /// The level of "My levels" the board is under its partner's rules (Slide and Trio), where
    /// it was one before it took this mode's: back under those rules, it is that level again.
    partner_saved_as: Option<String>,
}

/// Which level a board is: its mode (Slide or Trio, for a shared board), the name it is saved
/// under, the level of "My levels" it is, and the one it is under its partner's rules.
#[derive(Clone, Debug, PartialEq)]
struct Identity {
    mode: ModeId,
    name: String,
    saved_as: Option<String>,
    partner_saved_as: Option<String>,
}

/// One step of undo or redo: the board, and which level it was where the step may have changed
/// that (opening a level, a new board), so undoing an open does not leave the old board under
/// the opened level's name or mode, where saving would update that level with it.
#[derive(Debug)]
struct Step {
    draft: Box<dyn EditDraft>,
    identity: Option<Identity>,
}

/// The editor of `mode`, which must have one.
fn spec_of(mode: ModeId) -> &'static EditSpec {
    mode.spec()
        .edit
        .as_ref()
        .unwrap_or_else(|| panic!("{mode} has no editor"))
}

impl Editor {
    /// An empty board of `mode`.
    pub fn new(mode: ModeId) -> Self {
        let spec = spec_of(mode);
        let (w, h) = spec.start_size;
        Self {
            mode,
            draft: (spec.blank)(w, h),
            cursor: (w / 2, h / 2),
            tool: 0,
            name: "My level".to_string(),
            saved_as: None,
            message: None,
            revision: 0,
            undo: Vec::new(),
            redo: Vec::new(),
            kept: HashMap::new(),
            partner_saved_as: None,
        }
    }

    /// Takes up the boards kept from an earlier session: `editing`'s (or the first) in front,
    /// the others kept for their modes. Undo starts afresh.
    pub fn take_up(&mut self, boards: Vec<KeptDraft>, editing: Option<ModeId>) {
        for board in boards {
            self.kept.insert(board.mode, board);
        }
        let front = editing.filter(|m| self.kept.contains_key(m)).or_else(|| {
            ModeId::ALL
                .iter()
                .copied()
                .find(|m| self.kept.contains_key(m))
        });
        if let Some(board) = front.and_then(|m| self.kept.remove(&m)) {
            // The new board the editor started with is not kept: it would stand in place of
            // the kept board of its mode.
            self.bring_forward(board, false);
        }
    }

    /// Puts `board` in front, undo afresh; the board in front now is kept for its mode where
    /// `keep` says so.
    fn bring_forward(&mut self, board: KeptDraft, keep: bool) {
        let before = KeptDraft {
            mode: self.mode,
            draft: std::mem::replace(&mut self.draft, board.draft),
            name: std::mem::replace(&mut self.name, board.name),
            saved_as: std::mem::replace(&mut self.saved_as, board.saved_as),
            partner_saved_as: std::mem::replace(&mut self.partner_saved_as, board.partner_saved_as),
        };
        if keep && before.mode != board.mode {
            self.kept.insert(before.mode, before);
        }
        self.mode = board.mode;
        self.tool = 0;
        self.reset_history();
        let (w, h) = self.draft.size();
        self.cursor = (w / 2, h / 2);
    }

    /// Every mode's board as it is now, the one in front first, to be kept for the next session.
    pub fn records(&self) -> EditorDrafts {
        let front = DraftRecord::of(
            self.mode,
            self.draft.as_ref(),
            &self.name,
            self.saved_as.as_deref(),
        );
        let mut drafts = vec![front.with_partner_level(self.partner_saved_as.as_deref())];
        // A board another mode's editor was never used on (a new one, untouched) is not kept.
        let untouched = |board: &KeptDraft| {
            let new = Editor::new(board.mode);
            board.name == new.name
                && board.saved_as.is_none()
                && same(board.draft.as_ref(), new.draft.as_ref())
        };
        let mut others: Vec<&KeptDraft> = self
            .kept
            .values()
            .filter(|b| b.mode != self.mode && !untouched(b))
            .collect();
        others.sort_by_key(|b| ModeId::ALL.iter().position(|a| *a == b.mode));
        drafts.extend(others.into_iter().map(|b| {
            DraftRecord::of(b.mode, b.draft.as_ref(), &b.name, b.saved_as.as_deref())
                .with_partner_level(b.partner_saved_as.as_deref())
        }));
        EditorDrafts {
            editing: Some(self.mode),
            drafts,
            ..EditorDrafts::default()
        }
    }

    /// The mode's editor.
    pub fn spec(&self) -> &'static EditSpec {
        spec_of(self.mode)
    }

    /// The tool in hand.
    pub fn tool(&self) -> EditTool {
        let tools = self.spec().tools;
        tools[self.tool.min(tools.len() - 1)]
    }

    /// Takes the tool `step` places along the list (wrapping).
    pub fn next_tool(&mut self, step: isize) {
        let n = self.spec().tools.len() as isize;
        self.tool = (self.tool as isize + step).rem_euclid(n) as usize;
    }

    /// Switches to editing `mode`: its kept draft, or an empty board; a partner mode (Slide and
    /// Trio) takes the board as it is, as the level of My levels it was under the partner's
    /// rules if it was one, else as a new level of that mode (the level it is now is remembered:
    /// back under these rules, it is that level again), and a board kept for the partner is kept
    /// for this mode instead, so neither is lost (it too is its level again once back under its
    /// rules).
    pub fn switch_to(&mut self, mode: ModeId) {
        if mode == self.mode {
            return;
        }
        if self.spec().partner == Some(mode) {
            self.keep_partner_board(mode);
            self.mode = mode;
            // Back under the rules it was saved under, it is that level again.
            std::mem::swap(&mut self.saved_as, &mut self.partner_saved_as);
            self.tool = self.tool.min(self.spec().tools.len() - 1);
            self.revision += 1;
            return;
        }
        self.edit_board_of(mode);
    }

    /// Switches to `mode`'s own board: its kept draft, or an empty board; the board in front is
    /// kept for its mode. (The editor opened from a mode's level select: Trio's edits Trio's
    /// board, where [`Editor::switch_to`] would take the Slide board in front to Trio's rules.)
    pub fn edit_board_of(&mut self, mode: ModeId) {
        if mode == self.mode {
            return;
        }
        // What was said of the board in front (a save, a refused size) is not of this one.
        self.message = None;
        let board = self.kept.remove(&mode).unwrap_or_else(|| {
            let fresh = Editor::new(mode);
            KeptDraft {
                mode,
                draft: fresh.draft,
                name: fresh.name,
                saved_as: None,
                partner_saved_as: None,
            }
        });
        self.bring_forward(board, true);
    }

    /// A board kept for `partner` (while this mode's board is in front) is kept for this mode,
    /// under its rules, where the board in front is about to take the partner's rules.
    fn keep_partner_board(&mut self, partner: ModeId) {
        if let Some(mut other) = self.kept.remove(&partner) {
            other.to_partner(self.mode);
            self.kept.insert(self.mode, other);
        }
    }

    /// Replaces `mode`'s board (bringing it in front) with a copy of `level`, named `name` (one
    /// undo step back);
    /// `saved_as`: the level of "My levels" it is, if it is one. Says whether the mode's board
    /// it replaced had anything on it (not an empty new board), which undo brings back.
    pub fn open(
        &mut self,
        mode: ModeId,
        level: &AnyLevel,
        name: &str,
        saved_as: Option<&str>,
    ) -> Result<bool, String> {
        let draft = open_copy(mode, level)?;
        self.edit_board_of(mode);
        let (w, h) = self.draft.size();
        let empty = same(self.draft.as_ref(), (spec_of(mode).blank)(w, h).as_ref());
        let differs = !same(self.draft.as_ref(), draft.as_ref());
        self.replace(
            draft,
            Identity {
                mode,
                name: name.to_string(),
                saved_as: saved_as.map(str::to_string),
                partner_saved_as: None,
            },
        );
        Ok(differs && !empty)
    }

    /// Whether opening a level of `mode` ([`Editor::open`]) would put aside a board that is kept
    /// nowhere else: the board it replaces has something on it and is not, as it stands, the
    /// level of "My levels" (`mine`) it was saved as.
    pub fn open_puts_aside_work(&self, mode: ModeId, mine: &MyLevels) -> bool {
        let (board_mode, draft, saved_as) = if self.mode == mode {
            (self.mode, &self.draft, &self.saved_as)
        } else {
            match self.kept.get(&mode) {
                Some(k) => (k.mode, &k.draft, &k.saved_as),
                None => return false,
            }
        };
        let (w, h) = draft.size();
        if same(draft.as_ref(), (spec_of(board_mode).blank)(w, h).as_ref()) {
            return false;
        }
        let text = (draft.build().ok()).and_then(|l| level_text::encode(board_mode, &l).ok());
        let held = saved_as.as_deref().and_then(|name| {
            (mine.of_mode(board_mode))
                .find(|(_, l)| l.name == name)
                .map(|(_, l)| l.text.clone())
        });
        text.is_none() || text != held
    }

    /// `open`, a menu row's action that opens a level of `mode` here, asked first where it would
    /// put aside a board kept nowhere else ([`Editor::open_puts_aside_work`]): undo brings that
    /// back only while the editor stays on the mode.
    pub fn ask_before_open(&self, mode: ModeId, mine: &MyLevels, open: MenuAction) -> MenuAction {
        if !self.open_puts_aside_work(mode, mine) {
            return open;
        }
        MenuAction::Confirm {
            question: format!(
                "Your {mode} board in the editor is not saved: this level takes its place (undo \
                 in the editor brings it back until you leave {mode} or quit)."
            ),
            yes_label: "Open it in the editor".to_string(),
            yes: Box::new(open),
        }
    }

    /// An empty board of the same size, a new level under a new level's name (saving it does
    /// not update the old one; undo brings the old board back, with its name).
    pub fn clear(&mut self) {
        let (w, h) = self.draft.size();
        let blank = (self.spec().blank)(w, h);
        let name = Editor::new(self.mode).name;
        // What was said of the old board (a suggested dot's place) is not of this one.
        self.message = None;
        self.replace(
            blank,
            Identity {
                mode: self.mode,
                name,
                saved_as: None,
                partner_saved_as: None,
            },
        );
    }

    /// Whether saving updates a level of "My levels" (the board is one, under the same name).
    pub fn updates_saved(&self) -> bool {
        self.saved_as.as_deref() == Some(self.name.trim())
    }

    /// Whether the board may take a size: one the mode offers, or (for a level opened smaller
    /// than the mode offers) a step that grows it towards one.
    pub fn may_resize(&self, width: usize, height: usize) -> bool {
        let sizes = self.spec().sizes;
        let (w, h) = self.draft.size();
        let grows = width >= w
            && height >= h
            && width <= sizes.max.0
            && height <= sizes.max.1
            && width * height <= sizes.max_cells;
        sizes.allows(width, height) || grows
    }

    /// Changes the board's size, if it may take it ([`Editor::may_resize`]).
    pub fn resize(&mut self, width: usize, height: usize) {
        if !self.may_resize(width, height) {
            let sizes = self.spec().sizes;
            self.message = Some(format!(
                "{} boards are {}x{} to {}x{}, at most {} cells.",
                self.mode, sizes.min.0, sizes.min.1, sizes.max.0, sizes.max.1, sizes.max_cells
            ));
            return;
        }
        self.apply(|d| {
            d.resize(width, height);
            Ok(())
        });
        self.clamp_cursor();
    }

    /// Applies an edit: a change is one undo step; a refusal's reason is kept as the message.
    pub fn apply(&mut self, edit: impl FnOnce(&mut dyn EditDraft) -> Result<(), Refused>) {
        let before = self.draft.clone();
        match edit(self.draft.as_mut()) {
            Ok(()) => {
                self.message = None;
                if !same(before.as_ref(), self.draft.as_ref()) {
                    self.push_undo(Step {
                        draft: before,
                        identity: None,
                    });
                }
            }
            Err(reason) => {
                self.draft = before;
                self.message = Some(reason.to_string());
            }
        }
    }

    /// Paints the tool in hand on a cell.
    pub fn paint(&mut self, col: usize, row: usize) {
        let tool = self.tool().id;
        self.apply(|d| d.paint(col, row, tool));
    }

    /// Erases a cell (paints the mode's empty cell).
    pub fn erase(&mut self, col: usize, row: usize) {
        let erase = self.spec().erase;
        self.apply(|d| d.paint(col, row, erase));
    }

    /// Moves the cursor by a step, staying on the board.
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        let (w, h) = self.draft.size();
        let (c, r) = self.cursor;
        self.cursor = (
            (c as i32 + dx).clamp(0, w as i32 - 1) as usize,
            (r as i32 + dy).clamp(0, h as i32 - 1) as usize,
        );
    }

    /// Whether there is an edit to take back.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone edit to make again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last edit (an opened level or a new board: with the name and the level
    /// of "My levels" the board had).
    pub fn undo(&mut self) {
        match self.undo.pop() {
            Some(before) => {
                let now = self.step_to(before);
                self.redo.push(now);
                self.message = Some("Undone.".to_string());
            }
            None => self.message = Some("Nothing to undo.".to_string()),
        }
    }

    /// Makes an undone edit again.
    pub fn redo(&mut self) {
        match self.redo.pop() {
            Some(after) => {
                let now = self.step_to(after);
                self.undo.push(now);
                self.message = Some("Redone.".to_string());
            }
            None => self.message = Some("Nothing to redo.".to_string()),
        }
    }

    /// Follows a level of "My levels" renamed: every board that is it (in front, kept, or in
    /// an undo step), or was it before it took its partner's rules, is it under its new name;
    /// a board named as it was takes the new name too.
    pub fn follow_renamed(&mut self, renamed: &Renamed) {
        let (name, saved_as) = (&mut self.name, &mut self.saved_as);
        renamed.follow_board(self.mode, name, saved_as, &mut self.partner_saved_as);
        for b in self.kept.values_mut() {
            renamed.follow_board(
                b.mode,
                &mut b.name,
                &mut b.saved_as,
                &mut b.partner_saved_as,
            );
        }
        for step in self.undo.iter_mut().chain(self.redo.iter_mut()) {
            if let Some(id) = step.identity.as_mut() {
                let (name, saved_as) = (&mut id.name, &mut id.saved_as);
                renamed.follow_board(id.mode, name, saved_as, &mut id.partner_saved_as);
            }
        }
    }

    /// Puts `step`'s board (and its identity, where it has one) in place; gives back the step
    /// that returns to where the editor was.
    fn step_to(&mut self, step: Step) -> Step {
        let draft = std::mem::replace(&mut self.draft, step.draft);
        let identity = step.identity.map(|to| self.identify(to));
        self.changed();
        Step { draft, identity }
    }

    /// Gives the board `identity` (its mode is this mode or its partner); gives back the one it
    /// had.
    fn identify(&mut self, identity: Identity) -> Identity {
        let was = Identity {
            mode: std::mem::replace(&mut self.mode, identity.mode),
            name: std::mem::replace(&mut self.name, identity.name),
            saved_as: std::mem::replace(&mut self.saved_as, identity.saved_as),
            partner_saved_as: std::mem::replace(
                &mut self.partner_saved_as,
                identity.partner_saved_as,
            ),
        };
        if was.mode != self.mode {
            self.tool = self.tool.min(self.spec().tools.len() - 1);
            // Back (or on) across a change of rules between partners (Slide and Trio): the
            // board kept for the mode now in front, filed there when the rules changed, is the
            // other mode's again (else it would be hidden, then written over).
            if spec_of(was.mode).partner == Some(self.mode)
                && let Some(mut other) = self.kept.remove(&self.mode)
            {
                other.to_partner(was.mode);
                self.kept.insert(was.mode, other);
            }
        }
        was
    }

    /// The board's level, or why it is not one yet.
    pub fn build(&self) -> Result<AnyLevel, String> {
        self.draft.build()
    }

    /// Puts `draft` in place as the level `identity`: one undo step where either changes, which
    /// brings back the board and which level it was then (a save since then linked the board
    /// put in place, which redo brings back with it).
    fn replace(&mut self, draft: Box<dyn EditDraft>, identity: Identity) {
        let before = std::mem::replace(&mut self.draft, draft);
        let was = self.identify(identity);
        let renamed = was.mode != self.mode
            || was.name != self.name
            || was.saved_as != self.saved_as
            || was.partner_saved_as != self.partner_saved_as;
        if renamed || !same(before.as_ref(), self.draft.as_ref()) {
            self.push_undo(Step {
                draft: before,
                identity: Some(was),
            });
        }
        self.clamp_cursor();
    }

    fn push_undo(&mut self, before: Step) {
        self.undo.push(before);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.changed();
    }

    fn reset_history(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.changed();
    }

    fn changed(&mut self) {
        self.revision += 1;
        self.clamp_cursor();
    }

    fn clamp_cursor(&mut self) {
        let (w, h) = self.draft.size();
        self.cursor = (self.cursor.0.min(w - 1), self.cursor.1.min(h - 1));
    }
}
