//! One row of the comparison: the start it runs on, its configuration
//! (strategy, heuristic, its own tuning), its finished result and the
//! numbers, trace and anatomy kept from it.

use super::jobs::RowJob;
use crate::app::i18n::{CompareMsg, Lang, Message};
use crate::app::model::{Finished, Start};
use crate::app::run_by::RunBy;
use crate::app::settings::TuningSettings;
use crate::engine::experiment::RunSummary;
use crate::engine::observe::Anatomy;
use crate::engine::strategy;
use crate::engine::{HeuristicKind, TracePoint};

/// One configuration: a strategy and, for the guided ones, a heuristic.
#[derive(Clone, Debug, PartialEq)]
pub struct RowConfig {
    /// Registry name.
    pub strategy: String,
    /// Heuristic (tiles).
    pub heuristic: HeuristicKind,
    /// Its strategy's knobs, taken from the left panel's when the row was
    /// added: what it runs with, alone or in the batch.
    pub tuning: TuningSettings,
}

impl RowConfig {
    /// The name the command line's compare takes: `astar:linear-conflict`,
    /// or `bfs` (tests; files carry strategy and heuristic apart).
    #[cfg(test)]
    pub fn name(&self, tiles: bool) -> String {
        let s = strategy::find(&self.strategy).map_or(self.strategy.as_str(), |s| s.name());
        let guided = strategy::find(&self.strategy).is_some_and(|s| s.uses_heuristic());
        if tiles && guided {
            format!("{s}:{}", self.heuristic.name())
        } else {
            s.to_string()
        }
    }

    /// The run it configures on tiles (`tiles`) or on Klotski: its
    /// strategy, and for a guided one on tiles the heuristic.
    pub fn run_by(&self, tiles: bool) -> RunBy {
        match strategy::find(&self.strategy) {
            Some(s) => RunBy::new(s, tiles.then_some(self.heuristic)),
            None => RunBy::Unknown(self.strategy.clone()),
        }
    }

    /// The strategy's label in `lang` and, for a guided one on tiles, the
    /// heuristic's: `("A*", Some("Manhattan + linear conflict"))`.
    pub fn label_parts_in(&self, tiles: bool, lang: Lang) -> (String, Option<String>) {
        let run = self.run_by(tiles);
        let label = match &run {
            RunBy::Unknown(_) => CompareMsg::UnknownStrategy.text(lang),
            known => known.label(lang),
        };
        (label, run.heuristic_label(lang))
    }

    /// As people read it in `lang`: `A* · Manhattan + linear conflict`, or
    /// `BFS`.
    pub fn label_in(&self, tiles: bool, lang: Lang) -> String {
        let (label, heuristic) = self.label_parts_in(tiles, lang);
        one_line(&label, heuristic.as_deref())
    }
}

/// A strategy's label and a guided one's heuristic on one line:
/// `A* · Manhattan + linear conflict`.
pub(super) fn one_line(label: &str, heuristic: Option<&str>) -> String {
    match heuristic {
        Some(h) => format!("{label} · {h}"),
        None => label.to_string(),
    }
}

/// One row of the table.
pub struct Row {
    /// Its configuration.
    pub config: RowConfig,
    /// Its run, while it runs.
    pub(super) job: Option<RowJob>,
    /// The start it last ran on.
    pub start: Option<Start>,
    /// Its result.
    pub result: Option<Finished>,
    /// Its numbers, once it ran (not if it was refused).
    pub summary: Option<RunSummary>,
    /// The trace of the last run.
    pub trace_points: Vec<TracePoint>,
    /// The last run's anatomy, if recorded (exact searches).
    pub anatomy: Option<Anatomy>,
}

impl Row {
    /// A row of `config` that has not run.
    pub(super) fn new(config: RowConfig) -> Self {
        Self {
            config,
            job: None,
            start: None,
            result: None,
            summary: None,
            trace_points: Vec::new(),
            anatomy: None,
        }
    }

    /// Forget the last run: the row is about to run on `start`.
    pub(super) fn begin(&mut self, start: &Start) {
        self.start = Some(start.clone());
        self.result = None;
        self.summary = None;
        self.trace_points.clear();
        self.anatomy = None;
    }

    /// Keep what its run on [`Row::start`] ended with.
    pub(super) fn finish(
        &mut self,
        result: Finished,
        trace_points: Vec<TracePoint>,
        anatomy: Option<Anatomy>,
    ) {
        self.summary = result.summary(self.start.as_ref());
        self.result = Some(result);
        self.trace_points = trace_points;
        self.anatomy = anatomy;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_labelled_as_the_registry_labels_them() {
        let row = |strategy: &str| RowConfig {
            strategy: strategy.into(),
            heuristic: HeuristicKind::LinearConflict,
            tuning: Default::default(),
        };
        let en = Lang::English;
        assert_eq!(
            row("astar").label_in(true, en),
            "A* · Manhattan + linear conflict"
        );
        assert_eq!(
            row("astar").label_in(false, en),
            "A*",
            "no tile heuristic on Klotski"
        );
        assert_eq!(row("bfs").label_in(true, en), "BFS");
        assert_eq!(
            row("astar").label_in(true, Lang::Chinese),
            "A* 算法 · 曼哈顿距离 + 线性冲突"
        );
        assert_eq!(
            row("astar").run_by(true).names(),
            ("astar".into(), "linear-conflict".into()),
            "a row's run carries names"
        );
        assert_eq!(
            row("astar").name(true),
            "astar:linear-conflict",
            "exports keep names"
        );
    }
}
