//! The Klotski view as a new user meets it (issue 15): names that fit and
//! follow the names setting, one row per move, soldiers told apart, only
//! Klotski strategies, the editor's words, and local-search traces.

use crate::app::view::PlayView as _;
use eframe::egui::{self, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::names::{describe_move, piece_names};
use crate::app::HuarongApp;
use crate::app::i18n::{Lang, Message as _};
use crate::app::settings::{Family, Settings};
use crate::app::tests::{harness_with, klotski_harness as harness, wait_until, wait_while};
use crate::storage::layouts::classics;

fn wait_for_solver(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.klotski().is_solving(), 60, "solver");
}

/// 横刀立马 solved by BFS in moves (81).
fn solved_in_moves(h: &mut Harness<'_, HuarongApp>) {
    h.get_by_label("BFS").click();
    h.get_by_label("moves").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(h);
    assert_eq!(
        h.state().klotski().solution().unwrap().moves_to.last(),
        Some(&81)
    );
}

/// Whether a step-list row numbered `n` is on screen (`"n. …"`).
fn has_row(h: &Harness<'_, HuarongApp>, n: usize) -> bool {
    let prefix = format!("{n}. ");
    h.query_all_by_label_contains(&prefix).any(|node| {
        let a = node.accesskit_node();
        a.label()
            .or(a.value())
            .is_some_and(|l| l.starts_with(&prefix))
    })
}

/// The app's language, which the pieces' names follow.
fn names_setting(h: &mut Harness<'_, HuarongApp>, chinese: bool) {
    h.state_mut().settings_mut().language = if chinese {
        Lang::Chinese
    } else {
        Lang::English
    };
    h.run();
}

#[test]
fn english_names_fit_their_pieces_at_both_window_sizes() {
    let mut h = harness();
    names_setting(&mut h, false);
    for size in [Vec2::new(1100.0, 720.0), Vec2::new(800.0, 560.0)] {
        h.set_size(size);
        h.run();
        h.run();
        let drawn = h.state().klotski().board.drawn.clone();
        assert_eq!(drawn.len(), 10);
        for d in &drawn {
            assert!(
                d.piece.contains_rect(d.text_rect),
                "{:?} overflows its piece at {size:?}: {:?} in {:?}",
                d.text,
                d.text_rect,
                d.piece
            );
        }
        assert!(drawn.iter().any(|d| d.text == "Huang Zhong"));
    }
}

#[test]
fn at_800x560_the_board_stays_clear_of_the_steps_panel_and_the_status_line() {
    let mut h = harness();
    names_setting(&mut h, false);
    solved_in_moves(&mut h);
    h.set_size(Vec2::new(800.0, 560.0));
    h.run();
    h.run();
    let steps_left = h.get_by_label("Steps").rect().left();
    let status_top = h.get_by_label_contains("Solved: 81 moves").rect().top();
    for d in &h.state().klotski().board.drawn {
        assert!(
            d.piece.right() < steps_left,
            "{:?} under the Steps panel",
            d.text
        );
        assert!(
            d.piece.bottom() < status_top,
            "{:?} under the status line",
            d.text
        );
    }
}

#[test]
fn the_header_names_the_escaped_target_in_the_app_language() {
    let mut h = harness();
    solved_in_moves(&mut h);
    h.get_by_label("Last").click();
    h.run();
    assert!(h.state().klotski().game().is_solved());
    h.get_by_label("Cao Cao escaped!");
    names_setting(&mut h, true);
    h.get_by_label("曹操逃出去了！");
    assert!(h.query_by_label("Cao Cao escaped!").is_none());
}

#[test]
fn a_solution_in_moves_lists_one_row_a_move_and_single_steps_on_demand() {
    let mut h = harness();
    names_setting(&mut h, false);
    solved_in_moves(&mut h);
    let sol = h.state().klotski().solution().unwrap();
    let total = sol.steps.len();
    assert!(total > 81);
    // Rows 1 to 81, no more.
    assert!(has_row(&h, 81) && !has_row(&h, 82), "one row a move");
    // The first row: the first piece's whole move, in words with counts.
    let first_piece = sol.steps[0].0;
    let dirs: Vec<_> = sol
        .steps
        .iter()
        .take_while(|s| s.0 == first_piece)
        .map(|s| s.1)
        .collect();
    let name = h.state().klotski().names[first_piece].clone();
    h.get_by_label(&format!(
        "1. {}",
        describe_move(&name, &dirs, Lang::English)
    ));
    // In Chinese: arrows, one a step.
    names_setting(&mut h, true);
    let row = describe_move(&name, &dirs, Lang::Chinese);
    assert_eq!(
        row.chars().filter(|c| "↑↓←→".contains(*c)).count(),
        dirs.len()
    );
    assert!(
        h.query_all_by_label_contains(&row).next().is_some(),
        "{row}"
    );
    names_setting(&mut h, false);
    // Next shows the whole first move.
    h.get_by_label("Next").click();
    h.run();
    assert_eq!(h.state().klotski().step_shown(), dirs.len());
    assert_eq!(counters(&h), (dirs.len(), 1));
    // A row shows the board after that many moves.
    click_row(&mut h, 40);
    assert_eq!(counters(&h).1, 40);
    assert_eq!(h.state().klotski().game().steps(), moves_end(&h, 40));
    // Single steps on demand: one row a step.
    h.get_by_label("List single steps").click();
    h.run();
    assert!(has_row(&h, total) && !has_row(&h, total + 1));
    // Back to moves; playback from the last but one move ends solved.
    h.get_by_label("List single steps").click();
    h.run();
    assert!(!has_row(&h, 82));
    click_row(&mut h, 80);
    h.get_by_label("Play").click();
    h.run();
    wait_until(
        &mut h,
        |h| h.state().klotski().game().is_solved(),
        30,
        "playback to the end",
    );
    assert_eq!(counters(&h), (total, 81));
}

#[test]
fn part_way_through_a_move_next_finishes_it() {
    let mut h = harness();
    solved_in_moves(&mut h);
    let sol = h.state().klotski().solution().unwrap();
    // The first move of more than one step, and a step inside it.
    let k = (1..sol.move_ends.len())
        .find(|&k| sol.move_ends[k] - sol.move_ends[k - 1] > 1)
        .expect("a move of two steps or more");
    let (start, end) = (sol.move_ends[k - 1], sol.move_ends[k]);
    h.get_by_label("List single steps").click();
    h.run();
    click_row(&mut h, start + 1);
    assert_eq!(h.state().klotski().step_shown(), start + 1);
    h.get_by_label("List single steps").click();
    h.run();
    h.get_by_label("Next").click();
    h.run();
    assert_eq!(
        h.state().klotski().step_shown(),
        end,
        "the move under way, finished"
    );
    h.get_by_label("Prev").click();
    h.run();
    assert_eq!(h.state().klotski().step_shown(), start);
}

/// Steps made after `moves` whole moves of the solution.
fn moves_end(h: &Harness<'_, HuarongApp>, moves: usize) -> usize {
    h.state().klotski().solution().unwrap().move_ends[moves]
}

fn click_row(h: &mut Harness<'_, HuarongApp>, n: usize) {
    let prefix = format!("{n}. ");
    let row = |h: &Harness<'_, HuarongApp>| {
        h.query_all_by_label_contains(&prefix)
            .find(|node| {
                let a = node.accesskit_node();
                a.label()
                    .or(a.value())
                    .is_some_and(|l| l.starts_with(&prefix))
            })
            .map(|node| node.rect())
            .unwrap_or_else(|| panic!("row {n}"))
    };
    // Scrolled into view first: a click lands where the row is drawn.
    let list = h.get_by_label("Steps").rect();
    let before = row(h);
    if before.top() < list.bottom() + 150.0
        || before.bottom() > h.ctx.content_rect().bottom() - 40.0
    {
        h.query_all_by_label_contains(&prefix)
            .find(|node| {
                node.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with(&prefix))
            })
            .expect("the row")
            .scroll_to_me();
        h.run();
        h.run();
    }
    click_at(h, row(h).center());
}

fn counters(h: &Harness<'_, HuarongApp>) -> (usize, usize) {
    let g = h.state().klotski().game();
    (g.steps(), g.moves())
}

#[test]
fn the_four_soldiers_have_distinct_names_on_the_board_and_in_the_list() {
    let mut h = harness();
    for (chinese, soldier) in [(true, "卒"), (false, "Soldier ")] {
        names_setting(&mut h, chinese);
        let drawn: Vec<String> = h
            .state()
            .klotski()
            .board
            .drawn
            .iter()
            .map(|d| d.text.clone())
            .collect();
        let soldiers: Vec<&String> = drawn.iter().filter(|t| t.starts_with(soldier)).collect();
        assert_eq!(soldiers.len(), 4, "{drawn:?}");
        let mut distinct = drawn.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            drawn.len(),
            "every piece its own name: {drawn:?}"
        );
        for n in 1..=4 {
            assert!(drawn.contains(&format!("{soldier}{n}")), "{drawn:?}");
        }
    }
    // The list names a soldier as the board does.
    solved_in_moves(&mut h);
    let sol = h.state().klotski().solution().unwrap();
    let names = &h.state().klotski().names;
    let (soldier_row, piece) = (1..sol.move_ends.len())
        .map(|k| (k, sol.steps[sol.move_ends[k - 1]].0))
        .find(|&(_, p)| names[p].english.starts_with("Soldier"))
        .expect("a soldier moves");
    let name = names[piece].english.clone();
    assert!(name.ends_with(char::is_numeric), "{name}");
    names_setting(&mut h, false);
    let prefix = format!("{soldier_row}. {name} ");
    assert!(
        h.query_all_by_label_contains(&prefix).next().is_some(),
        "{prefix}"
    );
    assert!(
        h.state()
            .klotski()
            .board
            .drawn
            .iter()
            .any(|d| d.text == name)
    );
}

/// The other way round: the Klotski-only strategy, chosen in the Klotski
/// view, gives way on the tile board as soon as it is shown, the status
/// line says so, and Solve then works.
#[test]
fn bfs_with_mirror_images_merged_gives_way_on_the_tile_board() {
    let mut h = harness();
    h.get_by_label("BFS, mirror images merged").click();
    h.run();
    assert_eq!(h.state().settings().strategy, "bfs-mirror");
    h.get_by_label("Sliding tiles").click();
    h.run();
    assert_eq!(h.state().settings().family, Family::Tiles);
    assert_eq!(h.state().settings().strategy, "idastar");
    let status = h.state().status();
    assert!(
        status.contains(
            "BFS, mirror images merged solves Klotski only: IDA* is chosen for sliding tiles"
        ),
        "{status}"
    );
    // Every strategy radio shown solves tile puzzles.
    for s in crate::engine::strategy::STRATEGIES {
        let shown = h.query_by_label(s.label()).is_some();
        assert_eq!(shown, s.supports(Family::Tiles), "{}", s.label());
    }
    h.get_by_label("Solve").click();
    h.step();
    wait_while(&mut h, HuarongApp::is_solving, 60, "solver");
    assert!(
        h.state().tiles().solution().is_some(),
        "{}",
        h.state().status()
    );
}

#[test]
fn fast_is_not_offered_for_klotski_and_a_saved_choice_of_it_falls_back() {
    // A settings file from the tile view with Fast chosen.
    let mut h = harness_with(Settings {
        family: Family::Klotski,
        animate: false,
        strategy: "fast".into(),
        ..Settings::default()
    });
    h.run();
    assert!(h.query_by_label("Fast (row by row)").is_none());
    assert_eq!(h.state().settings().strategy, "bfs");
    let status = h.state().klotski().status().to_string();
    assert!(
        status.contains("Fast (row by row) solves sliding tiles only"),
        "{status}"
    );
    // Every strategy radio shown solves Klotski.
    for s in crate::engine::strategy::STRATEGIES {
        let shown = h.query_by_label(s.label()).is_some();
        assert_eq!(shown, s.supports(Family::Klotski), "{}", s.label());
    }
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    assert!(
        h.state().klotski().solution().is_some(),
        "{}",
        h.state().klotski().status()
    );
    // Chosen in the tile view, then Klotski: the same fallback.
    h.get_by_label("Sliding tiles").click();
    h.run();
    h.get_by_label("Fast (row by row)").click();
    h.run();
    assert_eq!(h.state().settings().strategy, "fast");
    h.get_by_label("Klotski 华容道").click();
    h.run();
    assert_eq!(h.state().settings().strategy, "bfs");
    assert!(h.query_by_label("Fast (row by row)").is_none());
}

#[test]
fn after_apply_the_layout_list_says_the_layout_is_edited() {
    let mut h = harness();
    let first = &classics()[0];
    let row = format!("1. {} {}", first.name, first.english);
    // Unedited, the classic is ticked in the list.
    h.get_by_label("Layout").click();
    h.run();
    assert_eq!(
        h.get_by_label_contains(&row).accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    h.get_by_label("Layout").click();
    h.run();
    h.get_by_label("Edit layout…").click();
    h.run();
    // The shapes say which way they lie; the wide one places a row pair.
    h.get_by_label("Erase").click();
    h.run();
    let grid = h.get_by_label("layout grid").rect();
    let cell =
        |r: usize, c: usize| grid.min + Vec2::new(36.0 * (c as f32 + 0.5), 36.0 * (r as f32 + 0.5));
    for p in [cell(4, 0), cell(4, 3)] {
        click_at(&mut h, p); // soldiers I and J go
    }
    h.get_by_label("2×1 general (tall)");
    h.get_by_label("1×2 general (wide)").click();
    h.run();
    click_at(&mut h, cell(4, 0));
    let text = h.state().klotski().editor.as_ref().unwrap().text.clone();
    let bottom: Vec<char> = text.split('/').nth(4).unwrap().chars().collect();
    assert_eq!(bottom[0], bottom[1], "a wide piece: {text}");
    assert_ne!(bottom[0], '.');
    h.get_by_label("Apply").click();
    h.run();
    let edited = format!("{} (edited)", first.name);
    assert_eq!(h.state().klotski().title(), edited);
    // The list (closed) and the header both say so; no classic is ticked.
    h.get_by_label(&edited); // the header
    let list = h.get_by_label("Layout");
    assert_eq!(list.accesskit_node().value(), Some(edited.clone()));
    h.get_by_label("Layout").click();
    h.run();
    let node = h.get_by_label_contains(&row);
    assert_ne!(
        node.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    // Choosing the classic again names it again.
    node.click();
    h.run();
    assert_eq!(h.state().klotski().title(), first.title());
    assert!(h.query_by_label(&edited).is_none());
}

#[test]
fn the_editor_colours_pieces_by_the_roles_the_board_gives_them() {
    for c in classics().iter().take(10) {
        let layout = c.parse();
        let names = piece_names(&layout);
        let roles = super::editor::roles_of(&layout.grid());
        for (i, p) in layout.pieces.iter().enumerate() {
            assert_eq!(
                roles[&p.letter], names[i].role,
                "{} piece {}",
                c.name, p.letter
            );
        }
    }
    // Cells that make no allowed shape while typing are neither.
    let grid: Vec<Vec<char>> = ["BBB.", "A...", "....", "...."]
        .iter()
        .map(|r| r.chars().collect())
        .collect();
    let roles = super::editor::roles_of(&grid);
    assert_eq!(roles[&'B'], super::names::Role::Block);
    assert_eq!(roles[&'A'], super::names::Role::Soldier);
}

fn click_at(h: &mut Harness<'_, HuarongApp>, p: eframe::egui::Pos2) {
    h.hover_at(p);
    h.run();
    for pressed in [true, false] {
        h.event(eframe::egui::Event::PointerButton {
            pos: p,
            button: eframe::egui::PointerButton::Primary,
            pressed,
            modifiers: eframe::egui::Modifiers::NONE,
        });
    }
    h.run();
}

/// Render the Klotski view solved in moves, part way through, in both
/// name settings at 1100×720 and 800×560, into `$HUARONG_SCREENSHOTS`.
#[test]
#[ignore]
fn render_klotski_names_and_sizes() {
    let dir = crate::app::tests::screenshot_dir();
    let mut h = harness();
    h.get_by_label("BFS").click();
    h.get_by_label("moves").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    for _ in 0..40 {
        h.get_by_label("Next").click();
        h.run();
    }
    for (w, ht) in [(1100.0, 720.0), (800.0, 560.0)] {
        h.set_size(Vec2::new(w, ht));
        for (chinese, names) in [(true, "zh"), (false, "en")] {
            names_setting(&mut h, chinese);
            h.run();
            crate::app::tests::rendered(&mut h)
                .save(dir.join(format!("klotski-{names}-{w}x{ht}.png")))
                .unwrap();
        }
    }
    h.get_by_label("Last").click();
    h.run();
    crate::app::tests::rendered(&mut h)
        .save(dir.join("klotski-escaped.png"))
        .unwrap();
}

/// Render a short annealing run on a 3×3 and on 横刀立马 with its trace.
#[test]
#[ignore]
fn render_short_traces() {
    let dir = crate::app::tests::screenshot_dir();
    let mut h = harness();
    h.get_by_label("Sliding tiles").click();
    h.run();
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("Simulated annealing").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_while(&mut h, HuarongApp::is_solving, 60, "annealing");
    crate::app::tests::rendered(&mut h)
        .save(dir.join("trace-3x3.png"))
        .unwrap();
    let mut h = harness();
    h.get_by_label("Simulated annealing").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    crate::app::tests::rendered(&mut h)
        .save(dir.join("trace-klotski.png"))
        .unwrap();
}

/// The number in a `Trace: n points` heading on screen.
fn trace_points_shown(h: &Harness<'_, HuarongApp>) -> usize {
    let node = h.get_by_label_contains("Trace: ");
    let n = node.accesskit_node();
    let label = n.label().or(n.value()).unwrap_or_default();
    label
        .trim_start_matches("Trace: ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count in {label:?}"))
}

#[test]
fn a_short_annealing_run_on_a_3x3_plots_every_iteration() {
    let mut h = harness();
    h.get_by_label("Sliding tiles").click();
    h.run();
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("Simulated annealing").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_while(&mut h, HuarongApp::is_solving, 60, "annealing");
    let sol = h
        .state()
        .tiles()
        .solution
        .as_ref()
        .expect("annealing solves a 3×3");
    // Every iteration is a point up to the engine's dense limit; a raw walk
    // of w accepted moves took at least w iterations.
    let walked = sol.outcome.stats.walk_length.expect("a walk length");
    let shown = trace_points_shown(&h);
    assert!(shown > 1, "more than the last point: {shown}");
    let dense = crate::engine::search::TRACE_DENSE;
    assert!(
        shown as u64 > walked.min(dense),
        "{shown} points for a walk of {walked}"
    );
}

/// Issue 43 item 2: the board keeps its place and size while Solve fills
/// the step list and Hint, More hint and the hint's line come and go (its
/// top edge moved between 168 and 186).
#[test]
fn the_board_stays_put_through_solve_hint_and_more_hint() {
    for size in [Vec2::new(800.0, 560.0), Vec2::new(1100.0, 720.0)] {
        board_stays_put_at(size);
    }
}

fn board_stays_put_at(size: Vec2) {
    let mut h = crate::app::tests::harness_with_distances(Settings {
        family: Family::Klotski,
        animate: false,
        ..Settings::default()
    });
    h.set_size(size);
    h.run();
    wait_until(
        &mut h,
        |h| h.query_by_label("Hint").is_some(),
        60,
        "the readout and Hint",
    );
    let board_label = crate::app::i18n::KlotskiMsg::BoardLabel.text(Lang::English);
    let board = |h: &Harness<'_, HuarongApp>| h.get_by_label(&board_label).rect();
    let first = board(&h);
    solved_in_moves(&mut h);
    h.run();
    assert_eq!(board(&h), first, "{size:?}: after Solve");
    h.get_by_label("Hint").click();
    h.run();
    assert_eq!(board(&h), first, "{size:?}: after Hint");
    h.get_by_label("More hint").click();
    h.run();
    assert_eq!(board(&h), first, "{size:?}: after More hint");
    h.get_by_label("Colour moves").click();
    h.run();
    assert!(h.state().settings().colour_moves);
    assert_eq!(board(&h), first, "{size:?}: Colour moves ticked");
}
