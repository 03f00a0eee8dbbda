//! The batch by solution depth (Russell and Norvig's table): starts
//! exactly d moves from the goal for each depth asked, drawn uniformly from
//! the board's exact distance table ([`starts_by_depth`]), every compare
//! row run on each in the background; a table of the mean nodes generated
//! and b* per depth ([`DepthCell`]: no mean for a depth where a start was
//! over a limit), and two charts, nodes per depth on a log axis and b* per
//! depth, a line per configuration.

use eframe::egui;
use egui_plot::{HoverPosition, Line, Plot, PlotPoints, Points};

use super::{label, legend_entry, progress_bar, runnable, series_color};
use crate::app::compare::RowConfig;
use crate::app::i18n::{CompareMsg, Lang, Message, language, tr};
use crate::app::jobs::{Handle, JobKind, Jobs, StrategyChoice, Task, TaskEnv};
use crate::app::model::Start;
use crate::app::run_by::RunBy;
use crate::app::settings::Settings;
use crate::app::widgets::axes::{self, Scale};
use crate::app::{Command, CompareCommand};
use crate::engine::control::Stop;
use crate::engine::experiment::{
    BY_DEPTH_MAX_NODES, DepthCell, DepthCost, RunSummary, starts_by_depth,
};
use crate::engine::strategy::SearchKind;
use crate::engine::tiles::table::DistanceTable;
use crate::engine::{
    Board, Control, HeuristicChoice, HeuristicKind, Limits, Progress, TilePuzzle, solve_tiles,
};
use crate::units::thousands;

/// One depth's starts and each configuration's cell.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct DepthRow {
    /// The starts' distance to the goal.
    pub depth: u32,
    /// Positions at this depth (the layer the starts were drawn from).
    pub positions: u64,
    /// The starts, in the order run.
    pub starts: Vec<Board>,
    /// One per configuration, aligned with the batch's runs.
    pub cells: Vec<DepthCell>,
}

/// One configuration's points on the two charts: (depth, mean nodes
/// generated) and (depth, b*) for each depth with a mean.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    pub nodes: Vec<[f64; 2]>,
    pub branching: Vec<[f64; 2]>,
    /// A local search's: it expands no tree, so its b* means nothing
    /// and stays off the b* chart (its nodes are charted).
    pub local: bool,
}

/// A by-depth run as data: each row on `per_depth` starts at each of
/// `depths` moves from `goal`. Its progress reports count the starts done
/// (in `expanded`).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct RunByDepth {
    goal: Board,
    rows: Vec<(StrategyChoice, HeuristicKind)>,
    depths: Vec<u32>,
    per_depth: usize,
    seed: u64,
    limits: Limits,
}

impl Task for RunByDepth {
    type Output = Result<Vec<DepthRow>, Stop>;
    const NAME: &'static str = "by_depth";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        let Self {
            goal,
            rows: choices,
            depths,
            per_depth,
            seed,
            limits,
        } = self;
        // A row the registry refuses (a page of another version) runs
        // nothing.
        let strategies: Vec<_> = choices
            .iter()
            .map(|(s, h)| (s.strategy().ok(), *h))
            .collect();
        let mut done = 0;
        let table_ctl = Control::default()
            .with_cancel(ctl.cancel.clone())
            .with_limits(Limits {
                max_nodes: None,
                ..limits
            });
        let table = DistanceTable::build(&goal, &table_ctl)?;
        let depths: Vec<u32> = depths
            .into_iter()
            .filter(|&d| d <= table.max_distance())
            .collect();
        let drawn = starts_by_depth(&table, &depths, per_depth, seed);
        let mut rows: Vec<DepthRow> = Vec::new();
        for (&depth, starts) in depths.iter().zip(drawn) {
            let active: Vec<bool> = (0..strategies.len())
                .map(|k| rows.last().is_none_or(|r| r.cells[k].worth_deeper()))
                .collect();
            let mut runs: Vec<Vec<RunSummary>> = vec![Vec::new(); strategies.len()];
            'starts: for board in &starts {
                let p = TilePuzzle::new(board.clone(), goal.clone()).expect("same shape");
                for (k, (s, h)) in strategies.iter().enumerate() {
                    let (true, Some(s)) = (active[k], s) else {
                        continue;
                    };
                    let run_ctl = Control::default()
                        .with_limits(limits)
                        .with_cancel(ctl.cancel.clone())
                        .with_threads(1);
                    let choice = HeuristicChoice::with_database(*h, None);
                    let Ok(o) = solve_tiles(&**s, &p, &choice, &run_ctl) else {
                        continue;
                    };
                    // A run cut short by the cancel is no data point.
                    if ctl.cancel.is_cancelled() && o.status != crate::engine::Status::Solved {
                        break 'starts;
                    }
                    runs[k].push(RunSummary::of(&o));
                }
                done += 1;
                if let Some(report) = &ctl.on_progress {
                    report(&Progress {
                        expanded: done,
                        ..Progress::default()
                    });
                }
            }
            let cells = runs
                .iter()
                .zip(&active)
                .map(|(r, &active)| match active {
                    true => DepthCell::of(depth, r, starts.len()),
                    false => DepthCell::skipped(starts.len()),
                })
                .collect();
            rows.push(DepthRow {
                depth,
                positions: table.by_distance()[depth as usize],
                starts,
                cells,
            });
            if ctl.cancel.is_cancelled() {
                break;
            }
        }
        Ok(rows)
    }

    fn cancelled(&self, _: Option<Progress>) -> Self::Output {
        // Stopped from outside (the web edition ends its worker at once):
        // nothing of it came back.
        Err(Stop::Cancelled)
    }
}

/// The settings of the batch by depth and its run.
pub struct ByDepth {
    /// The first depth.
    pub from: u32,
    /// The last depth.
    pub to: u32,
    /// Every this many depths.
    pub step: u32,
    /// Starts per depth.
    pub per_depth: usize,
    /// The configurations run, aligned with each row's cells.
    runs: Vec<RunBy>,
    job: Option<Handle<Result<Vec<DepthRow>, Stop>>>,
    /// Starts to run.
    total: usize,
    /// The node limit each run had.
    max_nodes: u64,
    /// The depths of the last run, once finished (or cancelled part-way).
    pub rows: Vec<DepthRow>,
    /// Why the last run ended without results.
    pub failed: Option<CompareMsg>,
}

impl Default for ByDepth {
    fn default() -> Self {
        Self {
            from: 2,
            to: 12,
            step: 2,
            per_depth: 10,
            runs: Vec::new(),
            job: None,
            total: 0,
            max_nodes: BY_DEPTH_MAX_NODES,
            rows: Vec::new(),
            failed: None,
        }
    }
}

/// Whether `run` is of a local search (by the kind of search its
/// strategy says it is).
fn is_local(run: &RunBy) -> bool {
    run.search_kind().is_some_and(SearchKind::is_local)
}

/// Whether `start` is a board the exact distance table covers.
fn drawable(start: &Start) -> bool {
    start.shape().is_some_and(DistanceTable::covers)
}

impl ByDepth {
    /// Whether it runs.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The depths asked for.
    fn depths(&self) -> Vec<u32> {
        let (from, to) = (self.from.max(1), self.to.max(self.from.max(1)));
        (from..=to).step_by(self.step.max(1) as usize).collect()
    }

    /// Each configuration's chart points, labelled in `lang`.
    pub fn series(&self, lang: Lang) -> Vec<Series> {
        self.runs
            .iter()
            .enumerate()
            .map(|(k, run)| {
                let means = self
                    .rows
                    .iter()
                    .filter_map(|r| Some((r.depth, *r.cells.get(k)?.averaged()?)));
                Series {
                    label: match label(run, lang) {
                        (s, Some(h)) => format!("{s} · {h}"),
                        (s, None) => s,
                    },
                    nodes: means
                        .clone()
                        .map(|(d, c)| [f64::from(d), c.aggregate.mean_generated])
                        .collect(),
                    branching: means
                        .filter_map(|(d, c)| Some([f64::from(d), c.branching()?]))
                        .collect(),
                    local: is_local(run),
                }
            })
            .collect()
    }

    /// Start a run of `configs` on boards of `start`'s shape and goal,
    /// unless one runs.
    pub fn start(
        &mut self,
        start: &Start,
        configs: &[RowConfig],
        seed: u64,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        let Start::Tiles(puzzle) = start else {
            return;
        };
        if self.job.is_some() {
            return;
        }
        self.rows.clear();
        self.failed = None;
        let (names, strategies) = runnable(start, configs);
        self.runs = names.into_iter().map(|(run, _)| run).collect();
        let depths = self.depths();
        let per_depth = self.per_depth.max(1);
        self.total = depths.len() * per_depth;
        // The settings' node limit, or the command line's default for
        // this experiment: iterative deepening explodes past depth 14.
        let limits = Limits {
            max_nodes: Some(settings.limits().max_nodes.unwrap_or(BY_DEPTH_MAX_NODES)),
            ..settings.limits()
        };
        self.max_nodes = limits.max_nodes.unwrap_or(BY_DEPTH_MAX_NODES);
        let task = RunByDepth {
            goal: puzzle.goal.clone(),
            rows: strategies
                .iter()
                .map(|(s, h)| (StrategyChoice::of(&**s), *h))
                .collect(),
            depths,
            per_depth,
            seed,
            limits,
        };
        let repaint = ctx.clone();
        let ctl = Control::default().with_progress(move |_| repaint.request_repaint());
        let wake = ctx.clone();
        self.job = Some(jobs.run_task(JobKind::Batch, ctl, task, move || wake.request_repaint()));
    }

    /// Ask the running run, if any, to stop.
    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }

    /// Collect a finished run (called from `App::logic`).
    pub fn poll(&mut self) {
        if let Some(job) = &mut self.job
            && let Some(result) = job.try_take()
        {
            match result {
                Ok(Ok(rows)) => self.rows = rows,
                // Cancelled while the table was built: nothing to show.
                Ok(Err(Stop::Cancelled | Stop::Halted)) => {}
                Ok(Err(Stop::Limit(_))) => self.failed = Some(CompareMsg::ByDepthTableLimit),
                Err(failed) => {
                    self.failed = Some(CompareMsg::ByDepthFailed {
                        why: failed.to_string(),
                    })
                }
            }
            self.job = None;
        }
    }

    /// Draw the section for `start`: settings, Run / Cancel, progress,
    /// the table and the charts; what was clicked goes to `out`.
    pub fn ui(&mut self, ui: &mut egui::Ui, start: &Start, out: &mut Vec<Command>) {
        ui.label(tr(ui, CompareMsg::ByDepthIntro));
        if !drawable(start) {
            ui.weak(tr(ui, CompareMsg::ByDepthNeedsTable));
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.add_enabled_ui(self.job.is_none(), |ui| {
                let l = ui.label(tr(ui, CompareMsg::ByDepthFrom));
                ui.add(egui::DragValue::new(&mut self.from).range(1..=80))
                    .labelled_by(l.id);
                let l = ui.label(tr(ui, CompareMsg::ByDepthTo));
                ui.add(egui::DragValue::new(&mut self.to).range(1..=80))
                    .labelled_by(l.id);
                let l = ui.label(tr(ui, CompareMsg::ByDepthStep));
                ui.add(egui::DragValue::new(&mut self.step).range(1..=20))
                    .labelled_by(l.id);
                let l = ui.label(tr(ui, CompareMsg::ByDepthPerDepth));
                ui.add(egui::DragValue::new(&mut self.per_depth).range(1..=1000))
                    .labelled_by(l.id);
                if ui.button(tr(ui, CompareMsg::ByDepthRun)).clicked() {
                    out.push(CompareCommand::StartByDepth.into());
                }
            });
            if self.job.is_some() && ui.button(tr(ui, CompareMsg::ByDepthCancel)).clicked() {
                out.push(CompareCommand::CancelByDepth.into());
            }
        });
        if let Some(job) = &self.job {
            let done = super::starts_done(job.progress());
            let total = self.total;
            let text = tr(
                ui,
                CompareMsg::ByDepthProgress {
                    done: done as u64,
                    total: total as u64,
                },
            );
            progress_bar(ui, done, total, text);
        }
        if let Some(failed) = &self.failed {
            ui.colored_label(ui.visuals().error_fg_color, tr(ui, failed));
        }
        if self.rows.is_empty() {
            return;
        }
        ui.weak(tr(
            ui,
            CompareMsg::ByDepthLimit {
                nodes: thousands(self.max_nodes),
            },
        ));
        self.table(ui);
        let series = self.series(language(ui.ctx()));
        ui.horizontal_wrapped(|ui| {
            for (k, s) in series.iter().enumerate() {
                legend_entry(ui, &s.label, series_color(k));
            }
        });
        ui.label(tr(ui, CompareMsg::ByDepthNodesChart));
        chart(ui, &series, true);
        ui.label(tr(ui, CompareMsg::ByDepthBranchingChart));
        chart(ui, &series, false);
        if series.iter().any(|s| s.local) {
            ui.weak(tr(ui, CompareMsg::ByDepthNoLocalBranching));
        }
    }

    /// A row per depth: its positions, then each configuration's mean
    /// nodes and b*, "–" with the solved count where a start was over a
    /// limit, "not run" where none was solved shallower.
    fn table(&self, ui: &mut egui::Ui) {
        let lang = language(ui.ctx());
        egui::Grid::new("by depth table")
            .striped(true)
            .show(ui, |ui| {
                ui.strong(tr(ui, CompareMsg::ColDepth));
                ui.strong(tr(ui, CompareMsg::ColPositions));
                for run in &self.runs {
                    let (strategy, heuristic) = label(run, lang);
                    crate::app::compare::label_lines(ui, &strategy, heuristic.as_deref(), false);
                    ui.strong("b*");
                }
                ui.end_row();
                for row in &self.rows {
                    // The starts, as Set state takes them, on hover.
                    let starts = row.starts.iter().map(Board::to_text);
                    let starts = starts.collect::<Vec<_>>().join("\n");
                    ui.label(row.depth.to_string()).on_hover_text(starts);
                    ui.label(thousands(row.positions));
                    for (cell, run) in row.cells.iter().zip(&self.runs) {
                        // A local search's b* means nothing: "–".
                        let b_star = |c: &DepthCost| match is_local(run) {
                            true => "–".to_string(),
                            false => c.branching().map_or("–".into(), |b| format!("{b:.2}")),
                        };
                        match cell.averaged() {
                            _ if cell.skipped => {
                                ui.weak(tr(ui, CompareMsg::ByDepthNotRun))
                                    .on_hover_text(tr(ui, CompareMsg::ByDepthNotRunHint));
                                ui.label("–");
                            }
                            Some(c) => {
                                ui.label(thousands(c.aggregate.mean_generated.round() as u64));
                                ui.label(b_star(c));
                            }
                            None => {
                                let solved = cell.cost.map_or(0, |c| c.aggregate.solved);
                                let runs = solved.max(cell.cost.map_or(0, |c| c.aggregate.runs))
                                    + cell.not_run;
                                ui.label(tr(ui, CompareMsg::ByDepthOver { solved, runs }))
                                    .on_hover_text(tr(ui, CompareMsg::ByDepthOverHint));
                                ui.label("–");
                            }
                        }
                    }
                    ui.end_row();
                }
            });
    }
}

/// A chart's lines: each series' index (its colour, as in the legend)
/// and points, its mean nodes as log10 (`nodes`) or its b*, which local
/// searches have none of that means anything.
pub fn chart_lines(series: &[Series], nodes: bool) -> Vec<(usize, Vec<[f64; 2]>)> {
    series
        .iter()
        .enumerate()
        .filter(|(_, s)| nodes || !s.local)
        .map(|(k, s)| {
            let points = match nodes {
                true => s
                    .nodes
                    .iter()
                    .map(|&[d, n]| [d, n.max(1.0).log10()])
                    .collect(),
                false => s.branching.clone(),
            };
            (k, points)
        })
        .collect()
}

/// A chart's axes, set by the points of its `lines`: depths across, the
/// nodes' log scale (`nodes`) or b* from at most 1 up.
pub fn chart_scales(lines: &[(usize, Vec<[f64; 2]>)], nodes: bool) -> (Scale, Scale) {
    let all = || lines.iter().flat_map(|(_, points)| points);
    let lo = |i: usize| all().map(|p| p[i]).fold(f64::INFINITY, f64::min);
    let hi = |i: usize| all().map(|p| p[i]).fold(f64::NEG_INFINITY, f64::max);
    let x = Scale::integer(lo(0), hi(0));
    let y = match nodes {
        true => Scale::log_range(lo(1), hi(1)),
        false => Scale::real(lo(1).min(1.0), hi(1)),
    };
    (x, y)
}

/// A chart of the series by depth: their mean nodes on a log axis
/// (`nodes`), or their b* (exact searches only). Lines through the depths
/// with a mean, a dot at each; the wheel scrolls the page.
fn chart(ui: &mut egui::Ui, series: &[Series], nodes: bool) {
    let lang = language(ui.ctx());
    let lines = chart_lines(series, nodes);
    let (x, y) = chart_scales(&lines, nodes);
    let plot = Plot::new(("by depth chart", nodes))
        .height(180.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .x_axis_label(CompareMsg::ByDepthAxis.text(lang))
        .y_axis_min_width(52.0);
    let plot =
        axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx())).label_formatter(move |pos| {
            match pos {
                HoverPosition::NearDataPoint {
                    plot_name,
                    position,
                    ..
                } => Some(match nodes {
                    true => CompareMsg::ByDepthNodesPoint {
                        series: plot_name.to_string(),
                        depth: position.x,
                        nodes: thousands(10f64.powf(position.y).round() as u64),
                    }
                    .text(lang),
                    false => CompareMsg::ByDepthBranchingPoint {
                        series: plot_name.to_string(),
                        depth: position.x,
                        b: format!("{:.2}", position.y),
                    }
                    .text(lang),
                }),
                HoverPosition::Elsewhere { .. } => None,
            }
        });
    plot.show(ui, |plot| {
        for (k, xy) in lines {
            let s = &series[k];
            plot.line(
                Line::new(s.label.clone(), PlotPoints::from(xy.clone())).color(series_color(k)),
            );
            plot.points(
                Points::new(s.label.clone(), PlotPoints::from(xy))
                    .radius(3.0)
                    .color(series_color(k)),
            );
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strategy::find;
    use crate::engine::{HeuristicKind, Status};

    /// A run solved at `depth` moves that generated `generated` nodes.
    fn solved(depth: u32, generated: u64) -> RunSummary {
        RunSummary {
            status: Status::Solved,
            optimal: false,
            within: None,
            length: depth as usize,
            klotski: None,
            expanded: generated / 2,
            generated,
            peak_stored: generated,
            peak_bytes: 0,
            database_bytes: 0,
            ms: 1.0,
            walk_length: None,
            disagrees: false,
        }
    }

    /// A*, IDA*, annealing and tabu search at depths 4 and 8, the local
    /// searches' walks millions of nodes long (b* near 100 at depth 4,
    /// as issue 43 saw): the b* chart holds the exact searches only, its
    /// y axis set by them, and the nodes chart holds all four.
    #[test]
    fn the_b_star_chart_leaves_local_searches_out_and_fits_the_exact_ones() {
        let manhattan = Some(HeuristicKind::Manhattan);
        let names = ["astar", "idastar", "annealing", "tabu"];
        let mut by_depth = ByDepth {
            runs: names
                .iter()
                .map(|n| RunBy::new(find(n).unwrap(), manhattan))
                .collect(),
            ..ByDepth::default()
        };
        let generated = |depth: u32| [4 * depth as u64, 9 * depth as u64, 100_000_000, 50_000_000];
        by_depth.rows = [4, 8]
            .into_iter()
            .map(|depth| DepthRow {
                depth,
                positions: 1,
                starts: Vec::new(),
                cells: generated(depth)
                    .into_iter()
                    .map(|n| DepthCell::of(depth, &[solved(depth, n)], 1))
                    .collect(),
            })
            .collect();
        let series = by_depth.series(Lang::English);
        let local: Vec<bool> = names
            .iter()
            .map(|n| find(n).unwrap().search_kind().unwrap().is_local())
            .collect();
        assert_eq!(local, [false, false, true, true]);
        // Every series has its b* points; the chart draws the exact ones.
        assert!(series.iter().all(|s| s.branching.len() == 2));
        let lines = chart_lines(&series, false);
        let drawn: Vec<usize> = lines.iter().map(|(k, _)| *k).collect();
        assert_eq!(drawn, [0, 1], "no local search on the b* chart");
        let exact_most = series[..2]
            .iter()
            .flat_map(|s| &s.branching)
            .map(|p| p[1])
            .fold(0.0, f64::max);
        let local_most = series[2..]
            .iter()
            .flat_map(|s| &s.branching)
            .map(|p| p[1])
            .fold(0.0, f64::max);
        assert!(local_most > 20.0, "the local searches' b*: {local_most}");
        let (_, y) = chart_scales(&lines, false);
        assert!(y.hi >= exact_most, "{} < {exact_most}", y.hi);
        assert!(
            y.hi < 2.0 * exact_most,
            "y up to {} for b* up to {exact_most}",
            y.hi
        );
        let nodes: Vec<usize> = chart_lines(&series, true).iter().map(|(k, _)| *k).collect();
        assert_eq!(nodes, [0, 1, 2, 3], "every search on the nodes chart");
    }

    /// A by-depth run as the web edition runs it: sent to a worker as
    /// JSON, read back from JSON, the same as run in place; every start is
    /// its depth's distance from the goal (the exact searches say so) and
    /// the progress counts every start.
    #[test]
    fn a_by_depth_run_sent_as_json_answers_as_run_in_place() {
        use crate::app::tasks::testing::{env, sent};
        use std::sync::{Arc, Mutex};
        let dir = tempfile::tempdir().unwrap();
        let env = env(&Jobs::new(dir.path().to_path_buf()));
        let task = || RunByDepth {
            goal: Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap(),
            rows: vec![
                (StrategyChoice::named("astar"), HeuristicKind::Manhattan),
                (StrategyChoice::named("bfs"), HeuristicKind::Manhattan),
            ],
            depths: vec![3, 6],
            per_depth: 3,
            seed: 5,
            limits: Limits::default(),
        };
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let ctl = Control::default().with_progress(move |p| sink.lock().unwrap().push(p.expanded));
        let here = task().run(&ctl, &env).unwrap();
        assert_eq!(*seen.lock().unwrap(), [1, 2, 3, 4, 5, 6]);
        let sent = sent(&task(), &env).unwrap();
        assert_eq!(here.len(), 2);
        for (h, s) in here.iter().zip(&sent) {
            assert_eq!(
                (h.depth, h.positions, &h.starts),
                (s.depth, s.positions, &s.starts)
            );
            for cell in h.cells.iter().chain(&s.cells) {
                let cost = cell.cost.expect("every start solved");
                assert_eq!(cost.aggregate.solved, 3);
                assert_eq!(cost.aggregate.mean_length, Some(h.depth as f64));
            }
        }
    }
}
