//! The play screen's line and buttons under the top bar: in a bar at the bottom (the line, then
//! the buttons in a row or two), or held sideways in a column at the right (the line at its top,
//! the buttons two to a row at its foot).

use super::theme::colors;
use crate::play::PlayRequest;
use bevy_egui::egui::{self, Align2, CornerRadius, FontId, RichText, Sense, vec2};

/// Of the window's height, the most the bottom bar's line may take before its text shrinks.
pub(super) const LINE_SHARE: f32 = 0.2;
/// The least the bottom bar's line shrinks to, of the body's size.
const LINE_LEAST: f32 = 0.7;

/// The HUD's line's text size: the body's, or smaller where the line would be taller than
/// `budget` points (the bottom bar's line is kept to [`LINE_SHARE`] of the window: at a large text
/// size, a lesson's five lines left Vault's board 95 of 390 points), never under [`LINE_LEAST`]
/// of the body's.
pub(super) fn line_size(ui: &egui::Ui, line: &str, budget: f32) -> f32 {
    let body = egui::TextStyle::Body.resolve(ui.style()).size;
    let width = ui.available_width();
    let height = |size: f32| {
        ui.fonts_mut(|f| {
            let font = egui::FontId::proportional(size);
            f.layout(line.to_string(), font, egui::Color32::WHITE, width)
                .size()
                .y
        })
    };
    let least = body * LINE_LEAST;
    let mut size = body;
    // The text's height goes about with the square of its size: a few steps settle it.
    for _ in 0..4 {
        let tall = height(size);
        if tall <= budget || size <= least {
            break;
        }
        size = (size * (budget / tall).sqrt() * 0.98).max(least);
    }
    size
}

/// One of the bottom bar's buttons: its label, the key named under it, whether it is on, and
/// what a press asks.
pub(super) struct Pill<'a> {
    pub(super) label: &'a str,
    pub(super) key: String,
    pub(super) enabled: bool,
    pub(super) press: Press,
}

/// What a bottom bar's button asks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Press {
    Request(PlayRequest),
    Extra,
    Pause,
}

/// A row of the bottom bar's buttons, with their widths.
type PillRow<'p, 'l> = (&'p [Pill<'l>], Vec<f32>);

/// The bottom bar's buttons, centred on one row: sized to their labels, with smaller labels
/// where the row is too narrow for them (a phone). Where even those are too wide (Vault's six on a
/// phone, any five at a larger text size there), on two rows split as evenly as they go, each
/// button an equal share of its row. Returns what the one clicked asks.
pub(super) fn pill_row(ui: &mut egui::Ui, pills: &[Pill]) -> Option<Press> {
    let gap = ui.spacing().item_spacing.x;
    let row = |widths: &[f32]| widths.iter().sum::<f32>() + gap * (widths.len() as f32 - 1.0);
    let available = ui.available_width();
    let large = label_widths(ui, pills, 18.0, 28.0);
    let small = label_widths(ui, pills, 15.0, 16.0);
    // Each row's buttons with their widths, and the labels' size.
    let (size, rows): (f32, Vec<PillRow>) = if row(&large) <= available {
        (18.0, vec![(pills, large)])
    } else if row(&small) <= available {
        (15.0, vec![(pills, small)])
    } else {
        let shares = |part: &[Pill]| {
            let n = part.len() as f32;
            vec![((available - gap * (n - 1.0)) / n).floor(); part.len()]
        };
        let (first, second) = pills.split_at(pills.len().div_ceil(2));
        let (first_shares, second_shares) = (shares(first), shares(second));
        let share = (first_shares.iter().chain(&second_shares)).fold(f32::MAX, |a, &b| a.min(b));
        let size = label_size(&large, share);
        (size, vec![(first, first_shares), (second, second_shares)])
    };
    let mut clicked = None;
    for (part, widths) in rows {
        ui.horizontal(|ui| {
            ui.add_space(((available - row(&widths)) / 2.0).max(0.0));
            for (pill, width) in part.iter().zip(widths) {
                if pill_button(ui, pill, width, size) {
                    clicked = Some(pill.press);
                }
            }
        });
    }
    clicked
}

/// The labels' size for buttons `share` points wide: the larger where every one fits its share
/// (`large`, the buttons' widths with the larger labels), else the smaller.
fn label_size(large: &[f32], share: f32) -> f32 {
    if large.iter().all(|&w| w <= share) {
        18.0
    } else {
        15.0
    }
}

/// The buttons' widths with labels `size` points high and `padding` beside them.
fn label_widths(ui: &egui::Ui, pills: &[Pill], size: f32, padding: f32) -> Vec<f32> {
    let font = FontId::proportional(size);
    (pills.iter())
        .map(|pill| {
            let text =
                ui.fonts_mut(|f| f.layout_no_wrap(pill.label.into(), font.clone(), colors::TEXT));
            (text.size().x + padding).max(56.0)
        })
        .collect()
}

/// A bottom bar's button's height in points.
const PILL_HEIGHT: f32 = 50.0;

/// A rounded button that never takes keyboard focus. Returns whether it was clicked.
fn pill_button(ui: &mut egui::Ui, pill: &Pill, width: f32, size: f32) -> bool {
    let Pill {
        label,
        key,
        enabled,
        ..
    } = pill;
    let enabled = *enabled;
    let (rect, response) = ui.allocate_exact_size(
        vec2(width, PILL_HEIGHT),
        if enabled {
            Sense::CLICK
        } else {
            Sense::hover()
        },
    );
    let fill = match (enabled, response.hovered()) {
        (false, _) => colors::ROW_DISABLED,
        (true, true) => colors::ROW_HOVER,
        (true, false) => colors::ROW,
    };
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, CornerRadius::same(12), fill);
    let text = if enabled { colors::TEXT } else { colors::MUTED };
    // Its key under the label; after a touch there is none to name.
    let lift = if key.is_empty() { 0.0 } else { 7.0 };
    painter.text(
        rect.center() - vec2(0.0, lift),
        Align2::CENTER_CENTER,
        label,
        FontId::proportional(size),
        text,
    );
    painter.text(
        rect.center() + vec2(0.0, 13.0),
        Align2::CENTER_CENTER,
        key,
        FontId::proportional(12.0),
        colors::MUTED,
    );
    enabled && response.clicked()
}

/// The narrowest the column held sideways is, inside its margins, in points.
const COLUMN_LEAST: f32 = 200.0;
/// The most of the window's width the column held sideways takes.
const COLUMN_SHARE: f32 = 0.36;

/// The column held sideways, under the top bar at the right, in `frame`: the `line` in `color`
/// at its top (smaller and then scrolled where longer than its room), the buttons two to a row at
/// its bottom. Returns what the one clicked asks, and the column's width and its buttons' height
/// from the window's foot, in points.
pub(super) fn side_column(
    root: &mut egui::Ui,
    frame: egui::Frame,
    line: &str,
    color: egui::Color32,
    pills: &[Pill],
) -> (Option<Press>, (f32, f32)) {
    let gap = root.spacing().item_spacing;
    let buttons = buttons_height(pills.len(), gap.y);
    let large = label_widths(root, pills, 18.0, 28.0);
    let widest = large.iter().fold(0.0_f32, |a, &b| a.max(b));
    let window = root.ctx().content_rect().width();
    let inner = (2.0 * widest + gap.x)
        .max(COLUMN_LEAST)
        .min(window * COLUMN_SHARE);
    let column = egui::Panel::right("hud_side")
        .frame(frame)
        .resizable(false)
        .show_separator_line(false)
        .exact_size(inner + frame.total_margin().sum().x)
        .show(root, |ui| {
            let room = (ui.available_height() - buttons - gap.y).max(0.0);
            let size = line_size(ui, line, room);
            egui::ScrollArea::vertical()
                .max_height(room)
                .show(ui, |ui| {
                    ui.add(egui::Label::new(RichText::new(line).size(size).color(color)).wrap());
                });
            ui.add_space((ui.available_height() - buttons).max(0.0));
            pill_grid(ui, pills, &large)
        });
    let foot = buttons + f32::from(frame.inner_margin.bottom);
    (column.inner, (column.response.rect.width(), foot))
}

/// The height of `count` buttons two to a row, `gap` between rows.
fn buttons_height(count: usize, gap: f32) -> f32 {
    let rows = count.div_ceil(2) as f32;
    rows * PILL_HEIGHT + (rows - 1.0) * gap
}

/// The buttons two to a row across the width, a last one alone across all of it: with the larger
/// labels where each fits its share (`large`, their widths with those labels).
fn pill_grid(ui: &mut egui::Ui, pills: &[Pill], large: &[f32]) -> Option<Press> {
    let gap = ui.spacing().item_spacing.x;
    let width = ui.available_width();
    let share = ((width - gap) / 2.0).floor();
    let size = label_size(large, share);
    let mut clicked = None;
    for pair in pills.chunks(2) {
        let each = if pair.len() == 1 { width } else { share };
        ui.horizontal(|ui| {
            for pill in pair {
                if pill_button(ui, pill, each, size) {
                    clicked = Some(pill.press);
                }
            }
        });
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_sideways_the_buttons_keep_the_column_s_foot_under_a_long_line() {
        let ctx = egui::Context::default();
        let frame = egui::Frame::new().inner_margin(egui::Margin::symmetric(16, 10));
        let pill = |label, press| Pill {
            label,
            key: String::new(),
            enabled: true,
            press,
        };
        let pills = [
            pill("Undo", Press::Request(PlayRequest::Undo)),
            pill("Redo", Press::Request(PlayRequest::Redo)),
            pill("Restart", Press::Request(PlayRequest::Restart)),
            pill("Hint", Press::Request(PlayRequest::Hint)),
            pill("Pause", Press::Pause),
        ];
        let line = "A lesson's words, longer than the column has room for. ".repeat(20);
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, vec2(844.0, 390.0));
        // One frame: what was pressed, the column's width and the spacing between items.
        let run = |line: &str, events: Vec<egui::Event>| {
            let input = egui::RawInput {
                screen_rect: Some(screen),
                events,
                ..Default::default()
            };
            let mut out = (None, (0.0, 0.0));
            let mut output = ctx.run_ui(input, |ui| {
                let mut root = super::super::layout::root_ui(ui.ctx(), "test");
                out = side_column(&mut root, frame, line, colors::TEXT, &pills);
            });
            // No renderer takes the font's texture here.
            output.textures_delta.clear();
            out
        };
        let tap = |line: &str, at: egui::Pos2| {
            let button = |down| egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed: down,
                modifiers: Default::default(),
            };
            run(line, vec![egui::Event::PointerMoved(at)]);
            run(line, vec![button(true)]);
            run(line, vec![button(false)]).0
        };
        let (_, (width, buttons)) = run(&line, Vec::new());
        // The last button alone across the column's foot, the first at the top left of its
        // three rows.
        let foot = egui::pos2(844.0 - 20.0, 390.0 - 14.0);
        assert_eq!(tap(&line, foot), Some(Press::Pause));
        // And under a short line.
        assert_eq!(tap("Solved!", foot), Some(Press::Pause));
        assert!((COLUMN_LEAST + 32.0..=844.0 * COLUMN_SHARE + 32.0).contains(&width));
        // The buttons' height as said (notes keep above it): Undo at its top.
        let undo = egui::pos2(844.0 - width + 20.0, 390.0 - buttons + 4.0);
        assert_eq!(
            tap(&line, undo),
            Some(Press::Request(PlayRequest::Undo)),
            "{width} {buttons}"
        );
        // Above the buttons, the line (nothing pressed).
        assert_eq!(tap(&line, undo - vec2(0.0, 12.0)), None);
    }
}
