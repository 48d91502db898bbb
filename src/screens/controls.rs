//! The controls screen: every action with its keys and gamepad buttons. Choosing one waits for
//! the next key or button pressed, which replaces that action's keys (or buttons); a key another
//! action also uses is flagged on both rows. "Reset to defaults" undoes every choice. Saved with
//! the settings; the input map follows at once.

use crate::flow::{ListeningForInput, Screen};
use crate::input::{Action, Bindings, PlayerInput, REBINDABLE, action_name, button_name, key_name};
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::notices::Notices;
use crate::save::{FlushSettings, SaveSet, SaveStore, Settings};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Controls), open_menu);
    app.add_systems(
        OnExit(Screen::Controls),
        (close_menu, stop_listening, flush),
    );
    app.add_systems(
        Update,
        (
            follow_choices
                .after(crate::menu::MenuNav)
                .run_if(in_state(Screen::Controls)),
            listen.run_if(resource_exists::<Rebinding>),
        )
            .chain()
            .before(SaveSet),
    );
    // Wherever the bindings change (this screen, or settings loaded at start), the map follows.
    app.add_systems(Update, apply_bindings.run_if(resource_changed::<Settings>));
}

/// The action waiting for its new key or button.
#[derive(Resource, Clone, Copy, Debug)]
struct Rebinding(Action);

/// The rows: each action with what it answers to, clashes flagged.
fn items(bindings: &Bindings) -> Vec<MenuItem> {
    let mut items: Vec<MenuItem> = REBINDABLE
        .into_iter()
        .map(|action| {
            let keys = bindings.keys_of(action);
            let buttons = bindings.buttons_of(action);
            let mut detail: Vec<String> = keys.iter().map(|&k| key_name(k)).collect();
            if !buttons.is_empty() {
                let pad: Vec<String> = buttons.iter().map(|&b| button_name(b)).collect();
                detail.push(format!("gamepad {}", pad.join(", ")));
            }
            let clashes: Vec<&str> = keys
                .iter()
                .flat_map(|&k| bindings.key_clashes(action, k))
                .chain(
                    buttons
                        .iter()
                        .flat_map(|&b| bindings.button_clashes(action, b)),
                )
                .map(action_name)
                .collect();
            let mut detail = detail.join(" · ");
            if !clashes.is_empty() {
                detail.push_str(&format!(" · clash: also {}", clashes.join(", ")));
            }
            MenuItem::button(action_name(action), MenuAction::Rebind(action)).with_detail(detail)
        })
        .collect();
    items.push(
        MenuItem::button("Reset to defaults", MenuAction::ResetBindings)
            .with_detail("Every key and button as the game came"),
    );
    items.push(MenuItem::button("Back", MenuAction::Goto(Screen::Settings)));
    items
}

const SUBTITLE: &str = "Choose an action, then press its new key or gamepad button";

fn open_menu(mut commands: Commands, settings: Res<Settings>) {
    commands.insert_resource(
        Menu::new("Controls", items(&settings.bindings))
            .with_subtitle(SUBTITLE)
            .with_back(MenuAction::Goto(Screen::Settings)),
    );
}

fn follow_choices(
    mut activated: MessageReader<MenuActivated>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
    mut menu: ResMut<Menu>,
    mut commands: Commands,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::Rebind(action) => {
                menu.subtitle = Some(format!(
                    "Press the new key or button for {} (Esc keeps it as it is)",
                    action_name(*action)
                ));
                commands.insert_resource(Rebinding(*action));
                commands.insert_resource(ListeningForInput);
            }
            MenuAction::ResetBindings => {
                settings.bindings = Bindings::default();
                store.settings_changed();
                menu.replace_items(items(&settings.bindings));
            }
            _ => {}
        }
    }
}

/// Takes the first key or button pressed as the waiting action's new one.
#[allow(clippy::too_many_arguments)]
fn listen(
    rebinding: Res<Rebinding>,
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
    mut menu: ResMut<Menu>,
    mut notices: ResMut<Notices>,
    mut commands: Commands,
) {
    // The press that chose the row is not the new key.
    if rebinding.is_added() {
        return;
    }
    let action = rebinding.0;
    let key = keys.get_just_pressed().next().copied();
    let button = pads
        .iter()
        .find_map(|pad| pad.get_just_pressed().next().copied());
    if key.is_none() && button.is_none() {
        return;
    }
    if key != Some(KeyCode::Escape) {
        let bindings = &mut settings.bindings;
        let clashes = match (key, button) {
            (Some(key), _) => {
                bindings.keys.insert(action, vec![key]);
                bindings
                    .key_clashes(action, key)
                    .into_iter()
                    .map(|other| (key_name(key), other))
                    .collect::<Vec<_>>()
            }
            (None, Some(button)) => {
                bindings.buttons.insert(action, vec![button]);
                bindings
                    .button_clashes(action, button)
                    .into_iter()
                    .map(|other| (button_name(button), other))
                    .collect()
            }
            (None, None) => Vec::new(),
        };
        for (name, other) in clashes {
            notices.warn(format!(
                "{name} is now {} and {} both: choose another for one of them.",
                action_name(action),
                action_name(other)
            ));
        }
        store.settings_changed();
    }
    menu.replace_items(items(&settings.bindings));
    menu.subtitle = Some(SUBTITLE.to_string());
    commands.remove_resource::<Rebinding>();
    commands.remove_resource::<ListeningForInput>();
}

fn stop_listening(mut commands: Commands) {
    commands.remove_resource::<Rebinding>();
    commands.remove_resource::<ListeningForInput>();
}

fn flush(mut commands: Commands) {
    commands.insert_resource(FlushSettings);
}

fn apply_bindings(
    settings: Res<Settings>,
    mut maps: Query<&mut InputMap<Action>, With<PlayerInput>>,
) {
    for mut map in &mut maps {
        let wanted = settings.bindings.input_map();
        if *map != wanted {
            *map = wanted;
        }
    }
}
