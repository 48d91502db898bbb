//! The on-screen keys drawn under a box's text field (`input::keypad`): rows of ten columns, the
//! key the gamepad picked filled, Shift lit while it is on. A key clicked or tapped is picked and
//! handed to the box's update to press (`screens::text_box`).

use super::theme::colors;
use crate::input::keypad::{COLUMNS, Key, KeyPad};
use crate::input::{Action, Labels, button_name};
use bevy_egui::egui::{self, RichText};

/// The space between keys.
const GAP: f32 = 4.0;

/// A key's height: for a finger (`touch`) one a fingertip covers, 44 points.
fn key_height(touch: bool) -> f32 {
    if touch { 44.0 } else { 34.0 }
}

/// Draws `pad`'s keys across `width`, taller after a touch.
pub(super) fn show(ui: &mut egui::Ui, pad: &mut KeyPad, width: f32, touch: bool) {
    let unit = (width - GAP * (COLUMNS as f32 - 1.0)) / COLUMNS as f32;
    let picked = pad.picked();
    let seen = egui::Id::new("keypad_picked");
    let newly_picked = ui.ctx().data_mut(|d| {
        let before = d.get_temp::<(usize, usize)>(seen);
        d.insert_temp(seen, picked);
        before != Some(picked)
    });
    let mut clicked = None;
    ui.scope(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(GAP, GAP);
        // A wide letter (W, M) at the larger text sizes keeps to its column: little padding.
        ui.spacing_mut().button_padding.x = 2.0;
        for (r, row) in pad.layout.rows().iter().enumerate() {
            ui.horizontal(|ui| {
                let mut column = 0;
                for (i, &(key, span)) in row.iter().enumerate() {
                    let on = (r, i) == picked;
                    let lit = key == Key::Shift && pad.shift;
                    let size = if span == 1 { 20.0 } else { 16.0 };
                    let text = RichText::new(pad.label(key)).size(size).color(if on {
                        colors::ON_ACCENT
                    } else {
                        colors::TEXT
                    });
                    let fill = match (on, lit) {
                        (true, _) => colors::ACCENT,
                        (false, true) => colors::ROW_HOVER,
                        (false, false) => colors::ROW,
                    };
                    let wide = unit * span as f32 + GAP * (span as f32 - 1.0);
                    let button = egui::Button::new(text)
                        .min_size(egui::vec2(wide, key_height(touch)))
                        .fill(fill);
                    let response = ui.add(button);
                    if response.clicked() {
                        clicked = Some((r, column, key));
                    }
                    // A key newly picked by the gamepad is scrolled into view, where the box
                    // scrolls (a larger text size).
                    if on && newly_picked {
                        response.scroll_to_me(None);
                    }
                    column += span;
                }
            });
        }
    });
    if let Some((row, column, key)) = clicked {
        (pad.row, pad.column) = (row, column);
        pad.clicked = Some(key);
        pad.refocus = true;
    }
}

/// How a gamepad works the keys, with the player's buttons, named as the pad in use marks them
/// (both the Xbox and the PlayStation names where none is in use).
pub(super) fn pad_hint(labels: &Labels) -> String {
    let bindings = labels.bindings;
    let name = |b| {
        labels
            .pad
            .map_or_else(|| button_name(b), |kind| kind.name(b))
    };
    let button = |action| {
        bindings
            .buttons_of(action)
            .first()
            .map_or_else(|| "no button".to_string(), |&b| name(b))
    };
    let pick = if bindings.directions_on_dpad() {
        "The D-pad or the left stick".to_string()
    } else {
        Action::DIRECTIONS.map(button).join(", ")
    };
    format!(
        "{pick} picks a key, {} types it, {} deletes, {} cancels.",
        button(Action::Confirm),
        button(Action::Undo),
        button(Action::Back)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Bindings, PadKind, UsingPad};

    #[test]
    fn the_pad_line_names_the_buttons_of_the_pad_in_use() {
        let bindings = Bindings::default();
        assert_eq!(
            pad_hint(&Labels::keys(&bindings)),
            "The D-pad or the left stick picks a key, A / cross types it, X / square deletes, \
             B / circle cancels."
        );
        let playstation = UsingPad(Some(PadKind::PlayStation));
        assert_eq!(
            pad_hint(&Labels::for_device(&bindings, playstation)),
            "The D-pad or the left stick picks a key, Cross types it, Square deletes, Circle \
             cancels."
        );
    }
}
