//! Watching a search as it runs: the [`Event`]s the exact searches (BFS,
//! A*, IDA*) report to an observer set on the [`Control`], and the
//! [`Anatomy`] of a run computed from them.
//!
//! Where exact distances are cheap (tile boards with a quick
//! [`DistanceTable`], Klotski through its [`Group`]), a [`Truth`] given to
//! the recorder adds the heuristic's error over the expanded nodes.
//!
//! A search with no observer is compiled without its events (each search
//! is instantiated twice, once watched and once not), so watching costs
//! nothing when nobody watches.
//!
//! ```
//! use std::sync::Arc;
//! use huarong_engine::observe::AnatomyRecorder;
//! use huarong_engine::strategy::{find, solve_tiles};
//! use huarong_engine::{Control, HeuristicChoice, TilePuzzle};
//!
//! let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
//! let recorder = Arc::new(AnatomyRecorder::default());
//! let ctl = Control::default().with_events(recorder.observer());
//! let bfs = find("bfs").unwrap();
//! let o = solve_tiles(bfs, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
//! let anatomy = recorder.anatomy(&o);
//! assert_eq!(anatomy.by_depth.iter().sum::<u64>(), o.stats.expanded);
//! assert_eq!(anatomy.layers[0], 1); // the start alone at depth 0
//! ```

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::control::{Control, Stop};
use crate::klotski::group::Group;
use crate::klotski::{KlotskiSpace, Layout, Metric};
use crate::outcome::Outcome;
use crate::search::SearchSpace;
use crate::tiles::Board;
use crate::tiles::table::DistanceTable;

/// What became of a generated child.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Never seen before: stored (BFS, A*) or descended into (IDA*).
    New,
    /// Seen before, and not reached more cheaply: dropped.
    Duplicate,
    /// Expanded before, now reached more cheaply: taken off the closed
    /// set and opened again (A*, weighted A*).
    Reopened,
    /// Still on the open list, now reached more cheaply: its cost and
    /// parent are updated there (A*, weighted A*). Not a reopening.
    Improved,
    /// Beyond IDA*'s current bound: not descended into.
    Pruned,
    /// The path would end in a sequence of moves that a shorter or earlier
    /// one duplicates (IDA*'s move pruning): not searched, and not counted
    /// as generated.
    Skipped,
}

/// One step of a search. `g` is the depth (moves from the start), `h` the
/// heuristic's estimate (0 for BFS).
///
/// Generic over how a state is carried: an observer sees the live form
/// [`Event`], whose states are texts made on demand (most observers never
/// ask); [`Record`], made by [`Event::to_record`], keeps them as text for
/// after the search moved on. A record is a trace line: serialised (serde,
/// e.g. `serde_json`) it is one object named by its `"event"` (see
/// [`name`](Self::name)), with `f` = g + h beside `g` and `h`, and without
/// the fields that say nothing (an empty state, no temperature, not tabu).
///
/// ```
/// use huarong_engine::observe::{Event, Fate, Record};
///
/// let state = || "1 2 3 4 5 6 7 0 8".to_string();
/// let live = Event::Generate { g: 2, h: 1, fate: Fate::New, state: &state };
/// let record: Record = live.to_record();
/// assert_eq!(
///     record,
///     Record::Generate { g: 2, h: 1, fate: Fate::New, state: state() }
/// );
/// assert_eq!(record.name(), "generate");
/// // Written as {"event":"generate","f":3,"fate":"new","g":2,"h":1,"state":"1 2 3 4 5 6 7 0 8"}
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "event",
    rename_all = "snake_case",
    bound(
        serialize = "S: Serialize + AsRef<str>",
        deserialize = "S: Deserialize<'de> + Default"
    )
)]
pub enum EventOf<S> {
    /// A node is expanded: its children are generated next.
    #[serde(with = "node_line::expand")]
    Expand {
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// The node's state in words (tiles: space separated).
        state: S,
    },
    /// A child of the node last expanded is generated.
    #[serde(with = "node_line::generate")]
    Generate {
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// What became of it.
        fate: Fate,
        /// The child's state in words.
        state: S,
    },
    /// An IDA* iteration starts, with this bound on f.
    #[serde(rename = "iteration")]
    IterationStart {
        /// The bound.
        bound: u32,
    },
    /// The goal is reached, `g` moves from the start (local searches: the
    /// path's length once the walk's loops are erased).
    Goal {
        /// The solution's length.
        g: u32,
    },
    /// A local search weighs a move from its current state: annealing its
    /// one random proposal per iteration, tabu search and greedy every
    /// neighbour, the one taken last. (Fields in the order a trace line
    /// writes them.)
    Propose {
        /// The walk moves there.
        accepted: bool,
        /// Energy (tabu: score) of the current state.
        energy: f64,
        /// Iterations before this one (all runs together).
        iteration: u64,
        /// Annealing's chance of taking the move: 1 when the energy does
        /// not rise, else exp(−ΔE/T).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        probability: Option<f64>,
        /// Energy of the proposed state.
        proposed: f64,
        /// The proposed state in words.
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
        /// Tabu search: the proposed state is on the tabu list.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        tabu: bool,
        /// Annealing's temperature.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        temperature: Option<f64>,
    },
    /// Tabu search: a state joins the tabu list (the state just walked to).
    TabuAdd {
        /// The list's length after it.
        len: usize,
        /// The state in words.
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
    },
    /// Tabu search: the oldest state leaves the tabu list (tenure reached).
    TabuExpire {
        /// The state in words.
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
    },
    /// Tabu search: a tabu move is taken because it beats the best score
    /// so far (aspiration).
    Aspiration {
        /// The best score before it.
        best: f64,
        /// Its score.
        score: f64,
    },
    /// Tabu search: no new best for a while, so a few random moves follow
    /// (each reported as an accepted [`Event::Propose`]).
    Diversify,
    /// Annealing: a run used up its iterations; the walk starts again from
    /// the start.
    Restart {
        /// The new run's number (the first run is 0).
        run: u32,
    },
    /// Greedy: no neighbour is better than the current state (its
    /// neighbours were the [`Event::Propose`]s just before); the walk ends.
    LocalMinimum {
        /// The energy it is stuck at.
        energy: f64,
    },
}

/// An event as an observer sees it: its state's text is made when the
/// observer calls `state()`.
pub type Event<'a> = EventOf<&'a dyn StateText>;

/// How a live [`Event`] carries a state: the means to write it in words,
/// called only by an observer that wants them. Any `Fn() -> String` is
/// one. Its `Debug` shows the text.
pub trait StateText: Fn() -> String {}

impl<F: Fn() -> String> StateText for F {}

impl std::fmt::Debug for dyn StateText + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self(), f)
    }
}

/// An event as kept after the search moved on (the inspector's steps, a
/// trace's lines): its state in words, empty where the search has no words
/// for its states.
pub type Record = EventOf<String>;

impl<S> EventOf<S> {
    /// The event's name in traces: `expand`, `generate`, `iteration`,
    /// `goal`, `propose`, `tabu_add`, `tabu_expire`, `aspiration`,
    /// `diversify`, `restart`, `local_minimum`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Expand { .. } => "expand",
            Self::Generate { .. } => "generate",
            Self::IterationStart { .. } => "iteration",
            Self::Goal { .. } => "goal",
            Self::Propose { .. } => "propose",
            Self::TabuAdd { .. } => "tabu_add",
            Self::TabuExpire { .. } => "tabu_expire",
            Self::Aspiration { .. } => "aspiration",
            Self::Diversify => "diversify",
            Self::Restart { .. } => "restart",
            Self::LocalMinimum { .. } => "local_minimum",
        }
    }

    /// The same event with its state carried as `carry` makes it from this
    /// one's (the other fields copied).
    pub fn map_state<T>(&self, carry: impl FnOnce(&S) -> T) -> EventOf<T> {
        match *self {
            Self::Expand { g, h, ref state } => EventOf::Expand {
                g,
                h,
                state: carry(state),
            },
            Self::Generate {
                g,
                h,
                fate,
                ref state,
            } => EventOf::Generate {
                g,
                h,
                fate,
                state: carry(state),
            },
            Self::IterationStart { bound } => EventOf::IterationStart { bound },
            Self::Goal { g } => EventOf::Goal { g },
            Self::Propose {
                accepted,
                energy,
                iteration,
                probability,
                proposed,
                ref state,
                tabu,
                temperature,
            } => EventOf::Propose {
                accepted,
                energy,
                iteration,
                probability,
                proposed,
                state: carry(state),
                tabu,
                temperature,
            },
            Self::TabuAdd { len, ref state } => EventOf::TabuAdd {
                len,
                state: carry(state),
            },
            Self::TabuExpire { ref state } => EventOf::TabuExpire {
                state: carry(state),
            },
            Self::Aspiration { best, score } => EventOf::Aspiration { best, score },
            Self::Diversify => EventOf::Diversify,
            Self::Restart { run } => EventOf::Restart { run },
            Self::LocalMinimum { energy } => EventOf::LocalMinimum { energy },
        }
    }

    /// Whether this event begins a step: an expansion (with the children
    /// generated after it), an IDA* iteration's start, a proposed move
    /// (with what follows from it). Other events belong to the step before.
    pub fn starts_step(&self) -> bool {
        matches!(
            self,
            Self::Expand { .. } | Self::IterationStart { .. } | Self::Propose { .. }
        )
    }
}

impl Event<'_> {
    /// The event as kept: its state's text made here, once.
    pub fn to_record(&self) -> Record {
        self.map_state(|state| state())
    }
}

/// Whether a state says nothing (its field is left out of a trace line).
fn no_text<S: AsRef<str>>(state: &S) -> bool {
    state.as_ref().is_empty()
}

/// An expansion's or a generated child's fields as a trace line writes
/// them: `f` = g + h beside `g` and `h` (written for the reader, ignored
/// when read back), the fate of a child, the state unless empty. Keys in
/// the order the trace has always written them.
mod node_line {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Fate, no_text};

    #[derive(Serialize, Deserialize)]
    #[serde(bound(
        serialize = "S: Serialize + AsRef<str>",
        deserialize = "S: Deserialize<'de> + Default"
    ))]
    struct Node<S> {
        #[serde(skip_deserializing)]
        f: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fate: Option<Fate>,
        g: u32,
        h: u32,
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
    }

    fn write<S: Serialize + AsRef<str>, Z: Serializer>(
        g: u32,
        h: u32,
        fate: Option<Fate>,
        state: &S,
        out: Z,
    ) -> Result<Z::Ok, Z::Error> {
        Node {
            f: g + h,
            fate,
            g,
            h,
            state,
        }
        .serialize(out)
    }

    /// [`Event::Expand`](super::EventOf::Expand)'s line.
    pub(super) mod expand {
        use super::*;

        pub fn serialize<S: Serialize + AsRef<str>, Z: Serializer>(
            g: &u32,
            h: &u32,
            state: &S,
            out: Z,
        ) -> Result<Z::Ok, Z::Error> {
            write(*g, *h, None, state, out)
        }

        pub fn deserialize<'de, S, D>(input: D) -> Result<(u32, u32, S), D::Error>
        where
            S: Deserialize<'de> + Default,
            D: Deserializer<'de>,
        {
            let n = Node::<S>::deserialize(input)?;
            Ok((n.g, n.h, n.state))
        }
    }

    /// [`Event::Generate`](super::EventOf::Generate)'s line.
    pub(super) mod generate {
        use super::*;

        pub fn serialize<S: Serialize + AsRef<str>, Z: Serializer>(
            g: &u32,
            h: &u32,
            fate: &Fate,
            state: &S,
            out: Z,
        ) -> Result<Z::Ok, Z::Error> {
            write(*g, *h, Some(*fate), state, out)
        }

        pub fn deserialize<'de, S, D>(input: D) -> Result<(u32, u32, Fate, S), D::Error>
        where
            S: Deserialize<'de> + Default,
            D: Deserializer<'de>,
        {
            let n = Node::<S>::deserialize(input)?;
            let fate = n.fate.ok_or_else(|| D::Error::missing_field("fate"))?;
            Ok((n.g, n.h, fate, n.state))
        }
    }
}

/// An event observer (called on the search's thread; an observed IDA* runs
/// on one thread, so events arrive in the order they happen).
pub type EventFn = Arc<dyn Fn(&Event<'_>) + Send + Sync>;

/// How a search reports events: compiled away when nobody watches.
pub(crate) trait Watch {
    /// Whether events are reported at all (a constant the compiler folds).
    const ON: bool;
    /// Report `event`.
    fn event(&self, event: &Event<'_>);
}

/// Nobody watches.
pub(crate) struct Unwatched;

impl Watch for Unwatched {
    const ON: bool = false;
    #[inline(always)]
    fn event(&self, _: &Event<'_>) {}
}

/// The control's observer watches.
pub(crate) struct Watched<'a>(pub &'a (dyn Fn(&Event<'_>) + Send + Sync));

impl Watch for Watched<'_> {
    const ON: bool = true;
    fn event(&self, event: &Event<'_>) {
        (self.0)(event)
    }
}

/// One IDA* iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
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

/// Exact distances to the goal, looked up by a state in words as events
/// give it (tiles: `"1 2 3 … 0"`, Klotski: the layout text).
///
/// ```
/// use huarong_engine::observe::Truth;
/// use huarong_engine::{Board, Control, Shape};
///
/// let goal = Board::goal(Shape::new(3, 3).unwrap());
/// let truth = Truth::tiles(&goal, &Control::default()).unwrap().unwrap();
/// assert_eq!(truth.distance("1 2 3 4 5 6 7 0 8"), Some(1));
/// assert_eq!(truth.distance("not a board"), None);
/// ```
pub struct Truth {
    lookup: Box<Lookup>,
    /// What the lookup holds, as far as its maker counted it.
    bytes: u64,
}

/// A distance lookup by state text.
type Lookup = dyn Fn(&str) -> Option<u32> + Send + Sync;

/// What one Klotski position costs while its truth is built: the group's
/// state, parent link, distance and index entry (as [`Group`] counts
/// them), and the text map's entry (its key's heap text comes on top).
const KLOTSKI_ENTRY_BYTES: u64 =
    (std::mem::size_of::<crate::klotski::KState>() * 2 + 24 + 4) as u64;
/// The text map's entry: the key's `String` and the distance, padded, and
/// the hash table's control byte and slack.
const TEXT_ENTRY_BYTES: u64 = 40;

impl Truth {
    /// A truth from any lookup (`None`: unknown, or the goal unreachable).
    pub fn new(lookup: impl Fn(&str) -> Option<u32> + Send + Sync + 'static) -> Self {
        Self {
            lookup: Box::new(lookup),
            bytes: 0,
        }
    }

    /// The distance of the state written `state`, if known.
    pub fn distance(&self, state: &str) -> Option<u32> {
        (self.lookup)(state)
    }

    /// The memory the truth holds (0 when its maker did not count it).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The distances of a tile board's table.
    pub fn of_table(table: DistanceTable) -> Self {
        let bytes = DistanceTable::bytes_needed(table.shape());
        let mut truth = Self::new(move |text| {
            let cells = tile_cells(text)?;
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
    /// stopped the enumeration or the positions' texts: its cancel token
    /// and its limits hold for the whole build (the time from this call,
    /// the memory for the group and the texts together, the nodes for the
    /// group's searches).
    pub fn klotski(layout: &Layout, metric: Metric, ctl: &Control) -> Result<Self, Stop> {
        let started = std::time::Instant::now();
        let (space, start) = KlotskiSpace::new(layout, metric);
        let group = Group::build(&space, start, ctl)?;
        let group_bytes = group.len() as u64 * KLOTSKI_ENTRY_BYTES;
        // The group's positions by their text, as events write them.
        let mut by_text = HashMap::with_capacity(group.len());
        let mut bytes = group_bytes;
        for (i, s) in group.states().iter().enumerate() {
            if i.is_multiple_of(4096) {
                check(ctl, started, bytes)?;
            }
            if let Some(d) = group.distance_of(s) {
                let text = space.state_text(s);
                bytes += TEXT_ENTRY_BYTES + text.len() as u64;
                by_text.insert(text, d);
            }
        }
        check(ctl, started, bytes)?;
        let mut truth = Self::new(move |text| by_text.get(text).copied());
        truth.bytes = bytes - group_bytes;
        Ok(truth)
    }
}

/// `ctl`'s cancel token, and its time and memory limits against the time
/// since `started` and `bytes` held.
fn check(ctl: &Control, started: std::time::Instant, bytes: u64) -> Result<(), Stop> {
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

/// Tiles written `"1 2 3 … 0"`, if every one is a number below 256.
fn tile_cells(text: &str) -> Option<Vec<u8>> {
    text.split_whitespace().map(|t| t.parse().ok()).collect()
}

/// Collects a run's events into its [`Anatomy`]: set its
/// [`observer`](Self::observer) on the control, then read
/// [`anatomy`](Self::anatomy) when the run is over.
#[derive(Default)]
pub struct AnatomyRecorder {
    so_far: Mutex<Tally>,
    /// Exact distances, for the heuristic's error.
    truth: Option<Truth>,
    /// An IDA* iteration has started: generated children are only counted
    /// (IDA*'s layers would count visits), without the lock.
    iterating: AtomicBool,
    /// Children generated in the current iteration, not yet added to it.
    generated_in_iteration: AtomicU64,
    /// Moves skipped in the current iteration, not yet added to it.
    skipped_in_iteration: AtomicU64,
}

#[derive(Default)]
struct Tally {
    anatomy: Anatomy,
    /// Expanded by f, indexed by f (a map per expansion costs more).
    by_f: Vec<u64>,
    uses_heuristic: bool,
}

/// Add one at `index`, growing `v` as needed.
fn bump(v: &mut Vec<u64>, index: u32) {
    let i = index as usize;
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += 1;
}

impl AnatomyRecorder {
    /// A recorder that also tallies the heuristic's error (true distance −
    /// h) of every expanded node, its distance looked up in `truth` by the
    /// node's state in words.
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
            truth: Some(truth),
            ..Self::default()
        }
    }

    /// The observer to set on a [`Control`] with
    /// [`with_events`](crate::Control::with_events).
    pub fn observer(self: &Arc<Self>) -> EventFn {
        let me = Arc::clone(self);
        Arc::new(move |e: &Event<'_>| me.record(e))
    }

    fn record(&self, e: &Event<'_>) {
        // The local searches' walk has no depths or bounds to tally: no
        // lock for their many events.
        if matches!(
            e,
            Event::Propose { .. }
                | Event::TabuAdd { .. }
                | Event::TabuExpire { .. }
                | Event::Aspiration { .. }
                | Event::Diversify
                | Event::Restart { .. }
                | Event::LocalMinimum { .. }
        ) {
            return;
        }
        // A generated child is tallied only as a new state outside IDA*
        // (a layer), and counted in IDA*'s iteration: no lock for the rest.
        if let Event::Generate { fate, .. } = e {
            if *fate == Fate::Skipped {
                self.skipped_in_iteration.fetch_add(1, Ordering::Relaxed);
                return;
            }
            if self.iterating.load(Ordering::Relaxed) {
                self.generated_in_iteration.fetch_add(1, Ordering::Relaxed);
                return;
            }
            if *fate != Fate::New {
                return;
            }
        }
        // Looked up before the lock: the state's text is built on demand.
        let error = match (e, &self.truth) {
            (Event::Expand { h, state, .. }, Some(truth)) => truth
                .distance(&state())
                .map(|d| i64::from(d) - i64::from(*h)),
            _ => None,
        };
        let mut t = self.so_far.lock().unwrap_or_else(|p| p.into_inner());
        let Tally {
            anatomy: a,
            by_f,
            uses_heuristic,
        } = &mut *t;
        if let Some(error) = error {
            *a.heuristic_error.entry(error).or_default() += 1;
        }
        match *e {
            Event::Expand { g, h, .. } => {
                if a.by_depth.is_empty() {
                    // The first expansion is the start's.
                    a.layers.push(1);
                    a.start_h = Some(h);
                }
                bump(&mut a.by_depth, g);
                bump(by_f, g + h);
                if let Some(it) = a.iterations.last_mut() {
                    it.expanded += 1;
                }
                *uses_heuristic |= h > 0;
            }
            Event::Generate { g, .. } => bump(&mut a.layers, g),
            Event::IterationStart { bound } => {
                let generated = self.generated_in_iteration.swap(0, Ordering::Relaxed);
                let skipped = self.skipped_in_iteration.swap(0, Ordering::Relaxed);
                if let Some(it) = a.iterations.last_mut() {
                    it.generated += generated;
                    it.skipped += skipped;
                }
                a.iterations.push(Iteration {
                    bound,
                    ..Iteration::default()
                });
                self.iterating.store(true, Ordering::Relaxed);
            }
            Event::Goal { g } => a.solution_length = Some(g),
            // Returned above.
            Event::Propose { .. }
            | Event::TabuAdd { .. }
            | Event::TabuExpire { .. }
            | Event::Aspiration { .. }
            | Event::Diversify
            | Event::Restart { .. }
            | Event::LocalMinimum { .. } => {}
        }
    }

    /// The anatomy of the run that ended with `outcome`.
    pub fn anatomy<M>(&self, outcome: &Outcome<M>) -> Anatomy {
        let t = self.so_far.lock().unwrap_or_else(|p| p.into_inner());
        let mut a = t.anatomy.clone();
        if let Some(it) = a.iterations.last_mut() {
            it.generated += self.generated_in_iteration.load(Ordering::Relaxed);
            it.skipped += self.skipped_in_iteration.load(Ordering::Relaxed);
        }
        a.by_f = (t.by_f.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(f, &n)| (f as u32, n))
            .collect();
        if !t.uses_heuristic {
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
