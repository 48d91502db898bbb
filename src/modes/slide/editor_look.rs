//! How the Slide and Trio editor draws a cell (the core's `slide::editor` holds its tools and
//! check): floor, wall, rock, target rings and boxes as on the board, a parked box wearing its
//! target's ring.

use super::view::{BOX, PARKED, ROCK, SAFE_PARKED, TARGET};
use crate::editor::look::{CellPaint, EditorLook, c32};
use crate::ui::theme;
use bevy_egui::egui::{CornerRadius, Stroke};

/// The Slide and Trio editor look.
pub const LOOK: EditorLook = EditorLook { paint };

fn paint(cell: &CellPaint, ch: char) {
    let side = cell.side();
    cell.tile(c32(match ch {
        '#' => theme::WALL,
        '%' => ROCK,
        _ => theme::FLOOR,
    }));
    let (ring, parked) = if cell.colour_blind {
        (c32(SAFE_PARKED), c32(SAFE_PARKED))
    } else {
        (c32(TARGET), c32(PARKED))
    };
    let centre = cell.rect.center();
    if matches!(ch, 'b' | 'B') {
        let fill = if ch == 'B' { parked } else { c32(BOX) };
        cell.painter
            .rect_filled(cell.rect.shrink(side * 0.14), CornerRadius::same(6), fill);
    }
    // A target's ring; on a parked box, dark so it shows on the box.
    match ch {
        'o' => {
            cell.painter
                .circle_stroke(centre, side * 0.28, Stroke::new(side * 0.08, ring));
        }
        'B' => {
            let dark = Stroke::new(side * 0.06, theme::colors::BACKGROUND);
            cell.painter.circle_stroke(centre, side * 0.22, dark);
        }
        _ => {}
    }
}
