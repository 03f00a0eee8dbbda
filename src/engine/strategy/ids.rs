//! Iterative deepening: depth-first searches to depth 0, 1, 2, … until one
//! reaches the goal.

use super::{Problem, Solvers, Solves, Strategy, Tuning};
use crate::control::Control;
use crate::outcome::Outcome;

/// Iterative-deepening depth-first search: optimal like BFS, memory like
/// DFS.
pub struct Ids;

/// IDA* with an estimate of 0 everywhere is iterative deepening: its bound
/// on g + h is a bound on the depth, raised by one each round. So this is
/// the problem's IDA* (tiles: one board changed in place with duplicate
/// move sequences pruned, on several threads; Klotski: with its table of
/// the least depth each position was met at, without which the
/// transpositions of a 100-step solution cannot be searched), and because
/// IDS uses no heuristic, the registry hands it its problem with none.
impl<P: Problem> Solves<P> for Ids {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        problem.iterative_deepening(ctl)
    }
}

impl Strategy for Ids {
    fn name(&self) -> &'static str {
        "ids"
    }
    fn label(&self) -> &'static str {
        "Iterative deepening (IDS)"
    }
    fn description(&self) -> &'static str {
        "Iterative deepening: depth-first searches cut at depth 0, 1, 2, … until one reaches the goal. Optimal like BFS, and stores only the current path like DFS, at the price of searching the shallow levels again each round."
    }
    fn uses_heuristic(&self) -> bool {
        false
    }
    fn is_optimal(&self) -> bool {
        true
    }
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::Deepening(super::Deepen::Depth))
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(Ids)
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
