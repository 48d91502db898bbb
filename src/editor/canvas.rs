//! The editor's boards, drawn with egui: the edited board (the cursor the keys move; click to
//! paint, right-click to erase, drag a piece to move it or drag a board tool to paint) with the
//! check's marks, a replay drawn over it, and the boards the check shows beside it (two
//! solutions); what keeps them steady while checks come and go.

use super::check::{Check, LiveCheck};
use super::look::{CellPaint, EditorArt, EditorLook};
use super::pan;
use super::replay::Replay;
use super::state::Editor;
use crate::ui::theme::colors;
use bevy::prelude::default;
use bevy_egui::egui::{
    self, Color32, CornerRadius, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, vec2,
};
use puzzlemill_core::edit::{Mark, MarkKind, ShownBoard, paints_in_strokes};
use puzzlemill_core::{Direction, ModeId};

/// What the board is drawn from: the mode's look, its sprites and the palette.
pub(super) struct Looks<'a> {
    pub(super) mode: ModeId,
    /// The erase tool's id (its button wears a cross where the cell it paints shows nothing).
    pub(super) erase: char,
    pub(super) look: EditorLook,
    pub(super) art: &'a EditorArt,
    pub(super) colour_blind: bool,
    /// The key that takes the next tool, as the player bound it (empty after a touch).
    pub(super) next_tool_key: String,
}

impl Looks<'_> {
    /// A cell drawn alone (a tool's button, a piece being dragged).
    pub(super) fn cell(&self, painter: &egui::Painter, rect: Rect, ch: char) {
        self.cell_among(painter, rect, ch, [' '; 4]);
    }

    fn cell_among(&self, painter: &egui::Painter, rect: Rect, ch: char, around: [char; 4]) {
        (self.look.paint)(
            &CellPaint {
                painter,
                rect,
                mode: self.mode,
                art: self.art,
                colour_blind: self.colour_blind,
                around,
            },
            ch,
        );
    }

    /// A board of rows with its top-left corner at `origin`, cells `cell` points wide.
    fn board(&self, painter: &egui::Painter, origin: Pos2, cell: f32, rows: &[String]) {
        let grid: Vec<Vec<char>> = rows.iter().map(|row| row.chars().collect()).collect();
        let at = |c: Option<usize>, r: Option<usize>| {
            r.and_then(|r| grid.get(r))
                .zip(c)
                .and_then(|(row, c)| row.get(c).copied())
                .unwrap_or(' ')
        };
        for (r, line) in grid.iter().enumerate() {
            for (c, &ch) in line.iter().enumerate() {
                let around = [
                    at(c.checked_sub(1), Some(r)),
                    at(Some(c + 1), Some(r)),
                    at(Some(c), r.checked_sub(1)),
                    at(Some(c), Some(r + 1)),
                ];
                self.cell_among(painter, cell_rect(origin, cell, c, r), ch, around);
            }
        }
    }
}

/// The board's rows with a replay's position drawn over them from the top left: a mode whose
/// replay writes only part of the board (Climb's, its cave's drawing) leaves the rest as drawn.
fn over(mut rows: Vec<String>, replay: Option<&[String]>) -> Vec<String> {
    for (row, shown) in rows.iter_mut().zip(replay.unwrap_or_default()) {
        let rest: String = row.chars().skip(shown.chars().count()).collect();
        *row = format!("{shown}{rest}");
    }
    rows
}

fn cell_rect(origin: Pos2, cell: f32, col: usize, row: usize) -> Rect {
    Rect::from_min_size(
        origin + vec2(col as f32 * cell, row as f32 * cell),
        vec2(cell, cell),
    )
}

/// A one-way gate's arrow on side `dir` of a cell centred on `centre`.
pub(super) fn arrow(painter: &egui::Painter, centre: Pos2, dir: Direction, size: f32) {
    let (dx, dy) = dir.delta();
    let f = vec2(dx as f32, dy as f32);
    let side = vec2(-f.y, f.x);
    let at = centre + f * size * 1.25;
    let tip = at + f * size * 0.5;
    painter.add(Shape::convex_polygon(
        vec![
            tip,
            at - f * size * 0.3 + side * size * 0.45,
            at - f * size * 0.3 - side * size * 0.45,
        ],
        super::look::c32(crate::ui::theme::GATE),
        Stroke::new(1.5, Color32::from_black_alpha(120)),
    ));
}

fn mark_colour(kind: MarkKind) -> Color32 {
    match kind {
        MarkKind::Unsettled => Color32::from_rgb(0x56, 0xB4, 0xE9),
        MarkKind::Differs => colors::WARN,
    }
}

/// Where the pointer is on a board: its cell.
/// The cells a stroke crosses going from `from` to `to` in a straight line, `to` last and `from`
/// left out: a drag read once a frame jumps cells when it is quick, and the stroke fills them.
fn cells_between(from: (usize, usize), to: (usize, usize)) -> Vec<(usize, usize)> {
    let (dc, dr) = (to.0 as f32 - from.0 as f32, to.1 as f32 - from.1 as f32);
    let steps = dc.abs().max(dr.abs()) as usize;
    (1..=steps)
        .map(|i| {
            let t = i as f32 / steps as f32;
            (
                (from.0 as f32 + dc * t).round() as usize,
                (from.1 as f32 + dr * t).round() as usize,
            )
        })
        .collect()
}

fn locate(origin: Pos2, cell: f32, (w, h): (usize, usize), p: Pos2) -> Option<(usize, usize)> {
    let local = (p - origin) / cell;
    (local.x >= 0.0 && local.y >= 0.0 && local.x < w as f32 && local.y < h as f32)
        .then_some((local.x as usize, local.y as usize))
}

/// What keeps the editor's layout steady while the mode and the board's size stay the same, so
/// the edited board does not jump as checks come and go or as an edit leaves it without a
/// solution for a moment: the room beside it (from the start where the mode's check shows its
/// solutions there, else once it has shown boards there), the last check's boards while a new
/// check runs, and the status panel's tallest height at the window's width.
#[derive(Default)]
pub(super) struct Steady {
    /// The mode and size this holds for.
    key: Option<(ModeId, (usize, usize))>,
    /// Whether room is kept beside the board.
    room_beside: bool,
    /// The last check's boards.
    boards: Vec<ShownBoard>,
    /// The status panel's tallest height so far, in points.
    pub(super) status_height: f32,
    /// The window's width that height was found at: text wraps anew at another width.
    status_width: f32,
}

impl Steady {
    /// Starts again for another mode or size (the status panel's height also for another
    /// window width); brings the boards up to date with the check. Where the mode's check shows
    /// its solutions beside the board (`solutions_beside`), their room is kept from the start: a
    /// board that slid aside as its first solution came put the next taps on other cells.
    pub(super) fn update(
        &mut self,
        key: (ModeId, (usize, usize)),
        width: f32,
        check: &Check,
        solutions_beside: bool,
    ) {
        if self.key != Some(key) {
            *self = Self {
                key: Some(key),
                ..default()
            };
        }
        if (width - self.status_width).abs() > 0.5 {
            self.status_width = width;
            self.status_height = 0.0;
        }
        match check {
            Check::Done(a) => {
                if self.boards != a.boards {
                    self.boards.clone_from(&a.boards);
                }
            }
            Check::Unplayable(_) => self.boards.clear(),
            Check::Checking => {}
        }
        self.room_beside |= solutions_beside || !self.boards.is_empty();
    }
}

/// The edited board, in the room `ui` has left, with the check's boards beside it once there
/// are some; the pointer paints, erases and moves pieces when `pointer_free`.
pub(super) fn board(
    ui: &mut egui::Ui,
    looks: &Looks,
    editor: &mut Editor,
    live: &LiveCheck,
    replay: &Replay,
    steady: &Steady,
    pointer_free: bool,
) {
    let (w, h) = editor.draft.size();
    let avail = ui.available_rect_before_wrap();
    let fit = |area: Rect| (area.width() / w as f32).min(area.height() / h as f32);
    // Boards beside the one edited (two solutions) take a third of the room, below it or to its
    // right, whichever leaves the edited board larger.
    let (main_area, beside_area) = if !steady.room_beside {
        (avail, None)
    } else {
        let below = avail.top() + avail.height() * 0.64;
        let right = avail.left() + avail.width() * 0.64;
        let stacked = (
            Rect::from_min_max(avail.min, egui::pos2(avail.right(), below)),
            Rect::from_min_max(egui::pos2(avail.left(), below + 8.0), avail.max),
        );
        let side_by_side = (
            Rect::from_min_max(avail.min, egui::pos2(right, avail.bottom())),
            Rect::from_min_max(egui::pos2(right + 8.0, avail.top()), avail.max),
        );
        let (main, other) = if fit(side_by_side.0) > fit(stacked.0) {
            side_by_side
        } else {
            stacked
        };
        (main, Some(other))
    };
    // Cells no smaller than the least: a board that would need smaller is panned.
    let cell = fit(main_area).floor().max(pan::LEAST_CELL);
    let size = vec2(cell * w as f32, cell * h as f32);
    let offset = pan::update(ui, main_area, size, editor.cursor, cell);
    let rect = Rect::from_min_size(pan::origin(main_area, size, offset), size);
    let panned = size.x > main_area.width() || size.y > main_area.height();
    // Where panned, the part in the area is the board's, and nothing is drawn past the area.
    let (shown, clip) = if panned {
        (rect.intersect(main_area), main_area)
    } else {
        (rect, rect.expand(cell * 0.6))
    };
    let response = ui.allocate_rect(shown, Sense::click_and_drag());
    let painter = ui.painter_at(clip);
    let rows = over(editor.draft.rows(), replay.board());
    looks.board(&painter, rect.min, cell, &rows);
    for (col, row, dir) in editor.draft.edges() {
        arrow(
            &painter,
            cell_rect(rect.min, cell, col, row).center(),
            dir,
            cell * 0.3,
        );
    }
    let marks: Vec<Mark> = live
        .check
        .analysis()
        .map(|a| a.marks.clone())
        .unwrap_or_default();
    if replay.board().is_none() {
        for mark in &marks {
            painter.rect_stroke(
                cell_rect(rect.min, cell, mark.col, mark.row).shrink(3.0),
                CornerRadius::same(5),
                Stroke::new(3.0, mark_colour(mark.kind)),
                StrokeKind::Inside,
            );
        }
    }
    // The cursor the keys move.
    let (cc, cr) = editor.cursor;
    painter.rect_stroke(
        cell_rect(rect.min, cell, cc, cr),
        CornerRadius::same(6),
        Stroke::new(3.5, colors::ACCENT),
        StrokeKind::Inside,
    );
    if panned {
        // How to see the rest, over the area's foot, wrapped to it (a phone's cut it off).
        let note = painter.layout(
            pan::HOW.to_string(),
            egui::FontId::proportional(13.0),
            colors::MUTED,
            (main_area.width() - 20.0).max(40.0),
        );
        let at = egui::pos2(
            main_area.left() + 6.0,
            main_area.bottom() - note.size().y - 6.0,
        );
        let back = Rect::from_min_size(at, note.size()).expand(4.0);
        painter.rect_filled(back, CornerRadius::same(4), colors::PANEL);
        painter.galley(at, note, colors::MUTED);
    }
    if let Some(area) = beside_area {
        beside_boards(ui, looks, area, &steady.boards);
    }
    // Two fingers pan; they paint nothing.
    let panning = ui.input(|i| i.multi_touch().is_some());
    if !pointer_free || replay.board().is_some() || panning {
        return;
    }
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    let hovered =
        (pointer.filter(|p| shown.contains(*p))).and_then(|p| locate(rect.min, cell, (w, h), p));
    if let Some((col, row)) = hovered {
        painter.rect_stroke(
            cell_rect(rect.min, cell, col, row),
            CornerRadius::same(6),
            Stroke::new(1.5, colors::TEXT),
            StrokeKind::Inside,
        );
    }
    // Dragging a piece (what the mode's draft calls movable) moves it; dragging anywhere else
    // paints with the tool in hand. A drag outlived by a change of the board (an undo by key
    // during it) is dropped: its piece may be gone, or off a board grown smaller.
    let drag_key = ui.id().with("editor-drag");
    type Drag = ((usize, usize), u64);
    // A drag that starts on a piece picks it up: the cell pressed, which the pointer may have
    // left by the time egui calls it a drag. Taken up before the drag is read, so its first
    // frame does not paint over the piece.
    let pressed = ui
        .input(|i| i.pointer.press_origin())
        .and_then(|p| locate(rect.min, cell, (w, h), p));
    if response.drag_started()
        && let Some((col, row)) = pressed
        && editor.draft.movable(col, row)
    {
        let drag: Drag = ((col, row), editor.revision);
        ui.memory_mut(|m| m.data.insert_temp(drag_key, drag));
    }
    let mut dragging = ui.memory(|m| m.data.get_temp::<Drag>(drag_key));
    if dragging.is_some_and(|(_, revision)| revision != editor.revision) {
        ui.memory_mut(|m| m.data.remove::<Drag>(drag_key));
        dragging = None;
    }
    let dragging = dragging.map(|(from, _)| from);
    if let Some(from) = dragging {
        if let Some(p) = pointer {
            let r = Rect::from_center_size(p, vec2(cell, cell) * 0.8);
            looks.cell(ui.painter(), r, editor.draft.at(from.0, from.1));
        }
        if response.drag_stopped() {
            ui.memory_mut(|m| m.data.remove::<Drag>(drag_key));
            if let Some(to) = hovered
                && to != from
            {
                editor.apply(|d| d.move_piece(from, to));
                editor.cursor = to;
            }
        }
    } else if response.dragged()
        && let Some((col, row)) = hovered
        && editor.draft.at(col, row) != editor.tool().id
        && (response.drag_started()
            || paints_in_strokes(&*editor.draft, col, row, editor.tool().id))
    {
        // A stroke paints every cell it crosses, those a quick drag jumped over since the cell
        // it last painted too; a one-of-a-kind piece or a gate is placed once, where the drag
        // began.
        let stroke_key = ui.id().with("editor-stroke");
        let last = (!response.drag_started())
            .then(|| ui.memory(|m| m.data.get_temp::<(usize, usize)>(stroke_key)))
            .flatten();
        let tool = editor.tool().id;
        for (c, r) in last.map_or_else(|| vec![(col, row)], |from| cells_between(from, (col, row)))
        {
            let first = (c, r) == (col, row) && response.drag_started();
            // (A board made smaller during the drag, by an undo, leaves no cell off it.)
            if c < w
                && r < h
                && editor.draft.at(c, r) != tool
                && (first || paints_in_strokes(&*editor.draft, c, r, tool))
            {
                editor.cursor = (c, r);
                editor.paint(c, r);
            }
        }
        ui.memory_mut(|m| m.data.insert_temp(stroke_key, (col, row)));
    }
    if response.clicked()
        && let Some((col, row)) = hovered
    {
        editor.cursor = (col, row);
        editor.paint(col, row);
    }
    if response.secondary_clicked()
        && let Some((col, row)) = hovered
    {
        editor.cursor = (col, row);
        editor.erase(col, row);
    }
}

/// The check's boards beside the edited one (two solutions), side by side in `area`.
fn beside_boards(ui: &mut egui::Ui, looks: &Looks, area: Rect, boards: &[ShownBoard]) {
    let n = boards.len().max(1) as f32;
    // Side by side in a wide area, one above the other in a tall one.
    let across = area.width() >= area.height();
    let painter = ui.painter_at(area);
    if boards.is_empty() {
        // Wrapped to the area: a narrow one (a small board in a wide window) cut it off.
        let note = painter.layout(
            "Its solution shows here once it has one".to_string(),
            egui::FontId::proportional(16.0),
            colors::MUTED,
            area.width(),
        );
        painter.galley(area.left_top(), note, colors::MUTED);
    }
    for (i, shown) in boards.iter().enumerate() {
        let (w, h) = (
            shown.rows.first().map_or(1, |r| r.chars().count()),
            shown.rows.len().max(1),
        );
        let slot = if across {
            Rect::from_min_size(
                area.min + vec2(area.width() / n * i as f32, 0.0),
                vec2(area.width() / n, area.height()),
            )
        } else {
            Rect::from_min_size(
                area.min + vec2(0.0, area.height() / n * i as f32),
                vec2(area.width(), area.height() / n),
            )
        };
        let top = slot.top() + 22.0;
        let cell = ((slot.width() - 16.0) / w as f32)
            .min((slot.bottom() - top - 6.0) / h as f32)
            .floor()
            .max(4.0);
        let left = slot.left() + (slot.width() - cell * w as f32) / 2.0;
        // The caption over the board's left edge, kept inside its slot (smaller where the slot
        // is narrower than it: a phone cut "Its solution" off at the window's edge).
        let caption = |size: f32| {
            let font = egui::FontId::proportional(size);
            painter.layout_no_wrap(shown.caption.clone(), font, colors::MUTED)
        };
        let mut galley = caption(16.0);
        if galley.size().x > slot.width() {
            galley = caption((16.0 * slot.width() / galley.size().x).max(10.0));
        }
        let x = left.min(slot.right() - galley.size().x).max(slot.left());
        painter.galley(egui::pos2(x, slot.top()), galley, colors::MUTED);
        looks.board(&painter, egui::pos2(left, top), cell, &shown.rows);
    }
}

#[cfg(test)]
mod tests {
    use super::{Check, ModeId, Steady, cells_between, over};

    #[test]
    fn room_for_solutions_is_kept_from_the_start_where_the_mode_shows_them_beside() {
        let key = (ModeId::Lines, (7, 7));
        let mut steady = Steady::default();
        steady.update(key, 800.0, &Check::Checking, true);
        assert!(steady.room_beside, "before the first check's boards");
        let mut steady = Steady::default();
        steady.update(key, 800.0, &Check::Checking, false);
        assert!(!steady.room_beside, "a mode that replays on the board");
    }

    #[test]
    fn a_quick_stroke_fills_the_cells_it_jumped() {
        assert_eq!(cells_between((1, 1), (4, 1)), [(2, 1), (3, 1), (4, 1)]);
        assert_eq!(cells_between((3, 5), (3, 2)), [(3, 4), (3, 3), (3, 2)]);
        assert_eq!(cells_between((0, 0), (2, 1)), [(1, 1), (2, 1)]);
        assert_eq!(cells_between((2, 2), (2, 2)), []);
    }

    #[test]
    fn a_replay_is_drawn_over_the_board_from_the_top_left() {
        let board = vec!["#####".to_string(), "#S.E#".into(), "#####".into()];
        let replay = ["####".to_string(), "#.P".into()];
        assert_eq!(
            over(board.clone(), Some(&replay)),
            ["#####", "#.PE#", "#####"]
        );
        assert_eq!(over(board.clone(), None), board);
    }
}
