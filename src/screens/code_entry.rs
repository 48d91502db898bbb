//! "Enter a level code" on the level select: the text box's state, and checking a submitted code
//! or level text (a clear message for every mistake, never a crash) before the mill regenerates
//! its level, or the level text's level is played (once solved, off the frame: `text_check`).

use super::text_check::{Asker, TextCheck, capitalise};
use crate::flow::{
    CodeEntry, CurrentLevel, LevelRequest, LevelSource, Screen, Selection, SubmitCode,
};
use crate::input::keypad::KeyPad;
use crate::levels::LevelLibrary;
use crate::menu::{MenuAction, MenuActivated};
use bevy::prelude::*;
use puzzlemill_core::code::{CodeError, LevelCode};
use puzzlemill_core::level_text;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open,
            super::text_box::type_on_screen::<CodeEntry>,
            submit,
            super::text_box::close_on_back::<CodeEntry>,
        )
            .chain()
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::LevelSelect)),
    );
    app.add_systems(
        OnExit(Screen::LevelSelect),
        super::text_box::close::<CodeEntry>,
    );
}

/// What a code or a level text opens.
pub enum Opening {
    /// A code's level (the mill makes it).
    Level(CurrentLevel),
    /// A level text's level, once its check is done ([`TextCheck`] plays it).
    Checking(TextCheck),
}

impl Opening {
    /// Goes to the level, or starts the check that will.
    pub fn open(
        self,
        selection: &mut Selection,
        next: &mut NextState<Screen>,
        commands: &mut Commands,
    ) {
        match self {
            Self::Level(current) => {
                selection.mode = current.request.mode;
                if let Some(tier) = current.request.source.tier() {
                    selection.tier = tier;
                }
                commands.insert_resource(current);
                next.set(Screen::Play);
            }
            Self::Checking(check) => commands.insert_resource(check),
        }
    }
}

/// Why a code or a level text opens nothing; shown as its message ("The code ... .").
#[derive(Debug, PartialEq)]
pub enum Unopened {
    /// Not a code this build reads: the core's reason.
    Code(CodeError),
    /// A level text that cannot be read: what is wrong, already worded.
    Text(String),
}

impl std::fmt::Display for Unopened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Code(e) => f.write_str(&capitalise(&e.to_string())),
            Self::Text(message) => f.write_str(message),
        }
    }
}

/// What a code or a level text opens, or what is wrong with it: a code goes to the mill; a level
/// text holds its level, played once its check finds it solvable (asked by `asker` on `screen`).
pub fn level_for(
    text: &str,
    library: &LevelLibrary,
    asker: Asker,
    screen: Screen,
) -> Result<Opening, Unopened> {
    if level_text::is_level_text(text) {
        return (TextCheck::start(text, asker, screen))
            .map(Opening::Checking)
            .map_err(Unopened::Text);
    }
    let code = check_code(text)?;
    Ok(Opening::Level(library.current_level(LevelRequest {
        mode: code.mode,
        source: LevelSource::Code(code),
    })))
}

/// Reads a code and checks this build can make its level (every mode in the table can; a code
/// made by another version of a mode's generator is refused, with the reason).
pub fn check_code(text: &str) -> Result<LevelCode, Unopened> {
    LevelCode::parse(text).map_err(Unopened::Code)
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
    checking: Option<Res<TextCheck>>,
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
    // The same text already at its check: Play again asks nothing new.
    if checking.is_some_and(|c| c.text == entry.text.trim().to_uppercase()) {
        return;
    }
    match level_for(&entry.text, &library, Asker::CodeBox, Screen::LevelSelect) {
        // The core's messages show a Lines code: the box shows one of the mode and tier chosen.
        Err(unopened) => {
            let example = LevelCode::example(selection.mode, selection.tier);
            let message = (unopened.to_string()).replace(puzzlemill_core::code::EXAMPLE, &example);
            // The box takes level texts too: a text of neither shape (not a code's groups, or
            // letters no code holds) is said to be neither; a code mistyped keeps its reason.
            let unshaped = match &unopened {
                Unopened::Code(CodeError::Unshaped(why)) => {
                    Some(why.replace(puzzlemill_core::code::EXAMPLE, &example))
                }
                _ => None,
            };
            entry.error = Some(match unshaped {
                Some(why) if selection.mode.spec().edit.is_some() => format!(
                    "That is neither a level code nor a level text: {why}, or a level text as \
                     Share copies it (it starts {}V)",
                    selection.mode.spec().letter
                ),
                _ => message,
            });
        }
        Ok(opening) => {
            match opening {
                Opening::Level(_) => commands.remove_resource::<CodeEntry>(),
                Opening::Checking(_) => entry.checking = true,
            }
            opening.open(&mut selection, &mut next, &mut commands);
        }
    }
}

impl super::text_box::TypedBox for CodeEntry {
    type Submit = SubmitCode;

    fn parts(&mut self) -> (&mut String, &mut Option<String>, &mut KeyPad) {
        (&mut self.text, &mut self.error, &mut self.keys)
    }
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
            check_code("").unwrap_err().to_string(),
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
                .to_string()
                .contains("does not check out"),
            "{typo}"
        );
    }
}
