//! "Enter a level code" on the level select: the text box's state, and checking a submitted code
//! or level text (a clear message for every mistake, never a crash) before the mill regenerates
//! its level, or the level text's level is played.

use crate::flow::{
    CodeEntry, CurrentLevel, LevelRequest, LevelSource, Screen, Selection, SubmitCode,
};
use crate::input::{Action, TextFocus};
use crate::levels::LevelLibrary;
use crate::menu::{MenuAction, MenuActivated};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::level_text;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (open, submit, close_on_back)
            .chain()
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::LevelSelect)),
    );
    app.add_systems(OnExit(Screen::LevelSelect), close);
}

/// The level a code or a level text stands for, ready to play, or what is wrong with it: a code
/// goes to the mill; a level text holds its level (refused if it cannot be solved).
pub fn level_for(text: &str, library: &LevelLibrary) -> Result<CurrentLevel, String> {
    if level_text::is_level_text(text) {
        let (mode, level, optimum) =
            level_text::decode_solved(text).map_err(|e| capitalise(&e.to_string()))?;
        let mut current = library.current_level(LevelRequest {
            mode,
            source: LevelSource::Shared,
        });
        current.draft = Some(level);
        current.text = Some(text.trim().to_uppercase());
        current.known_optimum = Some(optimum);
        return Ok(current);
    }
    let code = check_code(text)?;
    Ok(library.current_level(LevelRequest {
        mode: code.mode,
        source: LevelSource::Code(code),
    }))
}

/// Reads a code and checks this build can make its level (every mode in the table can; a code
/// made by another version of a mode's generator is refused, with the reason).
pub fn check_code(text: &str) -> Result<LevelCode, String> {
    LevelCode::parse(text).map_err(|e| capitalise(&e.to_string()))
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>() + "."
    })
}

fn open(mut activated: MessageReader<MenuActivated>, mut commands: Commands) {
    if activated
        .read()
        .any(|MenuActivated(a)| *a == MenuAction::EnterCode)
    {
        commands.insert_resource(CodeEntry::default());
    }
}

fn submit(
    mut submits: MessageReader<SubmitCode>,
    entry: Option<ResMut<CodeEntry>>,
    library: Res<LevelLibrary>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Some(mut entry) = entry else {
        submits.clear();
        return;
    };
    if submits.read().count() == 0 {
        return;
    }
    match level_for(&entry.text, &library) {
        Err(message) => entry.error = Some(message),
        Ok(current) => {
            selection.mode = current.request.mode;
            if let Some(tier) = current.request.source.tier() {
                selection.tier = tier;
            }
            commands.insert_resource(current);
            commands.remove_resource::<CodeEntry>();
            next.set(Screen::Play);
        }
    }
}

fn close_on_back(
    entry: Option<Res<CodeEntry>>,
    actions: Single<&ActionState<Action>>,
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TextFocus>,
    mut commands: Commands,
) {
    if entry.is_some() && actions.just_pressed(&Action::Back) && !focus.typed(&keys) {
        commands.remove_resource::<CodeEntry>();
    }
}

fn close(mut commands: Commands) {
    commands.remove_resource::<CodeEntry>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::{ModeId, Tier};

    #[test]
    fn good_codes_pass_and_bad_ones_say_why() {
        let good = LevelCode::new(ModeId::Tilt, Tier::Hard, 0, 77).to_string();
        assert_eq!(check_code(&good).map(|c| c.tier), Ok(Tier::Hard));
        assert_eq!(
            check_code("").unwrap_err(),
            format!(
                "Enter a level code, like {}.",
                puzzlemill_core::code::EXAMPLE
            )
        );
        let slide = LevelCode::new(ModeId::Slide, Tier::Easy, 0, 1).to_string();
        assert_eq!(check_code(&slide).map(|c| c.mode), Ok(ModeId::Slide));
        let mut typo = good.clone();
        typo.replace_range(7..8, if &good[7..8] == "7" { "8" } else { "7" });
        assert!(
            check_code(&typo)
                .unwrap_err()
                .contains("does not check out"),
            "{typo}"
        );
    }
}
