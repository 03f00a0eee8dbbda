//! The live trace of a local search (egui_plot): energy or score, current
//! and best, per window; for annealing also the temperature and the
//! acceptance rate.

use eframe::egui;
use egui_plot::{Legend, Line, Plot, PlotPoints};

use crate::engine::TracePoint;

/// Plot `points`; `id` keeps plots of different views apart.
pub fn show(ui: &mut egui::Ui, id: &str, points: &[TracePoint]) {
    if points.is_empty() {
        return;
    }
    let series = |f: &dyn Fn(&TracePoint) -> Option<f64>| -> Vec<[f64; 2]> {
        points
            .iter()
            .filter_map(|p| f(p).map(|y| [p.iteration as f64, y]))
            .collect()
    };
    let label = if points[0].temperature.is_some() {
        "energy"
    } else {
        "score"
    };
    ui.label(format!("Trace ({} points)", points.len()));
    Plot::new(format!("{id} energy"))
        .height(120.0)
        .legend(Legend::default())
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new(
                format!("current {label}"),
                PlotPoints::from(series(&|p| Some(p.current))),
            ));
            plot.line(Line::new(
                format!("best {label}"),
                PlotPoints::from(series(&|p| Some(p.best))),
            ));
        });
    if points[0].temperature.is_some() {
        Plot::new(format!("{id} schedule"))
            .height(100.0)
            .legend(Legend::default())
            .allow_scroll(false)
            .show(ui, |plot| {
                plot.line(Line::new(
                    "temperature",
                    PlotPoints::from(series(&|p| p.temperature)),
                ));
                plot.line(Line::new(
                    "acceptance",
                    PlotPoints::from(series(&|p| p.acceptance)),
                ));
            });
    }
}
