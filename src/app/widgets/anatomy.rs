//! The anatomy of a run in the app: after a solve (tiles or Klotski), where
//! its effort went — nodes expanded by depth and by f, IDA*'s iterations,
//! the layers of new states, the effective branching factor b*, the start's
//! estimate against the solution, and where exact distances are cheap the
//! heuristic's error — drawn as charts (egui_plot) with their figures.
//!
//! The anatomy is recorded on the solve's own thread from the search's
//! events (`engine::observe`), so the UI thread only draws it.

use std::sync::Arc;

use eframe::egui::{self, Color32};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints};

use crate::app::i18n::{InspectorMsg, tr};
use crate::app::widgets::axes::{self, Scale};

use crate::engine::observe::{Anatomy, AnatomyRecorder, Truth};
use crate::engine::{Control, Outcome, Stats};
use crate::units::thousands;

/// What a solve records of its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Recording {
    /// Nothing (the setting is off).
    Off,
    /// The anatomy.
    Shape,
    /// The anatomy and, where exact distances are cheap, the heuristic's
    /// error (counting them first takes a moment).
    WithError,
}

impl Recording {
    /// What the play views record, from the setting.
    pub fn for_play(record: bool) -> Self {
        if record { Self::WithError } else { Self::Off }
    }

    /// What a compared row records: the shape only (the rows compare
    /// shapes; the error is the play view's).
    pub fn for_compare(record: bool) -> Self {
        if record { Self::Shape } else { Self::Off }
    }
}

/// A run's result and, if recorded, its anatomy.
pub type Recorded<M, E> = (Result<Outcome<M>, E>, Option<Anatomy>);

/// What a run ends with, whose anatomy a recorder can give: the engine's
/// outcome, or a run of any family.
pub trait Ran {
    /// The anatomy `recorder` recorded of the run that ended so.
    fn anatomy_of(&self, recorder: &AnatomyRecorder) -> Anatomy;
}

impl<M> Ran for Outcome<M> {
    fn anatomy_of(&self, recorder: &AnatomyRecorder) -> Anatomy {
        recorder.anatomy(self)
    }
}

impl Ran for crate::puzzle::RunOutcome {
    fn anatomy_of(&self, recorder: &AnatomyRecorder) -> Anatomy {
        recorder.with_anatomist(|a| self.anatomy(a))
    }
}

/// Run `solve` on `ctl`, recording its anatomy as `recording` asks; `truth`
/// gives the exact distances for the heuristic's error (called only for
/// [`Recording::WithError`], on this thread, sharing `ctl`'s cancel).
/// The anatomy is `None` when nothing was recorded or the strategy expands
/// no nodes (the local searches, Fast).
pub fn solve_recorded<R: Ran, E>(
    ctl: &Control,
    recording: Recording,
    truth: impl FnOnce(&Control) -> Option<Truth>,
    solve: impl FnOnce(&Control) -> Result<R, E>,
) -> (Result<R, E>, Option<Anatomy>) {
    if recording == Recording::Off {
        return (solve(ctl), None);
    }
    let truth = match recording {
        Recording::WithError => truth(&Control::default().with_cancel(ctl.cancel.clone())),
        _ => None,
    };
    let recorder =
        Arc::new(truth.map_or_else(AnatomyRecorder::default, AnatomyRecorder::with_truth));
    let watched = ctl.clone().with_events(recorder.observer());
    let result = solve(&watched);
    let anatomy = match &result {
        Ok(o) => Some(o.anatomy_of(&recorder)).filter(|a| !a.by_depth.is_empty()),
        Err(_) => None,
    };
    (result, anatomy)
}

/// The anatomy a view keeps of its latest finished run.
#[derive(Clone, Debug)]
pub struct RunAnatomy {
    /// The run as people read it (`A* with Manhattan`), in the language
    /// of the day.
    pub run: crate::app::i18n::Said,
    /// Its counters.
    pub stats: Stats,
    /// Its anatomy; `None` if it was not recorded or the strategy expands
    /// no nodes.
    pub anatomy: Option<Anatomy>,
    /// Whether the run was recorded at all.
    pub recorded: bool,
}

/// The right panel's tabs: the solution's step list, or the anatomy of
/// the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    /// The solution's steps.
    #[default]
    Steps,
    /// The latest run's anatomy.
    Anatomy,
}

/// The tab row above the results; returns the tab shown.
pub fn tabs(ui: &mut egui::Ui, tab: &mut Tab) -> Tab {
    ui.horizontal(|ui| {
        ui.selectable_value(tab, Tab::Steps, tr(ui, InspectorMsg::TabSolution))
            .on_hover_text(tr(ui, InspectorMsg::TabSolutionHint));
        ui.selectable_value(tab, Tab::Anatomy, tr(ui, InspectorMsg::TabAnatomy))
            .on_hover_text(tr(ui, InspectorMsg::TabAnatomyHint));
    });
    ui.separator();
    *tab
}

/// Colours of the charts: counts, and the heuristic's error.
const BARS: Color32 = crate::app::palette::SERIES[0];
const ERROR_BARS: Color32 = crate::app::palette::SERIES[1];

/// A bar chart of `(x, count)` with its title above; `x_name` names the
/// axis.
fn bars(
    ui: &mut egui::Ui,
    id: &str,
    title: &str,
    x_name: &str,
    data: &[(f64, u64)],
    colour: Color32,
) {
    ui.add_space(4.0);
    ui.add(egui::Label::new(egui::RichText::new(title).strong()).wrap());
    let texts: Vec<(f64, String)> = data
        .iter()
        .map(|&(x, n)| (x, format!("{x_name} {x}: {}", thousands(n))))
        .collect();
    let chart = axes::quiet(
        BarChart::new(
            title.to_string(),
            data.iter()
                .map(|&(x, n)| Bar::new(x, n as f64).width(0.8))
                .collect(),
        )
        .color(colour),
    );
    let xs = data.iter().map(|&(x, _)| x);
    let x = Scale::bars(
        xs.clone().fold(f64::INFINITY, f64::min),
        xs.fold(f64::NEG_INFINITY, f64::max),
    );
    let y = Scale::count(data.iter().map(|&(_, n)| n).max().unwrap_or(0) as f64);
    let plot = Plot::new(id.to_string())
        .height(110.0)
        .y_axis_min_width(32.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .x_axis_label(x_name.to_string());
    let shown = axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx()))
        .show(ui, |plot| plot.bar_chart(chart));
    axes::bar_tooltip(&shown, &texts);
}

/// A list as `1 2 4 …` figures, summed: `1,234`.
fn total(v: impl IntoIterator<Item = u64>) -> u64 {
    v.into_iter().sum()
}

/// Draw the anatomy tab: the setting, then the latest run's anatomy (none
/// while a run is under way: a newer run's results never show beside an
/// older one's). `id` keeps the plots of different views apart.
pub fn show(
    ui: &mut egui::Ui,
    id: &str,
    last: Option<&RunAnatomy>,
    running: bool,
    record: &mut bool,
) {
    ui.checkbox(record, tr(ui, InspectorMsg::RecordAnatomy))
        .on_hover_text(tr(ui, InspectorMsg::RecordAnatomyHint));
    egui::ScrollArea::vertical()
        .id_salt((id, "anatomy"))
        .auto_shrink([false; 2])
        .show(ui, |ui| {
            if running {
                ui.horizontal_wrapped(|ui| {
                    ui.spinner();
                    ui.label(tr(ui, InspectorMsg::RunUnderWay));
                });
                return;
            }
            let Some(last) = last else {
                ui.add(egui::Label::new(tr(ui, InspectorMsg::NoRunYet)).wrap());
                return;
            };
            let Some(a) = &last.anatomy else {
                let run = tr(ui, &last.run);
                let why = if last.recorded {
                    InspectorMsg::NoAnatomy { run }
                } else {
                    InspectorMsg::NotRecorded { run }
                };
                ui.add(egui::Label::new(tr(ui, why)).wrap());
                return;
            };
            let run = tr(ui, &last.run);
            anatomy(ui, id, &run, &last.stats, a);
        });
}

/// The charts and figures of one anatomy.
fn anatomy(ui: &mut egui::Ui, id: &str, run: &str, stats: &Stats, a: &Anatomy) {
    let title = tr(
        ui,
        InspectorMsg::AnatomyOf {
            run: run.to_string(),
        },
    );
    ui.add(egui::Label::new(egui::RichText::new(title).heading()).wrap());
    let (expanded, generated) = (thousands(stats.expanded), thousands(stats.generated));
    let figures = match a.solution_length {
        Some(moves) => InspectorMsg::ExpandedGeneratedSolution {
            expanded,
            generated,
            moves,
        },
        None => InspectorMsg::ExpandedGenerated {
            expanded,
            generated,
        },
    };
    ui.add(egui::Label::new(tr(ui, figures)).wrap());
    if let Some(b) = a.branching {
        let b = format!("{b:.3}");
        ui.label(tr(ui, InspectorMsg::Branching { b }))
            .on_hover_text(tr(ui, InspectorMsg::BranchingHint));
    }
    if let (Some(h), Some(len)) = (a.start_h, a.solution_length) {
        let share = if len == 0 { 1.0 } else { h as f32 / len as f32 };
        ui.label(tr(ui, InspectorMsg::StartEstimate));
        let pct = format!("{:.0}", 100.0 * share);
        ui.add(
            egui::ProgressBar::new(share.min(1.0))
                .text(tr(ui, InspectorMsg::StartShare { h, len, pct })),
        )
        .on_hover_text(tr(ui, InspectorMsg::StartShareHint));
    }
    let depth_g = tr(ui, InspectorMsg::DepthG);
    let by_depth: Vec<(f64, u64)> = a
        .by_depth
        .iter()
        .enumerate()
        .map(|(d, &n)| (d as f64, n))
        .collect();
    bars(
        ui,
        &format!("{id}_by_depth"),
        &tr(
            ui,
            InspectorMsg::ByDepthTitle {
                n: thousands(total(a.by_depth.iter().copied())),
                max: a.by_depth.len().saturating_sub(1),
            },
        ),
        &depth_g,
        &by_depth,
        BARS,
    );
    if !a.by_f.is_empty() {
        let by_f: Vec<(f64, u64)> = a.by_f.iter().map(|(&f, &n)| (f as f64, n)).collect();
        bars(
            ui,
            &format!("{id}_by_f"),
            &tr(ui, InspectorMsg::ByFTitle { n: a.by_f.len() }),
            "f",
            &by_f,
            BARS,
        );
    }
    if !a.iterations.is_empty() {
        let it: Vec<(f64, u64)> = a
            .iterations
            .iter()
            .map(|i| (i.bound as f64, i.expanded))
            .collect();
        bars(
            ui,
            &format!("{id}_iterations"),
            &tr(
                ui,
                InspectorMsg::IterationsTitle {
                    n: a.iterations.len(),
                },
            ),
            &tr(ui, InspectorMsg::ColBound),
            &it,
            BARS,
        );
        iterations_table(ui, (id, "iterations"), &a.iterations);
    }
    if !a.layers.is_empty() {
        let layers: Vec<(f64, u64)> = a
            .layers
            .iter()
            .enumerate()
            .map(|(d, &n)| (d as f64, n))
            .collect();
        bars(
            ui,
            &format!("{id}_layers"),
            &tr(
                ui,
                InspectorMsg::LayersTitle {
                    states: thousands(total(a.layers.iter().copied())),
                    layers: a.layers.len(),
                },
            ),
            &depth_g,
            &layers,
            BARS,
        );
    }
    if !a.heuristic_error.is_empty() {
        let count = total(a.heuristic_error.values().copied());
        let exact = a.heuristic_error.get(&0).copied().unwrap_or(0);
        let mean = a
            .heuristic_error
            .iter()
            .map(|(&e, &n)| e as f64 * n as f64)
            .sum::<f64>()
            / count.max(1) as f64;
        let errors: Vec<(f64, u64)> = a
            .heuristic_error
            .iter()
            .map(|(&e, &n)| (e as f64, n))
            .collect();
        bars(
            ui,
            &format!("{id}_error"),
            &tr(
                ui,
                InspectorMsg::ErrorTitle {
                    n: thousands(count),
                    mean: format!("{mean:.1}"),
                    exact: format!("{:.0}", 100.0 * exact as f64 / count.max(1) as f64),
                },
            ),
            &tr(ui, InspectorMsg::ErrorAxis),
            &errors,
            ERROR_BARS,
        );
    } else if a.start_h.is_some() {
        ui.add(
            egui::Label::new(egui::RichText::new(tr(ui, InspectorMsg::ErrorWhere)).weak()).wrap(),
        );
    }
}

/// One anatomy's shape in the compare view: `(label, expanded by depth)`.
pub struct Shape<'a> {
    /// The row's label.
    pub label: String,
    /// Its nodes expanded by depth.
    pub by_depth: &'a [u64],
}

/// Colours of the compared rows' lines, in turn.
const PALETTE: [Color32; 6] = crate::app::palette::SERIES;

/// The compared rows' nodes expanded by depth, one line each on a log
/// scale (BFS's and IDA*'s differ by orders of magnitude), with each row's
/// key and figures above.
pub fn compare_shapes(ui: &mut egui::Ui, shapes: &[Shape<'_>]) {
    if shapes.is_empty() {
        return;
    }
    ui.strong(tr(ui, InspectorMsg::CompareTitle))
        .on_hover_text(tr(ui, InspectorMsg::CompareHint));
    for (k, s) in shapes.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        ui.add(
            egui::Label::new(
                egui::RichText::new(tr(
                    ui,
                    InspectorMsg::CompareLine {
                        label: s.label.clone(),
                        n: thousands(total(s.by_depth.iter().copied())),
                        max: s.by_depth.len().saturating_sub(1),
                    },
                ))
                .color(colour),
            )
            .wrap(),
        );
    }
    // As wide as the view shows (the table above may be wider), with room
    // for "10k" on the axis.
    let visible = ui.clip_rect().right() - ui.cursor().left() - 8.0;
    // Whole depths across, decades of counts up (the values drawn are
    // their logarithms), each axis labelled at its top.
    let deepest = shapes.iter().map(|s| s.by_depth.len()).max().unwrap_or(1);
    let most = shapes
        .iter()
        .flat_map(|s| s.by_depth.iter().copied())
        .max()
        .unwrap_or(1);
    let x = Scale::integer(0.0, deepest.saturating_sub(1) as f64);
    let y = Scale::log_counts(most as f64);
    let plot = Plot::new("compare shapes")
        .height(160.0)
        .width(ui.available_width().min(visible).max(200.0))
        .y_axis_min_width(32.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .x_axis_label(tr(ui, InspectorMsg::DepthG));
    axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx())).show(ui, |plot| {
        for (k, s) in shapes.iter().enumerate() {
            let points: Vec<[f64; 2]> = s
                .by_depth
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(d, &n)| [d as f64, (n as f64).log10()])
                .collect();
            plot.line(
                Line::new(s.label.clone(), PlotPoints::from(points))
                    .color(PALETTE[k % PALETTE.len()])
                    .width(2.0),
            );
        }
    });
}

/// IDA*'s iterations as a table: number, bound, expanded, generated and
/// the moves move pruning skipped (the anatomy and the inspector).
pub(in crate::app) fn iterations_table(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    iterations: &[crate::engine::observe::Iteration],
) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in [
                InspectorMsg::ColIteration,
                InspectorMsg::ColBound,
                InspectorMsg::ColExpanded,
                InspectorMsg::ColGenerated,
            ] {
                ui.strong(tr(ui, h));
            }
            // Short, so that the side panel keeps its width: the rest on hover.
            ui.strong(tr(ui, InspectorMsg::ColSkipped))
                .on_hover_text(tr(ui, InspectorMsg::ColSkippedHint));
            ui.end_row();
            for (i, it) in iterations.iter().enumerate() {
                ui.label((i + 1).to_string());
                ui.label(it.bound.to_string());
                ui.label(thousands(it.expanded));
                ui.label(thousands(it.generated));
                ui.label(thousands(it.skipped));
                ui.end_row();
            }
        });
}
