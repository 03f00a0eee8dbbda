//! The Klotski view tested as a person uses it: drags, clicks, keys, the
//! layout list, the editor, solving and stepping.

use crate::app::view::PlayView as _;
use eframe::egui::{self, FontId, Key, Modifiers, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tempfile::TempDir;

use crate::app::HuarongApp;
use crate::app::i18n::{Lang, Message as _};
use crate::app::settings::Family;
use crate::app::tests::{klotski_harness as harness, wait_until, wait_while};
use crate::engine::klotski::Layout;
use crate::storage::layouts::classics;

fn text(h: &Harness<'_, HuarongApp>) -> String {
    h.state().klotski().game.layout().to_text()
}

/// Screen rectangle of cell `(row, col)`, as the board widget lays it out.
fn cell_rect(h: &Harness<'_, HuarongApp>, row: usize, col: usize) -> Rect {
    let outer = h.get_by_label("klotski board").rect();
    let l = h.state().klotski().game.layout().clone();
    let (rows, cols) = (l.rows as f32, l.cols as f32);
    let cell = (outer.width() / (cols + 0.4))
        .min(outer.height() / (rows + 0.6))
        .floor();
    let rect = Rect::from_center_size(
        outer.center() - Vec2::new(0.0, cell * 0.15),
        Vec2::new(cell * cols, cell * rows),
    );
    Rect::from_min_size(
        rect.min + Vec2::new(col as f32, row as f32) * cell,
        Vec2::splat(cell),
    )
}

fn drag(h: &mut Harness<'_, HuarongApp>, path: &[Pos2]) {
    h.hover_at(path[0]);
    h.run();
    h.drag_at(path[0]);
    h.run_steps(2);
    for w in path.windows(2) {
        for i in 1..=6 {
            h.hover_at(w[0] + (w[1] - w[0]) * (i as f32 / 6.0));
            h.run_steps(1);
        }
    }
    h.drop_at(*path.last().expect("a path"));
    h.run();
}

fn click_at(h: &mut Harness<'_, HuarongApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run();
}

fn counters(h: &Harness<'_, HuarongApp>) -> (usize, usize) {
    let g = h.state().klotski().game();
    (g.steps(), g.moves())
}

#[test]
fn the_cjk_font_draws_every_chinese_name_the_app_shows() {
    let h = harness();
    let mut wanted: String = "曹操关羽张飞赵云马超黄忠卒营将华容道中文".into();
    for c in classics() {
        wanted.push_str(&c.name);
    }
    let missing: String = h.ctx.fonts_mut(|f| {
        wanted
            .chars()
            .filter(|&ch| !f.has_glyph(&FontId::proportional(14.0), ch))
            .collect()
    });
    assert_eq!(missing, "", "characters without a glyph");
}

#[test]
fn dragging_a_piece_follows_free_cells_and_counts_steps_and_moves() {
    let mut h = harness();
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/DGHF/I..J");
    // Soldier G: down into the gap, then right along the bottom row.
    let path = [
        cell_rect(&h, 3, 1).center(),
        cell_rect(&h, 4, 1).center(),
        cell_rect(&h, 4, 2).center(),
    ];
    drag(&mut h, &path);
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/D.HF/I.GJ");
    assert_eq!(counters(&h), (2, 1));
    // Undo takes back one step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/D.HF/IG.J");
    assert_eq!(counters(&h), (1, 1));
}

/// A drag seen only as its press, one move and its release (a slow
/// machine's frame rate) still moves the piece.
#[test]
fn a_drag_seen_as_press_one_move_and_release_moves_the_piece() {
    let mut h = harness();
    let (from, to) = (cell_rect(&h, 3, 1).center(), cell_rect(&h, 4, 1).center());
    crate::app::tests::quick_drag(&mut h, from, to);
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/D.HF/IG.J");
}

#[test]
fn an_illegal_drag_changes_nothing() {
    let mut h = harness();
    let before = text(&h);
    // Cao Cao is boxed in: dragging him down or sideways does nothing.
    let from = cell_rect(&h, 1, 1).center();
    let (down, right) = (cell_rect(&h, 3, 1).center(), cell_rect(&h, 1, 3).center());
    drag(&mut h, &[from, down]);
    drag(&mut h, &[from, right]);
    assert_eq!(text(&h), before);
    assert_eq!(counters(&h), (0, 0));
}

#[test]
fn a_clicked_piece_moves_with_the_arrow_keys() {
    let mut h = harness();
    let p = cell_rect(&h, 4, 0).center(); // soldier I
    click_at(&mut h, p);
    let i = h.state().klotski().selected().expect("a piece is selected");
    assert_eq!(h.state().klotski().game().layout().pieces[i].letter, 'I');
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/DGHF/.I.J");
    h.key_press(Key::ArrowUp); // blocked by G
    h.run();
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/DGHF/.I.J");
    h.key_press(Key::D);
    h.run();
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/DGHF/..IJ");
    assert_eq!(counters(&h), (2, 1));
}

#[test]
fn choosing_a_classic_from_the_list_loads_it() {
    let mut h = harness();
    h.get_by_label("Layout").click();
    h.run();
    let second = &classics()[1];
    h.get_by_label_contains(&format!("2. {}", second.name))
        .click();
    h.run();
    assert_eq!(text(&h), second.layout);
    assert_eq!(h.state().settings().classic, 1);
    assert_eq!(h.state().klotski().title(), second.title());
    assert_eq!(
        h.query_all_by_label_contains(&second.english).count(),
        2,
        "list and title"
    );
}

#[test]
fn the_editor_names_errors_and_applies_only_a_valid_layout() {
    let mut h = harness();
    h.get_by_label("Edit layout…").click();
    h.run();
    // Erase Guan Yu (E) by clicking the grid with the eraser.
    h.get_by_label("Erase").click();
    h.run();
    let grid = h.get_by_label("layout grid").rect();
    click_at(&mut h, grid.min + Vec2::new(36.0 * 1.5, 36.0 * 2.5));
    let ed = h.state().klotski().editor.as_ref().expect("editor open");
    assert_eq!(ed.text, "BAAC/BAAC/D..F/DGHF/I..J");
    // Type a layout with two 2x2 pieces: the error is shown, Apply is off.
    h.state_mut()
        .klotski_mut()
        .editor
        .as_mut()
        .unwrap()
        .text
        .clear();
    h.run();
    h.get_by_label("layout text").focus();
    h.run();
    h.get_by_label("layout text")
        .type_text("AABB/AABB/CDEF/CDEF/G..H");
    h.run();
    h.get_by_label_contains("Invalid:");
    h.get_by_label("Apply").click();
    h.run();
    assert!(
        h.state().klotski().editor.is_some(),
        "an invalid layout is not applied"
    );
    assert_eq!(text(&h), "BAAC/BAAC/DEEF/DGHF/I..J");
    // A valid one is.
    h.state_mut().klotski_mut().editor.as_mut().unwrap().text = "BAAC/BAAC/D..F/DGHF/IEEJ".into();
    h.run();
    h.get_by_label_contains("Valid:");
    h.get_by_label("Apply").click();
    h.run();
    assert!(h.state().klotski().editor.is_none());
    assert_eq!(text(&h), "BAAC/BAAC/D..F/DGHF/IEEJ");
    assert!(Layout::parse(&text(&h)).is_ok());
}

fn wait_for_solver(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.klotski().is_solving(), 60, "solver");
}

/// The mirror-merged BFS, as a user meets it: chosen from the Strategy
/// panel, it solves 横刀立马 as short as BFS, from about half the
/// expansions, and its path plays out to the exit on the real board. At
/// the exit there is nothing to inspect, and the status says how to get
/// back; from the start the inspector steps through mirror-merged
/// positions that read as layouts.
#[test]
fn bfs_with_mirror_images_merged_solves_as_short_and_plays_out_to_the_exit() {
    let mut h = harness();
    h.get_by_label("moves").click();
    h.get_by_label("BFS").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    let plain = h.state().klotski().solution().expect("solved");
    let (plain_moves, plain_expanded) = (plain.moves_to.last().copied(), plain.stats.expanded);
    h.get_by_label("BFS, mirror images merged").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    let merged = h.state().klotski().solution().expect("solved");
    assert_eq!(merged.moves_to.last().copied(), plain_moves);
    assert_eq!(plain_moves, Some(81));
    let expanded = merged.stats.expanded;
    assert!(
        10 * expanded < 6 * plain_expanded,
        "{expanded} of {plain_expanded}"
    );
    let total = merged.steps.len();
    h.get_by_label(&format!(
        "81 moves, {total} steps by BFS, mirror images merged, optimal in moves"
    ));
    h.get_by_label("Last").click();
    h.run();
    assert!(h.state().klotski().game().is_solved());
    h.get_by_label_contains("Cao Cao escaped");
    // At the exit: nothing to search, and the status says what to press.
    h.get_by_label("Inspect").click();
    h.run();
    assert!(h.state().inspector().is_none());
    let status = h.state().klotski().status();
    assert!(
        status.contains("Cao Cao is already at the exit"),
        "{status}"
    );
    assert!(status.contains("Reset"), "{status}");
    h.get_by_label("Reset").click();
    h.run();
    crate::app::inspector::tests::click_inspect(&mut h);
    assert!(h.state().inspector().is_some(), "{}", h.state().status());
    h.get_by_label("Step").click();
    let stepped = |h: &Harness<'_, HuarongApp>| {
        let inspector = h.state().inspector().expect("open");
        inspector
            .model()
            .current()
            .map(|n| inspector.text(&n.state))
    };
    wait_until(&mut h, |h| stepped(h).is_some(), 20, "Step");
    let state = stepped(&h).unwrap();
    assert!(Layout::parse(&state).is_ok(), "{state}");
}

#[test]
fn solving_fills_the_step_list_and_playback_frees_cao_cao() {
    let mut h = harness();
    h.get_by_label("BFS").click();
    h.get_by_label("moves").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    let sol = h.state().klotski().solution().expect("solved");
    assert_eq!(sol.moves_to.last(), Some(&81));
    let total = sol.steps.len();
    h.get_by_label(&format!("81 moves, {total} steps by BFS, optimal in moves"));
    // The first row names the piece and its direction.
    let (piece, dir) = sol.steps[0];
    let name = &h.state().klotski().names[piece];
    h.get_by_label(&format!(
        "1. {}",
        super::names::describe_step(name, dir, Lang::English)
    ));
    h.get_by_label("Next").click();
    h.run();
    assert_eq!(h.state().klotski().step_shown(), 1);
    assert_eq!(counters(&h), (1, 1));
    h.get_by_label("Last").click();
    h.run();
    assert_eq!(h.state().klotski().step_shown(), total);
    assert!(h.state().klotski().game().is_solved());
    assert_eq!(counters(&h), (total, 81));
    h.get_by_label_contains("Cao Cao escaped");
    // Chinese names, with the app's language.
    h.state_mut().settings_mut().language = Lang::Chinese;
    h.run();
    let name = h.state().klotski().names[piece].clone();
    let row = super::names::describe_step(&name, dir, Lang::Chinese);
    assert!(row.starts_with(&name.chinese));
    assert!(h.query_all_by_label_contains(&row).next().is_some());
}

/// Render the Klotski screenshots into `screenshots/` (run by
/// `scripts/screenshots.sh`; needs a wgpu adapter, e.g. Mesa's).
#[test]
#[ignore]
fn render_klotski_screenshots() {
    let dir = crate::app::tests::screenshot_dir();
    // 1. 横刀立马 solved in moves, part way through playback, a piece selected.
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
    crate::app::tests::rendered(&mut h)
        .save(dir.join("klotski.png"))
        .unwrap();
    // 2. The layout editor naming a problem.
    let mut h = harness();
    h.get_by_label("Edit layout…").click();
    h.run();
    h.state_mut().klotski_mut().editor.as_mut().unwrap().text = "BAAC/BAAC/DEEF/DGHF/IJJJ".into();
    h.run();
    crate::app::tests::rendered(&mut h)
        .save(dir.join("klotski-editor.png"))
        .unwrap();
    // 3. Annealing on a 15-puzzle, with its trace.
    let mut h = harness();
    h.get_by_label("Sliding tiles").click();
    h.run();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("Simulated annealing").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_while(&mut h, HuarongApp::is_solving, 60, "annealing");
    crate::app::tests::rendered(&mut h)
        .save(dir.join("annealing.png"))
        .unwrap();
    // 4. The compare view after a run on 横刀立马 in steps.
    let mut h = harness();
    h.get_by_label("steps").click();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 120, "compare");
    crate::app::tests::rendered(&mut h)
        .save(dir.join("compare.png"))
        .unwrap();
    // 5. A batch experiment on 8-puzzles.
    let mut h = harness();
    h.get_by_label("Sliding tiles").click();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.state_mut().compare.batch.count = 40;
    h.state_mut().compare.batch.shuffle = 0;
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 120, "batch");
    crate::app::tests::rendered(&mut h)
        .save(dir.join("batch.png"))
        .unwrap();
}

#[test]
fn a_solution_saved_to_a_file_opens_again_even_from_the_tiles_view() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("hengdao.ron");
    let mut h = harness();
    h.get_by_label("BFS").click();
    h.get_by_label("steps").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    let steps = h.state().klotski().solution().unwrap().steps.clone();
    assert_eq!(steps.len(), 116);
    h.state_mut().save_path(&path, true);
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());

    let mut t = harness();
    t.get_by_label("Sliding tiles").click();
    t.run();
    // A damaged file: an error names the problem, nothing changes.
    let bad = dir.path().join("bad.ron");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replacen("\"G:", "\"Q:", 1);
    std::fs::write(&bad, text).unwrap();
    t.state_mut().open_path(&bad);
    t.run();
    let err = t.state().error().expect("an error").to_string();
    assert!(err.contains("is illegal"), "{err}");
    assert_eq!(t.state().settings().family, Family::Tiles);
    t.get_by_label("OK").click();
    t.run();
    // The good one switches to Klotski with the solution in the step list.
    t.state_mut().open_path(&path);
    t.run();
    assert_eq!(t.state().settings().family, Family::Klotski);
    assert_eq!(t.state().klotski().solution().unwrap().steps, steps);
    assert_eq!(t.state().klotski().title(), classics()[0].title());
    t.get_by_label("Last").click();
    t.run();
    assert!(t.state().klotski().game().is_solved());
}

#[test]
fn tabu_search_solves_with_a_live_trace_and_greedy_says_it_is_stuck() {
    let mut h = harness();
    h.get_by_label("Tabu search").click();
    h.run();
    assert_eq!(h.state().settings().strategy, "tabu");
    // Its parameters appear, labelled.
    h.get_by_label("Tenure");
    h.get_by_label("Seed");
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    let sol = h
        .state()
        .klotski()
        .solution()
        .expect("tabu solves 横刀立马");
    assert!(!sol.stats.optimal);
    assert!(sol.moves_to.last().copied().unwrap() >= 81);
    assert!(sol.stats.walk_length.unwrap() >= sol.steps.len() as u64 / 2);
    let tabu_steps = sol.steps.clone();
    h.get_by_label_contains("Trace: ");
    h.get_by_label("Last").click();
    h.run();
    assert!(h.state().klotski().game().is_solved());

    // Greedy cannot improve on the start: a clear failure, and the tabu
    // solution (still valid for this start) stays in the list.
    h.get_by_label("First").click();
    h.get_by_label("Greedy").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    assert_eq!(h.state().klotski().solution().unwrap().steps, tabu_steps);
    let status = h.state().klotski().status().to_string();
    assert!(
        status.starts_with("Not found") && status.contains("best energy"),
        "{status}"
    );
}

#[test]
fn paste_in_klotski_takes_a_layout_and_never_opens_the_tiles_dialog() {
    let mut h = harness();
    // File ▸ Paste state… opens the layout editor on the layout shown.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Paste state…").click();
    h.run();
    assert!(
        h.state().tiles().set_state.is_none(),
        "the tiles dialog stays closed"
    );
    let editor = h
        .state()
        .klotski()
        .editor
        .as_ref()
        .expect("the layout editor");
    assert_eq!(editor.text, text(&h));
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().klotski().editor.is_none());
    // Ctrl+V with a layout plays it.
    let second = classics()[1].layout.clone();
    h.event(egui::Event::Paste(second.clone()));
    h.run();
    assert_eq!(text(&h), second);
    assert!(h.state().tiles().set_state.is_none());
    // Tile text is answered with what paste takes here; nothing changes.
    h.event(egui::Event::Paste("1 2 3 4 5 6 7 8 0".into()));
    h.run();
    assert_eq!(text(&h), second);
    assert!(h.state().tiles().set_state.is_none());
    let status = h.state().klotski().status();
    assert!(status.contains("Paste takes a Klotski layout"), "{status}");
}

#[test]
fn a_solve_whose_worker_panics_is_said_in_the_app_language() {
    let mut h = harness();
    h.state_mut().settings_mut().language = Lang::Chinese;
    h.run();
    h.state_mut()
        .klotski_mut()
        .solve_panicking("deliberate panic");
    wait_until(
        &mut h,
        |h| !h.state().klotski().is_solving(),
        30,
        "the panicked solve to end",
    );
    h.run();
    let status = h.state().klotski().status.text(Lang::Chinese);
    assert!(status.contains("内部错误"), "{status}");
    assert!(status.contains("deliberate panic"), "{status}");
    assert!(!status.contains("worker failed"), "no English: {status}");
    // Drawn so in the status bar, and the app is left idle.
    assert!(h.query_all_by_label_contains(&status).next().is_some());
    assert_eq!(
        h.state().jobs().running(crate::app::jobs::JobKind::Solve),
        0
    );
}
