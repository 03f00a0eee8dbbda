//! A puzzle of any family ([`Start`]) and what a run on it came to
//! ([`RunOutcome`]): the types the app's compare, batch and inspector and
//! the CLI's compare share, written once. What differs by family (the
//! solve, a run's numbers, its path written out, a random start like it,
//! its row in a results file) is a method here, so front ends call it
//! instead of matching on the family.

use crate::engine::control::Stop;
use crate::engine::experiment::{RunSummary, scramble, tile_start};
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::observe::StateKey;
use crate::engine::observe::{Anatomist, Anatomy};
use crate::engine::rng::SeededRng;
use crate::engine::strategy::{Family, SolveError, Strategy, solve_klotski, solve_tiles};
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, Outcome, Shape, Stats, Status, TilePuzzle,
};
use crate::storage::klotski_file::klotski_path;
use crate::storage::puzzle_file::tile_path;
use crate::storage::results::{BatchInfo, PuzzleWords, ResultRow, StartRow};

/// A puzzle to run on, of any family.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Start {
    /// A tile puzzle.
    Tiles(TilePuzzle),
    /// A Klotski layout, counted in a metric.
    Klotski(Layout, Metric),
}

impl Start {
    /// The family of puzzle it is.
    pub fn family(&self) -> Family {
        match self {
            Start::Tiles(_) => Family::Tiles,
            Start::Klotski(..) => Family::Klotski,
        }
    }

    /// Whether it is a tile puzzle (runs name their heuristic only there).
    pub fn is_tiles(&self) -> bool {
        matches!(self, Start::Tiles(_))
    }

    /// The tile board's shape (`None` for Klotski, which takes no tile
    /// heuristic).
    pub fn shape(&self) -> Option<Shape> {
        match self {
            Start::Tiles(p) => Some(p.shape()),
            Start::Klotski(..) => None,
        }
    }

    /// The tile board's goal (`None` for Klotski): what a pattern
    /// database is built for.
    pub fn tile_goal(&self) -> Option<&Board> {
        match self {
            Start::Tiles(p) => Some(&p.goal),
            Start::Klotski(..) => None,
        }
    }

    /// Whether it is solved already: a search would have nothing to do.
    pub fn is_solved(&self) -> bool {
        match self {
            Start::Tiles(p) => p.start == p.goal,
            Start::Klotski(l, _) => l.is_solved(),
        }
    }

    /// The start state as the engine's events key states.
    pub fn state_key(&self) -> StateKey {
        match self {
            Start::Tiles(p) => StateKey::of_tiles(p.start.cells()),
            Start::Klotski(l, _) => StateKey::of_layout(l),
        }
    }

    /// Run `strategy` on it: a tile search guided by `heuristic`, a
    /// Klotski search by the layout's own estimate in its metric.
    pub fn solve(
        &self,
        strategy: &dyn Strategy,
        heuristic: &HeuristicChoice,
        ctl: &Control,
    ) -> Result<RunOutcome, SolveError> {
        Ok(match self {
            Start::Tiles(p) => RunOutcome::Tiles(solve_tiles(strategy, p, heuristic, ctl)?),
            Start::Klotski(l, m) => RunOutcome::Klotski(solve_klotski(strategy, l, *m, ctl)?),
        })
    }

    /// A random start of the same goal drawn with `rng`: `shuffle` random
    /// moves back from the goal (tiles; 0 draws a uniformly random
    /// solvable board) or scrambling steps from the layout (Klotski; one
    /// at least).
    pub fn scrambled(&self, shuffle: usize, rng: &mut SeededRng) -> Start {
        match self {
            Start::Tiles(p) => {
                let board = tile_start(&p.goal, (shuffle > 0).then_some(shuffle), rng);
                Start::Tiles(TilePuzzle::new(board, p.goal.clone()).expect("same shape"))
            }
            Start::Klotski(l, m) => Start::Klotski(scramble(l, shuffle.max(1), rng), *m),
        }
    }

    /// What a run on it that ended before it searched comes to: `stop`,
    /// with `reason` (a database the limits left no room for).
    pub fn stopped(&self, stop: Stop, reason: String) -> RunOutcome {
        let mut outcome = self.stopped_after(stop, Stats::default());
        match &mut outcome {
            RunOutcome::Tiles(o) => o.reason = Some(reason),
            RunOutcome::Klotski(o) => o.reason = Some(reason),
        }
        outcome
    }

    /// What a run on it that was stopped by `stop` after counting `stats`
    /// comes to.
    pub fn stopped_after(&self, stop: Stop, stats: Stats) -> RunOutcome {
        match self {
            Start::Tiles(_) => RunOutcome::Tiles(Outcome::stopped(stop, stats)),
            Start::Klotski(..) => RunOutcome::Klotski(Outcome::stopped(stop, stats)),
        }
    }

    /// `row` said to have run on it (family, size, start, goal, metric).
    pub fn describe(&self, row: ResultRow) -> ResultRow {
        match self {
            Start::Tiles(p) => row.on(PuzzleWords::tiles(p)),
            Start::Klotski(l, m) => row.on(PuzzleWords::klotski(l, *m)),
        }
    }

    /// Its line, number `index` (from 1), in a batch's starts file.
    pub fn start_row(&self, index: usize) -> StartRow {
        match self {
            Start::Tiles(p) => StartRow::of(index, PuzzleWords::tiles(p)),
            Start::Klotski(l, m) => StartRow::of(index, PuzzleWords::klotski(l, *m)),
        }
    }

    /// A batch of `count` starts drawn around it ([`scrambled`](Self::scrambled)
    /// by `shuffle`, from `seed`), as its results file says.
    pub fn batch_info(&self, shuffle: usize, seed: u64, count: usize) -> BatchInfo {
        match self {
            Start::Tiles(p) => {
                BatchInfo::of(PuzzleWords::tiles_batch(&p.goal), shuffle, seed, count)
            }
            // As drawn: one step at least.
            Start::Klotski(l, m) => {
                BatchInfo::of(PuzzleWords::klotski(l, *m), shuffle.max(1), seed, count)
            }
        }
    }
}

/// What a run on a [`Start`] came to: the engine's outcome, its moves
/// those of the start's family.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum RunOutcome {
    /// A tile run: the blank's moves.
    Tiles(Outcome<Dir>),
    /// A Klotski run.
    Klotski(Outcome<KMove>),
}

impl RunOutcome {
    /// Its numbers; a Klotski run's counted on `start`'s layout when it is
    /// given (both metrics), else as the run counted them.
    pub fn summary(&self, start: Option<&Start>) -> RunSummary {
        match (self, start) {
            (RunOutcome::Tiles(o), _) => RunSummary::of(o),
            (RunOutcome::Klotski(o), Some(Start::Klotski(l, _))) => RunSummary::of_klotski(l, o),
            (RunOutcome::Klotski(o), _) => RunSummary::of(o),
        }
    }

    /// Its counters.
    pub fn stats(&self) -> crate::engine::Stats {
        match self {
            RunOutcome::Tiles(o) => o.stats,
            RunOutcome::Klotski(o) => o.stats,
        }
    }

    /// How it ended.
    pub fn status(&self) -> Status {
        match self {
            RunOutcome::Tiles(o) => o.status,
            RunOutcome::Klotski(o) => o.status,
        }
    }

    /// The moves of the path it found (0 if none).
    pub fn path_len(&self) -> usize {
        match self {
            RunOutcome::Tiles(o) => o.path.len(),
            RunOutcome::Klotski(o) => o.path.len(),
        }
    }

    /// Why it stopped, where the search said.
    pub fn reason(&self) -> Option<&str> {
        match self {
            RunOutcome::Tiles(o) => o.reason.as_deref(),
            RunOutcome::Klotski(o) => o.reason.as_deref(),
        }
    }

    /// Its anatomy, as `anatomist` tallied the run's events.
    pub fn anatomy(&self, anatomist: &Anatomist) -> Anatomy {
        match self {
            RunOutcome::Tiles(o) => anatomist.anatomy(o),
            RunOutcome::Klotski(o) => anatomist.anatomy(o),
        }
    }

    /// The path it found from `start`, as a results file writes it (empty
    /// when the run is not of `start`'s family).
    pub fn path_text(&self, start: &Start) -> String {
        match (self, start) {
            (RunOutcome::Tiles(o), Start::Tiles(_)) => tile_path(&o.path),
            (RunOutcome::Klotski(o), Start::Klotski(l, _)) => klotski_path(l, &o.path),
            _ => String::new(),
        }
    }
}
