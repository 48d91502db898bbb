//! Shows [`Notices`](crate::notices::Notices) as toasts, the oldest two, each as long as the
//! notices say (time counts only while one shows); a click dismisses one, though not in the
//! moment after another closed (the rest move then, and a second tap would close one unread).
//!
//! Off the board they sit at the bottom of the window. On the play screen they keep clear of the
//! HUD's bottom bar (its line and buttons), and where the board leaves a column free beside it
//! (a landscape window), they go there, off the board; held sideways, where it leaves none, they
//! go into the HUD's column above its buttons (over the end of a long line, not its start). Over
//! a paused level (its menu, settings or controls) the notes from before the pause wait with the
//! level: only what came after (a level shared from the pause menu) shows.

use super::camera::{BoardBounds, HudInsets, OnScreenControls, fit};
use super::layout::UiSetup;
use super::theme::colors;
use crate::flow::{Overlay, Screen};
use crate::notices::{NoticeKind, Notices, SHOWN};
use crate::pipelines_ready::{PATIENCE, PipelinesReady};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, Align2, CornerRadius, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// Gap between toasts and the window's edges, the bars or the board, in logical pixels.
const GAP: f32 = 12.0;
/// The narrowest column beside the board that toasts go into, in logical pixels (a phone held
/// sideways leaves about 170 beside a Lines board).
const SIDE_COLUMN: f32 = 160.0;
/// The widest a toast grows at the bottom, in logical pixels.
const WIDEST: f32 = 640.0;
/// The widest a toast grows in a column beside the board, in logical pixels.
const WIDEST_BESIDE: f32 = 420.0;
/// Seconds after a toast closes in which a tap closes no other (they move into its place).
const SETTLE: f32 = 0.6;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_toasts.after(UiSetup));
}

/// Where the toasts go: the corner or edge they hang from, the offset from it and their width,
/// in logical pixels.
#[derive(Debug, PartialEq)]
struct Placement {
    anchor: Align2,
    offset: Vec2,
    width: f32,
}

/// The toasts' place in a `window`-sized window: `hud` is the HUD's bars on the play screen and
/// `board` the size of the board the camera fits between them (neither off the play screen; no
/// board for a mode whose camera follows the player).
fn placement(window: Vec2, hud: Option<HudInsets>, board: Option<Vec2>) -> Placement {
    let across = (window.x - 2.0 * GAP).min(WIDEST);
    let Some(insets) = hud else {
        return Placement {
            anchor: Align2::CENTER_BOTTOM,
            offset: Vec2::new(0.0, -GAP),
            width: across,
        };
    };
    let above_bar = Vec2::new(0.0, -(insets.bottom + GAP));
    // The room left of the HUD's column, held sideways (all the width elsewhere).
    let room = window.x - insets.right;
    if let Some(board) = board {
        let (scale, _) = fit(board, window, insets);
        let beside = (room - board.x / scale) / 2.0 - 2.0 * GAP;
        if beside >= SIDE_COLUMN {
            return Placement {
                anchor: Align2::RIGHT_BOTTOM,
                offset: above_bar + Vec2::new(-(insets.right + GAP), 0.0),
                width: beside.min(WIDEST_BESIDE),
            };
        }
    }
    if insets.right > 0.0 {
        return Placement {
            anchor: Align2::RIGHT_BOTTOM,
            offset: Vec2::new(-GAP, -(insets.foot + GAP)),
            width: insets.right - 2.0 * GAP,
        };
    }
    Placement {
        anchor: Align2::CENTER_BOTTOM,
        offset: above_bar,
        width: across,
    }
}

fn draw_toasts(
    mut contexts: EguiContexts,
    mut notices: ResMut<Notices>,
    time: Res<Time>,
    (screen, overlay): (Res<State<Screen>>, Option<Res<State<Overlay>>>),
    (insets, controls): (Res<HudInsets>, Res<OnScreenControls>),
    bounds: Res<BoardBounds>,
    window: Single<&Window, With<PrimaryWindow>>,
    names: super::control_names::ControlNames,
    pipelines: Option<Res<PipelinesReady>>,
    (mut unseen, mut held, mut closed_at): (Local<u32>, Local<Option<usize>>, Local<Option<f32>>),
) -> Result {
    // The notices there were as the pause began wait for the level to go on.
    let paused = overlay.is_some_and(|o| *o.get() != Overlay::None);
    let first = match (paused, *held) {
        (true, Some(before)) => before.min(notices.items.len()),
        (true, None) => *held.insert(notices.items.len()),
        (false, _) => {
            *held = None;
            0
        }
    };
    if notices.items.len() <= first {
        return Ok(());
    }
    // Nothing is drawn until the renderer has built its pipelines (seconds on a busy machine's
    // software renderer): a notice from start-up (a broken save, another copy on the saves)
    // waits for them before its time starts, within the frames a tool waits.
    let drawn = pipelines.is_none_or(|p| p.get()) || *unseen >= PATIENCE;
    if !drawn {
        *unseen += 1;
    }
    let ctx = contexts.ctx_mut()?.clone();
    let on_board = *screen.get() == Screen::Play;
    // Above the bottom bar, and above a mode's on-screen controls where they are taller.
    let insets = HudInsets {
        bottom: insets.bottom.max(controls.0),
        ..*insets
    };
    let place = placement(
        Vec2::new(window.width(), window.height()),
        on_board.then_some(insets),
        bounds.0.filter(|_| on_board),
    );
    // egui lays out in points: logical pixels over the text size's zoom.
    let zoom = ctx.zoom_factor();
    let dt = time.delta_secs();
    let mut dismissed = None;
    // Just after a note closes, the others move (and the next waiting comes in): a second quick
    // tap would close one unread.
    let settled = closed_at.is_none_or(|at| time.elapsed_secs() - at >= SETTLE);
    egui::Area::new(egui::Id::new("toasts"))
        .anchor(
            place.anchor,
            egui::vec2(place.offset.x, place.offset.y) / zoom,
        )
        .order(egui::Order::Foreground)
        .show(&ctx, |ui| {
            for (index, notice) in notices.items.iter().enumerate().skip(first).take(SHOWN) {
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
                        ui.set_width(place.width / zoom - 20.0);
                        // A finger is told a tap puts it away (it covers part of a board).
                        let label = if names.by_touch() {
                            format!("{label} · tap to close")
                        } else {
                            label.to_string()
                        };
                        ui.label(RichText::new(label).small().color(stripe));
                        // A lesson's or a mode's line names keys as the player bound them (or
                        // the buttons of the pad in use).
                        let labels = names.labels();
                        let text = crate::input::keys_in(&notice.text, &labels);
                        ui.label(RichText::new(text).size(14.0).color(colors::TEXT));
                    })
                    .response
                    .interact(egui::Sense::CLICK);
                if response.clicked() && settled {
                    dismissed = Some(index);
                }
            }
        });
    if let Some(index) = dismissed {
        notices.items.remove(index);
        *closed_at = Some(time.elapsed_secs());
    }
    if drawn {
        notices.tick_from(first, dt);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toasts_go_beside_a_board_with_room_else_above_the_hud_bar() {
        let window = Vec2::new(1280.0, 720.0);
        let hud = HudInsets {
            top: 48.0,
            bottom: 110.0,
            right: 0.0,
            foot: 0.0,
        };
        // Off the board: the bottom of the window.
        let off = placement(window, None, None);
        assert_eq!(
            (off.anchor, off.offset),
            (Align2::CENTER_BOTTOM, Vec2::new(0.0, -GAP))
        );
        // A square board (Tilt's) leaves a column beside it: the toasts go there, clear of it.
        let square = placement(window, Some(hud), Some(Vec2::splat(512.0)));
        assert_eq!(square.anchor, Align2::RIGHT_BOTTOM);
        let board_width = 720.0 - 48.0 - 110.0 - 32.0;
        assert!(square.width <= (1280.0 - board_width) / 2.0 - 2.0 * GAP);
        assert!(square.width >= SIDE_COLUMN);
        // A wide board (Slide's) fills the width: above the HUD's bar, which stays in view.
        let wide = placement(window, Some(hud), Some(Vec2::new(700.0, 300.0)));
        assert_eq!(
            (wide.anchor, wide.offset),
            (Align2::CENTER_BOTTOM, Vec2::new(0.0, -(110.0 + GAP)))
        );
        // A followed view (Climb, Vault) has no board size: above the bar too.
        assert_eq!(placement(window, Some(hud), None), wide);
        // A phone's portrait window: across it.
        let phone = placement(Vec2::new(390.0, 760.0), Some(hud), Some(Vec2::splat(512.0)));
        assert_eq!(phone.anchor, Align2::CENTER_BOTTOM);
        assert_eq!(phone.width, 390.0 - 2.0 * GAP);
        // A phone held sideways, the HUD's buttons in a column at the right: beside a Lines
        // board, left of the column.
        let sideways = HudInsets {
            top: 50.0,
            bottom: 0.0,
            right: 240.0,
            foot: 0.0,
        };
        let window = Vec2::new(844.0, 390.0);
        let lines = placement(window, Some(sideways), Some(Vec2::new(7.0, 10.0)));
        assert_eq!(
            (lines.anchor, lines.offset),
            (Align2::RIGHT_BOTTOM, Vec2::new(-(240.0 + GAP), -GAP))
        );
        let board_width = (390.0 - 50.0 - 32.0) * 0.7;
        assert!(lines.width <= (844.0 - 240.0 - board_width) / 2.0 - 2.0 * GAP);
        // A wide board: in the column above its buttons, off the board.
        let sideways = HudInsets {
            foot: 170.0,
            ..sideways
        };
        let wide = placement(window, Some(sideways), Some(Vec2::new(700.0, 300.0)));
        assert_eq!(
            (wide.anchor, wide.offset),
            (Align2::RIGHT_BOTTOM, Vec2::new(-GAP, -(170.0 + GAP)))
        );
        assert_eq!(wide.width, 240.0 - 2.0 * GAP);
    }
}
