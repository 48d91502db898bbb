//! Opening a level text: the text is read at once (a mistyped one is refused on the spot), then its
//! level is solved and rated on the async compute pool, so the frame never waits for a hard one (a
//! large Slide board may search for seconds). The code box says "Checking…" meanwhile, and a menu's
//! notice does once the check has taken a moment; whoever asked is told the outcome. A check is
//! dropped when the player closes the code box or leaves the screen it was asked from (a search
//! under way runs to its end unheard: the solver cannot be stopped). In the browser the check holds
//! the page while it runs, so it starts once a frame saying so is on screen.

use crate::flow::{CodeEntry, CurrentLevel, LevelRequest, LevelSource, Screen, Selection};
use crate::levels::LevelLibrary;
use crate::notices::Notices;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use puzzlemill_core::ModeId;
use puzzlemill_core::level_text::{self, Checked, TextError};
use puzzlemill_core::mill::AnyLevel;

/// Seconds a check runs before a menu's notice says it is at work.
const SAY_AFTER: f32 = 0.3;

/// Whether the check holds the page while it runs: on the browser's one thread (the solver
/// cannot yield) it starts [`START_AFTER_FRAMES`] frames after it was asked for, once a frame
/// saying so (the box's line, a menu's notice) is on screen. On the desktop it starts at once
/// on another thread.
const HOLDS_THE_PAGE: bool = cfg!(target_arch = "wasm32");
/// Frames drawn before a check that holds the page starts.
const START_AFTER_FRAMES: u32 = 2;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, finish.after(crate::menu::MenuNav));
}

/// Who asked to open a level text, to be told why it was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker {
    /// The code box of the level select (the reason goes under the box).
    CodeBox,
    /// A menu row (History, Resume, Continue): a notice.
    Menu,
    /// The browser page's address (`?level=`): a notice naming the address.
    Address,
}

/// A level text being checked before it is played.
#[derive(Resource)]
pub struct TextCheck {
    /// The text as given.
    pub text: String,
    /// Who asked.
    pub asker: Asker,
    mode: ModeId,
    level: AnyLevel,
    screen: Screen,
    seconds: f32,
    said: bool,
    frames: u32,
    task: Option<Task<Result<Checked, TextError>>>,
}

/// Starts the check of `level`, a level of `mode`.
fn spawn_check(mode: ModeId, level: &AnyLevel) -> Task<Result<Checked, TextError>> {
    let level = level.clone();
    AsyncComputeTaskPool::get().spawn(async move { level_text::check_and_rate(mode, &level) })
}

impl TextCheck {
    /// Reads `text` and starts the check of its level, asked by `asker` from `screen`; or why the
    /// text is no level (found without a search).
    pub fn start(text: &str, asker: Asker, screen: Screen) -> Result<Self, String> {
        let (mode, level) = level_text::read(text).map_err(|e| capitalise(&e.to_string()))?;
        let task = (!HOLDS_THE_PAGE).then(|| spawn_check(mode, &level));
        Ok(Self {
            text: text.trim().to_uppercase(),
            asker,
            mode,
            level,
            screen,
            seconds: 0.0,
            said: false,
            frames: 0,
            task,
        })
    }
}

/// "the text" → "The text."
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>() + "."
    })
}

/// The shared level `text` holds, `level` of `mode`, with what its check found.
fn shared_level(
    library: &LevelLibrary,
    text: String,
    mode: ModeId,
    level: AnyLevel,
    checked: Checked,
) -> CurrentLevel {
    let mut current = library.current_level(LevelRequest {
        mode,
        source: LevelSource::Shared,
    });
    current.draft = Some(level);
    current.text = Some(text);
    current.known_optimum = Some(checked.optimum);
    current.known_rating = checked.rating;
    current
}

/// Plays the checked level, or tells the asker why it was refused; drops a check whose asker
/// has gone (the code box closed, another screen).
#[allow(clippy::too_many_arguments)]
fn finish(
    check: Option<ResMut<TextCheck>>,
    time: Res<Time>,
    screen: Res<State<Screen>>,
    mut entry: Option<ResMut<CodeEntry>>,
    library: Res<LevelLibrary>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
    mut notices: ResMut<Notices>,
    mut commands: Commands,
) {
    let Some(mut check) = check else {
        return;
    };
    // The code box closed, or its text changed since: that text is no longer asked for.
    let box_moved_on = check.asker == Asker::CodeBox
        && entry
            .as_ref()
            .is_none_or(|e| e.text.trim().to_uppercase() != check.text);
    let asker_gone = *screen.get() != check.screen || box_moved_on;
    if asker_gone {
        commands.remove_resource::<TextCheck>();
        if let Some(entry) = entry.as_mut() {
            entry.checking = false;
        }
        return;
    }
    check.frames += 1;
    let say = check.asker != Asker::CodeBox
        && !check.said
        && (check.seconds >= SAY_AFTER || HOLDS_THE_PAGE);
    if say {
        check.said = true;
        notices.info("Checking the level text: it is being solved…");
    }
    if check.task.is_none() {
        if check.frames >= START_AFTER_FRAMES {
            check.task = Some(spawn_check(check.mode, &check.level));
        }
        return;
    }
    let Some(outcome) = check.task.as_mut().and_then(check_ready) else {
        check.seconds += time.delta_secs();
        return;
    };
    commands.remove_resource::<TextCheck>();
    if let Some(entry) = entry.as_mut() {
        entry.checking = false;
    }
    match outcome {
        Ok(checked) => {
            // The level's own text, however it was typed (spaces, lower case, look-alikes): its
            // place, its plays and its copy go by that.
            let text = level_text::encode(check.mode, &check.level);
            let current = shared_level(
                &library,
                text.unwrap_or_else(|_| check.text.clone()),
                check.mode,
                check.level.clone(),
                checked,
            );
            selection.mode = current.request.mode;
            commands.insert_resource(current);
            commands.remove_resource::<CodeEntry>();
            next.set(Screen::Play);
        }
        Err(error) => {
            let message = capitalise(&error.to_string());
            match (check.asker, entry) {
                (Asker::CodeBox, Some(mut entry)) => entry.error = Some(message),
                (Asker::Address, _) => notices.warn(format!(
                    "The address's level could not be opened: {message}"
                )),
                _ => notices.warn(message),
            }
        }
    }
}
