//! What every egui screen starts from: the set after which UI systems draw, and full-window
//! roots to lay panels out in.

use bevy::prelude::*;

/// Style and scale are set before any UI system draws.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UiSetup;

/// A full-window egui `Ui` on egui's background layer (the one egui registers as covering the
/// screen, so its scroll areas take the wheel and the pointer is found over it), with widget ids
/// under `id`, for panels to be shown inside.
pub fn root_ui(ctx: &bevy_egui::egui::Context, id: &'static str) -> bevy_egui::egui::Ui {
    use bevy_egui::egui::{LayerId, Ui, UiBuilder};
    Ui::new(
        ctx.clone(),
        id.into(),
        UiBuilder::new()
            .layer_id(LayerId::background())
            .max_rect(ctx.content_rect()),
    )
}

/// The room a vertical scroll bar takes beside a list that scrolls: egui's bar floats over the
/// content's right edge, so a list that scrolls keeps this strip clear for it.
pub fn scroll_bar_room(ui: &bevy_egui::egui::Ui) -> f32 {
    let scroll = &ui.spacing().scroll;
    scroll.bar_width + scroll.bar_inner_margin + scroll.bar_outer_margin
}

/// A window at least this many times as wide as it is tall is held sideways (where it is also
/// shorter than [`SIDEWAYS_HEIGHT`]).
const SIDEWAYS_ASPECT: f32 = 1.4;
/// The height in points under which a wide window is held sideways.
const SIDEWAYS_HEIGHT: f32 = 600.0;

/// Whether a window of `size` points is held sideways: a phone on its side, a short wide window.
/// There the play screen's bottom bar would take nearly half the height from a board with room
/// beside it (a phone at 844 by 390 pixels: the first Lines lesson's board 179 high), so its line
/// and buttons go into a column at the right; a box's on-screen keys go beside its field.
pub fn held_sideways(size: bevy_egui::egui::Vec2) -> bool {
    size.y < SIDEWAYS_HEIGHT && size.x >= SIDEWAYS_ASPECT * size.y
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;

    #[test]
    fn only_a_short_wide_window_is_held_sideways() {
        assert!(
            held_sideways(egui::vec2(844.0, 390.0)),
            "a phone on its side"
        );
        assert!(
            held_sideways(egui::vec2(675.0, 312.0)),
            "the same at a larger text size"
        );
        assert!(!held_sideways(egui::vec2(390.0, 844.0)), "upright");
        assert!(
            !held_sideways(egui::vec2(1280.0, 720.0)),
            "a desktop window"
        );
        assert!(
            !held_sideways(egui::vec2(700.0, 560.0)),
            "short but not wide"
        );
    }
}
