//! How a mode's editor draws a cell: its line in the game's table of modes
//! ([`GameMode::editor`](crate::modes::GameMode)). A painter gets the cell's rectangle and its
//! character (the level rows' characters, and `-` and `|` for the cells of a Lines solution's
//! lines) and draws it with egui; sprites it needs are registered as egui textures in
//! [`EditorArt`] by the mode's view.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, CornerRadius, Rect, TextureId};
use bevy_egui::{EguiContexts, EguiTextureHandle};
use puzzlemill_core::ModeId;
use std::collections::HashMap;

/// A mode's editor look.
#[derive(Clone, Copy, Debug)]
pub struct EditorLook {
    /// Draws a cell holding a character.
    pub paint: fn(&CellPaint, char),
}

/// Sprites the editors draw, as egui textures, by mode and character.
#[derive(Resource, Default)]
pub struct EditorArt {
    images: HashMap<(ModeId, char), TextureId>,
}

impl EditorArt {
    /// Registers the texture drawn for `ch` in `mode`'s editor.
    pub fn insert(&mut self, mode: ModeId, ch: char, texture: TextureId) {
        self.images.insert((mode, ch), texture);
    }

    /// Registers `sprites` (each a character and its image) as `mode`'s editor textures, once:
    /// a mode's editor look calls it on entering the editor.
    pub fn register(
        &mut self,
        contexts: &mut EguiContexts,
        mode: ModeId,
        sprites: &[(char, &Handle<Image>)],
    ) {
        if self.images.keys().any(|&(m, _)| m == mode) {
            return;
        }
        for &(ch, image) in sprites {
            let id = contexts.add_image(EguiTextureHandle::Strong(image.clone()));
            self.insert(mode, ch, id);
        }
    }

    /// The texture drawn for `ch` in `mode`'s editor.
    pub fn get(&self, mode: ModeId, ch: char) -> Option<TextureId> {
        self.images.get(&(mode, ch)).copied()
    }
}

/// One cell to draw.
pub struct CellPaint<'a> {
    /// Where to draw.
    pub painter: &'a egui::Painter,
    /// The cell.
    pub rect: Rect,
    /// The editor's mode.
    pub mode: ModeId,
    /// Its sprites.
    pub art: &'a EditorArt,
    /// Whether the colour-blind palette is on.
    pub colour_blind: bool,
    /// The characters of the cells to the left, right, above and below (a space off the board
    /// or for a cell drawn alone), for looks that join a cell to its neighbours.
    pub around: [char; 4],
}

impl CellPaint<'_> {
    /// Fills the cell, inset a little, with rounded corners.
    pub fn tile(&self, colour: Color32) {
        self.painter
            .rect_filled(self.rect.shrink(1.0), CornerRadius::same(6), colour);
    }

    /// Draws `mode`'s texture for `ch` over the cell, shrunk by `inset` of its side, tinted.
    pub fn image(&self, ch: char, inset: f32, tint: Color32) {
        self.image_turned(ch, inset, tint, 0.0);
    }

    /// [`CellPaint::image`] turned by `angle` radians (clockwise on screen) about its centre.
    pub fn image_turned(&self, ch: char, inset: f32, tint: Color32, angle: f32) {
        let Some(texture) = self.art.get(self.mode, ch) else {
            return;
        };
        let r = self.rect.shrink(self.rect.width() * inset);
        let mut mesh = egui::Mesh::with_texture(texture);
        mesh.add_rect_with_uv(
            r,
            Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            tint,
        );
        if angle != 0.0 {
            mesh.rotate(egui::emath::Rot2::from_angle(angle), r.center());
        }
        self.painter.add(egui::Shape::mesh(mesh));
    }

    /// A character centred on the cell, `size` of its side tall.
    pub fn text(&self, text: &str, size: f32, colour: Color32) {
        self.painter.text(
            self.rect.center(),
            egui::Align2::CENTER_CENTER,
            text,
            egui::FontId::proportional(self.rect.height() * size),
            colour,
        );
    }

    /// The cell's side in points.
    pub fn side(&self) -> f32 {
        self.rect.width()
    }
}

/// An egui colour from a Bevy one.
pub fn c32(c: Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}
