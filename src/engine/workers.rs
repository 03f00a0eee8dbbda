//! Work shared by several threads where the platform has them, and done on
//! the caller's thread where it has not (the web: wasm32 in a browser
//! has no threads on stable Rust).
//!
//! ```
//! use std::sync::atomic::{AtomicUsize, Ordering};
//! use huarong_engine::workers::run_workers;
//!
//! let next = AtomicUsize::new(0);
//! // Each worker takes items until none are left; their sums add up.
//! let sums = run_workers(2, || {
//!     let mut sum = 0;
//!     while let i @ 0..100 = next.fetch_add(1, Ordering::Relaxed) {
//!         sum += i;
//!     }
//!     sum
//! });
//! assert_eq!(sums.iter().sum::<usize>(), 4950);
//! ```

/// Whether this platform runs threads (not wasm32 in a browser).
pub const HAS_THREADS: bool = !cfg!(target_family = "wasm");

/// Run `worker` on `threads` threads at once (at least one) and return
/// what each returned; with one, or where there are no threads, it runs
/// once on the caller's thread. Workers share their work through what
/// `worker` captures (a queue, an atomic counter), so one worker alone
/// does it all.
pub fn run_workers<R: Send>(threads: usize, worker: impl Fn() -> R + Sync) -> Vec<R> {
    if threads <= 1 || !HAS_THREADS {
        return vec![worker()];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(&worker)).collect();
        handles
            .into_iter()
            .map(|h| match h.join() {
                Ok(r) => r,
                // A worker's panic is the caller's.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}
