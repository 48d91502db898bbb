//! The stats screen, drawn: for the mode shown, the player's solve time against the level's
//! rated score (a scatter, one colour and marker per tier), hints and undos per play by tier and
//! solves per day (bars), how each of the rater's tiers went (a table), and the rank correlation
//! between rated score and solve time. Plots by egui_plot; colours from Okabe and Ito's palette,
//! with a marker shape per tier so colour is never the only cue.

use super::layout::{UiSetup, root_ui};
use super::stats_table::tier_grid;
use super::theme::{colors, sizes};
use crate::flow::{Screen, StatsView};
use crate::input::Action;
use crate::play_data::{Now, PlayHistory};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use egui_plot::{
    AxisHints, Bar, BarChart, Corner, GridMark, Legend, MarkerShape, Plot, PlotPoint, PlotUi,
    Points, Text, log_grid_spacer,
};
use puzzlemill_core::Tier;
use puzzlemill_core::play_data::stats::TierRow;
use puzzlemill_core::play_data::stats::{score_and_time, solved_per_day, spearman, tier_table};
use puzzlemill_core::play_data::{Outcome, Play};

/// Days the solves-per-day plot covers.
const DAYS: u32 = 30;

/// A plot that stays as drawn: no panning, zooming or scrolling, and a drag over it is the card's
/// (a finger's drag over a plot, meant to scroll the card, panned it instead, and an empty chart's
/// note went out of sight). egui_plot's axes still take a drag begun on their labels.
fn fixed(plot: Plot<'_>) -> Plot<'_> {
    plot.sense(egui::Sense::hover())
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .allow_axis_zoom_drag(false)
}

/// An empty plot: no axes or grid (their numbers would be around zero, minutes below zero among
/// them), room around the middle for [`empty_note`].
fn blank(plot: Plot<'_>) -> Plot<'_> {
    plot.show_axes(false)
        .show_grid(false)
        .include_x(-1.0)
        .include_x(1.0)
        .include_y(-1.0)
        .include_y(1.0)
}

/// Says in the middle of an empty plot ([`blank`]) what it waits for (unnamed, so not in the
/// legend).
fn empty_note(plot: &mut PlotUi, note: &str) {
    let text = RichText::new(format!(" {note} "))
        .size(16.0)
        .color(colors::MUTED)
        .background_color(colors::PANEL);
    plot.text(Text::new("", PlotPoint::new(0.0, 0.0), text));
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(UiSetup).run_if(in_state(Screen::Stats)),
    );
}

/// The scatter's bounds for these (score, minutes) points: scores with a tenth of their spread
/// (or of the score itself, for a single score) either side, and minutes from zero to a little
/// over the longest (at least a minute). `None` without points.
fn scatter_bounds<'a>(points: impl Iterator<Item = &'a [f64; 2]>) -> Option<[f64; 3]> {
    let (low, high, longest) = points.fold(None, |acc: Option<(f64, f64, f64)>, &[x, y]| {
        Some(acc.map_or((x, x, y), |(l, h, t)| (l.min(x), h.max(x), t.max(y))))
    })?;
    let spread = high - low;
    let pad = if spread > 0.0 {
        spread * 0.1
    } else {
        (high.abs() * 0.1).max(1.0)
    };
    Some([low - pad, high + pad, (longest * 1.15).max(1.0)])
}

/// The score axis' marks of `marks`: only whole steps where every score is whole (Lines' scores:
/// a tutorial board's 0 alone is not drawn between -0.4 and 0.4), and none below zero where no
/// score is.
fn score_marks(marks: Vec<GridMark>, whole: bool, below_zero: bool) -> Vec<GridMark> {
    marks
        .into_iter()
        .filter(|m| !whole || m.step_size >= 1.0)
        .filter(|m| below_zero || m.value >= 0.0)
        .collect()
}

/// Solves below which a rank correlation is only a hint: chance alone gives one of 0.6 or more
/// to a few solves often (at 9, Spearman's rho needs about 0.68 to pass a 5% test).
const FEW_SOLVES: usize = 10;

/// Each tier's colour (Okabe and Ito) and marker.
fn tier_look(tier: Tier) -> (Color32, MarkerShape) {
    match tier {
        Tier::Easy => (Color32::from_rgb(0x00, 0x9E, 0x73), MarkerShape::Circle),
        Tier::Medium => (Color32::from_rgb(0x56, 0xB4, 0xE9), MarkerShape::Square),
        Tier::Hard => (Color32::from_rgb(0xE6, 0x9F, 0x00), MarkerShape::Diamond),
        Tier::Expert => (Color32::from_rgb(0xCC, 0x79, 0xA7), MarkerShape::Up),
    }
}

/// What Spearman's rho says, in words.
fn rho_words(rho: Option<f64>, solves: usize) -> String {
    match rho {
        None if solves < 3 => format!(
            "Rank correlation of score and time: needs three timed solves of rated levels ({solves} so far)."
        ),
        // Spearman's rank correlation has no value where every score (or every time) is the same.
        None => format!(
            "Rank correlation of score and time: none yet, as the {solves} timed solves all have \
             the same score (or the same time): it needs levels rated apart."
        ),
        Some(r) if solves < FEW_SOLVES => {
            let (trend, sure) = if r >= 0.3 {
                ("higher scores have taken you longer", "to be sure")
            } else if r > -0.3 {
                ("no order of score and time shows", "to say")
            } else {
                ("higher scores have taken you less time", "to be sure")
            };
            format!(
                "Rank correlation of score and solve time (Spearman): {r:.2} over {solves} \
                 solves; {trend} so far, but {solves} solves are too few {sure}."
            )
        }
        Some(r) => {
            let says = if r >= 0.6 {
                "higher scores took you clearly longer: the rater orders levels as you find them"
            } else if r >= 0.3 {
                "higher scores tended to take you longer"
            } else if r > -0.3 {
                "the score says little about how long you take"
            } else {
                "higher scores took you less time: the rater disagrees with you"
            };
            format!(
                "Rank correlation of score and solve time (Spearman): {r:.2} over {solves} solves; {says}."
            )
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut view: ResMut<StatsView>,
    history: Res<PlayHistory>,
    now: Res<Now>,
    names: super::control_names::ControlNames,
    mut next: ResMut<NextState<Screen>>,
    mut overflows: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mode = view.mode;
    let labels = names.labels();
    let plays: Vec<&Play> = history.of_mode(mode.key()).collect();
    let mut root = root_ui(&ctx, "stats");
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(16))
        .show(&mut root, |ui| {
            // Back at the left, as on every screen with one; the title shrinks where Back, the
            // arrows and it would not fit one row (a phone: Back covered the ▶).
            let title = format!("Stats · {}", mode.label());
            let title_width = ui.fonts_mut(|f| {
                (f.layout_no_wrap(
                    title.clone(),
                    egui::FontId::proportional(34.0),
                    colors::TEXT,
                ))
                .size()
                .x
            });
            // Back and the arrows' buttons with their gaps, and a margin.
            let room = ui.available_width() - 260.0;
            let size = (34.0 * (room / title_width).min(1.0)).max(18.0);
            ui.horizontal(|ui| {
                let back = super::menu_view::back_button();
                if ui
                    .add(back)
                    .on_hover_text(labels.of(Action::Back))
                    .clicked()
                {
                    next.set(Screen::Title);
                }
                ui.add_space(8.0);
                if ui.button(RichText::new("◀").size(22.0)).clicked() {
                    view.step(-1);
                }
                ui.label(RichText::new(title).size(size));
                if ui.button(RichText::new("▶").size(22.0)).clicked() {
                    view.step(1);
                }
            });
            let solved = plays
                .iter()
                .filter(|p| p.outcome == Outcome::Solved)
                .count();
            let count = format!(
                "{} play{}, {solved} solved",
                plays.len(),
                if plays.len() == 1 { "" } else { "s" },
            );
            // A finger has the arrows' buttons and Back only (and drags the card). The keys
            // that scroll are named where the card was too long last frame.
            let line = if names.by_touch() {
                count
            } else {
                let mut parts = vec![
                    count,
                    format!("{} another mode", labels.pair(Action::Left, Action::Right)),
                ];
                if *overflows {
                    parts.push(format!("{} scroll", labels.pair(Action::Up, Action::Down)));
                }
                parts.push(format!("{} back", labels.of(Action::Back)));
                // Where it wraps, a part ("↑↓ scroll") never breaks.
                super::format::kept_whole(&parts.join(" · "), " · ", usize::MAX)
            };
            ui.label(RichText::new(line).color(colors::MUTED));
            let pairs = score_and_time(plays.iter().copied());
            ui.label(rho_words(spearman(&pairs), pairs.len()));
            ui.add_space(6.0);
            // On a card, as the menus are, so the backdrop's drifting shapes never cross the
            // plots' labels and the table.
            let card = egui::Frame::new()
                .fill(colors::PANEL)
                .corner_radius(egui::CornerRadius::same(16))
                .inner_margin(sizes::PAD);
            card.show(ui, |ui| {
                let shown = egui::ScrollArea::vertical().show(ui, |ui| {
                    // Up and Down scroll by a third of the card.
                    if view.scroll != 0 {
                        let step = ui.clip_rect().height() / 3.0;
                        ui.scroll_with_delta(vec2(0.0, -(view.scroll as f32) * step));
                        view.scroll = 0;
                    }
                    plots_and_table(ui, &plays, &now)
                });
                *overflows = shown.content_size.y > shown.inner_rect.height() + 1.0;
            });
        });
    Ok(())
}

/// Solved plays' (score, minutes), per tier that has any.
type ByTier = Vec<(Tier, Vec<[f64; 2]>)>;

/// The scatter's points: solved plays with a rated score, by tier.
fn plays_by_tier(plays: &[&Play]) -> ByTier {
    Tier::ALL
        .into_iter()
        .map(|tier| {
            let points = plays
                .iter()
                .filter(|p| p.tier == Some(tier) && p.outcome == Outcome::Solved)
                .filter_map(|p| p.score.map(|s| [s, f64::from(p.seconds) / 60.0]))
                .collect::<Vec<_>>();
            (tier, points)
        })
        .filter(|(_, points)| !points.is_empty())
        .collect()
}

/// The card's contents: the scatter and the hints-and-undos bars (side by side in a wide
/// window, and in one held sideways, whose short card showed the scatter cut), solves per day,
/// and the tiers' table.
fn plots_and_table(ui: &mut egui::Ui, plays: &[&Play], now: &Now) {
    let sideways = super::layout::held_sideways(ui.ctx().content_rect().size());
    let wide = ui.available_width() > 900.0 || (sideways && ui.available_width() > 600.0);
    let plot_width = if wide {
        ui.available_width() / 2.0 - 12.0
    } else {
        ui.available_width()
    };
    // Side by side, the plots share the screen's height with the table, so a mode's stats fit
    // in one screen where the window allows.
    let room = ui.available_height();
    let height = if wide {
        (room * 0.36).clamp(170.0, 280.0)
    } else {
        220.0
    };
    let days_height = if wide {
        (room * 0.2).clamp(110.0, 200.0)
    } else {
        160.0
    };
    let size = vec2(plot_width, height);
    let by_tier = plays_by_tier(plays);
    let rows = tier_table(plays.iter().copied());
    if wide {
        ui.horizontal(|ui| {
            scatter(ui, by_tier, size);
            help(ui, &rows, !plays.is_empty(), size);
        });
    } else {
        scatter(ui, by_tier, size);
        help(ui, &rows, !plays.is_empty(), size);
    }
    solved_days(ui, plays, now, days_height);
    ui.add_space(8.0);
    ui.label(RichText::new("How each of the rater's tiers went").strong());
    tier_grid(ui, &rows, |r| tier_look(r.tier).0);
    if rows.is_empty() {
        let why = if plays.is_empty() {
            "Nothing played in this mode yet."
        } else {
            // Plays of levels the rater gave no tier (a shared or edited level it could not rate).
            "None of the levels played here has a tier from the rater yet."
        };
        ui.label(RichText::new(why).color(colors::MUTED));
    }
}

/// Solve time against the rated score, a colour and marker per tier.
fn scatter(ui: &mut egui::Ui, by_tier: ByTier, size: egui::Vec2) {
    ui.vertical(|ui| {
        // As wide as its plot, the title wrapped to it (side by side at a large text size, the
        // titles' widths pushed the second plot off the card).
        ui.set_width(size.x);
        ui.add(
            egui::Label::new(RichText::new("Solve time against the rated score").strong()).wrap(),
        );
        let all = by_tier.iter().flat_map(|(_, points)| points);
        let whole = all.clone().all(|[score, _]| score.fract() == 0.0);
        let below_zero = all.clone().any(|[score, _]| *score < 0.0);
        let mut plot = Plot::new("stats_scatter")
            .width(size.x)
            .height(size.y)
            .legend(
                Legend::default()
                    .follow_insertion_order(true)
                    .text_style(egui::TextStyle::Small)
                    .position(Corner::LeftTop),
            )
            // Labels closer than egui_plot's 60 points: on a phone the score's steps of 125 are
            // about 50 points apart, and without this only the 0 was labelled.
            .custom_x_axes(vec![
                AxisHints::new_x()
                    .label("rated score")
                    .label_spacing(34.0..=46.0),
            ])
            .y_axis_label("minutes")
            // Steps of 1, 5 and 25 label more often than powers of ten.
            .x_grid_spacer(move |input| score_marks(log_grid_spacer(5)(input), whole, below_zero))
            .y_grid_spacer(log_grid_spacer(5));
        plot = fixed(plot);
        if let Some([left, right, top]) = scatter_bounds(all) {
            plot = plot
                .include_x(left)
                .include_x(right)
                .include_y(0.0)
                .include_y(top);
        } else {
            plot = blank(plot);
        }
        plot.show(ui, |plot| {
            if by_tier.is_empty() {
                empty_note(plot, "No rated level solved yet");
            }
            for (tier, points) in by_tier {
                let (colour, shape) = tier_look(tier);
                plot.points(
                    Points::new(tier.label(), points)
                        .color(colour)
                        .shape(shape)
                        .filled(true)
                        .radius(5.0),
                );
            }
        });
    });
}

/// A tier's name under its bars; `short` where the bars are narrow.
fn tier_name(tier: Tier, short: bool) -> &'static str {
    match (tier, short) {
        (Tier::Medium, true) => "Med.",
        (Tier::Expert, true) => "Exp.",
        _ => tier.label(),
    }
}

/// Hints and undos per play, two bars per tier (`played`: whether the mode has any play, rated
/// or not, for the note of an empty chart).
fn help(ui: &mut egui::Ui, rows: &[TierRow], played: bool, size: egui::Vec2) {
    ui.vertical(|ui| {
        // As wide as its plot, the title wrapped to it (side by side at a large text size, the
        // titles' widths pushed the second plot off the card).
        ui.set_width(size.x);
        ui.add(
            egui::Label::new(RichText::new("Hints and undos per play, by tier").strong()).wrap(),
        );
        // The tiers' places (the axis runs from -0.6 to a little past the last): too narrow for
        // "Medium" and "Expert" on a phone.
        let short = size.x / (Tier::ALL.len() as f32 + 0.2) < 80.0;
        let bars = |offset: f64, pick: fn(&TierRow) -> f32| {
            rows.iter()
                .map(|r| {
                    Bar::new(r.tier as usize as f64 + offset, f64::from(pick(r)))
                        .width(0.35)
                        .name(r.tier.label())
                })
                .collect::<Vec<_>>()
        };
        let mut plot = Plot::new("stats_help")
            .width(size.x)
            .height(size.y)
            .legend(
                Legend::default()
                    .follow_insertion_order(true)
                    .text_style(egui::TextStyle::Small),
            )
            .y_grid_spacer(log_grid_spacer(5))
            .custom_x_axes(vec![
                AxisHints::new_x()
                    .formatter(move |mark, _| {
                        Tier::ALL
                            .get(mark.value.round() as usize)
                            .filter(|_| (mark.value - mark.value.round()).abs() < 1e-6)
                            .map_or(String::new(), |t| tier_name(*t, short).to_string())
                    })
                    // A tier's place is about 65 points wide on a phone: labelled all the same.
                    .label_spacing(30.0..=40.0),
            ]);
        plot = fixed(plot);
        if !rows.is_empty() {
            // Every tier has its place, and a row of zeros shows as zero on a scale up to one,
            // not as a line in the middle of nothing.
            let most = rows
                .iter()
                .map(|r| r.hints.max(r.undos))
                .fold(0.0, f32::max);
            plot = plot
                .include_x(-0.6)
                .include_x(Tier::ALL.len() as f64 - 0.4)
                .include_y(0.0)
                .include_y(f64::from(most.max(1.0)) * 1.15);
        } else {
            plot = blank(plot);
        }
        plot.show(ui, |plot| {
            if rows.is_empty() {
                let note = if played {
                    "No rated level played yet"
                } else {
                    "Nothing played yet"
                };
                empty_note(plot, note);
                return;
            }
            plot.bar_chart(
                BarChart::new("hints", bars(-0.2, |r| r.hints))
                    .color(Color32::from_rgb(0x00, 0x72, 0xB2)),
            );
            plot.bar_chart(
                BarChart::new("undos", bars(0.2, |r| r.undos))
                    .color(Color32::from_rgb(0xD5, 0x5E, 0x00)),
            );
        });
    });
}

/// Solves per day over the last [`DAYS`] days.
fn solved_days(ui: &mut egui::Ui, plays: &[&Play], now: &Now, height: f32) {
    let days = solved_per_day(plays.iter().copied(), now.today(), DAYS);
    let today = now.today().0;
    ui.label(RichText::new(format!("Solved per day, the last {DAYS} days")).strong());
    let most = days.iter().map(|d| d.1).max().unwrap_or(0);
    let plot = Plot::new("stats_days")
        .width(ui.available_width())
        .height(height)
        .y_grid_spacer(log_grid_spacer(5))
        .default_y_bounds(0.0, f64::from(most.max(1)) + 0.5)
        // The bars' foot needs no "0", which sat against the first date.
        .y_axis_formatter(|mark, _| match mark.value {
            0.0 => String::new(),
            n => n.to_string(),
        })
        .x_axis_formatter(move |mark, _| {
            let day = puzzlemill_core::play_data::Day(today + mark.value.round() as i64);
            let (_, m, d) = day.date();
            format!("{m}/{d}")
        });
    fixed(plot).show(ui, |plot| {
        let bars = days
            .iter()
            .map(|(day, n)| Bar::new((day.0 - today) as f64, f64::from(*n)).width(0.8))
            .collect();
        plot.bar_chart(BarChart::new("solved", bars).color(colors::ACCENT));
    });
}

#[cfg(test)]
mod tests {
    use super::{rho_words, scatter_bounds, score_marks};
    use egui_plot::{GridInput, log_grid_spacer};

    #[test]
    fn no_correlation_is_told_apart_from_too_few_solves() {
        assert!(rho_words(None, 2).contains("needs three timed solves"));
        let tied = rho_words(None, 5);
        assert!(tied.contains("all have the same score"), "{tied}");
        // A few solves give a hint, not a verdict.
        let few = rho_words(Some(0.7), 5);
        assert!(few.contains("0.70 over 5 solves"), "{few}");
        assert!(few.contains("have taken you longer so far"), "{few}");
        assert!(
            few.contains("too few to be sure") && !few.contains("clearly"),
            "{few}"
        );
        let many = rho_words(Some(0.7), 12);
        assert!(many.contains("clearly longer"), "{many}");
        assert!(rho_words(Some(-0.5), 4).contains("less time so far"));
    }

    #[test]
    fn the_score_axis_of_whole_scores_has_whole_marks_and_none_below_zero() {
        // Lines' tutorial boards alone: every score 0, the axis from -1 to 1.
        let [left, right, _] = scatter_bounds([[0.0, 0.5], [0.0, 0.7]].iter()).unwrap();
        let spacer = log_grid_spacer(5);
        let marks = |whole, below_zero| {
            let input = GridInput {
                bounds: (left, right),
                base_step_size: 0.01,
            };
            let values: Vec<f64> = score_marks(spacer(input), whole, below_zero)
                .iter()
                .map(|m| m.value)
                .collect();
            values
        };
        let whole = marks(true, false);
        assert!(whole.contains(&0.0), "{whole:?}");
        assert!(
            whole.iter().all(|v| *v >= 0.0 && v.fract() == 0.0),
            "{whole:?}"
        );
        // Fractional scores (Tilt's) keep the finer marks, and a score below zero its side.
        let fine = marks(false, true);
        assert!(fine.contains(&0.2) && fine.contains(&-0.4), "{fine:?}");
    }

    #[test]
    fn the_scatter_pads_its_scores_and_starts_time_at_zero() {
        assert_eq!(scatter_bounds([].iter()), None);
        // One solve: its score in the middle, a minute of time at least.
        let [left, right, top] = scatter_bounds([[3.0, 0.02]].iter()).unwrap();
        assert!(left < 3.0 && right > 3.0 && (3.0 - left - (right - 3.0)).abs() < 1e-9);
        assert_eq!(top, 1.0);
        // A spread: a tenth of it either side; the longest time under the top.
        let [left, right, top] = scatter_bounds([[200.0, 2.0], [400.0, 6.0]].iter()).unwrap();
        assert_eq!((left, right), (180.0, 420.0));
        assert!(top > 6.0 && top < 7.0);
    }
}
