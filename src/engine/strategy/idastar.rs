//! IDA*: iterative deepening on f = g + h, memory linear in the depth.

use super::{Problem, Solvers, Solves, Strategy, Tuning};
use crate::control::Control;
use crate::outcome::Outcome;

/// IDA*: depth-first searches bounded by f, the bound raised each round.
pub struct IdaStar;

/// On tile boards IDA* changes one board in place; Klotski has few states
/// and very many transpositions, so there IDA* keeps a per-iteration table
/// of the least depth each state was met at (the problem chooses).
impl<P: Problem> Solves<P> for IdaStar {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        problem.iterative_deepening(ctl)
    }
}

impl Strategy for IdaStar {
    fn name(&self) -> &'static str {
        "idastar"
    }
    fn label(&self) -> &'static str {
        "IDA*"
    }
    fn description(&self) -> &'static str {
        "IDA*: depth-first searches that prune at moves-so-far + estimate > bound, raising the bound each round. Optimal, and stores only the current path."
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(IdaStar)
    }
    fn is_optimal(&self) -> bool {
        true
    }
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::Deepening(super::Deepen::Cost))
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
