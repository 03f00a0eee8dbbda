//! A* (LC branch-and-bound) over packed boards.

use super::{Guide, Problem, Solvers, Solves, Strategy, Tuning, Visitor};
use crate::control::Control;
use crate::outcome::Outcome;
use crate::search::{SearchSpace, astar};

/// A*: always expands the state with the least g + h.
pub struct AStar;

impl<P: Problem> Solves<P> for AStar {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        struct Run<'c>(&'c Control);
        impl<M> Visitor<M> for Run<'_> {
            type Output = Outcome<M>;
            fn visit<S, G>(self, space: &S, start: S::State, guide: &G) -> Outcome<M>
            where
                S: SearchSpace<Move = M>,
                G: Guide<S::State>,
            {
                astar(space, start, |s| guide.estimate(s), self.0)
            }
        }
        problem.visit(Run(ctl))
    }
}

impl Strategy for AStar {
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
