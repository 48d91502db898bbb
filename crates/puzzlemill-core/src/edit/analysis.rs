//! What an editor's live check reports: a verdict in one line, details, the rater's figures,
//! cells to mark on the board, other boards to show beside it (two solutions) and the positions
//! along a shortest solution (a replay). Every mode fills the same shape; the game draws it.

use crate::puzzle::Rating;

/// The verdict on a level, for what the editor lets the designer do with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A proper level: it can be saved and shared.
    Good,
    /// It can be solved, but is not a proper level yet (two solutions, or deduction alone
    /// does not get there): it can be play-tested, not saved.
    Flawed,
    /// No solution.
    Unsolvable,
    /// The search limit came before an answer.
    Undecided,
}

/// How a marked cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// Deduction could not settle it (a dot may be missing near it).
    Unsettled,
    /// Two solutions differ on it.
    Differs,
}

/// A marked cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Column.
    pub col: usize,
    /// Row.
    pub row: usize,
    /// How.
    pub kind: MarkKind,
}

/// A board shown beside the one being edited (one of two solutions), as rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownBoard {
    /// What it is.
    pub caption: String,
    /// Its rows, in the mode's characters.
    pub rows: Vec<String>,
}

/// What the live check says about a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The verdict.
    pub verdict: Verdict,
    /// One line: the verdict and the main figures.
    pub headline: String,
    /// More lines (which deductions it needs, how far the search went).
    pub details: Vec<String>,
    /// The rater's tier, score and shortest solution, when it rates.
    pub rating: Option<Rating>,
    /// Cells to mark.
    pub marks: Vec<Mark>,
    /// Boards to show beside it.
    pub boards: Vec<ShownBoard>,
    /// The board at each step of a solution to watch, the start first (empty: no replay): a
    /// shortest one, or the way [`replay_label`](Self::replay_label) names.
    pub replay: Vec<Vec<String>>,
    /// What the button that plays [`replay`](Self::replay) says.
    pub replay_label: &'static str,
}

/// The replay's button, where the replay is a shortest solution.
pub const WATCH_SHORTEST: &str = "Watch the shortest solution";

/// `n` things for a verdict line: "1 key", "2 keys", "0 switches", "3 jumps or falls" (each word
/// of a choice made plural; "es" after "ch").
pub fn count(n: usize, what: &str) -> String {
    if n == 1 {
        return format!("{n} {what}");
    }
    let plural: Vec<String> = what
        .split(" or ")
        .map(|w| {
            let tail = if w.ends_with("ch") { "es" } else { "s" };
            format!("{w}{tail}")
        })
        .collect();
    format!("{n} {}", plural.join(" or "))
}

impl Analysis {
    /// An analysis with a verdict and a headline, nothing more.
    pub fn new(verdict: Verdict, headline: impl Into<String>) -> Self {
        Self {
            verdict,
            headline: headline.into(),
            details: Vec::new(),
            rating: None,
            marks: Vec::new(),
            boards: Vec::new(),
            replay: Vec::new(),
            replay_label: WATCH_SHORTEST,
        }
    }

    /// Whether the level may be saved and shared.
    pub fn good(&self) -> bool {
        self.verdict == Verdict::Good
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(count(1, "switch"), "1 switch");
        assert_eq!(count(0, "switch"), "0 switches");
        assert_eq!(count(2, "secret room"), "2 secret rooms");
        assert_eq!(count(3, "jump or fall"), "3 jumps or falls");
    }
}
