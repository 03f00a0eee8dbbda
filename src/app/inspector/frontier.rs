//! What waits and what was done: the open list (A*) or queue (BFS) as small
//! boards, BFS's layer sizes, IDA*'s path and iterations.

use eframe::egui;
use egui_plot::{Bar, BarChart, Plot};

use super::board::Subject;
use super::model::{Model, Node};
use crate::app::i18n::{InspectorMsg, tr};
use crate::units::thousands;

/// Open-list entries shown.
const SHOWN: usize = 20;
/// A small board's side.
const SMALL: f32 = 64.0;

/// Small boards with their numbers, in rows.
fn boards(ui: &mut egui::Ui, subject: &Subject, nodes: &[Node], what: &str) {
    let items = nodes
        .iter()
        .map(|n| (n.state.clone(), super::numbers(n.g, n.h)));
    super::board::grid(ui, subject, what, SMALL, items);
}

/// A*'s best 20 by f, or BFS's next 20 in the queue.
pub fn open_list(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
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
    let header = match (model.fifo(), all, model.weight()) {
        (true, false, _) => InspectorMsg::QueueHeader {
            waiting,
            stored,
            shown,
        },
        (true, true, _) => InspectorMsg::QueueHeaderAll { waiting, stored },
        (false, false, None) => InspectorMsg::OpenHeader {
            waiting,
            stored,
            shown,
        },
        (false, true, None) => InspectorMsg::OpenHeaderAll { waiting, stored },
        // Weighted A*: its key.
        (false, false, Some(w)) => InspectorMsg::OpenHeaderWeighted {
            waiting,
            stored,
            shown,
            w: w.to_string(),
        },
        (false, true, Some(w)) => InspectorMsg::OpenHeaderWeightedAll {
            waiting,
            stored,
            w: w.to_string(),
        },
    };
    // Before the first step the list is empty: say only why.
    if open == 0 && model.expanded == 0 {
        ui.label(tr(ui, InspectorMsg::NothingYet));
        return;
    }
    ui.label(tr(ui, header));
    let what = tr(ui, what);
    egui::ScrollArea::vertical()
        .id_salt("open list")
        .show(ui, |ui| boards(ui, subject, &model.next_open(SHOWN), &what));
}

/// BFS: the layer being expanded and each layer's size.
pub fn layers(ui: &mut egui::Ui, model: &Model) {
    let layer = model.current().map_or(0, |n| n.g);
    let next = layer + 1;
    ui.label(tr(ui, InspectorMsg::LayersHeader { layer, next }));
    let bars: Vec<Bar> = model
        .layers
        .iter()
        .enumerate()
        .map(|(d, &n)| Bar::new(d as f64, n as f64).name(tr(ui, InspectorMsg::DepthN { d })))
        .collect();
    let (depth, states) = (tr(ui, InspectorMsg::Depth), tr(ui, InspectorMsg::States));
    egui::ScrollArea::vertical()
        .id_salt("layers")
        .show(ui, |ui| {
            Plot::new("layer sizes")
                .height(160.0)
                .allow_scroll(false)
                .allow_drag(false)
                .x_axis_label(depth.clone())
                .y_axis_label(states.clone())
                .show(ui, |p| p.bar_chart(BarChart::new(states.clone(), bars)));
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
    let bars: Vec<Bar> = model
        .iterations
        .iter()
        .map(|it| {
            let name = tr(ui, InspectorMsg::Bound { n: it.bound });
            Bar::new(it.bound as f64, it.expanded as f64).name(name)
        })
        .collect();
    let (bound, expanded) = (
        tr(ui, InspectorMsg::ColBound),
        tr(ui, InspectorMsg::ColExpanded),
    );
    egui::ScrollArea::vertical()
        .id_salt("iterations")
        .show(ui, |ui| {
            Plot::new("iterations plot")
                .height(160.0)
                .allow_scroll(false)
                .allow_drag(false)
                .x_axis_label(bound.clone())
                .y_axis_label(expanded.clone())
                .show(ui, |p| p.bar_chart(BarChart::new(expanded.clone(), bars)));
            let id = ui.scope_id().with("iterations");
            crate::app::anatomy::iterations_table(ui, id, &model.iterations);
        });
}

/// IDA*: the path from the start to the node expanded (all it stores).
pub fn path(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    let n = model.path().len();
    ui.label(tr(ui, InspectorMsg::PathHeader { n }));
    let what = tr(ui, InspectorMsg::GridPath);
    egui::ScrollArea::vertical()
        .id_salt("path")
        .show(ui, |ui| boards(ui, subject, &model.path(), &what));
}
