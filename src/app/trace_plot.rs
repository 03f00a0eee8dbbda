//! The live trace of a local search (egui_plot): energy or score, current
//! and best, against the iteration; for annealing also the temperature and
//! the acceptance rate. Short runs are traced iteration by iteration, long
//! ones ever more thinly (the engine decides; see `search::TRACE_DENSE`).

use eframe::egui::{self, Color32};
use egui_plot::{GridInput, Line, Plot, PlotPoints, Points, uniform_grid_spacer};

use super::i18n::{CompareMsg, Lang, Message, language, tr};
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

/// The smallest of 1, 2, 5 × 10ᵏ that is at least `x` (> 0).
fn nice_at_least(x: f64) -> f64 {
    let p = 10f64.powf(x.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&s| s >= x * (1.0 - 1e-9))
        .unwrap_or(10.0 * p)
}

/// The next finer step of the 1, 2, 5 sequence that divides `step`.
fn finer(step: f64) -> f64 {
    let p = 10f64.powf(step.log10().floor());
    match (step / p).round() as u32 {
        1 => p / 2.0,
        _ => p, // 2 → 1, 5 → 1
    }
}

/// Grid lines at 1, 2, 5 × 10ᵏ with the labelled ones about 70 to 175
/// points apart, so every axis of a small plot carries numbers (egui_plot's
/// default powers of ten can leave a 250-point-wide axis with only "0").
/// `base_step_size` is the plot span of [`GRID_MIN`] points.
pub(super) fn nice_steps(input: GridInput) -> [f64; 3] {
    let base = input.base_step_size;
    if !(base.is_finite() && base > 0.0) {
        return [1.0, 10.0, 100.0];
    }
    let labelled = nice_at_least(base * 70.0 / GRID_MIN);
    let mid = finer(labelled);
    [finer(mid), mid, labelled]
}

/// An iteration count as an axis shows it: `900`, `25k`, `1.5M`.
pub(super) fn compact(v: f64) -> String {
    let trimmed = |x: f64| {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    match v.abs() {
        a if a >= 1e6 => format!("{}M", trimmed(v / 1e6)),
        a if a >= 1e4 => format!("{}k", trimmed(v / 1e3)),
        _ => trimmed(v),
    }
}

/// A value on a grid of `step`, with as many decimals as the step needs
/// (`5.5` on a grid of 0.5, not `6`).
fn tick(value: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    format!("{value:.decimals$}")
}

/// The closest grid lines are drawn, in points.
pub(super) const GRID_MIN: f64 = 10.0;

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
    let (current_colour, best_colour) = (
        Color32::from_rgb(214, 96, 77),
        Color32::from_rgb(90, 150, 230),
    );
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
    let plot = |name: String, height: f32| {
        Plot::new(name)
            .height(height)
            .allow_scroll(false)
            .grid_spacing(egui::Rangef::new(GRID_MIN as f32, 300.0))
            .x_grid_spacer(uniform_grid_spacer(nice_steps))
            .y_grid_spacer(uniform_grid_spacer(nice_steps))
            .x_axis_label(iteration.clone())
            .x_axis_formatter(|mark, _| compact(mark.value))
            .y_axis_formatter(|mark, _| tick(mark.value, mark.step_size))
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
    plot(format!("{id} energy"), 130.0).show(ui, |plot_ui| {
        draw(
            plot_ui,
            &current,
            series(&|p| Some(p.current)),
            current_colour,
        );
        draw(plot_ui, &best, series(&|p| Some(p.best)), best_colour);
    });
    if annealing {
        let (t_colour, a_colour) = (
            Color32::from_rgb(230, 160, 60),
            Color32::from_rgb(120, 190, 120),
        );
        let temperature = tr(ui, CompareMsg::Temperature);
        let acceptance = tr(ui, CompareMsg::AcceptanceRate);
        key(ui, &[(&temperature, t_colour), (&acceptance, a_colour)]);
        plot(format!("{id} schedule"), 110.0).show(ui, |plot_ui| {
            draw(plot_ui, &temperature, series(&|p| p.temperature), t_colour);
            draw(plot_ui, &acceptance, series(&|p| p.acceptance), a_colour);
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

    #[test]
    fn iteration_counts_are_compact_on_the_axis() {
        assert_eq!(compact(0.0), "0");
        assert_eq!(compact(900.0), "900");
        assert_eq!(compact(5000.0), "5000");
        assert_eq!(compact(25_000.0), "25k");
        assert_eq!(compact(1_500_000.0), "1.5M");
        assert_eq!(compact(2_000_000.0), "2M");
    }

    #[test]
    fn a_tick_has_the_decimals_its_step_needs() {
        assert_eq!(tick(5.5, 0.5), "5.5");
        assert_eq!(tick(6.0, 1.0), "6");
        assert_eq!(tick(0.25, 0.05), "0.25");
        assert_eq!(tick(200.0, 100.0), "200");
    }

    #[test]
    fn grid_steps_are_1_2_5_and_each_divides_the_next() {
        for &(base, labelled) in &[(1.0, 10.0), (0.3, 5.0), (14.0, 100.0), (150.0, 2000.0)] {
            let steps = nice_steps(GridInput {
                bounds: (0.0, 1.0),
                base_step_size: base,
            });
            assert_eq!(steps[2], labelled, "base {base}");
            // Labels at least 70 points apart (base is GRID_MIN points).
            assert!(steps[2] / base * GRID_MIN >= 70.0);
            for w in steps.windows(2) {
                let ratio = w[1] / w[0];
                assert!(
                    (ratio - ratio.round()).abs() < 1e-9 && ratio >= 2.0,
                    "{steps:?}"
                );
            }
        }
    }
}
