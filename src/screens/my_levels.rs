//! "My levels" of the selected mode: every level the player saved, each with its rating; one
//! opens to play, to edit a copy, to copy its level text, to rename (`rename`) or to delete (Undo
//! delete, or Undo's key, puts the last deleted back); the mode's levels export as a pack file,
//! and pack files import.

use crate::editor::Editor;
use crate::flow::{NameEntry, OpenInEditor, Screen, Selection, came_from};
use crate::input::{Action, Labels, TouchedLast, UsingPad};
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem, close_menu};
use crate::my_levels::{MyLevelsIo, MyLevelsStore, import_source, record_key};
use crate::notices::Notices;
use crate::save::{Progress, SaveStore};
use crate::ui::score_text;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::my_levels::{MyLevel, MyLevels, export_name, pack_key};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MyLevelsView>();
    app.add_systems(
        OnEnter(Screen::MyLevels),
        (note_where_from, open_menu).chain(),
    );
    app.add_systems(OnExit(Screen::MyLevels), close_menu);
    app.add_systems(
        Update,
        (
            undo_key,
            follow_choices.after(crate::menu::MenuNav),
            refresh.run_if(
                resource_changed::<MyLevelsStore>
                    .or_else(resource_changed::<MyLevelsView>)
                    .or_else(resource_changed::<LevelLibrary>)
                    // The Undo delete row names Undo's key, or its button while a pad is in
                    // use, and none after a touch.
                    .or_else(resource_changed::<UsingPad>)
                    .or_else(resource_changed::<TouchedLast>),
            ),
        )
            .chain()
            .run_if(in_state(Screen::MyLevels)),
    );
}

/// The level opened (its index in the store), and the levels deleted, last on top.
#[derive(Resource, Debug, Default)]
pub struct MyLevelsView {
    /// The level opened, if one is.
    pub entry: Option<usize>,
    /// Deleted levels with where they were, for undo.
    pub deleted: Vec<(usize, MyLevel)>,
    /// The screen the list was opened from (the editor or the level select), where Back goes.
    pub from: Option<Screen>,
}

impl MyLevelsView {
    /// Where in [`MyLevelsView::deleted`] the last deleted level of `mode` is: undo puts back
    /// the mode's own, the one the list on screen lacks.
    fn last_deleted_at(&self, mode: ModeId) -> Option<usize> {
        self.deleted
            .iter()
            .rposition(|(_, level)| level.mode == mode)
    }

    fn last_deleted(&self, mode: ModeId) -> Option<&(usize, MyLevel)> {
        self.deleted.get(self.last_deleted_at(mode)?)
    }
}

/// "Hard, score 12.3 · ✔ solved", as the history reads a score
fn detail(mode: ModeId, level: &MyLevel, progress: &Progress) -> String {
    let mut parts = Vec::new();
    if let Some(r) = level.rating {
        parts.push(format!("{}, score {}", r.tier, score_text(r.score)));
    }
    if progress.record(&record_key(mode, &level.name)).is_some() {
        parts.push("✔ solved".to_string());
    }
    parts.join(" · ")
}

fn list_items(
    mode: ModeId,
    mine: &MyLevelsStore,
    view: &MyLevelsView,
    progress: &Progress,
    store: &SaveStore,
    labels: &Labels,
) -> Vec<MenuItem> {
    let mut items = Vec::new();
    if let Some((_, last)) = view.last_deleted(mode) {
        items.push(
            MenuItem::button("Undo delete", MenuAction::UndoDelete).with_detail(if labels.touch {
                format!("Puts \"{}\" back", last.name)
            } else {
                format!(
                    "Puts \"{}\" back (or {})",
                    last.name,
                    labels.of(Action::Undo)
                )
            }),
        );
    }
    let count = mine.of_mode(mode).count();
    let to = match store.folder() {
        Some(dir) => format!(
            "To {} (a new numbered file where it holds an earlier export)",
            dir.join(crate::my_levels::EXPORT_DIR)
                .join(export_name(mode))
                .display()
        ),
        None => format!("As the download {}", export_name(mode)),
    };
    let export =
        MenuItem::button("Export as a pack file", MenuAction::ExportMyLevels).with_detail(to);
    items.push(if count == 0 {
        export.disabled()
    } else {
        export
    });
    items.push(
        MenuItem::button("Import pack files", MenuAction::ImportMyLevels)
            .with_detail(import_source(store)),
    );
    items.push(MenuItem::heading(format!("{mode} levels ({count})")));
    if count == 0 {
        items.push(MenuItem::heading(
            "None yet: save one from the editor, or from a shared level's pause menu",
        ));
    }
    for (index, level) in mine.of_mode(mode) {
        let item = MenuItem::button(level.name.clone(), MenuAction::MyLevel(Some(index)));
        let text = detail(mode, level, progress);
        items.push(if text.is_empty() {
            item
        } else {
            item.with_detail(text)
        });
    }
    items.push(MenuItem::button("Back", back(view)));
    items
}

fn entry_items(
    index: usize,
    level: &MyLevel,
    library: &LevelLibrary,
    editor: &Editor,
    mine: &MyLevels,
) -> Vec<MenuItem> {
    let mut items = vec![MenuItem::heading(level.name.clone())];
    match library.find_curated(level.mode, &pack_key(level.mode), &level.name) {
        Some(request) => items.push(MenuItem::button("Play", MenuAction::Open(request))),
        None => items.push(MenuItem::heading(
            "Its text no longer reads; it cannot be played",
        )),
    }
    items.extend([
        MenuItem::button(
            "Edit",
            editor.ask_before_open(level.mode, mine, MenuAction::EditMyLevel(index)),
        )
        .with_detail("Saving updates it; under another name it is a new level"),
        MenuItem::button(
            "Copy its level text",
            MenuAction::CopyCode(level.text.clone()),
        )
        .with_detail(level.text.clone()),
        MenuItem::button("Rename", MenuAction::RenameMyLevel(index))
            .with_detail("Its records and your place in it go with it"),
        MenuItem::button("Delete", MenuAction::DeleteMyLevel(index))
            .with_detail("Undo puts it back"),
        MenuItem::button("Back to the list", MenuAction::MyLevel(None)),
    ]);
    items
}

/// What the screen's rows are made from.
#[derive(SystemParam)]
struct Sources<'w> {
    selection: Res<'w, Selection>,
    mine: Res<'w, MyLevelsStore>,
    library: Res<'w, LevelLibrary>,
    progress: Res<'w, Progress>,
    store: Res<'w, SaveStore>,
    names: crate::ui::ControlNames<'w>,
    editor: Res<'w, Editor>,
}

impl Sources<'_> {
    /// The rows: the level opened in `view`, else the list of the selected mode's levels.
    fn items(&self, view: &MyLevelsView) -> Vec<MenuItem> {
        let mine = &self.mine;
        match view.entry.and_then(|i| Some((i, mine.levels.get(i)?))) {
            Some((i, level)) => entry_items(i, level, &self.library, &self.editor, mine),
            None => list_items(
                self.selection.mode,
                mine,
                view,
                &self.progress,
                &self.store,
                &self.names.labels(),
            ),
        }
    }
}

fn back(view: &MyLevelsView) -> MenuAction {
    match view.entry {
        Some(_) => MenuAction::MyLevel(None),
        None => MenuAction::Goto(match view.from {
            Some(Screen::Editor) => Screen::Editor,
            _ => Screen::LevelSelect,
        }),
    }
}

/// Where the list was opened from, for Back (the editor or the level select).
fn note_where_from(
    mut view: ResMut<MyLevelsView>,
    mut moves: MessageReader<StateTransitionEvent<Screen>>,
) {
    if let Some(from) = came_from(&mut moves, Screen::MyLevels) {
        view.from = Some(from);
    }
}

fn open_menu(sources: Sources, mut view: ResMut<MyLevelsView>, mut commands: Commands) {
    view.entry = None;
    let mode = sources.selection.mode;
    commands.insert_resource(
        Menu::new(format!("My levels · {mode}"), sources.items(&view))
            .with_subtitle("Levels you made or saved")
            .with_back(back(&view)),
    );
}

/// Undo's key (or the undo button) on the list puts the last deleted level back.
fn undo_key(
    actions: Single<&ActionState<Action>>,
    view: Res<MyLevelsView>,
    selection: Res<Selection>,
    naming: Option<Res<NameEntry>>,
    mut activated: MessageWriter<MenuActivated>,
) {
    let naming = naming.is_some();
    if actions.just_pressed(&Action::Undo)
        && !naming
        && view.entry.is_none()
        && view.last_deleted(selection.mode).is_some()
    {
        activated.write(MenuActivated(MenuAction::UndoDelete));
    }
}

#[allow(clippy::too_many_arguments)]
fn follow_choices(
    mut activated: MessageReader<MenuActivated>,
    selection: Res<Selection>,
    mut mine: ResMut<MyLevelsStore>,
    mut view: ResMut<MyLevelsView>,
    mut io: MessageWriter<MyLevelsIo>,
    mut open: MessageWriter<OpenInEditor>,
    mut notices: ResMut<Notices>,
    mut menu: ResMut<Menu>,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::MyLevel(entry) => {
                view.entry = *entry;
                menu.cursor = usize::MAX;
            }
            MenuAction::EditMyLevel(index) => {
                let Some(saved) = mine.levels.get(*index) else {
                    continue;
                };
                match saved.level() {
                    Ok(level) => {
                        open.write(OpenInEditor {
                            mode: saved.mode,
                            level,
                            name: saved.name.clone(),
                            saved: true,
                        });
                    }
                    Err(why) => notices.warn(format!("\"{}\" cannot be edited: {why}", saved.name)),
                }
                continue;
            }
            MenuAction::DeleteMyLevel(index) => {
                if let Some(removed) = mine.remove(*index) {
                    notices.info(format!(
                        "Deleted \"{}\". Undo delete[ (or {{undo}})|] puts it back.",
                        removed.1.name
                    ));
                    view.deleted.push(removed);
                }
                view.entry = None;
                menu.cursor = usize::MAX;
            }
            MenuAction::UndoDelete => {
                if let Some(at) = view.last_deleted_at(selection.mode) {
                    let removed = view.deleted.remove(at);
                    let name = mine.restore(removed);
                    notices.info(format!("\"{name}\" is back."));
                }
            }
            MenuAction::ExportMyLevels => {
                io.write(MyLevelsIo::Export(selection.mode));
                continue;
            }
            MenuAction::ImportMyLevels => {
                io.write(MyLevelsIo::Import);
                continue;
            }
            _ => continue,
        }
        menu.back = Some(back(&view));
    }
}

/// The menu again after any change: a level opened or closed, an import, a delete, an undo.
fn refresh(sources: Sources, view: Res<MyLevelsView>, mut menu: ResMut<Menu>) {
    let menu = menu.beneath_question();
    menu.replace_items(sources.items(&view));
    menu.back = Some(back(&view));
}
