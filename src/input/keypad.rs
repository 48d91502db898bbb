//! On-screen keys for the text boxes (the code box, the name box), for a player without a
//! keyboard: a gamepad's D-pad or stick picks a key and its Confirm button types it; a click or a
//! tap types the key under it. Rows of ten columns, a wide key taking several; moving up or down
//! keeps the column the player was in, so a wide key is passed through and left where it was
//! entered.

use puzzlemill_core::Direction;

/// One on-screen key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Types its character (a letter upper-cased after Shift).
    Char(char),
    /// Upper-cases the next letter.
    Shift,
    /// Types a space.
    Space,
    /// Takes back the last character.
    Delete,
    /// Empties the box.
    Clear,
    /// Pastes the clipboard's text.
    Paste,
    /// Takes the text (the box's Play or Rename).
    Done,
}

/// Which keys a box has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Level codes and level texts: digits, capitals, the dash and the point, Paste and Clear.
    #[default]
    Code,
    /// Names: digits, letters with Shift, a few signs, Space and Clear.
    Name,
}

/// Columns in a row.
pub const COLUMNS: usize = 10;

impl Layout {
    /// The rows of keys, each key with the columns it takes (every row takes [`COLUMNS`]).
    pub fn rows(self) -> Vec<Vec<(Key, usize)>> {
        let chars = |row: &str| row.chars().map(|c| (Key::Char(c), 1)).collect::<Vec<_>>();
        let with = |mut row: Vec<(Key, usize)>, more: &[(Key, usize)]| {
            row.extend_from_slice(more);
            row
        };
        match self {
            Self::Code => vec![
                chars("1234567890"),
                chars("QWERTYUIOP"),
                chars("ASDFGHJKL-"),
                with(chars("ZXCVBNM."), &[(Key::Paste, 2)]),
                vec![(Key::Delete, 3), (Key::Clear, 3), (Key::Done, 4)],
            ],
            Self::Name => vec![
                chars("1234567890"),
                chars("qwertyuiop"),
                chars("asdfghjkl'"),
                chars("zxcvbnm,.-"),
                vec![
                    (Key::Shift, 2),
                    (Key::Space, 2),
                    (Key::Delete, 2),
                    (Key::Clear, 2),
                    (Key::Done, 2),
                ],
            ],
        }
    }
}

/// What a key press asks of the box beyond its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// Nothing more: the text changed, or Shift did.
    Typed,
    /// Take the text.
    Done,
    /// Paste the clipboard.
    Paste,
}

/// The on-screen keys of one open box: whether they show, the key picked, Shift.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeyPad {
    /// Which keys.
    pub layout: Layout,
    /// The most characters the box takes (`None`: no limit).
    pub limit: Option<usize>,
    /// Whether the keys show (opened by a gamepad or a touch, or asked for).
    pub shown: bool,
    /// The row of the key picked.
    pub row: usize,
    /// The column the player is in (within the picked key, which may take several).
    pub column: usize,
    /// Whether the next letter is a capital.
    pub shift: bool,
    /// Set when a key changed the text, for the box to put its text cursor at the end.
    pub typed: bool,
    /// A key clicked or tapped, for the box to press on its next update.
    pub clicked: Option<Key>,
    /// Set when a key was clicked, for the box's text field to take the keyboard back (a click
    /// takes it away, and a field showing a refusal does not ask for it).
    pub refocus: bool,
    /// Whether the player's last press was a touch (kept by the box's update).
    pub touch: bool,
}

impl KeyPad {
    /// The keys of a box of `layout` taking up to `limit` characters and holding `text`: Shift on
    /// for a name begun afresh.
    pub fn new(layout: Layout, limit: Option<usize>, text: &str) -> Self {
        Self {
            layout,
            limit,
            shift: layout == Layout::Name && text.is_empty(),
            ..Self::default()
        }
    }

    /// Whether the box's text field asks for the keyboard. Not while these keys show and are
    /// worked by touch: a browser on a phone opens the phone's own keyboard over them whenever a
    /// tap ends with a text field asking for it. A tap on the field itself still gives it the
    /// keyboard (the player's choice), as does a key of a keyboard.
    pub fn field_takes_keyboard(&self) -> bool {
        !(self.shown && self.touch)
    }

    /// The index in its row of the key covering `column` in `row`.
    fn index_at(row: &[(Key, usize)], column: usize) -> usize {
        let mut start = 0;
        for (i, &(_, width)) in row.iter().enumerate() {
            if column < start + width {
                return i;
            }
            start += width;
        }
        row.len() - 1
    }

    /// The row and index in it of the key picked.
    pub fn picked(&self) -> (usize, usize) {
        let rows = self.layout.rows();
        let row = self.row.min(rows.len() - 1);
        (row, Self::index_at(&rows[row], self.column))
    }

    /// The key picked.
    pub fn picked_key(&self) -> Key {
        let (row, index) = self.picked();
        self.layout.rows()[row][index].0
    }

    /// Picks the next key in `direction`, round the edges: left and right to the next key of the
    /// row, up and down to the key in the same column of the next row.
    pub fn step(&mut self, direction: Direction) {
        let rows = self.layout.rows();
        let (row, index) = self.picked();
        match direction {
            Direction::Up => self.row = (row + rows.len() - 1) % rows.len(),
            Direction::Down => self.row = (row + 1) % rows.len(),
            Direction::Left | Direction::Right => {
                let keys = &rows[row];
                let next = if direction == Direction::Left {
                    (index + keys.len() - 1) % keys.len()
                } else {
                    (index + 1) % keys.len()
                };
                self.column = keys[..next].iter().map(|&(_, width)| width).sum();
            }
        }
    }

    /// What `key` shows: a letter as Shift would type it.
    pub fn label(&self, key: Key) -> String {
        match key {
            Key::Char(c) => self.typed_char(c).to_string(),
            Key::Shift => "Shift".into(),
            Key::Space => "Space".into(),
            Key::Delete => "Delete".into(),
            Key::Clear => "Clear".into(),
            Key::Paste => "Paste".into(),
            Key::Done => "Done".into(),
        }
    }

    fn typed_char(&self, c: char) -> char {
        if self.shift {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    /// Presses `key` on `text`: a character or a space goes at the end while the box has room
    /// (Shift then goes off), Delete takes the last character back, Clear empties the box (and a
    /// name begins with a capital again). Says what more the box should do.
    pub fn press(&mut self, key: Key, text: &mut String) -> Pressed {
        let room = self.limit.is_none_or(|limit| text.chars().count() < limit);
        let before = text.clone();
        let pressed = match key {
            Key::Char(c) => {
                if room {
                    text.push(self.typed_char(c));
                    if c.is_alphabetic() {
                        self.shift = false;
                    }
                }
                Pressed::Typed
            }
            Key::Space => {
                if room {
                    text.push(' ');
                }
                Pressed::Typed
            }
            Key::Shift => {
                self.shift = !self.shift;
                Pressed::Typed
            }
            Key::Delete => {
                text.pop();
                Pressed::Typed
            }
            Key::Clear => {
                text.clear();
                self.shift = self.layout == Layout::Name;
                Pressed::Typed
            }
            Key::Paste => Pressed::Paste,
            Key::Done => Pressed::Done,
        };
        self.typed |= *text != before;
        pressed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_takes_ten_columns_and_the_code_keys_type_what_codes_hold() {
        for layout in [Layout::Code, Layout::Name] {
            for row in layout.rows() {
                let width: usize = row.iter().map(|&(_, w)| w).sum();
                assert_eq!(width, COLUMNS, "{layout:?} {row:?}");
            }
        }
        let code = puzzlemill_core::code::EXAMPLE;
        let keys: Vec<Key> = Layout::Code.rows().concat().iter().map(|k| k.0).collect();
        for c in code.chars() {
            assert!(keys.contains(&Key::Char(c)), "{c} of {code}");
        }
    }

    #[test]
    fn steps_go_round_the_edges_and_up_and_down_keep_the_column() {
        let mut pad = KeyPad::new(Layout::Name, None, "x");
        assert_eq!(pad.picked_key(), Key::Char('1'));
        pad.step(Direction::Left);
        assert_eq!(pad.picked_key(), Key::Char('0'));
        pad.step(Direction::Right);
        assert_eq!(pad.picked_key(), Key::Char('1'));
        pad.step(Direction::Up);
        assert_eq!(pad.picked_key(), Key::Shift, "round to the last row");
        pad.step(Direction::Down);
        // From e (column 2) down to Space (columns 2 and 3), and up again in column 2.
        pad.step(Direction::Down);
        pad.step(Direction::Right);
        pad.step(Direction::Right);
        assert_eq!(pad.picked_key(), Key::Char('e'));
        for _ in 0..3 {
            pad.step(Direction::Down);
        }
        assert_eq!(pad.picked_key(), Key::Space);
        pad.step(Direction::Up);
        assert_eq!(pad.picked_key(), Key::Char('c'));
        pad.step(Direction::Down);
        pad.step(Direction::Right);
        assert_eq!(pad.picked_key(), Key::Delete);
        pad.step(Direction::Right);
        assert_eq!(pad.picked_key(), Key::Clear);
        pad.step(Direction::Right);
        pad.step(Direction::Right);
        assert_eq!(pad.picked_key(), Key::Shift, "round the row");
        pad.step(Direction::Left);
        assert_eq!(pad.picked_key(), Key::Done);
        pad.step(Direction::Up);
        assert_eq!(
            pad.picked_key(),
            Key::Char('.'),
            "the Done key's first column"
        );
    }

    #[test]
    fn presses_type_within_the_limit_and_shift_capitalises_one_letter() {
        let mut text = String::new();
        let mut pad = KeyPad::new(Layout::Name, Some(5), &text);
        assert!(pad.shift, "a name begins with a capital");
        assert_eq!(pad.label(Key::Char('i')), "I");
        for key in [Key::Char('i'), Key::Char('c'), Key::Space, Key::Char('3')] {
            assert_eq!(pad.press(key, &mut text), Pressed::Typed);
        }
        assert_eq!(text, "Ic 3");
        assert!(pad.typed);
        pad.press(Key::Shift, &mut text);
        pad.press(Key::Char('x'), &mut text);
        pad.press(Key::Char('y'), &mut text);
        assert_eq!(text, "Ic 3X", "five at most");
        pad.press(Key::Delete, &mut text);
        pad.press(Key::Char('y'), &mut text);
        assert_eq!(text, "Ic 3y", "the shift went with the X");
        assert_eq!(pad.press(Key::Done, &mut text), Pressed::Done);
        pad.press(Key::Clear, &mut text);
        assert!(text.is_empty() && pad.shift);
        let mut code = "AB".to_string();
        let mut pad = KeyPad::new(Layout::Code, None, &code);
        assert!(!pad.shift);
        pad.press(Key::Char('-'), &mut code);
        assert_eq!(code, "AB-");
        assert_eq!(pad.press(Key::Paste, &mut code), Pressed::Paste);
        pad.typed = false;
        pad.press(Key::Delete, &mut String::new());
        assert!(!pad.typed, "nothing to take back changes nothing");
    }
}
