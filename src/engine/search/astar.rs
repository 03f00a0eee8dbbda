//! A*: the LC (least-cost) branch-and-bound of the articles. Optimal with an
//! admissible heuristic; nodes are reopened when a shorter path to them turns
//! up, so an inconsistent heuristic costs time but never optimality. It is
//! the [best-first core](super::best_first) keyed by f = g + h, on a bucket
//! queue.

use super::SearchSpace;
use super::best_first::{End, Sum, best_first};
use crate::control::{Control, Meter, Sizes, Stop};
use crate::observe::Watch;
use crate::outcome::Outcome;

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
    let (end, sizes) = best_first(space, start, heuristic, Sum, u64::MAX, meter, watch);
    let end = match end {
        End::Found { path, g, h } => AStarEnd::Found { path, bound: g + h },
        End::Stopped(stop) => AStarEnd::Stopped(stop),
        End::OverBudget => unreachable!("no budget was set"),
        End::Exhausted { states } => AStarEnd::Exhausted { states },
    };
    (end, sizes)
}
