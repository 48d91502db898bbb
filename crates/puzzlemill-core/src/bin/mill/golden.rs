//! `mill golden`: the golden file of level codes, `tests/data/golden-codes.txt` in the core crate.
//! For every mode and tier, the codes of the first seeds, each with the digest of the level it
//! makes (or `gives-up` where the seed makes none). The core's golden test regenerates every
//! code and compares: a change that makes any of them give another level fails it, and calls
//! for a new generator version of that mode.

use puzzlemill_core::code::LevelCode;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill::{self, JobError};
use puzzlemill_core::{ModeId, Tier};

/// The golden file's text: `seeds` codes per mode and tier.
pub fn text(seeds: u64) -> Result<String, String> {
    let mut out = String::from(
        "# Level codes and the digest of the level each makes (crates/puzzlemill-core/src/digest.rs),\n\
         # or gives-up where the seed makes none. Written by `mill golden`; the core's golden test\n\
         # (tests/core/golden.rs) regenerates every code. If a change makes a code give another\n\
         # level, raise that mode's generator version in its ModeSpec and write this file again.\n",
    );
    for &mode in ModeId::ALL {
        for tier in Tier::ALL {
            for seed in 0..seeds {
                let code = LevelCode::new(mode, tier, 0, seed);
                let made = match mill::regenerate_any(code) {
                    Ok(fresh) => level_digest(mode, &fresh.level)
                        .ok_or_else(|| format!("{code}: the mill made another mode's level"))?,
                    Err(JobError::NoLevel { .. }) => "gives-up".to_string(),
                    Err(e) => return Err(format!("{code}: {e}")),
                };
                out.push_str(&format!("{code} {made}\n"));
            }
            eprintln!("mill golden: {} {} done", mode.key(), tier.label());
        }
    }
    Ok(out)
}
