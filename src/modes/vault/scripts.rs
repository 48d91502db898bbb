//! The colour and the colour's name each script (a group of doors and the key or switch that
//! opens them) goes by, in words and on screen. The number is always shown too: colour is never
//! the only cue.

use bevy::prelude::Color;

/// A colour per script, spread round the colour wheel.
pub fn script_colour(script: u8) -> Color {
    if script == 0 {
        return Color::srgb(0.75, 0.75, 0.78);
    }
    Color::hsl((f32::from(script) * 137.5) % 360.0, 0.7, 0.58)
}

/// A name for script `script`'s colour, for words ("the amber doors").
pub fn colour_name(script: u8) -> &'static str {
    const NAMES: [&str; 12] = [
        "red", "orange", "amber", "lime", "green", "mint", "cyan", "sky-blue", "blue", "violet",
        "magenta", "pink",
    ];
    if script == 0 {
        return "grey";
    }
    NAMES[((f32::from(script) * 137.5) % 360.0 / 30.0) as usize % 12]
}
