//! How Lines' editor draws a cell (the core's `lines::editor` holds its tools and check): numbers
//! on discs as on the board, dots, and for a solution shown beside the board, the cells of its
//! lines as bars (the core's rows mark each such cell with an arrow towards its number) joined to
//! the next cell of the same line and to its number.

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
        '<' | '>' | '^' | 'v' => {
            // The arrow points at the cell's number: that half always reaches the edge (the next
            // cell of the line, or the number); the other half only where the line goes on past
            // the cell, else the line ends at the centre, rounded.
            let [left, right, up, down] = cell.around;
            let (away, toward) = match ch {
                '<' => (right, vec2(-side * 0.5, 0.0)),
                '>' => (left, vec2(side * 0.5, 0.0)),
                '^' => (down, vec2(0.0, -side * 0.5)),
                _ => (up, vec2(0.0, side * 0.5)),
            };
            let width = side * 0.22;
            let goes_on = away == ch;
            let from = if goes_on { centre - toward } else { centre };
            cell.painter
                .line_segment([from, centre + toward], Stroke::new(width, done));
            if !goes_on {
                cell.painter.circle_filled(centre, width / 2.0, done);
            }
        }
        _ => {}
    }
}
