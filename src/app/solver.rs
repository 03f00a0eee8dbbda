//! A solve running in the background, as the app sees it.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use crate::engine::Stats;
use crate::engine::control::Stop;
use crate::engine::job::{Job, JobPanicked};
use crate::engine::strategy::{self, SolveError, Strategy};
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{
    Control, Dir, HeuristicChoice, HeuristicKind, Limits, Outcome, Progress, TilePuzzle,
    TracePoint, solve_tiles,
};
use crate::storage::pdb_cache;

/// What a finished run hands back.
pub struct Finished {
    /// The puzzle that was solved.
    pub puzzle: TilePuzzle,
    /// The result, or why the request was refused.
    pub outcome: Result<Outcome<Dir>, SolveError>,
    /// The pattern database used, to keep for the next solve.
    pub pdb: Option<Arc<PatternDb>>,
}

/// A running solve.
pub struct Running {
    job: Job<Finished>,
    /// Strategy label, for display.
    pub strategy: &'static str,
    /// Heuristic name, for display (empty for an uninformed strategy).
    pub heuristic: String,
    /// Fraction of the pattern-database build done, in thousandths
    /// (`u32::MAX` while no build is running).
    building: Arc<AtomicU32>,
    /// The local search's trace so far.
    pub trace: TraceLog,
}

/// A trace shared between a search thread and the UI, thinned out (every
/// other point dropped) whenever it reaches [`TraceLog::MAX`] points, so a
/// long run never fills memory.
#[derive(Clone, Default)]
pub struct TraceLog(Arc<Mutex<Vec<TracePoint>>>);

impl TraceLog {
    /// Most points kept.
    pub const MAX: usize = 4096;

    /// A control that records into this log.
    pub fn attach(&self, ctl: Control) -> Control {
        let log = self.0.clone();
        ctl.with_trace(move |p| {
            let mut v = log.lock().unwrap_or_else(|e| e.into_inner());
            if v.len() >= Self::MAX {
                let mut keep = false;
                v.retain(|_| {
                    keep = !keep;
                    keep
                });
            }
            v.push(*p);
        })
    }

    /// The points so far.
    pub fn points(&self) -> Vec<TracePoint> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Running {
    /// Start solving `puzzle`. `pdb` is the database of `heuristic` for its
    /// goal if one is loaded (see `Databases::find`); otherwise one is
    /// loaded from (or built into) `cache_dir`.
    pub fn start(
        puzzle: TilePuzzle,
        strategy: Box<dyn Strategy>,
        heuristic: HeuristicKind,
        pdb: Option<Arc<PatternDb>>,
        cache_dir: std::path::PathBuf,
        limits: Limits,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let building = Arc::new(AtomicU32::new(u32::MAX));
        let build_sink = building.clone();
        let trace = TraceLog::default();
        let repaint = Arc::new(repaint);
        let on_progress = repaint.clone();
        let ctl = trace.attach(
            Control::default()
                .with_limits(limits)
                .with_progress(move |_| on_progress()),
        );
        let label = strategy.label();
        let heuristic_name = if strategy.uses_heuristic() {
            heuristic.name().to_string()
        } else {
            String::new()
        };
        let work = move |ctl: &Control| {
            let partition = heuristic.partition(&puzzle.goal);
            let pdb = match (partition, strategy.uses_heuristic()) {
                (Some(partition), true) => {
                    match pdb {
                        Some(db) => Some(db),
                        None => {
                            let load = pdb_cache::load_or_build_cancellable(
                                &cache_dir,
                                &puzzle.goal,
                                &partition,
                                &|f| build_sink.store((f * 1000.0) as u32, Ordering::Relaxed),
                                &ctl.cancel,
                            );
                            build_sink.store(u32::MAX, Ordering::Relaxed);
                            match load {
                                Some(load) => Some(load.db),
                                // Cancelled while building: the search never starts.
                                None => {
                                    return Finished {
                                        puzzle,
                                        outcome: Ok(Outcome::stopped(
                                            Stop::Cancelled,
                                            Stats::default(),
                                        )),
                                        pdb: None,
                                    };
                                }
                            }
                        }
                    }
                }
                _ => None,
            };
            let choice = HeuristicChoice::with_database(heuristic, pdb.clone());
            let outcome = solve_tiles(&*strategy, &puzzle, &choice, ctl);
            Finished {
                puzzle,
                outcome,
                pdb,
            }
        };
        // The last progress report comes before the result is ready: wake
        // the UI again once it is.
        let job = Job::spawn_waking(ctl, work, move || repaint());
        Self {
            job,
            strategy: label,
            heuristic: heuristic_name,
            building,
            trace,
        }
    }

    /// Ask the search to stop.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Latest counters.
    pub fn progress(&self) -> Option<Progress> {
        self.job.progress()
    }

    /// Fraction of the pattern-database build done, while one runs.
    pub fn building(&self) -> Option<f32> {
        match self.building.load(Ordering::Relaxed) {
            u32::MAX => None,
            x => Some(x as f32 / 1000.0),
        }
    }

    /// The result, once finished; an error if the worker panicked.
    pub fn try_finish(&mut self) -> Option<Result<Finished, JobPanicked>> {
        self.job.try_take()
    }
}

/// The strategy named in the settings, or the first one registered.
pub fn strategy_named(name: &str) -> &'static dyn Strategy {
    strategy::find(name).unwrap_or(strategy::STRATEGIES[0])
}
