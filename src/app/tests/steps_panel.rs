//! Panels that follow what is shown, as a person meets them: a refusal
//! goes once what it refused changed, and a Klotski solve that ends
//! without a solution says so in the Steps panel.

use eframe::egui;
use egui_kittest::kittest::Queryable;

use crate::app::tests::{harness, klotski_harness, set_board, swap_in_edit_mode, wait_while};
use crate::app::view::PlayView as _;

/// "Solve refused" on an unsolvable board, then the board made solvable
/// again in Edit mode: the refusal is gone from the Steps panel.
#[test]
fn a_refusal_goes_once_the_board_it_refused_changes() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    swap_in_edit_mode(&mut h, 0, 1);
    h.get_by_label("Solve").click();
    h.run();
    h.get_by_label("Solve refused");
    swap_in_edit_mode(&mut h, 0, 1);
    assert!(h.query_by_label("Solve refused").is_none());
    assert!(h.query_by_label_contains("No solution yet").is_some());
}

/// A Klotski layout whose Cao Cao can never reach the exit: the Steps
/// panel names the ending and the strategy, not "No solution yet"; a new
/// layout clears it.
#[test]
fn an_unsolvable_klotski_result_is_shown_in_the_steps_panel() {
    let mut h = klotski_harness();
    h.event(egui::Event::Paste("AAB./AAB./CCDD/EEFF/GGHH".into()));
    h.run();
    h.get_by_label("BFS").click();
    h.run();
    h.get_by_label("Solve").click();
    h.run();
    wait_while(&mut h, |a| a.klotski().is_solving(), 60, "the solve");
    h.run();
    assert!(h.query_by_label_contains("No solution yet").is_none());
    h.get_by_label("Unsolvable — BFS");
    h.event(egui::Event::Paste(
        crate::storage::layouts::classics()[0].layout.clone(),
    ));
    h.run();
    assert!(h.query_by_label("Unsolvable — BFS").is_none());
    assert!(h.query_by_label_contains("No solution yet").is_some());
}

/// Why a board is unsolvable says its cycles are drawn on the board only
/// where they are: on the play view's board, not in the Set state dialog
/// (whose board behind it is still the old one).
#[test]
fn the_cycles_are_said_to_be_drawn_only_where_they_are() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    h.get_by_label("Set state…").click();
    h.run();
    h.state_mut().tiles_mut().set_state.as_mut().unwrap().tiles = "2 1 3 4 5 6 7 8 0".into();
    h.run();
    h.get_by_label_contains("unsolvable for this goal");
    h.get_by_label_contains("the tiles form 1 cycle");
    assert!(h.query_by_label_contains("linked on the board").is_none());
    h.get_by_label("Cancel").click();
    h.run();
    swap_in_edit_mode(&mut h, 0, 1);
    h.get_by_label_contains("linked on the board");
}
