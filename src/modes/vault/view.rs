//! Drawing Vault: the map (rock, walls, floor) baked into one picture, doors, windows, secret
//! walls, keys, switches, the exit and the player as sprites; a fog over every sector the player
//! has not entered or seen through a window; a camera that follows the player, clamped to the
//! map; a minimap in the corner; and, when a key or switch opens a script, a note saying which
//! doors it opened while those doors pulse.

use crate::notices::Notices;
use crate::play::{ActiveSession, PlaySet};
use crate::screens::Screen;
use crate::sprites::{coverage, pixel_image, render, rounded_square};
use crate::ui::camera::{clamp_to_map, follow, set_scale};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use puzzlemill_core::vault::grid::ROCK;
use puzzlemill_core::vault::level::{OpenerKind, OpeningKind, Tile, VaultLevel};
use puzzlemill_core::vault::{Vault, VaultState};

/// World units per cell.
pub const CELL: f32 = 32.0;
/// Pixels per cell in the baked map.
const TEXELS: usize = 8;
/// Cells the camera shows from top to bottom at least.
const VIEW_CELLS: f32 = 22.0;
/// Seconds opened doors pulse.
const FLASH: f32 = 2.5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seen>();
    app.add_systems(Startup, make_art);
    app.add_systems(
        Update,
        (
            spawn_view.run_if(resource_added::<ActiveSession<Vault>>),
            (
                update_seen,
                draw_sprites,
                draw_fog_and_minimap,
                follow_camera,
            )
                .chain()
                .run_if(resource_exists::<ActiveSession<Vault>>),
        )
            .chain()
            .after(PlaySet)
            .run_if(in_state(Screen::Play)),
    );
}

/// What the player has seen: sectors entered or looked into through a window, secret walls
/// found; and the scripts opened last time the view looked, with seconds left to pulse them.
#[derive(Resource, Default, Debug)]
pub struct Seen {
    /// Per sector.
    pub sectors: Vec<bool>,
    /// Links whose secret wall was walked through.
    pub secrets: Vec<bool>,
    opened: u64,
    flash: Option<(u8, f32)>,
}

impl Seen {
    /// Whether a key, switch or the exit at `at` stays out of sight: its sector not seen yet and
    /// no blueprint showing the whole plan. (The fog lets walls show through faintly; it gives
    /// no item away.)
    fn hides(&self, level: &VaultLevel, blueprint: bool, (x, y): (usize, usize)) -> bool {
        let s = level.grid.get(x as i32, y as i32);
        !blueprint && s != ROCK && !self.sectors.get(usize::from(s)).copied().unwrap_or(false)
    }
}

#[derive(Resource)]
struct VaultArt {
    key: Handle<Image>,
    switch: Handle<Image>,
    exit: Handle<Image>,
    player: Handle<Image>,
    door: Handle<Image>,
    window: Handle<Image>,
}

#[derive(Component)]
struct DoorSprite {
    link: usize,
    lock: Option<u8>,
    kind: OpeningKind,
}

/// The sprite of a key or switch: its index among the level's openers.
#[derive(Component)]
struct OpenerSprite(usize);

/// The script number beside a key or switch.
#[derive(Component)]
struct OpenerLabel(usize);

/// The exit's sprite.
#[derive(Component)]
struct ExitSprite;

#[derive(Component)]
struct PlayerSprite;

#[derive(Component)]
struct Fog(Handle<Image>);

#[derive(Component)]
struct Minimap(Handle<Image>);

/// A colour per script, spread round the colour wheel.
pub fn script_colour(script: u8) -> Color {
    if script == 0 {
        return Color::srgb(0.75, 0.75, 0.78);
    }
    Color::hsl((f32::from(script) * 137.5) % 360.0, 0.7, 0.58)
}

/// A name for script `script`'s colour, for words ("the amber doors").
pub fn colour_name(script: u8) -> &'static str {
    const NAMES: [&str; 12] = [
        "red", "orange", "amber", "lime", "green", "mint", "cyan", "sky-blue", "blue", "violet",
        "magenta", "pink",
    ];
    if script == 0 {
        return "grey";
    }
    NAMES[((f32::from(script) * 137.5) % 360.0 / 30.0) as usize % 12]
}

/// The world position of cell (`x`, `y`)'s centre (the map's top left at the origin).
pub fn cell_centre(x: f32, y: f32) -> Vec2 {
    Vec2::new((x + 0.5) * CELL, -(y + 0.5) * CELL)
}

/// A square sprite `side` world units across on cell `at`, at depth `z`.
fn cell_sprite(image: Handle<Image>, side: f32, at: (usize, usize), z: f32) -> (Sprite, Transform) {
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
fn new_image(width: usize, height: usize, data: Vec<u8>) -> Image {
    pixel_image(
        width,
        height,
        data,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// Bakes rock, walls and floor (openings are sprites over it).
fn bake(level: &VaultLevel) -> Image {
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

fn spawn_view(
    mut commands: Commands,
    session: Res<ActiveSession<Vault>>,
    art: Res<VaultArt>,
    mut images: ResMut<Assets<Image>>,
    mut seen: ResMut<Seen>,
) {
    let level = session.0.level();
    let (w, h) = (level.grid.width as f32, level.grid.height as f32);
    let size = Vec2::new(w * CELL, h * CELL);
    let middle = Vec3::new(size.x / 2.0, -size.y / 2.0, 0.0);
    *seen = Seen {
        sectors: vec![false; level.sectors.len()],
        secrets: vec![false; level.links.len()],
        ..Seen::default()
    };
    commands.spawn((
        DespawnOnExit(Screen::Play),
        Sprite {
            image: images.add(bake(level)),
            custom_size: Some(size),
            ..default()
        },
        Transform::from_translation(middle),
    ));
    for (link, l) in level.links.iter().enumerate() {
        for opening in &l.openings {
            for spot in &opening.spots {
                let a = cell_centre(spot.a.0 as f32, spot.a.1 as f32);
                let b = cell_centre(spot.b.0 as f32, spot.b.1 as f32);
                let across = spot.vertical();
                let size = if across {
                    Vec2::new(2.0 * CELL, CELL * 0.8)
                } else {
                    Vec2::new(CELL * 0.8, 2.0 * CELL)
                };
                if let (Some(g), OpeningKind::Door) = (l.lock, opening.kind) {
                    // The number as well as the colour: colour is never the only cue.
                    commands.spawn((
                        DespawnOnExit(Screen::Play),
                        Text2d::new(g.to_string()),
                        TextFont::from_font_size(CELL * 0.5),
                        TextColor(Color::srgb(0.1, 0.1, 0.12)),
                        Transform::from_translation(((a + b) / 2.0).extend(1.5)),
                    ));
                }
                commands.spawn((
                    DespawnOnExit(Screen::Play),
                    DoorSprite {
                        link,
                        lock: l.lock,
                        kind: opening.kind,
                    },
                    Sprite {
                        image: if opening.kind == OpeningKind::Window {
                            art.window.clone()
                        } else {
                            art.door.clone()
                        },
                        custom_size: Some(size),
                        ..default()
                    },
                    Transform::from_translation(((a + b) / 2.0).extend(1.0)),
                ));
            }
        }
    }
    for (i, opener) in level.openers.iter().enumerate() {
        let at = cell_centre(opener.at.0 as f32, opener.at.1 as f32);
        commands.spawn((
            DespawnOnExit(Screen::Play),
            OpenerLabel(i),
            Text2d::new(opener.script.to_string()),
            TextFont::from_font_size(CELL * 0.4),
            TextColor(Color::WHITE),
            Transform::from_translation((at + Vec2::new(CELL * 0.3, CELL * 0.3)).extend(2.5)),
        ));
        let image = match opener.kind {
            OpenerKind::Key => art.key.clone(),
            OpenerKind::Switch => art.switch.clone(),
        };
        let (mut sprite, transform) = cell_sprite(image, CELL * 0.8, opener.at, 2.0);
        sprite.color = script_colour(opener.script);
        commands.spawn((
            DespawnOnExit(Screen::Play),
            OpenerSprite(i),
            sprite,
            transform,
        ));
    }
    commands.spawn((
        DespawnOnExit(Screen::Play),
        ExitSprite,
        cell_sprite(art.exit.clone(), CELL * 0.9, level.exit, 2.0),
    ));
    commands.spawn((
        DespawnOnExit(Screen::Play),
        PlayerSprite,
        cell_sprite(art.player.clone(), CELL * 0.8, level.start, 4.0),
    ));
    // The fog and the minimap start blank; `draw_fog_and_minimap` paints them.
    let (cols, rows) = (level.grid.width, level.grid.height);
    let blank = || new_image(cols, rows, vec![0; cols * rows * 4]);
    let fog = images.add(blank());
    commands.spawn((
        DespawnOnExit(Screen::Play),
        Fog(fog.clone()),
        Sprite {
            image: fog,
            custom_size: Some(size),
            ..default()
        },
        Transform::from_translation(middle.with_z(3.0)),
    ));
    let minimap = images.add(blank());
    commands.spawn((
        DespawnOnExit(Screen::Play),
        Minimap(minimap.clone()),
        ImageNode::new(minimap),
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(12.0),
            top: Val::Px(64.0),
            width: Val::Px(150.0),
            height: Val::Px(150.0 * h / w),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.35)),
    ));
}

/// Marks the player's sector and, through windows, its neighbours; finds secret walls walked
/// through; notices scripts that opened since last time.
fn update_seen(
    session: Res<ActiveSession<Vault>>,
    time: Res<Time>,
    mut seen: ResMut<Seen>,
    mut notices: ResMut<Notices>,
) {
    let level = session.0.level();
    let state = session.0.state();
    // The pulse timer runs without marking `Seen` changed (the fog redraws on changes).
    if let Some((_, left)) = seen.bypass_change_detection().flash.as_mut() {
        *left -= time.delta_secs();
    }
    if !session.is_changed() && seen.opened == state.opened {
        return;
    }
    let at = (usize::from(state.at.0), usize::from(state.at.1));
    let sector = level.grid.get(at.0 as i32, at.1 as i32);
    if level.tile(at.0 as i32, at.1 as i32) == Tile::SecretWall {
        for (i, link) in level.links.iter().enumerate() {
            if link.secret
                && link
                    .openings
                    .iter()
                    .any(|o| o.spots.iter().any(|s| s.a == at || s.b == at))
            {
                seen.secrets[i] = true;
            }
        }
    }
    if sector != ROCK {
        seen.sectors[usize::from(sector)] = true;
        for link in &level.links {
            let window = link.openings.iter().any(|o| o.kind == OpeningKind::Window);
            for (a, b) in [(link.from, link.to), (link.to, link.from)] {
                if a == sector && window && !level.sectors[usize::from(b)].secret {
                    seen.sectors[usize::from(b)] = true;
                }
            }
        }
    }
    let fresh = state.opened & !seen.opened;
    if fresh != 0 {
        let script = fresh.trailing_zeros() as u8;
        if let Some(opener) = level.openers.iter().find(|o| o.script == script) {
            let what = match opener.kind {
                OpenerKind::Key => "The key opens",
                OpenerKind::Switch => "The switch opened",
            };
            notices.info(format!(
                "{what} the {} doors (marked {script}).",
                colour_name(script)
            ));
            seen.flash = Some((script, FLASH));
        }
    }
    seen.opened = state.opened;
}

/// The opener labels, apart from the doors and the exit.
type LabelsOnly = (Without<DoorSprite>, Without<ExitSprite>);
/// The exit, apart from the doors and the labels.
type ExitOnly = (With<ExitSprite>, Without<DoorSprite>, Without<OpenerLabel>);

#[allow(clippy::too_many_arguments)]
fn draw_sprites(
    session: Res<ActiveSession<Vault>>,
    seen: Res<Seen>,
    blueprint: Res<super::Blueprint>,
    time: Res<Time>,
    mut doors: Query<(&DoorSprite, &mut Sprite, &mut Visibility), Without<OpenerSprite>>,
    mut openers: Query<(&OpenerSprite, &mut Sprite), Without<DoorSprite>>,
    mut labels: Query<(&OpenerLabel, &mut Visibility), LabelsOnly>,
    mut exit: Query<&mut Visibility, ExitOnly>,
    mut player: Query<&mut Transform, With<PlayerSprite>>,
) {
    let level = session.0.level();
    let state: &VaultState = session.0.state();
    let hidden = |at| seen.hides(level, blueprint.0, at);
    let pulse = 0.5 + 0.5 * (time.elapsed_secs() * 8.0).sin();
    for (door, mut sprite, mut visibility) in &mut doors {
        let (colour, show) = match door.kind {
            OpeningKind::Window => (Color::srgba(0.6, 0.85, 1.0, 0.85), true),
            // Unfound, a secret wall is plain wall (the map shows it); found, an opening.
            OpeningKind::Secret => (Color::srgba(0.3, 0.29, 0.36, 0.6), seen.secrets[door.link]),
            OpeningKind::Door => match door.lock {
                None => (Color::srgb(0.62, 0.44, 0.27), true),
                Some(g) if state.opened & (1 << g) != 0 => {
                    let flashing = seen.flash.is_some_and(|(s, left)| s == g && left > 0.0);
                    let alpha = if flashing { 0.35 + 0.5 * pulse } else { 0.25 };
                    (script_colour(g).with_alpha(alpha), true)
                }
                Some(g) => (script_colour(g), true),
            },
        };
        sprite.color = colour;
        visibility.set_if_neq(if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    for (opener, mut sprite) in &mut openers {
        let o = &level.openers[opener.0];
        let taken = state.opened & (1 << o.script) != 0;
        let base = script_colour(o.script);
        sprite.color = match (o.kind, taken) {
            _ if hidden(o.at) => base.with_alpha(0.0),
            (OpenerKind::Key, true) => base.with_alpha(0.0),
            (OpenerKind::Switch, true) => base.with_alpha(0.35),
            _ => base,
        };
    }
    for (label, mut visibility) in &mut labels {
        let o = &level.openers[label.0];
        let gone = o.kind == OpenerKind::Key && state.opened & (1 << o.script) != 0;
        visibility.set_if_neq(if gone || hidden(o.at) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
    for mut visibility in &mut exit {
        visibility.set_if_neq(if hidden(level.exit) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
    for mut transform in &mut player {
        let target = cell_centre(f32::from(state.at.0), f32::from(state.at.1)).extend(4.0);
        let t = 1.0 - (-20.0 * time.delta_secs()).exp();
        transform.translation = transform.translation.lerp(target, t);
        if transform.translation.distance(target) > 3.0 * CELL {
            transform.translation = target;
        }
    }
}

/// The fog over unseen sectors and the minimap, redrawn when something changed.
fn draw_fog_and_minimap(
    session: Res<ActiveSession<Vault>>,
    seen: Res<Seen>,
    blueprint: Res<super::Blueprint>,
    mut images: ResMut<Assets<Image>>,
    fog: Query<&Fog>,
    minimap: Query<&Minimap>,
) {
    if !session.is_changed() && !seen.is_changed() && !blueprint.is_changed() {
        return;
    }
    let level = session.0.level();
    let state: &VaultState = session.0.state();
    let (w, h) = (level.grid.width, level.grid.height);
    for fog in &fog {
        if let Some(mut image) = images.get_mut(&fog.0)
            && let Some(data) = image.data.as_mut()
        {
            for (x, y, s) in level.grid.cells() {
                let hidden = s != ROCK && !seen.sectors[usize::from(s)] && !blueprint.0;
                let i = (y * w + x) * 4;
                data[i..i + 4].copy_from_slice(&[8, 8, 14, if hidden { 235 } else { 0 }]);
            }
        }
    }
    for map in &minimap {
        if let Some(mut image) = images.get_mut(&map.0)
            && let Some(data) = image.data.as_mut()
        {
            for y in 0..h {
                for x in 0..w {
                    let s = level.grid.get(x as i32, y as i32);
                    let known = s != ROCK && (seen.sectors[usize::from(s)] || blueprint.0);
                    let rgba = if (x, y) == (usize::from(state.at.0), usize::from(state.at.1)) {
                        [90, 220, 255, 255]
                    } else if !known {
                        [0, 0, 0, 0]
                    } else {
                        match level.tile(x as i32, y as i32) {
                            Tile::Floor => [120, 116, 140, 255],
                            Tile::Door(_) => [200, 150, 90, 255],
                            Tile::Window => [150, 210, 255, 255],
                            _ => [60, 58, 72, 255],
                        }
                    };
                    let i = (y * w + x) * 4;
                    data[i..i + 4].copy_from_slice(&rgba);
                }
            }
        }
    }
}

/// World units per pixel that show at least [`VIEW_CELLS`] cells down (and 14 across).
pub fn view_scale(window: Vec2) -> f32 {
    (VIEW_CELLS * CELL / window.y.max(1.0)).max(14.0 * CELL / window.x.max(1.0))
}

fn follow_camera(
    session: Res<ActiveSession<Vault>>,
    time: Res<Time>,
    blueprint: Res<super::Blueprint>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut camera: Single<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let level = session.0.level();
    let map = Vec2::new(level.grid.width as f32, level.grid.height as f32) * CELL;
    let size = window.map_or(Vec2::new(1280.0, 720.0), |w| {
        Vec2::new(w.width(), w.height())
    });
    // The blueprint shows the whole map; play follows the player.
    let scale = if blueprint.0 {
        (map.x / size.x).max(map.y / (size.y - 160.0).max(100.0))
    } else {
        view_scale(size)
    };
    let (projection, transform) = &mut *camera;
    set_scale(projection, scale);
    let state = session.0.state();
    let player = cell_centre(f32::from(state.at.0), f32::from(state.at.1));
    let target = clamp_to_map(player, size * scale / 2.0, map);
    let now = transform.translation.truncate();
    let snap = now.distance(target) > 12.0 * CELL || blueprint.is_changed();
    let next = follow(now, target, time.delta_secs(), snap);
    transform.translation = next.extend(transform.translation.z);
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::Tier;
    use puzzlemill_core::rng::seeded;
    use puzzlemill_core::vault::generate::{Layout, VaultParams, generate};

    #[test]
    fn items_show_once_their_sector_is_seen_or_on_the_blueprint() {
        let params = VaultParams::for_tier(Tier::Easy, Layout::Bsp);
        let mut rng = seeded(4);
        let level = (0..20)
            .find_map(|_| generate(&params, &mut rng))
            .expect("a level");
        let mut seen = Seen {
            sectors: vec![false; level.sectors.len()],
            ..Seen::default()
        };
        let items: Vec<(usize, usize)> = level
            .openers
            .iter()
            .map(|o| o.at)
            .chain([level.exit])
            .collect();
        assert!(items.iter().all(|&at| seen.hides(&level, false, at)));
        assert!(items.iter().all(|&at| !seen.hides(&level, true, at)));
        let (x, y) = items[0];
        seen.sectors[usize::from(level.grid.get(x as i32, y as i32))] = true;
        assert!(!seen.hides(&level, false, items[0]));
        assert!(items.iter().any(|&at| seen.hides(&level, false, at)));
    }
}
