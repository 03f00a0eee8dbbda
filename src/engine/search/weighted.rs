//! Weighted A*: A* ordered by f = g + w·h instead of g + h. With an
//! admissible h and nodes reopened when a cheaper path to them turns up,
//! the path it returns is at most w times the shortest (Pohl's bound: some
//! node of a shortest path is always open with its least g, and its
//! g + w·h ≤ w·(g + h) ≤ w·C*; the goal is taken only when its f is the
//! least open). The larger w, the greedier and smaller the search.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{SearchSpace, backtrack, growth_bytes, poll_stored};
use crate::control::{Control, Meter, Sizes, Stop};
use crate::hash::StateMap;
use crate::outcome::Outcome;

/// The weight's resolution: w is used as ⌊w·1000⌋ / 1000 (never above the
/// w asked for, so the bound holds), and f is an exact integer.
pub(crate) const SCALE: u64 = 1000;

/// ⌊w·[`SCALE`]⌋, at least [`SCALE`]: weights below 1 (or not finite) are
/// taken as 1.
pub(crate) fn scaled_weight(weight: f64) -> u64 {
    if weight.is_finite() && weight >= 1.0 {
        ((weight * SCALE as f64).floor() as u64).max(SCALE)
    } else {
        SCALE
    }
}

struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    mv: Option<M>,
    closed: bool,
}

/// Weighted A* from `start` with `heuristic` and weight `weight` (≥ 1):
/// a path at most `weight` times the shortest when the heuristic is
/// admissible; with weight 1 it is A* (shortest paths). `stats.bound` is
/// the solution's cost. Weights below 1 (or not finite) are taken as 1.
///
/// ```
/// use huarong_engine::search::{SearchSpace, weighted_astar};
/// use huarong_engine::Control;
/// /// Walk on the integers from 0 to 9 by +1, +2 or -1.
/// struct Line;
/// impl SearchSpace for Line {
///     type State = i32;
///     type Move = i32;
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
///         for d in [1, 2, -1] { out.push((d, s + d)); }
///     }
///     fn is_goal(&self, s: &i32) -> bool { *s == 9 }
/// }
/// let h = |s: &i32| ((9 - s).max(0) as u32).div_ceil(2);
/// let o = weighted_astar(&Line, 0, h, 1.5, &Control::default());
/// assert!(o.path.len() as f64 <= 1.5 * 5.0);
/// assert_eq!(o.path.iter().sum::<i32>(), 9);
/// ```
pub fn weighted_astar<S: SearchSpace>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    weight: f64,
    ctl: &Control,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let (end, sizes) =
        weighted_astar_metered(space, start, heuristic, weight, u64::MAX, &mut meter);
    let mut stats = meter.finish(sizes);
    match end {
        WeightedEnd::Found { path, cost } => {
            stats.bound = Some(cost);
            Outcome::solved(path, stats)
        }
        WeightedEnd::Stopped(stop) => Outcome::stopped(stop, stats),
        WeightedEnd::OverBudget => unreachable!("no budget was set"),
        WeightedEnd::Exhausted { states } => Outcome::exhausted(states, stats),
    }
}

/// How a [`weighted_astar_metered`] run ended.
pub(crate) enum WeightedEnd<M> {
    /// A path at most w times the shortest, of `cost` moves.
    Found { path: Vec<M>, cost: u32 },
    /// The control stopped the search.
    Stopped(Stop),
    /// The caller's budget of expansions ran out first.
    OverBudget,
    /// Every reachable state was searched; none is the goal.
    Exhausted { states: usize },
}

/// Weighted A* counting into a caller's `meter` (so that several searches
/// can share one control), giving up after `budget` expansions; returns
/// how it ended and the sizes at the end.
pub(crate) fn weighted_astar_metered<S: SearchSpace>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    weight: f64,
    budget: u64,
    meter: &mut Meter<'_>,
) -> (WeightedEnd<S::Move>, Sizes) {
    let mut expansions = 0u64;
    let w = scaled_weight(weight);
    let key = |g: u32, h: u32| u64::from(g) * SCALE + w * u64::from(h);
    let h0 = heuristic(&start);
    let mut nodes: Vec<Node<S::State, S::Move>> = vec![Node {
        state: start,
        parent: u32::MAX,
        g: 0,
        h: h0,
        mv: None,
        closed: false,
    }];
    let mut index: StateMap<S::State, u32> = StateMap::default();
    index.insert(start, 0);
    // Least f first; among equal f the deepest (largest g), which reaches
    // the goal sooner.
    let mut open: BinaryHeap<(Reverse<u64>, u32, u32)> = BinaryHeap::new();
    open.push((Reverse(key(0, h0)), 0, 0));

    let node_bytes = std::mem::size_of::<Node<S::State, S::Move>>();
    let index_bytes = std::mem::size_of::<(S::State, u32)>() + 1;
    let open_bytes = std::mem::size_of::<(Reverse<u64>, u32, u32)>();
    let sizes = |nodes: &Vec<Node<S::State, S::Move>>,
                 index: &StateMap<S::State, u32>,
                 open: &BinaryHeap<(Reverse<u64>, u32, u32)>,
                 g: u32| Sizes {
        frontier: open.len() as u64,
        stored: nodes.len() as u64,
        bytes: (nodes.capacity() * node_bytes
            + index.capacity() * index_bytes
            + open.capacity() * open_bytes) as u64,
        growth: growth_bytes(nodes.len(), nodes.capacity(), node_bytes, 16_384)
            + growth_bytes(index.len(), index.capacity(), index_bytes, 16_384)
            + growth_bytes(open.len(), open.capacity(), open_bytes, 65_536),
        bound: Some(g),
    };

    let mut buf = Vec::with_capacity(8);
    while let Some((Reverse(f), g, i)) = open.pop() {
        let node = &nodes[i as usize];
        if node.closed || node.g != g {
            continue; // stale entry: the node was reached again more cheaply
        }
        debug_assert_eq!(f, key(node.g, node.h));
        if space.is_goal(&node.state) {
            let path = backtrack(i, |j| {
                let n = &nodes[j as usize];
                n.mv.map(|m| (n.parent, m))
            });
            let end = WeightedEnd::Found { path, cost: g };
            return (end, sizes(&nodes, &index, &open, g));
        }
        if expansions == budget {
            return (WeightedEnd::OverBudget, sizes(&nodes, &index, &open, g));
        }
        expansions += 1;
        if meter.expand()
            && let Err(stop) = poll_stored(meter, nodes.len(), || sizes(&nodes, &index, &open, g))
        {
            return (WeightedEnd::Stopped(stop), sizes(&nodes, &index, &open, g));
        }
        let state = node.state;
        nodes[i as usize].closed = true;
        buf.clear();
        space.successors(&state, &mut buf);
        meter.generated(buf.len() as u64);
        let g2 = g + 1;
        for &(mv, next) in &buf {
            match index.get(&next) {
                Some(&j) => {
                    let n = &mut nodes[j as usize];
                    if g2 < n.g {
                        n.g = g2;
                        n.parent = i;
                        n.mv = Some(mv);
                        n.closed = false;
                        open.push((Reverse(key(g2, n.h)), g2, j));
                    }
                }
                None => {
                    let h = heuristic(&next);
                    let j = nodes.len() as u32;
                    nodes.push(Node {
                        state: next,
                        parent: i,
                        g: g2,
                        h,
                        mv: Some(mv),
                        closed: false,
                    });
                    index.insert(next, j);
                    open.push((Reverse(key(g2, h)), g2, j));
                }
            }
        }
    }
    let end = WeightedEnd::Exhausted {
        states: nodes.len(),
    };
    (end, sizes(&nodes, &index, &open, 0))
}
