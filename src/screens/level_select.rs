//! Level select: the progression in front ("Resume" a level left part-way, "Continue" with the
//! next unsolved curated level), then a fresh level at a chosen difficulty or "For you" (aimed
//! at the player's own times), codes and the editor, then every curated pack of the mode with the player's best result on each level.

use super::continuing;
use crate::flow::{LevelRequest, LevelSource, Screen, Selection};
use crate::levels::LevelLibrary;
use crate::menu::{ItemKind, Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::places::Places;
use crate::play_data::{ForYouAims, PlayHistory};
use crate::save::{Progress, SaveStore, Settings};
use crate::ui::clock;
use bevy::prelude::*;
use puzzlemill_core::edit::count;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::LevelSelect),
        (recall_tier, open_menu).chain(),
    );
    app.add_systems(OnExit(Screen::LevelSelect), close_menu);
    app.add_systems(
        Update,
        (follow_choices, remember_tier)
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::LevelSelect)),
    );
}

fn items(
    selection: &Selection,
    library: &LevelLibrary,
    progress: &Progress,
    places: &Places,
    history: &PlayHistory,
    for_you: Option<String>,
) -> Vec<MenuItem> {
    let tier = selection.tier;
    let mode = selection.mode;
    let mut items = continuing::resume_rows(places, library, mode);
    match continuing::continue_item(mode, library, progress, history) {
        Some(item) => items.push(item),
        None if library.curated_packs_for(mode).next().is_some() => {
            items.push(MenuItem::heading("Every curated level solved"));
        }
        None => {}
    }
    let fresh_done = progress
        .fresh_solved
        .get(selection.mode.key())
        .and_then(|tiers| tiers.get(&tier))
        .copied()
        .unwrap_or(0);
    items.extend([
        MenuItem::heading("Fresh level"),
        MenuItem::new(
            "Difficulty",
            ItemKind::Choice {
                value: tier.label().to_string(),
                prev: MenuAction::SetTier(tier.prev()),
                next: MenuAction::SetTier(tier.next()),
            },
        )
        .with_detail(selection.mode.tier_detail(tier)),
        MenuItem::button("Play a fresh level", MenuAction::PlayFresh).with_detail(
            if fresh_done == 0 {
                "Milled just for you, verified solvable".to_string()
            } else {
                format!("{fresh_done} solved at {tier}")
            },
        ),
    ]);
    if let Some(why) = for_you {
        items.push(MenuItem::button("For you", MenuAction::PlayForYou).with_detail(why));
    }
    // Where the mode shares levels as texts too, the box takes either (one name for each).
    let enter = if selection.mode.spec().text.is_some() {
        "Enter a level code or text"
    } else {
        "Enter a level code"
    };
    items.push(
        MenuItem::button(enter, MenuAction::EnterCode)
            .with_detail("Play a level someone shared with you"),
    );
    if selection.mode.spec().edit.is_some() {
        items.extend([
            MenuItem::button("Level editor", MenuAction::Goto(Screen::Editor))
                .with_detail("Build a level; the solver checks it as you go"),
            MenuItem::button("Manage My levels", MenuAction::Goto(Screen::MyLevels))
                .with_detail("Play, edit, share or delete them; export and import pack files"),
        ]);
    }
    let mut any = false;
    for (pack_index, pack) in library.packs_for(selection.mode) {
        any = true;
        let solved = (0..pack.level_names.len())
            .filter(|&i| progress.record(&pack.level_key(i)).is_some())
            .count();
        let heading = MenuItem::heading(format!(
            "{}  ({solved}/{})",
            pack.name,
            pack.level_names.len()
        ));
        items.push(if pack.description.is_empty() {
            heading
        } else {
            heading.with_detail(pack.description.clone())
        });
        for (level, name) in pack.level_names.iter().enumerate() {
            let item = MenuItem::button(
                format!("{}. {name}", level + 1),
                MenuAction::PlayCurated {
                    pack: pack_index,
                    level,
                },
            );
            let key = pack.level_key(level);
            items.push(match (progress.best_time(&key), progress.record(&key)) {
                (Some(time), _) => item.with_detail(format!("✔ best time {}", clock(time))),
                (None, Some(r)) => {
                    item.with_detail(format!("✔ best {}", count(r.best_moves as usize, "move")))
                }
                (None, None) => item,
            });
        }
    }
    if !any {
        items.push(MenuItem::heading("No curated packs could be loaded"));
    }
    items
}

/// The "For you" row's words for the selected mode, if it aims.
fn for_you_line(selection: &Selection, aims: &ForYouAims) -> Option<String> {
    aims.0.get(&selection.mode).map(|aim| aim.explain())
}

fn open_menu(
    mut commands: Commands,
    selection: Res<Selection>,
    library: Res<LevelLibrary>,
    progress: Res<Progress>,
    places: Res<Places>,
    history: Res<PlayHistory>,
    aims: Res<ForYouAims>,
) {
    let mode = selection.mode;
    commands.insert_resource(
        Menu::new(
            mode.label(),
            items(
                &selection,
                &library,
                &progress,
                &places,
                &history,
                for_you_line(&selection, &aims),
            ),
        )
        .with_subtitle(mode.pitch())
        .with_back(MenuAction::Goto(Screen::ModeSelect)),
    );
}

/// The level select opens on the difficulty last chosen for its mode (each mode keeps its own,
/// across restarts).
fn recall_tier(mut selection: ResMut<Selection>, settings: Res<Settings>) {
    let tier = settings.tier_for(selection.mode);
    selection.set_if_neq(Selection { tier, ..*selection });
}

/// A difficulty chosen is kept for the mode, in the settings file.
fn remember_tier(
    mut activated: MessageReader<MenuActivated>,
    selection: Res<Selection>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    for MenuActivated(action) in activated.read() {
        if let MenuAction::SetTier(tier) = action {
            settings
                .tiers
                .insert(selection.mode.key().to_string(), *tier);
            store.settings_changed();
        }
    }
}

fn follow_choices(
    mut activated: MessageReader<MenuActivated>,
    mut selection: ResMut<Selection>,
    library: Res<LevelLibrary>,
    progress: Res<Progress>,
    mut places: ResMut<Places>,
    history: Res<PlayHistory>,
    aims: Res<ForYouAims>,
    mut menu: ResMut<Menu>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for MenuActivated(action) in activated.read() {
        let source = match action {
            MenuAction::SetTier(tier) => {
                selection.tier = *tier;
                let line = for_you_line(&selection, &aims);
                menu.replace_items(items(
                    &selection, &library, &progress, &places, &history, line,
                ));
                continue;
            }
            MenuAction::ForgetPlace(id) => {
                places.forget(id);
                let line = for_you_line(&selection, &aims);
                menu.replace_items(items(
                    &selection, &library, &progress, &places, &history, line,
                ));
                continue;
            }
            MenuAction::PlayCurated { pack, level } => LevelSource::Curated {
                pack: *pack,
                level: *level,
            },
            MenuAction::PlayFresh => LevelSource::Fresh {
                tier: selection.tier,
            },
            MenuAction::PlayForYou => LevelSource::ForYou,
            _ => continue,
        };
        let request = LevelRequest {
            mode: selection.mode,
            source,
        };
        commands.insert_resource(library.current_level(request));
        next.set(Screen::Play);
    }
}
