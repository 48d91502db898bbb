//! The editor's screen, drawn with egui: tools on the left, the board in the middle (click to
//! paint, right-click to clear, drag a piece to move it, click near an edge with the gate tool),
//! the live verdict and the last refusal below.

use super::check::{LiveCheck, Verdict};
use super::commands::{EditorCommand, Typing};
use super::state::{Brush, Editor};
use crate::flow::Screen;
use crate::modes::tilt::art::TiltArt;
use crate::save::Settings;
use crate::sprites::{FRUIT_COLOURS, SpriteImages, fruit_colours};
use crate::ui::theme::{self, colors};
use bevy::prelude::*;
use bevy_egui::egui::{
    self, Color32, CornerRadius, Pos2, Rect, Sense, Shape, Stroke, TextureId, Vec2 as EVec2,
    load::SizedTexture, vec2,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle};
use puzzlemill_core::Direction;
use puzzlemill_core::tilt::Obstacle;
use puzzlemill_core::tilt::edit::{Draft, Tool};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), register_textures);
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(crate::ui::UiSetup)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The sprites as egui textures.
#[derive(Resource)]
struct Textures {
    fruit: [TextureId; 6],
    /// The fruit colours of the palette in use.
    colours: [Color; 6],
    obstacles: [TextureId; 3],
    hedgehog: TextureId,
    anteater: TextureId,
    puddle: TextureId,
}

fn register_textures(
    mut contexts: EguiContexts,
    images: Res<SpriteImages>,
    art: Res<TiltArt>,
    mut commands: Commands,
) {
    let mut add = |h: &Handle<Image>| contexts.add_image(EguiTextureHandle::Strong(h.clone()));
    let fruit = std::array::from_fn(|i| add(&images.fruit[i]));
    let obstacles = std::array::from_fn(|i| add(&art.obstacles[i]));
    commands.insert_resource(Textures {
        fruit,
        colours: FRUIT_COLOURS,
        obstacles,
        hedgehog: add(&art.hedgehog_asleep),
        anteater: add(&art.anteater),
        puddle: add(&art.puddle),
    });
}

fn c32(c: Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// An image of `tool` (none for floor and wall).
fn tool_image(tex: &Textures, tool: Tool, size: f32) -> Option<egui::Image<'static>> {
    let sized = |id| egui::Image::new(SizedTexture::new(id, vec2(size, size)));
    Some(match tool {
        Tool::Fruit(c) => sized(tex.fruit[c % 6]).tint(c32(tex.colours[c % 6])),
        Tool::Obstacle(o) => {
            let i = Obstacle::ALL.iter().position(|&k| k == o).unwrap_or(0);
            sized(tex.obstacles[i])
        }
        Tool::Hedgehog => sized(tex.hedgehog),
        Tool::Puddle => sized(tex.puddle),
        Tool::Anteater(d) => {
            let angle = match d {
                Direction::Right => 0.0,
                Direction::Down => std::f32::consts::FRAC_PI_2,
                Direction::Left => std::f32::consts::PI,
                Direction::Up => -std::f32::consts::FRAC_PI_2,
            };
            sized(tex.anteater).rotate(angle, EVec2::splat(0.5))
        }
        Tool::Floor | Tool::Wall => return None,
    })
}

/// The tool that paints `ch`.
fn tool_for(ch: char) -> Option<Tool> {
    Some(match ch {
        '#' => Tool::Wall,
        '.' => Tool::Floor,
        '~' => Tool::Puddle,
        'a'..='f' => Tool::Fruit((ch as u8 - b'a') as usize),
        'S' => Tool::Obstacle(Obstacle::Stone),
        'C' => Tool::Obstacle(Obstacle::Car),
        'B' => Tool::Obstacle(Obstacle::Barrel),
        'H' => Tool::Hedgehog,
        '^' => Tool::Anteater(Direction::Up),
        '>' => Tool::Anteater(Direction::Right),
        'v' => Tool::Anteater(Direction::Down),
        '<' => Tool::Anteater(Direction::Left),
        _ => return None,
    })
}

fn brush_button(ui: &mut egui::Ui, tex: &Textures, editor: &mut Editor, brush: Brush, tip: &str) {
    let selected = editor.brush == brush;
    let image = match brush {
        Brush::Paint(tool) => tool_image(tex, tool, 30.0),
        Brush::Gate => None,
    };
    let button = match (image, brush) {
        (Some(image), _) => egui::Button::image(image),
        (None, Brush::Paint(Tool::Wall)) => egui::Button::new("Wall").fill(c32(theme::WALL)),
        (None, Brush::Paint(_)) => egui::Button::new("Floor").fill(c32(theme::FLOOR)),
        (None, Brush::Gate) => egui::Button::new("Gate").fill(c32(theme::FLOOR)),
    };
    let width = if matches!(brush, Brush::Gate | Brush::Paint(Tool::Wall | Tool::Floor)) {
        64.0
    } else {
        42.0
    };
    let response = ui
        .add_sized([width, 42.0], button.selected(selected))
        .on_hover_text(tip);
    if response.clicked() {
        editor.brush = brush;
    }
}

fn tools(ui: &mut egui::Ui, tex: &Textures, editor: &mut Editor) {
    ui.label(egui::RichText::new("Board").color(colors::MUTED));
    ui.horizontal_wrapped(|ui| {
        brush_button(ui, tex, editor, Brush::Paint(Tool::Wall), "Wall");
        brush_button(
            ui,
            tex,
            editor,
            Brush::Paint(Tool::Floor),
            "Floor (clears a cell)",
        );
        brush_button(ui, tex, editor, Brush::Paint(Tool::Puddle), "Puddle");
        brush_button(
            ui,
            tex,
            editor,
            Brush::Gate,
            "One-way gate: click near an edge",
        );
    });
    ui.label(egui::RichText::new("Fruit").color(colors::MUTED));
    ui.horizontal_wrapped(|ui| {
        for c in 0..6 {
            let name = format!("Fruit {}", (b'a' + c as u8) as char);
            brush_button(ui, tex, editor, Brush::Paint(Tool::Fruit(c)), &name);
        }
    });
    ui.label(egui::RichText::new("Obstacles and animals").color(colors::MUTED));
    ui.horizontal_wrapped(|ui| {
        for (o, name) in Obstacle::ALL.iter().zip(["Stone", "Car", "Barrel"]) {
            brush_button(ui, tex, editor, Brush::Paint(Tool::Obstacle(*o)), name);
        }
        brush_button(
            ui,
            tex,
            editor,
            Brush::Paint(Tool::Hedgehog),
            "Sleeping hedgehog",
        );
    });
    ui.horizontal_wrapped(|ui| {
        for (d, name) in [
            (Direction::Up, "Anteater looking up"),
            (Direction::Right, "Anteater looking right"),
            (Direction::Down, "Anteater looking down"),
            (Direction::Left, "Anteater looking left"),
        ] {
            brush_button(ui, tex, editor, Brush::Paint(Tool::Anteater(d)), name);
        }
    });
}

fn size_row(ui: &mut egui::Ui, editor: &mut Editor) {
    let (w, h) = editor.draft.size();
    let mut resize = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Size {w}×{h}"));
        if ui.small_button("− col").clicked() && w > 5 {
            resize = Some((w - 1, h));
        }
        if ui.small_button("+ col").clicked() && w < 8 {
            resize = Some((w + 1, h));
        }
        if ui.small_button("− row").clicked() && h > 5 {
            resize = Some((w, h - 1));
        }
        if ui.small_button("+ row").clicked() && h < 8 {
            resize = Some((w, h + 1));
        }
    });
    if let Some((w, h)) = resize {
        editor.apply(|d| {
            d.resize(w, h);
            Ok(())
        });
    }
}

/// Where on the board the pointer is: cell and the side of it nearest the pointer.
fn locate(board: Rect, cell: f32, draft: &Draft, p: Pos2) -> Option<((usize, usize), Direction)> {
    let (w, h) = draft.size();
    let local = (p - board.min) / cell;
    if local.x < 0.0 || local.y < 0.0 || local.x >= w as f32 || local.y >= h as f32 {
        return None;
    }
    let (col, row) = (local.x as usize, local.y as usize);
    let (fx, fy) = (local.x.fract(), local.y.fract());
    let near = [
        (fy, Direction::Up),
        (1.0 - fy, Direction::Down),
        (fx, Direction::Left),
        (1.0 - fx, Direction::Right),
    ]
    .into_iter()
    .min_by(|a, b| a.0.total_cmp(&b.0))
    .map_or(Direction::Up, |(_, d)| d);
    Some(((col, row), near))
}

fn arrow(painter: &egui::Painter, centre: Pos2, dir: Direction, size: f32) {
    let (dx, dy) = dir.delta();
    let f = vec2(dx as f32, dy as f32);
    let side = vec2(-f.y, f.x);
    let tip = centre + f * size * 0.5;
    let points = vec![
        tip,
        centre - f * size * 0.3 + side * size * 0.45,
        centre - f * size * 0.3 - side * size * 0.45,
    ];
    painter.add(Shape::convex_polygon(
        points,
        c32(theme::GATE),
        Stroke::new(1.5, Color32::from_black_alpha(120)),
    ));
}

fn board(ui: &mut egui::Ui, tex: &Textures, editor: &mut Editor) {
    let (w, h) = editor.draft.size();
    let avail = ui.available_rect_before_wrap();
    let cell = (avail.width() / w as f32)
        .min(avail.height() / h as f32)
        .floor();
    let size = vec2(cell * w as f32, cell * h as f32);
    let rect = Rect::from_center_size(avail.center(), size);
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    let hovered = pointer.and_then(|p| locate(rect, cell, &editor.draft, p));
    let dragging = ui.memory(|m| m.data.get_temp::<(usize, usize)>(ui.id().with("drag")));
    for row in 0..h {
        for col in 0..w {
            let r = Rect::from_min_size(
                rect.min + vec2(col as f32 * cell, row as f32 * cell),
                vec2(cell, cell),
            )
            .shrink(1.0);
            let ch = editor.draft.at(col, row);
            let fill = if ch == '#' { theme::WALL } else { theme::FLOOR };
            painter.rect_filled(r, CornerRadius::same(6), c32(fill));
            if ch == '~'
                && let Some(i) = tool_image(tex, Tool::Puddle, cell)
            {
                i.paint_at(ui, r);
            }
            if dragging == Some((col, row)) {
                continue;
            }
            if let Some(tool) = tool_for(ch).filter(|t| !matches!(t, Tool::Puddle))
                && let Some(i) = tool_image(tex, tool, cell)
            {
                i.paint_at(ui, r.shrink(cell * 0.08));
            }
        }
    }
    for gate in editor.draft.gates() {
        let centre = rect.min
            + vec2(
                (gate.col as f32 + 0.5) * cell,
                (gate.row as f32 + 0.5) * cell,
            );
        let (dx, dy) = gate.dir.delta();
        arrow(
            &painter,
            centre + vec2(dx as f32, dy as f32) * cell * 0.5,
            gate.dir,
            cell * 0.4,
        );
    }
    if let Some(((col, row), near)) = hovered {
        let r = Rect::from_min_size(
            rect.min + vec2(col as f32 * cell, row as f32 * cell),
            vec2(cell, cell),
        );
        painter.rect_stroke(
            r,
            CornerRadius::same(6),
            Stroke::new(2.0, colors::ACCENT),
            egui::StrokeKind::Inside,
        );
        if editor.brush == Brush::Gate {
            let (dx, dy) = near.delta();
            arrow(
                &painter,
                r.center() + vec2(dx as f32, dy as f32) * cell * 0.5,
                near,
                cell * 0.3,
            );
        }
    }
    // Dragging a piece moves it; dragging with a board brush paints.
    let drag_key = ui.id().with("drag");
    if response.drag_started()
        && let Some(((col, row), _)) = hovered
        && tool_for(editor.draft.at(col, row))
            .is_some_and(|t| !matches!(t, Tool::Floor | Tool::Wall | Tool::Puddle))
    {
        ui.memory_mut(|m| m.data.insert_temp(drag_key, (col, row)));
    }
    if let Some(from) = dragging {
        if let (Some(p), Some(tool)) = (pointer, tool_for(editor.draft.at(from.0, from.1))) {
            let r = Rect::from_center_size(p, vec2(cell, cell) * 0.8);
            if let Some(i) = tool_image(tex, tool, cell) {
                i.paint_at(ui, r);
            }
        }
        if response.drag_stopped() {
            ui.memory_mut(|m| m.data.remove::<(usize, usize)>(drag_key));
            if let Some((to, _)) = hovered {
                editor.apply(|d| d.move_piece(from, to));
            }
        }
    } else if response.dragged()
        && let (
            Some(((col, row), _)),
            Brush::Paint(tool @ (Tool::Wall | Tool::Floor | Tool::Puddle)),
        ) = (hovered, editor.brush)
        && tool_for(editor.draft.at(col, row)) != Some(tool)
    {
        editor.apply(|d| d.paint(col, row, tool));
    }
    if response.clicked()
        && let Some(((col, row), near)) = hovered
    {
        editor.click(col, row, near);
    }
    if response.secondary_clicked()
        && let Some(((col, row), _)) = hovered
    {
        editor.apply(|d| d.paint(col, row, Tool::Floor));
    }
}

fn tool_panel(
    ui: &mut egui::Ui,
    tex: &Textures,
    editor: &mut Editor,
    check: &LiveCheck,
    commands: &mut MessageWriter<EditorCommand>,
) {
    ui.label(
        egui::RichText::new("Level editor")
            .size(26.0)
            .color(colors::TEXT),
    );
    ui.add_space(6.0);
    tools(ui, tex, editor);
    ui.add_space(6.0);
    size_row(ui, editor);
    ui.add_space(10.0);
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut editor.name);
    });
    ui.add_space(10.0);
    let playable = !matches!(check.verdict, Verdict::Unplayable(_));
    let solvable = matches!(check.verdict, Verdict::Solvable { .. });
    for (label, command, enabled) in [
        ("Play-test", EditorCommand::PlayTest, playable),
        ("Save to My levels", EditorCommand::Save, solvable),
        ("New board", EditorCommand::New, true),
        ("Back", EditorCommand::Back, true),
    ] {
        let button = egui::Button::new(label).min_size(vec2(280.0, 36.0));
        if ui.add_enabled(enabled, button).clicked() {
            commands.write(command);
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    check: Res<LiveCheck>,
    tex: Option<ResMut<Textures>>,
    settings: Res<Settings>,
    mut commands: MessageWriter<EditorCommand>,
    mut typing: ResMut<Typing>,
) -> Result {
    let Some(mut tex) = tex else {
        return Ok(());
    };
    let colours = fruit_colours(settings.colour_blind);
    if tex.colours != *colours {
        tex.colours = *colours;
    }
    let ctx = contexts.ctx_mut()?.clone();
    typing.0 = ctx.egui_wants_keyboard_input();
    let mut root = crate::ui::root_ui(&ctx, "editor");
    egui::Panel::left("editor-tools")
        .resizable(false)
        .exact_size(320.0)
        .frame(egui::Frame::new().fill(colors::PANEL).inner_margin(12))
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                tool_panel(ui, &tex, &mut editor, &check, &mut commands)
            })
        });
    egui::Panel::bottom("editor-status")
        .frame(egui::Frame::new().fill(colors::PANEL).inner_margin(10))
        .show(&mut root, |ui| {
            let good = matches!(check.verdict, Verdict::Solvable { .. });
            let colour = if good { colors::GOOD } else { colors::TEXT };
            ui.label(egui::RichText::new(check.verdict.describe()).color(colour));
            if let Some(message) = &editor.message {
                ui.label(egui::RichText::new(message).color(colors::WARN));
            } else {
                ui.label(
                    egui::RichText::new(
                        "Click to paint · right-click clears · drag a piece to move it · Esc leaves",
                    )
                    .color(colors::MUTED),
                );
            }
        });
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(c32(theme::BACKGROUND))
                .inner_margin(16),
        )
        .show(&mut root, |ui| board(ui, &tex, &mut editor));
    Ok(())
}
