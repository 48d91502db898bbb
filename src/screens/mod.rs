//! The game's screens: each puts its menu in place on entering and follows what the player picks.
//! The states they move between live in [`crate::flow`].

mod code_entry;
mod complete;
mod continuing;
mod controls;
mod daily;
mod history;
mod launch;
mod level_select;
mod loading;
mod mode_select;
mod my_levels;
mod navigation;
mod play;
mod rename;
mod settings;
mod stats;
mod text_box;
mod text_check;
mod title;

pub use code_entry::{Opening, check_code, level_for};
pub use complete::summary;
pub use history::{HistoryView, replay};
pub use my_levels::MyLevelsView;
pub use settings::settings_items;
pub use text_check::{Asker, TextCheck};

pub(super) fn plugin(app: &mut bevy::prelude::App) {
    app.add_plugins((
        navigation::plugin,
        loading::plugin,
        code_entry::plugin,
        title::plugin,
        mode_select::plugin,
        level_select::plugin,
        play::plugin,
        complete::plugin,
        settings::plugin,
        controls::plugin,
        daily::plugin,
        history::plugin,
        stats::plugin,
        my_levels::plugin,
        text_check::plugin,
    ));
    app.add_plugins(rename::plugin);
}
