//! The inspector's run as the search's own, as a learner meets it: thinking
//! time counts neither against the time limit nor in the time shown, Run to
//! end records at the search's pace, not the frames', tabu search's tied
//! moves are called tied, and a solution found in the inspector is kept on
//! Close (each once a defect that broke a lesson).

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::inspector::tests::{inspect, steps};
use crate::app::tests::{board, harness, wait_until};
use crate::engine::strategy::{find, solve_tiles};
use crate::engine::{Board, Control, HeuristicChoice, TilePuzzle};

/// 31 moves from the goal: the 8-puzzle's farthest kind of start.
const FAR: &str = "8 6 7 2 5 4 3 0 1";

fn message(h: &Harness<'_, HuarongApp>) -> String {
    h.state().inspector().expect("open").message()
}

/// Run to end, and wait for the run to be over.
fn run_to_end(h: &mut Harness<'_, HuarongApp>) {
    crate::app::inspector::tests::run_to_end(h, 120);
}

fn optimum(start: &Board) -> usize {
    crate::app::tests::optimum(start) as usize
}

/// The learner thinks between steps for longer than the time limit; the
/// run still ends solved, and the time it shows is the search's own.
#[test]
fn thinking_time_counts_neither_against_the_time_limit_nor_in_the_time_shown() {
    for strategy in ["astar", "idastar"] {
        let mut h = harness();
        let limit = Duration::from_millis(800);
        {
            let settings = h.state_mut().settings_mut();
            settings.limit_time = true;
            settings.time_limit = limit.as_secs_f64();
        }
        inspect(&mut h, strategy, FAR);
        h.get_by_label("Step").click();
        wait_until(&mut h, |h| steps(h) == 1, 20, "one step");
        // The learner thinks (the wall clock passing is what is tested).
        std::thread::sleep(limit * 2);
        run_to_end(&mut h);
        let said = message(&h);
        let moves = optimum(&board(FAR));
        assert!(
            said.contains(&format!("Solved: {moves} moves")),
            "{strategy}: {said}"
        );
        assert!(!said.contains("limit"), "{strategy}: {said}");
        // The time shown leaves the thinking out: under the limit.
        let time: Vec<&str> = said
            .split("time ")
            .nth(1)
            .unwrap_or_else(|| panic!("{strategy}: a time in {said}"))
            .split_whitespace()
            .take(2)
            .collect();
        let value: f64 = time[0].parse().expect("a number");
        let secs = if time[1].starts_with("ms") {
            value / 1e3
        } else {
            value
        };
        assert!(secs < limit.as_secs_f64(), "{strategy}: {secs} s in {said}");
    }
}

/// Run to end records at the search's pace: with no frame drawn after the
/// click, a BFS of the 8-puzzle's farthest start runs to its end and every
/// step but the last is already folded into what is shown.
#[test]
fn run_to_end_records_at_the_searchs_pace_not_the_frames() {
    let mut h = harness();
    inspect(&mut h, "bfs", FAR);
    let puzzle = TilePuzzle::parse(FAR, None, None).unwrap();
    let plain = solve_tiles(
        find("bfs").unwrap(),
        &puzzle,
        &HeuristicChoice::Manhattan,
        &Control::default(),
    )
    .unwrap();
    assert!(plain.stats.expanded > 100_000, "a run worth recording");
    h.get_by_label("Run to end").click();
    h.step(); // one frame takes the click: the search is let go
    let inspector = h.state_mut().inspector_mut().unwrap();
    assert!(
        inspector.wait_for_search(Duration::from_secs(120)),
        "the search ends with no frame drawn"
    );
    let model = inspector.model();
    assert!(
        model.expanded + 1 >= plain.stats.expanded,
        "{} of {} expansions shown",
        model.expanded,
        plain.stats.expanded
    );
    h.run();
    assert!(
        message(&h).starts_with("The run is over"),
        "{}",
        message(&h)
    );
    let model = h.state().inspector().unwrap().model();
    assert_eq!(model.expanded, plain.stats.expanded);
    assert_eq!(model.generated, plain.stats.generated);
    assert_eq!(model.goal, Some(plain.path.len() as u32));
}

/// A solution found in the inspector is offered for playback on Close: it
/// is in the Steps panel, from the board the run began on, and replays to
/// the goal.
#[test]
fn closing_a_solved_run_puts_its_solution_in_the_steps_panel() {
    let mut h = harness();
    let start = "1 8 5 4 2 3 7 6 0";
    inspect(&mut h, "astar", start);
    run_to_end(&mut h);
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().inspector().is_none());
    let status = h.state().status();
    // The run's figures end their sentence before the next begins (they
    // end with its time: "… ms").
    assert!(
        status.contains(" ms. Its solution is in the Steps panel"),
        "{status}"
    );
    let sol = h
        .state()
        .tiles()
        .solution()
        .expect("the inspected solution");
    let b = board(start);
    assert_eq!(sol.boards[0], b);
    assert_eq!(sol.path.len(), optimum(&b));
    let mut at = b.clone();
    for &d in &sol.path {
        at.apply(d).expect("a legal move");
    }
    assert_eq!(at, Board::goal(b.shape()));
    assert!(h.query_by_label("Play").is_some(), "playback offered");
}

/// A run closed before it ended hands nothing over.
#[test]
fn closing_an_unfinished_run_leaves_the_steps_panel_alone() {
    let mut h = harness();
    inspect(&mut h, "astar", FAR);
    h.get_by_label("Step").click();
    wait_until(&mut h, |h| steps(h) == 1, 20, "one step");
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().tiles().solution().is_none());
    assert!(!h.state().status().contains("Steps panel"));
}

/// Tabu search weighs every neighbour and draws among the best: a
/// neighbour as good as the one taken is called tied, not rejected, and
/// the table has no temperature or chance columns (annealing's).
#[test]
fn tabu_search_calls_a_tied_neighbour_tied_and_shows_only_its_own_columns() {
    let mut h = harness();
    inspect(&mut h, "tabu", FAR);
    h.get_by_label("Step ×10").click();
    wait_until(&mut h, |h| steps(h) == 10, 20, "ten steps");
    h.get_by_label("Step ×10").click();
    wait_until(&mut h, |h| steps(h) == 20, 20, "twenty steps");
    let model = h.state().inspector().unwrap().model();
    assert!(h.query_by_label("score").is_some());
    assert!(h.query_by_label("T").is_none(), "no temperature column");
    assert!(h.query_by_label("chance").is_none(), "no chance column");
    // Checked against the events: a neighbour of an iteration whose move
    // was taken, as good as that move, is tied.
    let mut tied = 0;
    for p in &model.proposals {
        let taken = model
            .proposals
            .iter()
            .find(|q| q.iteration == p.iteration && q.accepted);
        if let Some(t) = taken
            && !p.accepted
            && t.proposed == p.proposed
            && t.tabu == p.tabu
        {
            tied += 1;
        }
    }
    // The move just proposed is shown on its own too.
    let latest = model.proposals.back().unwrap();
    let latest_tied = model.proposals.iter().any(|q| {
        q.iteration == latest.iteration
            && q.accepted
            && !latest.accepted
            && q.proposed == latest.proposed
            && q.tabu == latest.tabu
    });
    let shown = h
        .query_all_by_label_contains("tied with the move taken")
        .count();
    assert!(tied > 0, "this walk meets a tie in 20 steps");
    assert_eq!(shown, tied + usize::from(latest_tied), "every tie says so");
}

/// Issue 43 item 8: tabu search's and greedy's rows of one iteration said
/// the same ("0 · 22 → 21 · −1 · weighed"): each names its neighbour, the
/// tile that moves and where, checked against the boards; and the panel,
/// the table and the pseudocode say one word for what is weighed.
#[test]
fn tabu_and_greedy_rows_name_their_neighbour_and_say_one_word_for_what_they_weigh() {
    for name in ["tabu", "greedy"] {
        let mut h = harness();
        inspect(&mut h, name, FAR);
        h.get_by_label("Step").click();
        wait_until(&mut h, |h| steps(h) == 1, 20, "one step");
        h.get_by_label("Step").click();
        wait_until(&mut h, |h| steps(h) == 2, 20, "two steps");
        let model = h.state().inspector().unwrap().model();
        let latest = model.proposals.back().unwrap().iteration;
        let rows: Vec<_> = model
            .proposals
            .iter()
            .filter(|p| p.iteration == latest)
            .collect();
        assert!(rows.len() >= 2, "{name}: {} neighbours weighed", rows.len());
        let shape = crate::engine::Shape::new(3, 3).unwrap();
        let words = crate::engine::observe::StateWords::tiles(shape);
        let mut named = Vec::new();
        for p in rows {
            let (a, b) = (
                Board::parse(&words.text(&p.from), Some(shape)).unwrap(),
                Board::parse(&words.text(&p.state), Some(shape)).unwrap(),
            );
            // The test's own reading: the tile that left the cell the
            // blank moves to, and the way it went.
            let tile = a.cells()[b.blank()];
            let (ra, ca) = shape.coords(a.blank());
            let (rb, cb) = shape.coords(b.blank());
            let way = if rb < ra {
                "down"
            } else if rb > ra {
                "up"
            } else if cb < ca {
                "right"
            } else {
                "left"
            };
            let label = format!("tile {tile} {way}");
            assert!(
                h.query_all_by_label(&label).next().is_some(),
                "{name}: no row says {label}"
            );
            named.push(label);
        }
        let count = named.len();
        named.sort();
        named.dedup();
        assert_eq!(named.len(), count, "{name}: two rows name one neighbour");
        // One word for what is weighed, the pseudocode's: tabu search's
        // score, greedy's energy E.
        let (word, other) = if name == "tabu" {
            ("score", "energy")
        } else {
            ("energy", "score")
        };
        assert!(
            h.query_all_by_label(word).next().is_some(),
            "{name}: {word}"
        );
        let stray: Vec<_> = h
            .query_all_by_label_contains(other)
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        assert!(stray.is_empty(), "{name} says {other}: {stray:?}");
    }
}

/// Step (or Pause) while Run to end goes on stops at a step that is
/// explained, never at one passed over: its pseudocode lines and its
/// sentences are there once the run has settled.
#[test]
fn stepping_during_a_run_to_end_stops_at_an_explained_step() {
    let mut h = harness();
    inspect(&mut h, "bfs", FAR);
    h.get_by_label("Run to end").click();
    h.step(); // the search is let go
    h.get_by_label("Step").click();
    h.step();
    let inspector = h.state_mut().inspector_mut().unwrap();
    assert!(inspector.wait_for_search(Duration::from_secs(120)));
    h.run();
    let model = h.state().inspector().unwrap().model();
    assert!(model.steps > 1, "the run went on past its first step");
    let explained = model.lesson().unwrap().explained().unwrap();
    assert!(!explained.unexplained, "stopped at step {}", model.steps);
    assert!(!explained.lines.is_empty() && !explained.narration.is_empty());
}
