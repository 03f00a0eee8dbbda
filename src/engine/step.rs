//! Stepping a search: a watched search that runs a bounded number of steps
//! at a time, so a front end can advance it one expansion (or one proposed
//! move) per click, at a set rate, or to the end, and pause it.
//!
//! A [`Stepper`]'s observer keeps a copy of each [`Event`] for the
//! consumer to [`take`](Stepper::take), or lends it to the consumer's sink
//! as it is made ([`with_sink`](Stepper::with_sink)); before an event that
//! starts a new step (an expansion, an IDA* iteration, a local search's proposed
//! move) it blocks the search's thread until the consumer has [`allow`](Stepper::allow)ed
//! that step. Cancelling the run's [`Control`] wakes it within 20 ms, and
//! the search then ends as it does on any cancel. The search runs on its
//! own thread (a [`Job`](crate::job::Job)); nothing here blocks the
//! consumer.
//!
//! ```
//! use std::sync::mpsc;
//! use huarong_engine::job::Job;
//! use huarong_engine::step::{Event, Stepper};
//! use huarong_engine::strategy::{find, solve_tiles};
//! use huarong_engine::{Control, HeuristicChoice, TilePuzzle};
//!
//! let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
//! let (tx, rx) = mpsc::channel();
//! let parked = tx.clone();
//! let stepper = Stepper::new(move || { let _ = parked.send(()); });
//! let job = Job::spawn_waking(
//!     stepper.control(Control::default()),
//!     move |ctl| solve_tiles(find("astar").unwrap(), &puzzle, &HeuristicChoice::Manhattan, ctl),
//!     move || { let _ = tx.send(()); },
//! );
//! rx.recv().unwrap(); // parked before the first expansion
//! assert!(stepper.take().is_empty());
//! stepper.allow(1);
//! rx.recv().unwrap(); // parked again, before the second
//! let first = stepper.take();
//! assert!(matches!(first[0], Event::Expand { g: 0, .. }));
//! stepper.allow(u64::MAX); // run to the end
//! assert_eq!(job.wait().unwrap().unwrap().path.len(), 2);
//! ```

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use web_time::Instant;

use crate::control::{CancelToken, Control, Pauses};
pub use crate::observe::Event;
use crate::observe::EventFn;

/// How often a blocked search looks at its cancel flag (a cancel through
/// [`Stepper::cancel`] wakes it at once).
const CANCEL_POLL: Duration = Duration::from_millis(20);

/// Whether records wait in a queue rather than block their thread: where
/// there are no threads that share memory (the web), the search runs in a
/// worker of its own, and its records are fed to the stepper on the page.
const QUEUED: bool = cfg!(target_arch = "wasm32");

/// A search run step by step; see the [module](self).
#[derive(Clone)]
pub struct Stepper {
    shared: Arc<Shared>,
}

struct Shared {
    gate: Mutex<Gate>,
    moved: Condvar,
    cancel: CancelToken,
    /// Time the search waited at the gate: the consumer's, not the
    /// search's (its time limit and clock leave it out).
    pauses: Pauses,
    /// Called when the search blocks at the gate (the consumer may look).
    parked: Box<dyn Fn() + Send + Sync>,
    /// Where the records go as they are made, if not to `pending`.
    sink: Option<Sink>,
    /// Records of steps not yet allowed wait in the gate's queue instead
    /// of blocking their thread: the search runs elsewhere (a web worker)
    /// and its records are fed in as they arrive, on a thread that must
    /// not block (a browser's page).
    queued: bool,
}

/// A consumer of records on the search's thread; see [`Stepper::with_sink`].
type Sink = Box<dyn Fn(&Event) + Send + Sync>;

#[derive(Default)]
struct Gate {
    /// Steps the consumer has allowed.
    allowed: u64,
    /// Steps begun.
    started: u64,
    /// Records not yet taken.
    pending: Vec<Event>,
    /// The search is blocked before step `allowed + 1`.
    waiting: bool,
    /// While it is: the record that begins that step.
    next: Option<Event>,
    /// Queued mode: the records that arrived behind the gate, in order.
    queue: std::collections::VecDeque<Event>,
}

impl Stepper {
    /// A stepper that allows nothing yet; `parked` is called (on the
    /// search's thread) each time the search blocks at the gate, so an
    /// event loop that sleeps can ask for a frame.
    pub fn new(parked: impl Fn() + Send + Sync + 'static) -> Self {
        Self::with(Box::new(parked), None, QUEUED)
    }

    /// A stepper that lends each record to `sink` on the search's thread,
    /// in order, as it is made (after the gate let its step begin), instead
    /// of keeping a copy for [`take`](Self::take); the sink copies what it
    /// keeps. A consumer that folds the
    /// records as they come needs no frame of its own to keep up with a
    /// run let go to its end. The gate's lock is not held while `sink`
    /// runs, so it may lock what the consumer's thread holds while it asks
    /// the stepper.
    pub fn with_sink(
        parked: impl Fn() + Send + Sync + 'static,
        sink: impl Fn(&Event) + Send + Sync + 'static,
    ) -> Self {
        Self::with(Box::new(parked), Some(Box::new(sink)), QUEUED)
    }

    fn with(parked: Box<dyn Fn() + Send + Sync>, sink: Option<Sink>, queued: bool) -> Self {
        Self {
            shared: Arc::new(Shared {
                gate: Mutex::new(Gate::default()),
                moved: Condvar::new(),
                cancel: CancelToken::new(),
                pauses: Pauses::default(),
                parked,
                sink,
                queued,
            }),
        }
    }

    /// `ctl` with this stepper's observer and cancel token: cancelling the
    /// control (or a [`Job`](crate::job::Job) run with it) also frees a
    /// search blocked at the gate. The time the search waits at the gate
    /// is not its time: its time limit and its [`Stats::elapsed`](crate::Stats::elapsed)
    /// count only the time it ran.
    pub fn control(&self, ctl: Control) -> Control {
        ctl.with_cancel(self.shared.cancel.clone())
            .with_events(self.observer())
            .with_pauses(self.shared.pauses.clone())
    }

    fn observer(&self) -> EventFn {
        let shared = self.shared.clone();
        Arc::new(move |event: &Event| shared.record(event))
    }

    fn gate(&self) -> MutexGuard<'_, Gate> {
        self.shared.gate()
    }

    /// Let the search run `steps` steps further (saturating: `u64::MAX`
    /// runs it to the end).
    pub fn allow(&self, steps: u64) {
        let mut g = self.gate();
        g.allowed = g.allowed.saturating_add(steps);
        drop(g);
        self.shared.moved.notify_all();
        if self.shared.queued {
            self.shared.release_queue();
        }
    }

    /// Steps allowed so far.
    pub fn allowed(&self) -> u64 {
        self.gate().allowed
    }

    /// Steps the search has begun (never more than allowed).
    pub fn started(&self) -> u64 {
        self.gate().started
    }

    /// Whether the search is blocked, waiting for [`allow`](Self::allow):
    /// every step allowed is then complete in the records.
    pub fn is_waiting(&self) -> bool {
        self.gate().waiting
    }

    /// While the search waits at the gate, the record that begins its next
    /// step (its first expansion: the start with its estimate).
    pub fn next_step(&self) -> Option<Event> {
        self.gate().next.clone()
    }

    /// The records reported since the last call, in order (none with a
    /// [sink](Self::with_sink)).
    pub fn take(&self) -> Vec<Event> {
        std::mem::take(&mut self.gate().pending)
    }

    /// [`take`](Self::take), and whether the search is waiting at the gate
    /// (read at the same moment): then every step begun is complete in
    /// the records taken so far.
    pub fn take_settled(&self) -> (Vec<Event>, bool) {
        let mut g = self.gate();
        (std::mem::take(&mut g.pending), g.waiting)
    }

    /// Records waiting behind the gate in queued mode (always 0 where the
    /// search blocks instead).
    pub fn queued(&self) -> usize {
        self.gate().queue.len()
    }

    /// Cancel the search and wake it if it is blocked.
    pub fn cancel(&self) {
        self.shared.cancel.cancel();
        self.shared.moved.notify_all();
    }
}

impl Shared {
    fn gate(&self) -> MutexGuard<'_, Gate> {
        self.gate.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queued mode: hand over the queued records the steps allowed now
    /// let through, in order; the first that begins a step not allowed
    /// stays, and the gate says it waits there.
    fn release_queue(&self) {
        loop {
            let mut g = self.gate();
            let Some(starts) = g.queue.front().map(Event::starts_step) else {
                return;
            };
            if starts && g.started >= g.allowed {
                g.waiting = true;
                g.next = g.queue.front().cloned();
                return;
            }
            let record = g.queue.pop_front().expect("looked at");
            if record.starts_step() {
                g.started += 1;
            }
            g.waiting = false;
            g.next = None;
            self.hand_over(g, &record);
        }
    }

    /// Give `record` to the sink (without the gate's lock), or keep it.
    fn hand_over(&self, mut g: MutexGuard<'_, Gate>, record: &Event) {
        match &self.sink {
            Some(sink) => {
                drop(g);
                sink(record);
            }
            None => g.pending.push(record.clone()),
        }
    }

    /// On the search's thread: keep `record`, first waiting for leave if it
    /// begins a step not yet allowed (queued mode: queue it behind the
    /// gate instead, never waiting).
    fn record(&self, record: &Event) {
        if self.queued {
            let mut g = self.gate();
            if self.cancel.is_cancelled() {
                return;
            }
            let first = g.queue.is_empty();
            g.queue.push_back(record.clone());
            drop(g);
            self.release_queue();
            if first && self.gate().waiting {
                (self.parked)();
            }
            return;
        }
        if let Some(sink) = &self.sink
            && !record.starts_step()
        {
            // Within a step already let begin: nothing at the gate to
            // look at or change (most events of a run; no lock for them).
            sink(record);
            return;
        }
        let mut g = self.gate();
        if record.starts_step() {
            let mut blocked: Option<Instant> = None;
            while g.started >= g.allowed {
                blocked.get_or_insert_with(Instant::now);
                if self.cancel.is_cancelled() {
                    // The search stops at its next poll of the control.
                    g.waiting = false;
                    g.next = None;
                    return;
                }
                if !g.waiting {
                    g.waiting = true;
                    g.next = Some(record.clone());
                    (self.parked)();
                }
                g = self
                    .moved
                    .wait_timeout(g, CANCEL_POLL)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            if let Some(since) = blocked {
                self.pauses.add(since.elapsed());
            }
            g.waiting = false;
            g.next = None;
            g.started += 1;
        }
        self.hand_over(g, record);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::Job;
    use crate::outcome::{Outcome, Status};
    use crate::strategy::{find, solve_tiles};
    use crate::{Dir, HeuristicChoice, TilePuzzle};
    use std::sync::mpsc;

    type Run = Job<Result<Outcome<Dir>, crate::strategy::SolveError>>;

    /// `strategy` on `board` stepped by a [`Stepper`]; the receiver hears
    /// each park and the job's end.
    fn stepped(strategy: &str, board: &str) -> (Stepper, Run, mpsc::Receiver<()>) {
        let puzzle = TilePuzzle::parse(board, None, None).unwrap();
        let (tx, rx) = mpsc::channel();
        let parked = tx.clone();
        let stepper = Stepper::new(move || {
            let _ = parked.send(());
        });
        let strategy = find(strategy).unwrap();
        let job = Job::spawn_waking(
            stepper.control(Control::default()),
            move |ctl| solve_tiles(strategy, &puzzle, &HeuristicChoice::Manhattan, ctl),
            move || {
                let _ = tx.send(());
            },
        );
        (stepper, job, rx)
    }

    /// The same run unstepped, every event recorded.
    fn unstepped(strategy: &str, board: &str) -> (Vec<Event>, Outcome<Dir>) {
        let puzzle = TilePuzzle::parse(board, None, None).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
            sink.lock().unwrap().push(e.clone())
        }));
        let o = solve_tiles(
            find(strategy).unwrap(),
            &puzzle,
            &HeuristicChoice::Manhattan,
            &ctl,
        );
        let records = log.lock().unwrap().clone();
        (records, o.unwrap())
    }

    const WAIT: Duration = Duration::from_secs(20);

    #[test]
    fn a_queued_gate_hands_over_fed_records_step_by_step_as_allowed() {
        for strategy in ["bfs", "astar", "idastar", "annealing", "tabu"] {
            let (records, _) = unstepped(strategy, "8 6 7 2 5 4 3 0 1");
            let parks = Arc::new(Mutex::new(0u32));
            let counted = parks.clone();
            let stepper =
                Stepper::with(Box::new(move || *counted.lock().unwrap() += 1), None, true);
            let feed = stepper.control(Control::default()).on_event.unwrap();
            // The run's records arrive all at once, before any leave.
            for r in &records {
                feed(r);
            }
            assert!(
                stepper.take().is_empty(),
                "{strategy}: nothing before leave"
            );
            assert!(stepper.is_waiting(), "{strategy}");
            assert_eq!(
                stepper.next_step().as_ref(),
                Some(&records[0]),
                "{strategy}"
            );
            assert_eq!(
                *parks.lock().unwrap(),
                1,
                "{strategy}: one park at the gate"
            );
            let mut taken = Vec::new();
            for k in 1..=20u64 {
                stepper.allow(1);
                taken.extend(stepper.take());
                let steps = taken.iter().filter(|r| r.starts_step()).count() as u64;
                assert_eq!(steps, k, "{strategy}: {k} steps handed over");
                assert_eq!(taken[..], records[..taken.len()], "{strategy}: in order");
                assert!(stepper.is_waiting(), "{strategy}");
            }
            // Records fed after a wide leave pass straight through.
            stepper.allow(u64::MAX);
            taken.extend(stepper.take());
            assert_eq!(taken, records, "{strategy}: every record, once");
            assert!(!stepper.is_waiting(), "{strategy}");
        }
    }

    #[test]
    fn the_gate_never_lets_the_search_past_the_steps_allowed() {
        for strategy in ["bfs", "astar", "idastar"] {
            let (stepper, mut job, rx) = stepped(strategy, "8 6 7 2 5 4 3 0 1");
            rx.recv_timeout(WAIT).expect("parks before the first step");
            assert!(
                stepper.take().is_empty(),
                "{strategy}: nothing before leave"
            );
            let mut taken = Vec::new();
            for k in 1..=40u64 {
                stepper.allow(1);
                rx.recv_timeout(WAIT).expect("parks again");
                assert!(stepper.is_waiting(), "{strategy}: waiting after step {k}");
                assert_eq!(stepper.started(), k, "{strategy}");
                let (records, settled) = stepper.take_settled();
                assert!(settled, "{strategy}");
                taken.extend(records);
                let steps = taken.iter().filter(|r| r.starts_step()).count() as u64;
                assert_eq!(steps, k, "{strategy}: the records hold {k} steps");
                assert!(taken[0].starts_step(), "{strategy}: a step comes first");
            }
            assert!(!job.is_finished(), "{strategy}: still waiting at the gate");
            stepper.cancel();
            let o = job.wait_timeout(WAIT).expect("ends").unwrap().unwrap();
            assert_eq!(o.status, Status::Cancelled);
        }
    }

    #[test]
    fn a_stepped_run_records_what_an_unstepped_one_does() {
        for strategy in ["bfs", "astar", "idastar"] {
            let board = "1 2 3 4 0 6 7 5 8"; // a few moves: a small run
            let board = if strategy == "bfs" {
                board
            } else {
                "4 1 3 7 2 6 0 5 8"
            };
            let (expected, alone) = unstepped(strategy, board);
            let (stepper, mut job, rx) = stepped(strategy, board);
            let mut records = Vec::new();
            let mut chunk = 1;
            let outcome = loop {
                if let Some(done) = job.try_take() {
                    break done.unwrap().unwrap();
                }
                rx.recv_timeout(WAIT).expect("parks or ends");
                records.extend(stepper.take());
                stepper.allow(chunk);
                chunk = chunk % 5 + 1; // steps of 1 to 5
            };
            records.extend(stepper.take());
            assert!(expected.len() > 10, "{strategy}: a run worth stepping");
            assert_eq!(records, expected, "{strategy}");
            assert_eq!(outcome.path, alone.path, "{strategy}");
            assert_eq!(outcome.stats.expanded, alone.stats.expanded, "{strategy}");
        }
    }

    /// The learner's thinking time is not the search's: a run held at the
    /// gate longer than its time limit still runs to its end, and its time
    /// is what it ran.
    #[test]
    fn time_waiting_at_the_gate_counts_neither_against_the_limit_nor_as_its_time() {
        let limit = Duration::from_millis(400);
        let puzzle = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
        let (tx, rx) = mpsc::channel();
        let parked = tx.clone();
        let stepper = Stepper::new(move || {
            let _ = parked.send(());
        });
        let ctl = Control::default().with_limits(crate::Limits {
            time_limit: Some(limit),
            ..crate::Limits::default()
        });
        let began = std::time::Instant::now();
        let mut job = Job::spawn_waking(
            stepper.control(ctl),
            move |ctl| {
                solve_tiles(
                    find("astar").unwrap(),
                    &puzzle,
                    &HeuristicChoice::Manhattan,
                    ctl,
                )
            },
            move || {
                let _ = tx.send(());
            },
        );
        rx.recv_timeout(WAIT).expect("parks before the first step");
        stepper.allow(3);
        rx.recv_timeout(WAIT).expect("parks after three steps");
        // The learner thinks for longer than the limit (the wall clock
        // passing is what this test is about, not a wait for a thread).
        std::thread::sleep(limit * 2);
        stepper.allow(u64::MAX);
        let o = job.wait_timeout(WAIT).expect("ends").unwrap().unwrap();
        let wall = began.elapsed();
        assert_eq!(o.status, Status::Solved, "{:?}", o.stats);
        assert!(o.stats.expanded > 2_048, "past the first poll of the limit");
        assert!(
            o.stats.elapsed + limit * 2 <= wall,
            "its time {:?} leaves out the {:?} waited (wall {wall:?})",
            o.stats.elapsed,
            limit * 2
        );
    }

    #[test]
    fn cancelling_the_job_frees_a_search_blocked_at_the_gate() {
        let (stepper, mut job, rx) = stepped("astar", "8 6 7 2 5 4 3 0 1");
        rx.recv_timeout(WAIT).unwrap();
        stepper.allow(5);
        rx.recv_timeout(WAIT).unwrap();
        assert!(stepper.is_waiting());
        // The job's own cancel only raises the flag: the gate sees it.
        job.cancel();
        let o = job.wait_timeout(WAIT).expect("the job ends").unwrap();
        assert_eq!(o.unwrap().status, Status::Cancelled);
        assert_eq!(stepper.started(), 5, "no step past those allowed");
    }
}
