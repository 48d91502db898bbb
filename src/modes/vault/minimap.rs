//! The fog over the sectors the player has not seen, and the minimap in the corner: one pixel a
//! cell each, repainted from the player's sight whenever it, the level or the blueprint changes.

use super::art::{CELL, new_image};
use super::blueprint::Blueprint;
use super::sight::{Seen, SightSet};
use crate::flow::Screen;
use crate::play::ActiveSession;
use bevy::prelude::*;
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
}

#[derive(Component)]
struct Fog(Handle<Image>);

#[derive(Component)]
struct Minimap(Handle<Image>);

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

/// The fog over unseen sectors and the minimap, redrawn when something changed.
fn draw_fog_and_minimap(
    session: Res<ActiveSession<Vault>>,
    seen: Res<Seen>,
    blueprint: Res<Blueprint>,
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
