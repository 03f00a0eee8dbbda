//! Output: the JSON record of one solve and readable text.

use serde::Serialize;

use crate::engine::experiment::RunSummary;
use crate::engine::tiles::format_path;
use crate::engine::{Dir, Outcome};

/// One line of `solve --json` (and of `bench --json`, with extra fields):
/// the run's [`RunSummary`] and its moves, in the JSON's field names.
#[derive(Serialize)]
pub(super) struct Record {
    status: &'static str,
    moves: String,
    length: usize,
    #[serde(flatten)]
    counters: Counters,
}

/// The fields every solve record (tiles and Klotski) ends with, in this
/// order: whether optimal, the counters, and why it stopped.
#[derive(Serialize)]
pub(super) struct Counters {
    optimal: bool,
    /// Bounded-suboptimal runs: the path is at most this many times the
    /// shortest.
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<f64>,
    expanded: u64,
    generated: u64,
    peak_stored: u64,
    /// The search's own memory.
    peak_bytes: u64,
    /// The read-only tables it consulted (a pattern database), apart.
    database_bytes: u64,
    elapsed_ms: f64,
    /// Local searches: the raw walk's length before loop erasure.
    #[serde(skip_serializing_if = "Option::is_none")]
    walk_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

impl Counters {
    /// The counters of a run summarised as `r`, stopped for `reason`.
    pub(super) fn new(r: &RunSummary, reason: Option<String>) -> Self {
        Self {
            optimal: r.optimal,
            bound: r.within,
            expanded: r.expanded,
            generated: r.generated,
            peak_stored: r.peak_stored,
            peak_bytes: r.peak_bytes,
            database_bytes: r.database_bytes,
            elapsed_ms: r.ms,
            walk_length: r.walk_length,
            reason,
        }
    }
}

impl Record {
    pub(super) fn new(o: &Outcome<Dir>) -> Self {
        let r = RunSummary::of(o);
        Self {
            status: r.status.name(),
            moves: format_path(&o.path),
            length: r.length,
            counters: Counters::new(&r, o.reason.clone()),
        }
    }
}

pub(super) use crate::units::{bytes, duration, memory, thousands};

/// What the counts beside "expanded" mean, said under a bench's summary so
/// that they can be set beside published counts.
pub(super) const GENERATED_MEANS: &str = "generated counts the children a search went on to evaluate; IDA* on tiles \
     neither makes nor counts the move undoing the last one, nor a move its pruning rejects as a \
     duplicate sequence (published counts often include the latter)";
