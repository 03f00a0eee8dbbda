//! Breadth-first search with mirror images merged (Klotski only).

use super::{Family, Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace, bfs_mirrored};
use crate::outcome::{Outcome, Status};
use crate::tiles::heuristic::HeuristicChoice;
use crate::tiles::{Dir, TilePuzzle};

/// Breadth-first search over positions with each and its mirror image as
/// one; see [`bfs_mirrored`].
pub struct BfsMirror;

impl Strategy for BfsMirror {
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
    /// A tile's number changes in a mirror, so tile boards have no such
    /// symmetry to merge.
    fn families(&self) -> &'static [Family] {
        &[Family::Klotski]
    }
    /// Never called: [`solve_tiles`](super::solve_tiles) refuses
    /// `bfs-mirror` first; answered without searching all the same.
    fn solve_tiles(&self, _: &TilePuzzle, _: &HeuristicChoice, _: &Control) -> Outcome<Dir> {
        Outcome {
            status: Status::NotFound,
            path: Vec::new(),
            stats: Default::default(),
            reason: super::check_family(self, Family::Tiles)
                .err()
                .map(|e| e.to_string()),
        }
    }
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
        bfs_mirrored(space, start, ctl)
    }
}
