//! Hints, distances and explanations (issue 17) as a player meets them:
//! the move overlay, the heuristic view, the chart of all positions and
//! "Show the farthest", an unsolvable board explained, a 15-puzzle
//! distance worked out in the background, Klotski hints. Every number is
//! checked against the test's own breadth-first search.

use std::collections::HashMap;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::distribution::Effect;
use super::tests::{board, harness_with_distances, set_board, wait_until};
use super::{HuarongApp, Settings};
use crate::engine::{Board, Dir, HeuristicKind, Shape};
use crate::units::thousands;

/// Every position that reaches `goal`, with its distance: the test's own
/// breadth-first search.
fn bfs(goal: &Board) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.cells().to_vec(), 0);
    let mut queue = std::collections::VecDeque::from([goal.clone()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[b.cells()];
        for dir in Dir::ALL {
            let mut next = b.clone();
            if next.apply(dir).is_some() && !dist.contains_key(next.cells()) {
                dist.insert(next.cells().to_vec(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

fn eight_puzzle_distances() -> HashMap<Vec<u8>, u32> {
    bfs(&Board::goal(Shape::new(3, 3).unwrap()))
}

fn tiles_harness(settings: Settings) -> super::tests::TestApp {
    harness_with_distances(Settings {
        animate: false,
        ..settings
    })
}

fn wait_for_readout(h: &mut Harness<'_, HuarongApp>, d: u32) {
    let plural = if d == 1 { "" } else { "s" };
    let label = format!("{d} move{plural} from the goal (exact)");
    wait_until(
        h,
        |h| h.query_by_label(&label).is_some(),
        60,
        &format!("the readout '{label}'"),
    );
}

#[test]
fn the_overlay_colours_each_movable_tile_by_what_its_move_does() {
    let truth = eight_puzzle_distances();
    let mut h = tiles_harness(Settings::default());
    let start = "8 6 7 2 5 4 3 0 1";
    set_board(&mut h, start);
    wait_for_readout(&mut h, truth[board(start).cells()]);
    h.get_by_label("Colour moves").click();
    h.run();
    h.get_by_label("closer");
    h.get_by_label("farther");
    // A few positions along a walk, each overlay against the BFS.
    let mut b = board(start);
    for step in [Dir::Up, Dir::Right, Dir::Up, Dir::Left] {
        let d = truth[b.cells()];
        let effects = h.state().tiles.distances.move_effects(&b);
        let movable: Vec<usize> = Dir::ALL
            .into_iter()
            .filter_map(|blank| b.shape().neighbour(b.blank(), blank))
            .collect();
        assert_eq!(effects.len(), movable.len(), "every movable tile coloured");
        for (cell, effect) in effects {
            let blank = Dir::ALL
                .into_iter()
                .find(|&m| b.shape().neighbour(b.blank(), m) == Some(cell))
                .expect("a movable tile's cell");
            let mut next = b.clone();
            next.apply(blank);
            let after = truth[next.cells()];
            let expected = if after < d { Effect::Closer } else { Effect::Farther };
            assert_eq!(effect, expected, "tile at {cell}: {d} → {after}");
        }
        b.apply(step).expect("a legal move");
        set_board(&mut h, &text(&b));
    }
}

fn text(b: &Board) -> String {
    b.cells()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_heuristic_view_shows_shares_that_sum_to_h_beside_the_true_distance() {
    let truth = eight_puzzle_distances();
    let mut h = tiles_harness(Settings {
        heuristic: HeuristicKind::Manhattan,
        ..Settings::default()
    });
    let start = "8 6 7 2 5 4 3 0 1";
    set_board(&mut h, start);
    let d = truth[board(start).cells()];
    wait_for_readout(&mut h, d);
    h.get_by_label("Heuristic view").click();
    h.run();
    // The test's own Manhattan sum.
    let b = board(start);
    let manhattan: usize = b
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(c, &t)| {
            let home = (t - 1) as usize;
            (c / 3).abs_diff(home / 3) + (c % 3).abs_diff(home % 3)
        })
        .sum();
    h.get_by_label(&format!("h = {manhattan} ≤ {d} true"));
    h.get_by_label_contains(&format!("add up to {manhattan}"));
    // With linear conflict the conflicts are added and linked.
    h.state_mut().settings.heuristic = HeuristicKind::LinearConflict;
    h.run();
    let lc = crate::engine::tiles::heuristic::evaluate(
        &crate::engine::HeuristicChoice::LinearConflict,
        &Board::goal(b.shape()),
        &b,
    );
    h.get_by_label(&format!("h = {lc} ≤ {d} true"));
    h.get_by_label_contains(&format!("Manhattan {manhattan} (in the corners) + {}", lc as usize - manhattan));
}

#[test]
fn the_chart_of_all_positions_counts_every_state_and_marks_this_one() {
    let truth = eight_puzzle_distances();
    let mut by_distance = vec![0u64; 1 + *truth.values().max().unwrap() as usize];
    for &d in truth.values() {
        by_distance[d as usize] += 1;
    }
    let mut h = tiles_harness(Settings::default());
    let start = "1 2 3 4 5 6 0 7 8";
    set_board(&mut h, start);
    wait_for_readout(&mut h, 2);
    h.get_by_label("Among all positions…").click();
    h.run();
    h.get_by_label(&format!(
        "{} positions can reach the goal.",
        thousands(truth.len() as u64)
    ));
    let max = by_distance.len() - 1;
    let at_max = by_distance[max];
    h.get_by_label(&format!(
        "God's number: {max} moves — the farthest ({at_max} positions) need that many."
    ));
    let closer: u64 = by_distance[..2].iter().sum();
    h.get_by_label(&format!(
        "This position: 2 moves; {closer} positions are closer, {} as far.",
        by_distance[2]
    ));
    // The chart is drawn from the app's table: the same counts.
    let table = h.state().tiles.distances.table().expect("the table").by_distance().to_vec();
    assert_eq!(table, by_distance);
    assert_eq!(table.iter().sum::<u64>(), 181_440);

    // Show the farthest: a position at God's number, then the other one.
    let mut seen = Vec::new();
    for _ in 0..at_max {
        h.get_by_label("Show the farthest").click();
        h.run();
        let b = h.state().tiles.game.board.clone();
        assert_eq!(truth[b.cells()] as usize, max, "{b:?}");
        h.get_by_label(&format!("{max} moves from the goal (exact)"));
        seen.push(b);
    }
    seen.dedup();
    assert_eq!(seen.len() as u64, at_max, "each farthest position in turn");
}

#[test]
fn an_unsolvable_board_is_explained_by_its_parities() {
    let mut h = tiles_harness(Settings::default());
    set_board(&mut h, "2 1 3 4 5 6 7 8 0");
    wait_until(
        &mut h,
        |h| h.query_by_label("This position cannot reach the goal").is_some(),
        60,
        "the table",
    );
    h.get_by_label("Why this position cannot reach the goal");
    h.get_by_label_contains("(2 → 1)");
    h.get_by_label_contains("1 swap in all — odd");
    h.get_by_label("The blank is 0 steps from its goal cell — even.");
    // A 4×4 one, without any table: a 3-cycle (two swaps) and a 2-cycle.
    set_board(&mut h, "2 3 1 4 5 6 7 8 9 10 11 12 13 15 14 0");
    h.run();
    h.get_by_label_contains("(2 → 3 → 1), (15 → 14)");
    h.get_by_label_contains("3 swaps in all — odd");
    h.get_by_label("The blank is 0 steps from its goal cell — even.");
    // One more swap (edit mode) makes it solvable: the explanation goes.
    set_board(&mut h, "2 3 1 4 5 6 7 8 9 10 11 12 13 14 15 0");
    h.run();
    assert!(h.query_by_label("Why this position cannot reach the goal").is_none());
}

#[test]
fn a_15_puzzle_distance_arrives_in_the_background_for_the_board_shown() {
    let mut h = tiles_harness(Settings::default());
    // Six moves from the goal, then one tile back: five.
    let six = "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15";
    let six = {
        let mut b = board(six);
        for d in [Dir::Up, Dir::Right, Dir::Down] {
            b.apply(d).unwrap();
        }
        b
    };
    let truth = |b: &Board| {
        let p = crate::engine::TilePuzzle::new(b.clone(), Board::goal(b.shape())).unwrap();
        let astar = crate::engine::strategy::find("astar").unwrap();
        let o = crate::engine::solve_tiles(
            astar,
            &p,
            &crate::engine::HeuristicChoice::Manhattan,
            &crate::engine::Control::default(),
        )
        .unwrap();
        o.path.len() as u32
    };
    set_board(&mut h, &text(&six));
    // Before the answer for `six` lands, the board changes.
    let mut next = six.clone();
    next.apply(Dir::Up).unwrap();
    set_board(&mut h, &text(&next));
    let (d6, d_next) = (truth(&six), truth(&next));
    assert_ne!(d6, d_next);
    wait_for_readout(&mut h, d_next);
    assert!(
        h.query_by_label(&format!("{d6} moves from the goal (exact)")).is_none(),
        "the first board's answer never shows"
    );
    let known = h.state().tiles.distances.known(&next).expect("known");
    assert!(known.exact);
    assert!(h.state().tiles.distances.known(&six).is_none(), "dropped");
    // Hint: its move brings the board one closer.
    h.get_by_label("Hint").click();
    h.run();
    h.get_by_label("More hint").click();
    h.run();
    let blank = known.first.expect("a first move");
    let mut after = next.clone();
    after.apply(blank).unwrap();
    assert_eq!(truth(&after) + 1, d_next);
}
