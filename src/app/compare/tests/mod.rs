//! The compare view, its plots and tables, and the file dialogs as a
//! person meets them (egui_kittest).

use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tempfile::TempDir;

use crate::app::HuarongApp;
use crate::app::files::{FileAction, NativeAnswer};
use crate::app::i18n::{CompareMsg, Lang, Message, Msg, TilesMsg};
use crate::app::model::Start;
use crate::app::tests::{harness, klotski_harness, set_board, wait_until, wait_while};
use crate::engine::strategy::Family;
use crate::units::duration;

mod by_depth;
mod export;
mod rows;

const CTRL: Modifiers = Modifiers::COMMAND.plus(Modifiers::CTRL);

/// The system dialog as on a desktop without xdg-desktop-portal or zenity.
fn no_system_dialog(_: FileAction, _: Lang, _: &std::path::Path) -> NativeAnswer {
    NativeAnswer::Unavailable(Msg::NativeMissing)
}

fn wait_for_compare(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.compare().is_running(), 120, "compare runs");
}

fn menu(h: &mut Harness<'_, HuarongApp>, item: &str) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

/// Wait for the in-app dialog that replaces the failing system one.
fn wait_for_dialog(h: &mut Harness<'_, HuarongApp>) {
    wait_until(
        h,
        |h| h.state().files.is_open(),
        10,
        "the in-app file dialog",
    );
    h.run();
}

/// Replace the path field's text as a person would: select all, type.
fn type_path(h: &mut Harness<'_, HuarongApp>, path: &std::path::Path) {
    h.get_by_label("Path").focus();
    h.run();
    h.key_press_modifiers(CTRL, Key::A);
    h.run();
    h.get_by_label("Path")
        .type_text(&path.display().to_string());
    h.run();
}

#[test]
fn without_a_system_dialog_the_in_app_one_saves_and_opens_a_puzzle() {
    let mut h = harness();
    h.state_mut().files.native = no_system_dialog;
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    let dir = TempDir::new().unwrap();

    menu(&mut h, "Save…");
    wait_for_dialog(&mut h);
    h.get_by_label("Save the puzzle");
    assert!(
        h.get_by_label("Path").is_focused(),
        "the path field has the keyboard"
    );
    let status = h.state().status().to_string();
    assert!(
        status.contains("No system file dialog") && status.contains("own file dialog"),
        "{status}"
    );
    h.get_by_label_contains("own file dialog");
    // The whole line follows the language, its reason too.
    let chinese = h.state().status_in(crate::app::i18n::Lang::Chinese);
    assert!(
        chinese.contains("没有系统文件对话框") && !chinese.contains("No system"),
        "{chinese}"
    );
    // A folder that does not exist is named, and the dialog stays.
    type_path(&mut h, &dir.path().join("missing").join("p.ron"));
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label_contains("missing does not exist");
    assert!(h.state().files.is_open());
    // A good path is written.
    let file = dir.path().join("p.ron");
    type_path(&mut h, &file);
    h.get_by_label("Save").click();
    h.run();
    assert!(!h.state().files.is_open());
    assert!(file.is_file(), "nothing written at {}", file.display());
    assert_eq!(h.state().status(), format!("Saved {}.", file.display()));

    // Open it back, picking the file from the folder listing.
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    menu(&mut h, "Open…");
    wait_for_dialog(&mut h);
    type_path(&mut h, dir.path());
    h.get_by_label("p.ron").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    assert!(!h.state().files.is_open());
    let cells = h.state().tiles().game.board.cells().to_vec();
    assert_eq!(cells, [8, 6, 7, 2, 5, 4, 3, 0, 1]);

    // Opening something that is not a file is named; Esc closes.
    menu(&mut h, "Open…");
    wait_for_dialog(&mut h);
    type_path(&mut h, &dir.path().join("nothing.ron"));
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label_contains("There is no file at");
    // Esc closes it, even while typing in the path field.
    h.get_by_label("Path").focus();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().files.is_open());
}

#[test]
fn the_compare_view_says_where_it_exported_and_why_an_export_failed() {
    let mut h = harness();
    h.state_mut().files.native = no_system_dialog;
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(&mut h);
    h.get_by_label("Export…").click();
    h.run();
    wait_for_dialog(&mut h);
    h.get_by_label_contains("own file dialog");
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("table.csv");
    type_path(&mut h, &file);
    h.get_by_label("Save").click();
    h.run();
    let said = format!("Exported 5 rows to {}.", file.display());
    assert_eq!(h.state().compare().status(), said);
    assert!(h.get_by_label(&said).rect().bottom() > 720.0 - 40.0);
    let rows = crate::storage::results::from_csv(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(rows.unwrap().len(), 5);
    assert!(h.query_by_label_contains("from an earlier start").is_none());

    // Results on a start no longer shown are said to be so.
    h.get_by_label("Play & solve").click();
    h.run();
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label_contains("Some results are from an earlier start");

    // A failed export is said there too.
    // (write_atomic creates missing folders: a file in the way fails.)
    let in_the_way = dir.path().join("a file");
    std::fs::write(&in_the_way, "").unwrap();
    let nowhere = in_the_way.join("table.csv");
    h.state_mut().export_path(&nowhere);
    h.run();
    let status = h.state().compare().status().to_string();
    assert!(status.starts_with("Cannot export to"), "{status}");
    // In the status line at the bottom (and in the error dialog).
    assert!(
        h.get_all_by_label(&status)
            .any(|n| n.rect().bottom() > 720.0 - 40.0),
        "not in the status line"
    );
}

#[test]
fn compare_results_stay_with_the_puzzle_family_they_were_run_on() {
    let mut h = klotski_harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    // BFS (the first row) on 横刀立马.
    h.get_all_by_label("Run").next().unwrap().click();
    h.step();
    wait_for_compare(&mut h);
    let klotski = |h: &Harness<'_, HuarongApp>| {
        let bfs = &h.state().compare().rows[0];
        assert_eq!(bfs.config.strategy, "bfs");
        bfs.summary.expect("BFS ran").solution_length()
    };
    assert!(klotski(&h).is_some());
    assert!(
        !h.get_all_by_label("Play")
            .next()
            .unwrap()
            .accesskit_node()
            .is_disabled()
    );

    h.get_by_label("Sliding tiles").click();
    h.run();
    assert_eq!(h.state().settings().family, Family::Tiles);
    // The tile comparison has run nothing: no Klotski result relabelled
    // with a tile heuristic, nothing to play.
    let c = h.state().compare();
    assert!(
        c.rows
            .iter()
            .all(|r| r.result.is_none() && r.summary.is_none())
    );
    assert!(
        bars(&h, "BFS").is_empty(),
        "a Klotski bar in the tile comparison"
    );
    assert!(
        h.get_all_by_label("Play")
            .all(|p| p.accesskit_node().is_disabled()),
        "a Play button is enabled in the tile comparison"
    );

    // Back in Klotski, its results are still there and Play stays in it.
    h.get_by_label("Klotski 华容道").click();
    h.run();
    let length = klotski(&h);
    assert!(length.is_some());
    h.get_all_by_label("Play").next().unwrap().click();
    h.run();
    assert_eq!(h.state().settings().family, Family::Klotski);
}

/// Hover `label` until its tooltip shows (egui waits half a second).
fn hover(h: &mut Harness<'_, HuarongApp>, label: &str) {
    h.get_by_label(label).hover();
    h.run_steps(4);
}

#[test]
fn a_row_whose_worker_panics_says_why_in_the_language_shown() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label("Compare strategies").click();
    h.run();
    // The first row run as Run runs it, with a strategy that panics.
    let start = Start::Tiles(h.state().tiles().puzzle());
    let settings = h.state().settings().clone();
    let jobs = h.state().jobs().clone();
    let ctx = h.ctx.clone();
    h.state_mut().compare.run_with(
        0,
        Box::new(crate::app::tests::tile_view::Panics),
        &start,
        &settings,
        &jobs,
        &ctx,
    );
    wait_for_compare(&mut h);
    h.run();
    // Its status says so, and its hover why, with the panic's words.
    let panic = "a deliberate panic in a test search";
    hover(&mut h, "Refused");
    h.get_by_label_contains(panic);

    // The same row in Chinese: worded now, not when the run ended.
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    hover(&mut h, "未运行");
    let said = CompareMsg::RunFailed { why: panic.into() };
    h.get_by_label(&said.text(Lang::Chinese));
    assert!(
        h.query_by_label_contains("failed").is_none(),
        "English words in the Chinese tooltip"
    );
}

/// The rects of the bars of the strategy labelled `label` (their accessible
/// labels read `label: value`).
fn bars(h: &Harness<'_, HuarongApp>, label: &str) -> Vec<egui::Rect> {
    let prefix = format!("{label}: ");
    h.query_all_by(|n| {
        n.label()
            .is_some_and(|l| l.starts_with(&prefix) && !l.contains('\n'))
    })
    .map(|n| n.rect())
    .collect()
}

#[test]
fn compare_table_and_bars_read_well_and_fit_1024_by_700() {
    let mut h = harness();
    h.set_size(Vec2::new(1024.0, 700.0));
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Compare strategies").click();
    h.run();
    // Rows not run yet show "–", not zeros.
    assert_eq!(h.query_all_by_label("0.00 ms").count(), 0);
    assert_eq!(h.query_all_by_label("0.0 KiB").count(), 0);
    assert!(h.query_all_by_label("–").count() >= 5 * 7);
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(&mut h);
    h.get_by_label("Time").click();
    h.run();

    // No internal names anywhere; the registry's labels instead.
    for internal in ["astar", "idastar", "bfs", "linear-conflict", "not_found"] {
        let found: Vec<String> = h
            .query_all_by(|n| n.label().is_some_and(|l| l.contains(internal)))
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        assert!(found.is_empty(), "internal name {internal:?} in {found:?}");
    }
    let c = h.state().compare();
    let order = c.order();
    let labels: Vec<String> = order
        .iter()
        .map(|&i| c.rows[i].config.label_in(true, Lang::English))
        .collect();
    assert!(labels.contains(&"A* · Manhattan + linear conflict".to_string()));
    // One time bar per row, labelled, in the table's (time) order, each
    // starting at the axis floor and as long as its time ranks it, with
    // its time in real units.
    let times: Vec<f64> = order
        .iter()
        .map(|&i| c.rows[i].summary.unwrap().ms)
        .collect();
    let mut tops = Vec::new();
    let mut widths = Vec::new();
    let mut lefts = Vec::new();
    for (label, ms) in labels.iter().zip(&times) {
        let bar = format!("{label}: {}", duration(ms / 1e3));
        let r = h.get_by_label(&bar).rect();
        tops.push(r.top());
        widths.push(r.width());
        lefts.push(r.left());
        assert_eq!(bars(&h, label).len(), 2, "{label}: a time and a node bar");
    }
    assert!(
        tops.windows(2).all(|w| w[0] < w[1]),
        "bars out of order: {tops:?}"
    );
    assert!(
        lefts.windows(2).all(|w| w[0] == w[1]),
        "bars start apart: {lefts:?}"
    );
    assert!(widths.iter().all(|&w| w >= 2.0), "{widths:?}");
    assert!(
        widths.windows(2).all(|w| w[0] <= w[1]),
        "bar lengths do not follow the times {times:?}: {widths:?}"
    );
    // Nothing cut off on the right: every row button lies in the window.
    for name in ["Run", "Play", "Trace", "Copy", "Remove"] {
        for b in h.get_all_by_label(name) {
            assert!(b.rect().right() <= 1024.0, "{name} at {:?}", b.rect());
        }
    }
}

#[test]
fn the_wheel_over_the_batch_plot_scrolls_the_page_and_a_zoom_can_be_reset() {
    let mut h = harness();
    h.set_size(Vec2::new(1024.0, 700.0));
    h.get_by_label("Compare strategies").click();
    h.run();
    h.state_mut().compare.batch.count = 4;
    h.state_mut().compare.batch.shuffle = 12;
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_for_compare(&mut h);
    // Its end is said in the status line (a screen reader hears it).
    let rows = h.state().compare().batch.points.len();
    assert!(rows > 0);
    assert_eq!(
        h.state().compare().status(),
        format!("Batch done: 4 starts, {rows} strategies on each.")
    );
    // The legend names each configuration by its label.
    h.get_by_label("Simulated annealing · Manhattan + linear conflict");
    h.get_by_label("Reset view").scroll_to_me();
    h.run();
    let bounds = |h: &Harness<'_, HuarongApp>| h.state().compare().batch.scatter_bounds;
    let before = bounds(&h).expect("the scatter is drawn");
    let reset_at = h.get_by_label("Reset view").rect();
    let over_plot = reset_at.center() + Vec2::new(0.0, 120.0);
    let wheel = |h: &mut Harness<'_, HuarongApp>, modifiers: Modifiers| {
        h.hover_at(over_plot);
        h.run();
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: Vec2::new(0.0, 60.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers,
        });
        h.run();
    };
    wheel(&mut h, Modifiers::NONE);
    assert_eq!(
        bounds(&h),
        Some(before),
        "the plain wheel zoomed or panned the plot"
    );
    let moved = h.get_by_label("Reset view").rect();
    assert!(
        moved.top() > reset_at.top(),
        "the page did not scroll: {reset_at:?} → {moved:?}"
    );
    // Ctrl + wheel zooms; Reset view brings the whole view back.
    let over_plot = moved.center() + Vec2::new(0.0, 120.0);
    h.hover_at(over_plot);
    h.run();
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: Vec2::new(0.0, 60.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: CTRL,
    });
    h.run();
    assert_ne!(bounds(&h), Some(before), "Ctrl + wheel did not zoom");
    h.get_by_label("Reset view").click();
    h.run();
    assert_eq!(bounds(&h), Some(before));
}

/// Compare and batch at 1024×700 and 1600×1000 (for looking at).
#[test]
#[ignore = "renders PNGs; run scripts/screenshots.sh"]
fn render_compare_screenshots() {
    let dir = crate::app::tests::screenshot_dir();
    let mut h = harness();
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(&mut h);
    h.state_mut().compare.batch.count = 6;
    h.state_mut().compare.batch.shuffle = 20;
    h.run();
    // Below the charts of the rows just run: scroll to it, as a user would.
    h.get_by_label("Run batch").scroll_to_me();
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_for_compare(&mut h);
    h.get_by_label("Time").scroll_to_me();
    h.run();
    h.get_by_label("Time").click();
    h.run();
    for (w, hgt) in [(1024.0, 700.0), (1600.0, 1000.0)] {
        h.set_size(Vec2::new(w, hgt));
        h.run();
        let img = crate::app::tests::rendered(&mut h);
        img.save(dir.join(format!("compare-{w}x{hgt}.png")))
            .unwrap();
        h.get_by_label("Reset view").scroll_to_me();
        h.run();
        let img = crate::app::tests::rendered(&mut h);
        img.save(dir.join(format!("compare-batch-{w}x{hgt}.png")))
            .unwrap();
        h.get_by_label("Run all").scroll_to_me();
        h.run();
    }

    // The in-app file dialog, on a folder with a puzzle and a sub-folder.
    let mut h = harness();
    h.set_size(Vec2::new(1024.0, 700.0));
    h.state_mut().files.native = no_system_dialog;
    let folder = TempDir::new().unwrap();
    std::fs::create_dir(folder.path().join("results")).unwrap();
    std::fs::write(folder.path().join("start.ron"), "").unwrap();
    std::fs::write(folder.path().join("notes.txt"), "").unwrap();
    menu(&mut h, "Save…");
    wait_for_dialog(&mut h);
    type_path(&mut h, &folder.path().join("puzzle.ron"));
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("file-dialog-1024x700.png")).unwrap();

    // Klotski: BFS on 横刀立马, counted in steps and moves.
    let mut h = klotski_harness();
    h.set_size(Vec2::new(1024.0, 700.0));
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_all_by_label("Run").next().unwrap().click();
    h.step();
    wait_for_compare(&mut h);
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("compare-klotski-1024x700.png")).unwrap();
}

#[test]
fn in_a_small_window_every_row_button_can_be_reached() {
    // At 800×560 the table is wider than the window: the page scrolls
    // sideways to its last button, in both families and languages.
    for klotski in [false, true] {
        for lang in Lang::ALL {
            let mut h = if klotski {
                klotski_harness()
            } else {
                harness()
            };
            h.state_mut().settings_mut().language = lang;
            h.set_size(Vec2::new(800.0, 560.0));
            h.run();
            h.get_by_label(&TilesMsg::ViewCompare.text(lang)).click();
            h.run();
            let remove = CompareMsg::Remove.text(lang);
            let rows = h.query_all_by_label(&remove).count();
            assert!(rows >= 2, "{rows} rows");
            // Scroll sideways as a user does with the wheel over the table.
            let over = h
                .query_all_by_label(&remove)
                .last()
                .unwrap()
                .rect()
                .left_center()
                - Vec2::new(400.0, 0.0);
            wheel_sideways(&mut h, over);
            let rect = h.query_all_by_label(&remove).last().unwrap().rect();
            assert!(
                rect.max.x <= 800.0 && rect.min.x >= 0.0,
                "{lang:?}: Remove at {rect:?}"
            );
            // And it works: a row fewer.
            h.query_all_by_label(&remove).last().unwrap().click();
            h.run();
            assert_eq!(h.query_all_by_label(&remove).count(), rows - 1);
        }
    }
}

/// Ten notches of a sideways wheel at `over`, as a user scrolls a table
/// to its right.
fn wheel_sideways(h: &mut Harness<'_, HuarongApp>, over: egui::Pos2) {
    h.hover_at(over);
    for _ in 0..10 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: Vec2::new(-100.0, 0.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
}

/// Issue 43 item 13: at 800×560, after Run all, every row's buttons are in
/// the window without scrolling, and scrolling the numbers sideways to the
/// last column leaves the strategies' names where they were (scrolling
/// the whole page to the buttons hid them).
#[test]
fn at_800_the_buttons_are_in_view_and_the_names_stay_while_the_numbers_scroll() {
    let mut h = harness();
    h.set_size(Vec2::new(800.0, 560.0));
    h.run();
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.run();
    wait_for_compare(&mut h);
    h.run();
    for b in ["Run", "Trace", "Copy", "Remove"] {
        for node in h.query_all_by_label(b) {
            let r = node.rect();
            assert!(r.right() <= 800.0, "{b} at {r:?}, past the window's edge");
        }
    }
    let name = |h: &Harness<'_, HuarongApp>| h.get_all_by_label("BFS").next().unwrap().rect();
    let before = name(&h);
    let time = h.get_by_label("Time").rect();
    let over = h.get_by_label("Expanded").rect().center();
    wheel_sideways(&mut h, over);
    let after_time = h.get_by_label("Time").rect();
    assert!(after_time.right() <= 800.0, "Time at {after_time:?}");
    assert!(
        after_time.left() < time.left() || time.right() <= 800.0,
        "the numbers did not scroll: {time:?} → {after_time:?}"
    );
    assert_eq!(name(&h), before, "the names moved");
}

/// Issue 43 item 13: a Klotski comparison counted in steps says what its
/// second number is ("116 steps (… moves)", not "116 (… moves)").
#[test]
fn a_klotski_length_in_steps_names_both_of_its_numbers() {
    let mut h = crate::app::tests::harness_with(crate::app::Settings {
        family: crate::app::settings::Family::Klotski,
        metric: crate::engine::klotski::Metric::Steps,
        animate: false,
        ..crate::app::Settings::default()
    });
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_all_by_label("Run").nth(1).unwrap().click();
    h.step();
    wait_for_compare(&mut h);
    h.run();
    let steps = crate::storage::layouts::classics()[0].steps;
    h.get_by_label_contains(&format!("{steps} steps ("));
}

/// Before anything runs, the compare view's status line (and so the web
/// edition's live region) says how many rows are ready and what Run all
/// does, in the language of the day, from the rows as they are.
#[test]
fn the_compare_view_says_what_is_ready_before_anything_runs() {
    let mut h = harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    let rows = h.state().compare().rows.len();
    let ready = CompareMsg::Ready { rows };
    let heard = || crate::app::widgets::steps::shown_status(&h.ctx);
    assert_eq!(heard(), Some(ready.text(Lang::English)));
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    h.run();
    assert_eq!(
        crate::app::widgets::steps::shown_status(&h.ctx),
        Some(ready.text(Lang::Chinese))
    );
    // One row fewer: the line follows.
    h.get_all_by_label("删除").next().unwrap().click();
    h.run();
    h.run();
    assert_eq!(
        crate::app::widgets::steps::shown_status(&h.ctx),
        Some(CompareMsg::Ready { rows: rows - 1 }.text(Lang::Chinese))
    );
}
