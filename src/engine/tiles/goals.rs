//! Goal patterns by name: the arrangements players pick as the goal.
//!
//! Each pattern numbers the cells along a path over the board: tile 1 on the
//! path's first cell, tile 2 on the second, …, and the blank on the last
//! (except [`GoalPattern::BlankFirst`], where the blank comes first).
//!
//! | pattern | path | 3×3 |
//! |---|---|---|
//! | `rows` | row by row, left to right ([`Board::goal`]) | `1 2 3 / 4 5 6 / 7 8 .` |
//! | `blank-first` | the same, blank first (Korf's) | `. 1 2 / 3 4 5 / 6 7 8` |
//! | `columns` | column by column, top to bottom | `1 4 7 / 2 5 8 / 3 6 .` |
//! | `snake` | row 0 left→right, row 1 right→left, … | `1 2 3 / 6 5 4 / 7 8 .` |
//! | `spiral` | clockwise from the top-left corner inward | `1 2 3 / 8 . 4 / 7 6 5` |
//!
//! On a board of two rows the snake's path and the spiral's are the same, so
//! the two patterns give one board; [`GoalPattern::of`] then names it
//! `snake`.
//!
//! ```
//! use huarong_engine::{Board, Shape};
//! use huarong_engine::tiles::GoalPattern;
//! let shape = Shape::new(3, 3).unwrap();
//! let spiral = GoalPattern::Spiral.board(shape);
//! assert_eq!(spiral.cells(), &[1, 2, 3, 8, 0, 4, 7, 6, 5]);
//! assert_eq!(GoalPattern::of(&spiral), Some(GoalPattern::Spiral));
//! assert_eq!(GoalPattern::of(&Board::goal(shape)), Some(GoalPattern::Rows));
//! assert_eq!(GoalPattern::from_name("blank-first"), Some(GoalPattern::BlankFirst));
//! ```

use super::board::{Board, Shape};

/// A named goal arrangement (see the [module](self) for each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GoalPattern {
    /// 1 2 3 … row by row, the blank last (bottom-right): [`Board::goal`].
    Rows,
    /// The blank first (top-left), then 1 2 3 … row by row: Korf's goal.
    BlankFirst,
    /// 1 2 3 … down the first column, then the next, the blank last
    /// (bottom-right).
    Columns,
    /// Boustrophedon rows: row 0 left to right, row 1 right to left, …; the
    /// blank at the path's end.
    Snake,
    /// Clockwise from the top-left corner inward; the blank at the path's
    /// end.
    Spiral,
}

impl GoalPattern {
    /// Every pattern, in the order menus offer them.
    pub const ALL: [GoalPattern; 5] = [
        GoalPattern::Rows,
        GoalPattern::BlankFirst,
        GoalPattern::Columns,
        GoalPattern::Snake,
        GoalPattern::Spiral,
    ];

    /// The pattern's name: `rows`, `blank-first`, `columns`, `snake`,
    /// `spiral`.
    pub fn name(self) -> &'static str {
        match self {
            GoalPattern::Rows => "rows",
            GoalPattern::BlankFirst => "blank-first",
            GoalPattern::Columns => "columns",
            GoalPattern::Snake => "snake",
            GoalPattern::Spiral => "spiral",
        }
    }

    /// The pattern called `name` (as [`GoalPattern::name`] writes it; case
    /// ignored).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The cells in the order the pattern numbers them.
    fn path(self, shape: Shape) -> Vec<usize> {
        let (rows, cols) = (shape.rows as usize, shape.cols as usize);
        let at = |r: usize, c: usize| r * cols + c;
        match self {
            GoalPattern::Rows | GoalPattern::BlankFirst => (0..rows * cols).collect(),
            GoalPattern::Columns => (0..cols)
                .flat_map(|c| (0..rows).map(move |r| at(r, c)))
                .collect(),
            GoalPattern::Snake => (0..rows)
                .flat_map(|r| {
                    (0..cols).map(move |i| {
                        if r % 2 == 0 {
                            at(r, i)
                        } else {
                            at(r, cols - 1 - i)
                        }
                    })
                })
                .collect(),
            GoalPattern::Spiral => {
                let mut path = Vec::with_capacity(rows * cols);
                let (mut top, mut bottom, mut left, mut right) = (0, rows - 1, 0, cols - 1);
                loop {
                    path.extend((left..=right).map(|c| at(top, c)));
                    if top == bottom {
                        break;
                    }
                    path.extend((top + 1..=bottom).map(|r| at(r, right)));
                    if left == right {
                        break;
                    }
                    path.extend((left..right).rev().map(|c| at(bottom, c)));
                    if top + 1 == bottom {
                        break;
                    }
                    path.extend((top + 1..bottom).rev().map(|r| at(r, left)));
                    if left + 1 == right {
                        break;
                    }
                    top += 1;
                    bottom -= 1;
                    left += 1;
                    right -= 1;
                }
                path
            }
        }
    }

    /// The goal board of this pattern on `shape` (any shape the engine
    /// takes, 2×2 to 10×10, square or not).
    pub fn board(self, shape: Shape) -> Board {
        let path = self.path(shape);
        let n = path.len();
        let mut cells = vec![0u8; n];
        for (k, &cell) in path.iter().enumerate() {
            cells[cell] = match self {
                GoalPattern::BlankFirst => k as u8,
                _ if k + 1 == n => 0,
                _ => (k + 1) as u8,
            };
        }
        Board::new(shape, cells).expect("a path visits every cell once")
    }

    /// Which pattern `board` is, if it is one (the first in
    /// [`GoalPattern::ALL`] order: `snake` where snake and spiral agree).
    pub fn of(board: &Board) -> Option<GoalPattern> {
        Self::ALL
            .into_iter()
            .find(|p| p.board(board.shape()) == *board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: u8, c: u8) -> Shape {
        Shape::new(r, c).unwrap()
    }

    fn cells(p: GoalPattern, r: u8, c: u8) -> Vec<u8> {
        p.board(shape(r, c)).cells().to_vec()
    }

    #[test]
    fn names_round_trip() {
        for p in GoalPattern::ALL {
            assert_eq!(GoalPattern::from_name(p.name()), Some(p));
            assert_eq!(GoalPattern::from_name(&p.name().to_uppercase()), Some(p));
        }
        assert_eq!(GoalPattern::from_name("diagonal"), None);
        let names: Vec<_> = GoalPattern::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["rows", "blank-first", "columns", "snake", "spiral"]);
    }

    #[test]
    fn every_pattern_is_a_permutation_on_every_shape() {
        for r in Shape::MIN_SIDE..=Shape::MAX_SIDE {
            for c in Shape::MIN_SIDE..=Shape::MAX_SIDE {
                for p in GoalPattern::ALL {
                    let b = p.board(shape(r, c));
                    let mut sorted = b.cells().to_vec();
                    sorted.sort();
                    assert_eq!(sorted, (0..r * c).collect::<Vec<u8>>(), "{p:?} {r}x{c}");
                    let back = GoalPattern::of(&b).unwrap();
                    assert_eq!(back.board(b.shape()), b);
                    // Only snake and spiral ever coincide, and only on two rows.
                    if back != p {
                        assert_eq!((back, p, r), (GoalPattern::Snake, GoalPattern::Spiral, 2));
                    }
                }
                let distinct = GoalPattern::ALL
                    .iter()
                    .map(|p| p.board(shape(r, c)))
                    .collect::<std::collections::HashSet<_>>()
                    .len();
                assert_eq!(distinct, if r == 2 { 4 } else { 5 }, "{r}x{c}");
            }
        }
    }

    #[test]
    fn of_names_each_pattern_and_nothing_else() {
        for p in GoalPattern::ALL {
            assert_eq!(GoalPattern::of(&p.board(shape(4, 4))), Some(p));
        }
        let b = Board::parse("2 1 3 4 5 6 7 8 0", None).unwrap();
        assert_eq!(GoalPattern::of(&b), None);
    }

    #[test]
    fn rows_is_the_default_goal() {
        for (r, c) in [(2, 2), (3, 3), (4, 4), (3, 5), (10, 10)] {
            assert_eq!(
                GoalPattern::Rows.board(shape(r, c)),
                Board::goal(shape(r, c))
            );
        }
    }

    #[test]
    fn three_by_three_by_hand() {
        use GoalPattern::*;
        assert_eq!(cells(Rows, 3, 3), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(cells(BlankFirst, 3, 3), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(cells(Columns, 3, 3), [1, 4, 7, 2, 5, 8, 3, 6, 0]);
        assert_eq!(cells(Snake, 3, 3), [1, 2, 3, 6, 5, 4, 7, 8, 0]);
        assert_eq!(cells(Spiral, 3, 3), [1, 2, 3, 8, 0, 4, 7, 6, 5]);
    }

    #[test]
    fn four_by_four_by_hand() {
        use GoalPattern::*;
        #[rustfmt::skip]
        let cases: [(GoalPattern, [u8; 16]); 5] = [
            (Rows, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]),
            (BlankFirst, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
            (Columns, [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 0]),
            (Snake, [1, 2, 3, 4, 8, 7, 6, 5, 9, 10, 11, 12, 0, 15, 14, 13]),
            (Spiral, [1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7]),
        ];
        for (p, want) in cases {
            assert_eq!(cells(p, 4, 4), want, "{p:?}");
        }
    }

    #[test]
    fn three_by_five_by_hand() {
        use GoalPattern::*;
        #[rustfmt::skip]
        let cases: [(GoalPattern, [u8; 15]); 5] = [
            (Rows, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0]),
            (BlankFirst, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
            (Columns, [1, 4, 7, 10, 13, 2, 5, 8, 11, 14, 3, 6, 9, 12, 0]),
            (Snake, [1, 2, 3, 4, 5, 10, 9, 8, 7, 6, 11, 12, 13, 14, 0]),
            (Spiral, [1, 2, 3, 4, 5, 12, 13, 14, 0, 6, 11, 10, 9, 8, 7]),
        ];
        for (p, want) in cases {
            assert_eq!(cells(p, 3, 5), want, "{p:?}");
        }
    }

    #[test]
    fn narrow_boards_by_hand() {
        use GoalPattern::*;
        // 5 rows, 2 columns: the spiral goes right, down the right side,
        // and back up the left.
        assert_eq!(cells(Spiral, 5, 2), [1, 2, 0, 3, 9, 4, 8, 5, 7, 6]);
        assert_eq!(cells(Snake, 5, 2), [1, 2, 4, 3, 5, 6, 8, 7, 9, 0]);
        assert_eq!(cells(Columns, 5, 2), [1, 6, 2, 7, 3, 8, 4, 9, 5, 0]);
        // 2 rows: snake and spiral agree.
        assert_eq!(cells(Spiral, 2, 4), [1, 2, 3, 4, 0, 7, 6, 5]);
        assert_eq!(cells(Snake, 2, 4), cells(Spiral, 2, 4));
        assert_eq!(cells(Spiral, 4, 3), [1, 2, 3, 10, 11, 4, 9, 0, 5, 8, 7, 6]);
    }

    #[test]
    fn the_solvers_find_optimal_paths_to_every_pattern() {
        use crate::tiles::{TilePuzzle, check_solvable, random_solvable};
        use crate::{Control, HeuristicChoice, solve_tiles, strategy};
        let bfs = strategy::find("bfs").unwrap();
        let astar = strategy::find("astar").unwrap();
        let ida = strategy::find("idastar").unwrap();
        let mut rng = crate::rng::seeded(33);
        for (r, c) in [(3, 3), (2, 4)] {
            for p in GoalPattern::ALL {
                let goal = p.board(shape(r, c));
                for _ in 0..4 {
                    let start = random_solvable(&goal, &mut rng);
                    assert!(check_solvable(&start, &goal).is_ok());
                    let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
                    let lengths: Vec<usize> = [
                        (bfs, HeuristicChoice::Manhattan),
                        (astar, HeuristicChoice::LinearConflict),
                        (ida, HeuristicChoice::Manhattan),
                    ]
                    .iter()
                    .map(|(s, h)| {
                        let o = solve_tiles(*s, &puzzle, h, &Control::default()).unwrap();
                        assert!(o.stats.optimal, "{} {p:?}", s.name());
                        assert!(puzzle.replays_to_goal(&o.path), "{} {p:?}", s.name());
                        o.path.len()
                    })
                    .collect();
                    assert!(
                        lengths.iter().all(|&n| n == lengths[0]),
                        "{p:?} {r}x{c}: {lengths:?}"
                    );
                }
            }
        }
    }
}
