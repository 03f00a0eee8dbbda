//! How far the board is from the goal, a hint in two stages and the move
//! overlay, for tile boards of any size:
//! - up to 10 cells an exact distance table (`engine::tiles::table`),
//!   built in the background whenever the goal changes, then read as the
//!   user plays (and shown "among all positions");
//! - larger boards one position at a time, in the background: 4×4 and the
//!   11- and 12-cell boards exactly by IDA* (on 4×4 with the best pattern
//!   database loaded, or the 6-6-3 read from the cache, else linear
//!   conflict) under a time limit, else the `fast` plan's length, which is
//!   only an upper bound. An answer is kept with the position it is for,
//!   so a late one never shows for another.

use std::sync::Arc;
use std::time::Duration;

use eframe::egui;

use crate::app::Command;
use crate::app::i18n::{HintMsg, Lang, Message, Said, names, tr};
use crate::app::jobs::{DatabasePool, DbWork, Handle, JobKind, Jobs, Task, TaskEnv};
use crate::app::widgets::board_view::Marks;
use crate::app::widgets::distribution::{self, Distribution, Effect};
use crate::engine::control::Stop;
use crate::engine::strategy::{EXACT_TILES, QUICK_TILES};
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::tiles::table::DistanceTable;
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, Limits, Shape, Status, TilePuzzle,
    solve_tiles,
};

/// How long IDA* may look for an exact distance before the readout falls
/// back to an upper bound.
const EXACT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The table for the goal shown, a search for the position shown (larger
/// boards), and the hint's stage.
#[derive(Default)]
pub struct Distances {
    table: Table,
    search: Option<Search>,
    /// The board the hint was asked for and how much of it is shown (1: the
    /// tile, 2: the tile and its direction).
    hint: Option<(Vec<u8>, u8)>,
    /// The "Among all positions" window is open.
    pub among_all: bool,
    /// Which of the farthest positions "Show the farthest" shows next.
    next_farthest: usize,
    /// The latest solution found by a strategy, for the positions along it.
    learned: Option<Learned>,
}

/// A solution a strategy found: from each board along it, the rest of its
/// path bounds the distance (exactly when the strategy is optimal).
struct Learned {
    goal: Board,
    /// The board before each move, and the goal after the last.
    boards: Vec<Board>,
    path: Vec<Dir>,
    exact: bool,
    how: Said,
}

#[derive(Default)]
enum Table {
    /// No table for this board (too large), or none asked for yet.
    #[default]
    None,
    Building {
        goal: Board,
        job: Box<Handle<Result<DistanceTable, Stop>>>,
    },
    Ready(Box<DistanceTable>),
}

/// The distance of one position, found in the background.
#[derive(Clone, Debug, PartialEq)]
pub struct Known {
    /// Moves to the goal (a bound when not `exact`).
    pub distance: u32,
    /// Whether it is the least number of moves.
    pub exact: bool,
    /// The blank's first move on a path of that length.
    pub first: Option<Dir>,
    /// How it was found, in words.
    pub how: Said,
    /// A bound from a solution the user had found, whose first move the
    /// hint follows (otherwise a bound is the `fast` plan's).
    pub from_solution: bool,
}

/// Why a search gave no distance.
#[derive(Clone, Debug, PartialEq)]
enum Failure {
    /// The position cannot reach the goal.
    Unreachable,
    /// Anything else, in words.
    Other(Said),
}

impl Failure {
    /// A failure the engine or a job names in English only.
    fn said(why: String) -> Self {
        Failure::Other(Said::written(|_| why.clone()))
    }
}

type Answer = Result<Known, Failure>;
/// The search for one position.
type SearchJob = Handle<Measured>;

/// How a search found a distance, as data (worded where it is shown).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Found {
    /// IDA* guided by `heuristic`, or by the database `database` names.
    IdaStar {
        heuristic: HeuristicKind,
        database: Option<String>,
    },
    /// The fast plan's length (no exact search for this board).
    Plan,
    /// The fast plan's length after the exact search ran out of time.
    PlanNoExact,
}

/// Why a search found no distance, as data.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Missed {
    Unreachable,
    Cancelled,
    /// The board and the goal do not make a puzzle (in English: a board
    /// the app made itself never gets here).
    Board(String),
    /// The plan ended without a path.
    Ended {
        #[serde(with = "crate::engine::outcome::status_whole")]
        status: Status,
        stats: Box<crate::engine::Stats>,
        reason: Option<String>,
    },
    Refused(crate::engine::strategy::SolveError),
}

/// A search's answer as the job hands it back: the distance, exact or a
/// bound, its first move and how it was found; or why there is none.
pub type Measured = Result<(u32, bool, Option<Dir>, Found), Missed>;

/// A search's answer in the words of the day.
fn answer_of(measured: Measured) -> Answer {
    match measured {
        Ok((distance, exact, first, found)) => Ok(Known {
            distance,
            exact,
            first,
            how: match found {
                Found::IdaStar {
                    heuristic,
                    database,
                } => Said::written(move |lang| {
                    let heuristic = match &database {
                        Some(name) => HintMsg::HowPdb { name: name.clone() }.text(lang),
                        None if lang == Lang::English => heuristic.label().to_lowercase(),
                        None => names::heuristic_label(heuristic, lang),
                    };
                    HintMsg::HowIdaStar { heuristic }.text(lang)
                }),
                Found::Plan => Said::msg(HintMsg::HowPlan),
                Found::PlanNoExact => Said::msg(HintMsg::HowPlanNoExact {
                    secs: EXACT_TIME_LIMIT.as_secs(),
                }),
            },
            from_solution: false,
        }),
        Err(Missed::Unreachable) => Err(Failure::Unreachable),
        Err(Missed::Cancelled) => Err(Failure::Other(Said::msg(HintMsg::Cancelled))),
        Err(Missed::Board(why)) => Err(Failure::said(why)),
        Err(Missed::Ended {
            status,
            stats,
            reason,
        }) => Err(Failure::Other(Said::written(move |lang| {
            crate::app::i18n::reasons::ended(status, &stats, reason.as_deref(), lang)
        }))),
        Err(Missed::Refused(e)) => Err(Failure::Other(Said::written(move |lang| {
            crate::app::error::solve_error(&e, lang)
        }))),
    }
}

/// The distance of a position of a larger board, as a task
/// ([`distance_of`]); the database of `partition` is used if held.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct DistanceOf {
    board: Board,
    goal: Board,
    partition: Option<Vec<Vec<u8>>>,
}

impl Task for DistanceOf {
    type Output = Measured;
    const NAME: &'static str = "distance_of";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Measured {
        let database = held(&self.partition, &self.goal, env);
        distance_of(&self.board, &self.goal, database, &env.databases, ctl)
    }

    fn cancelled(&self, _: Option<crate::engine::Progress>) -> Measured {
        Err(Missed::Cancelled)
    }
}

/// The exact distances after each blank move, as a task
/// ([`neighbour_distances`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct NeighboursOf {
    board: Board,
    goal: Board,
    distance: u32,
    partition: Option<Vec<Vec<u8>>>,
}

impl Task for NeighboursOf {
    type Output = Vec<(Dir, u32)>;
    const NAME: &'static str = "neighbour_distances";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Self::Output {
        let database = held(&self.partition, &self.goal, env);
        let database = exact_choice(&self.goal, database, &env.databases, ctl)
            .and_then(|(choice, _)| choice.database().cloned());
        neighbour_distances(&self.board, &self.goal, self.distance, database, ctl)
    }

    fn cancelled(&self, _: Option<crate::engine::Progress>) -> Self::Output {
        Vec::new()
    }
}

/// Run a hint's search as a job (in a web worker in the web edition).
fn run<T: Task>(jobs: &Jobs, ctx: &egui::Context, task: T) -> Handle<T::Output> {
    let repaint = ctx.clone();
    jobs.run_task(JobKind::Hints, Control::default(), task, move || {
        repaint.request_repaint()
    })
}

/// The database of `partition` for `goal` that the task's pool holds.
fn held(partition: &Option<Vec<Vec<u8>>>, goal: &Board, env: &TaskEnv) -> Option<Arc<PatternDb>> {
    env.databases.find(goal, partition.as_ref()?)
}
/// The distances after each blank move.
type NeighboursJob = Handle<Vec<(Dir, u32)>>;

/// A background search for one position (boards without a quick table).
struct Search {
    board: Board,
    goal: Board,
    job: Option<Box<SearchJob>>,
    answer: Option<Answer>,
    /// The exact distances after each blank move, for the overlay (asked
    /// for once the distance is known, if the overlay is on).
    neighbours: Option<Box<NeighboursJob>>,
    neighbour_distances: Option<Vec<(Dir, u32)>>,
}

/// What the poll needs to know besides the board.
pub struct Wanted<'a> {
    /// The readout is on.
    pub on: bool,
    /// The move overlay is on (neighbours' distances are worth computing).
    pub overlay: bool,
    /// The strongest pattern database loaded for this goal, if any.
    pub database: Option<Arc<PatternDb>>,
    /// The app's background work (the searches run there, the databases
    /// come from there).
    pub jobs: &'a Jobs,
}

impl Distances {
    /// Keep the table in step with `goal` and the search in step with
    /// `board`: start a build or search for a new one (cancelling the old),
    /// collect a finished one. Nothing runs while the readout is off.
    pub fn poll(&mut self, goal: &Board, board: &Board, wanted: Wanted<'_>, ctx: &egui::Context) {
        if self.learned.as_ref().is_some_and(|l| &l.goal != goal) {
            self.learned = None;
        }
        if !wanted.on {
            self.clear();
            return;
        }
        if DistanceTable::quick(goal.shape()) {
            self.search = None;
            self.poll_table(goal, wanted.jobs, ctx);
        } else {
            self.drop_table();
            self.poll_search(goal, board, wanted, ctx);
        }
    }

    fn poll_table(&mut self, goal: &Board, jobs: &Jobs, ctx: &egui::Context) {
        let current = match &self.table {
            Table::None => None,
            Table::Building { goal, .. } => Some(goal.cells()),
            Table::Ready(t) => Some(t.goal()),
        };
        if current != Some(goal.cells()) {
            self.drop_table();
            let repaint = ctx.clone();
            let table = TableOf { goal: goal.clone() };
            let job = jobs.run_task(JobKind::Hints, Control::default(), table, move || {
                repaint.request_repaint()
            });
            self.table = Table::Building {
                goal: goal.clone(),
                job: Box::new(job),
            };
        }
        if let Table::Building { job, .. } = &mut self.table
            && let Some(done) = job.try_take()
        {
            self.table = match done {
                Ok(Ok(table)) => Table::Ready(Box::new(table)),
                // Cancelled or failed: no readout (the play goes on).
                _ => Table::None,
            };
        }
    }

    fn poll_search(
        &mut self,
        goal: &Board,
        board: &Board,
        wanted: Wanted<'_>,
        ctx: &egui::Context,
    ) {
        let fresh = self
            .search
            .as_ref()
            .is_some_and(|s| &s.board == board && &s.goal == goal);
        if !fresh {
            let task = DistanceOf {
                board: board.clone(),
                goal: goal.clone(),
                partition: wanted.database.as_ref().map(|db| db.partition()),
            };
            let job = run(wanted.jobs, ctx, task);
            // The old search (if any) is cancelled as it is dropped.
            self.search = Some(Search {
                board: board.clone(),
                goal: goal.clone(),
                job: Some(Box::new(job)),
                answer: None,
                neighbours: None,
                neighbour_distances: None,
            });
        }
        let Some(search) = &mut self.search else {
            return;
        };
        if let Some(job) = &mut search.job
            && let Some(done) = job.try_take()
        {
            search.job = None;
            search.answer = Some(match done {
                Ok(measured) => answer_of(measured),
                Err(panicked) => Err(Failure::said(panicked.to_string())),
            });
        }
        // The overlay needs the distance after every move: exact ones only.
        if wanted.overlay
            && search.neighbours.is_none()
            && search.neighbour_distances.is_none()
            && let Some(Ok(known)) = &search.answer
            && known.exact
        {
            let task = NeighboursOf {
                board: search.board.clone(),
                goal: search.goal.clone(),
                distance: known.distance,
                partition: wanted.database.as_ref().map(|db| db.partition()),
            };
            search.neighbours = Some(Box::new(run(wanted.jobs, ctx, task)));
        }
        if let Some(job) = &mut search.neighbours
            && let Some(done) = job.try_take()
        {
            search.neighbours = None;
            search.neighbour_distances = Some(done.unwrap_or_default());
        }
    }

    /// Drop the table, cancelling its build.
    fn drop_table(&mut self) {
        if let Table::Building { job, .. } = &self.table {
            job.cancel();
        }
        self.table = Table::None;
    }

    /// Drop the table and the search (cancelling them) and the hint.
    fn clear(&mut self) {
        self.drop_table();
        self.search = None;
        self.hint = None;
        self.among_all = false;
    }

    /// The exact table, once built (boards of ≤ 10 cells).
    pub fn table(&self) -> Option<&DistanceTable> {
        match &self.table {
            Table::Ready(t) => Some(t),
            _ => None,
        }
    }

    /// The exact distance of `board`, once the table is ready.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        self.table()?.distance(board)
    }

    /// What is known of `board`'s distance: from the table, or from the
    /// search for it (never one for another position).
    pub fn known(&self, board: &Board) -> Option<Known> {
        if let Some(t) = self.table() {
            let d = t.distance(board)?;
            return Some(Known {
                distance: d,
                exact: true,
                first: self.table_best_blank_move(board, d),
                how: Said::msg(HintMsg::HowTable),
                from_solution: false,
            });
        }
        let searched = match &self.search {
            Some(s) if &s.board == board => s.answer.clone().and_then(Result::ok),
            _ => None,
        };
        // The better of the two: an exact distance, else the shorter bound.
        match (searched, self.learned_for(board)) {
            (Some(s), Some(l)) if !s.exact && (l.exact || l.distance < s.distance) => Some(l),
            (Some(s), _) => Some(s),
            (None, l) => l,
        }
    }

    /// Remember `solution` (its boards, the goal last, and its moves),
    /// found by a strategy that is optimal or not (`exact`), `how` in
    /// words: the readout and the hint use it where it does better than
    /// their own search.
    pub fn learn(&mut self, boards: &[Board], path: &[Dir], exact: bool, how: Said) {
        let Some(goal) = boards.last() else {
            return;
        };
        self.learned = Some(Learned {
            goal: goal.clone(),
            boards: boards.to_vec(),
            path: path.to_vec(),
            exact,
            how,
        });
    }

    /// What the latest solution says of `board`, if it passes through it.
    fn learned_for(&self, board: &Board) -> Option<Known> {
        let l = self.learned.as_ref()?;
        let at = l.boards.iter().position(|b| b == board)?;
        Some(Known {
            distance: (l.path.len() - at) as u32,
            exact: l.exact,
            first: l.path.get(at).copied(),
            how: l.how.clone(),
            from_solution: true,
        })
    }

    fn table_best_blank_move(&self, board: &Board, d: u32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&blank| {
            let mut next = board.clone();
            next.apply(blank).is_some() && self.distance(&next).is_some_and(|n| n + 1 == d)
        })
    }

    /// Whether the search for `board` is running.
    pub fn working(&self, board: &Board) -> bool {
        matches!(&self.search, Some(s) if &s.board == board && s.job.is_some())
    }

    /// A move that brings `board` closer (one closer where the distance is
    /// exact; along the plan where it is a bound): the tile and the way it
    /// slides.
    fn best_move(&self, board: &Board) -> Option<(u8, Dir)> {
        let blank = self.known(board)?.first?;
        let tile = board.cells()[board.shape().neighbour(board.blank(), blank)?];
        Some((tile, blank.opposite()))
    }

    /// The exact distance after each of `board`'s blank moves, where known.
    pub fn after_moves(&self, board: &Board) -> Vec<(Dir, u32)> {
        if self.table().is_some() {
            return Dir::ALL
                .into_iter()
                .filter_map(|blank| {
                    let mut next = board.clone();
                    next.apply(blank)?;
                    Some((blank, self.distance(&next)?))
                })
                .collect();
        }
        match &self.search {
            Some(s) if &s.board == board => s.neighbour_distances.clone().unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// What each movable tile's move does to the distance, by the tile's
    /// cell (only where the distances are exact).
    pub fn move_effects(&self, board: &Board) -> Vec<(usize, Effect)> {
        let Some(known) = self.known(board).filter(|k| k.exact) else {
            return Vec::new();
        };
        self.after_moves(board)
            .into_iter()
            .filter_map(|(blank, after)| {
                let cell = board.shape().neighbour(board.blank(), blank)?;
                Some((cell, Effect::of(known.distance, after)))
            })
            .collect()
    }

    /// The marks the board draws: the overlay's tints (if on) and the
    /// hint's tile.
    pub fn marks(&self, board: &Board, overlay: bool, marks: &mut Marks) {
        let n = board.cells().len();
        if overlay {
            marks.fill.resize(n, None);
            for (cell, effect) in self.move_effects(board) {
                marks.fill[cell] = Some(effect.colour());
            }
        }
        if self.hint.as_ref().is_some_and(|(b, _)| b == board.cells())
            && let Some((tile, _)) = self.best_move(board)
        {
            marks.ring = board.cells().iter().position(|&t| t == tile);
        }
    }

    /// The readout and the Hint button, in the header above the board.
    pub fn show(&mut self, ui: &mut egui::Ui, board: &Board) {
        if self
            .hint
            .as_ref()
            .is_some_and(|(for_board, _)| for_board != board.cells())
        {
            self.hint = None;
        }
        if let Table::Building { .. } = &self.table {
            ui.separator();
            ui.weak(tr(ui, HintMsg::Counting));
            return;
        }
        // A solution found through this position answers while the
        // search works, and where it failed.
        let learned = self.learned_for(board).is_some();
        if self.working(board) && !learned {
            ui.separator();
            ui.weak(tr(ui, HintMsg::WorkingOut));
            return;
        }
        let searched_failure = match &self.search {
            Some(s) if &s.board == board && !learned => {
                s.answer.as_ref().and_then(|a| a.clone().err())
            }
            _ => None,
        };
        if let Some(why) = searched_failure {
            ui.separator();
            match why {
                Failure::Unreachable => ui.label(tr(ui, HintMsg::CannotReach)),
                Failure::Other(why) => {
                    let why = tr(ui, why);
                    ui.label(tr(ui, HintMsg::Unknown { why }))
                }
            };
            return;
        }
        let Some(known) = self.known(board) else {
            if self.table().is_some() || self.search.is_some() {
                ui.separator();
                ui.label(tr(ui, HintMsg::CannotReach));
            }
            return;
        };
        let d = known.distance;
        if d == 0 {
            return;
        }
        ui.separator();
        let how = tr(ui, &known.how);
        if known.exact {
            let readout = HintMsg::Exact { d };
            // Kept whole: in a narrow row it moves to the next line rather
            // than breaking inside its bracket.
            ui.add(egui::Label::new(tr(ui, readout)).extend())
                .on_hover_text(tr(ui, HintMsg::ExactHow { how }));
        } else {
            let readout = HintMsg::AtMost { d };
            ui.add(egui::Label::new(tr(ui, readout)).extend())
                .on_hover_text(tr(ui, HintMsg::BoundHow { how }));
        }
        let stage = self.hint.as_ref().map_or(0, |(_, s)| *s);
        let label = if stage == 0 {
            HintMsg::Hint
        } else {
            HintMsg::MoreHint
        };
        // Whole (提示 never breaks as 提/示): a button that does not fit
        // goes to the next line.
        let button = egui::Button::new(tr(ui, label)).wrap_mode(egui::TextWrapMode::Extend);
        if stage < 2 && ui.add(button).clicked() {
            self.hint = Some((board.cells().to_vec(), stage + 1));
        }
        if let (Some((_, stage)), Some((tile, way))) = (&self.hint, self.best_move(board)) {
            let way = tr(
                ui,
                match way {
                    Dir::Up => HintMsg::Up,
                    Dir::Down => HintMsg::Down,
                    Dir::Left => HintMsg::Left,
                    Dir::Right => HintMsg::Right,
                },
            );
            // From an upper bound the move follows a plan or a solution
            // found, not necessarily a shortest way: said on the hint itself.
            let text = match (stage, known.exact, known.from_solution) {
                (1, true, _) => HintMsg::HintMove { tile },
                (1, false, false) => HintMsg::HintMovePlan { tile },
                (1, false, true) => HintMsg::HintMoveSolution { tile },
                (_, true, _) => HintMsg::HintSlide { tile, way },
                (_, false, false) => HintMsg::HintSlidePlan { tile, way },
                (_, false, true) => HintMsg::HintSlideSolution { tile, way },
            };
            let hint = ui.strong(tr(ui, text));
            if !known.exact {
                hint.on_hover_text(tr(
                    ui,
                    if known.from_solution {
                        HintMsg::SolutionHint
                    } else {
                        HintMsg::PlanHint
                    },
                ));
            }
        }
    }

    /// The legend of the overlay, or why it cannot colour this board.
    pub fn overlay_legend(&self, ui: &mut egui::Ui, board: &Board) {
        // One line of the legend's height whatever it says, and it stays
        // while the distance is worked out: the board under it does not
        // jump up and back at every move.
        let line = match self.known(board) {
            Some(k) if k.exact && !self.move_effects(board).is_empty() => {
                distribution::legend(ui, &[Effect::Closer, Effect::Farther]);
                return;
            }
            Some(k) if k.exact => HintMsg::Colouring,
            Some(k) if k.distance > 0 => HintMsg::ColouredWhereExact,
            Some(_) => return,
            None => HintMsg::Colouring,
        };
        ui.horizontal_wrapped(|ui| ui.weak(tr(ui, line)));
    }

    /// The "Among all positions" window (boards with a table): the chart,
    /// God's number and "Show the farthest".
    pub fn among_all_window(&mut self, ctx: &egui::Context, board: &Board, out: &mut Vec<Command>) {
        if !self.among_all {
            return;
        }
        let mut open = true;
        let mut show_farthest = false;
        distribution::window(ctx, &mut open).show(ctx, |ui| {
            let Some(table) = self.table() else {
                let lang = crate::app::i18n::language(ui.ctx());
                ui.label(among_all_unavailable(board.shape(), lang));
                return;
            };
            let unit = tr(ui, HintMsg::UnitMoves);
            Distribution {
                by_distance: table.by_distance(),
                unit: &unit,
                here: table.distance(board),
            }
            .show(ui, "tiles");
            show_farthest = ui
                .button(tr(ui, HintMsg::ShowFarthest))
                .on_hover_text(tr(ui, HintMsg::ShowFarthestHint))
                .clicked();
        });
        self.among_all = open;
        let pick = self.next_farthest;
        if show_farthest && let Some(table) = self.table() {
            let farthest = table.farthest();
            let goal = Board::new(table.shape(), table.goal().to_vec());
            if let (Some(b), Ok(goal)) = (farthest.get(pick % farthest.len().max(1)), goal)
                && let Ok(p) = TilePuzzle::new(b.clone(), goal)
            {
                out.push(Command::SetPuzzle(p));
            }
            self.next_farthest += 1;
        }
    }
}

/// Why a board has no "among all positions" chart, in `lang`.
pub fn among_all_unavailable(shape: Shape, lang: Lang) -> String {
    let shape_text = shape.to_string();
    if DistanceTable::covers(shape) {
        HintMsg::TooSlowToCount {
            shape: shape_text,
            n: crate::units::thousands(table_states(shape)),
        }
        .text(lang)
    } else {
        HintMsg::TooManyToCount { shape: shape_text }.text(lang)
    }
}

/// Half of all arrangements: those that reach the goal.
fn table_states(shape: Shape) -> u64 {
    (1..=shape.cells() as u64).product::<u64>() / 2
}

/// The exact heuristic for a search on `goal`'s board, if there is one,
/// and a database it read from the cache.
fn exact_choice(
    goal: &Board,
    database: Option<Arc<PatternDb>>,
    pool: &DatabasePool,
    ctl: &Control,
) -> Option<(HeuristicChoice, Option<Arc<PatternDb>>)> {
    let shape = goal.shape();
    if shape == PatternDb::SHAPE_4X4 {
        if let Some(db) = database.filter(|db| db.goal() == goal.cells()) {
            return Some((HeuristicChoice::Pdb(db), None));
        }
        // The 6-6-3 from the cache (read, never built, for a readout).
        let partition = HeuristicKind::Pdb.partition(goal)?;
        if pool.is_at_hand(goal, &partition)
            && let Some(got) = pool.get(goal, &partition, &DbWork::default(), &|| {}, &ctl.cancel)
        {
            return Some((HeuristicChoice::Pdb(got.db.clone()), Some(got.db)));
        }
        return Some((HeuristicChoice::LinearConflict, None));
    }
    DistanceTable::covers(shape).then_some((HeuristicChoice::LinearConflict, None))
}

/// The distance of `board` to `goal`: exact by IDA* where a search can
/// settle it within [`EXACT_TIME_LIMIT`], else the fast plan's length.
fn distance_of(
    board: &Board,
    goal: &Board,
    database: Option<Arc<PatternDb>>,
    pool: &DatabasePool,
    ctl: &Control,
) -> Measured {
    let puzzle = match TilePuzzle::new(board.clone(), goal.clone()) {
        Ok(p) => p,
        Err(e) => {
            return Err(Missed::Board(crate::app::error::board_error(
                &e,
                Lang::English,
            )));
        }
    };
    if puzzle.check_solvable().is_err() {
        return Err(Missed::Unreachable);
    }
    let mut timed_out = false;
    if let Some((choice, _)) = exact_choice(goal, database, pool, ctl) {
        let limited = Control::default()
            .with_cancel(ctl.cancel.clone())
            .with_limits(Limits {
                time_limit: Some(EXACT_TIME_LIMIT),
                ..Limits::default()
            });
        match solve_tiles(EXACT_TILES, &puzzle, &choice, &limited) {
            Ok(o) if o.status == Status::Solved => {
                let found = Found::IdaStar {
                    heuristic: choice.kind(),
                    database: choice.database().map(|db| db.name()),
                };
                let (distance, first) = (o.path.len() as u32, o.path.first().copied());
                return Ok((distance, o.stats.optimal, first, found));
            }
            Ok(o) if o.status == Status::Cancelled => return Err(Missed::Cancelled),
            _ => timed_out = true,
        }
    }
    match solve_tiles(QUICK_TILES, &puzzle, &HeuristicChoice::Manhattan, ctl) {
        Ok(o) if o.status == Status::Solved => {
            let found = if timed_out {
                Found::PlanNoExact
            } else {
                Found::Plan
            };
            let (distance, first) = (o.path.len() as u32, o.path.first().copied());
            Ok((distance, o.stats.optimal, first, found))
        }
        Ok(o) => Err(Missed::Ended {
            status: o.status,
            stats: Box::new(o.stats),
            reason: o.reason,
        }),
        Err(e) => Err(Missed::Refused(e)),
    }
}

/// The exact distances after each blank move of `board` (at distance `d`):
/// each is `d - 1` or `d + 1` (a move flips the parity), so one bounded
/// search per move tells which.
fn neighbour_distances(
    board: &Board,
    goal: &Board,
    d: u32,
    database: Option<Arc<PatternDb>>,
    ctl: &Control,
) -> Vec<(Dir, u32)> {
    let choice = match database.filter(|db| db.goal() == goal.cells()) {
        Some(db) => HeuristicChoice::Pdb(db),
        None => HeuristicChoice::LinearConflict,
    };
    let limited = Control::default()
        .with_cancel(ctl.cancel.clone())
        .with_limits(Limits {
            time_limit: Some(EXACT_TIME_LIMIT),
            ..Limits::default()
        });
    Dir::ALL
        .into_iter()
        .filter_map(|blank| {
            let mut next = board.clone();
            next.apply(blank)?;
            let puzzle = TilePuzzle::new(next, goal.clone()).ok()?;
            let o = solve_tiles(EXACT_TILES, &puzzle, &choice, &limited).ok()?;
            (o.status == Status::Solved && o.stats.optimal).then_some((blank, o.path.len() as u32))
        })
        .filter(|&(_, after)| after + 1 == d || after == d + 1)
        .collect()
}

/// The exact distances of every position of a small board to `goal`, as
/// a job's data (on a thread, or in a web worker).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct TableOf {
    goal: Board,
}

impl Task for TableOf {
    type Output = Result<DistanceTable, Stop>;
    const NAME: &'static str = "distance_table";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        DistanceTable::build(&self.goal, ctl)
    }

    fn cancelled(&self, _: Option<crate::engine::Progress>) -> Self::Output {
        Err(Stop::Cancelled)
    }
}

#[cfg(test)]
mod task_tests {
    use super::*;
    use crate::app::tasks::runner;
    use crate::engine::Shape;

    #[test]
    fn a_table_sent_as_json_reads_back_as_built() {
        let dir = tempfile::tempdir().unwrap();
        let env = crate::app::tasks::testing::env(&Jobs::new(dir.path().to_path_buf()));
        let goal = Board::goal(Shape::new(2, 3).unwrap());
        let json = serde_json::to_string(&TableOf { goal: goal.clone() }).unwrap();
        let answer = runner(TableOf::NAME).unwrap()(&json, &Control::default(), &env).unwrap();
        let back: Result<DistanceTable, Stop> = serde_json::from_str(&answer).unwrap();
        let back = back.unwrap();
        let built = DistanceTable::build(&goal, &Control::default()).unwrap();
        assert_eq!(back.by_distance(), built.by_distance());
        assert_eq!(back.states(), 360);
        assert_eq!(back.distance(&goal), Some(0));
    }

    /// A 4×4 hint as the web edition gets it: its distance and first move
    /// sent back as data, the same as found in place, the first move one
    /// step along a shortest path (the neighbours say so); a 5×5 one gives
    /// the plan's bound; an unreachable position says so.
    #[test]
    fn a_hint_sent_as_json_answers_as_found_in_place() {
        use crate::app::tasks::testing::{env, sent};
        let env = env(&Jobs::new(
            tempfile::tempdir().unwrap().path().to_path_buf(),
        ));
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let board =
            Board::parse("5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12", Some(goal.shape())).unwrap();
        let task = || DistanceOf {
            board: board.clone(),
            goal: goal.clone(),
            partition: None,
        };
        let here = task().run(&Control::default(), &env).unwrap();
        let there = sent(&task(), &env).unwrap();
        assert_eq!((here.0, here.1, here.2), (there.0, there.1, there.2));
        let (d, exact, first, _) = there;
        // The test's own breadth-first search agrees.
        let shortest = crate::app::tests::distance(&board, &goal);
        assert!(exact && d == shortest, "{d} {exact} {shortest}");
        let neighbours = sent(
            &NeighboursOf {
                board: board.clone(),
                goal: goal.clone(),
                distance: d,
                partition: None,
            },
            &env,
        );
        let closer: Vec<Dir> = neighbours
            .iter()
            .filter(|(_, after)| after + 1 == d)
            .map(|(dir, _)| *dir)
            .collect();
        assert!(closer.contains(&first.unwrap()), "{closer:?}");
        // The words are made where they are shown.
        let known = answer_of(Ok(here)).unwrap();
        assert!(
            known.how.english().contains("IDA*"),
            "{}",
            known.how.english()
        );
        let mut swapped = goal.cells().to_vec();
        swapped.swap(0, 1);
        let unreachable = DistanceOf {
            board: Board::new(goal.shape(), swapped).unwrap(),
            goal: goal.clone(),
            partition: None,
        };
        assert!(matches!(sent(&unreachable, &env), Err(Missed::Unreachable)));
    }
}
