//! Whether an exact (or bounded-suboptimal) search of a tile start is
//! likely to run very long:
//! what a front end says before it starts one, so a learner is not left
//! waiting for a limit with no hint of why.
//!
//! The figure is rough on purpose. The work of BFS, A* and IDA* grows
//! about exponentially with the distance their estimate misses, so a
//! start's Manhattan distance (a cheap, admissible estimate, the same for
//! every heuristic) against a line drawn per board and heuristic tells a
//! start of seconds from one of hours. The lines sit where starts begin to
//! take minutes here: a random 4×4 start is about 37 by Manhattan distance
//! and a random 5×5 one about 75.

use super::Strategy;
use crate::tiles::TilePuzzle;
use crate::tiles::heuristic::{HeuristicChoice, HeuristicKind, evaluate};

/// What a front end can expect of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// Nothing suggests it will be long.
    Fine,
    /// It may take very long (minutes to days).
    MayTakeLong {
        /// The start's Manhattan distance: every solution is at least this
        /// long.
        at_least: u32,
        /// Whether the search is blind (BFS, IDS): it stores or revisits
        /// every position up to the solution's length.
        blind: bool,
    },
}

/// The Manhattan distance beyond which an exact search with `heuristic`
/// (or blind, `None`) may take very long on a board of `cells` cells;
/// `None` when no start of that board is long. The heuristic's lines are
/// in its table entry ([`LongAfter`](crate::tiles::heuristic::LongAfter)).
fn line(cells: usize, heuristic: Option<HeuristicKind>) -> Option<u32> {
    match (cells, heuristic) {
        (0..=12, _) => None,
        (_, None) => Some(24),
        (13..=16, Some(kind)) => kind.spec().long_after.to_16_cells,
        (_, Some(kind)) => kind.spec().long_after.larger,
    }
}

/// The outlook of solving `puzzle` with `strategy`, guided by `heuristic`
/// if it takes one. Exact searches are judged, and bounded-suboptimal ones
/// (weighted A*), whose estimate weighed `w` times carries them `w` times
/// as far before they blow up; the others stop within their own budgets.
///
/// ```
/// use huarong_engine::{Board, HeuristicKind, Shape, TilePuzzle};
/// use huarong_engine::strategy::{self, Outlook, outlook};
/// let goal = Board::goal(Shape::new(5, 5).unwrap());
/// // The goal's tiles turned about (the blank kept), 120 by Manhattan distance.
/// let mut far: Vec<u8> = goal.cells()[..24].iter().rev().copied().collect();
/// far.push(0);
/// let puzzle = TilePuzzle::new(Board::new(goal.shape(), far).unwrap(), goal).unwrap();
/// let idastar = strategy::find("idastar").unwrap();
/// let fast = strategy::find("fast").unwrap();
/// assert!(matches!(outlook(idastar, &puzzle, HeuristicKind::LinearConflict), Outlook::MayTakeLong { .. }));
/// assert_eq!(outlook(fast, &puzzle, HeuristicKind::LinearConflict), Outlook::Fine);
/// ```
pub fn outlook(strategy: &dyn Strategy, puzzle: &TilePuzzle, heuristic: HeuristicKind) -> Outlook {
    let reach = match (strategy.is_optimal(), strategy.within()) {
        (true, _) => 1.0,
        (false, Some(weight)) => weight,
        (false, None) => return Outlook::Fine,
    };
    let guided = strategy.uses_heuristic().then_some(heuristic);
    let Some(line) = line(puzzle.shape().cells(), guided) else {
        return Outlook::Fine;
    };
    let line = (f64::from(line) * reach) as u32;
    let at_least = evaluate(&HeuristicChoice::Manhattan, &puzzle.goal, &puzzle.start);
    if at_least > line {
        Outlook::MayTakeLong {
            at_least,
            blind: guided.is_none(),
        }
    } else {
        Outlook::Fine
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{STRATEGIES, find};
    use crate::tiles::{Board, Shape, random_solvable};

    fn random(rows: u8, cols: u8, seed: u64) -> TilePuzzle {
        let goal = Board::goal(Shape::new(rows, cols).unwrap());
        let mut rng = crate::rng::seeded(seed);
        TilePuzzle::new(random_solvable(&goal, &mut rng), goal).unwrap()
    }

    #[test]
    fn random_five_by_five_starts_may_take_long_for_every_exact_or_bounded_search() {
        for seed in 0..20 {
            let p = random(5, 5, seed);
            for s in STRATEGIES
                .iter()
                .filter(|s| s.is_optimal() && s.supports(super::super::Family::Tiles))
            {
                for h in [
                    HeuristicKind::Manhattan,
                    HeuristicKind::LinearConflict,
                    HeuristicKind::Pdb6666,
                ] {
                    let o = outlook(*s, &p, h);
                    let Outlook::MayTakeLong { at_least, blind } = o else {
                        panic!("{} with {h:?} on seed {seed}: {o:?}", s.name());
                    };
                    // The bound it names is the start's Manhattan distance:
                    // admissible, so no solution is shorter.
                    assert_eq!(
                        at_least,
                        evaluate(&HeuristicChoice::Manhattan, &p.goal, &p.start)
                    );
                    assert_eq!(blind, !s.uses_heuristic());
                }
            }
            // Weighted A* (1.2) too, as issue 43 saw it run 27 s unwarned.
            let weighted = find("weighted").unwrap();
            assert!(matches!(
                outlook(weighted, &p, HeuristicKind::LinearConflict),
                Outlook::MayTakeLong { blind: false, .. }
            ));
            for name in ["fast", "annealing", "greedy", "tabu"] {
                assert_eq!(
                    outlook(find(name).unwrap(), &p, HeuristicKind::Manhattan),
                    Outlook::Fine
                );
            }
        }
    }

    #[test]
    fn small_boards_and_strong_databases_are_fine() {
        for seed in 0..20 {
            let p = random(3, 3, seed);
            for s in STRATEGIES
                .iter()
                .filter(|s| s.supports(super::super::Family::Tiles))
            {
                assert_eq!(
                    outlook(*s, &p, HeuristicKind::Misplaced),
                    Outlook::Fine,
                    "{}",
                    s.name()
                );
            }
            let four = random(4, 4, seed);
            let idastar = find("idastar").unwrap();
            assert_eq!(outlook(idastar, &four, HeuristicKind::Pdb78), Outlook::Fine);
            // Blind on a 4×4: a random start is far past its line.
            assert!(matches!(
                outlook(find("bfs").unwrap(), &four, HeuristicKind::Pdb78),
                Outlook::MayTakeLong { blind: true, .. }
            ));
        }
        // A 4×4 start a few moves from the goal is fine even for BFS.
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let near = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", None).unwrap();
        let p = TilePuzzle::new(near, goal).unwrap();
        assert_eq!(
            outlook(find("bfs").unwrap(), &p, HeuristicKind::Manhattan),
            Outlook::Fine
        );
    }
}
