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
