//! The editor's menu (Back or Esc in the editor): every command the buttons offer, for keys and
//! gamepad. Commands that change the board's size or rules leave it open with the new values;
//! the others close it.

use super::check::LiveCheck;
use super::state::Editor;
use crate::flow::{EditorCommand, Screen};
use crate::menu::{ItemKind, Menu, MenuAction, MenuActivated, MenuItem};
use crate::my_levels::MyLevelsStore;
use bevy::prelude::*;
use puzzlemill_core::edit::WATCH_SHORTEST;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Editor), crate::menu::close_menu);
    app.add_systems(
        Update,
        (forward, follow)
            .chain()
            .after(crate::menu::MenuNav)
            .before(super::commands::follow)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The menu's rows for the editor as it stands.
fn items(editor: &Editor, live: &LiveCheck, mine: &MyLevelsStore) -> Vec<MenuItem> {
    let spec = editor.spec();
    let built = live.playable();
    let good = live.check.analysis().is_some_and(|a| a.good());
    let replay = live.check.analysis().is_some_and(|a| !a.replay.is_empty());
    let cmd = MenuAction::Editor;
    let when = |item: MenuItem, ok: bool| if ok { item } else { item.disabled() };
    let mut items = vec![
        MenuItem::button("Go on editing", cmd(EditorCommand::Resume)),
        when(
            MenuItem::button("Play-test", cmd(EditorCommand::PlayTest)),
            built,
        ),
        MenuItem::button("Name", cmd(EditorCommand::Name)).with_detail(editor.name.clone()),
        when(
            MenuItem::button("Save to My levels", cmd(EditorCommand::Save)).with_detail(match mine
                .save_target(editor.mode, &editor.name, editor.updates_saved())
            {
                (true, name) => format!("Updates \"{name}\""),
                (false, name) => format!("As \"{name}\""),
            }),
            good,
        ),
        when(
            MenuItem::button("Share this level", cmd(EditorCommand::Share))
                .with_detail("Copies its level text"),
            good,
        ),
    ];
    if spec.replays {
        items.push(when(
            MenuItem::button(
                live.check
                    .analysis()
                    .map_or(WATCH_SHORTEST, |a| a.replay_label),
                cmd(EditorCommand::Replay),
            ),
            replay,
        ));
    }
    if let Some(assist) = spec.assist {
        items.push(
            MenuItem::button(assist.label, cmd(EditorCommand::Assist)).with_detail(assist.detail),
        );
    }
    let (w, h) = editor.draft.size();
    items.push(MenuItem::heading("Board"));
    items.push(MenuItem::new(
        "Columns",
        ItemKind::Choice {
            value: w.to_string(),
            prev: cmd(EditorCommand::Resize(w.saturating_sub(1), h)),
            next: cmd(EditorCommand::Resize(w + 1, h)),
        },
    ));
    items.push(MenuItem::new(
        "Rows",
        ItemKind::Choice {
            value: h.to_string(),
            prev: cmd(EditorCommand::Resize(w, h.saturating_sub(1))),
            next: cmd(EditorCommand::Resize(w, h + 1)),
        },
    ));
    if let Some(partner) = spec.partner {
        items.push(
            MenuItem::new(
                "Rules",
                ItemKind::Choice {
                    value: editor.mode.label().to_string(),
                    prev: cmd(EditorCommand::SwitchRules),
                    next: cmd(EditorCommand::SwitchRules),
                },
            )
            .with_detail(format!("Left or Right: check it as a {partner} level")),
        );
    }
    items.extend([
        MenuItem::button("New board", cmd(EditorCommand::New))
            .with_detail("Undo brings this one back"),
        MenuItem::button("My levels", MenuAction::Goto(Screen::MyLevels)),
        MenuItem::button("Leave the editor", cmd(EditorCommand::Leave)),
    ]);
    items
}

/// Passes the menu's editor commands on.
fn forward(
    mut activated: MessageReader<MenuActivated>,
    mut commands: MessageWriter<EditorCommand>,
) {
    for MenuActivated(action) in activated.read() {
        if let MenuAction::Editor(command) = action {
            commands.write(*command);
        }
    }
}

/// Opens the menu, keeps it up to date while it is open, and closes it after a command that
/// does not change what it shows.
fn follow(
    mut asked: MessageReader<EditorCommand>,
    editor: Res<Editor>,
    live: Res<LiveCheck>,
    mine: Res<MyLevelsStore>,
    menu: Option<ResMut<Menu>>,
    mut commands: Commands,
) {
    let mut open = menu.is_some();
    let mut refresh = false;
    for command in asked.read() {
        match command {
            EditorCommand::Menu => open = true,
            // The name box opens over the menu, which stays.
            EditorCommand::Name => {}
            EditorCommand::Resize(..) | EditorCommand::SwitchRules => refresh = true,
            _ => open = false,
        }
    }
    match (open, menu) {
        (false, Some(_)) => commands.remove_resource::<Menu>(),
        (true, Some(mut menu))
            if refresh || editor.is_changed() || live.is_changed() || mine.is_changed() =>
        {
            menu.replace_items(items(&editor, &live, &mine));
            menu.subtitle = Some(editor.name.clone());
        }
        (true, None) => commands.insert_resource(
            Menu::new(
                format!("Editor · {}", editor.mode),
                items(&editor, &live, &mine),
            )
            .with_subtitle(editor.name.clone())
            .with_back(MenuAction::Editor(EditorCommand::Resume)),
        ),
        _ => {}
    }
}
