//! The live trace of a local search (egui_plot): energy or score, current
//! and best, against the iteration; for annealing also the temperature and
//! the acceptance rate. Short runs are traced iteration by iteration, long
//! ones ever more thinly (the engine decides; see `search::TRACE_DENSE`).

use eframe::egui::{self, Color32};
use egui_plot::{Line, Plot, PlotPoints, Points};

use crate::app::palette;
use crate::app::widgets::axes::{self, Scale};

use crate::app::i18n::{CompareMsg, Lang, Message, language, tr};
use crate::engine::TracePoint;

/// Up to this many points, each is also marked with a dot (a run of a few
/// iterations is then visible point by point).
const MARKED: usize = 60;

/// The heading of a trace of `n` points: `Trace: 1 point`, `Trace: 12 points`.
pub fn title(n: usize, lang: Lang) -> String {
    match n {
        1 => CompareMsg::TraceOnePoint,
        n => CompareMsg::TracePoints { n },
    }
    .text(lang)
}

/// A series' name drawn in its colour above the plot (a legend inside the
/// plot would cover the data).
fn key(ui: &mut egui::Ui, entries: &[(&str, Color32)]) {
    ui.horizontal_wrapped(|ui| {
        for &(name, colour) in entries {
            ui.colored_label(colour, format!("— {name}"));
        }
    });
}

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
    let annealing = points[0].temperature.is_some();
    let label = tr(
        ui,
        if annealing {
            CompareMsg::Energy
        } else {
            CompareMsg::Score
        },
    );
    let (current_colour, best_colour) = (palette::SERIES[1], palette::SERIES[0]);
    ui.label(title(points.len(), language(ui.ctx())));
    let current = tr(
        ui,
        CompareMsg::Current {
            what: label.clone(),
        },
    );
    let best = tr(ui, CompareMsg::Best { what: label });
    let iteration = tr(ui, CompareMsg::Iteration);
    key(ui, &[(&current, current_colour), (&best, best_colour)]);
    // Whole iterations across; the values' own range up, with a labelled
    // top (see `axes`).
    let iterations = points.iter().map(|p| p.iteration as f64);
    let first = iterations.clone().fold(f64::INFINITY, f64::min);
    let last = iterations.fold(f64::NEG_INFINITY, f64::max);
    // The last iteration's label, centred on the right end, inside the
    // frame: room measured in the plot's font (the y axis's labels take
    // some of the width; counted as none, the room is a little more).
    let lang = crate::app::i18n::language(ui.ctx());
    let top_label = {
        let text = Scale::integer(first, last).label(last, 1.0, lang);
        let font = egui::TextStyle::Body.resolve(ui.style());
        ui.fonts_mut(|f| f.layout_no_wrap(text, font, egui::Color32::WHITE))
            .size()
            .x
    };
    let x = Scale::integer(first, last)
        .with_room_for_top_label((ui.available_width() - 60.0).max(100.0), top_label);
    let plot = |name: String, height: f32, y: Scale| {
        let plot = Plot::new(name)
            .height(height)
            .allow_scroll(false)
            .x_axis_label(iteration.clone());
        axes::apply(plot, x, y, lang)
    };
    let range = |values: &[Vec<[f64; 2]>]| {
        let ys = values.iter().flatten().map(|p| p[1]);
        let min = ys.clone().fold(f64::INFINITY, f64::min);
        let max = ys.fold(f64::NEG_INFINITY, f64::max);
        Scale::real(min, max)
    };
    let draw = |plot_ui: &mut egui_plot::PlotUi<'_>, name: &str, data: Vec<[f64; 2]>, colour| {
        if data.len() <= MARKED {
            plot_ui.points(
                Points::new(name.to_string(), PlotPoints::from(data.clone()))
                    .radius(2.5)
                    .color(colour),
            );
        }
        plot_ui.line(Line::new(name.to_string(), PlotPoints::from(data)).color(colour));
    };
    let (current_data, best_data) = (series(&|p| Some(p.current)), series(&|p| Some(p.best)));
    let y = range(&[current_data.clone(), best_data.clone()]);
    plot(format!("{id} energy"), 130.0, y).show(ui, |plot_ui| {
        draw(plot_ui, &current, current_data, current_colour);
        draw(plot_ui, &best, best_data, best_colour);
    });
    if annealing {
        let (t_colour, a_colour) = (palette::SERIES[3], palette::SERIES[2]);
        let temperature = tr(ui, CompareMsg::Temperature);
        let acceptance = tr(ui, CompareMsg::AcceptanceRate);
        key(ui, &[(&temperature, t_colour), (&acceptance, a_colour)]);
        let (t_data, a_data) = (series(&|p| p.temperature), series(&|p| p.acceptance));
        let y = range(&[t_data.clone(), a_data.clone()]);
        plot(format!("{id} schedule"), 110.0, y).show(ui, |plot_ui| {
            draw(plot_ui, &temperature, t_data, t_colour);
            draw(plot_ui, &acceptance, a_data, a_colour);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_counts_points_in_either_language() {
        assert_eq!(title(1, Lang::English), "Trace: 1 point");
        assert_eq!(title(2, Lang::English), "Trace: 2 points");
        assert_eq!(title(2, Lang::Chinese), "轨迹：2 个点");
    }
}
