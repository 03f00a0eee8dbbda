//! The one owner of background work, driven as a person meets it: a solve
//! that needs the strong database while it is being built waits for that
//! build, compare rows share one database, and "busy" knows of builds.

use egui_kittest::kittest::Queryable;

use crate::app::error::Busy;
use crate::app::jobs::{DbPhase, JobKind};
use crate::app::settings::Settings;
use crate::app::tests::{add_row, empty_compare};
use crate::app::tests::{harness_with, set_board, wait_until, wait_while};
use crate::engine::HeuristicKind;

/// Defect 3: Solve with the 7-8 heuristic while "Build strong database"
/// runs started a second build of the same 0.6 GB table. Now the solve
/// waits for the build under way, showing its progress.
#[test]
fn a_solve_during_the_strong_build_waits_for_it() {
    let mut h = harness_with(Settings {
        strategy: "idastar".into(),
        heuristic: HeuristicKind::Pdb78,
        animate: false,
        rows: 4,
        cols: 4,
        ..Settings::default()
    });
    h.run();
    set_board(&mut h, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
    h.get_by_label("Build strong database").click();
    h.run_ok();
    assert_eq!(h.state().jobs().busy(), Some(Busy::BuildingDatabase));
    h.get_by_label("Solve").click();
    h.run_ok();
    assert_eq!(h.state().jobs().busy(), Some(Busy::Solving));
    // The solve shows the build's progress as its own...
    wait_until(
        &mut h,
        |h| {
            let run = h.state().tiles().running.as_ref();
            matches!(run.and_then(|r| r.database()), Some((_, DbPhase::Building(f))) if f > 0.0)
        },
        300,
        "the solve to show the build's progress",
    );
    // ...and builds nothing itself: one build of the database in all.
    let pool = h.state().jobs().databases().clone();
    assert_eq!(pool.loads_started(), 1);
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_while(
        &mut h,
        |a| a.tiles().running.is_some(),
        60,
        "the solve to stop",
    );
    // The build goes on after the solve that waited for it is cancelled.
    assert_eq!(h.state().jobs().running(JobKind::Database), 1);
    h.get_by_label("Cancel build").click();
    h.run_ok();
    wait_while(
        &mut h,
        |a| a.jobs().running(JobKind::Database) > 0,
        60,
        "the build to stop",
    );
    assert_eq!(h.state().jobs().busy(), None);
    assert_eq!(pool.loads_started(), 1);
}

/// Defect 3: N compare rows with a pattern-database heuristic loaded N
/// copies of the database. Now they share the one the first row builds.
#[test]
fn compare_rows_share_one_pattern_database() {
    let mut h = harness_with(Settings {
        heuristic: HeuristicKind::Pdb,
        animate: false,
        rows: 4,
        cols: 4,
        ..Settings::default()
    });
    h.run();
    set_board(&mut h, "1 2 3 4 5 6 7 8 9 10 0 12 13 14 11 15");
    empty_compare(&mut h);
    h.get_by_label("with").click();
    h.run();
    h.get_all_by_label("Pattern database 6-6-3")
        .last()
        .unwrap()
        .click();
    h.run();
    for label in ["A*", "IDA*", "Weighted A*"] {
        add_row(&mut h, label);
    }
    let rows = &h.state().compare().rows;
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter()
            .all(|r| r.config.heuristic == HeuristicKind::Pdb)
    );
    h.get_by_label("Run all").click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 300, "compare runs");
    for r in &h.state().compare().rows {
        let s = r
            .summary
            .unwrap_or_else(|| panic!("{:?} did not run", r.config));
        assert_eq!(s.status, crate::engine::Status::Solved, "{:?}", r.config);
    }
    let pool = h.state().jobs().databases();
    assert_eq!(pool.loads_started(), 1, "one read or build for three rows");
    let goal = h.state().tiles().game.goal.clone();
    assert!(pool.find_kind(HeuristicKind::Pdb, &goal).is_some());
    assert_eq!(h.state().jobs().busy(), None);
}
