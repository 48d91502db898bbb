//! The settings screen (also shown over a paused level): music and effects volume, fullscreen,
//! text size, reduced motion, the For you target and the controls. Changes apply at once and are
//! saved when the player leaves.

use crate::flow::{Overlay, Screen, came_from};
use crate::input::{Action, TextFocus};
use crate::menu::{ItemKind, Menu, MenuAction, MenuActivated, MenuItem, SettingChange, close_menu};
use crate::save::{FlushSettings, SaveSet, SaveStore, Settings};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::play_data::aim::clock;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Settings), open_menu);
    app.add_systems(OnExit(Screen::Settings), (close_menu, flush));
    // Wherever a settings menu shows (the screen or the pause overlay), its changes apply.
    app.add_systems(
        Update,
        (
            apply_changes.after(crate::menu::MenuNav),
            // Not while the controls screen waits for a key (F11 may be the key chosen).
            toggle_fullscreen.run_if(not(resource_exists::<crate::flow::ListeningForInput>)),
        )
            .before(SaveSet),
    );
    app.add_systems(OnExit(Overlay::Settings), flush);
    app.add_systems(
        Update,
        refresh.run_if(
            resource_changed::<Settings>
                .and_then(resource_exists::<Menu>)
                .and_then(showing_settings),
        ),
    );
}

/// Rows of the settings menu for the current values; `back` is the last row's action.
pub fn settings_items(settings: &Settings, back: MenuAction) -> Vec<MenuItem> {
    let percent = |v: f32| format!("{:.0}%", v * 100.0);
    vec![
        MenuItem::new(
            "Music volume",
            ItemKind::Slider {
                value: settings.music_volume,
                make: |v| MenuAction::Setting(SettingChange::MusicVolume(v)),
            },
        )
        .with_detail(percent(settings.music_volume)),
        MenuItem::new(
            "Effects volume",
            ItemKind::Slider {
                value: settings.effects_volume,
                make: |v| MenuAction::Setting(SettingChange::EffectsVolume(v)),
            },
        )
        .with_detail(percent(settings.effects_volume)),
        MenuItem::new(
            "Fullscreen",
            ItemKind::Toggle {
                on: settings.fullscreen,
                make: |on| MenuAction::Setting(SettingChange::Fullscreen(on)),
            },
        ),
        MenuItem::new(
            "Text size",
            ItemKind::Choice {
                value: settings.text_size.label().to_string(),
                prev: MenuAction::Setting(SettingChange::TextSize(settings.text_size.step(-1))),
                next: MenuAction::Setting(SettingChange::TextSize(settings.text_size.step(1))),
            },
        )
        .with_detail("Menus and the HUD"),
        MenuItem::new(
            "Colour-blind palette",
            ItemKind::Toggle {
                on: settings.colour_blind,
                make: |on| MenuAction::Setting(SettingChange::ColourBlind(on)),
            },
        )
        .with_detail("Colours anyone can tell apart"),
        MenuItem::new(
            "Reduced motion",
            ItemKind::Toggle {
                on: settings.reduced_motion,
                make: |on| MenuAction::Setting(SettingChange::ReducedMotion(on)),
            },
        )
        .with_detail("Pieces jump instead of sliding"),
        MenuItem::new(
            "For you: time a level",
            ItemKind::Choice {
                value: clock(settings.for_you_seconds as f32),
                prev: MenuAction::Setting(SettingChange::ForYouTarget(
                    settings.for_you_seconds.saturating_sub(30),
                )),
                next: MenuAction::Setting(SettingChange::ForYouTarget(
                    settings.for_you_seconds + 30,
                )),
            },
        )
        .with_detail("How long the levels For you aims at should take you"),
        MenuItem::button("Back", back),
    ]
}

fn open_menu(
    mut commands: Commands,
    settings: Res<Settings>,
    mut moves: MessageReader<StateTransitionEvent<Screen>>,
) {
    let back = MenuAction::Goto(Screen::Title);
    let controls = MenuAction::Goto(Screen::Controls);
    let items = with_controls(settings_items(&settings, back.clone()), controls);
    // Back from the controls screen, the cursor is on the row that led there.
    let from_controls = came_from(&mut moves, Screen::Settings) == Some(Screen::Controls);
    let cursor = items
        .iter()
        .position(|i| i.label == "Controls")
        .filter(|_| from_controls)
        .unwrap_or(0);
    commands.insert_resource(
        Menu::new("Settings", items)
            .with_back(back)
            .with_cursor(cursor),
    );
}

/// The settings rows with "Controls" before "Back", opened by `open` (the controls screen, or
/// the controls over a paused level).
pub(super) fn with_controls(mut items: Vec<MenuItem>, open: MenuAction) -> Vec<MenuItem> {
    let at = items.len().saturating_sub(1);
    items.insert(
        at,
        MenuItem::button("Controls", open).with_detail("Keys and gamepad buttons"),
    );
    items
}

fn showing_settings(screen: Res<State<Screen>>, overlay: Option<Res<State<Overlay>>>) -> bool {
    *screen.get() == Screen::Settings || overlay.is_some_and(|o| *o.get() == Overlay::Settings)
}

fn refresh(settings: Res<Settings>, screen: Res<State<Screen>>, mut menu: ResMut<Menu>) {
    let back = menu.back.clone().unwrap_or(MenuAction::Goto(Screen::Title));
    let controls = if *screen.get() == Screen::Settings {
        MenuAction::Goto(Screen::Controls)
    } else {
        MenuAction::PauseControls
    };
    menu.replace_items(with_controls(settings_items(&settings, back), controls));
}

fn apply_changes(
    mut activated: MessageReader<MenuActivated>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    for MenuActivated(action) in activated.read() {
        if let MenuAction::Setting(change) = action {
            settings.apply(*change);
            store.settings_changed();
        }
    }
}

/// F11 or Alt+Enter, on any screen: fullscreen on or off, saved like the menu's switch (not a
/// key typed into a text box).
fn toggle_fullscreen(
    actions: Single<&ActionState<Action>>,
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TextFocus>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    if actions.just_pressed(&Action::Fullscreen) && !focus.typed(&keys) {
        let on = !settings.fullscreen;
        settings.apply(SettingChange::Fullscreen(on));
        store.settings_changed();
    }
}

fn flush(mut commands: Commands) {
    commands.insert_resource(FlushSettings);
}
