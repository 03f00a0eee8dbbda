//! Output: the JSON record of one solve and readable text.

use serde::Serialize;

use crate::engine::tiles::format_path;
use crate::engine::{Dir, Outcome};

/// One line of `solve --json` (and of `bench --json`, with extra fields).
#[derive(Serialize)]
pub(super) struct Record {
    status: &'static str,
    moves: String,
    length: usize,
    optimal: bool,
    expanded: u64,
    generated: u64,
    peak_stored: u64,
    peak_bytes: u64,
    elapsed_ms: f64,
    /// Local searches: the raw walk's length before loop erasure.
    #[serde(skip_serializing_if = "Option::is_none")]
    walk_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

impl Record {
    pub(super) fn new(o: &Outcome<Dir>) -> Self {
        Self {
            status: o.status.name(),
            moves: format_path(&o.path),
            length: o.path.len(),
            optimal: o.stats.optimal,
            expanded: o.stats.expanded,
            generated: o.stats.generated,
            peak_stored: o.stats.peak_stored,
            peak_bytes: o.stats.peak_bytes,
            elapsed_ms: o.stats.elapsed.as_secs_f64() * 1e3,
            walk_length: o.stats.walk_length,
            reason: o.reason.clone(),
        }
    }
}

pub(super) use crate::units::{bytes, duration, thousands};
