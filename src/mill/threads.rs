//! The mill's jobs run on a pool of their own, whose threads start at the lowest OS priority, so
//! a busy generator yields the CPU to the frame whenever both want it (measured with
//! `cargo run --release --example frame_bench`). Bevy's async compute pool keeps the normal
//! priority: the renderer builds its pipelines there, screenshots are read back there and the
//! editors check a drawing there. (With the mill's priority on that pool, any other busy program
//! on the machine starved them: the window stayed black until the machine was idle.)

use bevy::tasks::TaskPool;

/// Whom a job is for, which decides the pool it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// Filling a queue ahead of the player: the lowest OS priority ([`mill_pool`]).
    Background,
    /// A level the player is waiting for: the normal priority ([`waited_pool`]), so a busy
    /// program elsewhere on the machine cannot starve it.
    Waited,
}

impl Priority {
    /// The pool its jobs run on.
    pub fn pool(self) -> &'static TaskPool {
        match self {
            Priority::Background => mill_pool(),
            Priority::Waited => waited_pool(),
        }
    }
}

/// The pool the mill's jobs run on: as many threads as Bevy gives its async compute pool (a
/// quarter of the cores, rounded, one to four), each at the lowest priority. In the browser,
/// Bevy's pool (one thread, the page's).
pub fn mill_pool() -> &'static TaskPool {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static POOL: std::sync::OnceLock<TaskPool> = std::sync::OnceLock::new();
        POOL.get_or_init(|| {
            let cores = bevy::tasks::available_parallelism();
            bevy::tasks::TaskPoolBuilder::new()
                .num_threads(((cores + 2) / 4).clamp(1, 4))
                .thread_name("Mill".to_string())
                .on_thread_spawn(lower_current_thread_priority)
                .build()
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        &**bevy::tasks::AsyncComputeTaskPool::get()
    }
}

/// The pool of the jobs a player waits for: one thread at the normal priority (while a player
/// waits, the other jobs are dropped: `Mill::hold_for`). In the browser, Bevy's pool.
pub fn waited_pool() -> &'static TaskPool {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static POOL: std::sync::OnceLock<TaskPool> = std::sync::OnceLock::new();
        POOL.get_or_init(|| {
            bevy::tasks::TaskPoolBuilder::new()
                .num_threads(1)
                .thread_name("Mill (waited for)".to_string())
                .build()
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        &**bevy::tasks::AsyncComputeTaskPool::get()
    }
}

/// Lowers the calling thread's scheduling priority. On Linux the thread moves to `SCHED_IDLE`,
/// the policy for background work: it runs only when no other thread wants the CPU, and gives
/// way at once when one does. (Elsewhere the OS default stays.) An unprivileged thread cannot
/// move back, which is why the mill's threads are its own.
#[cfg(not(target_arch = "wasm32"))]
fn lower_current_thread_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: changes only the calling thread's scheduling policy (pid 0 is the caller);
        // `param` is a valid sched_param that outlives the call.
        let result = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
        if result != 0 {
            bevy::log::debug!("could not move the mill thread to SCHED_IDLE");
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The calling thread's scheduling policy.
    fn policy() -> i32 {
        // SAFETY: reads the calling thread's policy (pid 0); no memory is passed.
        unsafe { libc::sched_getscheduler(0) }
    }

    #[test]
    fn the_mill_runs_at_the_lowest_priority_but_for_a_waited_job_and_bevys_pool() {
        let mill = bevy::tasks::block_on(mill_pool().spawn(async { policy() }));
        assert_eq!(mill, libc::SCHED_IDLE);
        let waited = bevy::tasks::block_on(Priority::Waited.pool().spawn(async { policy() }));
        assert_eq!(waited, libc::SCHED_OTHER, "a job a player waits for");
        let bevy_pool = bevy::tasks::AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let other = bevy::tasks::block_on(bevy_pool.spawn(async { policy() }));
        assert_eq!(other, libc::SCHED_OTHER);
    }
}
