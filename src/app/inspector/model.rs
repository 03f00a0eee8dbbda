//! What the inspector shows, folded from a search's recorded events: the
//! node being expanded and its children, the open list (A*: by f; BFS: the
//! queue), IDA*'s path and iterations, BFS's layers, the search tree, and
//! for the local searches the walk, the proposals, the tabu list and where
//! greedy got stuck. No egui here: the tests fold real runs' events and
//! compare with their own computations.

use std::cmp::Reverse;
use std::collections::{BTreeMap, VecDeque};

use crate::engine::hash::StateMap;
use crate::engine::observe::{Fate, Iteration, StateKey};
use crate::engine::step::Event;
use crate::engine::strategy::{Key, Visit};

/// Proposed moves kept for the table (the latest).
const PROPOSALS_KEPT: usize = 200;
/// Walk states kept (the latest) for the walk strip.
const WALK_KEPT: usize = 200;
/// Aspiration events kept (the latest).
const ASPIRATIONS_KEPT: usize = 50;

/// How the search picks its next node, which decides what "open" means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Breadth-first: a first-in first-out queue.
    Fifo,
    /// Best-first by f (A*), the newest first among equal f; also IDA*
    /// and the local searches, which keep no open list.
    BestF,
}

/// A node as the inspector shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The state.
    pub state: StateKey,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
}

impl Node {
    /// g + h.
    pub fn f(&self) -> u32 {
        self.g + self.h
    }
}

/// A child of the node being expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Child {
    /// The child.
    pub node: Node,
    /// What became of it.
    pub fate: Fate,
}

/// One node of the search tree (an expansion, or the goal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The node.
    pub node: Node,
    /// The tree node it was generated from ([`NO_NODE`] for the start);
    /// see [`parent`](Self::parent).
    up: u32,
    /// Which expansion it is, counted from 1 (0: the goal); see
    /// [`expansion`](Self::expansion).
    number: u32,
    /// Its first and last child and its parent's next child ([`NO_NODE`]:
    /// none): the children in order without a list of their own for each
    /// node (a run of a hundred thousand expansions made as many). Links
    /// of 32 bits keep a node of a long run's tree to 64 bytes.
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

/// No tree node, in [`TreeNode`]'s links.
const NO_NODE: u32 = u32::MAX;

/// Tree node `i` as a link. Four thousand million nodes would need
/// hundreds of gigabytes: the limits stop a run long before.
fn tree_link(i: usize) -> u32 {
    u32::try_from(i).expect("fewer tree nodes than u32::MAX")
}

/// The tree node a link names, if any.
fn linked(link: u32) -> Option<usize> {
    (link != NO_NODE).then_some(link as usize)
}

impl TreeNode {
    /// The tree node it was generated from (none for the start).
    pub fn parent(&self) -> Option<usize> {
        linked(self.up)
    }

    /// Which expansion it is, counted from 1 (of the iteration for IDA*);
    /// none for the goal, which is reached, not expanded.
    pub fn expansion(&self) -> Option<usize> {
        (self.number != 0).then_some(self.number as usize)
    }

    /// The tree nodes generated from it, in order (`tree`: the tree it is
    /// in).
    pub fn children<'a>(&self, tree: &'a [TreeNode]) -> impl Iterator<Item = usize> + 'a {
        std::iter::successors(linked(self.first_child), move |&c| {
            linked(tree[c].next_sibling)
        })
    }

    /// Whether a node was generated from it.
    pub fn has_children(&self) -> bool {
        self.first_child != NO_NODE
    }
}

/// A node of the open list as the tree shows it: under the tree node it
/// was generated from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting<'a> {
    /// The state.
    pub state: &'a StateKey,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// The tree node it was (last) generated from.
    pub parent: Option<usize>,
    /// Its place in the order the search takes them (0: expanded next).
    pub rank: usize,
}

/// One proposed move of a local search.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    /// Iterations before it.
    pub iteration: u64,
    /// The state proposed.
    pub state: StateKey,
    /// The state it was proposed from (the walk's state then): with
    /// `state`, which neighbour it is.
    pub from: StateKey,
    /// Energy (tabu: score) of the current state.
    pub energy: f64,
    /// Energy of the proposed state.
    pub proposed: f64,
    /// Annealing's temperature.
    pub temperature: Option<f64>,
    /// Annealing's chance of taking it.
    pub probability: Option<f64>,
    /// On the tabu list.
    pub tabu: bool,
    /// Taken.
    pub accepted: bool,
}

impl Proposal {
    /// The change of energy the move brings (ΔE).
    pub fn delta(&self) -> f64 {
        self.proposed - self.energy
    }
}

/// What became of a proposed move, as far as the events tell so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Taken.
    Accepted,
    /// Taken although tabu: it beat the best score (aspiration).
    AcceptedAspiration,
    /// Not taken: tabu.
    Tabu,
    /// Not taken: worse (annealing: the draw refused it).
    Rejected,
    /// Not taken, though as good as the move taken: a draw chose among
    /// the equals (tabu search, greedy).
    Tied,
    /// Weighed; the move is chosen once every neighbour is (tabu search,
    /// greedy, before the choice is reported).
    Weighed,
}

/// A node being expanded.
#[derive(Clone, Debug)]
struct Frame {
    node: Node,
    tree: usize,
    children: Vec<Child>,
}

/// Everything shown, after the events folded so far.
#[derive(Clone, Debug)]
pub struct Model {
    /// How the strategy searches (the registry's word for it).
    visit: Visit,
    start: StateKey,
    /// Steps folded (expansions, iterations begun, proposals).
    pub steps: u64,
    /// Events folded.
    pub events: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated.
    pub generated: u64,
    /// States stored (BFS and A*: every state reached once).
    pub stored: u64,
    /// The node being expanded, with its tree node and children so far;
    /// for IDA* the whole path from the start (a node's children go on
    /// once the search comes back from a child's subtree).
    frames: Vec<Frame>,
    /// BFS's queue, in order, each node with the tree node it was
    /// generated from (none for the start): BFS needs no map from states
    /// to their parents, whose inserts and lookups missed the cache on
    /// every event of a large run.
    queue: VecDeque<(Node, Option<usize>)>,
    /// A*'s open list: state → (g, h, when pushed).
    open: StateMap<StateKey, (u32, u32, u64)>,
    /// The same, ordered as the search pops it: least key (A*: f), newest
    /// first.
    by_f: BTreeMap<(u64, Reverse<u64>), StateKey>,
    /// What a best-first search orders its open list by.
    key: Key,
    /// The search uses a heuristic (else its h is no estimate: BFS, DFS,
    /// IDS).
    informed: bool,
    pushes: u64,
    /// IDA*'s iterations (bound, expanded, generated).
    pub iterations: Vec<Iteration>,
    /// New states first reached at each depth (the start is layer 0).
    pub layers: Vec<u64>,
    /// The solution's length, once the goal is reached.
    pub goal: Option<u32>,
    /// The search tree: every expansion in order (of the current
    /// iteration for IDA*), then the goal. Kept whole however large the
    /// run, so the path to the goal is always in it (the view folds it).
    pub tree: Vec<TreeNode>,
    /// The tree node each state was last generated from, for best-first
    /// searches: BFS keeps it in its queue, and a depth-first search's
    /// parent is the node one level up its path.
    generated_by: StateMap<StateKey, usize>,
    /// The tree node of the goal, once reached.
    pub goal_node: Option<usize>,
    /// Local searches: the walk's current state.
    pub walk_at: StateKey,
    /// States walked to (the latest [`WALK_KEPT`]), the start first.
    pub walk: VecDeque<StateKey>,
    /// Moves walked (all of them).
    pub walk_len: u64,
    /// The latest proposals, newest last.
    pub proposals: VecDeque<Proposal>,
    /// Proposals since the walk last moved: tabu search's and greedy's
    /// neighbours of the current state.
    pub neighbours: Vec<Proposal>,
    /// Annealing's temperature.
    pub temperature: Option<f64>,
    /// The tabu list, oldest first.
    pub tabu: VecDeque<StateKey>,
    /// Aspiration events (iteration, score, best before), the latest.
    pub aspirations: VecDeque<(u64, f64, f64)>,
    /// Diversifications so far.
    pub diversified: u32,
    /// Annealing's run (restarts so far).
    pub run: u32,
    /// Greedy's stop: the energy and the neighbours it could not improve on.
    pub local_minimum: Option<(f64, Vec<Proposal>)>,
    /// The pseudocode's lesson, folded from the same events (boxed: it is
    /// taken out and put back for every event folded).
    lesson: Option<Box<super::lesson::Lesson>>,
}

impl Model {
    /// Nothing folded yet, for a search that visits states as `visit`
    /// says, from `start`.
    pub fn new(visit: Visit, start: StateKey) -> Self {
        let mut model = Self {
            visit,
            walk_at: start.clone(),
            walk: VecDeque::from([start.clone()]),
            start,
            steps: 0,
            events: 0,
            expanded: 0,
            generated: 0,
            stored: 1,
            frames: Vec::new(),
            queue: VecDeque::new(),
            open: StateMap::default(),
            by_f: BTreeMap::new(),
            key: Key::F,
            informed: visit != Visit::BreadthFirst,
            pushes: 0,
            iterations: Vec::new(),
            layers: Vec::new(),
            goal: None,
            tree: Vec::new(),
            generated_by: StateMap::default(),
            goal_node: None,
            walk_len: 0,
            proposals: VecDeque::new(),
            neighbours: Vec::new(),
            temperature: None,
            tabu: VecDeque::new(),
            aspirations: VecDeque::new(),
            diversified: 0,
            run: 0,
            local_minimum: None,
            lesson: None,
        };
        // A search that keeps an open list begins with the start on it
        // (its estimate comes with the step the search waits to begin).
        if matches!(visit, Visit::BreadthFirst | Visit::BestFirst) {
            let start = Node {
                state: model.start.clone(),
                g: 0,
                h: 0,
            };
            model.push_open(start, None);
        }
        model
    }

    /// The search waits to begin the step `next` starts: before the first
    /// expansion, that is where the start's estimate is first told.
    pub fn waiting_for(&mut self, next: &Event) {
        if let Event::Expand { g: 0, h, state } = next
            && self.steps == 0
            && *state == self.start
            && let Some(&(g, old, at)) = self.open.get(state)
            && old != *h
        {
            // The same entry, pushed once: only its estimate (and so its
            // key) was not known.
            self.by_f.remove(&(self.rank(g, old), Reverse(at)));
            self.by_f
                .insert((self.rank(g, *h), Reverse(at)), state.clone());
            self.open.insert(state.clone(), (g, *h, at));
        }
    }

    /// Whether its local search weighs a score (tabu search, whose
    /// pseudocode says score) rather than an energy (annealing, greedy):
    /// the panel and the table say the pseudocode's word.
    pub fn scores(&self) -> bool {
        self.lesson
            .as_ref()
            .is_some_and(|l| matches!(l.kind(), crate::engine::strategy::SearchKind::Tabu))
    }

    /// The same, explained by `lesson` as it folds.
    pub fn explained_by(mut self, lesson: super::lesson::Lesson) -> Self {
        self.lesson = Some(Box::new(lesson));
        self
    }

    /// Whether the last step folded was passed over unexplained (see
    /// [`fold_as`](Self::fold_as)).
    pub fn unexplained(&self) -> bool {
        self.lesson
            .as_ref()
            .and_then(|l| l.explained())
            .is_some_and(|e| e.unexplained)
    }

    /// The lesson of the steps folded so far.
    pub fn lesson(&self) -> Option<&super::lesson::Lesson> {
        self.lesson.as_deref()
    }

    /// The same, for a best-first search ordered by `key` (by default
    /// A*'s f).
    pub fn keyed(mut self, key: Key) -> Self {
        self.key = key;
        self
    }

    /// What a best-first search orders its open list by.
    pub fn key(&self) -> Key {
        self.key
    }

    /// The same, for a search that uses a heuristic or not (by default,
    /// every search but breadth-first does).
    pub fn informed(mut self, uses_heuristic: bool) -> Self {
        self.informed = uses_heuristic;
        self
    }

    /// Whether the search uses a heuristic: its nodes have an h and an f.
    pub fn uses_heuristic(&self) -> bool {
        self.informed
    }

    /// Nothing folded yet, for the same search.
    pub fn fresh(&self) -> Self {
        let fresh = Self::new(self.visit, self.start.clone())
            .keyed(self.key)
            .informed(self.informed);
        match &self.lesson {
            Some(lesson) => fresh.explained_by(lesson.fresh()),
            None => fresh,
        }
    }

    /// The key the search takes an open node by (least first), as the
    /// engine orders it.
    fn rank(&self, g: u32, h: u32) -> u64 {
        self.key.order(g, h)
    }

    /// What "open" means for the way it searches.
    fn order(&self) -> Order {
        match self.visit {
            Visit::BreadthFirst => Order::Fifo,
            _ => Order::BestF,
        }
    }

    /// The node being expanded (IDA*: the one whose children come next).
    pub fn current(&self) -> Option<&Node> {
        self.frames.last().map(|f| &f.node)
    }

    /// Its children so far.
    pub fn children(&self) -> &[Child] {
        self.frames.last().map_or(&[], |f| &f.children)
    }

    /// IDA*: the path from the start to the node expanded (all it stores).
    pub fn path(&self) -> Vec<Node> {
        self.frames.iter().map(|f| f.node.clone()).collect()
    }

    /// The start's state.
    pub fn start(&self) -> &StateKey {
        &self.start
    }

    /// Whether the search is IDA* (depth first, in iterations).
    pub fn depth_first(&self) -> bool {
        self.visit == Visit::DepthFirst
    }

    /// Whether the search is a local one (it proposes moves).
    pub fn local(&self) -> bool {
        self.visit == Visit::Local
    }

    /// Whether it searches breadth-first.
    pub fn fifo(&self) -> bool {
        self.order() == Order::Fifo
    }

    /// Nodes waiting to be expanded (IDA*: none are stored).
    pub fn open_len(&self) -> usize {
        match self.order() {
            Order::Fifo => self.queue.len(),
            Order::BestF => self.open.len(),
        }
    }

    /// The first `n` nodes to be expanded next, in the order the search
    /// takes them (BFS: the queue; A*: least f first, newest first among
    /// equal f).
    pub fn next_open(&self, n: usize) -> Vec<Node> {
        match self.order() {
            Order::Fifo => self.queue.iter().take(n).map(|(n, _)| n.clone()).collect(),
            Order::BestF => self
                .by_f
                .values()
                .take(n)
                .map(|s| {
                    let (g, h, _) = self.open[s];
                    Node {
                        state: s.clone(),
                        g,
                        h,
                    }
                })
                .collect(),
        }
    }

    /// The least f in the open list.
    #[cfg(test)]
    pub fn least_open_f(&self) -> Option<u32> {
        match self.order() {
            Order::Fifo => self.queue.iter().map(|(n, _)| n.f()).min(),
            Order::BestF => self.by_f.values().next().map(|s| {
                let (g, h, _) = self.open[s];
                g + h
            }),
        }
    }

    /// What became of `p`, one of the latest proposals: annealing's
    /// verdict is its own; tabu search and greedy weigh every neighbour of
    /// a state and report the one taken last, so a neighbour's verdict
    /// waits for it, and one as good as it lost a draw.
    pub fn verdict(&self, p: &Proposal) -> Verdict {
        let taken = |q: &Proposal| q.accepted && q.iteration == p.iteration;
        match (p.accepted, p.tabu) {
            // Tabu and taken: by aspiration, or because every neighbour
            // was tabu (then the one left longest ago is taken).
            (true, true) if self.aspirations.iter().any(|a| a.0 == p.iteration) => {
                return Verdict::AcceptedAspiration;
            }
            (true, _) => return Verdict::Accepted,
            _ if p.temperature.is_some() => return Verdict::Rejected,
            _ => {}
        }
        match self.proposals.iter().rev().find(|q| taken(q)) {
            Some(chosen) if chosen.proposed == p.proposed && chosen.tabu == p.tabu => Verdict::Tied,
            Some(_) if p.tabu => Verdict::Tabu,
            Some(_) => Verdict::Rejected,
            None if self.local_minimum.is_none()
                && self
                    .proposals
                    .back()
                    .is_some_and(|q| q.iteration == p.iteration) =>
            {
                Verdict::Weighed
            }
            None if p.tabu => Verdict::Tabu,
            None => Verdict::Rejected,
        }
    }

    /// Open nodes whose key (A*: f; weighted A*: g + w·h; greedy: h) is
    /// that of `g` and `h`.
    pub fn open_with_key(&self, g: u32, h: u32) -> usize {
        let key = self.rank(g, h);
        self.by_f
            .range((key, Reverse(u64::MAX))..=(key, Reverse(0)))
            .count()
    }

    /// The current IDA* bound.
    pub fn bound(&self) -> Option<u32> {
        self.iterations.last().map(|i| i.bound)
    }

    /// The tree nodes on the way from the start to the goal, once found.
    #[cfg(test)]
    pub fn solution_nodes(&self) -> Vec<usize> {
        self.tree_path_to(self.goal_node)
    }

    /// Whether a node's parent is looked up by its state
    /// ([`generated_by`](Self::generated_by)): BFS keeps it in its queue,
    /// a depth-first search has it one level up its path.
    fn parents_by_state(&self) -> bool {
        !matches!(self.visit, Visit::BreadthFirst | Visit::DepthFirst)
    }

    /// Put `node`, generated from the tree node `from`, on the open list.
    fn push_open(&mut self, node: Node, from: Option<usize>) {
        match self.order() {
            Order::Fifo => self.queue.push_back((node, from)),
            Order::BestF => {
                self.remove_open(&node.state);
                self.pushes += 1;
                let key = self.rank(node.g, node.h);
                self.by_f
                    .insert((key, Reverse(self.pushes)), node.state.clone());
                self.open.insert(node.state, (node.g, node.h, self.pushes));
            }
        }
    }

    fn remove_open(&mut self, state: &StateKey) {
        if let Some((g, h, at)) = self.open.remove(state) {
            let key = self.rank(g, h);
            self.by_f.remove(&(key, Reverse(at)));
        }
    }

    /// Add `node` to the tree under `parent` (`expanded`: as the next
    /// expansion, else as the goal); every subtree above it grows by one.
    fn add_tree(&mut self, node: Node, parent: Option<usize>, expanded: bool) -> usize {
        let i = self.tree.len();
        let number = match expanded {
            true => {
                let before = self.tree.iter().rev().find_map(TreeNode::expansion);
                tree_link(before.map_or(1, |n| n + 1))
            }
            false => 0,
        };
        self.tree.push(TreeNode {
            node,
            up: parent.map_or(NO_NODE, tree_link),
            number,
            first_child: NO_NODE,
            last_child: NO_NODE,
            next_sibling: NO_NODE,
        });
        if let Some(p) = parent {
            let link = tree_link(i);
            match self.tree[p].last_child {
                NO_NODE => self.tree[p].first_child = link,
                last => self.tree[last as usize].next_sibling = link,
            }
            self.tree[p].last_child = link;
        }
        i
    }

    /// Tree nodes in each tree node's subtree, itself included: worked
    /// out when a view needs them, not kept up on every node added (that
    /// walked up to the start each time, a tenth of what recording cost).
    pub fn subtree_sizes(&self) -> Vec<usize> {
        let mut sizes = vec![1; self.tree.len()];
        // A parent is added before its children: from the last node back,
        // each subtree is whole when its root is reached.
        for (i, t) in self.tree.iter().enumerate().rev() {
            if let Some(p) = t.parent() {
                sizes[p] += sizes[i];
            }
        }
        sizes
    }

    /// The tree node being expanded (IDA*: the deepest on its path).
    pub fn current_tree_node(&self) -> Option<usize> {
        self.frames.last().map(|f| f.tree)
    }

    /// The tree nodes from the start to `node`.
    pub fn tree_path_to(&self, node: Option<usize>) -> Vec<usize> {
        let mut nodes = Vec::new();
        let mut at = node;
        while let Some(i) = at {
            nodes.push(i);
            at = self.tree[i].parent();
        }
        nodes.reverse();
        nodes
    }

    /// The open list in the order the search takes it, each node with the
    /// tree node it was generated from; the goal, once reached, is in the
    /// tree and not here.
    pub fn frontier(&self) -> Vec<Waiting<'_>> {
        let goal = self.goal_node.map(|i| &self.tree[i].node.state);
        let all: Vec<(&StateKey, u32, u32, Option<usize>)> = match self.order() {
            Order::Fifo => self
                .queue
                .iter()
                .map(|(n, from)| (&n.state, n.g, n.h, *from))
                .collect(),
            Order::BestF => self
                .by_f
                .values()
                .map(|s| {
                    let (g, h, _) = self.open[s];
                    (s, g, h, self.generated_by.get(s).copied())
                })
                .collect(),
        };
        all.into_iter()
            .enumerate()
            .filter(|(_, (state, ..))| Some(*state) != goal)
            .map(|(rank, (state, g, h, parent))| Waiting {
                state,
                g,
                h,
                parent,
                rank,
            })
            .collect()
    }

    /// When each open node was pushed (1 the first), A*'s tie-breaker:
    /// among equal f the one pushed last comes first. None for BFS's queue.
    pub fn pushed(&self, state: &StateKey) -> Option<u64> {
        match self.order() {
            Order::Fifo => None,
            Order::BestF => self.open.get(state).map(|&(_, _, at)| at),
        }
    }

    /// The key the open list is ordered by for a node (f, weighted A*'s
    /// g + w·h, greedy's h).
    pub fn open_key(&self, node: &Node) -> u64 {
        self.rank(node.g, node.h)
    }

    /// Fold one event in.
    pub fn fold(&mut self, record: &Event) {
        self.fold_as(record, true);
    }

    /// [`fold`](Self::fold) `record`; `explain`: if it begins a step, the
    /// lesson explains that step (a step never shown is only tallied).
    pub fn fold_as(&mut self, record: &Event, explain: bool) {
        self.events += 1;
        if record.starts_step() {
            self.steps += 1;
        }
        match record {
            Event::Expand { g, h, state } => self.expand(Node {
                state: state.clone(),
                g: *g,
                h: *h,
            }),
            Event::Generate { g, h, fate, state } => self.generate(
                Node {
                    state: state.clone(),
                    g: *g,
                    h: *h,
                },
                *fate,
            ),
            Event::IterationStart { bound } => {
                self.iterations.push(Iteration {
                    bound: *bound,
                    ..Iteration::default()
                });
                // Each iteration grows a new tree from the start.
                self.tree.clear();
                self.generated_by.clear();
                self.frames.clear();
            }
            Event::Goal { g } => self.reach_goal(*g),
            Event::Propose(p) => self.propose(Proposal {
                iteration: p.iteration,
                state: p.state.clone(),
                from: self.walk_at.clone(),
                energy: p.energy,
                proposed: p.proposed,
                temperature: p.temperature,
                probability: p.probability,
                tabu: p.tabu,
                accepted: p.accepted,
            }),
            Event::TabuAdd { state, .. } => {
                // A state walked to again is tabu again, from now.
                if let Some(i) = self.tabu.iter().position(|s| s == state) {
                    self.tabu.remove(i);
                }
                self.tabu.push_back(state.clone());
            }
            Event::TabuExpire { state } => {
                if let Some(i) = self.tabu.iter().position(|s| s == state) {
                    self.tabu.remove(i);
                }
            }
            Event::Aspiration { score, best } => {
                let iteration = self.proposals.back().map_or(0, |p| p.iteration);
                self.aspirations.push_back((iteration, *score, *best));
                if self.aspirations.len() > ASPIRATIONS_KEPT {
                    self.aspirations.pop_front();
                }
            }
            Event::Diversify => self.diversified += 1,
            Event::Restart { run } => {
                self.run = *run;
                self.walk_at = self.start.clone();
                self.walk.push_back(self.start.clone());
                self.neighbours.clear();
            }
            Event::LocalMinimum { energy } => {
                self.local_minimum = Some((*energy, self.neighbours.clone()));
            }
        }
        if let Some(lesson) = &mut self.lesson
            && lesson.wants(record, explain)
            && let Some(mut lesson) = self.lesson.take()
        {
            lesson.fold(self, record);
            self.lesson = Some(lesson);
        }
    }

    fn expand(&mut self, node: Node) {
        self.expanded += 1;
        if self.layers.is_empty() {
            self.layers.push(1); // the start
        }
        if let Some(it) = self.iterations.last_mut() {
            it.expanded += 1;
        }
        let from = match self.visit {
            // The queue's head.
            Visit::BreadthFirst => match self.queue.front() {
                Some((n, _)) if n.state == node.state => {
                    self.queue.pop_front().and_then(|(_, from)| from)
                }
                _ => None,
            },
            // The node one level up the path.
            Visit::DepthFirst => (node.g as usize)
                .checked_sub(1)
                .and_then(|up| self.frames.get(up))
                .map(|f| f.tree),
            Visit::BestFirst | Visit::Local => {
                self.remove_open(&node.state);
                self.generated_by.get(&node.state).copied()
            }
        };
        let parent = from.filter(|_| node.g > 0);
        let tree = self.add_tree(node.clone(), parent, true);
        // IDA* comes back up its path; the others expand one node at a time.
        let keep = if self.depth_first() {
            node.g as usize
        } else {
            0
        };
        // The frame at that depth is reused: its list of children keeps
        // its room (a list made and freed for every expansion was a tenth
        // of what folding a breadth-first run cost).
        self.frames.truncate(keep + 1);
        match self.frames.get_mut(keep) {
            Some(frame) => {
                frame.node = node;
                frame.tree = tree;
                frame.children.clear();
            }
            None => self.frames.push(Frame {
                node,
                tree,
                children: Vec::new(),
            }),
        }
    }

    fn generate(&mut self, node: Node, fate: Fate) {
        // A skipped move is shown among the children but was not generated.
        if fate == Fate::Skipped {
            if let Some(it) = self.iterations.last_mut() {
                it.skipped += 1;
            }
        } else {
            self.generated += 1;
            if let Some(it) = self.iterations.last_mut() {
                it.generated += 1;
            }
        }
        let depth_first = self.depth_first();
        if fate == Fate::New && !depth_first {
            let g = node.g as usize;
            if self.layers.len() <= g {
                self.layers.resize(g + 1, 0);
            }
            self.layers[g] += 1;
            self.stored += 1;
        }
        let opens = match fate {
            Fate::New | Fate::Reopened | Fate::Improved => !depth_first,
            Fate::Duplicate | Fate::Pruned | Fate::Skipped => false,
        };
        if opens {
            let from = self.frames.last().map(|f| f.tree);
            self.push_open(node.clone(), from);
        }
        if depth_first {
            // Back from a subtree: the node at the depth above generates.
            self.frames.truncate(node.g.saturating_sub(1) as usize + 1);
        }
        let by_state = self.parents_by_state();
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        if by_state && matches!(fate, Fate::New | Fate::Reopened | Fate::Improved) {
            self.generated_by.insert(node.state.clone(), frame.tree);
        }
        frame.children.push(Child { node, fate });
    }

    /// The goal is reached at depth `g`: BFS and IDA* test it as they
    /// generate it (the last child), A* as it would expand it (the node it
    /// takes next from the open list).
    fn reach_goal(&mut self, g: u32) {
        self.goal = Some(g);
        if self.local() {
            return; // a walk, not a tree
        }
        let goal = if g == 0 {
            None
        } else if self.visit == Visit::BestFirst {
            self.next_open(1).pop()
        } else {
            self.children().last().map(|c| c.node.clone())
        };
        let Some(goal) = goal else {
            // The start is the goal.
            let start = Node {
                state: self.start.clone(),
                g: 0,
                h: 0,
            };
            self.goal_node = Some(self.add_tree(start, None, false));
            return;
        };
        let parent = match self.parents_by_state() {
            true => self.generated_by.get(&goal.state).copied(),
            // The goal is the last child of the node being expanded.
            false => self.frames.last().map(|f| f.tree),
        };
        self.goal_node = Some(self.add_tree(goal, parent, false));
    }

    fn propose(&mut self, p: Proposal) {
        if self.proposals.back().is_some_and(|last| last.accepted) {
            self.neighbours.clear();
        }
        self.temperature = p.temperature.or(self.temperature);
        if p.accepted {
            self.walk_at = p.state.clone();
            self.walk.push_back(p.state.clone());
            if self.walk.len() > WALK_KEPT {
                self.walk.pop_front();
            }
            self.walk_len += 1;
        }
        self.neighbours.push(p.clone());
        self.proposals.push_back(p);
        if self.proposals.len() > PROPOSALS_KEPT {
            self.proposals.pop_front();
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::observe::{Event, Proposed};
    use crate::engine::strategy::{find, solve_tiles};
    use crate::engine::{Board, Control, Dir, HeuristicChoice, TilePuzzle};
    use std::collections::HashSet;
    use std::sync::{Arc, Mutex};

    /// The key of a tile board written `text`.
    pub(in crate::app::inspector) fn board_key(text: &str) -> StateKey {
        StateKey::of_tile_text(text).unwrap()
    }

    /// A distinct key for a test's made-up state `name`.
    pub(in crate::app::inspector) fn named(name: &str) -> StateKey {
        StateKey::Cells(name.as_bytes().into())
    }

    /// A 3×3 board's key in words.
    pub(in crate::app::inspector) fn board_text(key: &StateKey) -> String {
        crate::engine::observe::StateWords::tiles(crate::engine::Shape::new(3, 3).unwrap())
            .text(key)
    }

    /// Every event of `strategy` on `board` (Manhattan), the run limited
    /// to `max_nodes` expansions.
    pub(in crate::app::inspector) fn events(
        strategy: &str,
        board: &str,
        max_nodes: Option<u64>,
    ) -> Vec<Event> {
        crate::app::inspector::tests::lesson::records(find(strategy).unwrap(), board, max_nodes)
    }

    /// `records` folded into a model of `strategy`'s run from `board`.
    pub(in crate::app::inspector) fn fold_all(
        strategy: &str,
        board: &str,
        records: &[Event],
    ) -> Model {
        let s = find(strategy).unwrap();
        // As the inspector makes it: ordered by the strategy's key.
        let mut m = super::super::empty_model(
            s,
            board_key(board),
            crate::engine::strategy::Repeats::Pruned,
        );
        for r in records {
            m.fold(r);
        }
        m
    }

    /// Test-side BFS: the number of states at each distance from `start`.
    fn states_by_distance(start: &Board, depth: usize) -> Vec<u64> {
        let mut seen = HashSet::from([start.clone()]);
        let mut layer = vec![start.clone()];
        let mut counts = vec![1];
        for _ in 0..depth {
            let mut next = Vec::new();
            for b in &layer {
                for d in Dir::ALL {
                    let mut c = b.clone();
                    if c.apply(d).is_some() && seen.insert(c.clone()) {
                        next.push(c);
                    }
                }
            }
            counts.push(next.len() as u64);
            layer = next;
        }
        counts
    }

    fn manhattan(b: &Board) -> u32 {
        let shape = b.shape();
        let goal = Board::goal(shape);
        let at = |board: &Board, t: u8| board.cells().iter().position(|&x| x == t).unwrap();
        (1..shape.cells() as u8)
            .map(|t| {
                let (r1, c1) = shape.coords(at(b, t));
                let (r2, c2) = shape.coords(at(&goal, t));
                (r1.abs_diff(r2) + c1.abs_diff(c2)) as u32
            })
            .sum()
    }

    /// Adjacent: one blank move apart.
    pub(in crate::app::inspector) fn adjacent(a: &StateKey, b: &StateKey) -> bool {
        let a = Board::parse(&board_text(a), None).unwrap();
        let b = Board::parse(&board_text(b), None).unwrap();
        Dir::ALL.iter().any(|&d| {
            let mut c = a.clone();
            c.apply(d).is_some() && c == b
        })
    }

    pub(in crate::app::inspector) const FAR: &str = "8 6 7 2 5 4 3 0 1"; // 31 moves from the goal

    #[test]
    fn bfs_layers_are_the_counts_of_states_at_each_distance() {
        let records = events("bfs", FAR, Some(3_000));
        let m = fold_all("bfs", FAR, &records);
        // The layers below the depth being expanded are complete.
        let depth = m.current().unwrap().g as usize;
        assert!(depth >= 6, "a few layers deep ({depth})");
        let expected = states_by_distance(&Board::parse(FAR, None).unwrap(), depth);
        assert_eq!(m.layers[..=depth], expected[..]);
        // The queue holds the states of the last two layers not yet expanded.
        let total: u64 = m.layers.iter().sum();
        assert_eq!(m.stored, total);
        assert_eq!(m.open_len() as u64, total - m.expanded);
        let next = m.next_open(20);
        assert_eq!(next.len(), 20);
        assert!(next.windows(2).all(|w| w[0].g <= w[1].g), "in queue order");
    }

    #[test]
    fn every_astar_expansion_has_the_least_f_of_the_open_list() {
        let board = "1 8 5 4 2 3 7 6 0";
        let records = events("astar", board, None);
        let mut m = Model::new(Visit::BestFirst, board_key(board));
        let mut checked = 0;
        for r in &records {
            if let Event::Expand { g, h, state } = r
                && m.expanded > 0
            {
                assert_eq!(m.least_open_f(), Some(g + h), "at expansion {}", m.expanded);
                assert_eq!(m.next_open(1)[0].state, *state, "the node A* takes next");
                checked += 1;
            }
            m.fold(r);
        }
        assert!(checked > 5);
        // The path in the tree is a solution: from the start to the goal,
        // one move a link, as long as the solution.
        let path = m.solution_nodes();
        let states: Vec<&StateKey> = path.iter().map(|&i| &m.tree[i].node.state).collect();
        assert_eq!(*states[0], board_key(board));
        assert_eq!(**states.last().unwrap(), board_key("1 2 3 4 5 6 7 8 0"));
        assert_eq!(path.len() as u32 - 1, m.goal.unwrap());
        assert!(states.windows(2).all(|w| adjacent(w[0], w[1])));
    }

    /// Every best-first search of the registry (A*, weighted A* at several
    /// weights, greedy best-first) orders its open list by the key its kind
    /// names: every node it expands is the first the model shows before
    /// it, and the path in the tree ends at the goal.
    #[test]
    fn every_best_first_expansion_is_first_in_the_open_list() {
        use crate::engine::strategy::{ParamKey, STRATEGIES, SearchKind, Tuning};
        let mut checked = 0;
        let mut searches = Vec::new();
        for s in STRATEGIES {
            if !matches!(s.search_kind(), Some(SearchKind::BestFirst(_))) {
                continue;
            }
            if s.params().iter().any(|p| p.key == ParamKey::Weight) {
                for w in [1.2, 2.0, 5.0] {
                    let weight = Some(w);
                    searches.push(s.tuned(&Tuning {
                        weight,
                        ..Tuning::default()
                    }));
                }
            } else {
                searches.push(s.tuned(&Tuning::default()));
            }
        }
        assert!(searches.len() >= 5, "A*, three weights, greedy");
        for s in &searches {
            let key = s.search_kind().and_then(|k| k.key()).unwrap();
            for board in ["1 8 5 4 2 3 7 6 0", "8 6 7 2 5 4 3 0 1"] {
                let puzzle = TilePuzzle::parse(board, None, None).unwrap();
                let log = Arc::new(Mutex::new(Vec::new()));
                let sink = log.clone();
                let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
                    sink.lock().unwrap().push(e.clone())
                }));
                let o = solve_tiles(&**s, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
                let mut m = Model::new(Visit::BestFirst, board_key(board)).keyed(key);
                for r in log.lock().unwrap().iter() {
                    if let Event::Expand { state, .. } = r
                        && m.expanded > 0
                    {
                        let next = &m.next_open(1)[0].state;
                        assert_eq!(next, state, "{key:?}, expansion {}", m.expanded);
                        checked += 1;
                    }
                    m.fold(r);
                }
                let path = m.solution_nodes();
                let last = &m.tree[*path.last().unwrap()].node.state;
                assert_eq!(*last, board_key("1 2 3 4 5 6 7 8 0"), "{key:?}");
                assert_eq!(path.len(), o.path.len() + 1, "{key:?}");
            }
        }
        assert!(checked > 100);
    }

    #[test]
    fn idastar_bounds_start_at_h_of_the_start_and_rise_by_two_to_the_optimum() {
        for board in [
            "4 1 3 7 2 6 0 5 8",
            "1 2 3 4 5 6 0 7 8",
            "8 1 3 4 0 2 7 6 5",
        ] {
            let start = Board::parse(board, None).unwrap();
            let records = events("idastar", board, None);
            let m = fold_all("idastar", board, &records);
            let optimum = crate::app::tests::optimum(&start);
            assert!(states_by_distance(&start, 40).len() > optimum as usize);
            let bounds: Vec<u32> = m.iterations.iter().map(|i| i.bound).collect();
            let expected: Vec<u32> = (manhattan(&start)..=optimum).step_by(2).collect();
            assert_eq!(bounds, expected, "{board}");
            assert_eq!(m.goal, Some(optimum));
            let total: u64 = m.iterations.iter().map(|i| i.expanded).sum();
            assert_eq!(total, m.expanded);
            // The last iteration's tree holds the path to the goal.
            let path = m.solution_nodes();
            assert_eq!(path.len() as u32, optimum + 1, "{board}");
            assert_eq!(m.tree[path[0]].node.state, board_key(board));
            let states: Vec<&StateKey> = path.iter().map(|&i| &m.tree[i].node.state).collect();
            assert!(states.windows(2).all(|w| adjacent(w[0], w[1])));
        }
    }

    #[test]
    fn tree_links_join_each_expansion_to_a_neighbour_one_move_nearer_the_start() {
        for strategy in ["bfs", "astar", "idastar", "ids"] {
            let board = "1 2 3 0 4 6 7 5 8";
            let m = fold_all(strategy, board, &events(strategy, board, None));
            assert_eq!(m.tree[0].node.state, board_key(board));
            assert_eq!(m.tree[0].parent(), None);
            for (i, t) in m.tree.iter().enumerate().skip(1) {
                let p = &m.tree[t.parent().expect("linked")];
                assert!(t.parent().unwrap() < i, "parents come first");
                assert_eq!(p.node.g + 1, t.node.g, "{strategy}");
                assert!(adjacent(&p.node.state, &t.node.state), "{strategy}");
            }
            assert_eq!(m.solution_nodes().len(), 4, "{strategy}: 3 moves");
        }
        // Cut off part way through a long run, every open node hangs under
        // a neighbour one move nearer the start, and so does every tree
        // node (BFS keeps each node's parent in its queue, A* in a map).
        for strategy in ["bfs", "astar"] {
            let m = fold_all(strategy, FAR, &events(strategy, FAR, Some(3_000)));
            let frontier = m.frontier();
            assert!(frontier.len() > 100, "{strategy}: {}", frontier.len());
            for w in &frontier {
                let p = &m.tree[w.parent.expect("open nodes are linked")];
                assert_eq!(p.node.g + 1, w.g, "{strategy}");
                assert!(adjacent(&p.node.state, w.state), "{strategy}");
            }
            for t in m.tree.iter().skip(1) {
                let p = &m.tree[t.parent().expect("linked")];
                assert_eq!(p.node.g + 1, t.node.g, "{strategy}");
                assert!(adjacent(&p.node.state, &t.node.state), "{strategy}");
            }
        }
    }

    /// Each tree node's subtree size is its own node and, recursively, its
    /// children's: counted down the children lists here, on runs of BFS,
    /// A* and IDA* (whose tree is the last iteration's) cut off part way,
    /// so that subtrees are of every shape.
    #[test]
    fn subtree_sizes_count_every_node_below() {
        fn below(m: &Model, i: usize) -> usize {
            1 + m.tree[i]
                .children(&m.tree)
                .map(|c| below(m, c))
                .sum::<usize>()
        }
        for strategy in ["bfs", "astar", "idastar"] {
            let m = fold_all(strategy, FAR, &events(strategy, FAR, Some(2_000)));
            assert!(m.tree.len() > 50, "{strategy}: {} nodes", m.tree.len());
            let sizes = m.subtree_sizes();
            assert_eq!(sizes.len(), m.tree.len());
            for (i, &size) in sizes.iter().enumerate() {
                assert_eq!(size, below(&m, i), "{strategy}: tree node {i}");
            }
            let roots: usize = (0..m.tree.len())
                .filter(|&i| m.tree[i].parent().is_none())
                .map(|i| sizes[i])
                .sum();
            assert_eq!(roots, m.tree.len(), "{strategy}: every node under a root");
        }
    }

    /// The neighbours of a tile state in words.
    fn neighbour_texts(state: &StateKey) -> Vec<String> {
        let b = Board::parse(&board_text(state), None).unwrap();
        Dir::ALL
            .iter()
            .filter_map(|&d| {
                let mut c = b.clone();
                c.apply(d).map(|_| c.to_text())
            })
            .collect()
    }

    #[test]
    fn the_annealing_walk_moves_one_tile_at_a_time_with_the_metropolis_chance() {
        let records = events("annealing", FAR, Some(3_000));
        let mut m = Model::new(Visit::Local, board_key(FAR));
        let mut accepted = 0;
        let mut at = board_key(FAR);
        for r in &records {
            m.fold(r);
            if let Event::Propose(p) = r {
                let Proposed {
                    energy,
                    proposed,
                    temperature,
                    probability,
                    accepted: taken,
                    state,
                    ..
                } = &**p;
                // Each proposal is a neighbour of where the walk is.
                assert!(
                    neighbour_texts(&at).contains(&board_text(state)),
                    "{at:?} → {state:?}"
                );
                let t = temperature.expect("annealing has a temperature");
                let delta = proposed - energy;
                let chance = if delta <= 0.0 {
                    1.0
                } else {
                    (-delta / t).exp()
                };
                assert!((probability.unwrap() - chance).abs() < 1e-9);
                if *taken {
                    accepted += 1;
                    at = state.clone();
                }
                assert_eq!(m.walk_at, at, "the board shows the raw walk");
            }
        }
        assert!(accepted > 100, "{accepted} moves walked");
        assert_eq!(m.walk_len, accepted);
        assert_eq!(m.proposals.len(), PROPOSALS_KEPT);
        assert!(m.temperature.is_some());
    }

    #[test]
    fn greedy_stops_where_every_neighbour_is_no_better() {
        let records = events("greedy", FAR, None);
        let m = fold_all("greedy", FAR, &records);
        let (energy, neighbours) = m
            .local_minimum
            .clone()
            .expect("greedy gets stuck on this one");
        let mut around: Vec<String> = neighbour_texts(&m.walk_at);
        let mut shown: Vec<String> = neighbours.iter().map(|n| board_text(&n.state)).collect();
        around.sort();
        shown.sort();
        assert_eq!(shown, around, "every neighbour of the minimum, once");
        assert!(
            neighbours
                .iter()
                .all(|n| n.proposed >= energy && !n.accepted)
        );
        assert!(neighbours.iter().all(|n| n.energy == energy));
    }

    #[test]
    fn the_tabu_list_holds_the_states_walked_to_within_the_tenure() {
        let records = events("tabu", FAR, Some(2_000));
        let mut m = Model::new(Visit::Local, board_key(FAR));
        let mut longest = 0;
        for r in &records {
            m.fold(r);
            if let Event::TabuAdd { len, state } = r {
                assert_eq!(*state, m.walk_at, "the state just walked to");
                assert_eq!(m.tabu.len(), *len, "the list's length as the search has it");
                longest = longest.max(*len);
            }
        }
        let tenure = crate::engine::search::TabuParams::default().tenure;
        assert!(longest > 5);
        // A state joins before the oldest leaves.
        assert!(longest <= tenure + 1, "{longest} > {tenure} + 1");
    }
}
