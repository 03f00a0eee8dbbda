//! Gaschnig's heuristic: the relaxed problem in which the blank may swap
//! with *any* tile, not only a neighbour, solved exactly.
//!
//! Map each cell to the goal cell of the tile on it: a permutation of the
//! cells. Sorting it by swaps with the blank costs, per cycle, nothing for a
//! tile at home; `k − 1` swaps for a cycle of `k` cells holding the blank
//! (each swap sends one tile home); `k + 1` for a cycle of `k` tiles without
//! the blank (the blank must first enter it, and leave with the last tile's
//! cell filled). In all: the tiles out of place plus the cycles of two or
//! more cells that do not hold the blank.
//!
//! Every real move is one such swap, so it is admissible; one swap changes
//! it by at most 1, so it is consistent. It is at least the misplaced-tiles
//! count, and beside Manhattan distance sometimes larger, mostly smaller.

use super::{GoalCells, Slide, TileHeuristic, View};
use crate::tiles::Board;

/// Swaps with the blank that sort the board when any tile may swap with it.
///
/// ```
/// use huarong_engine::Board;
/// use huarong_engine::tiles::heuristic::{Gaschnig, TileHeuristic};
/// let goal = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
/// // 1 and 2 swapped, the blank at home: enter, swap, leave.
/// let b = Board::parse("2 1 3 4 5 6 7 8 0", None).unwrap();
/// assert_eq!(Gaschnig::new(&goal).estimate(b.cells()), 3);
/// // The blank where 8 belongs, 8 where the blank belongs: one swap.
/// let b = Board::parse("1 2 3 4 5 6 7 0 8", None).unwrap();
/// assert_eq!(Gaschnig::new(&goal).estimate(b.cells()), 1);
/// ```
pub struct Gaschnig {
    goal: GoalCells,
}

impl Gaschnig {
    /// For `goal`.
    pub fn new(goal: &Board) -> Self {
        Self {
            goal: GoalCells::new(goal),
        }
    }

    /// The swaps `cells` needs: each cycle of the cell → goal-cell
    /// permutation walked once (boards have at most 100 cells).
    fn swaps(&self, cells: &[u8]) -> u32 {
        let mut seen = 0u128;
        let mut swaps = 0;
        for start in 0..cells.len() {
            let (mut len, mut blank, mut c) = (0u32, false, start);
            while seen & (1 << c) == 0 {
                seen |= 1 << c;
                len += 1;
                blank |= cells[c] == 0;
                c = self.goal.cell[cells[c] as usize] as usize;
            }
            if len >= 2 {
                swaps += if blank { len - 1 } else { len + 1 };
            }
        }
        swaps
    }
}

impl TileHeuristic for Gaschnig {
    type Acc = u32;
    fn start(&self, cells: &[u8]) -> u32 {
        self.swaps(cells)
    }
    #[inline]
    fn value(&self, acc: &u32) -> u32 {
        *acc
    }
    /// Computed afresh: a move can join or split cycles anywhere on them.
    #[inline]
    fn update(&self, acc: &mut u32, board: View<'_>, _: Slide) {
        *acc = self.swaps(board.cells);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use crate::rng::seeded;
    use crate::tiles::random_solvable;
    use std::collections::HashMap;

    /// The relaxed problem solved by brute force: a breadth-first search
    /// from `goal` where the blank swaps with any tile. Every arrangement
    /// is reached (a swap with the blank generates all permutations).
    fn relaxed_distances(goal: &Board) -> HashMap<Vec<u8>, u32> {
        let mut dist = HashMap::from([(goal.cells().to_vec(), 0)]);
        let mut frontier = vec![goal.cells().to_vec()];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for cells in &frontier {
                let blank = cells.iter().position(|&t| t == 0).unwrap();
                for c in (0..cells.len()).filter(|&c| c != blank) {
                    let mut n = cells.clone();
                    n.swap(blank, c);
                    if !dist.contains_key(&n) {
                        dist.insert(n.clone(), d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    #[test]
    fn the_closed_form_is_the_relaxed_problems_distance() {
        let mut rng = seeded(11);
        for (rows, cols, goals) in [(2, 2, 4), (2, 3, 4), (3, 2, 4), (2, 4, 2), (3, 3, 1)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.cells();
            let factorial: usize = (1..=n).product();
            for g in 0..goals {
                // The default goal first, then random ones (any arrangement
                // is a goal the relaxed problem can sort towards).
                let goal = if g == 0 {
                    Board::goal(shape)
                } else {
                    random_solvable(&Board::goal(shape), &mut rng)
                };
                let h = Gaschnig::new(&goal);
                let dist = relaxed_distances(&goal);
                assert_eq!(dist.len(), factorial, "every arrangement of {shape}");
                let mut largest = 0;
                for (cells, &d) in &dist {
                    assert_eq!(h.estimate(cells), d, "{cells:?} towards {:?}", goal.cells());
                    largest = largest.max(d);
                }
                // Not every arrangement is one swap away.
                assert!(largest > n as u32 / 2, "{shape}: {largest}");
            }
        }
    }
}
