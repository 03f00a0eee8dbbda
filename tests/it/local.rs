//! Simulated annealing, tabu search and greedy: determinism per seed, every
//! returned path replays to the goal, loop erasure, traces, failures
//! reported as failures, parameter validation.

use std::sync::{Arc, Mutex};

use huarong_engine::klotski::space::unit_steps;
use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
use huarong_engine::search::{SearchSpace, erase_loops};
use huarong_engine::strategy::{self, Tuning, configure};
use huarong_engine::tiles::random_solvable;
use huarong_engine::{
    Board, Control, HeuristicChoice, Shape, Status, TilePuzzle, TracePoint, solve_klotski,
    solve_tiles,
};
use proptest::prelude::*;

const LOCAL: [&str; 3] = ["annealing", "tabu", "greedy"];

fn eight(seed: u64) -> TilePuzzle {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
    TilePuzzle::new(start, goal).unwrap()
}

fn tuned(name: &str, seed: u64) -> Box<dyn huarong_engine::Strategy> {
    configure(
        name,
        &Tuning {
            seed: Some(seed),
            ..Tuning::default()
        },
    )
    .unwrap()
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_may_not() {
    for name in LOCAL {
        let p = eight(11);
        let run = |seed| {
            solve_tiles(
                &*tuned(name, seed),
                &p,
                &HeuristicChoice::Manhattan,
                &Control::default(),
            )
            .unwrap()
        };
        let (a, b) = (run(5), run(5));
        assert_eq!(a.status, b.status, "{name}");
        assert_eq!(a.path, b.path, "{name}");
        assert_eq!(a.stats.expanded, b.stats.expanded, "{name}");
        assert_eq!(a.stats.walk_length, b.stats.walk_length, "{name}");
    }
    // Annealing is a random walk: different seeds walk differently.
    let p = eight(12);
    let walks: std::collections::HashSet<_> = (1..=4)
        .map(|seed| {
            solve_tiles(
                &*tuned("annealing", seed),
                &p,
                &HeuristicChoice::Manhattan,
                &Control::default(),
            )
            .unwrap()
            .stats
            .walk_length
        })
        .collect();
    assert!(walks.len() > 1, "four seeds gave one walk: {walks:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Solved paths replay to the goal, are no shorter than the optimum and
    /// no longer than the raw walk.
    #[test]
    fn solved_paths_replay_and_are_loop_free(seed in any::<u64>()) {
        let p = eight(seed);
        let best = solve_tiles(strategy::find("astar").unwrap(), &p, &HeuristicChoice::LinearConflict, &Control::default()).unwrap().path.len();
        for name in LOCAL {
            let o = solve_tiles(&*tuned(name, seed), &p, &HeuristicChoice::Manhattan, &Control::default()).unwrap();
            prop_assert!(!o.stats.optimal);
            match o.status {
                Status::Solved => {
                    prop_assert!(p.replays_to_goal(&o.path), "{}", name);
                    prop_assert!(o.path.len() >= best);
                    prop_assert!(o.stats.walk_length.unwrap() >= o.path.len() as u64);
                    // Loop-free: no board is visited twice.
                    let mut b = p.start.clone();
                    let mut seen = std::collections::HashSet::from([b.clone()]);
                    for &d in &o.path {
                        b.apply(d);
                        prop_assert!(seen.insert(b.clone()), "{} revisits a board", name);
                    }
                }
                Status::NotFound => {
                    prop_assert!(o.path.is_empty());
                    prop_assert!(o.reason.unwrap().contains("best energy"));
                }
                other => prop_assert!(false, "{}: {:?}", name, other),
            }
        }
    }

    /// Erasing the loops of any walk leaves a loop-free path to the same end.
    #[test]
    fn loop_erasure_keeps_the_end_and_drops_every_revisit(walk in proptest::collection::vec(0u8..6, 0..60)) {
        let steps: Vec<(usize, u8)> = walk.iter().copied().enumerate().collect();
        let path = erase_loops(0u8, &steps.iter().map(|&(i, s)| (i, s)).collect::<Vec<_>>());
        let end = path.last().map_or(0, |&i| steps[i].1);
        prop_assert_eq!(end, walk.last().copied().unwrap_or(0));
        let mut seen = std::collections::HashSet::from([0u8]);
        for &i in &path {
            prop_assert!(seen.insert(steps[i].1));
        }
    }
}

#[test]
fn annealing_and_tabu_solve_every_classic_klotski_layout() {
    for name in ["annealing", "tabu"] {
        let s = strategy::find(name).unwrap();
        let mut solved = 0;
        for c in huarong::storage::layouts::classics() {
            let layout = c.parse();
            let o = solve_klotski(s, &layout, Metric::Moves, &Control::default()).unwrap();
            if o.status == Status::Solved {
                solved += 1;
                let steps = unit_steps(&layout, &o.path).expect("the path replays legally");
                let mut l = layout.clone();
                for (letter, d) in steps {
                    let i = l.pieces.iter().position(|p| p.letter == letter).unwrap();
                    assert!(l.step(i, d));
                }
                assert!(l.is_solved(), "{name} on {}", c.name);
                assert!(
                    o.path.len() >= c.moves,
                    "{name} beat the optimum on {}",
                    c.name
                );
            }
        }
        if name == "tabu" {
            assert_eq!(
                solved,
                huarong::storage::layouts::classics().len(),
                "tabu solves them all"
            );
        } else {
            assert!(solved > 0, "annealing solved none");
        }
    }
}

#[test]
fn greedy_stops_at_a_local_minimum_and_says_so() {
    // 横刀立马: Cao Cao cannot come closer in one move, so greedy is stuck at once.
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    let o = solve_klotski(
        strategy::find("greedy").unwrap(),
        &layout,
        Metric::Steps,
        &Control::default(),
    )
    .unwrap();
    assert_eq!(o.status, Status::NotFound);
    assert!(o.path.is_empty());
    let (space, start) = KlotskiSpace::new(&layout, Metric::Steps);
    let reason = o.reason.unwrap();
    assert!(
        reason.contains(&format!("best energy reached {}", space.energy(&start))),
        "{reason}"
    );
    assert!(!space.is_goal(&start));
}

#[test]
fn traces_stream_temperature_energy_and_acceptance() {
    let points: Arc<Mutex<Vec<TracePoint>>> = Arc::default();
    let sink = points.clone();
    let ctl = Control::default().with_trace(move |p| sink.lock().unwrap().push(*p));
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(2));
    let p = TilePuzzle::new(start, goal).unwrap();
    let s = configure(
        "annealing",
        &Tuning {
            window: Some(100),
            ..Tuning::default()
        },
    )
    .unwrap();
    let o = solve_tiles(&*s, &p, &HeuristicChoice::LinearConflict, &ctl).unwrap();
    let points = points.lock().unwrap();
    assert!(!points.is_empty(), "{:?}", o.status);
    assert!(points.windows(2).all(|w| w[0].iteration < w[1].iteration));
    // The start comes first, before any move was proposed.
    assert_eq!(points[0].iteration, 0);
    assert_eq!(points[0].acceptance, None);
    for pt in points.iter() {
        assert!(pt.temperature.unwrap() > 0.0);
        assert!(pt.best <= pt.current);
    }
    for pt in &points[1..] {
        let a = pt.acceptance.unwrap();
        assert!((0.0..=1.0).contains(&a));
    }
}

#[test]
fn bad_parameters_are_refused_with_their_name() {
    let cases: [(&str, Tuning, &str); 8] = [
        (
            "annealing",
            Tuning {
                alpha: Some(1.0),
                ..Tuning::default()
            },
            "--alpha must be between 0 and 1",
        ),
        (
            "annealing",
            Tuning {
                alpha: Some(0.0),
                ..Tuning::default()
            },
            "--alpha",
        ),
        (
            "annealing",
            Tuning {
                alpha: Some(f64::NAN),
                ..Tuning::default()
            },
            "--alpha",
        ),
        (
            "annealing",
            Tuning {
                t0: Some(0.0),
                ..Tuning::default()
            },
            "--t0 must be a positive temperature",
        ),
        (
            "annealing",
            Tuning {
                t0: Some(-3.0),
                ..Tuning::default()
            },
            "not -3",
        ),
        (
            "tabu",
            Tuning {
                tenure: Some(0),
                ..Tuning::default()
            },
            "--tenure must be at least 1",
        ),
        (
            "annealing",
            Tuning {
                window: Some(0),
                ..Tuning::default()
            },
            "--window",
        ),
        (
            "greedy",
            Tuning {
                max_iters: Some(0),
                ..Tuning::default()
            },
            "--max-iters",
        ),
    ];
    for (name, t, words) in cases {
        let err = configure(name, &t).err().expect("refused").to_string();
        assert!(err.contains(words), "{err} should say {words}");
    }
}

#[test]
fn a_huge_knob_value_is_quoted_short_by_the_engine_itself() {
    // The app shows the engine's own words, so they must be short there
    // too, not only on the CLI's line.
    for (name, tuning, shown) in [
        (
            "weighted",
            Tuning {
                weight: Some(1e308),
                ..Tuning::default()
            },
            "1e308",
        ),
        (
            "annealing",
            Tuning {
                t0: Some(-1e308),
                ..Tuning::default()
            },
            "-1e308",
        ),
        (
            "annealing",
            Tuning {
                alpha: Some(-1e308),
                ..Tuning::default()
            },
            "-1e308",
        ),
    ] {
        let err = configure(name, &tuning).err().expect("refused").to_string();
        assert!(err.contains(&format!("not {shown}")), "{err}");
        assert!(err.chars().count() < 100, "{err}");
    }
}
