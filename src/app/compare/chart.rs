//! The charts below the table: each finished row's time and nodes as bars
//! on a log scale ([`log_bars`]), the axis ticks in real units
//! ([`time_tick`], [`count_tick`]), and the runs' shapes by depth.

use eframe::egui;

use super::row::Row;
use super::session::Session;
use super::table::text_width;
use crate::app::i18n::{CompareMsg, language, tr};
use crate::app::widgets::anatomy::{Shape, compare_shapes};
use crate::engine::experiment::RunSummary;
use crate::units::{duration, thousands};

/// A time in milliseconds with two significant figures or more, in the unit
/// that reads best (an axis tick: `10 µs`, `0.5 ms`, `2 s`).
pub fn time_tick(ms: f64) -> String {
    fn short(x: f64) -> String {
        let text = if x >= 10.0 {
            format!("{x:.0}")
        } else if x >= 1.0 {
            format!("{x:.1}")
        } else {
            format!("{x:.2}")
        };
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        }
    }
    if !ms.is_finite() || ms <= 0.0 {
        "0 ms".into()
    } else if ms >= 1e9 {
        // Only ever seen zoomed far out: keep it short.
        format!("{:.0e} s", ms / 1e3)
    } else if ms >= 1e3 {
        format!("{} s", short(ms / 1e3))
    } else if ms >= 1.0 {
        format!("{} ms", short(ms))
    } else if ms >= 1e-3 {
        format!("{} µs", short(ms * 1e3))
    } else {
        "< 1 µs".into()
    }
}

/// A count on an axis: `1`, `100`, `10 k`, `1 M`.
pub fn count_tick(n: f64) -> String {
    match n {
        n if n >= 1e9 => format!("{:.0} G", n / 1e9),
        n if n >= 1e6 => format!("{:.0} M", n / 1e6),
        n if n >= 1e3 => format!("{:.0} k", n / 1e3),
        n => format!("{n:.0}"),
    }
}

/// One bar of a [`log_bars`] chart.
pub struct BarItem {
    /// The strategy's label, written beside the bar.
    pub label: String,
    /// The value, in the chart's unit (ms, nodes).
    pub value: f64,
}

/// Horizontal bars on a log scale, one per item in the order given, each
/// labelled on its left and with its value in real units on its right and
/// in its tooltip. Bars start at the axis floor, the decade at or below the
/// smallest value (never below `least`), so no bar looks negative; the axis
/// below shows the decades. Not a plot: the mouse wheel scrolls the page.
pub fn log_bars(
    ui: &mut egui::Ui,
    id: &str,
    items: &[BarItem],
    least: f64,
    tick: &dyn Fn(f64) -> String,
    text: &dyn Fn(f64) -> String,
) {
    if items.is_empty() {
        return;
    }
    let values = items.iter().map(|b| b.value.max(least));
    let lo = values.clone().fold(f64::INFINITY, f64::min).log10().floor();
    let mut hi = values.fold(least, f64::max).log10().ceil();
    if hi <= lo {
        hi = lo + 1.0;
    }
    let label_width = items
        .iter()
        .map(|b| text_width(ui, &b.label, egui::TextStyle::Body))
        .fold(0.0, f32::max);
    let value_width = 80.0;
    let spacing = ui.spacing().item_spacing.x;
    let bar_width = (ui.available_width() - label_width - value_width - 2.0 * spacing).max(60.0);
    let bar_color = ui.visuals().selection.bg_fill;
    let x_of = |v: f64, rect: egui::Rect| {
        let t = ((v.max(least).log10() - lo) / (hi - lo)).clamp(0.0, 1.0) as f32;
        rect.left() + t * rect.width()
    };
    let mut area = None;
    ui.push_id(id, |ui| {
        for b in items {
            ui.horizontal(|ui| {
                ui.add_sized(
                    [label_width, 18.0],
                    egui::Label::new(&b.label).halign(egui::Align::Max),
                );
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(bar_width, 16.0), egui::Sense::hover());
                let value = text(b.value);
                let bar = egui::Rect::from_min_max(
                    rect.left_top(),
                    egui::pos2(x_of(b.value, rect).max(rect.left() + 2.0), rect.bottom()),
                );
                ui.painter().rect_filled(bar, 2.0, bar_color);
                // Not words: the label and the number.
                let label = format!("{}: {value}", b.label);
                ui.interact(bar, ui.scope_id().with(&b.label), egui::Sense::hover())
                    .on_hover_text(&label)
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
                ui.label(value);
                area = Some(area.map_or(rect, |a: egui::Rect| a.union(rect)));
            });
        }
        // The axis: a line per decade through the bars, its value below.
        let Some(area) = area else { return };
        let (axis, _) =
            ui.allocate_exact_size(egui::vec2(ui.available_width(), 16.0), egui::Sense::hover());
        let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
        let weak = ui.visuals().weak_text_color();
        let small = egui::TextStyle::Small.resolve(ui.style());
        let decades = (hi - lo).round() as i32;
        let every = (decades / 6).max(1);
        for k in (0..=decades).step_by(every as usize) {
            let v = 10f64.powi(lo as i32 + k);
            let x = x_of(v, area);
            ui.painter().vline(x, area.y_range(), stroke);
            ui.painter().text(
                egui::pos2(x, axis.top()),
                egui::Align2::CENTER_TOP,
                tick(v),
                small.clone(),
                weak,
            );
        }
    });
}

impl Session {
    /// Time and nodes of each finished row as bars on a log scale, and
    /// each recorded run's shape, in the table's order.
    pub(super) fn charts(&self, ui: &mut egui::Ui, tiles: bool) {
        let lang = language(ui.ctx());
        let shown: Vec<(String, &Row)> = self
            .order()
            .into_iter()
            .map(|i| (self.rows[i].config.label_in(tiles, lang), &self.rows[i]))
            .collect();
        let done: Vec<(&str, RunSummary)> = shown
            .iter()
            .filter_map(|(label, r)| Some((label.as_str(), r.summary?)))
            .collect();
        if done.is_empty() {
            return;
        }
        let bars = |value: fn(&RunSummary) -> f64| -> Vec<BarItem> {
            done.iter()
                .map(|(label, s)| BarItem {
                    label: label.to_string(),
                    value: value(s),
                })
                .collect()
        };
        ui.strong(tr(ui, CompareMsg::TimeChart));
        log_bars(ui, "time bars", &bars(|s| s.ms), 1e-3, &time_tick, &|ms| {
            duration(ms / 1e3)
        });
        ui.add_space(6.0);
        ui.strong(tr(ui, CompareMsg::NodesChart));
        log_bars(
            ui,
            "node bars",
            &bars(|s| s.expanded as f64),
            1.0,
            &count_tick,
            &|n| thousands(n as u64),
        );
        // Each run's shape: where its nodes went, depth by depth.
        let shapes: Vec<Shape<'_>> = shown
            .iter()
            .filter_map(|(label, r)| {
                Some(Shape {
                    label: label.clone(),
                    by_depth: &r.anatomy.as_ref()?.by_depth,
                })
            })
            .collect();
        ui.add_space(6.0);
        compare_shapes(ui, &shapes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_ticks_read_as_people_write_them() {
        let ticks: Vec<String> = [1e-25, 1e-3, 0.05, 0.5, 1.0, 12.6, 100.0, 2500.0, 1e12]
            .map(time_tick)
            .into();
        assert_eq!(
            ticks,
            [
                "< 1 µs", "1 µs", "50 µs", "500 µs", "1 ms", "13 ms", "100 ms", "2.5 s", "1e9 s"
            ]
        );
        let counts: Vec<String> = [1.0, 100.0, 1e4, 1e6].map(count_tick).into();
        assert_eq!(counts, ["1", "100", "10 k", "1 M"]);
    }
}
