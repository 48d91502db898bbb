//! Draws a slide-box board: floor, walls, undug rock, targets and boxes, and in Slide the picked
//! box's outline with arrows for the ways it can go. After a move the boxes slide (the leading box first in Trio), a box that stops
//! against another squashes with a knock, and a box that lands on a target turns green; the play
//! layer chimes for it. Undo, restart and jumps redraw at once; reduced motion always does.

use super::geometry::cell_position;
use super::picker::Picked;
use super::rules::SlideRules;
use crate::audio::Sfx;
use crate::flow::Screen;
use crate::modes::grid::{CELL, sprite, world_dir};
use crate::modes::timeline::{Step, StepKind, Timeline};
use crate::play::{ActiveSession, PlaySet};
use crate::save::Settings;
use crate::sprites::{SpriteImages, coverage, render, rounded_square};
use crate::ui::camera::BoardBounds;
use crate::ui::theme;
use bevy::prelude::*;
use puzzlemill_core::Direction;
use puzzlemill_core::slide::rules::{flick, stopped_by_box};
use puzzlemill_core::slide::{Boxes, Cell, Flick, Slide, SlideLevel};
use std::collections::HashMap;

/// Seconds for a box to cross one cell.
const SLIDE_PER_CELL: f32 = 0.045;
/// Seconds of the squash when a box stops against a box.
const BUMP: f32 = 0.16;
/// A box off target.
pub(super) const BOX: Color = Color::srgb(1.0, 0.71, 0.28);
/// A box on a target.
pub(super) const PARKED: Color = Color::srgb(0.49, 0.85, 0.55);
/// Target rings.
pub(super) const TARGET: Color = Color::srgb(0.49, 0.85, 0.55);
/// A box on a target, and the rings, in the colour-blind-safe palette (Okabe and Ito's sky
/// blue against the orange boxes). In either palette a target's ring shows over a parked box,
/// so shape tells parked from loose too.
pub(super) const SAFE_PARKED: Color = Color::srgb(0.34, 0.71, 0.91);
/// Undug rock.
pub(super) const ROCK: Color = Color::srgb(0.29, 0.26, 0.27);
/// The picked box's outline.
const PICK: Color = Color::srgb(0.97, 0.95, 0.90);

/// The art and bookkeeping both variants share, added with the first variant's drawing.
struct ArtPlugin;

impl Plugin for ArtPlugin {
    fn build(&self, app: &mut App) {
        art_plugin(app);
    }
}

fn art_plugin(app: &mut App) {
    app.init_resource::<Rendered>();
    app.add_systems(Startup, make_art);
    app.add_systems(OnExit(Screen::Play), forget_board);
    app.add_systems(
        Update,
        show_flick_arrows
            .after(PlaySet)
            .run_if(in_state(Screen::Play).and_then(resource_exists::<ActiveSession<Slide>>)),
    );
}

/// Drawing for one variant.
pub(super) fn plugin<P: SlideRules>(app: &mut App) {
    if !app.is_plugin_added::<ArtPlugin>() {
        app.add_plugins(ArtPlugin);
    }
    app.add_systems(
        Update,
        (sync_board::<P>, place_pick_mark)
            .chain()
            .after(PlaySet)
            .run_if(in_state(Screen::Play).and_then(resource_exists::<ActiveSession<P>>)),
    );
}

#[derive(Resource)]
struct SlideArt {
    crate_box: Handle<Image>,
    ring: Handle<Image>,
    rock: Handle<Image>,
    outline: Handle<Image>,
    arrow: Handle<Image>,
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    // A crate: a rounded square with a darker rim and a cross brace.
    let crate_box = render(|p| {
        let d = rounded_square(p, 0.9, 0.2);
        let rim = if d > -0.16 { 0.72 } else { 1.0 };
        let brace = if (p.x - p.y).abs() < 0.12 || (p.x + p.y).abs() < 0.12 {
            0.8
        } else {
            1.0
        };
        let v = rim * brace;
        [v, v, v, coverage(d)]
    });
    let ring = render(|p| {
        let d = (p.length() - 0.72).abs() - 0.1;
        [1.0, 1.0, 1.0, coverage(d)]
    });
    // Rock: a solid block, mottled like stone and lit from the top left.
    let rock = render(|p| {
        let cell = (p * 5.0).floor();
        let hash = ((cell.x * 12.99 + cell.y * 78.23).sin() * 43758.55)
            .fract()
            .abs();
        let shade = 0.78 + 0.14 * hash + 0.08 * (p.y - p.x).clamp(-1.0, 1.0);
        [shade, shade, shade, coverage(rounded_square(p, 0.98, 0.12))]
    });
    let outline = render(|p| {
        let d = rounded_square(p, 0.98, 0.28).abs() - 0.06;
        [1.0, 1.0, 1.0, coverage(d)]
    });
    // A small triangle pointing right (rotated for the other ways).
    let arrow = render(|p| {
        let d = (p.x - 0.6)
            .max(p.y.abs() * 1.2 + p.x * 0.7 - 0.25)
            .max(-p.x - 0.5);
        [1.0, 1.0, 1.0, coverage(d)]
    });
    commands.insert_resource(SlideArt {
        arrow: images.add(arrow),
        crate_box: images.add(crate_box),
        ring: images.add(ring),
        rock: images.add(rock),
        outline: images.add(outline),
    });
}

/// The boxes as last drawn.
#[derive(Resource, Default)]
struct Rendered {
    state: Option<Boxes>,
    moves: u32,
    /// The palette the board was drawn in.
    colour_blind: bool,
}

#[derive(Component)]
struct BoardRoot;

/// A box on `cell`.
#[derive(Component)]
struct Piece {
    cell: u8,
}

/// The outline around the picked box.
#[derive(Component)]
struct PickMark;

/// An arrow beside the picked box, shown when a flick that way would move it.
#[derive(Component)]
struct FlickArrow(Direction);

fn box_colour(level: &SlideLevel, cell: u8, colour_blind: bool) -> Color {
    match (level.is_target(cell), colour_blind) {
        (false, _) => BOX,
        (true, false) => PARKED,
        (true, true) => SAFE_PARKED,
    }
}

fn spawn_board(
    commands: &mut Commands,
    images: &SpriteImages,
    art: &SlideArt,
    level: &SlideLevel,
    boxes: &Boxes,
    picks: bool,
    colour_blind: bool,
) {
    let root = commands
        .spawn((
            Name::new("Slide board"),
            BoardRoot,
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    for cell in 0..(level.width * level.height) as u8 {
        let pos = cell_position(level, cell);
        let (image, color, z) = match level.cells[usize::from(cell)] {
            Cell::Floor => (&images.tile, theme::FLOOR, 0.0),
            Cell::Wall => (&images.wall, theme::WALL, 1.0),
            Cell::Rock => (&art.rock, ROCK, 1.0),
        };
        commands.spawn((
            sprite(image, color, CELL),
            Transform::from_translation(pos.extend(z)),
            ChildOf(root),
        ));
        if level.is_target(cell) {
            commands.spawn((
                Name::new("Target"),
                sprite(
                    &art.ring,
                    if colour_blind { SAFE_PARKED } else { TARGET },
                    CELL * 0.8,
                ),
                Transform::from_translation(pos.extend(0.5)),
                ChildOf(root),
            ));
            // The ring again, small and over the boxes: a parked box wears it.
            commands.spawn((
                sprite(&art.ring, Color::WHITE.with_alpha(0.8), CELL * 0.34),
                Transform::from_translation(pos.extend(2.6)),
                ChildOf(root),
            ));
        }
    }
    for &cell in boxes.cells() {
        commands.spawn((
            Name::new("Box"),
            Piece { cell },
            sprite(
                &art.crate_box,
                box_colour(level, cell, colour_blind),
                CELL * 0.86,
            ),
            Transform::from_translation(cell_position(level, cell).extend(2.0)),
            ChildOf(root),
        ));
    }
    if picks {
        let mark = commands
            .spawn((
                Name::new("Picked box"),
                PickMark,
                sprite(&art.outline, PICK, CELL * 1.02),
                Transform::from_xyz(0.0, 0.0, 3.0),
                Visibility::Hidden,
                ChildOf(root),
            ))
            .id();
        for dir in Direction::ALL {
            let way = world_dir(dir);
            commands.spawn((
                Name::new("Flick arrow"),
                FlickArrow(dir),
                sprite(&art.arrow, PICK.with_alpha(0.85), CELL * 0.34),
                Transform::from_translation((way * CELL * 0.66).extend(0.1))
                    .with_rotation(Quat::from_rotation_z(way.y.atan2(way.x))),
                Visibility::Hidden,
                ChildOf(mark),
            ));
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn sync_board<P: SlideRules>(
    session: Res<ActiveSession<P>>,
    mut rendered: ResMut<Rendered>,
    settings: Res<Settings>,
    images: Res<SpriteImages>,
    art: Res<SlideArt>,
    roots: Query<Entity, With<BoardRoot>>,
    pieces: Query<(Entity, &Piece)>,
    mut bounds: ResMut<BoardBounds>,
    mut sfx: MessageWriter<Sfx>,
    mut commands: Commands,
) {
    let session = &session.0;
    let level = session.level();
    let current = session.state();
    let colour_blind = settings.colour_blind;
    let redraw = |commands: &mut Commands| {
        spawn_board(
            commands,
            &images,
            &art,
            level,
            current,
            P::PICKS,
            colour_blind,
        );
    };
    let Ok(root) = roots.single() else {
        redraw(&mut commands);
        bounds.0 = Some(Vec2::new(level.width as f32, level.height as f32) * CELL);
        rendered.state = Some(*current);
        rendered.moves = session.moves_made();
        rendered.colour_blind = colour_blind;
        return;
    };
    let repaint = rendered.colour_blind != colour_blind;
    if rendered.state.as_ref() == Some(current) && !repaint {
        return;
    }
    rendered.colour_blind = colour_blind;
    let one_step = session.moves_made() == rendered.moves + 1;
    match (rendered.state, session.moves().last()) {
        (Some(before), Some(mv)) if one_step && !settings.reduced_motion && !repaint => {
            let (dir, paths) = P::paths(level, &before, mv);
            let at: HashMap<u8, Entity> = pieces.iter().map(|(e, p)| (p.cell, e)).collect();
            if animate(
                &mut commands,
                level,
                current,
                dir,
                &paths,
                &at,
                colour_blind,
            ) {
                sfx.write(Sfx::Bump);
            }
        }
        _ => {
            commands.entity(root).despawn();
            redraw(&mut commands);
        }
    }
    rendered.state = Some(*current);
    rendered.moves = session.moves_made();
}

/// Slides each moved box, squashes the ones stopped by a box and recolours those that land on
/// or leave a target. Returns whether any box bumped into another.
fn animate(
    commands: &mut Commands,
    level: &SlideLevel,
    after: &Boxes,
    dir: Direction,
    paths: &[(u8, u8)],
    at: &HashMap<u8, Entity>,
    colour_blind: bool,
) -> bool {
    let pos = |cell: u8| cell_position(level, cell);
    let mut bumped = false;
    for &(from, to) in paths {
        let Some(&entity) = at.get(&from) else {
            continue;
        };
        let duration = SLIDE_PER_CELL * (pos(from) - pos(to)).length() / CELL + 0.05;
        let (was, now) = (
            box_colour(level, from, colour_blind),
            box_colour(level, to, colour_blind),
        );
        // This timeline replaces the box's last one: a box moved again before its squash or
        // its tint played out starts from its own shape and the colour of the cell it leaves.
        let mut steps = vec![
            Step {
                start: 0.0,
                duration: 0.0,
                kind: StepKind::Settle { colour: was },
            },
            Step {
                start: 0.0,
                duration,
                kind: StepKind::Move {
                    from: pos(from),
                    to: pos(to),
                },
            },
        ];
        if stopped_by_box(level, after, to, dir) {
            bumped = true;
            steps.push(Step {
                start: duration,
                duration: BUMP,
                kind: StepKind::Bump {
                    along: world_dir(dir),
                },
            });
        }
        if was != now {
            steps.push(Step {
                start: duration,
                duration: BUMP,
                kind: StepKind::Tint { from: was, to: now },
            });
        }
        commands
            .entity(entity)
            .insert((Piece { cell: to }, Timeline { clock: 0.0, steps }));
    }
    bumped
}

/// Keeps the outline on the picked box, wherever its slide has got to.
fn place_pick_mark(
    picked: Res<Picked>,
    pieces: Query<(&Piece, &Transform), Without<PickMark>>,
    mut marks: Query<(&mut Transform, &mut Visibility), With<PickMark>>,
) {
    for (mut transform, mut visibility) in &mut marks {
        let target = picked
            .cell
            .and_then(|c| pieces.iter().find(|(p, _)| p.cell == c));
        match target {
            Some((_, t)) => {
                transform.translation = t.translation.truncate().extend(3.0);
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

/// Shows the arrows of the ways the picked box can be flicked (hidden while it slides).
fn show_flick_arrows(
    session: Res<ActiveSession<Slide>>,
    picked: Res<Picked>,
    moving: Query<(), (With<Piece>, With<Timeline>)>,
    mut arrows: Query<(&FlickArrow, &mut Visibility)>,
) {
    let (level, boxes) = (session.0.level(), session.0.state());
    let still = moving.is_empty();
    for (arrow, mut visibility) in &mut arrows {
        let can = picked
            .cell
            .is_some_and(|cell| flick(level, boxes, Flick { cell, dir: arrow.0 }).is_some());
        *visibility = if can && still {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
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
