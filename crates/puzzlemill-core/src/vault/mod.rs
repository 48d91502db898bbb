//! Vault: sector levels with keys, switches, doors, windows and secret rooms, after seed 001 (a
//! French article on generating levels for a shooter, "Structure du générateur"). The steps, in
//! order: first geometry by BSP ([`bsp`]) or room growth ([`growth`]), the 3x3 clean-up
//! ([`cleanup`]), the sector graph with its spanning tree ([`graph`]), then secrets, scenario,
//! doors and windows, keys and switches ([`generate`](mod@generate)), proved by the search in [`verify`].

pub mod bench;
pub mod bsp;
pub mod cleanup;
pub mod drawn;
pub mod editor;
pub mod entry;
pub mod generate;
pub mod graph;
pub mod grid;
pub mod growth;
pub mod level;
pub mod marks;
pub mod mode;
pub mod rules;
pub mod text;
pub mod verify;

pub use entry::VaultEntry;
pub use generate::{Layout, VaultParams, generate};
pub use level::{Tile, VaultLevel};
pub use rules::{Vault, VaultState};
