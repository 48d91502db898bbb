//! The debug overlay, toggled with F3 (or shown from the start with `--overlay`): frame time and
//! the mill at work, queue by queue.

use super::layout::UiSetup;
use super::theme::colors;
use crate::mill::Mill;
use crate::options::LaunchOptions;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use puzzlemill_core::Tier;
use std::collections::VecDeque;

/// Frames the frame-time figures cover.
const WINDOW: usize = 120;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameTimes>();
    app.add_systems(Startup, show_if_asked);
    app.add_systems(
        Update,
        (
            // Not while the controls screen waits for a key (F3 may be the key chosen).
            toggle.run_if(not(resource_exists::<crate::flow::ListeningForInput>)),
            record_frame,
        ),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(UiSetup).run_if(resource_exists::<Overlay>),
    );
}

/// Present while the overlay shows.
#[derive(Resource)]
struct Overlay;

/// Recent frame times in milliseconds.
#[derive(Resource, Default)]
struct FrameTimes(VecDeque<f32>);

fn show_if_asked(options: Option<Res<LaunchOptions>>, mut commands: Commands) {
    if options.is_some_and(|o| o.overlay) {
        commands.insert_resource(Overlay);
    }
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, shown: Option<Res<Overlay>>, mut commands: Commands) {
    if keys.just_pressed(crate::input::OVERLAY_KEY) {
        if shown.is_some() {
            commands.remove_resource::<Overlay>();
        } else {
            commands.insert_resource(Overlay);
        }
    }
}

fn record_frame(time: Res<Time<Real>>, mut frames: ResMut<FrameTimes>) {
    frames.0.push_back(time.delta_secs() * 1000.0);
    if frames.0.len() > WINDOW {
        frames.0.pop_front();
    }
}

fn draw(
    mut contexts: EguiContexts,
    mill: Res<Mill>,
    frames: Res<FrameTimes>,
    time: Res<Time<Real>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut sorted: Vec<f32> = frames.0.iter().copied().collect();
    sorted.sort_by(f32::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
    let worst = sorted.last().copied().unwrap_or_default();
    egui::Area::new(egui::Id::new("debug_overlay"))
        .anchor(Align2::RIGHT_TOP, egui::vec2(-8.0, 56.0))
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(&ctx, |ui| {
            egui::Frame::new()
                .fill(colors::PANEL.gamma_multiply(0.92))
                .inner_margin(10)
                .corner_radius(8)
                .show(ui, |ui| {
                    let line = |ui: &mut egui::Ui, text: String| {
                        ui.add(
                            egui::Label::new(
                                RichText::new(text)
                                    .monospace()
                                    .size(13.0)
                                    .color(colors::TEXT),
                            )
                            .extend(),
                        );
                    };
                    line(
                        ui,
                        format!("frame  median {median:5.1} ms  worst {worst:5.1} ms"),
                    );
                    let serving = mill
                        .serving
                        .map_or("nothing".to_string(), |m| m.to_string());
                    line(
                        ui,
                        format!(
                            "mill   serving {serving}{}  jobs {}/{}",
                            if mill.paused { " (paused)" } else { "" },
                            mill.running(),
                            mill.max_tasks
                        ),
                    );
                    line(
                        ui,
                        format!(
                            "       made {}  gave up {}  {} per minute",
                            mill.made,
                            mill.gave_up,
                            mill.rate_per_minute(time.elapsed_secs_f64())
                        ),
                    );
                    let mut keys: Vec<_> = mill.lanes.keys().copied().collect();
                    keys.sort_by_key(|k| (k.mode, k.tier));
                    for key in keys {
                        let lane = &mill.lanes[&key];
                        let state = match (&lane.error, &lane.running) {
                            (Some(_), _) => "FAILING".to_string(),
                            (None, Some(r)) => format!("milling, {} tried", r.progress.attempts()),
                            (None, None) => "idle".to_string(),
                        };
                        line(
                            ui,
                            format!(
                                "{:<6} {:<7} {}/{}  {state}",
                                key.mode.label(),
                                key.tier.label(),
                                lane.ready.len(),
                                mill.target
                            ),
                        );
                    }
                    if mill.lanes.is_empty() {
                        line(
                            ui,
                            format!("(no queues yet; {} tiers per mode)", Tier::ALL.len()),
                        );
                    }
                });
        });
    Ok(())
}
