//! A* (LC branch-and-bound) over packed boards.

use super::problem::visit;
use super::{Problem, Solvers, Solves, Strategy, Tuning};
use crate::control::Control;
use crate::outcome::Outcome;
use crate::search::astar;

/// A*: always expands the state with the least g + h.
pub struct AStar;

impl<P: Problem> Solves<P> for AStar {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        visit!(problem, [ctl: Control] |space, start, guide| {
            astar(space, start, |s| guide.estimate(s), ctl)
        })
    }
}

impl Strategy for AStar {
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::BestFirst(super::Key::F))
    }
    fn name(&self) -> &'static str {
        "astar"
    }
    fn label(&self) -> &'static str {
        "A*"
    }
    fn description(&self) -> &'static str {
        "A* (LC branch-and-bound): expands the state with the least moves-so-far + estimate. Optimal with these heuristics; stores every state it sees."
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(AStar)
    }
    fn is_optimal(&self) -> bool {
        true
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
