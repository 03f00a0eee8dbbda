//! Random starts: uniform over solvable arrangements, or random walks.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::board::{Board, Dir};
use super::solvability::check_solvable;

/// A uniformly random arrangement that can reach `goal`.
///
/// A uniform permutation is drawn; if it cannot reach the goal, the tiles in
/// the first two non-blank cells are swapped. That swap is a bijection
/// between the unsolvable and the solvable halves, so the result is uniform
/// over the solvable ones.
///
/// ```
/// use huarong_engine::{Board, Shape, tiles::{random_solvable, check_solvable}};
/// let goal = Board::goal(Shape::new(4, 4).unwrap());
/// let b = random_solvable(&goal, &mut huarong_engine::rng::seeded(3));
/// assert!(check_solvable(&b, &goal).is_ok());
/// ```
pub fn random_solvable(goal: &Board, rng: &mut impl Rng) -> Board {
    let mut cells = goal.cells().to_vec();
    cells.shuffle(rng);
    let mut board = Board::new(goal.shape(), cells).expect("a shuffle is a permutation");
    if check_solvable(&board, goal).is_err() {
        let mut tiles = (0..board.cells().len()).filter(|&c| board.cells()[c] != 0);
        let (a, b) = (
            tiles.next().expect("≥3 tiles"),
            tiles.next().expect("≥3 tiles"),
        );
        board.swap_cells(a, b);
    }
    board
}

/// A random walk of `moves` blank moves from `goal`, never undoing the
/// previous move: a difficulty knob (the optimum is at most `moves`).
///
/// ```
/// use huarong_engine::{Board, Shape, tiles::shuffled};
/// let goal = Board::goal(Shape::new(3, 3).unwrap());
/// let (start, walk) = shuffled(&goal, 20, &mut huarong_engine::rng::seeded(3));
/// assert_eq!(walk.len(), 20);
/// let mut back = goal.clone();
/// back.apply_path(&walk).unwrap();
/// assert_eq!(back, start);
/// ```
pub fn shuffled(goal: &Board, moves: usize, rng: &mut impl Rng) -> (Board, Vec<Dir>) {
    let mut board = goal.clone();
    let mut walk = Vec::with_capacity(moves);
    let mut prev: Option<Dir> = None;
    let mut options = Vec::with_capacity(4);
    for _ in 0..moves {
        options.clear();
        options.extend(board.legal_moves().filter(|&d| Some(d.opposite()) != prev));
        let d = options[rng.random_range(0..options.len())];
        board.apply(d);
        walk.push(d);
        prev = Some(d);
    }
    (board, walk)
}
