//! The compare view: several strategy configurations on the start shown,
//! each run on its own thread with its own limits, live progress, cancel
//! one or all, a results table sortable by any column (egui_extras), runs
//! of optimal strategies that disagree flagged, and a row's solution loaded
//! into the play view.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use super::anatomy::Recorded;
use super::i18n::names::{heuristic_label, status_text, strategy_label};
use super::i18n::{CompareMsg, Lang, Message, Said, language, tr};
use super::jobs::{Handle, JobKind, Jobs};
use super::run_by::RunBy;
use super::settings::Settings;
use super::solver::Running;
use crate::engine::experiment::{RunSummary, flag_disagreements};
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::observe::Anatomy;
use crate::engine::strategy::{self, Family, SolveError};
use crate::engine::{
    Control, Dir, HeuristicKind, Outcome, Progress, Status, TilePuzzle, solve_klotski,
};
use crate::storage::results::ResultRow;
use crate::units::{bytes, duration, thousands};

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
    /// Its strategy's knobs, taken from the left panel's when the row was
    /// added: what it runs with, alone or in the batch.
    pub tuning: super::settings::TuningSettings,
}

impl RowConfig {
    /// The name in exported files and the command line's compare:
    /// `astar:linear-conflict`, or `bfs`. Never shown in the app.
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
        match self.label_parts_in(tiles, lang) {
            (s, Some(h)) => format!("{s} · {h}"),
            (s, None) => s,
        }
    }
}

/// A finished run.
#[derive(Clone, Debug)]
pub enum Finished {
    /// Tiles: the outcome (or why it was refused).
    Tiles(Result<Outcome<Dir>, Said>),
    /// Klotski.
    Klotski(Outcome<KMove>),
    /// Why the engine refused the configuration for this family (or its
    /// run failed).
    Refused(Said),
}

enum RowJob {
    Tiles(Box<Running>),
    Klotski(Box<Handle<Recorded<KMove, SolveError>>>),
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
    /// The last run's anatomy, if recorded (exact searches).
    pub anatomy: Option<Anatomy>,
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

/// One puzzle family's comparison: its rows, their results, the batch.
/// Results belong to the family they were run on, so each family keeps its
/// own (see [`CompareView`]).
pub struct Session {
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

impl Default for Session {
    fn default() -> Self {
        Self {
            rows: strategy::DEFAULT_COMPARE
                .iter()
                .map(|s| {
                    Row::new(RowConfig {
                        strategy: s.to_string(),
                        heuristic: HeuristicKind::LinearConflict,
                        tuning: super::settings::TuningSettings::of(s),
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

/// The compare view: one [`Session`] per puzzle family, the one of the
/// family shown in front (it derefs to it), and a status line.
pub struct CompareView {
    tiles: Session,
    klotski: Session,
    family: Family,
    status: Said,
}

impl Default for CompareView {
    fn default() -> Self {
        Self {
            tiles: Session::default(),
            klotski: Session::default(),
            family: Family::Tiles,
            status: Said::verbatim(String::new()),
        }
    }
}

impl std::ops::Deref for CompareView {
    type Target = Session;
    fn deref(&self) -> &Session {
        match self.family {
            Family::Tiles => &self.tiles,
            Family::Klotski => &self.klotski,
        }
    }
}

impl std::ops::DerefMut for CompareView {
    fn deref_mut(&mut self) -> &mut Session {
        match self.family {
            Family::Tiles => &mut self.tiles,
            Family::Klotski => &mut self.klotski,
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
            anatomy: None,
        }
    }

    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
}

/// Why the engine refused a row's run, in the language of the day.
fn refused(e: &SolveError) -> Said {
    let e = e.clone();
    Said::new(move |lang| super::error::solve_error(&e, lang))
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

/// How a run ended, in the table's Status column: in English the words
/// the CLI prints (`Node limit reached`), in Chinese the shared names.
fn status_word(status: Status, lang: Lang) -> String {
    match lang {
        Lang::English => crate::units::status(status).to_string(),
        Lang::Chinese => status_text(status, lang),
    }
}

/// Space before the Optimal column's left-aligned text, which would
/// otherwise touch the right-aligned lengths beside it.
const OPTIMAL_INDENT: f32 = 8.0;

/// A strategy's label over a guided strategy's heuristic, each on one
/// line: never wrapped word by word, cut short with "…" if `truncate`
/// (a column of fixed width), else as wide as it needs.
pub fn label_lines(
    ui: &mut egui::Ui,
    strategy: &str,
    heuristic: Option<&str>,
    truncate: bool,
) -> egui::Response {
    let mode = if truncate {
        egui::TextWrapMode::Truncate
    } else {
        egui::TextWrapMode::Extend
    };
    let Some(h) = heuristic else {
        // One line, centred in its cell as the numbers beside it are.
        return ui.add(egui::Label::new(strategy).wrap_mode(mode));
    };
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        let r = ui.add(egui::Label::new(strategy).wrap_mode(mode));
        ui.add(egui::Label::new(egui::RichText::new(h).weak()).wrap_mode(mode));
        r
    })
    .inner
}

/// A time in milliseconds with two significant figures or more, in the unit
/// that reads best (an axis tick: `10 µs`, `0.5 ms`, `2 s`).
pub fn time_tick(ms: f64) -> String {
    fn short(x: f64) -> String {
        let text = if x >= 10.0 {
            format!("{x:.0}")
        } else if x >= 1.0 {
            format!("{x:.1}")
        } else {
            format!("{x:.2}")
        };
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        }
    }
    if !ms.is_finite() || ms <= 0.0 {
        "0 ms".into()
    } else if ms >= 1e9 {
        // Only ever seen zoomed far out: keep it short.
        format!("{:.0e} s", ms / 1e3)
    } else if ms >= 1e3 {
        format!("{} s", short(ms / 1e3))
    } else if ms >= 1.0 {
        format!("{} ms", short(ms))
    } else if ms >= 1e-3 {
        format!("{} µs", short(ms * 1e3))
    } else {
        "< 1 µs".into()
    }
}

/// A count on an axis: `1`, `100`, `10 k`, `1 M`.
pub fn count_tick(n: f64) -> String {
    match n {
        n if n >= 1e9 => format!("{:.0} G", n / 1e9),
        n if n >= 1e6 => format!("{:.0} M", n / 1e6),
        n if n >= 1e3 => format!("{:.0} k", n / 1e3),
        n => format!("{n:.0}"),
    }
}

/// One bar of a [`log_bars`] chart.
pub struct BarItem {
    /// The strategy's label, written beside the bar.
    pub label: String,
    /// The value, in the chart's unit (ms, nodes).
    pub value: f64,
}

/// Horizontal bars on a log scale, one per item in the order given, each
/// labelled on its left and with its value in real units on its right and
/// in its tooltip. Bars start at the axis floor, the decade at or below the
/// smallest value (never below `least`), so no bar looks negative; the axis
/// below shows the decades. Not a plot: the mouse wheel scrolls the page.
pub fn log_bars(
    ui: &mut egui::Ui,
    id: &str,
    items: &[BarItem],
    least: f64,
    tick: &dyn Fn(f64) -> String,
    text: &dyn Fn(f64) -> String,
) {
    if items.is_empty() {
        return;
    }
    let values = items.iter().map(|b| b.value.max(least));
    let lo = values.clone().fold(f64::INFINITY, f64::min).log10().floor();
    let mut hi = values.fold(least, f64::max).log10().ceil();
    if hi <= lo {
        hi = lo + 1.0;
    }
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let label_width = items
        .iter()
        .map(|b| {
            ui.fonts_mut(|f| f.layout_no_wrap(b.label.clone(), font.clone(), color))
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let value_width = 80.0;
    let spacing = ui.spacing().item_spacing.x;
    let bar_width = (ui.available_width() - label_width - value_width - 2.0 * spacing).max(60.0);
    let bar_color = ui.visuals().selection.bg_fill;
    let x_of = |v: f64, rect: egui::Rect| {
        let t = ((v.max(least).log10() - lo) / (hi - lo)).clamp(0.0, 1.0) as f32;
        rect.left() + t * rect.width()
    };
    let mut area = None;
    ui.push_id(id, |ui| {
        for b in items {
            ui.horizontal(|ui| {
                ui.add_sized(
                    [label_width, 18.0],
                    egui::Label::new(&b.label).halign(egui::Align::Max),
                );
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(bar_width, 16.0), egui::Sense::hover());
                let value = text(b.value);
                let bar = egui::Rect::from_min_max(
                    rect.left_top(),
                    egui::pos2(x_of(b.value, rect).max(rect.left() + 2.0), rect.bottom()),
                );
                ui.painter().rect_filled(bar, 2.0, bar_color);
                // Not words: the label and the number.
                let label = format!("{}: {value}", b.label);
                ui.interact(bar, ui.scope_id().with(&b.label), egui::Sense::hover())
                    .on_hover_text(&label)
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
                ui.label(value);
                area = Some(area.map_or(rect, |a: egui::Rect| a.union(rect)));
            });
        }
        // The axis: a line per decade through the bars, its value below.
        let Some(area) = area else { return };
        let (axis, _) =
            ui.allocate_exact_size(egui::vec2(ui.available_width(), 16.0), egui::Sense::hover());
        let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
        let weak = ui.visuals().weak_text_color();
        let small = egui::TextStyle::Small.resolve(ui.style());
        let decades = (hi - lo).round() as i32;
        let every = (decades / 6).max(1);
        for k in (0..=decades).step_by(every as usize) {
            let v = 10f64.powi(lo as i32 + k);
            let x = x_of(v, area);
            ui.painter().vline(x, area.y_range(), stroke);
            ui.painter().text(
                egui::pos2(x, axis.top()),
                egui::Align2::CENTER_TOP,
                tick(v),
                small.clone(),
                weak,
            );
        }
    });
}

impl Session {
    /// Whether any row or the batch runs.
    pub fn is_running(&self) -> bool {
        self.rows.iter().any(Row::is_running) || self.batch.is_running()
    }

    /// Start every row on `start`.
    pub fn run_all(
        &mut self,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        for i in 0..self.rows.len() {
            self.run(i, start, settings, jobs, ctx);
        }
    }

    /// Start row `i` on `start` (each row its own thread and limits).
    pub fn run(
        &mut self,
        i: usize,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
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
            row.result = Some(Finished::Refused(refused(&why)));
            row.summary = None;
            return;
        }
        let repaint = ctx.clone();
        row.trace_points.clear();
        row.anatomy = None;
        let recording = super::anatomy::Recording::for_compare(settings.record_anatomy);
        row.job = Some(match start {
            Start::Tiles(p) => RowJob::Tiles(Box::new(Running::start(
                jobs,
                JobKind::CompareRow,
                p.clone(),
                strategy,
                row.config.heuristic,
                settings.limits(),
                recording,
                move || repaint.request_repaint(),
            ))),
            Start::Klotski(l, metric) => {
                let (l, metric) = (l.clone(), *metric);
                row.trace = Default::default();
                let ctl = row.trace.attach(
                    Control::default()
                        .with_limits(settings.limits())
                        .with_threads(1)
                        .with_progress(move |_| repaint.request_repaint()),
                );
                let work = move |ctl: &Control| {
                    super::anatomy::solve_recorded(
                        ctl,
                        recording,
                        |_| None,
                        |c| solve_klotski(&*strategy, &l, metric, c),
                    )
                };
                let wake = ctx.clone();
                let job = jobs.spawn(JobKind::CompareRow, ctl, work, move || {
                    wake.request_repaint()
                });
                RowJob::Klotski(Box::new(job))
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

    /// Collect finished runs (flagging disagreements) and a finished batch.
    fn poll(&mut self) {
        self.batch.poll();
        for r in &mut self.rows {
            let done = match &mut r.job {
                Some(RowJob::Tiles(run)) => run.try_finish().map(|f| match f {
                    Ok(f) => (
                        Finished::Tiles(f.outcome.map_err(|e| refused(&e))),
                        f.anatomy,
                    ),
                    Err(failed) => (Finished::Refused(Said::verbatim(failed.to_string())), None),
                }),
                Some(RowJob::Klotski(job)) => job.try_take().map(|o| match o {
                    Ok((Ok(o), anatomy)) => (Finished::Klotski(o), anatomy),
                    Ok((Err(e), _)) => (Finished::Refused(refused(&e)), None),
                    Err(failed) => (Finished::Refused(Said::verbatim(failed.to_string())), None),
                }),
                None => None,
            };
            if let Some((f, anatomy)) = done {
                r.anatomy = anatomy;
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
                    SortBy::Strategy => (0.0, r.config.label_in(true, Lang::English)),
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
            };
            idx.sort_by(|a, b| {
                let (ka, kb) = (key(a), key(b));
                let o = ka.0.total_cmp(&kb.0).then_with(|| ka.1.cmp(&kb.1));
                if ascending { o } else { o.reverse() }
            });
        }
        idx
    }

    /// Time and nodes of each finished row as bars on a log scale, in the
    /// table's order.
    fn charts(&self, ui: &mut egui::Ui, tiles: bool) {
        let lang = language(ui.ctx());
        let done: Vec<(String, RunSummary)> = self
            .order()
            .into_iter()
            .filter_map(|i| {
                let r = &self.rows[i];
                Some((r.config.label_in(tiles, lang), r.summary?))
            })
            .collect();
        if done.is_empty() {
            return;
        }
        let bars = |value: fn(&RunSummary) -> f64| -> Vec<BarItem> {
            done.iter()
                .map(|(label, s)| BarItem {
                    label: label.clone(),
                    value: value(s),
                })
                .collect()
        };
        ui.strong(tr(ui, CompareMsg::TimeChart));
        log_bars(ui, "time bars", &bars(|s| s.ms), 1e-3, &time_tick, &|ms| {
            duration(ms / 1e3)
        });
        ui.add_space(6.0);
        ui.strong(tr(ui, CompareMsg::NodesChart));
        log_bars(
            ui,
            "node bars",
            &bars(|s| s.expanded as f64),
            1.0,
            &count_tick,
            &|n| thousands(n as u64),
        );
        // Each run's shape: where its nodes went, depth by depth.
        let shapes: Vec<super::anatomy::Shape<'_>> = self
            .order()
            .into_iter()
            .filter_map(|i| {
                let r = &self.rows[i];
                Some(super::anatomy::Shape {
                    label: r.config.label_in(tiles, lang),
                    by_depth: &r.anatomy.as_ref()?.by_depth,
                })
            })
            .collect();
        ui.add_space(6.0);
        super::anatomy::compare_shapes(ui, &shapes);
    }

    /// The row's strategy: its label, and the heuristic below it.
    fn strategy_cell(ui: &mut egui::Ui, config: &RowConfig, tiles: bool) {
        let lang = language(ui.ctx());
        let (label, heuristic) = config.label_parts_in(tiles, lang);
        let knobs = config.tuning.describe(&config.strategy, lang);
        let r = label_lines(ui, &label, heuristic.as_deref(), true);
        if !knobs.is_empty() {
            r.on_hover_text(knobs);
        }
    }

    /// Draw the comparison of `start`; a command for the app, if any.
    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
    ) -> Option<super::Command> {
        let ctx = ui.ctx().clone();
        let tiles = matches!(start, Start::Tiles(_));
        let lang = language(&ctx);
        let mut action = None;
        ui.heading(tr(ui, CompareMsg::Heading));
        ui.horizontal_wrapped(|ui| {
            let running = self.is_running();
            if ui
                .add_enabled(!running, egui::Button::new(tr(ui, CompareMsg::RunAll)))
                .clicked()
            {
                self.run_all(start, settings, jobs, &ctx);
            }
            if ui
                .add_enabled(running, egui::Button::new(tr(ui, CompareMsg::CancelAll)))
                .clicked()
            {
                self.cancel_all();
            }
            let any = self.rows.iter().any(|r| r.summary.is_some());
            if ui
                .add_enabled(
                    any && !running,
                    egui::Button::new(tr(ui, CompareMsg::Export)),
                )
                .on_hover_text(tr(ui, CompareMsg::ExportHint))
                .clicked()
            {
                action = Some(super::Command::Export);
            }
            ui.separator();
            egui::ComboBox::from_label(tr(ui, CompareMsg::NewRow))
                .selected_text(
                    strategy::find(&self.new_strategy)
                        .map_or_else(|| "?".into(), |s| strategy_label(s, lang)),
                )
                .show_ui(ui, |ui| {
                    for s in strategy::for_family(start.family()) {
                        ui.selectable_value(
                            &mut self.new_strategy,
                            s.name().to_string(),
                            strategy_label(s, lang),
                        );
                    }
                });
            if tiles {
                egui::ComboBox::from_label(tr(ui, CompareMsg::With))
                    .selected_text(heuristic_label(self.new_heuristic, lang))
                    .show_ui(ui, |ui| {
                        for k in HeuristicKind::ALL {
                            ui.selectable_value(
                                &mut self.new_heuristic,
                                k,
                                heuristic_label(k, lang),
                            );
                        }
                    });
            }
            if ui
                .button(tr(ui, CompareMsg::Add))
                .on_hover_text(tr(ui, CompareMsg::AddHint))
                .clicked()
            {
                self.rows.push(Row::new(RowConfig {
                    strategy: self.new_strategy.clone(),
                    heuristic: self.new_heuristic,
                    tuning: settings.tuning.of(&self.new_strategy),
                }));
            }
        });
        if self
            .rows
            .iter()
            .any(|r| r.result.is_some() && r.start.as_ref() != Some(start))
        {
            ui.colored_label(ui.visuals().warn_fg_color, tr(ui, CompareMsg::EarlierStart));
        }
        self.table(ui, start, settings, jobs, tiles, &mut action);
        if let Some(r) = self.shown_trace.and_then(|i| self.rows.get(i)) {
            let label = r.config.label_in(tiles, lang);
            ui.label(tr(ui, CompareMsg::TraceOf { label }));
            super::trace_plot::show(ui, "compare row", &r.trace_points);
        }
        if self
            .rows
            .iter()
            .any(|r| r.summary.is_some_and(|s| s.disagrees))
        {
            ui.colored_label(ui.visuals().error_fg_color, tr(ui, CompareMsg::Disagree));
        }
        ui.add_space(6.0);
        self.charts(ui, tiles);
        ui.separator();
        let configs: Vec<RowConfig> = self.rows.iter().map(|r| r.config.clone()).collect();
        if self.batch.ui(ui, start, &configs, settings, jobs) {
            action = Some(super::Command::ExportBatch);
        }
        if self.is_running() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        action
    }

    /// The results table: a header that sorts, a row per configuration with
    /// its numbers ("–" until it ran) and its buttons, always in the same
    /// places.
    fn table(
        &mut self,
        ui: &mut egui::Ui,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        tiles: bool,
        action: &mut Option<super::Command>,
    ) {
        let ctx = ui.ctx().clone();
        let lang = language(&ctx);
        let length = if tiles {
            CompareMsg::ColLength
        } else {
            CompareMsg::ColLengthMetric
        };
        let headers = [
            (SortBy::Strategy, CompareMsg::ColStrategy, false),
            (SortBy::Status, CompareMsg::ColStatus, false),
            (SortBy::Length, length, true),
            (SortBy::Optimal, CompareMsg::ColOptimal, false),
            (SortBy::Expanded, CompareMsg::ColExpanded, true),
            (SortBy::Generated, CompareMsg::ColGenerated, true),
            (SortBy::Memory, CompareMsg::ColMemory, true),
            (SortBy::Time, CompareMsg::ColTime, true),
        ]
        .map(|(by, name, numeric)| (by, name.text(lang), numeric));
        let [run_text, cancel_text, play, trace, copy, remove_text] = [
            CompareMsg::Run,
            CompareMsg::Cancel,
            CompareMsg::Play,
            CompareMsg::Trace,
            CompareMsg::Copy,
            CompareMsg::Remove,
        ]
        .map(|m| m.text(lang));
        // Each row button has its slot, as wide in every row (Run's fits
        // Cancel too), so none moves when another changes or is disabled.
        let font = egui::TextStyle::Button.resolve(ui.style());
        let padding = 2.0 * ui.spacing().button_padding.x;
        let text_width = |ui: &egui::Ui, text: &str| {
            ui.fonts_mut(|f| f.layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE))
                .size()
                .x
                + padding
        };
        let run_width = text_width(ui, &run_text).max(text_width(ui, &cancel_text));
        let slots: Vec<(&str, f32)> = [&play, &trace, &copy, &remove_text]
            .into_iter()
            .map(|b| (b.as_str(), text_width(ui, b)))
            .collect();
        let gap = 4.0;
        let actions_width = run_width + slots.iter().map(|s| s.1).sum::<f32>() + 4.0 * gap;
        let button = |text: &str| {
            let width = slots
                .iter()
                .find(|s| s.0 == text)
                .map_or(run_width, |s| s.1);
            egui::Button::new(text).min_size(egui::vec2(width, 0.0))
        };
        let order = self.order();
        let mut remove = None;
        let mut duplicate = None;
        let mut run_one = None;
        let mut show_trace = None;
        let sort = self.sort;
        let mut new_sort = None;
        let right = egui::Layout::right_to_left(egui::Align::Center);
        let left = egui::Layout::left_to_right(egui::Align::Center);
        // The numbers of each row shown ("–" until it ran), and each
        // column as wide as its widest text or header: fixed widths keep
        // right-aligned numbers under their headers.
        let numbers: Vec<[String; 5]> = order
            .iter()
            .map(|&i| {
                let Some(s) = self.rows[i].summary else {
                    return std::array::from_fn(|_| "–".to_string());
                };
                let length = match (s.solution_length(), s.klotski.map(|k| k.moves)) {
                    (Some(l), Some(m)) => CompareMsg::LengthMoves {
                        length: l,
                        moves: m,
                    }
                    .text(lang),
                    (Some(l), None) => l.to_string(),
                    _ => "–".into(),
                };
                [
                    length,
                    thousands(s.expanded),
                    thousands(s.generated),
                    bytes(s.peak_bytes),
                    duration(s.ms / 1e3),
                ]
            })
            .collect();
        let body_font = egui::TextStyle::Body.resolve(ui.style());
        let width_of = |ui: &egui::Ui, text: &str| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap(text.to_string(), body_font.clone(), egui::Color32::WHITE)
            })
            .size()
            .x
        };
        let header_width = |ui: &egui::Ui, name: &str| width_of(ui, &format!("{name} ↓")) + 2.0;
        let mut widths = [0.0f32; 7];
        for (k, (_, name, _)) in headers.iter().skip(1).enumerate() {
            widths[k] = header_width(ui, name);
        }
        widths[2] += OPTIMAL_INDENT;
        // (WW: room for the spinner beside the live count.)
        for text in [
            status_word(Status::Unsolvable, lang),
            CompareMsg::Disagrees.text(lang),
            CompareMsg::Refused.text(lang),
            status_word(Status::NotFound, lang),
            "WW 99,999,999".into(),
        ] {
            widths[0] = widths[0].max(width_of(ui, &text));
        }
        for row in &numbers {
            for (k, text) in row.iter().enumerate() {
                let column = if k == 0 { 1 } else { k + 2 };
                widths[column] = widths[column].max(width_of(ui, text) + 2.0);
            }
        }
        let mut table = TableBuilder::new(ui)
            .id_salt("compare table")
            .striped(true)
            .cell_layout(left)
            .column(
                Column::remainder()
                    .at_least(120.0)
                    .at_most(280.0)
                    .clip(true),
            );
        for w in widths {
            table = table.column(Column::exact(w));
        }
        table
            .column(Column::exact(actions_width))
            .header(24.0, |mut header| {
                for (by, name, numeric) in headers {
                    header.col(|ui| {
                        let arrow = match sort {
                            Some((b, true)) if b == by => " ↑",
                            Some((b, false)) if b == by => " ↓",
                            _ => "",
                        };
                        let layout = if numeric { right } else { left };
                        if by == SortBy::Optimal {
                            ui.add_space(OPTIMAL_INDENT);
                        }
                        ui.with_layout(layout, |ui| {
                            let r = ui
                                .add(
                                    egui::Label::new(
                                        egui::RichText::new(format!("{name}{arrow}")).strong(),
                                    )
                                    .sense(egui::Sense::click()),
                                )
                                .on_hover_cursor(egui::CursorIcon::PointingHand)
                                .on_hover_text(tr(
                                    ui,
                                    CompareMsg::SortBy {
                                        column: name.to_lowercase(),
                                    },
                                ));
                            if r.clicked() {
                                new_sort = Some(match sort {
                                    Some((b, asc)) if b == by => (by, !asc),
                                    _ => (by, true),
                                });
                            }
                        });
                    });
                }
                header.col(|_| {});
            })
            .body(|mut body| {
                for (&i, numbers) in order.iter().zip(&numbers) {
                    let r = &self.rows[i];
                    let guided = r.config.run_by(tiles).heuristic_label(lang).is_some();
                    let height = if guided { 36.0 } else { 24.0 };
                    body.row(height, |mut row| {
                        let s = r.summary;
                        let warn = s.is_some_and(|s| s.disagrees);
                        let cell = |row: &mut egui_extras::TableRow<'_, '_>, text: &str| {
                            row.col(|ui| {
                                ui.with_layout(right, |ui| {
                                    ui.label(text);
                                });
                            });
                        };
                        row.col(|ui| Self::strategy_cell(ui, &r.config, tiles));
                        row.col(|ui| {
                            if let Some(job) = &r.job {
                                ui.spinner();
                                let p = job.progress().map_or(0, |p| p.expanded);
                                ui.label(thousands(p));
                            } else if warn {
                                ui.colored_label(
                                    ui.visuals().error_fg_color,
                                    tr(ui, CompareMsg::Disagrees),
                                )
                                .on_hover_text(tr(ui, CompareMsg::DisagreesHint));
                            } else if let Some(Finished::Tiles(Err(why)) | Finished::Refused(why)) =
                                &r.result
                            {
                                ui.label(tr(ui, CompareMsg::Refused))
                                    .on_hover_text(why.text(lang));
                            } else if let Some(s) = s {
                                let l = ui.label(status_word(s.status, lang));
                                if let Status::Limit(kind) = s.status {
                                    let limit = match lang {
                                        Lang::English => kind.to_string(),
                                        Lang::Chinese => status_text(s.status, lang),
                                    };
                                    l.on_hover_text(tr(ui, CompareMsg::StoppedAt { limit }));
                                }
                            } else {
                                ui.label("–");
                            }
                        });
                        cell(&mut row, &numbers[0]);
                        row.col(|ui| {
                            ui.add_space(OPTIMAL_INDENT);
                            ui.label(match s {
                                None => "–".to_string(),
                                Some(s) if s.optimal => tr(ui, CompareMsg::Yes),
                                Some(_) => tr(ui, CompareMsg::No),
                            });
                        });
                        for text in &numbers[1..] {
                            cell(&mut row, text);
                        }
                        row.col(|ui| {
                            ui.spacing_mut().item_spacing.x = gap;
                            let shown = r.config.label_in(tiles, lang);
                            if let Some(j) = &r.job {
                                if ui
                                    .add(button(&cancel_text))
                                    .on_hover_text(tr(ui, CompareMsg::CancelRow { label: shown }))
                                    .clicked()
                                {
                                    j.cancel();
                                }
                            } else if ui
                                .add(button(&run_text))
                                .on_hover_text(tr(ui, CompareMsg::RunRow { label: shown }))
                                .clicked()
                            {
                                run_one = Some(i);
                            }
                            let idle = r.job.is_none();
                            let solved = idle && s.is_some_and(|s| s.solved());
                            if ui
                                .add_enabled(solved, button(&play))
                                .on_hover_text(tr(ui, CompareMsg::PlayHint))
                                .clicked()
                                && let (Some(start), Some(f)) = (&r.start, &r.result)
                            {
                                *action = Some(super::Command::PlayCompared(Box::new((
                                    start.clone(),
                                    f.clone(),
                                    r.config.run_by(tiles),
                                ))));
                            }
                            if ui
                                .add_enabled(idle && !r.trace_points.is_empty(), button(&trace))
                                .on_hover_text(tr(ui, CompareMsg::TraceHint))
                                .clicked()
                            {
                                show_trace = Some(i);
                            }
                            if ui
                                .add_enabled(idle, button(&copy))
                                .on_hover_text(tr(ui, CompareMsg::CopyHint))
                                .clicked()
                            {
                                duplicate = Some(i);
                            }
                            if ui
                                .add_enabled(idle, button(&remove_text))
                                .on_hover_text(tr(ui, CompareMsg::RemoveHint))
                                .clicked()
                            {
                                remove = Some(i);
                            }
                        });
                    });
                }
            });
        if new_sort.is_some() {
            self.sort = new_sort;
        }
        if show_trace.is_some() {
            self.shown_trace = show_trace;
        }
        if let Some(i) = run_one {
            self.run(i, start, settings, jobs, &ctx);
        }
        // The trace shown stays with its row as rows come and go.
        if let Some(i) = duplicate {
            let config = self.rows[i].config.clone();
            self.rows.insert(i + 1, Row::new(config));
            self.shown_trace = self.shown_trace.map(|s| if s > i { s + 1 } else { s });
        }
        if let Some(i) = remove {
            self.rows.remove(i);
            self.shown_trace = match self.shown_trace {
                Some(s) if s == i => None,
                Some(s) if s > i => Some(s - 1),
                s => s,
            };
        }
    }
}

impl CompareView {
    /// Whether any row or batch of either family runs.
    pub fn is_running(&self) -> bool {
        self.tiles.is_running() || self.klotski.is_running()
    }

    /// Collect finished runs of both families; called from `App::logic`,
    /// never from drawing.
    pub fn poll(&mut self) {
        self.tiles.poll();
        self.klotski.poll();
    }

    /// Say `line` in the view's status line (drawn in the language of
    /// the day).
    pub fn set_status(&mut self, line: Said) {
        self.status = line;
    }

    /// The status line, in English.
    #[cfg(test)]
    pub fn status(&self) -> String {
        self.status.english()
    }

    /// Draw the view for `start`, its family's comparison in front, the
    /// status line at the bottom; a command for the app, if any.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
    ) -> Option<super::Command> {
        self.family = start.family();
        let busy = self.is_running();
        let status = self.status.text(language(ui.ctx()));
        super::steps::status_bar(ui, "compare status", busy, &status);
        let mut command = None;
        egui::CentralPanel::default().show(ui, |ui| {
            // Scrolls sideways too: on a narrow window the table (whose
            // columns keep their widths) would otherwise be cut off.
            egui::ScrollArea::both().show(ui, |ui| {
                command = (**self).ui(ui, start, settings, jobs);
            });
        });
        command
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_ticks_read_as_people_write_them() {
        let ticks: Vec<String> = [1e-25, 1e-3, 0.05, 0.5, 1.0, 12.6, 100.0, 2500.0, 1e12]
            .map(time_tick)
            .into();
        assert_eq!(
            ticks,
            [
                "< 1 µs", "1 µs", "50 µs", "500 µs", "1 ms", "13 ms", "100 ms", "2.5 s", "1e9 s"
            ]
        );
        let counts: Vec<String> = [1.0, 100.0, 1e4, 1e6].map(count_tick).into();
        assert_eq!(counts, ["1", "100", "10 k", "1 M"]);
    }

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
