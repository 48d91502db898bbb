//! Climb: a scrolling platformer level built from a Spelunky-style path of rooms, after seed 003
//! (an article on Spelunky's level generation, in English in `shared/seeds/`): the path walker
//! ([`path`]), the player's physics ([`body`]), the moves built from it ([`moves`]) and the
//! search that proves the exit can be reached ([`reach`]), the room templates ([`templates`]) and
//! the generator that puts them together and repairs what the search finds blocked ([`generate`](mod@generate)).

pub mod bench;
pub mod body;
pub mod editor;
pub mod entry;
pub mod generate;
pub mod mode;
pub mod moves;
pub mod path;
pub mod pilot;
pub mod reach;
pub mod room_trial;
pub mod rules;
pub mod templates;
pub mod text;
pub mod tiles;

pub use entry::ClimbEntry;
pub use generate::{ClimbParams, generate};
pub use path::{PATH_SIDE, Room, RoomPath, walk};
pub use rules::Climb;
pub use tiles::{ClimbLevel, MAP_SIDE, ROOM_SIDE, Tile};
