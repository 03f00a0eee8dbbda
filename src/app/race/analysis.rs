//! How far from optimal a solve was played, found in the background: the
//! optimum of the scramble, then the exact distance to the goal before
//! each move of the player's path and the best move there. No egui.
//!
//! Exact where it can be had quickly: up to 12 cells IDA* with linear
//! conflict; 4×4 with the 7-8 database if at hand, else the 6-6-3 (built
//! once, in seconds, if not cached); 5×5 with the 6-6-6-6 only if cached,
//! and then the optimum alone (a position there takes seconds). Larger
//! boards get no optimum.

use std::sync::Arc;
use std::time::Duration;

use crate::app::jobs::{DatabasePool, DbWork, Task, TaskEnv};
use crate::engine::strategy::EXACT_TILES;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, Limits, Progress, Status, TilePuzzle,
    solve_tiles,
};

/// How long the scramble's optimum may be looked for.
const OPTIMUM_TIME_LIMIT: Duration = Duration::from_secs(30);
/// How long one position of the player's path may be looked for.
const POSITION_TIME_LIMIT: Duration = Duration::from_secs(5);

/// The distance of one position and the blank's first move on a shortest
/// path from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Exact {
    /// Least moves to the goal.
    pub distance: u32,
    /// The blank's first move of a shortest path (none at the goal).
    pub best: Option<Dir>,
}

/// The heuristic that makes IDA* exact and quick on `goal`'s board, if
/// there is one (reading or building a database as the module says).
fn quick_heuristic(goal: &Board, pool: &DatabasePool, ctl: &Control) -> Option<HeuristicChoice> {
    let shape = goal.shape();
    if shape.cells() <= 12 {
        return Some(HeuristicChoice::LinearConflict);
    }
    let get = |kind: HeuristicKind, build: bool| -> Option<Arc<PatternDb>> {
        let partition = kind.partition(goal)?;
        if !build && !pool.is_at_hand(goal, &partition) {
            return None;
        }
        pool.get(goal, &partition, &DbWork::default(), &|| {}, &ctl.cancel)
            .map(|got| got.db)
    };
    if shape == PatternDb::SHAPE_4X4 {
        let db = get(HeuristicKind::Pdb78, false).or_else(|| get(HeuristicKind::Pdb, true))?;
        return Some(HeuristicChoice::Pdb(db));
    }
    if shape == PatternDb::SHAPE_5X5 {
        return get(HeuristicKind::Pdb6666, false).map(HeuristicChoice::Pdb);
    }
    None
}

/// Whether an optimum is looked for on `goal`'s board at all.
pub fn quick_exists(goal: &Board) -> bool {
    goal.shape().cells() <= 16 || goal.shape() == PatternDb::SHAPE_5X5
}

/// Whether the path's positions are analysed, not only the optimum.
pub fn analyses_every_move(goal: &Board) -> bool {
    goal.shape().cells() <= 16
}

/// The exact distance of `board` by IDA* under `limit`; `None` if it was
/// not settled (time, cancel, an unsolvable board).
fn exact(
    board: &Board,
    goal: &Board,
    choice: &HeuristicChoice,
    ctl: &Control,
    limit: Duration,
) -> Option<Exact> {
    shortest(board, goal, choice, ctl, limit).map(|path| Exact {
        distance: path.len() as u32,
        best: path.first().copied(),
    })
}

/// A shortest path from `board` by IDA* under `limit`.
fn shortest(
    board: &Board,
    goal: &Board,
    choice: &HeuristicChoice,
    ctl: &Control,
    limit: Duration,
) -> Option<Vec<Dir>> {
    let puzzle = TilePuzzle::new(board.clone(), goal.clone()).ok()?;
    puzzle.check_solvable().ok()?;
    // One thread: the other core keeps the window responsive while the
    // player solves.
    let limited = Control::default()
        .with_threads(1)
        .with_cancel(ctl.cancel.clone())
        .with_limits(Limits {
            time_limit: Some(limit),
            ..Limits::default()
        });
    let o = solve_tiles(EXACT_TILES, &puzzle, choice, &limited).ok()?;
    (o.status == Status::Solved && o.stats.optimal).then_some(o.path)
}

/// A shortest path from the scramble, if it can be had quickly.
pub fn optimal_path(
    scramble: &Board,
    goal: &Board,
    pool: &DatabasePool,
    ctl: &Control,
) -> Option<Vec<Dir>> {
    let choice = quick_heuristic(goal, pool, ctl)?;
    shortest(scramble, goal, &choice, ctl, OPTIMUM_TIME_LIMIT)
}

/// The scramble's optimum, if it can be had quickly.
pub fn optimum(
    scramble: &Board,
    goal: &Board,
    pool: &DatabasePool,
    ctl: &Control,
) -> Option<Exact> {
    let choice = quick_heuristic(goal, pool, ctl)?;
    exact(scramble, goal, &choice, ctl, OPTIMUM_TIME_LIMIT)
}

/// The exact distance before each move of `path` from `scramble` and after
/// the last (`path.len() + 1` entries, `None` where one was not settled);
/// `ctl`'s progress reports count the positions analysed (in `expanded`),
/// for the progress shown.
pub fn along(
    scramble: &Board,
    goal: &Board,
    path: &[Dir],
    pool: &DatabasePool,
    ctl: &Control,
) -> Vec<Option<Exact>> {
    let Some(choice) = quick_heuristic(goal, pool, ctl) else {
        return vec![None; path.len() + 1];
    };
    let mut board = scramble.clone();
    let mut out = Vec::with_capacity(path.len() + 1);
    for i in 0..=path.len() {
        if ctl.cancel.is_cancelled() {
            out.resize(path.len() + 1, None);
            break;
        }
        out.push(exact(&board, goal, &choice, ctl, POSITION_TIME_LIMIT));
        if let Some(report) = &ctl.on_progress {
            report(&Progress {
                expanded: out.len() as u64,
                ..Progress::default()
            });
        }
        if let Some(&d) = path.get(i) {
            board.apply(d);
        }
    }
    out
}

/// A scramble and its goal: what the race's background work is asked
/// about.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Scramble {
    pub scramble: Board,
    pub goal: Board,
}

/// The scramble's optimum, as a task ([`optimum`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct FindOptimum(pub Scramble);

impl Task for FindOptimum {
    type Output = Option<Exact>;
    const NAME: &'static str = "race_optimum";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Self::Output {
        optimum(&self.0.scramble, &self.0.goal, &env.databases, ctl)
    }

    fn cancelled(&self, _: Option<Progress>) -> Self::Output {
        None
    }
}

/// A shortest path from the scramble, as a task ([`optimal_path`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct FindOptimalPath(pub Scramble);

impl Task for FindOptimalPath {
    type Output = Option<Vec<Dir>>;
    const NAME: &'static str = "race_optimal_path";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Self::Output {
        optimal_path(&self.0.scramble, &self.0.goal, &env.databases, ctl)
    }

    fn cancelled(&self, _: Option<Progress>) -> Self::Output {
        None
    }
}

/// The distances along a player's path, as a task ([`along`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct AnalysePath {
    pub from: Scramble,
    pub path: Vec<Dir>,
}

impl Task for AnalysePath {
    type Output = Vec<Option<Exact>>;
    const NAME: &'static str = "race_along";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Self::Output {
        let Scramble { scramble, goal } = &self.from;
        along(scramble, goal, &self.path, &env.databases, ctl)
    }

    fn cancelled(&self, _: Option<Progress>) -> Self::Output {
        vec![None; self.path.len() + 1]
    }
}

/// A move that did not bring the position closer: its index in the path,
/// the move played and the best move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lost {
    /// Index of the move in the path (0: the first).
    pub index: usize,
    /// The blank's move played.
    pub played: Dir,
    /// The blank's best move there.
    pub best: Option<Dir>,
}

/// The moves after which the distance did not fall, by index, given the
/// distance before each move and after the last (`None` where unknown):
/// the one rule of a lost move, for tiles and Klotski alike.
pub fn lost_indices(distances: &[Option<u32>]) -> Vec<usize> {
    distances
        .windows(2)
        .enumerate()
        .filter_map(|(i, w)| match (w[0], w[1]) {
            (Some(before), Some(after)) if after >= before => Some(i),
            _ => None,
        })
        .collect()
}

/// The distances [`along`] a path, without the best moves.
pub fn distances_of(along: &[Option<Exact>]) -> Vec<Option<u32>> {
    along.iter().map(|e| e.map(|e| e.distance)).collect()
}

/// The moves of `path` after which the distance did not fall, given the
/// distances [`along`] it.
pub fn lost_moves(path: &[Dir], along: &[Option<Exact>]) -> Vec<Lost> {
    lost_indices(&distances_of(along))
        .into_iter()
        .filter_map(|i| {
            Some(Lost {
                index: i,
                played: *path.get(i)?,
                best: along[i].and_then(|e| e.best),
            })
        })
        .collect()
}
