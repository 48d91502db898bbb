//! What the things in a Vault do, one line each: shown the first time a thing appears, and again
//! with "?". A new player's first fresh vault plays the lesson vault first, whose line is
//! [`BASICS`] (`levels/vault/lessons.ron`; the lesson test holds the two equal).

use puzzlemill_core::vault::VaultLevel;

/// Keys, switches, doors, windows, the exit and the blueprint: every vault.
pub const BASICS: &str = "A key or switch opens the doors marked with its number; windows show the \
                          rooms beyond; some walls give way when walked into. Reach the exit \
                          switch (the red button). [{cycle}|The Blueprint button, or a tap on \
                          the small map,] shows the whole map.";

/// The things in `level`, each with its line: every vault has them all.
pub fn notes(_level: &VaultLevel) -> Vec<(&'static str, &'static str)> {
    vec![(crate::play::BASICS, BASICS)]
}
