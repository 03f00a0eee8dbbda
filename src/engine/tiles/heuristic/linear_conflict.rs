//! Manhattan distance plus linear conflicts (Hansson, Mayer & Yung).
//!
//! In a line (row or column), take the tiles whose goal is in that line. If
//! their goal order disagrees with their current order, some of them must
//! leave the line and come back: at least `k − LIS` of them, where `k` is how
//! many there are and `LIS` the longest run already in goal order. Each costs
//! two moves Manhattan distance does not count. Row conflicts cost vertical
//! moves and column conflicts horizontal ones, so the two add up.

use super::{GoalCells, Manhattan, Slide, TileHeuristic, View};
use crate::tiles::{Board, Shape};

/// Manhattan + 2 × (tiles to remove from each line to leave it in order).
pub struct LinearConflict {
    manhattan: Manhattan,
    goal: GoalCells,
}

/// Incremental state: Manhattan sum and each line's conflict cost.
#[derive(Clone, Copy)]
pub struct LcAcc {
    manhattan: u32,
    conflicts: u32,
    rows: [u8; 10],
    cols: [u8; 10],
}

impl LinearConflict {
    /// For `goal`.
    pub fn new(goal: &Board) -> Self {
        Self {
            manhattan: Manhattan::new(goal),
            goal: GoalCells::new(goal),
        }
    }

    fn shape(&self) -> Shape {
        self.goal.shape
    }

    /// Conflict cost of row `r`.
    fn row_cost(&self, cells: &[u8], r: usize) -> u8 {
        let cols = self.shape().cols as usize;
        let seq = (0..cols).filter_map(|c| {
            let t = cells[r * cols + c];
            let home = self.goal.cell[t as usize] as usize;
            (t != 0 && home / cols == r).then_some((home % cols) as u8)
        });
        line_cost(seq)
    }

    /// Conflict cost of column `c`.
    fn col_cost(&self, cells: &[u8], c: usize) -> u8 {
        let cols = self.shape().cols as usize;
        let seq = (0..self.shape().rows as usize).filter_map(|r| {
            let t = cells[r * cols + c];
            let home = self.goal.cell[t as usize] as usize;
            (t != 0 && home % cols == c).then_some((home / cols) as u8)
        });
        line_cost(seq)
    }
}

/// 2 × (length − longest strictly increasing subsequence), lines ≤ 10 long.
pub(super) fn line_cost(seq: impl Iterator<Item = u8>) -> u8 {
    let mut tails = [0u8; 10];
    let mut lis = 0usize;
    let mut k = 0u8;
    for x in seq {
        k += 1;
        let i = tails[..lis].iter().position(|&t| t >= x).unwrap_or(lis);
        tails[i] = x;
        lis = lis.max(i + 1);
    }
    2 * (k - lis as u8)
}

impl TileHeuristic for LinearConflict {
    type Acc = LcAcc;

    fn start(&self, cells: &[u8]) -> LcAcc {
        let mut acc = LcAcc {
            manhattan: self.manhattan.start(cells),
            conflicts: 0,
            rows: [0; 10],
            cols: [0; 10],
        };
        for r in 0..self.shape().rows as usize {
            acc.rows[r] = self.row_cost(cells, r);
            acc.conflicts += acc.rows[r] as u32;
        }
        for c in 0..self.shape().cols as usize {
            acc.cols[c] = self.col_cost(cells, c);
            acc.conflicts += acc.cols[c] as u32;
        }
        acc
    }

    #[inline]
    fn value(&self, acc: &LcAcc) -> u32 {
        acc.manhattan + acc.conflicts
    }

    #[inline]
    fn update(&self, acc: &mut LcAcc, board: View<'_>, s: Slide) {
        let (cells, tile, from, to) = (board.cells, s.tile, s.from, s.to);
        acc.manhattan =
            acc.manhattan + self.manhattan.distance(tile, to) - self.manhattan.distance(tile, from);
        let cols = self.shape().cols as usize;
        let (fr, fc) = (from / cols, from % cols);
        let (tr, tc) = (to / cols, to % cols);
        // A vertical slide keeps every column's order and changes two rows;
        // a horizontal slide the other way round.
        if fr != tr {
            for r in [fr, tr] {
                let new = self.row_cost(cells, r);
                acc.conflicts = acc.conflicts + new as u32 - acc.rows[r] as u32;
                acc.rows[r] = new;
            }
        } else {
            for c in [fc, tc] {
                let new = self.col_cost(cells, c);
                acc.conflicts = acc.conflicts + new as u32 - acc.cols[c] as u32;
                acc.cols[c] = new;
            }
        }
    }
}
