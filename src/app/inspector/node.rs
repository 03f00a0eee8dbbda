//! The node being expanded (or a tree node picked) on a large board, with
//! g, h and f, and its children with their h, f and fate in words, each
//! framed in its colour of the legend.

use eframe::egui::{self, Vec2};

use super::board::Subject;
use super::legend::{self, Key};
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
            let board = subject.draw(ui, &n.state, Vec2::splat(side), &label);
            if picked.is_none() {
                legend::frame(ui.painter(), board.rect, Key::Current, 3.0);
            }
            ui.strong(numbers(model, n.g, n.h));
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
            // Room above the first child's frame, drawn outside its board.
            ui.add_space(4.0);
            egui::Grid::new("children grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (i, c) in model.children().iter().enumerate() {
                        let size = subject.small(52.0);
                        let label = tr(ui, InspectorMsg::Child { i });
                        let board = subject.draw(ui, &c.node.state, size, &label);
                        legend::frame(ui.painter(), board.rect, Key::of_fate(c.fate), 2.5);
                        ui.vertical(|ui| {
                            ui.label(child_numbers(model, &c.node));
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

/// A node's numbers as `g 3 · h 5 · f 8` (symbols, the same in both
/// languages); `g 3` alone for a search without a heuristic, whose h is
/// no estimate (BFS, DFS, IDS).
pub fn numbers(model: &Model, g: u32, h: u32) -> String {
    if model.uses_heuristic() {
        format!("g {g} · h {h} · f {}", g + h)
    } else {
        format!("g {g}")
    }
}

/// A child's numbers: its estimate as `h 5 · f 8` (its g is one more than
/// the node's), or its g for a search without a heuristic.
fn child_numbers(model: &Model, child: &Node) -> String {
    if model.uses_heuristic() {
        format!("h {} · f {}", child.h, child.f())
    } else {
        numbers(model, child.g, child.h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strategy::find;

    fn model(strategy: &str) -> Model {
        let s = find(strategy).unwrap();
        Model::new(
            s.visit(),
            super::super::model::tests::board_key("1 2 3 4 5 6 7 0 8"),
        )
        .informed(s.uses_heuristic())
    }

    #[test]
    fn a_search_without_a_heuristic_shows_g_alone() {
        let node = Node {
            state: Default::default(),
            g: 3,
            h: 0,
        };
        for strategy in ["bfs", "dfs", "ids"] {
            let m = model(strategy);
            assert_eq!(numbers(&m, 3, 0), "g 3", "{strategy}");
            assert_eq!(child_numbers(&m, &node), "g 3", "{strategy}");
        }
        for strategy in ["astar", "idastar", "weighted"] {
            let m = model(strategy);
            assert_eq!(numbers(&m, 3, 5), "g 3 · h 5 · f 8", "{strategy}");
            let child = Node {
                h: 5,
                ..node.clone()
            };
            assert_eq!(child_numbers(&m, &child), "h 5 · f 8", "{strategy}");
        }
    }

    /// BFS's model is uninformed even when made the way Back remakes it.
    #[test]
    fn a_fresh_model_keeps_whether_the_search_uses_a_heuristic() {
        assert!(!model("ids").fresh().uses_heuristic());
        assert!(model("idastar").fresh().uses_heuristic());
        assert!(
            !Model::new(
                crate::engine::strategy::Visit::BreadthFirst,
                Default::default()
            )
            .uses_heuristic()
        );
    }
}
