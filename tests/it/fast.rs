//! The `fast` strategy (row-and-column reduction): every path replays to
//! the goal on every shape from 2×2 to 10×10 and any goal; it is never
//! shorter than the optimum and equals it where one search does the whole
//! board; it honours the control (cancel, node, time and memory limits,
//! progress) and refuses unsolvable starts before searching.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use huarong_engine::klotski::{Layout, Metric};
use huarong_engine::strategy::{self, Family, SolveError, Strategy};
use huarong_engine::tiles::{random_solvable, shuffled};
use huarong_engine::{
    Board, CancelToken, Control, Dir, HeuristicChoice, LimitKind, Limits, Outcome, Shape, Status,
    TilePuzzle, solve_klotski, solve_tiles,
};
use proptest::prelude::*;

fn fast() -> &'static dyn Strategy {
    strategy::find("fast").expect("fast is registered")
}

fn solve(p: &TilePuzzle, ctl: &Control) -> Outcome<Dir> {
    solve_tiles(fast(), p, &HeuristicChoice::Manhattan, ctl).expect("fast needs no heuristic")
}

/// Solved, and the path replays legally from the start to the goal.
fn solved(p: &TilePuzzle) -> Outcome<Dir> {
    let o = solve(p, &Control::default());
    assert_eq!(o.status, Status::Solved, "{:?}\n{}", o.reason, p.start);
    assert!(
        p.replays_to_goal(&o.path),
        "the path does not reach the goal from\n{}goal\n{}",
        p.start,
        p.goal
    );
    o
}

/// The optimum, by A* with the Manhattan distance.
fn optimum(p: &TilePuzzle) -> usize {
    let o = solve_tiles(
        strategy::find("astar").unwrap(),
        p,
        &HeuristicChoice::Manhattan,
        &Control::default(),
    )
    .unwrap();
    assert_eq!(o.status, Status::Solved);
    o.path.len()
}

/// A random goal (any arrangement is one) and a uniformly random start
/// that can reach it.
fn random_puzzle(rows: u8, cols: u8, seed: u64) -> TilePuzzle {
    let mut rng = huarong_engine::rng::seeded(seed);
    let goal = random_solvable(&Board::goal(Shape::new(rows, cols).unwrap()), &mut rng);
    let start = random_solvable(&goal, &mut rng);
    TilePuzzle::new(start, goal).unwrap()
}

fn ten_by_ten(seed: u64) -> TilePuzzle {
    let goal = Board::goal(Shape::new(10, 10).unwrap());
    let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
    TilePuzzle::new(start, goal).unwrap()
}

/// `goal` with its blank moved to `cell` (swapped with the tile there).
fn blank_at(goal: &Board, cell: usize) -> Board {
    let mut g = goal.clone();
    g.swap_cells(g.blank(), cell);
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random shapes, random goals, uniformly random starts.
    #[test]
    fn every_shape_and_goal_is_solved(rows in 2u8..=10, cols in 2u8..=10, seed in any::<u64>()) {
        let p = random_puzzle(rows, cols, seed);
        let o = solved(&p);
        prop_assert!(o.stats.expanded > 0 || o.path.is_empty());
        prop_assert!(o.stats.generated >= o.stats.expanded);
        // Optimal only where one search does it all (or nothing to do).
        prop_assert_eq!(o.stats.optimal, p.shape().cells() <= 9 || o.path.is_empty());
    }

    /// Starts a few moves from a random goal: most tiles are already home.
    #[test]
    fn near_goal_starts_are_solved(
        rows in 2u8..=10,
        cols in 2u8..=10,
        moves in 0usize..40,
        seed in any::<u64>(),
    ) {
        let mut rng = huarong_engine::rng::seeded(seed);
        let goal = random_solvable(&Board::goal(Shape::new(rows, cols).unwrap()), &mut rng);
        let (start, _) = shuffled(&goal, moves, &mut rng);
        solved(&TilePuzzle::new(start, goal).unwrap());
    }

    /// 3×3 with random goals: one optimal search, so exactly the optimum.
    #[test]
    fn three_by_three_is_solved_optimally(seed in any::<u64>()) {
        let p = random_puzzle(3, 3, seed);
        let o = solved(&p);
        prop_assert_eq!(o.path.len(), optimum(&p));
        prop_assert!(o.stats.optimal);
    }

    /// 3×4 and 4×3 (one line, then an optimal 3×3): never below the
    /// optimum, and not claimed optimal.
    #[test]
    fn never_shorter_than_the_optimum(wide in any::<bool>(), seed in any::<u64>()) {
        let (r, c) = if wide { (3, 4) } else { (4, 3) };
        let goal = Board::goal(Shape::new(r, c).unwrap());
        let mut rng = huarong_engine::rng::seeded(seed);
        // A short walk keeps A* quick on 12 cells.
        let (start, _) = shuffled(&goal, 30, &mut rng);
        let p = TilePuzzle::new(start, goal).unwrap();
        let o = solved(&p);
        prop_assert!(o.path.len() >= optimum(&p));
        prop_assert!(o.stats.optimal == o.path.is_empty());
    }
}

/// Every small whole board (≤ 9 cells) is one optimal search: the length
/// equals the optimum for random goals.
#[test]
fn small_boards_equal_the_optimum() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        for seed in 0..8 {
            let p = random_puzzle(r, c, seed);
            let o = solved(&p);
            assert_eq!(o.path.len(), optimum(&p), "{r}x{c} seed {seed}");
            assert!(o.stats.optimal);
        }
    }
}

/// Thin and odd shapes with the goal's blank in every cell: corners, edges,
/// the middle.
#[test]
fn the_goal_blank_may_be_anywhere() {
    for (r, c) in [
        (2, 10),
        (10, 2),
        (2, 5),
        (5, 2),
        (3, 7),
        (7, 3),
        (4, 4),
        (5, 5),
    ] {
        let base = Board::goal(Shape::new(r, c).unwrap());
        for cell in 0..base.cells().len() {
            let goal = blank_at(&base, cell);
            let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(cell as u64));
            solved(&TilePuzzle::new(start, goal).unwrap());
        }
    }
}

#[test]
fn ten_by_ten_is_solved_and_counted() {
    for seed in 0..3 {
        let p = ten_by_ten(seed);
        let o = solved(&p);
        assert!(!o.stats.optimal);
        assert!(o.path.len() > 100);
        assert!(o.stats.expanded > 0 && o.stats.generated > o.stats.expanded);
        assert!(o.stats.peak_bytes > 0 && o.stats.peak_stored > 0);
        assert!(!matches!(o.status, Status::Limit(_)));
    }
}

#[test]
fn the_goal_itself_needs_no_moves() {
    for (r, c) in [(2, 2), (3, 3), (4, 4), (10, 10), (2, 10)] {
        let goal = Board::goal(Shape::new(r, c).unwrap());
        let p = TilePuzzle::new(goal.clone(), goal).unwrap();
        let o = solved(&p);
        assert!(o.path.is_empty());
        assert!(o.stats.optimal);
    }
}

#[test]
fn unsolvable_starts_are_answered_before_searching() {
    for (r, c) in [(2, 2), (3, 3), (10, 10), (2, 7)] {
        let goal = Board::goal(Shape::new(r, c).unwrap());
        let mut start = goal.clone();
        start.swap_cells(0, 1); // one swap: the wrong parity
        let p = TilePuzzle::new(start, goal).unwrap();
        let o = solve(&p, &Control::default());
        assert_eq!(o.status, Status::Unsolvable);
        assert_eq!(o.stats.expanded, 0);
        assert!(o.path.is_empty());
        assert!(o.reason.unwrap().contains("odd permutation"));
    }
}

#[test]
fn a_raised_cancel_flag_stops_it() {
    let token = CancelToken::new();
    token.cancel();
    let o = solve(&ten_by_ten(1), &Control::default().with_cancel(token));
    assert_eq!(o.status, Status::Cancelled);
    assert!(o.path.is_empty());
    assert!(!o.stats.optimal);
    assert_eq!(o.reason.as_deref(), Some("cancelled"));
}

#[test]
fn node_limits_are_exact() {
    for max in [1, 17, 5_000, 50_000] {
        let ctl = Control::default().with_limits(Limits {
            max_nodes: Some(max),
            ..Limits::default()
        });
        let o = solve(&ten_by_ten(2), &ctl);
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes), "{max}");
        assert_eq!(o.stats.expanded, max);
        assert!(o.path.is_empty() && !o.stats.optimal);
    }
}

#[test]
fn time_and_memory_limits_stop_it() {
    let ctl = Control::default().with_limits(Limits {
        time_limit: Some(Duration::ZERO),
        ..Limits::default()
    });
    let o = solve(&ten_by_ten(3), &ctl);
    assert_eq!(o.status, Status::Limit(LimitKind::Time));

    // The one-tile searches on a 10×10 need some 100 KiB, the first
    // two-tile search about 2.3 MB: with 1 MiB it stops before taking it.
    let cap = 1 << 20;
    let ctl = Control::default().with_limits(Limits {
        max_bytes: Some(cap),
        ..Limits::default()
    });
    let o = solve(&ten_by_ten(3), &ctl);
    assert_eq!(o.status, Status::Limit(LimitKind::Memory));
    assert!(o.stats.peak_bytes <= cap, "{}", o.stats.peak_bytes);
}

#[test]
fn progress_is_reported_and_ends_with_the_totals() {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = reports.clone();
    let mut ctl = Control::default().with_progress(move |p| sink.lock().unwrap().push(*p));
    ctl.report_every = Duration::ZERO;
    let o = solve(&ten_by_ten(4), &ctl);
    assert_eq!(o.status, Status::Solved);
    let reports = reports.lock().unwrap();
    assert!(reports.len() > 10, "{} reports", reports.len());
    assert!(reports.windows(2).all(|w| w[0].expanded <= w[1].expanded));
    assert_eq!(reports.last().unwrap().expanded, o.stats.expanded);
}

#[test]
fn klotski_is_refused_by_name_not_run() {
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    for metric in [Metric::Steps, Metric::Moves] {
        let err = solve_klotski(fast(), &layout, metric, &Control::default()).unwrap_err();
        assert_eq!(
            err,
            SolveError::Unsupported {
                strategy: "fast",
                family: Family::Klotski
            }
        );
        assert_eq!(
            err.to_string(),
            "fast solves tile puzzles only, not Klotski"
        );
    }
    assert_eq!(fast().families(), &[Family::Tiles]);
    assert!(strategy::for_family(Family::Klotski).all(|s| s.name() != "fast"));
}

#[test]
fn it_is_registered_as_a_non_optimal_strategy_without_heuristic() {
    let s = fast();
    assert!(!s.is_optimal());
    assert!(!s.uses_heuristic());
    assert!(s.label().contains("Fast"));
    assert!(!s.description().is_empty());
}
