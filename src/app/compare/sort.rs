//! The table's order: the columns it sorts by ([`SortBy`]), each row's key
//! in a column, a header click's new order and the arrow that shows it.

use super::row::Row;
use super::session::Session;
use crate::app::i18n::Lang;
use crate::engine::experiment::RunSummary;

/// Table columns, for sorting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    /// Configuration name.
    Strategy,
    /// Status.
    Status,
    /// Length.
    Length,
    /// Optimal flag.
    Optimal,
    /// Expanded.
    Expanded,
    /// Generated.
    Generated,
    /// Peak memory: the search's own (a pattern database it reads is
    /// shown apart and does not sort).
    Memory,
    /// Time.
    Time,
}

/// A row's place in column `by`: a number, then a text (rows not run yet
/// count as 0, an unknown length as the longest).
fn key(row: &Row, by: SortBy) -> (f64, String) {
    let s = row.summary.as_ref();
    let number = |f: fn(&RunSummary) -> f64| (s.map_or(0.0, f), String::new());
    match by {
        SortBy::Strategy => (0.0, row.config.label_in(true, Lang::English)),
        SortBy::Status => (
            0.0,
            s.map_or("", |x| crate::units::status(x.status)).to_string(),
        ),
        SortBy::Length => (
            s.and_then(RunSummary::solution_length)
                .map_or(f64::INFINITY, |l| l as f64),
            String::new(),
        ),
        SortBy::Optimal => number(|s| f64::from(u8::from(s.optimal))),
        SortBy::Expanded => number(|s| s.expanded as f64),
        SortBy::Generated => number(|s| s.generated as f64),
        SortBy::Memory => number(|s| s.peak_bytes as f64),
        SortBy::Time => number(|s| s.ms),
    }
}

/// The order after a click on `by`'s header: the other way round if it
/// already sorts by `by`, else ascending by it.
pub(super) fn clicked(sort: Option<(SortBy, bool)>, by: SortBy) -> (SortBy, bool) {
    match sort {
        Some((b, ascending)) if b == by => (by, !ascending),
        _ => (by, true),
    }
}

/// The arrow after `by`'s header: which way the table sorts by it, if it
/// does.
pub(super) fn arrow(sort: Option<(SortBy, bool)>, by: SortBy) -> &'static str {
    match sort {
        Some((b, true)) if b == by => " ↑",
        Some((b, false)) if b == by => " ↓",
        _ => "",
    }
}

impl Session {
    /// Row indices in the chosen sort order.
    pub fn order(&self) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.rows.len()).collect();
        if let Some((by, ascending)) = self.sort {
            let key = |i: &usize| key(&self.rows[*i], by);
            idx.sort_by(|a, b| {
                let (ka, kb) = (key(a), key(b));
                let o = ka.0.total_cmp(&kb.0).then_with(|| ka.1.cmp(&kb.1));
                if ascending { o } else { o.reverse() }
            });
        }
        idx
    }
}
