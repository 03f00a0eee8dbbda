//! A run's strategy travels by registry name: files the app saves name it
//! so (`"astar"`, `"linear-conflict"`, `"bfs"`), whether the run was a
//! solve or a compared row played, and files of earlier versions, which
//! held labels (`"A*"`, `"A* · Manhattan + linear conflict"`), still open
//! with their solution shown under its label (egui_kittest).

use crate::app::view::PlayView as _;
use egui_kittest::kittest::Queryable;
use tempfile::TempDir;

use crate::app::tests::{harness, klotski_harness, set_board, wait_for_solver, wait_while};
use crate::engine::Dir;

/// The strategy and heuristic fields of a saved file's text.
fn run_fields(text: &str) -> (String, String) {
    let field = |name: &str| {
        let at = text
            .find(&format!("{name}: \""))
            .unwrap_or_else(|| panic!("no {name} in {text}"));
        let rest = &text[at + name.len() + 3..];
        rest[..rest.find('"').unwrap()].to_string()
    };
    (field("strategy"), field("heuristic"))
}

#[test]
fn a_saved_solution_names_its_run_by_registry_name() {
    let dir = TempDir::new().unwrap();
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label("A*").click();
    h.run();
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    let solved = dir.path().join("solved.ron");
    h.state_mut().save_path(&solved, true);
    let text = std::fs::read_to_string(&solved).unwrap();
    assert_eq!(
        run_fields(&text),
        ("astar".into(), "linear-conflict".into())
    );

    // A compared row's run, played and saved.
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 60, "compare runs");
    let c = h.state().compare();
    let astar = c
        .order()
        .iter()
        .position(|&i| c.rows[i].config.strategy == "astar")
        .unwrap();
    h.get_all_by_label("Play").nth(astar).unwrap().click();
    h.run();
    let played = dir.path().join("played.ron");
    h.state_mut().save_path(&played, true);
    let text = std::fs::read_to_string(&played).unwrap();
    assert_eq!(
        run_fields(&text),
        ("astar".into(), "linear-conflict".into())
    );
    h.get_by_label_contains("2 moves by A* with Manhattan + linear conflict");
}

#[test]
fn a_file_of_an_earlier_version_holding_labels_opens_and_saves_names() {
    let dir = TempDir::new().unwrap();
    let mut h = harness();
    // As the app wrote them: a played compared row's label, no heuristic.
    let old = dir.path().join("old.ron");
    let text = r#"PuzzleFile(format: "huarong-puzzle", version: 1, kind: Tiles,
        rows: 3, cols: 3, state: [1, 2, 3, 4, 5, 6, 0, 7, 8],
        goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
        solution: Some(SavedSolution(moves: "RR",
            strategy: "A* · Manhattan + linear conflict", heuristic: "",
            status: "solved", optimal: true)))"#;
    std::fs::write(&old, text).unwrap();
    h.state_mut().open_path(&old);
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    assert_eq!(
        h.state().solution_path().unwrap(),
        &[Dir::Right, Dir::Right]
    );
    h.get_by_label_contains("2 moves by A* with Manhattan + linear conflict");
    // Its solution saved again names the run.
    let again = dir.path().join("again.ron");
    h.state_mut().save_path(&again, true);
    let text = std::fs::read_to_string(&again).unwrap();
    assert_eq!(
        run_fields(&text),
        ("astar".into(), "linear-conflict".into())
    );
}

#[test]
fn a_saved_klotski_solution_names_its_strategy_and_old_labels_open() {
    let dir = TempDir::new().unwrap();
    let mut h = klotski_harness();
    // Cao Cao three cells above the exit, nothing in the way.
    h.event(eframe::egui::Event::Paste(
        "BAAC/BAAC/D..F/D..F/G..J".into(),
    ));
    h.run();
    h.get_by_label("BFS").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_while(&mut h, |a| a.klotski().is_solving(), 60, "solver");
    let path = dir.path().join("k.ron");
    h.state_mut().save_path(&path, true);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(r#"strategy: "bfs""#), "{text}");
    // The label an earlier version wrote opens as the strategy it names.
    let old = dir.path().join("old.ron");
    std::fs::write(
        &old,
        text.replace(r#"strategy: "bfs""#, r#"strategy: "BFS""#),
    )
    .unwrap();
    let mut t = klotski_harness();
    t.state_mut().open_path(&old);
    t.run();
    assert!(t.state().error().is_none(), "{:?}", t.state().error());
    t.get_by_label_contains("by BFS");
    let by = &t.state().klotski().solution().unwrap().run;
    assert_eq!(by.names().0, "bfs");
}
