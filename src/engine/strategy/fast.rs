//! Row by row: the reduction people use, fast on any board up to 10×10.

use super::{Family, Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace};
use crate::outcome::{Outcome, Status};
use crate::tiles::heuristic::HeuristicChoice;
use crate::tiles::reduce::solve_by_reduction;
use crate::tiles::{Dir, TilePuzzle};

/// Place an outer row or column with small searches, lock it, repeat on
/// the smaller board, and finish the last 3×3 (or 2×4) optimally; see
/// [`solve_by_reduction`]. Not optimal, but never stuck and well under a
/// second on 10×10.
pub struct Fast;

impl Strategy for Fast {
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
    fn solve_tiles(&self, puzzle: &TilePuzzle, _: &HeuristicChoice, ctl: &Control) -> Outcome<Dir> {
        solve_by_reduction(puzzle, ctl)
    }
    /// Rows and columns mean nothing to Klotski's blocks.
    fn families(&self) -> &'static [Family] {
        &[Family::Tiles]
    }
    /// Never called: [`solve_klotski`](super::solve_klotski) refuses `fast`
    /// first; answered without searching all the same.
    fn solve_klotski(&self, _: &KlotskiSpace, _: KState, _: &Control) -> Outcome<KMove> {
        Outcome {
            status: Status::NotFound,
            path: Vec::new(),
            stats: Default::default(),
            reason: super::check_family(self, Family::Klotski)
                .err()
                .map(|e| e.to_string()),
        }
    }
}
