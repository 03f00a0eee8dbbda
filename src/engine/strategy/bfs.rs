//! Breadth-first search (FIFO branch-and-bound).

use super::{Problem, Solvers, Solves, Strategy, Tuning};
use crate::control::Control;
use crate::outcome::Outcome;

/// Breadth-first search: expands states in order of distance from the start.
pub struct Bfs;

impl<P: Problem> Solves<P> for Bfs {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        problem.breadth_first(ctl)
    }
}

impl Strategy for Bfs {
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::BreadthFirst { mirrors: false })
    }
    fn name(&self) -> &'static str {
        "bfs"
    }
    fn label(&self) -> &'static str {
        "BFS"
    }
    fn description(&self) -> &'static str {
        "Breadth-first (FIFO branch-and-bound): explores every state at distance d before d+1. Optimal, but stores every state it sees."
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(Bfs)
    }
    fn is_optimal(&self) -> bool {
        true
    }
    fn uses_heuristic(&self) -> bool {
        false
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
