//! The main world's schedules run their systems one after another on the main thread, as they
//! already do in the browser (Bevy has no other executor there). The game's systems are small:
//! on the two-core development machine, waking the task pool's threads for them cost more than
//! the systems themselves, and a headless frame took about three times as long with Bevy's
//! multi-threaded executor (`docs/benchmarks.md`, "Frame times"). The mill keeps its own threads
//! (the async compute pool), and the render world keeps Bevy's executor.

use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, run_schedules_on_one_thread);
}

/// Gives every schedule of the main world the single-threaded executor. It runs in
/// `PreStartup`, once every plugin has added its schedules and before any of the frame's
/// schedules has run (`Main` and the fixed-step loops already have that executor: Bevy sets it).
fn run_schedules_on_one_thread(world: &mut World) {
    let mut schedules = world.resource_mut::<Schedules>();
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
            app.add_plugins(plugin);
        }
        let threads = Threads::default();
        app.insert_resource(threads.clone());
        app.add_systems(
            Update,
            (
                note_thread,
                note_thread,
                note_thread,
                note_thread,
                note_thread,
                note_thread,
                note_thread,
                note_thread,
            ),
        );
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
}
