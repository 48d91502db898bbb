//! "My levels" in and out as pack files (the format of `levels/`). On desktop a mode's levels are
//! written to `exports/` in the save folder, and pack files come in from `import/` there (each
//! moved to `import/imported/` once read, so none comes in twice) or dropped on the window; in the
//! browser an export is a download and an import a file the player picks. A level held already (the
//! same level text) is not added again. A file that does not read, or has a level that cannot be
//! solved, is refused whole with the reason, and nothing of it is added.

use super::store::MyLevelsStore;
use crate::input::literal;
use crate::notices::Notices;
use crate::save::SaveStore;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::count;

/// Folder (in the save folder) exports are written to.
pub const EXPORT_DIR: &str = "exports";
/// Folder (in the save folder) pack files are imported from.
pub const IMPORT_DIR: &str = "import";

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MyLevelsIo>();
    app.add_systems(Update, (follow_requests, take_dropped, take_picked));
}

/// What the player asks of "My levels" files.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MyLevelsIo {
    /// Write a mode's levels out as a pack file.
    Export(ModeId),
    /// Bring pack files in.
    Import,
}

/// Where imports come from, in words for the menu.
pub fn import_source(store: &SaveStore) -> String {
    match store.folder() {
        Some(dir) => format!(
            "Pack files put in {} or dropped on the window",
            dir.join(IMPORT_DIR).display()
        ),
        None => "Pick a pack file (.ron)".to_string(),
    }
}

/// Adds the levels of the pack file `text` (named `name`) and says how it went.
pub fn import_text(
    mine: &mut MyLevelsStore,
    name: &str,
    text: &str,
    notices: &mut Notices,
) -> bool {
    // The file's name and the levels' are the player's: read as they are in the notice.
    let shown = literal(name);
    match mine.import_any(name, text) {
        Ok((mode, imported)) => {
            let (added, held) = (&imported.added, imported.held.len());
            let already = match held {
                0 => String::new(),
                1 => "; 1 was there already".to_string(),
                n => format!("; {n} were there already"),
            };
            notices.info(if added.is_empty() {
                format!("{shown}: nothing new; its {mode} levels are all in My levels already.")
            } else {
                format!(
                    "{shown}: {} {mode} level{} added to My levels ({}){already}.",
                    added.len(),
                    if added.len() == 1 { "" } else { "s" },
                    literal(&added.join(", "))
                )
            });
            true
        }
        Err(why) => {
            notices.warn(format!(
                "{shown} was not imported: {}",
                literal(&why.to_string())
            ));
            false
        }
    }
}

fn follow_requests(
    mut asked: MessageReader<MyLevelsIo>,
    mut mine: ResMut<MyLevelsStore>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    for request in asked.read() {
        match *request {
            MyLevelsIo::Export(mode) => export(&mine, mode, &store, &mut notices),
            MyLevelsIo::Import => import(&mut mine, &store, &mut notices),
        }
    }
}

fn export(mine: &MyLevelsStore, mode: ModeId, store: &SaveStore, notices: &mut Notices) {
    let text = match mine.export(mode) {
        Ok(text) => text,
        Err(why) => return notices.warn(format!("Nothing exported: {why}.")),
    };
    let levels = mine.of_mode(mode).count();
    #[cfg(target_arch = "wasm32")]
    {
        let _ = store;
        let name = puzzlemill_core::edit::my_levels::export_name(mode);
        match crate::web::download(&name, &text, "text/plain") {
            Ok(()) => notices.info(format!(
                "{} offered as a download: {name}.",
                count(levels, "level")
            )),
            Err(e) => notices.warn(e),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let Some(dir) = store.folder().map(|d| d.join(EXPORT_DIR)) else {
            return notices.warn("There is no save folder to export to.");
        };
        use puzzlemill_core::storage::{DirBackend, SaveBackend};
        let (name, same) = export_target(&dir, mode, &text);
        let path = dir.join(&name);
        if same {
            return notices.info(format!(
                "{} already in {}: nothing changed since that export.",
                count(levels, "level"),
                path.display()
            ));
        }
        // The saves' atomic write (a synced temporary file renamed into place).
        let written = DirBackend::new(&dir).write(&name, text.as_bytes());
        match written {
            Ok(()) => notices.info(format!(
                "{} written to {}.",
                count(levels, "level"),
                path.display()
            )),
            Err(e) => notices.warn(format!("Could not write {}: {e}", path.display())),
        }
    }
}

/// The file in `dir` to export `text`, `mode`'s levels, to, and whether it holds that text
/// already: the mode's export name, or where an earlier and different export is there, the
/// first numbered name that is free or holds the same text (an export the player kept, or
/// levels since deleted from My levels, are never written over).
#[cfg(not(target_arch = "wasm32"))]
fn export_target(dir: &std::path::Path, mode: ModeId, text: &str) -> (String, bool) {
    use puzzlemill_core::edit::my_levels::numbered_export_name;
    // Where the folder is not one (missing, or a file), the first name: the write makes the
    // folder or says why it cannot.
    if !dir.is_dir() {
        return (numbered_export_name(mode, 1), false);
    }
    const TRIES: usize = 1000;
    for n in 1..TRIES {
        let name = numbered_export_name(mode, n);
        match std::fs::read(dir.join(&name)) {
            Ok(held) if held == text.as_bytes() => return (name, true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (name, false),
            // Another export, or a file that cannot be read: kept as it is.
            _ => {}
        }
    }
    (numbered_export_name(mode, TRIES), false)
}

#[cfg(not(target_arch = "wasm32"))]
fn import(mine: &mut MyLevelsStore, store: &SaveStore, notices: &mut Notices) {
    let Some(dir) = store.folder().map(|d| d.join(IMPORT_DIR)) else {
        return notices.warn("There is no save folder to import from.");
    };
    // The import moves each file it took in aside: in a window that saves nothing, its levels
    // would be lost with the window.
    if !store.may_write() {
        return notices.warn(format!(
            "Nothing imported from {}: this window saves nothing (Puzzlemill is open in another \
             with these saves). Import there.",
            dir.display()
        ));
    }
    if let Err(e) = std::fs::create_dir_all(dir.join("imported")) {
        return notices.warn(format!("Could not open {}: {e}", dir.display()));
    }
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    if files.is_empty() {
        return notices.info(format!(
            "No pack files (.ron) in {}: put one there, or drop one on the window.",
            dir.display()
        ));
    }
    for path in files {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let done = dir.join("imported").join(&name);
                if import_text(mine, &name, &text, notices)
                    && let Err(e) = std::fs::rename(&path, &done)
                {
                    notices.warn(format!(
                        "{name} came in but could not be moved to {}: {e}. Take it out of the \
                         folder, or the next import brings its levels in again.",
                        done.display()
                    ));
                }
            }
            Err(e) => notices.warn(format!("{name} could not be read: {e}")),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn import(_: &mut MyLevelsStore, _: &SaveStore, _: &mut Notices) {
    crate::web::pick_file(".ron,.txt", deliver);
}

/// A file the browser read for an import, once it has.
static PICKED: std::sync::Mutex<Option<Result<(String, String), String>>> =
    std::sync::Mutex::new(None);

/// Hands a picked file over (the browser calls it when the file is read).
pub fn deliver(picked: Result<(String, String), String>) {
    if let Ok(mut slot) = PICKED.lock() {
        *slot = Some(picked);
    }
}

fn take_picked(mut mine: ResMut<MyLevelsStore>, mut notices: ResMut<Notices>) {
    let Some(picked) = PICKED.lock().ok().and_then(|mut slot| slot.take()) else {
        return;
    };
    match picked {
        Ok((name, text)) => {
            import_text(&mut mine, &name, &text, &mut notices);
        }
        Err(why) => notices.warn(format!("Nothing imported: {why}.")),
    }
}

/// A pack file dropped on the window is imported where it lies (desktop).
fn take_dropped(
    mut dropped: MessageReader<FileDragAndDrop>,
    mut mine: ResMut<MyLevelsStore>,
    mut notices: ResMut<Notices>,
) {
    for event in dropped.read() {
        let FileDragAndDrop::DroppedFile { path_buf, .. } = event else {
            continue;
        };
        let name = path_buf
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match std::fs::read_to_string(path_buf) {
            Ok(text) => {
                import_text(&mut mine, &name, &text, &mut notices);
            }
            Err(e) => notices.warn(format!("{name} could not be read: {e}")),
        }
    }
}
