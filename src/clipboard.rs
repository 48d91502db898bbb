//! Copying level codes to the system clipboard and pasting them back. On desktop through
//! `arboard`, which keeps serving what was copied while the game runs (on X11 the copying program
//! must stay alive for the clipboard to keep its text).

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

/// The clipboard's text, or why it could not be read.
pub fn paste() -> Result<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    return desktop::paste();
    #[cfg(target_arch = "wasm32")]
    Err("pasting is not available in the browser build yet; type the code".into())
}
