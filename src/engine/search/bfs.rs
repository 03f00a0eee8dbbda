//! Breadth-first search: the FIFO branch-and-bound of the articles. Complete
//! and optimal for unit move costs.

use super::{SearchSpace, backtrack, growth_bytes, poll_stored};
use crate::control::{Control, Meter, Sizes};
use crate::hash::StateSet;
use crate::observe::{Event, Fate, Watch};
use crate::outcome::Outcome;

struct Node<S, M> {
    state: S,
    parent: u32,
    mv: Option<M>,
}

/// Breadth-first search from `start`. The node arena doubles as the FIFO
/// queue: nodes are appended in the order they are generated and expanded in
/// the same order. The goal test runs when a node is generated, which keeps
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
    let mut nodes: Vec<Node<S::State, S::Move>> = vec![Node {
        state: start,
        parent: u32::MAX,
        mv: None,
    }];
    let mut seen = StateSet::default();
    seen.insert(start);
    let node_bytes = std::mem::size_of::<Node<S::State, S::Move>>();
    let seen_bytes = std::mem::size_of::<S::State>() + 1;
    let sizes = |nodes: &Vec<Node<S::State, S::Move>>,
                 seen: &StateSet<S::State>,
                 head: usize,
                 depth: u32| Sizes {
        frontier: (nodes.len() - head) as u64,
        stored: nodes.len() as u64,
        bytes: (nodes.capacity() * node_bytes + seen.capacity() * seen_bytes) as u64,
        growth: growth_bytes(nodes.len(), nodes.capacity(), node_bytes, 16_384)
            + growth_bytes(seen.len(), seen.capacity(), seen_bytes, 16_384),
        bound: Some(depth),
    };
    let finish_path = |nodes: &Vec<Node<S::State, S::Move>>, i: usize| {
        backtrack(i as u32, |j| {
            let n = &nodes[j as usize];
            n.mv.map(|m| (n.parent, m))
        })
    };

    if space.is_goal(&start) {
        if W::ON {
            watch.event(&Event::Goal { g: 0 });
        }
        let stats = meter.finish(sizes(&nodes, &seen, 0, 0));
        return Outcome::solved(Vec::new(), stats);
    }
    let mut head = 0usize;
    let mut depth = 0u32;
    let mut level_end = 1usize;
    let mut buf = Vec::with_capacity(8);
    while head < nodes.len() {
        if head == level_end {
            depth += 1;
            level_end = nodes.len();
        }
        if meter.expand()
            && let Err(stop) = poll_stored(&mut meter, nodes.len(), || {
                sizes(&nodes, &seen, head, depth)
            })
        {
            let stats = meter.finish(sizes(&nodes, &seen, head, depth));
            return Outcome::stopped(stop, stats);
        }
        buf.clear();
        let expanded = nodes[head].state;
        if W::ON {
            watch.event(&Event::Expand {
                g: depth,
                h: 0,
                state: &|| space.state_text(&expanded),
            });
        }
        space.successors(&expanded, &mut buf);
        // Counted as they are looked at: those after the goal never are.
        let mut looked_at = 0;
        for &(mv, state) in &buf {
            looked_at += 1;
            let new = seen.insert(state);
            if W::ON {
                watch.event(&Event::Generate {
                    g: depth + 1,
                    h: 0,
                    fate: if new { Fate::New } else { Fate::Duplicate },
                    state: &|| space.state_text(&state),
                });
            }
            if new {
                nodes.push(Node {
                    state,
                    parent: head as u32,
                    mv: Some(mv),
                });
                if space.is_goal(&state) {
                    if W::ON {
                        watch.event(&Event::Goal { g: depth + 1 });
                    }
                    meter.generated(looked_at);
                    let path = finish_path(&nodes, nodes.len() - 1);
                    let mut stats = meter.finish(sizes(&nodes, &seen, head, depth + 1));
                    stats.bound = Some(depth + 1);
                    return Outcome::solved(path, stats);
                }
            }
        }
        meter.generated(looked_at);
        head += 1;
    }
    let n = nodes.len();
    let stats = meter.finish(sizes(&nodes, &seen, head, depth));
    Outcome::exhausted(n, stats)
}
