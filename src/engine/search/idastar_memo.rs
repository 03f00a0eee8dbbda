//! IDA* with a transposition table, for spaces with few states and many ways
//! to reach each (Klotski): plain IDA* re-walks every transposition and
//! explodes on a 116-step solution. Here each iteration remembers the least
//! depth at which it reached every state and skips worse arrivals, and every
//! searched state learns a better estimate from its children (Reinefeld and
//! Marsland's IDA* with a transposition table), so later iterations stop
//! early in the dead ends earlier ones already searched.

use super::SearchSpace;
use crate::control::{Control, Meter, Sizes};
use crate::hash::StateMap;
use crate::observe::{Event, Fate, Watch};
use crate::outcome::Outcome;

/// What the table knows of one state.
#[derive(Clone, Copy)]
struct Entry {
    /// Iteration that last searched the state (0: never searched).
    iteration: u32,
    /// Least depth it was searched at in that iteration.
    g: u32,
    /// Estimate of its cost to the goal: the heuristic, raised by learning.
    h: u32,
}

/// One level of the explicit depth-first stack: a state, its children (the
/// last run in the shared child buffer) and the least `1 + h(child)` seen.
struct Frame<S> {
    state: S,
    g: u32,
    begin: usize,
    next: usize,
    end: usize,
    best_child: u32,
}

/// IDA* from `start` with `heuristic` (admissible for an optimal result),
/// with a transposition table:
///
/// * within an iteration, a state reached again no shallower is not searched
///   again: its subtree was searched under the same bound with at least as
///   much budget;
/// * when a state's children have been searched without reaching the goal,
///   its estimate is raised to the least `1 + estimate` of its children. That
///   is still a lower bound on its cost, so the result stays optimal.
///
/// The table holds every state generated (counted against the limits). When
/// it is closed — every state in it searched — and holds no goal, the goal is
/// unreachable and the search says so.
///
/// ```
/// use huarong_engine::search::{SearchSpace, ida_star_memo};
/// use huarong_engine::Control;
/// /// Walk on the integers by ±1 towards 9.
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
/// let o = ida_star_memo(&Line, 0, |s: &i32| (9 - s).unsigned_abs(), &Control::default());
/// assert_eq!(o.path, vec![1; 9]);
/// ```
pub fn ida_star_memo<S: SearchSpace>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    ctl: &Control,
) -> Outcome<S::Move> {
    super::with_watch!(ctl, watch => memo_watched(space, start, heuristic, ctl, watch))
}

fn memo_watched<S: SearchSpace, W: Watch>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    ctl: &Control,
    watch: &W,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let mut table: StateMap<S::State, Entry> = StateMap::default();
    // Entries never searched yet; 0 at the end of an iteration means closed.
    let mut unsearched = 0usize;
    let mut children: Vec<(S::Move, S::State)> = Vec::new();
    let mut frames: Vec<Frame<S::State>> = Vec::new();
    let mut path: Vec<S::Move> = Vec::new();
    let entry_bytes = std::mem::size_of::<(S::State, Entry)>() + 1;
    let sizes = |table: &StateMap<S::State, Entry>, depth: usize, bound: u32| Sizes {
        frontier: depth as u64,
        stored: table.len() as u64,
        bytes: (table.len() * entry_bytes) as u64,
        growth: super::growth_bytes(table.len(), table.capacity(), entry_bytes, 16_384),
        bound: Some(bound),
    };
    let mut bound = heuristic(&start);
    if space.is_goal(&start) {
        if W::ON {
            watch.event(&Event::Goal { g: 0 });
        }
        let stats = meter.finish(sizes(&table, 0, bound));
        return Outcome::solved(Vec::new(), stats);
    }
    table.insert(
        start,
        Entry {
            iteration: 0,
            g: 0,
            h: bound,
        },
    );
    unsearched += 1;
    let mut iteration = 0u32;
    loop {
        iteration += 1;
        if W::ON {
            watch.event(&Event::IterationStart { bound });
        }
        let mut next_bound = u32::MAX;
        children.clear();
        path.clear();
        frames.clear();
        frames.push(Frame {
            state: start,
            g: 0,
            begin: 0,
            next: 0,
            end: 0,
            best_child: u32::MAX,
        });
        let mut enter = true;
        while let depth @ 1.. = frames.len() {
            let top = frames.last_mut().expect("the stack is not empty");
            if enter {
                // Search the state on top: mark it, generate its children.
                enter = false;
                let e = table
                    .get_mut(&top.state)
                    .expect("entered states are in the table");
                if e.iteration == 0 {
                    unsearched -= 1;
                }
                e.iteration = iteration;
                e.g = top.g;
                if watch.wants_nodes() {
                    watch.event(&Event::Expand {
                        g: top.g,
                        h: e.h,
                        state: space.state_key(&top.state),
                    });
                }
                if meter.expand()
                    && let Err(stop) = meter.poll(sizes(&table, depth, bound))
                {
                    let stats = meter.finish(sizes(&table, depth, bound));
                    return Outcome::stopped(stop, stats);
                }
                top.begin = children.len();
                space.successors(&top.state, &mut children);
                top.next = top.begin;
                top.end = children.len();
                continue;
            }
            if top.next == top.end {
                // Every child tried: learn, then back to the parent.
                let (state, best) = (top.state, top.best_child);
                children.truncate(top.begin);
                frames.pop();
                path.pop();
                let e = table
                    .get_mut(&state)
                    .expect("searched states are in the table");
                e.h = e.h.max(best);
                let h = e.h;
                if let Some(parent) = frames.last_mut() {
                    parent.best_child = parent.best_child.min(h.saturating_add(1));
                }
                continue;
            }
            let (mv, state) = children[top.next];
            top.next += 1;
            // Counted as it is looked at, as the tile IDA* counts (and as
            // its event says): those left when the goal is found are not.
            meter.generated(1);
            let g = top.g + 1;
            let entry = *table.entry(state).or_insert_with(|| {
                unsearched += 1;
                Entry {
                    iteration: 0,
                    g: 0,
                    h: heuristic(&state),
                }
            });
            top.best_child = top.best_child.min(entry.h.saturating_add(1));
            let f = g.saturating_add(entry.h);
            let fate = if f > bound {
                Fate::Pruned
            } else if entry.iteration == iteration && entry.g <= g {
                Fate::Duplicate
            } else {
                Fate::New
            };
            if watch.wants_nodes() {
                watch.event(&Event::Generate {
                    g,
                    h: entry.h,
                    fate,
                    state: space.state_key(&state),
                });
            }
            match fate {
                Fate::Pruned => {
                    next_bound = next_bound.min(f);
                    continue;
                }
                Fate::Duplicate | Fate::Skipped => continue,
                Fate::New | Fate::Reopened | Fate::Improved => {}
            }
            if space.is_goal(&state) {
                path.push(mv);
                if W::ON {
                    watch.event(&Event::Goal {
                        g: path.len() as u32,
                    });
                }
                let mut stats = meter.finish(sizes(&table, depth, bound));
                stats.bound = Some(bound);
                return Outcome::solved(path, stats);
            }
            path.push(mv);
            frames.push(Frame {
                state,
                g,
                begin: 0,
                next: 0,
                end: 0,
                best_child: u32::MAX,
            });
            enter = true;
        }
        if unsearched == 0 || next_bound == u32::MAX {
            let n = table.len();
            let stats = meter.finish(sizes(&table, 0, bound));
            return Outcome::exhausted(n, stats);
        }
        bound = next_bound;
    }
}
