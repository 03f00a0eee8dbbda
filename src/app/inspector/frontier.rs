//! What waits and what was done: the open list (A*) or queue (BFS) as small
//! boards, the node expanded next marked and A*'s ties shown (among equal
//! f the node pushed last comes first, as the engine's bucket queue takes
//! them), BFS's layer sizes, IDA*'s path and iterations.

use eframe::egui;
use egui_plot::{Bar, BarChart, Plot};

use crate::app::widgets::axes::{self, Scale};

use super::board::Subject;
use super::legend::{self, Key};
use super::model::{Model, Node};
use crate::app::i18n::{InspectorMsg, tr};
use crate::engine::strategy::Key as OpenKey;
use crate::units::thousands;

/// Open-list entries shown.
const SHOWN: usize = 20;
/// A small board's side.
const SMALL: f32 = 64.0;

/// Small boards with their numbers, in rows.
fn boards(ui: &mut egui::Ui, subject: &Subject, model: &Model, nodes: &[Node], what: &str) {
    let items = nodes
        .iter()
        .map(|n| (n.state.clone(), super::node::numbers(model, n.g, n.h)));
    super::board::grid(ui, subject, what, SMALL, items);
}

/// What an open-list entry's caption says beside its numbers: the node
/// expanded next, and for A* when it was pushed, marked where its key
/// ties with a neighbour's (the tie is broken by that order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenEntry {
    /// The node.
    pub node: Node,
    /// The one the search takes next.
    pub next: bool,
    /// When it was pushed (A*); BFS's queue is in that order already.
    pub pushed: Option<u64>,
    /// Its key equals the one before or after it.
    pub tied: bool,
}

/// The first `n` entries of the open list, in the order the search takes
/// them, with their markers.
pub fn open_entries(model: &Model, n: usize) -> Vec<OpenEntry> {
    let nodes = model.next_open(n);
    let keys: Vec<u64> = nodes.iter().map(|n| model.open_key(n)).collect();
    let fifo = model.fifo();
    nodes
        .into_iter()
        .enumerate()
        .map(|(i, node)| {
            let tied = !fifo
                && ((i > 0 && keys[i - 1] == keys[i])
                    || keys.get(i + 1).is_some_and(|&k| k == keys[i]));
            OpenEntry {
                pushed: model.pushed(&node.state),
                next: i == 0,
                tied,
                node,
            }
        })
        .collect()
}

/// The same entries as [`open_entries`] while a question asks which is
/// expanded next: in a fixed shuffle, none marked next or tied (both are
/// read off the order), each with only what belongs to the node itself.
pub fn veiled_entries(model: &Model, n: usize) -> Vec<OpenEntry> {
    let unmarked = open_entries(model, n)
        .into_iter()
        .map(|e| OpenEntry {
            next: false,
            tied: false,
            ..e
        })
        .collect();
    super::predict::shuffled_by(unmarked, |e| &e.node.state)
}

/// An entry's caption in words.
fn caption(ui: &egui::Ui, model: &Model, e: &OpenEntry) -> String {
    let mut lines = vec![super::node::numbers(model, e.node.g, e.node.h)];
    let marker = match (e.pushed, e.tied) {
        (Some(n), true) => Some(InspectorMsg::PushedTied { n: thousands(n) }),
        (Some(n), false) => Some(InspectorMsg::Pushed { n: thousands(n) }),
        (None, _) => None,
    };
    lines.extend(marker.map(|m| tr(ui, m)));
    if e.next {
        lines.push(tr(ui, InspectorMsg::NextMarker));
    }
    lines.join("\n")
}

/// A*'s best 20 by f, or BFS's next 20 in the queue; `veiled`: while a
/// question asks which is expanded next, in no telling order.
pub fn open_list(ui: &mut egui::Ui, subject: &Subject, model: &Model, veiled: bool) {
    let open = model.open_len() as u64;
    let (waiting, stored, shown) = (
        thousands(open),
        thousands(model.stored),
        SHOWN.min(open as usize),
    );
    // When the list is short enough to show whole, the header says so
    // rather than "the 11 with the least f" of 11.
    let all = shown as u64 == open;
    let what = if model.fifo() {
        InspectorMsg::GridQueue
    } else {
        InspectorMsg::GridOpen
    };
    let header = match (model.fifo(), all, model.key()) {
        (true, false, _) => InspectorMsg::QueueHeader {
            waiting,
            stored,
            shown,
        },
        (true, true, _) => InspectorMsg::QueueHeaderAll { waiting, stored },
        (false, false, OpenKey::F) => InspectorMsg::OpenHeader {
            waiting,
            stored,
            shown,
        },
        (false, true, OpenKey::F) => InspectorMsg::OpenHeaderAll { waiting, stored },
        (false, false, OpenKey::Weighted(w)) => InspectorMsg::OpenHeaderWeighted {
            waiting,
            stored,
            shown,
            w: w.to_string(),
        },
        (false, true, OpenKey::Weighted(w)) => InspectorMsg::OpenHeaderWeightedAll {
            waiting,
            stored,
            w: w.to_string(),
        },
        (false, false, OpenKey::Estimate) => InspectorMsg::OpenHeaderEstimate {
            waiting,
            stored,
            shown,
        },
        (false, true, OpenKey::Estimate) => InspectorMsg::OpenHeaderEstimateAll { waiting, stored },
    };
    // Before the first step the list is empty: say only why.
    if open == 0 && model.expanded == 0 {
        ui.label(tr(ui, InspectorMsg::NothingYet));
        return;
    }
    ui.label(tr(ui, header));
    if !model.fifo() {
        ui.add(egui::Label::new(tr(ui, InspectorMsg::TieRule)).wrap());
    }
    legend::show(ui);
    let what = tr(ui, what);
    let entries = if veiled {
        ui.add(egui::Label::new(tr(ui, InspectorMsg::OpenVeiled)).wrap());
        veiled_entries(model, SHOWN)
    } else {
        open_entries(model, SHOWN)
    };
    let items: Vec<_> = entries
        .iter()
        .map(|e| {
            let width = if e.next { 3.5 } else { 1.5 };
            (
                e.node.state.clone(),
                caption(ui, model, e),
                Some((Key::Open, width)),
            )
        })
        .collect();
    egui::ScrollArea::vertical()
        .id_salt("open list")
        .show(ui, |ui| {
            super::board::framed_grid(ui, subject, &what, SMALL, items.into_iter())
        });
}

/// The layers' header: the layer being expanded and the one being filled,
/// or, once the goal is reached, the layer the search ended at.
pub fn layers_header(model: &Model) -> InspectorMsg {
    match model.goal {
        Some(layer) => InspectorMsg::LayersEnded { layer },
        None => {
            let layer = model.current().map_or(0, |n| n.g);
            InspectorMsg::LayersHeader {
                layer,
                next: layer + 1,
            }
        }
    }
}

/// BFS: the layer being expanded and each layer's size.
pub fn layers(ui: &mut egui::Ui, model: &Model) {
    ui.label(tr(ui, layers_header(model)));
    let texts: Vec<(f64, String)> = model
        .layers
        .iter()
        .enumerate()
        .map(|(d, &n)| {
            let name = tr(ui, InspectorMsg::DepthN { d });
            (d as f64, format!("{name}: {}", thousands(n)))
        })
        .collect();
    let (depth, states) = (tr(ui, InspectorMsg::Depth), tr(ui, InspectorMsg::States));
    let most = model.layers.iter().copied().max().unwrap_or(0);
    let (x, y) = (
        Scale::bars(0.0, model.layers.len().saturating_sub(1) as f64),
        Scale::count(most as f64),
    );
    egui::ScrollArea::vertical()
        .id_salt("layers")
        .show(ui, |ui| {
            let chart = bar_chart(
                &states,
                model.layers.iter().enumerate().map(|(d, &n)| (d as f64, n)),
            );
            let plot = Plot::new("layer sizes")
                .height(160.0)
                .allow_scroll(false)
                .allow_drag(false)
                .x_axis_label(depth.clone())
                .y_axis_label(states.clone());
            let shown = axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx()))
                .show(ui, |p| p.bar_chart(chart));
            axes::bar_tooltip(&shown, &texts);
            egui::Grid::new("layers grid")
                .striped(true)
                .num_columns(2)
                .show(ui, |ui| {
                    ui.strong(&depth);
                    ui.strong(&states);
                    ui.end_row();
                    for (d, &n) in model.layers.iter().enumerate() {
                        ui.label(d.to_string());
                        ui.label(thousands(n));
                        ui.end_row();
                    }
                });
        });
}

/// IDA*: the bound and each iteration's counts.
pub fn iterations(ui: &mut egui::Ui, model: &Model) {
    // Before the first iteration there is no bound yet: not "bound 0".
    let Some(bound) = model.bound() else {
        ui.label(tr(ui, InspectorMsg::NothingYet));
        return;
    };
    ui.label(tr(ui, InspectorMsg::IterationsHeader { bound }));
    let texts: Vec<(f64, String)> = model
        .iterations
        .iter()
        .map(|it| {
            let name = tr(ui, InspectorMsg::Bound { n: it.bound });
            (
                it.bound as f64,
                format!("{name}: {}", thousands(it.expanded)),
            )
        })
        .collect();
    let (bound, expanded) = (
        tr(ui, InspectorMsg::ColBound),
        tr(ui, InspectorMsg::ColExpanded),
    );
    let (x, y) = iterations_scales(&model.iterations);
    egui::ScrollArea::vertical()
        .id_salt("iterations")
        .show(ui, |ui| {
            let chart = bar_chart(
                &expanded,
                model
                    .iterations
                    .iter()
                    .map(|it| (it.bound as f64, it.expanded)),
            );
            let plot = Plot::new("iterations plot")
                .height(160.0)
                .allow_scroll(false)
                .allow_drag(false)
                .x_axis_label(bound.clone())
                .y_axis_label(expanded.clone());
            let shown = axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx()))
                .show(ui, |p| p.bar_chart(chart));
            axes::bar_tooltip(&shown, &texts);
            let id = ui.scope_id().with("iterations");
            crate::app::widgets::anatomy::iterations_table(ui, id, &model.iterations);
        });
}

/// Bars of `(position, count)`, their own labels left to the tooltip.
fn bar_chart(name: &str, data: impl Iterator<Item = (f64, u64)>) -> BarChart {
    let bars = data
        .map(|(x, n)| Bar::new(x, n as f64).width(0.8))
        .collect();
    axes::quiet(BarChart::new(name.to_string(), bars))
}

/// The iteration chart's axes: whole bounds across (a single iteration
/// with its neighbours), expanded counts up from 0 to a labelled top.
fn iterations_scales(iterations: &[crate::engine::observe::Iteration]) -> (Scale, Scale) {
    let bounds = iterations.iter().map(|it| it.bound as f64);
    let most = iterations.iter().map(|it| it.expanded).max().unwrap_or(0);
    (
        Scale::bars(
            bounds.clone().fold(f64::INFINITY, f64::min),
            bounds.fold(f64::NEG_INFINITY, f64::max),
        ),
        Scale::count(most as f64),
    )
}

/// IDA*: the path from the start to the node expanded (all it stores).
pub fn path(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    let n = model.path().len();
    ui.label(tr(ui, InspectorMsg::PathHeader { n }));
    let what = tr(ui, InspectorMsg::GridPath);
    egui::ScrollArea::vertical()
        .id_salt("path")
        .show(ui, |ui| boards(ui, subject, model, &model.path(), &what));
}
