//! How Lines' editor draws a cell (the core's `lines::editor` holds its tools and check): numbers
//! on discs as on the board, dots, and for a solution shown beside the board, the cells of its
//! lines as bars (`-` across, `|` down).

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
            let half = if ch == '-' {
                vec2(side * 0.5, 0.0)
            } else {
                vec2(0.0, side * 0.5)
            };
            cell.painter.line_segment(
                [centre - half, centre + half],
                Stroke::new(side * 0.22, done),
            );
        }
        _ => {}
    }
}
