//! Messages for the player that are not part of a screen: a save file that could not be read, a
//! level pack with a mistake in it. Logged, and shown as toasts by the UI.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>();
}

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
        self.items.push(Notice {
            text,
            kind: NoticeKind::Warning,
            age: 0.0,
        });
    }

    /// Adds an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        let text = text.into();
        info!("{text}");
        self.items.push(Notice {
            text,
            kind: NoticeKind::Info,
            age: 0.0,
        });
    }

    /// Whether any warning mentions `needle` (for tests and screens).
    pub fn mentions(&self, needle: &str) -> bool {
        self.items.iter().any(|n| n.text.contains(needle))
    }
}
