//! Messages for the player that are not part of a screen: a save file that could not be read, a
//! level pack with a mistake in it. Logged, and shown as toasts by the UI, the oldest
//! [`SHOWN`] at a time, each for as long as it takes to read; those behind wait their turn.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>();
}

/// How many notices show at once.
pub const SHOWN: usize = 2;
/// Shortest time a warning stays up, in seconds.
const WARNING_SECONDS: f32 = 12.0;
/// Shortest time an info notice stays up, in seconds.
const INFO_SECONDS: f32 = 5.0;
/// Words read a second, for a long notice's time.
const WORDS_A_SECOND: f32 = 3.0;

/// How serious a notice is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something went wrong but the game goes on.
    Warning,
    /// Good news or a plain fact.
    Info,
}

/// One message.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// How serious.
    pub kind: NoticeKind,
    /// Seconds it has been shown (the UI ages and drops it).
    pub age: f32,
    /// Said of the level in play (what is new in it, what "?" says, a door opened): it goes
    /// when the player leaves the level, not on into the next screen or another mode.
    pub about_level: bool,
}

impl Notice {
    /// How long it stays up, in seconds: its kind's shortest time, or longer for a long text.
    pub fn lasts(&self) -> f32 {
        let least = match self.kind {
            NoticeKind::Warning => WARNING_SECONDS,
            NoticeKind::Info => INFO_SECONDS,
        };
        let words = self.text.split_whitespace().count() as f32;
        least.max(2.0 + words / WORDS_A_SECOND)
    }
}

/// Messages waiting to be shown or showing now.
#[derive(Resource, Default, Debug)]
pub struct Notices {
    /// Oldest first.
    pub items: Vec<Notice>,
}

impl Notices {
    /// Adds a warning and logs it.
    pub fn warn(&mut self, text: impl Into<String>) {
        let text = text.into();
        warn!("{text}");
        self.push(text, NoticeKind::Warning, false);
    }

    /// Adds an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        let text = text.into();
        info!("{text}");
        self.push(text, NoticeKind::Info, false);
    }

    /// Adds an informational message about the level in play, which
    /// [`Notices::leave_level`] drops.
    pub fn level_info(&mut self, text: impl Into<String>) {
        let text = text.into();
        info!("{text}");
        self.push(text, NoticeKind::Info, true);
    }

    /// Adds a notice, or, where the same words of the same kind are showing or waiting (Copy
    /// pressed three times), starts that one's time again: three alike stacked up and hid the
    /// board.
    fn push(&mut self, text: String, kind: NoticeKind, about_level: bool) {
        if let Some(same) = self
            .items
            .iter_mut()
            .find(|n| n.text == text && n.kind == kind)
        {
            same.age = 0.0;
            same.about_level &= about_level;
            return;
        }
        self.items.push(Notice {
            text,
            kind,
            age: 0.0,
            about_level,
        });
    }

    /// The level in play is left: what was said of it goes, shown or waiting.
    pub fn leave_level(&mut self) {
        self.items.retain(|n| !n.about_level);
    }

    /// The notices on show ([`SHOWN`], the oldest) grow `dt` seconds older, and those shown for
    /// as long as they last go; the ones behind them wait their turn.
    pub fn tick(&mut self, dt: f32) {
        self.tick_from(0, dt);
    }

    /// As [`Notices::tick`], the first `held` notices held back (not on show, not growing older).
    pub fn tick_from(&mut self, held: usize, dt: f32) {
        for notice in self.items.iter_mut().skip(held).take(SHOWN) {
            notice.age += dt;
        }
        self.items.retain(|n| n.age < n.lasts());
    }

    /// Whether any notice mentions `needle` (for tests and screens).
    pub fn mentions(&self, needle: &str) -> bool {
        self.items.iter().any(|n| n.text.contains(needle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(n: usize) -> String {
        vec!["word"; n].join(" ")
    }

    #[test]
    fn a_long_notice_stays_up_long_enough_to_read() {
        let mut notices = Notices::default();
        notices.info(words(6));
        notices.warn(words(6));
        notices.info(words(30));
        let lasts: Vec<f32> = notices.items.iter().map(Notice::lasts).collect();
        // A lesson's line of 30 words: 12 s, not 5.
        assert_eq!(lasts, [INFO_SECONDS, WARNING_SECONDS, 12.0]);
    }

    #[test]
    fn the_same_words_again_show_once_for_longer() {
        let mut notices = Notices::default();
        notices.level_info("Copied the code");
        notices.warn("Copied the code");
        notices.tick(3.0);
        notices.info("Copied the code");
        let kinds: Vec<NoticeKind> = notices.items.iter().map(|n| n.kind).collect();
        assert_eq!(kinds, [NoticeKind::Info, NoticeKind::Warning]);
        // Said again, its time starts again, and it no longer goes with the level.
        assert_eq!(notices.items[0].age, 0.0);
        assert!(!notices.items[0].about_level);
        assert_eq!(notices.items[1].age, 3.0);
    }

    #[test]
    fn notices_behind_the_ones_on_show_wait_their_turn() {
        let mut notices = Notices::default();
        for n in 1..=3 {
            notices.info(format!("{n} {}", words(5)));
        }
        notices.tick(INFO_SECONDS);
        let left: Vec<&str> = notices.items.iter().map(|n| n.text.as_str()).collect();
        assert_eq!(
            left,
            [format!("3 {}", words(5))],
            "the third was not on show"
        );
        assert_eq!(notices.items[0].age, 0.0);
        notices.tick(INFO_SECONDS - 0.1);
        assert_eq!(notices.items.len(), 1);
        notices.tick(0.1);
        assert!(notices.items.is_empty());
    }

    #[test]
    fn notices_held_back_neither_show_nor_grow_older() {
        let mut notices = Notices::default();
        for n in 1..=3 {
            notices.info(format!("{n} {}", words(5)));
        }
        // The first held back (from before a pause): the two after it are on show and go.
        notices.tick_from(1, INFO_SECONDS);
        let left: Vec<&str> = notices.items.iter().map(|n| n.text.as_str()).collect();
        assert_eq!(left, [format!("1 {}", words(5))]);
        assert_eq!(notices.items[0].age, 0.0);
    }

    #[test]
    fn what_was_said_of_a_level_goes_with_it() {
        let mut notices = Notices::default();
        notices.level_info("New: stones slide like fruit");
        notices.warn("a pack could not be read");
        notices.info("Copied the level's text");
        notices.level_info("The key opens the red doors");
        notices.leave_level();
        let left: Vec<&str> = notices.items.iter().map(|n| n.text.as_str()).collect();
        assert_eq!(
            left,
            ["a pack could not be read", "Copied the level's text"]
        );
    }
}
