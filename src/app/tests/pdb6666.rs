//! The 24-puzzle's 6-6-6-6 database in the app: offered on 5×5 only (listed
//! elsewhere only while chosen, disabled, with the reason), and a solve with it builds it behind the same
//! progress bar as the other databases, which Cancel stops without saving.

use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::tests::{harness, solve_showing_build, wait_for_solver};
use crate::engine::HeuristicKind;

#[test]
fn pdb6666_is_offered_on_5x5_and_a_solve_builds_it_with_a_progress_bar() {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    let label = "Pattern database 6-6-6-6";
    // Not listed on 4×4 (the panel keeps its height there).
    assert!(h.query_by_label(label).is_none());
    let why = crate::app::controls::unavailable(
        HeuristicKind::Pdb6666,
        crate::engine::Shape::new(4, 4).unwrap(),
    )
    .expect("refused on 4×4");
    assert!(why.contains("5×5") && why.contains("4x4"), "{why}");
    h.get_by_label("5×5").click();
    h.run();
    assert!(!h.get_by_label(label).accesskit_node().is_disabled());
    h.get_by_label(label).click();
    h.run();
    assert_eq!(h.state().settings.heuristic, HeuristicKind::Pdb6666);
    // On a 4×4 the 4×4's own database takes its place, and the status
    // line says so; back on 5×5 it is chosen again.
    h.get_by_label("4×4").click();
    h.run();
    assert_eq!(h.state().settings.heuristic, HeuristicKind::Pdb);
    let status = h.state().status();
    assert!(status.contains("does not fit a 4x4 board"), "{status}");
    h.get_by_label("5×5").click();
    h.run();
    assert!(!h.get_by_label(label).accesskit_node().is_disabled());
    h.get_by_label(label).click();
    h.run();
    assert_eq!(h.state().settings.heuristic, HeuristicKind::Pdb6666);
    h.get_by_label("Randomize").click();
    h.run();
    solve_showing_build(&mut h, "6-6-6-6", 60);
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);
    assert!(!HuarongApp::is_solving(h.state()));
    assert!(
        h.state().status().starts_with("Cancelled"),
        "{}",
        h.state().status()
    );
    let goal = h.state().tiles().game.goal.clone();
    assert!(
        h.state()
            .tiles()
            .databases
            .find(HeuristicKind::Pdb6666, &goal)
            .is_none()
    );
    let saved = std::fs::read_dir(h.cache.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".bin"))
        .count();
    assert_eq!(saved, 0, "a cancelled build writes nothing");
}

/// The 5×5 panel with the 6-6-6-6 database chosen, in both languages at
/// both sizes, into `$HUARONG_SCREENSHOTS`.
#[test]
#[ignore = "renders PNGs; run with HUARONG_SCREENSHOTS=<folder>"]
fn render_pdb_in_chinese() {
    let dir = crate::app::tests::screenshot_dir();
    for (w, hgt) in [(1600.0, 1000.0), (800.0, 560.0)] {
        for chinese in [false, true] {
            let mut h = harness();
            h.set_size(eframe::egui::Vec2::new(w, hgt));
            h.run();
            if chinese {
                h.get_by_label("Language").click();
                h.run();
                h.get_by_label("简体中文").click();
                h.run();
            }
            h.get_by_label("5×5").click();
            h.run();
            h.get_by_label_contains("6-6-6-6").click();
            h.run();
            let lang = if chinese { "zh" } else { "en" };
            crate::app::tests::rendered(&mut h)
                .save(dir.join(format!("pdb6666-{lang}-{w}x{hgt}.png")))
                .unwrap();
        }
    }
}
