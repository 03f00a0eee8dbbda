//! One puzzle family's comparison, [`Session`]: its rows, the sort, the
//! row whose trace is shown, the new row's choice and the batch; rows
//! added, copied and removed with the shown trace kept on its row; the
//! compare view's commands carried out ([`Session::apply`]).

use eframe::egui;

use super::row::{Row, RowConfig};
use super::sort::SortBy;
use crate::app::CompareCommand;
use crate::app::compare::batch::Batch;
use crate::app::jobs::Jobs;
use crate::app::model::Start;
use crate::app::settings::{Settings, TuningSettings};
use crate::engine::HeuristicKind;
use crate::engine::strategy;

/// One puzzle family's comparison: its rows, their results, the batch.
/// Results belong to the family they were run on, so each family keeps its
/// own (see [`CompareView`](super::CompareView)).
pub struct Session {
    /// The rows.
    pub rows: Vec<Row>,
    /// Sort column and direction.
    pub sort: Option<(SortBy, bool)>,
    /// The batch experiment.
    pub batch: Batch,
    /// The row whose trace is shown.
    pub shown_trace: Option<usize>,
    /// The strategy a new row gets (registry name).
    pub(super) new_strategy: String,
    /// The heuristic a new row gets.
    pub(super) new_heuristic: HeuristicKind,
}

impl Default for Session {
    fn default() -> Self {
        Self {
            rows: strategy::DEFAULT_COMPARE
                .iter()
                .map(|s| {
                    Row::new(RowConfig {
                        strategy: s.to_string(),
                        heuristic: HeuristicKind::LinearConflict,
                        tuning: TuningSettings::of(s),
                    })
                })
                .collect(),
            sort: None,
            batch: Batch::default(),
            shown_trace: None,
            new_strategy: strategy::DEFAULT_APP.into(),
            new_heuristic: HeuristicKind::Manhattan,
        }
    }
}

impl Session {
    /// Carry out `cmd` (see [`CompareView::apply`](super::CompareView::apply)):
    /// what the buttons asked for, runs started on `start` as jobs of
    /// `jobs`. A command naming a row that is no longer there does
    /// nothing.
    pub(super) fn apply(
        &mut self,
        cmd: CompareCommand,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        let rows = self.rows.len();
        let here = |i: usize| i < rows;
        match cmd {
            CompareCommand::RunAll => self.run_all(start, settings, jobs, ctx),
            CompareCommand::CancelAll => self.cancel_all(),
            CompareCommand::AddRow => self.add_row(settings),
            CompareCommand::Run(i) if here(i) => self.run(i, start, settings, jobs, ctx),
            CompareCommand::Cancel(i) if here(i) => self.rows[i].cancel(),
            CompareCommand::ShowTrace(i) if here(i) => self.shown_trace = Some(i),
            CompareCommand::Duplicate(i) if here(i) => self.duplicate(i),
            CompareCommand::Remove(i) if here(i) => self.remove(i),
            CompareCommand::Run(_)
            | CompareCommand::Cancel(_)
            | CompareCommand::ShowTrace(_)
            | CompareCommand::Duplicate(_)
            | CompareCommand::Remove(_) => {}
            CompareCommand::StartBatch => {
                let configs = self.configs();
                self.batch.start(start, &configs, settings, jobs, ctx);
            }
            CompareCommand::CancelBatch => self.batch.cancel(),
            CompareCommand::StartByDepth => {
                let configs = self.configs();
                let seed = self.batch.seed;
                self.batch
                    .by_depth
                    .start(start, &configs, seed, settings, jobs, ctx);
            }
            CompareCommand::CancelByDepth => self.batch.by_depth.cancel(),
        }
    }

    /// Every row's configuration, in the rows' order (what a batch runs).
    fn configs(&self) -> Vec<RowConfig> {
        self.rows.iter().map(|r| r.config.clone()).collect()
    }

    /// Add a row of the new row's strategy and heuristic, with the knobs
    /// the left panel has for it now.
    pub(super) fn add_row(&mut self, settings: &Settings) {
        self.rows.push(Row::new(RowConfig {
            strategy: self.new_strategy.clone(),
            heuristic: self.new_heuristic,
            tuning: settings.tuning.of(&self.new_strategy),
        }));
    }

    /// Put a copy of row `i`'s configuration (not its results) below it.
    pub(super) fn duplicate(&mut self, i: usize) {
        let config = self.rows[i].config.clone();
        self.rows.insert(i + 1, Row::new(config));
        self.shown_trace = self.shown_trace.map(|s| if s > i { s + 1 } else { s });
    }

    /// Remove row `i` (its trace is no longer shown).
    pub(super) fn remove(&mut self, i: usize) {
        self.rows.remove(i);
        self.shown_trace = match self.shown_trace {
            Some(s) if s == i => None,
            Some(s) if s > i => Some(s - 1),
            s => s,
        };
    }
}
