//! The pointer as a mode's board reads it: the mouse or the first touch ([`read_pointer`]), and
//! whether a point is on the UI drawn over the board (the HUD's bars, the Vault minimap), whose
//! presses are the UI's and not the board's.
//!
//! egui's own answer ([`EguiWantsInput`]) is from the last frame and knows where the pointer
//! was then: a mouse hovering there, yes, but not a finger that has only just come down (a touch
//! screen has no hovering), nor always the HUD's bars (drawn on the background layer, which egui
//! counts as the game's). So the point is also checked against the HUD's bars and egui's areas
//! as they were last drawn.

use super::pointer::{Pointer, read_pointer};
use crate::ui::camera::HudInsets;
use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContext, PrimaryEguiContext, egui};

/// The pointer this frame, and what lies over the board.
#[derive(SystemParam)]
pub struct BoardPointer<'w, 's> {
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
    touches: Option<Res<'w, Touches>>,
    window: Option<Single<'w, 's, &'static Window, With<PrimaryWindow>>>,
    egui: Option<Res<'w, EguiWantsInput>>,
    insets: Option<Res<'w, HudInsets>>,
    contexts: Query<'w, 's, &'static mut EguiContext, With<PrimaryEguiContext>>,
}

impl BoardPointer<'_, '_> {
    /// Where the pointer is and whether it went down or up this frame.
    pub fn read(&self) -> Pointer {
        read_pointer(
            self.mouse.as_deref(),
            self.touches.as_deref(),
            self.window.as_deref().copied(),
        )
    }

    /// Whether a press at `at` (window coordinates) is the UI's: egui takes the pointer (it
    /// hovers over or holds a widget), or `at` is on the UI ([`BoardPointer::covered`]).
    pub fn on_ui(&mut self, at: Option<Vec2>) -> bool {
        self.egui
            .as_ref()
            .is_some_and(|e| e.wants_any_pointer_input())
            || at.is_some_and(|p| self.covered(p))
    }

    /// Whether `p` (window coordinates) lies on the HUD's bars or column, or on an egui area
    /// above the background (the Vault minimap), as last drawn.
    pub fn covered(&mut self, p: Vec2) -> bool {
        let on_bars = match (&self.insets, &self.window) {
            (Some(insets), Some(window)) => in_bars(p, window.size(), **insets),
            _ => false,
        };
        on_bars
            || self.contexts.iter_mut().any(|mut context| {
                let ctx = context.get_mut();
                let at = egui::pos2(p.x, p.y) / ctx.zoom_factor();
                ctx.layer_id_at(at)
                    .is_some_and(|layer| layer.order != egui::Order::Background)
            })
    }
}

/// Whether `p` (window coordinates, y down) is on a bar or the column of `insets` in a window of
/// `size`.
fn in_bars(p: Vec2, size: Vec2, insets: HudInsets) -> bool {
    p.y < insets.top || p.y >= size.y - insets.bottom || p.x >= size.x - insets.right
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_either_bar_is_covered_and_one_between_them_is_not() {
        let insets = HudInsets {
            top: 40.0,
            bottom: 100.0,
            right: 0.0,
            foot: 0.0,
        };
        let size = Vec2::new(1000.0, 700.0);
        let on = |y: f32| in_bars(Vec2::new(300.0, y), size, insets);
        assert!(on(0.0) && on(39.0), "the top bar");
        assert!(on(600.0) && on(699.0), "the bottom bar");
        assert!(
            !on(40.0) && !on(350.0) && !on(599.0),
            "the board between them"
        );
        assert!(!in_bars(Vec2::new(300.0, 5.0), size, HudInsets::default()));
        assert!(!in_bars(Vec2::new(999.0, 350.0), size, insets), "no column");
        // Held sideways: the column at the right, and no bottom bar.
        let sideways = HudInsets {
            top: 50.0,
            bottom: 0.0,
            right: 240.0,
            foot: 0.0,
        };
        assert!(
            in_bars(Vec2::new(760.0, 350.0), size, sideways),
            "the column"
        );
        assert!(
            !in_bars(Vec2::new(759.0, 699.0), size, sideways),
            "the board's corner"
        );
    }
}
