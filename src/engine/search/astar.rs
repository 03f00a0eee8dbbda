//! A*: the LC (least-cost) branch-and-bound of the articles. Optimal with an
//! admissible heuristic; nodes are reopened when a shorter path to them turns
//! up, so an inconsistent heuristic costs time but never optimality.

use super::{SearchSpace, backtrack, growth_bytes, poll_stored};
use crate::control::{Control, Meter, Sizes, Stop};
use crate::hash::StateMap;
use crate::observe::{Event, Fate, Watch};
use crate::outcome::Outcome;

struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    mv: Option<M>,
    closed: bool,
}

/// A bucket queue keyed by f = g + h (small integers). Within a bucket the
/// newest node comes first, which prefers deeper nodes among equal f and so
/// reaches the goal sooner.
struct Open {
    buckets: Vec<Vec<u32>>,
    min_f: usize,
    len: usize,
}

impl Open {
    fn push(&mut self, f: u32, node: u32) {
        let f = f as usize;
        if f >= self.buckets.len() {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push(node);
        self.min_f = self.min_f.min(f);
        self.len += 1;
    }
    fn pop(&mut self) -> Option<(u32, u32)> {
        while self.min_f < self.buckets.len() {
            if let Some(n) = self.buckets[self.min_f].pop() {
                self.len -= 1;
                return Some((self.min_f as u32, n));
            }
            self.min_f += 1;
        }
        None
    }
    fn bytes(&self) -> usize {
        self.buckets.iter().map(|b| b.capacity() * 4).sum::<usize>() + self.buckets.len() * 24
    }
}

/// A* from `start` with `heuristic` (which should be admissible for the
/// result to be optimal).
///
/// ```
/// use huarong_engine::search::{SearchSpace, astar};
/// use huarong_engine::Control;
/// /// Walk on the integers from 0 to 9 by ±1.
/// struct Line;
/// impl SearchSpace for Line {
///     type State = i32;
///     type Move = i32;
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
///         out.push((1, s + 1));
///         out.push((-1, s - 1));
///     }
///     fn is_goal(&self, s: &i32) -> bool { *s == 9 }
/// }
/// let o = astar(&Line, 0, |s: &i32| (9 - s).unsigned_abs(), &Control::default());
/// assert_eq!(o.path, vec![1; 9]);
/// ```
pub fn astar<S: SearchSpace>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    ctl: &Control,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let (end, sizes) = super::with_watch!(ctl, watch => {
        astar_metered(space, start, heuristic, &mut meter, watch)
    });
    let mut stats = meter.finish(sizes);
    match end {
        AStarEnd::Found { path, bound } => {
            stats.bound = Some(bound);
            Outcome::solved(path, stats)
        }
        AStarEnd::Stopped(stop) => Outcome::stopped(stop, stats),
        AStarEnd::Exhausted { states } => Outcome::exhausted(states, stats),
    }
}

/// How an [`astar_metered`] run ended.
pub(crate) enum AStarEnd<M> {
    /// A shortest path (for an admissible heuristic), of cost `bound`.
    Found { path: Vec<M>, bound: u32 },
    /// The control stopped the search.
    Stopped(Stop),
    /// Every reachable state was searched; none is the goal.
    Exhausted { states: usize },
}

/// A* counting into a caller's `meter` (so that several searches can share
/// one control, as the row-by-row strategy's do); returns how it ended and
/// the sizes at the end. Events go to `watch`.
pub(crate) fn astar_metered<S: SearchSpace, W: Watch>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    meter: &mut Meter<'_>,
    watch: &W,
) -> (AStarEnd<S::Move>, Sizes) {
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
    let mut open = Open {
        buckets: Vec::new(),
        min_f: usize::MAX,
        len: 0,
    };
    open.push(h0, 0);

    let node_bytes = std::mem::size_of::<Node<S::State, S::Move>>();
    let index_bytes = std::mem::size_of::<(S::State, u32)>() + 1;
    let sizes = |nodes: &Vec<Node<S::State, S::Move>>,
                 index: &StateMap<S::State, u32>,
                 open: &Open,
                 f: u32| Sizes {
        frontier: open.len as u64,
        stored: nodes.len() as u64,
        bytes: (nodes.capacity() * node_bytes + index.capacity() * index_bytes + open.bytes())
            as u64,
        growth: growth_bytes(nodes.len(), nodes.capacity(), node_bytes, 16_384)
            + growth_bytes(index.len(), index.capacity(), index_bytes, 16_384),
        bound: Some(f),
    };

    let mut buf = Vec::with_capacity(8);
    while let Some((f, i)) = open.pop() {
        let node = &nodes[i as usize];
        if node.closed || node.g + node.h != f {
            continue; // stale entry: the node was reached again more cheaply
        }
        if space.is_goal(&node.state) {
            if W::ON {
                watch.event(&Event::Goal { g: node.g });
            }
            let path = backtrack(i, |j| {
                let n = &nodes[j as usize];
                n.mv.map(|m| (n.parent, m))
            });
            let end = AStarEnd::Found { path, bound: f };
            return (end, sizes(&nodes, &index, &open, f));
        }
        if meter.expand()
            && let Err(stop) = poll_stored(meter, nodes.len(), || sizes(&nodes, &index, &open, f))
        {
            return (AStarEnd::Stopped(stop), sizes(&nodes, &index, &open, f));
        }
        let (state, g) = (node.state, node.g);
        if W::ON {
            watch.event(&Event::Expand {
                g,
                h: node.h,
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
                    let better = g2 < n.g;
                    if better {
                        n.g = g2;
                        n.parent = i;
                        n.mv = Some(mv);
                        n.closed = false;
                        open.push(g2 + n.h, j);
                    }
                    if W::ON {
                        watch.event(&Event::Generate {
                            g: g2,
                            h: n.h,
                            fate: if better {
                                Fate::Reopened
                            } else {
                                Fate::Duplicate
                            },
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
                    open.push(g2 + h, j);
                }
            }
        }
    }
    let end = AStarEnd::Exhausted {
        states: nodes.len(),
    };
    (end, sizes(&nodes, &index, &open, 0))
}
