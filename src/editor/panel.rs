//! The editor's screen, drawn with egui: the tools and commands on the left, the board in the
//! middle (the cursor the keys move; click to paint, right-click to erase, drag a piece to move
//! it or drag a board tool to paint), the boards the check shows beside it (two solutions), and
//! the live verdict, the last refusal and the keys at the bottom.

use super::check::{Check, LiveCheck};
use super::keys::Typing;
use super::look::{CellPaint, EditorArt, EditorLook};
use super::replay::Replay;
use super::state::Editor;
use crate::flow::{EditorCommand, Screen};
use crate::menu::Menu;
use crate::save::Settings;
use crate::ui::theme::colors;
use bevy::prelude::*;
use bevy_egui::egui::{
    self, Color32, CornerRadius, Pos2, Rect, RichText, Sense, Shape, Stroke, StrokeKind, vec2,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use puzzlemill_core::edit::{EditTool, Mark, MarkKind, ShownBoard, Verdict, WATCH_SHORTEST};
use puzzlemill_core::{Direction, ModeId};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EditorArt>();
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(crate::ui::UiSetup)
            .run_if(in_state(Screen::Editor)),
    );
}

/// What the board is drawn from: the mode's look, its sprites and the palette.
struct Looks<'a> {
    mode: ModeId,
    /// The erase tool's id (its button wears a cross where the cell it paints shows nothing).
    erase: char,
    look: EditorLook,
    art: &'a EditorArt,
    colour_blind: bool,
}

impl Looks<'_> {
    /// A cell drawn alone (a tool's button, a piece being dragged).
    fn cell(&self, painter: &egui::Painter, rect: Rect, ch: char) {
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
fn arrow(painter: &egui::Painter, centre: Pos2, dir: Direction, size: f32) {
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

fn verdict_colour(check: &Check) -> Color32 {
    match check.analysis().map(|a| a.verdict) {
        Some(Verdict::Good) => colors::GOOD,
        Some(Verdict::Flawed | Verdict::Undecided) => colors::ACCENT,
        Some(Verdict::Unsolvable) | None if matches!(check, Check::Unplayable(_)) => colors::MUTED,
        Some(Verdict::Unsolvable) => colors::WARN,
        None => colors::TEXT,
    }
}

/// A tool's button: its cell drawn by the mode's look, its name on hover.
fn tool_button(ui: &mut egui::Ui, looks: &Looks, tool: &EditTool, selected: bool) -> bool {
    let (rect, response) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, CornerRadius::same(8), colors::ROW);
    let inner = rect.shrink(5.0);
    // Gate tools draw a floor cell with the arrow on its side.
    match tool.id {
        '↑' | '→' | '↓' | '←' => {
            looks.cell(&painter, inner, '.');
            let dir = match tool.id {
                '↑' => Direction::Up,
                '→' => Direction::Right,
                '↓' => Direction::Down,
                _ => Direction::Left,
            };
            arrow(&painter, inner.center(), dir, inner.width() * 0.3);
        }
        id => {
            looks.cell(&painter, inner, id);
            if id == looks.erase && id.is_whitespace() {
                let d = inner.width() * 0.22;
                let stroke = Stroke::new(2.0, colors::MUTED);
                let c = inner.center();
                painter.line_segment([c - vec2(d, d), c + vec2(d, d)], stroke);
                painter.line_segment([c - vec2(d, -d), c + vec2(d, -d)], stroke);
            }
        }
    }
    let stroke = if selected {
        Stroke::new(3.0, colors::ACCENT)
    } else if response.hovered() {
        Stroke::new(1.5, colors::MUTED)
    } else {
        Stroke::NONE
    };
    painter.rect_stroke(rect, CornerRadius::same(8), stroke, StrokeKind::Inside);
    response.on_hover_text(tool.name).clicked()
}

/// The tool buttons: a wrapped row per group under its name beside the board; above it (a
/// narrow portrait window) one wrapped flow, a little gap between groups, so the board keeps
/// its room.
fn tools(ui: &mut egui::Ui, looks: &Looks, editor: &mut Editor, above: bool) {
    let all = editor.spec().tools;
    let mut chosen = None;
    let mut button = |ui: &mut egui::Ui, j: usize| {
        if tool_button(ui, looks, &all[j], j == editor.tool) {
            chosen = Some(j);
        }
    };
    if above {
        ui.horizontal_wrapped(|ui| {
            for j in 0..all.len() {
                if j > 0 && all[j].group != all[j - 1].group {
                    ui.add_space(10.0);
                }
                button(ui, j);
            }
        });
    } else {
        let mut start = 0;
        while start < all.len() {
            let group = all[start].group;
            let end = all[start..]
                .iter()
                .position(|t| t.group != group)
                .map_or(all.len(), |n| start + n);
            ui.label(RichText::new(group).color(colors::MUTED));
            ui.horizontal_wrapped(|ui| (start..end).for_each(|j| button(ui, j)));
            start = end;
        }
    }
    if let Some(j) = chosen {
        editor.tool = j;
    }
    ui.label(
        RichText::new(format!("In hand: {} · Tab: next tool", editor.tool().name))
            .color(colors::MUTED),
    );
}

fn size_row(ui: &mut egui::Ui, editor: &Editor, commands: &mut MessageWriter<EditorCommand>) {
    let (w, h) = editor.draft.size();
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Size {w}×{h}"));
        for (label, size) in [
            ("− col", (w.saturating_sub(1), h)),
            ("+ col", (w + 1, h)),
            ("− row", (w, h.saturating_sub(1))),
            ("+ row", (w, h + 1)),
        ] {
            let allowed = editor.may_resize(size.0, size.1);
            if ui
                .add_enabled(allowed, egui::Button::new(label).small())
                .clicked()
            {
                commands.write(EditorCommand::Resize(size.0, size.1));
            }
        }
    });
}

/// The title, the tools, the size and the name: what scrolls in the tools panel.
fn side_panel(
    ui: &mut egui::Ui,
    looks: &Looks,
    editor: &mut Editor,
    commands: &mut MessageWriter<EditorCommand>,
    above: bool,
) -> egui::Id {
    ui.label(
        RichText::new(format!("Level editor · {}", editor.mode))
            .size(24.0)
            .color(colors::TEXT),
    );
    if let Some(partner) = editor.spec().partner
        && ui
            .button(format!("Check it as {partner} instead"))
            .on_hover_text("Slide moves one box at a time, Trio every box at once")
            .clicked()
    {
        commands.write(EditorCommand::SwitchRules);
    }
    ui.add_space(6.0);
    tools(ui, looks, editor, above);
    ui.add_space(6.0);
    size_row(ui, editor, commands);
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut editor.name).id
    })
    .inner
}

/// What an action button does.
#[derive(Clone, Copy)]
enum Action {
    Command(EditorCommand),
    MyLevels,
}

/// The size of the action buttons' labels: smaller than other buttons', so the commands take
/// few rows under the tools.
const ACTION_TEXT: f32 = 18.0;

/// The editor's commands, in rows as full as the panel's width allows (each label measured): in
/// a landscape window they stay under the tools while the tools scroll, so Play-test and Save
/// are always in view.
fn action_buttons(
    ui: &mut egui::Ui,
    editor: &Editor,
    live: &LiveCheck,
    replay: &Replay,
    commands: &mut MessageWriter<EditorCommand>,
    next: &mut NextState<Screen>,
) {
    use Action::{Command, MyLevels};
    let analysis = live.check.analysis();
    let good = analysis.is_some_and(|a| a.good());
    let replayable = analysis.is_some_and(|a| !a.replay.is_empty());
    let watch = if replay.frames.is_empty() {
        analysis.map_or(WATCH_SHORTEST, |a| a.replay_label)
    } else {
        "Stop the replay"
    };
    let mut buttons = vec![
        (
            "Play-test",
            Command(EditorCommand::PlayTest),
            live.playable(),
        ),
        ("Save to My levels", Command(EditorCommand::Save), good),
        (
            "Share (copy its level text)",
            Command(EditorCommand::Share),
            good,
        ),
    ];
    if let Some(assist) = editor.spec().assist {
        buttons.push((
            assist.label,
            Command(EditorCommand::Assist),
            live.playable(),
        ));
    }
    buttons.extend([
        (watch, Command(EditorCommand::Replay), replayable),
        ("New board", Command(EditorCommand::New), true),
        ("My levels", MyLevels, true),
        ("Back", Command(EditorCommand::Leave), true),
    ]);
    // Narrower padding and gaps than other buttons', so that pairs and threes fit a row.
    ui.spacing_mut().button_padding.x = 8.0;
    ui.spacing_mut().item_spacing.x = 6.0;
    let font = egui::FontId::proportional(ACTION_TEXT);
    let padding = ui.spacing().button_padding.x;
    let widths: Vec<f32> = buttons
        .iter()
        .map(|(label, ..)| {
            let text =
                ui.fonts_mut(|f| f.layout_no_wrap(label.to_string(), font.clone(), Color32::WHITE));
            text.size().x + 2.0 * padding
        })
        .collect();
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_width();
    for row in flow_rows(&widths, room, gap) {
        // The room a row leaves, shared among its buttons, each as wide as its label or more.
        let count = row.len() as f32;
        let spare = (room - gap * (count - 1.0) - widths[row.clone()].iter().sum::<f32>()) / count;
        ui.horizontal(|ui| {
            for index in row {
                let (label, action, enabled) = buttons[index];
                let width = (widths[index] + spare.max(0.0)).floor();
                let button = egui::Button::new(RichText::new(label).size(ACTION_TEXT))
                    .wrap()
                    .min_size(vec2(width, 30.0));
                if ui.add_enabled(enabled, button).clicked() {
                    match action {
                        Command(command) => {
                            commands.write(command);
                        }
                        MyLevels => next.set(Screen::MyLevels),
                    }
                }
            }
        });
    }
}

/// Items of these widths, in order, packed into rows no wider than `room` (`gap` between two in
/// a row); an item wider than `room` has a row of its own.
fn flow_rows(widths: &[f32], room: f32, gap: f32) -> Vec<std::ops::Range<usize>> {
    let mut rows = Vec::new();
    let (mut start, mut used) = (0, 0.0);
    for (index, &width) in widths.iter().enumerate() {
        if index > start && used + gap + width > room {
            rows.push(start..index);
            (start, used) = (index, 0.0);
        }
        used += if index > start { gap + width } else { width };
    }
    if start < widths.len() {
        rows.push(start..widths.len());
    }
    rows
}

/// Where the pointer is on a board: its cell.
fn locate(origin: Pos2, cell: f32, (w, h): (usize, usize), p: Pos2) -> Option<(usize, usize)> {
    let local = (p - origin) / cell;
    (local.x >= 0.0 && local.y >= 0.0 && local.x < w as f32 && local.y < h as f32)
        .then_some((local.x as usize, local.y as usize))
}

/// What keeps the editor's layout steady while the mode and the board's size stay the same, so
/// the edited board does not jump as checks come and go or as an edit leaves it without a
/// solution for a moment: the room beside it once it has shown boards there, the last check's
/// boards while a new check runs, and the status panel's tallest height at the window's width.
#[derive(Default)]
struct Steady {
    /// The mode and size this holds for.
    key: Option<(ModeId, (usize, usize))>,
    /// Whether room is kept beside the board.
    room_beside: bool,
    /// The last check's boards.
    boards: Vec<ShownBoard>,
    /// The status panel's tallest height so far, in points.
    status_height: f32,
    /// The window's width that height was found at: text wraps anew at another width.
    status_width: f32,
}

impl Steady {
    /// Starts again for another mode or size (the status panel's height also for another
    /// window width); brings the boards up to date with the check.
    fn update(&mut self, key: (ModeId, (usize, usize)), width: f32, check: &Check) {
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
        self.room_beside |= !self.boards.is_empty();
    }
}

fn board(
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
    let cell = fit(main_area).floor().max(8.0);
    let rect = Rect::from_center_size(main_area.center(), vec2(cell * w as f32, cell * h as f32));
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let painter = ui.painter_at(rect.expand(cell * 0.6));
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
    if let Some(area) = beside_area {
        beside_boards(ui, looks, area, &steady.boards);
    }
    if !pointer_free || replay.board().is_some() {
        return;
    }
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    let hovered = pointer.and_then(|p| locate(rect.min, cell, (w, h), p));
    if let Some((col, row)) = hovered {
        painter.rect_stroke(
            cell_rect(rect.min, cell, col, row),
            CornerRadius::same(6),
            Stroke::new(1.5, colors::TEXT),
            StrokeKind::Inside,
        );
    }
    // Dragging a piece moves it; dragging anywhere else paints with the tool in hand.
    let drag_key = ui.id().with("editor-drag");
    let dragging = ui.memory(|m| m.data.get_temp::<(usize, usize)>(drag_key));
    let spec = editor.spec();
    let is_piece = |ch: char| {
        ch != spec.erase
            && spec
                .tool(ch)
                .is_some_and(|t| t.group != spec.tools[0].group)
    };
    if response.drag_started()
        && let Some((col, row)) = hovered
        && is_piece(editor.draft.at(col, row))
    {
        ui.memory_mut(|m| m.data.insert_temp(drag_key, (col, row)));
    }
    if let Some(from) = dragging {
        if let Some(p) = pointer {
            let r = Rect::from_center_size(p, vec2(cell, cell) * 0.8);
            looks.cell(ui.painter(), r, editor.draft.at(from.0, from.1));
        }
        if response.drag_stopped() {
            ui.memory_mut(|m| m.data.remove::<(usize, usize)>(drag_key));
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
    {
        editor.cursor = (col, row);
        editor.paint(col, row);
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
        painter.text(
            area.left_top(),
            egui::Align2::LEFT_TOP,
            "Its solution shows here once it has one",
            egui::FontId::proportional(16.0),
            colors::MUTED,
        );
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
        painter.text(
            egui::pos2(left, slot.top()),
            egui::Align2::LEFT_TOP,
            &shown.caption,
            egui::FontId::proportional(16.0),
            colors::MUTED,
        );
        looks.board(&painter, egui::pos2(left, top), cell, &shown.rows);
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    live: Res<LiveCheck>,
    replay: Res<Replay>,
    art: Res<EditorArt>,
    settings: Res<Settings>,
    menu: Option<Res<Menu>>,
    mut commands: MessageWriter<EditorCommand>,
    mut typing: ResMut<Typing>,
    mut next: ResMut<NextState<Screen>>,
    mut steady: Local<Steady>,
) -> Result {
    let Some(look) = crate::modes::game_mode(editor.mode).editor else {
        return Ok(());
    };
    let looks = Looks {
        mode: editor.mode,
        erase: editor.spec().erase,
        look,
        art: &art,
        colour_blind: settings.colour_blind,
    };
    let ctx = contexts.ctx_mut()?.clone();
    let pointer_free = menu.is_none();
    let mut name_box = None;
    let mut root = crate::ui::root_ui(&ctx, "editor");
    if !pointer_free {
        // The editor's menu is over it: nothing under the menu answers the pointer.
        root.disable();
    }
    // The tools beside the board, or above it in a narrow portrait window (a phone), where a
    // column of tools would leave the board a sliver.
    let screen = ctx.content_rect();
    let above = screen.width() < 640.0 && screen.height() > screen.width();
    let tools_panel = if above {
        egui::Panel::top("editor-tools-above").exact_size((screen.height() * 0.36).round())
    } else {
        egui::Panel::left("editor-tools").exact_size(320f32.min(screen.width() * 0.4).round())
    };
    tools_panel
        .resizable(false)
        .frame(egui::Frame::new().fill(colors::PANEL).inner_margin(12))
        .show(&mut root, |ui| {
            if !above {
                egui::Panel::bottom("editor-actions")
                    .resizable(false)
                    .show_separator_line(false)
                    .frame(egui::Frame::new().inner_margin(egui::Margin {
                        top: 8,
                        ..Default::default()
                    }))
                    .show(ui, |ui| {
                        action_buttons(ui, &editor, &live, &replay, &mut commands, &mut next)
                    });
            }
            egui::ScrollArea::vertical().show(ui, |ui| {
                name_box = Some(side_panel(ui, &looks, &mut editor, &mut commands, above));
                if above {
                    ui.add_space(8.0);
                    action_buttons(ui, &editor, &live, &replay, &mut commands, &mut next);
                }
            })
        });
    steady.update(
        (editor.mode, editor.draft.size()),
        screen.width(),
        &live.check,
    );
    let status = egui::Panel::bottom("editor-status")
        .frame(egui::Frame::new().fill(colors::PANEL).inner_margin(10))
        .min_size(steady.status_height)
        .show(&mut root, |ui| {
            // Room for a headline of two lines and details of two, whatever the check says now.
            let body = ui.text_style_height(&egui::TextStyle::Body);
            let small = ui
                .ctx()
                .fonts_mut(|f| f.row_height(&egui::FontId::proportional(14.0)));
            ui.scope(|ui| {
                ui.set_min_height(2.0 * body);
                ui.label(RichText::new(live.check.headline()).color(verdict_colour(&live.check)));
            });
            ui.scope(|ui| {
                ui.set_min_height(2.0 * small);
                for line in live.check.analysis().map_or(&[][..], |a| &a.details) {
                    ui.label(RichText::new(line).color(colors::MUTED).size(14.0));
                }
            });
            let help = "Arrows move the cursor · Enter paints · Backspace erases · Tab: next \
                        tool · Z/Y undo/redo · Esc: menu · click paints, right-click erases, \
                        drag moves a piece";
            match &editor.message {
                Some(message) => ui.label(RichText::new(message).color(colors::ACCENT)),
                None => ui.label(RichText::new(help).color(colors::MUTED).size(14.0)),
            };
        });
    steady.status_height = steady.status_height.max(status.response.rect.height());
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(super::look::c32(crate::ui::theme::BACKGROUND))
                .inner_margin(16),
        )
        .show(&mut root, |ui| {
            board(
                ui,
                &looks,
                &mut editor,
                &live,
                &replay,
                &steady,
                pointer_free,
            )
        });
    // Only the name box takes the keyboard: the keys and the gamepad drive the cursor and the
    // tools, so a button that Tab or a click focused lets go again (as the menus' rows never
    // take focus), and Enter never presses it.
    let focused = ctx.memory(|m| m.focused());
    if let Some(id) = focused.filter(|&id| Some(id) != name_box) {
        ctx.memory_mut(|m| m.surrender_focus(id));
    }
    typing.0 = focused.is_some() && focused == name_box;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{flow_rows, over};

    #[test]
    fn buttons_fill_rows_as_far_as_the_width_allows_in_order() {
        assert_eq!(
            flow_rows(&[100.0, 150.0, 250.0, 90.0, 90.0, 90.0], 300.0, 10.0),
            vec![0..2, 2..3, 3..6]
        );
        // Exactly full fits; one wider than the room stands alone.
        assert_eq!(flow_rows(&[145.0, 145.0], 300.0, 10.0), vec![0..2]);
        assert_eq!(
            flow_rows(&[50.0, 400.0, 50.0], 300.0, 10.0),
            vec![0..1, 1..2, 2..3]
        );
        assert!(flow_rows(&[], 300.0, 10.0).is_empty());
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
