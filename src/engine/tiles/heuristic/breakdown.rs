//! A heuristic's value taken apart, for people: each tile's share, the
//! linear-conflict pairs, the pattern databases' groups. The parts add up
//! to [`evaluate`](super::evaluate)'s value (see [`Breakdown::parts_sum`]).

use super::{GoalCells, HeuristicChoice, HeuristicKind, Manhattan, Parts, line_cost};
use crate::tiles::Board;
use crate::tiles::pdb::PdbHeuristic;

/// One row or column whose tiles (those with their goal in it) stand in the
/// wrong order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineConflict {
    /// A row (else a column).
    pub row: bool,
    /// Which row or column.
    pub index: usize,
    /// Pairs of cells whose tiles stand in each other's way (the first one
    /// earlier in the line, its tile's goal later).
    pub pairs: Vec<(usize, usize)>,
    /// The extra moves this line costs: 2 × (tiles to take out of it).
    pub cost: u32,
}

/// A pattern database group and its value on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternShare {
    /// The group's tiles.
    pub tiles: Vec<u8>,
    /// Moves of these tiles the database counts.
    pub value: u32,
}

/// A heuristic's estimate of one board, in parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// The heuristic.
    pub kind: HeuristicKind,
    /// Each cell's tile's share (0 for the blank): 1 or 0 for misplaced
    /// tiles, its Manhattan distance for the distance-based ones. For a
    /// pattern database it is the Manhattan distance shown for comparison,
    /// not a part of the value; for a heuristic not per tile, 0.
    pub shares: Vec<u32>,
    /// Linear conflict only: the lines in conflict.
    pub conflicts: Vec<LineConflict>,
    /// Pattern databases only: each group's value, looked up directly.
    pub patterns: Vec<PatternShare>,
    /// Pattern databases with reflection: the same lookups on the board
    /// mirrored in its main diagonal (groups of the mirrored tiles).
    pub reflected: Vec<PatternShare>,
    /// The estimate.
    pub value: u32,
}

impl Breakdown {
    /// How its value is taken apart: the heuristic's [`Parts`].
    pub fn parts(&self) -> Parts {
        self.kind.spec().parts
    }

    /// What the parts add up to: the shares (plus the conflicts' costs),
    /// for a database the larger of its direct and reflected sums, for a
    /// heuristic not per tile the whole value. Always equals
    /// [`value`](Self::value).
    pub fn parts_sum(&self) -> u32 {
        let sum = |p: &[PatternShare]| p.iter().map(|s| s.value).sum::<u32>();
        match self.parts() {
            Parts::TilesOff | Parts::TileDistances | Parts::DistancesAndConflicts => {
                self.shares.iter().sum::<u32>() + self.conflicts.iter().map(|l| l.cost).sum::<u32>()
            }
            Parts::Patterns => sum(&self.patterns).max(sum(&self.reflected)),
            Parts::NotPerTile => self.value,
        }
    }

    /// The Manhattan part alone (the sum of the shares, for misplaced tiles
    /// their count).
    pub fn shares_sum(&self) -> u32 {
        self.shares.iter().sum()
    }
}

/// Take `choice`'s estimate of `board` (towards `goal`) apart.
///
/// ```
/// use huarong_engine::{Board, HeuristicChoice};
/// use huarong_engine::tiles::heuristic::{breakdown, evaluate};
///
/// let goal = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
/// // 2 and 1 swapped in the top row: Manhattan 1 + 1, one conflict (+2).
/// let board = Board::parse("2 1 3 4 5 6 7 8 0", None).unwrap();
/// let b = breakdown(&HeuristicChoice::LinearConflict, &goal, &board);
/// assert_eq!(b.shares, vec![1, 1, 0, 0, 0, 0, 0, 0, 0]);
/// assert_eq!(b.conflicts[0].pairs, vec![(0, 1)]);
/// assert_eq!(b.conflicts[0].cost, 2);
/// assert_eq!(b.value, 4);
/// assert_eq!(b.parts_sum(), evaluate(&HeuristicChoice::LinearConflict, &goal, &board));
/// ```
pub fn breakdown(choice: &HeuristicChoice, goal: &Board, board: &Board) -> Breakdown {
    let cells = board.cells();
    let goal_cells = GoalCells::new(goal);
    let manhattan = Manhattan::new(goal);
    let kind = choice.kind();
    let parts = kind.spec().parts;
    let shares = cells
        .iter()
        .enumerate()
        .map(|(c, &t)| match parts {
            _ if t == 0 => 0,
            Parts::TilesOff => u32::from(goal_cells.cell[t as usize] as usize != c),
            Parts::TileDistances | Parts::DistancesAndConflicts | Parts::Patterns => {
                manhattan.distance(t, c)
            }
            Parts::NotPerTile => 0,
        })
        .collect();
    let conflicts = match parts {
        Parts::DistancesAndConflicts => line_conflicts(&goal_cells, cells),
        Parts::TilesOff | Parts::TileDistances | Parts::Patterns | Parts::NotPerTile => Vec::new(),
    };
    let (patterns, reflected) = match choice.database() {
        Some(db) => {
            let (direct, mirrored) = PdbHeuristic::new(db).pattern_values(cells);
            let shares = |side: Vec<crate::tiles::pdb::PatternValue>| {
                side.into_iter()
                    .map(|(tiles, value)| PatternShare { tiles, value })
                    .collect()
            };
            (shares(direct), shares(mirrored))
        }
        None => (Vec::new(), Vec::new()),
    };
    Breakdown {
        kind,
        shares,
        conflicts,
        patterns,
        reflected,
        value: super::evaluate(choice, goal, board),
    }
}

/// Every row and column in conflict, with its pairs and its cost (the
/// same cost [`LinearConflict`](super::LinearConflict) adds).
fn line_conflicts(goal: &GoalCells, cells: &[u8]) -> Vec<LineConflict> {
    let (rows, cols) = (goal.shape.rows as usize, goal.shape.cols as usize);
    let lines = (0..rows)
        .map(|r| {
            (
                true,
                r,
                (0..cols).map(move |c| r * cols + c).collect::<Vec<_>>(),
            )
        })
        .chain((0..cols).map(|c| (false, c, (0..rows).map(move |r| r * cols + c).collect())));
    lines
        .filter_map(|(row, index, line)| {
            // The line's tiles whose goal is in it, with their goal place.
            let members: Vec<(usize, usize)> = line
                .iter()
                .filter_map(|&cell| {
                    let t = cells[cell];
                    let home = goal.cell[t as usize] as usize;
                    let (place, same) = if row {
                        (home % cols, home / cols == index)
                    } else {
                        (home / cols, home % cols == index)
                    };
                    (t != 0 && same).then_some((cell, place))
                })
                .collect();
            let cost = u32::from(line_cost(members.iter().map(|&(_, p)| p as u8)));
            let pairs: Vec<(usize, usize)> = members
                .iter()
                .enumerate()
                .flat_map(|(i, &(a, pa))| {
                    members[i + 1..]
                        .iter()
                        .filter(move |&&(_, pb)| pb < pa)
                        .map(move |&(b, _)| (a, b))
                })
                .collect();
            (cost > 0).then_some(LineConflict {
                row,
                index,
                pairs,
                cost,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use crate::rng::seeded;
    use crate::tiles::heuristic::evaluate;
    use crate::tiles::pdb::PatternDb;
    use crate::tiles::random_solvable;

    #[test]
    fn the_parts_sum_to_the_value_on_random_boards() {
        let mut rng = seeded(17);
        for (rows, cols) in [(3, 3), (4, 4), (2, 5), (3, 5), (5, 5)] {
            let shape = Shape::new(rows, cols).unwrap();
            for _ in 0..200 {
                let goal = random_solvable(&Board::goal(shape), &mut rng);
                let board = random_solvable(&goal, &mut rng);
                for choice in HeuristicKind::ALL
                    .into_iter()
                    .filter_map(HeuristicChoice::computed)
                {
                    let b = breakdown(&choice, &goal, &board);
                    assert_eq!(b.value, evaluate(&choice, &goal, &board));
                    assert_eq!(b.parts_sum(), b.value, "{choice:?} on {board:?}");
                    assert!(b.conflicts.iter().all(|l| !l.pairs.is_empty()));
                }
            }
        }
    }

    #[test]
    fn pattern_groups_sum_to_a_small_databases_value() {
        // A 2-pattern database on 3×3 builds in a moment.
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let db = std::sync::Arc::new(PatternDb::build(
            &goal,
            &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
            &|_| {},
        ));
        let choice = HeuristicChoice::Pdb(db);
        let mut rng = seeded(3);
        for _ in 0..200 {
            let board = random_solvable(&goal, &mut rng);
            let b = breakdown(&choice, &goal, &board);
            assert_eq!(b.value, evaluate(&choice, &goal, &board));
            assert_eq!(b.parts_sum(), b.value);
            assert_eq!(b.patterns.len(), 2);
            let mut tiles: Vec<u8> = b.patterns.iter().flat_map(|p| p.tiles.clone()).collect();
            tiles.sort();
            assert_eq!(tiles, (1..9).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn conflict_pairs_are_the_reversed_pairs_of_a_line() {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        // Top row 4 3 2 1: six reversed pairs; LIS 1, so 2 × 3 extra moves.
        let board = Board::parse("4 3 2 1 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
        let b = breakdown(&HeuristicChoice::LinearConflict, &goal, &board);
        assert_eq!(b.conflicts.len(), 1);
        assert_eq!(b.conflicts[0].pairs.len(), 6);
        assert_eq!(b.conflicts[0].cost, 6);
        assert_eq!(b.value, 3 + 1 + 1 + 3 + 6);
    }
}
