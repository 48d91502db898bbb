//! `--screen`: which screen to open after loading instead of the title, set up as a player would
//! have left it (for screenshots and trying things out).

use crate::flow::{CodeEntry, LevelRequest, LevelSource, Screen, Selection};
use crate::levels::LevelLibrary;
use crate::mill::Mill;
use crate::notices::Notices;
use crate::options::{LaunchOptions, StartScreen};
use crate::play::AutoPlay;
use bevy::prelude::*;
use puzzlemill_core::ModeId;

/// Sets up and returns the screen `options` asks for.
pub fn requested_screen(
    options: &LaunchOptions,
    library: &LevelLibrary,
    selection: &mut Selection,
    mill: &mut Mill,
    notices: &mut Notices,
    commands: &mut Commands,
) -> Screen {
    let Some(screen) = options.screen else {
        return Screen::Title;
    };
    let mode = options
        .mode
        .as_deref()
        .and_then(ModeId::from_key)
        .unwrap_or(selection.mode);
    selection.mode = mode;
    selection.tier = options.tier;
    let mut play = |source: LevelSource| {
        commands.insert_resource(library.current_level(LevelRequest { mode, source }));
        Screen::Play
    };
    match screen {
        StartScreen::Loading | StartScreen::Title => Screen::Title,
        StartScreen::Modes => Screen::ModeSelect,
        StartScreen::Levels => Screen::LevelSelect,
        StartScreen::Settings => Screen::Settings,
        StartScreen::Controls => Screen::Controls,
        StartScreen::Editor => Screen::Editor,
        StartScreen::Daily => Screen::Daily,
        StartScreen::History => Screen::History,
        StartScreen::Stats => Screen::Stats,
        StartScreen::MyLevels => Screen::MyLevels,
        StartScreen::Code => {
            commands.insert_resource(CodeEntry {
                text: options.code.clone().unwrap_or_default(),
                ..default()
            });
            Screen::LevelSelect
        }
        StartScreen::Fresh => play(LevelSource::Fresh {
            tier: selection.tier,
        }),
        StartScreen::Waiting => {
            mill.paused = true;
            play(LevelSource::Fresh {
                tier: selection.tier,
            })
        }
        StartScreen::Play | StartScreen::Pause | StartScreen::Complete => {
            let packs: Vec<usize> = library.packs_for(mode).map(|(i, _)| i).collect();
            let Some(&first) = packs.first() else {
                notices.warn(format!("--pack: {mode} has no curated packs to open."));
                return Screen::LevelSelect;
            };
            let pack = match packs.get(options.pack.saturating_sub(1)) {
                Some(&pack) => pack,
                None => {
                    notices.warn(format!(
                        "--pack {}: {mode} has {} packs; its first is opened.",
                        options.pack,
                        packs.len()
                    ));
                    first
                }
            };
            let next = play(LevelSource::Curated {
                pack,
                level: options.level.saturating_sub(1),
            });
            let steps = if screen == StartScreen::Complete {
                u32::MAX
            } else {
                options.moves
            };
            commands.insert_resource(AutoPlay {
                steps,
                pause_after: screen == StartScreen::Pause,
                hint_after: options.hint,
            });
            next
        }
    }
}
