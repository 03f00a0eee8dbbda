//! What waits and what was done: the open list (A*) or queue (BFS) as small
//! boards, BFS's layer sizes, IDA*'s path and iterations.

use eframe::egui;
use egui_plot::{Bar, BarChart, Plot};

use super::board::Subject;
use super::model::{Model, Node};
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
    let (what, order) = if model.fifo() {
        ("queue", "next in the queue (first in, first out)")
    } else {
        ("open", "with the least f (newest first among equal f)")
    };
    ui.label(format!(
        "{} waiting, {} stored; the {} {order}:",
        thousands(open),
        thousands(model.stored),
        SHOWN.min(open as usize)
    ));
    if open == 0 && model.expanded == 0 {
        ui.label("Nothing yet: the start is expanded first.");
    }
    egui::ScrollArea::vertical()
        .id_salt("open list")
        .show(ui, |ui| boards(ui, subject, &model.next_open(SHOWN), what));
}

/// BFS: the layer being expanded and each layer's size.
pub fn layers(ui: &mut egui::Ui, model: &Model) {
    let layer = model.current().map_or(0, |n| n.g);
    ui.label(format!(
        "Expanding layer {layer}. States first reached at each depth (layer {} is still \
         being filled):",
        layer + 1
    ));
    let bars: Vec<Bar> = model
        .layers
        .iter()
        .enumerate()
        .map(|(d, &n)| Bar::new(d as f64, n as f64).name(format!("depth {d}")))
        .collect();
    egui::ScrollArea::vertical()
        .id_salt("layers")
        .show(ui, |ui| {
            Plot::new("layer sizes")
                .height(160.0)
                .allow_scroll(false)
                .allow_drag(false)
                .x_axis_label("depth")
                .y_axis_label("states")
                .show(ui, |p| p.bar_chart(BarChart::new("states", bars)));
            egui::Grid::new("layers grid")
                .striped(true)
                .num_columns(2)
                .show(ui, |ui| {
                    ui.strong("depth");
                    ui.strong("states");
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
    ui.label(format!(
        "Each iteration searches depth first, cutting off nodes whose f exceeds the bound; the \
         next bound is the least f cut off. Bound now: {}.",
        model.bound().unwrap_or(0)
    ));
    let bars: Vec<Bar> = model
        .iterations
        .iter()
        .map(|it| Bar::new(it.bound as f64, it.expanded as f64).name(format!("bound {}", it.bound)))
        .collect();
    egui::ScrollArea::vertical()
        .id_salt("iterations")
        .show(ui, |ui| {
            Plot::new("iterations plot")
                .height(160.0)
                .allow_scroll(false)
                .allow_drag(false)
                .x_axis_label("bound")
                .y_axis_label("expanded")
                .show(ui, |p| p.bar_chart(BarChart::new("expanded", bars)));
            egui::Grid::new("iterations grid")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    for h in ["iteration", "bound", "expanded", "generated"] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for (i, it) in model.iterations.iter().enumerate() {
                        ui.label((i + 1).to_string());
                        ui.label(it.bound.to_string());
                        ui.label(thousands(it.expanded));
                        ui.label(thousands(it.generated));
                        ui.end_row();
                    }
                });
        });
}

/// IDA*: the path from the start to the node expanded (all it stores).
pub fn path(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    ui.label(format!(
        "IDA* keeps only the path from the start to the node it expands: {} nodes.",
        model.path().len()
    ));
    egui::ScrollArea::vertical()
        .id_salt("path")
        .show(ui, |ui| boards(ui, subject, &model.path(), "path"));
}
