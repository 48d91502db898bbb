//! Climb: a scrolling platformer level built from a Spelunky-style path of rooms, after seed 003
//! (an article on Spelunky's level generation, in English in `shared/seeds/`). This first part is
//! the path walker ([`path`]); templates, reachability and the game come next.

pub mod path;

pub use path::{PATH_SIDE, Room, RoomPath, walk};
