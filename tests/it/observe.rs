//! Watched searches: their events and anatomy checked against independent
//! computations (a test-side BFS over the 8-puzzle), the heuristic's error
//! against test-side distances, and watching never changes what a search
//! does.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use huarong_engine::klotski::group::Group;
use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
use huarong_engine::observe::{
    Anatomist, AnatomyRecorder, Event, EventFn, Fate, StateKey, StateWords, Truth,
    effective_branching,
};
use huarong_engine::search::{SearchSpace, bfs};
use huarong_engine::strategy::{self, find};
use huarong_engine::tiles::heuristic::evaluate;
use huarong_engine::tiles::random_solvable;
use huarong_engine::{
    Board, Control, HeuristicChoice, Outcome, Shape, Status, TilePuzzle, solve_klotski, solve_tiles,
};

fn shape3() -> Shape {
    Shape::new(3, 3).unwrap()
}

/// The 8-puzzle's neighbours of `b`, computed here (not by the engine).
pub(crate) fn neighbours(b: &[u8]) -> Vec<Vec<u8>> {
    let blank = b.iter().position(|&t| t == 0).unwrap();
    let (r, c) = (blank / 3, blank % 3);
    let mut out = Vec::new();
    for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
        if (0..3).contains(&nr) && (0..3).contains(&nc) {
            let mut n = b.to_vec();
            n.swap(blank, (nr * 3 + nc) as usize);
            out.push(n);
        }
    }
    out
}

/// Distance from `start` of every state reachable from it (a test-side BFS).
pub(crate) fn distances(start: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::from([(start.to_vec(), 0u32)]);
    let mut layer = vec![start.to_vec()];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in &layer {
            for n in neighbours(b) {
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    dist
}

/// The 8-puzzle with no goal at all: BFS must exhaust it.
struct NoGoal;

impl SearchSpace for NoGoal {
    type State = [u8; 9];
    type Move = ();
    fn successors(&self, s: &[u8; 9], out: &mut Vec<((), [u8; 9])>) {
        for n in neighbours(s) {
            out.push(((), n.try_into().unwrap()));
        }
    }
    fn is_goal(&self, _: &[u8; 9]) -> bool {
        false
    }
}

fn watched(recorder: &Arc<AnatomyRecorder>) -> Control {
    Control::default().with_events(recorder.observer())
}

#[test]
fn bfs_layers_are_the_counts_of_states_at_each_distance() {
    let start = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let recorder = Arc::new(AnatomyRecorder::default());
    let o = bfs(&NoGoal, start, &watched(&recorder));
    assert_eq!(o.status, Status::Unsolvable);
    let a = recorder.anatomy(&o);
    let dist = distances(&start);
    let deepest = *dist.values().max().unwrap();
    let mut expected = vec![0u64; deepest as usize + 1];
    for &d in dist.values() {
        expected[d as usize] += 1;
    }
    assert_eq!(a.layers, expected);
    assert_eq!(a.layers.iter().sum::<u64>(), 181_440);
    // Exhausted: every state is expanded once, at its distance.
    assert_eq!(a.by_depth, expected);
    assert_eq!(a.by_depth.iter().sum::<u64>(), o.stats.expanded);
    assert!(a.by_f.is_empty(), "BFS has no heuristic: f is the depth");
    assert_eq!(a.branching, None);
}

#[test]
fn astar_expands_every_state_below_the_optimum_and_none_above() {
    // Manhattan is consistent: A* expands every state with
    // g* + h < C* and none with g* + h > C* (g* the true distance).
    let goal = Board::goal(shape3());
    for seed in 0..4 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
        let recorder = Arc::new(AnatomyRecorder::default());
        let o = solve_tiles(
            find("astar").unwrap(),
            &puzzle,
            &HeuristicChoice::Manhattan,
            &watched(&recorder),
        )
        .unwrap();
        let a = recorder.anatomy(&o);
        let dist = distances(start.cells());
        let optimum = dist[goal.cells()];
        assert_eq!(o.path.len() as u32, optimum);
        let f_of = |cells: &Vec<u8>, g: u32| {
            let b = Board::new(shape3(), cells.clone()).unwrap();
            g + evaluate(&HeuristicChoice::Manhattan, &goal, &b)
        };
        let below = dist.iter().filter(|(b, g)| f_of(b, **g) < optimum).count() as u64;
        let expanded_below: u64 = a.by_f.range(..optimum).map(|(_, n)| n).sum();
        assert_eq!(expanded_below, below, "seed {seed}");
        assert!(a.by_f.keys().all(|&f| f <= optimum), "{:?}", a.by_f);
        assert_eq!(a.by_depth.iter().sum::<u64>(), o.stats.expanded);
        assert_eq!(
            a.start_h,
            Some(evaluate(&HeuristicChoice::Manhattan, &goal, &start))
        );
        assert_eq!(a.solution_length, Some(optimum));
    }
}

#[test]
fn idastar_bounds_rise_by_two_from_the_start_estimate_to_the_optimum() {
    let goal = Board::goal(shape3());
    for seed in 10..16 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
        for h in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
            let recorder = Arc::new(AnatomyRecorder::default());
            let o =
                solve_tiles(find("idastar").unwrap(), &puzzle, &h, &watched(&recorder)).unwrap();
            let a = recorder.anatomy(&o);
            let bounds: Vec<u32> = a.iterations.iter().map(|i| i.bound).collect();
            let h0 = evaluate(&h, &goal, &start);
            let optimum = distances(start.cells())[goal.cells()];
            let expected: Vec<u32> = (h0..=optimum).step_by(2).collect();
            assert_eq!(bounds, expected, "seed {seed}, {h:?}");
            let sum: u64 = a.iterations.iter().map(|i| i.expanded).sum();
            assert_eq!(sum, o.stats.expanded);
            let generated: u64 = a.iterations.iter().map(|i| i.generated).sum();
            assert_eq!(generated, o.stats.generated);
            assert_eq!(a.by_depth.iter().sum::<u64>(), o.stats.expanded);
            assert!(a.layers.is_empty(), "IDA* revisits: no layers");
        }
    }
}

#[test]
fn watching_changes_nothing_a_search_does() {
    // Random 8-puzzles, and 15-puzzles near enough for BFS.
    let mut puzzles = Vec::new();
    for seed in 0..3 {
        let goal = Board::goal(shape3());
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        puzzles.push(TilePuzzle::new(start, goal).unwrap());
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let rng = &mut huarong_engine::rng::seeded(seed);
        let start = huarong_engine::tiles::shuffled(&goal, 14, rng).0;
        puzzles.push(TilePuzzle::new(start, goal).unwrap());
    }
    for puzzle in &puzzles {
        for name in ["bfs", "astar", "idastar"] {
            let s = strategy::find(name).unwrap();
            let plain = Control::default().with_threads(1);
            let events = Arc::new(Mutex::new(0u64));
            let count = Arc::clone(&events);
            let seen = plain
                .clone()
                .with_events(Arc::new(move |_: &Event| *count.lock().unwrap() += 1));
            let h = HeuristicChoice::LinearConflict;
            let a: Outcome<_> = solve_tiles(s, puzzle, &h, &plain).unwrap();
            let b: Outcome<_> = solve_tiles(s, puzzle, &h, &seen).unwrap();
            assert_eq!(a.status, Status::Solved);
            assert_eq!(a.path, b.path, "{name}");
            assert_eq!(a.stats.expanded, b.stats.expanded, "{name}");
            assert_eq!(a.stats.generated, b.stats.generated, "{name}");
            assert_eq!(a.stats.peak_stored, b.stats.peak_stored, "{name}");
            assert!(
                *events.lock().unwrap() > a.stats.expanded,
                "{name}: events seen"
            );
        }
    }
}

/// An observer that has had enough (a trace at its limit) stops the events
/// each state brings for good (expansions and children; a local search's
/// proposals and tabu list changes), the search runs on as it would have
/// (same path and counts as unwatched), and the rare events still come:
/// every strategy that reports events, tiles and Klotski.
#[test]
fn an_observer_that_had_enough_gets_no_more_nodes_and_the_search_runs_as_before() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let puzzle = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    let tiles: Vec<&dyn strategy::Strategy> = strategy::for_family(strategy::Family::Tiles)
        .filter(|s| s.reports_events())
        .collect();
    let klotski: Vec<&dyn strategy::Strategy> = strategy::for_family(strategy::Family::Klotski)
        .filter(|s| s.reports_events())
        .collect();
    // Few: greedy meets a local minimum after a handful of proposals.
    const WANTED: u64 = 3;
    let watched = |enough: &Arc<AtomicBool>, log: &Arc<Mutex<(u64, u64, Vec<String>)>>| {
        let (enough, log) = (Arc::clone(enough), Arc::clone(log));
        let seen: EventFn = Arc::new(move |e: &Event| {
            let mut log = log.lock().unwrap();
            match e {
                Event::Expand { .. }
                | Event::Generate { .. }
                | Event::Propose { .. }
                | Event::TabuAdd { .. }
                | Event::TabuExpire { .. }
                    if log.0 < WANTED =>
                {
                    log.0 += 1
                }
                Event::Expand { .. }
                | Event::Generate { .. }
                | Event::Propose { .. }
                | Event::TabuAdd { .. }
                | Event::TabuExpire { .. } => {
                    // One past the limit is seen (that is how the observer
                    // knows); then nothing.
                    log.1 += 1;
                    enough.store(true, Ordering::Relaxed);
                }
                other => log.2.push(format!("{other:?}")),
            }
        });
        seen
    };
    let check = |name: &str,
                 a: (Status, usize, u64, u64),
                 b: (Status, usize, u64, u64),
                 log: &(u64, u64, Vec<String>)| {
        assert_eq!(a, b, "{name}: the run as unwatched");
        // Every run here makes more state events than are wanted.
        assert_eq!(log.0, WANTED, "{name}: the nodes wanted");
        assert_eq!(log.1, 1, "{name}: nothing after enough");
        if a.0 == Status::Solved {
            assert!(
                log.2.iter().any(|l| l.starts_with("Goal")),
                "{name}: {:?}",
                log.2
            );
        }
    };
    for s in tiles {
        let enough = Arc::new(AtomicBool::new(false));
        let log = Arc::new(Mutex::new((0, 0, Vec::new())));
        let h = HeuristicChoice::Manhattan;
        let plain = Control::default().with_threads(1);
        let ctl = plain
            .clone()
            .with_events_until(watched(&enough, &log), Arc::clone(&enough));
        let a = solve_tiles(s, &puzzle, &h, &plain).unwrap();
        let b = solve_tiles(s, &puzzle, &h, &ctl).unwrap();
        let key = |o: &Outcome<_>| (o.status, o.path.len(), o.stats.expanded, o.stats.generated);
        check(s.name(), key(&a), key(&b), &log.lock().unwrap());
    }
    for s in klotski {
        let enough = Arc::new(AtomicBool::new(false));
        let log = Arc::new(Mutex::new((0, 0, Vec::new())));
        let plain = Control::default().with_threads(1);
        let ctl = plain
            .clone()
            .with_events_until(watched(&enough, &log), Arc::clone(&enough));
        let a = solve_klotski(s, &layout, Metric::Moves, &plain).unwrap();
        let b = solve_klotski(s, &layout, Metric::Moves, &ctl).unwrap();
        let key = |o: &Outcome<_>| (o.status, o.path.len(), o.stats.expanded, o.stats.generated);
        check(s.name(), key(&a), key(&b), &log.lock().unwrap());
    }
}

#[test]
fn events_come_in_order_with_their_states() {
    // A two-move 8-puzzle under A*: the first event expands the start.
    let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = Arc::clone(&log);
    let words = StateWords::tiles(shape3());
    let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
        let line = match e {
            Event::Expand { g, h, state } => format!("expand {} g{g} h{h}", words.text(state)),
            Event::Generate { g, h, fate, state } => {
                format!("generate {} g{g} h{h} {fate:?}", words.text(state))
            }
            other => format!("{other:?}"),
        };
        sink.lock().unwrap().push(line);
    }));
    let o = solve_tiles(
        find("astar").unwrap(),
        &puzzle,
        &HeuristicChoice::Manhattan,
        &ctl,
    )
    .unwrap();
    assert_eq!(o.path.len(), 2);
    let log = log.lock().unwrap();
    assert_eq!(log[0], "expand 1 2 3 4 5 6 0 7 8 g0 h2");
    assert!(
        log.iter()
            .any(|l| l == "generate 1 2 3 4 5 6 7 0 8 g1 h1 New")
    );
    assert_eq!(log.last().unwrap(), "Goal { g: 2 }");
    let _ = Fate::Pruned;
}

#[test]
fn effective_branching_solves_its_equation() {
    // 3 + 9 = 12 nodes to depth 2: b* = 3.
    assert!((effective_branching(12, 2).unwrap() - 3.0).abs() < 1e-9);
    // One node to depth 1: b* = 1; 52 to depth 5 (R&N's example): ≈ 1.92.
    assert!((effective_branching(1, 1).unwrap() - 1.0).abs() < 1e-9);
    let b = effective_branching(52, 5).unwrap();
    let nodes: f64 = (1..=5).map(|i| b.powi(i)).sum();
    assert!((nodes - 52.0).abs() < 1e-6, "{b}");
    assert!((b - 1.92).abs() < 0.01, "{b}");
}

/// An observer that calls both `a` and `b`.
fn both(a: EventFn, b: EventFn) -> EventFn {
    Arc::new(move |e: &Event| {
        a(e);
        b(e);
    })
}

/// Each expanded node's state text and h, in order.
type Expansions = Arc<Mutex<Vec<(String, u32)>>>;

/// An observer keeping each expanded node's state in `words`, and its h.
fn expansions(words: StateWords) -> (EventFn, Expansions) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&log);
    let observer: EventFn = Arc::new(move |e: &Event| {
        if let Event::Expand { h, state, .. } = e {
            sink.lock().unwrap().push((words.text(state), *h));
        }
    });
    (observer, log)
}

#[test]
fn heuristic_error_is_the_exact_distance_minus_h_of_every_expansion() {
    let goal = Board::goal(shape3());
    // Distances to the goal by the test's own BFS (moves are reversible).
    let to_goal = distances(goal.cells());
    for seed in 20..24 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        for name in ["astar", "idastar"] {
            for h in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
                let truth = Truth::tiles(&goal, &Control::default()).unwrap().unwrap();
                let recorder = Arc::new(AnatomyRecorder::with_truth(truth));
                let (log_observer, log) = expansions(StateWords::tiles(shape3()));
                let ctl = Control::default().with_events(both(recorder.observer(), log_observer));
                let o = solve_tiles(find(name).unwrap(), &puzzle, &h, &ctl).unwrap();
                let a = recorder.anatomy(&o);
                // The same histogram, computed here: the test's distance
                // minus a fresh evaluation of the heuristic.
                let mut expected = BTreeMap::<i64, u64>::new();
                for (text, event_h) in log.lock().unwrap().iter() {
                    let cells: Vec<u8> = text.split(' ').map(|t| t.parse().unwrap()).collect();
                    let board = Board::new(shape3(), cells.clone()).unwrap();
                    let fresh_h = evaluate(&h, &goal, &board);
                    assert_eq!(*event_h, fresh_h, "{name} {h:?}: h of {text}");
                    let error = i64::from(to_goal[&cells]) - i64::from(fresh_h);
                    *expected.entry(error).or_default() += 1;
                }
                assert_eq!(a.heuristic_error, expected, "seed {seed}, {name}, {h:?}");
                assert!(
                    a.heuristic_error.keys().all(|&e| e >= 0),
                    "admissible: never above the distance: {:?}",
                    a.heuristic_error
                );
                assert_eq!(a.heuristic_error.values().sum::<u64>(), o.stats.expanded);
            }
        }
    }
}

/// An [`Anatomist`] fed a run's events on the test's thread tallies what
/// the recorder watching the run does (whose IDA* counts go round its
/// lock), and both agree with the run's own counts.
#[test]
fn an_anatomist_fed_the_events_tallies_what_the_recorder_does() {
    let goal = Board::goal(shape3());
    for seed in 30..33 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        for name in ["bfs", "astar", "idastar"] {
            let truth = || Truth::tiles(&goal, &Control::default()).unwrap().unwrap();
            let recorder = Arc::new(AnatomyRecorder::with_truth(truth()));
            let events = Arc::new(Mutex::new(Vec::new()));
            let kept = events.clone();
            let keep: EventFn = Arc::new(move |e: &Event| kept.lock().unwrap().push(e.clone()));
            let ctl = Control::default().with_events(both(recorder.observer(), keep));
            let h = HeuristicChoice::Manhattan;
            let o = solve_tiles(find(name).unwrap(), &puzzle, &h, &ctl).unwrap();
            let mut anatomist = Anatomist::with_truth(truth());
            for e in events.lock().unwrap().iter() {
                anatomist.record(e);
            }
            let a = anatomist.anatomy(&o);
            assert_eq!(a, recorder.anatomy(&o), "seed {seed}, {name}");
            assert_eq!(a.by_depth.iter().sum::<u64>(), o.stats.expanded, "{name}");
            if name == "idastar" {
                let generated: u64 = a.iterations.iter().map(|it| it.generated).sum();
                assert_eq!(generated, o.stats.generated, "seed {seed}");
            }
        }
    }
}

#[test]
fn bfs_has_no_heuristic_error_and_a_large_board_no_truth() {
    let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
    let truth = Truth::tiles(&puzzle.goal, &Control::default())
        .unwrap()
        .unwrap();
    let recorder = Arc::new(AnatomyRecorder::with_truth(truth));
    let h = HeuristicChoice::Manhattan;
    let o = solve_tiles(find("bfs").unwrap(), &puzzle, &h, &watched(&recorder)).unwrap();
    assert_eq!(o.status, Status::Solved);
    assert!(recorder.anatomy(&o).heuristic_error.is_empty(), "h = 0");
    // 4x4: no quick table, so no truth.
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    assert!(Truth::tiles(&goal, &Control::default()).is_none());
}

#[test]
fn klotski_heuristic_error_is_the_group_distance_minus_h() {
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
    for metric in [Metric::Moves, Metric::Steps] {
        let truth = Truth::klotski(&layout, metric, &Control::default()).unwrap();
        let recorder = Arc::new(AnatomyRecorder::with_truth(truth));
        let (log_observer, log) = expansions(StateWords::klotski(&layout));
        let ctl = Control::default().with_events(both(recorder.observer(), log_observer));
        let s = find("astar").unwrap();
        let o = solve_klotski(s, &layout, metric, &ctl).unwrap();
        assert_eq!(o.status, Status::Solved);
        let a = recorder.anatomy(&o);
        assert!(a.heuristic_error.keys().all(|&e| e >= 0), "{metric:?}");
        assert_eq!(a.heuristic_error.values().sum::<u64>(), o.stats.expanded);
        // A sample of the expansions, each looked up afresh: its text read
        // back as a layout, its distance in the group of the start.
        let (space, start) = KlotskiSpace::new(&layout, metric);
        let group = Group::build(&space, start, &Control::default()).unwrap();
        let log = log.lock().unwrap();
        let mut sample = BTreeMap::<i64, u64>::new();
        for (text, h) in log.iter().step_by(97) {
            let state = KlotskiSpace::new(&Layout::parse(text).unwrap(), metric).1;
            let d = group
                .distance_of(&state)
                .expect("in the group, reaching the exit");
            *sample.entry(i64::from(d) - i64::from(*h)).or_default() += 1;
        }
        assert!(sample.len() > 3, "{sample:?}");
        for (error, n) in &sample {
            assert!(
                a.heuristic_error.get(error).is_some_and(|m| m >= n),
                "{metric:?}: error {error} seen {n} times in the sample, {:?} in all",
                a.heuristic_error.get(error)
            );
        }
        // The start's error is the optimum minus h(start).
        let optimum = group.start_distance().unwrap();
        assert_eq!(o.path.len() as u32, optimum);
        let start_error = i64::from(optimum) - i64::from(a.start_h.unwrap());
        assert!(a.heuristic_error.contains_key(&start_error));
    }
}

/// `huarong solve … --anatomy --json`'s anatomy, with its own cache folder.
fn cli_anatomy(args: &[&str]) -> serde_json::Value {
    let cache = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_huarong"))
        .args(["solve", "--anatomy", "--json"])
        .args(args)
        .env("HUARONG_CACHE_DIR", cache.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let rec: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    rec["anatomy"].clone()
}

#[test]
fn the_cli_anatomy_has_the_heuristic_error_on_small_boards_and_klotski() {
    let errors = |a: &serde_json::Value| -> BTreeMap<i64, u64> {
        a["heuristic_error"]
            .as_object()
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.parse().unwrap(), v.as_u64().unwrap()))
                    .collect()
            })
            .unwrap_or_default()
    };
    // The same run in the library, for the expected histogram.
    let start = "8 6 7 2 5 4 3 0 1";
    let puzzle = TilePuzzle::parse(start, None, None).unwrap();
    let truth = Truth::tiles(&puzzle.goal, &Control::default())
        .unwrap()
        .unwrap();
    let recorder = Arc::new(AnatomyRecorder::with_truth(truth));
    let h = HeuristicChoice::Manhattan;
    let o = solve_tiles(find("astar").unwrap(), &puzzle, &h, &watched(&recorder)).unwrap();
    let cli = cli_anatomy(&["--state", start, "-s", "astar", "-H", "manhattan"]);
    assert_eq!(errors(&cli), recorder.anatomy(&o).heuristic_error);
    assert!(!errors(&cli).is_empty());
    let klotski = cli_anatomy(&["--layout", "1", "-s", "astar"]);
    assert!(!errors(&klotski).is_empty(), "{klotski}");
    // BFS has no heuristic; a 4x4 board no quick table: left out.
    assert!(
        cli_anatomy(&["--state", start, "-s", "bfs"])
            .get("heuristic_error")
            .is_none()
    );
    let four = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    assert!(
        cli_anatomy(&["--state", four, "-s", "astar"])
            .get("heuristic_error")
            .is_none()
    );
}

/// IDA*'s events name every legal move of each node expanded but the one
/// back: searched, cut off by the bound, or skipped by move pruning; the
/// skipped ones are not counted as generated.
#[test]
fn idastar_shows_every_move_of_a_node_including_the_skipped_ones() {
    let goal = Board::goal(shape3());
    let mut skipped_in_all = 0;
    for seed in 0..6 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        // Per depth: the state expanded there and its children's fates.
        #[derive(Default)]
        struct Log {
            open: Vec<(Vec<u8>, Vec<Fate>)>,
            closed: Vec<(u32, Vec<u8>, Vec<Fate>)>,
        }
        let log = Arc::new(Mutex::new(Log::default()));
        let sink = Arc::clone(&log);
        let recorder = Arc::new(AnatomyRecorder::default());
        let log_events: EventFn = Arc::new(move |e: &Event| {
            let mut l = sink.lock().unwrap();
            match e {
                Event::Expand { g, state, .. } => {
                    let g = *g as usize;
                    // Whatever was open at this depth or deeper is done.
                    while l.open.len() > g {
                        let (s, f) = l.open.pop().unwrap();
                        let d = l.open.len() as u32;
                        l.closed.push((d, s, f));
                    }
                    let cells = state.tiles(9).expect("a 3×3 board");
                    l.open.push((cells, Vec::new()));
                }
                Event::Generate { g, fate, .. } => {
                    let parent = *g as usize - 1;
                    while l.open.len() > parent + 1 {
                        let (s, f) = l.open.pop().unwrap();
                        let d = l.open.len() as u32;
                        l.closed.push((d, s, f));
                    }
                    l.open[parent].1.push(*fate);
                }
                _ => {}
            }
        });
        let ctl = Control::default().with_events(both(recorder.observer(), log_events));
        let o = solve_tiles(
            find("idastar").unwrap(),
            &puzzle,
            &HeuristicChoice::Manhattan,
            &ctl,
        )
        .unwrap();
        assert_eq!(o.status, Status::Solved);
        let log = log.lock().unwrap();
        let mut generated = 0u64;
        // The nodes whose children all came (the last path's are cut short
        // by the goal).
        for (depth, cells, fates) in &log.closed {
            let moves = neighbours(cells).len() - usize::from(*depth > 0);
            assert_eq!(fates.len(), moves, "{cells:?} at depth {depth}: {fates:?}");
            skipped_in_all += fates.iter().filter(|&&f| f == Fate::Skipped).count();
            generated += fates.iter().filter(|&&f| f != Fate::Skipped).count() as u64;
        }
        let still_open: u64 = log
            .open
            .iter()
            .map(|(_, f)| f.iter().filter(|&&f| f != Fate::Skipped).count() as u64)
            .sum();
        assert_eq!(generated + still_open, o.stats.generated, "seed {seed}");
        // The anatomy's iterations count them the same way.
        let skipped: usize = log
            .closed
            .iter()
            .map(|(_, _, f)| f)
            .chain(log.open.iter().map(|(_, f)| f))
            .map(|f| f.iter().filter(|&&f| f == Fate::Skipped).count())
            .sum();
        let a = recorder.anatomy(&o);
        let sum = |f: fn(&huarong_engine::observe::Iteration) -> u64| {
            a.iterations.iter().map(f).sum::<u64>()
        };
        assert_eq!(sum(|i| i.skipped), skipped as u64, "seed {seed}");
        assert_eq!(sum(|i| i.generated), o.stats.generated, "seed {seed}");
    }
    assert!(skipped_in_all > 0, "no move was skipped in six runs");
}

/// A watched run's Generate events (all but IDA*'s skipped moves) are its
/// `generated` count: what the inspector counts is what the status line
/// says. BFS and Klotski's IDA* stop at the goal, before the successors
/// after it.
#[test]
fn the_generate_events_are_the_generated_count() {
    let counted = |fates: &Mutex<Vec<Fate>>| {
        fates
            .lock()
            .unwrap()
            .iter()
            .filter(|&&f| f != Fate::Skipped)
            .count() as u64
    };
    let watch = || {
        let fates = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&fates);
        let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
            if let Event::Generate { fate, .. } = e {
                sink.lock().unwrap().push(*fate);
            }
        }));
        (ctl, fates)
    };
    let goal = Board::goal(shape3());
    for seed in 0..4 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        for name in ["bfs", "astar", "idastar"] {
            let (ctl, fates) = watch();
            let o = solve_tiles(
                find(name).unwrap(),
                &puzzle,
                &HeuristicChoice::Manhattan,
                &ctl,
            )
            .unwrap();
            assert_eq!(o.status, Status::Solved);
            assert_eq!(counted(&fates), o.stats.generated, "{name}, seed {seed}");
        }
    }
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
    for metric in [Metric::Moves, Metric::Steps] {
        for name in ["bfs", "astar", "idastar"] {
            let (ctl, fates) = watch();
            let o = solve_klotski(find(name).unwrap(), &layout, metric, &ctl).unwrap();
            assert_eq!(o.status, Status::Solved);
            assert_eq!(counted(&fates), o.stats.generated, "{name}, {metric:?}");
        }
    }
}

/// One event of a best-first run, kept with its state's text.
#[derive(Clone, Debug, PartialEq)]
enum Kept {
    Expand { g: u32, h: u32, state: String },
    Generate { g: u32, fate: Fate, state: String },
    Goal { g: u32 },
}

/// An observer keeping every expand, generate and goal event, states in
/// `words`.
fn keep(words: StateWords) -> (EventFn, Arc<Mutex<Vec<Kept>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&log);
    let observer: EventFn = Arc::new(move |e: &Event| {
        let kept = match e {
            Event::Expand { g, h, state } => Kept::Expand {
                g: *g,
                h: *h,
                state: words.text(state),
            },
            Event::Generate { g, fate, state, .. } => Kept::Generate {
                g: *g,
                fate: *fate,
                state: words.text(state),
            },
            Event::Goal { g } => Kept::Goal { g: *g },
            other => panic!("a best-first search reported {other:?}"),
        };
        sink.lock().unwrap().push(kept);
    });
    (observer, log)
}

/// What a best-first run's events say, replayed here: each child's fate
/// computed from the events before it (new if never seen; reached more
/// cheaply: reopened if expanded since it was last opened, improved if
/// still open; else a duplicate) and checked against the fate reported;
/// each expanded node generated before (or the start) at the cost it is
/// expanded with. Returns the fates counted and each state's parent.
struct Replay {
    fates: BTreeMap<String, u64>,
    parent: HashMap<String, String>,
    expanded: u64,
    generated: u64,
    goal: Option<u32>,
}

fn replay(events: &[Kept], start: &str) -> Replay {
    let mut best = HashMap::from([(start.to_string(), 0u32)]);
    let mut closed = std::collections::HashSet::new();
    let mut r = Replay {
        fates: BTreeMap::new(),
        parent: HashMap::new(),
        expanded: 0,
        generated: 0,
        goal: None,
    };
    let mut expanding: Option<(u32, String)> = None;
    for e in events {
        assert!(r.goal.is_none(), "an event after the goal: {e:?}");
        match e {
            Kept::Expand { g, state, .. } => {
                assert_eq!(best.get(state), Some(g), "{state} expanded at g {g}");
                assert!(
                    closed.insert(state.clone()),
                    "{state} expanded twice at once"
                );
                r.expanded += 1;
                expanding = Some((*g, state.clone()));
            }
            Kept::Generate { g, fate, state } => {
                let (pg, parent) = expanding.as_ref().expect("a child before any expansion");
                assert_eq!(*g, pg + 1, "{state}: one move below its parent");
                let expected = match best.get(state) {
                    None => Fate::New,
                    Some(&was) if *g < was && closed.contains(state) => Fate::Reopened,
                    Some(&was) if *g < was => Fate::Improved,
                    Some(_) => Fate::Duplicate,
                };
                assert_eq!(*fate, expected, "{state} at g {g}");
                if expected != Fate::Duplicate {
                    best.insert(state.clone(), *g);
                    closed.remove(state);
                    r.parent.insert(state.clone(), parent.clone());
                }
                *r.fates.entry(format!("{fate:?}")).or_default() += 1;
                r.generated += 1;
            }
            Kept::Goal { g } => r.goal = Some(*g),
        }
    }
    r
}

/// A watched run of `name` on `puzzle`: its events replay consistently,
/// there is one expand event per expansion and one generate event per
/// child generated, and the parents the events name lead from the goal
/// back to the start through the very states of the path returned.
fn check_best_first_events(name: &str, tuning: &strategy::Tuning, puzzle: &TilePuzzle) -> Replay {
    let s = strategy::configure(name, tuning).unwrap();
    let (observer, log) = keep(StateWords::tiles(puzzle.shape()));
    let h = HeuristicChoice::LinearConflict;
    let o = solve_tiles(&*s, puzzle, &h, &Control::default().with_events(observer)).unwrap();
    assert_eq!(o.status, Status::Solved);
    let events = log.lock().unwrap().clone();
    let start = puzzle.start.to_text();
    let r = replay(&events, &start);
    assert_eq!(r.expanded, o.stats.expanded, "{name}");
    assert_eq!(r.generated, o.stats.generated, "{name}");
    assert_eq!(r.goal, Some(o.path.len() as u32), "{name}");
    // The path's states, by replaying its moves here.
    let mut board = puzzle.start.clone();
    let mut states = vec![board.to_text()];
    for &d in &o.path {
        board.apply(d).expect("a legal move");
        states.push(board.to_text());
    }
    assert_eq!(board, puzzle.goal);
    // The same states, by the events' parent links from the goal back.
    let mut back = vec![states.last().unwrap().clone()];
    while let Some(p) = r.parent.get(back.last().unwrap()) {
        back.push(p.clone());
        assert!(back.len() <= states.len(), "{name}: the parents loop");
    }
    back.reverse();
    assert_eq!(back, states, "{name}: the goal's path by the events");
    // The start is expanded first.
    assert!(matches!(&events[0], Kept::Expand { g: 0, state, .. } if *state == start));
    r
}

#[test]
fn weighted_astar_reports_consistent_events() {
    let goal = Board::goal(shape3());
    let mut tally = BTreeMap::<String, u64>::new();
    for seed in 0..6 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        for w in [1.0, 1.2, 1.5, 3.0] {
            let tuning = strategy::Tuning {
                weight: Some(w),
                ..strategy::Tuning::default()
            };
            let r = check_best_first_events("weighted", &tuning, &puzzle);
            for (fate, n) in r.fates {
                *tally.entry(fate).or_default() += n;
            }
        }
        check_best_first_events("astar", &strategy::Tuning::default(), &puzzle);
    }
    // The runs met every fate a best-first search reports.
    for fate in ["New", "Duplicate", "Improved"] {
        assert!(tally.get(fate).is_some_and(|&n| n > 0), "{fate}: {tally:?}");
    }
    // 4×4 starts, where w = 1.2 and 2 search far less than A*.
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    for seed in 0..3 {
        let rng = &mut huarong_engine::rng::seeded(seed);
        let start = huarong_engine::tiles::shuffled(&goal, 40, rng).0;
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        for w in [1.2, 2.0] {
            let tuning = strategy::Tuning {
                weight: Some(w),
                ..strategy::Tuning::default()
            };
            check_best_first_events("weighted", &tuning, &puzzle);
        }
    }
}

/// Watching weighted A* changes no path and no count, on tile boards and
/// on Klotski (whose events also replay consistently).
#[test]
fn watching_weighted_astar_changes_nothing() {
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let weighted = strategy::configure(
        "weighted",
        &strategy::Tuning {
            weight: Some(1.5),
            ..strategy::Tuning::default()
        },
    )
    .unwrap();
    for seed in 0..4 {
        let rng = &mut huarong_engine::rng::seeded(seed);
        let start = huarong_engine::tiles::shuffled(&goal, 50, rng).0;
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        let h = HeuristicChoice::LinearConflict;
        let (observer, log) = keep(StateWords::tiles(puzzle.shape()));
        let a = solve_tiles(&*weighted, &puzzle, &h, &Control::default()).unwrap();
        let b = solve_tiles(
            &*weighted,
            &puzzle,
            &h,
            &Control::default().with_events(observer),
        )
        .unwrap();
        assert_eq!(a.status, Status::Solved);
        assert_eq!(a.path, b.path);
        assert_eq!(
            (a.stats.expanded, a.stats.generated, a.stats.peak_stored),
            (b.stats.expanded, b.stats.generated, b.stats.peak_stored)
        );
        assert!(log.lock().unwrap().len() as u64 > a.stats.expanded);
    }
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
    for metric in [Metric::Moves, Metric::Steps] {
        let (observer, log) = keep(StateWords::klotski(&layout));
        let a = solve_klotski(&*weighted, &layout, metric, &Control::default()).unwrap();
        let ctl = Control::default().with_events(observer);
        let b = solve_klotski(&*weighted, &layout, metric, &ctl).unwrap();
        assert_eq!(a.status, Status::Solved);
        assert_eq!(a.path, b.path);
        assert_eq!(
            (a.stats.expanded, a.stats.generated),
            (b.stats.expanded, b.stats.generated)
        );
        let events = log.lock().unwrap().clone();
        let Some(Kept::Expand {
            g: 0, state: start, ..
        }) = events.first()
        else {
            panic!("the start is expanded first: {:?}", events.first())
        };
        let r = replay(&events, start);
        assert_eq!(
            (r.expanded, r.generated),
            (b.stats.expanded, b.stats.generated)
        );
        assert_eq!(r.goal, Some(b.path.len() as u32));
    }
}

/// A tiny graph with an inconsistent (but admissible) estimate, built so
/// that A* meets both kinds of cheaper path:
///
/// ```text
///   S ─ A ─ Y ─ X ─ Z ─ G      h: S 0, A 0, Y 0, X 0, Z 1, G 0
///    ╲         ╱               h(B) = 3 (its true distance)
///      B ─────
/// ```
///
/// S is expanded (A f 1, B f 4), then A (Y f 2), Y (X f 3), X (Z f 5);
/// then B (f 4) reaches X with g 2 < 3 after X was expanded: reopened;
/// X again reaches Z with g 3 < 4 while Z is still open: improved, not
/// reopened; Z (f 4) then reaches the goal at g 4 = the shortest path.
struct Detour;

const NAMES: &[u8] = b"SABYXZG";

impl SearchSpace for Detour {
    type State = u8;
    type Move = u8;
    fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
        let to: &[u8] = match NAMES[*s as usize] {
            b'S' => b"AB",
            b'A' => b"Y",
            b'Y' => b"X",
            b'B' => b"X",
            b'X' => b"Z",
            b'Z' => b"G",
            _ => b"",
        };
        for &n in to {
            let i = NAMES.iter().position(|&c| c == n).unwrap() as u8;
            out.push((i, i));
        }
    }
    fn is_goal(&self, s: &u8) -> bool {
        NAMES[*s as usize] == b'G'
    }
    fn state_key(&self, s: &u8) -> StateKey {
        StateKey::Cells([*s].into())
    }
}

/// Detour's states by their names.
fn detour_words() -> StateWords {
    StateWords::new(|key, out| {
        if let StateKey::Cells(s) = key {
            out.extend(s.iter().map(|&i| NAMES[i as usize]));
        }
    })
}

fn detour_h(s: &u8) -> u32 {
    match NAMES[*s as usize] {
        b'B' => 3,
        b'Z' => 1,
        _ => 0,
    }
}

/// The shortest distance from every node of [`Detour`] to its goal, by a
/// test-side BFS backwards over its edges.
fn detour_distances() -> Vec<u32> {
    let n = NAMES.len() as u8;
    let edges: Vec<(u8, u8)> = (0..n)
        .flat_map(|s| {
            let mut out = Vec::new();
            Detour.successors(&s, &mut out);
            out.into_iter().map(move |(_, t)| (s, t))
        })
        .collect();
    let mut dist = vec![u32::MAX; n as usize];
    let goal = (0..n).find(|s| Detour.is_goal(s)).unwrap();
    dist[goal as usize] = 0;
    let mut queue = std::collections::VecDeque::from([goal]);
    while let Some(t) = queue.pop_front() {
        for &(s, _) in edges.iter().filter(|&&(_, to)| to == t) {
            if dist[s as usize] == u32::MAX {
                dist[s as usize] = dist[t as usize] + 1;
                queue.push_back(s);
            }
        }
    }
    dist
}

/// Defect: A* called every cheaper path a reopening, also to a node still
/// waiting on the open list. A reopening takes a node off the closed set;
/// a cheaper path to an open node only improves it there.
#[test]
fn a_cheaper_path_to_an_open_node_is_an_improvement_not_a_reopening() {
    // The estimate is admissible, and inconsistent at B.
    let dist = detour_distances();
    for s in 0..NAMES.len() as u8 {
        assert!(
            detour_h(&s) <= dist[s as usize],
            "{}",
            char::from(NAMES[s as usize])
        );
    }
    let b = 2u8;
    let x = 4u8;
    assert!(detour_h(&b) > 1 + detour_h(&x), "inconsistent at B");
    let (observer, log) = keep(detour_words());
    let ctl = Control::default().with_events(observer);
    let o = huarong_engine::search::astar(&Detour, 0, detour_h, &ctl);
    assert_eq!(o.status, Status::Solved);
    assert_eq!(o.path.len() as u32, dist[0], "A* stays optimal");
    let events = log.lock().unwrap().clone();
    let r = replay(&events, "S");
    assert_eq!(
        (r.expanded, r.generated),
        (o.stats.expanded, o.stats.generated)
    );
    // Every node once new; X reopened once (after its expansion), Z
    // improved once (before its expansion).
    let count = |fate: &str| r.fates.get(fate).copied().unwrap_or(0);
    assert_eq!(count("New"), NAMES.len() as u64 - 1, "{:?}", r.fates);
    assert_eq!(count("Reopened"), 1, "{:?}", r.fates);
    assert_eq!(count("Improved"), 1, "{:?}", r.fates);
    assert_eq!(count("Duplicate"), 0, "{:?}", r.fates);
    let fate_of = |name: &str, fate: Fate| {
        events.iter().any(
            |e| matches!(e, Kept::Generate { fate: f, state, .. } if *f == fate && state == name),
        )
    };
    assert!(fate_of("X", Fate::Reopened) && fate_of("Z", Fate::Improved));
    // Weighted A* with w = 1 is the same search, event for event.
    let (observer, same) = keep(detour_words());
    let ctl = Control::default().with_events(observer);
    let w = huarong_engine::search::weighted_astar(&Detour, 0, detour_h, 1.0, &ctl);
    assert_eq!(w.path, o.path);
    assert_eq!(*same.lock().unwrap(), events);
}

/// Manhattan distance is consistent: A* never reopens a node on the
/// 8-puzzle, whatever cheaper paths to open nodes it meets (the defect
/// called those reopenings).
#[test]
fn astar_with_a_consistent_heuristic_never_reopens() {
    let goal = Board::goal(shape3());
    let mut improved = 0;
    for seed in 0..8 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        let (observer, log) = keep(StateWords::tiles(puzzle.shape()));
        let ctl = Control::default().with_events(observer);
        let h = HeuristicChoice::Manhattan;
        let o = solve_tiles(find("astar").unwrap(), &puzzle, &h, &ctl).unwrap();
        let r = replay(&log.lock().unwrap(), &puzzle.start.to_text());
        assert_eq!(r.expanded, o.stats.expanded);
        assert_eq!(r.fates.get("Reopened"), None, "seed {seed}: {:?}", r.fates);
        improved += r.fates.get("Improved").copied().unwrap_or(0);
    }
    assert!(
        improved > 0,
        "no open node got a cheaper path in eight runs"
    );
}
