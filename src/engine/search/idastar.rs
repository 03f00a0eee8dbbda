//! IDA*: depth-first iterations with a growing f bound. Memory is the path
//! only; the space applies and undoes moves in place.

use super::DepthFirstSpace;
use crate::engine::control::{Control, Meter, Sizes, Stop};
use crate::engine::outcome::Outcome;

enum Step {
    Found,
    /// Smallest f that exceeded the bound (`u32::MAX`: nothing beyond).
    Next(u32),
    Stop(Stop),
}

struct Run<'m, 'c, M> {
    meter: &'m mut Meter<'c>,
    path: Vec<M>,
    bound: u32,
    level_bytes: u64,
}

/// IDA* from the space's current state. The path never contains a move that
/// undoes the one before it.
///
/// ```
/// use huarong::engine::search::{DepthFirstSpace, ida_star};
/// use huarong::engine::Control;
/// /// A counter that must reach 7 by +1 / -1 steps.
/// struct Counter(i32);
/// impl DepthFirstSpace for Counter {
///     type Move = i32;
///     type Moves = [i32; 2];
///     type Undo = ();
///     fn heuristic(&self) -> u32 { (7 - self.0).unsigned_abs() }
///     fn is_goal(&self) -> bool { self.0 == 7 }
///     fn moves(&self) -> [i32; 2] { [1, -1] }
///     fn apply(&mut self, m: i32) { self.0 += m; }
///     fn undo(&mut self, m: i32, _: ()) { self.0 -= m; }
///     fn undoes(&self, prev: i32, m: i32) -> bool { prev == -m }
/// }
/// let o = ida_star(&mut Counter(0), &Control::default());
/// assert_eq!(o.path.len(), 7);
/// ```
pub fn ida_star<D: DepthFirstSpace>(space: &mut D, ctl: &Control) -> Outcome<D::Move> {
    let mut meter = Meter::new(ctl);
    let level_bytes = (std::mem::size_of::<D::Move>() + std::mem::size_of::<D::Undo>() + 64) as u64;
    let mut bound = space.heuristic();
    let sizes = |depth: usize, bound: u32| Sizes {
        frontier: depth as u64,
        stored: depth as u64 + 1,
        bytes: (depth as u64 + 1) * level_bytes,
        growth: 0,
        bound: Some(bound),
    };
    if space.is_goal() {
        let mut stats = meter.finish(sizes(0, 0));
        stats.optimal = true;
        stats.bound = Some(0);
        return Outcome::solved(Vec::new(), stats);
    }
    let mut run = Run {
        meter: &mut meter,
        path: Vec::with_capacity(256),
        bound,
        level_bytes,
    };
    loop {
        run.bound = bound;
        match dfs(space, 0, None, &mut run) {
            Step::Found => {
                let path = std::mem::take(&mut run.path);
                let mut stats = meter.finish(sizes(path.len(), bound));
                stats.bound = Some(bound);
                return Outcome::solved(path, stats);
            }
            Step::Stop(stop) => {
                let depth = run.path.len();
                let stats = meter.finish(sizes(depth, bound));
                return Outcome::stopped(stop, stats);
            }
            Step::Next(u32::MAX) => {
                let stats = meter.finish(sizes(0, bound));
                return Outcome {
                    reason: Some("the search space is exhausted without reaching the goal".into()),
                    stats,
                    ..Outcome::unsolvable(String::new())
                };
            }
            Step::Next(next) => bound = next,
        }
    }
}

/// Expand the current state at depth `g` (its f is within the bound).
fn dfs<D: DepthFirstSpace>(
    space: &mut D,
    g: u32,
    prev: Option<D::Move>,
    run: &mut Run<'_, '_, D::Move>,
) -> Step {
    if run.meter.expand() {
        let depth = run.path.len() as u64;
        let sizes = Sizes {
            frontier: depth,
            stored: depth + 1,
            bytes: (depth + 1) * run.level_bytes,
            growth: 0,
            bound: Some(run.bound),
        };
        if let Err(stop) = run.meter.poll(sizes) {
            return Step::Stop(stop);
        }
    }
    let mut min = u32::MAX;
    let moves = space.moves();
    let g2 = g + 1;
    for &mv in moves.as_ref() {
        if let Some(p) = prev
            && space.undoes(p, mv)
        {
            continue;
        }
        run.meter.generated(1);
        // A child matters if f ≤ bound (to descend) or f < min (the next
        // bound); min > bound always, so its f is needed exactly only
        // below `min`.
        let limit = min.saturating_sub(g2);
        let (undo, h) = space.apply_bounded(mv, limit);
        let f = g2 + h;
        if f > run.bound {
            min = min.min(f);
        } else if h == 0 && space.is_goal() {
            run.path.push(mv);
            return Step::Found;
        } else {
            run.path.push(mv);
            match dfs(space, g2, Some(mv), run) {
                Step::Found => return Step::Found,
                Step::Next(t) => min = min.min(t),
                stop @ Step::Stop(_) => return stop,
            }
            run.path.pop();
        }
        space.undo(mv, undo);
    }
    Step::Next(min)
}
