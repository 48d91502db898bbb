//! The colour and the colour's name each script (a group of doors and the key or switch that
//! opens them) goes by, in words and on screen, in the standard palette or the colour-blind-safe
//! one. The number is always shown too: colour is never the only cue.

use bevy::prelude::Color;

/// The colour-blind-safe colours (Okabe and Ito), with their names, scripts 1 on in turn.
const SAFE: [(Color, &str); 7] = [
    (Color::srgb(0.90, 0.62, 0.0), "orange"),
    (Color::srgb(0.34, 0.71, 0.91), "sky-blue"),
    (Color::srgb(0.0, 0.62, 0.45), "green"),
    (Color::srgb(0.94, 0.89, 0.26), "yellow"),
    (Color::srgb(0.0, 0.45, 0.70), "blue"),
    (Color::srgb(0.84, 0.37, 0.0), "vermilion"),
    (Color::srgb(0.80, 0.47, 0.65), "purple"),
];

/// A colour per script: spread round the colour wheel, or the colour-blind-safe seven in turn.
pub fn script_colour(colour_blind: bool, script: u8) -> Color {
    if script == 0 {
        return Color::srgb(0.75, 0.75, 0.78);
    }
    if colour_blind {
        return SAFE[usize::from(script - 1) % SAFE.len()].0;
    }
    Color::hsl((f32::from(script) * 137.5) % 360.0, 0.7, 0.58)
}

/// A name for script `script`'s colour, for words ("the amber doors").
pub fn colour_name(colour_blind: bool, script: u8) -> &'static str {
    const NAMES: [&str; 12] = [
        "red", "orange", "amber", "lime", "green", "mint", "cyan", "sky-blue", "blue", "violet",
        "magenta", "pink",
    ];
    if script == 0 {
        return "grey";
    }
    if colour_blind {
        return SAFE[usize::from(script - 1) % SAFE.len()].1;
    }
    NAMES[((f32::from(script) * 137.5) % 360.0 / 30.0) as usize % 12]
}
