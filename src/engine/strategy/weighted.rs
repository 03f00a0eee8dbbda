//! Weighted A*: near-optimal paths, fast, with a proven bound.

use super::problem::visit;
use super::{KlotskiProblem, Problem, Solvers, Solves, Strategy, TileProblem, Tuning};
use crate::control::Control;
use crate::klotski::KMove;
use crate::outcome::{Outcome, Status};
use crate::search::{proven_within, weighted_astar};
use crate::tiles::Dir;
use crate::tiles::reduce::solve_by_reduction;

/// The weight a front end starts with.
pub(super) const DEFAULT_WEIGHT: f64 = 1.2;
/// The largest weight accepted: beyond it the bound says nothing useful
/// and the search is plain greedy best-first.
pub(super) const MAX_WEIGHT: f64 = 100.0;

/// Boards of more cells try the row-by-row path first: past the
/// 15-puzzle it takes milliseconds, and with a large enough w its length
/// is within the bound by the estimate alone.
const ROW_BY_ROW_FIRST: usize = 16;

/// Weighted A* with weight `w` (≥ 1): paths at most `w` times the shortest.
pub struct Weighted(pub f64);

impl Weighted {
    /// With w = 1 the search is A*: its solution is shortest (and so is
    /// one the row-by-row method proved so).
    fn settle<M>(&self, mut o: Outcome<M>) -> Outcome<M> {
        o.stats.optimal |= self.0 == 1.0;
        o
    }
}

impl Strategy for Weighted {
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::BestFirst(super::Key::Weighted(self.0)))
    }
    fn name(&self) -> &'static str {
        "weighted"
    }
    fn label(&self) -> &'static str {
        "Weighted A*"
    }
    fn description(&self) -> &'static str {
        "Weighted A*: expands the state with the least moves-so-far + w × estimate. Its path is proven at most w times the shortest, and it searches far less than A*. Uses the chosen estimate; on boards past 4×4 a row-by-row path is taken when its length is already within w × the estimate, else a capped weighted IDA* and plain IDA* take turns until a path is proven within the bound."
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn within(&self) -> Option<f64> {
        Some(self.0)
    }
    fn params(&self) -> &'static [super::Param] {
        super::params::WEIGHTED
    }
    fn tuning(&self) -> Tuning {
        Tuning {
            weight: Some(self.0),
            ..Tuning::default()
        }
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        Box::new(Weighted(t.weight.unwrap_or(self.0)))
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}

impl Weighted {
    /// Weighted A* on `problem`'s stored-state space.
    fn astar<P: Problem>(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        visit!(problem, [w: f64 = &self.0, ctl: Control] |space, start, guide| {
            weighted_astar(space, start, |s| guide.estimate(s), *w, ctl)
        })
    }

    /// A path proven within the weight by weighted IDA* turns: memory the
    /// path only, for boards past 4×4 whose paths are too long for
    /// weighted A*'s tables.
    fn deep(&self, problem: &TileProblem, ctl: &Control) -> Outcome<Dir> {
        visit!(problem, [w: f64 = &self.0, ctl: Control] |space| proven_within(space, *w, ctl))
    }
}

impl Solves<TileProblem> for Weighted {
    fn solve(&self, problem: &TileProblem, ctl: &Control) -> Outcome<Dir> {
        let puzzle = problem.puzzle();
        // On a large board the row-by-row path often proves itself within
        // the bound already (its length ≤ w × the estimate ≤ w × the
        // shortest), in milliseconds where the search would take seconds.
        let mut before = None;
        if puzzle.shape().cells() > ROW_BY_ROW_FIRST {
            let fast = solve_by_reduction(puzzle, ctl);
            let h0 = problem.heuristic().map_or(0, |h| {
                crate::tiles::heuristic::evaluate(h, &puzzle.goal, &puzzle.start)
            });
            if fast.status != Status::Solved || fast.path.len() as f64 <= self.0 * f64::from(h0) {
                return self.settle(fast);
            }
            before = Some(fast.stats);
        }
        let mut o = if puzzle.shape().cells() > ROW_BY_ROW_FIRST {
            self.deep(problem, ctl)
        } else {
            self.astar(problem, ctl)
        };
        if let Some(b) = before {
            o.stats.expanded += b.expanded;
            o.stats.generated += b.generated;
            o.stats.peak_bytes = o.stats.peak_bytes.max(b.peak_bytes);
            o.stats.peak_stored = o.stats.peak_stored.max(b.peak_stored);
            o.stats.elapsed += b.elapsed;
        }
        self.settle(o)
    }
}

impl Solves<KlotskiProblem> for Weighted {
    fn solve(&self, problem: &KlotskiProblem, ctl: &Control) -> Outcome<KMove> {
        self.settle(self.astar(problem, ctl))
    }
}
