//! Heuristics that fit the board, as a person meets them: a new size keeps
//! no heuristic that cannot guide a search on it, and compare neither
//! offers nor runs one under a false name.

use egui_kittest::kittest::Queryable;

use crate::app::i18n::{Lang, Message};
use crate::app::model::Finished;
use crate::app::settings::Settings;
use crate::app::tests::{add_row, empty_compare};
use crate::app::tests::{harness_with, wait_while};
use crate::engine::HeuristicKind;

fn on_4x4_with(heuristic: HeuristicKind) -> crate::app::tests::TestApp {
    let mut h = harness_with(Settings {
        animate: false,
        heuristic,
        rows: 4,
        cols: 4,
        ..Settings::default()
    });
    h.run();
    h
}

/// A database of another size gives way to one that fits, and says so;
/// Solve then runs rather than being refused.
#[test]
fn a_new_size_keeps_a_heuristic_that_fits_and_says_so() {
    let mut h = on_4x4_with(HeuristicKind::Pdb78);
    assert_eq!(h.state().settings().heuristic, HeuristicKind::Pdb78);
    h.get_by_label("3×3").click();
    h.run();
    assert_eq!(
        h.state().settings().heuristic,
        HeuristicKind::LinearConflict
    );
    let status = h.state().status();
    assert!(
        status.contains("does not fit a 3x3 board")
            && status.contains("Manhattan + linear conflict is chosen"),
        "{status}"
    );
    assert!(
        h.state()
            .status_in(Lang::Chinese)
            .contains("不适用于 3x3 棋盘")
    );
    h.get_by_label("Solve").click();
    h.run();
    wait_while(&mut h, |a| a.is_solving(), 60, "the solve");
    assert!(
        h.state().solution_path().is_some(),
        "{}",
        h.state().status()
    );
}

/// Settings that hold the 5×5 database on a 4×4 board: the 4×4's own
/// database is chosen instead.
#[test]
fn the_5x5_database_on_a_4x4_gives_way_to_the_4x4_database() {
    let h = on_4x4_with(HeuristicKind::Pdb6666);
    assert_eq!(h.state().settings().heuristic, HeuristicKind::Pdb);
}

/// Compare offers only what fits, and a row that no longer fits after the
/// board changed says so and does not run.
#[test]
fn compare_neither_offers_nor_runs_a_heuristic_that_does_not_fit() {
    let mut h = on_4x4_with(HeuristicKind::LinearConflict);
    empty_compare(&mut h);
    h.get_by_label("with").click();
    h.run();
    assert!(h.query_by_label("Pattern database 6-6-6-6").is_none());
    h.get_all_by_label("Pattern database 6-6-3")
        .last()
        .unwrap()
        .click();
    h.run();
    add_row(&mut h, "IDA*");
    // Back to the play view, a 3×3, and compare again.
    h.get_by_label("Play & solve").click();
    h.run();
    h.get_by_label("3×3").click();
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    // The row's own line names it; the list offers it no more.
    let named =
        |h: &crate::app::tests::TestApp| h.query_all_by_label("Pattern database 6-6-3").count();
    let before = named(&h);
    h.get_by_label("with").click();
    h.run();
    assert!(
        h.query_by_label("Misplaced tiles").is_some(),
        "the list is open"
    );
    assert_eq!(named(&h), before);
    h.get_by_label("Run all").click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 60, "compare runs");
    let row = &h.state().compare().rows[0];
    assert_eq!(row.config.heuristic, HeuristicKind::Pdb);
    assert!(row.summary.is_none(), "it ran: {:?}", row.summary);
    let Some(Finished::Refused(why)) = &row.result else {
        panic!("not refused: {:?}", row.result.is_some());
    };
    let why = why.text(Lang::English);
    assert!(why.contains("4×4") && why.contains("3x3"), "{why}");
}
