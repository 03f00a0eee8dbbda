//! Tables shared through the board's symmetries.
//!
//! A pattern table depends only on the goal cells of the pattern's tiles and
//! on the blank's region among the free cells. If a symmetry of the board
//! (a reflection or rotation) carries one pattern's goal cells, tile by
//! tile, onto another's and its blank region onto the other's, the two
//! searches are the same search with the cells renamed: one table serves
//! both, read at the mapped cells. The 6-6-6-6 partition of the 24-puzzle
//! needs two tables for its four patterns this way.

use crate::tiles::{Board, Dir, Shape};

/// A pattern that reads an earlier pattern's table through a symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// Index of the pattern whose table is read.
    pub source: usize,
    /// `cells[c]`: where cell `c` lies in the source pattern's frame.
    pub cells: Vec<u8>,
}

/// Boards up to this many cells keep one table per pattern, so the 4×4
/// databases' files stay as they always were.
const SHARE_ABOVE: usize = 16;

/// The cell maps of the board's symmetries: four on a rectangle, eight on
/// a square (the identity first).
fn symmetries(shape: Shape) -> Vec<Vec<u8>> {
    let (rows, cols) = (shape.rows as usize, shape.cols as usize);
    let mut maps = Vec::new();
    for transpose in [false, true] {
        if transpose && rows != cols {
            continue;
        }
        for (flip_r, flip_c) in [(false, false), (false, true), (true, false), (true, true)] {
            let map = (0..rows * cols)
                .map(|cell| {
                    let (mut r, mut c) = (cell / cols, cell % cols);
                    if flip_r {
                        r = rows - 1 - r;
                    }
                    if flip_c {
                        c = cols - 1 - c;
                    }
                    if transpose {
                        std::mem::swap(&mut r, &mut c);
                    }
                    (r * cols + c) as u8
                })
                .collect();
            maps.push(map);
        }
    }
    maps
}

/// The region of free cells (those not a goal cell of `tiles`) holding the
/// goal's blank, as a cell mask.
fn blank_region(goal: &Board, tiles: &[u8]) -> u32 {
    let shape = goal.shape();
    let taken: u32 = tiles.iter().fold(0, |m, &t| m | 1 << goal.position(t));
    let mut region = 1u32 << goal.blank();
    let mut stack = vec![goal.blank()];
    while let Some(cell) = stack.pop() {
        for d in Dir::ALL {
            if let Some(next) = shape.neighbour(cell, d)
                && taken & 1 << next == 0
                && region & 1 << next == 0
            {
                region |= 1 << next;
                stack.push(next);
            }
        }
    }
    region
}

/// For each pattern of `partition`, the earlier pattern whose table it can
/// read through a symmetry, if any (only on boards of more than 16 cells).
pub(super) fn plan(goal: &Board, partition: &[Vec<u8>]) -> Vec<Option<Shared>> {
    let n = goal.cells().len();
    let mut plan: Vec<Option<Shared>> = vec![None; partition.len()];
    if n <= SHARE_ABOVE {
        return plan;
    }
    let maps = symmetries(goal.shape());
    let regions: Vec<u32> = partition.iter().map(|p| blank_region(goal, p)).collect();
    for i in 0..partition.len() {
        let found = (0..i)
            .filter(|&s| plan[s].is_none() && partition[s].len() == partition[i].len())
            .find_map(|s| {
                maps.iter()
                    .find(|map| {
                        let tiles_match = partition[i]
                            .iter()
                            .zip(&partition[s])
                            .all(|(&t, &u)| map[goal.position(t)] as usize == goal.position(u));
                        let region = (0..n)
                            .filter(|&c| regions[i] & 1 << c != 0)
                            .fold(0u32, |m, c| m | 1 << map[c]);
                        tiles_match && region == regions[s]
                    })
                    .map(|map| Shared {
                        source: s,
                        cells: map.clone(),
                    })
            });
        plan[i] = found;
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_permutations_of_the_cells() {
        for (rows, cols, count) in [(5, 5, 8), (3, 4, 4)] {
            let maps = symmetries(Shape::new(rows, cols).unwrap());
            assert_eq!(maps.len(), count);
            for map in &maps {
                let mut sorted = map.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..rows * cols).collect::<Vec<u8>>());
            }
            let mut unique = maps.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), count);
        }
    }

    #[test]
    fn small_boards_share_nothing() {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let p = crate::tiles::pdb::PatternDb::partition_663(&goal);
        assert!(plan(&goal, &p).iter().all(Option::is_none));
    }
}
