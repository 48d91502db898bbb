//! Walking to a chosen cell in Vault: tap or click a cell of a sector already seen and the player
//! walks there along a shortest open way through what they have seen (no secret wall not found
//! yet, never over the exit; keys and switches on the way are taken as the steps would take
//! them), a step every [`STEP`] seconds. A direction, a swipe or a request (undo, restart, a
//! hint) stops the walk; undo takes the whole walk back as one step. Keys and gamepad keep
//! stepping one cell at a time.

use super::sight::Seen;
use crate::flow::{Overlay, Screen};
use crate::input::Action;
use crate::notices::Notices;
use crate::play::{ActiveSession, PlayRequest, PlaySet, TryMove, WalkStep};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::Direction;
use puzzlemill_core::vault::grid::ROCK;
use puzzlemill_core::vault::level::Tile;
use puzzlemill_core::vault::{Vault, VaultLevel, VaultState};
use puzzlemill_core::{Puzzle, Status};
use std::collections::{HashMap, VecDeque};

/// Seconds between the steps of a walk.
pub const STEP: f32 = 0.06;
/// States the search for a way looks at before giving up.
const SEARCH_LIMIT: usize = 60_000;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WalkTo>();
    app.init_resource::<Walk>();
    // A walk belongs to its level: none goes on into the next.
    app.add_systems(OnExit(Screen::Play), forget_walk);
    app.add_systems(
        Update,
        forget_walk.run_if(resource_added::<ActiveSession<Vault>>),
    );
    app.add_systems(
        Update,
        (plan, step)
            .chain()
            .before(PlaySet)
            .run_if(resource_exists::<ActiveSession<Vault>>.and_then(in_state(Overlay::None))),
    );
}

/// Walk to this cell (from a tap or click on the map, or a test).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkTo(pub (u8, u8));

/// The walk under way: the steps left, and seconds until the next.
#[derive(Resource, Default, Debug)]
pub struct Walk {
    /// Steps still to take.
    pub steps: VecDeque<Direction>,
    /// Whether the next step starts the walk.
    first: bool,
    /// Seconds until the next step.
    wait: f32,
}

/// A shortest way from `from` to a state standing on `to`, as steps, over cells `may_enter`
/// allows, never on past the exit (stepping on it wins); or why there is none.
pub fn way(
    level: &VaultLevel,
    from: VaultState,
    to: (u8, u8),
    may_enter: impl Fn((u8, u8)) -> bool,
) -> Result<Vec<Direction>, NoWay> {
    let mut came: HashMap<VaultState, (VaultState, Direction)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(state) = queue.pop_front() {
        if state.at == to {
            let mut steps = Vec::new();
            let mut at = state;
            while at != from {
                let (before, dir) = came[&at];
                steps.push(dir);
                at = before;
            }
            steps.reverse();
            return Ok(steps);
        }
        if came.len() > SEARCH_LIMIT {
            return Err(NoWay::TooFar);
        }
        if state != from && Vault::status(level, &state) == Status::Won {
            continue;
        }
        for dir in Direction::ALL {
            if let Some(next) = Vault::apply(level, &state, dir)
                && next != from
                && may_enter(next.at)
                && !came.contains_key(&next)
            {
                came.insert(next, (state, dir));
                queue.push_back(next);
            }
        }
    }
    Err(NoWay::Closed)
}

/// Why no walk was planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWay {
    /// Every way there is shut (a locked door, a secret wall not found, the exit on the way).
    Closed,
    /// The search gave up before it found one (keys lying about multiply the ways).
    TooFar,
}

fn plan(
    mut asked: MessageReader<WalkTo>,
    session: Res<ActiveSession<Vault>>,
    seen: Res<Seen>,
    mut walk: ResMut<Walk>,
    mut notices: ResMut<Notices>,
) {
    let Some(&WalkTo((x, y))) = asked.read().last() else {
        return;
    };
    let level = session.0.level();
    let sector = level.grid.get(i32::from(x), i32::from(y));
    let known = sector != ROCK
        && seen
            .sectors
            .get(usize::from(sector))
            .copied()
            .unwrap_or(false);
    walk.steps.clear();
    if !known {
        notices.level_info("You have not seen that part of the vault yet.");
        return;
    }
    // A secret wall not found yet is a wall to the player (another answer would give it away).
    let tile = level.tile(i32::from(x), i32::from(y));
    if matches!(tile, Tile::Wall | Tile::Window)
        || (tile == Tile::SecretWall && !seen.may_walk(level, (x, y)))
    {
        notices.level_info("That is a wall: tap the floor to walk there.");
        return;
    }
    match way(level, *session.0.state(), (x, y), |at| {
        seen.may_walk(level, at)
    }) {
        Ok(steps) => {
            walk.steps = steps.into();
            walk.first = true;
            walk.wait = 0.0;
        }
        Err(NoWay::Closed) => notices.level_info("No open way there yet."),
        Err(NoWay::TooFar) => {
            notices.level_info("That is too far to plan a walk: walk part of the way first.")
        }
    }
}

fn forget_walk(mut walk: ResMut<Walk>) {
    walk.steps.clear();
}

fn step(
    time: Res<Time>,
    actions: Single<&ActionState<Action>>,
    mut requests: MessageReader<PlayRequest>,
    mut moves: MessageReader<TryMove<Vault>>,
    session: Res<ActiveSession<Vault>>,
    mut walk: ResMut<Walk>,
    mut steps: MessageWriter<WalkStep<Vault>>,
) {
    // Moves from before the walk (one written after this ran last frame) are no take-over.
    if walk.steps.is_empty() || walk.first {
        moves.clear();
    }
    if walk.steps.is_empty() {
        return;
    }
    // The player takes over: a direction (pressed, or held and repeating), a swipe, or undo,
    // restart and the like, stop the walk.
    let interrupted = Action::DIRECTIONS
        .into_iter()
        .any(|a| actions.just_pressed(&a))
        || moves.read().next().is_some()
        || requests.read().next().is_some();
    if interrupted {
        walk.steps.clear();
        return;
    }
    walk.wait -= time.delta_secs();
    if walk.wait > 0.0 {
        return;
    }
    walk.wait = STEP;
    let Some(dir) = walk.steps.pop_front() else {
        return;
    };
    if Vault::apply(session.0.level(), session.0.state(), dir).is_none() {
        walk.steps.clear();
        return;
    }
    steps.write(WalkStep {
        mv: dir,
        first: walk.first,
    });
    walk.first = false;
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::vault::drawn::drawn;

    /// A room with the start, and behind a secret wall a second room with the exit.
    const BEHIND_A_SECRET: [&str; 5] = [
        "############",
        "#.@.##....X#",
        "#...??.....#",
        "#...##.....#",
        "############",
    ];

    #[test]
    fn a_walk_keeps_to_what_was_seen_and_stops_at_the_exit() {
        let rows: Vec<String> = BEHIND_A_SECRET.iter().map(|r| r.to_string()).collect();
        let level = drawn(&rows, &[]).unwrap();
        let start = Vault::start(&level);
        let mut seen = Seen::default();
        seen.sectors = vec![true; level.sectors.len()];
        seen.secrets = vec![false; level.links.len()];
        let target = (7, 3);
        let walk = |seen: &Seen, to| way(&level, start, to, |at| seen.may_walk(&level, at));
        assert_eq!(
            walk(&seen, target),
            Err(NoWay::Closed),
            "not through a secret wall not found"
        );
        seen.secrets = vec![true; level.links.len()];
        let steps = walk(&seen, target).expect("through it once found");
        assert_eq!(steps.len(), 7);
        // In a corridor, the cell past the exit: the walk would win on the way, so no walk.
        let corridor: Vec<String> = ["######", "#@.X.#", "######"]
            .iter()
            .map(|r| r.to_string())
            .collect();
        let level = drawn(&corridor, &[]).unwrap();
        let start = Vault::start(&level);
        let anywhere = |_: (u8, u8)| true;
        assert_eq!(way(&level, start, (4, 1), anywhere), Err(NoWay::Closed));
        assert_eq!(way(&level, start, (3, 1), anywhere).map(|s| s.len()), Ok(2));
    }
}
