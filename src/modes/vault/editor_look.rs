//! How Vault's editor draws a cell (the core's `vault::editor` holds its tools and check): rock,
//! wall and floor in the map's colours; doors, windows, keys, switches, the start and the exit
//! from the same sprites as the map, each lock's doors, key and switch in its script's colour
//! with its number; a secret wall as a wall with a faint "?", which the map never shows.

use super::art::VaultArt;
use super::scripts::script_colour;
use crate::editor::look::{CellPaint, EditorArt, EditorLook, c32};
use crate::flow::Screen;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{Align2, Color32, FontId, vec2};
use puzzlemill_core::ModeId;
use puzzlemill_core::vault::level::OpenerKind;
use puzzlemill_core::vault::marks::opener_of;

/// Vault's editor look.
pub const LOOK: EditorLook = EditorLook { paint };

/// The characters the sprites are kept under (keys and switches are drawn tinted per lock).
const KEY: char = 'k';
const SWITCH: char = 's';

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), register);
}

/// Registers Vault's sprites with egui for the editor.
fn register(mut contexts: EguiContexts, art: Res<VaultArt>, mut editor_art: ResMut<EditorArt>) {
    editor_art.register(
        &mut contexts,
        ModeId::Vault,
        &[
            (KEY, &art.key),
            (SWITCH, &art.switch),
            ('X', &art.exit),
            ('@', &art.player),
            ('+', &art.door),
            ('=', &art.window),
        ],
    );
}

const ROCK: Color32 = Color32::from_rgb(18, 17, 26);
const WALL: Color32 = Color32::from_rgb(124, 120, 136);
const FLOOR: Color32 = Color32::from_rgb(86, 82, 100);

/// A lock's number in the cell's lower right corner.
fn number(cell: &CellPaint, script: u8, colour: Color32) {
    let side = cell.side();
    cell.painter.text(
        cell.rect.right_bottom() - vec2(side * 0.08, side * 0.02),
        Align2::RIGHT_BOTTOM,
        script.to_string(),
        FontId::proportional(side * 0.42),
        colour,
    );
}

fn paint(cell: &CellPaint, ch: char) {
    let ground = match ch {
        ' ' => ROCK,
        '#' | '+' | '=' | '?' | '1'..='9' => WALL,
        _ => FLOOR,
    };
    cell.painter.rect_filled(cell.rect, 0.0, ground);
    let tint = |script: u8| c32(script_colour(cell.colour_blind, script));
    match ch {
        '+' => cell.image('+', 0.06, tint(0)),
        '1'..='9' => {
            let script = ch as u8 - b'0';
            cell.image('+', 0.06, tint(script));
            number(cell, script, Color32::BLACK);
        }
        '=' => cell.image('=', 0.06, Color32::WHITE),
        '?' => cell.text("?", 0.5, Color32::from_rgb(160, 156, 172)),
        '@' => cell.image('@', 0.14, Color32::WHITE),
        'X' => cell.image('X', 0.1, Color32::WHITE),
        _ => {
            if let Some((kind, script)) = opener_of(ch) {
                let sprite = match kind {
                    OpenerKind::Key => KEY,
                    OpenerKind::Switch => SWITCH,
                };
                cell.image(sprite, 0.12, tint(script));
                number(cell, script, Color32::WHITE);
            }
        }
    }
}
