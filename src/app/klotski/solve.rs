//! The solve in the background: the strategy kept to those that solve
//! Klotski, start, cancel, and the finished run collected into a solution,
//! its anatomy and the status line.

use super::KlotskiPlay;
use super::solution::{KlotskiSolution, guarantee_note};
use crate::app::i18n::klotski::unit;
use crate::app::i18n::names::{counters, strategy_label, strategy_label_of};
use crate::app::i18n::{KlotskiMsg, Lang, Message, Said, TilesMsg, reasons};
use crate::app::jobs::{Handle, JobKind, StrategyChoice, Task, TaskEnv};
use crate::app::run_by::RunBy;
use crate::app::settings::{GaveWay, Settings};
use crate::app::solver::TraceLog;
use crate::app::widgets::anatomy::{self, RunAnatomy};
use crate::app::widgets::steps::Notice;
use crate::engine::control::Stop;
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::observe::Truth;
use crate::engine::strategy::{self, Family, SolveError};
use crate::engine::{Control, Outcome, Progress, Status, solve_klotski};

/// A Klotski solve as data: what Solve runs, on a thread or in a web
/// worker.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SolveKlotski {
    layout: Layout,
    strategy: StrategyChoice,
    metric: Metric,
    recording: anatomy::Recording,
}

impl Task for SolveKlotski {
    type Output = anatomy::Recorded<KMove, SolveError>;
    const NAME: &'static str = "solve_klotski";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        let strategy = match self.strategy.strategy() {
            Ok(s) => s,
            Err(e) => return (Err(e), None),
        };
        let (layout, metric) = (&self.layout, self.metric);
        anatomy::solve_recorded(
            ctl,
            self.recording,
            |c| Truth::klotski(layout, metric, c).ok(),
            |c| solve_klotski(&*strategy, layout, metric, c),
        )
    }

    fn cancelled(&self, progress: Option<Progress>) -> Self::Output {
        let stats = crate::app::jobs::stats_so_far(progress);
        (Ok(Outcome::stopped(Stop::Cancelled, stats)), None)
    }
}

/// A solve running in the background.
pub(super) struct Running {
    pub(super) job: Handle<anatomy::Recorded<KMove, SolveError>>,
    /// Whether the run records its anatomy.
    recorded: bool,
    /// The strategy's engine name.
    strategy: &'static str,
    metric: Metric,
    start: Layout,
    pub(super) trace: TraceLog,
}

impl Running {
    /// What runs, in `lang`: `BFS running (moves)`.
    pub(super) fn label(&self, lang: Lang) -> String {
        KlotskiMsg::Running {
            strategy: strategy_named(self.strategy, lang),
            unit: unit(self.metric, 2, lang),
        }
        .text(lang)
    }
}

/// The label of the strategy with this engine name in `lang` (the name
/// itself if the registry does not know it).
fn strategy_named(name: &'static str, lang: Lang) -> String {
    strategy_label_of(name, lang).unwrap_or(name.into())
}

impl KlotskiPlay {
    /// Keep the strategy chosen to those that solve Klotski (Fast, chosen
    /// in the tile view, gives way to the Klotski default), and say so.
    pub(super) fn klotski_strategy_only(&mut self, settings: &mut Settings) {
        let Some(GaveWay { chosen, fallback }) = settings.keep_strategy_for(Family::Klotski) else {
            return;
        };
        self.status = match chosen {
            Some(s) => Said::new(move |lang| {
                KlotskiMsg::TilesOnly {
                    strategy: strategy_label(s, lang),
                    fallback: strategy_label(fallback, lang),
                }
                .text(lang)
            }),
            None => Said::new(move |lang| {
                KlotskiMsg::FallbackChosen {
                    fallback: strategy_label(fallback, lang),
                }
                .text(lang)
            }),
        };
    }

    /// Start solving the layout shown.
    pub(super) fn solve(
        &mut self,
        settings: &Settings,
        repaint: impl Fn() + Send + Sync + 'static,
    ) {
        if self.running.is_some() {
            return;
        }
        let strategy = settings.strategy();
        let name = strategy.name();
        let metric = settings.metric;
        let start = self.game.layout().clone();
        let trace = TraceLog::default();
        let repaint = std::sync::Arc::new(repaint);
        let on_progress = repaint.clone();
        let ctl = trace.attach(
            Control::default()
                .with_limits(settings.limits())
                .with_progress(move |_| on_progress()),
        );
        let recording = anatomy::Recording::for_play(settings.record_anatomy);
        let task = SolveKlotski {
            layout: start.clone(),
            strategy: StrategyChoice::of(&*strategy),
            metric,
            recording,
        };
        // Woken when the result is ready too: the last progress report
        // comes before it.
        let job = self
            .jobs
            .run_task(JobKind::Solve, ctl, task, move || repaint());
        self.last_trace.clear();
        self.anatomy = None;
        self.failure = None;
        self.running = Some(Running {
            job,
            recorded: recording != anatomy::Recording::Off,
            strategy: name,
            metric,
            start,
            trace,
        });
        self.status = Said::new(move |lang| {
            KlotskiMsg::Solving {
                strategy: strategy_named(name, lang),
                unit: unit(metric, 2, lang),
            }
            .text(lang)
        });
    }

    /// Keep the run's failure for the Steps panel: a headline worded by
    /// `title`, the status line's words under it.
    fn fail(&mut self, title: impl Fn(Lang) -> String + Send + Sync + 'static) {
        self.failure = Some(Notice::Failed {
            title: Said::new(title),
            detail: self.status.clone(),
        });
    }

    /// Cancel the running solve.
    pub(super) fn cancel(&mut self) {
        if let Some(r) = &self.running {
            r.job.cancel();
            self.status = Said::msg(KlotskiMsg::Cancelling);
        }
    }

    /// Collect a finished solve.
    pub(super) fn poll(&mut self) {
        let Some(run) = &mut self.running else { return };
        let Some(o) = run.job.try_take() else { return };
        let run = self.running.take().expect("running");
        self.last_trace = run.trace.points();
        let by = strategy::find(run.strategy).map_or_else(
            || RunBy::Unknown(run.strategy.into()),
            |s| RunBy::new(s, None),
        );
        let o = match o {
            Ok((Ok(o), anatomy)) => {
                let (named, metric) = (by.clone(), run.metric);
                self.anatomy = Some(RunAnatomy {
                    run: Said::new(move |lang| {
                        KlotskiMsg::RunIn {
                            strategy: named.label(lang),
                            unit: unit(metric, 2, lang),
                        }
                        .text(lang)
                    }),
                    stats: o.stats,
                    anatomy,
                    recorded: run.recorded,
                });
                o
            }
            Ok((Err(why), _)) => {
                self.status = Said::new(move |lang| {
                    let why = crate::app::error::solve_error(&why, lang);
                    KlotskiMsg::NotSolving { why }.text(lang)
                });
                let run = by.clone();
                self.fail(move |lang| {
                    TilesMsg::SolveRefusedBy {
                        run: run.label(lang),
                    }
                    .text(lang)
                });
                return;
            }
            // The panic's own words, in a sentence of the language of
            // the day (its Display is English).
            Err(failed) => {
                self.status = Said::msg(KlotskiMsg::SolveFailed {
                    why: failed.message,
                });
                let run = by.clone();
                self.fail(move |lang| {
                    TilesMsg::SolveFailedTitle {
                        run: run.label(lang),
                    }
                    .text(lang)
                });
                return;
            }
        };
        let stats = o.stats;
        if o.status != Status::Solved {
            let (status, reason) = (o.status, o.reason.clone());
            let proven = by.proven(&o, run.metric == Metric::Steps);
            self.status = Said::new(move |lang| {
                KlotskiMsg::Ended {
                    status: reasons::ended_proving(status, &stats, reason.as_deref(), proven, lang),
                    counters: counters(&stats, lang),
                }
                .text(lang)
            });
            let run = by.clone();
            self.fail(move |lang| {
                TilesMsg::EndedBy {
                    status: crate::app::tiles::status_title(status, lang),
                    run: run.label(lang),
                }
                .text(lang)
            });
            return;
        }
        match KlotskiSolution::from_path(&run.start, &o.path, stats, by.clone(), run.metric) {
            Some(sol) => {
                let (moves, steps, metric) = (sol.moves(), sol.steps.len(), sol.metric);
                self.status = Said::new(move |lang| {
                    KlotskiMsg::SolvedStatus {
                        moves,
                        steps,
                        guarantee: guarantee_note(&stats, metric, lang, |guarantee, unit| {
                            KlotskiMsg::GuaranteeInBrackets { guarantee, unit }
                        }),
                        strategy: by.label(lang),
                        counters: counters(&stats, lang),
                    }
                    .text(lang)
                });
                self.set_solution(sol.metric, Some(sol));
            }
            None => self.status = Said::msg(KlotskiMsg::NoReplay),
        }
    }

    /// Start a solve whose worker panics with `message`, the way Solve
    /// starts one (tests: a bug in a strategy).
    #[cfg(test)]
    pub(super) fn solve_panicking(&mut self, message: &'static str) {
        let job = self.jobs.spawn(
            JobKind::Solve,
            Control::default(),
            move |_| -> anatomy::Recorded<KMove, SolveError> { panic!("{message}") },
            || {},
        );
        self.running = Some(Running {
            job,
            recorded: false,
            strategy: "bfs",
            metric: Metric::Moves,
            start: self.game.layout().clone(),
            trace: TraceLog::default(),
        });
    }
}

#[cfg(test)]
mod task_tests {
    use super::*;
    use crate::app::tasks::runner;

    #[test]
    fn a_klotski_solve_sent_as_json_answers_as_on_a_thread() {
        let dir = tempfile::tempdir().unwrap();
        let env = crate::app::tasks::testing::env(&crate::app::jobs::Jobs::new(dir.path().into()));
        let untimed = |r: &Result<Outcome<KMove>, SolveError>| {
            r.clone().map(|mut o| {
                o.stats.elapsed = std::time::Duration::ZERO;
                o
            })
        };
        // 横刀立马, and a small layout two moves from its goal.
        for (layout, name, metric, recording) in [
            (
                "BAAC/BAAC/DEEF/DGHF/I..J",
                "bfs",
                Metric::Moves,
                anatomy::Recording::Shape,
            ),
            (
                "BAAC/BAAC/DEEF/DGHF/I..J",
                "astar",
                Metric::Steps,
                anatomy::Recording::Off,
            ),
            (
                "BAAC/BAAC/DEEF/DGHF/I..J",
                "fast",
                Metric::Moves,
                anatomy::Recording::Off,
            ),
        ] {
            let task = || SolveKlotski {
                layout: Layout::parse(layout).unwrap(),
                strategy: StrategyChoice::named(name),
                metric,
                recording,
            };
            let direct = task().run(&Control::default(), &env);
            let json = serde_json::to_string(&task()).unwrap();
            let answer =
                runner(SolveKlotski::NAME).unwrap()(&json, &Control::default(), &env).unwrap();
            let back: <SolveKlotski as Task>::Output = serde_json::from_str(&answer).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), answer, "{name}");
            assert_eq!(untimed(&back.0), untimed(&direct.0), "{name}");
            assert_eq!(back.1, direct.1, "{name}");
        }
    }
}
