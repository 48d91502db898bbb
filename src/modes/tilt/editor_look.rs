//! How Tilt's editor draws a cell (the core's `tilt::editor` holds its tools and check): floor or
//! wall, puddles, fruit in the chosen palette, obstacles, hedgehogs and anteaters, from the same
//! sprites as the board.

use super::art::TiltArt;
use crate::editor::look::{CellPaint, EditorArt, EditorLook, c32};
use crate::flow::Screen;
use crate::sprites::{SpriteImages, fruit_colours};
use crate::ui::theme;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::Color32;
use puzzlemill_core::ModeId;

/// Tilt's editor look.
pub const LOOK: EditorLook = EditorLook { paint };

/// The character the anteater's sprite is kept under (it is drawn turned for each facing).
const ANTEATER: char = 'A';

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), register);
}

/// Registers Tilt's sprites with egui for the editor.
fn register(
    mut contexts: EguiContexts,
    images: Res<SpriteImages>,
    art: Res<TiltArt>,
    mut editor_art: ResMut<EditorArt>,
) {
    let fruit = ('a'..='f').zip(&images.fruit);
    let obstacles = ['S', 'C', 'B'].into_iter().zip(&art.obstacles);
    let mut sprites: Vec<(char, &Handle<Image>)> = fruit.chain(obstacles).collect();
    sprites.extend([
        ('H', &art.hedgehog_asleep),
        (ANTEATER, &art.anteater),
        ('~', &art.puddle),
    ]);
    editor_art.register(&mut contexts, ModeId::Tilt, &sprites);
}

fn paint(cell: &CellPaint, ch: char) {
    cell.tile(c32(if ch == '#' { theme::WALL } else { theme::FLOOR }));
    let quarter = std::f32::consts::FRAC_PI_2;
    match ch {
        '~' => cell.image('~', 0.0, Color32::WHITE),
        'a'..='f' => {
            let colour = fruit_colours(cell.colour_blind)[(ch as u8 - b'a') as usize];
            cell.image(ch, 0.1, c32(colour));
        }
        'S' | 'C' | 'B' | 'H' => cell.image(ch, 0.08, Color32::WHITE),
        '>' => cell.image_turned(ANTEATER, 0.08, Color32::WHITE, 0.0),
        'v' => cell.image_turned(ANTEATER, 0.08, Color32::WHITE, quarter),
        '<' => cell.image_turned(ANTEATER, 0.08, Color32::WHITE, 2.0 * quarter),
        '^' => cell.image_turned(ANTEATER, 0.08, Color32::WHITE, -quarter),
        _ => {}
    }
}
