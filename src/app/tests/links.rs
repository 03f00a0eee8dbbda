//! Links that open a puzzle (the web edition's address): what they open,
//! solve and inspect, and the one line a bad parameter gets.

use super::*;
use crate::engine::strategy;

#[test]
fn a_link_opens_its_start_with_its_strategy_and_solves_it() {
    let mut h = harness();
    h.state_mut()
        .open_link("?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&solve");
    h.run();
    assert_eq!(h.state().settings().strategy, "astar");
    assert_eq!(
        h.state().settings().heuristic,
        crate::engine::HeuristicKind::Manhattan
    );
    wait_until(&mut h, |h| !h.state().is_solving(), 60, "the link's solve");
    let path = h.state().solution_path().expect("a solution").to_vec();
    // The test's own count: a breadth-first search over the 8-puzzle.
    let start = crate::engine::TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
    let bfs = crate::engine::solve_tiles(
        strategy::find("bfs").unwrap(),
        &start,
        &crate::engine::HeuristicChoice::Manhattan,
        &crate::engine::Control::default(),
    )
    .unwrap();
    assert_eq!(path.len(), bfs.path.len());
    assert_eq!(path.len(), 31);
    let mut board = start.start.clone();
    for d in &path {
        assert!(board.apply(*d).is_some(), "the path replays");
    }
    assert_eq!(board, start.goal);
}

#[test]
fn a_klotski_link_opens_its_layout_in_its_metric() {
    let mut h = harness();
    h.state_mut()
        .open_link("?puzzle=klotski&layout=1&metric=moves&strategy=bfs");
    h.run();
    assert_eq!(
        h.state().settings().family,
        crate::app::settings::Family::Klotski
    );
    assert_eq!(
        h.state().settings().metric,
        crate::engine::klotski::Metric::Moves
    );
    let classic = &crate::storage::layouts::classics()[0];
    assert_eq!(
        h.state().klotski().game().layout().to_text(),
        classic.layout
    );
}

#[test]
fn a_bad_parameter_opens_nothing_and_says_which() {
    let mut h = harness();
    let before = h.state().settings().clone();
    h.state_mut().open_link("?puzzle=3x3&state=1,2,3&solve");
    h.run();
    assert_eq!(h.state().settings(), &before);
    assert!(!h.state().is_solving());
    let status = h.state().status();
    assert!(status.contains("state=1,2,3"), "{status}");
    assert!(status.contains("cannot be used"), "{status}");
}

#[test]
fn copy_link_is_offered_with_a_web_address_and_opens_what_was_shown() {
    let mut h = harness();
    // No web edition's address: nothing to offer.
    h.get_by_label("File").click();
    h.run();
    assert!(h.query_by_label("Copy link").is_none());
    h.key_press(egui::Key::Escape);
    h.run();
    h.state_mut().web_address = Some("https://example.org/huarong/".to_string());
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Copy link").click();
    h.run();
    let status = h.state().status();
    let link = status
        .strip_prefix("Link copied: ")
        .unwrap_or_else(|| panic!("{status}"))
        .to_string();
    assert!(
        link.starts_with("https://example.org/huarong/?puzzle=3x3&state=8,6,7,2,5,4,3,0,1"),
        "{link}"
    );
    // Opened elsewhere, the link shows that board with that strategy.
    let mut other = harness();
    other
        .state_mut()
        .open_link(&link[link.find('?').unwrap()..]);
    other.run();
    assert_eq!(other.state().tiles().game.board, board("8 6 7 2 5 4 3 0 1"));
    assert_eq!(
        other.state().settings().strategy,
        h.state().settings().strategy
    );
    assert_eq!(
        other.state().settings().heuristic,
        h.state().settings().heuristic
    );
}
