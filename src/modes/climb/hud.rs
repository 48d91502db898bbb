//! Climb's touch buttons, drawn over the game once a touch screen is in use: left and right at
//! the bottom left, jump at the bottom right, lit while held. (The top bar with the clock and gems
//! is the shared HUD's, in its real-time form.)

use super::controls::{TouchButton, TouchButtons, button_rects};
use super::run::ClimbRun;
use crate::flow::{Overlay, Screen};
use crate::ui::camera::OnScreenControls;
use crate::ui::theme::colors;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, Align2, Color32, FontId, Stroke, pos2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_buttons
            .after(crate::ui::UiSetup)
            .run_if(in_state(Screen::Play).and_then(in_state(Overlay::None)))
            .run_if(resource_exists::<ClimbRun>)
            .run_if(|buttons: Res<TouchButtons>| buttons.shown),
    );
}

fn draw_buttons(
    mut contexts: EguiContexts,
    buttons: Res<TouchButtons>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut clear: ResMut<OnScreenControls>,
) -> Result {
    let size = Vec2::new(window.width(), window.height());
    // Notices keep above the buttons (a lesson's note lay under them).
    let top = (button_rects(size).iter()).fold(size.y, |top, (_, r)| top.min(r.min.y));
    clear.set_if_neq(OnScreenControls(size.y - top));
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("climb_touch"),
    ));
    for (button, rect) in button_rects(Vec2::new(window.width(), window.height())) {
        let held = match button {
            TouchButton::Left => buttons.left,
            TouchButton::Right => buttons.right,
            TouchButton::Jump => buttons.jump,
        };
        let r = egui::Rect::from_min_max(
            pos2(rect.min.x / zoom, rect.min.y / zoom),
            pos2(rect.max.x / zoom, rect.max.y / zoom),
        );
        let fill = if held {
            Color32::from_rgba_unmultiplied(255, 255, 255, 90)
        } else {
            Color32::from_rgba_unmultiplied(255, 255, 255, 40)
        };
        painter.circle(
            r.center(),
            r.width() / 2.0,
            fill,
            Stroke::new(2.0, colors::TEXT),
        );
        // The jump button says so in words: the fonts have no upward triangle (it drew as a
        // box).
        let (label, size) = match button {
            TouchButton::Left => ("◀", 0.4),
            TouchButton::Right => ("▶", 0.4),
            TouchButton::Jump => ("Jump", 0.24),
        };
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            label,
            FontId::proportional(r.width() * size),
            colors::TEXT,
        );
    }
    Ok(())
}
