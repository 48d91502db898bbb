//! The editor's tools panel, drawn with egui: the title, the tool buttons (each cell drawn by the
//! mode's look), the size and the name, and under them the commands (Play-test, Save, Share,
//! ...) packed in rows as full as the panel allows.

use super::canvas::{Looks, arrow};
use super::check::LiveCheck;
use super::replay::Replay;
use super::state::Editor;
use crate::flow::{EditorCommand, Screen};
use crate::ui::theme::colors;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, CornerRadius, RichText, Sense, Stroke, StrokeKind, vec2};
use puzzlemill_core::Direction;
use puzzlemill_core::edit::{EditTool, WATCH_SHORTEST};

/// A tool's button: its cell drawn by the mode's look, its name on hover; scrolled into view when
/// `reveal` (just chosen by a key: with large text the panel scrolls).
fn tool_button(
    ui: &mut egui::Ui,
    looks: &Looks,
    tool: &EditTool,
    (selected, reveal): (bool, bool),
) -> bool {
    let (rect, response) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::click());
    if reveal {
        response.scroll_to_me(None);
    }
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
    // The tool in hand when last drawn: one chosen since is scrolled into view.
    let shown = ui.id().with("tool in hand");
    let before: Option<usize> = ui.data(|d| d.get_temp(shown));
    let reveal = before.is_some_and(|b| b != editor.tool);
    ui.data_mut(|d| d.insert_temp(shown, editor.tool));
    let mut button = |ui: &mut egui::Ui, j: usize| {
        let selected = j == editor.tool;
        if tool_button(ui, looks, &all[j], (selected, selected && reveal)) {
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
    let in_hand = match looks.next_tool_key.as_str() {
        "" => format!("In hand: {}", editor.tool().name),
        key => format!("In hand: {} · {key}: next tool", editor.tool().name),
    };
    ui.label(RichText::new(in_hand).color(colors::MUTED));
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
pub(super) fn side_panel(
    ui: &mut egui::Ui,
    looks: &Looks,
    editor: &mut Editor,
    commands: &mut MessageWriter<EditorCommand>,
    (above, touch): (bool, bool),
) -> Option<egui::Id> {
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
        if touch {
            let name = egui::Button::new(RichText::new(&editor.name).color(colors::TEXT)).wrap();
            if ui.add(name).clicked() {
                commands.write(EditorCommand::Name);
            }
            return None;
        }
        // No longer than the kept drafts keep a name, so "saved as" still names the same level
        // after a restart.
        let name = egui::TextEdit::singleline(&mut editor.name)
            .char_limit(puzzlemill_core::edit::drafts::MAX_NAME);
        Some(ui.add(name).id)
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

/// The editor's commands, in rows as full as the panel's width allows (each label measured),
/// under the tools while the tools scroll, so Play-test and Save are always in view. Where the
/// panel is above the board (`few`: a phone) only Undo, Redo, Play-test, Save and the editor's
/// menu, which has every command, so the tools keep most of the panel.
pub(super) fn action_buttons(
    ui: &mut egui::Ui,
    (editor, live, replay): (&Editor, &LiveCheck, &Replay),
    commands: &mut MessageWriter<EditorCommand>,
    next: &mut NextState<Screen>,
    few: bool,
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
    // Undo and redo first: a finger or a mouse has no Z or Y.
    let mut buttons = vec![
        ("Undo", Command(EditorCommand::Undo), editor.can_undo()),
        ("Redo", Command(EditorCommand::Redo), editor.can_redo()),
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
    if few {
        buttons.truncate(3);
        buttons.extend([
            ("Save", Command(EditorCommand::Save), good),
            ("Menu", Command(EditorCommand::Menu), true),
        ]);
    } else {
        if let Some(assist) = editor.spec().assist {
            buttons.push((
                assist.label,
                Command(EditorCommand::Assist),
                live.playable(),
            ));
        }
        if editor.spec().replays {
            buttons.push((watch, Command(EditorCommand::Replay), replayable));
        }
        buttons.extend([
            ("New board", Command(EditorCommand::New), true),
            ("My levels", MyLevels, true),
            ("Back", Command(EditorCommand::Leave), true),
        ]);
    }
    // Narrower padding and gaps than other buttons', so that pairs and threes fit a row.
    ui.spacing_mut().button_padding.x = 8.0;
    ui.spacing_mut().item_spacing.x = 6.0;
    // The few on one row where a phone's width allows.
    let size = if few { ACTION_TEXT - 2.0 } else { ACTION_TEXT };
    let font = egui::FontId::proportional(size);
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
                let button = egui::Button::new(RichText::new(label).size(size))
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

#[cfg(test)]
mod tests {
    use super::flow_rows;

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
}
