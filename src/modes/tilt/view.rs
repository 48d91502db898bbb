//! Draws the Tilt board: floor, walls, puddles, one-way arrows, hedgehogs, anteaters, fruit and
//! obstacles. After a tilt, every piece slides at once; then, in the order the rules resolved
//! them, fruit get muddy or eaten, hedgehogs wake, pairs pop and tongues pull. Undo, restart and
//! jumps redraw at once; reduced motion always does. The shared camera fits the board between the
//! HUD bars.

use super::art::TiltArt;
use crate::flow::Screen;
use crate::modes::grid::{CELL, cell_center, sprite, world_dir};
use crate::modes::timeline::{Step, StepKind, Timeline};
use crate::play::{ActiveSession, PlaySet};
use crate::save::Settings;
use crate::sprites::{SpriteImages, fruit_colours};
use crate::ui::camera::BoardBounds;
use crate::ui::theme;
use bevy::prelude::*;
use puzzlemill_core::Direction;
use puzzlemill_core::tilt::bits::{self, cells};
use puzzlemill_core::tilt::{Level, Obstacle, State, Tilt, TiltTrace, tilt};
use std::collections::HashMap;

/// Seconds for a piece to cross one cell.
const SLIDE_PER_CELL: f32 = 0.05;
/// Seconds for a pair to pop.
const POP: f32 = 0.3;
/// Seconds for a tongue to reach out and back.
const PULL: f32 = 0.4;
/// Seconds for mud, a gulp or a hedgehog waking.
const MISHAP: f32 = 0.35;
/// Fruit covered in mud.
const MUDDY: Color = Color::srgb(0.48, 0.36, 0.24);
/// Tongue pink.
const TONGUE: Color = Color::srgb(0.93, 0.45, 0.55);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rendered>();
    app.add_systems(
        Update,
        sync_board
            .after(PlaySet)
            .run_if(in_state(Screen::Play).and_then(resource_exists::<ActiveSession<Tilt>>)),
    );
    app.add_systems(OnExit(Screen::Play), forget_board);
}

/// The state as last drawn.
#[derive(Resource, Default)]
struct Rendered {
    state: Option<State>,
    moves: u32,
    /// The palette the board was drawn in.
    colour_blind: bool,
}

#[derive(Component)]
struct BoardRoot;

/// A fruit or obstacle on `cell`.
#[derive(Component)]
struct Piece {
    cell: u8,
}

/// A piece on its way out (popping, eaten): no longer on the board.
#[derive(Component)]
struct Leaving;

/// The hedgehog on `cell`.
#[derive(Component)]
struct Hedgehog {
    cell: u8,
}

fn cell_position(level: &Level, cell: u8) -> Vec2 {
    let (col, row) = bits::col_row(cell);
    let b = &level.board;
    cell_center(b.width as usize, b.height as usize, col, row)
}

fn spawn_pieces(
    commands: &mut Commands,
    root: Entity,
    images: &SpriteImages,
    art: &TiltArt,
    level: &Level,
    state: &State,
    colours: &[Color; 6],
) {
    for (colour, &layer) in state.fruit.iter().enumerate() {
        for cell in cells(layer) {
            let index = colour % colours.len();
            let dirty = state.dirty & (1 << cell) != 0;
            let color = if dirty { MUDDY } else { colours[index] };
            let fruit = commands
                .spawn((
                    Name::new("Fruit"),
                    Piece { cell },
                    sprite(&images.fruit[index], color, CELL * 0.8),
                    Transform::from_translation(cell_position(level, cell).extend(2.0)),
                    ChildOf(root),
                    children![(
                        sprite(&images.leaf, Color::WHITE, CELL * 0.32),
                        Transform::from_xyz(CELL * 0.1, CELL * 0.34, 0.1),
                    )],
                ))
                .id();
            if dirty {
                commands.spawn((
                    sprite(&art.mud, Color::WHITE, CELL * 0.7),
                    Transform::from_xyz(0.0, 0.0, 0.2),
                    ChildOf(fruit),
                ));
            }
        }
    }
    for (kind, &layer) in state.obstacles.iter().enumerate() {
        for cell in cells(layer) {
            commands.spawn((
                Name::new(format!("{:?}", Obstacle::ALL[kind])),
                Piece { cell },
                sprite(&art.obstacles[kind], Color::WHITE, CELL * 0.84),
                Transform::from_translation(cell_position(level, cell).extend(2.0)),
                ChildOf(root),
            ));
        }
    }
}

fn spawn_board(
    commands: &mut Commands,
    images: &SpriteImages,
    art: &TiltArt,
    level: &Level,
    state: &State,
    colours: &[Color; 6],
) -> Entity {
    let board = &level.board;
    let root = commands
        .spawn((
            Name::new("Tilt board"),
            BoardRoot,
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    for row in 0..board.height as usize {
        for col in 0..board.width as usize {
            let cell = (row * bits::SIDE + col) as u8;
            let b = 1u64 << cell;
            let pos = cell_position(level, cell);
            let (image, color, z) = if board.walls & b != 0 {
                (&images.wall, theme::WALL, 1.0)
            } else {
                (&images.tile, theme::FLOOR, 0.0)
            };
            commands.spawn((
                sprite(image, color, CELL),
                Transform::from_translation(pos.extend(z)),
                ChildOf(root),
            ));
            if board.puddles & b != 0 {
                commands.spawn((
                    Name::new("Puddle"),
                    sprite(&art.puddle, Color::WHITE, CELL * 0.92),
                    Transform::from_translation(pos.extend(0.5)),
                    ChildOf(root),
                ));
            }
            if board.hedgehogs & b != 0 {
                let awake = state.eaten & bits::neighbours(b) != 0;
                let image = if awake {
                    &art.hedgehog_awake
                } else {
                    &art.hedgehog_asleep
                };
                commands.spawn((
                    Name::new("Hedgehog"),
                    Hedgehog { cell },
                    sprite(image, Color::WHITE, CELL * 0.9),
                    Transform::from_translation(pos.extend(1.5)),
                    ChildOf(root),
                ));
            }
            if let Some(ant) = board.anteater_at(cell) {
                let dir = world_dir(ant.facing);
                let mut s = sprite(&art.anteater, Color::WHITE, CELL * 0.92);
                // Looking left would turn it upside down: mirror instead.
                s.flip_x = ant.facing == Direction::Left;
                let angle = match ant.facing {
                    Direction::Left | Direction::Right => 0.0,
                    _ => dir.y.atan2(dir.x),
                };
                commands.spawn((
                    Name::new("Anteater"),
                    s,
                    Transform::from_translation(pos.extend(1.5))
                        .with_rotation(Quat::from_rotation_z(angle)),
                    ChildOf(root),
                ));
            }
        }
    }
    for gate in &board.gates {
        let cell = (gate.row as usize * bits::SIDE + gate.col as usize) as u8;
        let dir = world_dir(gate.dir);
        let pos = cell_position(level, cell) + dir * CELL / 2.0;
        commands.spawn((
            Name::new("One-way gate"),
            sprite(&art.arrow, theme::GATE, CELL * 0.46),
            Transform::from_translation(pos.extend(3.0))
                .with_rotation(Quat::from_rotation_z(dir.y.atan2(dir.x))),
            ChildOf(root),
        ));
    }
    spawn_pieces(commands, root, images, art, level, state, colours);
    root
}

#[allow(clippy::too_many_arguments)]
fn sync_board(
    session: Res<ActiveSession<Tilt>>,
    mut rendered: ResMut<Rendered>,
    settings: Res<Settings>,
    images: Res<SpriteImages>,
    art: Res<TiltArt>,
    roots: Query<Entity, With<BoardRoot>>,
    pieces: Query<(Entity, &Piece), Without<Leaving>>,
    leaving: Query<Entity, With<Leaving>>,
    hedgehogs: Query<(Entity, &Hedgehog)>,
    mut bounds: ResMut<BoardBounds>,
    mut commands: Commands,
) {
    let session = &session.0;
    let level = session.level();
    let current = session.state();
    let colours = fruit_colours(settings.colour_blind);
    let Ok(root) = roots.single() else {
        spawn_board(&mut commands, &images, &art, level, current, colours);
        rendered.colour_blind = settings.colour_blind;
        bounds.0 = Some(Vec2::new(level.board.width as f32, level.board.height as f32) * CELL);
        rendered.state = Some(current.clone());
        rendered.moves = session.moves_made();
        return;
    };
    if rendered.state.as_ref() == Some(current) && rendered.colour_blind == settings.colour_blind {
        return;
    }
    let repaint = rendered.colour_blind != settings.colour_blind;
    rendered.colour_blind = settings.colour_blind;
    for entity in &leaving {
        commands.entity(entity).despawn();
    }
    let one_step = session.moves_made() == rendered.moves + 1;
    let trace = match (&rendered.state, session.moves().last()) {
        (Some(before), Some(&mv)) if one_step && !settings.reduced_motion && !repaint => {
            tilt(level, before, mv)
                .filter(|(after, _)| after == current)
                .map(|(_, trace)| trace)
        }
        _ => None,
    };
    match trace {
        Some(trace) => {
            let at: HashMap<u8, Entity> = pieces.iter().map(|(e, p)| (p.cell, e)).collect();
            let hogs: HashMap<u8, Entity> = hedgehogs.iter().map(|(e, h)| (h.cell, e)).collect();
            animate(
                &mut commands,
                &art,
                root,
                level,
                current,
                &trace,
                at,
                &hogs,
                colours,
            );
        }
        None => {
            commands.entity(root).despawn();
            spawn_board(&mut commands, &images, &art, level, current, colours);
        }
    }
    rendered.state = Some(current.clone());
    rendered.moves = session.moves_made();
}

#[allow(clippy::too_many_arguments)]
/// Turns a trace into timelines: slides first, then mishaps, then each round of pairs and pulls.
fn animate(
    commands: &mut Commands,
    art: &TiltArt,
    root: Entity,
    level: &Level,
    after: &State,
    trace: &TiltTrace,
    mut at: HashMap<u8, Entity>,
    hogs: &HashMap<u8, Entity>,
    colours: &[Color; 6],
) {
    let pos = |cell: u8| cell_position(level, cell);
    let mut steps: HashMap<Entity, Vec<Step>> = HashMap::new();
    let mut add = |entity: Entity, start: f32, duration: f32, kind: StepKind| {
        steps.entry(entity).or_default().push(Step {
            start,
            duration,
            kind,
        });
    };
    let mut moved = HashMap::new();
    let mut t: f32 = 0.0;
    for &(from, to) in &trace.slides {
        if let Some(entity) = at.remove(&from) {
            let duration = SLIDE_PER_CELL * (pos(from) - pos(to)).length() / CELL + 0.05;
            t = t.max(duration);
            add(
                entity,
                0.0,
                duration,
                StepKind::Move {
                    from: pos(from),
                    to: pos(to),
                },
            );
            moved.insert(to, entity);
        }
    }
    at.extend(moved);
    let mishaps = !trace.dirty.is_empty() || !trace.eaten.is_empty() || !trace.woke.is_empty();
    let muddy = |commands: &mut Commands, entity: Entity, start: f32| {
        commands.spawn((
            sprite(&art.mud, Color::WHITE.with_alpha(0.0), CELL * 0.7),
            Transform::from_xyz(0.0, 0.0, 0.2),
            ChildOf(entity),
            Timeline {
                clock: 0.0,
                steps: vec![Step {
                    start,
                    duration: MISHAP,
                    kind: StepKind::FadeIn,
                }],
            },
        ));
    };
    let colour = |cell: u8| colours[after.fruit_at(cell).unwrap_or(0) % colours.len()];
    for &cell in &trace.dirty {
        if let Some(&entity) = at.get(&cell) {
            muddy(commands, entity, t);
            let tint = StepKind::Tint {
                from: colour(cell),
                to: MUDDY,
            };
            add(entity, t, MISHAP, tint);
        }
    }
    for &(fruit, hog) in &trace.eaten {
        if let Some(entity) = at.remove(&fruit) {
            commands.entity(entity).insert(Leaving);
            add(entity, t, MISHAP, StepKind::Gulp { toward: pos(hog) });
        }
        if let Some(&h) = hogs.get(&hog) {
            add(
                h,
                t,
                MISHAP,
                StepKind::Wake {
                    during: art.hedgehog_awake.clone(),
                    after: art.hedgehog_awake.clone(),
                },
            );
        }
    }
    for cell in &trace.woke {
        if let Some(&h) = hogs.get(cell) {
            add(
                h,
                t,
                MISHAP,
                StepKind::Wake {
                    during: art.hedgehog_awake.clone(),
                    after: art.hedgehog_asleep.clone(),
                },
            );
        }
    }
    if mishaps {
        t += MISHAP;
    }
    for round in &trace.rounds {
        for cell in &round.paired {
            if let Some(entity) = at.remove(cell) {
                commands.entity(entity).insert(Leaving);
                add(entity, t, POP, StepKind::Vanish);
            }
        }
        if !round.paired.is_empty() {
            t += POP;
        }
        for pull in &round.pulls {
            let Some(entity) = at.remove(&pull.from) else {
                continue;
            };
            let base =
                pos(pull.anteater) + (pos(pull.from) - pos(pull.anteater)).normalize() * 20.0;
            let tongue = commands
                .spawn((
                    Name::new("Tongue"),
                    sprite(&art.bar, TONGUE, 1.0),
                    Transform::from_translation(base.extend(1.8)),
                    ChildOf(root),
                ))
                .id();
            add(
                tongue,
                t,
                PULL,
                StepKind::Tongue {
                    base,
                    tip: pos(pull.from),
                    width: CELL * 0.14,
                },
            );
            add(
                entity,
                t + PULL / 2.0,
                PULL / 2.0,
                StepKind::Move {
                    from: pos(pull.from),
                    to: pos(pull.to),
                },
            );
            if pull.dirty {
                muddy(commands, entity, t + PULL);
                let tint = StepKind::Tint {
                    from: colour(pull.to),
                    to: MUDDY,
                };
                add(entity, t + PULL, MISHAP, tint);
            }
            at.insert(pull.to, entity);
            t += PULL;
        }
    }
    for (cell, entity) in at {
        commands.entity(entity).insert(Piece { cell });
    }
    for (entity, steps) in steps {
        commands
            .entity(entity)
            .insert(Timeline { clock: 0.0, steps });
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
