//! The names the game gives its controls this frame, for a system that draws them.

use crate::input::{Labels, UsingPad};
use crate::save::Settings;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The player's keys and buttons and the device in use: what lines and buttons name.
#[derive(SystemParam)]
pub struct ControlNames<'w> {
    settings: Res<'w, Settings>,
    using: Res<'w, UsingPad>,
}

impl ControlNames<'_> {
    /// The names: the pad's buttons while a pad is in use, else the keys as the keyboard prints
    /// them.
    pub fn labels(&self) -> Labels<'_> {
        Labels::for_device(&self.settings.bindings, *self.using).on(&self.settings.keyboard)
    }

    /// The pad in use, if one is.
    pub fn using(&self) -> UsingPad {
        *self.using
    }
}
