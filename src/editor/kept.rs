//! The editor's boards kept between sessions (`editor-drafts.ron` beside the other saves,
//! localStorage in the browser): every mode's draft, finished or not, with its name, read at
//! start-up and written atomically half a second after a change (in the browser at the end of
//! the change's frame), on leaving the editor and on quitting. A board of a level of My levels
//! renamed at start-up follows it. A draft its mode cannot take back is named in a notice, and
//! the file is kept aside before anything is written over it.

use super::state::Editor;
use crate::flow::Screen;
use crate::notices::Notices;
use crate::save::{SaveSet, SaveStore, Settle};
use bevy::prelude::*;
use puzzlemill_core::edit::drafts::{DRAFTS_FILE, EditorDrafts};
use puzzlemill_core::storage::Loaded;

/// Seconds after a change before the drafts are written (painting by dragging changes the board
/// every frame).
const SETTLE: f32 = 0.5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreStartup,
        load.after(crate::save::load_saves)
            .after(crate::my_levels::load_my_levels),
    );
    if crate::save::WRITES_AT_FRAME_END {
        app.add_systems(Last, note_changes);
    } else {
        app.add_systems(Update, note_changes.in_set(SaveSet));
    }
    app.add_systems(OnExit(Screen::Editor), write_now);
    app.add_systems(Last, write_on_exit);
}

/// What was last read or written, and since when the boards differ from it.
#[derive(Resource)]
struct Kept {
    written: EditorDrafts,
    /// The first change not yet written.
    unwritten: Settle,
    /// Whether the file may be written (not when an unreadable one could not be kept aside).
    writable: bool,
}

fn load(world: &mut World) {
    let store = world.resource::<SaveStore>().clone();
    let loaded: Loaded<EditorDrafts> = store.read_versioned(DRAFTS_FILE);
    let mut writable = loaded.may_overwrite();
    let mut lines: Vec<String> = loaded.notice().into_iter().collect();
    let mut kept = loaded.into_value();
    // Boards of levels whose names were cut at start-up follow them, and are written so.
    let followed = (world.get_resource::<crate::my_levels::TidiedNames>())
        .is_some_and(|tidied| kept.follow(&tidied.0));
    let (boards, problems) = kept.restore();
    let mut moved = false;
    if !problems.is_empty() {
        let place = match store.set_aside(DRAFTS_FILE, "unreadable") {
            Ok(path) => {
                moved = true;
                format!("the file was kept as {path}")
            }
            Err(e) => {
                writable = false;
                format!("it could not be kept aside ({e}), so nothing is saved over it")
            }
        };
        lines.push(format!(
            "Editor drafts in {}: {}. The editor starts those boards afresh; {place}.",
            store.describe(DRAFTS_FILE),
            problems.join("; ")
        ));
    }
    let mut notices = world.resource_mut::<Notices>();
    for line in lines {
        notices.warn(line);
    }
    let mut editor = world.resource_mut::<Editor>();
    editor.take_up(boards, kept.editing);
    // The boards that came back are written again soon where their file was moved aside, and
    // at once where they followed levels renamed at start-up (My levels no longer says which).
    let mut unwritten = Settle::default();
    let written = if moved || followed {
        unwritten.start();
        EditorDrafts::default()
    } else {
        editor.records()
    };
    let mut kept = Kept {
        written,
        unwritten,
        writable,
    };
    if followed {
        world.resource_scope(|world, mut notices: Mut<Notices>| {
            let store = world.resource::<SaveStore>();
            write(world.resource::<Editor>(), &mut kept, store, &mut notices);
        });
    }
    world.insert_resource(kept);
}

/// Writes the drafts once they have settled.
fn note_changes(
    editor: Res<Editor>,
    time: Res<Time>,
    mut kept: ResMut<Kept>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if editor.is_changed() && !kept.unwritten.pending() && editor.records() != kept.written {
        kept.unwritten.start();
    }
    let settle = if crate::save::WRITES_AT_FRAME_END {
        0.0
    } else {
        SETTLE
    };
    if kept.unwritten.due(time.delta_secs(), settle) {
        write(&editor, &mut kept, &store, &mut notices);
    }
}

fn write(editor: &Editor, kept: &mut Kept, store: &SaveStore, notices: &mut Notices) {
    kept.unwritten.take();
    let now = editor.records();
    if now == kept.written || !kept.writable {
        return;
    }
    store.write_or_warn(DRAFTS_FILE, &now, notices);
    kept.written = now;
}

fn write_now(
    editor: Res<Editor>,
    mut kept: ResMut<Kept>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    write(&editor, &mut kept, &store, &mut notices);
}

fn write_on_exit(
    mut exits: MessageReader<AppExit>,
    editor: Res<Editor>,
    mut kept: ResMut<Kept>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if exits.read().next().is_some() {
        write(&editor, &mut kept, &store, &mut notices);
    }
}
