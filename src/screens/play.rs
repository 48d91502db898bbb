//! The play screen's frame: which level is on, and the pause and settings overlays over it.
//! The rules, moves and HUD live in the play layer (`crate::play`).

use super::level_select::LevelRequest;
use super::settings::settings_items;
use super::{Overlay, Screen, remove_menu};
use crate::input::Action;
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem};
use crate::save::Settings;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::Tier;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Paused), open_pause_menu);
    app.add_systems(OnExit(Overlay::Paused), remove_menu);
    app.add_systems(OnEnter(Overlay::Settings), open_settings);
    app.add_systems(OnExit(Overlay::Settings), remove_menu);
    app.add_systems(
        Update,
        (
            pause_on_back.run_if(in_state(Overlay::None)),
            follow_overlay_actions
                .after(crate::menu::MenuNav)
                .run_if(in_state(Screen::Play)),
        ),
    );
}

/// Where a level comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelSource {
    /// Level `level` of library pack `pack`.
    Curated {
        /// Index in the level library.
        pack: usize,
        /// Index in the pack.
        level: usize,
    },
    /// A generated level.
    Fresh {
        /// The difficulty asked for.
        tier: Tier,
        /// The generator's seed.
        seed: u64,
    },
}

impl LevelSource {
    /// A fresh level at `tier` with a new random seed.
    pub fn fresh(tier: Tier) -> Self {
        LevelSource::Fresh {
            tier,
            seed: new_seed(),
        }
    }
}

/// A seed from the platform's random source; if that ever fails, a counter still gives a new
/// seed each time.
fn new_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static FALLBACK: AtomicU64 = AtomicU64::new(0x2545_f491_4f6c_dd1d);
    getrandom::u64()
        .unwrap_or_else(|_| FALLBACK.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed))
}

/// The level being played (or just finished).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct CurrentLevel {
    /// What was asked for.
    pub request: LevelRequest,
    /// The title shown in the HUD.
    pub title: String,
    /// The save-record key, for curated levels.
    pub key: Option<String>,
}

impl CurrentLevel {
    /// Names the level from the library.
    pub fn new(request: LevelRequest, library: &LevelLibrary) -> Self {
        match request.source {
            LevelSource::Curated { pack, level } => {
                let found = library
                    .packs
                    .get(pack)
                    .filter(|p| level < p.level_names.len());
                let title = found.map_or_else(
                    || format!("Level {}", level + 1),
                    |p| format!("{} · {}. {}", p.name, level + 1, p.level_names[level]),
                );
                CurrentLevel {
                    request,
                    title,
                    key: found.map(|p| p.level_key(level)),
                }
            }
            LevelSource::Fresh { tier, .. } => CurrentLevel {
                request,
                title: format!("Fresh · {tier}"),
                key: None,
            },
        }
    }

    /// The level after this one: the next in its pack, or a new fresh level at the same tier.
    pub fn next(&self, library: &LevelLibrary) -> Option<CurrentLevel> {
        let source = match self.request.source {
            LevelSource::Curated { pack, level } => {
                let count = library.packs.get(pack)?.level_names.len();
                (level + 1 < count).then_some(LevelSource::Curated {
                    pack,
                    level: level + 1,
                })?
            }
            LevelSource::Fresh { tier, .. } => LevelSource::fresh(tier),
        };
        Some(CurrentLevel::new(
            LevelRequest {
                source,
                ..self.request
            },
            library,
        ))
    }
}

fn pause_on_back(actions: Single<&ActionState<Action>>, mut overlay: ResMut<NextState<Overlay>>) {
    if actions.just_pressed(&Action::Back) {
        overlay.set(Overlay::Paused);
    }
}

fn open_pause_menu(mut commands: Commands, current: Option<Res<CurrentLevel>>) {
    let items = vec![
        MenuItem::button("Resume", MenuAction::Resume),
        MenuItem::button("Restart level", MenuAction::Restart),
        MenuItem::button("Settings", MenuAction::PauseSettings),
        MenuItem::button("Level select", MenuAction::Goto(Screen::LevelSelect)),
        MenuItem::button("Main menu", MenuAction::Goto(Screen::Title)),
    ];
    let mut menu = Menu::new("Paused", items).with_back(MenuAction::Resume);
    if let Some(current) = current {
        menu = menu.with_subtitle(current.title.clone());
    }
    commands.insert_resource(menu);
}

fn open_settings(mut commands: Commands, settings: Res<Settings>) {
    let back = MenuAction::PauseMenu;
    commands.insert_resource(
        Menu::new("Settings", settings_items(&settings, back.clone())).with_back(back),
    );
}

fn follow_overlay_actions(
    mut activated: MessageReader<MenuActivated>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::Resume | MenuAction::Restart => overlay.set(Overlay::None),
            MenuAction::PauseSettings => overlay.set(Overlay::Settings),
            MenuAction::PauseMenu => overlay.set(Overlay::Paused),
            _ => {}
        }
    }
}
