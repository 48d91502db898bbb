//! The game as the browser page and the browser test see it: its state on the canvas as `data-`
//! attributes, `?level=` and `?code=` in its address, and the level a code stands for and the
//! daily codes of a date, for checking that the wasm and native builds make the same levels and
//! the same daily puzzles.

use crate::editor::{Editor, LiveCheck};
use crate::flow::{CodeEntry, Screen, Selection};
use crate::menu::Menu;
use crate::mill::Waiting;
use crate::play::PlayHud;
use crate::save::{SaveSet, SaveStore, SettingChange, Settings};
use crate::screens::Asker;
use bevy::prelude::*;
use wasm_bindgen::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, expose_state);
    app.add_systems(OnEnter(Screen::Title), open_from_address);
    app.add_systems(Update, follow_browser_fullscreen.before(SaveSet));
    app.add_systems(Update, report_copy_failure);
}

/// A copy the browser refused after the game said "Copied" is owned up to.
fn report_copy_failure(mut notices: ResMut<crate::notices::Notices>) {
    if let Some(why) = crate::web::take_copy_failure() {
        notices.warn(format!("The copy did not reach the clipboard: {why}."));
    }
}

/// Seconds the page may stay out of fullscreen with the switch On before the switch follows
/// (the browser takes a moment to grant fullscreen).
const FULLSCREEN_GRACE: f32 = 1.5;

/// The Fullscreen switch follows the browser: Esc or the browser's own control leaves
/// fullscreen without the game knowing, and a reload with the switch On is refused fullscreen
/// (the browser grants it only at a click or key). The switch then says Off, and the next F11
/// or switch turns fullscreen on at once (it took two before).
fn follow_browser_fullscreen(
    time: Res<Time<Real>>,
    mut out_for: Local<f32>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    let fullscreen = web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.fullscreen_element().is_some());
    if !settings.fullscreen || fullscreen {
        *out_for = 0.0;
        return;
    }
    *out_for += time.delta_secs();
    if *out_for >= FULLSCREEN_GRACE {
        *out_for = 0.0;
        settings.apply(SettingChange::Fullscreen(false));
        store.settings_changed();
    }
}

/// `?level=TEXT` or `?code=CODE` in the page's address opens that level once the game is
/// loaded (the first time the title shows); a bad one says why and the title stays.
fn open_from_address(
    mut done: Local<bool>,
    library: Res<crate::levels::LevelLibrary>,
    mut selection: ResMut<Selection>,
    mut notices: ResMut<crate::notices::Notices>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    let Some(text) = params.get("level").or_else(|| params.get("code")) else {
        return;
    };
    match crate::screens::level_for(&text, &library, Asker::Address, Screen::Title) {
        Ok(opening) => opening.open(&mut selection, &mut next, &mut commands),
        Err(message) => notices.warn(format!(
            "The address's level could not be opened: {message}"
        )),
    }
}

/// Writes the screen, mode, move count, the menu's selected row and its line of keys, the pad in
/// use, whether the mill is still making the level, the tier, the code box's text, its error line
/// and whether its on-screen keys show on the canvas and which of them is picked (`data-screen`,
/// `data-mode`, `data-moves`, `data-selected`, `data-keys-line`, `data-pad`: `Xbox`,
/// `PlayStation`, `PlayStation5`, `Nintendo`, empty with none, `data-waiting`, `data-tier`,
/// `data-code`, `data-code-error`, `data-keys`: `shown`, `hidden`, empty with no box,
/// `data-key`: the picked key's label while they show), in the editor its verdict and board
/// (`data-verdict`, `data-board`, rows joined by `/`), whether this tab writes the saves (`data-saving`, `no` where
/// another tab holds them), and counts frames (`data-frames`), for the page's loading indicator
/// and the browser test.
#[allow(clippy::too_many_arguments)]
fn expose_state(
    editor: (Option<Res<Editor>>, Option<Res<LiveCheck>>),
    screen: Option<Res<State<Screen>>>,
    hud: Res<PlayHud>,
    menu: Option<Res<Menu>>,
    waiting: Option<Res<Waiting>>,
    selection: Option<Res<Selection>>,
    code: Option<Res<CodeEntry>>,
    names: crate::ui::ControlNames,
    store: Option<Res<crate::save::SaveStore>>,
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
    let selected = menu
        .as_ref()
        .and_then(|m| m.selected().map(|i| i.label.clone()));
    let _ = data.set("selected", selected.as_deref().unwrap_or(""));
    let labels = names.labels();
    let keys_line = menu.map(|m| m.keys_hint(&labels)).unwrap_or_default();
    let _ = data.set("keysLine", &keys_line);
    let pad = names
        .using()
        .0
        .map(|kind| format!("{kind:?}"))
        .unwrap_or_default();
    let _ = data.set("pad", &pad);
    let _ = data.set("waiting", if waiting.is_some() { "true" } else { "false" });
    let tier = selection.map(|s| s.tier.label()).unwrap_or_default();
    let _ = data.set("tier", tier);
    let _ = data.set("code", code.as_ref().map_or("", |c| c.text.as_str()));
    let keys = code
        .as_ref()
        .map(|c| if c.keys.shown { "shown" } else { "hidden" });
    let _ = data.set("keys", keys.unwrap_or(""));
    let picked = code
        .as_ref()
        .filter(|c| c.keys.shown)
        .map(|c| c.keys.label(c.keys.picked_key()));
    let _ = data.set("key", picked.as_deref().unwrap_or(""));
    let error = code.as_ref().and_then(|c| c.error.as_deref());
    let _ = data.set("codeError", error.unwrap_or(""));
    let saving = store.is_none_or(|s| s.may_write());
    let _ = data.set("saving", if saving { "yes" } else { "no" });
    if let (Some(editor), Some(live)) = editor {
        let _ = data.set("verdict", &live.check.headline());
        let _ = data.set("board", &editor.draft.rows().join("/"));
    }
}

/// Asks for the clipboard's text for the open code box, as its Paste button does (the browser
/// test calls it: the button's place on the canvas is egui's to choose).
#[wasm_bindgen]
pub fn paste_into_code_box() {
    crate::clipboard::ask_browser();
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

/// The daily puzzle codes of every mode on `date` (YYYY-MM-DD), one `mode code` per line, as
/// `mill daily --date` prints them (without the date).
#[wasm_bindgen]
pub fn daily_codes(date: &str) -> Result<String, String> {
    use puzzlemill_core::play_data::{Day, daily::daily_code};
    let day = Day::parse(date).ok_or_else(|| format!("'{date}' is not a date"))?;
    Ok(puzzlemill_core::ModeId::ALL
        .iter()
        .map(|&m| format!("{} {}", m.key(), daily_code(m, day)))
        .collect::<Vec<_>>()
        .join("\n"))
}
