//! Codes keep their meaning: every code in `tests/data/golden-codes.txt` (20 seeds per mode and
//! tier, written by `mill golden`) still makes the level whose digest the file holds, or still
//! makes none. A format-1 code of a mode whose generator is still version 1 reads as the same
//! code, so codes shared before format 2 open the same levels.

use puzzlemill_core::code::LevelCode;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill::{self, JobError};
use puzzlemill_core::{ModeId, Tier};
use std::collections::HashMap;
use std::path::PathBuf;

fn golden() -> Vec<(String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-codes.txt");
    let text = std::fs::read_to_string(&path).expect("the golden file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (code, digest) = l.split_once(' ').expect("CODE DIGEST");
            (code.to_string(), digest.to_string())
        })
        .collect()
}

fn made_by(code: LevelCode) -> String {
    match mill::regenerate_any(code) {
        Ok(fresh) => level_digest(code.mode, &fresh.level).expect("its own mode's level"),
        Err(JobError::NoLevel { .. }) => "gives-up".to_string(),
        Err(e) => panic!("{code}: {e}"),
    }
}

#[test]
fn every_golden_code_makes_the_level_it_always_made() {
    let lines = golden();
    let mut per_mode_tier: HashMap<(ModeId, Tier), usize> = HashMap::new();
    for (text, _) in &lines {
        let code = LevelCode::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            code.to_string(),
            *text,
            "codes are written as they are read"
        );
        *per_mode_tier.entry((code.mode, code.tier)).or_default() += 1;
        if code.generator == 1 {
            let old = code.to_format1();
            assert_eq!(LevelCode::parse(&old), Ok(code), "{old} reads as {text}");
        }
    }
    for &mode in ModeId::ALL {
        for tier in Tier::ALL {
            let n = per_mode_tier.get(&(mode, tier)).copied().unwrap_or(0);
            assert!(
                n >= 20,
                "{mode:?} {tier:?}: {n} golden codes, want 20 or more"
            );
        }
    }
    // Two workers, each taking every other code: the expert Lines codes take a second each.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|k| {
                let lines = &lines;
                scope.spawn(move || {
                    lines
                        .iter()
                        .skip(k)
                        .step_by(2)
                        .filter_map(|(text, want)| {
                            let got = made_by(LevelCode::parse(text).expect("checked above"));
                            (got != *want).then(|| format!("{text}: made {got}, golden {want}"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} codes now make another level; raise the generator version of their mode \
         (its ModeSpec) and rewrite the golden file with `mill golden`:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
