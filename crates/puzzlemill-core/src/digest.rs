//! Digests of levels: a short fingerprint of a level's whole description (its mode's
//! [`describe`](crate::ModeSpec::describe)), for golden tests that pin what level codes
//! make and for curated packs of codes, which store the digest of the level each code made when
//! the pack was written.
//!
//! The hash is 64-bit FNV-1a over the description's lines, each ended by a newline: small, fixed
//! and the same on every platform (a collision between two levels of one mode is not a concern
//! at the number of levels a test holds).

use crate::mill::AnyLevel;
use crate::mode::ModeId;

/// The digest of a level of `mode`, or `None` if it is not one of that mode's levels.
pub fn level_digest(mode: ModeId, level: &AnyLevel) -> Option<String> {
    (mode.spec().describe)(level).map(|lines| digest(&lines))
}

/// The digest of lines of text: 16 lower-case hex digits.
pub fn digest(lines: &[String]) -> String {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut hash = OFFSET;
    for line in lines {
        for &byte in line.as_bytes().iter().chain(b"\n") {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_fnv1a_over_the_lines() {
        // FNV-1a of no bytes is its offset basis; "a\n" worked out by hand (in Python).
        assert_eq!(digest(&[]), "cbf29ce484222325");
        assert_eq!(digest(&["a".into()]), "089bdc07b544e7b2");
        assert_ne!(digest(&["ab".into()]), digest(&["a".into(), "b".into()]));
        assert_eq!(digest(&["#.#".into()]), digest(&["#.#".into()]));
    }
}
