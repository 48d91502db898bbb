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

/// The standard palette's first nine hues (degrees) with their names, scripts 1 to 9 in turn:
/// nine hues at least 25 degrees apart, each next to ones far from it, so that no two of the
/// locks a vault shows at once look alike (stepping by the golden angle from the first, as the
/// scripts past nine do, put 1 and 6, and 1 and 9, both in the greens).
const FIRST: [(f32, &str); 9] = [
    (140.0, "green"),
    (270.0, "violet"),
    (55.0, "yellow"),
    (185.0, "cyan"),
    (315.0, "magenta"),
    (0.0, "red"),
    (225.0, "blue"),
    (30.0, "orange"),
    (95.0, "lime"),
];

/// Script `script`'s hue and name in [`FIRST`], for scripts 1 to 9.
fn first(script: u8) -> Option<(f32, &'static str)> {
    FIRST.get(usize::from(script).checked_sub(1)?).copied()
}

/// The hue of script `script` (1 on) in the standard palette: [`FIRST`], then steps of the golden
/// angle round the wheel.
fn hue(script: u8) -> f32 {
    first(script).map_or((f32::from(script) * 137.5) % 360.0, |(hue, _)| hue)
}

/// A colour per script: the standard palette's hues, or the colour-blind-safe seven in turn.
pub fn script_colour(colour_blind: bool, script: u8) -> Color {
    if script == 0 {
        return Color::srgb(0.75, 0.75, 0.78);
    }
    if colour_blind {
        return SAFE[usize::from(script - 1) % SAFE.len()].0;
    }
    Color::hsl(hue(script), 0.7, 0.58)
}

/// A name for script `script`'s colour, for words ("the yellow doors").
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
    first(script).map_or(NAMES[(hue(script) / 30.0) as usize % 12], |(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The angle between two hues, 0 to 180 degrees.
    fn apart(a: f32, b: f32) -> f32 {
        let d = (a - b).rem_euclid(360.0);
        d.min(360.0 - d)
    }

    #[test]
    fn the_first_nine_scripts_have_hues_far_apart_and_names_of_their_own() {
        for a in 1..=9u8 {
            for b in a + 1..=9 {
                assert!(
                    apart(hue(a), hue(b)) >= 25.0,
                    "scripts {a} and {b}: {} and {} degrees",
                    hue(a),
                    hue(b)
                );
                assert_ne!(colour_name(false, a), colour_name(false, b));
            }
        }
        // Past nine, the golden angle as before; names follow the hue.
        assert_eq!(hue(10), (10.0 * 137.5) % 360.0);
        assert_eq!(colour_name(false, 10), "violet");
        assert_eq!(colour_name(false, 0), "grey");
        assert_eq!(colour_name(true, 8), "orange");
    }
}
