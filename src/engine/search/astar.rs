//! A*: the LC (least-cost) branch-and-bound of the articles. Optimal with an
//! admissible heuristic; nodes are reopened when a shorter path to them turns
//! up, so an inconsistent heuristic costs time but never optimality. It is
//! the [best-first core](super::best_first) keyed by f = g + h, on a bucket
//! queue.

use super::SearchSpace;
use super::best_first::{End, Sum, best_first, best_first_search};
use crate::control::{Control, Meter, Sizes};
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
    best_first_search(space, start, heuristic, Sum, ctl)
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
) -> (End<S::Move>, Sizes) {
    best_first(space, start, heuristic, Sum, u64::MAX, meter, watch)
}
