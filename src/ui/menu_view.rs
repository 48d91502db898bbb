//! Draws the current [`Menu`] with egui. Rows are drawn by hand and never take keyboard focus, so
//! keys go to the menu's own navigation; the mouse hovers, clicks and drags the same rows.

use super::format::{kept_whole, parts_kept_whole};
use super::layout::{UiSetup, root_ui};
use super::theme::{colors, sizes};
use crate::audio::Sfx;
use crate::flow::{CodeEntry, NameEntry, Screen};
use crate::input::Action;
use crate::menu::{ItemKind, KeysWorkMenus, Menu, MenuAction, MenuActivated, MenuItem};
use bevy::prelude::*;
use bevy_egui::egui::{
    self, Align, Align2, Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, pos2, vec2,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu.after(UiSetup).run_if(resource_exists::<Menu>),
    );
}

/// What covers the level under a menu. A level in play is hidden: its clock stops while the game
/// is paused, so the pause menu is no place to study the board (and its title would sit on the
/// board). The editor's drawing has no clock and is only dimmed: enough that its words do not
/// read through the menu's title (on a phone they ran through it).
fn scrim(screen: Screen) -> Color32 {
    match screen {
        Screen::Play => colors::BACKGROUND,
        _ => Color32::from_black_alpha(215),
    }
}

/// The height under a menu's rows for the keys line, inside the card (8 where a finger has none).
const FOOTER: f32 = 40.0;
/// The back button's size, and its distance from the window's top left corner.
const BACK_SIZE: egui::Vec2 = vec2(104.0, 40.0);
/// See [`BACK_SIZE`].
const BACK_INSET: f32 = 14.0;

/// The button by the title that goes back, as every screen with one has it.
pub(super) fn back_button() -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new("‹ Back").size(20.0))
        .fill(colors::ROW)
        .corner_radius(CornerRadius::same(sizes::RADIUS))
        .min_size(BACK_SIZE)
}

/// The space above a menu's card: a margin, the title, and the gap under the title (and
/// subtitle).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Header {
    margin: f32,
    title_size: f32,
    gap: f32,
}

impl Header {
    /// The header for a window `full` points high, `top` of them kept clear, over rows `rows`
    /// points high when last drawn (`None`: not drawn yet) and a footer `footer` high. The roomy
    /// one unless the rows would not fit under it: then a lower one, or a tight one, so a long
    /// list (Settings at 1280x720) shows whole rather than scrolling (the title screen's rows at
    /// 1280x720 too). `height` measures a header as laid out.
    fn choose(
        is_title: bool,
        top: f32,
        full: f32,
        footer: f32,
        rows: Option<f32>,
        height: impl Fn(Header) -> f32,
    ) -> Header {
        let roomy = if is_title {
            Header {
                margin: top + (full * 0.12).min(80.0),
                title_size: 72.0,
                gap: 28.0,
            }
        } else {
            Header {
                margin: top + (full * 0.05).min(80.0),
                title_size: 44.0,
                gap: 12.0,
            }
        };
        let tight = Header {
            margin: top + 6.0,
            title_size: if is_title { 56.0 } else { 34.0 },
            gap: if is_title { 12.0 } else { 6.0 },
        };
        let room = |h: Header| full - height(h) - 2.0 * f32::from(sizes::PAD) - footer;
        let Some(rows) = rows.filter(|&rows| rows > room(roomy)) else {
            return roomy;
        };
        // First the margin gives way, as far as the rows need; then the title shrinks too.
        let lower = Header {
            margin: (roomy.margin - (rows - room(roomy))).max(tight.margin),
            ..roomy
        };
        if rows <= room(lower) { lower } else { tight }
    }

    /// Its height laid out in `ui` (egui's spacing after each label included).
    fn height(self, ui: &egui::Ui, subtitle: bool) -> f32 {
        let spacing = ui.spacing().item_spacing.y;
        let row = |font: &FontId| ui.ctx().fonts_mut(|f| f.row_height(font));
        let body = egui::TextStyle::Body.resolve(ui.style());
        let subtitle = if subtitle { row(&body) + spacing } else { 0.0 };
        self.margin + row(&FontId::proportional(self.title_size)) + spacing + subtitle + self.gap
    }
}

/// The menu cursor as last drawn, and since when it rests there; the text size's zoom it was
/// drawn at.
#[derive(Default)]
struct CursorSeen {
    at: Option<usize>,
    since: f64,
    zoom: f32,
}

/// What the pointer did to a row.
struct RowOutcome {
    action: Option<MenuAction>,
    hovered_moving: bool,
    response: egui::Response,
    /// The row's label whole, where it is cut short (a detail wraps, never cut).
    whole: Option<String>,
    /// A slider's track, where a press sets its value (and does not scroll the list).
    track: Option<Rect>,
}

/// Where egui's temporary data keeps the slider row a press grabbed (see [`draw_row`]), let go
/// when no button or finger is down.
const SLIDER_GRAB: &str = "menu_slider_grab";

/// How near a slider's track a press sets its value.
const TRACK_REACH: egui::Vec2 = vec2(16.0, 24.0);

fn draw_menu(
    mut contexts: EguiContexts,
    mut menu: ResMut<Menu>,
    screen: Res<State<Screen>>,
    mut activated: MessageWriter<MenuActivated>,
    mut sfx: MessageWriter<Sfx>,
    mut cursor: Local<CursorSeen>,
    mut keys: ResMut<KeysWorkMenus>,
    // The last frame's list: the menu's title, the rows' height, and whether they scrolled.
    mut fit: Local<Option<(String, f32, bool)>>,
    names: super::control_names::ControlNames,
    boxes: (Option<Res<CodeEntry>>, Option<Res<NameEntry>>),
) -> Result {
    let CursorSeen {
        at: last_cursor,
        since: cursor_since,
        zoom: zoom_seen,
    } = &mut *cursor;
    let ctx = contexts.ctx_mut()?.clone();
    let (pointer_used, now) = ctx.input(|i| {
        let used = i.pointer.delta() != egui::Vec2::ZERO || i.pointer.any_pressed();
        (used, i.time)
    });
    if pointer_used && keys.0 {
        keys.0 = false;
    }
    if !ctx.input(|i| i.pointer.primary_down()) {
        ctx.data_mut(|d| d.insert_temp(egui::Id::new(SLIDER_GRAB), None::<egui::Id>));
    }
    let over_level = matches!(*screen.get(), Screen::Play | Screen::Editor);
    let is_title = *screen.get() == Screen::Title;
    let cursor_moved = *last_cursor != Some(menu.cursor) || menu.is_added();
    // The list scrolls to the cursor where keys moved it or the menu is new; a row pressed by the
    // pointer or a finger is where the player sees it already (scrolled to the middle, the list
    // moved under a phone's next tap). Where the text size changed, the rows grew or shrank
    // around it: to it again (Text size set to Larger on a phone was left cut at the list's foot).
    let zoom = ctx.zoom_factor();
    let zoomed = std::mem::replace(zoom_seen, zoom) != zoom;
    let scroll_to_cursor = (cursor_moved && (keys.0 || menu.is_added())) || zoomed;
    *last_cursor = Some(menu.cursor);
    if cursor_moved {
        *cursor_since = now;
    }
    // A row cut short is shown whole where the pointer rests on it, or, while keys work the
    // menu, where the cursor has rested as long as a tooltip waits for the pointer (only a label
    // is ever cut: a detail wraps).
    let keyed_rest =
        keys.0 && now - *cursor_since >= f64::from(ctx.global_style().interaction.tooltip_delay);
    let mut clicked: Option<(usize, MenuAction)> = None;
    let mut hover_cursor = None;
    // None on the title screen, which has no Back.
    // Not while a box over the menu (a code, a name) has the screen: it closes first.
    let box_open = boxes.0.is_some() || boxes.1.is_some();
    // A list that scrolled the last frame has the button too, Back row or not: on a phone the
    // row is at the list's foot, out of view.
    let scrolls = fit
        .as_ref()
        .is_some_and(|(title, _, scrolled)| *scrolled && *title == menu.title);
    let back = (menu.back_button().cloned())
        .or_else(|| {
            menu.back
                .clone()
                .filter(|b| scrolls && *b != MenuAction::Quit)
        })
        .filter(|_| !box_open);
    // Over the editor the card starts under its top bar, but held sideways (the editor's menu on
    // a phone showed three rows and a half under it); a paused level is hidden.
    let sideways = super::layout::held_sideways(ctx.content_rect().size());
    let top = if *screen.get() == Screen::Editor && !sideways {
        64.0
    } else {
        0.0
    };
    // The card on the background layer, which egui keeps for the screen (a layer of our own
    // would never be the one under the pointer, and the wheel would not scroll the rows); over
    // a level or the editor, on an area of its own above the HUD.
    let mut draw = |root: &mut egui::Ui| {
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(root, |ui| {
                ui.vertical_centered(|ui| {
                    let full = ui.available_height();
                    // A finger has no keys line: the list takes its room.
                    let footer = if names.by_touch() { 8.0 } else { FOOTER };
                    let rows = fit
                        .as_ref()
                        .filter(|(title, ..)| *title == menu.title)
                        .map(|r| r.1);
                    let mut header = Header::choose(is_title, top, full, footer, rows, |h| {
                        h.height(ui, menu.subtitle.is_some())
                    });
                    // A title never wider than the window: a phone at a larger text size broke
                    // "Puzzlemill" mid-word.
                    let wide = ui.ctx().fonts_mut(|f| {
                        let font = FontId::proportional(header.title_size);
                        f.layout_no_wrap(menu.title.clone(), font, colors::TEXT)
                            .size()
                            .x
                    });
                    let across = ui.available_width() - 8.0;
                    if wide > across {
                        header.title_size *= across / wide;
                    }
                    ui.add_space(header.margin);
                    // In a narrow window the title goes under the back button rather than beside
                    // it.
                    if back.is_some() {
                        let title = ui.ctx().fonts_mut(|f| {
                            f.layout_no_wrap(
                                menu.title.clone(),
                                FontId::proportional(header.title_size),
                                colors::TEXT,
                            )
                        });
                        let left = (ui.available_width() - title.size().x) / 2.0;
                        if left < BACK_INSET + BACK_SIZE.x + 8.0 {
                            ui.add_space((top + BACK_INSET + BACK_SIZE.y - header.margin).max(0.0));
                        }
                    }
                    ui.label(
                        egui::RichText::new(&menu.title)
                            .size(header.title_size)
                            .color(if is_title {
                                colors::ACCENT
                            } else {
                                colors::TEXT
                            }),
                    );
                    if let Some(subtitle) = &menu.subtitle {
                        // A title beside the back button can leave a wide subtitle under it
                        // touching the button (a phone's level select): it goes under the button.
                        if back.is_some() {
                            let wide = ui.ctx().fonts_mut(|f| {
                                let font = egui::TextStyle::Body.resolve(ui.style());
                                f.layout_no_wrap(subtitle.clone(), font, colors::MUTED)
                                    .size()
                                    .x
                            });
                            let room = ui.available_width();
                            let left = (room - wide.min(room)) / 2.0 + ui.max_rect().left();
                            let back_bottom = ui.ctx().content_rect().top()
                                + top
                                + BACK_INSET
                                + BACK_SIZE.y
                                + 4.0;
                            let under = back_bottom - ui.cursor().top();
                            if left < BACK_INSET + BACK_SIZE.x + 8.0 && under > 0.0 {
                                ui.add_space(under);
                            }
                        }
                        ui.label(egui::RichText::new(subtitle).color(colors::MUTED));
                    }
                    ui.add_space(header.gap);
                    let width = (ui.available_width() - 24.0).min(sizes::CARD_WIDTH);
                    egui::Frame::new()
                        .fill(colors::PANEL)
                        .corner_radius(CornerRadius::same(16))
                        .inner_margin(sizes::PAD)
                        .show(ui, |ui| {
                            ui.set_width(width - 2.0 * sizes::PAD as f32);
                            let max_height =
                                (ui.available_height() - footer).max(sizes::ROW_HEIGHT * 2.0);
                            // A list that scrolled the last frame keeps its rows clear of the
                            // scroll bar (egui's floats over the content's right edge).
                            let bar = if scrolls {
                                super::layout::scroll_bar_room(ui)
                            } else {
                                0.0
                            };
                            // A finger's drag scrolls the list, but not one begun on a slider's
                            // track (as the last frame drew them): that drag is the slider's (the
                            // list took it at times, and a phone's slider stayed put).
                            let tracks_id = egui::Id::new("menu_slider_tracks");
                            let tracks: Vec<Rect> =
                                ui.data(|d| d.get_temp(tracks_id)).unwrap_or_default();
                            let on_track =
                                ui.input(|i| i.pointer.press_origin()).is_some_and(|p| {
                                    tracks.iter().any(|t| t.expand2(TRACK_REACH).contains(p))
                                });
                            let mut drawn_tracks = Vec::new();
                            let source = egui::scroll_area::ScrollSource {
                                drag: if on_track {
                                    egui::scroll_area::DragScroll::Never
                                } else {
                                    egui::scroll_area::DragScroll::OnTouch
                                },
                                ..Default::default()
                            };
                            // Each page of rows its own scroll, from the top.
                            let shown = (egui::ScrollArea::vertical())
                                .id_salt(("menu_rows", menu.page))
                                .max_height(max_height)
                                .scroll_source(source)
                                .show(ui, |ui| {
                                    egui::Frame::NONE
                                        .inner_margin(egui::Margin {
                                            right: bar as i8,
                                            ..Default::default()
                                        })
                                        .show(ui, |ui| {
                                            for (index, item) in menu.items.iter().enumerate() {
                                                let selected =
                                                    index == menu.cursor && item.selectable();
                                                let mut outcome = draw_row(ui, item, selected);
                                                drawn_tracks.extend(outcome.track);
                                                if let Some(whole) = &outcome.whole {
                                                    if !keys.0 {
                                                        outcome.response =
                                                            outcome.response.on_hover_ui(|ui| {
                                                                whole_text(ui, whole)
                                                            });
                                                    } else if selected && keyed_rest {
                                                        outcome.response.show_tooltip_ui(|ui| {
                                                            whole_text(ui, whole)
                                                        });
                                                    }
                                                }
                                                if selected && scroll_to_cursor {
                                                    outcome
                                                        .response
                                                        .scroll_to_me(Some(Align::Center));
                                                }
                                                if outcome.hovered_moving && item.selectable() {
                                                    hover_cursor = Some(index);
                                                }
                                                if let Some(action) = outcome.action {
                                                    clicked = Some((index, action));
                                                }
                                            }
                                        });
                                });
                            ui.data_mut(|d| d.insert_temp(tracks_id, drawn_tracks));
                            let scrolled = shown.content_size.y > shown.inner_rect.height() + 0.5;
                            *fit = Some((menu.title.clone(), shown.content_size.y, scrolled));
                            // The keys on the card, not under it: over a level the card can reach
                            // the HUD's buttons, and a line under it would run across them.
                            ui.add_space(6.0);
                            // Not for a finger, which has none of the keys it names.
                            ui.vertical_centered(|ui| {
                                if !names.by_touch() {
                                    ui.label(
                                        egui::RichText::new(keys_line(
                                            &menu.keys_hint(&names.labels()),
                                        ))
                                        .small()
                                        .color(colors::MUTED),
                                    );
                                }
                            });
                        });
                });
            });
    };
    if over_level {
        let whole = ctx.content_rect();
        egui::Area::new(egui::Id::new("menu_over"))
            .order(egui::Order::Middle)
            .fixed_pos(whole.min)
            .show(&ctx, |ui| {
                ui.set_min_size(whole.size());
                ui.painter().rect_filled(whole, 0.0, scrim(*screen.get()));
                // Laid out in the window as it is now: an area keeps the size it had, so a larger
                // text size (fewer points to the window) left the menu at the old width, its
                // controls off the right edge.
                ui.scope_builder(egui::UiBuilder::new().max_rect(whole), |ui| draw(ui));
            });
    } else {
        draw(&mut root_ui(&ctx, "menu"));
    }
    // The way back for the mouse and touch where no row goes back (Esc, Back on a pad).
    let mut back_clicked = false;
    if let Some(back) = back {
        egui::Area::new(egui::Id::new("menu_back"))
            .order(egui::Order::Foreground)
            .fixed_pos(ctx.content_rect().min + vec2(BACK_INSET, BACK_INSET + top))
            .show(&ctx, |ui| {
                let button = back_button();
                let esc = names.labels().of(Action::Back);
                if ui.add(button).on_hover_text(esc).clicked() {
                    back_clicked = true;
                }
            });
        if back_clicked {
            clicked = Some((menu.cursor, back));
        }
    }
    if let Some(index) = hover_cursor {
        menu.cursor = index;
        *last_cursor = Some(index);
    }
    if let Some((index, action)) = clicked {
        menu.cursor = index;
        sfx.write(Sfx::Click);
        activated.write(MenuActivated(action));
    }
    Ok(())
}

/// The keys line with each of its parts ("Esc back") kept on one line where it wraps: the
/// spaces within a part do not break (a phone's line ended "Esc" with "back" under it).
fn keys_line(line: &str) -> String {
    kept_whole(line, "   ", usize::MAX)
}

/// The text of a row cut short, whole, in a tooltip as wide as egui's own.
fn whole_text(ui: &mut egui::Ui, whole: &str) {
    ui.set_max_width(ui.spacing().tooltip_width);
    ui.label(whole);
}

/// A slider's track in the right half of its row.
fn slider_track(right: Rect) -> Rect {
    Rect::from_center_size(
        right.center() + vec2(10.0, 0.0),
        vec2(right.width() - 70.0, 8.0),
    )
}

/// `text` laid out on one line, cut with an ellipsis if wider than `max_width`.
fn one_line(
    ui: &egui::Ui,
    text: &str,
    size: f32,
    color: Color32,
    max_width: f32,
) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::simple_singleline(
        text.to_owned(),
        FontId::proportional(size),
        color,
    );
    job.wrap = egui::text::TextWrapping {
        max_width,
        max_rows: 1,
        break_anywhere: true,
        overflow_character: Some('…'),
    };
    ui.ctx().fonts_mut(|f| f.layout_job(job))
}

/// Where a row's label (and detail) must end: short of its control (a toggle's "On"/"Off" and
/// pill, a slider's value, a choice's arrows).
fn label_end(kind: &ItemKind, rect: Rect) -> f32 {
    let right = Rect::from_min_max(
        pos2(rect.center().x, rect.top()),
        pos2(rect.right() - 14.0, rect.bottom()),
    );
    match kind {
        ItemKind::Toggle { .. } => toggle_pill(right).left() - 60.0,
        ItemKind::Slider { .. } => slider_track(right).left() - 60.0,
        ItemKind::Choice { .. } => right.right() - 176.0,
        _ => rect.right() - 16.0,
    }
}

/// A toggle's pill in the right half of its row.
fn toggle_pill(right: Rect) -> Rect {
    Rect::from_center_size(
        pos2(right.right() - 34.0, right.center().y),
        vec2(60.0, 30.0),
    )
}

/// A row's left margin.
const ROW_INSET: f32 = 16.0;

/// The height of a stacked row's label (one line), over its control.
const LABEL_BAND: f32 = 38.0;

fn draw_row(ui: &mut egui::Ui, item: &MenuItem, selected: bool) -> RowOutcome {
    let two_lines =
        item.detail.is_some() && matches!(item.kind, ItemKind::Button(_) | ItemKind::Toggle { .. });
    // Text laid out on as many lines as it takes at this width.
    let wrap = |text: &str, size: f32, color: Color32, width: f32| {
        ui.ctx()
            .fonts_mut(|f| f.layout(text.to_owned(), FontId::proportional(size), color, width))
    };
    // A row's detail is read whole, by the pointer, touch and keys alike: it wraps where the
    // label stops, on as many lines as it takes (at 1280x720 nearly all take one), and the row
    // grows by the lines beyond the first. (Rows of a height that followed the cursor would jump
    // under a moving pointer.)
    let line = ui
        .ctx()
        .fonts_mut(|f| f.row_height(&FontId::proportional(15.0)));
    let probe = Rect::from_min_size(
        ui.cursor().min,
        vec2(ui.available_width(), sizes::ROW_HEIGHT),
    );
    // Where a label would be cut short beside its control (a phone, a larger text size), the
    // control goes under it: the label and its detail take the row's width, the control a
    // row's height at the bottom.
    let label_width = (ui.ctx())
        .fonts_mut(|f| {
            f.layout_no_wrap(item.label.clone(), FontId::proportional(22.0), colors::TEXT)
        })
        .size()
        .x;
    let too_wide = label_width > label_end(&item.kind, probe) - probe.left() - ROW_INSET;
    let stacked = too_wide
        && matches!(
            item.kind,
            ItemKind::Toggle { .. } | ItemKind::Slider { .. } | ItemKind::Choice { .. }
        );
    let text_end = |kind: &ItemKind, rect: Rect| {
        if stacked {
            rect.right() - 16.0
        } else {
            label_end(kind, rect)
        }
    };
    // A stacked row's label wraps where even the row's whole width is too narrow for it (Larger
    // on a phone), and its band grows by the lines beyond the first; so does a button's where it
    // is too wide ("Continue: First dates · 1. Hello" on a phone), its row growing.
    let wrapped_label =
        (stacked || too_wide && matches!(item.kind, ItemKind::Button(_))).then(|| {
            let room = text_end(&item.kind, probe) - probe.left() - ROW_INSET;
            wrap(&item.label, 22.0, Color32::PLACEHOLDER, room)
        });
    let label_line = ui
        .ctx()
        .fonts_mut(|f| f.row_height(&FontId::proportional(22.0)));
    let label_extra = wrapped_label
        .as_ref()
        .map_or(0.0, |galley| (galley.size().y - label_line).max(0.0));
    let band = LABEL_BAND + label_extra;
    let wrapped_detail = item.detail.as_deref().filter(|_| two_lines).map(|detail| {
        let room = text_end(&item.kind, probe) - probe.left() - ROW_INSET;
        wrap(&parts_kept_whole(detail), 15.0, Color32::PLACEHOLDER, room)
    });
    let extra = wrapped_detail
        .as_ref()
        .map_or(0.0, |galley| (galley.size().y - line).max(0.0));
    // A heading and its detail (a pack's description) wrap too: a heading is never selected, and
    // a note such as "None yet: ..." is read whole.
    let heading = matches!(item.kind, ItemKind::Heading).then(|| {
        let width = ui.available_width() - 8.0;
        let detail = item
            .detail
            .as_deref()
            .map(|detail| wrap(&parts_kept_whole(detail), 13.0, colors::MUTED, width));
        (wrap(&item.label, 15.0, colors::ACCENT, width), detail)
    });
    let height = match &heading {
        Some((galley, detail)) => {
            galley.size().y + 11.0 + detail.as_ref().map_or(0.0, |d| d.size().y + 4.0)
        }
        None if stacked && two_lines => band + line + extra + 4.0 + sizes::ROW_HEIGHT,
        None if stacked => band + sizes::ROW_HEIGHT,
        None if two_lines => sizes::ROW_HEIGHT + 18.0 + extra + label_extra,
        None => sizes::ROW_HEIGHT + label_extra,
    };
    let sense = match (&item.kind, item.enabled) {
        (_, false) | (ItemKind::Heading, _) => Sense::hover(),
        (ItemKind::Slider { .. }, _) => Sense::CLICK | Sense::DRAG,
        _ => Sense::CLICK,
    };
    let (rect, response) = ui.allocate_exact_size(vec2(ui.available_width(), height), sense);
    let painter = ui.painter_at(rect);
    let hovered = response.hovered() && item.selectable();
    let hovered_moving = hovered && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO);
    if let Some((galley, detail)) = heading {
        let below = detail.as_ref().map_or(0.0, |d| d.size().y + 4.0);
        let at = rect.left_bottom() + vec2(4.0, -6.0 - below - galley.size().y);
        painter.galley(at, galley, colors::ACCENT);
        if let Some(detail) = detail {
            let at = rect.left_bottom() + vec2(4.0, -6.0 - detail.size().y);
            painter.galley(at, detail, colors::MUTED);
        }
        return RowOutcome {
            action: None,
            hovered_moving: false,
            response,
            whole: None,
            track: None,
        };
    }
    let fill = if selected {
        colors::ACCENT
    } else if hovered {
        colors::ROW_HOVER
    } else {
        colors::ROW
    };
    let fill = if item.enabled {
        fill
    } else {
        colors::ROW_DISABLED
    };
    painter.rect_filled(rect, CornerRadius::same(sizes::RADIUS), fill);
    let text = if selected {
        colors::ON_ACCENT
    } else if item.enabled {
        colors::TEXT
    } else {
        colors::MUTED
    };
    let muted = if selected {
        colors::ON_ACCENT.gamma_multiply(0.8)
    } else {
        colors::MUTED
    };
    let left = rect.left() + ROW_INSET;
    let label_y = if two_lines || stacked {
        rect.top() + 24.0
    } else {
        rect.center().y
    };
    // The control's part of the row: its right half, or under a stacked row's label.
    let control_top = if stacked {
        rect.bottom() - sizes::ROW_HEIGHT
    } else {
        rect.top()
    };
    let right = Rect::from_min_max(
        pos2(rect.center().x, control_top),
        pos2(rect.right() - 14.0, rect.bottom()),
    );
    let pill = toggle_pill(right);
    // The label stops short of the row's control and is cut with an ellipsis where a narrow
    // window or a larger text size leaves it too little room.
    let cut = if let Some(galley) = wrapped_label {
        let top = if two_lines || stacked {
            label_y - label_line / 2.0
        } else {
            rect.center().y - galley.size().y / 2.0
        };
        painter.galley(pos2(left, top), galley, text);
        false
    } else {
        let label_end = text_end(&item.kind, rect);
        let label = one_line(ui, &item.label, 22.0, text, label_end - left);
        let cut = label.elided;
        painter.galley(pos2(left, label_y - label.size().y / 2.0), label, text);
        cut
    };
    if let Some(galley) = wrapped_detail {
        // The detail (a button's or a toggle's) under the label, ending where the label does,
        // short of a toggle's "On"/"Off" and pill.
        // (In a stacked row, between the label and the control.)
        let top = if stacked {
            rect.top() + band
        } else {
            rect.bottom() - extra - 16.0 - line / 2.0
        };
        painter.galley(pos2(left, top), galley, muted);
    }
    let whole = cut.then(|| item.label.clone());
    let mut action = None;
    match &item.kind {
        ItemKind::Button(a) => {
            if response.clicked() {
                action = Some(a.clone());
            }
        }
        ItemKind::Slider { value, make } => {
            let track = slider_track(right);
            painter.rect_filled(track, CornerRadius::same(4), Color32::from_black_alpha(90));
            let filled = Rect::from_min_max(
                track.min,
                pos2(track.left() + track.width() * value, track.bottom()),
            );
            painter.rect_filled(
                filled,
                CornerRadius::same(4),
                if selected {
                    colors::ON_ACCENT
                } else {
                    colors::ACCENT
                },
            );
            let knob = pos2(track.left() + track.width() * value, track.center().y);
            painter.circle(
                knob,
                11.0,
                colors::TEXT,
                Stroke::new(2.0, colors::ON_ACCENT),
            );
            if let Some(detail) = &item.detail {
                painter.text(
                    pos2(track.left() - 14.0, right.center().y),
                    Align2::RIGHT_CENTER,
                    detail,
                    FontId::proportional(16.0),
                    muted,
                );
            }
            // A press on the row's words selects it and leaves the value be: only a press begun
            // on the track (or near it) sets the value, as long as it is held and where it is let
            // go (egui forgets where a press began on the frame of its release, where a click is
            // read). Held, not dragged: a finger's drag was at times not egui's drag of the row,
            // and at times, one drag in four on a fresh phone page, the slider took the press's
            // value and stayed there (the cause within egui not found). So the row is grabbed
            // where egui gives it the press on its track, and held while the button or finger is
            // down, wherever it moves.
            let on_track = ui
                .input(|i| i.pointer.press_origin())
                .or(response.interact_pointer_pos())
                .is_some_and(|at| track.expand2(TRACK_REACH).contains(at));
            let grab = egui::Id::new(SLIDER_GRAB);
            let (down, latest) = ui.input(|i| (i.pointer.primary_down(), i.pointer.interact_pos()));
            if response.is_pointer_button_down_on() && on_track {
                ui.data_mut(|d| d.insert_temp(grab, Some(response.id)));
            }
            let grabbed: Option<egui::Id> = ui.data(|d| d.get_temp(grab)).flatten();
            let held = down && grabbed == Some(response.id);
            let pointer = if held {
                latest.or(response.interact_pointer_pos())
            } else {
                response.interact_pointer_pos()
            };
            if (held || (response.clicked() && on_track))
                && item.enabled
                && let Some(pointer) = pointer
            {
                let v = ((pointer.x - track.left()) / track.width()).clamp(0.0, 1.0);
                let v = (v * 20.0).round() / 20.0;
                if (v - value).abs() > f32::EPSILON {
                    action = Some(make(v));
                }
            }
        }
        ItemKind::Toggle { on, make } => {
            let pill_fill = if *on {
                colors::GOOD
            } else {
                Color32::from_black_alpha(90)
            };
            painter.rect_filled(pill, CornerRadius::same(15), pill_fill);
            let knob_x = if *on {
                pill.right() - 15.0
            } else {
                pill.left() + 15.0
            };
            painter.circle_filled(pos2(knob_x, pill.center().y), 11.0, colors::TEXT);
            painter.text(
                pos2(pill.left() - 12.0, right.center().y),
                Align2::RIGHT_CENTER,
                if *on { "On" } else { "Off" },
                FontId::proportional(17.0),
                muted,
            );
            if response.clicked() {
                action = Some(make(!on));
            }
        }
        ItemKind::Choice { value, prev, next } => {
            let arrows = 36.0;
            let prev_rect = Rect::from_center_size(
                pos2(right.right() - 150.0, right.center().y),
                vec2(arrows, arrows),
            );
            let next_rect = Rect::from_center_size(
                pos2(right.right() - 18.0, right.center().y),
                vec2(arrows, arrows),
            );
            for (r, glyph) in [(prev_rect, "◀"), (next_rect, "▶")] {
                painter.rect_stroke(
                    r,
                    CornerRadius::same(8),
                    Stroke::new(1.5, muted),
                    StrokeKind::Inside,
                );
                painter.text(
                    r.center(),
                    Align2::CENTER_CENTER,
                    glyph,
                    FontId::proportional(16.0),
                    text,
                );
            }
            painter.text(
                pos2(
                    (prev_rect.right() + next_rect.left()) / 2.0,
                    right.center().y,
                ),
                Align2::CENTER_CENTER,
                value,
                FontId::proportional(20.0),
                text,
            );
            if response.clicked() {
                // The back arrow takes a press from a little before it to the value's middle
                // (a finger's target, wider than the arrow); the rest of the row steps on.
                let x = response.interact_pointer_pos().map_or(f32::MAX, |p| p.x);
                let middle = (prev_rect.right() + next_rect.left()) / 2.0;
                action = Some(if x < middle && x >= prev_rect.left() - 8.0 {
                    prev.clone()
                } else {
                    next.clone()
                });
            }
        }
        ItemKind::Heading => {}
    }
    if !item.enabled {
        action = None;
    }
    let track = matches!(item.kind, ItemKind::Slider { .. }).then(|| slider_track(right));
    RowOutcome {
        action,
        hovered_moving,
        response,
        whole,
        track,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header's height as if its title were a line of its size and nothing else.
    fn plain(h: Header) -> f32 {
        h.margin + h.title_size * 1.2 + h.gap
    }

    #[test]
    fn the_keys_line_breaks_only_between_its_parts() {
        let line = keys_line("↑ ↓ choose   Enter select   Esc back");
        let parts: Vec<&str> = line.split("   ").collect();
        assert_eq!(
            parts,
            ["↑\u{a0}↓\u{a0}choose", "Enter\u{a0}select", "Esc\u{a0}back"]
        );
    }

    #[test]
    fn a_long_list_gets_the_tight_header_a_short_one_the_roomy() {
        let full = 700.0;
        let roomy = Header::choose(false, 0.0, full, FOOTER, None, plain);
        assert_eq!(roomy.title_size, 44.0, "not drawn yet: roomy");
        let short = Header::choose(false, 0.0, full, FOOTER, Some(300.0), plain);
        assert_eq!(short, roomy);
        // Under the roomy header a list of 545 points would scroll; under the tight one it fits.
        let room = |h: Header| full - plain(h) - 2.0 * f32::from(sizes::PAD) - FOOTER;
        assert!(room(roomy) < 545.0, "{}", room(roomy));
        // A little too long: the title moves up as far as it must and keeps its size.
        let over = 545.0 - room(roomy);
        let lower = Header::choose(false, 0.0, full, FOOTER, Some(545.0), plain);
        assert_eq!(lower.title_size, roomy.title_size);
        assert_eq!(lower.margin, roomy.margin - over);
        assert!(room(lower) >= 545.0, "{}", room(lower));
        // Much too long: the title shrinks too.
        let long = Header::choose(false, 0.0, full, FOOTER, Some(570.0), plain);
        assert!(long.title_size < roomy.title_size);
        assert!(room(long) >= 570.0, "{}", room(long));
        // The title screen's header gives way too, to a larger title; what is kept clear at the
        // top stays clear.
        let title = Header::choose(true, 0.0, full, FOOTER, Some(900.0), plain);
        assert!(title.title_size < 72.0 && title.title_size > long.title_size);
        let short_title = Header::choose(true, 0.0, full, FOOTER, Some(300.0), plain);
        assert_eq!(short_title.title_size, 72.0);
        let editor = Header::choose(false, 64.0, full, FOOTER, Some(900.0), plain);
        assert!(editor.margin >= 64.0);
    }

    #[test]
    fn a_paused_level_is_hidden_and_the_editor_only_dimmed() {
        assert_eq!(
            scrim(Screen::Play).a(),
            255,
            "the paused level shows through"
        );
        assert_eq!(scrim(Screen::Play), colors::BACKGROUND);
        let editor = scrim(Screen::Editor);
        assert!(editor.a() > 0 && editor.a() < 255, "{editor:?}");
    }
}
