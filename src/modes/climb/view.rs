//! Drawing Climb: the whole 128x128 map baked into one picture when the run starts (earth with
//! grass on its top faces, a patterned cave wall behind the open space so motion reads, spikes),
//! doors, gems and the player as sprites drawn by code, and a camera that follows the player
//! smoothly, clamped to the map's edges. The player is drawn between the last two physics steps,
//! so motion is smooth at any frame rate.

use super::run::{ClimbEvent, ClimbRun, body_centre};
use crate::flow::Screen;
use crate::save::Settings;
use crate::sprites::{coverage, pixel_image, render, rounded_square};
use crate::ui::camera::{HudInsets, follow, follow_between_bars, set_scale};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use puzzlemill_core::climb::body::{HALF_WIDTH, HEIGHT};
use puzzlemill_core::climb::{ClimbLevel, MAP_SIDE, ROOM_SIDE, Tile};

/// World units per block.
pub const BLOCK: f32 = 32.0;
/// Pixels per block in the baked map.
const TEXELS: usize = 8;
/// Blocks the camera shows from top to bottom (more on a tall, narrow screen).
const VIEW_BLOCKS: f32 = 18.0;
/// Blocks the camera shows across at least.
const VIEW_BLOCKS_WIDE: f32 = 13.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
    app.add_systems(
        Update,
        (
            spawn_view.run_if(resource_added::<ClimbRun>),
            (
                place_player,
                place_gems,
                squash_on_landing,
                show_marks,
                follow_camera,
            )
                .chain()
                .run_if(resource_exists::<ClimbRun>),
        )
            .chain()
            .after(crate::play::PlaySet)
            .run_if(in_state(Screen::Play)),
    );
}

/// Everything the view spawned (removed with the play screen).
#[derive(Component)]
struct ClimbView;

/// The player's sprite, with its landing squash (seconds left).
#[derive(Component, Default)]
struct PlayerSprite {
    squash: f32,
}

/// A gem's sprite: its index in the level.
#[derive(Component)]
struct GemSprite(usize);

/// A mark on the way to the exit (after a hint).
#[derive(Component)]
struct WayMark;

/// The code-drawn pictures (the editor draws its cells with them too).
#[derive(Resource)]
pub(super) struct ClimbArt {
    mark: Handle<Image>,
    pub(super) player: Handle<Image>,
    pub(super) gem: Handle<Image>,
    pub(super) door: Handle<Image>,
    pub(super) exit: Handle<Image>,
}

/// The world position of block `(x, y)`'s centre.
pub fn block_centre(x: f32, y: f32) -> Vec2 {
    Vec2::new((x + 0.5) * BLOCK, -(y + 0.5) * BLOCK)
}

/// The world position of a point in blocks.
pub fn to_world(p: Vec2) -> Vec2 {
    Vec2::new(p.x * BLOCK, -p.y * BLOCK)
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let player = render(|p| {
        let d = rounded_square(p, 0.95, 0.35);
        let eye = |c: Vec2| (p - c).length() < 0.13;
        let shade = 0.85 + 0.15 * p.y;
        let colour = if eye(Vec2::new(0.22, 0.25)) || eye(Vec2::new(0.62, 0.25)) {
            [0.1, 0.1, 0.15]
        } else if p.y < -0.55 {
            [0.25 * shade, 0.35 * shade, 0.75 * shade]
        } else {
            [0.95 * shade, 0.55 * shade, 0.2 * shade]
        };
        [colour[0], colour[1], colour[2], coverage(d)]
    });
    let gem = render(|p| {
        let d = (p.x.abs() * 1.1 + p.y.abs()) - 0.75;
        let facet = if p.x > 0.0 { 0.8 } else { 1.0 } * if p.y > 0.0 { 1.0 } else { 0.75 };
        let spark = (1.0 - (p - Vec2::new(-0.2, 0.25)).length() / 0.18).clamp(0.0, 1.0);
        [
            (0.3 * facet + spark).min(1.0),
            (0.9 * facet + spark).min(1.0),
            (0.95 * facet + spark).min(1.0),
            coverage(d),
        ]
    });
    let door = |lit: f32| {
        move |p: Vec2| {
            let arch = if p.y > 0.2 {
                (p - Vec2::new(0.0, 0.2)).length() - 0.7
            } else {
                (p.x.abs() - 0.7).max(-p.y - 1.0)
            };
            let inner = if p.y > 0.2 {
                (p - Vec2::new(0.0, 0.2)).length() - 0.5
            } else {
                (p.x.abs() - 0.5).max(-p.y - 1.0)
            };
            let (r, g, b) = if inner < 0.0 {
                (0.15 + 0.8 * lit, 0.1 + 0.7 * lit, 0.08 + 0.2 * lit)
            } else {
                (0.45, 0.32, 0.2)
            };
            [r, g, b, coverage(arch)]
        }
    };
    let mark = render(|p| {
        // A bright ring round a dot.
        let r = p.length();
        let ring = coverage((r - 0.72).abs() - 0.14);
        let dot = coverage(r - 0.3);
        [1.0, 0.92, 0.45, ring.max(dot) * 0.95]
    });
    commands.insert_resource(ClimbArt {
        mark: images.add(mark),
        player: images.add(player),
        gem: images.add(gem),
        door: images.add(render(door(0.0))),
        exit: images.add(render(door(1.0))),
    });
}

/// A small fixed hash of a position, for texture noise (same picture every time).
fn noise(x: usize, y: usize) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFFFF) as f32 / 65535.0
}

/// Bakes the map into an image: one block is `TEXELS` pixels.
pub fn bake(level: &ClimbLevel) -> Image {
    let side = MAP_SIDE * TEXELS;
    let mut data = vec![0u8; side * side * 4];
    for py in 0..side {
        for px in 0..side {
            let (bx, by) = (px / TEXELS, py / TEXELS);
            let (tx, ty) = (px % TEXELS, py % TEXELS);
            let tile = level.tile(bx as i32, by as i32);
            let rgb = match tile {
                Tile::Solid => earth(level, bx, by, tx, ty, px, py),
                Tile::Air => cave(bx, by, px, py),
                Tile::Spikes => spikes(tx, ty).unwrap_or_else(|| cave(bx, by, px, py)),
            };
            let i = (py * side + px) * 4;
            data[i..i + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
        }
    }
    pixel_image(side, side, data, RenderAssetUsages::RENDER_WORLD)
}

fn shade(rgb: [f32; 3], by: f32) -> [u8; 3] {
    rgb.map(|c| ((c * by).clamp(0.0, 1.0) * 255.0).round() as u8)
}

fn earth(
    level: &ClimbLevel,
    bx: usize,
    by: usize,
    tx: usize,
    ty: usize,
    px: usize,
    py: usize,
) -> [u8; 3] {
    let open = |dx: i32, dy: i32| !level.is_solid(bx as i32 + dx, by as i32 + dy);
    let last = TEXELS - 1;
    if open(0, -1) && ty < 2 {
        // Grass on a face the player can stand on.
        let blade = noise(px, 7) > 0.5 || ty == 0;
        return shade([0.36, 0.7, 0.3], if blade { 1.0 } else { 0.8 });
    }
    let edge = (tx == 0 && open(-1, 0))
        || (tx == last && open(1, 0))
        || (ty == last && open(0, 1))
        || (ty == 0 && open(0, -1));
    let n = noise(px, py);
    let stone = noise(px / 3, py / 3 + 999) > 0.86;
    let base = if stone {
        [0.55, 0.52, 0.5]
    } else {
        [0.55, 0.37, 0.22]
    };
    let depth = 1.0 - 0.25 * (by as f32 / MAP_SIDE as f32);
    shade(
        base,
        (0.85 + 0.2 * n) * depth * if edge { 0.65 } else { 1.0 },
    )
}

fn cave(bx: usize, by: usize, px: usize, py: usize) -> [u8; 3] {
    // Bricks of cave wall, one tint per room, so scrolling always shows something passing.
    let room = noise(bx / ROOM_SIDE, by / ROOM_SIDE + 500);
    let brick_row = py / 6;
    let shift = if brick_row.is_multiple_of(2) { 0 } else { 6 };
    let mortar = py.is_multiple_of(6) || (px + shift).is_multiple_of(12);
    let n = noise((px + shift) / 12, brick_row);
    let tint = [0.16 + 0.05 * room, 0.15, 0.22 - 0.04 * room];
    shade(tint, if mortar { 0.7 } else { 0.9 + 0.25 * n })
}

fn spikes(tx: usize, ty: usize) -> Option<[u8; 3]> {
    // Two spikes in the block's lower half.
    let half = TEXELS / 2;
    if ty < half {
        return None;
    }
    let rise = ty - half; // 0 at the tips' row
    let x = tx % half;
    let centre = half as i32 / 2;
    ((x as i32 - centre).unsigned_abs() as usize <= rise / 2 + usize::from(rise > 0))
        .then(|| shade([0.85, 0.85, 0.9], if x < half / 2 { 1.0 } else { 0.75 }))
}

fn spawn_view(
    mut commands: Commands,
    run: Res<ClimbRun>,
    art: Res<ClimbArt>,
    mut images: ResMut<Assets<Image>>,
) {
    let level = &run.level;
    let side = MAP_SIDE as f32 * BLOCK;
    commands.spawn((
        ClimbView,
        DespawnOnExit(Screen::Play),
        Sprite {
            image: images.add(bake(level)),
            custom_size: Some(Vec2::splat(side)),
            ..default()
        },
        Transform::from_xyz(side / 2.0, -side / 2.0, 0.0),
    ));
    let door_size = Vec2::new(BLOCK, BLOCK * 1.5);
    for (cell, image) in [(level.entrance, &art.door), (level.exit, &art.exit)] {
        let centre =
            block_centre(f32::from(cell.0), f32::from(cell.1)) + Vec2::new(0.0, BLOCK * 0.25);
        commands.spawn((
            ClimbView,
            DespawnOnExit(Screen::Play),
            Sprite {
                image: image.clone(),
                custom_size: Some(door_size),
                ..default()
            },
            Transform::from_translation(centre.extend(1.0)),
        ));
    }
    for (i, &(x, y)) in level.gems.iter().enumerate() {
        commands.spawn((
            ClimbView,
            GemSprite(i),
            DespawnOnExit(Screen::Play),
            Sprite {
                image: art.gem.clone(),
                custom_size: Some(Vec2::splat(BLOCK * 0.6)),
                ..default()
            },
            Transform::from_translation(block_centre(f32::from(x), f32::from(y)).extend(2.0)),
        ));
    }
    commands.spawn((
        ClimbView,
        PlayerSprite::default(),
        DespawnOnExit(Screen::Play),
        Sprite {
            image: art.player.clone(),
            custom_size: Some(Vec2::new(HALF_WIDTH * 2.0, HEIGHT) * BLOCK),
            ..default()
        },
        Transform::from_translation(to_world(body_centre(&run.body)).extend(3.0)),
    ));
}

fn place_player(
    run: Res<ClimbRun>,
    fixed: Res<Time<Fixed>>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut player: Query<(&mut Transform, &mut Sprite, &mut PlayerSprite)>,
) {
    let t = fixed.overstep_fraction();
    let from = body_centre(&run.previous);
    let to = body_centre(&run.body);
    // A respawn jumps: never draw between the spikes and the safe place.
    let at = if from.distance(to) > 2.0 {
        to
    } else {
        from.lerp(to, t)
    };
    for (mut transform, mut sprite, mut player) in &mut player {
        let bottom = to_world(at + Vec2::new(0.0, HEIGHT / 2.0));
        player.squash = if settings.reduced_motion {
            0.0
        } else {
            (player.squash - time.delta_secs()).max(0.0)
        };
        let s = player.squash / 0.12;
        let scale = Vec2::new(1.0 + 0.25 * s, 1.0 - 0.25 * s);
        let height = HEIGHT * BLOCK * scale.y;
        transform.translation = (bottom + Vec2::new(0.0, height / 2.0)).extend(3.0);
        transform.scale = Vec3::new(scale.x, scale.y, 1.0);
        sprite.flip_x = run.facing < 0;
    }
}

fn show_marks(
    guide: Res<super::guide::ClimbGuide>,
    art: Res<ClimbArt>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut marks: Query<(Entity, &mut Transform, &mut Sprite), With<WayMark>>,
    mut commands: Commands,
) {
    if guide.is_changed() && !guide.is_added() || guide.marks.is_empty() != marks.is_empty() {
        for (mark, _, _) in &marks {
            commands.entity(mark).despawn();
        }
        for &(x, y) in &guide.marks {
            commands.spawn((
                WayMark,
                DespawnOnExit(Screen::Play),
                Sprite {
                    image: art.mark.clone(),
                    custom_size: Some(Vec2::splat(BLOCK * 0.6)),
                    ..default()
                },
                Transform::from_translation(block_centre(f32::from(x), f32::from(y)).extend(2.5)),
            ));
        }
        return;
    }
    // The marks pulse, nearest first, and fade out over their last second.
    let alpha = guide.marks_for.clamp(0.0, 1.0);
    for (i, (_, mut transform, mut sprite)) in marks.iter_mut().enumerate() {
        let phase = time.elapsed_secs() * 5.0 - i as f32 * 0.7;
        transform.scale = Vec3::splat(if settings.reduced_motion {
            1.0
        } else {
            0.8 + 0.25 * phase.sin().max(0.0)
        });
        sprite.color = Color::srgba(1.0, 1.0, 1.0, alpha);
    }
}

fn squash_on_landing(mut events: MessageReader<ClimbEvent>, mut player: Query<&mut PlayerSprite>) {
    if events.read().any(|e| *e == ClimbEvent::Landed) {
        for mut p in &mut player {
            p.squash = 0.12;
        }
    }
}

fn place_gems(
    run: Res<ClimbRun>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut gems: Query<(&GemSprite, &mut Transform, &mut Visibility)>,
) {
    for (gem, mut transform, mut visibility) in &mut gems {
        let taken = run.taken.get(gem.0).copied().unwrap_or(true);
        visibility.set_if_neq(if taken {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
        let (x, y) = run.level.gems[gem.0];
        let bob = if settings.reduced_motion {
            0.0
        } else {
            (time.elapsed_secs() * 3.0 + gem.0 as f32).sin() * BLOCK * 0.08
        };
        let centre = block_centre(f32::from(x), f32::from(y));
        transform.translation = (centre + Vec2::new(0.0, bob)).extend(2.0);
    }
}

/// World units per pixel that show the chosen number of blocks in a `window`-sized window.
pub fn view_scale(window: Vec2) -> f32 {
    let tall = VIEW_BLOCKS * BLOCK / window.y.max(1.0);
    let wide = VIEW_BLOCKS_WIDE * BLOCK / window.x.max(1.0);
    tall.max(wide)
}

fn follow_camera(
    run: Res<ClimbRun>,
    time: Res<Time>,
    settings: Res<Settings>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    insets: Option<Res<HudInsets>>,
    mut camera: Single<(&mut Projection, &mut Transform), With<Camera2d>>,
    mut started: Local<bool>,
) {
    let size = window.map_or(Vec2::new(1280.0, 720.0), |w| {
        Vec2::new(w.width(), w.height())
    });
    let scale = view_scale(size);
    let (projection, transform) = &mut *camera;
    set_scale(projection, scale);
    // Look a little ahead the way the player runs, and a little below (the way down).
    let ahead = Vec2::new(f32::from(run.facing) * 2.0, 1.5);
    let map = Vec2::splat(MAP_SIDE as f32 * BLOCK);
    let insets = insets.as_deref().copied().unwrap_or_default();
    let body = to_world(body_centre(&run.body) + ahead);
    let target = follow_between_bars(body, size, insets, scale, map);
    let now = transform.translation.truncate();
    // Reduced motion: the camera moves with the player, without easing.
    let fresh = settings.reduced_motion
        || run.elapsed == 0.0
        || !*started
        || now.distance(target) > 20.0 * BLOCK;
    let next = follow(now, target, time.delta_secs(), fresh);
    *started = true;
    transform.translation = next.extend(transform.translation.z);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tall_screen_still_shows_enough_blocks_across() {
        let scale = view_scale(Vec2::new(400.0, 900.0));
        assert!(400.0 * scale >= VIEW_BLOCKS_WIDE * BLOCK - 0.01);
        let scale = view_scale(Vec2::new(1600.0, 900.0));
        assert!((900.0 * scale - VIEW_BLOCKS * BLOCK).abs() < 0.01);
    }
}
