//! Advice before a run that may take very long, and the lower bound a
//! stopped run proved (egui_kittest, as a learner meets them): a random
//! 5×5 with IDA* is held back with an offer of Fast or Weighted A*; a run
//! stopped by its limit says how long every solution must at least be.

use egui_kittest::kittest::Queryable;

use crate::app::HuarongApp;
use crate::app::settings::Settings;
use crate::app::tests::{board, harness_with, optimum, set_board, wait_while};
use crate::engine::{Board, HeuristicKind, Shape, TilePuzzle};

fn settings(strategy: &str) -> Settings {
    Settings {
        strategy: strategy.into(),
        heuristic: HeuristicKind::LinearConflict,
        animate: false,
        rows: 5,
        cols: 5,
        ..Settings::default()
    }
}

/// The Manhattan distance of `b`, counted here (row and column gaps).
fn manhattan(b: &Board) -> u32 {
    let cols = b.shape().cols as i32;
    b.cells()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(at, &t)| {
            let (at, home) = (at as i32, t as i32 - 1);
            ((at / cols - home / cols).abs() + (at % cols - home % cols).abs()) as u32
        })
        .sum()
}

/// `moves` replayed from `start`.
fn replay(start: &Board, moves: &[crate::engine::Dir]) -> Board {
    let mut b = start.clone();
    b.apply_path(moves).expect("a legal path");
    b
}

#[test]
fn a_random_five_by_five_with_ida_star_is_held_back_and_fast_solves_it() {
    let mut h = harness_with(settings("idastar"));
    h.get_by_label("Randomize").click();
    h.run();
    let start = h.state().tiles().game.board.clone();
    assert_eq!(start.shape(), Shape::new(5, 5).unwrap());
    h.get_by_label("Solve").click();
    h.run_ok();
    assert!(!h.state().is_solving(), "held back");
    h.get_by_label("IDA* may take very long on this start");
    let at_least = manhattan(&start);
    h.get_by_label_contains(&format!("Every solution takes at least {at_least} moves"));
    // Beyond 4×4 weighted A* can take hours too: Fast alone is offered.
    assert!(h.query_by_label("Use Weighted A*").is_none());
    h.get_by_label("Use Fast (row by row)").click();
    h.run_ok();
    assert_eq!(h.state().settings().strategy, "fast");
    wait_while(&mut h, HuarongApp::is_solving, 120, "fast");
    let sol = h.state().tiles().solution().expect("fast solves it");
    assert_eq!(sol.boards[0], start);
    assert_eq!(
        replay(&start, &sol.outcome.path),
        Board::goal(start.shape())
    );
    assert!(
        h.query_by_label("IDA* may take very long on this start")
            .is_none()
    );
}

#[test]
fn solve_anyway_runs_the_search_and_small_boards_get_no_advice() {
    let mut h = harness_with(settings("idastar"));
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("Solve").click();
    h.run_ok();
    h.get_by_label("Solve anyway").click();
    h.run_ok();
    assert!(h.state().is_solving());
    assert_eq!(h.state().settings().strategy, "idastar");
    h.get_by_label("Cancel").click();
    wait_while(&mut h, HuarongApp::is_solving, 10, "cancel");

    let mut h = harness_with(Settings {
        rows: 3,
        cols: 3,
        ..settings("idastar")
    });
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Solve").click();
    h.run_ok();
    assert!(h.query_by_label_contains("may take very long").is_none());
    wait_while(&mut h, HuarongApp::is_solving, 60, "idastar");
    assert_eq!(h.state().tiles().solution().unwrap().len(), 31);
}

#[test]
fn a_run_stopped_by_its_limit_says_how_long_every_solution_is_at_least() {
    const START: &str = "8 6 7 2 5 4 3 0 1";
    let start = board(START);
    let shortest = optimum(&start);
    for name in ["astar", "idastar", "bfs"] {
        let mut h = harness_with(Settings {
            rows: 3,
            cols: 3,
            limit_nodes: true,
            max_knodes: 1,
            heuristic: HeuristicKind::Manhattan,
            ..settings(name)
        });
        set_board(&mut h, START);
        h.get_by_label("Solve").click();
        h.run_ok();
        wait_while(&mut h, HuarongApp::is_solving, 60, name);
        let status = h.state().status();
        let (_, rest) = status
            .split_once("every solution takes at least ")
            .unwrap_or_else(|| panic!("{name}: {status}"));
        let n: u32 = rest.split(' ').next().unwrap().parse().unwrap();
        assert!(n <= shortest, "{name}: {n} > {shortest}");
        if name != "bfs" {
            assert!(n >= manhattan(&start), "{name}: {n} below its own estimate");
        }
        h.get_by_label_contains(&format!("every solution takes at least {n} moves"));
        // The Steps panel says it too.
        h.get_by_label_contains(&format!(
            "Every solution takes at least {n} moves (proven by this search before it stopped)."
        ));
        let zh = h.state().status_in(crate::app::i18n::Lang::Chinese);
        assert!(
            zh.contains(&format!("本次搜索停止前已证明：任何解都至少要 {n} 步")),
            "{zh}"
        );
    }
}

/// Issue 43 item 9: with the start's exact distance on screen ("31 moves
/// from the goal (exact)"), a run stopped by its limit does not give the
/// weaker bound it proved as news, in the status or the Steps panel; each
/// bound says which it is (the exact, or what this search proved).
#[test]
fn a_stopped_run_gives_no_weaker_bound_than_the_exact_distance_shown() {
    const START: &str = "8 6 7 2 5 4 3 0 1";
    let mut h = crate::app::tests::harness_with_distances(Settings {
        rows: 3,
        cols: 3,
        limit_nodes: true,
        max_knodes: 1,
        heuristic: HeuristicKind::Manhattan,
        ..settings("astar")
    });
    set_board(&mut h, START);
    crate::app::tests::wait_until(
        &mut h,
        |h| h.query_by_label("31 moves from the goal (exact)").is_some(),
        60,
        "the exact readout",
    );
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_while(&mut h, HuarongApp::is_solving, 60, "astar");
    let status = h.state().status();
    assert!(status.starts_with("Node limit"), "{status}");
    assert!(!status.contains("at least"), "{status}");
    assert!(h.query_by_label_contains("at least").is_none());
    h.get_by_label("31 moves from the goal (exact)");
}

/// Issue 43 item 10: weighted A* on a random 5×5 is held back as the
/// exact searches are (it ran 27 s unwarned), offering Fast alone; run
/// anyway and stopped, it says that it proves no bound, in both
/// languages, where an exact search would say what it proved.
#[test]
fn weighted_a_star_is_held_back_on_a_random_five_by_five_and_its_stop_proves_nothing() {
    let mut h = harness_with(settings("weighted"));
    // A random start set directly: the weight's own field stands above
    // Randomize in the panel, which the harness's window leaves out.
    let goal = Board::goal(Shape::new(5, 5).unwrap());
    let start = crate::engine::tiles::random_solvable(&goal, &mut crate::engine::rng::seeded(4));
    assert!(manhattan(&start) > 50, "a far start");
    h.state_mut()
        .set_tiles_puzzle(TilePuzzle::new(start, goal).unwrap());
    h.run();
    h.get_by_label("Solve").click();
    h.run_ok();
    assert!(!h.state().is_solving(), "held back");
    h.get_by_label("Weighted A* may take very long on this start");
    assert!(h.query_by_label("Use Weighted A*").is_none());
    h.get_by_label("Use Fast (row by row)");
    h.get_by_label("Solve anyway").click();
    h.run_ok();
    assert!(h.state().is_solving());
    h.get_by_label("Cancel").click();
    wait_while(&mut h, HuarongApp::is_solving, 10, "cancel");
    let status = h.state().status();
    assert!(
        status.contains("a search of this kind stopped early proves no bound"),
        "{status}"
    );
    assert!(
        !status.contains("every solution takes at least"),
        "{status}"
    );
    let zh = h.state().status_in(crate::app::i18n::Lang::Chinese);
    assert!(zh.contains("不能证明最短解的下界"), "{zh}");
}
