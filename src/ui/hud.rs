//! The play screen's HUD: level and mode on top with the move counter against par (the shortest
//! solution) and the player's own best, a line for hints and losses, and buttons for undo, redo,
//! restart, hint and pause (`hud_buttons`: under the board, or beside it held sideways).

use super::camera::HudInsets;
use super::format::{clock, score_text};
use super::hud_buttons::{LINE_SHARE, Pill, Press, line_size, pill_row, side_column};
use super::layout::{UiSetup, held_sideways, root_ui};
use super::theme::colors;
use crate::flow::{Counter, Overlay, Screen};
use crate::input::Action;
use crate::mill::Waiting;
use crate::notices::Notices;
use crate::play::{ExtraButtonPressed, PlayHud, PlayRequest};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align, Align2, CornerRadius, Layout, RichText, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use puzzlemill_core::Status;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_hud.run_if(not(resource_exists::<Waiting>)),
            draw_waiting.run_if(resource_exists::<Waiting>),
        )
            .after(UiSetup)
            .run_if(in_state(Screen::Play)),
    );
}

/// The gap between the counter and the level code on the top bar.
const CODE_GAP: f32 = 12.0;

/// The widths of the top bar's right side as drawn: the counter (moves and par, or the clock
/// with its buttons), the level code with its Copy button, and a real-time mode's buttons where
/// they had a row of their own.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct BarWidths {
    counter: f32,
    code: f32,
    buttons: f32,
}

impl BarWidths {
    /// Whether the mode and title, `left` wide together, fit on one row of `available` width
    /// beside the counter (and the code, `with_code`), `spacing` between items.
    fn fit(&self, available: f32, left: f32, spacing: f32, with_code: bool) -> bool {
        let code = if with_code {
            CODE_GAP + 2.0 * spacing + self.code
        } else {
            0.0
        };
        left + 2.0 * spacing + self.counter + code <= available
    }

    /// The width of a narrow bar's second row with a real-time mode's buttons in it: the title,
    /// `title` wide, the code (`with_code`) and the buttons, `spacing` between items.
    fn second_row(&self, title: f32, spacing: f32, with_code: bool) -> f32 {
        let code = if with_code {
            self.code + 2.0 * spacing
        } else {
            0.0
        };
        title + 2.0 * spacing + code + self.buttons
    }
}

/// A button of the top bar: small, or on a touch screen (`touch`) one a fingertip covers.
fn bar_button(label: &str, touch: bool) -> egui::Button<'_> {
    let button = egui::Button::new(label).small();
    if touch {
        button.min_size(vec2(48.0, 40.0))
    } else {
        button
    }
}

fn draw_hud(
    mut contexts: EguiContexts,
    hud: Res<PlayHud>,
    overlay: Res<State<Overlay>>,
    mut requests: MessageWriter<PlayRequest>,
    mut extra_pressed: MessageWriter<ExtraButtonPressed>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut insets: ResMut<HudInsets>,
    mut notices: ResMut<Notices>,
    names: super::control_names::ControlNames,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    // The keys are the game's: a button that Tab focused (Tab is Slide's next box) lets go, so
    // Enter never presses it (the level has no text box to keep focus).
    if let Some(focused) = ctx.memory(|m| m.focused()) {
        ctx.memory_mut(|m| m.surrender_focus(focused));
    }
    let mut root = root_ui(&ctx, "hud");
    // The keys as the player bound them, or the buttons of the pad in use.
    let labels = names.labels();
    // After a touch the buttons name no keys (a finger has none).
    let touch = names.by_touch();
    // On a touch screen the top bar's buttons are a fingertip's size.
    let finger_bar = names.touch_screen();
    let key = |action: Action| {
        if touch {
            String::new()
        } else {
            labels.of(action)
        }
    };
    let bar = egui::Frame::new()
        .fill(colors::PANEL)
        .inner_margin(egui::Margin::symmetric(16, 10));
    let top = egui::Panel::top("hud_top")
        .frame(bar)
        .show(&mut root, |ui| {
            // Where the title would not fit beside the counter and the code (a narrow window,
            // a long title, large text), the title and the code go on a second row. The right
            // side's widths are those measured last frame: they are the same on either row.
            let widths_id = egui::Id::new("hud_top_widths");
            let known: BarWidths = ctx.data(|d| d.get_temp(widths_id)).unwrap_or_default();
            let text_width = |text: &str| {
                egui::WidgetText::from(text)
                    .into_galley(
                        ui,
                        Some(egui::TextWrapMode::Extend),
                        f32::INFINITY,
                        egui::TextStyle::Body,
                    )
                    .size()
                    .x
            };
            let available = ui.available_width();
            let title_width = text_width(&hud.title);
            let left = text_width(&hud.mode) + title_width;
            let spacing = ui.spacing().item_spacing.x;
            let with_code = hud.code.is_some();
            let narrow = !known.fit(available, left, spacing, with_code);
            let mut measured = BarWidths::default();
            let code_row = |ui: &mut egui::Ui, notices: &mut Notices| {
                let Some(code) = &hud.code else {
                    return;
                };
                if ui
                    .add(bar_button("Copy", finger_bar))
                    .on_hover_text("Copy the level code")
                    .clicked()
                {
                    match crate::clipboard::copy(code) {
                        Ok(()) => notices.info(format!(
                            "Copied {code}: share it and others get this level."
                        )),
                        Err(e) => {
                            notices.warn(format!("Could not copy the code ({e}); it is {code}."))
                        }
                    }
                }
                ui.label(RichText::new(code).monospace().color(colors::MUTED));
            };
            // A real-time mode's buttons (drawn right to left): Pause, Hint, Restart.
            let clock_buttons = |ui: &mut egui::Ui| {
                // Off in the moment a won run shows, as the other HUD's Pause.
                let pause = bar_button("Pause", finger_bar);
                if ui.add_enabled(hud.won_for.is_none(), pause).clicked() {
                    next_overlay.set(Overlay::Paused);
                }
                // The way to the exit for the mouse and touch (H on keys).
                let hint = bar_button("Hint", finger_bar);
                if ui
                    .add_enabled(hud.won_for.is_none(), hint)
                    .on_hover_text(key(Action::Hint))
                    .clicked()
                {
                    requests.write(PlayRequest::Hint);
                }
                let restart = bar_button("Restart", finger_bar);
                let can_restart = hud.can_restart && hud.won_for.is_none();
                if ui
                    .add_enabled(can_restart, restart)
                    .on_hover_text(key(Action::Restart))
                    .clicked()
                {
                    requests.write(PlayRequest::Restart);
                }
            };
            // In a narrow bar they have a row of their own, under the title.
            let real_time = matches!(hud.counter, Counter::Clock { .. });
            let mut clock_buttons = Some(clock_buttons);
            ui.horizontal(|ui| {
                ui.label(RichText::new(&hud.mode).color(colors::ACCENT));
                if !narrow {
                    ui.label(RichText::new(&hud.title).color(colors::TEXT));
                }
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    let counter = ui.horizontal(|ui| match hud.counter {
                        Counter::Clock { seconds, gems } => {
                            if !narrow && let Some(mut buttons) = clock_buttons.take() {
                                buttons(ui);
                            }
                            ui.label(
                                RichText::new(clock(seconds))
                                    .monospace()
                                    .color(colors::TEXT),
                            );
                            if let Some(best) = hud.best_time {
                                ui.label(
                                    RichText::new(format!("best {}", clock(best)))
                                        .small()
                                        .color(colors::MUTED),
                                );
                            }
                            let (taken, all) = gems;
                            if all > 0 {
                                ui.label(
                                    RichText::new(format!("Gems {taken}/{all}"))
                                        .color(colors::ACCENT),
                                );
                            }
                        }
                        Counter::Moves { made, optimum } => {
                            // Par is the level's shortest solution; the player's own best
                            // follows once they have one.
                            let par = optimum.map(|p| format!("par {p}"));
                            let own = hud.own_best.map(|b| format!("your best {b}"));
                            let line = [par, own].into_iter().flatten().collect::<Vec<_>>();
                            if !line.is_empty() {
                                ui.label(
                                    RichText::new(line.join(" · ")).small().color(colors::MUTED),
                                );
                            }
                            ui.label(RichText::new(format!("Moves {made}")).color(colors::TEXT));
                        }
                    });
                    measured.counter = counter.response.rect.width();
                    if !narrow && hud.code.is_some() {
                        ui.add_space(CODE_GAP);
                        let code = ui.horizontal(|ui| code_row(ui, &mut notices));
                        measured.code = code.response.rect.width();
                    }
                });
            });
            // A real-time mode's buttons join the title's row where they fit beside it and the
            // code (a phone held sideways at Larger: three rows took 150 of 390 points).
            let buttons_beside = |widths: &BarWidths| {
                real_time && widths.second_row(title_width, spacing, with_code) <= available
            };
            let beside = narrow && buttons_beside(&known);
            if narrow {
                // The title and the code share the second row where both fit (the code's width
                // as measured last frame), else the code goes under the title: drawn from the
                // right over a long title, it hid the title's end.
                let shared = !with_code || title_width + 2.0 * spacing + known.code <= available;
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(&hud.title).color(colors::TEXT));
                    if shared {
                        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                            if beside && let Some(buttons) = clock_buttons.take() {
                                measured.buttons = ui.horizontal(buttons).response.rect.width();
                            }
                            let code = ui.horizontal(|ui| code_row(ui, &mut notices));
                            measured.code = code.response.rect.width();
                        });
                    }
                });
                // Each in a row of its own height: laid out right to left straight in the bar, a
                // row took the height left over and centred itself in it (a phone's Climb bar
                // grew a blank band over the code).
                if !shared {
                    ui.horizontal(|ui| {
                        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                            let code = ui.horizontal(|ui| code_row(ui, &mut notices));
                            measured.code = code.response.rect.width();
                        });
                    });
                }
                if real_time && let Some(buttons) = clock_buttons.take() {
                    ui.horizontal(|ui| {
                        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                            measured.buttons = ui.horizontal(buttons).response.rect.width();
                        });
                    });
                }
                if real_time {
                    // The counter as the one-row bar would have it, for the fit.
                    measured.counter += measured.buttons + spacing;
                }
            }
            if measured != known {
                ctx.data_mut(|d| d.insert_temp(widths_id, measured));
                // Where the new widths change the layout, egui lays the frame out again before
                // showing it.
                let one_row = measured.fit(available, left, spacing, with_code);
                if one_row == narrow || (narrow && buttons_beside(&measured) != beside) {
                    ctx.request_discard("the top bar's layout changed");
                }
            }
        });
    let playing = *overlay.get() == Overlay::None && hud.won_for.is_none();
    if let Some(seconds) = hud.seconds() {
        // A real-time mode has no moves to undo: the top bar holds its buttons, the bottom of
        // the screen stays free for the player (and the touch buttons). A hint, or how to play
        // until the player first moves, shows under the bar, but not while the pause menu or
        // settings are open: in a small window it would cover them.
        let over_menu = *overlay.get() != Overlay::None;
        let line = match (&hud.hint, hud.status) {
            _ if over_menu => None,
            (_, Some(Status::Won)) => Some(("Out!".to_string(), colors::GOOD)),
            (Some(hint), _) => Some((hint.clone(), colors::ACCENT)),
            (None, _) if seconds == 0.0 => Some((
                hud.intro.clone().unwrap_or_else(|| hud.idle.clone()),
                colors::TEXT,
            )),
            _ => None,
        };
        if let Some((line, color)) = line {
            let line = crate::input::keys_in(&line, &labels);
            egui::Area::new(egui::Id::new("hud_line"))
                .anchor(
                    Align2::CENTER_TOP,
                    vec2(0.0, top.response.rect.height() + 10.0),
                )
                .interactable(false)
                .show(&ctx, |ui| {
                    egui::Frame::new()
                        .fill(colors::PANEL)
                        .corner_radius(CornerRadius::same(10))
                        .inner_margin(egui::Margin::symmetric(14, 8))
                        .show(ui, |ui| {
                            // One line where it fits, wrapped in a narrow window.
                            ui.set_max_width(ctx.content_rect().width() - 40.0);
                            ui.add(egui::Label::new(RichText::new(line).color(color)).wrap())
                        });
                });
        }
        insets.set_if_neq(HudInsets {
            top: top.response.rect.height() * ctx.zoom_factor(),
            bottom: 0.0,
            right: 0.0,
            foot: 0.0,
        });
        return Ok(());
    }
    // How the level stands, a hint, or a lesson's words, with the buttons under it: in a bar at
    // the bottom, or in a column at the right where the window is held sideways.
    let (line, color) = match (hud.status, &hud.hint, &hud.lost_reason) {
        (Some(Status::Won), _, _) => ("Solved!".to_string(), colors::GOOD),
        (Some(Status::Lost), _, Some(reason)) => (
            format!("{reason} Undo[ ({{undo}})|] or restart[ ({{restart}})|]."),
            colors::WARN,
        ),
        (_, Some(hint), _) => (hint.clone(), colors::ACCENT),
        _ => match &hud.intro {
            Some(intro) => (intro.clone(), colors::TEXT),
            None => (hud.idle.clone(), colors::MUTED),
        },
    };
    let line = crate::input::keys_in(&line, &labels);
    let pill = |label, action, enabled, press| Pill {
        label,
        key: key(action),
        enabled: playing && enabled,
        press,
    };
    let asked = |request| Press::Request(request);
    let mut pills = vec![
        pill("Undo", Action::Undo, hud.can_undo, asked(PlayRequest::Undo)),
        pill("Redo", Action::Redo, hud.can_redo, asked(PlayRequest::Redo)),
        pill(
            "Restart",
            Action::Restart,
            hud.can_restart,
            asked(PlayRequest::Restart),
        ),
        pill("Hint", Action::Hint, true, asked(PlayRequest::Hint)),
    ];
    if let Some(extra) = &hud.extra {
        pills.push(pill(&extra.label, extra.action, true, Press::Extra));
    }
    pills.push(pill("Pause", Action::Back, true, Press::Pause));
    // What was pressed, and the room taken: the column's width and its buttons' height, or the
    // bottom bar's height.
    let (press, (right, foot), bottom) = if held_sideways(ctx.content_rect().size()) {
        let (press, column) = side_column(&mut root, bar, &line, color, &pills);
        (press, column, 0.0)
    } else {
        let bottom = egui::Panel::bottom("hud_bottom")
            .frame(bar)
            .show(&mut root, |ui| {
                ui.vertical_centered(|ui| {
                    let budget = ctx.content_rect().height() * LINE_SHARE;
                    let size = line_size(ui, &line, budget);
                    ui.add(egui::Label::new(RichText::new(&line).size(size).color(color)).wrap());
                    ui.add_space(4.0);
                    pill_row(ui, &pills)
                })
                .inner
            });
        (bottom.inner, (0.0, 0.0), bottom.response.rect.height())
    };
    match press {
        Some(Press::Request(request)) => {
            requests.write(request);
        }
        Some(Press::Extra) => {
            extra_pressed.write(ExtraButtonPressed);
        }
        Some(Press::Pause) => next_overlay.set(Overlay::Paused),
        None => {}
    }
    // Bars are measured in egui points; the camera works in logical pixels.
    let zoom = ctx.zoom_factor();
    insets.set_if_neq(HudInsets {
        top: top.response.rect.height() * zoom,
        bottom: bottom * zoom,
        right: right * zoom,
        foot: foot * zoom,
    });
    Ok(())
}

/// While the mill is still making the level: what it is doing, and a way back.
fn draw_waiting(
    mut contexts: EguiContexts,
    waiting: Res<Waiting>,
    mut next: ResMut<NextState<Screen>>,
    mut again: MessageWriter<crate::mill::TryAgain>,
    names: super::control_names::ControlNames,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = root_ui(&ctx, "waiting");
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(&mut root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.3);
                egui::Frame::new()
                    .fill(colors::PANEL)
                    .corner_radius(egui::CornerRadius::same(16))
                    .inner_margin(24)
                    .show(ui, |ui| {
                        ui.set_width((ui.available_width() - 48.0).min(440.0));
                        ui.vertical_centered(|ui| {
                            let tier = waiting.tier.map_or_else(String::new, |t| format!("{t} "));
                            match &waiting.error {
                                Some(error) => {
                                    ui.label(
                                        RichText::new("No level this time")
                                            .size(28.0)
                                            .color(colors::WARN),
                                    );
                                    ui.label(RichText::new(error).color(colors::TEXT));
                                }
                                None => {
                                    ui.label(
                                        RichText::new(format!("Milling a fresh {tier}level…"))
                                            .size(26.0),
                                    );
                                    let best = waiting.best.map_or_else(String::new, |b| {
                                        format!(" · best score {}", score_text(b))
                                    });
                                    // A job of known size shows how far it is; one that
                                    // draws candidates until one passes, how many it drew.
                                    let progress = match waiting.share_done {
                                        Some(share) => {
                                            ui.add_space(6.0);
                                            ui.add(
                                                egui::ProgressBar::new(share)
                                                    .desired_width(280.0)
                                                    .fill(colors::ACCENT),
                                            );
                                            format!("Refining: {:.0}%{best}", share * 100.0)
                                        }
                                        None => {
                                            ui.add(
                                                egui::Spinner::new()
                                                    .size(28.0)
                                                    .color(colors::ACCENT),
                                            );
                                            format!("{} candidates tried{best}", waiting.attempts)
                                        }
                                    };
                                    ui.label(RichText::new(progress).color(colors::MUTED));
                                }
                            }
                            ui.add_space(8.0);
                            let label = if waiting.error.is_some() {
                                "Back"
                            } else {
                                "Cancel"
                            };
                            // Buttons side by side, centred: Try again (new seeds) and Back.
                            let retry = waiting.may_retry();
                            let width = if retry { 240.0 } else { 90.0 };
                            ui.allocate_ui_with_layout(
                                egui::vec2(width, 36.0),
                                egui::Layout::left_to_right(egui::Align::Center),
                                |ui| {
                                    let try_again = RichText::new("Try again").size(20.0);
                                    if retry && ui.button(try_again).clicked() {
                                        again.write(crate::mill::TryAgain);
                                    }
                                    if ui.button(RichText::new(label).size(20.0)).clicked() {
                                        next.set(Screen::LevelSelect);
                                    }
                                },
                            );
                            // A finger has the button only.
                            let line = "[{confirm} tries again with new seeds.|]";
                            let line = crate::input::keys_in(line, &names.labels());
                            if retry && !line.is_empty() {
                                ui.label(RichText::new(line).small().color(colors::MUTED));
                            }
                        });
                    });
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_keeps_its_row_only_where_everything_fits() {
        // (The buttons' own row is counted in the counter already: not in the fit.)
        let widths = BarWidths {
            counter: 300.0,
            code: 200.0,
            buttons: 1000.0,
        };
        // 100 + 2 * 8 + 300 = 416.
        assert!(widths.fit(416.0, 100.0, 8.0, false));
        assert!(!widths.fit(415.0, 100.0, 8.0, false));
        // The code adds its gap, its spacing and itself: 416 + 12 + 16 + 200 = 644.
        assert!(widths.fit(644.0, 100.0, 8.0, true));
        assert!(!widths.fit(643.0, 100.0, 8.0, true));
        // Nothing measured yet (the first frame): the title, the spacing and the code's gap.
        assert!(BarWidths::default().fit(144.0, 100.0, 8.0, true));
        assert!(!BarWidths::default().fit(143.0, 100.0, 8.0, true));
    }

    #[test]
    fn a_narrow_bar_s_second_row_counts_the_title_the_code_and_the_buttons() {
        let widths = BarWidths {
            counter: 300.0,
            code: 200.0,
            buttons: 250.0,
        };
        // The title 150, its spacing 16, the buttons 250; the code with its spacing 216 more.
        assert_eq!(widths.second_row(150.0, 8.0, false), 416.0);
        assert_eq!(widths.second_row(150.0, 8.0, true), 632.0);
    }
}
