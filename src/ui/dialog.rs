//! A box over the screen (the code box, the name box): the screen dimmed behind it, a click
//! beside it reaching nothing, the box in the middle (near the top while its on-screen keys show,
//! so a line more or less never moves them; beside its field in a window held sideways; scrolling
//! where it is taller than the window); its text field, and its on-screen keys with the button
//! that shows or hides them.

use super::control_names::ControlNames;
use super::theme::colors;
use crate::input::keypad::{Key, KeyPad};
use bevy_egui::egui::{self, RichText};

/// A part of a box, as [`show`] lays them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// The title, the blurb and the text field.
    Top,
    /// The on-screen keys, with a note ([`keys_and_note`]).
    Keys,
    /// The buttons.
    Foot,
}

/// The widest a box with its keys beside the field grows, in points.
const WIDEST_SIDEWAYS: f32 = 860.0;
/// Of a box with its keys beside the field, the field's column's share.
const FIELD_SHARE: f32 = 0.4;

/// Draws the box named `id` with its parts, each drawn by `part` given its width: one under
/// another, the box wider where `wide` (for the on-screen keys); with the keys beside the top and
/// the foot where the window is held sideways (under them, a phone on its side showed the field
/// or the last row of keys and the buttons, never both).
pub(super) fn show(
    ctx: &egui::Context,
    id: &str,
    wide: bool,
    mut part: impl FnMut(&mut egui::Ui, Part, f32),
) {
    let beside = wide && super::layout::held_sideways(ctx.content_rect().size());
    let dim = egui::Area::new(egui::Id::new((id, "dim")))
        .order(egui::Order::Middle)
        .fixed_pos(egui::Pos2::ZERO)
        .show(ctx, |ui| {
            // Laid out over the whole window, so a click beside the box reaches nothing under it.
            let whole = ctx.content_rect();
            ui.allocate_exact_size(whole.size(), egui::Sense::click());
            ui.painter()
                .rect_filled(whole, 0.0, egui::Color32::from_black_alpha(150));
        });
    // Above a menu over a level (an area of the same order), however the two were shown.
    ctx.move_to_top(dim.response.layer_id);
    let (anchor, offset) = if wide {
        let top = (ctx.content_rect().height() * 0.04).max(8.0);
        (egui::Align2::CENTER_TOP, egui::vec2(0.0, top))
    } else {
        (egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
    };
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Foreground)
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(colors::PANEL)
                .stroke(egui::Stroke::new(2.0, colors::ACCENT))
                .corner_radius(egui::CornerRadius::same(16))
                .inner_margin(20)
                .show(ui, |ui| {
                    let most = match (beside, wide) {
                        (true, _) => WIDEST_SIDEWAYS,
                        (false, true) => 480.0,
                        (false, false) => 380.0,
                    };
                    let width = (ctx.content_rect().width() - 80.0).clamp(200.0, most);
                    ui.set_width(width);
                    // Taller than the window (the on-screen keys at a larger text size, a
                    // short window), the box scrolls.
                    // Its bar then has a strip of its own (as the box scrolled the last frame),
                    // not over the right edge of the keys and the field.
                    let tallest = (ctx.content_rect().height() - 80.0).max(120.0);
                    let scrolled = egui::Id::new((id, "scrolls"));
                    let bar = if ctx.data(|d| d.get_temp::<bool>(scrolled)).unwrap_or(false) {
                        super::layout::scroll_bar_room(ui)
                    } else {
                        0.0
                    };
                    let shown = egui::ScrollArea::vertical()
                        .auto_shrink([false, true])
                        .max_height(tallest)
                        .min_scrolled_height(tallest)
                        .show(ui, |ui| {
                            let width = width - bar;
                            if beside {
                                let gap = 3.0 * ui.spacing().item_spacing.x;
                                let field = (width * FIELD_SHARE).floor();
                                let keys = width - field - gap;
                                ui.horizontal_top(|ui| {
                                    ui.vertical(|ui| {
                                        ui.set_width(field);
                                        part(ui, Part::Top, field);
                                        part(ui, Part::Foot, field);
                                    });
                                    ui.add_space(gap - ui.spacing().item_spacing.x);
                                    ui.vertical(|ui| {
                                        ui.set_width(keys);
                                        part(ui, Part::Keys, keys);
                                    });
                                });
                            } else {
                                for each in [Part::Top, Part::Keys, Part::Foot] {
                                    part(ui, each, width);
                                }
                            }
                        });
                    let scrolls = shown.content_size.y > shown.inner_rect.height() + 0.5;
                    ctx.data_mut(|d| d.insert_temp(scrolled, scrolls));
                });
        });
}

/// The box's one-line text field named `id`, drawn as `look` makes it, holding `text` and
/// `error` (why the last text was refused): it keeps the keys, a refused text's too (it is
/// mended where it is typed; after a refusal a click or Tab may take them to the buttons), and a
/// change clears the refusal; a click on an on-screen key gives them back, refusal or not
/// (`pad`'s `refocus`). Where the on-screen keys typed or a paste came (`typed`), its cursor goes
/// to the end. While the on-screen keys are worked by touch it waits to be tapped
/// ([`KeyPad::field_takes_keyboard`]). Says whether Enter was pressed in it, read before it is
/// drawn (it gives up the keys at Enter and takes them back at once, so its response never shows
/// that).
pub(super) fn text_field<'t>(
    ui: &mut egui::Ui,
    id: &str,
    (text, pad): (&'t mut String, &mut KeyPad),
    error: &mut Option<String>,
    look: impl FnOnce(egui::TextEdit<'t>) -> egui::TextEdit<'t>,
) -> bool {
    let id = egui::Id::new(id);
    if std::mem::take(&mut pad.typed) {
        let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
        let end = egui::text::CCursor::new(text.chars().count());
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::one(end)));
        state.store(ui.ctx(), id);
    }
    // Worked by touch, it lets go of the keyboard while a finger is down elsewhere, and does not
    // ask for it then: bevy_egui looks whether to open a phone's keyboard at the lift, before
    // egui lets go at the click.
    let finger_down = pad.touch && ui.input(|i| i.pointer.any_down());
    let wants = pad.field_takes_keyboard() && !finger_down;
    // Asked for before it is drawn too: a field reads this frame's keys only if it has them as
    // it is drawn (the key that ends a touch's turn, an Enter say, would be lost).
    let mut focused = ui.memory(|m| m.has_focus(id));
    if !focused && error.is_none() && wants {
        ui.memory_mut(|m| m.request_focus(id));
        focused = true;
    }
    let pressed_enter = focused && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let edit = ui.add(look(egui::TextEdit::singleline(text).id(id)));
    let refocus = std::mem::take(&mut pad.refocus);
    let asks = error.is_none() || pressed_enter || refocus;
    if !edit.has_focus() && asks && wants {
        edit.request_focus();
    }
    if finger_down && edit.has_focus() && !edit.hovered() {
        edit.surrender_focus();
    }
    if edit.changed() {
        *error = None;
    }
    pressed_enter
}

/// A monospace font for a field `width` points wide holding `text`: 24 points, smaller as the
/// text grows past the field (to 15), so a code typed shows whole.
pub(super) fn fitted_mono(ui: &egui::Ui, text: &str, width: f32) -> egui::FontId {
    let glyph = ui.fonts_mut(|f| f.glyph_width(&egui::FontId::monospace(24.0), '0'));
    // The field's margins and its cursor's cell.
    let room = width - 16.0;
    let wide = glyph * (text.chars().count() + 1) as f32;
    egui::FontId::monospace((24.0 * room / wide).clamp(15.0, 24.0))
}

/// The box's on-screen keys ([`keys`]) with `note` (a refusal, a check under way) under the field
/// before them, or under them where they show, so a note coming or going never moves the keys
/// under a finger.
pub(super) fn keys_and_note(
    ui: &mut egui::Ui,
    pad: &mut KeyPad,
    width: f32,
    names: &ControlNames,
    note: Option<RichText>,
) {
    let shown = pad.shown;
    if !shown && let Some(note) = note.clone() {
        ui.label(note);
    }
    keys(ui, pad, width, names);
    if shown && let Some(note) = note {
        ui.label(note);
    }
}

/// The box's on-screen keys where they show, a fingertip's size after a touch or on a touch
/// screen, with how a gamepad works them (not where the last press was a touch).
pub(super) fn keys(ui: &mut egui::Ui, pad: &mut KeyPad, width: f32, names: &ControlNames) {
    let touch = names.by_touch();
    if pad.shown {
        ui.add_space(6.0);
        super::keypad_view::show(ui, pad, width, touch || names.touch_screen());
    }
    if pad.shown && !touch {
        ui.label(
            RichText::new(super::keypad_view::pad_hint(&names.labels()))
                .small()
                .color(colors::MUTED),
        );
    }
}

/// The button that shows or hides the on-screen keys.
pub(super) fn keys_button(ui: &mut egui::Ui, pad: &mut KeyPad) {
    let label = if pad.shown { "Hide keys" } else { "Keys" };
    if ui.button(RichText::new(label).size(20.0)).clicked() {
        pad.shown = !pad.shown;
        pad.refocus = true;
    }
}

/// The button that asks for the clipboard's text, as the keys' Paste does (the box's update asks).
pub(super) fn paste_button(ui: &mut egui::Ui, pad: &mut KeyPad) {
    if ui.button(RichText::new("Paste").size(20.0)).clicked() {
        pad.clicked = Some(Key::Paste);
        // The click took the keyboard from the field; a refused paste would not give it back.
        pad.refocus = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `show` puts each part, in a window of `size` with the keys shown, the parts as tall
    /// as a code box's at a phone's text size.
    fn parts_in(size: egui::Vec2) -> Vec<(Part, egui::Rect)> {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
            ..Default::default()
        };
        let mut drawn = Vec::new();
        for _ in 0..2 {
            drawn.clear();
            let mut output = ctx.run_ui(input.clone(), |ui| {
                show(ui.ctx(), "test", true, |ui, part, width| {
                    let tall = match part {
                        Part::Top => 130.0,
                        Part::Keys => 240.0,
                        Part::Foot => 90.0,
                    };
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(width, tall), egui::Sense::hover());
                    drawn.push((part, rect));
                });
            });
            // No renderer takes the font's texture here.
            output.textures_delta.clear();
        }
        drawn
    }

    #[test]
    fn held_sideways_the_keys_go_beside_the_field_and_the_box_fits() {
        let drawn = parts_in(egui::vec2(844.0, 390.0));
        let at = |part| drawn.iter().find(|(p, _)| *p == part).unwrap().1;
        let (top, keys, foot) = (at(Part::Top), at(Part::Keys), at(Part::Foot));
        assert!(
            keys.left() > top.right() && keys.left() > foot.right(),
            "{drawn:?}"
        );
        assert!(foot.top() >= top.bottom());
        for (part, rect) in &drawn {
            assert!(
                rect.bottom() <= 390.0,
                "{part:?} below the window: {rect:?}"
            );
        }
        // Upright, one under another.
        let drawn = parts_in(egui::vec2(390.0, 844.0));
        let order: Vec<Part> = drawn.iter().map(|(p, _)| *p).collect();
        assert_eq!(order, [Part::Top, Part::Keys, Part::Foot]);
        assert!(drawn.windows(2).all(|w| w[1].1.top() >= w[0].1.bottom()));
    }
}
