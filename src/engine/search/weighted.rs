//! Weighted A*: A* ordered by f = g + w·h instead of g + h. With an
//! admissible h and nodes reopened when a cheaper path to them turns up,
//! the path it returns is at most w times the shortest (Pohl's bound: some
//! node of a shortest path is always open with its least g, and its
//! g + w·h ≤ w·(g + h) ≤ w·C*; the goal is taken only when its f is the
//! least open). The larger w, the greedier and smaller the search.

use super::SearchSpace;
use super::best_first::{End, Priority, Scaled, best_first, best_first_search};
use crate::control::{Control, Meter, Sizes};
use crate::observe::Unwatched;
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

/// The key weighted A* with `weight` takes its open nodes by: the least
/// first, and among equal keys the one put on the open list last (A*'s
/// order too, with the key f). For a front end that shows the open list
/// in the order the search will take it.
///
/// ```
/// use huarong_engine::search::weighted_key;
/// // w = 1.5: g + 1.5·h, so (g 4, h 2) comes before (g 1, h 5).
/// assert!(weighted_key(1.5, 4, 2) < weighted_key(1.5, 1, 5));
/// // w = 1 is A*'s f.
/// assert_eq!(weighted_key(1.0, 3, 4), weighted_key(1.0, 5, 2));
/// ```
pub fn weighted_key(weight: f64, g: u32, h: u32) -> u64 {
    Scaled::new(SCALE, scaled_weight(weight)).key(g, h)
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
    let priority = Scaled::new(SCALE, scaled_weight(weight));
    best_first_search(space, start, heuristic, priority, ctl)
}

/// Weighted A* counting into a caller's `meter` (so that several searches
/// can share one control), giving up after `budget` expansions; returns
/// how it ended and the sizes at the end: the
/// [best-first core](super::best_first) keyed by g·[`SCALE`] + ⌊w·[`SCALE`]⌋·h.
pub(crate) fn weighted_astar_metered<S: SearchSpace>(
    space: &S,
    start: S::State,
    heuristic: impl Fn(&S::State) -> u32,
    weight: f64,
    budget: u64,
    meter: &mut Meter<'_>,
) -> (End<S::Move>, Sizes) {
    let priority = Scaled::new(SCALE, scaled_weight(weight));
    best_first(space, start, heuristic, priority, budget, meter, &Unwatched)
}
