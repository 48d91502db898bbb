//! One game of any [`Puzzle`]: the history behind undo, redo and restart, the move counter and
//! hints. This is the engine-free half of the play layer (Tatham's "midend"); the game's play
//! plugin wraps it once for every mode.

use crate::puzzle::{Puzzle, Status};
use crate::solve::{SearchLimit, SolveOutcome};

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint<M> {
    /// The first move of a shortest solution from here.
    Move(M),
    /// No solution exists from here: undo or restart.
    Stuck,
    /// The level is already solved.
    Solved,
    /// The search hit its limit before finding the way.
    TooFar,
}

/// A level in play.
#[derive(Clone, Debug)]
pub struct Session<P: Puzzle> {
    level: P::Level,
    /// States from the start; `states[cursor]` is the current one.
    states: Vec<P::State>,
    /// `moves[i]` led from `states[i]` to `states[i + 1]`.
    moves: Vec<P::Move>,
    /// `joined[i]`: `moves[i]` continues `moves[i - 1]`, and undo and redo take them as one
    /// step (a walk to a clicked cell in Vault).
    joined: Vec<bool>,
    cursor: usize,
    optimum: Option<u32>,
}

impl<P: Puzzle> Session<P> {
    /// Starts `level`. `optimum` is the length of a shortest solution when known.
    pub fn new(level: P::Level, optimum: Option<u32>) -> Self {
        let start = P::start(&level);
        Self {
            level,
            states: vec![start],
            moves: Vec::new(),
            joined: Vec::new(),
            cursor: 0,
            optimum,
        }
    }

    /// Takes up a game left part-way: `moves` are every move of its history, those that could be
    /// redone included ([`Session::history`]), `cursor` how many of them were in play, and
    /// `joined` the moves that continue the one before ([`Session::joined`]; empty for none).
    /// Replaying them rebuilds the same states, undo and redo. Fails with the index of the first
    /// move that does not apply (the level is not the one they were played on).
    pub fn resume(
        level: P::Level,
        optimum: Option<u32>,
        moves: &[P::Move],
        cursor: usize,
        joined: &[bool],
    ) -> Result<Self, usize> {
        let mut session = Self::new(level, optimum);
        for (i, &mv) in moves.iter().enumerate() {
            if session.status() != Status::Playing {
                return Err(i);
            }
            let next = P::apply(&session.level, session.state(), mv).ok_or(i)?;
            session.states.push(next);
            session.moves.push(mv);
            session
                .joined
                .push(i > 0 && joined.get(i).copied().unwrap_or(false));
            session.cursor += 1;
        }
        if cursor > moves.len() {
            return Err(moves.len());
        }
        session.cursor = cursor;
        Ok(session)
    }

    /// Which moves of the history continue the one before (undone and redone together).
    pub fn joined(&self) -> &[bool] {
        &self.joined
    }

    /// Every move of the game's history, those undone (and so redoable) included, and how many
    /// are in play: what [`Session::resume`] takes.
    pub fn history(&self) -> (&[P::Move], usize) {
        (&self.moves, self.cursor)
    }

    /// Every state of the history from the start, those undone included.
    pub fn states(&self) -> &[P::State] {
        &self.states
    }

    /// The level being played.
    pub fn level(&self) -> &P::Level {
        &self.level
    }

    /// The current state.
    pub fn state(&self) -> &P::State {
        &self.states[self.cursor]
    }

    /// Moves made to reach the current state (what the move counter shows).
    pub fn moves_made(&self) -> u32 {
        self.cursor as u32
    }

    /// The moves that led to the current state.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves[..self.cursor]
    }

    /// Length of a shortest solution, when known.
    pub fn optimum(&self) -> Option<u32> {
        self.optimum
    }

    /// Won, lost or playing.
    pub fn status(&self) -> Status {
        P::status(&self.level, self.state())
    }

    /// Makes a move. Returns `false` (and changes nothing) when the move changes nothing, is not
    /// allowed, or the game is already over. A new move forgets the moves that could be redone.
    pub fn play(&mut self, mv: P::Move) -> bool {
        self.play_joined(mv, false)
    }

    /// Makes a move like [`Session::play`]; with `join`, undo and redo take it together with
    /// the move before (one undo step for a whole walk).
    pub fn play_joined(&mut self, mv: P::Move, join: bool) -> bool {
        if self.status() != Status::Playing {
            return false;
        }
        let Some(next) = P::apply(&self.level, self.state(), mv) else {
            return false;
        };
        self.states.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.joined.truncate(self.cursor);
        self.states.push(next);
        self.moves.push(mv);
        self.joined.push(join && self.cursor > 0);
        self.cursor += 1;
        true
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Steps back one move (a walk of joined moves at once); the moves stay available to redo.
    pub fn undo(&mut self) -> bool {
        let ok = self.can_undo();
        if ok {
            self.cursor -= 1;
            while self.cursor > 0 && self.joined[self.cursor] {
                self.cursor -= 1;
            }
        }
        ok
    }

    /// Replays the last undone move (with the moves joined to it); returns the last one.
    pub fn redo(&mut self) -> Option<P::Move> {
        self.can_redo().then(|| {
            self.cursor += 1;
            while self.cursor < self.moves.len() && self.joined[self.cursor] {
                self.cursor += 1;
            }
            self.moves[self.cursor - 1]
        })
    }

    /// Back to the start. Like undoing every move: redo replays them.
    pub fn restart(&mut self) -> bool {
        let ok = self.can_undo();
        self.cursor = 0;
        ok
    }

    /// The first move of a shortest solution from the current state.
    pub fn hint(&self, limit: SearchLimit) -> Hint<P::Move>
    where
        P: Sized,
    {
        match self.status() {
            Status::Won => return Hint::Solved,
            Status::Lost => return Hint::Stuck,
            Status::Playing => {}
        }
        match P::solve(&self.level, self.state(), limit) {
            SolveOutcome::Solved(moves) => moves.first().copied().map_or(Hint::Solved, Hint::Move),
            SolveOutcome::Unsolvable => Hint::Stuck,
            SolveOutcome::LimitReached { .. } => Hint::TooFar,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::Direction::*;
    use crate::tilt::{Level, Tilt};

    fn session() -> Session<Tilt> {
        let b = Level::from_rows(&["#####", "#a..#", "#...#", "#..a#", "#####"], &[]).unwrap();
        Session::new(b, Some(2))
    }

    #[test]
    fn counts_moves_and_ignores_moves_that_change_nothing() {
        let b = Level::from_rows(&["#####", "#a..#", "#...#", "#a..#", "#####"], &[]).unwrap();
        let mut s: Session<Tilt> = Session::new(b, None);
        assert!(
            !s.play(Left),
            "both fruit already rest against the left wall"
        );
        assert_eq!(s.moves_made(), 0);
        assert!(s.play(Right));
        assert_eq!(s.moves_made(), 1);
    }

    #[test]
    fn undo_redo_and_restart() {
        let mut s = session();
        let start = s.state().clone();
        assert!(s.play(Down));
        let after_down = s.state().clone();
        assert_eq!(s.moves_made(), 1);
        assert!(s.undo());
        assert_eq!(s.state(), &start);
        assert_eq!(s.moves_made(), 0);
        assert!(!s.undo());
        assert_eq!(s.redo(), Some(Down));
        assert_eq!(s.state(), &after_down);
        assert!(s.restart());
        assert_eq!(s.state(), &start);
        assert_eq!(s.redo(), Some(Down));
        assert_eq!(s.redo(), None);
    }

    #[test]
    fn a_new_move_forgets_the_redo_list() {
        let mut s = session();
        assert!(s.play(Down));
        s.undo();
        assert!(s.play(Right));
        assert!(!s.can_redo());
        assert_eq!(s.moves(), [Right]);
    }

    #[test]
    fn hints_lead_to_a_win_and_stop_once_won() {
        let mut s = session();
        while let Hint::Move(mv) = s.hint(SearchLimit::DEFAULT) {
            assert!(s.play(mv));
        }
        assert_eq!(s.status(), Status::Won);
        assert_eq!(s.moves_made(), s.optimum().unwrap());
        assert_eq!(s.hint(SearchLimit::DEFAULT), Hint::Solved);
        assert!(!s.play(Left), "no moves after the win");
    }

    #[test]
    fn a_lost_game_hints_to_undo() {
        // Right: three fruit meet in column 4 and leave; the fourth is held by the wall.
        let b = Level::from_rows(
            &["######", "#a...#", "#.a..#", "#..a.#", "#a#..#", "######"],
            &[],
        )
        .unwrap();
        let mut s: Session<Tilt> = Session::new(b, None);
        assert!(s.play(Right));
        assert_eq!(s.status(), Status::Lost);
        assert_eq!(s.hint(SearchLimit::DEFAULT), Hint::Stuck);
        assert!(!s.play(Left), "no moves once lost");
        assert!(s.undo());
        assert!(matches!(s.hint(SearchLimit::DEFAULT), Hint::Move(_)));
    }

    #[test]
    fn a_resumed_game_has_the_same_state_undo_and_redo() {
        let mut s = session();
        // Right and Left move both fruit along their rows; they never meet.
        assert!(s.play(Right));
        assert!(s.play(Left));
        assert!(s.play(Right));
        s.undo();
        let (moves, cursor) = s.history();
        let (moves, cursor) = (moves.to_vec(), cursor);
        let mut resumed = Session::<Tilt>::resume(s.level().clone(), Some(2), &moves, cursor, &[])
            .expect("the same level");
        assert_eq!(resumed.state(), s.state());
        assert_eq!(resumed.moves_made(), 2);
        assert_eq!(resumed.history(), s.history());
        assert_eq!(resumed.redo(), s.redo());
        assert_eq!(resumed.state(), s.state());
        assert!(resumed.undo() && s.undo());
        assert!(resumed.undo() && s.undo());
        assert_eq!(resumed.state(), s.state());
    }

    #[test]
    fn moves_that_do_not_fit_the_level_are_refused() {
        // On a board where the fruit already rest against the left wall, Left changes nothing.
        let b = Level::from_rows(&["#####", "#a..#", "#...#", "#a..#", "#####"], &[]).unwrap();
        assert_eq!(
            Session::<Tilt>::resume(b.clone(), None, &[Right, Right], 2, &[]).err(),
            Some(1)
        );
        assert_eq!(
            Session::<Tilt>::resume(b.clone(), None, &[Left], 1, &[]).err(),
            Some(0)
        );
        assert_eq!(
            Session::<Tilt>::resume(b, None, &[Right], 2, &[]).err(),
            Some(1)
        );
    }

    #[test]
    fn joined_moves_undo_and_redo_as_one_step_and_resume_as_one() {
        let mut s = session();
        let start = s.state().clone();
        assert!(s.play(Right));
        let after_one = s.state().clone();
        assert!(s.play_joined(Left, false));
        assert!(
            s.play_joined(Right, true),
            "a walk: Left then Right as one step"
        );
        let end = s.state().clone();
        assert!(s.undo());
        assert_eq!(s.state(), &after_one, "the walk is undone whole");
        assert_eq!(s.moves_made(), 1);
        assert_eq!(s.redo(), Some(Right));
        assert_eq!(s.state(), &end);
        let (moves, cursor) = s.history();
        let mut resumed =
            Session::<Tilt>::resume(s.level().clone(), None, moves, cursor, s.joined()).unwrap();
        assert!(resumed.undo());
        assert_eq!(resumed.state(), &after_one);
        assert!(resumed.undo());
        assert_eq!(resumed.state(), &start);
    }
}
