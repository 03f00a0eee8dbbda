//! The uninformed searches beside BFS: iterative deepening (`ids`) returns
//! the shortest paths, as a breadth-first search written here (not the
//! engine's) measures them; depth-limited depth-first search (`dfs`)
//! returns a legal path within its limit, or says the limit cut it. Both
//! on tile boards and Klotski, both stopped by the control.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use huarong_engine::klotski::space::unit_steps;
use huarong_engine::klotski::{KMove, Layout, Metric};
use huarong_engine::observe::Event;
use huarong_engine::strategy::{self, ParamKey, Tuning, Visit};
use huarong_engine::{
    Board, CancelToken, Control, Dir, HeuristicChoice, LimitKind, Limits, Outcome, Shape, Status,
    TilePuzzle, solve_klotski, solve_tiles,
};
use proptest::prelude::*;

/// The cells next to `cell` on a `rows`×`cols` board.
fn neighbours(rows: usize, cols: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / cols, cell % cols);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - cols);
    }
    if r + 1 < rows {
        out.push(cell + cols);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < cols {
        out.push(cell + 1);
    }
    out
}

/// A plain breadth-first search over the boards as vectors (tiles,
/// row-major, 0 the blank) from `start`, handing each board and its
/// distance to `visit` in order, until `visit` says stop.
fn breadth_first(
    rows: usize,
    cols: usize,
    start: &[u8],
    mut visit: impl FnMut(&[u8], usize) -> bool,
) {
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::from([(start.to_vec(), 0)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        if !visit(&board, d) {
            return;
        }
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for next in neighbours(rows, cols, blank) {
            let mut b = board.clone();
            b.swap(blank, next);
            if !seen.contains_key(&b) {
                seen.insert(b.clone(), d + 1);
                queue.push_back(b);
            }
        }
    }
}

/// The fewest moves from `start` to `goal`, by [`breadth_first`].
fn tile_distance(rows: usize, cols: usize, start: &[u8], goal: &[u8]) -> Option<usize> {
    let mut found = None;
    breadth_first(rows, cols, start, |board, d| {
        if board == goal {
            found = Some(d);
        }
        found.is_none()
    });
    found
}

/// The fewest unit steps that bring `layout`'s target to its goal, by a
/// breadth-first search over layouts (their text), moving pieces with
/// [`Layout::step`].
fn klotski_distance(layout: &Layout) -> Option<usize> {
    let mut seen: HashMap<String, usize> = HashMap::from([(layout.to_text(), 0)]);
    let mut queue = VecDeque::from([layout.clone()]);
    while let Some(l) = queue.pop_front() {
        let d = seen[&l.to_text()];
        if l.is_solved() {
            return Some(d);
        }
        for i in 0..l.pieces.len() {
            for dir in Dir::ALL {
                let mut next = l.clone();
                if next.step(i, dir) && !seen.contains_key(&next.to_text()) {
                    seen.insert(next.to_text(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// `start` after `moves` random moves of the blank (a walk, which may
/// come back on itself), from the test's own rule.
fn walk_from(rows: usize, cols: usize, goal: &[u8], moves: usize, seed: u64) -> Vec<u8> {
    let mut board = goal.to_vec();
    let mut x = seed | 1;
    for _ in 0..moves {
        // xorshift: enough randomness for a walk.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let next = neighbours(rows, cols, blank);
        board.swap(blank, next[(x % next.len() as u64) as usize]);
    }
    board
}

/// A solved board of `rows`×`cols` (1, 2, …, then the blank).
fn goal_cells(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    (1..n as u8).chain([0]).collect()
}

fn puzzle(rows: usize, cols: usize, start: &[u8]) -> TilePuzzle {
    let shape = Shape::new(rows as u8, cols as u8).unwrap();
    TilePuzzle::new(
        Board::new(shape, start.to_vec()).unwrap(),
        Board::goal(shape),
    )
    .unwrap()
}

fn ids() -> &'static dyn huarong_engine::Strategy {
    strategy::find("ids").expect("ids is registered")
}

fn dfs(depth: u32) -> Box<dyn huarong_engine::Strategy> {
    strategy::configure(
        "dfs",
        &Tuning {
            depth: Some(depth),
            ..Tuning::default()
        },
    )
    .expect("any depth from 1 is accepted")
}

fn solve(s: &dyn huarong_engine::Strategy, p: &TilePuzzle, ctl: &Control) -> Outcome<Dir> {
    solve_tiles(s, p, &HeuristicChoice::Manhattan, ctl).unwrap()
}

/// Whether `path` played on `p`'s start (by the test's own moves: the
/// blank goes in the move's direction) ends on its goal.
fn replays(p: &TilePuzzle, path: &[Dir]) -> bool {
    let cols = p.shape().cols as usize;
    let rows = p.shape().rows as usize;
    let mut b = p.start.cells().to_vec();
    for &d in path {
        let blank = b.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / cols, blank % cols);
        let to = match d {
            Dir::Up if r > 0 => blank - cols,
            Dir::Down if r + 1 < rows => blank + cols,
            Dir::Left if c > 0 => blank - 1,
            Dir::Right if c + 1 < cols => blank + 1,
            _ => return false,
        };
        b.swap(blank, to);
    }
    b == p.goal.cells()
}

/// Whether `path` (in steps) brings `layout`'s target home, each step
/// legal on the layout.
fn klotski_replays(layout: &Layout, path: &[KMove]) -> bool {
    let Ok(steps) = unit_steps(layout, path) else {
        return false;
    };
    let mut l = layout.clone();
    steps.len() == path.len()
        && steps.iter().all(|&(letter, dir)| {
            let i = l.pieces.iter().position(|p| p.letter == letter).unwrap();
            l.step(i, dir)
        })
        && l.is_solved()
}

/// Check IDS and DFS (at, above and below the distance) on one tile start.
fn check_tiles(rows: usize, cols: usize, start: &[u8]) {
    let goal = goal_cells(rows, cols);
    let Some(d) = tile_distance(rows, cols, start, &goal) else {
        return; // the other parity: the registry refuses it (tests/it/search.rs)
    };
    let p = puzzle(rows, cols, start);
    let ctl = Control::default();
    let o = solve(ids(), &p, &ctl);
    assert_eq!(o.status, Status::Solved, "{start:?}");
    assert_eq!(o.path.len(), d, "ids on {start:?}");
    assert!(o.stats.optimal && replays(&p, &o.path));
    for limit in [d.max(1), d + 1, d + 6] {
        let o = solve(&*dfs(limit as u32), &p, &ctl);
        assert_eq!(o.status, Status::Solved, "dfs {limit} on {start:?}");
        assert!(o.path.len() <= limit, "{} > {limit}", o.path.len());
        assert!(o.path.len() >= d && (o.path.len() - d).is_multiple_of(2));
        assert!(replays(&p, &o.path), "dfs {limit} on {start:?}");
        assert!(
            !o.stats.optimal,
            "a depth-first path is not claimed shortest"
        );
    }
    if d >= 2 {
        let o = solve(&*dfs(d as u32 - 1), &p, &ctl);
        assert_eq!(o.status, Status::NotFound, "dfs {} on {start:?}", d - 1);
        assert!(o.path.is_empty());
        let why = o.reason.unwrap_or_default();
        assert!(
            why.contains(&format!("depth limit of {} moves", d - 1)),
            "{why}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn on_random_3x3_walks_ids_is_shortest_and_dfs_keeps_its_limit(
        seed in any::<u64>(),
        moves in 0usize..18,
    ) {
        let start = walk_from(3, 3, &goal_cells(3, 3), moves, seed);
        check_tiles(3, 3, &start);
    }
}

#[test]
fn on_2x3_and_3x2_boards_too() {
    for (rows, cols) in [(2, 3), (3, 2)] {
        for seed in 1..8 {
            let start = walk_from(rows, cols, &goal_cells(rows, cols), 40, seed);
            check_tiles(rows, cols, &start);
        }
    }
}

#[test]
fn a_solved_start_takes_no_moves() {
    let p = puzzle(3, 3, &goal_cells(3, 3));
    for s in [ids(), &*dfs(1)] {
        let o = solve(s, &p, &Control::default());
        assert_eq!(
            (o.status, o.path.len()),
            (Status::Solved, 0),
            "{}",
            s.name()
        );
    }
}

/// Layouts a few unit steps from home: Cao Cao three cells above his goal
/// with the way clear, then seeded random steps of any piece.
fn near_goal(steps: usize, seed: u64) -> Layout {
    let mut l = Layout::parse("BAAC/BAAC/D..F/D..F/G..J").unwrap();
    let mut x = seed | 1;
    let mut taken = 0;
    while taken < steps {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x % l.pieces.len() as u64) as usize;
        let dir = Dir::ALL[(x >> 8) as usize % 4];
        if l.step(i, dir) {
            taken += 1;
        }
    }
    l
}

#[test]
fn on_klotski_ids_is_shortest_and_dfs_keeps_its_limit() {
    let ctl = Control::default();
    let mut longest = 0;
    for seed in 1..16 {
        let layout = near_goal(seed as usize % 9, seed);
        let d = klotski_distance(&layout).expect("walked from home, so home is reachable");
        longest = longest.max(d);
        let o = solve_klotski(ids(), &layout, Metric::Steps, &ctl).unwrap();
        assert_eq!(o.status, Status::Solved, "{}", layout.to_text());
        assert_eq!(o.path.len(), d, "ids on {}", layout.to_text());
        assert!(o.stats.optimal && klotski_replays(&layout, &o.path));
        for limit in [d.max(1), d + 3, d + 40] {
            let o = solve_klotski(&*dfs(limit as u32), &layout, Metric::Steps, &ctl).unwrap();
            assert_eq!(
                o.status,
                Status::Solved,
                "dfs {limit} on {}",
                layout.to_text()
            );
            assert!(o.path.len() <= limit && o.path.len() >= d);
            assert!(klotski_replays(&layout, &o.path), "{}", layout.to_text());
        }
        if d >= 2 {
            let o = solve_klotski(&*dfs(d as u32 - 1), &layout, Metric::Steps, &ctl).unwrap();
            assert_eq!(o.status, Status::NotFound, "{}", layout.to_text());
            let why = o.reason.unwrap_or_default();
            assert!(
                why.contains(&format!("depth limit of {} moves", d - 1)),
                "{why}"
            );
        }
    }
    assert!(
        longest >= 4,
        "the walks reach some way from home: {longest}"
    );
}

#[test]
fn the_depth_knob_is_offered_and_checked() {
    let s = strategy::find("dfs").expect("dfs is registered");
    assert!(!s.is_optimal() && !s.uses_heuristic());
    assert_eq!(
        (s.visit(), ids().visit()),
        (Visit::DepthFirst, Visit::DepthFirst)
    );
    let [p] = s.params() else {
        panic!("one knob: {:?}", s.params())
    };
    assert_eq!((p.key, p.key.flag()), (ParamKey::Depth, "depth"));
    // Enough for the 8-puzzle's hardest starts (31 moves) and the
    // classic Klotski layout in steps (116).
    assert!(p.offers(p.default) && p.default >= 31.0 && p.offers(116.0));
    let err = strategy::configure(
        "dfs",
        &Tuning {
            depth: Some(0),
            ..Tuning::default()
        },
    )
    .err()
    .map(|e| e.to_string());
    assert_eq!(err.as_deref(), Some("--depth must be at least 1"));
    assert!(ids().params().is_empty() && ids().is_optimal());
}

/// Every event of `s` on `p`, in order.
fn events(s: &dyn huarong_engine::Strategy, p: &TilePuzzle) -> (Vec<String>, Outcome<Dir>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
        let what = match e {
            Event::IterationStart { bound } => format!("iteration {bound}"),
            other => other.name().to_string(),
        };
        sink.lock().unwrap().push(what)
    }));
    let o = solve(s, p, &ctl);
    let log = log.lock().unwrap().clone();
    (log, o)
}

#[test]
fn they_report_what_the_inspector_steps() {
    let start = walk_from(3, 3, &goal_cells(3, 3), 14, 5);
    let d = tile_distance(3, 3, &start, &goal_cells(3, 3)).unwrap();
    assert!(d >= 4, "{d}");
    let p = puzzle(3, 3, &start);
    // IDS: one iteration per depth from 0 to the distance, each bound one
    // more than the last; the expansions are the ones counted.
    let (log, o) = events(ids(), &p);
    let bounds: Vec<&String> = log.iter().filter(|e| e.starts_with("iteration")).collect();
    let expected: Vec<String> = (0..=d).map(|b| format!("iteration {b}")).collect();
    assert_eq!(bounds, expected.iter().collect::<Vec<_>>());
    let expands = log.iter().filter(|e| *e == "expand").count() as u64;
    assert_eq!(expands, o.stats.expanded);
    assert_eq!(log.last().map(String::as_str), Some("goal"));
    // DFS: one pass bounded by its limit.
    let (log, o) = events(&*dfs(20), &p);
    assert_eq!(log[0], "iteration 20");
    assert_eq!(log.iter().filter(|e| e.starts_with("iteration")).count(), 1);
    let expands = log.iter().filter(|e| *e == "expand").count() as u64;
    assert_eq!(expands, o.stats.expanded);
    assert_eq!(log.last().map(String::as_str), Some("goal"));
}

#[test]
fn cancel_and_node_limits_stop_them() {
    // 31 moves: far more than a handful of expansions for either.
    let p = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    let token = CancelToken::new();
    token.cancel();
    let cancelled = Control::default().with_cancel(token);
    let limited = Control::default().with_limits(Limits {
        max_nodes: Some(300),
        ..Limits::default()
    });
    for s in [ids(), &*dfs(31)] {
        let o = solve(s, &p, &cancelled);
        assert_eq!(o.status, Status::Cancelled, "{}", s.name());
        assert!(o.path.is_empty());
        let o = solve_klotski(s, &layout, Metric::Steps, &cancelled).unwrap();
        assert_eq!(o.status, Status::Cancelled, "{}", s.name());
        let o = solve(s, &p, &limited);
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes), "{}", s.name());
        assert_eq!(o.stats.expanded, 300, "{}", s.name());
        let o = solve_klotski(s, &layout, Metric::Steps, &limited).unwrap();
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes), "{}", s.name());
        assert_eq!(o.stats.expanded, 300, "{}", s.name());
    }
}

/// How many states lie at each distance from `start` (tiles), by
/// [`breadth_first`].
fn layer_sizes(rows: usize, cols: usize, start: &[u8]) -> Vec<u64> {
    let mut layers = Vec::new();
    breadth_first(rows, cols, start, |_, d| {
        if layers.len() == d {
            layers.push(0);
        }
        layers[d] += 1;
        true
    });
    layers
}

/// The distance of the `k`-th state (from 0) a breadth-first search takes
/// from its queue, whatever its order within a layer.
fn depth_of_kth(layers: &[u64], k: u64) -> u32 {
    let mut through = 0;
    for (d, &n) in layers.iter().enumerate() {
        through += n;
        if k < through {
            return d as u32;
        }
    }
    layers.len() as u32
}

#[test]
fn a_stopped_exact_search_proves_a_lower_bound_no_longer_than_the_shortest_path() {
    let goal = goal_cells(3, 3);
    let exact = ["bfs", "astar", "idastar", "ids"];
    for seed in 1..=6u64 {
        let start = walk_from(3, 3, &goal, 60, seed);
        let shortest = tile_distance(3, 3, &start, &goal).unwrap() as u32;
        let layers = layer_sizes(3, 3, &start);
        for name in exact {
            let s = strategy::find(name).unwrap();
            for max_nodes in [1, 10, 100, 1_000, 10_000] {
                let ctl = Control::default().with_limits(Limits {
                    max_nodes: Some(max_nodes),
                    ..Limits::default()
                });
                let o = solve(s, &puzzle(3, 3, &start), &ctl);
                if o.status != Status::Limit(LimitKind::Nodes) {
                    continue;
                }
                let lower = strategy::proven_lower_bound(s, &o)
                    .unwrap_or_else(|| panic!("{name} proves no bound at {max_nodes}"));
                assert!(lower <= shortest, "{name}: {lower} > {shortest}");
                if name == "bfs" {
                    // The state being expanded when it stopped is the last
                    // counted or the next one: its layer is searched through.
                    let e = o.stats.expanded;
                    let at = [
                        depth_of_kth(&layers, e.saturating_sub(1)),
                        depth_of_kth(&layers, e),
                    ];
                    assert!(at.contains(&(lower - 1)), "bfs {lower} after {e} ({at:?})");
                }
            }
        }
    }
    // A strategy that proves nothing claims nothing, nor does a run that
    // was not stopped.
    let annealing = strategy::find("annealing").unwrap();
    let stats = huarong_engine::Stats {
        bound: Some(3),
        ..Default::default()
    };
    let stopped: Outcome<Dir> = Outcome::stopped(
        huarong_engine::control::Stop::Limit(LimitKind::Nodes),
        stats,
    );
    assert_eq!(strategy::proven_lower_bound(annealing, &stopped), None);
    let solved: Outcome<Dir> = Outcome::solved(vec![Dir::Up; 3], stats);
    assert_eq!(
        strategy::proven_lower_bound(strategy::find("bfs").unwrap(), &solved),
        None
    );
}

#[test]
fn a_stopped_klotski_breadth_first_search_proves_a_bound_below_the_shortest() {
    // 横刀立马, whose shortest solution the unlimited search gives (the
    // engine's BFS is checked against the test's own elsewhere).
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    let bfs = strategy::find("bfs").unwrap();
    let full = solve_klotski(bfs, &layout, Metric::Steps, &Control::default()).unwrap();
    let shortest = unit_steps(&layout, &full.path).unwrap().len() as u32;
    let mut last = 0;
    for max_nodes in [10, 100, 1_000] {
        let ctl = Control::default().with_limits(Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        });
        let o = solve_klotski(bfs, &layout, Metric::Steps, &ctl).unwrap();
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes));
        let lower = strategy::proven_lower_bound(bfs, &o).unwrap();
        assert!(
            lower <= shortest && lower >= last,
            "{lower} after {last}, shortest {shortest}"
        );
        assert!(lower >= 1);
        last = lower;
    }
}
