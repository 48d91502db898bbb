//! The stats screen's table of how each tier went. Where the window is too narrow for every
//! column (a phone held upright), the columns after the tier's name go into as many blocks, one
//! under the other, as it takes for each to fit, each block with the tiers' names again.

use super::theme::colors;
use bevy_egui::egui::{self, Color32, RichText};
use puzzlemill_core::play_data::aim::clock;
use puzzlemill_core::play_data::stats::TierRow;
use std::ops::Range;

/// Room between two columns, in points.
const GAP: f32 = 28.0;

/// A column: its heading and what it shows of a row.
type Column = (&'static str, fn(&TierRow) -> String);

/// The columns after the tier's name.
const COLUMNS: [Column; 7] = [
    ("played", |r| r.played.to_string()),
    ("solved", |r| r.solved.to_string()),
    ("left", |r| r.left.to_string()),
    ("restarted", |r| r.restarted.to_string()),
    ("median time", |r| {
        r.median_seconds.map_or("-".to_string(), clock)
    }),
    ("hints", |r| format!("{:.1}", r.hints)),
    ("undos", |r| format!("{:.1}", r.undos)),
];

/// The columns' blocks: consecutive columns of `widths` (each column's widest text), beside a
/// first column `first` wide, fitted in `room` points with [`GAP`] between columns, in order.
/// A column wider than the room alone gets a block of its own.
fn blocks(first: f32, widths: &[f32], room: f32) -> Vec<Range<usize>> {
    let mut blocks = Vec::new();
    let mut start = 0;
    let mut used = first;
    for (i, width) in widths.iter().enumerate() {
        if i > start && used + GAP + width > room {
            blocks.push(start..i);
            start = i;
            used = first;
        }
        used += GAP + width;
    }
    if start < widths.len() {
        blocks.push(start..widths.len());
    }
    blocks
}

/// How each tier went, a row per tier played, in as many blocks of columns as the width needs.
pub(super) fn tier_grid(
    ui: &mut egui::Ui,
    rows: &[TierRow],
    tier_colour: impl Fn(&TierRow) -> Color32,
) {
    // Without a tier played there is nothing to head (the screen says so under the heading).
    if rows.is_empty() {
        return;
    }
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |ui: &egui::Ui, text: String| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(text, font.clone(), Color32::WHITE)
                .size()
                .x
        })
    };
    let first = rows
        .iter()
        .map(|r| width(ui, r.tier.label().to_string()))
        .fold(width(ui, "tier".to_string()), f32::max);
    let widths: Vec<f32> = COLUMNS
        .iter()
        .map(|(head, cell)| {
            rows.iter()
                .map(|r| width(ui, cell(r)))
                .fold(width(ui, head.to_string()), f32::max)
        })
        .collect();
    // A little short of the room: the grid's own rounding and the card's scroll bar.
    let room = ui.available_width() - 12.0;
    for (n, block) in blocks(first, &widths, room).into_iter().enumerate() {
        if n > 0 {
            ui.add_space(10.0);
        }
        egui::Grid::new(("stats_table", n))
            .striped(true)
            .spacing([GAP, 6.0])
            .show(ui, |ui| {
                ui.label(RichText::new("tier").color(colors::MUTED));
                for (head, _) in &COLUMNS[block.clone()] {
                    ui.label(RichText::new(*head).color(colors::MUTED));
                }
                ui.end_row();
                for r in rows {
                    ui.label(RichText::new(r.tier.label()).color(tier_colour(r)));
                    for (_, cell) in &COLUMNS[block.clone()] {
                        ui.label(cell(r));
                    }
                    ui.end_row();
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::{GAP, blocks};

    #[test]
    fn columns_go_into_blocks_that_fit_the_room() {
        let widths = [50.0, 50.0, 30.0, 80.0, 100.0, 40.0, 45.0];
        let whole: f32 = 60.0 + widths.iter().map(|w| w + GAP).sum::<f32>();
        // Room for all: one block.
        assert_eq!(blocks(60.0, &widths, whole), vec![0..7]);
        // A point short: the last column goes below.
        assert_eq!(blocks(60.0, &widths, whole - 1.0), vec![0..6, 6..7]);
        // A phone: each block fits beside the tiers' names, every column once, in order.
        let room = 330.0;
        let found = blocks(60.0, &widths, room);
        assert_eq!(found, vec![0..3, 3..5, 5..7]);
        for block in &found {
            let used: f32 = 60.0 + widths[block.clone()].iter().map(|w| w + GAP).sum::<f32>();
            assert!(used <= room, "{block:?} takes {used}");
        }
        // A column wider than the room alone still shows, in a block of its own.
        assert_eq!(
            blocks(60.0, &[50.0, 400.0, 50.0], 200.0),
            vec![0..1, 1..2, 2..3]
        );
    }
}
