//! What every egui screen starts from: the set after which UI systems draw, and full-window
//! roots to lay panels out in.

use bevy::prelude::*;

/// Style and scale are set before any UI system draws.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UiSetup;

/// A full-window egui `Ui` on the background layer, for panels to be shown inside.
pub fn root_ui(ctx: &bevy_egui::egui::Context, id: &'static str) -> bevy_egui::egui::Ui {
    root_ui_on(ctx, id, bevy_egui::egui::Order::Background)
}

/// A full-window egui `Ui` on layer `order` (overlays go above the HUD).
pub fn root_ui_on(
    ctx: &bevy_egui::egui::Context,
    id: &'static str,
    order: bevy_egui::egui::Order,
) -> bevy_egui::egui::Ui {
    use bevy_egui::egui::{LayerId, Ui, UiBuilder};
    Ui::new(
        ctx.clone(),
        id.into(),
        UiBuilder::new()
            .layer_id(LayerId::new(order, id.into()))
            .max_rect(ctx.content_rect()),
    )
}
