//! The search inspector as a person uses it: Inspect beside Solve, Step,
//! Step ×10, Play, Run to end, Back, the tree view and Close — checked
//! against the test's own computations on the 8-puzzle.

use std::cell::RefCell;
use std::collections::HashSet;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::inspector::Inspector;
use crate::app::inspector::model::tests::{board_key, board_text};
use crate::app::tests::{board, harness, klotski_harness, neighbours, set_board, wait_until};
use crate::engine::strategy::find;
use crate::engine::{Board, HeuristicKind};

mod beside;
pub(super) mod lesson;
mod predict;
mod run;

pub(super) fn inspector<'a>(h: &'a Harness<'_, HuarongApp>) -> &'a Inspector {
    h.state().inspector().expect("the inspector is open")
}

pub(super) fn steps(h: &Harness<'_, HuarongApp>) -> u64 {
    inspector(h).model().steps
}

/// Choose `strategy` (by its label) and open the inspector on `start`.
pub(super) fn inspect(h: &mut Harness<'_, HuarongApp>, strategy: &str, start: &str) {
    set_board(h, start);
    h.get_by_label(find(strategy).unwrap().label()).click();
    h.run();
    if find(strategy).unwrap().uses_heuristic() {
        h.get_by_label(HeuristicKind::Manhattan.label()).click();
        h.run();
    }
    click_inspect(h);
}

/// Click Inspect and wait for the run to reach its first stop. Its
/// thread's way there is not counted in frames: on a busy machine it took
/// more than the frames `Harness::run` allows the panel's spinner.
pub(in crate::app) fn click_inspect(h: &mut Harness<'_, HuarongApp>) {
    h.get_by_label("Inspect").click();
    h.step();
    wait_until(
        h,
        |h| h.state().inspector().is_some_and(|i| !i.preparing()),
        60,
        "the inspector open and at its first stop",
    );
    h.run();
}

/// Click Run to end and wait up to `secs` for the run to be over.
pub(super) fn run_to_end(h: &mut Harness<'_, HuarongApp>, secs: u64) {
    h.get_by_label("Run to end").click();
    wait_until(
        h,
        |h| inspector(h).message().starts_with("The run is over"),
        secs,
        "the end",
    );
}

/// Click `button` and wait until `steps` steps are shown.
pub(super) fn click_until(h: &mut Harness<'_, HuarongApp>, button: &str, steps_shown: u64) {
    h.get_by_label(button).click();
    wait_until(h, |h| steps(h) == steps_shown, 20, button);
}

/// The 8-puzzle's Manhattan distance, computed here.
pub(super) fn manhattan(b: &Board) -> u32 {
    let goal = Board::goal(b.shape());
    let shape = b.shape();
    let at = |board: &Board, t: u8| board.cells().iter().position(|&x| x == t).unwrap();
    (1..9u8)
        .map(|t| {
            let (r1, c1) = shape.coords(at(b, t));
            let (r2, c2) = shape.coords(at(&goal, t));
            (r1.abs_diff(r2) + c1.abs_diff(c2)) as u32
        })
        .sum()
}

/// Moves from `start` to the goal, by the test's own BFS.
pub(super) use crate::app::tests::optimum;

#[test]
fn stepping_astar_shows_the_start_then_its_children_in_the_open_list() {
    let mut h = harness();
    let start = "1 8 5 4 2 3 7 6 0";
    inspect(&mut h, "astar", start);
    assert!(
        h.query_by_label("The start. Press Step to expand it.")
            .is_some()
    );
    // Before the first step the start waits on the open list, alone,
    // with its estimate (told once the search waits to expand it).
    let b = board(start);
    let h0 = manhattan(&b);
    let start_numbers = format!("g 0 · h {h0} · f {h0}");
    wait_until(
        &mut h,
        |h| h.query_by_label_contains(&start_numbers).is_some(),
        20,
        "the start on the open list",
    );
    assert!(h.query_by_label_contains("1 waiting, 1 stored").is_some());
    assert!(h.query_by_label_contains("open 1").is_some());
    // Pushed once: learning its estimate is not a second push.
    assert_eq!(inspector(&h).model().pushed(&board_key(start)), Some(1));
    assert!(
        h.query_by_label("Nothing yet: the start is expanded first.")
            .is_none()
    );
    click_until(&mut h, "Step", 1);
    assert!(h.query_by_label_contains("waiting").is_some());
    // The start expanded: g 0, h its Manhattan distance.
    assert!(
        h.query_by_label(&format!("g 0 · h {h0} · f {h0}"))
            .is_some()
    );
    // Its children wait in the open list, each with g 1 and its own h.
    let children = neighbours(&b);
    for i in 0..children.len() {
        assert!(h.query_by_label(&format!("open {i}")).is_some(), "open {i}");
    }
    assert!(
        h.query_by_label(&format!("open {}", children.len()))
            .is_none()
    );
    for c in &children {
        let hc = manhattan(c);
        let text = format!("g 1 · h {hc} · f {}", hc + 1);
        assert!(
            h.query_all_by_label_contains(&text).next().is_some(),
            "{text} shown"
        );
    }
    assert!(
        h.query_by_label(&format!("Children ({})", children.len()))
            .is_some()
    );
    // All of them are shown, and the header says so.
    let n = children.len();
    h.get_by_label(&format!(
        "{n} waiting, {} stored; all of them, the least f first (newest first among equal f):",
        n + 1
    ));
    // Ten more: the next node taken has the least f of those shown.
    click_until(&mut h, "Step ×10", 11);
    let m = inspector(&h).model();
    let least = m.next_open(20).iter().map(|n| n.f()).min().unwrap();
    // The header counts what it shows: the first 20, or all of them.
    if m.open_len() > 20 {
        h.get_by_label_contains("; the 20 with the least f");
    } else {
        h.get_by_label_contains("; all of them, the least f first");
    }
    click_until(&mut h, "Step", 12);
    let m = inspector(&h).model();
    assert_eq!(m.current().unwrap().f(), least);
    assert!(m.stored > m.expanded, "more states stored than expanded");
}

/// Weighted A* is stepped like A*, in its own order: each node it expands
/// is the first the open list showed before the step (least g + w·h, w
/// 1.2 by default, newest first among equal keys), and at the end the
/// path drawn goes from the start to the goal one move a link, at most w
/// times the optimum.
#[test]
fn weighted_astar_is_stepped_in_its_own_order_to_a_path_within_its_bound() {
    let mut h = harness();
    let start = "1 8 5 4 2 3 7 6 0";
    inspect(&mut h, "weighted", start);
    click_until(&mut h, "Step", 1);
    h.get_by_label_contains("all of them, the least g + 1.2·h first");
    for k in 2..=40 {
        let m = inspector(&h).model();
        if m.goal.is_some() {
            break;
        }
        let next = m.next_open(1).pop().expect("an open node").state;
        click_until(&mut h, "Step", k);
        assert_eq!(
            inspector(&h).model().current().unwrap().state,
            next,
            "step {k}"
        );
    }
    run_to_end(&mut h, 30);
    let m = inspector(&h).model().clone();
    let best = optimum(&board(start));
    let g = m.goal.expect("the goal is reached");
    assert!(
        g >= best && f64::from(g) <= 1.2 * f64::from(best),
        "{g} vs {best}"
    );
    let path = m.solution_nodes();
    assert_eq!(path.len() as u32, g + 1);
    let states: Vec<Board> = path
        .iter()
        .map(|&i| board(&board_text(&m.tree[i].node.state)))
        .collect();
    assert_eq!(states[0], board(start));
    assert_eq!(*states.last().unwrap(), Board::goal(states[0].shape()));
    for w in states.windows(2) {
        assert!(neighbours(&w[0]).contains(&w[1]));
    }
}

#[test]
fn playing_idastar_raises_the_bound_by_two_from_h_of_the_start_to_the_optimum() {
    let mut h = harness();
    let start = "1 8 5 4 0 3 7 2 6";
    inspect(&mut h, "idastar", start);
    // Slow enough that the second iteration (about 25 steps) outlasts a
    // frame of a loaded machine, so the bound is seen to rise.
    h.state_mut().inspector_mut().unwrap().set_rate(20.0);
    h.get_by_label("Play").click();
    let seen = RefCell::new(Vec::<u32>::new());
    wait_until(
        &mut h,
        |h| {
            let i = inspector(h);
            // The bound the user reads, each frame.
            if let Some(b) = i.model().bound()
                && h.query_by_label(&format!("bound {b}")).is_some()
                && seen.borrow().last() != Some(&b)
            {
                seen.borrow_mut().push(b);
            }
            i.message().starts_with("The run is over")
        },
        60,
        "play to the end",
    );
    assert!(!inspector(&h).playing(), "Play stops at the end");
    let b = board(start);
    let expected: Vec<u32> = (manhattan(&b)..=optimum(&b)).step_by(2).collect();
    assert!(expected.len() >= 3, "a run of several iterations");
    // Seen rising frame by frame (a short iteration may pass within one
    // frame), ending at the optimum; the model holds every one.
    let seen = seen.into_inner();
    assert!(seen.len() >= 2, "{seen:?}");
    assert!(seen.iter().all(|b| expected.contains(b)), "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(seen.last(), expected.last());
    let bounds: Vec<u32> = inspector(&h)
        .model()
        .iterations
        .iter()
        .map(|i| i.bound)
        .collect();
    assert_eq!(bounds, expected);
    // The iterations table lists each bound.
    h.get_by_label("Iterations").click();
    h.run();
    let msg = inspector(&h).message().to_string();
    assert!(
        msg.contains(&format!("Solved: {} moves (optimal)", optimum(&b))),
        "{msg}"
    );
    assert!(
        h.query_by_label("iteration").is_some(),
        "the table's heading"
    );
}

#[test]
fn the_search_tree_of_a_small_run_highlights_the_path_and_a_click_shows_a_node() {
    let mut h = harness();
    let start = "1 2 3 0 4 6 7 5 8";
    inspect(&mut h, "bfs", start);
    run_to_end(&mut h, 20);
    h.get_by_label("Search tree").click();
    h.run();
    let m = inspector(&h).model().clone();
    assert_eq!(m.goal, Some(3));
    // Fitted to the canvas, every expansion is drawn, and the goal.
    h.get_by_label("Fit").click();
    h.run();
    for i in 1..=m.tree.len() {
        assert!(
            h.query_by_label(&format!("tree node {i}")).is_some(),
            "node {i}"
        );
    }
    // The path highlighted goes start → goal one move a link.
    let path = m.solution_nodes();
    assert_eq!(path.len(), 4);
    let states: Vec<Board> = path
        .iter()
        .map(|&i| board(&board_text(&m.tree[i].node.state)))
        .collect();
    assert_eq!(states[0], board(start));
    assert_eq!(states[3], Board::goal(states[0].shape()));
    for w in states.windows(2) {
        assert!(neighbours(&w[0]).contains(&w[1]));
    }
    // A click shows that node on the main board, with its g alone: BFS
    // uses no heuristic, so it shows no h or f.
    h.get_by_label("tree node 3").click();
    h.run();
    assert!(h.query_by_label("Tree node (picked)").is_some());
    let n = &m.tree[2].node;
    h.get_by_label(&format!("g {}", n.g));
    assert!(h.query_by_label_contains("· h ").is_none(), "no h for BFS");
}

/// Issue 43 item 11: at 800 px the legend's rows broke between a swatch
/// and its words, so each swatch stood beside the wrong words. Every
/// entry's words now begin a swatch's width from the legend's left edge
/// or further, on the swatch's row.
#[test]
fn at_800_px_each_legend_swatch_stays_beside_its_words() {
    use crate::app::i18n::{InspectorMsg, Message};
    let mut h = harness();
    h.set_size(egui::Vec2::new(800.0, 560.0));
    h.run();
    inspect(&mut h, "astar", "1 8 5 4 2 3 7 6 0");
    h.get_by_label("Search tree").click();
    h.run();
    let left = h
        .get_by_label(&InspectorMsg::LegendHeading.text(crate::app::i18n::Lang::English))
        .rect()
        .min
        .x;
    let mut rows = std::collections::BTreeSet::new();
    for key in super::legend::Key::ALL {
        let words = h
            .get_by_label(&key.words().text(crate::app::i18n::Lang::English))
            .rect();
        assert!(
            words.min.x >= left + 12.0,
            "{:?}'s words start at {} with the legend at {left}: no swatch before them",
            key,
            words.min.x
        );
        rows.insert(words.min.y as i32);
    }
    assert!(
        rows.len() > 1,
        "at 800 px the legend takes more than one row"
    );
}

#[test]
fn a_wide_search_tree_opens_with_its_root_in_view() {
    let mut h = harness();
    // A whole BFS run, small enough to draw unfolded: a tree far wider
    // than the panel.
    inspect(&mut h, "bfs", "5 4 2 1 8 3 7 0 6");
    run_to_end(&mut h, 30);
    h.get_by_label("Search tree").click();
    h.run();
    let m = inspector(&h).model().clone();
    let shown = crate::app::inspector::tree::shown(&m, &HashSet::new(), false);
    assert!(!shown.folding, "{} nodes", shown.nodes.len());
    let width = shown.columns;
    assert!(
        width > 40.0,
        "a tree {width} columns wide is too narrow to test"
    );
    // Nodes are drawn only where they are in view.
    h.get_by_label("tree node 1");
    assert!(
        h.query_by_label("tree node 2").is_none(),
        "the root's first child, far to the left, is out of view"
    );
    // Away and back: it opens at the root again.
    h.get_by_label("Queue").click();
    h.run();
    h.get_by_label("Search tree").click();
    h.run();
    h.get_by_label("tree node 1");
}

#[test]
fn a_board_already_at_the_goal_is_not_inspected_and_the_status_says_why() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    h.get_by_label("A*").click();
    h.run();
    h.get_by_label("Inspect").click();
    h.run();
    assert!(h.state().inspector().is_none());
    let status = h.state().status();
    assert!(
        status.contains("the board is already at the goal, so there is nothing to search"),
        "{status}"
    );
}

#[test]
fn idastar_shows_a_move_skipped_by_move_pruning_among_the_children() {
    let mut h = harness();
    inspect(&mut h, "idastar", "8 6 7 2 5 4 3 0 1");
    // Step until a node's children include a skipped move (the automaton
    // first cuts a path at its sixth move).
    let mut shown = 0;
    while h
        .query_by_label_contains("repeats a shorter or earlier move sequence: skipped")
        .is_none()
    {
        assert!(shown < 2000, "no skipped move in {shown} steps");
        shown += 10;
        click_until(&mut h, "Step ×10", shown);
    }
    // Depth first, the list is of the children so far, and says so.
    h.get_by_label_contains("Children so far (");
    // The iterations count the skipped moves too.
    let skipped: u64 = inspector(&h)
        .model()
        .iterations
        .iter()
        .map(|i| i.skipped)
        .sum();
    assert!(skipped > 0);
    h.get_by_label("Iterations").click();
    h.run();
    h.get_by_label("skipped");
    // The model holds it among the current node's children.
    let m = inspector(&h).model();
    assert!(
        m.children()
            .iter()
            .any(|c| c.fate == crate::engine::observe::Fate::Skipped)
    );
}

#[test]
fn before_the_first_step_the_tabs_are_the_strategys_own() {
    // IDA* keeps no open list, a local search no tree: their tabs show
    // from the start, not only once events have said how they search.
    for (strategy, tabs, not) in [
        (
            "idastar",
            &["Iterations", "Path", "Search tree"][..],
            "Open list",
        ),
        ("annealing", &["Walk and proposals"][..], "Open list"),
        ("astar", &["Open list", "Search tree"][..], "Iterations"),
        ("bfs", &["Queue", "Layers", "Search tree"][..], "Open list"),
    ] {
        let mut h = harness();
        inspect(&mut h, strategy, "1 8 5 4 2 3 7 6 0");
        for tab in tabs {
            assert!(h.query_by_label(tab).is_some(), "{strategy}: {tab}");
        }
        assert!(h.query_by_label(not).is_none(), "{strategy}: {not}");
        assert!(
            h.query_by_label("bound 0").is_none(),
            "{strategy}: no bound yet"
        );
        // And they say nothing has happened yet, not "bound 0"; a search
        // with an open list has the start on it.
        match strategy {
            "annealing" => {
                h.get_by_label("Nothing yet: Step proposes the first move from the start.");
            }
            "idastar" => {
                h.get_by_label("Nothing yet: the start is expanded first.");
            }
            _ => {
                h.get_by_label_contains("1 waiting, 1 stored");
            }
        }
    }
}

#[test]
fn back_shows_the_step_before_again() {
    let mut h = harness();
    inspect(&mut h, "astar", "1 8 5 4 2 3 7 6 0");
    click_until(&mut h, "Step ×10", 10);
    let at_ten = inspector(&h).model().clone();
    click_until(&mut h, "Step", 11);
    assert_ne!(
        inspector(&h).model().current().cloned(),
        at_ten.current().cloned()
    );
    h.get_by_label("Back").click();
    h.run();
    let back = inspector(&h).model();
    assert_eq!(back.steps, 10);
    assert_eq!(back.current().cloned(), at_ten.current().cloned());
    assert_eq!(back.children(), at_ten.children());
    assert_eq!(back.next_open(20), at_ten.next_open(20));
    assert!(h.query_by_label("Back to step 10.").is_some());
    // And forward again from the recorded events.
    click_until(&mut h, "Step", 11);
}

#[test]
fn closing_during_play_ends_the_search() {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("BFS").click();
    h.run();
    click_inspect(&mut h);
    h.state_mut().inspector_mut().unwrap().set_rate(1000.0);
    h.get_by_label("Play").click();
    wait_until(&mut h, |h| steps(h) > 50, 20, "playing");
    let job = h.state_mut().inspector_mut().unwrap().take_job();
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().inspector().is_none());
    let ended = job
        .expect("running")
        .wait_timeout(std::time::Duration::from_secs(10))
        .expect("the search ends once closed")
        .unwrap();
    let ended = super::Ran::from(ended).ended().english();
    assert!(ended.contains("ancel"), "{ended}");
    // The play view is back, its board as it was.
    assert!(h.query_by_label("Solve").is_some());
}

#[test]
fn klotski_is_inspected_on_its_own_board() {
    let mut h = klotski_harness();
    h.get_by_label(find("astar").unwrap().label()).click();
    h.run();
    click_inspect(&mut h);
    click_until(&mut h, "Step", 1);
    let m = inspector(&h).model();
    let text = inspector(&h).subject.text(&m.current().unwrap().state);
    let layout = crate::engine::klotski::Layout::parse(&text);
    assert!(layout.is_ok(), "the state reads as a layout");
    assert!(h.query_by_label("node expanded").is_some());
    assert!(!m.children().is_empty());
    for i in 0..m.children().len() {
        assert!(h.query_by_label(&format!("child {i}")).is_some());
    }
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().inspector().is_none(), "Esc closes it");
}

#[test]
fn stepping_annealing_shows_the_walk_its_temperature_and_each_chance() {
    let mut h = harness();
    let start = "1 8 5 4 2 3 7 6 0";
    inspect(&mut h, "annealing", start);
    click_until(&mut h, "Step ×10", 10);
    let m = inspector(&h).model().clone();
    assert_eq!(m.proposals.len(), 10, "one proposed move a step");
    // The raw walk: each move taken is one slide from where the walk was.
    let mut at = board(start);
    for p in &m.proposals {
        let next = board(&board_text(&p.state));
        assert!(neighbours(&at).contains(&next), "a neighbour is proposed");
        if p.accepted {
            at = next;
        }
    }
    assert_eq!(board(&board_text(&m.walk_at)), at);
    assert!(h.query_by_label("walk state").is_some());
    assert!(h.query_all_by_label_contains("T = ").next().is_some());
    assert!(
        h.query_all_by_label_contains("chance of taking it")
            .next()
            .is_some()
    );
    assert!(h.query_by_label("Walk and proposals").is_some());
    // Every proposal is listed, newest first, with its ΔE.
    let last = m.proposals.back().unwrap();
    assert!(
        h.query_all_by_label(&format!("{:+}", last.delta()))
            .next()
            .is_some(),
        "ΔE shown"
    );
}

/// The inspector's screenshots for the README (A*, IDA*, annealing), at
/// 1600×1000 and at 800×560. Ignored: it needs a graphics driver.
#[test]
#[ignore = "renders PNGs; run with HUARONG_SCREENSHOTS=<folder>"]
fn render_inspector() {
    let dir = crate::app::tests::screenshot_dir();
    for (strategy, name, start, steps_shown, tab) in [
        ("astar", "inspector-astar", "8 6 7 2 5 4 3 0 1", 30, None),
        (
            "idastar",
            "inspector-idastar",
            "8 1 3 4 0 2 7 6 5",
            120,
            Some("Iterations"),
        ),
        (
            "annealing",
            "inspector-annealing",
            "8 6 7 2 5 4 3 0 1",
            40,
            None,
        ),
    ] {
        for (w, hgt, suffix) in [(1600.0, 1000.0, ""), (800.0, 560.0, "-small")] {
            let mut h = harness();
            h.set_size(egui::Vec2::new(w, hgt));
            h.run();
            inspect(&mut h, strategy, start);
            let over =
                |h: &Harness<'_, HuarongApp>| inspector(h).message().starts_with("The run is over");
            while steps(&h) < steps_shown && !over(&h) {
                let next = steps(&h) + 10;
                h.get_by_label("Step ×10").click();
                wait_until(&mut h, |h| steps(h) >= next || over(h), 20, "ten steps");
            }
            if let Some(tab) = tab {
                h.get_by_label(tab).click();
                h.run();
            }
            let img = crate::app::tests::rendered(&mut h);
            img.save(dir.join(format!("{name}{suffix}.png"))).unwrap();
        }
    }
    // Klotski, a few steps into A*.
    for (w, hgt, suffix) in [(1600.0, 1000.0, ""), (800.0, 560.0, "-small")] {
        let mut h = klotski_harness();
        h.set_size(egui::Vec2::new(w, hgt));
        h.run();
        h.get_by_label(find("astar").unwrap().label()).click();
        h.run();
        click_inspect(&mut h);
        click_until(&mut h, "Step ×10", 10);
        let img = crate::app::tests::rendered(&mut h);
        img.save(dir.join(format!("inspector-klotski{suffix}.png")))
            .unwrap();
    }
    // The tree of a small A* run.
    let mut h = harness();
    h.set_size(egui::Vec2::new(1600.0, 1000.0));
    inspect(&mut h, "astar", "1 8 5 4 2 3 7 6 0");
    run_to_end(&mut h, 30);
    h.get_by_label("Search tree").click();
    h.run();
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("inspector-tree.png")).unwrap();
    // Predict, a few steps in: the question before the next step.
    let mut h = harness();
    h.set_size(egui::Vec2::new(1600.0, 1000.0));
    inspect(&mut h, "astar", "8 6 7 2 5 4 3 0 1");
    click_until(&mut h, "Step ×10", 10);
    h.get_by_label("Predict").click();
    h.run();
    wait_until(
        &mut h,
        |h| inspector(h).question().is_some(),
        20,
        "a question",
    );
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("inspector-predict.png")).unwrap();
    // Two runs side by side: A* with Manhattan and with misplaced tiles.
    let mut h = harness();
    h.set_size(egui::Vec2::new(1600.0, 1000.0));
    inspect(&mut h, "astar", "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Open side by side").click();
    h.run();
    h.get_by_label("Step ×10").click();
    wait_until(
        &mut h,
        |h| {
            inspector(h)
                .partner()
                .is_some_and(|p| p.model().steps == 10)
        },
        20,
        "ten steps each",
    );
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("inspector-beside.png")).unwrap();
}

#[test]
fn a_strategy_that_reports_no_steps_is_refused_with_the_reason() {
    let mut h = harness();
    set_board(&mut h, "1 8 5 4 2 3 7 6 0");
    let quiet: Vec<_> = crate::engine::strategy::for_family(crate::engine::strategy::Family::Tiles)
        .filter(|s| !s.reports_events())
        .collect();
    for s in quiet {
        h.get_by_label(s.label()).click();
        h.run();
        h.get_by_label("Inspect").click();
        h.run();
        assert!(h.state().inspector().is_none());
        assert!(
            h.state().status().contains("cannot be inspected"),
            "{}",
            h.state().status()
        );
    }
}

#[test]
fn past_the_events_kept_back_is_refused_with_the_reason_and_stepping_goes_on() {
    let mut h = harness();
    inspect(&mut h, "astar", "8 6 7 2 5 4 3 0 1");
    h.state_mut().inspector_mut().unwrap().set_kept(30);
    click_until(&mut h, "Step ×10", 10);
    click_until(&mut h, "Step ×10", 20);
    assert!(inspector(&h).model().events > 30);
    let before = inspector(&h).model().current().cloned();
    h.get_by_label("Back").click();
    h.run();
    assert!(
        inspector(&h)
            .message()
            .contains("Back is off for this run: it passed 30 events"),
        "{}",
        inspector(&h).message()
    );
    assert_eq!(
        inspector(&h).model().current().cloned(),
        before,
        "nothing changed"
    );
    click_until(&mut h, "Step", 21);
}

#[test]
fn the_inspector_opens_the_help_page_beside_the_run() {
    let mut h = harness();
    inspect(&mut h, "idastar", "1 8 5 4 2 3 7 6 0");
    click_until(&mut h, "Step", 1);
    h.get_by_label("How the strategies work").click();
    h.run();
    // Help opens over the inspector, which keeps its run.
    assert!(h.state().show_strategies);
    assert_eq!(steps(&h), 1);
    h.get_by_label_contains(find("idastar").unwrap().description());
}

#[test]
fn closing_the_inspector_says_what_its_run_came_to() {
    let mut h = harness();
    let start = "1 2 3 0 4 6 7 5 8";
    inspect(&mut h, "bfs", start);
    run_to_end(&mut h, 20);
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().inspector().is_none());
    let status = h.state().status().to_string();
    let moves = optimum(&board(start));
    assert!(
        status.starts_with("Inspector closed. Its run:")
            && status.contains(&format!("{moves} moves")),
        "{status}"
    );
    // Closed before its end, it says so instead of an older line.
    inspect(&mut h, "bfs", start);
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(
        h.state().status(),
        "Inspector closed; its run was not finished."
    );
}

/// The node being expanded, an open node, one first reached, one dropped,
/// the path: one colour each, named in the legend of the tree and of the
/// open list, in either language. The tree of a small run draws every
/// expansion and every open node, the next one marked.
#[test]
fn the_legend_names_each_colour_and_the_tree_draws_the_open_list() {
    let mut h = harness();
    inspect(&mut h, "astar", "8 6 7 2 5 4 3 0 1");
    click_until(&mut h, "Step ×10", 10);
    let legend = [
        "Colours:",
        "being expanded",
        "in the open list",
        "expanded already",
        "new child",
        "dropped (seen before, cut off or skipped)",
        "on the path to the goal (before it is reached: to the node being expanded)",
    ];
    for tab in ["Open list", "Search tree"] {
        h.get_by_label(tab).click();
        h.run();
        for words in legend {
            h.get_by_label(words);
        }
    }
    h.get_by_label("Fit").click();
    h.run();
    let m = inspector(&h).model().clone();
    for i in 1..=m.tree.len() {
        h.get_by_label(&format!("tree node {i}"));
    }
    assert!(
        h.query_by_label(&format!("tree node {}", m.tree.len() + 1))
            .is_none()
    );
    for k in 0..m.open_len() {
        h.get_by_label(&format!("open node {k}"));
    }
    assert!(
        h.query_by_label(&format!("open node {}", m.open_len()))
            .is_none()
    );
    crate::app::tests::to_chinese(&mut h);
    // (The heading over the node expanded says 正在扩展 too.)
    for words in ["图例：", "正在扩展", "在开放列表中", "已扩展", "新的子节点"]
    {
        assert!(h.query_all_by_label(words).next().is_some(), "{words}");
    }
    h.get_by_label("搜索树节点 1");
    h.get_by_label("开放列表节点 0");
}

/// The open list marks the node A* expands next and shows how it breaks
/// ties: among equal f the node pushed last comes first, as the engine's
/// bucket queue takes them; Step then expands the node marked.
#[test]
fn the_open_list_marks_the_node_expanded_next_and_how_ties_are_broken() {
    let mut h = harness();
    inspect(&mut h, "astar", "8 6 7 2 5 4 3 0 1");
    click_until(&mut h, "Step ×10", 10);
    h.get_by_label("Open list").click();
    h.run();
    h.get_by_label_contains("the node pushed last is expanded first");
    let mut ties = 0;
    for k in 11..=20 {
        let m = inspector(&h).model().clone();
        let entries = crate::app::inspector::frontier::open_entries(&m, 20);
        let next = &entries[0];
        let marked: Vec<String> = h
            .query_all_by_label_contains("expanded next")
            .filter_map(|n| words_of(&n))
            .filter(|l| l.starts_with("g "))
            .collect();
        assert_eq!(marked.len(), 1, "one node marked: {marked:?}");
        let (g, hh) = (next.node.g, next.node.h);
        let pushed = m.pushed(&next.node.state).expect("A* counts pushes");
        assert!(marked[0].starts_with(&format!("g {g} · h {hh} · f {}", g + hh)));
        assert!(
            marked[0].contains(&format!("pushed {pushed}")),
            "{}",
            marked[0]
        );
        // Tied neighbours: the one shown first was pushed later.
        for w in entries.windows(2) {
            if w[0].node.f() == w[1].node.f() {
                assert!(w[0].pushed > w[1].pushed, "newest first among equal f");
                ties += 1;
            }
        }
        let tied = entries.iter().filter(|e| e.tied).count();
        assert_eq!(h.query_all_by_label_contains("tie: pushed").count(), tied);
        click_until(&mut h, "Step", k);
        let m = inspector(&h).model();
        if m.goal.is_some() {
            break;
        }
        assert_eq!(m.current().unwrap().state, next.node.state, "step {k}");
    }
    assert!(ties > 0, "ties seen");
    crate::app::tests::to_chinese(&mut h);
    assert_eq!(h.query_all_by_label_contains("下一个扩展").count(), 1);
    h.get_by_label_contains("值相同时，最后加入的节点先扩展");
}

/// What a widget says: a button's label, a text's value (as AccessKit
/// keeps them).
fn words_of(node: &egui_kittest::Node<'_>) -> Option<String> {
    let n = node.accesskit_node();
    n.label().or_else(|| n.value())
}

/// The tree's node `label` on screen.
fn rect_of(h: &Harness<'_, HuarongApp>, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

/// Drag the tree to pan it, scroll to pan it, Ctrl + scroll (a zoom, as
/// egui reads it) and the buttons to zoom it: the nodes move and grow as
/// asked.
#[test]
fn dragging_scrolling_and_zooming_move_and_scale_the_tree() {
    let mut h = harness();
    inspect(&mut h, "bfs", "1 2 3 0 4 6 7 5 8");
    run_to_end(&mut h, 20);
    h.get_by_label("Search tree").click();
    h.run();
    let before = rect_of(&h, "tree node 1");
    let by = egui::vec2(-60.0, 40.0);
    let from = before.center();
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.step();
    for i in 1..=4 {
        h.hover_at(from + by * (i as f32 / 4.0));
        h.step();
    }
    h.drop_at(from + by);
    h.run();
    let dragged = rect_of(&h, "tree node 1");
    assert!(
        (dragged.min - (before.min + by)).length() < 1.0,
        "{before:?} → {dragged:?}"
    );
    // No click at the end of a drag: the board still shows the search.
    assert!(h.query_by_label("Tree node (picked)").is_none());
    // Scrolling pans too.
    h.hover_at(dragged.center());
    h.run();
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -30.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    let scrolled = rect_of(&h, "tree node 1");
    assert!(
        (scrolled.min.y - (dragged.min.y - 30.0)).abs() < 1.5,
        "{dragged:?} → {scrolled:?}"
    );
    // Ctrl + scroll zooms about the pointer: the node under it grows and
    // stays under it.
    h.hover_at(scrolled.center());
    h.run();
    h.event(egui::Event::Zoom(1.5));
    h.run();
    let zoomed = rect_of(&h, "tree node 1");
    assert!(
        (zoomed.width() - scrolled.width() * 1.5).abs() < 1.0,
        "{scrolled:?} → {zoomed:?}"
    );
    assert!(zoomed.contains(scrolled.center()));
    h.get_by_label("zoom 150 %");
    h.get_by_label("Zoom out").click();
    h.run();
    h.get_by_label("zoom 120 %");
    let out = rect_of(&h, "tree node 1");
    assert!((out.width() - zoomed.width() / 1.25).abs() < 1.0);
}

/// A run too large to draw whole folds the subtrees off the path: a
/// folded node counts what it hides, and a click unfolds it to its
/// children; in either language.
#[test]
fn clicking_a_folded_subtree_unfolds_it() {
    let mut h = harness();
    inspect(&mut h, "bfs", "1 8 5 4 2 3 7 6 0");
    run_to_end(&mut h, 30);
    h.get_by_label("Search tree").click();
    h.run();
    h.get_by_label_contains("subtrees off the path are folded");
    let m = inspector(&h).model().clone();
    // Every node on the path to the goal is drawn.
    h.get_by_label("Fit").click();
    h.run();
    for i in m.solution_nodes() {
        h.get_by_label(&format!("tree node {}", i + 1));
    }
    let folded = |h: &Harness<'_, HuarongApp>, words: &str| -> Vec<usize> {
        h.query_all_by_label_contains(words)
            .filter_map(|n| words_of(&n))
            .filter_map(|l| {
                let n = l
                    .split(&[' ', '，', ','][..])
                    .find_map(|w| w.parse::<usize>().ok())?;
                Some(n)
            })
            .collect()
    };
    let shut = folded(&h, "folded below");
    assert!(!shut.is_empty(), "folds drawn");
    let n = shut[0];
    let at = n - 1;
    // It counts the tree nodes under it (the queue's too, none here once
    // they are counted below their parents).
    let label = h
        .query_all_by_label_contains("folded below")
        .filter_map(|x| words_of(&x))
        .find(|l| l.starts_with(&format!("tree node {n},")))
        .unwrap();
    assert!(
        label.contains(&crate::units::thousands(
            (count_tree_under(&m, at) + count_open_under(&m, at)) as u64
        )),
        "{label}"
    );
    h.get_by_label(&label).click();
    h.run();
    h.get_by_label("Fit").click();
    h.run();
    h.get_by_label(&format!("tree node {n}"));
    for c in m.tree[at].children(&m.tree) {
        let name = format!("tree node {}", c + 1);
        assert!(
            h.query_by_label(&name).is_some()
                || h.query_all_by_label_contains(&format!("{name},"))
                    .next()
                    .is_some(),
            "child {name} drawn"
        );
    }
    // In Chinese, a fold is named and unfolds the same way.
    crate::app::tests::to_chinese(&mut h);
    let shut = folded(&h, "下面合起了");
    let n = *shut.iter().find(|&&k| k != n).expect("another fold");
    let label = h
        .query_all_by_label_contains("下面合起了")
        .filter_map(|x| words_of(&x))
        .find(|l| l.starts_with(&format!("搜索树节点 {n}，")))
        .unwrap();
    h.get_by_label(&label).click();
    h.run();
    h.get_by_label("全部合起");
    assert!(h.query_by_label(&label).is_none(), "unfolded");
}

/// Tree nodes strictly under `at`, counted down its children.
fn count_tree_under(m: &crate::app::inspector::model::Model, at: usize) -> usize {
    m.tree[at]
        .children(&m.tree)
        .map(|c| 1 + count_tree_under(m, c))
        .sum()
}

/// The open nodes under tree node `at`, by walking up from each.
fn count_open_under(m: &crate::app::inspector::model::Model, at: usize) -> usize {
    m.frontier()
        .iter()
        .filter(|w| {
            let mut up = w.parent;
            while let Some(i) = up {
                if i == at {
                    return true;
                }
                up = m.tree[i].parent();
            }
            false
        })
        .count()
}

/// Once BFS reaches the goal its layers say the search ended at the
/// goal's layer, not that the next one is still being filled.
#[test]
fn bfs_layers_say_the_search_ended_at_the_goals_layer() {
    let mut h = harness();
    let start = "1 2 3 0 4 6 7 5 8";
    inspect(&mut h, "bfs", start);
    h.get_by_label("Layers").click();
    click_until(&mut h, "Step", 1);
    h.get_by_label_contains("layer 1 is still being filled");
    run_to_end(&mut h, 20);
    let layer = optimum(&board(start));
    h.get_by_label_contains(&format!(
        "The search ended at layer {layer}: the goal is there."
    ));
    assert!(h.query_by_label_contains("still being filled").is_none());
    crate::app::tests::to_chinese(&mut h);
    h.get_by_label_contains(&format!("搜索在第 {layer} 层结束"));
}

/// The 8-puzzle start whose optimal solution is 31 moves.
const LONG: &str = "8 6 7 2 5 4 3 0 1";

#[test]
fn esc_closes_the_inspector_as_close_does() {
    let mut h = harness();
    set_board(&mut h, LONG);
    h.get_by_label("BFS").click();
    h.run();
    click_inspect(&mut h);
    assert!(h.state().inspector().is_some());
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    assert!(h.state().inspector().is_none(), "Esc closes it");
    assert_eq!(
        h.state().status(),
        "Inspector closed; its run was not finished."
    );
}

/// A run inspected to its end has its anatomy: after Close, the Anatomy
/// tab shows the inspected run's (not "No run yet"), its nodes by depth
/// adding up to the run's expansions, from the same events the inspector
/// folded.
#[test]
fn a_run_inspected_to_its_end_hands_its_anatomy_to_the_play_view() {
    let mut h = harness();
    inspect(&mut h, "astar", "1 2 3 4 0 6 7 5 8");
    run_to_end(&mut h, 20);
    let expanded = inspector(&h).model().expanded;
    h.get_by_label("Close").click();
    h.run();
    h.get_by_label("Anatomy").click();
    h.run();
    assert!(h.query_by_label_contains("No run yet").is_none());
    let run = h
        .state()
        .tiles()
        .anatomy
        .clone()
        .expect("the inspected run's anatomy");
    let a = run.anatomy.expect("recorded");
    assert_eq!(run.stats.expanded, expanded);
    assert_eq!(a.by_depth.iter().sum::<u64>(), expanded);
    h.get_by_label("Anatomy of A* with Manhattan distance");
}

/// The inspector's keys do what its buttons do: N steps, B goes back,
/// Space plays and pauses, E runs to the end.
#[test]
fn keys_step_go_back_play_and_run_to_the_end() {
    let mut h = harness();
    inspect(&mut h, "astar", "8 6 7 2 5 4 3 0 1");
    let press = |h: &mut Harness<'_, HuarongApp>, key| {
        h.key_press(key);
        h.run();
    };
    press(&mut h, egui::Key::N);
    wait_until(&mut h, |h| steps(h) == 1, 20, "one step");
    press(&mut h, egui::Key::N);
    wait_until(&mut h, |h| steps(h) == 2, 20, "two steps");
    press(&mut h, egui::Key::B);
    assert_eq!(steps(&h), 1, "back one step");
    // Playing repaints on: the frames are stepped, not run to rest.
    h.key_press(egui::Key::Space);
    wait_until(&mut h, |h| steps(h) > 3, 20, "playing");
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    let paused = steps(&h);
    h.run_steps(10);
    assert_eq!(steps(&h), paused, "paused");
    press(&mut h, egui::Key::E);
    wait_until(
        &mut h,
        |h| inspector(h).message().starts_with("The run is over"),
        60,
        "the end",
    );
    // The status line a screen reader hears is the inspector's.
    let heard = crate::app::widgets::steps::shown_status(&h.ctx).unwrap_or_default();
    assert!(heard.starts_with("The run is over"), "{heard}");
}

/// An inspected run's answer as the web edition gets it (sent to a worker
/// as JSON, read back), and its events keyed as the page reads them.
#[test]
fn an_inspected_run_sent_as_json_answers_as_on_a_thread() {
    use crate::app::jobs::Task;
    use crate::app::tasks::runner;
    use crate::engine::observe::StateKey;
    let dir = tempfile::tempdir().unwrap();
    let env = crate::app::tasks::testing::env(&crate::app::jobs::Jobs::new(dir.path().into()));
    let puzzle = crate::engine::TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
    let task = || super::InspectRun {
        start: crate::app::model::Start::Tiles(puzzle.clone()),
        strategy: crate::app::jobs::StrategyChoice::named("astar"),
        heuristic: HeuristicKind::Manhattan,
    };
    let events = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = events.clone();
    let ctl = crate::engine::Control::default().with_events(std::sync::Arc::new(move |e| {
        seen.lock().unwrap().push(e.clone())
    }));
    let json = serde_json::to_string(&task()).unwrap();
    let answer = runner(super::InspectRun::NAME).unwrap()(&json, &ctl, &env).unwrap();
    let back: super::Inspected = serde_json::from_str(&answer).unwrap();
    let super::Inspected::Ran(run) = back else {
        panic!("{answer}")
    };
    let (_, Ok(crate::app::model::RunOutcome::Tiles(outcome))) = *run else {
        panic!("{answer}")
    };
    let direct = task().run(&crate::engine::Control::default(), &env);
    let super::Inspected::Ran(run) = direct else {
        panic!("a solve")
    };
    let (_, Ok(crate::app::model::RunOutcome::Tiles(expected))) = *run else {
        panic!("a solve")
    };
    assert_eq!(outcome.path, expected.path);
    assert_eq!(outcome.stats.expanded, expected.stats.expanded);
    // Every event crosses as text and reads back as it was.
    for e in events.lock().unwrap().iter() {
        let wire = e.map_state(StateKey::to_wire);
        let text = serde_json::to_string(&wire).unwrap();
        let read: crate::engine::observe::EventOf<String> = serde_json::from_str(&text).unwrap();
        let again = read.map_state(|w| StateKey::from_wire(w).unwrap());
        assert_eq!(&again, e);
    }
}
