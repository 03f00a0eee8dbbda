//! Manhattan distance: each tile needs at least its row and column distance.

use super::{GoalCells, Slide, TileHeuristic, View};
use crate::tiles::Board;

/// Sum over tiles of |Δrow| + |Δcol| to their goal cells, from a table.
#[derive(Clone)]
pub struct Manhattan {
    cells: usize,
    /// `dist[tile * cells + cell]`.
    dist: Vec<u8>,
}

impl Manhattan {
    /// For `goal`.
    pub fn new(goal: &Board) -> Self {
        let g = GoalCells::new(goal);
        let n = goal.cells().len();
        let mut dist = vec![0u8; n * n];
        for t in 1..n {
            for c in 0..n {
                dist[t * n + c] = g.shape.distance(c, g.cell[t] as usize) as u8;
            }
        }
        Self { cells: n, dist }
    }

    /// Distance of `tile` in `cell` from its goal cell.
    #[inline]
    pub fn distance(&self, tile: u8, cell: usize) -> u32 {
        self.dist[tile as usize * self.cells + cell] as u32
    }
}

impl TileHeuristic for Manhattan {
    type Acc = u32;
    fn start(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .map(|(c, &t)| self.distance(t, c))
            .sum()
    }
    #[inline]
    fn value(&self, acc: &u32) -> u32 {
        *acc
    }
    #[inline]
    fn update(&self, acc: &mut u32, _: View<'_>, s: Slide) {
        *acc = *acc + self.distance(s.tile, s.to) - self.distance(s.tile, s.from);
    }
}
