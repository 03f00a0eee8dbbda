//! The node being expanded (or a tree node picked) on a large board, with
//! g, h and f, and its children with their h, f and fate in words.

use eframe::egui::{self, Vec2};

use super::board::Subject;
use super::model::{Model, Node};
use crate::engine::observe::Fate;

/// A child's fate as users read it (IDA*'s "new" means searched next).
pub fn fate_words(fate: Fate, depth_first: bool) -> &'static str {
    match fate {
        Fate::New if depth_first => "within the bound: searched next",
        Fate::New => "new: stored",
        Fate::Duplicate => "seen before: dropped",
        Fate::Reopened => "shorter path: reopened",
        Fate::Pruned => "f over the bound: cut off",
    }
}

/// The left panel: the node on the board, then its children.
pub fn show(ui: &mut egui::Ui, subject: &Subject, model: &Model, picked: Option<&Node>) {
    if model.local() {
        return super::local::current(ui, subject, model);
    }
    let (heading, node) = match (picked, model.current()) {
        (Some(p), _) => ("Tree node (picked)", Some(p)),
        (None, Some(c)) => ("Expanding", Some(c)),
        (None, None) => ("Not started", None),
    };
    ui.heading(heading);
    let side = ui
        .available_width()
        .min(ui.available_height() * 0.5)
        .max(80.0);
    match node {
        Some(n) => {
            subject.draw(ui, &n.state, Vec2::splat(side), "node expanded");
            ui.strong(super::numbers(n.g, n.h));
        }
        None => {
            subject.draw(ui, model.start(), Vec2::splat(side), "start");
            ui.label("The start. Press Step to expand it.");
            return;
        }
    }
    if picked.is_some() {
        return;
    }
    ui.separator();
    ui.strong(format!("Children ({})", model.children().len()));
    let depth_first = model.depth_first();
    egui::ScrollArea::vertical()
        .id_salt("children")
        .show(ui, |ui| {
            egui::Grid::new("children grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (i, c) in model.children().iter().enumerate() {
                        let size = subject.small(52.0);
                        subject.draw(ui, &c.node.state, size, &format!("child {i}"));
                        ui.vertical(|ui| {
                            ui.label(format!("h {} · f {}", c.node.h, c.node.f()));
                            ui.label(fate_words(c.fate, depth_first));
                        });
                        ui.end_row();
                    }
                });
            if let Some(g) = model.goal {
                ui.strong(format!("The goal is reached, {g} moves from the start."));
            }
        });
}
