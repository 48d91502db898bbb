//! The play screen's frame: the pause, settings and controls overlays over a level. The rules, moves and
//! HUD live in the play layer (`crate::play`); what is being played, in [`crate::flow`].

use super::settings::{settings_items, with_controls};
use crate::audio::InBackground;
use crate::editor::Editor;
use crate::flow::{CurrentLevel, LevelSource, Overlay, Screen, came_from};
use crate::input::Action;
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::mill::Waiting;
use crate::my_levels::MyLevelsStore;
use crate::play::{BackIsTaken, PauseOnBack, PlayHud, level_in_play};
use crate::save::Settings;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::edit::drafts::open_copy;
use puzzlemill_core::level_text;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Paused), open_pause_menu);
    app.add_systems(OnExit(Overlay::Paused), close_menu);
    app.add_systems(OnEnter(Overlay::Settings), open_settings);
    app.add_systems(OnExit(Overlay::Settings), close_menu);
    app.add_systems(
        Update,
        (
            // While the mill is still making the level, Back cancels instead (crate::mill).
            // Nor in the moment a solved level shows before its screen (the HUD's Pause is
            // off then too): the level is no longer in play.
            (
                pause_on_back
                    .in_set(PauseOnBack)
                    .run_if(not(resource_exists::<BackIsTaken>)),
                pause_on_focus_loss,
            )
                .run_if(in_state(Overlay::None).and_then(not(resource_exists::<Waiting>)))
                .run_if(|hud: Res<PlayHud>| hud.won_for.is_none()),
            follow_overlay_actions
                .after(crate::menu::MenuNav)
                .run_if(in_state(Screen::Play)),
        ),
    );
}

/// "Back to the editor", for menus over a play-test.
pub(super) fn back_to_editor(current: Option<&CurrentLevel>) -> Option<MenuItem> {
    current
        .filter(|c| c.request.source == LevelSource::Draft)
        .map(|_| MenuItem::button("Back to the editor", MenuAction::Goto(Screen::Editor)))
}

fn pause_on_back(actions: Single<&ActionState<Action>>, mut overlay: ResMut<NextState<Overlay>>) {
    if actions.just_pressed(&Action::Back) {
        overlay.set(Overlay::Paused);
    }
}

/// A level pauses when its window loses focus (another window, another browser tab): its clock
/// and the time in play stop, and a Climb run is not left running unwatched. It stays paused
/// when the focus comes back, until the player resumes. A level that opens while the window is
/// in the background (a fresh level the mill finished then) opens paused: the focus is compared
/// with what it was when this last ran, however long the level was waited for.
fn pause_on_focus_loss(
    background: Res<InBackground>,
    mut seen: Local<bool>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    if background.0 && !*seen {
        overlay.set(Overlay::Paused);
    }
    *seen = background.0;
}

fn open_pause_menu(
    mut commands: Commands,
    current: Option<Res<CurrentLevel>>,
    library: Res<LevelLibrary>,
    editor: Res<Editor>,
    mine: Res<MyLevelsStore>,
    mut moves: MessageReader<StateTransitionEvent<Overlay>>,
) {
    let mut items = vec![
        MenuItem::button("Resume", MenuAction::Resume),
        MenuItem::button("Restart level", MenuAction::Restart),
        // "?" for the mouse, touch and a gamepad (the keys' F1 and "?" have no button).
        MenuItem::button("How to play", MenuAction::Explain)
            .with_detail("The rules, and what the things in this level do"),
        MenuItem::button("Settings", MenuAction::PauseSettings),
    ];
    // A lesson played before the level asked for: the player who knows it goes on to that level.
    if let Some(asked) = current.as_deref().and_then(|c| c.after.as_deref()) {
        items.insert(
            1,
            MenuItem::button("Skip the lesson", MenuAction::SkipLesson)
                .with_detail(format!("On to the level you asked for: {}", asked.title)),
        );
    }
    let level = current.as_deref().and_then(|c| level_in_play(c, &library));
    if let Some(current) = current.as_deref() {
        let mode = current.request.mode;
        // A level shares its level text where a text holds it; a milled level no text holds
        // shares its code (Climb's caves, which fill the whole map, and milled vaults, whose
        // sectors a drawing reads another way).
        let text_holds = level
            .as_ref()
            .is_some_and(|level| level_text::encode(mode, level).is_ok());
        if text_holds {
            items.push(
                MenuItem::button("Share this level", MenuAction::Share)
                    .with_detail("Copies its level text: the code box opens it anywhere"),
            );
        } else if let Some(code) = current.code().map(|c| c.to_string()).or_else(|| {
            // A curated level named by its code in its pack (Climb's and Vault's starters).
            match current.request.source {
                LevelSource::Curated { pack, level } => library.code_of(pack, level),
                _ => None,
            }
        }) {
            items.push(
                MenuItem::button("Share this level", MenuAction::CopyCode(code.to_string()))
                    .with_detail(format!(
                        "Copies its code, {code}: the code box opens it anywhere"
                    )),
            );
        }
    }
    if let Some(current) = current
        .as_deref()
        .filter(|c| c.request.mode.spec().edit.is_some())
    {
        if current.request.source == LevelSource::Shared {
            items.push(
                MenuItem::button("Save to My levels", MenuAction::SaveToMyLevels)
                    .with_detail("Keep this shared level with yours"),
            );
        }
        // Only where the editor can hold and keep the level (not a milled cave, which fills the map,
        // nor a shared level larger than its boards).
        let editable = level
            .as_ref()
            .is_some_and(|level| open_copy(current.request.mode, level).is_ok());
        if current.request.source != LevelSource::Draft && editable {
            let mode = current.request.mode;
            let edit = editor.ask_before_open(mode, &mine, MenuAction::EditCopy);
            items.push(
                MenuItem::button("Edit a copy", edit).with_detail("Opens the level editor on it"),
            );
        }
    }
    items.extend(back_to_editor(current.as_deref()));
    items.extend([
        MenuItem::button("Level select", MenuAction::Goto(Screen::LevelSelect)),
        MenuItem::button("Main menu", MenuAction::Goto(Screen::Title)),
    ]);
    // Back from the pause menu's Settings, the cursor is on the row that led there.
    let cursor = (came_from(&mut moves, Overlay::Paused) == Some(Overlay::Settings))
        .then(|| items.iter().position(|i| i.label == "Settings"))
        .flatten()
        .unwrap_or(0);
    let mut menu = Menu::new("Paused", items)
        .with_back(MenuAction::Resume)
        .with_cursor(cursor);
    if let Some(current) = current {
        menu = menu.with_subtitle(current.title.clone());
    }
    commands.insert_resource(menu);
}

fn open_settings(
    mut commands: Commands,
    settings: Res<Settings>,
    mut moves: MessageReader<StateTransitionEvent<Overlay>>,
) {
    let back = MenuAction::PauseMenu;
    let items = with_controls(
        settings_items(&settings, back.clone()),
        MenuAction::PauseControls,
    );
    // Back from the controls, the cursor is on the row that led there.
    let cursor = (came_from(&mut moves, Overlay::Settings) == Some(Overlay::Controls))
        .then(|| items.iter().position(|i| i.label == "Controls"))
        .flatten()
        .unwrap_or(0);
    commands.insert_resource(
        Menu::new("Settings", items)
            .with_back(back)
            .with_cursor(cursor),
    );
}

fn follow_overlay_actions(
    mut activated: MessageReader<MenuActivated>,
    mut overlay: ResMut<NextState<Overlay>>,
    current: Option<Res<CurrentLevel>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::Resume | MenuAction::Restart | MenuAction::Explain => {
                overlay.set(Overlay::None)
            }
            MenuAction::SkipLesson => {
                // The lesson is left (and recorded so) and the level asked for opens.
                if let Some(asked) = current.as_deref().and_then(|c| c.after.as_deref()) {
                    commands.insert_resource(asked.clone());
                    screen.set(Screen::Play);
                    overlay.set(Overlay::None);
                }
            }
            MenuAction::PauseSettings => overlay.set(Overlay::Settings),
            MenuAction::PauseMenu => overlay.set(Overlay::Paused),
            MenuAction::PauseControls => overlay.set(Overlay::Controls),
            _ => {}
        }
    }
}
