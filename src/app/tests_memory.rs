//! Memory figures in the app: a solve guided by a pattern database shows
//! the search's memory and the database's apart, in both languages.

use egui_kittest::kittest::Queryable;

use super::i18n::Lang;
use super::tests::{harness, set_board, solve_showing_build, wait_for_solver};
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
    let goal = h.state().tiles.game.goal.clone();
    let db = h
        .state()
        .tiles
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
