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
