//! A* (LC branch-and-bound) over packed boards.

use super::{Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace};
use crate::outcome::Outcome;
use crate::search::astar;
use crate::tiles::heuristic::{HeuristicChoice, TileHeuristic, WithHeuristic, with_heuristic};
use crate::tiles::packed::{PackedBoard, WithPacked, with_packed};
use crate::tiles::space::TileSpace;
use crate::tiles::{Dir, TilePuzzle};

/// A*: always expands the state with the least g + h.
pub struct AStar;

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
    fn solve_tiles(
        &self,
        puzzle: &TilePuzzle,
        heuristic: &HeuristicChoice,
        ctl: &Control,
    ) -> Outcome<Dir> {
        struct Run<'a, H>(&'a TilePuzzle, &'a H, &'a Control);
        impl<H: TileHeuristic> WithPacked<Outcome<Dir>> for Run<'_, H> {
            fn run<P: PackedBoard>(self) -> Outcome<Dir> {
                let (space, start) = TileSpace::<P>::new(self.0);
                let n = space.cells();
                let h = self.1;
                astar(
                    &space,
                    start,
                    |s: &P| {
                        let mut cells = [0u8; 100];
                        s.unpack(&mut cells[..n]);
                        h.estimate(&cells[..n])
                    },
                    self.2,
                )
            }
        }
        struct Pick<'a>(&'a TilePuzzle, &'a Control);
        impl WithHeuristic<Outcome<Dir>> for Pick<'_> {
            fn run<H: TileHeuristic>(self, h: &H) -> Outcome<Dir> {
                with_packed(self.0.shape().cells(), Run(self.0, h, self.1))
            }
        }
        with_heuristic(heuristic, &puzzle.goal, Pick(puzzle, ctl))
    }
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
        astar(space, start, |s| space.heuristic(s), ctl)
    }
}
