//! A quiet backdrop behind the menus: faint fruit drifting upwards. Still when reduced motion is
//! on; hidden while a level is in play, and behind the stats, whose text and plots fill the
//! window.

use crate::flow::Screen;
use crate::save::Settings;
use crate::sprites::{FRUIT_COLOURS, SpriteImages};
use bevy::prelude::*;
use puzzlemill_core::rng;
use rand::RngExt;

/// How many fruit drift behind the menus.
const COUNT: usize = 18;
/// Half the height of the area they drift through (world units).
const SPAN: f32 = 520.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            spawn_backdrop.run_if(resource_added::<SpriteImages>),
            drift,
            show_outside_play_and_stats,
        ),
    );
}

#[derive(Component)]
struct Drifter {
    speed: f32,
    sway: f32,
    phase: f32,
    x: f32,
}

#[derive(Component)]
struct Backdrop;

fn spawn_backdrop(mut commands: Commands, images: Res<SpriteImages>) {
    let mut r = rng::seeded(2026);
    let root = commands
        .spawn((
            Name::new("Backdrop"),
            Backdrop,
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    for i in 0..COUNT {
        let colour = i % FRUIT_COLOURS.len();
        let x = r.random_range(-900.0..900.0);
        let y = r.random_range(-SPAN..SPAN);
        let size = r.random_range(40.0..90.0);
        commands.spawn((
            Drifter {
                speed: r.random_range(8.0..22.0),
                sway: r.random_range(6.0..20.0),
                phase: r.random_range(0.0..std::f32::consts::TAU),
                x,
            },
            Sprite {
                image: images.fruit[colour].clone(),
                color: FRUIT_COLOURS[colour].with_alpha(0.16),
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            Transform::from_xyz(x, y, -10.0),
            ChildOf(root),
        ));
    }
}

fn drift(
    time: Res<Time>,
    settings: Res<Settings>,
    mut drifters: Query<(&Drifter, &mut Transform)>,
) {
    if settings.reduced_motion {
        return;
    }
    let t = time.elapsed_secs();
    for (d, mut transform) in &mut drifters {
        let mut y = transform.translation.y + d.speed * time.delta_secs();
        if y > SPAN {
            y -= 2.0 * SPAN;
        }
        transform.translation.y = y;
        transform.translation.x = d.x + d.sway * (t * 0.4 + d.phase).sin();
    }
}

fn show_outside_play_and_stats(
    screen: Res<State<Screen>>,
    mut backdrop: Query<&mut Visibility, With<Backdrop>>,
) {
    let visible = !matches!(screen.get(), Screen::Play | Screen::Stats);
    for mut v in &mut backdrop {
        v.set_if_neq(if visible {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
