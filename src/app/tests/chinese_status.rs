//! Status lines are drawn in the language of the day, not frozen in the
//! one they were made in, and the reasons a run ended unsolved read in
//! Chinese in the Chinese UI (egui_kittest, the language switched from the
//! Language menu as a user does).

use crate::app::view::PlayView as _;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tempfile::TempDir;

use crate::app::HuarongApp;
use crate::app::i18n::reasons::ReasonMsg;
use crate::app::i18n::{Lang, Message, TilesMsg};
use crate::app::settings::Settings;
use crate::app::tests::{harness, harness_with, klotski_harness, set_board, wait_while};

/// Language → 简体中文.
fn speak_chinese(h: &mut Harness<'_, HuarongApp>) {
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    assert_eq!(h.state().settings().language, Lang::Chinese);
}

#[test]
fn a_status_line_made_in_english_reads_in_chinese_once_the_language_is() {
    let dir = TempDir::new().unwrap();
    // The compare view's: an export.
    let mut h = harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    let table = dir.path().join("table.csv");
    h.state_mut().export_path(&table);
    h.run();
    let path = table.display().to_string();
    let exported = TilesMsg::Exported { rows: 5, path };
    h.get_by_label(&exported.text(Lang::English));
    speak_chinese(&mut h);
    h.get_by_label(&exported.text(Lang::Chinese));

    // The Klotski view's: a save.
    let mut h = klotski_harness();
    let file = dir.path().join("k.ron");
    h.state_mut().save_path(&file, false);
    h.run();
    let saved = TilesMsg::Saved {
        path: file.display().to_string(),
    };
    h.get_by_label(&saved.text(Lang::English));
    speak_chinese(&mut h);
    h.get_by_label(&saved.text(Lang::Chinese));
    assert!(h.query_by_label(&saved.text(Lang::English)).is_none());
}

#[test]
fn why_a_run_ended_unsolved_reads_in_chinese() {
    // Klotski: a layout whose target can never reach the exit, searched
    // to its end.
    let mut h = klotski_harness();
    speak_chinese(&mut h);
    h.event(eframe::egui::Event::Paste(
        "AAB./AAB./CCDD/EEFF/GGHH".into(),
    ));
    h.run();
    h.get_by_label("求解").click();
    h.step();
    wait_while(&mut h, |a| a.klotski().is_solving(), 60, "solver");
    let exhausted = ReasonMsg::Exhausted.text(Lang::Chinese);
    assert!(h.query_all_by_label_contains(&exhausted).next().is_some());
    let status = h.state().klotski().status();
    assert!(
        status.contains("none is the goal"),
        "the engine's words in English: {status}"
    );

    // Tiles: greedy stuck at a local minimum, and a node limit.
    let mut h = harness();
    speak_chinese(&mut h);
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("贪心爬山").click();
    h.run();
    h.get_by_label("求解").click();
    h.step();
    wait_while(&mut h, HuarongApp::is_solving, 60, "solver");
    let out = ReasonMsg::OutOfIterations.text(Lang::Chinese);
    let status = h.state().status_in(Lang::Chinese);
    assert!(status.contains(&out), "{status}");
    assert!(!status.contains("iterations"), "{status}");
    // Shown too: in the status line and the Steps panel.
    assert!(h.query_all_by_label_contains(&out).count() >= 2);

    let mut h = harness_with(Settings {
        limit_nodes: true,
        max_knodes: 1,
        ..Settings::default()
    });
    speak_chinese(&mut h);
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("广度优先搜索").click();
    h.run();
    h.get_by_label("求解").click();
    h.step();
    wait_while(&mut h, HuarongApp::is_solving, 60, "solver");
    let status = h.state().status_in(Lang::Chinese);
    assert!(status.starts_with("达到节点上限"), "{status}");
    assert!(!status.contains("limit"), "{status}");
}
