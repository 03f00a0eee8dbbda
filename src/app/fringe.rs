//! The fringes of a row-by-row solve, as speed solvers colour them: a
//! `w`×`h` board is solved by placing its top row, then the left column of
//! what is left, then the next row, … (a side of two cannot lose a line, so
//! the other side goes on shrinking), until 2×2, 2×3 or 3×2 cells remain;
//! each line placed, and the last block, is one fringe. A tile's fringe is
//! the fringe of its home cell in the goal, so the colours follow the goal.

use crate::engine::{Board, Shape};

/// Each cell's fringe on a board of `shape` (0 the first placed), and how
/// many fringes there are.
pub fn cell_fringes(shape: Shape) -> (Vec<usize>, usize) {
    let (rows, cols) = (shape.rows as usize, shape.cols as usize);
    let mut fringe = vec![0; rows * cols];
    let (mut r0, mut c0) = (0, 0);
    let mut k = 0;
    let mut row_next = true;
    loop {
        let (h, w) = (rows - r0, cols - c0);
        if h <= 3 && w <= 3 && h * w <= 6 {
            break;
        }
        // A row when it is a row's turn (or no column can go), and the
        // rows left are more than two.
        let take_row = h > 2 && (row_next || w <= 2);
        if take_row {
            for c in c0..cols {
                fringe[r0 * cols + c] = k;
            }
            r0 += 1;
        } else {
            for r in r0..rows {
                fringe[r * cols + c0] = k;
            }
            c0 += 1;
        }
        row_next = !take_row;
        k += 1;
    }
    for r in r0..rows {
        for c in c0..cols {
            fringe[r * cols + c] = k;
        }
    }
    (fringe, k + 1)
}

/// Each tile's fringe, indexed by the tile's number (the blank's entry is
/// its goal cell's fringe and unused), and how many fringes there are.
pub fn tile_fringes(goal: &Board) -> (Vec<usize>, usize) {
    let (cells, count) = cell_fringes(goal.shape());
    let mut by_tile = vec![0; goal.cells().len()];
    for (cell, &tile) in goal.cells().iter().enumerate() {
        if let Some(slot) = by_tile.get_mut(usize::from(tile)) {
            *slot = cells[cell];
        }
    }
    (by_tile, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: u8, cols: u8) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    /// The 15-puzzle's fringes, written out by hand: the top row, the
    /// left column under it, the second row right of it, and the 2×3 left.
    #[test]
    fn the_fifteen_puzzle_has_the_usual_fringes() {
        let (cells, n) = cell_fringes(shape(4, 4));
        #[rustfmt::skip]
        let want = [
            0, 0, 0, 0,
            1, 2, 2, 2,
            1, 3, 3, 3,
            1, 3, 3, 3,
        ];
        assert_eq!(cells, want);
        assert_eq!(n, 4);
        // The 8-puzzle: the top row, then the 2×3 block.
        assert_eq!(cell_fringes(shape(3, 3)).0, [0, 0, 0, 1, 1, 1, 1, 1, 1]);
        // 2×5: only columns can go (a row would leave one).
        assert_eq!(
            cell_fringes(shape(2, 5)),
            (vec![0, 1, 2, 2, 2, 0, 1, 2, 2, 2], 3)
        );
    }

    /// On every size each fringe is one whole line or the last block, and
    /// the last block is 2×2, 2×3 or 3×2 (or the whole board when it is
    /// that small already).
    #[test]
    fn every_size_strips_whole_lines_down_to_a_small_block() {
        for rows in 2..=10u8 {
            for cols in 2..=10u8 {
                let s = shape(rows, cols);
                let (cells, n) = cell_fringes(s);
                for k in 0..n {
                    let members: Vec<(usize, usize)> = (0..cells.len())
                        .filter(|&i| cells[i] == k)
                        .map(|i| s.coords(i))
                        .collect();
                    let (r_min, r_max) = (
                        members.iter().map(|m| m.0).min().unwrap(),
                        members.iter().map(|m| m.0).max().unwrap(),
                    );
                    let (c_min, c_max) = (
                        members.iter().map(|m| m.1).min().unwrap(),
                        members.iter().map(|m| m.1).max().unwrap(),
                    );
                    let (h, w) = (r_max - r_min + 1, c_max - c_min + 1);
                    assert_eq!(h * w, members.len(), "{s} fringe {k} is a rectangle");
                    if k + 1 == n {
                        assert!(h <= 3 && w <= 3 && h * w <= 6, "{s}: last {h}×{w}");
                        assert_eq!((r_max, c_max), (rows as usize - 1, cols as usize - 1));
                    } else {
                        assert!(h == 1 || w == 1, "{s} fringe {k} is a line");
                    }
                }
            }
        }
    }

    /// A tile's fringe is its home cell's in the goal given: with the blank
    /// first (Korf's goal), tile 1 sits in the top row's second cell.
    #[test]
    fn a_tiles_fringe_is_its_home_cells_in_the_goal() {
        let rows = Board::goal(shape(4, 4));
        let (by_tile, _) = tile_fringes(&rows);
        assert_eq!(by_tile[4], 0);
        assert_eq!(by_tile[5], 1);
        assert_eq!(by_tile[15], 3);
        let blank_first = Board::parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", None).unwrap();
        let (by_tile, _) = tile_fringes(&blank_first);
        assert_eq!(by_tile[4], 1, "tile 4 lives in the left column");
        assert_eq!(by_tile[3], 0);
        assert_eq!(by_tile[15], 3);
    }
}
