//! The daily puzzles: today's level of every mode (its code comes from the date, the same for
//! every player), which are solved, and the streak of days with one solved.

use crate::flow::{LevelRequest, LevelSource, Screen};
use crate::menu::{Menu, MenuAction, MenuItem, close_menu};
use crate::play_data::{Now, PlayHistory};
use crate::save::Progress;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::play_data::aim::clock;
use puzzlemill_core::play_data::daily::{DAILY_TIER, daily_code, streak};
use puzzlemill_core::play_data::{Day, History, Outcome};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Daily), open_menu);
    app.add_systems(Update, turn_the_day.run_if(in_state(Screen::Daily)));
    app.add_systems(OnExit(Screen::Daily), close_menu);
}

/// The day whose dailies the screen lists.
#[derive(Resource)]
struct Listed(Day);

/// At midnight (UTC) the screen lists the new day's dailies, as every player's list changes.
fn turn_the_day(
    listed: Option<Res<Listed>>,
    now: Res<Now>,
    progress: Res<Progress>,
    history: Res<PlayHistory>,
    commands: Commands,
) {
    if listed.is_some_and(|l| l.0 != now.today()) {
        open_menu(commands, progress, history, now);
    }
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

/// How a mode's daily puzzle stands today, before its code: "Solved in 1:23 · TM2.1-…", "Tried,
/// not solved yet · …", "Not played yet · …". Short enough that no row is cut at the default
/// window size (the mode's pitch is on the mode select).
fn row_detail(code: &LevelCode, progress: &Progress, history: &History, today: Day) -> String {
    let code_text = code.to_string();
    let mut plays = history.of_code(&code_text).peekable();
    let status = if progress.daily_solved(today, code.mode.key()) {
        // The quickest solve the history still holds (it keeps the last thousand plays).
        let quickest = plays
            .filter(|p| p.outcome == Outcome::Solved)
            .map(|p| p.seconds)
            .min_by(f32::total_cmp);
        match quickest {
            Some(seconds) => format!("Solved in {}", clock(seconds)),
            None => "Solved today".to_string(),
        }
    } else if plays.peek().is_some() {
        "Tried, not solved yet".to_string()
    } else {
        "Not played yet".to_string()
    };
    format!("{status} · {code_text}")
}

fn open_menu(
    mut commands: Commands,
    progress: Res<Progress>,
    history: Res<PlayHistory>,
    now: Res<Now>,
) {
    let today = now.today();
    commands.insert_resource(Listed(today));
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
            .with_detail(row_detail(&code, &progress, &history, today)),
        );
    }
    items.push(MenuItem::button("Back", MenuAction::Goto(Screen::Title)));
    commands.insert_resource(
        Menu::new("Daily puzzles", items)
            .with_subtitle(summary(&progress, today))
            .with_back(MenuAction::Goto(Screen::Title)),
    );
}
