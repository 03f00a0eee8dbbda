//! The table's results as exported (CSV or RON): a [`ResultRow`] per row,
//! named as the command line names it, in the order shown.

use super::session::Session;
use crate::storage::results::ResultRow;

impl Session {
    /// The results for export, in display order.
    pub fn result_rows(&self, tiles: bool) -> Vec<ResultRow> {
        self.order()
            .into_iter()
            .map(|i| {
                let r = &self.rows[i];
                ResultRow::new(r.config.name(tiles), r.summary.as_ref())
            })
            .collect()
    }
}
