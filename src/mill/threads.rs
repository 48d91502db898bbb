//! The mill's jobs run on the async compute pool. Its threads start at the lowest OS priority, so
//! a busy generator yields the CPU to the frame whenever both want it. Measured with
//! `cargo run --release --example frame_bench`.

use bevy::app::{TaskPoolOptions, TaskPoolPlugin};
use std::sync::Arc;

/// Bevy's task pool plugin with the mill's threads at low priority.
pub fn task_pool_plugin() -> TaskPoolPlugin {
    let mut options = TaskPoolOptions::default();
    options.async_compute.on_thread_spawn = Some(Arc::new(lower_current_thread_priority));
    TaskPoolPlugin {
        task_pool_options: options,
    }
}

/// Lowers the calling thread's scheduling priority. On Linux the thread moves to `SCHED_IDLE`,
/// the policy for background work: it runs only when no other thread wants the CPU, and gives
/// way at once when one does. (Elsewhere the OS default stays.)
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
