//! The live check: after every change the editor's level goes to the mode's check on the async
//! compute pool (solver, uniqueness, rater), so the frame never waits for it; a change while a
//! check runs drops that check (dropping a task cancels it) and starts another.

use super::state::Editor;
use crate::flow::Screen;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::Analysis;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveCheck>();
    app.add_systems(Update, recheck.run_if(in_state(Screen::Editor)));
}

/// Where the check of the level being edited stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The board is not a playable level yet, and why.
    Unplayable(String),
    /// The check is at work.
    Checking,
    /// What it found.
    Done(Analysis),
}

impl Check {
    /// The analysis, once there is one.
    pub fn analysis(&self) -> Option<&Analysis> {
        match self {
            Self::Done(a) => Some(a),
            _ => None,
        }
    }

    /// One line for the status bar.
    pub fn headline(&self) -> String {
        match self {
            Self::Unplayable(why) => format!("Not playable yet: {why}."),
            Self::Checking => "Checking…".to_string(),
            Self::Done(a) => a.headline.clone(),
        }
    }
}

impl LiveCheck {
    /// The finished check of the board as it stands (`mode` at `revision`), not of an earlier
    /// edit.
    pub fn of_board(&self, mode: ModeId, revision: u64) -> Option<&Analysis> {
        self.check
            .analysis()
            .filter(|_| self.of == Some((mode, revision)))
    }

    /// Whether the board is a playable level (the check found it builds).
    pub fn playable(&self) -> bool {
        !matches!(self.check, Check::Unplayable(_))
    }
}

/// The check for one revision of the editor's level.
#[derive(Resource)]
pub struct LiveCheck {
    /// The mode and revision the check (or the running task) is for.
    pub of: Option<(ModeId, u64)>,
    /// Where it stands.
    pub check: Check,
    task: Option<Task<Analysis>>,
}

impl Default for LiveCheck {
    fn default() -> Self {
        Self {
            of: None,
            check: Check::Checking,
            task: None,
        }
    }
}

fn recheck(editor: Res<Editor>, mut live: ResMut<LiveCheck>) {
    let of = Some((editor.mode, editor.revision));
    if live.of != of {
        live.of = of;
        live.task = None;
        live.check = match editor.build() {
            Err(why) => Check::Unplayable(why),
            Ok(level) => {
                let analyse = editor.spec().analyse;
                live.task = Some(AsyncComputeTaskPool::get().spawn(async move { analyse(&level) }));
                Check::Checking
            }
        };
    }
    if let Some(task) = live.task.as_mut()
        && let Some(analysis) = check_ready(task)
    {
        live.check = Check::Done(analysis);
        live.task = None;
    }
}
