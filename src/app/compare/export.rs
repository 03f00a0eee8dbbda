//! The table's results as exported (CSV or RON): a [`ResultRow`] per row,
//! in the order shown, each with what reproduces it: the start it ran on,
//! its goal and size, the strategy and heuristic by registry name, its
//! knobs, and the moves it found (see [`crate::storage::results`]).

use super::row::Row;
use super::session::Session;
use crate::app::model::{Finished, Start};
use crate::storage::results::{self, ResultRow};

impl Session {
    /// The results for export, in display order (`shown`: the start the
    /// table is for, whose family rows that never ran are said to be of).
    pub fn result_rows(&self, shown: &Start) -> Vec<ResultRow> {
        self.order()
            .into_iter()
            .map(|i| result_row(&self.rows[i], shown))
            .collect()
    }
}

/// Row `r` as exported.
fn result_row(r: &Row, shown: &Start) -> ResultRow {
    let tiles = shown.is_tiles();
    let c = &r.config;
    let tiles = r.start.as_ref().map_or(tiles, Start::is_tiles);
    let (strategy, heuristic) = c.run_by(tiles).names();
    let tuning = results::tuning_text(&c.strategy, &c.tuning.for_strategy(&c.strategy));
    let row = ResultRow::new(strategy, heuristic, tuning, r.summary.as_ref());
    let solved = r.summary.is_some_and(|s| s.solved());
    match (&r.start, &r.result) {
        (Some(start), result) => {
            let path = match result {
                Some(Finished::Ran(outcome)) if solved => outcome.path_text(start),
                _ => String::new(),
            };
            start.describe(row).with_path(path)
        }
        (None, _) => ResultRow {
            family: results::family_word(shown.family()),
            ..row
        },
    }
}
