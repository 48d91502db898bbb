//! One look for every screen: palette, font sizes, spacing, and the shipped font (Comfortaa,
//! SIL Open Font License, `assets/fonts/`). Sizes scale with the window so menus stay readable
//! from a narrow portrait phone to a large monitor.

use crate::save::TextSize;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, FontData, FontDefinitions, FontFamily, FontId, TextStyle};
use std::sync::Arc;

/// Window background.
pub const BACKGROUND: Color = Color::srgb(0.106, 0.118, 0.180);
/// Floor tiles.
pub const FLOOR: Color = Color::srgb(0.19, 0.21, 0.32);
/// Wall blocks.
pub const WALL: Color = Color::srgb(0.36, 0.39, 0.56);
/// One-way arrows on the board.
pub const GATE: Color = Color::srgb(1.0, 0.71, 0.28);

/// egui colours.
pub mod colors {
    use bevy_egui::egui::Color32;
    /// The window background ([`super::BACKGROUND`]), for egui.
    pub const BACKGROUND: Color32 = Color32::from_rgb(0x1B, 0x1E, 0x2E);
    /// Main text.
    pub const TEXT: Color32 = Color32::from_rgb(0xF4, 0xF1, 0xEA);
    /// Secondary text.
    pub const MUTED: Color32 = Color32::from_rgb(0xA9, 0xAE, 0xC8);
    /// Selected items and highlights.
    pub const ACCENT: Color32 = Color32::from_rgb(0xFF, 0xB5, 0x47);
    /// Text on the accent colour.
    pub const ON_ACCENT: Color32 = Color32::from_rgb(0x22, 0x1A, 0x10);
    /// Cards and bars.
    pub const PANEL: Color32 = Color32::from_rgb(0x25, 0x29, 0x3F);
    /// Rows inside cards.
    pub const ROW: Color32 = Color32::from_rgb(0x31, 0x36, 0x52);
    /// Rows under the pointer.
    pub const ROW_HOVER: Color32 = Color32::from_rgb(0x3C, 0x42, 0x63);
    /// Rows that cannot be chosen.
    pub const ROW_DISABLED: Color32 = Color32::from_rgb(0x2A, 0x2E, 0x45);
    /// Warnings.
    pub const WARN: Color32 = Color32::from_rgb(0xFF, 0x7A, 0x6B);
    /// Good news.
    pub const GOOD: Color32 = Color32::from_rgb(0x7C, 0xD9, 0x8B);
}

/// Spacing and sizes, in points before scaling.
pub mod sizes {
    /// Height of a menu row.
    pub const ROW_HEIGHT: f32 = 46.0;
    /// Widest a menu card gets.
    pub const CARD_WIDTH: f32 = 560.0;
    /// Corner radius of cards and rows.
    pub const RADIUS: u8 = 12;
    /// Gap between rows.
    pub const GAP: f32 = 8.0;
    /// Margin inside cards.
    pub const PAD: i8 = 16;
}

/// The font family name for the shipped font.
const GAME_FONT: &str = "Comfortaa";

/// How much to scale the UI for a window of `width` x `height` logical pixels.
pub fn ui_scale(width: f32, height: f32) -> f32 {
    (width / 1100.0).min(height / 700.0).clamp(0.7, 1.6)
}

/// The interface's zoom for a window of `width` x `height` logical pixels at text size `size`:
/// [`ui_scale`] times the size's factor, and on a touch screen (`touch`) never under the natural
/// size (a 46-point row 46 pixels tall, a finger's target) times the factor, as far as 330 points
/// still fit across and down. Where they would not fit at the largest size (a phone), the sizes
/// share the room there is between the natural size and that fit, so each is still larger than
/// the one before; on a tablet the sizes grow from the natural size.
pub fn ui_zoom(width: f32, height: f32, size: TextSize, touch: bool) -> f32 {
    let factor = size.factor();
    let scale = ui_scale(width, height) * factor;
    if !touch {
        return scale;
    }
    let fits = width.min(height) / 330.0;
    if fits <= 1.0 {
        return scale.max(fits);
    }
    let largest = TextSize::ALL[TextSize::ALL.len() - 1].factor();
    let room = ((fits - 1.0) / (largest - 1.0)).min(1.0);
    scale.max(1.0 + (factor - 1.0) * room)
}

/// Installs the font and the style on an egui context.
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        GAME_FONT.to_owned(),
        Arc::new(FontData::from_static(include_bytes!(
            "../../assets/fonts/Comfortaa-Bold.ttf"
        ))),
    );
    // The game font first; egui's own fonts stay behind it for symbols Comfortaa lacks.
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .insert(0, GAME_FONT.to_owned());
    }
    ctx.set_fonts(fonts);
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (TextStyle::Heading, FontId::proportional(44.0)),
            (TextStyle::Body, FontId::proportional(21.0)),
            (TextStyle::Button, FontId::proportional(22.0)),
            (TextStyle::Small, FontId::proportional(15.0)),
            (TextStyle::Monospace, FontId::monospace(18.0)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(sizes::GAP, sizes::GAP);
        style.spacing.button_padding = egui::vec2(14.0, 8.0);
        // A list longer than its room shows its scroll bar, thin, without a pointer over it: a
        // finger never hovers, and a phone's title menu looked whole with Settings out of sight.
        style.spacing.scroll.dormant_handle_opacity = 0.6;
        style.spacing.scroll.dormant_background_opacity = 0.3;
        let v = &mut style.visuals;
        *v = egui::Visuals::dark();
        v.override_text_color = Some(colors::TEXT);
        v.panel_fill = Color32::TRANSPARENT;
        v.window_fill = colors::PANEL;
        v.widgets.inactive.weak_bg_fill = colors::ROW;
        v.widgets.inactive.bg_fill = colors::ROW;
        v.widgets.hovered.weak_bg_fill = colors::ROW_HOVER;
        v.widgets.hovered.bg_fill = colors::ROW_HOVER;
        v.widgets.active.weak_bg_fill = colors::ACCENT;
        v.selection.bg_fill = colors::ACCENT;
        for w in [
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
        ] {
            w.corner_radius = egui::CornerRadius::same(sizes::RADIUS);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_is_bounded_for_small_and_large_windows() {
        assert!((ui_scale(1280.0, 720.0) - 1.03).abs() < 0.01);
        assert_eq!(ui_scale(400.0, 800.0), 0.7);
        assert_eq!(ui_scale(4000.0, 3000.0), 1.6);
    }

    #[test]
    fn on_a_touch_screen_the_interface_is_at_least_its_natural_size_where_it_fits() {
        use TextSize::{Large, Larger, Normal};
        // A phone (390 x 844), at Normal and Larger: 0.7 and 0.98 with a mouse; on a touch
        // screen 1, and as much over it as keeps 330 points across; Large between the two.
        assert_eq!(ui_zoom(390.0, 844.0, Normal, false), 0.7);
        assert_eq!(ui_zoom(390.0, 844.0, Normal, true), 1.0);
        let larger = ui_zoom(390.0, 844.0, Larger, true);
        assert!((larger - 390.0 / 330.0).abs() < 1e-6);
        let large = ui_zoom(390.0, 844.0, Large, true);
        assert!((large - (1.0 + larger) / 2.0).abs() < 1e-6, "{large}");
        // On its side, the same; a small phone, as far as 330 points fit (Larger, 0.98 as with
        // the mouse, is over that already).
        assert_eq!(ui_zoom(844.0, 390.0, Normal, true), 1.0);
        for size in [Normal, Large] {
            assert!((ui_zoom(320.0, 568.0, size, true) - 320.0 / 330.0).abs() < 1e-6);
        }
        assert!((ui_zoom(320.0, 568.0, Larger, true) - 0.98).abs() < 1e-6);
        // A tablet grows with the text size; a large window is as with the mouse.
        assert_eq!(ui_zoom(768.0, 1024.0, Larger, true), 1.4);
        assert!((ui_zoom(768.0, 1024.0, Large, true) - 1.2).abs() < 1e-6);
        assert_eq!(
            ui_zoom(1280.0, 720.0, Large, true),
            ui_zoom(1280.0, 720.0, Large, false)
        );
    }

    #[test]
    fn egui_background_is_the_window_background() {
        let [r, g, b, a] = BACKGROUND.to_srgba().to_u8_array();
        assert_eq!(
            colors::BACKGROUND,
            Color32::from_rgba_unmultiplied(r, g, b, a)
        );
    }
}
