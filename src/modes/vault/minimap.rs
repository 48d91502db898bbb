//! The fog over the sectors the player has not seen, and the minimap in the corner: one pixel a
//! cell each, repainted from the player's sight whenever it, the level or the blueprint changes.
//! The minimap is drawn with egui under the HUD's top bar, like the rest of the HUD; where the
//! player stands under it (the camera stops at the map's edge: the top right corner of a small
//! vault, or a phone's narrow view) it fades and lets taps through to the floor. A tap or click
//! on it shows the blueprint, as the HUD's Blueprint button does.

use super::art::{CELL, new_image};
use super::blueprint::Blueprint;
use super::map::PlayerSprite;
use super::sight::{Seen, SightSet};
use crate::flow::{Overlay, Screen};
use crate::play::{ActiveSession, ExtraButtonPressed};
use crate::ui::UiSetup;
use crate::ui::camera::HudInsets;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle};
use puzzlemill_core::vault::grid::ROCK;
use puzzlemill_core::vault::level::Tile;
use puzzlemill_core::vault::{Vault, VaultState};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            spawn_fog_and_minimap.run_if(resource_added::<ActiveSession<Vault>>),
            draw_fog_and_minimap.run_if(resource_exists::<ActiveSession<Vault>>),
        )
            .chain()
            .after(SightSet)
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_minimap
            .after(UiSetup)
            .run_if(in_state(Screen::Play).and_then(in_state(Overlay::None)))
            .run_if(resource_exists::<ActiveSession<Vault>>),
    );
    app.add_systems(OnExit(Screen::Play), |mut commands: Commands| {
        commands.remove_resource::<Minimap>();
    });
}

#[derive(Component)]
struct Fog(Handle<Image>);

/// The minimap's picture, and the map's width over its height.
#[derive(Resource)]
struct Minimap {
    image: Handle<Image>,
    aspect: f32,
}

/// The fog and the minimap start blank; [`draw_fog_and_minimap`] paints them.
fn spawn_fog_and_minimap(
    mut commands: Commands,
    session: Res<ActiveSession<Vault>>,
    mut images: ResMut<Assets<Image>>,
) {
    let level = session.0.level();
    let (cols, rows) = (level.grid.width, level.grid.height);
    let (w, h) = (cols as f32, rows as f32);
    let size = Vec2::new(w * CELL, h * CELL);
    let middle = Vec3::new(size.x / 2.0, -size.y / 2.0, 3.0);
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
        Transform::from_translation(middle),
    ));
    commands.insert_resource(Minimap {
        image: images.add(blank()),
        aspect: w / h,
    });
}

/// The minimap in the top right corner, below the HUD's top bar and left of its column held
/// sideways, 150 points across.
fn draw_minimap(
    mut contexts: EguiContexts,
    minimap: Option<Res<Minimap>>,
    insets: Res<HudInsets>,
    player: Option<Single<&GlobalTransform, With<PlayerSprite>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera2d>>>,
    mut pressed: MessageWriter<ExtraButtonPressed>,
) -> Result {
    let Some(minimap) = minimap else {
        return Ok(());
    };
    let texture = contexts.add_image(EguiTextureHandle::Weak(minimap.image.id()));
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let top = insets.top / zoom + 8.0;
    let right = insets.right / zoom + 12.0;
    // No taller than the view between the bars (a phone held sideways at a large text size: it
    // ran down under the bottom bar's words).
    let room = ctx.content_rect().height() - top - insets.bottom / zoom - 8.0;
    let size = vec2(150.0, 150.0 / minimap.aspect);
    let size = size * (room / size.y).clamp(0.25, 1.0);
    let place = egui::Rect::from_min_size(
        egui::pos2(ctx.content_rect().right() - right - size.x, top),
        size,
    );
    // The player's place on the screen, in egui's points.
    let seen_at = match (player, camera) {
        (Some(player), Some(camera)) => {
            let (camera, eye) = *camera;
            (camera.world_to_viewport(eye, player.translation()).ok())
                .map(|at| egui::pos2(at.x / zoom, at.y / zoom))
        }
        _ => None,
    };
    let over_player = seen_at.is_some_and(|at| place.expand(12.0).contains(at));
    egui::Area::new(egui::Id::new("vault_minimap"))
        .anchor(Align2::RIGHT_TOP, vec2(-right, top))
        // Taking the pointer: a tap on the minimap is not a tap on the map under it (which
        // walked the player to a cell they could not see) but the Blueprint button's (the
        // whole map, and back); faded over the player, the floor around them takes it.
        .interactable(!over_player)
        .show(ctx, |ui| {
            if over_player {
                ui.multiply_opacity(0.2);
            }
            egui::Frame::new()
                .fill(Color32::from_black_alpha(90))
                .show(ui, |ui| {
                    let map = egui::Image::new((texture, size)).sense(egui::Sense::click());
                    if ui.add(map).on_hover_text("The whole map").clicked() {
                        pressed.write(ExtraButtonPressed);
                    }
                });
        });
    Ok(())
}

/// The fog over unseen sectors and the minimap, redrawn when something changed.
fn draw_fog_and_minimap(
    session: Res<ActiveSession<Vault>>,
    seen: Res<Seen>,
    blueprint: Res<Blueprint>,
    mut images: ResMut<Assets<Image>>,
    fog: Query<&Fog>,
    minimap: Option<Res<Minimap>>,
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
    if let Some(map) = minimap
        && let Some(mut image) = images.get_mut(&map.image)
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
