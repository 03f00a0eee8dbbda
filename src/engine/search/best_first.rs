//! Best-first search: the one core under A* and weighted A*. Both take the
//! open node with the least key next and reopen a node when a cheaper path
//! to it turns up; they differ only by the key ([`Priority`]): A*'s is
//! f = g + h, weighted A*'s g + w·h (kept exact as whole numbers).
//!
//! The open list suits the key ([`Priority::Open`]): A*'s f is a small
//! integer, so A* keeps its plain bucket queue ([`Buckets`]); weighted
//! A*'s key, divided by the common factor of its two multipliers, is a few
//! thousand buckets on a 15-puzzle even at w = 1.001, so it starts on
//! buckets too and moves to a binary heap only at a key past
//! [`MAX_BUCKETS`] ([`Adaptive`]). Every form takes, among equal keys, the
//! node pushed last (the deepest, usually), so the form never changes what
//! the search does. (Measured on 4×4 starts and Klotski: buckets took
//! 13–18 % fewer instructions than a heap at every weight from 1.001 to 3,
//! and 35–45 % less time at w = 1.001, where a move's g spans a thousand
//! buckets.)
//!
//! Watched, it reports the [`Event`]s of every exact search: each
//! expansion, each child generated with its [`Fate`], and the goal.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{SearchSpace, backtrack, growth_bytes, poll_stored};
use crate::control::{Control, Meter, Sizes, Stop};
use crate::hash::StateMap;
use crate::observe::{Event, Fate, Watch};
use crate::outcome::Outcome;

/// How a best-first search orders its open nodes.
pub(crate) trait Priority: Copy {
    /// The open list its keys suit.
    type Open: OpenList;
    /// The key of a node `g` moves from the start with estimate `h`: the
    /// least is expanded first.
    fn key(self, g: u32, h: u32) -> u64;
    /// The bound a progress report shows when a node is taken.
    fn shown(self, g: u32, h: u32) -> u32;
}

/// A*'s key, f = g + h.
#[derive(Clone, Copy)]
pub(crate) struct Sum;

impl Priority for Sum {
    type Open = Buckets;
    #[inline(always)]
    fn key(self, g: u32, h: u32) -> u64 {
        u64::from(g + h)
    }
    #[inline(always)]
    fn shown(self, g: u32, h: u32) -> u32 {
        g + h
    }
}

/// Weighted A*'s key, `g_mul`·g + `h_mul`·h: g·SCALE + w·h with their
/// common factor taken out (the same order, in fewer buckets).
#[derive(Clone, Copy)]
pub(crate) struct Scaled {
    g_mul: u64,
    h_mul: u64,
}

impl Scaled {
    /// The key g·`scale` + `w`·h (both whole; `w` ≥ `scale`), in its
    /// lowest terms. Weights beyond 2³¹·`scale` are taken as that (the
    /// search is greedy long before), so that no key overflows.
    pub(crate) fn new(scale: u64, w: u64) -> Self {
        let w = w.min(scale << 31);
        let d = gcd(scale, w);
        Self {
            g_mul: scale / d,
            h_mul: w / d,
        }
    }
}

impl Priority for Scaled {
    type Open = Adaptive;
    #[inline(always)]
    fn key(self, g: u32, h: u32) -> u64 {
        self.g_mul * u64::from(g) + self.h_mul * u64::from(h)
    }
    #[inline(always)]
    fn shown(self, g: u32, _: u32) -> u32 {
        g
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Keys from this many up go to a heap: the buckets' table would be large
/// (weights of hundreds, or estimates in the thousands).
const MAX_BUCKETS: u64 = 1 << 18;

/// An open list: least key first; among equal keys the node pushed last.
pub(crate) trait OpenList {
    /// An empty list.
    fn new() -> Self;
    /// Add `node` with `key`.
    fn push(&mut self, key: u64, node: u32);
    /// Take the node with the least key (the last pushed among equals).
    fn pop(&mut self) -> Option<(u64, u32)>;
    /// Entries held (stale ones included).
    fn len(&self) -> usize;
    /// Bytes its entries take (not its room to grow).
    fn bytes(&self) -> usize;
    /// Bytes its next growth may add.
    fn growth(&self) -> u64;
}

/// One stack per key: A*'s f is a small integer.
pub(crate) struct Buckets {
    buckets: Vec<Vec<u32>>,
    /// No bucket below this holds a node.
    min: usize,
    len: usize,
}

impl OpenList for Buckets {
    fn new() -> Self {
        Buckets {
            buckets: Vec::new(),
            min: usize::MAX,
            len: 0,
        }
    }
    #[inline(always)]
    fn push(&mut self, key: u64, node: u32) {
        let k = key as usize;
        if k >= self.buckets.len() {
            self.buckets.resize_with(k + 1, Vec::new);
        }
        self.buckets[k].push(node);
        self.min = self.min.min(k);
        self.len += 1;
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<(u64, u32)> {
        while self.min < self.buckets.len() {
            if let Some(n) = self.buckets[self.min].pop() {
                self.len -= 1;
                return Some((self.min as u64, n));
            }
            self.min += 1;
        }
        None
    }
    fn len(&self) -> usize {
        self.len
    }
    fn bytes(&self) -> usize {
        self.len * 4 + self.buckets.len() * 24
    }
    fn growth(&self) -> u64 {
        0 // one small stack at a time
    }
}

/// Keys with the push's sequence number, so that equal keys come out
/// newest first, as from a bucket.
pub(crate) struct Heap {
    heap: BinaryHeap<(Reverse<u64>, u64, u32)>,
    pushes: u64,
}

impl Heap {
    /// The nodes of `b`, in the order `b` would give them.
    fn of(b: &Buckets) -> Self {
        let mut h = Heap::new();
        for (key, bucket) in b.buckets.iter().enumerate() {
            for &node in bucket {
                h.push(key as u64, node);
            }
        }
        h
    }
}

impl OpenList for Heap {
    fn new() -> Self {
        Heap {
            heap: BinaryHeap::new(),
            pushes: 0,
        }
    }
    #[inline(always)]
    fn push(&mut self, key: u64, node: u32) {
        self.pushes += 1;
        self.heap.push((Reverse(key), self.pushes, node));
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<(u64, u32)> {
        self.heap.pop().map(|(Reverse(key), _, n)| (key, n))
    }
    fn len(&self) -> usize {
        self.heap.len()
    }
    fn bytes(&self) -> usize {
        self.heap.len() * HEAP_ENTRY
    }
    fn growth(&self) -> u64 {
        growth_bytes(self.heap.len(), self.heap.capacity(), HEAP_ENTRY, 65_536)
    }
}

/// Buckets until a key reaches [`MAX_BUCKETS`], then a heap (weighted
/// A*, whose keys grow with w).
pub(crate) enum Adaptive {
    /// While every key is below [`MAX_BUCKETS`].
    Buckets(Buckets),
    /// From the first key past it on.
    Heap(Heap),
}

impl OpenList for Adaptive {
    fn new() -> Self {
        Adaptive::Buckets(Buckets::new())
    }
    #[inline(always)]
    fn push(&mut self, key: u64, node: u32) {
        match self {
            Adaptive::Buckets(b) if key < MAX_BUCKETS => b.push(key, node),
            Adaptive::Buckets(b) => {
                let mut h = Heap::of(b);
                h.push(key, node);
                *self = Adaptive::Heap(h);
            }
            Adaptive::Heap(h) => h.push(key, node),
        }
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<(u64, u32)> {
        match self {
            Adaptive::Buckets(b) => b.pop(),
            Adaptive::Heap(h) => h.pop(),
        }
    }
    fn len(&self) -> usize {
        match self {
            Adaptive::Buckets(b) => b.len(),
            Adaptive::Heap(h) => h.len(),
        }
    }
    fn bytes(&self) -> usize {
        match self {
            Adaptive::Buckets(b) => b.bytes(),
            Adaptive::Heap(h) => h.bytes(),
        }
    }
    fn growth(&self) -> u64 {
        match self {
            Adaptive::Buckets(b) => b.growth(),
            Adaptive::Heap(h) => h.growth(),
        }
    }
}

const HEAP_ENTRY: usize = std::mem::size_of::<(Reverse<u64>, u64, u32)>();

struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    mv: Option<M>,
    closed: bool,
}

/// How a [`best_first`] run ended.
pub(crate) enum End<M> {
    /// The goal was taken from the open list, `g` moves from the start,
    /// with estimate `h`.
    Found { path: Vec<M>, g: u32, h: u32 },
    /// The control stopped the search.
    Stopped(Stop),
    /// The caller's budget of expansions ran out first.
    OverBudget,
    /// Every reachable state was searched; none is the goal.
    Exhausted { states: usize },
}

/// Best-first search from `start` by `priority` under `ctl`, as an
/// [`Outcome`]: the whole of A*, weighted A* and greedy best-first search,
/// which differ by their [`Priority`] alone. A solved outcome's
/// `stats.bound` is the priority's [`shown`](Priority::shown) value of the
/// goal (A*: f, the optimum; the others: the path's cost).
pub(crate) fn best_first_search<S: SearchSpace, P: Priority>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    priority: P,
    ctl: &Control,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let (end, sizes) = super::with_watch!(ctl, watch => {
        best_first(space, start, heuristic, priority, u64::MAX, &mut meter, watch)
    });
    let mut stats = meter.finish(sizes);
    match end {
        End::Found { path, g, h } => {
            stats.bound = Some(priority.shown(g, h));
            Outcome::solved(path, stats)
        }
        End::Stopped(stop) => Outcome::stopped(stop, stats),
        End::OverBudget => unreachable!("no budget was set"),
        End::Exhausted { states } => Outcome::exhausted(states, stats),
    }
}

/// Best-first search from `start` by `priority`, counting into `meter`
/// and giving up after `budget` expansions; returns how it ended and the
/// sizes at the end. Events go to `watch`.
///
/// A child reached more cheaply than before is put back on the open list:
/// [`Fate::Reopened`] if it had been expanded, [`Fate::Improved`] if it
/// was still waiting there.
pub(crate) fn best_first<S: SearchSpace, P: Priority, W: Watch>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    priority: P,
    budget: u64,
    meter: &mut Meter<'_>,
    watch: &W,
) -> (End<S::Move>, Sizes) {
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
    let mut open = P::Open::new();
    open.push(priority.key(0, h0), 0);

    let node_bytes = std::mem::size_of::<Node<S::State, S::Move>>();
    let index_bytes = std::mem::size_of::<(S::State, u32)>() + 1;
    let sizes = |nodes: &Vec<Node<S::State, S::Move>>,
                 index: &StateMap<S::State, u32>,
                 open: &P::Open,
                 bound: u32| Sizes {
        frontier: open.len() as u64,
        stored: nodes.len() as u64,
        // What the nodes held take, not the tables' room to grow.
        bytes: (nodes.len() * node_bytes + index.len() * index_bytes + open.bytes()) as u64,
        growth: growth_bytes(nodes.len(), nodes.capacity(), node_bytes, 16_384)
            + growth_bytes(index.len(), index.capacity(), index_bytes, 16_384)
            + open.growth(),
        bound: Some(bound),
    };

    let mut expansions = 0u64;
    let mut buf = Vec::with_capacity(8);
    while let Some((key, i)) = open.pop() {
        let node = &nodes[i as usize];
        if node.closed || priority.key(node.g, node.h) != key {
            continue; // stale entry: the node was reached again more cheaply
        }
        let (state, g, h) = (node.state, node.g, node.h);
        let shown = priority.shown(g, h);
        if space.is_goal(&state) {
            if W::ON {
                watch.event(&Event::Goal { g });
            }
            let path = backtrack(i, |j| {
                let n = &nodes[j as usize];
                n.mv.map(|m| (n.parent, m))
            });
            return (
                End::Found { path, g, h },
                sizes(&nodes, &index, &open, shown),
            );
        }
        if expansions == budget {
            return (End::OverBudget, sizes(&nodes, &index, &open, shown));
        }
        expansions += 1;
        if meter.expand()
            && let Err(stop) =
                poll_stored(meter, nodes.len(), || sizes(&nodes, &index, &open, shown))
        {
            return (End::Stopped(stop), sizes(&nodes, &index, &open, shown));
        }
        if watch.wants_nodes() {
            watch.event(&Event::Expand {
                g,
                h,
                state: space.state_key(&state),
            });
        }
        nodes[i as usize].closed = true;
        buf.clear();
        space.successors(&state, &mut buf);
        meter.generated(buf.len() as u64);
        let g2 = g + 1;
        for &(mv, next) in &buf {
            match index.get(&next) {
                Some(&j) => {
                    let n = &mut nodes[j as usize];
                    let fate = if g2 >= n.g {
                        Fate::Duplicate
                    } else if n.closed {
                        Fate::Reopened
                    } else {
                        Fate::Improved
                    };
                    if fate != Fate::Duplicate {
                        n.g = g2;
                        n.parent = i;
                        n.mv = Some(mv);
                        n.closed = false;
                        open.push(priority.key(g2, n.h), j);
                    }
                    if watch.wants_nodes() {
                        watch.event(&Event::Generate {
                            g: g2,
                            h: n.h,
                            fate,
                            state: space.state_key(&next),
                        });
                    }
                }
                None => {
                    let h = heuristic(&next);
                    if watch.wants_nodes() {
                        watch.event(&Event::Generate {
                            g: g2,
                            h,
                            fate: Fate::New,
                            state: space.state_key(&next),
                        });
                    }
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
                    open.push(priority.key(g2, h), j);
                }
            }
        }
    }
    let end = End::Exhausted {
        states: nodes.len(),
    };
    (end, sizes(&nodes, &index, &open, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes of keys 0–12 with pops between them, and one key `big` at
    /// the hundredth push if given: what comes out, in order.
    fn drain<O: OpenList>(mut open: O, big: Option<u64>) -> Vec<(u64, u32)> {
        let mut out = Vec::new();
        for n in 0..200u32 {
            if n % 5 == 0
                && let Some(x) = open.pop()
            {
                out.push(x);
            }
            open.push(u64::from((n * 7919) % 13), n);
            if let Some(key) = big.filter(|_| n == 100) {
                open.push(key, 999);
            }
        }
        while let Some(x) = open.pop() {
            out.push(x);
        }
        out
    }

    /// Every form of the open list gives the same order: least key, then
    /// the last pushed; and the adaptive one moves to a heap at a large key
    /// without changing it.
    #[test]
    fn buckets_and_heap_take_nodes_in_the_same_order() {
        let buckets = drain(Buckets::new(), None);
        assert_eq!(buckets, drain(Heap::new(), None));
        assert_eq!(buckets, drain(Adaptive::new(), None));
        assert_eq!(buckets.len(), 200);
        // The pops after the last push: least key first, equal keys
        // newest first.
        let tail = &buckets[buckets.len() - 50..];
        assert!(
            tail.windows(2)
                .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 > w[1].1))
        );
        // A key past the buckets' table halfway through.
        let big = Some(MAX_BUCKETS + 5);
        let mut adaptive = Adaptive::new();
        adaptive.push(MAX_BUCKETS - 1, 7);
        assert!(matches!(adaptive, Adaptive::Buckets(_)));
        adaptive.push(MAX_BUCKETS, 8);
        assert!(matches!(adaptive, Adaptive::Heap(_)));
        let moved = drain(Adaptive::new(), big);
        assert_eq!(moved, drain(Heap::new(), big));
        assert_eq!(moved.last(), Some(&(MAX_BUCKETS + 5, 999)));
    }

    #[test]
    fn scaled_keys_keep_the_order_of_g_times_scale_plus_w_times_h() {
        for w in [1000, 1001, 1200, 1500, 1700, 2000, 100_000, u64::MAX] {
            let s = Scaled::new(1000, w);
            let w = w.min(1000 << 31);
            let keys: Vec<(u32, u32)> =
                (0..40).flat_map(|g| (0..40).map(move |h| (g, h))).collect();
            for &(g1, h1) in &keys {
                for &(g2, h2) in keys.iter().step_by(37) {
                    let exact =
                        |g: u32, h: u32| 1000 * u128::from(g) + u128::from(w) * u128::from(h);
                    assert_eq!(
                        s.key(g1, h1).cmp(&s.key(g2, h2)),
                        exact(g1, h1).cmp(&exact(g2, h2)),
                        "w {w}: ({g1}, {h1}) vs ({g2}, {h2})"
                    );
                }
            }
        }
        let s = Scaled::new(1000, 1200);
        assert_eq!((s.g_mul, s.h_mul), (5, 6));
    }
}
