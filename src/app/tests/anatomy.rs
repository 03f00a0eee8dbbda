//! The anatomy of a run and the Help page as a person meets them
//! (egui_kittest): solve, open the Anatomy tab, read the figures; compare
//! rows' shapes; the strategies explained.

use crate::app::view::PlayView as _;
use eframe::egui::{Key, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::tests::{harness_with, klotski_harness, set_board, wait_for_solver, wait_while};
use crate::app::{Command, HuarongApp, Settings};
use crate::engine::strategy::STRATEGIES;
use crate::engine::tiles::heuristic::evaluate;
use crate::engine::{Board, HeuristicChoice, HeuristicKind, Shape};
use crate::units::thousands;

/// The 8-puzzle start the tests solve (31 moves from the goal).
const HARD: &str = "8 6 7 2 5 4 3 0 1";

fn settings(strategy: &str) -> Settings {
    Settings {
        strategy: strategy.into(),
        heuristic: HeuristicKind::Manhattan,
        animate: false,
        ..Settings::default()
    }
}

/// Solve `start` with `strategy` and open the Anatomy tab.
fn solved(strategy: &str, start: &str) -> crate::app::tests::TestApp {
    let mut h = harness_with(settings(strategy));
    set_board(&mut h, start);
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.get_by_label("Anatomy").click();
    h.run();
    h
}

/// The latest run's anatomy and counters, as the tile view keeps them.
fn anatomy_of(
    h: &Harness<'_, HuarongApp>,
) -> (crate::engine::observe::Anatomy, crate::engine::Stats) {
    let run = h.state().tiles().anatomy.clone().expect("an anatomy kept");
    (run.anatomy.expect("recorded"), run.stats)
}

#[test]
fn astar_shows_its_anatomy_with_the_runs_figures() {
    let mut h = solved("astar", HARD);
    let sol = h.state().tiles().solution().expect("solved");
    let (length, stats) = (sol.len(), sol.outcome.stats);
    let (a, kept) = anatomy_of(&h);
    assert_eq!(kept, stats, "the anatomy is the solution's run");
    // Nodes by depth add up to the run's expanded count, and the chart's
    // title says so in the run's own figure.
    assert_eq!(a.by_depth.iter().sum::<u64>(), stats.expanded);
    h.get_by_label(&format!(
        "Expanded by depth: {} nodes, depths 0–{}",
        thousands(stats.expanded),
        a.by_depth.len() - 1
    ));
    h.get_by_label_contains("Expanded by f = g + h");
    h.get_by_label("Anatomy of A* with Manhattan distance");
    // The start's estimate, computed here, against the solution's length.
    let start = Board::parse(HARD, None).unwrap();
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let h0 = evaluate(&HeuristicChoice::Manhattan, &goal, &start);
    h.get_by_label_contains(&format!("h(start) {h0} of {length} moves"));
    // The heuristic's error over every expansion, never negative.
    assert_eq!(a.heuristic_error.values().sum::<u64>(), stats.expanded);
    assert!(a.heuristic_error.keys().all(|&e| e >= 0));
    h.get_by_label_contains(&format!(
        "Heuristic's error (true distance − h) over {} expansions",
        thousands(stats.expanded)
    ));
    assert!(a.branching.is_some());
    h.get_by_label_contains("Effective branching factor b* = ");
    // The Solution tab brings the step list back.
    h.get_by_label("Solution").click();
    h.run();
    h.get_by_label(&format!("{length}. {}", sol_last(&h)));
}

/// The last row of the step list.
fn sol_last(h: &Harness<'_, HuarongApp>) -> String {
    let sol = h.state().tiles().solution().unwrap();
    sol.descriptions.last().unwrap().clone()
}

#[test]
fn idastar_shows_its_iterations_rising_by_two_to_the_solution() {
    let h = solved("idastar", HARD);
    let stats = h.state().tiles().solution().unwrap().outcome.stats;
    let (a, _) = anatomy_of(&h);
    let start = Board::parse(HARD, None).unwrap();
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let h0 = evaluate(&HeuristicChoice::Manhattan, &goal, &start);
    let bounds: Vec<u32> = a.iterations.iter().map(|i| i.bound).collect();
    assert_eq!(bounds, (h0..=31).step_by(2).collect::<Vec<_>>());
    assert_eq!(
        a.iterations.iter().map(|i| i.expanded).sum::<u64>(),
        stats.expanded
    );
    h.get_by_label(&format!(
        "IDA*'s {} iterations: expanded by bound",
        bounds.len()
    ));
    h.get_by_label("skipped");
    for i in &a.iterations {
        h.get_by_label(&i.bound.to_string());
        // Counts can repeat across columns and charts' axes.
        assert!(
            h.query_all_by_label(&thousands(i.expanded))
                .next()
                .is_some(),
            "bound {}: {} expanded",
            i.bound,
            i.expanded
        );
    }
}

#[test]
fn bfs_shows_its_layers_and_no_heuristic() {
    let h = solved("bfs", "1 2 3 4 5 6 0 7 8");
    let stats = h.state().tiles().solution().unwrap().outcome.stats;
    let (a, _) = anatomy_of(&h);
    assert_eq!(a.layers[0], 1, "the start alone at depth 0");
    assert_eq!(a.by_depth.iter().sum::<u64>(), stats.expanded);
    h.get_by_label(&format!(
        "Layers (new states by depth): {} states in {} layers",
        thousands(a.layers.iter().sum()),
        a.layers.len()
    ));
    assert!(h.query_by_label_contains("Expanded by f").is_none());
    assert!(h.query_by_label_contains("Heuristic's error").is_none());
    h.get_by_label("Anatomy of BFS");
}

#[test]
fn a_newer_run_never_shows_an_older_runs_anatomy() {
    let mut h = solved("astar", HARD);
    h.get_by_label("Anatomy of A* with Manhattan distance");
    h.state_mut().settings_mut().strategy = "bfs".into();
    h.get_by_label("Solve").click();
    h.run_ok();
    assert!(
        h.query_by_label("Anatomy of A* with Manhattan distance")
            .is_none(),
        "A*'s anatomy beside BFS's run"
    );
    wait_for_solver(&mut h);
    h.get_by_label("Anatomy of BFS");
    // A new board drops the run's anatomy with its solution.
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("No run yet: press Solve, then look here.");
}

#[test]
fn with_recording_off_the_tab_says_so() {
    let mut h = harness_with(Settings {
        record_anatomy: false,
        ..settings("astar")
    });
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label("Anatomy").click();
    h.run();
    h.get_by_label("Record the anatomy of each run");
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.get_by_label_contains("was not recorded");
    // Ticked again: the next run has its anatomy.
    h.get_by_label("Record the anatomy of each run").click();
    h.run();
    assert!(h.state().settings().record_anatomy);
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.get_by_label_contains("Expanded by depth");
}

#[test]
fn a_klotski_solve_shows_its_anatomy_with_the_heuristics_error() {
    let mut h = klotski_harness();
    h.state_mut().settings_mut().strategy = "astar".into();
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_while(
        &mut h,
        |a| a.klotski().is_solving(),
        120,
        "the Klotski solve",
    );
    h.get_by_label("Anatomy").click();
    h.run();
    let run = h.state().klotski().anatomy.clone().expect("kept");
    let a = run.anatomy.expect("recorded");
    assert_eq!(a.by_depth.iter().sum::<u64>(), run.stats.expanded);
    assert_eq!(a.heuristic_error.values().sum::<u64>(), run.stats.expanded);
    assert!(a.heuristic_error.keys().all(|&e| e >= 0));
    h.get_by_label(&format!(
        "Expanded by depth: {} nodes, depths 0–{}",
        thousands(run.stats.expanded),
        a.by_depth.len() - 1
    ));
    h.get_by_label_contains("Heuristic's error");
}

#[test]
fn the_help_page_opens_from_the_menu_and_explains_every_strategy() {
    let mut h = harness_with(settings("astar"));
    // Labels shown before (the strategy panel lists some of them).
    let before: Vec<usize> = STRATEGIES
        .iter()
        .map(|s| h.query_all_by_label(s.label()).count())
        .collect();
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("How the strategies work").click();
    h.run();
    h.get_by_label_contains("Every strategy looks for a path");
    for (s, before) in STRATEGIES.iter().zip(before) {
        assert!(
            h.query_all_by_label(s.label()).count() > before,
            "{} is not on the Help page",
            s.label()
        );
        h.get_by_label(s.description());
    }
    for word in ["admissible", "consistent", "tenure", "frontier", "bound"] {
        h.get_by_label(word);
    }
    // Esc closes it; the command (the inspector's link) opens it again.
    h.key_press(Key::Escape);
    h.run();
    assert!(
        h.query_by_label_contains("Every strategy looks for a path")
            .is_none()
    );
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::OpenHelp, &ctx, 0.0);
    h.run();
    h.get_by_label_contains("Every strategy looks for a path");
}

#[test]
fn compare_rows_show_their_shapes() {
    let mut h = harness_with(settings("astar"));
    set_board(&mut h, HARD);
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 120, "compare runs");
    h.get_by_label("Nodes expanded by depth (log scale)");
    let c = h.state().compare();
    let mut shown = 0;
    for r in &c.rows {
        let s = r.summary.expect("ran");
        let label = r.config.label_in(true, crate::app::i18n::Lang::English);
        match &r.anatomy {
            Some(a) => {
                assert_eq!(a.by_depth.iter().sum::<u64>(), s.expanded, "{label}");
                h.get_by_label(&format!(
                    "— {label}: {} expanded over depths 0–{}",
                    thousands(s.expanded),
                    a.by_depth.len() - 1
                ));
                shown += 1;
            }
            // Local searches walk: no shape.
            None => assert!(
                !crate::engine::strategy::find(&r.config.strategy)
                    .unwrap()
                    .is_optimal()
            ),
        }
    }
    // At least BFS, A* and IDA*: every optimal strategy expands nodes.
    assert!(shown >= 3, "{shown} shapes");
}

/// The anatomy and Help at 800×560 and 1600×1000, for a look (and the
/// README's pictures in `HUARONG_SCREENSHOTS`).
#[test]
#[ignore = "renders PNGs"]
fn render_anatomy_and_help() {
    let dir = crate::app::tests::screenshot_dir();
    for (w, hgt) in [(800.0, 560.0), (1600.0, 1000.0)] {
        for strategy in ["astar", "idastar", "bfs"] {
            let mut h = solved(strategy, HARD);
            h.set_size(Vec2::new(w, hgt));
            h.run();
            // The board and Solve stay in view beside the charts.
            let solve = h.get_by_label("Solve").rect();
            assert!(
                solve.bottom() <= hgt && solve.right() <= w,
                "{strategy} {w}: Solve at {solve:?}"
            );
            let img = crate::app::tests::rendered(&mut h);
            img.save(dir.join(format!("anatomy-{strategy}-{w}.png")))
                .unwrap();
        }
        let mut h = harness_with(settings("astar"));
        h.set_size(Vec2::new(w, hgt));
        h.run();
        let ctx = h.ctx.clone();
        h.state_mut().apply(Command::OpenHelp, &ctx, 0.0);
        h.run();
        let img = crate::app::tests::rendered(&mut h);
        img.save(dir.join(format!("help-{w}.png"))).unwrap();
        let mut h = klotski_harness();
        h.set_size(Vec2::new(w, hgt));
        h.state_mut().settings_mut().strategy = "astar".into();
        h.get_by_label("Solve").click();
        h.run_ok();
        wait_while(
            &mut h,
            |a| a.klotski().is_solving(),
            120,
            "the Klotski solve",
        );
        h.get_by_label("Anatomy").click();
        h.run();
        let img = crate::app::tests::rendered(&mut h);
        img.save(dir.join(format!("anatomy-klotski-{w}.png")))
            .unwrap();
        let mut h = harness_with(settings("astar"));
        h.set_size(Vec2::new(w, hgt));
        set_board(&mut h, HARD);
        h.get_by_label("Compare strategies").click();
        h.run();
        h.get_by_label("Run all").click();
        h.step();
        wait_while(&mut h, |a| a.compare().is_running(), 120, "compare runs");
        h.get_by_label("Nodes expanded by depth (log scale)")
            .scroll_to_me();
        h.run();
        let img = crate::app::tests::rendered(&mut h);
        img.save(dir.join(format!("compare-{w}.png"))).unwrap();
    }
}

#[test]
fn the_anatomy_title_follows_the_language_after_the_run() {
    // A run made in Chinese reads in English once the language is English:
    // the title is worded when drawn, not when the run ended.
    let mut h = harness_with(Settings {
        language: crate::app::i18n::Lang::Chinese,
        ..settings("bfs")
    });
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label("求解").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.get_by_label("剖析").click();
    h.run();
    h.get_by_label("广度优先搜索的剖析");
    h.state_mut().settings_mut().language = crate::app::i18n::Lang::English;
    h.run();
    h.get_by_label("Anatomy of BFS");
    assert!(h.query_by_label_contains("广度优先").is_none());
}
