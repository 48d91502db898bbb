//! The name box of a level of "My levels" being renamed, or of the editor's board: the name to
//! type (or paste: the Paste button or Ctrl+V), then Enter or the box's button; a refused name
//! says why under the box; Esc or Cancel closes it.

use super::dialog::Part;
use super::layout::UiSetup;
use super::theme::colors;
use crate::flow::{NameEntry, Naming, SubmitName};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use puzzlemill_core::edit::drafts::MAX_NAME;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_dialog
            .after(UiSetup)
            .run_if(resource_exists::<NameEntry>),
    );
}

fn draw_dialog(
    mut contexts: EguiContexts,
    mut entry: ResMut<NameEntry>,
    mut submit: MessageWriter<SubmitName>,
    names: super::control_names::ControlNames,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let wide = entry.keys.shown;
    let (title, blurb, take) = match entry.naming {
        Naming::MyLevel(_) => (
            "Rename",
            "A name another level of the mode has gets a number.",
            "Rename",
        ),
        Naming::Board => (
            "Name this level",
            "Saved under another name, it is a new level of My levels.",
            "Name it",
        ),
    };
    let mut pressed_enter = false;
    super::dialog::show(&ctx, "name_dialog", wide, |ui, part, width| match part {
        Part::Top => {
            ui.label(RichText::new(title).size(26.0));
            ui.label(
                RichText::new(format!("Up to {MAX_NAME} characters. {blurb}"))
                    .small()
                    .color(colors::MUTED),
            );
            ui.add_space(4.0);
            // The Enter that opened the box (a menu's Confirm) is not the box's.
            let opened_now = entry.is_added();
            let NameEntry {
                text, error, keys, ..
            } = &mut *entry;
            let enter = super::dialog::text_field(ui, "name_text", (text, keys), error, |edit| {
                edit.char_limit(MAX_NAME)
                    .desired_width(width)
                    .font(egui::FontId::proportional(24.0))
            });
            pressed_enter = enter && !opened_now;
        }
        Part::Keys => {
            let note = (entry.error.as_ref()).map(|error| RichText::new(error).color(colors::WARN));
            super::dialog::keys_and_note(ui, &mut entry.keys, width, &names, note);
        }
        Part::Foot => {
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new(take).size(20.0)).clicked() || pressed_enter {
                    submit.write(SubmitName);
                }
                super::dialog::paste_button(ui, &mut entry.keys);
                super::dialog::keys_button(ui, &mut entry.keys);
                if ui.button(RichText::new("Cancel").size(20.0)).clicked() {
                    commands.remove_resource::<NameEntry>();
                }
            });
        }
    });
    Ok(())
}
