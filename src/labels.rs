//! Number labels on the boards (Lines' numbers, Vault's door and key numbers): each text is
//! rasterised once from the shipped font (Comfortaa) with ab_glyph into a white image whose alpha
//! is the glyphs' coverage, kept, and drawn as a sprite tinted to the label's colour. These few
//! labels are all the text the game draws in the world (menus and the HUD are egui), so Bevy's own
//! text stack, a large part of a first build, is left out.

use ab_glyph::{Font, FontArc, PxScale, ScaleFont, point};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::collections::HashMap;

/// The font, built into the binary so labels never wait for an asset.
const FONT: &[u8] = include_bytes!("../assets/fonts/Comfortaa-Bold.ttf");
/// Pixel height labels are rasterised at (they are scaled down on the board).
const RASTER: f32 = 96.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Labels>();
}

/// The font and every label rasterised so far.
#[derive(Resource)]
pub struct Labels {
    font: FontArc,
    made: HashMap<String, (Handle<Image>, Vec2)>,
}

impl Default for Labels {
    fn default() -> Self {
        Self {
            font: FontArc::try_from_slice(FONT).expect("the shipped font reads"),
            made: HashMap::new(),
        }
    }
}

impl Labels {
    /// A sprite showing `text` in `color`, its letters `size` world units tall (like a font
    /// size), centred on its transform.
    pub fn sprite(
        &mut self,
        text: &str,
        size: f32,
        color: Color,
        images: &mut Assets<Image>,
    ) -> Sprite {
        if !self.made.contains_key(text) {
            let made = self.rasterise(text, images);
            self.made.insert(text.to_string(), made);
        }
        let (image, pixels) = &self.made[text];
        let scale = size / RASTER;
        Sprite {
            image: image.clone(),
            color,
            custom_size: Some(*pixels * scale),
            ..default()
        }
    }

    /// `text` as a white image with coverage in its alpha, and its size in pixels.
    fn rasterise(&self, text: &str, images: &mut Assets<Image>) -> (Handle<Image>, Vec2) {
        let scaled = self.font.as_scaled(PxScale::from(RASTER));
        let mut x = 0.0;
        let mut previous = None;
        let mut glyphs = Vec::new();
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(before) = previous {
                x += scaled.kern(before, id);
            }
            glyphs.push(id.with_scale_and_position(RASTER, point(x, scaled.ascent())));
            x += scaled.h_advance(id);
            previous = Some(id);
        }
        let width = x.ceil().max(1.0) as u32;
        let height = (scaled.ascent() - scaled.descent()).ceil().max(1.0) as u32;
        let mut data = vec![0u8; (width * height * 4) as usize];
        for glyph in glyphs {
            let Some(outline) = self.font.outline_glyph(glyph) else {
                continue;
            };
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i32 + gx as i32;
                let py = bounds.min.y as i32 + gy as i32;
                if px < 0 || py < 0 || px >= width as i32 || py >= height as i32 {
                    return;
                }
                let i = ((py as u32 * width + px as u32) * 4) as usize;
                let alpha = (coverage.clamp(0.0, 1.0) * 255.0) as u8;
                data[i..i + 3].copy_from_slice(&[255, 255, 255]);
                data[i + 3] = data[i + 3].max(alpha);
            });
        }
        let image = Image::new(
            Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        );
        (images.add(image), Vec2::new(width as f32, height as f32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_rasterised_once_with_ink_in_it() {
        let mut images = Assets::<Image>::default();
        let mut labels = Labels::default();
        let a = labels.sprite("12", 20.0, Color::WHITE, &mut images);
        let b = labels.sprite("12", 40.0, Color::BLACK, &mut images);
        assert_eq!(a.image, b.image, "made once");
        assert_eq!(images.len(), 1);
        let (wa, wb) = (a.custom_size.unwrap(), b.custom_size.unwrap());
        assert!(
            (wb.x - 2.0 * wa.x).abs() < 1e-3 && wa.x > wa.y * 0.8,
            "{wa} {wb}"
        );
        let image = images.get(&a.image).unwrap();
        let data = image.data.as_ref().unwrap();
        let inked = data.chunks(4).filter(|p| p[3] > 128).count();
        let share = inked as f32 / (data.len() / 4) as f32;
        assert!((0.05..0.6).contains(&share), "{share}");
    }
}
