//! What only the browser build needs: saves in `localStorage` (same corruption rules as the
//! desktop's files), a way for the mill's slices to hand the thread back to the browser between
//! frames, the game's state on the canvas as `data-` attributes for the page and the browser test,
//! and the level rows of a code for checking that wasm and native builds make the same levels.

use crate::menu::Menu;
use crate::mill::Waiting;
use crate::play::PlayHud;
use crate::screens::{Screen, Selection};
use bevy::prelude::*;
use puzzlemill_core::storage::SaveBackend;
use std::io;
use wasm_bindgen::prelude::*;

/// Key prefix of every record in `localStorage`.
const PREFIX: &str = "puzzlemill/";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, expose_state);
}

/// Save records in the browser's `localStorage`, one key per record. A write replaces the value
/// in one call, so it is as atomic as the storage allows; a record that cannot be read is copied
/// aside under a `.corrupt-<time>` key and never overwritten.
#[derive(Clone, Copy, Debug, Default)]
pub struct LocalStorage;

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::other("the browser's localStorage is not available"))
}

fn js_error(e: JsValue) -> io::Error {
    io::Error::other(e.as_string().unwrap_or_else(|| format!("{e:?}")))
}

impl SaveBackend for LocalStorage {
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>> {
        let value = storage()?
            .get_item(&format!("{PREFIX}{key}"))
            .map_err(js_error)?;
        Ok(value.map(String::into_bytes))
    }

    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(bytes).map_err(io::Error::other)?;
        storage()?
            .set_item(&format!("{PREFIX}{key}"), text)
            .map_err(js_error)
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let store = storage()?;
        let from = format!("{PREFIX}{key}");
        let value = store.get_item(&from).map_err(js_error)?.unwrap_or_default();
        let stamp = js_sys::Date::now() as u64 / 1000;
        let aside = format!("{from}.corrupt-{stamp}");
        store.set_item(&aside, &value).map_err(js_error)?;
        store.remove_item(&from).map_err(js_error)?;
        Ok(format!("localStorage \"{aside}\""))
    }

    fn describe(&self, key: &str) -> String {
        format!("localStorage \"{PREFIX}{key}\"")
    }
}

/// Gives the thread back to the browser (a `setTimeout(0)`), so it can draw a frame and handle
/// input before the next slice; `yield_now` would only queue a microtask and starve the frame.
pub async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Writes the screen, mode, move count, the menu's selected row and whether the mill is still
/// making the level on the canvas (`data-screen`, `data-mode`, `data-moves`, `data-selected`,
/// `data-waiting`, `data-tier`) and counts frames (`data-frames`), for the page's loading indicator and the
/// browser test.
fn expose_state(
    screen: Option<Res<State<Screen>>>,
    hud: Res<PlayHud>,
    menu: Option<Res<Menu>>,
    waiting: Option<Res<Waiting>>,
    selection: Option<Res<Selection>>,
    mut frames: Local<u64>,
    mut canvas: Local<Option<web_sys::HtmlElement>>,
) {
    *frames += 1;
    if canvas.is_none() {
        *canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("bevy"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    }
    let Some(canvas) = canvas.as_ref() else {
        return;
    };
    let data = canvas.dataset();
    let screen = screen.map_or("Loading".to_string(), |s| format!("{:?}", s.get()));
    let _ = data.set("screen", &screen);
    let _ = data.set("mode", &hud.mode);
    let _ = data.set("moves", &hud.moves.to_string());
    let _ = data.set("frames", &frames.to_string());
    let selected = menu.and_then(|m| m.selected().map(|i| i.label.clone()));
    let _ = data.set("selected", selected.as_deref().unwrap_or(""));
    let _ = data.set("waiting", if waiting.is_some() { "true" } else { "false" });
    let tier = selection.map(|s| s.tier.label()).unwrap_or_default();
    let _ = data.set("tier", tier);
}

/// The rows of the level `code` stands for, one per line, as `mill regenerate` prints them.
#[wasm_bindgen]
pub fn level_rows(code: &str) -> Result<String, String> {
    let code = puzzlemill_core::code::LevelCode::parse(code).map_err(|e| e.to_string())?;
    let fresh = puzzlemill_core::mill::regenerate_any(code).map_err(|e| e.to_string())?;
    puzzlemill_core::mill::rows_of(&fresh.level)
        .map(|rows| rows.join("\n"))
        .ok_or_else(|| "this level cannot be printed".to_string())
}

/// Copies `text` to the clipboard (the browser finishes it asynchronously).
pub fn copy(text: &str) -> Result<(), String> {
    let clipboard = web_sys::window()
        .ok_or("no browser window")?
        .navigator()
        .clipboard();
    let _ = clipboard.write_text(text);
    Ok(())
}
