//! `mill solve|rate|verify FILE` for a pack of any mode, and the pack entries `mill generate`
//! prints: each through the mode's line in the mode table.

use puzzlemill_core::mill::AnyFresh;
use puzzlemill_core::pack;
use puzzlemill_core::pack_check::PackCheck;
use std::path::Path;

/// Runs `what` over the pack in `file` and prints the result. Returns whether every level
/// passed (verify).
pub fn run(what: PackCheck, file: &Path) -> Result<bool, String> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| format!("{name}: {e}"))?;
    let mode = pack::mode_of(&name, &text).map_err(|e| e.to_string())?;
    let report = (mode.spec().check_pack)(what, &name, &text)?;
    for line in &report.lines {
        println!("{line}");
    }
    if what != PackCheck::Verify {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.rows).expect("plain JSON values")
        );
    }
    Ok(report.failures == 0)
}

/// A milled level as its description and as a pack entry named `name`.
pub fn entry_of(fresh: &AnyFresh, name: &str) -> Result<(Vec<String>, String), String> {
    let spec = fresh.code.mode.spec();
    let rows = (spec.describe)(&fresh.level)
        .ok_or_else(|| format!("the mill made a level that is not a {}", spec.label))?;
    Ok((rows, (spec.pack_entry)(fresh, name)?))
}
