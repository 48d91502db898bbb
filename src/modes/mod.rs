//! One plugin per mode. Each adds the play layer for its rules and a view that draws its board.

pub mod climb;
pub(crate) mod grid;
pub mod lines;
pub mod slide;
pub mod tilt;
pub(crate) mod timeline;
pub mod vault;

use bevy::prelude::*;

/// Rules side of every mode (runs headless in the tests).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        tilt::plugin,
        lines::plugin,
        slide::plugin,
        climb::plugin,
        vault::plugin,
    ));
}

/// Drawing side of every mode.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        timeline::plugin,
        tilt::view_plugin,
        lines::view_plugin,
        slide::view_plugin,
        climb::view_plugin,
        vault::view_plugin,
    ));
}
