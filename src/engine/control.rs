//! The one control object every strategy honours: a cancel flag, limits and
//! progress reports. Searches talk to it through a [`Meter`], which keeps the
//! statistics and polls the control every few thousand nodes, so a cancel or a
//! limit takes effect within milliseconds.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use web_time::Instant;

use crate::outcome::{LimitKind, Stats, Status};

/// A shareable cancel flag. Clone it, hand one copy to the search and call
/// [`CancelToken::cancel`] on the other.
///
/// ```
/// use huarong_engine::CancelToken;
/// let token = CancelToken::new();
/// let for_search = token.clone();
/// token.cancel();
/// assert!(for_search.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A fresh, not-cancelled token.
    pub fn new() -> Self {
        Self::default()
    }
    /// Ask every search holding a clone of this token to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Default memory cap: well under the machine's memory so that a runaway BFS
/// or A* stops with `limit` instead of swapping.
pub const DEFAULT_MAX_BYTES: u64 = 4 << 30;

/// Limits that end a search with [`Status::Limit`].
///
/// ```
/// use huarong_engine::Limits;
/// let limits = Limits { max_nodes: Some(1_000), ..Limits::default() };
/// assert_eq!(limits.max_bytes, Some(4 << 30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// Maximum nodes expanded.
    pub max_nodes: Option<u64>,
    /// Maximum approximate memory held by the search, in bytes.
    pub max_bytes: Option<u64>,
    /// Maximum wall-clock time.
    pub time_limit: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_nodes: None,
            max_bytes: Some(DEFAULT_MAX_BYTES),
            time_limit: None,
        }
    }
}

/// A snapshot of a running search, sent to the progress observer.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// Nodes waiting to be expanded (open list, queue) or, for IDA*, the current depth.
    pub frontier: u64,
    /// Nodes held in memory.
    pub stored: u64,
    /// Approximate bytes held.
    pub bytes: u64,
    /// The current cost bound (IDA*) or best f (A*) or depth (BFS).
    pub bound: Option<u32>,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Callback receiving progress reports (called from the search thread).
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Everything a caller can say to a running search.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use huarong_engine::{Control, Limits};
/// let seen = Arc::new(Mutex::new(0u64));
/// let sink = seen.clone();
/// let ctl = Control::default()
///     .with_limits(Limits { max_nodes: Some(10), ..Limits::default() })
///     .with_progress(move |p| *sink.lock().unwrap() = p.expanded);
/// assert_eq!(ctl.limits.max_nodes, Some(10));
/// ```
#[derive(Clone)]
pub struct Control {
    /// Cooperative cancellation.
    pub cancel: CancelToken,
    /// Node, memory and time limits.
    pub limits: Limits,
    /// Observer for periodic reports.
    pub on_progress: Option<ProgressFn>,
    /// How often to report progress.
    pub report_every: Duration,
    /// Threads a search may use (IDA* splits its larger iterations).
    pub threads: usize,
    /// Observer for the traces of local searches (annealing, tabu, greedy).
    pub on_trace: Option<TraceFn>,
    /// Observer for the searches' events (all but the row-by-row
    /// strategy's); see [`crate::observe`].
    pub on_event: Option<crate::observe::EventFn>,
    /// Set by the observer once it wants no more of the events made for
    /// each state (a trace at its limit): the search then stops making
    /// them (see [`with_events_until`](Self::with_events_until)).
    pub events_enough: Option<Arc<std::sync::atomic::AtomicBool>>,
    /// Time the search spent waiting for its observer (a stepped run
    /// waiting for the learner): not the search's time, so neither the
    /// time limit nor [`Stats::elapsed`](crate::Stats::elapsed) counts it.
    pub pauses: Option<Pauses>,
}

/// Time a search spent blocked in its observer, shared between the one
/// who blocks it (adding each wait once it ends) and its [`Meter`]
/// (subtracting the total from the wall clock).
///
/// ```
/// use std::time::Duration;
/// use huarong_engine::control::Pauses;
/// let pauses = Pauses::default();
/// pauses.add(Duration::from_millis(1500));
/// assert_eq!(pauses.total(), Duration::from_millis(1500));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Pauses(Arc<AtomicU64>);

impl Pauses {
    /// Count `waited` as time the search did not run.
    pub fn add(&self, waited: Duration) {
        let nanos = u64::try_from(waited.as_nanos()).unwrap_or(u64::MAX);
        self.0.fetch_add(nanos, Ordering::Relaxed);
    }

    /// Every wait added so far.
    pub fn total(&self) -> Duration {
        Duration::from_nanos(self.0.load(Ordering::Relaxed))
    }
}

/// One point of a local search's trace: sent for every iteration of a short
/// run and ever more thinly as a run grows (the start and the last
/// iteration always; see [`crate::search::TRACE_DENSE`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TracePoint {
    /// Iterations so far (all restarts together).
    pub iteration: u64,
    /// Annealing temperature (none for tabu and greedy).
    pub temperature: Option<f64>,
    /// Energy (annealing, greedy) or score (tabu) of the current state.
    pub current: f64,
    /// Best energy or score reached so far.
    pub best: f64,
    /// Share of recent proposed moves accepted: the mean over the run's
    /// first window, then a moving average over about one window
    /// (annealing, after its first proposal).
    pub acceptance: Option<f64>,
}

/// A trace observer.
pub type TraceFn = Arc<dyn Fn(&TracePoint) + Send + Sync>;

/// The threads the machine offers this process, asked of the system once:
/// on Linux the question reads the process's CPU mask and cgroup files,
/// which is too much for every control made (the app asks each frame).
///
/// ```
/// assert!(huarong_engine::control::cores() >= 1);
/// ```
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl Default for Control {
    fn default() -> Self {
        Self {
            cancel: CancelToken::new(),
            limits: Limits::default(),
            on_progress: None,
            report_every: Duration::from_millis(100),
            threads: cores(),
            on_trace: None,
            on_event: None,
            events_enough: None,
            pauses: None,
        }
    }
}

impl std::fmt::Debug for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("cancelled", &self.cancel.is_cancelled())
            .field("limits", &self.limits)
            .field("report_every", &self.report_every)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl Control {
    /// Replace the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
    /// Use this cancel token.
    pub fn with_cancel(mut self, cancel: CancelToken) -> Self {
        self.cancel = cancel;
        self
    }
    /// Use at most `threads` threads (at least one).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }
    /// Send local-search trace points to `f`.
    pub fn with_trace(mut self, f: impl Fn(&TracePoint) + Send + Sync + 'static) -> Self {
        self.on_trace = Some(Arc::new(f));
        self
    }
    /// Send the exact searches' events to `f` (see [`crate::observe`]).
    pub fn with_events(mut self, f: crate::observe::EventFn) -> Self {
        self.on_event = Some(f);
        self.events_enough = None;
        self
    }
    /// Send the searches' events to `f` until `enough` is set (by `f`,
    /// say): from then on the search makes none of the events each state
    /// brings (expansions and children; a local search's proposals and
    /// tabu list changes: each a state written out), only the rare ones
    /// (goal, iteration, restart), and runs on as it would have.
    pub fn with_events_until(
        mut self,
        f: crate::observe::EventFn,
        enough: Arc<std::sync::atomic::AtomicBool>,
    ) -> Self {
        self.on_event = Some(f);
        self.events_enough = Some(enough);
        self
    }
    /// Leave the waits counted in `pauses` out of the search's time.
    pub fn with_pauses(mut self, pauses: Pauses) -> Self {
        self.pauses = Some(pauses);
        self
    }
    /// Time waited in the observer so far (zero without [`Pauses`]).
    fn paused(&self) -> Duration {
        self.pauses.as_ref().map_or(Duration::ZERO, Pauses::total)
    }
    /// Send progress reports to `f`.
    pub fn with_progress(mut self, f: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        self.on_progress = Some(Arc::new(f));
        self
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Stop {
    /// The cancel flag was raised.
    Cancelled,
    /// A limit was reached.
    Limit(LimitKind),
    /// Another worker of the same search finished (found the goal or
    /// stopped); this one just winds down.
    Halted,
}

impl Stop {
    /// The outcome status this stop maps to.
    pub fn status(self) -> Status {
        match self {
            Stop::Cancelled | Stop::Halted => Status::Cancelled,
            Stop::Limit(kind) => Status::Limit(kind),
        }
    }
}

/// How many nodes pass between two polls of the control. Small enough that a
/// poll happens every fraction of a millisecond even in the slowest search.
const POLL_EVERY: u64 = 2048;

/// Keeps a search's statistics and polls its [`Control`].
///
/// The hot path is [`Meter::expand`]: one decrement and compare; every
/// `POLL_EVERY` expansions it asks the search for its sizes and checks the
/// cancel flag, the limits and the report timer.
pub struct Meter<'a> {
    ctl: &'a Control,
    start: Instant,
    /// The control's waits as the clock started (a later wait is not
    /// the search's time).
    paused_at_start: Duration,
    next_report: Instant,
    countdown: u64,
    /// Statistics gathered so far.
    pub stats: Stats,
    /// Totals of all workers, when several threads run one search.
    shared: Option<&'a SharedMeter>,
    /// Part of `stats` already added to `shared`.
    flushed: (u64, u64),
}

/// Counters shared by the worker threads of one search, so that limits and
/// progress reports see the whole search.
pub struct SharedMeter {
    start: Instant,
    paused_at_start: Duration,
    expanded: AtomicU64,
    generated: AtomicU64,
    /// Under a node limit, the expansions handed to workers in slices
    /// (those before the workers began included): never past the limit,
    /// so that the workers together stop exactly at it.
    granted: AtomicU64,
    halt: AtomicBool,
    next_report: Mutex<Instant>,
}

impl SharedMeter {
    /// Totals starting from `meter`'s counts and clock.
    pub fn from(meter: &Meter<'_>) -> Self {
        Self {
            start: meter.start,
            paused_at_start: meter.paused_at_start,
            expanded: AtomicU64::new(meter.stats.expanded),
            generated: AtomicU64::new(meter.stats.generated),
            granted: AtomicU64::new(meter.stats.expanded),
            halt: AtomicBool::new(false),
            next_report: Mutex::new(meter.next_report),
        }
    }
    /// Tell every worker to stop at its next poll.
    pub fn halt(&self) {
        self.halt.store(true, Ordering::Relaxed);
    }

    /// Up to `want` more expansions under the limit `max`, taken from
    /// what is left (0 when every one is handed out).
    fn grant(&self, max: u64, want: u64) -> u64 {
        let mut granted = self.granted.load(Ordering::Relaxed);
        loop {
            let slice = want.min(max.saturating_sub(granted));
            if slice == 0 {
                return 0;
            }
            match self.granted.compare_exchange_weak(
                granted,
                granted + slice,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return slice,
                Err(now) => granted = now,
            }
        }
    }
}

/// Sizes a search reports when polled.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sizes {
    /// Open list / queue length, or IDA* depth.
    pub frontier: u64,
    /// Nodes held.
    pub stored: u64,
    /// Bytes the stored nodes take now: nodes held × the bytes each takes
    /// in the search's arrays and tables, not their spare capacity, so
    /// that searches compare as the nodes they store do (the meter keeps
    /// the largest as [`Stats::peak_bytes`]). Read-only tables the search
    /// consults are not in it ([`Stats::database_bytes`]).
    pub bytes: u64,
    /// Bytes the next growth of the search's tables would add on top
    /// (a memory limit is held to `bytes + growth`).
    pub growth: u64,
    /// Bound or best f.
    pub bound: Option<u32>,
}

impl<'a> Meter<'a> {
    /// Start the clock.
    pub fn new(ctl: &'a Control) -> Self {
        let start = Instant::now();
        let mut m = Self {
            ctl,
            start,
            paused_at_start: ctl.paused(),
            next_report: start + ctl.report_every,
            countdown: 0,
            stats: Stats::default(),
            shared: None,
            flushed: (0, 0),
        };
        m.countdown = m.next_countdown(0);
        m
    }

    /// A meter for one worker of a multi-threaded search: its own counts,
    /// limits and reports on the totals in `shared`.
    ///
    /// Under a node limit each worker expands a slice of what is left and
    /// takes the next at its poll, so that together they stop exactly at
    /// the limit; they should start with at least a slice each left (a
    /// worker given none still expands one node).
    pub fn worker(ctl: &'a Control, shared: &'a SharedMeter) -> Self {
        let countdown = match ctl.limits.max_nodes {
            Some(max) => match shared.grant(max, POLL_EVERY) {
                0 => {
                    shared.granted.fetch_add(1, Ordering::Relaxed);
                    1
                }
                slice => slice,
            },
            None => POLL_EVERY,
        };
        Self {
            ctl,
            start: shared.start,
            paused_at_start: shared.paused_at_start,
            next_report: shared.start,
            countdown,
            stats: Stats::default(),
            shared: Some(shared),
            flushed: (0, 0),
        }
    }

    /// Expansions left under the node limit, if there is one, as
    /// [`total_expanded`](Self::total_expanded) counts them.
    pub fn nodes_left(&self) -> Option<u64> {
        let max = self.ctl.limits.max_nodes?;
        Some(max.saturating_sub(self.total_expanded()))
    }

    /// Add a worker's counts (see [`Meter::into_worker_stats`]) to this
    /// meter's, and poll again no later than its node limit.
    pub fn absorb(&mut self, worker: &Stats) {
        self.stats.expanded += worker.expanded;
        self.stats.generated += worker.generated;
        self.stats.peak_stored = self.stats.peak_stored.max(worker.peak_stored);
        self.countdown = self.countdown.min(self.next_countdown(self.stats.expanded));
    }

    fn next_countdown(&self, total_expanded: u64) -> u64 {
        match self.ctl.limits.max_nodes {
            Some(max) => max.saturating_sub(total_expanded).clamp(1, POLL_EVERY),
            None => POLL_EVERY,
        }
    }

    /// Add this worker's new counts to the shared totals; return the totals.
    fn totals(&mut self) -> (u64, u64) {
        match self.shared {
            None => (self.stats.expanded, self.stats.generated),
            Some(sh) => {
                let de = self.stats.expanded - self.flushed.0;
                let dg = self.stats.generated - self.flushed.1;
                self.flushed = (self.stats.expanded, self.stats.generated);
                (
                    sh.expanded.fetch_add(de, Ordering::Relaxed) + de,
                    sh.generated.fetch_add(dg, Ordering::Relaxed) + dg,
                )
            }
        }
    }

    /// Count one expansion. Returns `true` when the caller must call
    /// [`Meter::poll`] now.
    #[inline(always)]
    pub fn expand(&mut self) -> bool {
        self.stats.expanded += 1;
        self.countdown -= 1;
        self.countdown == 0
    }

    /// Nodes expanded by the whole search (all its workers) as of the last
    /// poll, this meter's own since then included.
    pub fn total_expanded(&self) -> u64 {
        match self.shared {
            None => self.stats.expanded,
            Some(sh) => sh.expanded.load(Ordering::Relaxed) + self.stats.expanded - self.flushed.0,
        }
    }

    /// Count `n` generated nodes.
    #[inline(always)]
    pub fn generated(&mut self, n: u64) {
        self.stats.generated += n;
    }

    /// Check the control: cancel flag, limits, report timer.
    pub fn poll(&mut self, sizes: Sizes) -> Result<(), Stop> {
        let (expanded, generated) = self.totals();
        // A worker under a node limit has spent its slice: none is left to
        // give back until it takes the next (below).
        let sliced = self.sliced();
        self.countdown = match sliced {
            Some(_) => 0,
            None => self.next_countdown(expanded),
        };
        self.note_sizes(&sizes);
        let now = Instant::now();
        let elapsed = self.search_time(now);
        if self.ctl.cancel.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        if self
            .shared
            .is_some_and(|sh| sh.halt.load(Ordering::Relaxed))
        {
            return Err(Stop::Halted);
        }
        let limits = &self.ctl.limits;
        if limits.max_nodes.is_some_and(|max| expanded >= max) {
            return Err(Stop::Limit(LimitKind::Nodes));
        }
        if limits
            .max_bytes
            .is_some_and(|max| sizes.bytes.saturating_add(sizes.growth) > max)
        {
            return Err(Stop::Limit(LimitKind::Memory));
        }
        if limits.time_limit.is_some_and(|t| elapsed >= t) {
            return Err(Stop::Limit(LimitKind::Time));
        }
        if let Some((sh, max)) = sliced {
            self.countdown = self.next_slice(sh, max)?;
        }
        match self.shared {
            None => {
                if now >= self.next_report {
                    self.next_report = now + self.ctl.report_every;
                    self.report(sizes, elapsed, expanded, generated);
                }
            }
            // One worker reports for all, under the lock and with the
            // totals read there, so reports never go backwards.
            Some(sh) => {
                let mut next = sh.next_report.lock().unwrap_or_else(|e| e.into_inner());
                if *next <= now {
                    *next = now + self.ctl.report_every;
                    let expanded = sh.expanded.load(Ordering::Relaxed);
                    let generated = sh.generated.load(Ordering::Relaxed);
                    self.report(sizes, elapsed, expanded, generated);
                }
            }
        }
        Ok(())
    }

    /// The search's own time at `now`: the wall clock since the start
    /// less the waits in the observer since then.
    fn search_time(&self, now: Instant) -> Duration {
        let waited = self.ctl.paused().saturating_sub(self.paused_at_start);
        (now - self.start).saturating_sub(waited)
    }

    /// Record peak sizes without checking anything.
    pub fn note_sizes(&mut self, sizes: &Sizes) {
        self.stats.peak_stored = self.stats.peak_stored.max(sizes.stored);
        self.stats.peak_bytes = self.stats.peak_bytes.max(sizes.bytes);
    }

    fn report(&self, sizes: Sizes, elapsed: Duration, expanded: u64, generated: u64) {
        if let Some(f) = &self.ctl.on_progress {
            f(&Progress {
                expanded,
                generated,
                frontier: sizes.frontier,
                stored: sizes.stored,
                bytes: sizes.bytes,
                bound: sizes.bound,
                elapsed,
            });
        }
    }

    /// For a worker under a node limit, the shared totals and the limit:
    /// its expansions come in slices (see [`Meter::worker`]).
    fn sliced(&self) -> Option<(&'a SharedMeter, u64)> {
        self.shared.zip(self.ctl.limits.max_nodes)
    }

    /// A worker's next slice of the expansions left under the limit `max`.
    /// With every one handed out, the limit is reached once the other
    /// workers have made theirs; until then this one waits (for at most
    /// a slice of another's work), and takes what a worker that ran out
    /// of subtrees gives back.
    fn next_slice(&self, sh: &SharedMeter, max: u64) -> Result<u64, Stop> {
        loop {
            match sh.grant(max, POLL_EVERY) {
                0 => {}
                slice => return Ok(slice),
            }
            if sh.expanded.load(Ordering::Relaxed) >= max {
                return Err(Stop::Limit(LimitKind::Nodes));
            }
            if sh.halt.load(Ordering::Relaxed) {
                return Err(Stop::Halted);
            }
            if self.ctl.cancel.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            std::thread::yield_now();
        }
    }

    /// A worker's statistics, its counts added to the shared totals and
    /// the rest of its slice given back.
    pub fn into_worker_stats(mut self) -> Stats {
        self.totals();
        if let Some((sh, _)) = self.sliced() {
            sh.granted.fetch_sub(self.countdown, Ordering::Relaxed);
        }
        self.stats
    }

    /// The control this meter polls.
    pub fn control(&self) -> &'a Control {
        self.ctl
    }

    /// Stop the clock, send a last report and hand back the statistics.
    pub fn finish(mut self, sizes: Sizes) -> Stats {
        self.note_sizes(&sizes);
        // The bound it ended at: on a stop, what an exact search proved.
        self.stats.bound = self.stats.bound.or(sizes.bound);
        self.stats.elapsed = self.search_time(Instant::now());
        self.report(
            sizes,
            self.stats.elapsed,
            self.stats.expanded,
            self.stats.generated,
        );
        self.stats
    }
}
