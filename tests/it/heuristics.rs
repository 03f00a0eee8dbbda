//! Every heuristic is admissible, checked against exact distances from a
//! full breadth-first enumeration of small boards for several goals; those
//! the table calls consistent are; and every incremental update equals a
//! fresh evaluation. The heuristics computed from the board are taken from
//! the table ([`HeuristicKind::ALL`]), so a new one is checked unasked.
//!
//! The pattern databases are admissible but not consistent: a table entry is
//! the minimum over the blank's possible cells, so one move can lower it by
//! more than one. The test below pins that down; A* reopens nodes and so
//! stays optimal with it (checked in `search.rs`).

use std::collections::HashMap;

use huarong_engine::search::DepthFirstSpace;
use huarong_engine::tiles::heuristic::{
    LinearConflict, Manhattan, TileHeuristic, WithHeuristic, with_heuristic,
};
use huarong_engine::tiles::pdb::{PatternDb, PdbHeuristic};
use huarong_engine::tiles::space::TileDfs;
use huarong_engine::{Board, Dir, HeuristicChoice, HeuristicKind, Shape, TilePuzzle};

/// Every heuristic computed from the board (not a pattern database), with
/// its choice.
fn computed() -> Vec<(HeuristicKind, HeuristicChoice)> {
    let all: Vec<_> = HeuristicKind::ALL
        .into_iter()
        .filter_map(|k| HeuristicChoice::computed(k).map(|c| (k, c)))
        .collect();
    // The table's databases are exactly the kinds without a computed choice.
    for k in HeuristicKind::ALL {
        assert_eq!(k.is_database(), !all.iter().any(|(c, _)| *c == k), "{k:?}");
    }
    all
}

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

/// [`check_admissible`] with a heuristic from the table: consistency
/// checked where the table claims it.
struct Admissible<'a> {
    kind: HeuristicKind,
    goal: &'a Board,
    dist: &'a HashMap<Vec<u8>, u32>,
}

impl WithHeuristic<()> for Admissible<'_> {
    fn run<H: TileHeuristic>(self, h: &H) {
        let consistent = self.kind.is_consistent();
        check_admissible(self.kind.name(), h, self.goal, self.dist, consistent);
    }
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
                    !consistent || est.abs_diff(en) <= 1,
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
        for (kind, choice) in computed() {
            let check = Admissible {
                kind,
                goal: &goal,
                dist: &dist,
            };
            with_heuristic(&choice, &goal, check);
        }
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

/// [`check_incremental`] with a heuristic from the table.
struct Incremental<'a> {
    name: &'a str,
    puzzle: &'a TilePuzzle,
    steps: usize,
    seed: u64,
}

impl WithHeuristic<()> for Incremental<'_> {
    fn run<H: TileHeuristic>(self, h: &H) {
        check_incremental(self.name, h, self.puzzle, self.steps, self.seed);
    }
}

/// Every heuristic computed from the board, walked `steps` moves from
/// `puzzle`'s start.
fn check_incremental_all(puzzle: &TilePuzzle, steps: usize, seed: u64) {
    for (i, (kind, choice)) in computed().into_iter().enumerate() {
        let check = Incremental {
            name: kind.name(),
            puzzle,
            steps,
            seed: seed + i as u64,
        };
        with_heuristic(&choice, &puzzle.goal, check);
    }
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
            check_incremental_all(&puzzle, 300, 1);
            if partition.iter().all(|&k| k <= 5) {
                let db = PatternDb::build(&goal, &split(&goal, &partition), &|_| {});
                check_incremental("pdb", &PdbHeuristic::new(&db), &puzzle, 300, 4);
            }
        }
    }
    // Large boards, for every heuristic computed from the board.
    for shape in [Shape::new(10, 10).unwrap(), Shape::new(5, 7).unwrap()] {
        let goal = Board::goal(shape);
        let puzzle = TilePuzzle::new(goal.clone(), goal.clone()).unwrap();
        check_incremental_all(&puzzle, 2000, 5);
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
