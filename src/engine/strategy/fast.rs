//! Row by row: the reduction people use, fast on any board up to 10×10.

use super::{Solvers, Solves, Strategy, TileProblem, Tuning};
use crate::control::Control;
use crate::outcome::Outcome;
use crate::tiles::Dir;
use crate::tiles::reduce::solve_by_reduction;

/// Place an outer row or column with small searches, lock it, repeat on
/// the smaller board, and finish the last 3×3 (or 2×4) optimally; see
/// [`solve_by_reduction`]. Not optimal, but never stuck and well under a
/// second on 10×10. Tiles only: rows and columns mean nothing to
/// Klotski's blocks.
pub struct Fast;

impl Solves<TileProblem> for Fast {
    fn solve(&self, problem: &TileProblem, ctl: &Control) -> Outcome<Dir> {
        solve_by_reduction(problem.puzzle(), ctl)
    }
}

impl Strategy for Fast {
    fn search_kind(&self) -> Option<super::SearchKind> {
        None
    }
    fn name(&self) -> &'static str {
        "fast"
    }
    fn label(&self) -> &'static str {
        "Fast (row by row)"
    }
    fn description(&self) -> &'static str {
        "Row by row, as people solve it: small searches place an outer row or column and lock it, then the smaller board, and the last 3×3 is solved optimally; boards up to 4×4 are also tried whole by weighted A*, and stretches of the path are re-solved shortest. Any size in well under a second, but the paths are longer than the shortest."
    }
    fn uses_heuristic(&self) -> bool {
        false
    }
    fn reports_events(&self) -> bool {
        false // its small placement searches are not the search a learner watches
    }
    fn is_optimal(&self) -> bool {
        false
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(Fast)
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::default().with::<TileProblem, _>(self)
    }
}
