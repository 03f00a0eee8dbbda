//! The local searches' settings in the left panel: shown for annealing,
//! tabu search and greedy, each field labelled and kept in range (a value
//! out of range cannot be entered).

use eframe::egui;

use super::settings::TuningSettings;

fn field(ui: &mut egui::Ui, label: &str, hover: &str, value: impl egui::Widget) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(value).labelled_by(l.id).on_hover_text(hover);
    });
}

/// The fields for `strategy` (nothing for the exact searches).
pub fn show(ui: &mut egui::Ui, strategy: &str, t: &mut TuningSettings) {
    if !matches!(strategy, "annealing" | "tabu" | "greedy") {
        return;
    }
    ui.label("Parameters");
    field(
        ui,
        "Seed",
        "The same seed gives the same run.",
        egui::DragValue::new(&mut t.seed),
    );
    match strategy {
        "annealing" => {
            field(
                ui,
                "T₀",
                "Starting temperature.",
                egui::DragValue::new(&mut t.t0)
                    .range(0.01..=100.0)
                    .speed(0.05),
            );
            field(
                ui,
                "α",
                "Cooling factor per iteration; the adaptive schedule moves it within 0.999–0.9999.",
                egui::DragValue::new(&mut t.alpha)
                    .range(0.99..=0.99999)
                    .speed(0.00001)
                    .max_decimals(5),
            );
            field(
                ui,
                "Window",
                "Iterations per acceptance-rate window.",
                egui::DragValue::new(&mut t.window).range(10..=100_000),
            );
            field(
                ui,
                "Iterations",
                "Iterations per run.",
                egui::DragValue::new(&mut t.anneal_iters).range(1..=100_000_000),
            );
            field(
                ui,
                "Restarts",
                "Extra runs from the start after a run fails.",
                egui::DragValue::new(&mut t.restarts).range(0..=1000),
            );
        }
        "tabu" => {
            field(
                ui,
                "Tenure",
                "How many recent states are tabu.",
                egui::DragValue::new(&mut t.tenure).range(1..=10_000_000),
            );
            field(
                ui,
                "Iterations",
                "Most iterations.",
                egui::DragValue::new(&mut t.tabu_iters).range(1..=100_000_000),
            );
        }
        _ => field(
            ui,
            "Iterations",
            "Most moves.",
            egui::DragValue::new(&mut t.tabu_iters).range(1..=100_000_000),
        ),
    }
}
