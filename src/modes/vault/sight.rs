//! What the player has seen of a Vault level: the sectors entered or looked into through a
//! window, the secret walls found, and the scripts opened, each announced once ("The key opens the
//! yellow doors") with its doors pulsing for a while. This is game state, on the logic side, so
//! headless tests see it; the view draws the fog and the pulse from it.

use super::scripts::colour_name;
use crate::flow::Screen;
use crate::notices::Notices;
use crate::play::{ActiveSession, PlaySet};
use crate::save::Settings;
use bevy::prelude::*;
use puzzlemill_core::vault::Vault;
use puzzlemill_core::vault::grid::ROCK;
use puzzlemill_core::vault::level::{OpenerKind, OpeningKind, Tile, VaultLevel};
use puzzlemill_core::vault::rules::VaultState;

/// Seconds opened doors pulse.
const FLASH: f32 = 2.5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seen>();
    app.add_systems(
        Update,
        (
            start_seeing.run_if(resource_added::<ActiveSession<Vault>>),
            update_seen.run_if(resource_exists::<ActiveSession<Vault>>),
        )
            .chain()
            .in_set(SightSet)
            .after(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
}

/// The system that updates [`Seen`]; the view draws after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SightSet;

/// What the player has seen: sectors entered or looked into through a window, secret walls
/// found; and the scripts opened last time the view looked, with seconds left to pulse them.
#[derive(Resource, Default, Debug)]
pub struct Seen {
    /// Per sector.
    pub sectors: Vec<bool>,
    /// Links whose secret wall was walked through.
    pub secrets: Vec<bool>,
    /// The scripts opened when the player's state was last looked at.
    opened: u64,
    /// The scripts announced (each once in a level: undone and opened again, not again).
    announced: u64,
    /// The script whose doors pulse, and seconds left.
    pub flash: Option<(u8, f32)>,
}

impl Seen {
    /// Whether a key, switch or the exit at `at` stays out of sight: its sector not seen yet and
    /// no blueprint showing the whole plan. (The fog lets walls show through faintly; it gives
    /// no item away.)
    pub fn hides(&self, level: &VaultLevel, blueprint: bool, (x, y): (usize, usize)) -> bool {
        let s = level.grid.get(x as i32, y as i32);
        !blueprint && s != ROCK && !self.sectors.get(usize::from(s)).copied().unwrap_or(false)
    }
}

impl Seen {
    /// Whether a walk to a chosen cell may step on `at`: a cell of a sector seen, and a secret
    /// wall only where it was found.
    pub fn may_walk(&self, level: &VaultLevel, at: (u8, u8)) -> bool {
        let (x, y) = (usize::from(at.0), usize::from(at.1));
        if level.tile(x as i32, y as i32) == Tile::SecretWall {
            return secret_links(level, (x, y)).any(|i| self.secrets.get(i) == Some(&true));
        }
        !self.hides(level, false, (x, y))
    }
}

/// The secret links whose walls include the cell `at`.
fn secret_links(level: &VaultLevel, at: (usize, usize)) -> impl Iterator<Item = usize> + '_ {
    level.links.iter().enumerate().filter_map(move |(i, link)| {
        let here = link
            .openings
            .iter()
            .any(|o| o.spots.iter().any(|s| s.a == at || s.b == at));
        (link.secret && here).then_some(i)
    })
}

/// A new level: nothing seen yet, or, for a level taken up again, what its history saw (no
/// notices for scripts opened then).
fn start_seeing(session: Res<ActiveSession<Vault>>, mut seen: ResMut<Seen>) {
    let level = session.0.level();
    *seen = Seen {
        sectors: vec![false; level.sectors.len()],
        secrets: vec![false; level.links.len()],
        ..Seen::default()
    };
    for state in session.0.states() {
        see(level, state, &mut seen);
    }
    seen.opened = session.0.state().opened;
    seen.announced = seen.opened;
}

/// Marks what the player sees from `state`: their sector and, through windows, its neighbours,
/// and a secret wall they stand in.
fn see(level: &VaultLevel, state: &VaultState, seen: &mut Seen) {
    let at = (usize::from(state.at.0), usize::from(state.at.1));
    let sector = level.grid.get(at.0 as i32, at.1 as i32);
    if level.tile(at.0 as i32, at.1 as i32) == Tile::SecretWall {
        for i in secret_links(level, at) {
            seen.secrets[i] = true;
        }
    }
    if sector != ROCK {
        seen.sectors[usize::from(sector)] = true;
        for link in &level.links {
            let window = link.openings.iter().any(|o| o.kind == OpeningKind::Window);
            for (a, b) in [(link.from, link.to), (link.to, link.from)] {
                if a == sector && window && !level.sectors[usize::from(b)].secret {
                    seen.sectors[usize::from(b)] = true;
                }
            }
        }
    }
}

/// Marks the player's sector and, through windows, its neighbours; finds secret walls walked
/// through; notices scripts that opened since last time.
fn update_seen(
    session: Res<ActiveSession<Vault>>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut seen: ResMut<Seen>,
    mut notices: ResMut<Notices>,
) {
    let level = session.0.level();
    let state = session.0.state();
    // The pulse timer runs without marking `Seen` changed (the fog redraws on changes).
    if let Some((_, left)) = seen.bypass_change_detection().flash.as_mut() {
        *left -= time.delta_secs();
    }
    if !session.is_changed() && seen.opened == state.opened {
        return;
    }
    see(level, state, &mut seen);
    // Every script opened for the first time (a walk or a redo may open two at once).
    let fresh = state.opened & !seen.announced;
    let mut pulse = None;
    for script in (0..64u8).filter(|&s| fresh & (1 << s) != 0) {
        if let Some(opener) = level.openers.iter().find(|o| o.script == script) {
            let what = match opener.kind {
                OpenerKind::Key => "The key opens",
                OpenerKind::Switch => "The switch opened",
            };
            notices.level_info(format!(
                "{what} the {} doors (marked {script}).",
                colour_name(settings.colour_blind, script)
            ));
            // The newest lock's doors pulse (the first of those opened at once).
            pulse = pulse.or(Some(script));
        }
    }
    if let Some(script) = pulse {
        seen.flash = Some((script, FLASH));
    }
    seen.announced |= fresh;
    seen.opened = state.opened;
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::Tier;
    use puzzlemill_core::rng::seeded;
    use puzzlemill_core::vault::generate::{Layout, VaultParams, generate};

    #[test]
    fn items_show_once_their_sector_is_seen_or_on_the_blueprint() {
        let params = VaultParams::for_tier(Tier::Easy, Layout::Bsp);
        let mut rng = seeded(4);
        let level = (0..20)
            .find_map(|_| generate(&params, &mut rng))
            .expect("a level");
        let mut seen = Seen {
            sectors: vec![false; level.sectors.len()],
            ..Seen::default()
        };
        let items: Vec<(usize, usize)> = level
            .openers
            .iter()
            .map(|o| o.at)
            .chain([level.exit])
            .collect();
        assert!(items.iter().all(|&at| seen.hides(&level, false, at)));
        assert!(items.iter().all(|&at| !seen.hides(&level, true, at)));
        let (x, y) = items[0];
        seen.sectors[usize::from(level.grid.get(x as i32, y as i32))] = true;
        assert!(!seen.hides(&level, false, items[0]));
        assert!(items.iter().any(|&at| seen.hides(&level, false, at)));
    }
}
