//! Compare rows and their own tuning, each driven as a person meets it
//! (egui_kittest): the batch runs each row with its own seed, the tuning
//! panel a row is made from starts at the registered defaults, and a
//! duplicated row keeps the trace shown on its row.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::tests::{add_row, empty_compare, harness, set_board, wait_while};
use crate::engine::experiment::{RunSummary, tile_start};
use crate::engine::strategy::{self, ParamKey, Tuning};
use crate::engine::{Control, HeuristicChoice, HeuristicKind, TilePuzzle, solve_tiles};

/// The 8-puzzle start whose optimal solution is 31 moves.
const LONG: &str = "8 6 7 2 5 4 3 0 1";

fn wait_for_compare(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.compare().is_running(), 120, "compare runs");
}

#[test]
fn a_batch_runs_each_compare_row_with_its_own_seed() {
    let mut h = harness();
    empty_compare(&mut h);
    // Two annealing rows, added with the panel's seed at 5, then at 6.
    for seed in [5, 6] {
        h.state_mut().settings_mut().tuning.of_mut("annealing").seed = seed;
        add_row(&mut h, "Simulated annealing");
    }
    let rows = &h.state().compare().rows;
    assert_eq!(
        (rows[0].config.tuning.seed, rows[1].config.tuning.seed),
        (5, 6)
    );
    // The panel moves on; the rows keep theirs.
    h.state_mut().settings_mut().tuning.of_mut("annealing").seed = 1;
    let (count, shuffle, batch_seed) = (4, 30, 3);
    let batch = &mut h.state_mut().compare.batch;
    (batch.count, batch.shuffle, batch.seed) = (count, shuffle, batch_seed);
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_for_compare(&mut h);
    let points = h.state().compare().batch.points.clone();
    assert_eq!(points.len(), 2);
    // Each row's runs are those of annealing with its seed, on the
    // batch's starts drawn again here.
    let goal = crate::engine::Board::goal(crate::engine::Shape::new(3, 3).unwrap());
    let mut rng = crate::engine::rng::seeded(batch_seed);
    let starts: Vec<TilePuzzle> = (0..count)
        .map(|_| {
            let b = tile_start(&goal, Some(shuffle), &mut rng);
            TilePuzzle::new(b, goal.clone()).unwrap()
        })
        .collect();
    for (row, seed) in [(0, 5), (1, 6)] {
        let tuning = Tuning {
            seed: Some(seed),
            ..Tuning::default()
        };
        let annealing = strategy::configure("annealing", &tuning).unwrap();
        let expected: Vec<(usize, u64)> = starts
            .iter()
            .map(|p| {
                let o = solve_tiles(
                    &*annealing,
                    p,
                    &HeuristicChoice::with_database(HeuristicKind::Manhattan, None),
                    &Control::default().with_threads(1),
                )
                .unwrap();
                let s = RunSummary::of(&o);
                (s.length, s.expanded)
            })
            .collect();
        let ran: Vec<(usize, u64)> = points[row].iter().map(|s| (s.length, s.expanded)).collect();
        assert_eq!(ran, expected, "row {row} (seed {seed})");
    }
    assert_ne!(
        points[0].iter().map(|s| s.expanded).collect::<Vec<_>>(),
        points[1].iter().map(|s| s.expanded).collect::<Vec<_>>(),
        "two seeds, two walks"
    );
}

/// The value of the tuning panel's field labelled `label`.
fn field_value(h: &Harness<'_, HuarongApp>, label: &str) -> f64 {
    h.get_all_by_label(label)
        .find_map(|n| n.accesskit_node().numeric_value())
        .unwrap_or_else(|| panic!("no field {label}"))
}

#[test]
fn each_local_search_starts_at_its_own_registered_defaults() {
    let mut h = harness();
    for (label, name) in [
        ("Greedy", "greedy"),
        ("Tabu search", "tabu"),
        ("Simulated annealing", "annealing"),
        ("Greedy", "greedy"),
    ] {
        h.get_by_label(label).click();
        h.run();
        let s = strategy::find(name).unwrap();
        for p in s.params() {
            let (shown, _) =
                crate::app::i18n::names::param_text(name, p.key, crate::app::i18n::Lang::English);
            if p.key == ParamKey::Seed {
                continue;
            }
            assert_eq!(field_value(&h, &shown), p.default, "{name}: {shown}");
        }
    }
}

#[test]
fn duplicating_a_row_keeps_the_trace_shown_on_its_row() {
    let mut h = harness();
    set_board(&mut h, LONG);
    empty_compare(&mut h);
    add_row(&mut h, "Simulated annealing");
    add_row(&mut h, "Tabu search");
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(&mut h);
    // Tabu's trace (the second Trace button).
    h.get_all_by_label("Trace").nth(1).unwrap().click();
    h.run();
    let tabu_trace = "Trace of Tabu search · Manhattan distance";
    h.get_by_label(tabu_trace);
    // Copy the annealing row: the copy goes in before tabu's.
    h.get_all_by_label("Copy").next().unwrap().click();
    h.run();
    assert_eq!(h.state().compare().rows.len(), 3);
    h.get_by_label(tabu_trace);
    let shown = h.state().compare().shown_trace.unwrap();
    assert_eq!(h.state().compare().rows[shown].config.strategy, "tabu");
    // Removing a row before it keeps it too; removing it hides it.
    h.get_all_by_label("Remove").next().unwrap().click();
    h.run();
    h.get_by_label(tabu_trace);
    h.get_all_by_label("Remove").nth(1).unwrap().click();
    h.run();
    assert!(h.query_by_label_contains("Trace of").is_none());
}
