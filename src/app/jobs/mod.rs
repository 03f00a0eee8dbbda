//! The one owner of the app's background work. Every job (a solve, a
//! compare row, a batch, a database build, hints, distances, an inspector
//! run) is started here and comes back as a typed [`Handle`]; dropping the
//! handle cancels the job. What runs is known in one place, so "busy" is
//! one question ([`Jobs::busy`]), and the pattern databases every job uses
//! are one [`DatabasePool`]. Handles are polled only from the app's
//! `logic` (through the views that hold them), never from drawing.

mod pool;
pub mod task;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub use pool::{DatabasePool, DbPhase, DbWork, Got};
pub use task::{StrategyChoice, Task, TaskEnv};

use super::error::Busy;
use crate::engine::job::JobPanicked;
use crate::engine::{Control, Progress, Stats};

/// What a job does, for [`Jobs::busy`] and for a test to ask what runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// A solve in a play view.
    Solve,
    /// A compare row's run.
    CompareRow,
    /// A batch of random starts in the compare view.
    Batch,
    /// The strong database's build (a solve's own read or build is part
    /// of its solve).
    Database,
    /// The hints of a play view (distances, a Klotski position's graph).
    Hints,
    /// The inspector's stepped run.
    Inspector,
    /// A picture for the tiles read and decoded (or the built-in one
    /// painted).
    Picture,
    /// A solve nobody waits for, run as the web edition opens (see
    /// `solver::warm_up`): never busy.
    WarmUp,
}

/// The app's background work. Cheap to clone: every clone is the one owner.
#[derive(Clone)]
pub struct Jobs {
    live: Arc<Mutex<Vec<(u64, JobKind)>>>,
    next: Arc<AtomicU64>,
    databases: DatabasePool,
}

impl Jobs {
    /// No job yet; pattern databases are cached in `cache_dir`.
    pub fn new(cache_dir: std::path::PathBuf) -> Self {
        Self {
            live: Arc::default(),
            next: Arc::default(),
            databases: DatabasePool::new(cache_dir),
        }
    }

    /// The pattern databases held and being made.
    pub fn databases(&self) -> &DatabasePool {
        &self.databases
    }

    /// Run `work` on its own thread as a job of `kind`, with `ctl`;
    /// `wake` is called once its result is ready (egui asks for a frame
    /// there).
    pub fn spawn<T: Send + 'static>(
        &self,
        kind: JobKind,
        ctl: Control,
        work: impl FnOnce(&Control) -> T + Send + 'static,
        wake: impl FnOnce() + Send + 'static,
    ) -> Handle<T> {
        Handle {
            #[cfg(not(target_arch = "wasm32"))]
            job: crate::engine::job::Job::spawn_waking(ctl, work, wake),
            #[cfg(target_arch = "wasm32")]
            job: {
                let _ = (ctl, work, wake);
                web::WorkerJob::refused(kind)
            },
            ticket: self.ticket(kind),
        }
    }

    /// Run `task` as a job of `kind`, with `ctl`: on its own thread, or in
    /// a web worker in the web edition. `database` shows its database work
    /// and `on_database` is called when that has news worth a frame;
    /// `wake` is called once its result is ready.
    pub fn run<T: Task>(
        &self,
        kind: JobKind,
        ctl: Control,
        task: T,
        database: DbWork,
        on_database: Arc<dyn Fn() + Send + Sync>,
        wake: impl FnOnce() + Send + 'static,
    ) -> Handle<T::Output> {
        let env = TaskEnv {
            databases: self.databases.clone(),
            database,
            on_database,
        };
        #[cfg(not(target_arch = "wasm32"))]
        return self.spawn(kind, ctl, move |ctl| task.run(ctl, &env), wake);
        #[cfg(target_arch = "wasm32")]
        Handle {
            job: web::WorkerJob::start(ctl, task, env, wake),
            ticket: self.ticket(kind),
        }
    }

    /// [`Self::run`] for a task whose database work, if any, is not shown.
    pub fn run_task<T: Task>(
        &self,
        kind: JobKind,
        ctl: Control,
        task: T,
        wake: impl FnOnce() + Send + 'static,
    ) -> Handle<T::Output> {
        self.run(kind, ctl, task, DbWork::default(), Arc::new(|| {}), wake)
    }

    /// A new job's place in the list of those that run.
    fn ticket(&self, kind: JobKind) -> Ticket {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((id, kind));
        Ticket {
            id,
            live: self.live.clone(),
        }
    }

    /// How many jobs of `kind` run (started, result not yet collected).
    pub fn running(&self, kind: JobKind) -> usize {
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        live.iter().filter(|(_, k)| *k == kind).count()
    }

    /// What runs that a new position would disturb, if anything: a solve,
    /// else a comparison, else a database build.
    pub fn busy(&self) -> Option<Busy> {
        if self.running(JobKind::Solve) > 0 {
            Some(Busy::Solving)
        } else if self.running(JobKind::CompareRow) + self.running(JobKind::Batch) > 0 {
            Some(Busy::Comparing)
        } else if self.running(JobKind::Database) > 0 {
            Some(Busy::BuildingDatabase)
        } else {
            None
        }
    }
}

/// The counters of a job stopped with `progress` made (none: nothing).
pub fn stats_so_far(progress: Option<Progress>) -> Stats {
    let p = progress.unwrap_or_default();
    Stats {
        expanded: p.expanded,
        generated: p.generated,
        peak_stored: p.stored,
        peak_bytes: p.bytes,
        elapsed: p.elapsed,
        ..Stats::default()
    }
}

/// A job's place in the owner's list, given up when its result is taken
/// or the handle dropped.
struct Ticket {
    id: u64,
    live: Arc<Mutex<Vec<(u64, JobKind)>>>,
}

impl Ticket {
    fn release(&self) {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        live.retain(|(id, _)| *id != self.id);
    }
}

/// A running job, typed by its result. Dropping it cancels the job.
pub struct Handle<T: Send + 'static> {
    #[cfg(not(target_arch = "wasm32"))]
    job: crate::engine::job::Job<T>,
    #[cfg(target_arch = "wasm32")]
    job: web::WorkerJob<T>,
    ticket: Ticket,
}

impl<T: Send + 'static> Handle<T> {
    /// Ask the job to stop; it ends within milliseconds.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The latest progress report, if any yet.
    pub fn progress(&self) -> Option<Progress> {
        self.job.progress()
    }

    /// Take the result if the job has finished (its thread's panic as an
    /// error); `None` while it runs.
    pub fn try_take(&mut self) -> Option<Result<T, JobPanicked>> {
        let taken = self.job.try_take();
        if taken.is_some() {
            self.ticket.release();
        }
        taken
    }

    /// Block up to `timeout` for the result (tests only).
    #[cfg(test)]
    pub fn wait_timeout(&mut self, timeout: std::time::Duration) -> Option<Result<T, JobPanicked>> {
        let taken = self.job.wait_timeout(timeout);
        if taken.is_some() {
            self.ticket.release();
        }
        taken
    }
}

impl<T: Send + 'static> Drop for Handle<T> {
    fn drop(&mut self) {
        self.job.cancel();
        self.ticket.release();
    }
}
