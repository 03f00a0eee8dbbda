//! Best-first search: the one core under A* and weighted A*. Both take the
//! open node with the least key next and reopen a node when a cheaper path
//! to it turns up; they differ only by the key ([`Priority`]): A*'s is
//! f = g + h, weighted A*'s g + w·h (kept exact as whole numbers).
//!
//! The open list is a bucket queue while keys are small integers (A*'s f;
//! weighted A*'s key divided by the common factor of its two multipliers,
//! a few thousand buckets on a 15-puzzle even at w = 1.001), and a binary
//! heap from the first key past [`MAX_BUCKETS`] on. Both take, among equal
//! keys, the node pushed last (the deepest, usually), so which one holds
//! the open list never changes what the search does. (Measured on 4×4
//! starts and Klotski: the buckets took 13–18 % fewer instructions than
//! the heap at every weight from 1.001 to 3, and 35–45 % less time at
//! w = 1.001, where a move's g spans a thousand buckets.)
//!
//! Watched, it reports the [`Event`]s of every exact search: each
//! expansion, each child generated with its [`Fate`], and the goal.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{SearchSpace, backtrack, growth_bytes, poll_stored};
use crate::control::{Meter, Sizes, Stop};
use crate::hash::StateMap;
use crate::observe::{Event, Fate, Watch};

/// How a best-first search orders its open nodes.
pub(crate) trait Priority: Copy {
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

/// The open list: least key first; among equal keys the node pushed last.
enum Open {
    /// One stack per key.
    Buckets {
        buckets: Vec<Vec<u32>>,
        /// No bucket below this holds a node.
        min: usize,
        len: usize,
    },
    /// Keys with the push's sequence number, so that equal keys come out
    /// newest first as from a bucket.
    Heap {
        heap: BinaryHeap<(Reverse<u64>, u64, u32)>,
        pushes: u64,
    },
}

impl Open {
    fn new() -> Self {
        Open::Buckets {
            buckets: Vec::new(),
            min: usize::MAX,
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, key: u64, node: u32) {
        match self {
            Open::Buckets { buckets, min, len } if key < MAX_BUCKETS => {
                let k = key as usize;
                if k >= buckets.len() {
                    buckets.resize_with(k + 1, Vec::new);
                }
                buckets[k].push(node);
                *min = (*min).min(k);
                *len += 1;
            }
            Open::Buckets { .. } => {
                self.into_heap();
                self.push(key, node);
            }
            Open::Heap { heap, pushes } => {
                *pushes += 1;
                heap.push((Reverse(key), *pushes, node));
            }
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<(u64, u32)> {
        match self {
            Open::Buckets { buckets, min, len } => {
                while *min < buckets.len() {
                    if let Some(n) = buckets[*min].pop() {
                        *len -= 1;
                        return Some((*min as u64, n));
                    }
                    *min += 1;
                }
                None
            }
            Open::Heap { heap, .. } => heap.pop().map(|(Reverse(key), _, n)| (key, n)),
        }
    }

    /// The buckets' nodes moved to a heap, in the same order.
    fn into_heap(&mut self) {
        let Open::Buckets { buckets, .. } = self else {
            return;
        };
        let mut heap = BinaryHeap::new();
        let mut pushes = 0;
        for (key, bucket) in buckets.iter().enumerate() {
            for &node in bucket {
                pushes += 1;
                heap.push((Reverse(key as u64), pushes, node));
            }
        }
        *self = Open::Heap { heap, pushes };
    }

    fn len(&self) -> usize {
        match self {
            Open::Buckets { len, .. } => *len,
            Open::Heap { heap, .. } => heap.len(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Open::Buckets { buckets, .. } => {
                buckets.iter().map(|b| b.capacity() * 4).sum::<usize>() + buckets.len() * 24
            }
            Open::Heap { heap, .. } => heap.capacity() * HEAP_ENTRY,
        }
    }

    fn growth(&self) -> u64 {
        match self {
            // Buckets grow one small stack at a time.
            Open::Buckets { .. } => 0,
            Open::Heap { heap, .. } => {
                growth_bytes(heap.len(), heap.capacity(), HEAP_ENTRY, 65_536)
            }
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
    let mut open = Open::new();
    open.push(priority.key(0, h0), 0);

    let node_bytes = std::mem::size_of::<Node<S::State, S::Move>>();
    let index_bytes = std::mem::size_of::<(S::State, u32)>() + 1;
    let sizes = |nodes: &Vec<Node<S::State, S::Move>>,
                 index: &StateMap<S::State, u32>,
                 open: &Open,
                 bound: u32| Sizes {
        frontier: open.len() as u64,
        stored: nodes.len() as u64,
        bytes: (nodes.capacity() * node_bytes + index.capacity() * index_bytes + open.bytes())
            as u64,
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
        if W::ON {
            watch.event(&Event::Expand {
                g,
                h,
                state: &|| space.state_text(&state),
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
                    if W::ON {
                        watch.event(&Event::Generate {
                            g: g2,
                            h: n.h,
                            fate,
                            state: &|| space.state_text(&next),
                        });
                    }
                }
                None => {
                    let h = heuristic(&next);
                    if W::ON {
                        watch.event(&Event::Generate {
                            g: g2,
                            h,
                            fate: Fate::New,
                            state: &|| space.state_text(&next),
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

    /// Both forms of the open list give the same order: least key, then
    /// the last pushed; and a bucket queue that meets a large key moves to
    /// a heap without changing it.
    #[test]
    fn buckets_and_heap_take_nodes_in_the_same_order() {
        let pushes: Vec<(u64, u32)> = (0..200u32)
            .map(|n| (u64::from((n * 7919) % 13), n))
            .collect();
        let drain = |mut open: Open, big: Option<(usize, u64)>| {
            let mut out = Vec::new();
            for (at, &(key, n)) in pushes.iter().enumerate() {
                if at % 5 == 0
                    && let Some(x) = open.pop()
                {
                    out.push(x);
                }
                open.push(key, n);
                if let Some((when, key)) = big
                    && when == at
                {
                    open.push(key, 999);
                }
            }
            while let Some(x) = open.pop() {
                out.push(x);
            }
            out
        };
        let new_heap = || {
            let mut open = Open::new();
            open.into_heap();
            open
        };
        let buckets = drain(Open::new(), None);
        let heap = drain(new_heap(), None);
        assert_eq!(buckets, heap);
        assert_eq!(buckets.len(), pushes.len());
        // Keys come out least first between the pops' pushes, and equal
        // keys newest first.
        let tail = &buckets[buckets.len() - 50..];
        assert!(
            tail.windows(2)
                .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 > w[1].1))
        );
        // A key past the buckets' table halfway through.
        let moved = drain(Open::new(), Some((100, MAX_BUCKETS + 5)));
        let stayed = drain(new_heap(), Some((100, MAX_BUCKETS + 5)));
        assert_eq!(moved, stayed);
        assert!(matches!(moved.last(), Some(&(k, 999)) if k == MAX_BUCKETS + 5));
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
