//! The search tree: expanded nodes as small boards, each under the node it
//! was generated from, left to right in expansion order, labelled with its
//! expansion number and g, h, f; the open list's nodes (the frontier)
//! under the nodes that generated them; the node being expanded and the
//! path to the goal in the legend's colours. Drag or scroll to pan,
//! Ctrl + scroll (or the buttons) to zoom; a click shows a node on the
//! main board.
//!
//! A large tree is folded: the subtrees off the path (to the goal, or to
//! the node being expanded) show as one node with their count, and a
//! click unfolds one. What is shown is laid out once per change of the
//! model, and a frame draws only the nodes in view.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use eframe::egui::{self, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::board::Subject;
use super::legend::{self, Key};
use super::model::{Model, Node, Waiting};
use crate::app::i18n::{InspectorMsg, Lang, language, tr};
use crate::units::thousands;

/// A board's side at zoom 1.
const SIDE: f32 = 44.0;
/// A column's least width at zoom 1: room for a label `g 12 · h 13`.
const COLUMN: f32 = 64.0;
/// The labels' font size and line height at zoom 1 (10 px read as 7 on
/// a 1600-pixel screen).
const LABEL_SIZE: f32 = 12.0;
const LABEL_LINE: f32 = 13.5;
/// Room between two neighbours' labels at zoom 1.
const LABEL_GAP: f32 = 10.0;
/// The labels' height under a board, and the gap under them, at zoom 1.
const LABELS: f32 = 31.0;
const GAP_Y: f32 = 14.0;
/// Zoom's range.
const ZOOM_MIN: f32 = 0.05;
const ZOOM_MAX: f32 = 3.0;
/// Zoom's step for the buttons.
const ZOOM_STEP: f32 = 1.25;
/// Below this side on screen a board is drawn as a plain square.
const SMALLEST_BOARD: f32 = 14.0;
/// Below this zoom the labels are left out (too small to read).
const LABELS_FROM: f32 = 0.55;
/// Trees of more nodes than this (the open list's included) are folded.
pub const FOLD_ABOVE: usize = 400;

/// What a node drawn in the tree is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A tree node (an expansion, or the goal), by its index.
    Tree(usize),
    /// A tree node whose subtree is folded: `below` nodes under it (the
    /// open list's among them) are not shown.
    Folded { at: usize, below: usize },
    /// A node of the open list, not expanded yet; `rank` 0 is expanded
    /// next, none while a question asks which (the order is veiled).
    Waiting { node: Node, rank: Option<usize> },
}

/// A node drawn, where.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// What it is.
    pub what: What,
    /// The node drawn above it (an index into the same list).
    pub parent: Option<usize>,
    /// Its column (leaves one a column, parents centred over their
    /// children).
    pub column: f32,
    /// Its row: its depth in the tree.
    pub row: usize,
    /// On the path (to the goal, or to the node being expanded).
    pub on_path: bool,
}

/// What the tree shows after the events folded so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shown {
    /// The nodes drawn, each after its parent.
    pub nodes: Vec<Placed>,
    /// Subtrees off the path are folded (the tree is large).
    pub folding: bool,
    /// Columns and rows taken.
    pub columns: f32,
    pub rows: usize,
}

/// Each node's column and row, from its parent (which comes before it):
/// leaves one a column, parents centred over their children.
pub fn layout(parents: &[Option<usize>]) -> Vec<(f32, usize)> {
    let n = parents.len();
    let mut children = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, parent) in parents.iter().enumerate() {
        match *parent {
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

/// The tree nodes the path goes through: to the goal once reached, else to
/// the node being expanded.
fn on_path(model: &Model) -> Vec<bool> {
    let mut on = vec![false; model.tree.len()];
    let to = model.goal_node.or(model.current_tree_node());
    for i in model.tree_path_to(to) {
        on[i] = true;
    }
    on
}

/// What to draw: every tree node and the open list's nodes under their
/// parents, or (a tree of more than [`FOLD_ABOVE`] nodes) the path with
/// the subtrees off it folded, but those in `unfolded`. `veiled`: the
/// open nodes without their ranks, each node's in a fixed shuffle, as a
/// question asks which is expanded next.
pub fn shown(model: &Model, unfolded: &HashSet<usize>, veiled: bool) -> Shown {
    let tree = &model.tree;
    let mut frontier: Vec<Waiting<'_>> = model.frontier();
    if veiled {
        frontier = super::predict::shuffled_by(frontier, |w| w.state);
    }
    let folding = tree.len() + frontier.len() > FOLD_ABOVE;
    let path = on_path(model);
    let mut waiting: HashMap<usize, Vec<&Waiting<'_>>> = HashMap::new();
    // Open nodes in each subtree (a folded node counts them).
    let mut waiting_below = vec![0usize; if folding { tree.len() } else { 0 }];
    let sizes = if folding {
        model.subtree_sizes()
    } else {
        Vec::new()
    };
    for w in &frontier {
        let Some(p) = w.parent.filter(|&p| p < tree.len()) else {
            continue;
        };
        waiting.entry(p).or_default().push(w);
        if folding {
            let mut at = Some(p);
            while let Some(i) = at {
                waiting_below[i] += 1;
                at = tree[i].parent();
            }
        }
    }
    let open = |i: usize| !folding || path[i] || unfolded.contains(&i);
    let mut nodes: Vec<(What, Option<usize>)> = Vec::new();
    enum Visit<'a> {
        Tree(usize),
        Waiting(&'a Waiting<'a>),
    }
    let mut stack: Vec<(Visit<'_>, Option<usize>)> = tree
        .iter()
        .enumerate()
        .filter(|(_, t)| t.parent().is_none())
        .rev()
        .map(|(i, _)| (Visit::Tree(i), None))
        .collect();
    while let Some((visit, parent)) = stack.pop() {
        let i = match visit {
            Visit::Waiting(w) => {
                let node = Node {
                    state: w.state.clone(),
                    g: w.g,
                    h: w.h,
                };
                let rank = (!veiled).then_some(w.rank);
                let what = What::Waiting { node, rank };
                nodes.push((what, parent));
                continue;
            }
            Visit::Tree(i) => i,
        };
        let under = waiting.get(&i).map_or(&[][..], Vec::as_slice);
        let has_below = tree[i].has_children() || !under.is_empty();
        if has_below && !open(i) {
            let below = sizes[i] - 1 + waiting_below[i];
            nodes.push((What::Folded { at: i, below }, parent));
            continue;
        }
        let me = nodes.len();
        nodes.push((What::Tree(i), parent));
        // Popped in order: the tree's children first, then the open ones.
        for w in under.iter().rev() {
            stack.push((Visit::Waiting(w), Some(me)));
        }
        let children: Vec<usize> = tree[i].children(tree).collect();
        for &c in children.iter().rev() {
            stack.push((Visit::Tree(c), Some(me)));
        }
    }
    let parents: Vec<Option<usize>> = nodes.iter().map(|(_, p)| *p).collect();
    let place = layout(&parents);
    let on = |what: &What| match what {
        What::Tree(i) | What::Folded { at: i, .. } => path[*i],
        What::Waiting { .. } => false,
    };
    let columns = place.iter().map(|p| p.0).fold(0.0f32, f32::max) + 1.0;
    let rows = place.iter().map(|p| p.1).max().map_or(0, |r| r + 1);
    Shown {
        nodes: nodes
            .into_iter()
            .zip(place)
            .map(|((what, parent), (column, row))| Placed {
                on_path: on(&what),
                what,
                parent,
                column,
                row,
            })
            .collect(),
        folding,
        columns,
        rows,
    }
}

/// A node's two lines of labels: what it is (its expansion number, the
/// goal, open, folded) and its numbers.
pub fn labels(model: &Model, what: &What) -> (InspectorMsg, String) {
    let numbers = |n: &Node| super::node::numbers(model, n.g, n.h);
    match what {
        What::Tree(i) | What::Folded { at: i, .. } => {
            let t = &model.tree[*i];
            let first = match (what, t.expansion()) {
                (What::Folded { below, .. }, _) => InspectorMsg::FoldedBadge {
                    n: thousands(*below as u64),
                },
                (_, Some(n)) => InspectorMsg::ExpansionN { n },
                (_, None) => InspectorMsg::GoalNode,
            };
            (first, numbers(&t.node))
        }
        What::Waiting {
            node,
            rank: Some(0),
        } => (InspectorMsg::NextMarker, numbers(node)),
        What::Waiting { node, .. } => (InspectorMsg::OpenMarker, numbers(node)),
    }
}

/// What a layout was made from: the events folded, the tree's size, the
/// iterations begun, the unfolds, whether the order was veiled.
type Made = (u64, usize, usize, u64, bool);

/// How the tree is looked at: zoom, pan and the subtrees unfolded, with
/// what is shown laid out once per change.
#[derive(Debug)]
pub struct TreeView {
    /// Points on screen per point of the tree.
    pub zoom: f32,
    /// Where the tree's origin is, from the canvas's top left corner.
    pub pan: Vec2,
    /// Tree nodes whose subtrees the user unfolded.
    unfolded: HashSet<usize>,
    /// Bumped at each unfold, for the cache.
    revision: u64,
    /// The iteration the unfolded nodes belong to (IDA* grows a new
    /// tree each one).
    iteration: usize,
    cache: Option<(Made, Arc<Shown>)>,
    /// The widest label of a layout (the cache's), in the language it
    /// was measured in: measured once per layout, not every frame.
    widest: Option<(Arc<Shown>, Lang, f32)>,
}

impl Default for TreeView {
    fn default() -> Self {
        Self {
            zoom: 1.0,
            pan: Vec2::ZERO,
            unfolded: HashSet::new(),
            revision: 0,
            iteration: 0,
            cache: None,
            widest: None,
        }
    }
}

impl TreeView {
    /// What is shown of `model`'s tree, laid out (again only if the model
    /// or the unfolded set changed, or a question came or went): an idle
    /// frame costs what is in view.
    pub fn shown(&mut self, model: &Model, veiled: bool) -> Arc<Shown> {
        if self.iteration != model.iterations.len() {
            self.iteration = model.iterations.len();
            self.unfolded.clear();
        }
        self.unfolded.retain(|&i| i < model.tree.len());
        let key = (
            model.events,
            model.tree.len(),
            model.iterations.len(),
            self.revision,
            veiled,
        );
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            self.cache = Some((key, Arc::new(shown(model, &self.unfolded, veiled))));
        }
        Arc::clone(&self.cache.as_ref().expect("just made").1)
    }

    /// A board's size and a node's box at zoom 1, from its column and
    /// row, for the layout `shown`: a column is as wide as its widest label
    /// and a gap, so that neighbours' labels never run into each other, at
    /// any zoom.
    fn geometry(
        &mut self,
        ui: &egui::Ui,
        subject: &Subject,
        model: &Model,
        shown: &Arc<Shown>,
    ) -> (Vec2, Vec2) {
        let lang = language(ui.ctx());
        let widest = match &self.widest {
            Some((of, at, w)) if Arc::ptr_eq(of, shown) && *at == lang => *w,
            _ => {
                let w = widest_label(ui, model, shown);
                self.widest = Some((Arc::clone(shown), lang, w));
                w
            }
        };
        let board = subject.small(SIDE);
        let column = board.x.max(COLUMN).max(widest + LABEL_GAP);
        (board, Vec2::new(column, board.y + LABELS + GAP_Y))
    }

    /// Unfold the subtree under tree node `i`.
    pub fn unfold(&mut self, i: usize) {
        self.unfolded.insert(i);
        self.revision += 1;
    }

    /// Fold every subtree off the path again.
    fn fold_all(&mut self) {
        self.unfolded.clear();
        self.revision += 1;
    }

    /// Zoom by `factor` about `at` (a point on the canvas, from its top
    /// left): the tree's point under it stays there.
    pub fn zoom_about(&mut self, factor: f32, at: Vec2) {
        let zoom = (self.zoom * factor).clamp(ZOOM_MIN, ZOOM_MAX);
        let content = (at - self.pan) / self.zoom;
        self.pan = at - content * zoom;
        self.zoom = zoom;
    }
}

/// The widest label under a node of `shown`, at zoom 1.
fn widest_label(ui: &egui::Ui, model: &Model, shown: &Shown) -> f32 {
    let font = egui::FontId::proportional(LABEL_SIZE);
    let width = |text: String| {
        ui.painter()
            .layout_no_wrap(text, font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    shown
        .nodes
        .iter()
        .map(|p| {
            let (first, numbers) = labels(model, &p.what);
            width(tr(ui, first)).max(width(numbers))
        })
        .fold(0.0, f32::max)
}

/// Draw the tree (`to_root`: panned so that the root is in view, as when
/// the tab opens; `veiled`: a question asks which open node is expanded
/// next, and no node is marked or named by its place in that order);
/// returns the tree node clicked.
pub fn show(
    ui: &mut egui::Ui,
    subject: &Subject,
    model: &Model,
    view: &mut TreeView,
    selected: Option<usize>,
    to_root: bool,
    veiled: bool,
) -> Option<usize> {
    let shown = view.shown(model, veiled);
    let (board, cell) = view.geometry(ui, subject, model, &shown);
    let tree = &model.tree;
    let n = thousands(tree.len() as u64);
    let caption = match (model.depth_first(), shown.folding) {
        (true, false) => InspectorMsg::TreeNodesIteration { n },
        (false, false) => InspectorMsg::TreeNodes { n },
        (true, true) => InspectorMsg::TreeFoldedIteration { n },
        (false, true) => InspectorMsg::TreeFolded { n },
    };
    ui.add(egui::Label::new(tr(ui, caption)).wrap());
    legend::show(ui);
    let mut fit = false;
    let mut zoom_by = 1.0;
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr(ui, InspectorMsg::ZoomOut)).clicked() {
            zoom_by = 1.0 / ZOOM_STEP;
        }
        let pct = format!("{:.0}", view.zoom * 100.0);
        ui.label(tr(ui, InspectorMsg::ZoomLevel { pct }));
        if ui.button(tr(ui, InspectorMsg::ZoomIn)).clicked() {
            zoom_by = ZOOM_STEP;
        }
        fit = ui.button(tr(ui, InspectorMsg::ZoomFit)).clicked();
        if shown.folding
            && ui
                .add_enabled(
                    !view.unfolded.is_empty(),
                    egui::Button::new(tr(ui, InspectorMsg::FoldAll)),
                )
                .clicked()
        {
            view.fold_all();
        }
        ui.weak(tr(ui, InspectorMsg::ZoomHint));
    });
    if tree.is_empty() {
        return None;
    }
    let (canvas, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
    let content = Vec2::new(shown.columns * cell.x, shown.rows as f32 * cell.y);
    let margin = Vec2::splat(8.0);
    if zoom_by != 1.0 {
        view.zoom_about(zoom_by, canvas.size() / 2.0);
    }
    if fit {
        let room = canvas.size() - margin * 2.0;
        view.zoom = (room.x / content.x)
            .min(room.y / content.y)
            .clamp(ZOOM_MIN, 1.0);
        view.pan = (canvas.size() - content * view.zoom) / 2.0;
    }
    if to_root {
        // A wide tree's root sits over the middle of its width: start with
        // it in the middle of the view rather than at the left edge.
        let root = shown.nodes.first().map_or(0.0, |p| p.column);
        let root_x = (root * cell.x + cell.x / 2.0) * view.zoom;
        view.pan = Vec2::new(canvas.width() / 2.0 - root_x, margin.y);
    }
    // Panned by a drag that starts anywhere on the canvas, on a board
    // too: read from the pointer, as the boards take the clicks (a widget
    // sensing drags over them would take those too).
    let dragged = ui.input(|i| {
        let from_canvas = i.pointer.press_origin().is_some_and(|p| canvas.contains(p));
        (from_canvas && i.pointer.primary_down() && i.pointer.is_decidedly_dragging())
            .then(|| i.pointer.delta())
    });
    if let Some(delta) = dragged {
        view.pan += delta;
    }
    if ui.rect_contains_pointer(canvas) {
        let (scroll, zoom, pointer) =
            ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta(), i.pointer.hover_pos()));
        if zoom != 1.0 {
            let at = pointer.map_or(canvas.size() / 2.0, |p| p - canvas.min);
            view.zoom_about(zoom, at);
        }
        if scroll != Vec2::ZERO {
            view.pan += scroll;
            // Taken here: no panel around scrolls as well.
            ui.input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
        }
    }
    let zoom = view.zoom;
    let origin = canvas.min + view.pan;
    let at = |p: &Placed| {
        let min = origin
            + Vec2::new(
                p.column * cell.x + (cell.x - board.x) / 2.0,
                p.row as f32 * cell.y,
            ) * zoom;
        Rect::from_min_size(min, board * zoom)
    };
    let painter = ui.painter_at(canvas);
    let current = model
        .current_tree_node()
        .filter(|_| model.goal_node.is_none());
    let weak = ui.visuals().weak_text_color();
    for p in &shown.nodes {
        let Some(up) = p.parent else { continue };
        let (a, b) = (at(&shown.nodes[up]), at(p));
        let from = Pos2::new(a.center().x, a.max.y + LABELS * zoom);
        let to = Pos2::new(b.center().x, b.min.y);
        if !canvas.intersects(Rect::from_two_pos(from, to)) {
            continue;
        }
        let stroke = if p.on_path && shown.nodes[up].on_path {
            Stroke::new(3.0, Key::Solution.colour())
        } else {
            Stroke::new(1.0, weak)
        };
        painter.line_segment([from, to], stroke);
    }
    let mut clicked = None;
    let text = ui.visuals().text_color();
    for (k, p) in shown.nodes.iter().enumerate() {
        let r = at(p);
        let whole = Rect::from_min_max(r.min, r.max + Vec2::new(0.0, LABELS * zoom));
        if !canvas.intersects(whole) {
            continue;
        }
        let (key, width) = match &p.what {
            What::Tree(i) if current == Some(*i) => (Key::Current, 3.0),
            What::Tree(_) | What::Folded { .. } if p.on_path => (Key::Solution, 2.5),
            What::Tree(_) | What::Folded { .. } => (Key::Closed, 1.0),
            What::Waiting { rank: Some(0), .. } => (Key::Open, 3.0),
            What::Waiting { .. } => (Key::Open, 1.5),
        };
        let (state, name) = match &p.what {
            What::Tree(i) => (&tree[*i].node.state, InspectorMsg::TreeNode { n: i + 1 }),
            What::Folded { at, below } => (
                &tree[*at].node.state,
                InspectorMsg::FoldedNode {
                    n: at + 1,
                    count: thousands(*below as u64),
                },
            ),
            What::Waiting { node, rank } => (
                &node.state,
                rank.map_or(InspectorMsg::OpenNodeUnranked, |k| InspectorMsg::OpenNode {
                    k,
                }),
            ),
        };
        let name = tr(ui, name);
        let response = if r.width().min(r.height()) < SMALLEST_BOARD {
            // Too small to read a board: a square in its colour.
            painter.rect_filled(r, 1.0, key.colour());
            let response = ui.interact(r, ui.scope_id().with(k), egui::Sense::click());
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            response
        } else {
            let response = ui
                // Salted by its place: veiled open nodes share a name.
                .scope_builder(egui::UiBuilder::new().id_salt(k).max_rect(r), |ui| {
                    ui.set_clip_rect(canvas.intersect(ui.clip_rect()));
                    subject.draw(ui, state, r.size(), &name)
                })
                .inner;
            legend::frame(&painter, r, key, width);
            response
        };
        if let What::Tree(i) = p.what
            && selected == Some(i)
        {
            let stroke = Stroke::new(3.0, ui.visuals().selection.stroke.color);
            painter.rect_stroke(r.expand(6.0), 5.0, stroke, StrokeKind::Outside);
        }
        if zoom >= LABELS_FROM {
            let (first, numbers) = labels(model, &p.what);
            let font = egui::FontId::proportional(LABEL_SIZE * zoom);
            let top = Pos2::new(r.center().x, r.max.y + 2.0 * zoom);
            painter.text(
                top,
                egui::Align2::CENTER_TOP,
                tr(ui, first),
                font.clone(),
                text,
            );
            let second = top + Vec2::new(0.0, LABEL_LINE * zoom);
            painter.text(second, egui::Align2::CENTER_TOP, numbers, font, text);
        }
        let (_, numbers) = labels(model, &p.what);
        let hover = match &p.what {
            What::Tree(i) => InspectorMsg::NodeHover { n: i + 1, numbers },
            What::Folded { at, below } => InspectorMsg::FoldedHover {
                n: at + 1,
                count: thousands(*below as u64),
            },
            What::Waiting { rank: Some(k), .. } => InspectorMsg::OpenHover { k: *k, numbers },
            What::Waiting { rank: None, .. } => InspectorMsg::OpenHoverUnranked { numbers },
        };
        let response = response.on_hover_text(tr(ui, hover));
        if response.clicked() {
            match p.what {
                What::Tree(i) => clicked = Some(i),
                What::Folded { at, .. } => view.unfold(at),
                What::Waiting { .. } => {}
            }
        }
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::super::model::tests::{FAR, adjacent, board_key, events, fold_all};
    use super::*;
    use crate::engine::Board;
    use crate::engine::observe::StateKey;
    use crate::engine::step::Event;
    use std::collections::HashMap;

    /// The Expand events of the tree's run, in order: of the last
    /// iteration for IDA* and IDS, which grow a new tree each one.
    fn expansions(records: &[Event]) -> Vec<Node> {
        let from = records
            .iter()
            .rposition(|r| matches!(r, Event::IterationStart { .. }))
            .map_or(0, |i| i + 1);
        records[from..]
            .iter()
            .filter_map(|r| match r {
                Event::Expand { g, h, state } => Some(Node {
                    state: state.clone(),
                    g: *g,
                    h: *h,
                }),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_tree_node_is_labelled_with_its_own_expansion_numbered_in_order() {
        for (strategy, board) in [
            ("bfs", "1 2 3 0 4 6 7 5 8"),
            ("astar", "1 8 5 4 2 3 7 6 0"),
            ("idastar", "8 1 3 4 0 2 7 6 5"),
            ("ids", "1 2 3 0 4 6 7 5 8"),
        ] {
            let records = events(strategy, board, None);
            // Part way through the run, and at its end.
            for upto in [records.len() / 3, records.len()] {
                let m = fold_all(strategy, board, &records[..upto]);
                let expanded = expansions(&records[..upto]);
                let numbers: Vec<usize> = m.tree.iter().filter_map(|t| t.expansion()).collect();
                assert_eq!(
                    numbers,
                    (1..=expanded.len()).collect::<Vec<_>>(),
                    "{strategy}"
                );
                for (i, t) in m.tree.iter().enumerate() {
                    let (first, shown) = labels(&m, &What::Tree(i));
                    let node = match t.expansion() {
                        Some(k) => {
                            assert_eq!(first, InspectorMsg::ExpansionN { n: k }, "{strategy}");
                            &expanded[k - 1]
                        }
                        None => {
                            assert_eq!(Some(i), m.goal_node, "{strategy}: only the goal");
                            assert_eq!(first, InspectorMsg::GoalNode);
                            &t.node
                        }
                    };
                    assert_eq!(t.node, *node, "{strategy}: tree node {i}");
                    let (g, h) = (node.g, node.h);
                    let expected = if find_uses_heuristic(strategy) {
                        format!("g {g} · h {h} · f {}", g + h)
                    } else {
                        format!("g {g}")
                    };
                    assert_eq!(shown, expected, "{strategy}: tree node {i}");
                }
            }
        }
    }

    fn find_uses_heuristic(strategy: &str) -> bool {
        crate::engine::strategy::find(strategy)
            .unwrap()
            .uses_heuristic()
    }

    /// The open nodes the tree draws are the open list, each under a tree
    /// node one move nearer the start; the one marked next is expanded
    /// next.
    #[test]
    fn the_trees_open_nodes_are_exactly_the_open_list() {
        for strategy in ["bfs", "astar", "weighted"] {
            let records = events(strategy, FAR, Some(2_000));
            let starts: Vec<usize> = records
                .iter()
                .enumerate()
                .filter(|(_, r)| matches!(r, Event::Expand { .. }))
                .map(|(i, _)| i)
                .collect();
            let mut checked = 0;
            for &at in starts.iter().skip(1).step_by(7).take(12) {
                let m = fold_all(strategy, FAR, &records[..at]);
                let shown = shown(&m, &HashSet::new(), false);
                if shown.folding {
                    break;
                }
                let mut drawn: Vec<(Node, usize)> = Vec::new();
                for p in &shown.nodes {
                    let What::Waiting { node, rank } = &p.what else {
                        continue;
                    };
                    let What::Tree(parent) = shown.nodes[p.parent.expect("under a node")].what
                    else {
                        panic!("{strategy}: an open node under a folded one");
                    };
                    let parent = &m.tree[parent].node;
                    assert_eq!(parent.g + 1, node.g, "{strategy}");
                    assert!(adjacent(&parent.state, &node.state), "{strategy}");
                    drawn.push((node.clone(), rank.expect("ranked")));
                }
                drawn.sort_by_key(|(_, rank)| *rank);
                let open = m.next_open(usize::MAX);
                assert_eq!(drawn.len(), m.open_len(), "{strategy}: all of them");
                let ranked: Vec<(Node, usize)> = open.into_iter().zip(0..).collect();
                assert_eq!(drawn, ranked, "{strategy}: in the order taken");
                let Event::Expand { state, .. } = &records[at] else {
                    unreachable!()
                };
                assert_eq!(
                    drawn[0].0.state, *state,
                    "{strategy}: marked next, expanded next"
                );
                checked += 1;
            }
            assert!(checked >= 4, "{strategy}: {checked} points checked");
        }
    }

    /// Moves from `start` to the goal, by the test's own BFS.
    fn distance(start: &str) -> usize {
        crate::app::tests::optimum(&Board::parse(start, None).unwrap()) as usize
    }

    /// BFS on the 8-puzzle's farthest start expands nearly every state:
    /// its tree still holds the whole path to the goal, shows it with the
    /// rest folded into a few nodes that count what they hide, and a fold
    /// opened shows its children.
    #[test]
    fn a_big_bfs_runs_tree_keeps_the_whole_path_and_folds_the_rest() {
        let records = events("bfs", FAR, None);
        let m = fold_all("bfs", FAR, &records);
        assert!(m.expanded > 150_000, "{} expanded", m.expanded);
        assert_eq!(
            m.tree.len() as u64,
            m.expanded + 1,
            "every expansion and the goal"
        );
        let path = m.solution_nodes();
        assert_eq!(path.len(), distance(FAR) + 1);
        let states: Vec<&StateKey> = path.iter().map(|&i| &m.tree[i].node.state).collect();
        assert_eq!(*states[0], board_key(FAR));
        assert_eq!(**states.last().unwrap(), board_key("1 2 3 4 5 6 7 8 0"));
        assert!(states.windows(2).all(|w| adjacent(w[0], w[1])));

        let shown = shown(&m, &HashSet::new(), false);
        assert!(shown.folding);
        for &i in &path {
            assert!(
                shown.nodes.iter().any(|p| p.what == What::Tree(i)),
                "path node {i} drawn"
            );
        }
        assert!(shown.nodes.len() < 200, "{} nodes drawn", shown.nodes.len());
        // Each fold counts what it hides: the tree nodes and open nodes
        // under it, counted here by walking up from each.
        let under = |top: usize, mut at: Option<usize>| {
            while let Some(i) = at {
                if i == top {
                    return true;
                }
                at = m.tree[i].parent();
            }
            false
        };
        let frontier = m.frontier();
        let mut folds = 0;
        let mut hidden = 0;
        for p in &shown.nodes {
            let What::Folded { at, below } = p.what else {
                continue;
            };
            let trees = (0..m.tree.len())
                .filter(|&j| j != at && under(at, Some(j)))
                .count();
            let open = frontier.iter().filter(|w| under(at, w.parent)).count();
            assert_eq!(below, trees + open, "fold at {at}");
            folds += 1;
            hidden += below + 1;
        }
        assert!(folds > 0);
        let drawn_trees = shown
            .nodes
            .iter()
            .filter(|p| matches!(p.what, What::Tree(_)))
            .count();
        let drawn_open = shown
            .nodes
            .iter()
            .filter(|p| matches!(p.what, What::Waiting { .. }))
            .count();
        assert_eq!(
            drawn_trees + drawn_open + hidden,
            m.tree.len() + frontier.len(),
            "every node drawn or counted, once"
        );

        // Unfolding one shows it with its children.
        let at = shown
            .nodes
            .iter()
            .find_map(|p| match p.what {
                What::Folded { at, .. } => Some(at),
                _ => None,
            })
            .unwrap();
        let opened = super::shown(&m, &HashSet::from([at]), false);
        let me = opened
            .nodes
            .iter()
            .position(|p| p.what == What::Tree(at))
            .expect("unfolded");
        let below: Vec<usize> = opened
            .nodes
            .iter()
            .filter(|p| p.parent == Some(me))
            .map(|p| match p.what {
                What::Tree(c) | What::Folded { at: c, .. } => c,
                What::Waiting { .. } => usize::MAX,
            })
            .filter(|&c| c != usize::MAX)
            .collect();
        let children: Vec<usize> = m.tree[at].children(&m.tree).collect();
        assert_eq!(below, children, "its children, in order");
    }

    /// Issue 43 item 11: the labels under two neighbours in a row (a
    /// "g 4 · h 10 · f 14" beside another) ran into each other. Measured
    /// as drawn, each pair in every row of a run's tree has a gap.
    #[test]
    fn neighbours_labels_in_a_row_never_meet() {
        let board = "1 8 5 4 2 3 7 6 0";
        let records = events("astar", board, None);
        let model = fold_all("astar", board, &records);
        let subject = super::super::board::Subject::Tiles(Board::goal(
            crate::engine::Shape::new(3, 3).unwrap(),
        ));
        let mut view = TreeView::default();
        let shown = view.shown(&model, false);
        let ctx = egui::Context::default();
        crate::app::fonts::install(&ctx);
        let mut checked = 0;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let (_, cell) = view.geometry(ui, &subject, &model, &shown);
            let font = egui::FontId::proportional(LABEL_SIZE);
            let width = |p: &Placed| {
                let (first, numbers) = labels(&model, &p.what);
                [tr(ui, first), numbers]
                    .map(|t| {
                        ui.painter()
                            .layout_no_wrap(t, font.clone(), egui::Color32::WHITE)
                            .size()
                            .x
                    })
                    .into_iter()
                    .fold(0.0, f32::max)
            };
            let mut rows: HashMap<usize, Vec<&Placed>> = HashMap::new();
            for p in &shown.nodes {
                rows.entry(p.row).or_default().push(p);
            }
            for row in rows.values_mut() {
                row.sort_by(|a, b| a.column.total_cmp(&b.column));
                for pair in row.windows(2) {
                    let apart = (pair[1].column - pair[0].column) * cell.x;
                    let needed = (width(pair[0]) + width(pair[1])) / 2.0;
                    assert!(apart >= needed + 4.0, "labels {apart} apart, {needed} wide");
                    checked += 1;
                }
            }
        });
        output.textures_delta.clear();
        assert!(checked > 10, "{checked} pairs");
    }

    #[test]
    fn leaves_take_one_column_each_and_parents_sit_over_their_children() {
        // 0 ─┬─ 1 ─┬─ 3
        //    │     └─ 4
        //    └─ 2
        let place = layout(&[None, Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(place[3], (0.0, 2));
        assert_eq!(place[4], (1.0, 2));
        assert_eq!(place[1], (0.5, 1));
        assert_eq!(place[2], (2.0, 1));
        assert_eq!(place[0], (1.25, 0));
    }

    #[test]
    fn zooming_about_a_point_keeps_the_trees_point_under_it() {
        let mut view = TreeView {
            pan: Vec2::new(30.0, -12.0),
            ..TreeView::default()
        };
        let at = Vec2::new(200.0, 150.0);
        let under = (at - view.pan) / view.zoom;
        view.zoom_about(2.0, at);
        assert_eq!(view.zoom, 2.0);
        let after = (at - view.pan) / view.zoom;
        assert!((after - under).length() < 1e-3, "{under:?} → {after:?}");
        view.zoom_about(1000.0, at);
        assert_eq!(view.zoom, ZOOM_MAX, "within its range");
    }
}
