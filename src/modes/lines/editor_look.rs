//! How Lines' editor draws a cell (the core's `lines::editor` holds its tools and check): numbers
//! on discs as on the board, dots, and for a solution shown beside the board, the cells of its
//! lines as bars (`-` across, `|` down) joined to the next cell of the line and to its number.

use super::view::{DONE, INK, OPEN, SAFE_DONE, SAFE_OPEN};
use crate::editor::look::{CellPaint, EditorLook, c32};
use crate::ui::theme;
use bevy_egui::egui::{Stroke, vec2};

/// Lines' editor look.
pub const LOOK: EditorLook = EditorLook { paint };

fn paint(cell: &CellPaint, ch: char) {
    cell.tile(c32(theme::FLOOR));
    let (open, done) = if cell.colour_blind {
        (c32(SAFE_OPEN), c32(SAFE_DONE))
    } else {
        (c32(OPEN), c32(DONE))
    };
    let centre = cell.rect.center();
    let side = cell.side();
    match ch {
        '.' => {
            cell.painter
                .circle_filled(centre, side * 0.12, c32(theme::WALL).gamma_multiply(1.6));
        }
        '2'..='9' => {
            cell.painter.circle_filled(centre, side * 0.4, open);
            cell.text(&ch.to_string(), 0.5, c32(INK));
        }
        '-' | '|' => {
            // Each half reaches the cell's edge only where the line goes on (the next cell of the
            // bar, or the number it joins); a line's end stops at the centre, rounded.
            let (back, ahead, half) = if ch == '-' {
                (cell.around[0], cell.around[1], vec2(side * 0.5, 0.0))
            } else {
                (cell.around[2], cell.around[3], vec2(0.0, side * 0.5))
            };
            let goes_on = |next: char| next == ch || next.is_ascii_digit();
            let width = side * 0.22;
            let from = if goes_on(back) { centre - half } else { centre };
            let to = if goes_on(ahead) {
                centre + half
            } else {
                centre
            };
            cell.painter
                .line_segment([from, to], Stroke::new(width, done));
            if from == centre || to == centre {
                cell.painter.circle_filled(centre, width / 2.0, done);
            }
        }
        _ => {}
    }
}
