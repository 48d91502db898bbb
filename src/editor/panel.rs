//! The editor's screen, drawn with egui: the tools and commands on the left (above the board in
//! a narrow portrait window), the board in the middle with the check's boards beside it, and
//! the live verdict, the last refusal and the keys at the bottom.

use super::canvas::{Looks, Steady, board};
use super::check::{Check, LiveCheck};
use super::keys::Typing;
use super::look::EditorArt;
use super::replay::Replay;
use super::state::Editor;
use super::tools_panel::{action_buttons, side_panel};
use crate::flow::{EditorCommand, NameEntry, Screen};
use crate::input::Action;
use crate::menu::Menu;
use crate::save::Settings;
use crate::ui::theme::colors;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use puzzlemill_core::edit::Verdict;

/// A window this short (in points) keeps only the few commands under the tools.
const SHORT: f32 = 520.0;
/// Held sideways, the check's column's share of the window's width, and its least and most
/// width in points.
const STATUS_SHARE: f32 = 0.28;
/// See [`STATUS_SHARE`].
const STATUS_LEAST: f32 = 200.0;
/// See [`STATUS_SHARE`].
const STATUS_MOST: f32 = 300.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EditorArt>();
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(crate::ui::UiSetup)
            .run_if(in_state(Screen::Editor)),
    );
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

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut held: ResMut<Editor>,
    live: Res<LiveCheck>,
    replay: Res<Replay>,
    art: Res<EditorArt>,
    (settings, names): (Res<Settings>, crate::ui::ControlNames),
    (menu, naming): (Option<Res<Menu>>, Option<Res<NameEntry>>),
    mut commands: MessageWriter<EditorCommand>,
    mut typing: ResMut<Typing>,
    mut next: ResMut<NextState<Screen>>,
    mut steady: Local<Steady>,
) -> Result {
    let Some(look) = crate::modes::game_mode(held.mode).editor else {
        return Ok(());
    };
    // The panel borrows the editor mutably every frame; it is marked changed only where the
    // frame changed what the panel can change (so the saves compare the boards only then).
    let before = Watched::of(&held);
    let editor = held.bypass_change_detection();
    let looks = Looks {
        mode: editor.mode,
        erase: editor.spec().erase,
        look,
        art: &art,
        colour_blind: settings.colour_blind,
        // A finger taps the tools: no key to name.
        next_tool_key: if names.by_touch() {
            String::new()
        } else {
            names.labels().of(Action::Cycle)
        },
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
        egui::Panel::top("editor-tools-above").exact_size((screen.height() * 0.42).round())
    } else {
        egui::Panel::left("editor-tools").exact_size(320f32.min(screen.width() * 0.4).round())
    };
    // A touch screen's name is a button that opens the name box with its on-screen keys (a
    // field of its own took a tap and gave no keys to type with).
    let touch = names.by_touch() || names.touch_screen();
    // A short window (a phone held sideways) keeps the few commands too: every command under
    // the tools left the tools a row and a half.
    let few = above || screen.height() < SHORT;
    tools_panel
        .resizable(false)
        .frame(egui::Frame::new().fill(colors::PANEL).inner_margin(12))
        .show(&mut root, |ui| {
            // The commands stay in view under the tools while the tools scroll: above the board
            // or in a short window (a phone) the few a finger needs most, and the menu with
            // every other.
            egui::Panel::bottom("editor-actions")
                .resizable(false)
                .show_separator_line(false)
                .frame(egui::Frame::new().inner_margin(egui::Margin {
                    top: 8,
                    ..Default::default()
                }))
                .show(ui, |ui| {
                    let buttons = (&*editor, &*live, &*replay);
                    action_buttons(ui, buttons, &mut commands, &mut next, few)
                });
            // Each mode's tools keep their own scroll (another mode's opened scrolled down).
            (egui::ScrollArea::vertical().id_salt(("editor-tools", editor.mode))).show(ui, |ui| {
                name_box = side_panel(ui, &looks, editor, &mut commands, (above, touch));
            })
        });
    steady.update(
        (editor.mode, editor.draft.size()),
        screen.width(),
        &live.check,
        !editor.spec().replays,
    );
    // The check's verdict under the board, or beside it held sideways (under it, it took two
    // fifths of a phone's height from the board).
    let sideways = crate::ui::held_sideways(screen.size());
    let status_panel = if sideways {
        let width = (screen.width() * STATUS_SHARE).clamp(STATUS_LEAST, STATUS_MOST);
        egui::Panel::right("editor-status-side").exact_size(width.round())
    } else {
        egui::Panel::bottom("editor-status").min_size(steady.status_height)
    };
    let status = status_panel
        .resizable(false)
        .frame(egui::Frame::new().fill(colors::PANEL).inner_margin(10))
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
            // The player's keys as their keyboard prints them, or the pad's buttons.
            let labels = names.labels();
            let key = |action| labels.of(action);
            let four = [Action::Up, Action::Left, Action::Down, Action::Right];
            let moves = if labels.pad_moves_by_dpad() {
                "The D-pad moves the cursor".to_string()
            } else if labels.pad.is_none()
                && four.iter().all(|&a| labels.bindings.keeps_default_keys(a))
            {
                "Arrows move the cursor".to_string()
            } else {
                format!("{} move the cursor", four.map(key).join(" "))
            };
            let help = if names.by_touch() {
                // A finger has none of the keys: what a tap and a drag do.
                "Tap a tool, then cells to paint them (a drag paints along) · drag a piece to \
                 move it · Undo takes a change back"
                    .to_string()
            } else {
                format!(
                    "{moves} · {} paints · {} erases · {}: next tool · {}/{} undo/redo · {}: menu \
                     · click paints, right-click erases, drag moves a piece",
                    key(Action::Confirm),
                    key(Action::Erase),
                    key(Action::Cycle),
                    key(Action::Undo),
                    key(Action::Redo),
                    key(Action::Back),
                )
            };
            match &editor.message {
                Some(message) => ui.label(RichText::new(message).color(colors::ACCENT)),
                None => ui.label(RichText::new(help).color(colors::MUTED).size(14.0)),
            };
        });
    if !sideways {
        steady.status_height = steady.status_height.max(status.response.rect.height());
    }
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(crate::ui::theme::colors::BACKGROUND)
                .inner_margin(16),
        )
        .show(&mut root, |ui| {
            board(ui, &looks, editor, &live, &replay, &steady, pointer_free)
        });
    // Only the name box takes the keyboard: the keys and the gamepad drive the cursor and the
    // tools, so a button that Tab or a click focused lets go again (as the menus' rows never
    // take focus), and Enter never presses it. The name box over the menu keeps its own.
    let focused = ctx.memory(|m| m.focused());
    if let Some(id) = focused.filter(|&id| Some(id) != name_box && naming.is_none()) {
        ctx.memory_mut(|m| m.surrender_focus(id));
    }
    typing.0 = focused.is_some() && focused == name_box;
    if Watched::of(editor) != before {
        held.set_changed();
    }
    Ok(())
}

/// What the panel can change in the editor: the board (its revision), the cursor, the tool,
/// the name and the message.
#[derive(PartialEq)]
struct Watched {
    revision: u64,
    cursor: (usize, usize),
    tool: usize,
    name: String,
    message: Option<String>,
}

impl Watched {
    fn of(editor: &Editor) -> Self {
        Watched {
            revision: editor.revision,
            cursor: editor.cursor,
            tool: editor.tool,
            name: editor.name.clone(),
            message: editor.message.clone(),
        }
    }
}
