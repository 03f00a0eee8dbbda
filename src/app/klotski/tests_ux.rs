//! The Klotski view as a new user meets it (issue 15): names that fit and
//! follow the names setting, one row per move, soldiers told apart, only
//! Klotski strategies, the editor's words, and local-search traces.

use eframe::egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::settings::{Family, Settings};
use crate::app::tests::{TestApp, harness_with, wait_while};

fn harness() -> TestApp {
    let mut h = harness_with(Settings {
        family: Family::Klotski,
        animate: false,
        ..Settings::default()
    });
    h.run();
    h
}

fn wait_for_solver(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.klotski.is_solving(), 60, "solver");
}

/// Render the Klotski view solved in moves, part way through, in both
/// name settings at 1100×720 and 800×560, into `$HUARONG_SCREENSHOTS`.
#[test]
#[ignore]
fn render_klotski_names_and_sizes() {
    let dir = std::path::PathBuf::from(
        std::env::var("HUARONG_SCREENSHOTS")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/screenshots").into()),
    );
    std::fs::create_dir_all(&dir).unwrap();
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
            h.state_mut().settings_mut().chinese_names = chinese;
            h.run();
            h.render()
                .expect("render")
                .save(dir.join(format!("klotski-{names}-{w}x{ht}.png")))
                .unwrap();
        }
    }
    h.get_by_label("Last").click();
    h.run();
    h.render()
        .expect("render")
        .save(dir.join("klotski-escaped.png"))
        .unwrap();
}

/// Render a short annealing run on a 3×3 and on 横刀立马 with its trace.
#[test]
#[ignore]
fn render_short_traces() {
    let dir = std::path::PathBuf::from(
        std::env::var("HUARONG_SCREENSHOTS")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/screenshots").into()),
    );
    std::fs::create_dir_all(&dir).unwrap();
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
    h.render()
        .expect("render")
        .save(dir.join("trace-3x3.png"))
        .unwrap();
    let mut h = harness();
    h.get_by_label("Simulated annealing").click();
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_for_solver(&mut h);
    h.render()
        .expect("render")
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
        .tiles
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
