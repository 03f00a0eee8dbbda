//! The compare view: several strategy configurations on the start shown,
//! each run on its own thread with its own limits, live progress, cancel
//! one or all, a results table sortable by any column (egui_extras), runs
//! of optimal strategies that disagree flagged, and a row's solution loaded
//! into the play view.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use super::settings::Settings;
use super::solver::Running;
use crate::engine::experiment::{RunSummary, flag_disagreements};
use crate::engine::job::Job;
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::strategy::{self, Family, SolveError};
use crate::engine::{Control, Dir, HeuristicKind, Outcome, Progress, TilePuzzle, solve_klotski};
use crate::storage::results::ResultRow;
use crate::units::{bytes, duration, thousands};

/// What a bar chart shows of a run.
type Measure = dyn Fn(&RunSummary) -> f64;

/// A start to compare on.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    /// A tile puzzle.
    Tiles(TilePuzzle),
    /// A Klotski layout, counted in a metric.
    Klotski(Layout, Metric),
}

impl Start {
    /// The family of puzzle it is.
    pub fn family(&self) -> Family {
        match self {
            Start::Tiles(_) => Family::Tiles,
            Start::Klotski(..) => Family::Klotski,
        }
    }
}

/// One configuration: a strategy and, for the guided ones, a heuristic.
#[derive(Clone, Debug, PartialEq)]
pub struct RowConfig {
    /// Registry name.
    pub strategy: String,
    /// Heuristic (tiles).
    pub heuristic: HeuristicKind,
    /// The local searches' parameters, taken from the left panel's when
    /// the row was added.
    pub tuning: super::settings::TuningSettings,
}

impl RowConfig {
    /// `astar:linear-conflict`, or `bfs`.
    pub fn name(&self, tiles: bool) -> String {
        let s = strategy::find(&self.strategy).map_or(self.strategy.as_str(), |s| s.name());
        let guided = strategy::find(&self.strategy).is_some_and(|s| s.uses_heuristic());
        if tiles && guided {
            format!("{s}:{}", self.heuristic.name())
        } else {
            s.to_string()
        }
    }
}

/// A finished run.
#[derive(Clone, Debug)]
pub enum Finished {
    /// Tiles: the outcome (or why it was refused).
    Tiles(Result<Outcome<Dir>, String>),
    /// Klotski.
    Klotski(Outcome<KMove>),
    /// Why the engine refused the configuration for this family.
    Refused(String),
}

enum RowJob {
    Tiles(Running),
    Klotski(Job<Result<Outcome<KMove>, SolveError>>),
}

impl RowJob {
    fn progress(&self) -> Option<Progress> {
        match self {
            RowJob::Tiles(r) => r.progress(),
            RowJob::Klotski(j) => j.progress(),
        }
    }
    fn cancel(&self) {
        match self {
            RowJob::Tiles(r) => r.cancel(),
            RowJob::Klotski(j) => j.cancel(),
        }
    }
}

/// One row of the table.
pub struct Row {
    /// Its configuration.
    pub config: RowConfig,
    job: Option<RowJob>,
    /// The start it last ran on.
    pub start: Option<Start>,
    /// Its result.
    pub result: Option<Finished>,
    /// Its numbers, once it ran (not if it was refused).
    pub summary: Option<RunSummary>,
    /// A local search's trace, live while it runs and kept after.
    trace: super::solver::TraceLog,
    /// The trace of the last run.
    pub trace_points: Vec<crate::engine::TracePoint>,
}

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
    /// Peak memory.
    Memory,
    /// Time.
    Time,
}

/// The compare view's state.
pub struct CompareView {
    /// The rows.
    pub rows: Vec<Row>,
    /// Sort column and direction.
    pub sort: Option<(SortBy, bool)>,
    /// The batch experiment.
    pub batch: super::batch::Batch,
    /// The row whose trace is shown.
    pub shown_trace: Option<usize>,
    new_strategy: String,
    new_heuristic: HeuristicKind,
}

impl Default for CompareView {
    fn default() -> Self {
        Self {
            rows: strategy::DEFAULT_COMPARE
                .iter()
                .map(|s| {
                    Row::new(RowConfig {
                        strategy: s.to_string(),
                        heuristic: HeuristicKind::LinearConflict,
                        tuning: Default::default(),
                    })
                })
                .collect(),
            sort: None,
            batch: super::batch::Batch::default(),
            shown_trace: None,
            new_strategy: strategy::DEFAULT_APP.into(),
            new_heuristic: HeuristicKind::Manhattan,
        }
    }
}

impl Row {
    fn new(config: RowConfig) -> Self {
        Self {
            config,
            job: None,
            start: None,
            result: None,
            summary: None,
            trace: Default::default(),
            trace_points: Vec::new(),
        }
    }

    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
}

/// The numbers of a finished run (none if it was refused).
fn summarize(start: Option<&Start>, f: &Finished) -> Option<RunSummary> {
    match (start, f) {
        (_, Finished::Tiles(Ok(o))) => Some(RunSummary::of(o)),
        (_, Finished::Tiles(Err(_)) | Finished::Refused(_)) => None,
        (Some(Start::Klotski(l, _)), Finished::Klotski(o)) => Some(RunSummary::of_klotski(l, o)),
        (_, Finished::Klotski(o)) => Some(RunSummary::of(o)),
    }
}

impl CompareView {
    /// Whether any row or the batch runs.
    pub fn is_running(&self) -> bool {
        self.rows.iter().any(Row::is_running) || self.batch.is_running()
    }

    /// Start every row on `start`.
    pub fn run_all(
        &mut self,
        start: &Start,
        settings: &Settings,
        cache_dir: &std::path::Path,
        ctx: &egui::Context,
    ) {
        for i in 0..self.rows.len() {
            self.run(i, start, settings, cache_dir, ctx);
        }
    }

    /// Start row `i` on `start` (each row its own thread and limits).
    pub fn run(
        &mut self,
        i: usize,
        start: &Start,
        settings: &Settings,
        cache_dir: &std::path::Path,
        ctx: &egui::Context,
    ) {
        let row = &mut self.rows[i];
        if row.job.is_some() {
            return;
        }
        let tuning = row.config.tuning.for_strategy(&row.config.strategy);
        let Ok(strategy) = strategy::configure(&row.config.strategy, &tuning) else {
            return;
        };
        // A strategy that does not solve this family (`fast` on Klotski)
        // is not run; the row says why.
        if let Err(why) = strategy::check_family(&*strategy, start.family()) {
            row.start = Some(start.clone());
            row.result = Some(Finished::Refused(why.to_string()));
            row.summary = None;
            return;
        }
        let repaint = ctx.clone();
        row.trace_points.clear();
        row.job = Some(match start {
            Start::Tiles(p) => RowJob::Tiles(Running::start(
                p.clone(),
                strategy,
                row.config.heuristic,
                None,
                cache_dir.to_path_buf(),
                settings.limits(),
                move || repaint.request_repaint(),
            )),
            Start::Klotski(l, metric) => {
                let (l, metric) = (l.clone(), *metric);
                row.trace = Default::default();
                let ctl = row.trace.attach(
                    Control::default()
                        .with_limits(settings.limits())
                        .with_threads(1)
                        .with_progress(move |_| repaint.request_repaint()),
                );
                RowJob::Klotski(Job::spawn(ctl, move |ctl| {
                    solve_klotski(&*strategy, &l, metric, ctl)
                }))
            }
        });
        row.start = Some(start.clone());
        row.result = None;
        row.summary = None;
    }

    /// Cancel every running row.
    pub fn cancel_all(&self) {
        for r in &self.rows {
            if let Some(j) = &r.job {
                j.cancel();
            }
        }
    }

    /// Collect finished runs (flagging disagreements) and a finished batch;
    /// called from `App::logic`, never from drawing.
    pub fn poll(&mut self) {
        self.batch.poll();
        for r in &mut self.rows {
            let done = match &mut r.job {
                Some(RowJob::Tiles(run)) => run.try_finish().map(|f| match f {
                    Ok(f) => Finished::Tiles(f.outcome.map_err(|e| e.to_string())),
                    Err(failed) => Finished::Refused(failed.to_string()),
                }),
                Some(RowJob::Klotski(job)) => job.try_take().map(|o| match o {
                    Ok(Ok(o)) => Finished::Klotski(o),
                    Ok(Err(e)) => Finished::Refused(e.to_string()),
                    Err(failed) => Finished::Refused(failed.to_string()),
                }),
                None => None,
            };
            if let Some(f) = done {
                r.trace_points = match &r.job {
                    Some(RowJob::Tiles(run)) => run.trace.points(),
                    _ => r.trace.points(),
                };
                r.job = None;
                r.summary = summarize(r.start.as_ref(), &f);
                r.result = Some(f);
            }
        }
        flag_disagreements(self.rows.iter_mut().filter_map(|r| r.summary.as_mut()));
    }

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

    /// Row indices in the chosen sort order.
    pub fn order(&self) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.rows.len()).collect();
        if let Some((by, ascending)) = self.sort {
            let key = |i: &usize| -> (f64, String) {
                let r = &self.rows[*i];
                let s = r.summary.as_ref();
                let number = |f: fn(&RunSummary) -> f64| (s.map_or(0.0, f), String::new());
                match by {
                    SortBy::Strategy => (0.0, r.config.name(true)),
                    SortBy::Status => (0.0, s.map_or("", |x| x.status.name()).to_string()),
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
            };
            idx.sort_by(|a, b| {
                let (ka, kb) = (key(a), key(b));
                let o = ka.0.total_cmp(&kb.0).then_with(|| ka.1.cmp(&kb.1));
                if ascending { o } else { o.reverse() }
            });
        }
        idx
    }

    /// Time and nodes per finished row as bars on a log scale.
    fn charts(&self, ui: &mut egui::Ui, tiles: bool) {
        use egui_plot::{Bar, BarChart, Plot};
        let done: Vec<(&Row, RunSummary)> = self
            .rows
            .iter()
            .filter_map(|r| Some((r, r.summary?)))
            .collect();
        if done.is_empty() {
            return;
        }
        let names: Vec<String> = done.iter().map(|(r, _)| r.config.name(tiles)).collect();
        ui.columns(2, |cols| {
            let time = |s: &RunSummary| s.ms.max(1e-3);
            let nodes = |s: &RunSummary| (s.expanded as f64).max(1.0);
            let specs: [(&str, &Measure); 2] = [
                ("time (ms, log scale)", &time),
                ("nodes expanded (log scale)", &nodes),
            ];
            for (ui, (title, value)) in cols.iter_mut().zip(specs) {
                ui.label(title);
                let bars: Vec<Bar> = done
                    .iter()
                    .enumerate()
                    .map(|(i, (_, s))| {
                        Bar::new(i as f64, value(s).log10())
                            .name(&names[i])
                            .width(0.6)
                    })
                    .collect();
                let labels = names.clone();
                Plot::new(format!("compare {title}"))
                    .height(160.0)
                    .allow_scroll(false)
                    .allow_drag(false)
                    .allow_zoom(false)
                    .y_axis_formatter(|mark, _| format!("{}", 10f64.powf(mark.value)))
                    .x_axis_formatter(move |mark, _| {
                        let i = mark.value.round();
                        if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                            labels.get(i as usize).cloned().unwrap_or_default()
                        } else {
                            String::new()
                        }
                    })
                    .show(ui, |plot| plot.bar_chart(BarChart::new(title, bars)));
            }
        });
    }

    /// Draw the view for `start`.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        start: &Start,
        settings: &Settings,
        cache_dir: &std::path::Path,
    ) -> Option<super::Command> {
        let ctx = ui.ctx().clone();
        let tiles = matches!(start, Start::Tiles(_));
        let mut action = None;
        ui.heading("Compare strategies on the start shown");
        ui.horizontal(|ui| {
            let running = self.is_running();
            if ui
                .add_enabled(!running, egui::Button::new("Run all"))
                .clicked()
            {
                self.run_all(start, settings, cache_dir, &ctx);
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel all"))
                .clicked()
            {
                self.cancel_all();
            }
            let any = self.rows.iter().any(|r| r.summary.is_some());
            if ui
                .add_enabled(any && !running, egui::Button::new("Export…"))
                .on_hover_text("Save the table as CSV or RON")
                .clicked()
            {
                action = Some(super::Command::Export);
            }
            ui.separator();
            egui::ComboBox::from_label("New row")
                .selected_text(strategy::find(&self.new_strategy).map_or("?", |s| s.label()))
                .show_ui(ui, |ui| {
                    for s in strategy::for_family(start.family()) {
                        ui.selectable_value(
                            &mut self.new_strategy,
                            s.name().to_string(),
                            s.label(),
                        );
                    }
                });
            if tiles {
                egui::ComboBox::from_label("with")
                    .selected_text(self.new_heuristic.label())
                    .show_ui(ui, |ui| {
                        for k in HeuristicKind::ALL {
                            ui.selectable_value(&mut self.new_heuristic, k, k.label());
                        }
                    });
            }
            if ui
                .button("Add")
                .on_hover_text(
                    "A local search row takes the parameters now set in the play view's panel",
                )
                .clicked()
            {
                self.rows.push(Row::new(RowConfig {
                    strategy: self.new_strategy.clone(),
                    heuristic: self.new_heuristic,
                    tuning: settings.tuning,
                }));
            }
        });
        let headers = [
            (SortBy::Strategy, "Strategy"),
            (SortBy::Status, "Status"),
            (
                SortBy::Length,
                if tiles { "Length" } else { "Length (metric)" },
            ),
            (SortBy::Optimal, "Optimal"),
            (SortBy::Expanded, "Expanded"),
            (SortBy::Generated, "Generated"),
            (SortBy::Memory, "Peak memory"),
            (SortBy::Time, "Time"),
        ];
        let order = self.order();
        let mut remove = None;
        let mut duplicate = None;
        let mut run_one = None;
        let mut show_trace = None;
        TableBuilder::new(ui)
            .striped(true)
            .column(Column::auto().at_least(130.0))
            .column(Column::auto().at_least(70.0))
            .column(Column::auto().at_least(120.0))
            .columns(Column::auto().at_least(70.0), 5)
            .column(Column::remainder())
            .header(22.0, |mut header| {
                for (by, name) in headers {
                    header.col(|ui| {
                        let arrow = match self.sort {
                            Some((b, true)) if b == by => " ↑",
                            Some((b, false)) if b == by => " ↓",
                            _ => "",
                        };
                        if ui.button(format!("{name}{arrow}")).clicked() {
                            self.sort = match self.sort {
                                Some((b, asc)) if b == by => Some((by, !asc)),
                                _ => Some((by, true)),
                            };
                        }
                    });
                }
                header.col(|ui| {
                    ui.label("");
                });
            })
            .body(|mut body| {
                for &i in &order {
                    let r = &self.rows[i];
                    body.row(22.0, |mut row| {
                        let s = r.summary;
                        let warn = s.is_some_and(|s| s.disagrees);
                        let number = |f: fn(&RunSummary) -> u64| s.as_ref().map_or(0, f);
                        row.col(|ui| {
                            let label = ui.label(r.config.name(tiles));
                            let knobs = r.config.tuning.describe(&r.config.strategy);
                            if !knobs.is_empty() {
                                label.on_hover_text(knobs);
                            }
                        });
                        row.col(|ui| {
                            if let Some(job) = &r.job {
                                ui.horizontal(|ui| {
                                    ui.spinner();
                                    let p = job.progress().map_or(0, |p| p.expanded);
                                    ui.label(thousands(p));
                                });
                            } else if warn {
                                ui.colored_label(ui.visuals().error_fg_color, "DISAGREES");
                            } else if let Some(Finished::Tiles(Err(why)) | Finished::Refused(why)) =
                                &r.result
                            {
                                ui.label("refused").on_hover_text(why);
                            } else {
                                ui.label(s.map_or("–", |x| crate::units::status(x.status)));
                            }
                        });
                        row.col(|ui| {
                            let length = s.and_then(|s| s.solution_length());
                            let moves = s.and_then(|s| s.klotski).map(|k| k.moves);
                            let text = match (length, moves) {
                                (Some(l), Some(m)) => format!("{l} ({m} moves)"),
                                (Some(l), None) => l.to_string(),
                                _ => "–".into(),
                            };
                            ui.label(text);
                        });
                        row.col(|ui| {
                            ui.label(match s {
                                None => "–",
                                Some(s) if s.optimal => "yes",
                                Some(_) => "no",
                            });
                        });
                        row.col(|ui| {
                            ui.label(thousands(number(|s| s.expanded)));
                        });
                        row.col(|ui| {
                            ui.label(thousands(number(|s| s.generated)));
                        });
                        row.col(|ui| {
                            ui.label(bytes(number(|s| s.peak_bytes)));
                        });
                        row.col(|ui| {
                            ui.label(duration(s.map_or(0.0, |s| s.ms) / 1e3));
                        });
                        row.col(|ui| {
                            ui.horizontal(|ui| {
                                let name = r.config.name(tiles);
                                if let Some(j) = &r.job {
                                    if ui
                                        .button("Cancel")
                                        .on_hover_text(format!("Cancel {name}"))
                                        .clicked()
                                    {
                                        j.cancel();
                                    }
                                } else {
                                    if ui
                                        .button("Run")
                                        .on_hover_text(format!("Run {name}"))
                                        .clicked()
                                    {
                                        run_one = Some(i);
                                    }
                                    if s.is_some_and(|s| s.solved())
                                        && ui
                                            .button("Play")
                                            .on_hover_text("Load this solution into the play view")
                                            .clicked()
                                        && let (Some(start), Some(f)) = (&r.start, &r.result)
                                    {
                                        action = Some(super::Command::PlayCompared(Box::new((
                                            start.clone(),
                                            f.clone(),
                                            name.clone(),
                                        ))));
                                    }
                                    if !r.trace_points.is_empty()
                                        && ui
                                            .button("Trace")
                                            .on_hover_text("Show this run's trace below")
                                            .clicked()
                                    {
                                        show_trace = Some(i);
                                    }
                                    if ui
                                        .button("Copy")
                                        .on_hover_text("Duplicate this row")
                                        .clicked()
                                    {
                                        duplicate = Some(i);
                                    }
                                    if ui.button("Remove").clicked() {
                                        remove = Some(i);
                                    }
                                }
                            });
                        });
                    });
                }
            });
        if show_trace.is_some() {
            self.shown_trace = show_trace;
        }
        if let Some(i) = run_one {
            self.run(i, start, settings, cache_dir, &ctx);
        }
        if let Some(i) = duplicate {
            let config = self.rows[i].config.clone();
            self.rows.insert(i + 1, Row::new(config));
        }
        if let Some(i) = remove {
            self.rows.remove(i);
            self.shown_trace = None;
        }
        if let Some(r) = self.shown_trace.and_then(|i| self.rows.get(i)) {
            ui.label(format!("Trace of {}", r.config.name(tiles)));
            super::trace_plot::show(ui, "compare row", &r.trace_points);
        }
        if self
            .rows
            .iter()
            .any(|r| r.summary.is_some_and(|s| s.disagrees))
        {
            ui.colored_label(
                ui.visuals().error_fg_color,
                "Strategies that claim optimality disagree on the length: that is a bug.",
            );
        }
        self.charts(ui, tiles);
        ui.separator();
        let configs: Vec<RowConfig> = self.rows.iter().map(|r| r.config.clone()).collect();
        if self.batch.ui(ui, start, &configs, settings, cache_dir) {
            action = Some(super::Command::ExportBatch);
        }
        if self.is_running() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        action
    }
}
