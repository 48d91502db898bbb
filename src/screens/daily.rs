//! The daily puzzles: today's level of every mode (its code comes from the date, the same for
//! every player), which are solved, and the streak of days with one solved.

use crate::flow::{LevelRequest, LevelSource, Screen};
use crate::menu::{Menu, MenuAction, MenuItem, close_menu};
use crate::play_data::Now;
use crate::save::Progress;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::play_data::Day;
use puzzlemill_core::play_data::daily::{DAILY_TIER, daily_code, streak};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Daily), open_menu);
    app.add_systems(OnExit(Screen::Daily), close_menu);
}

/// "2 of 6 solved today · streak 3 days": the title's line under "Daily puzzles".
pub fn summary(progress: &Progress, today: Day) -> String {
    let solved = ModeId::ALL
        .iter()
        .filter(|m| progress.daily_solved(today, m.key()))
        .count();
    let days = streak(&progress.daily_days(), today);
    let streak = match days {
        0 => "no streak yet".to_string(),
        1 => "streak 1 day".to_string(),
        n => format!("streak {n} days"),
    };
    format!(
        "{today}: {solved} of {} solved today · {streak}",
        ModeId::ALL.len()
    )
}

fn open_menu(mut commands: Commands, progress: Res<Progress>, now: Res<Now>) {
    let today = now.today();
    let mut items = vec![MenuItem::heading(format!(
        "{} for everyone, new each day at midnight UTC",
        DAILY_TIER
    ))];
    for &mode in ModeId::ALL {
        let code = daily_code(mode, today);
        let done = progress.daily_solved(today, mode.key());
        items.push(
            MenuItem::button(
                format!("{}{}", if done { "✔ " } else { "" }, mode.label()),
                MenuAction::Open(LevelRequest {
                    mode,
                    source: LevelSource::Code(code),
                }),
            )
            .with_detail(format!(
                "{code} · {}",
                if done { "solved today" } else { mode.pitch() }
            )),
        );
    }
    items.push(MenuItem::button("Back", MenuAction::Goto(Screen::Title)));
    commands.insert_resource(
        Menu::new("Daily puzzles", items)
            .with_subtitle(summary(&progress, today))
            .with_back(MenuAction::Goto(Screen::Title)),
    );
}
