//! The batch experiment of the compare view: N random starts (tiles of the
//! current size, or random steps from the current Klotski layout), every
//! configuration on each, in the background with a progress bar and
//! cancel; an aggregate table per configuration and a chart of time
//! against solution length.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use eframe::egui;
use egui_plot::{Legend, Plot, PlotPoints, Points};
use rand::RngExt;

use super::compare::{RowConfig, Start};
use super::settings::Settings;
use crate::engine::job::Job;
use crate::engine::strategy;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::tiles::{random_solvable, shuffled};
use crate::engine::{
    Control, Dir, HeuristicChoice, HeuristicKind, Status, TilePuzzle, solve_klotski, solve_tiles,
};
use crate::units::{bytes, median, thousands};

/// One configuration's run on one start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Solved.
    pub solved: bool,
    /// Length when solved.
    pub length: usize,
    /// Nodes expanded.
    pub expanded: u64,
    /// Time, ms.
    pub ms: f64,
    /// Peak memory.
    pub peak_bytes: u64,
}

/// One configuration's aggregate.
#[derive(Clone, Debug, PartialEq)]
pub struct Aggregate {
    /// Configuration name.
    pub name: String,
    /// Starts run.
    pub runs: usize,
    /// Starts solved.
    pub solved: usize,
    /// Mean and median length of the solved ones.
    pub length: Option<(f64, f64)>,
    /// Mean nodes expanded.
    pub mean_expanded: f64,
    /// Mean and median time, ms.
    pub time: (f64, f64),
    /// Largest peak memory.
    pub max_bytes: u64,
}

/// Aggregate each configuration's points.
pub fn aggregate(names: &[String], points: &[Vec<Point>]) -> Vec<Aggregate> {
    names
        .iter()
        .zip(points)
        .filter(|(_, p)| !p.is_empty())
        .map(|(name, p)| {
            let solved: Vec<f64> = p
                .iter()
                .filter(|x| x.solved)
                .map(|x| x.length as f64)
                .collect();
            let mut times: Vec<f64> = p.iter().map(|x| x.ms).collect();
            let n = p.len() as f64;
            Aggregate {
                name: name.clone(),
                runs: p.len(),
                solved: solved.len(),
                length: (!solved.is_empty()).then(|| {
                    (
                        solved.iter().sum::<f64>() / solved.len() as f64,
                        median(&mut solved.clone()).expect("not empty"),
                    )
                }),
                mean_expanded: p.iter().map(|x| x.expanded as f64).sum::<f64>() / n,
                time: (
                    times.iter().sum::<f64>() / n,
                    median(&mut times).expect("a configuration with runs"),
                ),
                max_bytes: p.iter().map(|x| x.peak_bytes).max().unwrap_or(0),
            }
        })
        .collect()
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
    job: Option<Job<Vec<Vec<Point>>>>,
    done: Arc<AtomicUsize>,
    /// Points per configuration, once finished (or cancelled part-way).
    pub points: Vec<Vec<Point>>,
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
        }
    }
}

impl Batch {
    /// Whether a batch runs.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The aggregates of the last batch, for export.
    pub fn export_rows(&self) -> Vec<crate::storage::results::AggregateRow> {
        self.aggregates()
            .into_iter()
            .map(|a| crate::storage::results::AggregateRow {
                strategy: a.name,
                runs: a.runs,
                solved: a.solved,
                mean_length: a.length.map(|l| l.0),
                median_length: a.length.map(|l| l.1),
                mean_expanded: a.mean_expanded,
                mean_ms: a.time.0,
                median_ms: a.time.1,
                max_peak_bytes: a.max_bytes,
            })
            .collect()
    }

    /// The aggregates of the last batch.
    pub fn aggregates(&self) -> Vec<Aggregate> {
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
        self.names = configs.iter().map(|c| c.name(tiles)).collect();
        self.points.clear();
        self.done.store(0, Ordering::Relaxed);
        let strategies: Vec<_> = configs
            .iter()
            .filter_map(|c| {
                let s =
                    strategy::configure(&c.strategy, &settings.tuning.for_strategy(&c.strategy))
                        .ok()?;
                Some((s, c.heuristic))
            })
            .collect();
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
                        let b = if shuffle == 0 {
                            random_solvable(&p.goal, &mut rng)
                        } else {
                            shuffled(&p.goal, shuffle, &mut rng).0
                        };
                        Start::Tiles(TilePuzzle::new(b, p.goal.clone()).expect("same shape"))
                    }
                    Start::Klotski(l, m) => {
                        let mut l = l.clone();
                        let mut steps = 0;
                        while steps < shuffle.max(1) {
                            let p = rng.random_range(0..l.pieces.len());
                            steps += usize::from(l.step(p, Dir::ALL[rng.random_range(0..4)]));
                        }
                        Start::Klotski(l, *m)
                    }
                };
                for (k, (s, h)) in strategies.iter().enumerate() {
                    if ctl.cancel.is_cancelled() {
                        return points;
                    }
                    let run_ctl = Control::default()
                        .with_limits(limits)
                        .with_cancel(ctl.cancel.clone())
                        .with_threads(1);
                    let point = |status: Status, len: usize, st: &crate::engine::Stats| Point {
                        solved: status == Status::Solved,
                        length: len,
                        expanded: st.expanded,
                        ms: st.elapsed.as_secs_f64() * 1e3,
                        peak_bytes: st.peak_bytes,
                    };
                    let p = match &instance {
                        Start::Tiles(p) => {
                            let db = pdbs.iter().find(|(k, _)| k == h).map(|(_, db)| db);
                            let choice = HeuristicChoice::with_database(*h, db.cloned());
                            match solve_tiles(&**s, p, &choice, &run_ctl) {
                                Ok(o) => point(o.status, o.path.len(), &o.stats),
                                Err(_) => continue,
                            }
                        }
                        Start::Klotski(l, m) => {
                            let o = solve_klotski(&**s, l, *m, &run_ctl);
                            point(o.status, o.path.len(), &o.stats)
                        }
                    };
                    if ctl.cancel.is_cancelled() && !p.solved {
                        return points; // a cancelled run is no data point
                    }
                    points[k].push(p);
                }
                done.store(i + 1, Ordering::Relaxed);
            }
            points
        }));
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
        if let Some(job) = &mut self.job
            && let Some(points) = job.try_take()
        {
            self.points = points;
            self.job = None;
        }
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
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for a in &aggregates {
                ui.label(&a.name);
                ui.label(format!(
                    "{:.0} % ({}/{})",
                    100.0 * a.solved as f64 / a.runs as f64,
                    a.solved,
                    a.runs
                ));
                let (mean, med) = a.length.map_or(("–".into(), "–".into()), |(m, d)| {
                    (format!("{m:.1}"), format!("{d:.1}"))
                });
                ui.label(mean);
                ui.label(med);
                ui.label(thousands(a.mean_expanded as u64));
                ui.label(format!("{:.2} ms", a.time.0));
                ui.label(format!("{:.2} ms", a.time.1));
                ui.label(bytes(a.max_bytes));
                ui.end_row();
            }
        });
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
                        .filter(|x| x.solved)
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

    #[test]
    fn aggregates_count_means_and_medians() {
        let p = |solved, length, ms| Point {
            solved,
            length,
            expanded: 10,
            ms,
            peak_bytes: length as u64,
        };
        let a = aggregate(
            &["x".into(), "empty".into()],
            &[
                vec![p(true, 10, 1.0), p(true, 20, 3.0), p(false, 0, 8.0)],
                vec![],
            ],
        );
        assert_eq!(a.len(), 1, "a configuration with no runs is left out");
        assert_eq!((a[0].runs, a[0].solved), (3, 2));
        assert_eq!(a[0].length, Some((15.0, 15.0)));
        assert_eq!(a[0].time, (4.0, 3.0));
        assert_eq!(a[0].max_bytes, 20);
    }
}
