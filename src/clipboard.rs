//! Copying level codes to the system clipboard and pasting them back. On desktop through
//! `arboard`, which keeps serving what was copied while the game runs (on X11 the copying program
//! must stay alive for the clipboard to keep its text); in the browser through
//! `navigator.clipboard`, whose reading answers later (and may ask the player's permission), so a
//! paste is an ask whose answer comes to [`Pasted`] a few frames on, numbered so that an answer
//! that comes after its box was closed is dropped.

use bevy::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// The pasting of the open text box: the clipboard's answer once it has come, and which answers
/// are too old for the box (asked for while another box was open).
#[derive(Resource, Default, Debug)]
pub struct Pasted {
    answer: Option<Result<String, String>>,
    /// Answers to the browser's asks up to this number were asked for before the box opened.
    floor: u64,
}

impl Pasted {
    /// Asks for the clipboard's text for the open box: on desktop it is there at once, in the
    /// browser when the browser answers (a few frames later; the box takes it with [`take`]).
    ///
    /// [`take`]: Pasted::take
    pub fn ask(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        self.put(desktop::paste());
        #[cfg(target_arch = "wasm32")]
        ask_browser();
    }

    /// Hands the open box an answer (the desktop's clipboard answers as it is asked).
    pub fn put(&mut self, answer: Result<String, String>) {
        self.answer = Some(answer);
    }

    /// The answer for the box, once.
    pub fn take(&mut self) -> Option<Result<String, String>> {
        self.answer.take()
    }

    /// A box opens: no answer asked for before is for it.
    pub fn forget(&mut self) {
        self.answer = None;
        self.floor = ASKS.load(Ordering::SeqCst);
    }

    /// The browser's answer to its ask number `ask`, kept only where it was asked for since the
    /// box opened.
    fn receive(&mut self, ask: u64, answer: Result<String, String>) {
        if ask > self.floor {
            self.answer = Some(answer);
        }
    }
}

fn collect_pasted(mut pasted: ResMut<Pasted>) {
    let answer = BROWSER_ANSWER.lock().ok().and_then(|mut slot| slot.take());
    if let Some((ask, answer)) = answer {
        pasted.receive(ask, answer);
    }
}

/// How many times the browser was asked for the clipboard's text in this run.
static ASKS: AtomicU64 = AtomicU64::new(0);

/// The browser's last answer and the number of the ask it answers, until the next frame takes it.
static BROWSER_ANSWER: Mutex<Option<(u64, Result<String, String>)>> = Mutex::new(None);

/// Asks the browser for the clipboard's text, numbered, so that an answer that comes after its
/// box was closed is not taken by the next box (the browser may first ask the player's leave).
/// The page's `paste_into_code_box` asks this way too.
#[cfg(target_arch = "wasm32")]
pub fn ask_browser() {
    let ask = ASKS.fetch_add(1, Ordering::SeqCst) + 1;
    let gesture = crate::web::user_activation();
    crate::web::read_clipboard(move |answer| {
        let answer = answer
            .map_err(|refused| paste_refusal(&refused.message, refused.not_allowed && !gesture));
        // Answers may settle out of order: an older one never takes a newer one's place.
        if let Ok(mut slot) = BROWSER_ANSWER.lock()
            && slot.as_ref().is_none_or(|(held, _)| *held < ask)
        {
            *slot = Some((ask, answer));
        }
    });
}

/// What a paste the browser refused says: the browser's `reason`, and where it did not allow the
/// read with no click, tap or key just before the ask (`for_want_of_gesture`: a gamepad's press
/// gives none), what to do instead, since some browsers (Firefox, Safari) let a page read the
/// clipboard only just after one.
#[cfg(any(target_arch = "wasm32", test))]
fn paste_refusal(reason: &str, for_want_of_gesture: bool) -> String {
    let reason = reason.trim().trim_end_matches('.');
    if !for_want_of_gesture {
        return reason.to_string();
    }
    format!(
        "{reason}. A browser may read the clipboard only just after a click, a tap or a key, not \
         a gamepad's button: click or tap Paste, or press Ctrl+V (⌘V on a Mac)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_asked_for_before_the_box_opened_is_dropped() {
        let mut pasted = Pasted::default();
        pasted.put(Ok("left over".into()));
        pasted.forget();
        assert_eq!(pasted.take(), None, "what the last box had");
        let floor = pasted.floor;
        pasted.receive(floor, Ok("late".into()));
        assert_eq!(pasted.take(), None, "asked before the box opened");
        pasted.receive(floor + 1, Ok("TM2.1-NJKHH54X-VS".into()));
        assert_eq!(pasted.take(), Some(Ok("TM2.1-NJKHH54X-VS".into())));
        assert_eq!(pasted.take(), None, "taken once");
    }

    #[test]
    fn a_paste_refused_without_a_gesture_says_to_click_tap_or_press_ctrl_v() {
        let firefox = "Clipboard read request was blocked due to lack of user activation.";
        let said = paste_refusal(firefox, true);
        assert!(
            said.starts_with(
                "Clipboard read request was blocked due to lack of user activation. A browser"
            ),
            "{said}"
        );
        assert!(
            said.contains("gamepad")
                && said.ends_with("click or tap Paste, or press Ctrl+V (⌘V on a Mac)"),
            "{said}"
        );
        // After a click, or refused for another reason (the player said no): the browser's words.
        assert_eq!(
            paste_refusal("Read permission denied.", false),
            "Read permission denied"
        );
    }
}
