//! Breadth-first search: the FIFO branch-and-bound of the articles. Complete
//! and optimal for unit move costs.

use std::ops::ControlFlow;

use super::reach::{BreadthFirst, End, Reached, breadth_first};
use super::{SearchSpace, backtrack, growth_bytes};
use crate::control::{Control, Meter, Sizes};
use crate::hash::StateSet;
use crate::observe::{Event, Fate, Watch};
use crate::outcome::Outcome;

struct Node<S, M> {
    state: S,
    parent: u32,
    mv: Option<M>,
}

/// Breadth-first search from `start`, on the [`reach`](super::reach) core.
/// The node arena doubles as the FIFO queue: nodes are appended in the
/// order they are generated and expanded in the same order. The goal test runs when a node is generated, which keeps
/// BFS optimal and saves a whole layer.
///
/// ```
/// use huarong_engine::search::{SearchSpace, bfs};
/// use huarong_engine::{Control, Status};
/// struct Ring;
/// impl SearchSpace for Ring {
///     type State = u8;
///     type Move = ();
///     fn successors(&self, s: &u8, out: &mut Vec<((), u8)>) { out.push(((), (s + 1) % 10)); }
///     fn is_goal(&self, s: &u8) -> bool { *s == 42 }
/// }
/// // The ring never reaches 42: BFS exhausts it and says so.
/// assert_eq!(bfs(&Ring, 0, &Control::default()).status, Status::Unsolvable);
/// ```
pub fn bfs<S: SearchSpace>(space: &S, start: S::State, ctl: &Control) -> Outcome<S::Move> {
    super::with_watch!(ctl, watch => bfs_watched(space, start, ctl, watch))
}

fn bfs_watched<S: SearchSpace, W: Watch>(
    space: &S,
    start: S::State,
    ctl: &Control,
    watch: &W,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let mut seen = StateSet::default();
    seen.insert(start);
    let mut arena = Arena {
        space,
        watch,
        nodes: vec![Node {
            state: start,
            parent: u32::MAX,
            mv: None,
        }],
        seen,
        buf: Vec::with_capacity(8),
    };
    if space.is_goal(&start) {
        if W::ON {
            watch.event(&Event::Goal { g: 0 });
        }
        let stats = meter.finish(arena.sizes(0, 0));
        return Outcome::solved(Vec::new(), stats);
    }
    let Reached { end, head, depth } = breadth_first(&mut arena, &mut meter);
    match end {
        End::Found(at) => {
            let nodes = &arena.nodes;
            let path = backtrack(at as u32, |j| {
                let n = &nodes[j as usize];
                n.mv.map(|m| (n.parent, m))
            });
            let mut stats = meter.finish(arena.sizes(head, depth + 1));
            stats.bound = Some(depth + 1);
            Outcome::solved(path, stats)
        }
        // Every state up to `depth` moves was found and none is the goal.
        End::Stopped(stop) => Outcome::stopped(stop, meter.finish(arena.sizes(head, depth + 1))),
        End::Exhausted => {
            let n = arena.nodes.len();
            Outcome::exhausted(n, meter.finish(arena.sizes(head, depth)))
        }
    }
}

/// BFS's instance of the core: the node arena is the FIFO queue, and the
/// goal test runs as nodes are found.
struct Arena<'a, S: SearchSpace, W> {
    space: &'a S,
    watch: &'a W,
    nodes: Vec<Node<S::State, S::Move>>,
    seen: StateSet<S::State>,
    buf: Vec<(S::Move, S::State)>,
}

impl<S: SearchSpace, W: Watch> BreadthFirst<Meter<'_>> for Arena<'_, S, W> {
    /// The goal's node.
    type Found = usize;

    #[inline(always)]
    fn queued(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    fn expand(&mut self, head: usize, depth: u32, meter: &mut Meter<'_>) -> ControlFlow<usize> {
        let (space, watch) = (self.space, self.watch);
        self.buf.clear();
        let expanded = self.nodes[head].state;
        if watch.wants_nodes() {
            watch.event(&Event::Expand {
                g: depth,
                h: 0,
                state: space.state_key(&expanded),
            });
        }
        space.successors(&expanded, &mut self.buf);
        // Counted as they are looked at: those after the goal never are.
        let mut looked_at = 0;
        for &(mv, state) in &self.buf {
            looked_at += 1;
            let new = self.seen.insert(state);
            if watch.wants_nodes() {
                watch.event(&Event::Generate {
                    g: depth + 1,
                    h: 0,
                    fate: if new { Fate::New } else { Fate::Duplicate },
                    state: space.state_key(&state),
                });
            }
            if new {
                self.nodes.push(Node {
                    state,
                    parent: head as u32,
                    mv: Some(mv),
                });
                if space.is_goal(&state) {
                    if W::ON {
                        watch.event(&Event::Goal { g: depth + 1 });
                    }
                    meter.generated(looked_at);
                    return ControlFlow::Break(self.nodes.len() - 1);
                }
            }
        }
        meter.generated(looked_at);
        ControlFlow::Continue(())
    }

    fn sizes(&self, head: usize, depth: u32) -> Sizes {
        let node_bytes = std::mem::size_of::<Node<S::State, S::Move>>();
        let seen_bytes = std::mem::size_of::<S::State>() + 1;
        let (nodes, seen) = (&self.nodes, &self.seen);
        Sizes {
            frontier: (nodes.len() - head) as u64,
            stored: nodes.len() as u64,
            // What the states held take (a node and an entry of the seen
            // set each), not the arrays' room to grow: `growth` is that.
            bytes: (nodes.len() * node_bytes + seen.len() * seen_bytes) as u64,
            growth: growth_bytes(nodes.len(), nodes.capacity(), node_bytes, 16_384)
                + growth_bytes(seen.len(), seen.capacity(), seen_bytes, 16_384),
            bound: Some(depth),
        }
    }
}
