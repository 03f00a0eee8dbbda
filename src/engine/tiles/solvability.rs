//! Which starts can reach which goals.
//!
//! Each move swaps the blank with a neighbour: one transposition of the cell
//! contents, and one step of the blank on the checkerboard colouring. So the
//! parity of the permutation taking start to goal always equals the parity of
//! the blank's Manhattan distance between its start and goal cells. On every
//! board of at least 2×2 that condition is also sufficient (half of all
//! arrangements are reachable), whatever the width or the goal.

use std::fmt;

use super::board::Board;

/// Why a start cannot reach a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable {
    /// Whether the permutation from start to goal is odd.
    pub permutation_odd: bool,
    /// Manhattan distance of the blank from its goal cell.
    pub blank_distance: usize,
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parity = |odd| if odd { "odd" } else { "even" };
        write!(
            f,
            "the arrangement is an {} permutation of the goal but the blank is {} {} from its goal cell ({}); every move flips both parities, so this start can never reach the goal",
            parity(self.permutation_odd),
            self.blank_distance,
            if self.blank_distance == 1 {
                "move"
            } else {
                "moves"
            },
            parity(self.blank_distance % 2 == 1),
        )
    }
}

impl std::error::Error for Unsolvable {}

/// `Ok` if `start` can reach `goal` (same shape assumed), else the reason.
///
/// ```
/// use huarong_engine::{Board, tiles::check_solvable};
/// let goal = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
/// let swapped = Board::parse("2 1 3 4 5 6 7 8 0", None).unwrap();
/// assert!(check_solvable(&goal, &goal).is_ok());
/// assert!(check_solvable(&swapped, &goal).is_err());
/// ```
pub fn check_solvable(start: &Board, goal: &Board) -> Result<(), Unsolvable> {
    let permutation_odd = permutation_is_odd(start, goal);
    let shape = start.shape();
    let (br, bc) = shape.coords(start.blank());
    let (gr, gc) = shape.coords(goal.blank());
    let blank_distance = br.abs_diff(gr) + bc.abs_diff(gc);
    if permutation_odd == (blank_distance % 2 == 1) {
        Ok(())
    } else {
        Err(Unsolvable {
            permutation_odd,
            blank_distance,
        })
    }
}

/// Parity of the permutation σ with σ(cell) = goal cell of the symbol in
/// `cell` (blank included), by counting cycles.
fn permutation_is_odd(start: &Board, goal: &Board) -> bool {
    let n = start.cells().len();
    let mut goal_cell = vec![0usize; n];
    for (cell, &t) in goal.cells().iter().enumerate() {
        goal_cell[t as usize] = cell;
    }
    let mut visited = vec![false; n];
    let mut cycles = 0;
    for i in 0..n {
        if !visited[i] {
            cycles += 1;
            let mut j = i;
            while !visited[j] {
                visited[j] = true;
                j = goal_cell[start.cells()[j] as usize];
            }
        }
    }
    (n - cycles) % 2 == 1
}
