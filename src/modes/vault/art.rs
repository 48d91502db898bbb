//! Vault's art: the map of rock, walls and floor baked into one picture, and the sprites of keys,
//! switches, the exit, the player, doors and windows, drawn by code at start-up.

use crate::sprites::{coverage, pixel_image, render, rounded_square};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use puzzlemill_core::vault::level::{Tile, VaultLevel};

/// World units per cell.
pub const CELL: f32 = 32.0;
/// Pixels per cell in the baked map.
const TEXELS: usize = 8;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

/// The sprites' pictures.
#[derive(Resource)]
pub struct VaultArt {
    pub key: Handle<Image>,
    pub switch: Handle<Image>,
    pub exit: Handle<Image>,
    pub player: Handle<Image>,
    pub door: Handle<Image>,
    pub window: Handle<Image>,
}

/// The world position of cell (`x`, `y`)'s centre (the map's top left at the origin).
pub fn cell_centre(x: f32, y: f32) -> Vec2 {
    Vec2::new((x + 0.5) * CELL, -(y + 0.5) * CELL)
}

/// A square sprite `side` world units across on cell `at`, at depth `z`.
pub fn cell_sprite(
    image: Handle<Image>,
    side: f32,
    at: (usize, usize),
    z: f32,
) -> (Sprite, Transform) {
    (
        Sprite {
            image,
            custom_size: Some(Vec2::splat(side)),
            ..default()
        },
        Transform::from_translation(cell_centre(at.0 as f32, at.1 as f32).extend(z)),
    )
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let key = render(|p| {
        let ring = coverage(((p - Vec2::new(-0.35, 0.0)).length() - 0.38).abs() - 0.14);
        let shaft = coverage(rounded_square(Vec2::new(p.x - 0.35, p.y * 3.0), 0.45, 0.1) / 3.0);
        let tooth = coverage(rounded_square(p - Vec2::new(0.6, -0.22), 0.1, 0.03));
        [1.0, 1.0, 1.0, ring.max(shaft).max(tooth)]
    });
    let switch = render(|p| {
        let plate = coverage(rounded_square(p, 0.8, 0.2));
        let knob = (1.0 - (p - Vec2::new(0.0, 0.1)).length() / 0.4).clamp(0.0, 1.0);
        let v = 0.55 + 0.45 * knob;
        [v, v, v, plate]
    });
    let exit = render(|p| {
        let plate = coverage(rounded_square(p, 0.85, 0.25));
        let button = (p.length() < 0.5) as u8 as f32;
        [0.9, 0.2 + 0.6 * (1.0 - button), 0.2, plate]
    });
    let player = render(|p| {
        let body = coverage(p.length() - 0.8);
        let eye = ((p - Vec2::new(0.3, 0.25)).length() < 0.15) as u8 as f32;
        let v = 1.0 - eye * 0.9;
        [0.35 * v, 0.8 * v, 0.95 * v, body]
    });
    let door = render(|p| {
        let d = rounded_square(p, 0.95, 0.15);
        let plank = if (p.x * 4.0).fract().abs() < 0.12 {
            0.8
        } else {
            1.0
        };
        [plank, plank, plank, coverage(d)]
    });
    let window = render(|p| {
        let frame = coverage(rounded_square(p, 0.95, 0.1));
        let bar = p.x.abs() < 0.06 || p.y.abs() < 0.08;
        let shine = (p.x + p.y).abs() < 0.12 && p.x > 0.1;
        let v = if bar {
            0.55
        } else if shine {
            1.0
        } else {
            0.85
        };
        [v, v, v, frame * if bar { 1.0 } else { 0.7 }]
    });
    commands.insert_resource(VaultArt {
        window: images.add(window),
        key: images.add(key),
        switch: images.add(switch),
        exit: images.add(exit),
        player: images.add(player),
        door: images.add(door),
    });
}

/// A one-pixel-a-cell picture the view rewrites as play goes (kept on the CPU side too).
pub fn new_image(width: usize, height: usize, data: Vec<u8>) -> Image {
    pixel_image(
        width,
        height,
        data,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// Bakes rock, walls and floor (openings are sprites over it).
pub fn bake(level: &VaultLevel) -> Image {
    let (w, h) = (level.grid.width * TEXELS, level.grid.height * TEXELS);
    let mut data = vec![0u8; w * h * 4];
    for py in 0..h {
        for px in 0..w {
            let (cx, cy) = ((px / TEXELS) as i32, (py / TEXELS) as i32);
            let (tx, ty) = (px % TEXELS, py % TEXELS);
            let edge = tx == 0 || ty == 0;
            let rgb: [u8; 3] = match level.tile(cx, cy) {
                Tile::Rock => [18, 17, 26],
                Tile::Floor => {
                    if edge {
                        [70, 66, 84]
                    } else {
                        [86, 82, 100]
                    }
                }
                // Walls, and every opening's cells underneath its sprite.
                _ => {
                    if ty < 2 {
                        [150, 146, 160]
                    } else if edge {
                        [96, 92, 108]
                    } else {
                        [124, 120, 136]
                    }
                }
            };
            let i = (py * w + px) * 4;
            data[i..i + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
        }
    }
    new_image(w, h, data)
}
