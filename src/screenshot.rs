//! `--screenshot PATH`: once the requested screen has settled (loading done, automatic moves
//! played, every render pipeline built), wait `--frames` frames, save the window to a PNG, and
//! quit. Works under Xvfb with Mesa's software renderer, which is how the README's pictures are
//! made.

use crate::flow::Screen;
use crate::options::{LaunchOptions, StartScreen};
use crate::pipelines_ready::{PipelineWait, PipelinesReady};
use crate::play::{AutoPlay, PlayHud};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

/// Frames to wait for the capture before giving up.
const CAPTURE_TIMEOUT: u32 = 600;
/// Seconds from start-up within which the screen asked for must be reached (loading, a mill's
/// level, the software renderer's pipelines on a busy machine included).
const SETTLE_TIMEOUT_S: f32 = 300.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_screenshot
            .run_if(|o: Option<Res<LaunchOptions>>| o.is_some_and(|o| o.screenshot.is_some())),
    );
}

/// Set once the PNG has been written.
#[derive(Resource)]
struct Saved;

#[derive(Default)]
struct Progress {
    settled_frames: u32,
    /// Frames settled but for pipelines still being built.
    pipelines: PipelineWait,
    waiting_since: Option<u32>,
}

fn take_screenshot(
    options: Res<LaunchOptions>,
    real: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    auto: Option<Res<AutoPlay>>,
    hud: Res<PlayHud>,
    pipelines: Res<PipelinesReady>,
    saved: Option<Res<Saved>>,
    mut progress: Local<Progress>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = options.screenshot.clone() else {
        return;
    };
    if let Some(waited) = progress.waiting_since.as_mut() {
        *waited += 1;
        if saved.is_some() {
            info!("Screenshot saved to {}", path.display());
            exit.write(AppExit::Success);
        } else if *waited > CAPTURE_TIMEOUT {
            error!("The screenshot was not captured within {CAPTURE_TIMEOUT} frames");
            exit.write(AppExit::error());
        }
        return;
    }
    let want_complete = options.screen == Some(StartScreen::Complete);
    let settled = options.past_loading(*screen.get())
        && auto.is_none()
        && hud.won_for.is_none()
        && (!want_complete || *screen.get() == Screen::LevelComplete);
    if !settled {
        progress.settled_frames = 0;
        // A screen never reached (a level that could not open sends the game elsewhere) ends
        // the run with an error instead of keeping it open for ever.
        if real.elapsed_secs() > SETTLE_TIMEOUT_S {
            error!(
                "The screen asked for was not reached within {SETTLE_TIMEOUT_S} s (now {:?}): \
                 no screenshot",
                screen.get()
            );
            exit.write(AppExit::error());
        }
        return;
    }
    // A pipeline still being built draws nothing (a black picture): start counting again.
    if progress.pipelines.wait(&pipelines, "taking the screenshot") {
        progress.settled_frames = 0;
        return;
    }
    progress.settled_frames += 1;
    if progress.settled_frames < options.frames {
        return;
    }
    progress.waiting_since = Some(0);
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(|_: On<ScreenshotCaptured>, mut commands: Commands| {
            commands.insert_resource(Saved)
        });
}
