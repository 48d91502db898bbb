//! "Enter a level code" on the level select: the text box's state, and checking a submitted code
//! (a clear message for every mistake, never a crash) before the mill regenerates its level.

use super::level_select::LevelRequest;
use super::play::{CurrentLevel, LevelSource};
use super::{Screen, Selection};
use crate::input::Action;
use crate::levels::LevelLibrary;
use crate::menu::{MenuAction, MenuActivated};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SubmitCode>();
    app.add_systems(
        Update,
        (open, submit, close_on_back)
            .chain()
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::LevelSelect)),
    );
    app.add_systems(OnExit(Screen::LevelSelect), close);
}

/// The code box, while it is open (menu navigation pauses meanwhile).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct CodeEntry {
    /// What the player typed or pasted.
    pub text: String,
    /// Why the last submitted text was refused.
    pub error: Option<String>,
}

/// The player asks to play the code in the box.
#[derive(Message, Clone, Copy, Debug)]
pub struct SubmitCode;

/// Reads a code and checks this build can make its level.
pub fn check_code(text: &str) -> Result<LevelCode, String> {
    let code = LevelCode::parse(text).map_err(|e| capitalise(&e.to_string()))?;
    if !code.mode.playable() {
        return Err(format!(
            "That is a {} level; {} is not playable in this version yet.",
            code.mode, code.mode
        ));
    }
    mill::entry_for(code.mode).map_err(|e| capitalise(&e.to_string()))?;
    Ok(code)
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
    match check_code(&entry.text) {
        Err(message) => entry.error = Some(message),
        Ok(code) => {
            selection.mode = code.mode;
            selection.tier = code.tier;
            let request = LevelRequest {
                mode: code.mode,
                source: LevelSource::Code(code),
            };
            commands.insert_resource(CurrentLevel::new(request, &library));
            commands.remove_resource::<CodeEntry>();
            next.set(Screen::Play);
        }
    }
}

fn close_on_back(
    entry: Option<Res<CodeEntry>>,
    actions: Single<&ActionState<Action>>,
    mut commands: Commands,
) {
    if entry.is_some() && actions.just_pressed(&Action::Back) {
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
            "Enter a level code, like TE1-8K2MQ9XA-6."
        );
        let slide = LevelCode::new(ModeId::Slide, Tier::Easy, 0, 1).to_string();
        assert_eq!(check_code(&slide).map(|c| c.mode), Ok(ModeId::Slide));
        let mut typo = good.clone();
        typo.replace_range(5..6, if &good[5..6] == "7" { "8" } else { "7" });
        assert!(
            check_code(&typo)
                .unwrap_err()
                .contains("does not check out"),
            "{typo}"
        );
    }
}
