//! Copying level codes to the system clipboard and pasting them back. On desktop through
//! `arboard`, which keeps serving what was copied while the game runs (on X11 the copying program
//! must stay alive for the clipboard to keep its text); in the browser through
//! `navigator.clipboard`, whose reading answers later (and may ask the player's permission), so a
//! paste is a request whose text arrives through [`take_pasted`], and then in [`Pasted`].

use bevy::prelude::*;

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::sync::Mutex;

    /// One clipboard handle for the whole run, so copied text outlives the call that copied it.
    static CLIPBOARD: Mutex<Option<arboard::Clipboard>> = Mutex::new(None);

    fn with<T>(
        f: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, String> {
        let mut guard = CLIPBOARD
            .lock()
            .map_err(|_| "the clipboard is busy".to_string())?;
        if guard.is_none() {
            *guard = Some(arboard::Clipboard::new().map_err(|e| e.to_string())?);
        }
        f(guard.as_mut().expect("just set")).map_err(|e| e.to_string())
    }

    pub fn copy(text: &str) -> Result<(), String> {
        with(|c| c.set_text(text.to_owned()))
    }

    pub fn paste() -> Result<String, String> {
        with(|c| c.get_text())
    }
}

/// Puts `text` on the clipboard, or says why it could not.
pub fn copy(text: &str) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    return desktop::copy(text);
    #[cfg(target_arch = "wasm32")]
    return crate::web::copy(text);
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pasted>();
    app.add_systems(PreUpdate, collect_pasted);
}

/// A paste's answer for the open text box, once it has come (each app's own: the answer from
/// [`take_pasted`] is moved here at the start of a frame).
#[derive(Resource, Default, Debug)]
pub struct Pasted(pub Option<Result<String, String>>);

fn collect_pasted(mut pasted: ResMut<Pasted>) {
    if let Some(answer) = take_pasted() {
        pasted.0 = Some(answer);
    }
}

/// A paste's answer, once it has come.
static PASTED: std::sync::Mutex<Option<Result<String, String>>> = std::sync::Mutex::new(None);

/// Asks for the clipboard's text: on desktop it is there at once, in the browser when the browser
/// answers. Collect it with [`take_pasted`].
pub fn request_paste() {
    #[cfg(not(target_arch = "wasm32"))]
    deliver(desktop::paste());
    #[cfg(target_arch = "wasm32")]
    crate::web::read_clipboard(deliver);
}

/// Hands a paste's answer over (the browser calls it when its promise settles).
pub fn deliver(result: Result<String, String>) {
    if let Ok(mut slot) = PASTED.lock() {
        *slot = Some(result);
    }
}

/// The text of the last paste asked for, or why it could not be read, once; `None` while there
/// is no answer.
pub fn take_pasted() -> Option<Result<String, String>> {
    PASTED.lock().ok().and_then(|mut slot| slot.take())
}
