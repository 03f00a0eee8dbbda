//! A run's anatomy, computed from its events: where its effort went (by
//! depth, by f, IDA*'s iterations, BFS's layers) and, given a [`Truth`] of
//! exact distances, the heuristic's error over the nodes expanded.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::{Event, EventFn, Fate, StateKey};
use crate::control::{Control, Stop};
use crate::klotski::group::Group;
use crate::klotski::{KState, KlotskiSpace, Layout, Metric};
use crate::outcome::Outcome;
use crate::tiles::Board;
use crate::tiles::table::DistanceTable;

/// One IDA* iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Iteration {
    /// Its bound on f.
    pub bound: u32,
    /// Nodes expanded in it.
    pub expanded: u64,
    /// Nodes generated in it.
    pub generated: u64,
    /// Moves move pruning skipped in it (IDA* on tile boards).
    pub skipped: u64,
}

/// The shape of a run: where its effort went.
#[derive(Clone, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
// Fields left out when empty read back as empty.
#[serde(default)]
pub struct Anatomy {
    /// Expanded nodes by depth: `by_depth[d]` have g = d. Sums to the
    /// nodes expanded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_depth: Vec<u64>,
    /// Expanded nodes by f = g + h.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_f: BTreeMap<u32, u64>,
    /// IDA*'s iterations, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub iterations: Vec<Iteration>,
    /// States first reached at each depth (the start is layer 0): BFS's
    /// layers, and for A* the new states by depth.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub layers: Vec<u64>,
    /// The effective branching factor b*, for a solved run: a uniform tree
    /// of the solution's depth d with N + 1 = 1 + b* + … + b*^d nodes, N
    /// the nodes generated (Russell and Norvig's definition).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branching: Option<f64>,
    /// The heuristic's estimate of the start (none for BFS).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_h: Option<u32>,
    /// The solution's length, for a solved run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_length: Option<u32>,
    /// The heuristic's error over the expanded nodes: for each value of
    /// true distance − h, how many expansions had it (IDA* counts a node
    /// once per visit). Never negative for an admissible heuristic. Only
    /// with a [`Truth`] (see [`AnatomyRecorder::with_truth`]) and a
    /// heuristic; empty otherwise.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub heuristic_error: BTreeMap<i64, u64>,
}

/// Exact distances to the goal, looked up by a state's key as events
/// give it.
///
/// ```
/// use huarong_engine::observe::{StateKey, Truth};
/// use huarong_engine::{Board, Control, Shape};
///
/// let goal = Board::goal(Shape::new(3, 3).unwrap());
/// let truth = Truth::tiles(&goal, &Control::default()).unwrap().unwrap();
/// assert_eq!(truth.distance(&StateKey::of_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8])), Some(1));
/// assert_eq!(truth.distance(&StateKey::None), None);
/// ```
pub struct Truth {
    lookup: Box<Lookup>,
    /// What the lookup holds, as far as its maker counted it.
    bytes: u64,
}

/// A distance lookup by state key.
type Lookup = dyn Fn(&StateKey) -> Option<u32> + Send + Sync;

/// What one Klotski position of the truth's [`Group`] holds: its state,
/// parent link, distance and index entry (as the group counts them).
const KLOTSKI_ENTRY_BYTES: u64 =
    (std::mem::size_of::<crate::klotski::KState>() * 2 + 24 + 4) as u64;

impl Truth {
    /// A truth from any lookup (`None`: unknown, or the goal unreachable).
    pub fn new(lookup: impl Fn(&StateKey) -> Option<u32> + Send + Sync + 'static) -> Self {
        Self {
            lookup: Box::new(lookup),
            bytes: 0,
        }
    }

    /// The distance of the state whose key is `state`, if known.
    pub fn distance(&self, state: &StateKey) -> Option<u32> {
        (self.lookup)(state)
    }

    /// The memory the truth holds (0 when its maker did not count it).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The distances of a tile board's table.
    pub fn of_table(table: DistanceTable) -> Self {
        let bytes = DistanceTable::bytes_needed(table.shape());
        let mut truth = Self::new(move |key| {
            let cells = key.tiles(table.shape().cells())?;
            let board = Board::new(table.shape(), cells).ok()?;
            table.distance(&board)
        });
        truth.bytes = bytes;
        truth
    }

    /// The exact distances to `goal` on its board, if the board's table
    /// builds quickly ([`DistanceTable::quick`]: up to 10 cells); `Err` if
    /// `ctl` stopped the build.
    pub fn tiles(goal: &Board, ctl: &Control) -> Option<Result<Self, Stop>> {
        if !DistanceTable::quick(goal.shape()) {
            return None;
        }
        Some(DistanceTable::build(goal, ctl).map(Self::of_table))
    }

    /// The exact distances to the exit, counted in `metric`, of every
    /// position reachable from `layout` (its [`Group`]); `Err` if `ctl`
    /// stopped the enumeration: its cancel token and its limits hold for
    /// the whole build (the time from this call, the memory for the
    /// group, the nodes for the group's searches).
    pub fn klotski(layout: &Layout, metric: Metric, ctl: &Control) -> Result<Self, Stop> {
        let started = web_time::Instant::now();
        let (space, start) = KlotskiSpace::new(layout, metric);
        let group = Group::build(&space, start, ctl)?;
        let bytes = group.len() as u64 * KLOTSKI_ENTRY_BYTES;
        check(ctl, started, bytes)?;
        // Events name a position by its code: the group looks it up as is.
        let mut truth = Self::new(move |key| match key {
            StateKey::Packed(code) => group.distance_of(&KState::of_code(*code)),
            _ => None,
        });
        truth.bytes = bytes;
        Ok(truth)
    }
}

/// `ctl`'s cancel token, and its time and memory limits against the time
/// since `started` and `bytes` held.
fn check(ctl: &Control, started: web_time::Instant, bytes: u64) -> Result<(), Stop> {
    use crate::outcome::LimitKind;
    if ctl.cancel.is_cancelled() {
        return Err(Stop::Cancelled);
    }
    if ctl.limits.max_bytes.is_some_and(|max| bytes > max) {
        return Err(Stop::Limit(LimitKind::Memory));
    }
    if ctl
        .limits
        .time_limit
        .is_some_and(|t| started.elapsed() >= t)
    {
        return Err(Stop::Limit(LimitKind::Time));
    }
    Ok(())
}

/// Tallies a run's events into its [`Anatomy`] on the thread that sees
/// them, with no lock: a consumer that keeps a run's events anyway (the
/// inspector's recording) feeds it each one. [`AnatomyRecorder`] shares
/// one with a search as its observer.
///
/// ```
/// use huarong_engine::observe::{Anatomist, Event};
/// use huarong_engine::strategy::{find, solve_tiles};
/// use huarong_engine::{Control, HeuristicChoice, TilePuzzle};
/// use std::sync::{Arc, Mutex};
///
/// let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
/// let events = Arc::new(Mutex::new(Vec::new()));
/// let kept = events.clone();
/// let ctl = Control::default()
///     .with_events(Arc::new(move |e: &Event| kept.lock().unwrap().push(e.clone())));
/// let o = solve_tiles(find("bfs").unwrap(), &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
/// let mut anatomist = Anatomist::default();
/// for e in events.lock().unwrap().iter() {
///     anatomist.record(e);
/// }
/// assert_eq!(anatomist.anatomy(&o).by_depth.iter().sum::<u64>(), o.stats.expanded);
/// ```
#[derive(Default)]
pub struct Anatomist {
    anatomy: Anatomy,
    /// Expanded by f, indexed by f (a map per expansion costs more).
    by_f: Vec<u64>,
    uses_heuristic: bool,
    /// Exact distances, for the heuristic's error.
    truth: Option<Truth>,
    /// An IDA* iteration has started: generated children are only counted
    /// (IDA*'s layers would count visits).
    iterating: bool,
    /// Children generated in the current iteration, not yet added to it.
    generated_in_iteration: u64,
    /// Moves skipped in the current iteration, not yet added to it.
    skipped_in_iteration: u64,
}

/// What an event adds to an anatomy: most of a run's events only add one
/// to a count, or nothing.
enum Adds {
    Nothing,
    /// A move skipped, in IDA*'s current iteration.
    Skipped,
    /// A child generated in IDA*'s current iteration.
    Generated,
    /// Anything else: a depth, an f, a layer, a bound.
    Tally,
}

impl Adds {
    fn of(e: &Event, iterating: bool) -> Self {
        match e {
            // The local searches' walk has no depths or bounds to tally.
            Event::Propose(_)
            | Event::TabuAdd { .. }
            | Event::TabuExpire { .. }
            | Event::Aspiration { .. }
            | Event::Diversify
            | Event::Restart { .. }
            | Event::LocalMinimum { .. } => Self::Nothing,
            // A generated child is tallied only as a new state outside
            // IDA* (a layer), and counted in IDA*'s iteration.
            Event::Generate { fate, .. } => match fate {
                Fate::Skipped => Self::Skipped,
                _ if iterating => Self::Generated,
                Fate::New => Self::Tally,
                _ => Self::Nothing,
            },
            Event::Expand { .. } | Event::IterationStart { .. } | Event::Goal { .. } => Self::Tally,
        }
    }
}

/// Add one at `index`, growing `v` as needed.
fn bump(v: &mut Vec<u64>, index: u32) {
    let i = index as usize;
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += 1;
}

impl Anatomist {
    /// An anatomist that also tallies the heuristic's error (true
    /// distance − h) of every expanded node, its distance looked up in
    /// `truth` by the node's state key.
    pub fn with_truth(truth: Truth) -> Self {
        Self {
            truth: Some(truth),
            ..Self::default()
        }
    }

    /// Tally `e`, the run's next event.
    #[inline]
    pub fn record(&mut self, e: &Event) {
        match Adds::of(e, self.iterating) {
            Adds::Nothing => {}
            Adds::Skipped => self.skipped_in_iteration += 1,
            Adds::Generated => self.generated_in_iteration += 1,
            Adds::Tally => self.tally(e),
        }
    }

    fn tally(&mut self, e: &Event) {
        let a = &mut self.anatomy;
        if let (Event::Expand { h, state, .. }, Some(truth)) = (e, &self.truth)
            && let Some(d) = truth.distance(state)
        {
            *a.heuristic_error
                .entry(i64::from(d) - i64::from(*h))
                .or_default() += 1;
        }
        match *e {
            Event::Expand { g, h, .. } => {
                if a.by_depth.is_empty() {
                    // The first expansion is the start's.
                    a.layers.push(1);
                    a.start_h = Some(h);
                }
                bump(&mut a.by_depth, g);
                bump(&mut self.by_f, g + h);
                if let Some(it) = a.iterations.last_mut() {
                    it.expanded += 1;
                }
                self.uses_heuristic |= h > 0;
            }
            Event::Generate { g, .. } => bump(&mut a.layers, g),
            Event::IterationStart { bound } => {
                if let Some(it) = a.iterations.last_mut() {
                    it.generated += std::mem::take(&mut self.generated_in_iteration);
                    it.skipped += std::mem::take(&mut self.skipped_in_iteration);
                }
                a.iterations.push(Iteration {
                    bound,
                    ..Iteration::default()
                });
                self.iterating = true;
            }
            Event::Goal { g } => a.solution_length = Some(g),
            // The rest add nothing: Adds::of names each kind, so a new
            // kind of event is decided there.
            _ => {}
        }
    }

    /// The anatomy of the run that ended with `outcome`.
    pub fn anatomy<M>(&self, outcome: &Outcome<M>) -> Anatomy {
        let mut a = self.anatomy.clone();
        if let Some(it) = a.iterations.last_mut() {
            it.generated += self.generated_in_iteration;
            it.skipped += self.skipped_in_iteration;
        }
        a.by_f = (self.by_f.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(f, &n)| (f as u32, n))
            .collect();
        if !self.uses_heuristic {
            // BFS (or a zero heuristic): f is the depth, already shown,
            // and the "error" only each node's distance.
            a.by_f.clear();
            a.start_h = None;
            a.heuristic_error.clear();
        }
        if !a.iterations.is_empty() {
            // IDA* revisits nodes in every iteration: its layers would
            // count visits, not states.
            a.layers.clear();
        }
        a.solution_length =
            (outcome.status == crate::Status::Solved).then_some(outcome.path.len() as u32);
        a.branching = a
            .solution_length
            .and_then(|d| effective_branching(outcome.stats.generated as f64, d));
        a
    }
}

/// Collects a run's events into its [`Anatomy`]: set its
/// [`observer`](Self::observer) on the control, then read
/// [`anatomy`](Self::anatomy) when the run is over. An [`Anatomist`]
/// shared with the search's thread: the counts most events only add one
/// to are kept beside it, so that those events take no lock.
#[derive(Default)]
pub struct AnatomyRecorder {
    so_far: Mutex<Anatomist>,
    /// An IDA* iteration has started.
    iterating: AtomicBool,
    /// Children generated in the current iteration, not yet added to it.
    generated_in_iteration: AtomicU64,
    /// Moves skipped in the current iteration, not yet added to it.
    skipped_in_iteration: AtomicU64,
}

impl AnatomyRecorder {
    /// A recorder that also tallies the heuristic's error (true distance −
    /// h) of every expanded node, its distance looked up in `truth` by the
    /// node's state key.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use huarong_engine::observe::{AnatomyRecorder, Truth};
    /// use huarong_engine::strategy::{find, solve_tiles};
    /// use huarong_engine::{Control, HeuristicChoice, TilePuzzle};
    ///
    /// let puzzle = TilePuzzle::parse("4 1 3 0 2 6 7 5 8", None, None).unwrap();
    /// let truth = Truth::tiles(&puzzle.goal, &Control::default()).unwrap().unwrap();
    /// let recorder = Arc::new(AnatomyRecorder::with_truth(truth));
    /// let ctl = Control::default().with_events(recorder.observer());
    /// let astar = find("astar").unwrap();
    /// let o = solve_tiles(astar, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
    /// let a = recorder.anatomy(&o);
    /// // Manhattan is admissible: it never overestimates.
    /// assert!(a.heuristic_error.keys().all(|&e| e >= 0));
    /// assert_eq!(a.heuristic_error.values().sum::<u64>(), o.stats.expanded);
    /// ```
    pub fn with_truth(truth: Truth) -> Self {
        Self {
            so_far: Mutex::new(Anatomist::with_truth(truth)),
            ..Self::default()
        }
    }

    /// The observer to set on a [`Control`] with
    /// [`with_events`](crate::Control::with_events).
    pub fn observer(self: &Arc<Self>) -> EventFn {
        let me = Arc::clone(self);
        Arc::new(move |e: &Event| me.record(e))
    }

    fn record(&self, e: &Event) {
        match Adds::of(e, self.iterating.load(Ordering::Relaxed)) {
            Adds::Nothing => {}
            Adds::Skipped => {
                self.skipped_in_iteration.fetch_add(1, Ordering::Relaxed);
            }
            Adds::Generated => {
                self.generated_in_iteration.fetch_add(1, Ordering::Relaxed);
            }
            Adds::Tally => {
                let mut a = self.anatomist();
                if let Event::IterationStart { .. } = e {
                    self.iterating.store(true, Ordering::Relaxed);
                }
                // Sorted above already: tallied as is.
                a.tally(e);
            }
        }
    }

    /// The anatomist, with the counts kept beside it added in.
    fn anatomist(&self) -> std::sync::MutexGuard<'_, Anatomist> {
        let mut a = self.so_far.lock().unwrap_or_else(|p| p.into_inner());
        a.generated_in_iteration += self.generated_in_iteration.swap(0, Ordering::Relaxed);
        a.skipped_in_iteration += self.skipped_in_iteration.swap(0, Ordering::Relaxed);
        a
    }

    /// The anatomy of the run that ended with `outcome`.
    pub fn anatomy<M>(&self, outcome: &Outcome<M>) -> Anatomy {
        self.anatomist().anatomy(outcome)
    }

    /// `f` of the anatomist, everything recorded so far in it.
    pub fn with_anatomist<T>(&self, f: impl FnOnce(&Anatomist) -> T) -> T {
        f(&self.anatomist())
    }
}

/// The effective branching factor b* of a search that generated `nodes`
/// nodes (one run's count, or a mean over runs) to find a solution at
/// `depth`: the b with
/// `nodes + 1 = 1 + b + b² + … + b^depth`, to 1e-9. None for depth 0.
///
/// ```
/// use huarong_engine::observe::effective_branching;
/// // 2 + 4 + 8 = 14 nodes to depth 3: b* = 2.
/// assert!((effective_branching(14, 3).unwrap() - 2.0).abs() < 1e-9);
/// assert_eq!(effective_branching(5, 0), None);
/// ```
pub fn effective_branching(nodes: impl Into<f64>, depth: u32) -> Option<f64> {
    if depth == 0 {
        return None;
    }
    // Nodes of a uniform tree of branching b to `depth`, the root excluded.
    let tree = |b: f64| (1..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    let target = nodes.into();
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while tree(hi) < target {
        hi *= 2.0;
    }
    while hi - lo > 1e-12 * hi.max(1.0) {
        let mid = (lo + hi) / 2.0;
        if tree(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo + hi) / 2.0)
}
