//! The batch experiment of the compare view: N random starts (tiles of the
//! current size, or random steps from the current Klotski layout), every
//! configuration on each, in the background with a progress bar and
//! cancel; an aggregate table per configuration and a chart of time
//! against solution length.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use eframe::egui;
use egui_plot::{Legend, Plot, PlotPoints, Points};

use super::compare::{RowConfig, Start};
use super::settings::Settings;
use crate::engine::experiment::{Aggregate, RunSummary, flag_disagreements, scramble, tile_start};
use crate::engine::job::Job;
use crate::engine::strategy;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{
    Control, HeuristicChoice, HeuristicKind, TilePuzzle, solve_klotski, solve_tiles,
};
use crate::storage::results::AggregateRow;
use crate::units::{bytes, duration, thousands};

/// One configuration's aggregate, with its name.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedAggregate {
    /// Configuration name.
    pub name: String,
    /// Its runs aggregated.
    pub aggregate: Aggregate,
}

/// Aggregate each configuration's runs (configurations without runs are
/// left out).
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

/// The batch's settings and its run.
pub struct Batch {
    /// Number of starts.
    pub count: usize,
    /// Random moves (steps for Klotski) from the goal / layout; 0 for
    /// uniformly random tile starts.
    pub shuffle: usize,
    /// Seed of the starts.
    pub seed: u64,
    names: Vec<String>,
    job: Option<Job<Vec<Vec<RunSummary>>>>,
    done: Arc<AtomicUsize>,
    /// Runs per configuration, once finished (or cancelled part-way).
    pub points: Vec<Vec<RunSummary>>,
    /// Why the last batch ended without results (its worker failed).
    pub failed: Option<String>,
}

impl Default for Batch {
    fn default() -> Self {
        Self {
            count: 20,
            shuffle: 30,
            seed: 1,
            names: Vec::new(),
            job: None,
            done: Arc::default(),
            points: Vec::new(),
            failed: None,
        }
    }
}

impl Batch {
    /// Whether a batch runs.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The aggregates of the last batch, for export.
    pub fn export_rows(&self) -> Vec<AggregateRow> {
        self.aggregates()
            .into_iter()
            .map(|a| AggregateRow::new(a.name, &a.aggregate))
            .collect()
    }

    /// The aggregates of the last batch.
    pub fn aggregates(&self) -> Vec<NamedAggregate> {
        aggregate(&self.names, &self.points)
    }

    /// Start a batch of `configs` around `start`.
    pub fn start(
        &mut self,
        start: &Start,
        configs: &[RowConfig],
        settings: &Settings,
        cache_dir: &std::path::Path,
        ctx: &egui::Context,
    ) {
        let tiles = matches!(start, Start::Tiles(_));
        self.points.clear();
        self.failed = None;
        self.done.store(0, Ordering::Relaxed);
        // Only configurations the engine runs on this family (not `fast`
        // on Klotski) and whose settings are valid; names and runs stay
        // aligned by index.
        let (names, strategies): (Vec<String>, Vec<_>) = configs
            .iter()
            .filter_map(|c| {
                let s =
                    strategy::configure(&c.strategy, &settings.tuning.for_strategy(&c.strategy))
                        .ok()
                        .filter(|s| s.supports(start.family()))?;
                Some((c.name(tiles), (s, c.heuristic)))
            })
            .unzip();
        self.names = names;
        let (count, shuffle, seed) = (self.count.max(1), self.shuffle, self.seed);
        let (start, limits, dir) = (start.clone(), settings.limits(), cache_dir.to_path_buf());
        let done = self.done.clone();
        let repaint = ctx.clone();
        let ctl = Control::default().with_progress(move |_| repaint.request_repaint());
        self.job = Some(Job::spawn(ctl, move |ctl| {
            let mut rng = crate::engine::rng::seeded(seed);
            let mut points = vec![Vec::new(); strategies.len()];
            // The pattern databases the rows ask for, if the board fits.
            let mut pdbs: Vec<(HeuristicKind, Arc<PatternDb>)> = Vec::new();
            if let Start::Tiles(p) = &start {
                for kind in HeuristicKind::ALL {
                    let wanted = strategies.iter().any(|(_, h)| *h == kind);
                    if let (true, Some(partition)) = (wanted, kind.partition(&p.goal))
                        && let Some(load) = crate::storage::pdb_cache::load_or_build_cancellable(
                            &dir,
                            &p.goal,
                            &partition,
                            &|_| {},
                            &ctl.cancel,
                        )
                    {
                        pdbs.push((kind, load.db));
                    }
                }
            }
            for i in 0..count {
                let instance = match &start {
                    Start::Tiles(p) => {
                        let shuffle = (shuffle > 0).then_some(shuffle);
                        let b = tile_start(&p.goal, shuffle, &mut rng);
                        Start::Tiles(TilePuzzle::new(b, p.goal.clone()).expect("same shape"))
                    }
                    Start::Klotski(l, m) => {
                        Start::Klotski(scramble(l, shuffle.max(1), &mut rng), *m)
                    }
                };
                let mut runs: Vec<Option<RunSummary>> = vec![None; strategies.len()];
                for (k, (s, h)) in strategies.iter().enumerate() {
                    if ctl.cancel.is_cancelled() {
                        break;
                    }
                    let run_ctl = Control::default()
                        .with_limits(limits)
                        .with_cancel(ctl.cancel.clone())
                        .with_threads(1);
                    let run = match &instance {
                        Start::Tiles(p) => {
                            let db = pdbs.iter().find(|(k, _)| k == h).map(|(_, db)| db);
                            let choice = HeuristicChoice::with_database(*h, db.cloned());
                            solve_tiles(&**s, p, &choice, &run_ctl)
                                .ok()
                                .map(|o| RunSummary::of(&o))
                        }
                        Start::Klotski(l, m) => solve_klotski(&**s, l, *m, &run_ctl)
                            .ok()
                            .map(|o| RunSummary::of_klotski(l, &o)),
                    };
                    // A run cut short by the cancel is no data point.
                    if ctl.cancel.is_cancelled() && !run.is_some_and(|r| r.solved()) {
                        break;
                    }
                    runs[k] = run;
                }
                record_start(&mut points, runs);
                if ctl.cancel.is_cancelled() {
                    return points;
                }
                done.store(i + 1, Ordering::Relaxed);
            }
            points
        }));
    }

    /// Collect a finished batch (called from `App::logic`).
    pub fn poll(&mut self) {
        if let Some(job) = &mut self.job
            && let Some(result) = job.try_take()
        {
            match result {
                Ok(points) => self.points = points,
                Err(failed) => self.failed = Some(format!("Batch failed: {failed}")),
            }
            self.job = None;
        }
    }

    /// Draw the batch section; `true` when Export was clicked.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        start: &Start,
        configs: &[RowConfig],
        settings: &Settings,
        cache_dir: &std::path::Path,
    ) -> bool {
        let mut export = false;
        let ctx = ui.ctx().clone();
        ui.heading("Batch experiment");
        ui.horizontal(|ui| {
            let idle = self.job.is_none();
            ui.add_enabled_ui(idle, |ui| {
                let l = ui.label("Starts");
                ui.add(egui::DragValue::new(&mut self.count).range(1..=10_000)).labelled_by(l.id);
                let l = ui.label("Shuffle");
                ui.add(egui::DragValue::new(&mut self.shuffle).range(0..=10_000))
                    .labelled_by(l.id)
                    .on_hover_text("Random moves from the goal (steps from the layout for Klotski); 0: uniformly random tiles");
                let l = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut self.seed)).labelled_by(l.id);
                if ui.button("Run batch").clicked() {
                    self.start(start, configs, settings, cache_dir, &ctx);
                }
            });
            if let Some(job) = &self.job
                && ui.button("Cancel batch").clicked()
            {
                job.cancel();
            }
        });
        if self.job.is_some() {
            let done = self.done.load(Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(done as f32 / self.count.max(1) as f32)
                    .text(format!("{done} of {} starts", self.count)),
            );
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if let Some(failed) = &self.failed {
            ui.colored_label(ui.visuals().error_fg_color, failed);
        }
        let aggregates = self.aggregates();
        if aggregates.is_empty() {
            return false;
        }
        if self.job.is_none()
            && ui
                .button("Export batch…")
                .on_hover_text("Save the aggregate table as CSV or RON")
                .clicked()
        {
            export = true;
        }
        egui::Grid::new("batch table").striped(true).show(ui, |ui| {
            for h in [
                "Strategy",
                "Solved",
                "Mean length",
                "Median length",
                "Mean expanded",
                "Mean time",
                "Median time",
                "Max memory",
                "Disagreements",
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for NamedAggregate { name, aggregate: a } in &aggregates {
                ui.label(name);
                ui.label(format!("{:.0} % ({}/{})", a.solved_pct(), a.solved, a.runs));
                let length = |v: Option<f64>| v.map_or("–".into(), |x| format!("{x:.1}"));
                ui.label(length(a.mean_length));
                ui.label(length(a.median_length));
                ui.label(thousands(a.mean_expanded as u64));
                ui.label(duration(a.mean_ms / 1e3));
                ui.label(duration(a.median_ms / 1e3));
                ui.label(bytes(a.max_peak_bytes));
                if a.disagreements > 0 {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        format!("{} DISAGREE", a.disagreements),
                    );
                } else {
                    ui.label("0");
                }
                ui.end_row();
            }
        });
        if aggregates.iter().any(|a| a.aggregate.disagreements > 0) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                "Strategies that claim optimality disagreed on some starts: that is a bug.",
            );
        }
        ui.label("Time against solution length (solved runs, log time)");
        let names = self.names.clone();
        let points = self.points.clone();
        Plot::new("batch scatter")
            .height(160.0)
            .legend(Legend::default())
            .y_axis_formatter(|mark, _| format!("{} ms", 10f64.powf(mark.value)))
            .show(ui, |plot| {
                for (name, p) in names.iter().zip(&points) {
                    let xy: Vec<[f64; 2]> = p
                        .iter()
                        .filter(|x| x.solved())
                        .map(|x| [x.length as f64, x.ms.max(1e-3).log10()])
                        .collect();
                    plot.points(Points::new(name.clone(), PlotPoints::from(xy)).radius(3.0));
                }
            });
        export
    }
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
}
