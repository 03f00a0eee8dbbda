//! Breadth-first search with mirror images merged (Klotski only).

use super::{KlotskiProblem, Solvers, Solves, Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, bfs_mirrored};
use crate::outcome::Outcome;

/// Breadth-first search over positions with each and its mirror image as
/// one; see [`bfs_mirrored`]. Klotski only: a tile's number changes in a
/// mirror, so tile boards have no such symmetry to merge.
pub struct BfsMirror;

impl Solves<KlotskiProblem> for BfsMirror {
    fn solve(&self, problem: &KlotskiProblem, ctl: &Control) -> Outcome<KMove> {
        bfs_mirrored(problem.space(), problem.start(), ctl)
    }
}

impl Strategy for BfsMirror {
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::BreadthFirst { mirrors: true })
    }
    fn name(&self) -> &'static str {
        "bfs-mirror"
    }
    fn label(&self) -> &'static str {
        "BFS, mirror images merged"
    }
    fn description(&self) -> &'static str {
        "Breadth-first with each position and its mirror image (left and right swapped) counted as one: the goal is its own mirror image, so both are equally far from it. Optimal, and stores about half the positions BFS does; on a layout whose goal is off centre, plain BFS."
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(BfsMirror)
    }
    fn is_optimal(&self) -> bool {
        true
    }
    fn uses_heuristic(&self) -> bool {
        false
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::default().with::<KlotskiProblem, _>(self)
    }
}
