//! How Climb's editor draws a cell (the core's `climb::editor` holds its tools and check): earth
//! with grass where air is above it, the cave's wall colour for air, two spikes in a block's lower
//! half, and the doors, gems and the player (in the replay) from the same sprites as the run.

use super::view::ClimbArt;
use crate::editor::look::{CellPaint, EditorArt, EditorLook};
use crate::flow::Screen;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{Color32, Pos2, Shape, Stroke, pos2};
use puzzlemill_core::ModeId;
use puzzlemill_core::climb::editor::PLAYER;

/// Climb's editor look.
pub const LOOK: EditorLook = EditorLook { paint };

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), register);
}

/// Registers Climb's sprites with egui for the editor, under the characters they stand for.
fn register(mut contexts: EguiContexts, art: Res<ClimbArt>, mut editor_art: ResMut<EditorArt>) {
    editor_art.register(
        &mut contexts,
        ModeId::Climb,
        &[
            ('S', &art.door),
            ('E', &art.exit),
            ('*', &art.gem),
            (PLAYER, &art.player),
        ],
    );
}

const EARTH: Color32 = Color32::from_rgb(140, 94, 56);
const GRASS: Color32 = Color32::from_rgb(92, 178, 76);
const AIR: Color32 = Color32::from_rgb(37, 34, 50);
const SPIKE: Color32 = Color32::from_rgb(216, 216, 230);

fn paint(cell: &CellPaint, ch: char) {
    let r = cell.rect;
    if ch == '#' {
        cell.painter.rect_filled(r, 0.0, EARTH);
        // Grass on a face the player can stand on: open space above (not earth, not off the
        // board).
        if !matches!(cell.around[2], '#' | ' ') {
            let top = r.with_max_y(r.top() + r.height() * 0.22);
            cell.painter.rect_filled(top, 0.0, GRASS);
        }
        return;
    }
    cell.painter.rect_filled(r, 0.0, AIR);
    match ch {
        '^' => {
            // Two spikes standing in the block's lower half, as the run draws them.
            let (w, h) = (r.width(), r.height());
            for k in 0..2 {
                let left = r.left() + w * 0.5 * k as f32;
                let points: Vec<Pos2> = vec![
                    pos2(left + w * 0.04, r.bottom()),
                    pos2(left + w * 0.25, r.bottom() - h * 0.5),
                    pos2(left + w * 0.46, r.bottom()),
                ];
                cell.painter
                    .add(Shape::convex_polygon(points, SPIKE, Stroke::NONE));
            }
        }
        'S' | 'E' => cell.image(ch, 0.04, Color32::WHITE),
        '*' => cell.image(ch, 0.18, Color32::WHITE),
        c if c == PLAYER => cell.image(c, 0.1, Color32::WHITE),
        _ => {}
    }
}
