//! How the game names its controls in lines and on buttons: the player's keys, or, from a press
//! of a gamepad until the next press of a key, a mouse button or a finger, that gamepad's buttons
//! as the pad marks them (Xbox letters, PlayStation shapes, Nintendo letters, whose face buttons
//! sit the other way round).

use super::action::Action;
use super::bindings::Bindings;
use super::key_layout::KeyLayout;
use bevy::input::InputSystems;
use bevy::input::gamepad::Gamepad;
use bevy::input::touch::Touches;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UsingPad>();
    app.add_systems(PreUpdate, follow_device.after(InputSystems));
}

/// The kind of the gamepad the player last pressed a button of (or pushed a stick of), until a
/// key, a mouse button or a touch is pressed or no pad is left plugged in: `None` while they play
/// with the keyboard, the mouse or touch.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UsingPad(pub Option<PadKind>);

/// How a gamepad marks its buttons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PadKind {
    /// A, B, X, Y, LB, RB: Xbox pads, the Steam Deck and most others.
    #[default]
    Xbox,
    /// Cross, circle, square, triangle, L1, R1, Share: the DualShock 4 and older.
    PlayStation,
    /// A DualSense: as PlayStation, but Select is marked Create.
    PlayStation5,
    /// B, A, Y, X, L, R: A on the right, B at the bottom.
    Nintendo,
}

impl PadKind {
    /// The kind a pad of USB vendor `vendor` and product `product` is (Sony's DualSense and
    /// DualSense Edge, other Sony pads, Nintendo, else Xbox-like).
    pub fn of(vendor: Option<u16>, product: Option<u16>) -> PadKind {
        match (vendor, product) {
            (Some(0x054c), Some(0x0ce6 | 0x0df2)) => PadKind::PlayStation5,
            (Some(0x054c), _) => PadKind::PlayStation,
            (Some(0x057e), _) => PadKind::Nintendo,
            _ => PadKind::Xbox,
        }
    }

    /// What this pad prints on `button`.
    pub fn name(self, button: GamepadButton) -> String {
        use GamepadButton as B;
        use PadKind::*;
        let name = match (self, button) {
            (PlayStation5, B::Select) => "Create",
            (PlayStation5, other) => return PlayStation.name(other),
            (_, B::DPadUp) => "D-pad ↑",
            (_, B::DPadDown) => "D-pad ↓",
            (_, B::DPadLeft) => "D-pad ←",
            (_, B::DPadRight) => "D-pad →",
            (Xbox, B::South) | (Nintendo, B::East) => "A",
            (Xbox, B::East) | (Nintendo, B::South) => "B",
            (Xbox, B::West) | (Nintendo, B::North) => "X",
            (Xbox, B::North) | (Nintendo, B::West) => "Y",
            (PlayStation, B::South) => "Cross",
            (PlayStation, B::East) => "Circle",
            (PlayStation, B::West) => "Square",
            (PlayStation, B::North) => "Triangle",
            (Xbox, B::LeftTrigger) => "LB",
            (Xbox, B::RightTrigger) => "RB",
            (Xbox, B::LeftTrigger2) => "LT",
            (Xbox, B::RightTrigger2) => "RT",
            (PlayStation, B::LeftTrigger) => "L1",
            (PlayStation, B::RightTrigger) => "R1",
            (PlayStation, B::LeftTrigger2) => "L2",
            (PlayStation, B::RightTrigger2) => "R2",
            (Nintendo, B::LeftTrigger) => "L",
            (Nintendo, B::RightTrigger) => "R",
            (Nintendo, B::LeftTrigger2) => "ZL",
            (Nintendo, B::RightTrigger2) => "ZR",
            (Xbox, B::Select) => "View",
            (Xbox, B::Start) => "Menu",
            (PlayStation, B::Select) => "Share",
            (PlayStation, B::Start) => "Options",
            (Nintendo, B::Select) => "-",
            (Nintendo, B::Start) => "+",
            (PlayStation, B::Mode) => "PS",
            (_, B::Mode) => "Home",
            (PlayStation, B::LeftThumb) => "L3",
            (PlayStation, B::RightThumb) => "R3",
            (_, B::LeftThumb) => "LS",
            (_, B::RightThumb) => "RS",
            (_, other @ (B::C | B::Z | B::Other(_))) => return format!("{other:?}"),
        };
        name.to_string()
    }
}

/// The names the game gives its controls: the player's keys as their keyboard prints them, or a
/// pad's buttons.
#[derive(Clone, Copy, Debug)]
pub struct Labels<'a> {
    /// The player's keys and buttons.
    pub bindings: &'a Bindings,
    /// The pad in use, if one is.
    pub pad: Option<PadKind>,
    /// What the keyboard prints on its keys.
    pub keyboard: &'a KeyLayout,
    /// Whether the player's last press was a touch: lines then speak of swipes and the
    /// on-screen buttons (`keys_in`).
    pub touch: bool,
}

/// A keyboard the game knows nothing of: keys named as a US keyboard prints them.
static US: KeyLayout = KeyLayout::US;

impl<'a> Labels<'a> {
    /// The keys' names (no pad in use), as a US keyboard prints them.
    pub fn keys(bindings: &'a Bindings) -> Self {
        Self::for_device(bindings, UsingPad(None))
    }

    /// The names while `using` says which pad (if any) is in use; keys as a US keyboard prints
    /// them until [`Labels::on`] says otherwise.
    pub fn for_device(bindings: &'a Bindings, using: UsingPad) -> Self {
        Labels {
            bindings,
            pad: using.0,
            keyboard: &US,
            touch: false,
        }
    }

    /// The same names, keys as `keyboard` prints them.
    pub fn on(self, keyboard: &'a KeyLayout) -> Self {
        Labels { keyboard, ..self }
    }

    /// The same names, for a touch screen where `touch` says the last press was a touch.
    pub fn by_touch(self, touch: bool) -> Self {
        Labels { touch, ..self }
    }

    /// The name of a key as the keyboard prints it.
    pub fn key(&self, key: KeyCode) -> String {
        self.keyboard.name(key)
    }

    /// The name of `action`'s first button on the pad in use, else of its first key (also where
    /// the action has no button: a keyboard's key is what does it then).
    pub fn of(&self, action: Action) -> String {
        self.pad
            .and_then(|kind| {
                let buttons = self.bindings.buttons_of(action);
                buttons.first().map(|&button| kind.name(button))
            })
            .unwrap_or_else(|| self.bindings.key_label(action, self.keyboard))
    }

    /// Two directions' names side by side: "D-pad ↑ ↓" where the pad in use moves by the D-pad,
    /// else each one's own ("↑ ↓", "W S").
    pub fn pair(&self, a: Action, b: Action) -> String {
        let arrow = |action| match action {
            Action::Up => "↑",
            Action::Down => "↓",
            Action::Left => "←",
            _ => "→",
        };
        if self.pad_moves_by_dpad() {
            format!("D-pad {} {}", arrow(a), arrow(b))
        } else {
            format!("{} {}", self.of(a), self.of(b))
        }
    }

    /// Whether a pad is in use and moves with the D-pad (the directions keep its four buttons),
    /// which the left stick does too.
    pub fn pad_moves_by_dpad(&self) -> bool {
        self.pad.is_some() && self.bindings.directions_on_dpad()
    }
}

/// A pad's press or a stick pushed past halfway makes its buttons the ones named; a key, a mouse
/// button or a touch (or the last pad unplugged) makes the keys the ones named again. A stick
/// counts as it crosses halfway, not while it stays there: one resting or drifting past it (or a
/// trigger read as a stick) would otherwise keep the pad's names against every key.
fn follow_device(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    pads: Query<(Entity, &Gamepad)>,
    mut pushed: Local<HashMap<Entity, bool>>,
    mut using: ResMut<UsingPad>,
) {
    let mut pressed = None;
    for (entity, pad) in &pads {
        let now = pad.left_stick().length() > 0.5 || pad.right_stick().length() > 0.5;
        let before = pushed.insert(entity, now).unwrap_or(false);
        if pad.get_just_pressed().next().is_some() || (now && !before) {
            pressed.get_or_insert(pad);
        }
    }
    pushed.retain(|entity, _| pads.contains(*entity));
    if let Some(pad) = pressed {
        using.set_if_neq(UsingPad(Some(PadKind::of(
            pad.vendor_id(),
            pad.product_id(),
        ))));
    } else if pads.is_empty()
        || keys.get_just_pressed().next().is_some()
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
        || touches.is_some_and(|t| t.any_just_pressed())
    {
        using.set_if_neq(UsingPad(None));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pad_names_its_own_buttons_where_they_sit() {
        use GamepadButton as B;
        let names = |kind: PadKind| {
            [
                B::South,
                B::East,
                B::West,
                B::North,
                B::LeftTrigger,
                B::Start,
            ]
            .map(|b| kind.name(b))
        };
        assert_eq!(names(PadKind::Xbox), ["A", "B", "X", "Y", "LB", "Menu"]);
        assert_eq!(
            names(PadKind::PlayStation),
            ["Cross", "Circle", "Square", "Triangle", "L1", "Options"]
        );
        assert_eq!(names(PadKind::Nintendo), ["B", "A", "Y", "X", "L", "+"]);
        assert_eq!(names(PadKind::PlayStation5), names(PadKind::PlayStation));
        let select_and_sticks =
            |kind: PadKind| [B::Select, B::LeftThumb, B::Mode].map(|b| kind.name(b));
        assert_eq!(select_and_sticks(PadKind::Xbox), ["View", "LS", "Home"]);
        assert_eq!(
            select_and_sticks(PadKind::PlayStation),
            ["Share", "L3", "PS"]
        );
        assert_eq!(
            select_and_sticks(PadKind::PlayStation5),
            ["Create", "L3", "PS"]
        );
        assert_eq!(select_and_sticks(PadKind::Nintendo), ["-", "LS", "Home"]);
        let dualsense = PadKind::of(Some(0x054c), Some(0x0ce6));
        assert_eq!(dualsense, PadKind::PlayStation5);
        assert_eq!(
            PadKind::of(Some(0x054c), Some(0x05c4)),
            PadKind::PlayStation
        );
        assert_eq!(PadKind::of(Some(0x054c), None), PadKind::PlayStation);
        assert_eq!(PadKind::of(Some(0x057e), Some(0x2009)), PadKind::Nintendo);
        assert_eq!(PadKind::of(Some(0x045e), None), PadKind::Xbox);
        assert_eq!(PadKind::of(None, None), PadKind::Xbox);
    }

    #[test]
    fn an_action_is_named_by_the_pad_in_use_else_by_its_key() {
        let bindings = Bindings::default();
        let keys = Labels::keys(&bindings);
        let pad = Labels::for_device(&bindings, UsingPad(Some(PadKind::Xbox)));
        assert_eq!(keys.of(Action::Undo), "Z");
        assert_eq!(pad.of(Action::Undo), "X");
        assert_eq!(pad.of(Action::Back), "B");
        // Fullscreen has no button: its key is named.
        assert_eq!(pad.of(Action::Fullscreen), keys.of(Action::Fullscreen));
        // The player's own button.
        let mut own = Bindings::default();
        own.buttons
            .insert(Action::Undo, vec![GamepadButton::RightThumb]);
        let own_pad = Labels::for_device(&own, UsingPad(Some(PadKind::Xbox)));
        assert_eq!(own_pad.of(Action::Undo), "RS");
        assert!(pad.pad_moves_by_dpad() && !keys.pad_moves_by_dpad());
    }
}
