//! Draws the tiny tilt board: floor and wall tiles, fruit that slide when the board tilts and
//! shrink away when they pair. Undo, restart and jumps redraw at once; reduced motion always does.
//! The shared camera (`crate::ui::camera`) fits the board between the HUD bars.

use crate::play::{ActiveSession, PlaySet};
use crate::save::Settings;
use crate::screens::Screen;
use crate::sprites::{FRUIT_COLOURS, SpriteImages};
use crate::ui::camera::BoardBounds;
use crate::ui::theme;
use bevy::prelude::*;
use puzzlemill_core::tiny::{Board, Fruit, TinyTilt, tilt};

/// World units per cell.
const CELL: f32 = 64.0;
/// Seconds for a fruit to cross one cell.
const SLIDE_PER_CELL: f32 = 0.045;
/// Seconds for a paired fruit to vanish.
const VANISH: f32 = 0.25;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rendered>();
    app.add_systems(
        Update,
        (
            sync_board
                .after(PlaySet)
                .run_if(resource_exists::<ActiveSession<TinyTilt>>),
            animate,
        )
            .chain()
            .run_if(in_state(Screen::Play)),
    );
    app.add_systems(OnExit(Screen::Play), forget_board);
}

/// The board as last drawn.
#[derive(Resource, Default)]
struct Rendered {
    fruit: Option<Fruit>,
    moves: u32,
}

#[derive(Component)]
struct BoardRoot;

#[derive(Component)]
struct FruitPiece {
    cell: usize,
}

#[derive(Component)]
struct Slide {
    from: Vec2,
    to: Vec2,
    elapsed: f32,
    duration: f32,
}

#[derive(Component)]
struct Vanish {
    delay: f32,
    elapsed: f32,
}

fn cell_position(board: &Board, cell: usize) -> Vec2 {
    let (col, row) = ((cell % board.width) as f32, (cell / board.width) as f32);
    Vec2::new(
        (col - (board.width as f32 - 1.0) / 2.0) * CELL,
        ((board.height as f32 - 1.0) / 2.0 - row) * CELL,
    )
}

fn spawn_fruit(
    commands: &mut Commands,
    root: Entity,
    images: &SpriteImages,
    board: &Board,
    cell: usize,
    colour: u8,
) {
    let index = (colour as usize - 1) % FRUIT_COLOURS.len();
    let pos = cell_position(board, cell);
    commands.spawn((
        Name::new("Fruit"),
        FruitPiece { cell },
        Sprite {
            image: images.fruit[index].clone(),
            color: FRUIT_COLOURS[index],
            custom_size: Some(Vec2::splat(CELL * 0.8)),
            ..default()
        },
        Transform::from_translation(pos.extend(2.0)),
        ChildOf(root),
        children![(
            Sprite {
                image: images.leaf.clone(),
                custom_size: Some(Vec2::splat(CELL * 0.32)),
                ..default()
            },
            Transform::from_xyz(CELL * 0.1, CELL * 0.34, 0.1),
        )],
    ));
}

fn spawn_board(
    commands: &mut Commands,
    images: &SpriteImages,
    board: &Board,
    fruit: &Fruit,
) -> Entity {
    let root = commands
        .spawn((
            Name::new("Tiny board"),
            BoardRoot,
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    for cell in 0..board.walls.len() {
        let pos = cell_position(board, cell);
        let (image, color, z) = if board.walls[cell] {
            (&images.wall, theme::WALL, 1.0)
        } else {
            (&images.tile, theme::FLOOR, 0.0)
        };
        commands.spawn((
            Sprite {
                image: image.clone(),
                color,
                custom_size: Some(Vec2::splat(CELL)),
                ..default()
            },
            Transform::from_translation(pos.extend(z)),
            ChildOf(root),
        ));
    }
    for (cell, &colour) in fruit.iter().enumerate() {
        if colour != 0 {
            spawn_fruit(commands, root, images, board, cell, colour);
        }
    }
    root
}

fn sync_board(
    session: Res<ActiveSession<TinyTilt>>,
    mut rendered: ResMut<Rendered>,
    settings: Res<Settings>,
    images: Res<SpriteImages>,
    roots: Query<Entity, With<BoardRoot>>,
    pieces: Query<(Entity, &FruitPiece), Without<Vanish>>,
    mut bounds: ResMut<BoardBounds>,
    mut commands: Commands,
) {
    let session = &session.0;
    let board = session.level();
    let current = session.state();
    let Ok(root) = roots.single() else {
        spawn_board(&mut commands, &images, board, current);
        bounds.0 = Some(Vec2::new(board.width as f32, board.height as f32) * CELL);
        rendered.fruit = Some(current.clone());
        rendered.moves = session.moves_made();
        return;
    };
    if rendered.fruit.as_ref() == Some(current) {
        return;
    }
    let one_step = session.moves_made() == rendered.moves + 1;
    let trace = match (&rendered.fruit, session.moves().last()) {
        (Some(before), Some(&mv)) if one_step && !settings.reduced_motion => {
            tilt(board, before, mv)
                .filter(|(after, _)| after == current)
                .map(|(_, trace)| trace)
        }
        _ => None,
    };
    match trace {
        Some(trace) => {
            let mut longest: f32 = 0.0;
            for (entity, piece) in &pieces {
                if let Some(&(from, to)) = trace.slides.iter().find(|(from, _)| *from == piece.cell)
                {
                    let cells =
                        (cell_position(board, from) - cell_position(board, to)).length() / CELL;
                    let duration = SLIDE_PER_CELL * cells + 0.04;
                    longest = longest.max(duration);
                    commands.entity(entity).insert((
                        FruitPiece { cell: to },
                        Slide {
                            from: cell_position(board, from),
                            to: cell_position(board, to),
                            elapsed: 0.0,
                            duration,
                        },
                    ));
                }
            }
            for (entity, piece) in &pieces {
                let cell_after = trace
                    .slides
                    .iter()
                    .find(|(from, _)| *from == piece.cell)
                    .map_or(piece.cell, |&(_, to)| to);
                if trace.cleared.contains(&cell_after) {
                    commands.entity(entity).insert(Vanish {
                        delay: longest,
                        elapsed: 0.0,
                    });
                }
            }
        }
        None => {
            for (entity, _) in &pieces {
                commands.entity(entity).despawn();
            }
            for (cell, &colour) in current.iter().enumerate() {
                if colour != 0 {
                    spawn_fruit(&mut commands, root, &images, board, cell, colour);
                }
            }
        }
    }
    rendered.fruit = Some(current.clone());
    rendered.moves = session.moves_made();
}

fn animate(
    time: Res<Time>,
    mut slides: Query<(Entity, &mut Slide, &mut Transform), Without<Vanish>>,
    mut vanishing: Query<(Entity, &mut Vanish, &mut Transform, Option<&mut Slide>)>,
    mut commands: Commands,
) {
    let dt = time.delta_secs();
    let ease = |t: f32| 1.0 - (1.0 - t).powi(3);
    for (entity, mut slide, mut transform) in &mut slides {
        slide.elapsed += dt;
        let t = (slide.elapsed / slide.duration).min(1.0);
        transform.translation = slide.from.lerp(slide.to, ease(t)).extend(2.0);
        if t >= 1.0 {
            commands.entity(entity).remove::<Slide>();
        }
    }
    for (entity, mut vanish, mut transform, slide) in &mut vanishing {
        vanish.elapsed += dt;
        if let Some(mut slide) = slide {
            slide.elapsed += dt;
            let t = (slide.elapsed / slide.duration).min(1.0);
            transform.translation = slide.from.lerp(slide.to, ease(t)).extend(2.0);
        }
        let t = ((vanish.elapsed - vanish.delay) / VANISH).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 + 0.25 * (t * std::f32::consts::PI).sin() - t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn forget_board(
    mut rendered: ResMut<Rendered>,
    roots: Query<Entity, With<BoardRoot>>,
    mut commands: Commands,
) {
    *rendered = Rendered::default();
    for root in &roots {
        commands.entity(root).despawn();
    }
}
