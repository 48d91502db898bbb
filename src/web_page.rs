//! The game as the browser page and the browser test see it: its state on the canvas as `data-`
//! attributes, and the level a code stands for, for checking that the wasm and native builds
//! make the same levels.

use crate::flow::{Screen, Selection};
use crate::menu::Menu;
use crate::mill::Waiting;
use crate::play::PlayHud;
use bevy::prelude::*;
use wasm_bindgen::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, expose_state);
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
    let _ = data.set("moves", &hud.moves().to_string());
    let _ = data.set("frames", &frames.to_string());
    let selected = menu.and_then(|m| m.selected().map(|i| i.label.clone()));
    let _ = data.set("selected", selected.as_deref().unwrap_or(""));
    let _ = data.set("waiting", if waiting.is_some() { "true" } else { "false" });
    let tier = selection.map(|s| s.tier.label()).unwrap_or_default();
    let _ = data.set("tier", tier);
}

/// The level `code` stands for, one line per row, as `mill regenerate` prints it.
#[wasm_bindgen]
pub fn level_rows(code: &str) -> Result<String, String> {
    let code = puzzlemill_core::code::LevelCode::parse(code).map_err(|e| e.to_string())?;
    let fresh = puzzlemill_core::mill::regenerate_any(code).map_err(|e| e.to_string())?;
    (code.mode.spec().describe)(&fresh.level)
        .map(|rows| rows.join("\n"))
        .ok_or_else(|| "the mill made another mode's level".to_string())
}
