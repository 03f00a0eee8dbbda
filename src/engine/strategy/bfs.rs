//! Breadth-first search (FIFO branch-and-bound).

use super::{Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace};
use crate::outcome::Outcome;
use crate::search::bfs;
use crate::tiles::heuristic::HeuristicChoice;
use crate::tiles::packed::{PackedBoard, WithPacked, with_packed};
use crate::tiles::space::TileSpace;
use crate::tiles::{Dir, TilePuzzle};

/// Breadth-first search: expands states in order of distance from the start.
pub struct Bfs;

impl Strategy for Bfs {
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
    fn solve_tiles(&self, puzzle: &TilePuzzle, _: &HeuristicChoice, ctl: &Control) -> Outcome<Dir> {
        struct Run<'a>(&'a TilePuzzle, &'a Control);
        impl WithPacked<Outcome<Dir>> for Run<'_> {
            fn run<P: PackedBoard>(self) -> Outcome<Dir> {
                let (space, start) = TileSpace::<P>::new(self.0);
                bfs(&space, start, self.1)
            }
        }
        with_packed(puzzle.shape().cells(), Run(puzzle, ctl))
    }
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
        crate::klotski::bfs(space, start, ctl)
    }
}
