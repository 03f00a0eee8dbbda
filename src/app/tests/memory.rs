//! Memory figures in the app: a solve guided by a pattern database shows
//! the search's memory and the database's apart, in both languages.

use egui_kittest::kittest::Queryable;

use crate::app::i18n::Lang;
use crate::app::tests::{add_row, empty_compare};
use crate::app::tests::{harness, set_board, solve_showing_build, wait_for_solver};
use crate::units::bytes;

#[test]
fn a_solve_with_a_pattern_database_shows_its_memory_apart_in_both_languages() {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Pattern database 6-6-3").click();
    h.run();
    set_board(&mut h, "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15");
    solve_showing_build(&mut h, "6-6-3", 120);
    wait_for_solver(&mut h);
    let goal = h.state().tiles().game.goal.clone();
    let db = h
        .state()
        .tiles()
        .databases
        .find(crate::engine::HeuristicKind::Pdb, &goal)
        .expect("the database is held");
    let held = bytes(db.table_bytes());
    let english = h.state().status_in(Lang::English);
    assert!(
        english.contains(&format!("+ pattern database {held}")),
        "{english}"
    );
    let chinese = h.state().status_in(Lang::Chinese);
    assert!(
        chinese.contains(&format!("+ 模式数据库 {held}")),
        "{chinese}"
    );
    // The search's own memory comes first, and is far less.
    let search = english
        .split("memory ")
        .nth(1)
        .and_then(|rest| rest.split(" + ").next())
        .expect("a memory figure");
    assert!(search.ends_with("KiB"), "{english}");
}

/// The compare table's memory column: the search's memory, and under it
/// the database a guided row read; a row that read none shows one figure.
/// The column sorts by the search's memory.
#[test]
fn the_compare_table_shows_the_database_under_the_search_memory() {
    let mut h = crate::app::tests::harness_with(crate::app::settings::Settings {
        animate: false,
        heuristic: crate::engine::HeuristicKind::Pdb,
        rows: 4,
        cols: 4,
        ..crate::app::settings::Settings::default()
    });
    h.run();
    // 32 moves from the goal: A* stores thousands of nodes, IDA* a path.
    set_board(&mut h, "8 5 7 3 1 15 2 4 6 9 14 11 13 0 10 12");
    empty_compare(&mut h);
    for (strategy, heuristic) in [
        ("IDA*", "Pattern database 6-6-3"),
        ("A*", "Manhattan distance"),
    ] {
        h.get_by_label("with").click();
        h.run();
        h.get_all_by_label(heuristic).last().unwrap().click();
        h.run();
        add_row(&mut h, strategy);
    }
    h.get_by_label("Run all").click();
    h.step();
    crate::app::tests::wait_while(&mut h, |a| a.compare().is_running(), 120, "compare runs");
    let rows = &h.state().compare().rows;
    let guided = rows[0].summary.expect("ran");
    let plain = rows[1].summary.expect("ran");
    let configs: Vec<_> = rows
        .iter()
        .map(|r| (&r.config.strategy, r.config.heuristic))
        .collect();
    assert!(
        guided.database_bytes > 0 && plain.database_bytes == 0,
        "{configs:?}: {} {}",
        guided.database_bytes,
        plain.database_bytes
    );
    let line = format!("+ {}", bytes(guided.database_bytes));
    assert_eq!(h.query_all_by_label(&line).count(), 1, "{line}");
    for s in [guided, plain] {
        assert!(h.query_all_by_label(&bytes(s.peak_bytes)).count() > 0);
    }
    // Sorted by memory, the search's: the database does not count.
    h.get_by_label("Memory").click();
    h.run();
    let c = h.state().compare();
    let order: Vec<u64> = c
        .order()
        .iter()
        .map(|&i| c.rows[i].summary.unwrap().peak_bytes)
        .collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
    // (IDA* holds its path alone, A* every node it met: the database
    // row's search memory is the less, so it comes first; counting the
    // database would put it last.)
    assert!(guided.peak_bytes < plain.peak_bytes, "{order:?}");
    assert_eq!(c.order()[0], 0);
}

/// While a search guided by a database runs, the live counters show the
/// database's bytes under the search's memory.
#[test]
fn the_live_counters_show_the_database_apart_while_the_search_runs() {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Pattern database 6-6-3").click();
    h.run();
    h.get_by_label("IDA*").click();
    h.run();
    // 80 moves from the goal: IDA* with 6-6-3 searches far longer than it
    // takes to show a frame (and holds only its path).
    set_board(&mut h, "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1");
    solve_showing_build(&mut h, "6-6-3", 120);
    // The tables (11.0 MiB) and their spread copies (16.0), which the
    // search reads.
    crate::app::tests::wait_until(
        &mut h,
        |h| h.query_by_label_contains("+ 27.0 MiB").is_some() || !h.state().is_solving(),
        120,
        "the database's bytes in the live counters",
    );
    assert!(h.state().is_solving(), "the search ended first");
    let goal = h.state().tiles().game.goal.clone();
    let db = h
        .state()
        .tiles()
        .databases
        .find(crate::engine::HeuristicKind::Pdb, &goal)
        .unwrap();
    assert_eq!(bytes(db.table_bytes()), "27.0 MiB");
    h.step();
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);
    let status = h.state().status();
    assert!(status.starts_with("Cancelled"), "{status}");
    assert!(status.contains("+ pattern database 27.0 MiB"), "{status}");
}
