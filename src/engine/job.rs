//! The job runner: a search on a background thread, polled without blocking.
//!
//! Front ends (the app's event loop, a compare view) start a [`Job`], read
//! its latest [`Progress`] each frame, cancel it at will, and collect the
//! outcome when it is done. Nothing here blocks the caller.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::control::{CancelToken, Control, Progress};

/// A search running on its own thread.
///
/// ```
/// use std::time::Duration;
/// use huarong_engine::{Control, HeuristicChoice, TilePuzzle, job::Job, solve_tiles, strategy};
///
/// let puzzle = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
/// let job = Job::spawn(Control::default(), move |ctl| {
///     solve_tiles(strategy::find("astar").unwrap(), &puzzle, &HeuristicChoice::LinearConflict, ctl)
/// });
/// let outcome = job.wait().unwrap().unwrap();
/// assert_eq!(outcome.path.len(), 31);
/// ```
pub struct Job<T> {
    cancel: CancelToken,
    progress: Arc<Mutex<Option<Progress>>>,
    result: Receiver<T>,
    done: Option<T>,
}

impl<T: Send + 'static> Job<T> {
    /// Run `work` on a new thread with `ctl`, whose cancel token and
    /// progress observer are taken over by the job (any observer already set
    /// still gets every report).
    pub fn spawn(ctl: Control, work: impl FnOnce(&Control) -> T + Send + 'static) -> Self {
        Self::spawn_waking(ctl, work, || {})
    }

    /// [`spawn`](Self::spawn), calling `wake` once the result is ready to
    /// take: an event loop that sleeps between events (egui) asks for a
    /// frame there, or it would only notice the result on the next input.
    ///
    /// ```
    /// use std::sync::mpsc;
    /// use huarong_engine::{Control, job::Job};
    ///
    /// let (tx, rx) = mpsc::channel();
    /// let mut job = Job::spawn_waking(Control::default(), |_| 6 * 7, move || tx.send(()).unwrap());
    /// rx.recv().unwrap();
    /// assert_eq!(job.try_take(), Some(42));
    /// ```
    pub fn spawn_waking(
        ctl: Control,
        work: impl FnOnce(&Control) -> T + Send + 'static,
        wake: impl FnOnce() + Send + 'static,
    ) -> Self {
        let progress = Arc::new(Mutex::new(None));
        let sink = progress.clone();
        let previous = ctl.on_progress.clone();
        let cancel = ctl.cancel.clone();
        let ctl = ctl.with_progress(move |p| {
            *sink.lock().unwrap_or_else(|e| e.into_inner()) = Some(*p);
            if let Some(f) = &previous {
                f(p);
            }
        });
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("huarong-search".into())
            .spawn(move || {
                let _ = tx.send(work(&ctl));
                wake();
            })
            .expect("spawn search thread");
        Self {
            cancel,
            progress,
            result: rx,
            done: None,
        }
    }

    /// Ask the search to stop; it ends with `cancelled` within milliseconds.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// The latest progress report, if any yet.
    pub fn progress(&self) -> Option<Progress> {
        *self.progress.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the work has finished (its result is ready).
    pub fn is_finished(&mut self) -> bool {
        self.poll();
        self.done.is_some()
    }

    /// Take the result if the work has finished; `None` while it runs.
    pub fn try_take(&mut self) -> Option<T> {
        self.poll();
        self.done.take()
    }

    /// Block until the work finishes (for tests and the CLI). `None` if the
    /// thread panicked.
    pub fn wait(mut self) -> Option<T> {
        self.done.take().or_else(|| self.result.recv().ok())
    }

    /// Block up to `timeout` for the result.
    pub fn wait_timeout(&mut self, timeout: Duration) -> Option<T> {
        if self.done.is_none() {
            self.done = self.result.recv_timeout(timeout).ok();
        }
        self.done.take()
    }

    fn poll(&mut self) {
        if self.done.is_none() {
            match self.result.try_recv() {
                Ok(v) => self.done = Some(v),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => {}
            }
        }
    }
}
