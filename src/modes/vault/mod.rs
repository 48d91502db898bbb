//! Vault in the game: top-down exploration of the core's sector levels (seed 001). Each step is a
//! move of the shared play layer (undo, redo, restart, hints, the move counter against the
//! shortest route); holding a direction keeps walking (`walk`), a tap or click on a seen cell
//! walks there (`route`, one undo step a walk); what the player has seen, and the
//! news of doors opened, is game state (`sight`). The view draws the map (`map`, from `art`)
//! under a fog lifted sector by sector (`minimap`, with the minimap), doors that open, windows
//! that show the room beyond, keys, switches and the exit, and follows the player with the
//! camera; Tab toggles the blueprint (`blueprint`), the sector graph drawn as the seed draws it.

mod art;
mod blueprint;
mod click;
mod editor_look;
mod map;
mod minimap;
mod notes;
mod route;
mod scripts;
mod sight;
mod walk;

use crate::modes::game::GameMode;
use crate::play::{PlayLayerPlugin, PlayMode};
use bevy::prelude::*;
use puzzlemill_core::edit::count;
use puzzlemill_core::vault::level::{OpenerKind, VaultLevel};
use puzzlemill_core::vault::{Vault, VaultEntry, VaultState};
use puzzlemill_core::{Direction, ModeId, Puzzle, SearchLimit};

pub use blueprint::Blueprint;
pub use route::{Walk, WalkTo};
pub use sight::Seen;

/// Vault in the game's table of modes.
pub const GAME: GameMode = GameMode {
    plugin,
    view_plugin,
    editor: Some(editor_look::LOOK),
};

fn plugin(app: &mut App) {
    app.add_plugins((
        PlayLayerPlugin::<Vault>::default(),
        walk::plugin,
        route::plugin,
        blueprint::plugin,
        sight::plugin,
    ));
}

fn view_plugin(app: &mut App) {
    app.add_plugins((
        art::plugin,
        map::plugin,
        minimap::plugin,
        click::plugin,
        blueprint::view_plugin,
        editor_look::plugin,
    ));
}

/// Scripts opened in `state`, not counting the start's.
fn opened(state: &VaultState) -> u32 {
    (state.opened >> 1).count_ones()
}

impl PlayMode for Vault {
    const MODE: ModeId = ModeId::Vault;
    type Entry = VaultEntry;

    fn move_for_direction(direction: Direction) -> Option<Direction> {
        Some(direction)
    }

    fn describe_move(mv: &Direction) -> String {
        format!("step {} {}", format!("{mv:?}").to_lowercase(), mv.arrow())
    }

    /// Scripts still locked, and the exit.
    fn remaining(level: &VaultLevel, state: &VaultState) -> usize {
        usize::from(level.scripts) - opened(state) as usize + 1
    }

    fn idle_line(level: &VaultLevel, state: &VaultState) -> String {
        let keys = level
            .openers
            .iter()
            .filter(|o| o.kind == OpenerKind::Key && state.opened & (1 << o.script) != 0)
            .count();
        format!(
            "{} of {} locks open · keys held {keys} · find the exit switch[ · {{cycle}}: blueprint|]",
            opened(state),
            level.scripts
        )
    }

    fn notes(level: &VaultLevel) -> Vec<(&'static str, &'static str)> {
        notes::notes(level)
    }

    /// Where the shortest route goes next: the next key or switch it fetches, or the exit.
    fn teach(level: &VaultLevel, state: &VaultState) -> Option<String> {
        let outcome = Vault::solve(level, state, SearchLimit::DEFAULT);
        let route = outcome.solution()?;
        let first = route.first()?;
        let mut at = *state;
        for (i, &mv) in route.iter().enumerate() {
            let next = Vault::apply(level, &at, mv)?;
            if next.opened != at.opened {
                let cell = (usize::from(next.at.0), usize::from(next.at.1));
                let opener = level.opener_at(cell)?;
                let what = match opener.kind {
                    OpenerKind::Key => "the key",
                    OpenerKind::Switch => "the switch",
                };
                return Some(format!(
                    "Step {} {}: {what} for the doors marked {} is {} away.",
                    format!("{first:?}").to_lowercase(),
                    first.arrow(),
                    opener.script,
                    count(i + 1, "step")
                ));
            }
            at = next;
        }
        Some(format!(
            "Step {} {}: the exit switch is {} away.",
            format!("{first:?}").to_lowercase(),
            first.arrow(),
            count(route.len(), "step")
        ))
    }
}
