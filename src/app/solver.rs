//! A solve running in the background, as the app sees it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::engine::Stats;
use crate::engine::control::Stop;
use crate::engine::job::JobPanicked;
use crate::engine::strategy::{self, SolveError, Strategy};
use crate::engine::{
    Control, Dir, HeuristicChoice, HeuristicKind, Limits, Outcome, Progress, TilePuzzle,
    TracePoint, solve_tiles,
};
use crate::storage::pdb_cache::{PdbLoad, PdbSource};

use super::jobs::{DbPhase, DbWork, Handle, JobKind, Jobs};
use crate::app::widgets::anatomy::{Recording, solve_recorded};
use crate::engine::observe::Truth;

/// What a finished run hands back.
pub struct Finished {
    /// The puzzle that was solved.
    pub puzzle: TilePuzzle,
    /// The result, or why the request was refused.
    pub outcome: Result<Outcome<Dir>, SolveError>,
    /// How long getting that database took, when this solve read or built
    /// it (not part of the search's time).
    pub database: Option<DatabaseTime>,
    /// The run's anatomy, if it was recorded and expands nodes.
    pub anatomy: Option<crate::engine::observe::Anatomy>,
}

/// The time a solve spent on its pattern database before searching.
#[derive(Clone, Debug, PartialEq)]
pub struct DatabaseTime {
    /// The partition's name (`7-8`).
    pub name: String,
    /// Built rather than read from its cache file.
    pub built: bool,
    /// How long it took.
    pub elapsed: Duration,
}

impl DatabaseTime {
    fn of(load: &PdbLoad) -> Self {
        Self {
            name: load.db.name(),
            built: matches!(load.source, PdbSource::Built { .. }),
            elapsed: load.elapsed,
        }
    }
}

/// `7-8 database built in 15.20 s, not counted in the search time`.
impl std::fmt::Display for DatabaseTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} database {} in {}, not counted in the search time",
            self.name,
            if self.built { "built" } else { "loaded" },
            crate::units::duration(self.elapsed.as_secs_f64())
        )
    }
}

/// A running solve.
pub struct Running {
    job: Handle<Finished>,
    /// The strategy and heuristic running.
    pub run: super::run_by::RunBy,
    /// The pattern database being loaded or built before the search.
    database: DbWork,
    /// That database's partition name (`7-8`), if the heuristic has one.
    database_name: Option<&'static str>,
    /// Its tables' bytes once in hand (0 before, or without one): the live
    /// counters show them apart from the search's memory.
    database_bytes: Arc<std::sync::atomic::AtomicU64>,
    /// The local search's trace so far.
    pub trace: TraceLog,
    /// What the run records of itself.
    pub recording: Recording,
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
    /// Start solving `puzzle` as a job of `kind` (a solve, a compare row)
    /// of `jobs`. The pattern database of
    /// `heuristic` for its goal comes from `jobs`' pool (held, being made by
    /// another job, or read or built here). The run's anatomy is recorded as
    /// `recording` asks.
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        jobs: &Jobs,
        kind: JobKind,
        puzzle: TilePuzzle,
        strategy: Box<dyn Strategy>,
        heuristic: HeuristicKind,
        limits: Limits,
        threads: usize,
        recording: Recording,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let database = DbWork::default();
        let database_sink = database.clone();
        let trace = TraceLog::default();
        let repaint = Arc::new(repaint);
        let on_progress = repaint.clone();
        let ctl = trace.attach(
            Control::default()
                .with_limits(limits)
                .with_threads(threads)
                .with_progress(move |_| on_progress()),
        );
        let run = super::run_by::RunBy::new(&*strategy, Some(heuristic));
        let database_name = heuristic
            .partition_name()
            .filter(|_| strategy.uses_heuristic());
        let on_database = repaint.clone();
        let pool = jobs.databases().clone();
        let database_bytes = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let held = database_bytes.clone();
        let work = move |ctl: &Control| {
            let partition = heuristic.partition(&puzzle.goal);
            let mut database = None;
            let pdb = match (partition, strategy.uses_heuristic()) {
                (Some(partition), true) => {
                    let got = pool.get(
                        &puzzle.goal,
                        &partition,
                        &database_sink,
                        &|| on_database(),
                        &ctl.cancel,
                    );
                    match got {
                        Some(got) => {
                            database = got.load.as_ref().map(DatabaseTime::of);
                            held.store(got.db.table_bytes(), std::sync::atomic::Ordering::Relaxed);
                            Some(got.db)
                        }
                        // Cancelled while building: the search never starts.
                        None => {
                            return Finished {
                                puzzle,
                                outcome: Ok(Outcome::stopped(Stop::Cancelled, Stats::default())),
                                database: None,
                                anatomy: None,
                            };
                        }
                    }
                }
                _ => None,
            };
            let choice = HeuristicChoice::with_database(heuristic, pdb);
            // The error needs a heuristic (BFS's would be each distance).
            let recording = match recording {
                Recording::WithError if !strategy.uses_heuristic() => Recording::Shape,
                r => r,
            };
            let (outcome, anatomy) = solve_recorded(
                ctl,
                recording,
                |c| Truth::tiles(&puzzle.goal, c).and_then(Result::ok),
                |c| solve_tiles(&*strategy, &puzzle, &choice, c),
            );
            Finished {
                puzzle,
                outcome,
                database,
                anatomy,
            }
        };
        // The last progress report comes before the result is ready: wake
        // the UI again once it is.
        let job = jobs.spawn(kind, ctl, work, move || repaint());
        Self {
            job,
            run,
            database,
            database_name,
            database_bytes,
            trace,
            recording,
        }
    }

    /// Bytes of the pattern database the search reads, once in hand (0
    /// before, or for a run without one).
    pub fn database_bytes(&self) -> u64 {
        self.database_bytes
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Ask the search to stop.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Latest counters.
    pub fn progress(&self) -> Option<Progress> {
        self.job.progress()
    }

    /// The pattern database's load or build before the search, while it
    /// runs: the partition's name and the phase.
    pub fn database(&self) -> Option<(&'static str, DbPhase)> {
        let name = self.database_name?;
        match self.database.phase() {
            DbPhase::Idle => None,
            phase => Some((name, phase)),
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
