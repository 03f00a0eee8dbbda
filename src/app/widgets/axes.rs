//! The axes of every chart (egui_plot): where the ticks go, how they read,
//! and which range a plot shows, as pure functions of the data.
//!
//! An axis is a [`Scale`]: its [`Kind`] (whole numbers such as depths and
//! counts, real values, or counts drawn as their base-10 logarithm), the
//! range to show and its top value. Ticks of whole numbers fall on whole
//! steps of 1, 2, 5 × 10ᵏ and are never labelled with a fraction; a log
//! axis ticks decades only, labelled as the counts they stand for (`1`,
//! `10`, `100`, `1,000`, `10 k`); every axis labels its top value; a
//! range of one point is widened so that its neighbours show; counts all
//! zero still show 0 and 1. [`apply`] puts two scales on a plot, and
//! [`bar_tooltip`] shows a bar's figures beside the pointer, where the
//! plot's own bar label (drawn above the bar, cut off at the plot's top
//! and right edge) is left empty.

use std::ops::RangeInclusive;

use eframe::egui;
use egui_plot::{Bar, BarChart, GridInput, GridMark, Plot, PlotResponse};

use crate::app::i18n::{Lang, count};

/// The closest grid lines are drawn, in points (the plot's
/// `grid_spacing` minimum, which scales `GridInput::base_step_size`).
pub const GRID_MIN: f64 = 10.0;

/// Labelled ticks at least this far apart on the x axis, in points
/// (egui_plot labels x ticks more than 60 points apart).
const X_GAP: f64 = 70.0;
/// Labelled ticks at least this far apart on the y axis, in points
/// (egui_plot labels y ticks more than 20 points apart).
const Y_GAP: f64 = 28.0;
/// Grid lines closer than this carry no label in egui_plot: x, y.
const X_UNLABELLED: f64 = 60.0;
const Y_UNLABELLED: f64 = 20.0;
/// A log axis's decades are labelled this much farther apart than the
/// closest egui_plot labels.
const DECADE_MARGIN: f64 = 1.1;

/// Room above the top tick, as a share of the range (the top label is
/// drawn whole inside the plot's frame).
const HEADROOM: f64 = 0.05;

/// Which way an axis runs (the room its labels need differs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Across.
    X,
    /// Up.
    Y,
}

/// What an axis counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Whole numbers: depths, bounds, distances, iterations, counts.
    Integer,
    /// Real values (energies, rates).
    Real,
    /// The base-10 logarithm of positive values: ticks at decades only.
    Log10,
}

/// One axis of a chart: its kind, the range shown and the value labelled
/// at its top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// What it counts.
    pub kind: Kind,
    /// The lowest value shown.
    pub lo: f64,
    /// The highest value shown.
    pub hi: f64,
    /// The value that always carries a tick and its label (within
    /// `lo..=hi`).
    pub top: f64,
}

/// The smallest of 1, 2, 5 × 10ᵏ that is at least `x` (> 0); 1 for
/// anything that is not a positive finite number.
pub fn nice_at_least(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
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

/// The step of `kind`'s ticks that is at least `x`: whole for integers
/// and decades (a log axis steps by one or more whole decades).
pub fn step_at_least(kind: Kind, x: f64) -> f64 {
    match kind {
        Kind::Real => nice_at_least(x),
        Kind::Integer => nice_at_least(x).max(1.0),
        // Any whole number of decades: 3 apart labels more than 5 apart.
        Kind::Log10 => (x - 1e-9).ceil().max(1.0),
    }
}

/// Whether `v` is a whole number (within rounding).
fn whole(v: f64) -> bool {
    (v - v.round()).abs() < 1e-6
}

/// The top of a count axis starting at 0 whose largest value is `max`:
/// the first multiple of a whole 1, 2, 5 × 10ᵏ step (about a quarter of
/// `max`) that is at least `max`; 1 when every count is 0.
pub fn count_top(max: f64) -> f64 {
    if !(max.is_finite() && max > 0.0) {
        return 1.0;
    }
    let step = step_at_least(Kind::Integer, max / 4.0);
    (max / step - 1e-9).ceil().max(1.0) * step
}

impl Scale {
    /// Whole-number positions of bars `min..=max` (each 0.8 wide): half a
    /// step of room beside the outer bars, or 3 % of the range if that is
    /// more (the outer labels stay inside); a single position is shown
    /// with its neighbours (23 → 22 to 24; 0 → 0 and 1, nothing below 0).
    pub fn bars(min: f64, max: f64) -> Self {
        let (lo, hi) = widened(min, max);
        let pad = (0.03 * (hi - lo)).max(0.5);
        Self {
            kind: Kind::Integer,
            lo: lo - pad,
            hi: hi + pad,
            top: top_or(max, hi),
        }
    }

    /// Whole-number positions of lines and points `min..=max`, with a
    /// little room at either end; a single one shown with its neighbours.
    pub fn integer(min: f64, max: f64) -> Self {
        let (lo, hi) = widened(min, max);
        let pad = 0.03 * (hi - lo);
        Self {
            kind: Kind::Integer,
            lo: lo - pad,
            hi: hi + pad,
            top: top_or(max, hi),
        }
    }

    /// The same scale with room on the right for the top value's label,
    /// `label` points wide and centred on its tick, on an axis `width`
    /// points long: the scale's own 3 % pad can be less than half a label
    /// ("12,345" on a narrow trace plot was cut by the frame).
    pub fn with_room_for_top_label(self, width: f32, label: f32) -> Self {
        // Points the label's right half and a little air take, as a share
        // of the axis.
        let share = f64::from((label / 2.0 + 4.0) / width.max(1.0)).min(0.5);
        // The top's distance from the right end is then `share` of the
        // span: hi = top + share · (hi − lo).
        let hi = (self.top - share * self.lo) / (1.0 - share);
        Self {
            hi: self.hi.max(hi),
            ..self
        }
    }

    /// Counts from 0 up to `max`, topped by [`count_top`].
    pub fn count(max: f64) -> Self {
        let top = count_top(max);
        Self {
            kind: Kind::Integer,
            lo: 0.0,
            hi: top * (1.0 + HEADROOM),
            top,
        }
    }

    /// Counts from 1 up to `max` drawn as their logarithm (the plot's
    /// values are `log10(count)`): from 10⁰ to the decade at or above
    /// `max`, at least 10¹.
    pub fn log_counts(max: f64) -> Self {
        let top = if max.is_finite() && max > 1.0 {
            (max.log10() - 1e-9).ceil().max(1.0)
        } else {
            1.0
        };
        Self {
            kind: Kind::Log10,
            lo: 0.0,
            hi: top + HEADROOM * top,
            top,
        }
    }

    /// Logarithms `min..=max` of positive values (times in ms, say): from
    /// the decade at or below `min` to the one at or above `max`, at least
    /// one decade apart.
    pub fn log_range(min: f64, max: f64) -> Self {
        let (min, max) = finite_or(min, max, 0.0, 1.0);
        let lo = (min + 1e-9).floor();
        let top = (max - 1e-9).ceil().max(lo + 1.0);
        Self {
            kind: Kind::Log10,
            lo,
            hi: top + HEADROOM * (top - lo),
            top,
        }
    }

    /// Real values `min..=max`, widened to multiples of a 1, 2, 5 × 10ᵏ
    /// step (about a quarter of the range); a single value gets a range
    /// around it.
    pub fn real(min: f64, max: f64) -> Self {
        let (min, max) = finite_or(min, max, 0.0, 1.0);
        let span = if max > min {
            max - min
        } else {
            max.abs().max(1.0)
        };
        let step = step_at_least(Kind::Real, span / 4.0);
        let lo = (min / step + 1e-9).floor() * step;
        let mut top = (max / step - 1e-9).ceil() * step;
        if top <= lo {
            top = lo + step;
        }
        Self {
            kind: Kind::Real,
            lo,
            hi: top + HEADROOM * (top - lo),
            top,
        }
    }

    /// The tick marks of a plot's visible range `input.bounds` (as
    /// egui_plot passes it to a grid spacer): labelled ticks at multiples
    /// of a step far enough apart for their labels along `dir`, the top
    /// value among them, and finer unlabelled grid lines. An integer or
    /// log axis has ticks at whole values only.
    pub fn marks(&self, dir: Dir, input: GridInput) -> Vec<GridMark> {
        let (lo, hi) = input.bounds;
        let base = input.base_step_size;
        if !(lo.is_finite() && hi.is_finite() && hi >= lo && base.is_finite() && base > 0.0) {
            return Vec::new();
        }
        let per_point = base / GRID_MIN; // plot units per point
        let (gap, unlabelled) = match dir {
            Dir::X => (X_GAP, X_UNLABELLED),
            Dir::Y => (Y_GAP, Y_UNLABELLED),
        };
        // A decade's label is short ("100 k"): every decade that egui_plot
        // will label (just over its minimum spacing) gets one.
        let gap = match self.kind {
            Kind::Log10 => unlabelled * DECADE_MARGIN,
            Kind::Integer | Kind::Real => gap,
        };
        let mut step = step_at_least(self.kind, gap * per_point);
        // A slightly wider step that falls on the top value reads better
        // than a top squeezed in beside the regular ticks; not on a log
        // axis, where a wider step skips decades (the top is labelled
        // below whatever the step).
        if self.kind != Kind::Log10 && !on_grid(self.top, step) {
            let mut wider = step;
            for _ in 0..2 {
                wider = step_at_least(self.kind, wider * 1.5);
                if on_grid(self.top, wider) && multiples(wider, lo, hi).len() >= 2 {
                    step = wider;
                    break;
                }
            }
        }
        let mut marks = multiples(step, lo, hi);
        // The top value is always labelled: a regular tick too close to
        // it gives way.
        let eps = 1e-9 * step.max(1.0);
        if self.top >= lo - eps
            && self.top <= hi + eps
            && !marks.iter().any(|m| (m.value - self.top).abs() < eps)
        {
            marks.retain(|m| (m.value - self.top).abs() / per_point >= 0.75 * gap);
            marks.push(GridMark {
                value: self.top,
                step_size: step,
            });
        }
        // Finer lines, too close together for egui_plot to label.
        let mut fine = step;
        for _ in 0..2 {
            fine = finer(fine);
            let allowed = match self.kind {
                Kind::Real => true,
                Kind::Integer | Kind::Log10 => fine >= 1.0 && whole(fine),
            };
            if !allowed || fine / per_point > unlabelled {
                break;
            }
            if fine / per_point < GRID_MIN {
                break;
            }
            for m in multiples(fine, lo, hi) {
                if !marks
                    .iter()
                    .any(|k| (k.value - m.value).abs() < fine / 10.0)
                {
                    marks.push(m);
                }
            }
        }
        marks.sort_by(|a, b| a.value.total_cmp(&b.value));
        marks
    }

    /// A tick's label: whole numbers as counts (`900`, `5,000`, `25 k`,
    /// `1.5 M`), never a fraction (none is labelled); decades as the
    /// counts they stand for; real values with the decimals their step
    /// needs.
    pub fn label(&self, value: f64, step: f64, lang: Lang) -> String {
        match self.kind {
            Kind::Integer if whole(value) => whole_label(value.round(), lang),
            Kind::Log10 if whole(value) => {
                let d = value.round();
                if d >= 0.0 {
                    whole_label(10f64.powf(d), lang)
                } else {
                    real_label(10f64.powf(d), 10f64.powf(d))
                }
            }
            Kind::Integer | Kind::Log10 => String::new(),
            Kind::Real => real_label(value, step),
        }
    }
}

/// Whether `v` is a multiple of `step` (within rounding).
fn on_grid(v: f64, step: f64) -> bool {
    let k = v / step;
    (k - k.round()).abs() < 1e-6
}

/// Multiples of `step` in `lo..=hi` (both ends included).
fn multiples(step: f64, lo: f64, hi: f64) -> Vec<GridMark> {
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    if last < first || last - first > 10_000 {
        return Vec::new();
    }
    (first..=last)
        .map(|k| GridMark {
            value: k as f64 * step,
            step_size: step,
        })
        .collect()
}

/// `(min, max)` if both are finite and in order, else the default.
fn finite_or(min: f64, max: f64, dmin: f64, dmax: f64) -> (f64, f64) {
    if min.is_finite() && max.is_finite() && min <= max {
        (min, max)
    } else {
        (dmin, dmax)
    }
}

/// A whole range `min..=max`, a single value widened to its neighbours
/// (not below 0 for a value that is not negative).
fn widened(min: f64, max: f64) -> (f64, f64) {
    let (min, max) = finite_or(min, max, 0.0, 1.0);
    if max > min {
        return (min, max);
    }
    let lo = if min >= 0.0 {
        (min - 1.0).max(0.0)
    } else {
        min - 1.0
    };
    (lo, max + 1.0)
}

/// `max` if it is finite, else `fallback`.
fn top_or(max: f64, fallback: f64) -> f64 {
    if max.is_finite() { max } else { fallback }
}

/// A whole number as the app writes counts in `lang`.
fn whole_label(v: f64, lang: Lang) -> String {
    if v < 0.0 {
        format!("−{}", count((-v) as u64, lang))
    } else {
        count(v as u64, lang)
    }
}

/// A real value with as many decimals as a grid of `step` needs (`5.5`
/// on a grid of 0.5, not `6`).
fn real_label(value: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).clamp(0.0, 9.0) as usize;
    let s = format!("{value:.decimals$}");
    // No "-0".
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// Put `x` and `y` on `plot`: the range each shows (the plot's own bounds
/// fit the data and these ranges, with no further margin), its ticks and
/// their labels. Call it before any `*_axis_formatter` that replaces a
/// label.
pub fn apply<'a>(plot: Plot<'a>, x: Scale, y: Scale, lang: Lang) -> Plot<'a> {
    plot.set_margin_fraction(egui::Vec2::ZERO)
        .include_x(x.lo)
        .include_x(x.hi)
        .include_y(y.lo)
        .include_y(y.hi)
        .grid_spacing(egui::Rangef::new(GRID_MIN as f32, 300.0))
        .x_grid_spacer(move |input| x.marks(Dir::X, input))
        .y_grid_spacer(move |input| y.marks(Dir::Y, input))
        .x_axis_formatter(move |mark: GridMark, _: &RangeInclusive<f64>| {
            x.label(mark.value, mark.step_size, lang)
        })
        .y_axis_formatter(move |mark: GridMark, _: &RangeInclusive<f64>| {
            y.label(mark.value, mark.step_size, lang)
        })
}

/// The bars' own labels left empty: egui_plot draws them above the bar's
/// right corner, where the plot's frame cuts them off (see
/// [`bar_tooltip`]).
pub fn quiet(chart: BarChart) -> BarChart {
    chart.element_formatter(Box::new(|_: &Bar, _: &BarChart| String::new()))
}

/// The bar of `bars` (`(position, text)`, whole positions) under the
/// pointer, if any: the one within half a step of it.
pub fn bar_at(bars: &[(f64, String)], x: f64) -> Option<&str> {
    bars.iter()
        .filter(|(at, _)| (at - x).abs() <= 0.5)
        .min_by(|a, b| (a.0 - x).abs().total_cmp(&(b.0 - x).abs()))
        .map(|(_, text)| text.as_str())
}

/// Beside the pointer, the text of the bar it is over (a tooltip, kept
/// inside the window by egui, never cut off by the plot).
pub fn bar_tooltip<R>(shown: &PlotResponse<R>, bars: &[(f64, String)]) {
    let Some(pos) = shown.response.hover_pos() else {
        return;
    };
    let at = shown.transform.value_from_position(pos);
    if let Some(text) = bar_at(bars, at.x) {
        shown
            .response
            .clone()
            .on_hover_text_at_pointer(text.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What egui_plot passes a spacer for a plot `points` long showing
    /// `lo..=hi`, with the grid spacing [`apply`] sets.
    /// Issue 43 item 19: the annealing trace's last iteration, labelled
    /// at its top, fits inside the plot however narrow (before, the 3 %
    /// pad left "20 k" 6 points past the frame of a 300-point plot).
    #[test]
    fn the_top_label_of_an_x_axis_with_room_fits_in_the_plot() {
        for (last, width, label) in [
            (20_000.0, 300.0, 30.0),
            (812.0, 220.0, 24.0),
            (7.0, 500.0, 8.0),
        ] {
            let x = Scale::integer(0.0, last).with_room_for_top_label(width, label);
            let at = (x.top - x.lo) / (x.hi - x.lo) * f64::from(width);
            assert!(
                at + f64::from(label) / 2.0 <= f64::from(width),
                "{last}: the label ends at {} of {width}",
                at + f64::from(label) / 2.0
            );
            assert!(x.hi >= Scale::integer(0.0, last).hi);
        }
        let plain = Scale::integer(0.0, 20_000.0);
        let at = (plain.top - plain.lo) / (plain.hi - plain.lo) * 300.0;
        assert!(at + 15.0 > 300.0, "the case the room is for");
    }

    fn input(lo: f64, hi: f64, points: f64) -> GridInput {
        GridInput {
            bounds: (lo, hi),
            base_step_size: (hi - lo) / points * GRID_MIN,
        }
    }

    /// The labelled marks: those egui_plot labels (their step is at
    /// least the label spacing in points) and the label is not empty.
    fn labelled(s: &Scale, dir: Dir, lo: f64, hi: f64, points: f64) -> Vec<(f64, String)> {
        let min = match dir {
            Dir::X => X_UNLABELLED,
            Dir::Y => Y_UNLABELLED,
        };
        s.marks(dir, input(lo, hi, points))
            .into_iter()
            .filter(|m| m.step_size * points / (hi - lo) > min)
            .map(|m| (m.value, s.label(m.value, m.step_size, Lang::English)))
            .filter(|(_, l)| !l.is_empty())
            .collect()
    }

    /// Every labelled tick of an integer axis is whole and reads as a
    /// whole number.
    fn all_whole(ticks: &[(f64, String)]) {
        for (v, l) in ticks {
            assert_eq!(*v, v.round(), "{ticks:?}");
            assert!(!l.contains('.'), "{ticks:?}");
        }
    }

    #[test]
    fn nice_steps_are_1_2_5_times_a_power_of_ten_and_at_least_asked() {
        for k in -3..7 {
            for m in [1.0, 1.5, 2.0, 3.0, 4.9, 5.0, 7.0, 9.99] {
                let x = m * 10f64.powi(k);
                let s = nice_at_least(x);
                assert!(s >= x * (1.0 - 1e-9), "{x} → {s}");
                let mantissa = s / 10f64.powf(s.log10().floor());
                assert!(
                    [1.0, 2.0, 5.0].iter().any(|&n| (mantissa - n).abs() < 1e-9),
                    "{x} → {s}"
                );
                // The smallest such: the next smaller one is below x.
                let smaller = if (mantissa - 5.0).abs() < 1e-9 {
                    0.4 * s
                } else {
                    0.5 * s
                };
                assert!(smaller < x, "{x} → {s}");
            }
        }
    }

    #[test]
    fn one_iteration_shows_its_neighbours_and_no_fraction() {
        // IDA* with a single iteration at bound 23, a 300-point-wide plot.
        let x = Scale::bars(23.0, 23.0);
        let ticks = labelled(&x, Dir::X, x.lo, x.hi, 300.0);
        all_whole(&ticks);
        let values: Vec<f64> = ticks.iter().map(|t| t.0).collect();
        assert!(values.contains(&23.0), "{ticks:?}");
        assert!(values.len() >= 2, "a neighbour shows: {ticks:?}");
        assert!(x.lo < 23.0 - 0.4 && x.hi > 23.0 + 0.4, "the bar fits");
        // Depth 0 alone: nothing below 0.
        let x = Scale::bars(0.0, 0.0);
        let ticks = labelled(&x, Dir::X, x.lo, x.hi, 300.0);
        assert!(ticks.iter().all(|t| t.0 >= 0.0), "{ticks:?}");
        assert!(ticks.iter().any(|t| t.0 == 0.0), "{ticks:?}");
    }

    #[test]
    fn integer_axes_tick_whole_values_covering_the_range_up_to_the_top() {
        for &(min, max) in &[
            (0.0, 3.0),
            (0.0, 31.0),
            (5.0, 9.0),
            (23.0, 41.0),
            (0.0, 116.0),
            (0.0, 1234.0),
        ] {
            for points in [150.0, 250.0, 400.0, 900.0] {
                let x = Scale::bars(min, max);
                let ticks = labelled(&x, Dir::X, x.lo, x.hi, points);
                all_whole(&ticks);
                assert!(ticks.len() >= 2, "{min}..{max} at {points}: {ticks:?}");
                // The top value is labelled, and the ticks span the data.
                assert!(ticks.iter().any(|t| t.0 == max), "{ticks:?}");
                let step = ticks[1].0 - ticks[0].0;
                assert!(ticks[0].0 <= min + step, "{ticks:?}");
                assert!(ticks[0].0 >= x.lo, "{ticks:?}");
                // Labels far enough apart to be drawn side by side.
                for w in ticks.windows(2) {
                    let apart = (w[1].0 - w[0].0) * points / (x.hi - x.lo);
                    assert!(apart >= 0.75 * X_GAP - 1e-6, "{ticks:?} at {points}");
                }
            }
        }
    }

    #[test]
    fn a_count_axis_is_topped_at_or_just_above_its_largest_count() {
        for max in [
            1.0, 2.0, 3.0, 4.1, 5.0, 7.0, 99.0, 100.0, 12_345.0, 987_654.0,
        ] {
            let top = count_top(max);
            assert!(top >= max, "{max} → {top}");
            assert!(top < 2.0 * max + 1.0, "{max} → {top}: too far above");
            assert_eq!(top, top.round());
            let y = Scale::count(max);
            for points in [80.0, 120.0, 170.0] {
                let ticks = labelled(&y, Dir::Y, y.lo, y.hi, points);
                all_whole(&ticks);
                let values: Vec<f64> = ticks.iter().map(|t| t.0).collect();
                assert!(values.contains(&0.0), "{values:?}");
                assert!(values.contains(&top), "{max}: {values:?}");
                assert!(values.iter().all(|&v| (0.0..=y.hi).contains(&v)));
                for w in values.windows(2) {
                    let apart = (w[1] - w[0]) * points / (y.hi - y.lo);
                    assert!(apart >= 0.75 * Y_GAP - 1e-6, "{values:?} at {points}");
                }
            }
        }
    }

    #[test]
    fn counts_all_zero_still_show_0_and_1() {
        let y = Scale::count(0.0);
        let ticks = labelled(&y, Dir::Y, y.lo, y.hi, 100.0);
        let labels: Vec<&str> = ticks.iter().map(|t| t.1.as_str()).collect();
        assert_eq!(labels, ["0", "1"]);
    }

    #[test]
    fn log_axes_tick_exact_powers_of_ten_labelled_as_counts() {
        for max in [1.0, 5.0, 10.0, 11.0, 4_000.0, 25_000_000.0] {
            let y = Scale::log_counts(max);
            assert!(10f64.powf(y.top) >= max, "{max}");
            for points in [80.0, 120.0] {
                let ticks = labelled(&y, Dir::Y, y.lo, y.hi, points);
                assert!(ticks.len() >= 2, "{max}: {ticks:?}");
                assert!(ticks.iter().any(|t| t.0 == y.top), "{ticks:?}");
                for (v, label) in &ticks {
                    assert_eq!(*v, v.round(), "a decade: {ticks:?}");
                    let n = crate::units::parse_count(label).expect(label);
                    assert_eq!(n, 10u64.pow(*v as u32), "{ticks:?}");
                }
            }
        }
        // A 4×4's expanded-by-depth spans about seven decades: more than
        // the tick "1" shows on a 140-point-high plot.
        let y = Scale::log_counts(3_000_000.0);
        let ticks = labelled(&y, Dir::Y, y.lo, y.hi, 140.0);
        assert!(ticks.len() >= 3, "{ticks:?}");
        // Times from 0.05 ms to 300 ms: decades of ms, one below and above.
        let t = Scale::log_range(0.05f64.log10(), 300f64.log10());
        assert_eq!((t.lo, t.top), (-2.0, 3.0));
    }

    /// Every decade that fits is labelled: on charts from 80 to 200
    /// points high, when a decade is at least `DECADE_MARGIN` × egui_plot's
    /// closest label spacing high, each one is; otherwise the labelled
    /// decades are as close as the spacing allows (never "1" and the top
    /// alone when more fit).
    #[test]
    fn log_axes_label_every_decade_that_fits() {
        for max in [1_000.0, 100_000.0, 3_000_000.0, 25_000_000.0] {
            let y = Scale::log_counts(max);
            let decades = y.top.round();
            for points in [80.0, 100.0, 120.0, 140.0, 180.0, 200.0] {
                let ticks = labelled(&y, Dir::Y, y.lo, y.hi, points);
                let per_decade = points / (y.hi - y.lo);
                // The fewest whole decades between labels that fit.
                let apart = (Y_UNLABELLED * DECADE_MARGIN / per_decade).ceil().max(1.0);
                let values: Vec<f64> = ticks.iter().map(|t| t.0).collect();
                let below_top: Vec<f64> = values.iter().copied().filter(|&v| v < y.top).collect();
                for w in below_top.windows(2) {
                    assert_eq!(w[1] - w[0], apart, "{max} on {points} points: {ticks:?}");
                }
                let expected = (y.top / apart).floor() as usize + 1;
                assert!(
                    below_top.len() + 1 >= expected.min(decades as usize + 1),
                    "{max} on {points} points: {ticks:?}"
                );
            }
        }
    }

    #[test]
    fn real_axes_label_the_decimals_their_step_needs() {
        assert_eq!(real_label(5.5, 0.5), "5.5");
        assert_eq!(real_label(6.0, 1.0), "6");
        assert_eq!(real_label(0.25, 0.05), "0.25");
        assert_eq!(real_label(200.0, 100.0), "200");
        assert_eq!(real_label(-0.0, 0.1), "0.0");
        let y = Scale::real(12.3, 47.9);
        assert!(y.lo <= 12.3 && y.top >= 47.9);
        let ticks = labelled(&y, Dir::Y, y.lo, y.hi, 120.0);
        assert!(ticks.iter().any(|t| t.0 == y.top), "{ticks:?}");
        // One value alone gets a range around it.
        let y = Scale::real(3.0, 3.0);
        assert!(y.lo <= 3.0 && y.top > 3.0);
    }

    #[test]
    fn whole_labels_read_as_the_apps_counts() {
        let x = Scale::bars(0.0, 1.0);
        for v in [0.0, 900.0, 5000.0, 25_000.0, 1_500_000.0] {
            assert_eq!(
                x.label(v, 1.0, Lang::English),
                count(v as u64, Lang::English)
            );
        }
        // A fraction on an integer axis is never labelled.
        assert_eq!(x.label(22.8, 0.2, Lang::English), "");
    }

    #[test]
    fn the_bar_under_the_pointer_is_the_nearest_within_half_a_step() {
        let bars = vec![(3.0, "three".to_string()), (5.0, "five".to_string())];
        assert_eq!(bar_at(&bars, 3.3), Some("three"));
        assert_eq!(bar_at(&bars, 4.6), Some("five"));
        // Between bars two apart (IDA*'s bounds): none.
        assert_eq!(bar_at(&bars, 4.0), None);
        let bars = vec![(3.0, "three".to_string()), (4.0, "four".to_string())];
        assert_eq!(bar_at(&bars, 3.4), Some("three"));
        assert_eq!(bar_at(&bars, 3.6), Some("four"));
        assert_eq!(bar_at(&bars, 6.0), None);
    }
}
