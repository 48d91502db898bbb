//! The Vault map in play: the baked map, doors, windows, secret walls, keys, switches, the exit
//! and the player as sprites, each shown as the player's sight allows; opened doors fade (and
//! pulse while their script is news); the camera follows the player, clamped to the map, or shows
//! the whole map with the blueprint.

use super::art::{CELL, VaultArt, bake, cell_centre, cell_sprite};
use super::blueprint::Blueprint;
use super::scripts::script_colour;
use super::sight::{Seen, SightSet};
use crate::flow::Screen;
use crate::labels::Labels;
use crate::play::ActiveSession;
use crate::save::Settings;
use crate::ui::camera::{HudInsets, fit, follow, follow_between_bars, set_scale, steady};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use puzzlemill_core::vault::level::{OpenerKind, OpeningKind};
use puzzlemill_core::vault::{Vault, VaultState};

/// Cells the camera shows from top to bottom at least.
const VIEW_CELLS: f32 = 22.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            spawn_view.run_if(resource_added::<ActiveSession<Vault>>),
            (draw_sprites, follow_camera)
                .chain()
                .run_if(resource_exists::<ActiveSession<Vault>>),
        )
            .chain()
            .after(SightSet)
            .run_if(in_state(Screen::Play)),
    );
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

/// The player's sprite.
#[derive(Component)]
pub(super) struct PlayerSprite;

fn spawn_view(
    mut commands: Commands,
    session: Res<ActiveSession<Vault>>,
    art: Res<VaultArt>,
    settings: Res<Settings>,
    mut images: ResMut<Assets<Image>>,
    mut labels: ResMut<Labels>,
) {
    let level = session.0.level();
    let (w, h) = (level.grid.width as f32, level.grid.height as f32);
    let size = Vec2::new(w * CELL, h * CELL);
    let middle = Vec3::new(size.x / 2.0, -size.y / 2.0, 0.0);
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
                    let ink = Color::srgb(0.1, 0.1, 0.12);
                    commands.spawn((
                        DespawnOnExit(Screen::Play),
                        labels.sprite(&g.to_string(), CELL * 0.5, ink, &mut images),
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
            labels.sprite(
                &opener.script.to_string(),
                CELL * 0.4,
                Color::WHITE,
                &mut images,
            ),
            Transform::from_translation((at + Vec2::new(CELL * 0.3, CELL * 0.3)).extend(2.5)),
        ));
        let image = match opener.kind {
            OpenerKind::Key => art.key.clone(),
            OpenerKind::Switch => art.switch.clone(),
        };
        let (mut sprite, transform) = cell_sprite(image, CELL * 0.8, opener.at, 2.0);
        sprite.color = script_colour(settings.colour_blind, opener.script);
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
}

/// The opener labels, apart from the doors and the exit.
type LabelsOnly = (Without<DoorSprite>, Without<ExitSprite>);
/// The exit, apart from the doors and the labels.
type ExitOnly = (With<ExitSprite>, Without<DoorSprite>, Without<OpenerLabel>);

#[allow(clippy::too_many_arguments)]
fn draw_sprites(
    session: Res<ActiveSession<Vault>>,
    seen: Res<Seen>,
    blueprint: Res<Blueprint>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut doors: Query<(&DoorSprite, &mut Sprite, &mut Visibility), Without<OpenerSprite>>,
    mut openers: Query<(&OpenerSprite, &mut Sprite), Without<DoorSprite>>,
    mut labels: Query<(&OpenerLabel, &mut Visibility), LabelsOnly>,
    mut exit: Query<&mut Visibility, ExitOnly>,
    mut player: Query<&mut Transform, With<PlayerSprite>>,
) {
    let level = session.0.level();
    let state: &VaultState = session.0.state();
    let hidden = |at| seen.hides(level, blueprint.0, at);
    // Reduced motion: opened doors stand out, steady, for as long as others would pulse.
    let pulse = if settings.reduced_motion {
        1.0
    } else {
        0.5 + 0.5 * (time.elapsed_secs() * 8.0).sin()
    };
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
                    (
                        script_colour(settings.colour_blind, g).with_alpha(alpha),
                        true,
                    )
                }
                Some(g) => (script_colour(settings.colour_blind, g), true),
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
        let base = script_colour(settings.colour_blind, o.script);
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
        if settings.reduced_motion || transform.translation.distance(target) > 3.0 * CELL {
            transform.translation = target;
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
    blueprint: Res<Blueprint>,
    settings: Res<Settings>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    insets: Option<Res<HudInsets>>,
    mut camera: Single<(&mut Projection, &mut Transform), With<Camera2d>>,
    mut settled: Local<Option<(Vec2, Vec2, HudInsets)>>,
) {
    let level = session.0.level();
    let map = Vec2::new(level.grid.width as f32, level.grid.height as f32) * CELL;
    let size = window.map_or(Vec2::new(1280.0, 720.0), |w| {
        Vec2::new(w.width(), w.height())
    });
    // The bottom bar's tallest height for this map and window: the view does not move each time
    // the line under it wraps to another count of lines (a hint, a key taken).
    let insets = steady(
        *settled,
        map,
        size,
        insets.as_deref().copied().unwrap_or_default(),
    );
    *settled = Some((map, size, insets));
    // The blueprint shows the whole map in the room the HUD leaves; play follows the player.
    let scale = if blueprint.0 {
        fit(map, size, insets).0
    } else {
        view_scale(size)
    };
    let (projection, transform) = &mut *camera;
    set_scale(projection, scale);
    let state = session.0.state();
    let player = cell_centre(f32::from(state.at.0), f32::from(state.at.1));
    let target = follow_between_bars(player, size, insets, scale, map);
    let now = transform.translation.truncate();
    let snap =
        settings.reduced_motion || now.distance(target) > 12.0 * CELL || blueprint.is_changed();
    let next = follow(now, target, time.delta_secs(), snap);
    transform.translation = next.extend(transform.translation.z);
}
