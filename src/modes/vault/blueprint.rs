//! The blueprint: Tab (or the right trigger) swaps the play view for the level's plan as the
//! seed's illustrations draw it: each sector filled in its script's colour (secret rooms dark,
//! the start light grey), a line between the middles of every two connected sectors (thinner
//! for secret ones) under the doors, windows, keys, switches, exit and player, the fog lifted and
//! the whole map in view. Tab again goes back; the HUD's Blueprint button does the same.

use super::art::{CELL, cell_centre};
use super::scripts::script_colour;
use crate::flow::{Overlay, Screen};
use crate::input::Action;
use crate::options::LaunchOptions;
use crate::play::{ActiveSession, ExtraButton, ExtraButtonPressed, PlayHud, PlaySet};
use crate::save::Settings;
use crate::sprites::pixel_image;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::vault::Vault;
use puzzlemill_core::vault::grid::ROCK;

/// The toggle (runs headless).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Blueprint>();
    app.add_systems(
        Update,
        (offer_button, toggle)
            .run_if(in_state(Overlay::None))
            .before(PlaySet)
            .run_if(resource_exists::<ActiveSession<Vault>>.and_then(in_state(Screen::Play))),
    );
    app.add_systems(OnExit(Screen::Play), |mut b: ResMut<Blueprint>| b.0 = false);
    app.add_systems(
        Update,
        open_with_blueprint.run_if(resource_added::<ActiveSession<Vault>>),
    );
}

/// `--blueprint` opens a Vault level with the blueprint on show.
fn open_with_blueprint(options: Option<Res<LaunchOptions>>, mut blueprint: ResMut<Blueprint>) {
    if options.is_some_and(|o| o.blueprint) {
        blueprint.0 = true;
    }
}

/// The drawing.
pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        show.after(PlaySet)
            .run_if(resource_exists::<ActiveSession<Vault>>.and_then(in_state(Screen::Play))),
    );
}

/// Whether the blueprint is on show.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blueprint(pub bool);

/// The blueprint's sprites.
#[derive(Component)]
struct Plan;

/// The HUD's button for the blueprint, for the mouse and touch (the HUD is new with each level).
fn offer_button(mut hud: ResMut<PlayHud>) {
    if hud.extra.is_none() {
        hud.extra = Some(ExtraButton {
            label: "Blueprint".to_string(),
            action: Action::Cycle,
        });
    }
}

fn toggle(
    actions: Single<&ActionState<Action>>,
    mut pressed: MessageReader<ExtraButtonPressed>,
    mut blueprint: ResMut<Blueprint>,
) {
    let presses = pressed.read().count() + usize::from(actions.just_pressed(&Action::Cycle));
    if presses % 2 == 1 {
        blueprint.0 = !blueprint.0;
    }
}

fn show(
    blueprint: Res<Blueprint>,
    session: Res<ActiveSession<Vault>>,
    settings: Res<Settings>,
    plan: Query<Entity, With<Plan>>,
    mut images: ResMut<Assets<Image>>,
    mut commands: Commands,
) {
    if !blueprint.is_changed() {
        return;
    }
    for e in &plan {
        commands.entity(e).despawn();
    }
    if !blueprint.0 {
        return;
    }
    let level = session.0.level();
    let (w, h) = (level.grid.width, level.grid.height);
    let mut data = vec![0u8; w * h * 4];
    let mut sums = vec![(0.0f32, 0.0f32, 0usize); level.sectors.len()];
    for (x, y, s) in level.grid.cells() {
        if s == ROCK {
            continue;
        }
        let info = level.sectors[usize::from(s)];
        let colour = if info.secret {
            Color::srgb(0.25, 0.25, 0.3)
        } else {
            script_colour(settings.colour_blind, info.script)
        };
        let [r, g, b, _] = colour.to_srgba().to_u8_array();
        let i = (y * w + x) * 4;
        data[i..i + 4].copy_from_slice(&[r, g, b, 150]);
        let sum = &mut sums[usize::from(s)];
        *sum = (sum.0 + x as f32, sum.1 + y as f32, sum.2 + 1);
    }
    let image = pixel_image(w, h, data, RenderAssetUsages::RENDER_WORLD);
    let size = Vec2::new(w as f32, h as f32) * CELL;
    commands.spawn((
        Plan,
        DespawnOnExit(Screen::Play),
        Sprite {
            image: images.add(image),
            custom_size: Some(size),
            ..default()
        },
        Transform::from_xyz(size.x / 2.0, -size.y / 2.0, 0.5),
    ));
    let middle = |s: u16| {
        let (sx, sy, n) = sums[usize::from(s)];
        cell_centre(sx / n as f32, sy / n as f32)
    };
    for link in &level.links {
        let (a, b) = (middle(link.from), middle(link.to));
        let colour = match (link.secret, link.lock) {
            (true, _) => Color::srgb(0.5, 0.5, 0.55),
            (false, Some(g)) => script_colour(settings.colour_blind, g),
            (false, None) => Color::WHITE,
        };
        let thickness = if link.secret { 3.0 } else { 6.0 };
        commands.spawn((
            Plan,
            DespawnOnExit(Screen::Play),
            Sprite {
                color: colour,
                custom_size: Some(Vec2::new(a.distance(b), thickness)),
                ..default()
            },
            Transform::from_translation(((a + b) / 2.0).extend(0.6))
                .with_rotation(Quat::from_rotation_z((b - a).to_angle())),
        ));
        for end in [a, b] {
            commands.spawn((
                Plan,
                DespawnOnExit(Screen::Play),
                Sprite {
                    color: Color::WHITE,
                    custom_size: Some(Vec2::splat(CELL * 0.5)),
                    ..default()
                },
                Transform::from_translation(end.extend(0.7)),
            ));
        }
    }
}
