//! The search tree of a small run: expanded nodes as small boards, each
//! under the node it was generated from, left to right in expansion order;
//! the path to the goal highlighted; a click shows a node on the main
//! board.

use eframe::egui::{self, Color32, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::board::Subject;
use super::model::{Model, TREE_MAX, TreeNode};
use crate::app::i18n::{InspectorMsg, tr};
use crate::units::thousands;

/// A node's side, and the gaps between nodes.
const SIDE: f32 = 44.0;
const GAP_X: f32 = 8.0;
const GAP_Y: f32 = 26.0;
/// The path to the goal.
const PATH: Color32 = Color32::from_rgb(0xe0, 0x9a, 0x2a);

/// Each node's column (leaves one a column, parents centred over their
/// children) and row (its depth in the tree).
pub fn layout(tree: &[TreeNode]) -> Vec<(f32, usize)> {
    let n = tree.len();
    let mut children = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, t) in tree.iter().enumerate() {
        match t.parent {
            Some(p) if p < i => children[p].push(i),
            _ => roots.push(i),
        }
    }
    let mut place = vec![(0.0f32, 0usize); n];
    let mut next_leaf = 0.0f32;
    // Depth first without recursion (trees may be deep).
    let mut stack: Vec<(usize, usize, bool)> = roots.iter().rev().map(|&r| (r, 0, false)).collect();
    while let Some((i, depth, done)) = stack.pop() {
        if done || children[i].is_empty() {
            let x = match (children[i].first(), children[i].last()) {
                (Some(&a), Some(&b)) => (place[a].0 + place[b].0) / 2.0,
                _ => {
                    next_leaf += 1.0;
                    next_leaf - 1.0
                }
            };
            place[i] = (x, depth);
            continue;
        }
        stack.push((i, depth, true));
        for &c in children[i].iter().rev() {
            stack.push((c, depth + 1, false));
        }
    }
    place
}

/// Draw the tree (`to_root`: scrolled so that the root is in view, as when
/// the tab opens); returns the node clicked.
pub fn show(
    ui: &mut egui::Ui,
    subject: &Subject,
    model: &Model,
    selected: Option<usize>,
    to_root: bool,
) -> Option<usize> {
    let tree = &model.tree;
    let iteration = model.depth_first();
    let caption = if model.tree_full {
        let n = thousands(TREE_MAX as u64);
        if iteration {
            InspectorMsg::TreeTooLargeIteration { n }
        } else {
            InspectorMsg::TreeTooLarge { n }
        }
    } else {
        let n = thousands(tree.len() as u64);
        if iteration {
            InspectorMsg::TreeNodesIteration { n }
        } else {
            InspectorMsg::TreeNodes { n }
        }
    };
    ui.add(egui::Label::new(tr(ui, caption)).wrap());
    if tree.is_empty() {
        return None;
    }
    let place = layout(tree);
    let on_path = {
        let mut on = vec![false; tree.len()];
        for i in model.solution_nodes() {
            on[i] = true;
        }
        on
    };
    let columns = place.iter().map(|p| p.0).fold(0.0f32, f32::max) + 1.0;
    let rows = place.iter().map(|p| p.1).max().unwrap_or(0) + 1;
    let node = subject.small(SIDE);
    let size = Vec2::new(columns * (node.x + GAP_X), rows as f32 * (node.y + GAP_Y));
    let mut clicked = None;
    // A margin all round: frames drawn outside the boards stay in view.
    let margin = Vec2::splat(6.0);
    let mut area = egui::ScrollArea::both()
        .id_salt("search tree")
        .auto_shrink([false, false]);
    if to_root {
        // A wide tree's root sits over the middle of its width: start with
        // it in the middle of the view rather than at the left edge.
        let root_x = margin.x + place[0].0 * (node.x + GAP_X) + node.x / 2.0;
        area = area
            .horizontal_scroll_offset((root_x - ui.available_width() / 2.0).max(0.0))
            .vertical_scroll_offset(0.0);
    }
    area.show(ui, |ui| {
        let (area, _) = ui.allocate_exact_size(size + margin * 2.0, egui::Sense::hover());
        let area = area.shrink2(margin);
        let at = |i: usize| {
            let (x, row) = place[i];
            Rect::from_min_size(
                area.min + Vec2::new(x * (node.x + GAP_X), row as f32 * (node.y + GAP_Y)),
                node,
            )
        };
        let visible = ui.clip_rect().expand(node.y);
        let painter = ui.painter().clone();
        let weak = ui.visuals().weak_text_color();
        for (i, t) in tree.iter().enumerate() {
            let Some(p) = t.parent else { continue };
            let (a, b) = (at(p), at(i));
            if !visible.intersects(a.union(b)) {
                continue;
            }
            let stroke = if on_path[i] && on_path[p] {
                Stroke::new(3.0, PATH)
            } else {
                Stroke::new(1.0, weak)
            };
            painter.line_segment(
                [
                    Pos2::new(a.center().x, a.max.y),
                    Pos2::new(b.center().x, b.min.y),
                ],
                stroke,
            );
        }
        for (i, t) in tree.iter().enumerate() {
            let r = at(i);
            if !visible.intersects(r) {
                continue;
            }
            let response = ui
                .scope_builder(egui::UiBuilder::new().max_rect(r), |ui| {
                    let label = tr(ui, InspectorMsg::TreeNode { n: i + 1 });
                    subject.draw(ui, &t.node.state, r.size(), &label)
                })
                .inner;
            let frame = if selected == Some(i) {
                Some(Stroke::new(3.0, ui.visuals().selection.stroke.color))
            } else if on_path[i] {
                Some(Stroke::new(2.0, PATH))
            } else {
                None
            };
            if let Some(stroke) = frame {
                painter.rect_stroke(r.expand(2.0), 4.0, stroke, StrokeKind::Outside);
            }
            let hover = InspectorMsg::NodeHover {
                n: i + 1,
                numbers: super::numbers(t.node.g, t.node.h),
            };
            let response = response.on_hover_text(tr(ui, hover));
            if response.clicked() {
                clicked = Some(i);
            }
        }
    });
    clicked
}

#[cfg(test)]
mod tests {
    use super::super::model::Node;
    use super::*;

    fn node(parent: Option<usize>) -> TreeNode {
        TreeNode {
            node: Node {
                state: String::new(),
                g: 0,
                h: 0,
            },
            parent,
        }
    }

    #[test]
    fn leaves_take_one_column_each_and_parents_sit_over_their_children() {
        // 0 ─┬─ 1 ─┬─ 3
        //    │     └─ 4
        //    └─ 2
        let tree = vec![
            node(None),
            node(Some(0)),
            node(Some(0)),
            node(Some(1)),
            node(Some(1)),
        ];
        let place = layout(&tree);
        assert_eq!(place[3], (0.0, 2));
        assert_eq!(place[4], (1.0, 2));
        assert_eq!(place[1], (0.5, 1));
        assert_eq!(place[2], (2.0, 1));
        assert_eq!(place[0], (1.25, 0));
    }
}
