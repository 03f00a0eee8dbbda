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

use std::cell::Cell;
use std::sync::{Arc, Condvar, Mutex};

/// Whether this platform runs threads (not wasm32 in a browser).
pub const HAS_THREADS: bool = !cfg!(target_family = "wasm");

/// Run `worker` on `threads` threads at once (at least one) and return
/// what each returned; with one, or where there are no threads, it runs
/// once on the caller's thread. Workers share their work through what
/// `worker` captures (a queue, an atomic counter), so one worker alone
/// does it all. Unlike a [`Crew`]'s round, in which a helper that wakes
/// after the work is done takes no part, every worker here runs, each on
/// a thread of its own.
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

/// Threads kept for a series of rounds of shared work (the iterations of a
/// parallel IDA*), so that a round costs a wake-up instead of the start of
/// new threads. Made by [`with_crew`]; [`Crew::run`] hands one round's job
/// to every helper and to the caller's thread. The helpers start at the
/// first round: a search that never splits its work (most small ones)
/// starts no thread.
pub struct Crew<'c, 'w, J> {
    shared: &'c Shared<'w, J>,
    helpers: usize,
    /// Starts the helpers; taken by the first round (`None` from then on,
    /// and where there are none).
    start: Cell<Option<&'c dyn Fn()>>,
}

/// What the helpers and the caller's thread share.
struct Shared<'w, J> {
    work: &'w (dyn Fn(&J) + Sync),
    state: Mutex<CrewState<J>>,
    /// Helpers wait here for a new round (or the end).
    wake: Condvar,
    /// The caller waits here for the helpers to finish a round.
    done: Condvar,
}

struct CrewState<J> {
    round: u64,
    /// The round's job while the caller still works on it: a helper that
    /// wakes after that has nothing left to take.
    job: Option<Arc<J>>,
    /// Helpers not yet through the current round.
    busy: usize,
    closed: bool,
    /// A helper's work panicked (the scope passes its panic on at the end).
    panicked: bool,
}

/// Run `body` with a [`Crew`] of `helpers` threads that each do `work` on
/// every job [`Crew::run`] is given, beside the caller's thread. Where
/// there are no threads (wasm32) the crew has no helpers and the caller
/// does every job alone.
///
/// ```
/// use std::sync::Mutex;
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use huarong_engine::workers::with_crew;
///
/// // A job: numbers to add up, taken one at a time by whoever is free.
/// struct Sum { next: AtomicUsize, upto: usize, total: Mutex<usize> }
/// let work = |job: &Sum| {
///     let mut sum = 0;
///     loop {
///         let i = job.next.fetch_add(1, Ordering::Relaxed);
///         if i >= job.upto {
///             break;
///         }
///         sum += i;
///     }
///     *job.total.lock().unwrap() += sum;
/// };
/// let totals = with_crew(1, work, |crew| {
///     (1..=3)
///         .map(|k| {
///             let job = crew.run(Sum { next: AtomicUsize::new(0), upto: 100 * k, total: Mutex::new(0) });
///             job.total.into_inner().unwrap()
///         })
///         .collect::<Vec<_>>()
/// });
/// assert_eq!(totals, [4950, 19900, 44850]);
/// ```
pub fn with_crew<J: Send + Sync, T>(
    helpers: usize,
    work: impl Fn(&J) + Sync,
    body: impl FnOnce(&Crew<'_, '_, J>) -> T,
) -> T {
    let helpers = if HAS_THREADS { helpers } else { 0 };
    let shared = Shared {
        work: &work,
        state: Mutex::new(CrewState {
            round: 0,
            job: None,
            busy: 0,
            closed: false,
            panicked: false,
        }),
        wake: Condvar::new(),
        done: Condvar::new(),
    };
    if helpers == 0 {
        return body(&Crew::new(&shared, 0, None));
    }
    std::thread::scope(|scope| {
        // Closed on the way out, a panic in `body` included, so that the
        // helpers (if started) end and the scope can join them.
        let _close = CloseOnDrop(&shared);
        let start = || {
            for _ in 0..helpers {
                scope.spawn(|| shared.serve());
            }
        };
        body(&Crew::new(&shared, helpers, Some(&start)))
    })
}

impl<'c, 'w, J> Crew<'c, 'w, J> {
    fn new(shared: &'c Shared<'w, J>, helpers: usize, start: Option<&'c dyn Fn()>) -> Self {
        Self {
            shared,
            helpers,
            start: Cell::new(start),
        }
    }

    /// Threads that do each job: the helpers and the caller's.
    pub fn threads(&self) -> usize {
        self.helpers + 1
    }

    /// Whether the helpers are still to be started (by a first round).
    #[cfg(test)]
    fn waiting_to_start(&self) -> bool {
        self.start.get().is_some()
    }

    /// Do `job` on every thread of the crew (the caller's included) and
    /// hand it back once all are through with it. Threads share a job's
    /// work through what it holds (a counter of items, say), so the caller
    /// alone may do all of it.
    pub fn run(&self, job: J) -> J {
        if let Some(start) = self.start.take() {
            start();
        }
        let shared = self.shared;
        let job = Arc::new(job);
        if self.helpers > 0 {
            let mut state = shared.lock();
            state.round += 1;
            state.job = Some(Arc::clone(&job));
            state.busy = self.helpers;
            drop(state);
            shared.wake.notify_all();
        }
        (shared.work)(&job);
        if self.helpers > 0 {
            let mut state = shared.lock();
            state.job = None;
            while state.busy > 0 {
                state = shared.done.wait(state).unwrap_or_else(|e| e.into_inner());
            }
            // A helper fewer would leave the next round waiting for it.
            assert!(!state.panicked, "a helper thread panicked");
        }
        match Arc::try_unwrap(job) {
            Ok(job) => job,
            // Every helper lets go of its handle before it reports done.
            Err(_) => unreachable!("a helper kept its job past the round"),
        }
    }
}

impl<J> Shared<'_, J> {
    fn lock(&self) -> std::sync::MutexGuard<'_, CrewState<J>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A helper's life: each new round's job, until the crew closes.
    fn serve(&self) {
        let mut seen = 0;
        loop {
            let job = {
                let mut state = self.lock();
                while !state.closed && state.round == seen {
                    state = self.wake.wait(state).unwrap_or_else(|e| e.into_inner());
                }
                if state.closed {
                    return;
                }
                seen = state.round;
                state.job.clone()
            };
            // Reports done even if the work panics (the scope passes the
            // panic on), so the caller is never left waiting; the job,
            // moved into the `if let`, is let go of first.
            let _report = DoneOnDrop(self);
            if let Some(job) = job {
                (self.work)(&job);
            }
        }
    }
}

/// Marks the crew closed and wakes its helpers when dropped.
struct CloseOnDrop<'c, 'w, J>(&'c Shared<'w, J>);

impl<J> Drop for CloseOnDrop<'_, '_, J> {
    fn drop(&mut self) {
        self.0.lock().closed = true;
        self.0.wake.notify_all();
    }
}

/// Counts a helper through its round when dropped, and whether it
/// panicked.
struct DoneOnDrop<'c, 'w, J>(&'c Shared<'w, J>);

impl<J> Drop for DoneOnDrop<'_, '_, J> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.panicked |= std::thread::panicking();
        state.busy -= 1;
        if state.busy == 0 {
            self.0.done.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

    /// A round's items, each to be taken exactly once.
    struct Items {
        next: AtomicUsize,
        taken: Vec<AtomicU8>,
    }

    fn take_all(job: &Items) {
        loop {
            let i = job.next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = job.taken.get(i) else { break };
            item.fetch_add(1, Ordering::Relaxed);
        }
    }

    #[test]
    fn each_worker_runs_once_on_a_thread_of_its_own_and_returns_its_share() {
        for threads in [0, 1, 2, 4] {
            let next = AtomicUsize::new(0);
            let results = run_workers(threads, || {
                let mut taken = 0;
                while next.fetch_add(1, Ordering::Relaxed) < 10_000 {
                    taken += 1;
                }
                (std::thread::current().id(), taken)
            });
            let expected = if HAS_THREADS { threads.max(1) } else { 1 };
            assert_eq!(results.len(), expected);
            let ids: std::collections::HashSet<_> = results.iter().map(|(id, _)| *id).collect();
            assert_eq!(ids.len(), expected, "one thread each");
            assert_eq!(results.iter().map(|(_, n)| n).sum::<usize>(), 10_000);
        }
    }

    #[test]
    fn every_item_of_every_round_is_taken_once() {
        for helpers in [0, 1, 3] {
            with_crew(helpers, take_all, |crew| {
                assert_eq!(crew.threads(), if HAS_THREADS { helpers + 1 } else { 1 });
                for round in 0..200 {
                    let job = crew.run(Items {
                        next: AtomicUsize::new(0),
                        taken: (0..round * 7).map(|_| AtomicU8::new(0)).collect(),
                    });
                    assert!(job.taken.iter().all(|t| t.load(Ordering::Relaxed) == 1));
                }
            });
        }
    }

    #[test]
    fn helpers_start_at_the_first_round_and_take_part_from_it() {
        if !HAS_THREADS {
            return;
        }
        // A crew given no round starts no thread: a search that never
        // splits its work pays for none.
        with_crew(1, take_all, |crew| assert!(crew.waiting_to_start()));
        // Each thread of the crew records the rounds it worked in; the
        // rounds block until both threads have come, so a helper that
        // never started would leave the test waiting on the barrier.
        let barrier = std::sync::Barrier::new(2);
        let seen = Mutex::new(Vec::new());
        let work = |round: &usize| {
            barrier.wait();
            seen.lock()
                .unwrap()
                .push((*round, std::thread::current().id()));
        };
        with_crew(1, work, |crew| {
            assert!(crew.waiting_to_start());
            for round in 0..3 {
                crew.run(round);
                assert!(!crew.waiting_to_start());
            }
        });
        let seen = seen.into_inner().unwrap();
        for round in 0..3 {
            let ids: std::collections::HashSet<_> = seen
                .iter()
                .filter(|(r, _)| *r == round)
                .map(|(_, id)| *id)
                .collect();
            assert_eq!(ids.len(), 2, "round {round}: both threads");
        }
    }

    #[test]
    fn a_panic_in_a_round_reaches_the_caller_and_nothing_waits_for_ever() {
        // Whichever thread takes item 500 panics; the others go on.
        let work = |job: &Items| loop {
            let i = job.next.fetch_add(1, Ordering::Relaxed);
            assert!(i != 500, "item 500");
            if i >= job.taken.len() {
                break;
            }
        };
        let result = std::panic::catch_unwind(|| {
            with_crew(1, work, |crew| {
                for _ in 0..3 {
                    crew.run(Items {
                        next: AtomicUsize::new(0),
                        taken: (0..1000).map(|_| AtomicU8::new(0)).collect(),
                    });
                }
            })
        });
        assert!(result.is_err());
    }
}
