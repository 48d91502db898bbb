//! The "Enter a level code" box on the level select: type or paste a code (the Paste button or
//! Ctrl+V), then Play. Mistakes are explained under the box; Esc or Cancel closes it.

use super::dialog::Part;
use super::layout::UiSetup;
use super::theme::colors;
use crate::flow::{CodeEntry, Selection, SubmitCode};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use puzzlemill_core::code::LevelCode;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_dialog
            .after(UiSetup)
            .run_if(resource_exists::<CodeEntry>),
    );
}

fn draw_dialog(
    mut contexts: EguiContexts,
    mut entry: ResMut<CodeEntry>,
    selection: Res<Selection>,
    mut submit: MessageWriter<SubmitCode>,
    names: super::control_names::ControlNames,
    mut commands: Commands,
) -> Result {
    // A code as this build writes them for the mode and tier chosen: the shape the player's
    // code should have.
    let example = LevelCode::example(selection.mode, selection.tier);
    let ctx = contexts.ctx_mut()?.clone();
    let wide = entry.keys.shown;
    let texts = selection.mode.spec().text.is_some();
    let mut pressed_enter = false;
    super::dialog::show(&ctx, "code_dialog", wide, |ui, part, width| match part {
        Part::Top => {
            let title = if texts {
                "Level code or text"
            } else {
                "Enter a level code"
            };
            ui.label(RichText::new(title).size(26.0));
            ui.label(
                RichText::new(if texts {
                    format!("Codes look like {example}; a shared level's text opens here too")
                } else {
                    format!("Codes look like {example}")
                })
                .small()
                .color(colors::MUTED),
            );
            ui.add_space(4.0);
            // Enter in the box plays the code.
            let hint = format!("{}…", &example[..example.find('-').map_or(0, |i| i + 1)]);
            // The Enter that opened the box (a menu's Confirm) is not the box's.
            let opened_now = entry.is_added();
            let CodeEntry {
                text, error, keys, ..
            } = &mut *entry;
            // A code typed on the on-screen keys shows whole: its type shrinks as it grows (a field
            // without the keyboard shows the start of a text too long for it), in a field of one
            // height.
            let font = super::dialog::fitted_mono(ui, text, width);
            let tall = ui.fonts_mut(|f| f.row_height(&egui::FontId::monospace(24.0))) + 4.0;
            let enter = super::dialog::text_field(ui, "code_text", (text, keys), error, |edit| {
                edit.hint_text(hint)
                    .desired_width(width)
                    .font(font)
                    .min_size(egui::vec2(0.0, tall))
                    .vertical_align(egui::Align::Center)
            });
            pressed_enter = enter && !opened_now;
        }
        Part::Keys => {
            let note = match &entry.error {
                Some(error) => Some(RichText::new(error).color(colors::WARN)),
                None if entry.checking => Some(
                    RichText::new("Checking the level: it is being solved…").color(colors::MUTED),
                ),
                None => None,
            };
            super::dialog::keys_and_note(ui, &mut entry.keys, width, &names, note);
        }
        Part::Foot => {
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new("Play").size(20.0)).clicked() || pressed_enter {
                    submit.write(SubmitCode);
                }
                // The keys have a Paste of their own.
                if !entry.keys.shown {
                    super::dialog::paste_button(ui, &mut entry.keys);
                }
                super::dialog::keys_button(ui, &mut entry.keys);
                if ui.button(RichText::new("Cancel").size(20.0)).clicked() {
                    commands.remove_resource::<CodeEntry>();
                }
            });
        }
    });
    Ok(())
}
