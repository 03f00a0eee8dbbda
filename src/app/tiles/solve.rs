//! The tile view's solve: starting one (refused with the reason when the
//! board or heuristic does not allow it), collecting its result into the
//! step list, the status line and the Steps panel's notice.

use eframe::egui;

use crate::app::error::AppError;
use crate::app::i18n::{Lang, Message, Said, TilesMsg, names, reasons};
use crate::app::jobs::JobKind;
use crate::app::run_by::RunBy;
use crate::app::settings::{Family, GaveWay, Settings};
use crate::app::solver::Running;
use crate::app::widgets::anatomy::{self, RunAnatomy};
use crate::app::widgets::steps::{Notice, Playback, Solution};
use crate::engine::strategy::{self, NEAR_OPTIMAL, Outlook, QUICK_TILES, Strategy};
use crate::engine::{Status, TilePuzzle};
use crate::units::{duration, thousands};

use super::TilesPlay;

/// What advice offers instead of a long exact search: a solution in
/// seconds, and a near-shortest one (up to 4×4).
static OFFERS: [&dyn Strategy; 2] = [QUICK_TILES, NEAR_OPTIMAL];

impl TilesPlay {
    /// Keep the strategy and heuristic chosen to those that fit the board:
    /// a strategy that solves Klotski only (BFS with mirror images merged,
    /// chosen in the Klotski view) gives way to the tiles' default, a
    /// pattern database of another board size to one that fits; and say so.
    pub(super) fn keep_choices_for_board(&mut self, settings: &mut Settings) {
        let shape = self.game.board.shape();
        if let Some((chosen, fallback)) = settings.keep_heuristic_for(shape) {
            self.status = Said::new(move |lang| {
                TilesMsg::HeuristicGaveWay {
                    chosen: names::heuristic_label(chosen, lang),
                    shape: shape.to_string(),
                    fallback: names::heuristic_label(fallback, lang),
                }
                .text(lang)
            });
        }
        let Some(GaveWay { chosen, fallback }) = settings.keep_strategy_for(Family::Tiles) else {
            return;
        };
        self.status = Said::new(move |lang| match chosen {
            Some(s) => TilesMsg::KlotskiOnly {
                strategy: names::strategy_label(s, lang),
                fallback: names::strategy_label(fallback, lang),
            }
            .text(lang),
            None => TilesMsg::FallbackChosen {
                fallback: names::strategy_label(fallback, lang),
            }
            .text(lang),
        });
    }

    /// Drop a refusal's notice once what it refused changed (another
    /// board, strategy or heuristic).
    pub(super) fn forget_old_refusal(&mut self, settings: &Settings) {
        let Some((board, strategy, heuristic)) = &self.refused_for else {
            return;
        };
        if *board != self.game.board
            || *strategy != settings.strategy
            || *heuristic != settings.heuristic
        {
            self.refused_for = None;
            self.failure = None;
        }
    }

    /// `board`'s exact distance to the goal, if the distance readout knows
    /// it.
    fn exact_distance(&self, board: &crate::engine::Board) -> Option<u32> {
        self.distances
            .known(board)
            .filter(|k| k.exact)
            .map(|k| k.distance)
    }

    /// Hold Solve back with advice when the run may take very long (an
    /// exact search far from the goal on a large board): true if it did.
    pub(super) fn advise(&mut self, settings: &Settings) -> bool {
        if self.running.is_some() {
            return false;
        }
        let puzzle = self.puzzle_to_solve();
        if puzzle.check_solvable().is_err() {
            return false; // Solve says why it refuses
        }
        let strategy = settings.strategy();
        let Outlook::MayTakeLong { at_least, blind } =
            strategy::outlook(&*strategy, &puzzle, settings.heuristic)
        else {
            return false;
        };
        let by = RunBy::new(&*strategy, Some(settings.heuristic));
        let shape = puzzle.shape().to_string();
        // The start's exact distance, when known (the readout shows it),
        // says more than the Manhattan distance.
        let exact = self.exact_distance(&puzzle.start);
        // Beyond 4×4 weighted A* too can take hours on a random start
        // (its weight 1.2 ran a 5×5 into the minute's limit): Fast alone;
        // Fast alone too when weighted A* is the one warned about.
        let offered = if puzzle.shape().cells() > 16 || strategy.within().is_some() {
            1
        } else {
            2
        };
        let offers: Vec<&'static str> = OFFERS[..offered].iter().map(|s| s.name()).collect();
        let run = by.clone();
        self.status = Said::new(move |lang| {
            TilesMsg::AdviceStatus {
                run: run.label(lang),
            }
            .text(lang)
        });
        self.failure = Some(Notice::Advice {
            title: Said::new(move |lang| {
                TilesMsg::AdviceTitle {
                    run: by.label(lang),
                }
                .text(lang)
            }),
            detail: Said::new(move |lang| {
                let shape = shape.clone();
                let why = match (exact, blind) {
                    (Some(moves), true) => TilesMsg::AdviceBlindExact { moves, shape },
                    (Some(moves), false) => TilesMsg::AdviceGuidedExact { moves, shape },
                    (None, true) => TilesMsg::AdviceBlind { at_least, shape },
                    (None, false) => TilesMsg::AdviceGuided { at_least, shape },
                };
                let label = |s: &dyn Strategy| names::strategy_label(s, lang);
                let (fast, weighted) = (label(OFFERS[0]), label(OFFERS[1]));
                let offers = if offered > 1 {
                    TilesMsg::AdviceOffers { fast, weighted }
                } else {
                    TilesMsg::AdviceOfferFast { fast }
                };
                format!("{} {}", why.text(lang), offers.text(lang))
            }),
            offers,
        });
        true
    }

    /// The puzzle Solve solves: while the board shows one of the step
    /// list's steps, the list's start.
    fn puzzle_to_solve(&self) -> TilePuzzle {
        let start = match &self.solution {
            Some(sol) if !self.solution_stale() => sol.boards[0].clone(),
            _ => self.game.board.clone(),
        };
        TilePuzzle {
            start,
            goal: self.game.goal.clone(),
        }
    }

    pub(super) fn solve(
        &mut self,
        ctx: &egui::Context,
        settings: &Settings,
    ) -> Result<(), AppError> {
        if self.running.is_some() {
            return Ok(());
        }
        // The step list belongs to its start: while the board shows one of
        // its steps, Solve (with any strategy) solves that start again.
        let puzzle = self.puzzle_to_solve();
        let from_list = puzzle.start != self.game.board;
        puzzle.check_solvable().map_err(AppError::Unsolvable)?;
        let strategy = settings.strategy();
        if strategy.uses_heuristic()
            && !crate::app::offered::fits(settings.heuristic, puzzle.shape())
        {
            return Err(AppError::HeuristicUnavailable {
                kind: settings.heuristic,
                shape: puzzle.shape(),
            });
        }
        let repaint = ctx.clone();
        let name = strategy.name();
        self.last_trace.clear();
        self.failure = None;
        self.refused_for = None;
        self.anatomy = None;
        self.board_at_solve = Some(self.game.board.clone());
        self.running = Some(Running::start(
            &self.jobs,
            JobKind::Solve,
            puzzle,
            strategy,
            settings.heuristic,
            settings.limits(),
            settings.threads(),
            anatomy::Recording::for_play(settings.record_anatomy),
            move || repaint.request_repaint(),
        ));
        self.status = Said::new(move |lang| {
            let run = names::strategy_label_of(name, lang).unwrap_or_default();
            if from_list {
                TilesMsg::SolvingFromList { run }
            } else {
                TilesMsg::SolvingWith { run }
            }
            .text(lang)
        });
        Ok(())
    }

    /// Collect a finished solve.
    pub(super) fn poll_solver(&mut self) {
        let Some(run) = &mut self.running else { return };
        let Some(done) = run.try_finish() else { return };
        let by = run.run.clone();
        let recorded = run.recording != anatomy::Recording::Off;
        self.last_trace = run.trace.points();
        self.running = None;
        let board_at_solve = self.board_at_solve.take();
        let strategy_in = {
            let by = by.clone();
            move |lang| by.label(lang)
        };
        let done = match done {
            Ok(done) => done,
            Err(failed) => {
                let why = failed.to_string();
                self.status = Said::msg(TilesMsg::SolveFailed { why: why.clone() });
                let run = strategy_in.clone();
                self.failure = Some(Notice::Failed {
                    title: Said::new(move |lang| {
                        TilesMsg::SolveFailedTitle { run: run(lang) }.text(lang)
                    }),
                    detail: Said::verbatim(why),
                });
                return;
            }
        };
        let database = done.database.clone();
        let database_note = move |lang| {
            database.as_ref().map_or(String::new(), |d| {
                let (name, time) = (d.name.clone(), duration(d.elapsed.as_secs_f64()));
                if d.built {
                    TilesMsg::DatabaseBuilt { name, time }
                } else {
                    TilesMsg::DatabaseLoaded { name, time }
                }
                .text(lang)
            })
        };
        let o = match done.outcome {
            Ok(o) => o,
            Err(why) => {
                let error = std::sync::Arc::new(AppError::SolveRefused(why));
                let said = Said::new(move |lang| error.text(lang));
                self.status = said.clone();
                let run = strategy_in.clone();
                self.failure = Some(Notice::Failed {
                    title: Said::new(move |lang| {
                        TilesMsg::SolveRefusedBy { run: run(lang) }.text(lang)
                    }),
                    detail: said,
                });
                return;
            }
        };
        self.anatomy = Some(RunAnatomy {
            run: Said::msg(by.clone()),
            stats: o.stats,
            anatomy: done.anatomy,
            recorded,
        });
        let stats = o.stats;
        let counters = move |lang| names::counters(&stats, lang) + &database_note(lang);
        if o.status == Status::Solved {
            let moves = o.path.len();
            let run = strategy_in.clone();
            self.status = Said::new(move |lang| {
                TilesMsg::Solved {
                    moves,
                    guarantee: crate::app::widgets::steps::guarantee(&stats, false, lang),
                    run: run(lang),
                    counters: counters(lang),
                    walk: stats
                        .walk_length
                        .map(|w| TilesMsg::RawWalk { walk: thousands(w) }.text(lang))
                        .unwrap_or_default(),
                }
                .text(lang)
            });
            // The board moves to the new solution's start unless it was
            // played on meanwhile.
            if board_at_solve.as_ref() == Some(&self.game.board)
                && self.game.board != done.puzzle.start
            {
                self.game.set_board(done.puzzle.start.clone());
                self.board_view.reset();
            }
            self.start = done.puzzle.start.clone();
            self.adopt(Solution::new(done.puzzle.start, o, by));
            self.playback = Playback::fresh();
        } else {
            let (status, reason) = (o.status, o.reason.clone());
            // A bound the search proved is news only when no stronger
            // one is known: the start's exact distance, shown beside.
            let exact = self.exact_distance(&done.puzzle.start);
            let proven = by
                .proven(&o, false)
                .filter(|p| p.at_least.is_none_or(|n| exact.is_none_or(|d| n >= d)));
            let ended = ended(status, stats, reason.clone(), proven);
            self.status = {
                let (ended, counters) = (ended.clone(), counters.clone());
                Said::new(move |lang| {
                    TilesMsg::Ended {
                        status: ended(lang),
                        counters: counters(lang),
                    }
                    .text(lang)
                })
            };
            let run = strategy_in.clone();
            self.failure = Some(Notice::Failed {
                title: Said::new(move |lang| {
                    TilesMsg::EndedBy {
                        status: status_title(status, lang),
                        run: run(lang),
                    }
                    .text(lang)
                }),
                detail: Said::new(move |lang| {
                    let title = status_title(status, lang);
                    // The reason, unless it only repeats the title.
                    let reason = reasons::reason(status, &stats, reason.as_deref(), lang)
                        .filter(|r| !r.eq_ignore_ascii_case(&title))
                        .unwrap_or_default();
                    let proven = proven
                        .map(|p| match p.at_least {
                            Some(n) => reasons::ReasonMsg::Proven { n }.text(lang),
                            None => reasons::ReasonMsg::ProvesNothing.text(lang),
                        })
                        .unwrap_or_default();
                    [reason, proven, counters(lang)]
                        .into_iter()
                        .filter(|t| !t.is_empty())
                        .collect::<Vec<_>>()
                        .join("\n")
                }),
            });
        }
    }

    /// What the Steps panel says above the list: the solve running, how
    /// the latest one failed, or why the board cannot be solved.
    pub(super) fn notice(&self, lang: Lang) -> Option<Notice> {
        if let Some(run) = &self.running {
            let run = run.run.text(lang);
            return Some(Notice::Running(Said::msg(TilesMsg::SolvingWith { run })));
        }
        if self.failure.is_some() {
            return self.failure.clone();
        }
        self.game
            .puzzle()
            .check_solvable()
            .err()
            .map(|why| Notice::Failed {
                title: Said::msg(TilesMsg::CannotBeSolved),
                detail: Said::new(move |lang| {
                    let why = crate::app::error::unsolvable(&why, lang);
                    TilesMsg::ItIsUnsolvable { why }.text(lang)
                }),
            })
    }
}

/// How a run ended, as a title (`Node limit reached`) in `lang`.
pub(in crate::app) fn status_title(status: Status, lang: Lang) -> String {
    match lang {
        Lang::English => crate::units::status(status).to_string(),
        _ => names::status_text(status, lang),
    }
}

/// How a run ended with its reason, in the language of the day (see
/// [`reasons::ended`]).
fn ended(
    status: Status,
    stats: crate::engine::Stats,
    reason: Option<String>,
    proven: Option<reasons::Proven>,
) -> impl Fn(Lang) -> String + Clone {
    move |lang| reasons::ended_proving(status, &stats, reason.as_deref(), proven, lang)
}
