//! The four grid directions shared by every mode's moves and by the game's input.

use serde::{Deserialize, Serialize};

/// One of the four grid directions. `Up` is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// All four directions in a fixed order (the order solvers try moves in).
    pub const ALL: [Direction; 4] = [Self::Up, Self::Down, Self::Left, Self::Right];

    /// Column and row step of one cell in this direction.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Self::Up => (0, -1),
            Self::Down => (0, 1),
            Self::Left => (-1, 0),
            Self::Right => (1, 0),
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Self {
        match self {
            Self::Up => Self::Down,
            Self::Down => Self::Up,
            Self::Left => Self::Right,
            Self::Right => Self::Left,
        }
    }

    /// An arrow for move lists and hints.
    pub fn arrow(self) -> &'static str {
        match self {
            Self::Up => "↑",
            Self::Down => "↓",
            Self::Left => "←",
            Self::Right => "→",
        }
    }

    /// Parses `up`, `down`, `left`, `right` or their first letters (any case).
    pub fn parse(text: &str) -> Option<Self> {
        match text.to_ascii_lowercase().as_str() {
            "up" | "u" => Some(Self::Up),
            "down" | "d" => Some(Self::Down),
            "left" | "l" => Some(Self::Left),
            "right" | "r" => Some(Self::Right),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_undoes_delta() {
        for d in Direction::ALL {
            let (a, b) = d.delta();
            let (c, e) = d.opposite().delta();
            assert_eq!((a + c, b + e), (0, 0), "{d:?}");
            assert_ne!(d, d.opposite());
        }
    }

    #[test]
    fn parses_names_and_letters() {
        assert_eq!(Direction::parse("Left"), Some(Direction::Left));
        assert_eq!(Direction::parse("d"), Some(Direction::Down));
        assert_eq!(Direction::parse("sideways"), None);
    }
}
