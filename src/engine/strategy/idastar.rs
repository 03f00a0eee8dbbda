//! IDA*: iterative deepening on f = g + h, memory linear in the depth.

use super::{Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace};
use crate::outcome::Outcome;
use crate::search::{ida_star, ida_star_memo};
use crate::tiles::heuristic::{HeuristicChoice, TileHeuristic, WithHeuristic, with_heuristic};
use crate::tiles::space::TileDfs;
use crate::tiles::{Dir, TilePuzzle};

/// IDA*: depth-first searches bounded by f, the bound raised each round.
pub struct IdaStar;

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
    fn visit(&self) -> super::Visit {
        super::Visit::DepthFirst
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn solve_tiles(
        &self,
        puzzle: &TilePuzzle,
        heuristic: &HeuristicChoice,
        ctl: &Control,
    ) -> Outcome<Dir> {
        struct Run<'a>(&'a TilePuzzle, &'a Control);
        impl WithHeuristic<Outcome<Dir>> for Run<'_> {
            fn run<H: TileHeuristic>(self, h: &H) -> Outcome<Dir> {
                ida_star(&mut TileDfs::new(self.0, h), self.1)
            }
        }
        with_heuristic(heuristic, &puzzle.goal, Run(puzzle, ctl))
    }
    /// Klotski has few states and very many transpositions, so IDA* here
    /// keeps a per-iteration table of the least depth each state was met at.
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
        ida_star_memo(space, start, |s| space.heuristic(s), ctl)
    }
}
