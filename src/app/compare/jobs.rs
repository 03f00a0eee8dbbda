//! The rows' runs: each started on its own thread with its own limits,
//! its progress read while drawing, collected from `App::logic` (never
//! while drawing), cancelled one by one or all at once. A tile row's
//! pattern database comes from one place, [`start_tiles`].

use eframe::egui;

use super::row::Row;
use super::session::Session;
use crate::app::i18n::{CompareMsg, Said};
use crate::app::jobs::{Handle, JobKind, Jobs, StrategyChoice, Task, TaskEnv};
use crate::app::model::{Finished, RunOutcome, Start};
use crate::app::settings::Settings;
use crate::app::solver::{Running, TraceLog};
use crate::app::widgets::anatomy::{Recording, solve_recorded};
use crate::engine::experiment::flag_disagreements;
use crate::engine::job::JobPanicked;
use crate::engine::observe::Anatomy;
use crate::engine::strategy::{self, SolveError, Strategy};
use crate::engine::{Control, HeuristicChoice, HeuristicKind, Limits, TilePuzzle, TracePoint};

/// A row's run in the background.
pub(super) enum RowJob {
    /// A tile solve (its trace is the run's own), its pattern database
    /// from the app's pool.
    Tiles(Box<Running>),
    /// A solve of any other family, which takes no database, and the trace
    /// it records into.
    Other(Box<Handle<RecordedRun>>, TraceLog),
}

/// How a run of any family ended, and its anatomy.
type RecordedRun = (Result<RunOutcome, SolveError>, Option<Anatomy>);

impl RowJob {
    /// Start `strategy` on `start` with the limits and anatomy recording
    /// of `settings`; every progress report asks `ctx` for a frame.
    fn start(
        start: &Start,
        strategy: Box<dyn Strategy>,
        heuristic: HeuristicKind,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) -> Self {
        let recording = Recording::for_compare(settings.record_anatomy);
        let repaint = ctx.clone();
        let wake = move || repaint.request_repaint();
        match start {
            Start::Tiles(p) => start_tiles(
                jobs,
                p.clone(),
                strategy,
                heuristic,
                settings.limits(),
                recording,
                wake,
            ),
            other => start_other(
                jobs,
                other.clone(),
                strategy,
                settings.limits(),
                recording,
                wake,
            ),
        }
    }

    /// Its counters so far.
    fn expanded(&self) -> u64 {
        let progress = match self {
            RowJob::Tiles(r) => r.progress(),
            RowJob::Other(j, _) => j.progress(),
        };
        progress.map_or(0, |p| p.expanded)
    }

    /// Ask it to stop.
    fn cancel(&self) {
        match self {
            RowJob::Tiles(r) => r.cancel(),
            RowJob::Other(j, _) => j.cancel(),
        }
    }

    /// How it ended and its anatomy, once it has.
    fn try_finish(&mut self) -> Option<(Finished, Option<Anatomy>)> {
        Some(match self {
            RowJob::Tiles(run) => match run.try_finish()? {
                Ok(f) => match f.outcome {
                    Ok(o) => (Finished::Ran(RunOutcome::Tiles(o)), f.anatomy),
                    Err(e) => (Finished::Refused(refused(&e)), f.anatomy),
                },
                Err(panicked) => (failed(panicked), None),
            },
            RowJob::Other(job, _) => match job.try_take()? {
                Ok((Ok(o), anatomy)) => (Finished::Ran(o), anatomy),
                Ok((Err(e), _)) => (Finished::Refused(refused(&e)), None),
                Err(panicked) => (failed(panicked), None),
            },
        })
    }

    /// The trace a local search recorded.
    fn trace_points(&self) -> Vec<TracePoint> {
        match self {
            RowJob::Tiles(run) => run.trace.points(),
            RowJob::Other(_, trace) => trace.points(),
        }
    }
}

/// A tile row's run. Its pattern database comes from the app's pool: the
/// rows share one, and the first row that needs it reads or builds it
/// while the others wait.
fn start_tiles(
    jobs: &Jobs,
    puzzle: TilePuzzle,
    strategy: Box<dyn Strategy>,
    heuristic: HeuristicKind,
    limits: Limits,
    recording: Recording,
    wake: impl Fn() + Send + Sync + 'static,
) -> RowJob {
    RowJob::Tiles(Box::new(Running::start(
        jobs,
        JobKind::CompareRow,
        puzzle,
        strategy,
        heuristic,
        limits,
        // One thread, as the Klotski rows and the command line's compare:
        // the rows' times compare the strategies, not the machine.
        1,
        recording,
        wake,
    )))
}

/// A row's run on `start` (not a tile puzzle), on one thread, its trace
/// recorded.
fn start_other(
    jobs: &Jobs,
    start: Start,
    strategy: Box<dyn Strategy>,
    limits: Limits,
    recording: Recording,
    wake: impl Fn() + Send + Sync + 'static,
) -> RowJob {
    let trace = TraceLog::default();
    let wake = std::sync::Arc::new(wake);
    let on_progress = wake.clone();
    let ctl = trace.attach(
        Control::default()
            .with_limits(limits)
            .with_threads(1)
            .with_progress(move |_| on_progress()),
    );
    let task = SolveStart {
        start,
        strategy: StrategyChoice::of(&*strategy),
        recording,
    };
    // Woken when the result is in too: the last progress report comes
    // before it.
    let job = jobs.run_task(JobKind::CompareRow, ctl, task, move || wake());
    RowJob::Other(Box::new(job), trace)
}

/// A row's run on a start of any family but tiles (whose rows are
/// [`crate::app::solver::SolveTiles`]), as data.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SolveStart {
    start: Start,
    strategy: StrategyChoice,
    recording: Recording,
}

impl Task for SolveStart {
    type Output = RecordedRun;
    const NAME: &'static str = "solve_start";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        let strategy = match self.strategy.strategy() {
            Ok(s) => s,
            Err(e) => return (Err(e), None),
        };
        solve_recorded(
            ctl,
            self.recording,
            |_| None,
            // Only tile searches take a heuristic: the others have their own
            // estimate, and this one is not read.
            |c| self.start.solve(&*strategy, &HeuristicChoice::Manhattan, c),
        )
    }

    fn cancelled(&self, _: Option<crate::engine::Progress>) -> Self::Output {
        let stop = crate::engine::control::Stop::Cancelled;
        (Ok(self.start.stopped(stop, "cancelled".to_string())), None)
    }
}

/// Why the engine refused a row's run, in the language of the day.
fn refused(e: &SolveError) -> Said {
    let e = e.clone();
    Said::new(move |lang| crate::app::error::solve_error(&e, lang))
}

/// A run whose worker panicked: said in the language of the day, with the
/// panic's own words.
fn failed(panicked: JobPanicked) -> Finished {
    Finished::Refused(Said::msg(CompareMsg::RunFailed {
        why: panicked.message,
    }))
}

impl Row {
    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The nodes its run has expanded so far, while it runs.
    pub(super) fn expanded_so_far(&self) -> Option<u64> {
        self.job.as_ref().map(RowJob::expanded)
    }

    /// Ask its run, if any, to stop.
    pub(super) fn cancel(&self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }

    /// Run `strategy` on `start`, unless one already runs. A strategy that
    /// does not solve this family (`fast` on Klotski) is not run; the row
    /// says why.
    fn launch(
        &mut self,
        strategy: Box<dyn Strategy>,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        if self.job.is_some() {
            return;
        }
        self.begin(start);
        if let Err(why) = strategy::check_family(&*strategy, start.family()) {
            self.result = Some(Finished::Refused(refused(&why)));
            return;
        }
        let heuristic = self.config.heuristic;
        // A heuristic that does not fit the board is refused, never run as
        // another under its name.
        if let Start::Tiles(p) = start
            && strategy.uses_heuristic()
            && !crate::app::offered::fits(heuristic, p.shape())
        {
            let shape = p.shape();
            self.result = Some(Finished::Refused(Said::new(move |lang| {
                crate::app::error::heuristic_unavailable(heuristic, shape, lang)
            })));
            return;
        }
        self.job = Some(RowJob::start(
            start, strategy, heuristic, settings, jobs, ctx,
        ));
    }

    /// Collect its run if it has ended.
    fn poll(&mut self) {
        let Some(job) = &mut self.job else { return };
        let Some((result, anatomy)) = job.try_finish() else {
            return;
        };
        let trace = job.trace_points();
        self.job = None;
        self.finish(result, trace, anatomy);
    }
}

impl Session {
    /// Whether any row or the batch runs.
    pub fn is_running(&self) -> bool {
        self.rows.iter().any(Row::is_running) || self.batch.is_running()
    }

    /// Start every row on `start`.
    pub(super) fn run_all(
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

    /// Start row `i` on `start` (each row its own thread and limits), with
    /// its own tuning.
    pub(super) fn run(
        &mut self,
        i: usize,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        let row = &mut self.rows[i];
        let config = &row.config;
        let tuning = config.tuning.for_strategy(&config.strategy);
        let Ok(strategy) = strategy::configure(&config.strategy, &tuning) else {
            return;
        };
        row.launch(strategy, start, settings, jobs, ctx);
    }

    /// Start row `i` on `start` with `strategy` in place of its own (tests:
    /// a strategy the registry does not hold).
    #[cfg(test)]
    pub fn run_with(
        &mut self,
        i: usize,
        strategy: Box<dyn Strategy>,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        self.rows[i].launch(strategy, start, settings, jobs, ctx);
    }

    /// Cancel every running row.
    pub(super) fn cancel_all(&self) {
        self.rows.iter().for_each(Row::cancel);
    }

    /// Collect finished runs (flagging disagreements) and a finished batch;
    /// a line for the status when a batch ended.
    pub(super) fn poll(&mut self) -> Option<crate::app::i18n::Msg> {
        let batch = self.batch.poll();
        for r in &mut self.rows {
            r.poll();
        }
        flag_disagreements(self.rows.iter_mut().filter_map(|r| r.summary.as_mut()));
        batch
    }
}
