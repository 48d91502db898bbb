//! Draws the Lines board: tiles, dots, lines and numbers, the line in the pen with its length
//! against its number, what stops it, the keyboard cursor, and the cells a hint points at. The
//! board is small, so it is redrawn whole whenever what it shows changes.

use super::geometry::{board_size, cell_position};
use super::pen::Pen;
use crate::flow::Screen;
use crate::labels::Labels;
use crate::modes::grid::{CELL, sprite};
use crate::play::{ActiveSession, PlayEvent, PlaySet};
use crate::save::Settings;
use crate::sprites::{coverage, render};
use crate::ui::camera::BoardBounds;
use crate::ui::theme;
use bevy::prelude::*;
use puzzlemill_core::lines::board::{Cells, cells_of};
use puzzlemill_core::lines::{Board, Drawn, Lines, Span, Teaching, next_hint};

/// A number still to finish, and lines being drawn.
pub(super) const OPEN: Color = Color::srgb(1.0, 0.71, 0.28);
/// A number whose line is full, and its line.
pub(super) const DONE: Color = Color::srgb(0.49, 0.85, 0.55);
/// The line in the pen.
const HELD: Color = Color::srgb(1.0, 0.86, 0.62);
/// Text on a number.
pub(super) const INK: Color = Color::srgb(0.13, 0.10, 0.06);
/// What stops a line.
const REFUSED: Color = Color::srgba(1.0, 0.36, 0.30, 0.75);
/// What the states look like in the colour-blind-safe palette (Okabe and Ito): open orange,
/// done sky blue, refused vermilion. Done numbers are also square, open ones round.
pub(super) const SAFE_OPEN: Color = Color::srgb(0.90, 0.62, 0.0);
pub(super) const SAFE_DONE: Color = Color::srgb(0.34, 0.71, 0.91);
const SAFE_HELD: Color = Color::srgb(0.97, 0.85, 0.55);
const SAFE_REFUSED: Color = Color::srgba(0.84, 0.37, 0.0, 0.8);

/// The state colours of one palette.
#[derive(Clone, Copy)]
struct Palette {
    open: Color,
    done: Color,
    held: Color,
    refused: Color,
}

impl Palette {
    fn chosen(colour_blind: bool) -> Self {
        if colour_blind {
            Palette {
                open: SAFE_OPEN,
                done: SAFE_DONE,
                held: SAFE_HELD,
                refused: SAFE_REFUSED,
            }
        } else {
            Palette {
                open: OPEN,
                done: DONE,
                held: HELD,
                refused: REFUSED,
            }
        }
    }
}

/// Cells a hint points at.
const HINTED: Color = Color::srgb(0.42, 0.36, 0.20);
/// Line width as a share of a cell.
const LINE: f32 = 0.34;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>();
    app.init_resource::<HintMarks>();
    app.add_systems(Startup, make_disc);
    app.add_systems(
        Update,
        (mark_hint, redraw)
            .chain()
            .after(PlaySet)
            .run_if(in_state(Screen::Play).and_then(resource_exists::<ActiveSession<Lines>>)),
    );
    app.add_systems(OnExit(Screen::Play), forget);
}

/// A white disc, tinted for numbers, dots and line ends.
#[derive(Resource)]
struct Disc(Handle<Image>);

fn make_disc(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let disc = render(|p| [1.0, 1.0, 1.0, coverage(p.length() - 0.94)]);
    commands.insert_resource(Disc(images.add(disc)));
}

/// What the last hint pointed at, until the board changes.
#[derive(Resource, Default, Clone, PartialEq)]
struct HintMarks(Option<Teaching>);

/// Everything the board shows, to redraw only when it changes.
#[derive(Resource, Default, PartialEq)]
struct Shown(Option<(Drawn, Pen, Option<Teaching>, bool)>);

#[derive(Component)]
struct BoardRoot;

fn mark_hint(
    mut events: MessageReader<PlayEvent>,
    session: Res<ActiveSession<Lines>>,
    mut marks: ResMut<HintMarks>,
) {
    for event in events.read() {
        match event {
            PlayEvent::Hinted { .. } => {
                let s = &session.0;
                marks.0 = Some(next_hint(&s.level().board, s.state()));
            }
            PlayEvent::Rejected => {}
            _ => marks.0 = None,
        }
    }
}

fn forget(
    mut shown: ResMut<Shown>,
    mut marks: ResMut<HintMarks>,
    roots: Query<Entity, With<BoardRoot>>,
    mut commands: Commands,
) {
    shown.0 = None;
    marks.0 = None;
    for root in &roots {
        commands.entity(root).despawn();
    }
}

#[allow(clippy::too_many_arguments)]
fn redraw(
    session: Res<ActiveSession<Lines>>,
    pen: Res<Pen>,
    marks: Res<HintMarks>,
    disc: Res<Disc>,
    settings: Res<Settings>,
    mut labels: ResMut<Labels>,
    mut images: ResMut<Assets<Image>>,
    mut shown: ResMut<Shown>,
    mut bounds: ResMut<BoardBounds>,
    roots: Query<Entity, With<BoardRoot>>,
    mut commands: Commands,
) {
    let drawn = session.0.state();
    let now = Some((
        drawn.clone(),
        pen.clone(),
        marks.0.clone(),
        settings.colour_blind,
    ));
    if shown.0 == now && !roots.is_empty() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let board = &session.0.level().board;
    bounds.0 = Some(board_size(board));
    let root = commands
        .spawn((
            Name::new("Lines board"),
            BoardRoot,
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    let mut draw = Painter {
        commands: &mut commands,
        root,
        board,
        disc: &disc.0,
        palette: Palette::chosen(settings.colour_blind),
        labels: &mut labels,
        images: &mut images,
    };
    draw.tiles(marks.0.as_ref().map_or(Cells::EMPTY, |t| t.cells));
    for i in 0..board.numbers.len() {
        let held = pen.held.filter(|h| h.number == i);
        if let Some(span) = pen.line_of(drawn, i) {
            let full = span.len() == board.numbers[i].value;
            let color = match (held, full) {
                (Some(_), _) => draw.palette.held,
                (None, true) => draw.palette.done,
                (None, false) => draw.palette.open,
            };
            draw.line(i, span, color);
        }
    }
    let covered = (0..board.numbers.len())
        .filter_map(|i| pen.line_of(drawn, i).and_then(|s| s.cells(board, i)))
        .fold(Cells::EMPTY, |a, c| a | c);
    let hinted_dots = marks.0.as_ref().map_or(Cells::EMPTY, |t| t.dots);
    draw.dots(covered, hinted_dots);
    for (i, n) in board.numbers.iter().enumerate() {
        let have = pen.line_of(drawn, i).map_or(1, Span::len);
        let hinted = marks.0.as_ref().and_then(|t| t.number) == Some(i);
        let held = pen.held.is_some_and(|h| h.number == i);
        draw.number(n.cell as usize, n.value, have, hinted, held);
    }
    if let Some(cell) = pen.held.and_then(|h| h.stroke.blocked) {
        draw.square(cell, draw.palette.refused, 0.9, 4.0);
    }
    if pen.show_cursor {
        draw.cursor(pen.cursor);
    }
    shown.0 = now;
}

/// Spawns the board's sprites under one root.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    root: Entity,
    board: &'a Board,
    disc: &'a Handle<Image>,
    palette: Palette,
    labels: &'a mut Labels,
    images: &'a mut Assets<Image>,
}

impl Painter<'_, '_, '_> {
    fn sprite(&mut self, sprite: Sprite, at: Vec3) {
        self.commands
            .spawn((sprite, Transform::from_translation(at), ChildOf(self.root)));
    }

    fn disc(&mut self, at: Vec2, z: f32, size: f32, color: Color) {
        self.sprite(sprite(self.disc, color, size), at.extend(z));
    }

    fn square(&mut self, cell: usize, color: Color, size: f32, z: f32) {
        let at = cell_position(self.board, cell).extend(z);
        self.sprite(Sprite::from_color(color, Vec2::splat(CELL * size)), at);
    }

    fn tiles(&mut self, hinted: Cells) {
        for cell in 0..self.board.width * self.board.height {
            let color = if hinted.has(cell) {
                HINTED
            } else {
                theme::FLOOR
            };
            self.square(cell, color, 0.94, 0.0);
        }
    }

    fn line(&mut self, i: usize, span: Span, color: Color) {
        let Some((first, last)) = span
            .cells(self.board, i)
            .and_then(|c| Some((c.lowest()?, c.highest()?)))
        else {
            return;
        };
        let (a, b) = (
            cell_position(self.board, first),
            cell_position(self.board, last),
        );
        // A capsule: a bar between the end cells' centres with round caps.
        let width = CELL * LINE;
        let size = if span.vertical {
            Vec2::new(width, (b - a).y.abs())
        } else {
            Vec2::new((b - a).x.abs(), width)
        };
        self.sprite(Sprite::from_color(color, size), ((a + b) / 2.0).extend(1.0));
        self.disc(a, 1.0, width, color);
        self.disc(b, 1.0, width, color);
    }

    fn dots(&mut self, covered: Cells, hinted: Cells) {
        for cell in cells_of(self.board.dots) {
            let at = cell_position(self.board, cell);
            if hinted.has(cell) {
                self.disc(at, 1.5, CELL * 0.5, self.palette.open);
            }
            let (color, size) = if covered.has(cell) {
                (INK, CELL * 0.16)
            } else {
                (Color::WHITE, CELL * 0.26)
            };
            self.disc(at, 2.0, size, color);
        }
    }

    fn number(&mut self, cell: usize, value: u8, have: u8, hinted: bool, held: bool) {
        let at = cell_position(self.board, cell);
        let done = have == value;
        let color = if done {
            self.palette.done
        } else if held {
            self.palette.held
        } else {
            self.palette.open
        };
        if hinted {
            self.disc(at, 2.5, CELL * 0.98, Color::WHITE);
        }
        // A finished number is a square badge, an open one round: shape tells them apart too.
        if done {
            self.square(cell, color, 0.74, 3.0);
        } else {
            self.disc(at, 3.0, CELL * 0.8, color);
        }
        let label = self
            .labels
            .sprite(&value.to_string(), CELL * 0.5, INK, self.images);
        self.sprite(label, at.extend(3.5));
        // How far the line has to go: shown while it is started and not full.
        if have > 1 && have < value {
            let badge = at + Vec2::new(CELL * 0.3, -CELL * 0.3);
            self.disc(badge, 3.6, CELL * 0.36, INK);
            let label = self.labels.sprite(
                &(value - have).to_string(),
                CELL * 0.26,
                Color::WHITE,
                self.images,
            );
            self.sprite(label, badge.extend(3.7));
        }
    }

    fn cursor(&mut self, cell: usize) {
        let at = cell_position(self.board, cell);
        let (long, thin) = (CELL * 0.96, CELL * 0.06);
        for (offset, size) in [
            (Vec2::new(0.0, long / 2.0), Vec2::new(long, thin)),
            (Vec2::new(0.0, -long / 2.0), Vec2::new(long, thin)),
            (Vec2::new(long / 2.0, 0.0), Vec2::new(thin, long)),
            (Vec2::new(-long / 2.0, 0.0), Vec2::new(thin, long)),
        ] {
            self.sprite(
                Sprite::from_color(Color::WHITE, size),
                (at + offset).extend(5.0),
            );
        }
    }
}
