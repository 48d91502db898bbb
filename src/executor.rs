//! Each world's schedules run their systems one after another on one thread, as they already do
//! in the browser (Bevy has no other executor there). The game's systems are small: on the
//! two-core development machine, waking the task pool's threads for them cost more than the
//! systems themselves. With Bevy's multi-threaded executor a headless frame took about three
//! times as long, and rendered frames (the render world's schedules too) about a tenth longer
//! under Mesa's software renderer (`docs/benchmarks.md`, "Frame times"). The mill keeps its own
//! threads (`mill::mill_pool`), and the render world still runs beside the main world on
//! its own thread (Bevy's pipelined rendering).

use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy::render::RenderApp;

/// Sets the single-threaded executor on the main world's schedules and, where there is one, the
/// render world's.
pub(crate) struct ExecutorPlugin;

impl Plugin for ExecutorPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreStartup, run_main_schedules_on_one_thread);
    }

    /// The render world's schedules, once every plugin has added its own: `finish` runs before
    /// `cleanup`, where pipelined rendering moves the render world to its thread.
    fn finish(&self, app: &mut App) {
        if let Some(render) = app.get_sub_app_mut(RenderApp) {
            one_thread_for(&mut render.world_mut().resource_mut::<Schedules>());
        }
    }
}

/// The main world's schedules. It runs in `PreStartup`, once every plugin has added its
/// schedules and before any of the frame's schedules has run (`Main` and the fixed-step loops
/// already have that executor: Bevy sets it).
fn run_main_schedules_on_one_thread(world: &mut World) {
    one_thread_for(&mut world.resource_mut::<Schedules>());
}

fn one_thread_for(schedules: &mut Schedules) {
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use std::thread::ThreadId;

    /// The threads the test's systems ran on.
    #[derive(Resource, Clone, Default)]
    struct Threads(Arc<Mutex<Vec<ThreadId>>>);

    fn note_thread(threads: Res<Threads>) {
        threads.0.lock().unwrap().push(std::thread::current().id());
    }

    /// Eight independent systems in `Update` and two in `FixedUpdate`, run for 30 frames; the
    /// threads they ran on.
    fn threads_used(one_thread: bool) -> Vec<ThreadId> {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        if one_thread {
            app.add_plugins(ExecutorPlugin);
        }
        let threads = Threads::default();
        app.insert_resource(threads.clone());
        for _ in 0..8 {
            app.add_systems(Update, note_thread);
        }
        app.add_systems(FixedUpdate, (note_thread, note_thread));
        for _ in 0..30 {
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        threads.0.lock().unwrap().clone()
    }

    #[test]
    fn every_system_runs_on_the_thread_that_updates_the_app() {
        let main = std::thread::current().id();
        let used = threads_used(true);
        assert!(used.len() >= 8 * 30, "{} system runs", used.len());
        assert!(used.iter().all(|t| *t == main));
    }

    /// What the plugin changes: Bevy's own executor runs some of the same systems on its task
    /// pool's threads (where the pool has any).
    #[test]
    fn without_it_some_systems_run_elsewhere() {
        let main = std::thread::current().id();
        let used = threads_used(false);
        let pool = bevy::tasks::ComputeTaskPool::get().thread_num();
        assert!(
            pool == 0 || used.iter().any(|t| *t != main),
            "pool of {pool}"
        );
    }

    #[derive(bevy::ecs::schedule::ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
    struct Draw;

    /// Eight independent systems in a schedule of a render world, run 30 times once the app's
    /// plugins have finished; the threads they ran on.
    fn render_threads_used(one_thread: bool) -> Vec<ThreadId> {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        let threads = Threads::default();
        let mut render = SubApp::new();
        render.insert_resource(threads.clone());
        for _ in 0..8 {
            render.add_systems(Draw, note_thread);
        }
        app.insert_sub_app(RenderApp, render);
        if one_thread {
            app.add_plugins(ExecutorPlugin);
        }
        app.finish();
        let world = app.sub_app_mut(RenderApp).world_mut();
        for _ in 0..30 {
            world.run_schedule(Draw);
        }
        threads.0.lock().unwrap().clone()
    }

    #[test]
    fn the_render_worlds_systems_run_on_one_thread_too() {
        let main = std::thread::current().id();
        let used = render_threads_used(true);
        assert_eq!(used.len(), 8 * 30);
        assert!(used.iter().all(|t| *t == main));
        let pool = bevy::tasks::ComputeTaskPool::get().thread_num();
        let without = render_threads_used(false);
        assert!(
            pool == 0 || without.iter().any(|t| *t != main),
            "pool of {pool}"
        );
    }
}
