//! The job runner: a search on a background thread, polled without blocking.
//!
//! Front ends (the app's event loop, a compare view) start a [`Job`], read
//! its latest [`Progress`] each frame, cancel it at will, and collect the
//! outcome when it is done. Nothing here blocks the caller.

use std::any::Any;
use std::fmt;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::control::{CancelToken, Control, Progress};

/// A job's thread panicked (a bug): the job ends with this instead of a
/// result, so a caller polling it never waits forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobPanicked {
    /// The panic's message, when it had one.
    pub message: String,
}

impl JobPanicked {
    fn from_payload(payload: Box<dyn Any + Send>) -> Self {
        let message = match payload.downcast::<String>() {
            Ok(s) => *s,
            Err(p) => p
                .downcast::<&'static str>()
                .map(|s| s.to_string())
                .unwrap_or_else(|_| "no message".to_string()),
        };
        Self { message }
    }
}

impl fmt::Display for JobPanicked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the worker failed (internal error): {}", self.message)
    }
}

impl std::error::Error for JobPanicked {}

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
    result: Receiver<Result<T, JobPanicked>>,
    done: Option<Result<T, JobPanicked>>,
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
    /// assert_eq!(job.try_take(), Some(Ok(42)));
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
                // A panic becomes the job's error: the caller sees it
                // instead of polling a result that never comes.
                let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(&ctl)))
                    .map_err(JobPanicked::from_payload);
                let _ = tx.send(result);
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

    /// Take the result if the work has finished; `None` while it runs, an
    /// error if its thread panicked.
    pub fn try_take(&mut self) -> Option<Result<T, JobPanicked>> {
        self.poll();
        self.done.take()
    }

    /// Block until the work finishes (for tests and the CLI); an error if
    /// its thread panicked.
    pub fn wait(mut self) -> Result<T, JobPanicked> {
        match self.done.take() {
            Some(r) => r,
            None => self.result.recv().unwrap_or_else(|_| Err(lost())),
        }
    }

    /// Block up to `timeout` for the result; `None` if it is not ready by then.
    pub fn wait_timeout(&mut self, timeout: Duration) -> Option<Result<T, JobPanicked>> {
        if self.done.is_none() {
            self.done = match self.result.recv_timeout(timeout) {
                Ok(r) => Some(r),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Err(lost())),
            };
        }
        self.done.take()
    }

    fn poll(&mut self) {
        if self.done.is_none() {
            match self.result.try_recv() {
                Ok(r) => self.done = Some(r),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.done = Some(Err(lost())),
            }
        }
    }
}

/// The thread ended without sending (it cannot, short of an abort in the
/// panic hook; kept so a caller still never waits forever).
fn lost() -> JobPanicked {
    JobPanicked {
        message: "the thread ended without a result".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_job_ends_with_its_message() {
        let (tx, rx) = mpsc::channel();
        let mut job: Job<u32> = Job::spawn_waking(
            Control::default(),
            |_| panic!("deliberate failure"),
            move || tx.send(()).unwrap(),
        );
        rx.recv().expect("wake is called after a panic too");
        let err = job.try_take().expect("finished").unwrap_err();
        assert!(err.message.contains("deliberate failure"), "{err}");
        assert!(err.to_string().contains("internal error"), "{err}");
    }

    #[test]
    fn wait_returns_the_panic_as_an_error() {
        let job: Job<u32> = Job::spawn(Control::default(), |_| panic!("boom {}", 7));
        assert_eq!(
            job.wait(),
            Err(JobPanicked {
                message: "boom 7".to_string()
            })
        );
    }
}
