//! The bounded-suboptimal strategy `weighted` (weighted A*): every path
//! replays to the goal and is at most w times the optimum found by an
//! independent search (BFS on 3×3, IDA* on 4×4 and Klotski by BFS); w = 1
//! gives the optimum and claims it; the registry offers it with its weight;
//! bad weights are refused by name; the CLI carries the bound. Also the
//! shorter `fast` paths: on Korf's instances they stay within 20 % of the
//! file's optima on average, and every path replays.

use huarong_engine::klotski::{Layout, Metric};
use huarong_engine::strategy::{self, Family, ParamKey, ParamKind, Strategy, Tuning};
use huarong_engine::tiles::{random_solvable, shuffled};
use huarong_engine::{
    Board, Control, Dir, HeuristicChoice, Outcome, Shape, Status, TilePuzzle, solve_klotski,
    solve_tiles,
};
use proptest::prelude::*;

use crate::cli::Sandbox;

fn weighted(w: f64) -> Box<dyn Strategy> {
    strategy::configure(
        "weighted",
        &Tuning {
            weight: Some(w),
            ..Tuning::default()
        },
    )
    .expect("a weight ≥ 1 is accepted")
}

/// The optimum by `name` (an exact search), with linear conflict.
fn optimum(p: &TilePuzzle, name: &str) -> usize {
    let s = strategy::find(name).unwrap();
    let o = solve_tiles(s, p, &HeuristicChoice::LinearConflict, &Control::default()).unwrap();
    assert_eq!(o.status, Status::Solved, "{name}");
    o.path.len()
}

/// Solve with weight `w`: solved, the path replays to the goal, and the
/// outcome carries the bound (optimal only for w = 1).
fn solve(p: &TilePuzzle, w: f64) -> Outcome<Dir> {
    let o = solve_tiles(
        &*weighted(w),
        p,
        &HeuristicChoice::LinearConflict,
        &Control::default(),
    )
    .unwrap();
    assert_eq!(o.status, Status::Solved, "w = {w}\n{}", p.start);
    assert!(p.replays_to_goal(&o.path), "w = {w}\n{}", p.start);
    assert_eq!(o.stats.within, Some(w));
    assert_eq!(o.stats.optimal, w == 1.0, "w = {w}");
    o
}

/// Every weight offered from 1 to 3 keeps its bound against `optimum`, and
/// w = 1 meets it.
fn check_bounds(p: &TilePuzzle, optimum: usize) {
    for w in [1.0, 1.1, 1.2, 1.5, 2.0, 3.0] {
        let len = solve(p, w).path.len();
        assert!(len >= optimum, "w = {w}: {len} below the optimum {optimum}");
        assert!(
            len as f64 <= w * optimum as f64,
            "w = {w}: {len} > {w} × {optimum}\n{}",
            p.start
        );
        if w == 1.0 {
            assert_eq!(len, optimum, "w = 1 is A*");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Uniformly random 3×3 starts with random goals: against BFS.
    #[test]
    fn weighted_paths_keep_their_bound_on_random_3x3(seed in any::<u64>()) {
        let mut rng = huarong_engine::rng::seeded(seed);
        let goal = random_solvable(&Board::goal(Shape::new(3, 3).unwrap()), &mut rng);
        let p = TilePuzzle::new(random_solvable(&goal, &mut rng), goal).unwrap();
        check_bounds(&p, optimum(&p, "bfs"));
    }

    /// 4×4 starts 20–50 random moves from the goal: against IDA*.
    #[test]
    fn weighted_paths_keep_their_bound_on_4x4(seed in any::<u64>(), moves in 20usize..50) {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let (start, _) = shuffled(&goal, moves, &mut huarong_engine::rng::seeded(seed));
        let p = TilePuzzle::new(start, goal).unwrap();
        check_bounds(&p, optimum(&p, "idastar"));
    }
}

#[test]
fn the_hardest_8_puzzles_keep_their_bound() {
    for start in ["8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"] {
        check_bounds(&TilePuzzle::parse(start, None, None).unwrap(), 31);
    }
}

/// On boards past 4×4 a row-by-row path within w × the estimate is taken
/// as it is: it still keeps the bound (checked against IDA* on a 5×5 a few
/// moves from the goal, and replayed on a random 8×8).
#[test]
fn large_boards_keep_their_bound() {
    let goal = Board::goal(Shape::new(5, 5).unwrap());
    let (start, _) = shuffled(&goal, 24, &mut huarong_engine::rng::seeded(3));
    let p = TilePuzzle::new(start, goal).unwrap();
    let best = optimum(&p, "idastar");
    for w in [1.0, 1.5, 3.0, 10.0] {
        let len = solve(&p, w).path.len();
        assert!(
            len >= best && len as f64 <= w * best as f64,
            "w = {w}: {len} vs {best}"
        );
    }
    let goal = Board::goal(Shape::new(8, 8).unwrap());
    let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(8));
    solve(&TilePuzzle::new(start, goal).unwrap(), 4.0);
}

/// Klotski, counted in steps: against BFS on 横刀立马 (116 steps).
#[test]
fn klotski_paths_keep_their_bound() {
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    let bfs = strategy::find("bfs").unwrap();
    let best = solve_klotski(bfs, &layout, Metric::Steps, &Control::default())
        .unwrap()
        .path
        .len();
    for w in [1.0, 1.2, 2.0] {
        let o = solve_klotski(&*weighted(w), &layout, Metric::Steps, &Control::default()).unwrap();
        assert_eq!(o.status, Status::Solved);
        let len = o.path.len();
        assert!(
            len >= best && len as f64 <= w * best as f64,
            "w = {w}: {len} vs {best}"
        );
        assert_eq!((o.stats.within, o.stats.optimal), (Some(w), w == 1.0));
        if w == 1.0 {
            assert_eq!(len, best);
        }
    }
}

/// A run that did not solve claims no bound.
#[test]
fn a_stopped_run_claims_no_bound() {
    let p = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
    let ctl = Control::default().with_limits(huarong_engine::Limits {
        max_nodes: Some(5),
        ..Default::default()
    });
    let o = solve_tiles(&*weighted(1.2), &p, &HeuristicChoice::LinearConflict, &ctl).unwrap();
    assert!(matches!(o.status, Status::Limit(_)), "{:?}", o.status);
    assert_eq!((o.stats.within, o.stats.optimal), (None, false));
    assert!(o.path.is_empty());
}

#[test]
fn the_registry_offers_weighted_with_its_weight() {
    let s = strategy::find("weighted").expect("weighted is registered");
    assert!(!s.is_optimal() && s.uses_heuristic());
    assert_eq!(s.within(), Some(1.2));
    for family in Family::ALL {
        assert!(strategy::for_family(family).any(|s| s.name() == "weighted"));
    }
    let [p] = s.params() else {
        panic!("one knob: {:?}", s.params())
    };
    assert_eq!(
        (p.key, p.key.flag(), p.default),
        (ParamKey::Weight, "weight", 1.2)
    );
    assert!(matches!(p.kind, ParamKind::Real { min, .. } if min == 1.0));
    assert!(p.offers(1.0) && p.offers(2.5) && !p.offers(0.9));
}

#[test]
fn bad_weights_are_refused_by_name() {
    for bad in [0.5, 0.0, -2.0, f64::NAN, f64::INFINITY] {
        let t = Tuning {
            weight: Some(bad),
            ..Tuning::default()
        };
        let err = strategy::configure("weighted", &t).err().expect("refused");
        assert!(err.to_string().contains("--weight must be"), "{bad}: {err}");
    }
    let sb = Sandbox::new("weighted-bad");
    let solve = |w: &str| {
        sb.run(&[
            "solve",
            "--state",
            "1 2 3 4 5 6 0 7 8",
            "--strategy",
            "weighted",
            "--weight",
            w,
        ])
    };
    solve("0.5").input_error(&["--weight must be a number from 1", "0.5"]);
    solve("nan").input_error(&["--weight must be a number from 1", "NaN"]);
    solve("heavy").input_error(&["--weight", "heavy"]);
}

#[test]
fn the_cli_carries_the_bound() {
    let sb = Sandbox::new("weighted-json");
    let start = "8 6 7 2 5 4 3 0 1";
    let json = |extra: &[&str]| {
        let mut args = vec![
            "solve",
            "--state",
            start,
            "--strategy",
            "weighted",
            "--json",
        ];
        args.extend_from_slice(extra);
        sb.run(&args).json_line()
    };
    let rec = json(&[]);
    assert_eq!(rec["bound"], 1.2, "{rec}");
    assert_eq!(rec["optimal"], false, "{rec}");
    let len = rec["length"].as_u64().unwrap();
    assert!((31..=37).contains(&len), "{rec}");
    let rec = json(&["--weight", "1"]);
    assert_eq!(
        (rec["bound"].as_f64(), rec["optimal"].as_bool()),
        (Some(1.0), Some(true))
    );
    assert_eq!(rec["length"], 31);
    // Exact searches carry no bound.
    let exact = sb
        .run(&["solve", "--state", start, "--strategy", "astar", "--json"])
        .json_line();
    assert!(exact.get("bound").is_none(), "{exact}");
    // The readable report says it.
    let run = sb.run(&[
        "solve",
        "--state",
        start,
        "--strategy",
        "weighted",
        "--weight",
        "1.5",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("(≤ 1.5 × optimal)"), "{}", run.stdout);
    // bench checks each length against w × the file's optimum.
    let file = sb.file("hard.txt", "8 6 7 2 5 4 3 0 1 31\n6 4 7 8 5 0 3 2 1 31\n");
    let run = sb.run(&[
        "bench",
        "--file",
        file.to_str().unwrap(),
        "--strategy",
        "weighted",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains("every length within 1.2 × its optimum"),
        "{}",
        run.stdout
    );
}

/// Korf's first ten instances with their optima from the bench file: the
/// `fast` paths replay and are on average within 20 % of the optimum
/// (they were 50 % over before the whole-board search and the windows).
#[test]
fn fast_paths_on_korf_instances_are_within_a_fifth_of_the_optimum() {
    let text = include_str!("../../bench/korf100.txt");
    let goal = Board::parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", None).unwrap();
    let fast = strategy::find("fast").unwrap();
    let (mut found, mut best) = (0usize, 0usize);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(10)
    {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let start = Board::parse(&tokens[..16].join(" "), None).unwrap();
        let optimum: usize = tokens[16].parse().unwrap();
        let p = TilePuzzle::new(start, goal.clone()).unwrap();
        let o = solve_tiles(fast, &p, &HeuristicChoice::Manhattan, &Control::default()).unwrap();
        assert_eq!(o.status, Status::Solved);
        assert!(p.replays_to_goal(&o.path));
        assert!(o.path.len() >= optimum, "{line}: {}", o.path.len());
        found += o.path.len();
        best += optimum;
    }
    assert!(
        found as f64 <= 1.2 * best as f64,
        "{found} moves against {best} optimal"
    );
}

/// Past 4×4 the weighted strategy's search is `proven_within` (a capped
/// weighted IDA* and plain IDA* taking turns): watched, it reports IDA*'s
/// events, one expand event per expansion and one generate event per
/// child generated, an iteration start for every turn, and the goal at
/// the path's length; and watching changes neither its path nor its
/// counts.
#[test]
fn the_proven_search_reports_ida_events_and_watching_changes_nothing() {
    use huarong_engine::observe::{Event, Fate};
    use huarong_engine::search::proven_within;
    use huarong_engine::tiles::heuristic::LinearConflict;
    use huarong_engine::tiles::space::TileDfs;
    use std::sync::{Arc, Mutex};

    #[derive(Default, Debug)]
    struct Counts {
        expand: u64,
        generate: u64,
        iterations: u64,
        goal: Option<u32>,
    }
    let goal = Board::goal(Shape::new(5, 5).unwrap());
    for seed in 0..3 {
        let (start, _) = shuffled(&goal, 40, &mut huarong_engine::rng::seeded(seed));
        let p = TilePuzzle::new(start, goal.clone()).unwrap();
        let lc = LinearConflict::new(&p.goal);
        let one = Control::default().with_threads(1);
        let plain = proven_within(&mut TileDfs::new(&p, &lc), 1.2, &one);
        let counts = Arc::new(Mutex::new(Counts::default()));
        let sink = Arc::clone(&counts);
        let watched = one.clone().with_events(Arc::new(move |e: &Event| {
            let mut c = sink.lock().unwrap();
            match e {
                Event::Expand { .. } => c.expand += 1,
                Event::Generate { fate, .. } if *fate != Fate::Skipped => c.generate += 1,
                Event::IterationStart { .. } => c.iterations += 1,
                Event::Goal { g } => c.goal = Some(*g),
                _ => {}
            }
        }));
        let seen = proven_within(&mut TileDfs::new(&p, &lc), 1.2, &watched);
        assert_eq!(plain.status, Status::Solved);
        assert!(p.replays_to_goal(&plain.path));
        assert_eq!(plain.path, seen.path, "seed {seed}");
        assert_eq!(
            (plain.stats.expanded, plain.stats.generated),
            (seen.stats.expanded, seen.stats.generated),
            "seed {seed}"
        );
        let c = counts.lock().unwrap();
        assert_eq!(c.expand, seen.stats.expanded, "seed {seed}");
        assert_eq!(c.generate, seen.stats.generated, "seed {seed}");
        assert_eq!(c.goal, Some(seen.path.len() as u32), "seed {seed}");
        assert!(c.iterations >= 1, "{c:?}");
    }
}

/// `huarong solve -s weighted --trace FILE` writes weighted A*'s events:
/// one expand line per expansion, one generate line per child, the goal
/// at the path's length, then the end line; and `--anatomy`, which
/// describes the exact searches only, is still refused.
#[test]
fn the_cli_traces_weighted_astar() {
    let sb = Sandbox::new("weighted-trace");
    // A file in the sandbox's folder, which the trace replaces.
    let path = sb.file("events.jsonl", "");
    let trace = path.to_str().unwrap();
    let start = "8 6 7 2 5 4 3 0 1";
    let rec = sb
        .run(&[
            "solve", "--state", start, "-s", "weighted", "--trace", trace, "--json",
        ])
        .json_line();
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let count = |name: &str| lines.iter().filter(|l| l["event"] == name).count() as u64;
    assert_eq!(lines[0]["event"], "expand");
    assert_eq!(lines[0]["state"], start);
    assert_eq!(count("expand"), rec["expanded"].as_u64().unwrap(), "{rec}");
    assert_eq!(
        count("generate"),
        rec["generated"].as_u64().unwrap(),
        "{rec}"
    );
    let n = lines.len();
    assert_eq!(lines[n - 2]["event"], "goal");
    assert_eq!(lines[n - 2]["g"], rec["length"]);
    assert_eq!(lines[n - 1]["event"], "end");
    sb.run(&["solve", "--state", start, "-s", "weighted", "--anatomy"])
        .input_error(&["--anatomy describes the exact searches"]);
}

/// A run is what its label says: weighted A* searches with the heuristic
/// chosen (it once put linear conflict in place of any other, so all three
/// runs expanded the same nodes under three labels). Each run expands what
/// A* ordered by g + w·h with that heuristic expands: the generic search
/// run here on the engine's tile space, guided by the heuristic evaluated
/// afresh on each board.
#[test]
fn weighted_astar_searches_with_the_heuristic_chosen() {
    use huarong_engine::search::weighted_astar;
    use huarong_engine::tiles::heuristic::evaluate;
    use huarong_engine::tiles::packed::PackedBoard;
    use huarong_engine::tiles::space::TileSpace;
    let p = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
    let mut counts = Vec::new();
    for h in [
        HeuristicChoice::Misplaced,
        HeuristicChoice::Manhattan,
        HeuristicChoice::LinearConflict,
    ] {
        let o = solve_tiles(&*weighted(1.2), &p, &h, &Control::default()).unwrap();
        assert_eq!(o.status, Status::Solved);
        let (space, start) = TileSpace::<u64>::new(&p);
        let board = |s: &u64| {
            let mut cells = [0u8; 9];
            s.unpack(&mut cells);
            huarong_engine::Board::new(p.shape(), cells.to_vec()).unwrap()
        };
        let by_hand = weighted_astar(
            &space,
            start,
            |s| evaluate(&h, &p.goal, &board(s)),
            1.2,
            &Control::default(),
        );
        assert_eq!(o.stats.expanded, by_hand.stats.expanded, "{}", h.describe());
        counts.push(o.stats.expanded);
    }
    counts.dedup();
    assert_eq!(
        counts.len(),
        3,
        "three heuristics, three searches: {counts:?}"
    );
}
