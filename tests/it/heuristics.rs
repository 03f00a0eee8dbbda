//! Every heuristic is admissible, checked against exact distances from a
//! full breadth-first enumeration of small boards for several goals; the
//! line-based ones are also consistent; and every incremental update equals
//! a fresh evaluation.
//!
//! The pattern databases are admissible but not consistent: a table entry is
//! the minimum over the blank's possible cells, so one move can lower it by
//! more than one. The test below pins that down; A* reopens nodes and so
//! stays optimal with it (checked in `search.rs`).

use std::collections::HashMap;

use huarong_engine::search::DepthFirstSpace;
use huarong_engine::tiles::heuristic::{LinearConflict, Manhattan, Misplaced, TileHeuristic};
use huarong_engine::tiles::pdb::{PatternDb, PdbHeuristic};
use huarong_engine::tiles::space::TileDfs;
use huarong_engine::{Board, Dir, Shape, TilePuzzle};

/// Exact distance to `goal` of every state that can reach it.
fn distances(goal: &Board) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.cells().to_vec(), 0);
    let mut frontier = vec![goal.clone()];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in &frontier {
            for dir in Dir::ALL {
                let mut n = b.clone();
                if n.apply(dir).is_some() && !dist.contains_key(n.cells()) {
                    dist.insert(n.cells().to_vec(), d);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// h(goal) = 0, h ≤ exact distance, and h(s) ≤ 1 + h(s') for every move.
fn check_admissible_and_consistent<H: TileHeuristic>(
    name: &str,
    h: &H,
    goal: &Board,
    dist: &HashMap<Vec<u8>, u32>,
) {
    check_admissible(name, h, goal, dist, true);
}

/// h(goal) = 0 and h ≤ exact distance (and consistency if asked).
fn check_admissible<H: TileHeuristic>(
    name: &str,
    h: &H,
    goal: &Board,
    dist: &HashMap<Vec<u8>, u32>,
    consistent: bool,
) {
    assert_eq!(h.estimate(goal.cells()), 0, "{name}: h(goal) must be 0");
    let shape = goal.shape();
    let mut tight = 0usize;
    for (cells, &d) in dist {
        let est = h.estimate(cells);
        assert!(
            est <= d,
            "{name}: h={est} > distance {d} for {cells:?} (goal {:?})",
            goal.cells()
        );
        tight += (est == d) as usize;
        let b = Board::new(shape, cells.clone()).unwrap();
        for dir in Dir::ALL {
            let mut n = b.clone();
            if n.apply(dir).is_some() {
                let en = h.estimate(n.cells());
                assert!(
                    !consistent || est <= en + 1,
                    "{name}: inconsistent, h={est} then {en} after one move from {cells:?}"
                );
            }
        }
    }
    // Guard against a heuristic that is trivially admissible by being 0.
    assert!(tight > 0 && dist.len() > 100, "{name}: never exact");
}

fn goals(shape: Shape) -> Vec<Board> {
    let n = shape.cells() as u8;
    let default = Board::goal(shape);
    let blank_first = Board::new(shape, (0..n).collect()).unwrap();
    // A scrambled goal with the blank in the middle of an edge.
    let mut cells: Vec<u8> = (1..n).rev().collect();
    cells.insert(1, 0);
    let scrambled = Board::new(shape, cells).unwrap();
    vec![default, blank_first, scrambled]
}

fn check_all_heuristics(shape: Shape, partition: impl Fn(&Board) -> Vec<Vec<u8>>) {
    for goal in goals(shape) {
        let dist = distances(&goal);
        assert_eq!(
            dist.len(),
            (1..=shape.cells()).product::<usize>() / 2,
            "half the arrangements are reachable"
        );
        check_admissible_and_consistent("misplaced", &Misplaced::new(&goal), &goal, &dist);
        check_admissible_and_consistent("manhattan", &Manhattan::new(&goal), &goal, &dist);
        check_admissible_and_consistent(
            "linear-conflict",
            &LinearConflict::new(&goal),
            &goal,
            &dist,
        );
        let db = PatternDb::build(&goal, &partition(&goal), &|_| {});
        check_admissible("pdb", &PdbHeuristic::new(&db), &goal, &dist, false);
    }
}

/// Split the goal's tiles (in cell order) into groups of the given sizes.
fn split(goal: &Board, sizes: &[usize]) -> Vec<Vec<u8>> {
    let tiles: Vec<u8> = goal.cells().iter().copied().filter(|&t| t != 0).collect();
    let mut out = Vec::new();
    let mut rest = &tiles[..];
    for &s in sizes {
        out.push(rest[..s].to_vec());
        rest = &rest[s..];
    }
    out
}

#[test]
fn heuristics_are_admissible_and_consistent_on_3x3() {
    check_all_heuristics(Shape::new(3, 3).unwrap(), |g| split(g, &[4, 4]));
}

#[test]
fn heuristics_are_admissible_and_consistent_on_2x4() {
    check_all_heuristics(Shape::new(2, 4).unwrap(), |g| split(g, &[3, 4]));
}

#[test]
fn heuristics_are_admissible_on_3x3_with_an_uneven_partition() {
    // Three patterns of unequal size, one tile in none: still admissible.
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let dist = distances(&goal);
    let db = PatternDb::build(&goal, &[vec![1, 2, 3, 4, 5], vec![6, 7]], &|_| {});
    check_admissible("pdb 5-2", &PdbHeuristic::new(&db), &goal, &dist, false);
}

/// Walk randomly and compare the incrementally kept value with a fresh one;
/// at each step, try every move with [`DepthFirstSpace::apply_bounded`] at
/// limits around its estimate and check the contract: the exact estimate
/// below the limit, else a value from the limit to the estimate.
fn check_incremental<H: TileHeuristic>(
    name: &str,
    h: &H,
    puzzle: &TilePuzzle,
    steps: usize,
    seed: u64,
) {
    use rand::RngExt;
    let mut rng = huarong_engine::rng::seeded(seed);
    let mut space = TileDfs::new(puzzle, h);
    let mut trail = Vec::new();
    for _ in 0..steps {
        let moves = space.moves();
        let before = space.heuristic();
        for &m in moves.as_ref() {
            let undo = space.apply(m);
            let exact = space.heuristic();
            space.undo(m, undo);
            for limit in [0, exact.saturating_sub(1), exact, exact + 1, u32::MAX] {
                let (undo, h) = space.apply_bounded(m, limit);
                if exact < limit {
                    assert_eq!(h, exact, "{name}: below the limit {limit}, exact");
                    assert_eq!(space.heuristic(), exact, "{name}: state complete");
                } else {
                    assert!(
                        (limit..=exact).contains(&h),
                        "{name}: {h} not within {limit}..={exact}"
                    );
                }
                space.undo(m, undo);
                assert_eq!(space.heuristic(), before, "{name}: undo restores");
            }
        }
        let mv = moves.as_ref()[rng.random_range(0..moves.as_ref().len())];
        trail.push((mv, space.apply(mv)));
        assert_eq!(
            space.heuristic(),
            h.estimate(space.cells()),
            "{name}: incremental value drifted"
        );
    }
    // Undo everything: back to the start's value.
    while let Some((mv, undo)) = trail.pop() {
        space.undo(mv, undo);
        assert_eq!(
            space.heuristic(),
            h.estimate(space.cells()),
            "{name}: undo drifted"
        );
    }
    assert_eq!(space.cells(), puzzle.start.cells());
}

#[test]
fn incremental_updates_match_fresh_evaluation() {
    for (shape, partition) in [
        (Shape::new(3, 3).unwrap(), vec![4, 4]),
        (Shape::new(4, 4).unwrap(), vec![3, 4, 4, 4]),
        (Shape::new(3, 5).unwrap(), vec![7, 7]),
    ] {
        for goal in goals(shape) {
            let puzzle = TilePuzzle::new(goal.clone(), goal.clone()).unwrap();
            check_incremental("misplaced", &Misplaced::new(&goal), &puzzle, 300, 1);
            check_incremental("manhattan", &Manhattan::new(&goal), &puzzle, 300, 2);
            check_incremental(
                "linear-conflict",
                &LinearConflict::new(&goal),
                &puzzle,
                300,
                3,
            );
            if partition.iter().all(|&k| k <= 5) {
                let db = PatternDb::build(&goal, &split(&goal, &partition), &|_| {});
                check_incremental("pdb", &PdbHeuristic::new(&db), &puzzle, 300, 4);
            }
        }
    }
    // Large boards for the line-based heuristics.
    for shape in [Shape::new(10, 10).unwrap(), Shape::new(5, 7).unwrap()] {
        let goal = Board::goal(shape);
        let puzzle = TilePuzzle::new(goal.clone(), goal.clone()).unwrap();
        check_incremental(
            "linear-conflict",
            &LinearConflict::new(&goal),
            &puzzle,
            2000,
            5,
        );
        check_incremental("manhattan", &Manhattan::new(&goal), &puzzle, 2000, 6);
    }
}

#[test]
fn linear_conflict_counts_a_reversed_row() {
    // Row 1 2 3 reversed: two of the three tiles must leave the row.
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let b = Board::parse("3 2 1 4 5 6 7 8 0", None).unwrap();
    let lc = LinearConflict::new(&goal).estimate(b.cells());
    let md = Manhattan::new(&goal).estimate(b.cells());
    assert_eq!(md, 4);
    assert_eq!(lc, md + 4);
}
