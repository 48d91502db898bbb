//! Everything drawn with egui (menus, HUD, notices, the loading bar) and the 2D camera.

mod backdrop;
pub mod camera;
mod code_dialog;
mod debug_overlay;
mod hud;
pub use hud::clock;
mod loading_view;
mod menu_view;
pub mod theme;
mod toasts;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        apply_fullscreen.run_if(resource_changed::<crate::save::Settings>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (style_context, scale_to_window).chain().in_set(UiSetup),
    );
    app.add_plugins((
        camera::plugin,
        code_dialog::plugin,
        debug_overlay::plugin,
        backdrop::plugin,
        menu_view::plugin,
        hud::plugin,
        toasts::plugin,
        loading_view::plugin,
    ));
}

/// Style and scale are set before any UI system draws.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UiSetup;

fn style_context(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        theme::install(contexts.ctx_mut()?);
        *done = true;
    }
    Ok(())
}

fn scale_to_window(
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let scale = theme::ui_scale(window.width(), window.height());
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - scale).abs() > 0.01 {
        ctx.set_zoom_factor(scale);
    }
    Ok(())
}

fn apply_fullscreen(
    settings: Res<crate::save::Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    use bevy::window::{MonitorSelection, WindowMode};
    let mode = if settings.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    if window.mode != mode {
        window.mode = mode;
    }
}

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
