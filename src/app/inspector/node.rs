//! The node being expanded (or a tree node picked) on a large board, with
//! g, h and f, and its children with their h, f and fate in words.

use eframe::egui::{self, Vec2};

use super::board::Subject;
use super::model::{Model, Node};
use crate::app::i18n::{InspectorMsg, tr};
use crate::engine::observe::Fate;

/// A child's fate as users read it (IDA*'s "new" means searched next).
pub fn fate_words(fate: Fate, depth_first: bool) -> InspectorMsg {
    match fate {
        Fate::New if depth_first => InspectorMsg::FateSearchedNext,
        Fate::New => InspectorMsg::FateNew,
        Fate::Duplicate => InspectorMsg::FateDuplicate,
        Fate::Reopened => InspectorMsg::FateReopened,
        Fate::Improved => InspectorMsg::FateImproved,
        Fate::Pruned => InspectorMsg::FatePruned,
        Fate::Skipped => InspectorMsg::FateSkipped,
    }
}

/// The left panel: the node on the board, then its children.
pub fn show(ui: &mut egui::Ui, subject: &Subject, model: &Model, picked: Option<&Node>) {
    if model.local() {
        return super::local::current(ui, subject, model);
    }
    let (heading, node) = match (picked, model.current()) {
        (Some(p), _) => (InspectorMsg::HeadingPicked, Some(p)),
        (None, Some(c)) => (InspectorMsg::HeadingExpanding, Some(c)),
        (None, None) => (InspectorMsg::HeadingNotStarted, None),
    };
    ui.heading(tr(ui, heading));
    let side = ui
        .available_width()
        .min(ui.available_height() * 0.5)
        .max(80.0);
    match node {
        Some(n) => {
            let label = tr(ui, InspectorMsg::NodeExpanded);
            subject.draw(ui, &n.state, Vec2::splat(side), &label);
            ui.strong(super::numbers(n.g, n.h));
        }
        None => {
            let label = tr(ui, InspectorMsg::StartState);
            subject.draw(ui, model.start(), Vec2::splat(side), &label);
            ui.label(tr(ui, InspectorMsg::StartPressStep));
            return;
        }
    }
    if picked.is_some() {
        return;
    }
    ui.separator();
    let n = model.children().len();
    let depth_first = model.depth_first();
    // Depth first, a node's children come one subtree at a time: say so
    // while the run may still come back to it.
    let header = if depth_first && model.goal.is_none() {
        InspectorMsg::ChildrenSoFar { n }
    } else {
        InspectorMsg::Children { n }
    };
    ui.add(egui::Label::new(egui::RichText::new(tr(ui, header)).strong()).wrap());
    egui::ScrollArea::vertical()
        .id_salt("children")
        .show(ui, |ui| {
            egui::Grid::new("children grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (i, c) in model.children().iter().enumerate() {
                        let size = subject.small(52.0);
                        let label = tr(ui, InspectorMsg::Child { i });
                        subject.draw(ui, &c.node.state, size, &label);
                        ui.vertical(|ui| {
                            ui.label(estimate(c.node.h, c.node.f()));
                            ui.label(tr(ui, fate_words(c.fate, depth_first)));
                        });
                        ui.end_row();
                    }
                });
            if let Some(g) = model.goal {
                ui.strong(tr(ui, InspectorMsg::GoalFromStart { g }));
            }
        });
}

/// A child's estimate as `h 5 · f 8` (symbols, the same in both languages).
fn estimate(h: u32, f: u32) -> String {
    format!("h {h} · f {f}")
}
