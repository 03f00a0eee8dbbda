//! What every strategy returns: a status, a path and statistics.

use std::time::Duration;

use serde::Serialize;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A path to the goal was found.
    Solved,
    /// The start cannot reach the goal (decided before searching, or by
    /// exhausting the space).
    Unsolvable,
    /// A node, memory or time limit was reached: which one.
    Limit(LimitKind),
    /// The caller cancelled.
    Cancelled,
    /// An incomplete strategy gave up without a solution.
    NotFound,
}

impl Status {
    /// The name used in the CLI and JSON (`solved`, `unsolvable`, …).
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit(_) => "limit",
            Status::Cancelled => "cancelled",
            Status::NotFound => "not_found",
        }
    }
}

/// As its [name](Status::name): `"limit"` whichever limit it was.
impl Serialize for Status {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A status whole, limit kind included (an outcome sent to and from a web
/// worker); [`Status`]'s own `Serialize` is the CLI's one word. For
/// `#[serde(with = "…::status_whole")]`.
pub mod status_whole {
    use super::{LimitKind, Status};
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize)]
    enum Whole {
        Solved,
        Unsolvable,
        Limit(LimitKind),
        Cancelled,
        NotFound,
    }

    /// Write `status` whole.
    pub fn serialize<S: serde::Serializer>(status: &Status, s: S) -> Result<S::Ok, S::Error> {
        match *status {
            Status::Solved => Whole::Solved,
            Status::Unsolvable => Whole::Unsolvable,
            Status::Limit(kind) => Whole::Limit(kind),
            Status::Cancelled => Whole::Cancelled,
            Status::NotFound => Whole::NotFound,
        }
        .serialize(s)
    }

    /// Read a status written whole.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Status, D::Error> {
        Ok(match Whole::deserialize(d)? {
            Whole::Solved => Status::Solved,
            Whole::Unsolvable => Status::Unsolvable,
            Whole::Limit(kind) => Status::Limit(kind),
            Whole::Cancelled => Status::Cancelled,
            Whole::NotFound => Status::NotFound,
        })
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LimitKind {
    /// Too many nodes expanded.
    Nodes,
    /// Too much memory held.
    Memory,
    /// Out of time.
    Time,
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LimitKind::Nodes => "node limit",
            LimitKind::Memory => "memory limit",
            LimitKind::Time => "time limit",
        })
    }
}

/// Counters every strategy fills in.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successor nodes generated.
    pub generated: u64,
    /// Most nodes held in memory at once.
    pub peak_stored: u64,
    /// The search's own peak memory in bytes: what its stored states
    /// take (states held × the bytes each takes in the search's arrays
    /// and tables; spare capacity is not counted), so that two searches'
    /// figures compare as their stored states do. The read-only tables it
    /// consults are [`database_bytes`](Self::database_bytes), apart.
    pub peak_bytes: u64,
    /// Bytes of the read-only tables the search consulted (a pattern
    /// database's tables), held for the whole run and counted once however
    /// often it reads them (a database shared between runs is counted in
    /// each, as each holds it); 0 when it consulted none. Settled by
    /// [`solve_tiles`](crate::solve_tiles) / [`solve_klotski`](crate::solve_klotski)
    /// from the problem's guide.
    pub database_bytes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether the returned path is guaranteed shortest. Settled by
    /// [`solve_tiles`](crate::solve_tiles) / [`solve_klotski`](crate::solve_klotski)
    /// alone; a search sets it only to say it proved this path shortest
    /// although its strategy is not optimal in general.
    pub optimal: bool,
    /// A bounded-suboptimal run: its path is proven at most this many
    /// times the shortest (`weighted`'s w). Settled with
    /// [`optimal`](Self::optimal), by the registry alone.
    pub within: Option<f64>,
    /// Last cost bound reached (IDA* threshold, A* best f, BFS depth).
    pub bound: Option<u32>,
    /// Local searches: the length of the raw walk before its loops were
    /// erased (the returned path is the erased one).
    pub walk_length: Option<u64>,
}

/// The result of one search: status, path (empty unless solved) and stats.
///
/// ```
/// use huarong_engine::{Outcome, Status};
/// let o: Outcome<u8> = Outcome::unsolvable("odd permutation".into());
/// assert_eq!(o.status, Status::Unsolvable);
/// assert!(o.path.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Outcome<M> {
    /// How the search ended.
    #[serde(with = "status_whole")]
    pub status: Status,
    /// Moves from the start to the goal when solved; empty otherwise.
    pub path: Vec<M>,
    /// Counters.
    pub stats: Stats,
    /// Why the search did not solve, in words (unsolvable reason, limit hit).
    pub reason: Option<String>,
}

impl<M> Outcome<M> {
    /// A solved outcome.
    pub fn solved(path: Vec<M>, stats: Stats) -> Self {
        Self {
            status: Status::Solved,
            path,
            stats,
            reason: None,
        }
    }
    /// An unsolvable outcome decided before searching.
    pub fn unsolvable(reason: String) -> Self {
        Self {
            status: Status::Unsolvable,
            path: Vec::new(),
            stats: Stats::default(),
            reason: Some(reason),
        }
    }
    /// An unsolvable outcome found by searching: every one of the `states`
    /// reachable states was searched and none is the goal.
    pub fn exhausted(states: usize, stats: Stats) -> Self {
        Self {
            status: Status::Unsolvable,
            path: Vec::new(),
            stats,
            reason: Some(format!(
                "all {states} reachable states searched; none is the goal"
            )),
        }
    }
    /// An outcome for a search that stopped early.
    pub fn stopped(stop: crate::control::Stop, stats: Stats) -> Self {
        use crate::control::Stop;
        let reason = match stop {
            Stop::Cancelled | Stop::Halted => "cancelled".to_string(),
            Stop::Limit(kind) => format!("{kind} reached"),
        };
        Self {
            status: stop.status(),
            path: Vec::new(),
            stats,
            reason: Some(reason),
        }
    }
}
