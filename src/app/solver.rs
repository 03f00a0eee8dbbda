//! A solve running in the background, as the app sees it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::engine::control::Stop;
use crate::engine::job::JobPanicked;
use crate::engine::strategy::{self, SolveError, Strategy};
use crate::engine::{
    Control, Dir, HeuristicChoice, HeuristicKind, Limits, Outcome, Progress, TilePuzzle,
    TracePoint, solve_tiles,
};
use crate::storage::pdb_cache::{PdbLoad, PdbSource};

use super::jobs::{DbPhase, DbWork, Handle, JobKind, Jobs, StrategyChoice, Task, TaskEnv};
use crate::app::widgets::anatomy::{Recording, solve_recorded};
use crate::engine::observe::Truth;

/// What a finished run hands back.
#[derive(serde::Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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

/// A tile board's solve as data: what [`Running::start`] runs, on a
/// thread or in a web worker.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SolveTiles {
    puzzle: TilePuzzle,
    strategy: StrategyChoice,
    /// The strategy itself, where the task runs in the app's memory (a
    /// thread): the one asked for, even one outside the registry (a
    /// test's). A web worker makes it again from its name and knobs.
    #[serde(skip)]
    given: Option<Box<dyn Strategy>>,
    heuristic: HeuristicKind,
    recording: Recording,
}

/// The start a warm-up solves: the 8-puzzle's hardest (31 moves).
const WARM_UP_START: &str = "8 6 7 2 5 4 3 0 1";
/// The longest a warm-up runs: about what a browser's first, unoptimised
/// run of A* takes on it.
const WARM_UP_TIME: Duration = Duration::from_millis(250);

/// A solve nobody waits for, of a 3×3 start with `strategy` and
/// `heuristic` (one computed from the board: no database is built for
/// it), within a quarter of a second. The web edition starts one as the
/// page opens: a browser runs WebAssembly through a quick baseline
/// compiler first and optimises what runs hot (its workers share that
/// code), so the player's first solve ran slower than the next ones. Over
/// ten paired page loads the first A* solve of the 31-mover took a median
/// of 6.25 ms with it and 10.1 ms without.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web edition's (and a test's)
pub fn warm_up(jobs: &Jobs, strategy: &dyn Strategy, heuristic: HeuristicKind) -> Handle<Finished> {
    let puzzle = TilePuzzle::parse(WARM_UP_START, None, None).expect("a 3×3 start");
    let heuristic = match heuristic.is_database() {
        false => heuristic,
        true => HeuristicKind::LinearConflict,
    };
    let task = SolveTiles {
        puzzle,
        strategy: StrategyChoice::of(strategy),
        given: None,
        heuristic,
        recording: Recording::Off,
    };
    let limits = Limits {
        time_limit: Some(WARM_UP_TIME),
        ..Limits::default()
    };
    let ctl = Control::default().with_limits(limits);
    jobs.run_task(JobKind::WarmUp, ctl, task, || {})
}

impl Task for SolveTiles {
    type Output = Finished;
    const NAME: &'static str = "solve_tiles";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Finished {
        let SolveTiles {
            puzzle,
            strategy,
            given,
            heuristic,
            recording,
        } = self;
        let strategy = match given.map_or_else(|| strategy.strategy(), Ok) {
            Ok(s) => s,
            Err(e) => {
                return Finished {
                    puzzle,
                    outcome: Err(e),
                    database: None,
                    anatomy: None,
                };
            }
        };
        let mut database = None;
        let pdb = match strategy.uses_heuristic() {
            true => match env.database_for(heuristic, &puzzle.goal, &ctl.cancel) {
                Ok(got) => got.map(|got| {
                    database = got.load.as_ref().map(DatabaseTime::of);
                    env.database.hold_bytes(got.db.table_bytes());
                    got.db
                }),
                // Cancelled while building: the search never starts.
                Err(_) => return cancelled_solve(puzzle, None),
            },
            false => None,
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
    }

    fn cancelled(&self, progress: Option<Progress>) -> Finished {
        cancelled_solve(self.puzzle.clone(), progress)
    }
}

/// A solve of `puzzle` cancelled with `progress` made.
fn cancelled_solve(puzzle: TilePuzzle, progress: Option<Progress>) -> Finished {
    Finished {
        puzzle,
        outcome: Ok(Outcome::stopped(
            Stop::Cancelled,
            super::jobs::stats_so_far(progress),
        )),
        database: None,
        anatomy: None,
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
        let task = SolveTiles {
            puzzle,
            strategy: StrategyChoice::of(&*strategy),
            given: None,
            heuristic,
            recording,
        };
        let task = SolveTiles {
            given: Some(strategy),
            ..task
        };
        let on_database = repaint.clone();
        // The last progress report comes before the result is ready: wake
        // the UI again once it is.
        let job = jobs.run(
            kind,
            ctl,
            task,
            database.clone(),
            Arc::new(move || on_database()),
            move || repaint(),
        );
        Self {
            job,
            run,
            database,
            database_name,
            trace,
            recording,
        }
    }

    /// Bytes of the pattern database the search reads, once in hand (0
    /// before, or for a run without one).
    pub fn database_bytes(&self) -> u64 {
        self.database.held_bytes()
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

#[cfg(test)]
mod task_tests {
    use super::*;
    use crate::app::tasks::runner;
    use crate::engine::strategy::Tuning;

    /// A solve's answer as the web edition gets it: the task sent to a
    /// worker as JSON, its answer read back from JSON.
    fn sent(task: &SolveTiles, env: &TaskEnv) -> Finished {
        let json = serde_json::to_string(task).unwrap();
        let run = runner(SolveTiles::NAME).unwrap();
        let answer = run(&json, &Control::default(), env).unwrap();
        let back: Finished = serde_json::from_str(&answer).unwrap();
        // Read back whole: written again, it is the same text.
        assert_eq!(serde_json::to_string(&back).unwrap(), answer);
        back
    }

    #[test]
    fn a_solve_sent_as_json_answers_as_on_a_thread() {
        let dir = tempfile::tempdir().unwrap();
        let jobs = Jobs::new(dir.path().to_path_buf());
        let env = crate::app::tasks::testing::env(&jobs);
        let untimed = |f: &Finished| {
            f.outcome.clone().map(|mut o| {
                o.stats.elapsed = Duration::ZERO;
                o
            })
        };
        let weighted = strategy::configure(
            "weighted",
            &Tuning {
                weight: Some(3.0),
                ..Tuning::default()
            },
        )
        .unwrap();
        let runs = [
            (
                StrategyChoice::named("astar"),
                Recording::WithError,
                "8 6 7 2 5 4 3 0 1",
            ),
            (
                StrategyChoice::named("annealing"),
                Recording::Shape,
                "8 6 7 2 5 4 3 0 1",
            ),
            (
                StrategyChoice::named("bfs"),
                Recording::Off,
                "1 2 3 4 5 6 8 7 0",
            ),
            (
                StrategyChoice::of(&*weighted),
                Recording::Shape,
                "8 6 7 2 5 4 3 0 1",
            ),
            (
                StrategyChoice::named("nosuchstrategy"),
                Recording::Off,
                "8 6 7 2 5 4 3 0 1",
            ),
        ];
        for (choice, recording, state) in runs {
            let name = format!("{choice:?}");
            let task = || SolveTiles {
                puzzle: TilePuzzle::parse(state, None, None).unwrap(),
                strategy: choice.clone(),
                given: None,
                heuristic: HeuristicKind::Manhattan,
                recording,
            };
            let direct = task().run(&Control::default(), &env);
            let back = sent(&task(), &env);
            assert_eq!(back.puzzle, direct.puzzle, "{name}");
            assert_eq!(untimed(&back), untimed(&direct), "{name}");
            assert_eq!(back.anatomy, direct.anatomy, "{name}");
        }
    }

    #[test]
    fn a_cancelled_task_hands_back_a_cancelled_run_with_its_progress() {
        let task = SolveTiles {
            puzzle: TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap(),
            strategy: StrategyChoice::named("bfs"),
            given: None,
            heuristic: HeuristicKind::Manhattan,
            recording: Recording::Off,
        };
        let progress = Progress {
            expanded: 1234,
            generated: 2345,
            ..Progress::default()
        };
        let outcome = task.cancelled(Some(progress)).outcome.unwrap();
        assert_eq!(outcome.status, crate::engine::Status::Cancelled);
        assert_eq!(
            (outcome.stats.expanded, outcome.stats.generated),
            (1234, 2345)
        );
    }
}

#[cfg(test)]
mod warm_up_tests {
    use super::*;

    /// A warm-up runs whatever strategy is chosen, never builds a
    /// database for it, never makes the app busy, and what it finds is a
    /// real path (replayed).
    #[test]
    fn a_warm_up_solves_a_3x3_without_a_database_and_is_never_busy() {
        let dir = tempfile::tempdir().unwrap();
        let jobs = Jobs::new(dir.path().to_path_buf());
        let family = crate::engine::strategy::Family::Tiles;
        for s in crate::engine::strategy::for_family(family) {
            for heuristic in [HeuristicKind::Manhattan, HeuristicKind::Pdb78] {
                let mut job = warm_up(&jobs, s, heuristic);
                assert_eq!(jobs.busy(), None);
                let done = job.wait_timeout(Duration::from_secs(30)).unwrap().unwrap();
                let o = done.outcome.unwrap_or_else(|e| panic!("{}: {e}", s.name()));
                if o.status == crate::engine::Status::Solved {
                    let mut board = done.puzzle.start.clone();
                    board.apply_path(&o.path).unwrap();
                    assert_eq!(board, done.puzzle.goal, "{}", s.name());
                }
            }
        }
        let files = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(files, 0, "no database built");
    }
}
