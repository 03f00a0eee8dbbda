//! Hints, distances and explanations (issue 17) as a player meets them:
//! the move overlay, the heuristic view, the chart of all positions and
//! "Show the farthest", an unsolvable board explained, a 15-puzzle
//! distance worked out in the background, Klotski hints. Every number is
//! checked against the test's own breadth-first search.

use std::collections::HashMap;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::tests::{board, harness_with_distances, set_board, wait_until};
use crate::app::widgets::distribution::Effect;
use crate::app::{HuarongApp, Settings};
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

/// [`bfs`] for other test modules.
pub(in crate::app) fn bfs_from(goal: &Board) -> HashMap<Vec<u8>, u32> {
    bfs(goal)
}

pub(in crate::app) fn eight_puzzle_distances() -> HashMap<Vec<u8>, u32> {
    bfs(&Board::goal(Shape::new(3, 3).unwrap()))
}

fn tiles_harness(settings: Settings) -> crate::app::tests::TestApp {
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
        let effects = h.state().tiles().distances.move_effects(&b);
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
            let expected = if after < d {
                Effect::Closer
            } else {
                Effect::Farther
            };
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
    h.get_by_label_contains(&format!(
        "Manhattan {manhattan} (in the corners) + {}",
        lc as usize - manhattan
    ));
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
    let table = h
        .state()
        .tiles()
        .distances
        .table()
        .expect("the table")
        .by_distance()
        .to_vec();
    assert_eq!(table, by_distance);
    assert_eq!(table.iter().sum::<u64>(), 181_440);

    // Show the farthest: a position at God's number, then the other one.
    let mut seen = Vec::new();
    for _ in 0..at_max {
        h.get_by_label("Show the farthest").click();
        h.run();
        let b = h.state().tiles().game.board.clone();
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
        |h| {
            h.query_by_label("This position cannot reach the goal")
                .is_some()
        },
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
    assert!(
        h.query_by_label("Why this position cannot reach the goal")
            .is_none()
    );
    // The explanation is no hint: it shows with the readout off too.
    h.get_by_label("Show distance and Hint").click();
    set_board(&mut h, "2 1 3 4 5 6 7 8 0");
    assert!(h.query_by_label_contains("from the goal").is_none());
    h.get_by_label("Why this position cannot reach the goal");
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
        h.query_by_label(&format!("{d6} moves from the goal (exact)"))
            .is_none(),
        "the first board's answer never shows"
    );
    let known = h.state().tiles().distances.known(&next).expect("known");
    assert!(known.exact);
    assert!(h.state().tiles().distances.known(&six).is_none(), "dropped");
    // Hint: its move brings the board one closer.
    h.get_by_label("Hint").click();
    h.run();
    h.get_by_label("More hint").click();
    h.run();
    let blank = known.first.expect("a first move");
    let mut after = next.clone();
    after.apply(blank).unwrap();
    assert_eq!(truth(&after) + 1, d_next);
    // The overlay: each move's distance worked out in the background too.
    h.get_by_label("Colour moves").click();
    let b = next.clone();
    wait_until(
        &mut h,
        |h| !h.state().tiles().distances.move_effects(&b).is_empty(),
        60,
        "the moves' distances",
    );
    let effects = h.state().tiles().distances.move_effects(&next);
    let movable = Dir::ALL
        .into_iter()
        .filter(|&m| next.shape().neighbour(next.blank(), m).is_some())
        .count();
    assert_eq!(effects.len(), movable);
    for (cell, effect) in effects {
        let blank = Dir::ALL
            .into_iter()
            .find(|&m| next.shape().neighbour(next.blank(), m) == Some(cell))
            .unwrap();
        let mut moved = next.clone();
        moved.apply(blank).unwrap();
        assert_eq!(effect, Effect::of(d_next, truth(&moved)), "tile at {cell}");
    }
}

#[test]
fn a_large_board_shows_an_upper_bound_and_a_hint_along_the_plan() {
    let mut h = tiles_harness(Settings::default());
    // Two moves from the goal on a 5×5.
    let mut b = Board::goal(Shape::new(5, 5).unwrap());
    b.apply(Dir::Up).unwrap();
    b.apply(Dir::Left).unwrap();
    set_board(&mut h, &text(&b));
    wait_until(
        &mut h,
        |h| h.query_by_label_contains("At most").is_some(),
        60,
        "the upper bound",
    );
    let known = h.state().tiles().distances.known(&b).expect("known");
    assert!(!known.exact);
    // A bound: at least the true distance (2 here), and said to be one.
    assert!(known.distance >= 2);
    h.get_by_label(&format!("At most {} moves from the goal", known.distance));
    h.get_by_label("Hint").click();
    h.run();
    h.get_by_label_contains("(along the fast plan)");
    // The plan's first move is legal, and the hint names its tile.
    let blank = known.first.expect("a first move");
    let cell = b.shape().neighbour(b.blank(), blank).expect("a legal move");
    let tile = b.cells()[cell];
    h.get_by_label(&format!("Hint: move tile {tile} (along the fast plan)"));
}

// ---- Klotski ----

use crate::engine::klotski::{Layout, Metric};
use crate::storage::layouts::classics;

/// A position as the cells' piece shapes (pieces of one shape are
/// interchangeable: one key for all their arrangements).
fn key(l: &Layout) -> String {
    use crate::engine::klotski::PieceShape;
    let mut grid = vec![vec!['.'; l.cols]; l.rows];
    for (i, p) in l.pieces.iter().enumerate() {
        let (h, w) = p.shape.size();
        let mark = match p.shape {
            _ if i == l.target => 'T',
            PieceShape::Single => 's',
            PieceShape::Wide => 'w',
            PieceShape::Tall => 't',
            PieceShape::Square => 'q',
        };
        for row in grid.iter_mut().skip(p.row).take(h) {
            for cell in row.iter_mut().skip(p.col).take(w) {
                *cell = mark;
            }
        }
    }
    grid.into_iter()
        .map(|r| r.into_iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// Every position reachable from `start` (by [`key`]) with its distance
/// to the exit in unit steps, if it reaches it: the test's own
/// breadth-first searches, forwards then back from the exits.
fn klotski_bfs(start: &Layout) -> (HashMap<String, Layout>, HashMap<String, u32>) {
    let neighbours = |l: &Layout| -> Vec<Layout> {
        let mut out = Vec::new();
        for i in 0..l.pieces.len() {
            for d in Dir::ALL {
                let mut n = l.clone();
                if n.step(i, d) {
                    out.push(n);
                }
            }
        }
        out
    };
    let mut group = HashMap::new();
    group.insert(key(start), start.clone());
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(l) = queue.pop_front() {
        for n in neighbours(&l) {
            if let std::collections::hash_map::Entry::Vacant(e) = group.entry(key(&n)) {
                e.insert(n.clone());
                queue.push_back(n);
            }
        }
    }
    let mut dist: HashMap<String, u32> = HashMap::new();
    let mut queue: std::collections::VecDeque<Layout> =
        group.values().filter(|l| l.is_solved()).cloned().collect();
    for l in &queue {
        dist.insert(key(l), 0);
    }
    while let Some(l) = queue.pop_front() {
        let d = dist[&key(&l)];
        for n in neighbours(&l) {
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(key(&n)) {
                e.insert(d + 1);
                queue.push_back(n);
            }
        }
    }
    (group, dist)
}

fn klotski_hints_harness(metric: Metric) -> crate::app::tests::TestApp {
    let mut h = harness_with_distances(Settings {
        family: crate::app::settings::Family::Klotski,
        animate: false,
        metric,
        ..Settings::default()
    });
    h.run();
    h
}

fn klotski_layout(h: &Harness<'_, HuarongApp>) -> Layout {
    h.state().klotski().game().layout().clone()
}

#[test]
fn a_klotski_hint_comes_in_two_stages_and_its_move_brings_the_exit_closer() {
    let start = classics()[0].parse();
    let (_, truth) = klotski_bfs(&start);
    let d = truth[&key(&start)];
    assert_eq!(
        d as usize,
        classics()[0].steps,
        "the test's BFS agrees with the shipped optimum"
    );
    let mut h = klotski_hints_harness(Metric::Steps);
    let label = format!("{d} steps to the exit (exact)");
    wait_until(
        &mut h,
        |h| h.query_by_label(&label).is_some(),
        60,
        "the group",
    );
    // First the piece (selected, so the arrow keys move it)…
    h.get_by_label("Hint").click();
    h.run();
    let piece = h
        .state()
        .klotski()
        .selected()
        .expect("the hint selects its piece");
    let names = crate::app::klotski::names::piece_names(&start);
    h.get_by_label(&format!("Hint: move {}", names[piece].english));
    // Ringed as a hinted tile is, not only outlined as selected.
    assert_eq!(h.state().klotski().ringed_piece(), Some(piece));
    // …then where: one step, which the test's BFS says is one closer.
    h.get_by_label("More hint").click();
    h.run();
    assert!(h.query_by_label("More hint").is_none(), "two stages only");
    let best = h
        .state()
        .klotski()
        .hints
        .position(&start, Metric::Steps)
        .and_then(|p| p.best().cloned())
        .expect("a best move");
    assert_eq!(best.piece, piece);
    let mut after = start.clone();
    for &dir in &best.steps {
        assert!(after.step(piece, dir));
    }
    assert_eq!(truth[&key(&after)] + 1, d);
    h.get_by_label(&format!(
        "Hint: {}",
        crate::app::klotski::names::describe_move(
            &names[piece],
            &best.steps,
            crate::app::i18n::Lang::English
        )
    ));
    // Following it with the arrow key: one closer, the hint starts over.
    let key = match best.steps[0] {
        Dir::Up => egui::Key::ArrowUp,
        Dir::Down => egui::Key::ArrowDown,
        Dir::Left => egui::Key::ArrowLeft,
        Dir::Right => egui::Key::ArrowRight,
    };
    h.key_press(key);
    h.run();
    assert_eq!(klotski_layout(&h).to_text(), after.to_text());
    h.get_by_label(&format!("{} steps to the exit (exact)", d - 1));
    assert!(h.query_by_label_contains("Hint:").is_none());
}

use eframe::egui;

#[test]
fn the_klotski_overlay_colours_each_piece_by_its_best_move_in_both_metrics() {
    let start = classics()[0].parse();
    let (_, truth) = klotski_bfs(&start);
    let mut h = klotski_hints_harness(Metric::Steps);
    let d = truth[&key(&start)];
    let label = format!("{d} steps to the exit (exact)");
    wait_until(
        &mut h,
        |h| h.query_by_label(&label).is_some(),
        60,
        "the group",
    );
    h.get_by_label("Colour moves").click();
    h.run();
    h.get_by_label("closer");
    h.get_by_label("same distance");
    h.get_by_label("farther");
    let effects = h
        .state()
        .klotski()
        .hints
        .position(&start, Metric::Steps)
        .expect("read")
        .effects();
    // Each piece that can step, by its best step against the test's BFS.
    let mut expected = Vec::new();
    for i in 0..start.pieces.len() {
        let best = Dir::ALL
            .into_iter()
            .filter_map(|dir| {
                let mut n = start.clone();
                n.step(i, dir).then(|| truth[&key(&n)])
            })
            .min();
        if let Some(after) = best {
            expected.push((i, Effect::of(d, after)));
        }
    }
    let mut effects = effects;
    effects.sort_by_key(|e| e.0);
    assert_eq!(effects, expected);
    assert!(effects.iter().any(|e| e.1 == Effect::Closer));
    // In moves, the start is the shipped optimum away.
    h.state_mut().settings.metric = Metric::Moves;
    let moves = classics()[0].moves;
    let label = format!("{moves} moves to the exit (exact)");
    wait_until(
        &mut h,
        |h| h.query_by_label(&label).is_some(),
        60,
        "the group in moves",
    );
    let p = h
        .state()
        .klotski()
        .hints
        .position(&start, Metric::Moves)
        .expect("read")
        .clone();
    // A piece coloured closer has a move that is one closer in moves.
    for (piece, effect) in p.effects() {
        let best = p
            .moves
            .iter()
            .filter(|m| m.piece == piece)
            .map(|m| m.after)
            .min()
            .unwrap();
        assert_eq!(effect, Effect::of(moves as u32, best));
        if effect == Effect::Closer {
            assert_eq!(best + 1, moves as u32);
        }
    }
}

#[test]
fn the_klotski_chart_covers_the_group_and_shows_the_farthest() {
    let start = classics()[0].parse();
    let (group, truth) = klotski_bfs(&start);
    let max = *truth.values().max().unwrap();
    let mut h = klotski_hints_harness(Metric::Steps);
    let d = truth[&key(&start)];
    let label = format!("{d} steps to the exit (exact)");
    wait_until(
        &mut h,
        |h| h.query_by_label(&label).is_some(),
        60,
        "the group",
    );
    h.get_by_label("Among all positions…").click();
    h.run();
    h.get_by_label(&format!(
        "{} positions can reach the goal.",
        thousands(truth.len() as u64)
    ));
    assert_eq!(
        truth.len(),
        group.len(),
        "every position of 横刀立马 reaches the exit"
    );
    h.get_by_label_contains(&format!("God's number: {max} steps"));
    h.get_by_label(&format!("The layout's start is {d} steps from the exit."));
    let counted: u64 = h
        .state()
        .klotski()
        .hints
        .ready()
        .expect("built")
        .group()
        .by_distance()
        .iter()
        .sum();
    assert_eq!(counted, group.len() as u64);
    h.get_by_label("Show the farthest").click();
    h.run();
    let shown = klotski_layout(&h);
    assert_eq!(truth[&key(&shown)], max, "{}", shown.to_text());
    let label = format!("{max} steps to the exit (exact)");
    wait_until(
        &mut h,
        |h| h.query_by_label(&label).is_some(),
        60,
        "the farthest's group",
    );
}

#[test]
fn a_klotski_layout_whose_exit_cannot_be_reached_offers_the_closest_position() {
    // The bottom rows are full of pieces that can never move.
    let layout = Layout::parse("AA.B/AA.B/CCDD/EEFF/GGHH").expect("a layout");
    let (group, truth) = klotski_bfs(&layout);
    assert!(truth.is_empty());
    let steps_to_exit = |l: &Layout| {
        let t = &l.pieces[l.target];
        (t.row.abs_diff(l.goal.0) + t.col.abs_diff(l.goal.1)) as u32
    };
    let closest = group.values().map(steps_to_exit).min().unwrap();
    let mut h = klotski_hints_harness(Metric::Moves);
    h.state_mut().klotski_mut().load(
        layout.clone(),
        crate::app::i18n::Said::verbatim("Blocked".into()),
    );
    let label = format!(
        "The exit cannot be reached: the group of {} positions reachable from here never reaches it.",
        group.len()
    );
    wait_until(
        &mut h,
        |h| h.query_by_label(&label).is_some(),
        60,
        "the group",
    );
    h.get_by_label_contains(&format!("Show the closest (Cao Cao {closest} steps"))
        .click();
    h.run();
    let shown = klotski_layout(&h);
    assert!(group.contains_key(&key(&shown)), "a position of the group");
    assert_eq!(steps_to_exit(&shown), closest);
}

/// Renders the hints for a look (`HUARONG_SCREENSHOTS=dir cargo test --bin
/// huarong render_hints -- --ignored`): the move overlay with a hint, the
/// heuristic view (linear conflict on a 4×4), the chart of all positions,
/// an unsolvable board explained and the Klotski overlay, at 1600×1000 and
/// 800×560.
#[test]
#[ignore = "renders PNGs; needs a graphics driver"]
fn render_hints() {
    let dir = crate::app::tests::screenshot_dir();
    for (w, hgt) in [(1600.0, 1000.0), (800.0, 560.0)] {
        let save = |h: &mut Harness<'_, HuarongApp>, name: &str| {
            h.set_size(egui::Vec2::new(w, hgt));
            h.run_ok();
            let img = crate::app::tests::rendered(h);
            img.save(dir.join(format!("{name}-{w}.png"))).unwrap();
        };
        // The overlay and a hint on the 8-puzzle.
        let mut h = tiles_harness(Settings {
            colour_moves: true,
            ..Settings::default()
        });
        set_board(&mut h, "1 2 3 4 0 6 7 5 8");
        wait_for_readout(&mut h, 2);
        h.get_by_label("Hint").click();
        h.run();
        save(&mut h, "hint-overlay");
        // Among all positions.
        set_board(&mut h, "8 6 7 2 5 4 3 0 1");
        wait_for_readout(&mut h, 31);
        h.get_by_label("Among all positions…").click();
        h.run();
        save(&mut h, "distribution");
        h.state_mut().tiles_mut().distances.among_all = false;
        // An unsolvable board explained.
        set_board(&mut h, "2 3 1 4 5 6 8 7 0");
        h.run();
        save(&mut h, "unsolvable-explained");
        // The heuristic view on a 4×4 with linear conflicts.
        let mut h = tiles_harness(Settings {
            heuristic_view: true,
            heuristic: HeuristicKind::LinearConflict,
            ..Settings::default()
        });
        set_board(&mut h, "2 1 3 4 5 6 7 8 13 10 11 12 9 14 15 0");
        let b = board("2 1 3 4 5 6 7 8 13 10 11 12 9 14 15 0");
        wait_until(
            &mut h,
            |h| h.state().tiles().distances.known(&b).is_some(),
            120,
            "the 4×4 distance",
        );
        save(&mut h, "heuristic-view");
        // Klotski with the overlay.
        let mut h = klotski_hints_harness(Metric::Moves);
        h.state_mut().settings.colour_moves = true;
        wait_until(
            &mut h,
            |h| h.query_by_label_contains("to the exit (exact)").is_some(),
            60,
            "the group",
        );
        h.get_by_label("Hint").click();
        h.run();
        save(&mut h, "klotski-overlay");
    }
}

#[test]
fn the_heuristic_view_tints_the_pattern_groups_with_their_values() {
    use crate::engine::tiles::pdb::PatternDb;
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let db = std::sync::Arc::new(PatternDb::build_663(&goal, &|_| {}));
    let mut h = tiles_harness(Settings {
        heuristic_view: true,
        heuristic: HeuristicKind::Pdb,
        rows: 4,
        cols: 4,
        ..Settings::default()
    });
    h.state_mut().tiles_mut().databases.keep(db.clone());
    let b = board("2 1 3 4 5 6 7 8 13 10 11 12 9 14 15 0");
    set_board(&mut h, &text(&b));
    wait_until(
        &mut h,
        |h| h.state().tiles().distances.known(&b).is_some(),
        60,
        "the 4×4 distance",
    );
    let d = h.state().tiles().distances.known(&b).unwrap();
    assert!(d.exact);
    assert!(d.how.english().contains("6-6-3"), "{:?}", d.how);
    // The groups' values, each the database's own lookup of its tiles.
    let choice = crate::engine::HeuristicChoice::Pdb(db);
    let h_value = crate::engine::tiles::heuristic::evaluate(&choice, &goal, &b);
    h.get_by_label(&format!("h = {h_value} ≤ {} true", d.distance));
    let parts = crate::engine::tiles::heuristic::breakdown(&choice, &goal, &b);
    assert_eq!(parts.patterns.len(), 3);
    for p in &parts.patterns {
        let tiles: Vec<String> = p.tiles.iter().map(u8::to_string).collect();
        h.get_by_label(&format!("tiles {}: {}", tiles.join(" "), p.value));
    }
    assert_eq!(parts.parts_sum(), h_value);
    // Every tile tinted by its group: one tint a group, each its own.
    let mut marks = crate::app::widgets::board_view::Marks::default();
    crate::app::tiles::heuristic_view::marks(&parts, b.cells(), &mut marks);
    let tint_of = |t: u8| marks.fill[b.cells().iter().position(|&x| x == t).unwrap()];
    let tints: Vec<_> = parts
        .patterns
        .iter()
        .map(|p| {
            let first = tint_of(p.tiles[0]).expect("tinted");
            assert!(p.tiles.iter().all(|&t| tint_of(t) == Some(first)));
            first
        })
        .collect();
    assert!(tints[0] != tints[1] && tints[1] != tints[2] && tints[0] != tints[2]);
}

#[test]
fn in_a_small_window_the_readout_stays_on_one_line() {
    let mut h = tiles_harness(Settings::default());
    h.set_size(egui::Vec2::new(800.0, 560.0));
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    wait_for_readout(&mut h, 31);
    let readout = h.get_by_label("31 moves from the goal (exact)").rect();
    let one_line = h.get_by_label("Moves: 0").rect();
    assert!(
        readout.height() <= one_line.height() + 1.0,
        "the readout wraps: {readout:?} against one line {one_line:?}"
    );
}

#[test]
fn after_a_solve_the_readout_and_the_hint_take_the_shorter_solution() {
    use crate::app::tests::{click_cell, wait_for_solver};
    let mut h = tiles_harness(Settings::default());
    let goal = Board::goal(Shape::new(5, 5).unwrap());
    let (b, _) = crate::engine::tiles::shuffled(&goal, 40, &mut crate::engine::rng::seeded(3));
    set_board(&mut h, &text(&b));
    wait_until(
        &mut h,
        |h| h.query_by_label_contains("At most").is_some(),
        60,
        "the plan's bound",
    );
    let plan = h
        .state()
        .tiles()
        .distances
        .known(&b)
        .expect("known")
        .distance;
    h.get_by_label("Weighted A*").click();
    h.run();
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    let path = h.state().solution_path().expect("a solution").to_vec();
    assert!(
        path.len() < plan as usize,
        "the start must show the improvement: plan {plan}, solution {}",
        path.len()
    );
    // Weighted A* is not optimal: its length is a bound, now the better one.
    h.run();
    h.get_by_label(&format!("At most {} moves from the goal", path.len()));
    h.get_by_label("Hint").click();
    h.run();
    let cell = b
        .shape()
        .neighbour(b.blank(), path[0])
        .expect("a legal move");
    let tile = b.cells()[cell];
    h.get_by_label(&format!(
        "Hint: move tile {tile} (along the solution found)"
    ));
    // One move along the solution: one less.
    click_cell(&mut h, cell);
    h.run();
    h.get_by_label(&format!("At most {} moves from the goal", path.len() - 1));
}

/// With Colour moves on, the line under the readout stays while a new
/// position's distance is worked out, so the board does not jump up and
/// back at every move.
#[test]
fn the_board_keeps_its_place_while_a_distance_is_worked_out() {
    let mut h = tiles_harness(Settings {
        colour_moves: true,
        rows: 4,
        cols: 4,
        ..Settings::default()
    });
    set_board(&mut h, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
    wait_for_readout(&mut h, 1);
    let top = h.get_by_label("board").rect().top();
    // Far from the goal: its search takes a while, and the frames drawn
    // meanwhile have no distance yet.
    let far = board("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0");
    set_board(&mut h, &text(&far));
    assert!(
        h.state().tiles().distances.known(&far).is_none(),
        "still working"
    );
    assert_eq!(h.get_by_label("board").rect().top(), top);
}

/// The hint button's height against one line's, at every window width
/// from 800 px down to 600 px: the button must never break its word.
fn hint_button_stays_whole(h: &mut crate::app::tests::TestApp, one_line: &str) {
    wait_until(
        h,
        |h| h.query_by_label("提示").is_some(),
        60,
        "the hint button",
    );
    for width in (600..=800).rev().step_by(2) {
        h.set_size(egui::Vec2::new(width as f32, 560.0));
        h.run();
        let hint = h.get_by_label("提示").rect();
        // A button one line high is its text's height and its padding.
        let line = h.get_by_label(one_line).rect();
        let padding = 2.0 * h.ctx.global_style().spacing.button_padding.y;
        assert!(
            hint.height() <= line.height() + padding + 1.0,
            "at {width} px the hint button wraps: {hint:?} against one line {line:?}"
        );
    }
}

#[test]
fn in_a_small_window_the_chinese_hint_button_keeps_its_word_whole() {
    // 提示 broke as 提/示 where the readout left it less than its width.
    let mut h = tiles_harness(Settings {
        language: crate::app::i18n::Lang::Chinese,
        ..Settings::default()
    });
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    hint_button_stays_whole(&mut h, "步数：0");
    let mut h = klotski_hints_harness(Metric::Moves);
    h.state_mut().settings_mut().language = crate::app::i18n::Lang::Chinese;
    h.run();
    hint_button_stays_whole(&mut h, "步数：0");
}
