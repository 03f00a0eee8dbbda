//! The batch by solution depth as a person runs it (egui_kittest): compare
//! rows for IDS and A* with two heuristics, a small run of depths 2 to 6,
//! its starts at their depth by the test's own BFS and its chart's points
//! against the same runs done here; a long run shows progress and cancels.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::HuarongApp;
use crate::app::i18n::Lang;
use crate::app::tests::hints::eight_puzzle_distances;
use crate::app::tests::{add_row, empty_compare};
use crate::app::tests::{harness, wait_until, wait_while};
use crate::engine::experiment::RunSummary;
use crate::engine::{
    Board, Control, HeuristicChoice, HeuristicKind, TilePuzzle, solve_tiles, strategy,
};

/// Add a row of `strategy` guided by the heuristic labelled `heuristic`.
fn add_guided_row(h: &mut Harness<'_, HuarongApp>, strategy: &str, heuristic: &str) {
    h.get_by_label("New row").click();
    h.run();
    // The lists' items (the table's rows name them too, as labels).
    let item = eframe::egui::accesskit::Role::Button;
    h.get_all_by_role_and_label(item, strategy)
        .last()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("with").click();
    h.run();
    h.get_all_by_role_and_label(item, heuristic)
        .last()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Add").click();
    h.run();
}

/// The compare view with rows IDS, A* + misplaced, A* + Manhattan, and
/// the by-depth section open.
fn by_depth_harness() -> crate::app::tests::TestApp {
    let mut h = harness();
    empty_compare(&mut h);
    add_row(&mut h, "Iterative deepening (IDS)");
    add_guided_row(&mut h, "A*", "Misplaced tiles");
    add_guided_row(&mut h, "A*", "Manhattan distance");
    h.get_by_label("Search cost by solution depth")
        .scroll_to_me();
    h.run();
    h.get_by_label("Search cost by solution depth").click();
    h.run();
    h
}

fn wait_for_by_depth(h: &mut Harness<'_, HuarongApp>) {
    wait_while(
        h,
        |a| a.compare().batch.by_depth.is_running(),
        120,
        "the batch by depth",
    );
}

#[test]
fn a_small_batch_by_depth_charts_the_means_of_its_runs() {
    let mut h = by_depth_harness();
    let (per_depth, seed) = (3, 4);
    {
        let batch = &mut h.state_mut().compare.batch;
        batch.seed = seed;
        let d = &mut batch.by_depth;
        (d.from, d.to, d.step, d.per_depth) = (2, 6, 2, per_depth);
    }
    h.run();
    h.get_by_label("Run by depth").scroll_to_me();
    h.run();
    h.get_by_label("Run by depth").click();
    h.step();
    wait_for_by_depth(&mut h);
    // The layer's size is named as what it is, not as a count of starts
    // (the table showed "Positions" beside "Starts per depth").
    h.get_by_label("All positions at this depth");
    assert!(h.query_by_label("Positions").is_none());
    let by_depth = &h.state().compare().batch.by_depth;
    assert_eq!(by_depth.failed, None);
    let rows = by_depth.rows.clone();
    assert_eq!(rows.iter().map(|r| r.depth).collect::<Vec<_>>(), [2, 4, 6]);
    let truth = eight_puzzle_distances();
    let configs = [
        ("ids", HeuristicKind::Manhattan),
        ("astar", HeuristicKind::Misplaced),
        ("astar", HeuristicKind::Manhattan),
    ];
    let series = by_depth.series(Lang::English);
    assert_eq!(series.len(), 3);
    assert_eq!(series[1].label, "A* · Misplaced tiles");
    for (r, row) in rows.iter().enumerate() {
        let layer = truth.values().filter(|&&d| d == row.depth).count();
        assert_eq!(row.positions, layer as u64);
        assert_eq!(row.starts.len(), per_depth);
        for b in &row.starts {
            assert_eq!(truth.get(b.cells()), Some(&row.depth), "{b:?}");
        }
        for (k, (name, heuristic)) in configs.iter().enumerate() {
            let s = strategy::find(name).unwrap();
            let generated: Vec<f64> = row
                .starts
                .iter()
                .map(|b| {
                    let p = TilePuzzle::new(b.clone(), Board::goal(b.shape())).unwrap();
                    let o = solve_tiles(
                        s,
                        &p,
                        &HeuristicChoice::with_database(*heuristic, None),
                        &Control::default().with_threads(1),
                    )
                    .unwrap();
                    let run = RunSummary::of(&o);
                    assert_eq!(run.solution_length(), Some(row.depth as usize));
                    run.generated as f64
                })
                .collect();
            let mean = generated.iter().sum::<f64>() / generated.len() as f64;
            let [depth, nodes] = series[k].nodes[r];
            assert_eq!((depth, nodes), (f64::from(row.depth), mean), "{name}");
            // b* solves N = b* + b*² + … + b*^d for that mean.
            let [_, b] = series[k].branching[r];
            let tree: f64 = (1..=row.depth).map(|i| b.powi(i as i32)).sum();
            assert!((tree - mean).abs() < 1e-6 * mean, "{name}: {b}");
        }
    }
    // The table and both charts are drawn, their words in English.
    h.get_by_label("Nodes generated per search (mean, log scale)");
    h.get_by_label("Effective branching factor b*");
    assert!(h.query_all_by_label("b*").count() >= 3);
}

#[test]
fn a_long_batch_by_depth_shows_progress_and_cancels() {
    let mut h = by_depth_harness();
    {
        let d = &mut h.state_mut().compare.batch.by_depth;
        (d.from, d.to, d.step, d.per_depth) = (20, 24, 2, 50);
    }
    h.run();
    h.get_by_label("Run by depth").scroll_to_me();
    h.run();
    h.get_by_label("Run by depth").click();
    h.step();
    assert!(h.state().compare().batch.by_depth.is_running());
    assert!(h.state().compare().is_running(), "the compare view is busy");
    wait_until(
        &mut h,
        |h| h.query_by_label_contains("of 150 starts").is_some(),
        30,
        "the progress bar",
    );
    h.get_by_label("Cancel by depth").click();
    h.step();
    wait_for_by_depth(&mut h);
    let rows = &h.state().compare().batch.by_depth.rows;
    assert!(rows.len() <= 3);
    // Cut short: no depth has a mean over starts it did not run.
    for row in rows {
        for cell in &row.cells {
            if let Some(c) = cell.averaged() {
                assert_eq!(c.aggregate.runs, row.starts.len());
            }
        }
    }
}
