//! The loading screen: the game's name and a progress bar over sounds and level packs.

use super::layout::{UiSetup, root_ui};
use super::theme::colors;
use crate::flow::{LoadingAssets, Screen};
use crate::levels::LevelLibrary;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_loading
            .after(UiSetup)
            .run_if(in_state(Screen::Loading)),
    );
}

fn draw_loading(
    mut contexts: EguiContexts,
    loading: Res<LoadingAssets>,
    library: Res<LevelLibrary>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = root_ui(&ctx, "loading");
    let total = loading.handles.len() + 1;
    let done = loading.done + usize::from(library.ready);
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(&mut root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.35);
                ui.label(RichText::new("Puzzlemill").size(56.0).color(colors::ACCENT));
                ui.add_space(16.0);
                let width = (ui.available_width() - 48.0).min(360.0);
                ui.add(
                    egui::ProgressBar::new(done as f32 / total as f32)
                        .desired_width(width)
                        .fill(colors::ACCENT),
                );
                ui.label(
                    RichText::new("Oiling the mill…")
                        .small()
                        .color(colors::MUTED),
                );
            });
        });
    Ok(())
}
