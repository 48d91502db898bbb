//! The controls screen: every action with its keys and gamepad buttons. Choosing one opens its
//! page: add a key or button (the next one pressed), replace its keys (or buttons) with one,
//! remove one (every action keeps a key), or its defaults back. A key another action also uses
//! is flagged on both. "Reset to defaults" undoes every choice. Saved with the settings; the
//! input map follows at once. Opened from the title's settings, or over a paused level from its
//! settings panel (the level stays open beneath).

use crate::flow::{ListeningForInput, Overlay, Screen};
use crate::input::{
    Action, Bindings, Control, KeyLayout, OVERLAY_KEY, PlayerInput, REBINDABLE, action_name,
    button_name, key_name,
};
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::notices::Notices;
use crate::save::{FlushSettings, SaveSet, SaveStore, Settings};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Controls), open_menu);
    app.add_systems(OnEnter(Overlay::Controls), open_over_level);
    app.add_systems(
        OnExit(Screen::Controls),
        (close_menu, stop_listening, flush),
    );
    app.add_systems(
        OnExit(Overlay::Controls),
        (close_menu, stop_listening, flush),
    );
    app.add_systems(
        Update,
        (
            follow_choices
                .after(crate::menu::MenuNav)
                .run_if(in_state(Screen::Controls).or_else(in_state(Overlay::Controls))),
            listen.run_if(resource_exists::<Rebinding>),
            await_release.run_if(resource_exists::<Taken>),
        )
            .chain()
            .before(SaveSet),
    );
    // Wherever the bindings change (this screen, or settings loaded at start), the map follows.
    app.add_systems(Update, apply_bindings.run_if(resource_changed::<Settings>));
}

/// The action waiting for a key or button, and whether it is added or replaces.
#[derive(Resource, Clone, Copy, Debug)]
struct Rebinding {
    action: Action,
    add: bool,
}

/// The key or button just taken for an action, still held: the menus and the game's own keys
/// wait for its release, or its first press under the new map would work its action at once
/// (a key taken for Confirm would start the waiting again, one for Back leave the page).
#[derive(Resource, Clone, Copy, Debug)]
struct Taken(Control);

/// The action whose page is open, if one is, and whether the controls are over a paused level.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct ControlsView {
    action: Option<Action>,
    over_level: bool,
}

/// "↑ · W · gamepad D-pad ↑", with any clash flagged.
fn summary(bindings: &Bindings, keyboard: &KeyLayout, action: Action) -> String {
    let controls = controls_of(bindings, action);
    let names: Vec<String> = controls.iter().map(|c| c.name(keyboard)).collect();
    names.join(" · ") + &clash_words(bindings, action, &controls)
}

/// " · clash: also Hint" where another action answers to one of `controls` too, else nothing.
fn clash_words(bindings: &Bindings, action: Action, controls: &[Control]) -> String {
    let clashes: Vec<&str> = controls
        .iter()
        .flat_map(|&c| bindings.clashes(action, c))
        .map(action_name)
        .collect();
    if clashes.is_empty() {
        String::new()
    } else {
        format!(" · clash: also {}", clashes.join(", "))
    }
}

fn controls_of(bindings: &Bindings, action: Action) -> Vec<Control> {
    let keys = bindings.keys_of(action).into_iter().map(Control::Key);
    let buttons = bindings.buttons_of(action).into_iter().map(Control::Button);
    keys.chain(buttons).collect()
}

/// The list: each action with what it answers to, clashes flagged.
fn list_items(bindings: &Bindings, keyboard: &KeyLayout) -> Vec<MenuItem> {
    let mut items: Vec<MenuItem> = REBINDABLE
        .into_iter()
        .map(|action| {
            MenuItem::button(action_name(action), MenuAction::ControlsOf(Some(action)))
                .with_detail(summary(bindings, keyboard, action))
        })
        .collect();
    items.push(
        MenuItem::button("Reset to defaults", MenuAction::ResetBindings)
            .with_detail("Every key and button as the game came"),
    );
    items.push(MenuItem::button("Back", MenuAction::Goto(Screen::Settings)));
    items
}

/// One action's page: add or replace, each key and button to remove, its defaults.
fn action_items(bindings: &Bindings, keyboard: &KeyLayout, action: Action) -> Vec<MenuItem> {
    let mut items = vec![
        MenuItem::button(
            "Add a key or button",
            MenuAction::Listen { action, add: true },
        )
        .with_detail("Beside those it has"),
        MenuItem::button(
            "Replace with one key or button",
            MenuAction::Listen { action, add: false },
        )
        .with_detail("A key in place of its keys, a button in place of its buttons"),
        MenuItem::heading("Choose one to remove it"),
    ];
    for control in controls_of(bindings, action) {
        let detail = "Remove".to_string() + &clash_words(bindings, action, &[control]);
        items.push(
            MenuItem::button(control.name(keyboard), MenuAction::Unbind(action, control))
                .with_detail(detail),
        );
    }
    if matches!(
        action,
        Action::Up | Action::Down | Action::Left | Action::Right
    ) {
        items.push(MenuItem::heading("The gamepad's left stick moves too"));
    }
    let reset = MenuItem::button(
        format!("Defaults for {}", action_name(action)),
        MenuAction::ResetAction(action),
    )
    .with_detail(summary(&Bindings::default(), keyboard, action));
    items.push(if bindings.is_default(action) {
        reset.disabled()
    } else {
        reset
    });
    items.push(MenuItem::button(
        "Back to the list",
        MenuAction::ControlsOf(None),
    ));
    items
}

fn items(settings: &Settings, view: ControlsView) -> Vec<MenuItem> {
    let (bindings, keyboard) = (&settings.bindings, &settings.keyboard);
    match view.action {
        Some(action) => action_items(bindings, keyboard, action),
        None => list_items(bindings, keyboard),
    }
}

const SUBTITLE: &str = "Choose an action to add, replace or remove its keys and buttons";

fn subtitle(view: ControlsView) -> String {
    match view.action {
        Some(action) => format!("{}: what it answers to", action_name(action)),
        None => SUBTITLE.to_string(),
    }
}

fn back(view: ControlsView) -> MenuAction {
    match view.action {
        Some(_) => MenuAction::ControlsOf(None),
        None if view.over_level => MenuAction::PauseSettings,
        None => MenuAction::Goto(Screen::Settings),
    }
}

fn open_menu(commands: Commands, settings: Res<Settings>) {
    open(commands, &settings, false);
}

fn open_over_level(commands: Commands, settings: Res<Settings>) {
    open(commands, &settings, true);
}

fn open(mut commands: Commands, settings: &Settings, over_level: bool) {
    let view = ControlsView {
        action: None,
        over_level,
    };
    commands.insert_resource(view);
    commands.insert_resource(menu_of(settings, view, 0));
}

/// What cancels the wait for a key: "Esc", and each of Back's gamepad buttons.
fn cancel_words(bindings: &Bindings) -> String {
    let buttons: Vec<String> = (bindings.buttons_of(Action::Back).into_iter())
        .map(button_name)
        .collect();
    match buttons.as_slice() {
        [] => "Esc".to_string(),
        [button] => format!("Esc or gamepad {button}"),
        [first @ .., last] => format!("Esc, gamepad {} or {last}", first.join(", ")),
    }
}

/// The rows again after a change, the cursor on the row it was on where that row is still there
/// (else where it was: on the row after one removed).
fn refresh(menu: &mut Menu, items: Vec<MenuItem>) {
    let label = menu.selected().map(|item| item.label.clone());
    menu.replace_items(items);
    if let Some(at) = label.and_then(|l| menu.items.iter().position(|i| i.label == l)) {
        let cursor = menu.cursor;
        menu.cursor = at;
        if menu.selected().is_none() {
            menu.cursor = cursor;
        }
    }
}

/// The menu showing `view`, the cursor on row `cursor` (the action's row back on the list).
fn menu_of(settings: &Settings, view: ControlsView, cursor: usize) -> Menu {
    Menu::new("Controls", items(settings, view))
        .with_subtitle(subtitle(view))
        .with_back(back(view))
        .with_cursor(cursor)
}

/// No key or button awaited any more.
fn stop_waiting(commands: &mut Commands) {
    commands.remove_resource::<Rebinding>();
    commands.remove_resource::<Taken>();
    commands.remove_resource::<ListeningForInput>();
}

/// The key or button taken is let go: the menus answer again.
fn await_release(
    taken: Res<Taken>,
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    mut commands: Commands,
) {
    let held = match taken.0 {
        Control::Key(key) => keys.pressed(key),
        Control::Button(button) => pads.iter().any(|pad| pad.pressed(button)),
    };
    // Esc ends the wait too, should the release never be reported (it cannot be the key taken).
    if !held || keys.just_pressed(KeyCode::Escape) {
        stop_waiting(&mut commands);
    }
}

#[allow(clippy::too_many_arguments)]
fn follow_choices(
    mut activated: MessageReader<MenuActivated>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
    mut menu: ResMut<Menu>,
    mut view: ResMut<ControlsView>,
    mut notices: ResMut<Notices>,
    touched: Res<crate::input::TouchedLast>,
    mut commands: Commands,
) {
    for MenuActivated(choice) in activated.read() {
        // Any other choice (a click while a key is awaited) stops the waiting.
        if !matches!(choice, MenuAction::Listen { .. }) {
            stop_waiting(&mut commands);
            menu.subtitle = Some(subtitle(*view));
        }
        match choice {
            MenuAction::ControlsOf(action) => {
                let back_at = (view.action).and_then(|a| REBINDABLE.iter().position(|&r| r == a));
                view.action = *action;
                *menu = menu_of(&settings, *view, back_at.unwrap_or(0));
            }
            MenuAction::Listen { action, add } => {
                let how = if *add {
                    "to add to"
                } else {
                    "to use in place of those of"
                };
                // A finger has the screen's ‹ Back besides.
                let finger = if touched.0 { ", as does ‹ Back" } else { "" };
                menu.subtitle = Some(format!(
                    "Press the key or button {how} {} ({} cancels{finger})",
                    action_name(*action),
                    cancel_words(&settings.bindings)
                ));
                commands.insert_resource(Rebinding {
                    action: *action,
                    add: *add,
                });
                commands.insert_resource(ListeningForInput);
            }
            MenuAction::Unbind(action, control) => {
                let Settings {
                    bindings, keyboard, ..
                } = &mut *settings;
                match bindings.remove(*action, *control, keyboard) {
                    Ok(()) => store.settings_changed(),
                    Err(why) => notices.warn(why),
                }
                refresh(&mut menu, items(&settings, *view));
            }
            MenuAction::ResetAction(action) => {
                settings.bindings.reset(*action);
                store.settings_changed();
                refresh(&mut menu, items(&settings, *view));
            }
            MenuAction::ResetBindings => {
                settings.bindings = Bindings::default();
                store.settings_changed();
                refresh(&mut menu, items(&settings, *view));
            }
            _ => {}
        }
    }
}

/// Takes the first key or button pressed for the waiting action.
#[allow(clippy::too_many_arguments)]
fn listen(
    rebinding: Res<Rebinding>,
    view: Res<ControlsView>,
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
    let Rebinding { action, add } = *rebinding;
    let key = keys.get_just_pressed().next().copied();
    let button = pads
        .iter()
        .find_map(|pad| pad.get_just_pressed().next().copied());
    // Esc, or one of Back's gamepad buttons, cancels (so neither can be taken here).
    let control = match (key, button) {
        (Some(KeyCode::Escape), _) => None,
        (Some(OVERLAY_KEY), _) => {
            notices.info(format!(
                "{} shows the frame-time overlay: choose another key.",
                key_name(OVERLAY_KEY)
            ));
            return;
        }
        (Some(key), _) => Some(Control::Key(key)),
        (None, Some(button)) if settings.bindings.buttons_of(Action::Back).contains(&button) => {
            None
        }
        (None, Some(button)) => Some(Control::Button(button)),
        (None, None) => return,
    };
    if let Some(control) = control {
        let Settings {
            bindings, keyboard, ..
        } = &mut *settings;
        if add && !bindings.add(action, control) {
            notices.info(format!(
                "{} is already {}'s.",
                control.name(keyboard),
                action_name(action)
            ));
        } else {
            if !add {
                bindings.replace(action, control);
            }
            for other in bindings.clashes(action, control) {
                notices.warn(format!(
                    "{} is now {} and {} both: choose another for one of them.",
                    control.name(keyboard),
                    action_name(action),
                    action_name(other)
                ));
            }
            store.settings_changed();
        }
    }
    refresh(&mut menu, items(&settings, *view));
    menu.subtitle = Some(subtitle(*view));
    match control {
        Some(control) => {
            commands.remove_resource::<Rebinding>();
            commands.insert_resource(Taken(control));
        }
        None => stop_waiting(&mut commands),
    }
}

fn stop_listening(mut commands: Commands) {
    stop_waiting(&mut commands);
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
