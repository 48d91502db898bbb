//! A board larger than the editor's room for it (a 32x32 vault on a phone held sideways, whose
//! rows ran off the top and the bottom at 8-point cells): drawn at the least cell size, and
//! panned by the wheel, by two fingers, and to the cursor where keys move it.

use bevy_egui::egui::{self, Pos2, Rect, Vec2, pos2, vec2};

/// The smallest cell the editor draws a board at, in points: a board that would need smaller
/// ones is drawn at this size and panned (a board that fits at it shows whole, as before).
pub(super) const LEAST_CELL: f32 = 10.0;

/// What the board's caption says where it is panned.
pub(super) const HOW: &str = "Two fingers or the wheel move the board";

/// `pan`, the offset of the part shown from the board's top left, kept on a board `board` large
/// seen through a view `view` large (0 along a side that fits).
fn clamp(pan: Vec2, board: Vec2, view: Vec2) -> Vec2 {
    pan.min(board - view).max(Vec2::ZERO)
}

/// `pan` moved as little as shows `span` (in board points) whole through a view `view` large.
fn to_show(pan: Vec2, span: Rect, view: Vec2) -> Vec2 {
    let axis = |p: f32, lo: f32, hi: f32, v: f32| {
        if lo < p {
            lo
        } else if hi > p + v {
            hi - v
        } else {
            p
        }
    };
    vec2(
        axis(pan.x, span.min.x, span.max.x, view.x),
        axis(pan.y, span.min.y, span.max.y, view.y),
    )
}

/// Where a board `board` large has its top left in `area`: centred along a side that fits, else
/// `pan` points past the area's edge.
pub(super) fn origin(area: Rect, board: Vec2, pan: Vec2) -> Pos2 {
    let axis = |lo: f32, room: f32, size: f32, pan: f32| {
        if size <= room {
            lo + (room - size) / 2.0
        } else {
            lo - pan
        }
    };
    pos2(
        axis(area.min.x, area.width(), board.x, pan.x),
        axis(area.min.y, area.height(), board.y, pan.y),
    )
}

/// This frame's pan of a board `board` large in `area`: the last frame's, moved by the wheel
/// over the area and by two fingers' drag, then to `cursor`'s cell (`cell` points a side) where
/// the cursor moved since, and kept on the board.
pub(super) fn update(
    ui: &egui::Ui,
    area: Rect,
    board: Vec2,
    cursor: (usize, usize),
    cell: f32,
) -> Vec2 {
    let id = ui.id().with("editor-pan");
    let (mut pan, seen) = ui
        .data(|d| d.get_temp::<(Vec2, (usize, usize))>(id))
        .unwrap_or((Vec2::ZERO, cursor));
    let over = ui.rect_contains_pointer(area);
    let (wheel, fingers) = ui.input(|i| {
        (
            if over {
                i.smooth_scroll_delta
            } else {
                Vec2::ZERO
            },
            i.multi_touch().map_or(Vec2::ZERO, |t| t.translation_delta),
        )
    });
    pan -= wheel + fingers;
    if seen != cursor {
        let at = pos2(cursor.0 as f32, cursor.1 as f32) * cell;
        pan = to_show(pan, Rect::from_min_size(at, vec2(cell, cell)), area.size());
    }
    let pan = clamp(pan, board, area.size());
    ui.data_mut(|d| d.insert_temp(id, (pan, cursor)));
    pan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_part_shown_stays_on_the_board_and_moves_to_the_cursor() {
        let (board, view) = (vec2(448.0, 448.0), vec2(500.0, 200.0));
        // Wider than the board: no pan across; down, no further than the board's foot.
        assert_eq!(
            clamp(vec2(30.0, 900.0), board, view),
            vec2(0.0, 448.0 - 200.0)
        );
        assert_eq!(clamp(vec2(-5.0, -5.0), board, view), Vec2::ZERO);
        // The cursor's cell below the part shown: just far enough to show it whole.
        let cell = |row: f32| Rect::from_min_size(pos2(0.0, row * 14.0), vec2(14.0, 14.0));
        assert_eq!(to_show(Vec2::ZERO, cell(20.0), view).y, 21.0 * 14.0 - 200.0);
        assert_eq!(to_show(vec2(0.0, 100.0), cell(2.0), view).y, 28.0);
        assert_eq!(to_show(vec2(0.0, 100.0), cell(10.0), view).y, 100.0);
        // Centred along a side that fits, panned along one that does not.
        let area = Rect::from_min_size(pos2(300.0, 50.0), view);
        assert_eq!(
            origin(area, board, vec2(0.0, 120.0)),
            pos2(300.0 + 26.0, 50.0 - 120.0)
        );
    }
}
