//! Benchmarks of the solver's hot paths through the public API.
//!
//! Run with `cargo bench -p huarong-engine --bench engine`. The searches run for milliseconds,
//! so they use 10 samples. The `inner_loops` group times the pieces the
//! searches repeat: a pattern-table build (a 5-tile pattern), IDA*'s
//! apply / undo with incremental heuristics, IDA* over the 6-6-3 database
//! (built once in the setup, under a second), and the fast strategy's row
//! by row placement on a 10×10.

#![allow(
    missing_docs,
    reason = "criterion_group! defines an undocumented public function"
)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use huarong_engine::rng::seeded;

use huarong_engine::tiles::heuristic::evaluate;
use huarong_engine::tiles::{check_solvable, shuffled};
use huarong_engine::{
    Board, Control, HeuristicChoice, Shape, Status, Strategy, TilePuzzle, solve_tiles, strategy,
};

/// One of the two 8-puzzle starts 31 moves from the goal.
const HARDEST_8: &str = "8 6 7 2 5 4 3 0 1";

/// A 15-puzzle start: 60 random moves from the goal with seed 1 (ChaCha8),
/// which IDA* with linear conflict solves in a few milliseconds.
fn fifteen_start() -> TilePuzzle {
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let (start, _) = shuffled(&goal, 60, &mut seeded(1));
    TilePuzzle::new(start, goal).unwrap()
}

/// The optimum of `p` by A* with linear conflict: a search independent of
/// the IDA* runs the benches time, which must agree with it.
fn optimum(p: &TilePuzzle) -> usize {
    let o = solve_tiles(
        find("astar"),
        p,
        &HeuristicChoice::LinearConflict,
        &Control::default(),
    )
    .unwrap();
    assert!(o.stats.optimal);
    o.path.len()
}

fn find(name: &str) -> &'static dyn Strategy {
    strategy::find(name).unwrap_or_else(|| panic!("no strategy {name}"))
}

/// Solve once outside the timing loop and check the answer, so a bench never
/// times a broken or changed search silently.
fn check(s: &dyn Strategy, p: &TilePuzzle, h: &HeuristicChoice, len: usize) {
    let o = solve_tiles(s, p, h, &Control::default()).unwrap();
    assert_eq!(o.status, Status::Solved, "{}", s.name());
    assert_eq!(o.path.len(), len, "{} on {}", s.name(), p.start.to_text());
    assert!(p.replays_to_goal(&o.path));
}

fn searches(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10).measurement_time(Duration::from_secs(3));

    let eight = TilePuzzle::parse(HARDEST_8, None, None).unwrap();
    let lc = HeuristicChoice::LinearConflict;

    let astar = find("astar");
    check(astar, &eight, &lc, 31);
    g.bench_function("astar_linear_conflict_8puzzle_31", |b| {
        b.iter(|| solve_tiles(astar, black_box(&eight), &lc, &Control::default()).unwrap())
    });

    // BFS from a 31-move start visits nearly all 181,440 reachable states.
    let bfs = find("bfs");
    check(bfs, &eight, &HeuristicChoice::Manhattan, 31);
    g.bench_function("bfs_8puzzle_full", |b| {
        b.iter(|| {
            solve_tiles(
                bfs,
                black_box(&eight),
                &HeuristicChoice::Manhattan,
                &Control::default(),
            )
            .unwrap()
        })
    });

    let fifteen = fifteen_start();
    let ida = find("idastar");
    let best = optimum(&fifteen);
    check(ida, &fifteen, &lc, best);
    g.bench_function("idastar_linear_conflict_15puzzle", |b| {
        b.iter(|| solve_tiles(ida, black_box(&fifteen), &lc, &Control::default()).unwrap())
    });

    // The best-first core under both keys: A* (f = g + h) and weighted A*
    // (g + 1.2·h), on the same 15-puzzle.
    g.bench_function("astar_linear_conflict_15puzzle", |b| {
        b.iter(|| solve_tiles(astar, black_box(&fifteen), &lc, &Control::default()).unwrap())
    });
    let weighted = find("weighted");
    let o = solve_tiles(weighted, &fifteen, &lc, &Control::default()).unwrap();
    assert_eq!(o.status, Status::Solved);
    assert!(fifteen.replays_to_goal(&o.path));
    assert!(o.path.len() >= best && o.path.len() as f64 <= 1.2 * best as f64);
    g.bench_function("weighted_1_2_linear_conflict_15puzzle", |b| {
        b.iter(|| solve_tiles(weighted, black_box(&fifteen), &lc, &Control::default()).unwrap())
    });

    g.finish();
}

fn heuristics(c: &mut Criterion) {
    let mut g = c.benchmark_group("heuristic_evaluate_4x4");
    let p = fifteen_start();
    let best = optimum(&p);
    for (name, choice) in [
        ("misplaced", HeuristicChoice::Misplaced),
        ("manhattan", HeuristicChoice::Manhattan),
        ("linear_conflict", HeuristicChoice::LinearConflict),
    ] {
        // Admissible: never above the optimum.
        let h = evaluate(&choice, &p.goal, &p.start);
        assert!(h > 0 && h as usize <= best, "{name}: {h} > {best}");
        g.bench_with_input(BenchmarkId::from_parameter(name), &choice, |b, choice| {
            b.iter(|| evaluate(choice, black_box(&p.goal), black_box(&p.start)))
        });
    }
    g.finish();
}

fn solvability(c: &mut Criterion) {
    let mut g = c.benchmark_group("check_solvable");
    let fifteen = fifteen_start();
    assert!(check_solvable(&fifteen.start, &fifteen.goal).is_ok());
    g.bench_function("4x4", |b| {
        b.iter(|| check_solvable(black_box(&fifteen.start), black_box(&fifteen.goal)))
    });

    let goal = Board::goal(Shape::new(10, 10).unwrap());
    let (start, _) = shuffled(&goal, 500, &mut seeded(7));
    assert!(check_solvable(&start, &goal).is_ok());
    g.bench_function("10x10", |b| {
        b.iter(|| check_solvable(black_box(&start), black_box(&goal)))
    });
    g.finish();
}

/// Klotski 横刀立马: BFS and BFS with mirror images merged in each metric
/// (116 steps, 81 moves) and a whole enumeration of its 25,955 states.
fn klotski(c: &mut Criterion) {
    use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
    use huarong_engine::solve_klotski;
    let mut g = c.benchmark_group("klotski");
    g.sample_size(20);
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    for name in ["bfs", "bfs-mirror"] {
        let strategy = find(name);
        for (metric, best) in [(Metric::Steps, 116), (Metric::Moves, 81)] {
            let o = solve_klotski(strategy, &layout, metric, &Control::default()).unwrap();
            assert_eq!(o.path.len(), best);
            let id = format!("{}_hengdao_lima_{}", name.replace('-', "_"), metric.name());
            g.bench_function(id, |b| {
                b.iter(|| solve_klotski(strategy, black_box(&layout), metric, &Control::default()))
            });
        }
    }
    let (space, start) = KlotskiSpace::new(&layout, Metric::Steps);
    assert_eq!(space.count_reachable(start), 25_955);
    g.bench_function("enumerate_hengdao_lima", |b| {
        b.iter(|| space.count_reachable(black_box(start)))
    });
    // A layout of two states (the fixed cost of a solve): the space
    // alone, and BFS on it (which finds no way out).
    let tiny = Layout::parse("BAAC/DAAE/FFGG/HIIJ/H..J").unwrap();
    let (space, start) = KlotskiSpace::new(&tiny, Metric::Moves);
    assert_eq!(space.count_reachable(start), 2);
    g.bench_function("space_two_states", |b| {
        b.iter(|| KlotskiSpace::new(black_box(&tiny), Metric::Moves))
    });
    // The control made once, as a caller solving many layouts makes it:
    // the search alone is timed.
    let ctl = Control::default();
    for metric in [Metric::Moves, Metric::Steps] {
        let o = solve_klotski(find("bfs"), &tiny, metric, &ctl).unwrap();
        assert_eq!(o.status, Status::Unsolvable);
        g.bench_function(format!("bfs_two_states_{}", metric.name()), |b| {
            b.iter(|| solve_klotski(find("bfs"), black_box(&tiny), metric, &ctl))
        });
    }
    g.finish();
}

/// The pieces the searches repeat (see the module docs).
fn inner_loops(c: &mut Criterion) {
    use huarong_engine::search::{DepthFirstSpace, ida_star};
    use huarong_engine::tiles::heuristic::{LinearConflict, Manhattan, TileHeuristic};
    use huarong_engine::tiles::pdb::{PatternDb, PdbHeuristic};
    use huarong_engine::tiles::prune::MovePruning;
    use huarong_engine::tiles::space::TileDfs;

    let mut g = c.benchmark_group("inner_loops");
    g.sample_size(10).measurement_time(Duration::from_secs(3));

    // The builder on a 5-tile pattern (524,160 placements).
    let korf_goal = Board::new(Shape::new(4, 4).unwrap(), (0..16).collect()).unwrap();
    let five = vec![vec![1u8, 2, 3, 4, 5]];
    let db = PatternDb::build(&korf_goal, &five, &|_| {});
    assert_eq!(PdbHeuristic::new(&db).estimate(korf_goal.cells()), 0);
    g.bench_function("pdb_build_5_tiles_4x4", |b| {
        b.iter(|| PatternDb::build(black_box(&korf_goal), &five, &|_| {}))
    });

    // 1,000 moves of a fixed random walk, each applied with the heuristic
    // updated and then undone: IDA*'s step.
    let fifteen = fifteen_start();
    let walk: Vec<huarong_engine::Dir> = {
        let mut board = fifteen.start.clone();
        let mut rng = seeded(5);
        let mut out = Vec::new();
        while out.len() < 1000 {
            use rand::seq::IndexedRandom;
            let moves: Vec<_> = board.legal_moves().collect();
            let d = *moves.choose(&mut rng).unwrap();
            board.apply(d);
            out.push(d);
        }
        out
    };
    fn apply_undo<H: TileHeuristic>(p: &TilePuzzle, h: &H, walk: &[huarong_engine::Dir]) -> u32 {
        let mut dfs = TileDfs::new(p, h);
        let mut sum = 0;
        for &d in walk {
            let undo = dfs.apply(d);
            sum += dfs.heuristic();
            dfs.undo(d, undo);
            dfs.apply(d);
        }
        sum
    }
    let man = Manhattan::new(&fifteen.goal);
    let lc = LinearConflict::new(&fifteen.goal);
    g.bench_function("apply_undo_1000_manhattan", |b| {
        b.iter(|| apply_undo(black_box(&fifteen), &man, &walk))
    });
    g.bench_function("apply_undo_1000_linear_conflict", |b| {
        b.iter(|| apply_undo(black_box(&fifteen), &lc, &walk))
    });
    let db663 = std::sync::Arc::new(PatternDb::build_663(&fifteen.goal, &|_| {}));
    let pdb = PdbHeuristic::new(&db663);
    g.bench_function("apply_undo_1000_pdb663", |b| {
        b.iter(|| apply_undo(black_box(&fifteen), &pdb, &walk))
    });

    let ida = find("idastar");
    let choice = HeuristicChoice::Pdb(db663.clone());
    check(ida, &fifteen, &choice, optimum(&fifteen));
    g.bench_function("idastar_pdb663_15puzzle", |b| {
        b.iter(|| solve_tiles(ida, black_box(&fifteen), &choice, &Control::default()).unwrap())
    });

    // The same search on one thread, with the shape's move-pruning
    // automaton and with parent pruning alone.
    let one_thread = Control::default().with_threads(1);
    let parent_only = std::sync::Arc::new(MovePruning::parent_only());
    g.bench_function("idastar_pdb663_15puzzle_1thread_move_pruning", |b| {
        b.iter(|| ida_star(&mut TileDfs::new(black_box(&fifteen), &pdb), &one_thread))
    });
    g.bench_function("idastar_pdb663_15puzzle_1thread_parent_pruning", |b| {
        b.iter(|| {
            let space = TileDfs::new(black_box(&fifteen), &pdb);
            ida_star(
                &mut space.with_pruning(std::sync::Arc::clone(&parent_only)),
                &one_thread,
            )
        })
    });

    // A uniformly random 10×10 by rows and columns.
    let goal10 = Board::goal(Shape::new(10, 10).unwrap());
    let start10 = huarong_engine::tiles::random_solvable(&goal10, &mut seeded(1));
    let ten = TilePuzzle::new(start10, goal10).unwrap();
    let fast = find("fast");
    let o = solve_tiles(fast, &ten, &HeuristicChoice::Manhattan, &Control::default()).unwrap();
    assert!(o.status == Status::Solved && ten.replays_to_goal(&o.path));
    g.bench_function("fast_random_10x10", |b| {
        b.iter(|| {
            solve_tiles(
                fast,
                black_box(&ten),
                &HeuristicChoice::Manhattan,
                &Control::default(),
            )
            .unwrap()
        })
    });
    g.finish();
}

/// Short warm-up and measurement: the microbenchmarks settle in well under
/// a second.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = searches, heuristics, solvability, klotski, inner_loops
}
criterion_main!(benches);
