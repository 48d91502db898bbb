//! Whether the renderer has built every pipeline asked of it. Bevy builds render pipelines
//! (shader translation included) on its async task pool and draws nothing that needs one until
//! it is built, so a screen's first frames can be black; slowest with the unoptimised `ci` build
//! (shader translation unoptimised) under Mesa's software renderer on a busy machine.
//! `--screenshot` and `--frame-times` wait for this before they count frames.

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// True while no pipeline the render world was asked for is still being built. Both worlds hold
/// a copy; the render world writes it at the end of each of its frames.
#[derive(Resource, Clone, Default)]
pub struct PipelinesReady(Arc<AtomicBool>);

impl PipelinesReady {
    /// Whether every pipeline asked for so far is built (false before the first rendered frame,
    /// and always where there is no renderer).
    pub fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Frames a tool (and a toast's clock) waits for the pipelines before it goes on all the same (a pipeline waiting on a
/// shader that never loads must not hang it).
pub const PATIENCE: u32 = 600;

/// A tool's frames spent waiting for the pipelines (`--screenshot`, `--frame-times`).
#[derive(Default)]
pub struct PipelineWait {
    frames: u32,
}

impl PipelineWait {
    /// Whether to wait another frame: pipelines still being built and patience left. Warns once,
    /// when the patience runs out, that the tool goes on: `then` says with what.
    pub fn wait(&mut self, ready: &PipelinesReady, then: &str) -> bool {
        if ready.get() || self.frames >= PATIENCE {
            return false;
        }
        self.frames += 1;
        if self.frames == PATIENCE {
            warn!("render pipelines still building after {PATIENCE} frames; {then} anyway");
        }
        true
    }
}

pub(super) fn plugin(app: &mut App) {
    let ready = PipelinesReady::default();
    app.insert_resource(ready.clone());
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.insert_resource(ready);
        render.add_systems(Render, note_ready.in_set(RenderSystems::Cleanup));
    }
}

/// After the frame's pipeline queue was worked through (`RenderSystems::Render`): any still
/// waiting?
fn note_ready(cache: Res<PipelineCache>, ready: Res<PipelinesReady>) {
    let none_waiting = cache.waiting_pipelines().next().is_none();
    ready.0.store(none_waiting, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_waits_while_pipelines_build_but_not_past_its_patience() {
        let ready = PipelinesReady::default();
        let mut wait = PipelineWait::default();
        assert!(wait.wait(&ready, "measuring"), "nothing built yet");
        ready.0.store(true, Ordering::Relaxed);
        assert!(!wait.wait(&ready, "measuring"), "all built");
        ready.0.store(false, Ordering::Relaxed);
        let waited = (0..2 * PATIENCE)
            .take_while(|_| wait.wait(&ready, "measuring"))
            .count();
        assert_eq!(waited as u32, PATIENCE - 1, "one frame was waited before");
        assert!(!wait.wait(&ready, "measuring"), "patience spent");
    }
}
