//! Depth-first search, depth-limited: the uninformed search that goes as
//! deep as it may before it backs up.

use super::problem::visit;
use super::{Param, ParamKey, ParamKind, Problem, Solvers, Solves, Strategy, Tuning};
use crate::control::{Control, Meter, Sizes};
use crate::hash::StateMap;
use crate::observe::{Event, Fate, Watch};
use crate::outcome::{Outcome, Status};
use crate::search::SearchSpace;

/// The depth limit a front end starts with: the longest of the 8-puzzle's
/// shortest paths, so every 3×3 start has a path within it.
pub(super) const DEFAULT_DEPTH: u32 = 31;

/// Its one knob; up to 300 moves, enough for every classic Klotski layout
/// counted in steps (the longest takes 179).
static PARAMS: &[Param] = &[Param {
    key: ParamKey::Depth,
    label: "Depth limit",
    help: "The most moves a path may have: the search backs up there.",
    kind: ParamKind::Integer { min: 1, max: 300 },
    default: DEFAULT_DEPTH as f64,
}];

/// Depth-first search cut at a depth limit (`.0` moves).
pub struct Dfs(pub u32);

impl<P: Problem> Solves<P> for Dfs {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        visit!(problem, [limit: u32 = &self.0, ctl: Control] |space, start, guide| {
            crate::search::with_watch!(ctl, watch => depth_limited(space, start, *limit, ctl, watch))
        })
    }
}

impl Strategy for Dfs {
    fn name(&self) -> &'static str {
        "dfs"
    }
    fn label(&self) -> &'static str {
        "DFS (depth-limited)"
    }
    fn description(&self) -> &'static str {
        "Depth-first, depth-limited: follows one line of moves as deep as the limit allows before it backs up to try the next, and returns the first path it finds. Not optimal, and a limit below the shortest path finds none; a state met again no shallower is not searched again."
    }
    fn uses_heuristic(&self) -> bool {
        false
    }
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::DepthLimited)
    }
    fn params(&self) -> &'static [Param] {
        PARAMS
    }
    fn tuning(&self) -> Tuning {
        Tuning {
            depth: Some(self.0),
            ..Tuning::default()
        }
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        Box::new(Dfs(t.depth.unwrap_or(self.0)))
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}

/// One level of the explicit stack: a state and its children (a run of
/// the shared child buffer), `next` the one to try next.
struct Frame<S> {
    state: S,
    g: u32,
    begin: usize,
    next: usize,
    end: usize,
}

/// Depth-first search from `start` for a path of at most `limit` moves.
///
/// Children are searched in the order the space gives them, each to the
/// bottom before the next. A child at the limit is tested for the goal but
/// not expanded (reported [`Fate::Pruned`]: the limit cut it). The least
/// depth each state was met at is kept: a state met again no shallower —
/// on the current path or in a subtree searched already — is a
/// [`Fate::Duplicate`] and not searched again, for its subtree was
/// searched with at least as many moves left. So the search never loops,
/// and it finds a path within the limit whenever one exists.
///
/// Ends [`Status::NotFound`] when the limit cut some state and no path was
/// found, and unsolvable (every reachable state searched) when it cut
/// none. One [`Event::IterationStart`] with the limit as its bound comes
/// first: one pass of iterative deepening.
fn depth_limited<S: SearchSpace, W: Watch>(
    space: &S,
    start: S::State,
    limit: u32,
    ctl: &Control,
    watch: &W,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let mut table: StateMap<S::State, u32> = StateMap::default();
    let mut children: Vec<(S::Move, S::State)> = Vec::new();
    let mut frames: Vec<Frame<S::State>> = Vec::new();
    let mut path: Vec<S::Move> = Vec::new();
    let entry_bytes = std::mem::size_of::<(S::State, u32)>() + 1;
    let child_bytes = std::mem::size_of::<(S::Move, S::State)>();
    let sizes = |table: &StateMap<S::State, u32>, children: &Vec<_>, depth: usize| Sizes {
        frontier: depth as u64,
        stored: table.len() as u64,
        bytes: (table.len() * entry_bytes + children.len() * child_bytes) as u64,
        growth: crate::search::growth_bytes(table.len(), table.capacity(), entry_bytes, 16_384),
        bound: Some(limit),
    };
    if W::ON {
        watch.event(&Event::IterationStart { bound: limit });
    }
    if space.is_goal(&start) {
        if W::ON {
            watch.event(&Event::Goal { g: 0 });
        }
        let stats = meter.finish(sizes(&table, &children, 0));
        return Outcome::solved(Vec::new(), stats);
    }
    table.insert(start, 0);
    frames.push(Frame {
        state: start,
        g: 0,
        begin: 0,
        next: 0,
        end: 0,
    });
    let mut cut = false;
    let mut enter = true;
    while let Some(top) = frames.last_mut() {
        if enter {
            enter = false;
            if watch.wants_nodes() {
                watch.event(&Event::Expand {
                    g: top.g,
                    h: 0,
                    state: space.state_key(&top.state),
                });
            }
            if meter.expand()
                && let Err(stop) = meter.poll(sizes(&table, &children, path.len()))
            {
                let stats = meter.finish(sizes(&table, &children, path.len()));
                return Outcome::stopped(stop, stats);
            }
            top.begin = children.len();
            space.successors(&top.state, &mut children);
            top.next = top.begin;
            top.end = children.len();
            continue;
        }
        if top.next == top.end {
            // Every child tried: back to the parent.
            children.truncate(top.begin);
            frames.pop();
            path.pop();
            continue;
        }
        let (mv, state) = children[top.next];
        top.next += 1;
        let g = top.g + 1;
        meter.generated(1);
        let fate = match table.get(&state) {
            Some(&met) if met <= g => Fate::Duplicate,
            _ if g >= limit && !space.is_goal(&state) => Fate::Pruned,
            _ => Fate::New,
        };
        if watch.wants_nodes() {
            watch.event(&Event::Generate {
                g,
                h: 0,
                fate,
                state: space.state_key(&state),
            });
        }
        match fate {
            Fate::Duplicate => continue,
            Fate::Pruned => {
                cut = true;
                table.insert(state, g);
                continue;
            }
            _ => {}
        }
        table.insert(state, g);
        path.push(mv);
        if space.is_goal(&state) {
            if W::ON {
                watch.event(&Event::Goal { g });
            }
            let mut stats = meter.finish(sizes(&table, &children, path.len()));
            stats.bound = Some(limit);
            return Outcome::solved(path, stats);
        }
        frames.push(Frame {
            state,
            g,
            begin: 0,
            next: 0,
            end: 0,
        });
        enter = true;
    }
    let mut stats = meter.finish(sizes(&table, &children, 0));
    if cut {
        // The limit that cut it, as a solved run reports it too.
        stats.bound = Some(limit);
        Outcome {
            status: Status::NotFound,
            path: Vec::new(),
            stats,
            reason: Some(format!("no path within the depth limit of {limit} moves")),
        }
    } else {
        Outcome::exhausted(table.len(), stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walk on 0..=9 by ±1 (and +3, so paths differ), the goal at 9.
    struct Line;
    impl SearchSpace for Line {
        type State = i32;
        type Move = i32;
        fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
            for d in [-1, 1, 3] {
                if (0..=9).contains(&(s + d)) {
                    out.push((d, s + d));
                }
            }
        }
        fn is_goal(&self, s: &i32) -> bool {
            *s == 9
        }
    }

    fn run(limit: u32) -> Outcome<i32> {
        let ctl = Control::default();
        depth_limited(&Line, 0, limit, &ctl, &crate::observe::Unwatched)
    }

    #[test]
    fn a_path_within_the_limit_or_the_limit_named() {
        // The shortest path is 3 moves (+3 three times).
        for limit in 3..12 {
            let o = run(limit);
            assert_eq!(o.status, Status::Solved, "{limit}");
            assert!(o.path.len() as u32 <= limit);
            assert_eq!(o.path.iter().sum::<i32>(), 9);
        }
        for limit in 1..3 {
            let o = run(limit);
            assert_eq!(o.status, Status::NotFound, "{limit}");
            assert!(
                o.reason
                    .unwrap()
                    .contains(&format!("depth limit of {limit} moves"))
            );
        }
    }

    #[test]
    fn a_goal_out_of_reach_is_unsolvable_when_the_limit_cut_nothing() {
        struct Pen;
        impl SearchSpace for Pen {
            type State = u8;
            type Move = ();
            fn successors(&self, s: &u8, out: &mut Vec<((), u8)>) {
                out.push(((), (s + 1) % 4));
            }
            fn is_goal(&self, s: &u8) -> bool {
                *s == 7
            }
        }
        let o = depth_limited(&Pen, 0, 50, &Control::default(), &crate::observe::Unwatched);
        assert_eq!(o.status, Status::Unsolvable);
        let o = depth_limited(&Pen, 0, 2, &Control::default(), &crate::observe::Unwatched);
        assert_eq!(o.status, Status::NotFound);
    }
}
