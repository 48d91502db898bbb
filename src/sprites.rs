//! Sprites drawn by code at start-up: floor and wall tiles, six fruit shapes (one per colour, so
//! colour is never the only cue) and a leaf. Drawn in white and grey so a sprite's colour tints
//! them; the leaf keeps its own green.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Pixels per side of each generated texture.
const SIZE: u32 = 96;

/// Fruit colours `a` to `f`: red, orange, purple, yellow, green, pink.
pub const FRUIT_COLOURS: [Color; 6] = [
    Color::srgb(0.91, 0.28, 0.31),
    Color::srgb(0.95, 0.60, 0.17),
    Color::srgb(0.56, 0.36, 0.84),
    Color::srgb(0.95, 0.82, 0.23),
    Color::srgb(0.36, 0.73, 0.31),
    Color::srgb(0.93, 0.48, 0.72),
];

/// Fruit colours `a` to `f` in the colour-blind-safe palette (Okabe and Ito): vermilion, orange,
/// reddish purple, yellow, bluish green, sky blue. Each fruit also keeps its own shape.
pub const SAFE_FRUIT_COLOURS: [Color; 6] = [
    Color::srgb(0.84, 0.37, 0.0),
    Color::srgb(0.90, 0.62, 0.0),
    Color::srgb(0.80, 0.47, 0.65),
    Color::srgb(0.94, 0.89, 0.26),
    Color::srgb(0.0, 0.62, 0.45),
    Color::srgb(0.34, 0.71, 0.91),
];

/// The fruit colours of the chosen palette.
pub fn fruit_colours(colour_blind: bool) -> &'static [Color; 6] {
    if colour_blind {
        &SAFE_FRUIT_COLOURS
    } else {
        &FRUIT_COLOURS
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_images);
}

/// Handles to the generated textures.
#[derive(Resource, Clone)]
pub struct SpriteImages {
    /// A floor tile.
    pub tile: Handle<Image>,
    /// A wall block.
    pub wall: Handle<Image>,
    /// Fruit body per colour: circle, rounded square, diamond, triangle, hexagon, star (the
    /// names the core's `tilt::FRUIT_SHAPES` gives the editor and a level's errors).
    pub fruit: [Handle<Image>; 6],
    /// A green leaf.
    pub leaf: Handle<Image>,
}

/// Signed distance (negative inside) of each fruit shape at `p` in [-1, 1]^2.
fn shape_distance(shape: usize, p: Vec2) -> f32 {
    match shape {
        0 => p.length() - 0.86,
        1 => {
            let q = p.abs() - Vec2::splat(0.62);
            q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - 0.2
        }
        2 => (p.x.abs() + p.y.abs()) / std::f32::consts::SQRT_2 - 0.66,
        3 => {
            // Rounded triangle pointing up.
            let q = Vec2::new(p.x.abs(), p.y + 0.2);
            let edge = (q.x * 0.866 + q.y * 0.5).max(-q.y) - 0.5;
            edge - 0.16
        }
        4 => {
            let q = p.abs();
            (q.x * 0.866 + q.y * 0.5).max(q.y) - 0.78
        }
        _ => {
            // Five-pointed star, softened.
            let angle = p.y.atan2(p.x) + std::f32::consts::FRAC_PI_2;
            let r = p.length();
            let spike = (angle * 2.5).cos().abs();
            r - (0.55 + 0.35 * spike.powf(3.0))
        }
    }
}

/// Renders an RGBA texture from a function of the pixel centre in [-1, 1]^2 (y up).
pub(crate) fn render(pixel: impl Fn(Vec2) -> [f32; 4]) -> Image {
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let p = Vec2::new(
                (x as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0,
                1.0 - (y as f32 + 0.5) / SIZE as f32 * 2.0,
            );
            let mut rgba = pixel(p);
            if rgba[3] <= 0.0 {
                // Fully transparent pixels carry no colour: egui blends premultiplied.
                rgba = [0.0; 4];
            }
            for channel in rgba {
                data.push((channel.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
        }
    }
    Image::new(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// An RGBA picture of `width` x `height` pixels from `data`, drawn with hard pixel edges (maps
/// baked a few pixels a cell, fog, minimaps).
pub(crate) fn pixel_image(
    width: usize,
    height: usize,
    data: Vec<u8>,
    usage: RenderAssetUsages,
) -> Image {
    let mut image = Image::new(
        Extent3d {
            width: width as u32,
            height: height as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        usage,
    );
    image.sampler = bevy::image::ImageSampler::nearest();
    image
}

/// Coverage of a pixel at signed distance `d` (anti-aliased over about one pixel).
pub(crate) fn coverage(d: f32) -> f32 {
    (0.5 - d * SIZE as f32 / 2.0).clamp(0.0, 1.0)
}

pub(crate) fn rounded_square(p: Vec2, half: f32, radius: f32) -> f32 {
    let q = p.abs() - Vec2::splat(half - radius);
    q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - radius
}

fn fruit_image(shape: usize) -> Image {
    render(|p| {
        let d = shape_distance(shape, p);
        let a = coverage(d);
        // Shading: lighter to the upper left, a darker rim, a soft highlight.
        let light = 0.86 + 0.14 * (p.y * 0.6 - p.x * 0.4).clamp(-1.0, 1.0);
        let rim = if d > -0.08 { 0.72 } else { 1.0 };
        let spot = (1.0 - (p - Vec2::new(-0.32, 0.36)).length() / 0.24).clamp(0.0, 1.0);
        let v = (light * rim + spot * 0.5).min(1.0);
        [v, v, v, a]
    })
}

fn make_images(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let tile = render(|p| {
        let d = rounded_square(p, 0.94, 0.18);
        let v = 1.0 - 0.06 * (p.length() * 0.7);
        [v, v, v, coverage(d)]
    });
    let wall = render(|p| {
        let d = rounded_square(p, 0.98, 0.16);
        let top: f32 = if p.y > 0.55 {
            1.12
        } else if p.y < -0.7 {
            0.78
        } else {
            1.0
        };
        let v = (0.9 * top).min(1.0);
        [v, v, v, coverage(d)]
    });
    let leaf = render(|p| {
        // An almond leaf leaning right.
        let q = Vec2::new(p.x * 0.8 - p.y * 0.6, p.x * 0.6 + p.y * 0.8);
        let d = (q.x * q.x / 0.16 + q.y * q.y / 0.7).sqrt() - 1.0;
        let vein = if q.x.abs() < 0.04 && q.y.abs() < 0.7 {
            0.75
        } else {
            1.0
        };
        [0.30 * vein, 0.68 * vein, 0.27 * vein, coverage(d * 0.35)]
    });
    let fruit = std::array::from_fn(|shape| images.add(fruit_image(shape)));
    commands.insert_resource(SpriteImages {
        tile: images.add(tile),
        wall: images.add(wall),
        fruit,
        leaf: images.add(leaf),
    });
}
