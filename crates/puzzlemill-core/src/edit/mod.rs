//! Level editors, written once for every mode that has one (after Tatham's midend, as the play
//! layer is): a mode says which tools paint which cells, how a draft becomes a level and what
//! its live check reports ([`EditSpec`], its line in the mode table); the game gives every
//! editor the same cursor, tools, undo, live verdict, play-test, sharing and "My levels".

mod analysis;
pub mod drafts;
mod grid;
pub mod my_levels;

pub use analysis::{Analysis, Mark, MarkKind, ShownBoard, Verdict, WATCH_SHORTEST, count};
pub use grid::CharGrid;
pub(crate) use grid::char_grid_draft;

use crate::direction::Direction;
use crate::mill::AnyLevel;
use crate::mode::ModeId;
use crate::pack::{AnyPack, Pack};
use crate::puzzle::Puzzle;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// One tool of an editor: what it paints on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditTool {
    /// Its id, the character it paints (a mode's level rows use the same characters).
    pub id: char,
    /// Its name, shown on its button and in the status line.
    pub name: &'static str,
    /// The group it is listed under.
    pub group: &'static str,
}

/// A mark on a cell's side (a one-way gate): its column, row and side.
pub type Edge = (usize, usize, Direction);

/// A draft of any mode.
pub type BoxedDraft = Box<dyn EditDraft>;

/// Why an edit was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

impl EditTool {
    /// The tool with id `id`, named `name`, listed under `group`.
    pub const fn new(id: char, name: &'static str, group: &'static str) -> Self {
        Self { id, name, group }
    }
}

impl Refused {
    /// A refusal with `why`.
    pub fn new(why: impl Into<String>) -> Self {
        Self(why.into())
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The board sizes an editor offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeLimits {
    /// Smallest columns and rows.
    pub min: (usize, usize),
    /// Largest columns and rows.
    pub max: (usize, usize),
    /// Most cells in all (the solver's limit may be below `max.0 * max.1`).
    pub max_cells: usize,
}

impl SizeLimits {
    /// Whether a `width` x `height` board is offered.
    pub fn allows(&self, width: usize, height: usize) -> bool {
        (self.min.0..=self.max.0).contains(&width)
            && (self.min.1..=self.max.1).contains(&height)
            && width * height <= self.max_cells
    }
}

/// A board being edited: takes one edit at a time and refuses, with a reason, edits that could
/// never make a playable level. A draft may be unplayable for a while (a box placed, its target
/// not yet); [`EditDraft::build`] says why.
pub trait EditDraft: Send + Sync + fmt::Debug {
    /// Columns and rows.
    fn size(&self) -> (usize, usize);
    /// The character on a cell, as the mode's level rows write it.
    fn at(&self, col: usize, row: usize) -> char;
    /// Marks on cells' sides (one-way gates): the cell and the side.
    fn edges(&self) -> Vec<Edge> {
        Vec::new()
    }
    /// Puts the tool with id `tool` on a cell.
    fn paint(&mut self, col: usize, row: usize, tool: char) -> Result<(), Refused>;
    /// Whether a drag that starts on the cell moves what is there ([`EditDraft::move_piece`])
    /// rather than painting along its path; the default: nothing is dragged.
    fn movable(&self, col: usize, row: usize) -> bool {
        let _ = (col, row);
        false
    }
    /// Moves the piece on `from` to `to` (a drag); the default refuses.
    fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        let _ = (from, to);
        Err(Refused::new("Pieces are placed, not dragged, here."))
    }
    /// Changes the board's size, keeping what fits.
    fn resize(&mut self, width: usize, height: usize);
    /// The level, or why it cannot be played yet.
    fn build(&self) -> Result<AnyLevel, String>;
    /// A copy (for undo).
    fn clone_box(&self) -> Box<dyn EditDraft>;

    /// The board as rows of characters.
    fn rows(&self) -> Vec<String> {
        let (w, h) = self.size();
        (0..h)
            .map(|row| (0..w).map(|col| self.at(col, row)).collect())
            .collect()
    }
}

impl Clone for Box<dyn EditDraft> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Whether a drag with `tool` paints the cell `(col, row)` as a stroke does: the cell comes to
/// hold the tool, and one more cell holds it than before (walls, floor, fruit). A piece of which
/// a board has one (a start, an exit) moves where it is painted, and a gate on a cell's side is
/// turned on and off by each paint: a drag would carve floor behind the one and flicker the
/// other, so it places those once, where it began.
pub fn paints_in_strokes(draft: &dyn EditDraft, col: usize, row: usize, tool: char) -> bool {
    let count = |d: &dyn EditDraft| d.rows().concat().chars().filter(|&c| c == tool).count();
    let mut probe = draft.clone_box();
    probe.paint(col, row, tool).is_ok()
        && probe.at(col, row) == tool
        && count(&*probe) == count(draft) + 1
}

/// Whether two drafts hold the same board (for undo and the live check: an edit that changed
/// nothing is not a step).
pub fn same(a: &dyn EditDraft, b: &dyn EditDraft) -> bool {
    a.size() == b.size() && a.rows() == b.rows() && a.edges() == b.edges()
}

/// A level and its name.
pub type NamedLevel = (String, AnyLevel);

/// A tool put on a cell (what a helper proposes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Column.
    pub col: usize,
    /// Row.
    pub row: usize,
    /// The tool's id.
    pub tool: char,
}

/// A helper an editor offers beside its tools (Lines: "Suggest a dot").
#[derive(Clone, Copy, Debug)]
pub struct Assist {
    /// Its button.
    pub label: &'static str,
    /// A line under it.
    pub detail: &'static str,
    /// The cell and tool it proposes for `level`, or why it has nothing to propose.
    pub run: fn(&AnyLevel) -> Result<Placement, String>,
}

/// A mode's editor: its line in the mode table.
#[derive(Clone, Copy, Debug)]
pub struct EditSpec {
    /// Its tools, in the order the tool list shows them (the first is the cursor's first tool).
    pub tools: &'static [EditTool],
    /// The tool an erase paints (empty floor, an empty cell).
    pub erase: char,
    /// The board sizes offered.
    pub sizes: SizeLimits,
    /// The size of a new board.
    pub start_size: (usize, usize),
    /// An empty board of a size.
    pub blank: fn(usize, usize) -> Box<dyn EditDraft>,
    /// A draft of a level of the mode, or why the editor cannot hold it (the game opens copies
    /// through [`drafts::open_copy`], which checks the draft can be kept too).
    pub open: fn(&AnyLevel) -> Result<Box<dyn EditDraft>, String>,
    /// The draft whose [`EditDraft::rows`] and [`EditDraft::edges`] these are (a kept draft,
    /// read back), or why the mode's drafts never hold them. [`drafts::DraftRecord::restore`]
    /// checks the sizes before and the round trip after.
    pub restore: fn(&[String], &[Edge]) -> Result<BoxedDraft, String>,
    /// The live check: what the solver and the rater say about a level.
    pub analyse: fn(&AnyLevel) -> Analysis,
    /// A helper beside the tools, if the mode has one.
    pub assist: Option<Assist>,
    /// Whether its check finds a way through to replay on the board; where not, it shows its
    /// solutions beside the board (Lines', so its editor offers no "Watch" and keeps room there).
    pub replays: bool,
    /// The other mode that plays the same boards under other rules (Slide and Trio): the
    /// editor offers to switch.
    pub partner: Option<ModeId>,
    /// A pack of levels of the mode, from named levels (`None` if one is another mode's).
    pub pack_of: fn(PackMeta, levels: &[NamedLevel]) -> Option<AnyPack>,
    /// The named levels of a pack of the mode, from its parsed levels ([`AnyPack::levels`]).
    pub levels_of: fn(&(dyn Any + Send + Sync)) -> Vec<NamedLevel>,
    /// A level as an entry of the mode's pack files named `name`, with its shortest solution's
    /// length where known (the entry solves for it where the format wants it and it is not).
    pub entry: fn(&AnyLevel, optimum: Option<u32>, name: &str) -> Result<String, String>,
}

impl EditSpec {
    /// The tool with id `id`.
    pub fn tool(&self, id: char) -> Option<&EditTool> {
        self.tools.iter().find(|t| t.id == id)
    }
}

/// What a pack made by [`EditSpec::pack_of`] is called and whose it is.
#[derive(Clone, Copy, Debug)]
pub struct PackMeta<'a> {
    /// The mode.
    pub mode: ModeId,
    /// Its key in the library and in progress records.
    pub file: &'a str,
    /// Its title.
    pub name: &'a str,
    /// A line under the title.
    pub description: &'a str,
}

/// An [`EditSpec::pack_of`] for a mode whose levels are `L`.
pub fn pack_of<L: Clone + Send + Sync + 'static>(
    meta: PackMeta,
    levels: &[NamedLevel],
) -> Option<AnyPack> {
    let levels: Vec<(String, L)> = levels
        .iter()
        .map(|(n, l)| Some((n.clone(), l.downcast_ref::<L>()?.clone())))
        .collect::<Option<_>>()?;
    Some(AnyPack {
        name: meta.name.to_string(),
        mode: meta.mode,
        description: meta.description.to_string(),
        level_names: levels.iter().map(|(n, _)| n.clone()).collect(),
        intros: vec![None; levels.len()],
        codes: vec![None; levels.len()],
        levels: Arc::new(Pack {
            file: meta.file.to_string(),
            name: meta.name.to_string(),
            mode: meta.mode,
            description: meta.description.to_string(),
            intros: vec![None; levels.len()],
            codes: vec![None; levels.len()],
            levels,
        }),
    })
}

/// An [`EditSpec::levels_of`] for a mode whose levels are `L`.
pub fn levels_of<L: Clone + Send + Sync + 'static>(
    levels: &(dyn Any + Send + Sync),
) -> Vec<NamedLevel> {
    levels
        .downcast_ref::<Pack<L>>()
        .map(|p| {
            p.levels
                .iter()
                .map(|(n, l)| (n.clone(), Arc::new(l.clone()) as AnyLevel))
                .collect()
        })
        .unwrap_or_default()
}

/// The board at each step of `moves` from the start of `level`, the start first, as `rows`
/// writes a position (an editor's replay of a shortest solution).
pub fn replay<P: Puzzle>(
    level: &P::Level,
    moves: &[P::Move],
    rows: impl Fn(&P::State) -> Vec<String>,
) -> Vec<Vec<String>> {
    let mut state = P::start(level);
    let mut out = vec![rows(&state)];
    for &mv in moves {
        match P::apply(level, &state, mv) {
            Some(next) => state = next,
            None => break,
        }
        out.push(rows(&state));
    }
    out
}
