//! The batch experiment of the compare view: N random starts (tiles of the
//! current size, or random steps from the current Klotski layout), every
//! configuration on each, in the background with a progress bar and
//! cancel; an aggregate table per configuration and a chart of time
//! against solution length. Below it the batch by solution depth
//! ([`ByDepth`]).

use std::sync::Arc;

pub mod by_depth;
pub use by_depth::ByDepth;

use eframe::egui;
use egui_plot::{HoverPosition, Plot, PlotPoints, Points};

use crate::app::compare::{RowConfig, time_tick};
use crate::app::i18n::{Message, Msg, language, tr};
use crate::app::jobs::{DbWork, Handle, JobKind, Jobs, StrategyChoice, Task, TaskEnv};
use crate::app::model::Start;
use crate::app::run_by::RunBy;
use crate::app::settings::Settings;
use crate::app::{Command, CompareCommand};
use crate::engine::experiment::{Aggregate, RunSummary, flag_disagreements};
use crate::engine::strategy;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{Control, HeuristicChoice, HeuristicKind, Limits, Progress};
use crate::storage::results::{AggregateRow, BatchInfo, StartRow, tuning_text};
use crate::units::{bytes, duration, thousands};

/// A background run's progress: `done` of `total`, said as `text`, and a
/// frame again soon to show more.
fn progress_bar(ui: &mut egui::Ui, done: usize, total: usize, text: String) {
    ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(text));
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(100));
}

/// One configuration's aggregate, with its name (tests).
#[cfg(test)]
#[derive(Clone, Debug, PartialEq)]
pub struct NamedAggregate {
    /// Configuration name, for export (`astar:linear-conflict`).
    pub name: String,
    /// Its runs aggregated.
    pub aggregate: Aggregate,
}

/// Aggregate each configuration's runs (configurations without runs are
/// left out).
#[cfg(test)]
pub fn aggregate(names: &[String], runs: &[Vec<RunSummary>]) -> Vec<NamedAggregate> {
    names
        .iter()
        .zip(runs)
        .filter_map(|(name, r)| {
            Some(NamedAggregate {
                name: name.clone(),
                aggregate: Aggregate::of(r)?,
            })
        })
        .collect()
}

/// Add one start's runs (one per configuration that ran, `None` for one
/// refused) to `runs`, after flagging the disagreements among them.
fn record_start(runs: &mut [Vec<RunSummary>], mut start: Vec<Option<RunSummary>>) {
    flag_disagreements(start.iter_mut().flatten());
    for (k, run) in start.into_iter().enumerate() {
        if let Some(run) = run {
            runs[k].push(run);
        }
    }
}

/// The configurations a batch runs on `start`: only those the engine runs
/// on its family (not `fast` on Klotski), whose settings are valid and
/// whose heuristic fits the board; each one's run (with its knobs as run,
/// [`tuning_text`]) and its configured strategy and heuristic, aligned by
/// index.
type Runnable = (
    Vec<(RunBy, String)>,
    Vec<(Box<dyn strategy::Strategy>, HeuristicKind)>,
);

fn runnable(start: &Start, configs: &[RowConfig]) -> Runnable {
    let tiles = start.is_tiles();
    configs
        .iter()
        .filter_map(|c| {
            // Each row's own tuning, as it runs alone.
            let s = strategy::configure(&c.strategy, &c.tuning.for_strategy(&c.strategy))
                .ok()
                .filter(|s| s.supports(start.family()))
                // Nor a heuristic that does not fit the board.
                .filter(|s| {
                    !s.uses_heuristic()
                        || start
                            .shape()
                            .is_none_or(|shape| crate::app::offered::fits(c.heuristic, shape))
                })?;
            let tuning = tuning_text(&c.strategy, &c.tuning.for_strategy(&c.strategy));
            Some(((c.run_by(tiles), tuning), (s, c.heuristic)))
        })
        .unzip()
}

/// What a batch's worker gives back: the runs of each configuration, and
/// the starts drawn, in the order run.
type Drawn = (Vec<Vec<RunSummary>>, Vec<Start>);

/// A batch as data: every row on `count` starts drawn from `start` with
/// `seed`, each run under `limits`. Its progress reports count the starts
/// done ([`starts_done`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct RunBatch {
    start: Start,
    rows: Vec<(StrategyChoice, HeuristicKind)>,
    count: usize,
    shuffle: usize,
    seed: u64,
    limits: Limits,
}

/// How many starts a batch has done, from its last progress report.
fn starts_done(progress: Option<Progress>) -> usize {
    progress.map_or(0, |p| p.expanded as usize)
}

impl Task for RunBatch {
    type Output = Drawn;
    const NAME: &'static str = "batch";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Drawn {
        let Self {
            start,
            rows,
            count,
            shuffle,
            seed,
            limits,
        } = self;
        // A row the registry refuses (a page of another version) runs
        // nothing: its column stays empty.
        let strategies: Vec<_> = rows.iter().map(|(s, h)| (s.strategy().ok(), *h)).collect();
        let mut rng = crate::engine::rng::seeded(seed);
        let mut points = vec![Vec::new(); strategies.len()];
        let mut drawn = Vec::with_capacity(count);
        // The pattern databases the rows ask for, if the board fits.
        let mut pdbs: Vec<(HeuristicKind, Arc<PatternDb>)> = Vec::new();
        if let Start::Tiles(p) = &start {
            for kind in HeuristicKind::ALL {
                let wanted = strategies.iter().any(|(_, h)| *h == kind);
                if let (true, Some(partition)) = (wanted, kind.partition(&p.goal))
                    && let Some(got) = env.databases.get(
                        &p.goal,
                        &partition,
                        &DbWork::default(),
                        &|| {},
                        &ctl.cancel,
                    )
                {
                    pdbs.push((kind, got.db));
                }
            }
        }
        for i in 0..count {
            let instance = start.scrambled(shuffle, &mut rng);
            drawn.push(instance.clone());
            let mut runs: Vec<Option<RunSummary>> = vec![None; strategies.len()];
            for (k, (s, h)) in strategies.iter().enumerate() {
                let Some(s) = s else { continue };
                if ctl.cancel.is_cancelled() {
                    break;
                }
                let run_ctl = Control::default()
                    .with_limits(limits)
                    .with_cancel(ctl.cancel.clone())
                    .with_threads(1);
                // Klotski rows take no database: `pdbs` is empty there.
                let db = pdbs.iter().find(|(k, _)| k == h).map(|(_, db)| db);
                let choice = HeuristicChoice::with_database(*h, db.cloned());
                let run = instance
                    .solve(&**s, &choice, &run_ctl)
                    .ok()
                    .map(|o| o.summary(Some(&instance)));
                // A run cut short by the cancel is no data point.
                if ctl.cancel.is_cancelled() && !run.is_some_and(|r| r.solved()) {
                    break;
                }
                runs[k] = run;
            }
            record_start(&mut points, runs);
            if ctl.cancel.is_cancelled() {
                return (points, drawn);
            }
            if let Some(report) = &ctl.on_progress {
                report(&Progress {
                    expanded: i as u64 + 1,
                    ..Progress::default()
                });
            }
        }
        (points, drawn)
    }

    fn cancelled(&self, _: Option<Progress>) -> Drawn {
        // Stopped from outside (the web edition ends its worker at once):
        // nothing of it came back.
        (vec![Vec::new(); self.rows.len()], Vec::new())
    }
}

/// The batch's settings and its run.
pub struct Batch {
    /// Number of starts.
    pub count: usize,
    /// Random moves (steps for Klotski) from the goal / layout; 0 for
    /// uniformly random tile starts.
    pub shuffle: usize,
    /// Seed of the starts.
    pub seed: u64,
    /// The configurations run (drawn through the names table, exported
    /// by their names), aligned with `points`.
    runs: Vec<RunBy>,
    /// Each configuration's knobs as run ([`tuning_text`]), aligned too.
    tunings: Vec<String>,
    /// The last batch as it was started (the fields above may have
    /// changed since): what its export says reproduces it.
    info: Option<BatchInfo>,
    /// The starts of the last batch, in the order run (fewer than its
    /// count if it was cancelled).
    pub starts: Vec<Start>,
    job: Option<Handle<Drawn>>,
    /// Runs per configuration, once finished (or cancelled part-way).
    pub points: Vec<Vec<RunSummary>>,
    /// Why the last batch ended without results (its worker failed).
    pub failed: Option<Msg>,
    /// The scatter's "Reset view" was clicked: reset it on the next draw.
    reset_scatter: bool,
    /// What the scatter showed when last drawn (tests: zoom and reset).
    #[cfg(test)]
    pub scatter_bounds: Option<egui_plot::PlotBounds>,
    /// The batch by solution depth, with the same rows and seed.
    pub by_depth: ByDepth,
}

impl Default for Batch {
    fn default() -> Self {
        Self {
            count: 20,
            shuffle: 30,
            seed: 1,
            runs: Vec::new(),
            tunings: Vec::new(),
            info: None,
            starts: Vec::new(),
            job: None,
            points: Vec::new(),
            failed: None,
            reset_scatter: false,
            #[cfg(test)]
            scatter_bounds: None,
            by_depth: ByDepth::default(),
        }
    }
}

impl Batch {
    /// Whether a batch (random or by depth) runs.
    pub fn is_running(&self) -> bool {
        self.job.is_some() || self.by_depth.is_running()
    }

    /// The aggregates of the last batch, for export: each configuration
    /// by registry names and knobs, with the batch as it was started.
    pub fn export_rows(&self) -> Vec<AggregateRow> {
        let Some(info) = &self.info else {
            return Vec::new();
        };
        self.runs
            .iter()
            .zip(&self.tunings)
            .zip(&self.points)
            .filter_map(|((run, tuning), points)| {
                let (strategy, heuristic) = run.names();
                let a = Aggregate::of(points)?;
                Some(AggregateRow::new(
                    info.clone(),
                    strategy,
                    heuristic,
                    tuning.clone(),
                    &a,
                ))
            })
            .collect()
    }

    /// The starts of the last batch, for export, in the order run.
    pub fn export_starts(&self) -> Vec<StartRow> {
        (1..)
            .zip(&self.starts)
            .map(|(i, start)| start.start_row(i))
            .collect()
    }

    /// The aggregates of the last batch, named `astar:linear-conflict`
    /// (tests).
    #[cfg(test)]
    pub fn aggregates(&self) -> Vec<NamedAggregate> {
        let names: Vec<String> = self
            .runs
            .iter()
            .map(|r| match r.names() {
                (s, h) if h.is_empty() => s,
                (s, h) => format!("{s}:{h}"),
            })
            .collect();
        aggregate(&names, &self.points)
    }

    /// Start a batch of `configs` around `start`, unless one runs.
    pub fn start(
        &mut self,
        start: &Start,
        configs: &[RowConfig],
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        if self.job.is_some() {
            return;
        }
        self.points.clear();
        self.starts.clear();
        self.failed = None;
        let (names, strategies) = runnable(start, configs);
        (self.runs, self.tunings) = names.into_iter().unzip();
        let (count, shuffle, seed) = (self.count.max(1), self.shuffle, self.seed);
        self.info = Some(start.batch_info(shuffle, seed, count));
        let rows = strategies
            .iter()
            .map(|(s, h)| (StrategyChoice::of(&**s), *h))
            .collect();
        let task = RunBatch {
            start: start.clone(),
            rows,
            count,
            shuffle,
            seed,
            limits: settings.limits(),
        };
        let repaint = ctx.clone();
        let ctl = Control::default().with_progress(move |_| repaint.request_repaint());
        let wake = ctx.clone();
        let job = jobs.run_task(JobKind::Batch, ctl, task, move || wake.request_repaint());
        self.job = Some(job);
    }

    /// Ask the running batch of random starts, if any, to stop.
    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }

    /// Collect a finished batch (called from `App::logic`); a line for
    /// the status when one ended.
    pub fn poll(&mut self) -> Option<Msg> {
        self.by_depth.poll();
        let result = self.job.as_mut()?.try_take()?;
        self.job = None;
        match result {
            Ok((points, starts)) => {
                (self.points, self.starts) = (points, starts);
                Some(Msg::BatchDone {
                    starts: self.starts.len(),
                    rows: self.points.len(),
                })
            }
            Err(failed) => {
                let failed = Msg::BatchFailed {
                    why: failed.to_string(),
                };
                self.failed = Some(failed.clone());
                Some(failed)
            }
        }
    }

    /// Draw the batch section and, below it, the batch by depth (for
    /// `start`); what was clicked goes to `out`.
    pub fn ui(&mut self, ui: &mut egui::Ui, start: &Start, out: &mut Vec<Command>) {
        self.random_ui(ui, out);
        ui.separator();
        egui::CollapsingHeader::new(tr(ui, crate::app::i18n::CompareMsg::ByDepthTitle))
            .id_salt("by depth")
            .show(ui, |ui| self.by_depth.ui(ui, start, out));
    }

    /// The batch of random starts; what was clicked goes to `out`.
    fn random_ui(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        ui.heading(tr(ui, Msg::BatchTitle));
        ui.horizontal(|ui| {
            let idle = self.job.is_none();
            ui.add_enabled_ui(idle, |ui| {
                let l = ui.label(tr(ui, Msg::BatchStarts));
                ui.add(egui::DragValue::new(&mut self.count).range(1..=10_000))
                    .labelled_by(l.id);
                let l = ui.label(tr(ui, Msg::BatchShuffle));
                ui.add(egui::DragValue::new(&mut self.shuffle).range(0..=10_000))
                    .labelled_by(l.id)
                    .on_hover_text(tr(ui, Msg::BatchShuffleHint));
                let l = ui.label(tr(ui, Msg::BatchSeed));
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(l.id);
                if ui.button(tr(ui, Msg::BatchRun)).clicked() {
                    out.push(CompareCommand::StartBatch.into());
                }
            });
            if self.job.is_some() && ui.button(tr(ui, Msg::BatchCancel)).clicked() {
                out.push(CompareCommand::CancelBatch.into());
            }
        });
        if let Some(job) = &self.job {
            let done = starts_done(job.progress());
            let total = self.count;
            let text = tr(
                ui,
                Msg::BatchProgress {
                    done: done as u64,
                    total: total as u64,
                },
            );
            progress_bar(ui, done, total, text);
        }
        if let Some(failed) = &self.failed {
            ui.colored_label(ui.visuals().error_fg_color, tr(ui, failed));
        }
        let lang = language(ui.ctx());
        let shown: Vec<(Label, Aggregate)> = self
            .runs
            .iter()
            .zip(&self.points)
            .filter_map(|(run, runs)| Some((label(run, lang), Aggregate::of(runs)?)))
            .collect();
        if shown.is_empty() {
            return;
        }
        if self.job.is_none()
            && ui
                .button(tr(ui, Msg::BatchExport))
                .on_hover_text(tr(ui, Msg::BatchExportHint))
                .clicked()
        {
            out.push(Command::ExportBatch);
        }
        aggregate_table(ui, &shown);
        if shown.iter().any(|(_, a)| a.disagreements > 0) {
            ui.colored_label(ui.visuals().error_fg_color, tr(ui, Msg::BatchDisagreed));
        }
        self.scatter(ui);
    }

    /// Time against solution length of every solved run, a colour per
    /// configuration (named in the legend above the plot, so it covers no
    /// point). The wheel scrolls the page; Ctrl + wheel zooms, a drag pans,
    /// and "Reset view" (or a double click) brings every point back.
    fn scatter(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(ui, Msg::BatchScatterTitle));
            if ui
                .button(tr(ui, Msg::PlotResetView))
                .on_hover_text(tr(ui, Msg::PlotResetViewHint))
                .clicked()
            {
                self.reset_scatter = true;
            }
            ui.weak(tr(ui, Msg::PlotZoomHint));
        });
        let lang = language(ui.ctx());
        let labels: Vec<String> = self
            .runs
            .iter()
            .map(|run| match label(run, lang) {
                (s, Some(h)) => format!("{s} · {h}"),
                (s, None) => s,
            })
            .collect();
        ui.horizontal_wrapped(|ui| {
            for (k, label) in labels.iter().enumerate() {
                legend_entry(ui, label, series_color(k));
            }
        });
        let series: Vec<(String, Vec<[f64; 2]>)> = labels
            .iter()
            .zip(&self.points)
            .map(|(label, runs)| {
                let xy = runs
                    .iter()
                    .filter(|x| x.solved())
                    .map(|x| [x.length as f64, x.ms.max(1e-3).log10()])
                    .collect();
                (label.clone(), xy)
            })
            .collect();
        // Whole lengths across, decades of time up (the values drawn are
        // the times' logarithms), each axis labelled at its top.
        let all = || series.iter().flat_map(|(_, xy)| xy.iter());
        let (x, y) = (
            crate::app::widgets::axes::Scale::integer(
                all().map(|p| p[0]).fold(f64::INFINITY, f64::min),
                all().map(|p| p[0]).fold(f64::NEG_INFINITY, f64::max),
            ),
            crate::app::widgets::axes::Scale::log_range(
                all().map(|p| p[1]).fold(f64::INFINITY, f64::min),
                all().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max),
            ),
        );
        let plot = Plot::new("batch scatter")
            .height(200.0)
            .allow_scroll(false)
            .allow_zoom(true)
            .x_axis_label(Msg::BatchLengthAxis.text(lang))
            .y_axis_min_width(52.0);
        let mut plot = crate::app::widgets::axes::apply(plot, x, y, lang)
            .y_axis_formatter(move |mark, _| {
                // Decades only (see `axes`), in the unit that reads best.
                match y.label(mark.value, mark.step_size, lang) {
                    l if l.is_empty() => l,
                    _ => time_tick(10f64.powf(mark.value)),
                }
            })
            .label_formatter(|pos| match pos {
                HoverPosition::NearDataPoint {
                    plot_name,
                    position,
                    ..
                } => Some(
                    Msg::BatchPoint {
                        series: plot_name.to_string(),
                        length: position.x,
                        time: duration(10f64.powf(position.y) / 1e3),
                    }
                    .text(lang),
                ),
                HoverPosition::Elsewhere { .. } => None,
            });
        if std::mem::take(&mut self.reset_scatter) {
            plot = plot.reset();
        }
        let _shown = plot.show(ui, |plot| {
            for (k, (label, xy)) in series.into_iter().enumerate() {
                plot.points(
                    Points::new(label, PlotPoints::from(xy))
                        .radius(3.0)
                        .color(series_color(k)),
                );
            }
        });
        #[cfg(test)]
        {
            self.scatter_bounds = Some(*_shown.transform.bounds());
        }
    }
}

/// A dot of the series' colour and its label, kept together on one line.
fn legend_entry(ui: &mut egui::Ui, label: &str, color: egui::Color32) {
    let galley = egui::WidgetText::from(label).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let dot = 14.0;
    let size = egui::vec2(dot + galley.size().x + 8.0, galley.size().y);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, label));
    let center = egui::pos2(rect.left() + dot / 2.0 - 1.0, rect.center().y);
    ui.painter().circle_filled(center, 4.0, color);
    let text = ui.visuals().text_color();
    ui.painter()
        .galley(egui::pos2(rect.left() + dot, rect.top()), galley, text);
}

/// A configuration's labels in a language: the strategy's, and the
/// heuristic's if it is guided (see [`RowConfig::label_parts_in`]).
type Label = (String, Option<String>);

/// `run`'s labels in `lang`.
fn label(run: &RunBy, lang: crate::app::i18n::Lang) -> Label {
    (run.label(lang), run.heuristic_label(lang))
}

/// The colour of the `k`th configuration in the scatter and its legend.
fn series_color(k: usize) -> egui::Color32 {
    use crate::app::palette::CONFIGURATIONS;
    CONFIGURATIONS[k % CONFIGURATIONS.len()]
}

/// The aggregate table: a row per configuration that ran, its label over
/// two lines (strategy, then heuristic) so the table fits narrow windows.
fn aggregate_table(ui: &mut egui::Ui, shown: &[(Label, Aggregate)]) {
    egui::Grid::new("batch table").striped(true).show(ui, |ui| {
        for h in [
            Msg::ColStrategy,
            Msg::ColSolved,
            Msg::ColMeanLength,
            Msg::ColMedianLength,
            Msg::ColMeanExpanded,
            Msg::ColMeanTime,
            Msg::ColMedianTime,
            Msg::ColMaxMemory,
            Msg::ColDisagreements,
        ] {
            ui.strong(tr(ui, h));
        }
        ui.end_row();
        for ((strategy, heuristic), a) in shown {
            crate::app::compare::label_lines(ui, strategy, heuristic.as_deref(), false);
            ui.label(format!("{:.0} % ({}/{})", a.solved_pct(), a.solved, a.runs));
            let length = |v: Option<f64>| v.map_or("–".into(), |x| format!("{x:.1}"));
            ui.label(length(a.mean_length));
            ui.label(length(a.median_length));
            ui.label(thousands(a.mean_expanded as u64));
            ui.label(duration(a.mean_ms / 1e3));
            ui.label(duration(a.median_ms / 1e3));
            // The search's memory, and under it the database it read.
            match crate::app::i18n::names::database_line(a.max_database_bytes) {
                None => {
                    ui.label(bytes(a.max_peak_bytes));
                }
                Some(db) => {
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = 0.0;
                        ui.label(bytes(a.max_peak_bytes));
                        let hint = crate::app::i18n::names::database_hint(language(ui.ctx()));
                        ui.label(egui::RichText::new(db).weak()).on_hover_text(hint);
                    });
                }
            }
            if a.disagreements > 0 {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    tr(
                        ui,
                        Msg::BatchDisagree {
                            n: a.disagreements as u64,
                        },
                    ),
                );
            } else {
                ui.label("0");
            }
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dir, Outcome, Stats};

    fn run(length: usize, optimal: bool, ms: u64) -> RunSummary {
        let stats = Stats {
            optimal,
            expanded: 10,
            peak_bytes: length as u64,
            elapsed: std::time::Duration::from_millis(ms),
            ..Stats::default()
        };
        RunSummary::of(&Outcome::solved(vec![Dir::Up; length], stats))
    }

    #[test]
    fn aggregates_count_means_medians_and_disagreements() {
        let mut runs = vec![Vec::new(), Vec::new(), Vec::new()];
        // Start 1: the two optimal configurations agree; start 2 they do
        // not (a bug, counted for both); the local search claims nothing.
        record_start(
            &mut runs,
            vec![Some(run(10, true, 1)), Some(run(10, true, 2)), None],
        );
        record_start(
            &mut runs,
            vec![
                Some(run(20, true, 3)),
                Some(run(22, true, 4)),
                Some(run(40, false, 8)),
            ],
        );
        let a = aggregate(&["x".into(), "y".into(), "local".into()], &runs);
        assert_eq!(a.len(), 3);
        assert_eq!((a[0].aggregate.runs, a[0].aggregate.solved), (2, 2));
        assert_eq!(a[0].aggregate.mean_length, Some(15.0));
        assert_eq!(a[0].aggregate.median_ms, 2.0);
        assert_eq!(a[1].aggregate.max_peak_bytes, 22);
        let disagreements: Vec<usize> = a.iter().map(|a| a.aggregate.disagreements).collect();
        assert_eq!(disagreements, [1, 1, 0]);
        let none = aggregate(&["empty".into()], &[vec![]]);
        assert!(none.is_empty(), "a configuration with no runs is left out");
    }

    /// A batch as the web edition runs it: sent to a worker as JSON, its
    /// answer read back from JSON, the same as run where it was made; its
    /// progress counts every start, in order.
    #[test]
    fn a_batch_sent_as_json_answers_as_run_in_place_and_counts_its_starts() {
        use crate::app::tasks::testing::{env, sent};
        use std::sync::Mutex;
        let dir = tempfile::tempdir().unwrap();
        let env = env(&Jobs::new(dir.path().to_path_buf()));
        let goal = crate::engine::TilePuzzle::parse("1 2 3 4 5 6 7 8 0", None, None).unwrap();
        let task = || RunBatch {
            start: Start::Tiles(goal.clone()),
            rows: vec![
                (StrategyChoice::named("astar"), HeuristicKind::Manhattan),
                (StrategyChoice::named("bfs"), HeuristicKind::Manhattan),
                (
                    StrategyChoice::named("no such strategy"),
                    HeuristicKind::Manhattan,
                ),
            ],
            count: 4,
            shuffle: 20,
            seed: 7,
            limits: Limits::default(),
        };
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let ctl = Control::default().with_progress(move |p| sink.lock().unwrap().push(p.expanded));
        let (mut here, starts) = task().run(&ctl, &env);
        assert_eq!(*seen.lock().unwrap(), [1, 2, 3, 4]);
        let (mut sent, sent_starts) = sent(&task(), &env);
        assert_eq!(starts, sent_starts);
        for runs in here.iter_mut().chain(sent.iter_mut()) {
            for r in runs {
                r.ms = 0.0;
            }
        }
        assert_eq!(here, sent);
        // Both exact searches solved every start, in as many moves; the
        // strategy nobody knows ran nothing.
        assert_eq!(here[0].len(), 4);
        let lengths = |runs: &[RunSummary]| runs.iter().map(|r| r.length).collect::<Vec<_>>();
        assert_eq!(lengths(&here[0]), lengths(&here[1]));
        assert!(here[2].is_empty());
    }
}
