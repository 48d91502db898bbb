//! What only the browser build needs from the browser: saves in `localStorage` (same corruption
//! rules as the desktop's files), a way for the mill's slices to hand the thread back to the
//! browser between frames, and the clipboard. (What the page and the browser test read of the
//! game is in `web_page.rs`.)

use puzzlemill_core::storage::SaveBackend;
use std::io;
use wasm_bindgen::prelude::*;

/// Whether the browser reports a screen that takes touches (a phone, a tablet, a touch laptop).
pub fn touch_screen() -> bool {
    web_sys::window().is_some_and(|w| w.navigator().max_touch_points() > 0)
}

/// Key prefix of every record in `localStorage`.
const PREFIX: &str = "puzzlemill/";

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

    fn set_aside(&self, key: &str, tag: &str) -> io::Result<String> {
        let store = storage()?;
        let from = format!("{PREFIX}{key}");
        let value = store.get_item(&from).map_err(js_error)?.unwrap_or_default();
        let stamp = js_sys::Date::now() as u64 / 1000;
        let aside = format!("{from}.{tag}-{stamp}");
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

/// The page's clipboard, or why there is none (`navigator.clipboard` exists only on a secure
/// page: https, or the machine's own address).
fn clipboard() -> Result<web_sys::Clipboard, String> {
    let navigator = web_sys::window().ok_or("no browser window")?.navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).unwrap_or_default();
    if clipboard.is_undefined() || clipboard.is_null() {
        return Err("the browser offers no clipboard to a page not served over https".into());
    }
    Ok(clipboard.unchecked_into())
}

/// What a rejected promise says.
fn js_message(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| "the browser did not allow it".into())
}

/// Why the browser gave no text for a paste: its words, and whether it did not allow the page
/// to read the clipboard (a `NotAllowedError`, as where no click, tap or key came just before).
pub struct PasteRefused {
    /// The browser's words.
    pub message: String,
    /// The browser did not allow it (not some other failure).
    pub not_allowed: bool,
}

/// Reads the clipboard's text (`navigator.clipboard.readText`, which may ask the player's leave)
/// and hands the answer to `deliver` when the browser gives it.
pub fn read_clipboard(deliver: impl FnOnce(Result<String, PasteRefused>) + 'static) {
    let refused = |message, not_allowed| PasteRefused {
        message,
        not_allowed,
    };
    let promise = match clipboard() {
        Ok(clipboard) => clipboard.read_text(),
        Err(why) => return deliver(Err(refused(why, false))),
    };
    wasm_bindgen_futures::spawn_local(async move {
        let answer = wasm_bindgen_futures::JsFuture::from(promise).await;
        deliver(match answer {
            Ok(text) => text
                .as_string()
                .ok_or_else(|| refused("the clipboard holds no text".to_string(), false)),
            Err(e) => {
                let name = js_sys::Reflect::get(&e, &"name".into())
                    .ok()
                    .and_then(|n| n.as_string());
                Err(refused(
                    js_message(e),
                    name.as_deref() == Some("NotAllowedError"),
                ))
            }
        });
    });
}

/// What the keyboard prints on each key, by the key's code ("KeyZ"), from the browser's layout map
/// (`navigator.keyboard.getLayoutMap()`, which Chromium has), handed to `deliver` when the
/// browser gives it; never where the browser has none or refuses.
pub fn keyboard_layout(deliver: impl FnOnce(Vec<(String, String)>) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    let Some(keyboard) = js_sys::Reflect::get(&navigator, &"keyboard".into())
        .ok()
        .filter(JsValue::is_object)
    else {
        return;
    };
    let get = js_sys::Reflect::get(&keyboard, &"getLayoutMap".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(promise) = get
        .and_then(|get| get.call0(&keyboard).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
    else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(map) = wasm_bindgen_futures::JsFuture::from(promise).await else {
            return;
        };
        let Ok(Some(entries)) = js_sys::try_iter(&map) else {
            return;
        };
        let pairs = entries
            .flatten()
            .filter_map(|entry| {
                let entry = js_sys::Array::from(&entry);
                Some((entry.get(0).as_string()?, entry.get(1).as_string()?))
            })
            .collect();
        deliver(pairs);
    });
}

/// Why the last copy the browser finished later did not reach the clipboard.
static COPY_FAILED: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Why a copy failed after it was reported done, once; `None` where none did.
pub fn take_copy_failure() -> Option<String> {
    COPY_FAILED.lock().ok().and_then(|mut slot| slot.take())
}

/// Copies `text` to the clipboard. The browser finishes it later: a refusal then (a browser
/// that allows it only inside a click's own handler) is kept for [`take_copy_failure`].
pub fn copy(text: &str) -> Result<(), String> {
    let promise = clipboard()?.write_text(text);
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await
            && let Ok(mut slot) = COPY_FAILED.lock()
        {
            *slot = Some(js_message(e));
        }
    });
    Ok(())
}

/// Offers `text` to the player as a download named `name` (a `Blob` behind a link clicked once).
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let fail = |e: JsValue| format!("the download of {name} failed: {e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no browser document")?;
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let link: web_sys::HtmlAnchorElement =
        document
            .create_element("a")
            .map_err(fail)?
            .dyn_into()
            .map_err(|_| format!("the download of {name} failed: no link element"))?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Asks the player for a file (an `<input type=file>` clicked once, accepting `accept`) and
/// hands its name and text to `deliver` once the browser has read it.
pub fn pick_file(accept: &str, deliver: fn(Result<(String, String), String>)) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return deliver(Err("no browser document".into()));
    };
    // Without a click, a tap or a key in the last few seconds the browser ignores the click
    // below and says nothing (a gamepad's button counts as none of those).
    if !user_activation() {
        return deliver(Err(
            "the browser opens a file chooser only just after a click, a tap or a key, and a \
             gamepad's button is none of those"
                .into(),
        ));
    }
    let Ok(input) = document
        .create_element("input")
        .map_err(|_| ())
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().map_err(|_| ()))
    else {
        return deliver(Err("the browser gave no file input".into()));
    };
    input.set_type("file");
    input.set_accept(accept);
    let chosen = input.clone();
    let on_change = Closure::once(move |_: web_sys::Event| {
        let Some(file) = chosen.files().and_then(|files| files.get(0)) else {
            return deliver(Err("no file was chosen".into()));
        };
        let name = file.name();
        let promise = file.text();
        wasm_bindgen_futures::spawn_local(async move {
            deliver(match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(text) => text
                    .as_string()
                    .map(|text| (name.clone(), text))
                    .ok_or_else(|| format!("{name} is not text")),
                Err(_) => Err(format!("{name} could not be read")),
            });
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    input.click();
}

/// Whether the page may open what needs the player's gesture (`navigator.userActivation`: a
/// click, a tap or a key within the last few seconds); `true` where the browser cannot say.
pub(crate) fn user_activation() -> bool {
    let Some(window) = web_sys::window() else {
        return true;
    };
    let activation = js_sys::Reflect::get(&window.navigator(), &"userActivation".into())
        .ok()
        .filter(|a| a.is_object());
    activation
        .and_then(|a| js_sys::Reflect::get(&a, &"isActive".into()).ok())
        .and_then(|active| active.as_bool())
        .unwrap_or(true)
}

/// The saves' Web Lock: not answered yet, held by this page, held by another tab.
static SAVES_LOCK: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);
/// [`SAVES_LOCK`]'s answers.
const LOCK_HELD: u8 = 1;
const LOCK_ELSEWHERE: u8 = 2;
/// The browser cannot say (no Web Locks: a page not served from a secure origin).
const LOCK_UNKNOWN: u8 = 3;

/// Asks the browser for the saves' Web Lock (`navigator.locks.request` with `ifAvailable`),
/// held until the page closes; [`saves_claim`] gives the answer once it comes. Called through
/// `js_sys`: web-sys has Web Locks only behind its unstable APIs.
pub fn claim_saves() {
    use std::sync::atomic::Ordering;
    let answer = |value: u8| SAVES_LOCK.store(value, Ordering::Relaxed);
    let asked = (|| -> Result<(), JsValue> {
        let navigator = web_sys::window().ok_or(JsValue::NULL)?.navigator();
        let locks = js_sys::Reflect::get(&navigator, &"locks".into())?;
        if locks.is_undefined() || locks.is_null() {
            return Err(JsValue::NULL);
        }
        let request: js_sys::Function =
            js_sys::Reflect::get(&locks, &"request".into())?.dyn_into()?;
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"ifAvailable".into(), &true.into())?;
        let granted = Closure::once_into_js(move |lock: JsValue| -> JsValue {
            if lock.is_null() {
                answer(LOCK_ELSEWHERE);
                return JsValue::UNDEFINED;
            }
            answer(LOCK_HELD);
            // A promise that never settles: the lock is held until the page goes.
            js_sys::Promise::new(&mut |_, _| {}).into()
        });
        request.call3(&locks, &"puzzlemill-saves".into(), &options, &granted)?;
        Ok(())
    })();
    if asked.is_err() {
        answer(LOCK_UNKNOWN);
    }
}

/// The answer to [`claim_saves`].
pub enum LockAnswer {
    /// Not come yet.
    Waiting,
    /// This page holds the saves.
    Held,
    /// Another tab does.
    Elsewhere,
    /// The browser cannot say (no Web Locks): this page writes, as before there was a claim.
    Unavailable,
}

/// The answer to [`claim_saves`] so far.
pub fn saves_claim() -> LockAnswer {
    match SAVES_LOCK.load(std::sync::atomic::Ordering::Relaxed) {
        LOCK_HELD => LockAnswer::Held,
        LOCK_ELSEWHERE => LockAnswer::Elsewhere,
        LOCK_UNKNOWN => LockAnswer::Unavailable,
        _ => LockAnswer::Waiting,
    }
}
