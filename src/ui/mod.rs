//! Everything drawn with egui (menus, HUD, notices, the loading bar) and the 2D camera.

mod backdrop;
pub mod camera;
mod code_dialog;
mod control_names;
mod debug_overlay;
mod dialog;
mod format;
mod hud;
mod hud_buttons;
mod keypad_view;
mod layout;
mod loading_view;
mod menu_view;
mod name_dialog;
mod stats_table;
mod stats_view;
pub mod theme;
mod toasts;
mod window_size;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub use control_names::ControlNames;
pub use format::{clock, score_text};
pub use layout::{UiSetup, held_sideways, root_ui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        apply_fullscreen.run_if(resource_changed::<crate::save::Settings>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (style_context, scale_to_window).chain().in_set(UiSetup),
    );
    app.add_systems(PreUpdate, follow_text_focus);
    app.add_plugins((
        camera::plugin,
        code_dialog::plugin,
        name_dialog::plugin,
        debug_overlay::plugin,
        backdrop::plugin,
        menu_view::plugin,
        hud::plugin,
        toasts::plugin,
        window_size::plugin,
        loading_view::plugin,
        stats_view::plugin,
    ));
}

/// Whether a text box had the keyboard when the UI was last drawn: keys it typed are no actions.
/// (No UI context yet, in the first frames: no text box either.)
fn follow_text_focus(mut contexts: EguiContexts, mut focus: ResMut<crate::input::TextFocus>) {
    let wants = contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    focus.set_if_neq(crate::input::TextFocus(wants));
}

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
    settings: Res<crate::save::Settings>,
    touch_screen: Res<crate::input::TouchScreen>,
) -> Result {
    let scale = theme::ui_zoom(
        window.width(),
        window.height(),
        settings.text_size,
        touch_screen.0,
    );
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
