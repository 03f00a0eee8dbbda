//! Feedback on long work, words and layout at small sizes (issue 15, part
//! D): database loads and builds say what they do, Cancel ends a solve
//! within a few frames, no internal key reaches the screen, and every
//! control is reachable in a small window.

use eframe::egui::{self, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::tests::{harness_with, set_board, start_long_bfs, wait_for_solver, wait_until};
use super::{HuarongApp, Settings};

fn settings() -> Settings {
    Settings {
        animate: false,
        ..Settings::default()
    }
}

/// The app at `size`, settled.
fn sized(settings: Settings, size: Vec2) -> super::tests::TestApp {
    let mut h = harness_with(settings);
    h.set_size(size);
    h.run();
    h
}

/// Where the status line is: the label showing the status text.
fn status_rect(h: &Harness<'_, HuarongApp>) -> Rect {
    let status = h.state().status().to_string();
    h.get_by_label(&status).rect()
}

/// Save a frame to `$HUARONG_SCREENSHOTS/name` when that folder is set
/// (the render tests below are ignored by default: they need a renderer).
fn save(h: &mut Harness<'_, HuarongApp>, name: &str) {
    let dir = std::path::PathBuf::from(
        std::env::var("HUARONG_SCREENSHOTS")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/screenshots").into()),
    );
    std::fs::create_dir_all(&dir).unwrap();
    h.render().expect("render").save(dir.join(name)).unwrap();
}

#[test]
fn at_800x560_solve_is_in_the_window_above_the_status_bar_for_every_strategy() {
    let window = Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(800.0, 560.0));
    for s in crate::engine::strategy::for_family(crate::engine::strategy::Family::Tiles) {
        let mut h = sized(
            Settings {
                strategy: s.name().into(),
                ..settings()
            },
            window.size(),
        );
        // The 4×4 adds the strong database's line to the panel.
        h.get_by_label("4×4").click();
        h.run();
        let solve = h.get_by_label("Solve").rect();
        let status = status_rect(&h);
        assert!(
            window.contains_rect(solve),
            "{}: Solve at {solve:?} is outside the window",
            s.label()
        );
        assert!(
            solve.bottom() < status.top(),
            "{}: Solve at {solve:?} is under the status line at {status:?}",
            s.label()
        );
    }
}

#[test]
#[ignore = "renders PNGs; run with HUARONG_SCREENSHOTS=<folder>"]
fn render_the_main_window_at_small_and_default_sizes() {
    for (w, hgt) in [(800.0, 560.0), (1100.0, 720.0)] {
        for strategy in ["astar", "annealing"] {
            let mut h = sized(
                Settings {
                    strategy: strategy.into(),
                    ..settings()
                },
                Vec2::new(w, hgt),
            );
            h.get_by_label("4×4").click();
            h.run();
            save(&mut h, &format!("d-main-{strategy}-{w}x{hgt}.png"));
        }
    }
    // A solve running at the small size: the counters and Cancel in view.
    let mut h = sized(settings(), Vec2::new(800.0, 560.0));
    start_long_bfs(&mut h);
    wait_until(
        &mut h,
        |h| h.query_by_label("expanded").is_some(),
        10,
        "live counters",
    );
    save(&mut h, "d-solving-800x560.png");
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);
}
