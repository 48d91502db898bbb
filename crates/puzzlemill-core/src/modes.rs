//! The mode table: each mode's spec, declared in its own folder. A mode of [`ModeId`] missing
//! here does not compile.

use crate::mode::ModeId;
use crate::mode_spec::ModeSpec;

impl ModeId {
    /// Everything the mode declares about itself.
    pub fn spec(self) -> &'static ModeSpec {
        match self {
            ModeId::Tilt => &crate::tilt::mode::TILT,
            ModeId::Lines => &crate::lines::mode::LINES,
            ModeId::Slide => &crate::slide::mode::SLIDE,
            ModeId::Trio => &crate::slide::mode::TRIO,
            ModeId::Climb => &crate::climb::mode::CLIMB,
            ModeId::Vault => &crate::vault::mode::VAULT,
        }
    }
}
