//! One export for `bench.mjs`: a Lines puzzle milled from a seed, as the game's browser build
//! mills it (first candidates, then the tier's optimizer run).

use puzzlemill_core::Tier;
use puzzlemill_core::lines::generate::{LinesParams, generate};
use puzzlemill_core::rng::seeded;

/// Mills one puzzle of tier `tier` (0 easy to 3 expert) from `seed` with `iterations` optimizer
/// iterations (0: the tier's own) and returns its score.
#[unsafe(no_mangle)]
pub extern "C" fn lines_score(tier: u32, seed: u64, iterations: u32) -> i32 {
    let tier = Tier::ALL[(tier as usize).min(Tier::ALL.len() - 1)];
    let mut params = LinesParams::for_tier(tier);
    if iterations > 0 {
        params.iterations = iterations;
    }
    generate(&params, &mut seeded(seed)).2
}
