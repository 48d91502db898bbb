//! The names the game gives its controls this frame, for a system that draws them.

use crate::input::{Labels, TouchScreen, TouchedLast, UsingPad};
use crate::save::Settings;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The player's keys and buttons and the device in use: what lines and buttons name.
#[derive(SystemParam)]
pub struct ControlNames<'w> {
    settings: Res<'w, Settings>,
    using: Res<'w, UsingPad>,
    touched: Res<'w, TouchedLast>,
    touch_screen: Res<'w, TouchScreen>,
}

impl ControlNames<'_> {
    /// The names: the pad's buttons while a pad is in use, else the keys as the keyboard prints
    /// them; lines read for a finger after a touch.
    pub fn labels(&self) -> Labels<'_> {
        Labels::for_device(&self.settings.bindings, *self.using)
            .on(&self.settings.keyboard)
            .by_touch(self.touched.0)
    }

    /// The pad in use, if one is.
    pub fn using(&self) -> UsingPad {
        *self.using
    }

    /// Whether the player's last press was a touch: lines naming keys and buttons ("↑↓ choose",
    /// how a gamepad works the on-screen keys) are left out, as a finger has none of them.
    pub fn by_touch(&self) -> bool {
        self.touched.0
    }

    /// Whether the screen is one for fingers ([`TouchScreen`]): the layout's buttons are a
    /// fingertip's size.
    pub fn touch_screen(&self) -> bool {
        self.touch_screen.0
    }
}
