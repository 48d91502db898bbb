//! Shows [`Notices`](crate::notices::Notices) as toasts near the bottom of the window; warnings
//! stay longer than good news, and a click dismisses one.

use super::layout::UiSetup;
use super::theme::colors;
use crate::notices::{NoticeKind, Notices};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, CornerRadius, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// Seconds a warning stays up.
const WARNING_SECONDS: f32 = 12.0;
/// Seconds an info notice stays up.
const INFO_SECONDS: f32 = 5.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_toasts.after(UiSetup));
}

fn draw_toasts(
    mut contexts: EguiContexts,
    mut notices: ResMut<Notices>,
    time: Res<Time>,
) -> Result {
    if notices.items.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let dt = time.delta_secs();
    let mut dismissed = None;
    egui::Area::new(egui::Id::new("toasts"))
        .anchor(Align2::CENTER_BOTTOM, egui::vec2(0.0, -12.0))
        .order(egui::Order::Foreground)
        .show(&ctx, |ui| {
            let width = (ctx.content_rect().width() - 32.0).min(640.0);
            for (index, notice) in notices.items.iter().enumerate().take(2) {
                let (stripe, label) = match notice.kind {
                    NoticeKind::Warning => (colors::WARN, "Heads up"),
                    NoticeKind::Info => (colors::GOOD, "Note"),
                };
                let response = egui::Frame::new()
                    .fill(colors::PANEL)
                    .stroke(egui::Stroke::new(2.0, stripe))
                    .corner_radius(CornerRadius::same(12))
                    .inner_margin(10)
                    .show(ui, |ui| {
                        ui.set_width(width);
                        ui.label(RichText::new(label).small().color(stripe));
                        ui.label(RichText::new(&notice.text).size(14.0).color(colors::TEXT));
                    })
                    .response
                    .interact(egui::Sense::CLICK);
                if response.clicked() {
                    dismissed = Some(index);
                }
            }
        });
    if let Some(index) = dismissed {
        notices.items.remove(index);
    }
    for notice in &mut notices.items {
        notice.age += dt;
    }
    notices.items.retain(|n| {
        n.age
            < if n.kind == NoticeKind::Warning {
                WARNING_SECONDS
            } else {
                INFO_SECONDS
            }
    });
    Ok(())
}
