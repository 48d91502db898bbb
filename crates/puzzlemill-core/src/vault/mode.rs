//! Vault as the rest of the program sees it: its line in the mode table.

use super::grid::ROCK;
use super::{Vault, VaultEntry, VaultLevel};
use crate::code_entry::CodeEntry;
use crate::mill::{self, AnyLevel};
use crate::mode_spec::ModeSpec;
use crate::pack::parse_any;
use crate::pack_check::check;

/// Vault's entry in the mode table.
pub const VAULT: ModeSpec = ModeSpec {
    key: "vault",
    letter: 'V',
    label: "Vault",
    pitch: "Find keys and switches to open the way to the exit.",
    tiers: [
        "32x32 map, a few locks",
        "44x44 map",
        "54x54 map",
        "64x64 map, a dozen locks or more",
    ],
    // 2: a sector the clean-up leaves in pieces becomes one sector per piece (version 1 was
    // every generator before level codes carried a version).
    generator: 2,
    // A level is refused now and then (a split graph, an unplaced opener); a few attempts do.
    max_attempts: 50,
    start_job: mill::start::<Vault>,
    describe,
    parse_pack: parse_any::<VaultEntry>,
    check_pack: check::<Vault, VaultEntry>,
    pack_entry: CodeEntry::<VaultLevel>::pack_entry,
    params,
    // The first curated level of each tier (the curated test holds them equal).
    floors: [3.0, 7.0, 10.0, 13.0],
    // Maps drawn in the editor, and any other a drawing reads back the same, up to 64x64.
    text: Some(super::text::TEXT),
    bench: super::bench::bench,
    // A vault's score is its count of locks, which its tier's map size fixes: a band would be
    // a tier by another name.
    aim: None,
    edit: Some(super::editor::EDIT),
};

/// Settings: the first geometry, `bsp` or `growth` (by default either).
fn params(text: &str) -> Result<u32, String> {
    match text.trim() {
        "bsp" => Ok(1),
        "growth" => Ok(2),
        other => Err(format!("Vault settings are bsp or growth, not '{other}'")),
    }
}

/// The map's rows; then each key and switch, what it opens and where; then each sector's role
/// and the sector of every cell (in base 62, rock blank), which the fog follows.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let level = level.downcast_ref::<VaultLevel>()?;
    let mut lines = level.to_rows();
    lines.push(String::new());
    for o in &level.openers {
        lines.push(format!(
            "{:?} for script {} at {},{} in sector {}",
            o.kind, o.script, o.at.0, o.at.1, o.sector
        ));
    }
    lines.push(String::new());
    for (i, s) in level.sectors.iter().enumerate() {
        let secret = if s.secret { ", secret" } else { "" };
        lines.push(format!(
            "sector {i}: script {}{secret}, {} floor cells",
            s.script, s.floor
        ));
    }
    lines.push(String::new());
    let grid = &level.grid;
    for y in 0..grid.height as i32 {
        lines.push(
            (0..grid.width as i32)
                .map(|x| match grid.get(x, y) {
                    ROCK => ' ',
                    id => DIGITS[usize::from(id) % DIGITS.len()] as char,
                })
                .collect(),
        );
    }
    Some(lines)
}
