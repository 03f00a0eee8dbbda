//! Misplaced tiles: every tile not on its goal cell needs at least one move.

use super::{GoalCells, Slide, TileHeuristic, View};
use crate::tiles::Board;

/// Number of tiles (blank excluded) not on their goal cell.
pub struct Misplaced {
    goal: GoalCells,
}

impl Misplaced {
    /// For `goal`.
    pub fn new(goal: &Board) -> Self {
        Self {
            goal: GoalCells::new(goal),
        }
    }
}

impl TileHeuristic for Misplaced {
    type Acc = u32;
    fn start(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(c, &t)| t != 0 && self.goal.cell[t as usize] as usize != c)
            .count() as u32
    }
    #[inline]
    fn value(&self, acc: &u32) -> u32 {
        *acc
    }
    #[inline]
    fn update(&self, acc: &mut u32, _: View<'_>, s: Slide) {
        let home = self.goal.cell[s.tile as usize] as usize;
        *acc = *acc + (home == s.from) as u32 - (home == s.to) as u32;
    }
}
