//! Any milled level as rows of text, the same on every platform: what `mill regenerate` prints
//! and what the browser build reports for a code, so a code can be checked to make the same level
//! natively and in wasm.

use super::job::AnyLevel;
use crate::climb::ClimbLevel;
use crate::lines::LinesLevel;
use crate::slide::SlideLevel;
use crate::tilt;
use crate::vault::VaultLevel;

/// The level as rows of text, or `None` for a level type this build cannot print.
pub fn rows_of(level: &AnyLevel) -> Option<Vec<String>> {
    if let Some(l) = level.downcast_ref::<tilt::Level>() {
        Some(l.to_rows(&l.start))
    } else if let Some(l) = level.downcast_ref::<LinesLevel>() {
        Some(l.board.to_rows())
    } else if let Some(l) = level.downcast_ref::<SlideLevel>() {
        Some(l.to_rows(&l.start))
    } else if let Some(l) = level.downcast_ref::<ClimbLevel>() {
        Some(l.to_rows())
    } else {
        level.downcast_ref::<VaultLevel>().map(VaultLevel::to_rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::LevelCode;
    use crate::mill::regenerate_any;
    use crate::mode::ModeId;
    use crate::tier::Tier;

    #[test]
    fn every_milled_mode_prints_its_level() {
        for mode in [
            ModeId::Tilt,
            ModeId::Slide,
            ModeId::Trio,
            ModeId::Climb,
            ModeId::Vault,
        ] {
            let fresh = regenerate_any(LevelCode::new(mode, Tier::Easy, 0, 5)).unwrap();
            let rows = rows_of(&fresh.level).expect("printable");
            assert!(
                rows.len() >= 3 && rows.iter().all(|r| r.len() == rows[0].len()),
                "{mode:?}"
            );
        }
    }
}
