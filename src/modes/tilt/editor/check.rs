//! The live verdict: after every change the editor's level is checked on the async compute pool
//! (the rater explores every reachable state), so the frame never waits for the solver.

use super::state::Editor;
use crate::flow::Screen;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use puzzlemill_core::Tier;
use puzzlemill_core::tilt::rate;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveCheck>();
    app.add_systems(Update, recheck.run_if(in_state(Screen::Editor)));
}

/// What the solver says about the level being edited.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Not a playable level yet, and why.
    Unplayable(String),
    /// The solver is at work.
    Checking,
    /// Solvable.
    Solvable {
        /// Moves in a shortest solution.
        optimum: u32,
        /// The rater's tier and score.
        tier: Tier,
        /// The rater's score.
        score: f64,
        /// States explored.
        states: usize,
    },
    /// Every reachable state was explored and none wins.
    Unsolvable {
        /// States explored.
        states: usize,
    },
    /// Too many states to explore; no win among those explored.
    TooBig {
        /// States explored.
        states: usize,
    },
}

impl Verdict {
    /// One line for the status bar.
    pub fn describe(&self) -> String {
        match self {
            Self::Unplayable(why) => format!("Not playable yet: {why}."),
            Self::Checking => "Checking…".to_string(),
            Self::Solvable {
                optimum,
                tier,
                score,
                ..
            } => format!("Solvable in {optimum} moves · {tier} (score {score:.1})"),
            Self::Unsolvable { states } => {
                format!("Not solvable: none of its {states} positions is a win.")
            }
            Self::TooBig { states } => {
                format!("No win found in the first {states} positions; try fewer pieces.")
            }
        }
    }
}

/// The verdict for one revision of the editor's level.
#[derive(Resource)]
pub struct LiveCheck {
    /// The revision the verdict (or the running check) is for.
    pub revision: Option<u64>,
    /// The verdict.
    pub verdict: Verdict,
    task: Option<Task<Verdict>>,
}

impl Default for LiveCheck {
    fn default() -> Self {
        LiveCheck {
            revision: None,
            verdict: Verdict::Checking,
            task: None,
        }
    }
}

fn recheck(editor: Res<Editor>, mut check: ResMut<LiveCheck>) {
    if check.revision != Some(editor.revision) {
        check.revision = Some(editor.revision);
        // Dropping a running task cancels it.
        check.task = None;
        check.verdict = match editor.draft.build() {
            Err(why) => Verdict::Unplayable(why.to_string()),
            Ok(level) => {
                check.task = Some(AsyncComputeTaskPool::get().spawn(async move {
                    let analysis = rate::analyse(&level);
                    match (analysis.optimum, analysis.score()) {
                        (Some(optimum), Some(score)) => Verdict::Solvable {
                            optimum,
                            tier: rate::tier_for(score),
                            score,
                            states: analysis.states,
                        },
                        _ if analysis.complete => Verdict::Unsolvable {
                            states: analysis.states,
                        },
                        _ => Verdict::TooBig {
                            states: analysis.states,
                        },
                    }
                }));
                Verdict::Checking
            }
        };
    }
    if let Some(task) = check.task.as_mut()
        && let Some(verdict) = check_ready(task)
    {
        check.verdict = verdict;
        check.task = None;
    }
}
