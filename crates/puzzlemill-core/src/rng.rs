//! The one random number generator every generator uses.
//!
//! ChaCha8 from `rand_chacha` is a fixed, documented algorithm: the same seed gives the same stream
//! on every platform and every build, which is what makes level codes replay exactly on desktop
//! and in the browser. Never use a thread or OS generator for level content.

use rand::SeedableRng;

/// The seeded generator handed to every `Generate` implementation.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator seeded from a 64-bit seed (as carried by level codes).
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (seeded(42), seeded(42));
        for _ in 0..64 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }

    #[test]
    fn stream_is_pinned() {
        // These outputs are part of the level-code contract: if a dependency update changes them,
        // every shared level code changes with it. Values read from ChaCha8 via seed_from_u64.
        assert_eq!(seeded(0).next_u64(), 0xb585_f767_a79a_3b6c);
        assert_eq!(seeded(42).next_u64(), 0xae90_bfb5_395d_5ba1);
    }
}
