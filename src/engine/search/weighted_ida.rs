//! Weighted IDA*: IDA* on f = g + w·h. Memory is the path only, so it
//! reaches the depths (a hundred moves and more on the 24-puzzle) where
//! weighted A*'s tables run out of room.
//!
//! The bound holds for the same reason as in weighted A*: every node n of
//! a shortest path has g + w·h ≤ w·(g + h) ≤ w·C*, so while the iteration
//! bound T is below w·C* some node of that path was cut with f ≤ w·C*, and
//! the next bound (the least f cut) is at most w·C*. A goal is only taken
//! within the bound, so its path has g ≤ T ≤ w·C* moves.

use super::idastar::{IdaEnd, UNREACHABLE, depth_sizes, exhausted, iterate};
// Weights as in weighted A*; the inflated estimate is rounded down, never
// above w·h, so the bound holds.
use super::weighted::{SCALE, scaled_weight};
use super::{DepthFirstSpace, ida_star};
use crate::control::{Control, Meter};
use crate::observe::Watch;
use crate::outcome::Outcome;

/// A depth-first space whose estimate is ⌊w·h⌋, and which cuts for good
/// every state whose moves so far plus (plain) estimate exceed `cap`: no
/// path through it is `cap` moves or shorter.
#[derive(Clone)]
struct Inflated<D> {
    inner: D,
    /// w·[`SCALE`].
    w: u64,
    /// Moves from the start to the current state.
    depth: u32,
    /// The longest path wanted (`u32::MAX`: any).
    cap: u32,
}

impl<D: DepthFirstSpace> Inflated<D> {
    fn new(inner: D, w: u64, cap: u32) -> Self {
        Self {
            inner,
            w,
            depth: 0,
            cap,
        }
    }

    #[inline(always)]
    fn inflate(&self, h: u32) -> u32 {
        if self.depth.saturating_add(h) > self.cap {
            UNREACHABLE
        } else {
            (u64::from(h) * self.w / SCALE).min(u64::from(UNREACHABLE)) as u32
        }
    }
}

impl<D: DepthFirstSpace> DepthFirstSpace for Inflated<D> {
    type Move = D::Move;
    type Moves = D::Moves;
    type Undo = D::Undo;

    #[inline(always)]
    fn heuristic(&self) -> u32 {
        self.inflate(self.inner.heuristic())
    }
    #[inline(always)]
    fn is_goal(&self) -> bool {
        self.inner.is_goal()
    }
    #[inline(always)]
    fn moves(&self) -> D::Moves {
        self.inner.moves()
    }
    #[inline(always)]
    fn ordered_moves(&self) -> D::Moves {
        self.inner.ordered_moves()
    }
    #[inline(always)]
    fn apply(&mut self, mv: D::Move) -> D::Undo {
        self.depth += 1;
        self.inner.apply(mv)
    }
    /// The inner space is asked below ⌈limit / w⌉: an estimate h at or over
    /// it has w·h ≥ limit, so ⌊w·h⌋ ≥ limit (limit is whole), as the
    /// contract asks of a value the caller prunes. Such an h is at most the
    /// exact one, so the cap cuts no state it should keep.
    #[inline(always)]
    fn apply_bounded(&mut self, mv: D::Move, limit: u32) -> (D::Undo, u32) {
        let inner_limit = (u64::from(limit) * SCALE)
            .div_ceil(self.w)
            .min(u64::from(u32::MAX)) as u32;
        self.depth += 1;
        let (undo, h) = self.inner.apply_bounded(mv, inner_limit);
        (undo, self.inflate(h))
    }
    const PREPARES: bool = D::PREPARES;
    #[inline(always)]
    fn prepare(&self, mv: D::Move) -> u64 {
        self.inner.prepare(mv)
    }
    /// As [`apply_bounded`](Self::apply_bounded), the inner space asked
    /// below ⌈limit / w⌉.
    #[inline(always)]
    fn apply_prepared(&mut self, mv: D::Move, prepared: u64, limit: u32) -> (D::Undo, u32) {
        let inner_limit = (u64::from(limit) * SCALE)
            .div_ceil(self.w)
            .min(u64::from(u32::MAX)) as u32;
        self.depth += 1;
        let (undo, h) = self.inner.apply_prepared(mv, prepared, inner_limit);
        (undo, self.inflate(h))
    }
    #[inline(always)]
    fn undo(&mut self, mv: D::Move, undo: D::Undo) {
        self.depth -= 1;
        self.inner.undo(mv, undo)
    }
    #[inline(always)]
    fn undoes(&self, prev: D::Move, mv: D::Move) -> bool {
        self.inner.undoes(prev, mv)
    }
    #[inline(always)]
    fn prune_step(&self, state: u32, mv: D::Move) -> Option<u32> {
        self.inner.prune_step(state, mv)
    }
    fn state_key(&self) -> crate::observe::StateKey {
        self.inner.state_key()
    }
}

/// Weighted IDA* from the space's current state with weight `weight`
/// (≥ 1; below 1 or not finite is taken as 1): a path at most `weight`
/// times the shortest when the space's estimate is admissible; with weight
/// 1 it is IDA*. `stats.bound` is the last iteration's bound on g + w·h.
///
/// ```
/// use huarong_engine::search::{DepthFirstSpace, weighted_ida_star};
/// use huarong_engine::Control;
/// /// A counter that must reach 30 by +1 / -1 steps, estimate a third.
/// #[derive(Clone)]
/// struct Counter(i32);
/// impl DepthFirstSpace for Counter {
///     type Move = i32;
///     type Moves = [i32; 2];
///     type Undo = ();
///     fn heuristic(&self) -> u32 { (30 - self.0).unsigned_abs() / 3 }
///     fn is_goal(&self) -> bool { self.0 == 30 }
///     fn moves(&self) -> [i32; 2] { [1, -1] }
///     fn apply(&mut self, m: i32) { self.0 += m; }
///     fn undo(&mut self, m: i32, _: ()) { self.0 -= m; }
///     fn undoes(&self, prev: i32, m: i32) -> bool { prev == -m }
/// }
/// let o = weighted_ida_star(&mut Counter(0), 1.5, &Control::default());
/// assert!(o.path.len() as f64 <= 1.5 * 30.0);
/// assert_eq!(o.path.iter().sum::<i32>(), 30);
/// ```
pub fn weighted_ida_star<D>(space: &mut D, weight: f64, ctl: &Control) -> Outcome<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    ida_star(
        &mut Inflated::new(space.clone(), scaled_weight(weight), u32::MAX),
        ctl,
    )
}

/// Expansions the first turn of each side may spend; every turn that
/// runs out doubles its side's allowance, so the work thrown away by
/// restarts stays within the work kept.
const FIRST_ALLOWANCE: u64 = 20_000;

/// The search from above weighs the estimate by 1 + this × (w − 1): 1.4
/// for w = 1.2, greedy enough to find a path quickly, while the cap keeps
/// what it finds within the bound. (On 20 random 24-puzzles with
/// w = 1.2, 1.35–1.4 solved 19 in 10 s each; 1.25 solved 13, 1.5 18,
/// 1.7 9 and 3 only 2: the greedier search wanders into the cap.)
const ABOVE_EXCESS: u64 = 2;
/// ... and by at most 1.4 (× [`SCALE`]), whatever w: the cap alone keeps
/// the bound, and a greedier search from above does worse also for larger
/// w (10 random 24-puzzles at w = 2: 1.4 solved all 10 in 48 ms together,
/// 3 solved 9 in 5 s each).
const ABOVE_MOST: u64 = 1400;

/// A path proven at most `weight` times the shortest, found by two
/// searches taking turns:
///
/// * from below, plain IDA*'s iterations: each one that ends without a
///   path proves the shortest longer than its bound, `lower`;
/// * from above, a greedy weighted IDA* that cuts every state whose moves
///   so far plus estimate exceed ⌊`weight` × `lower`⌋, so that any path it
///   finds is proven within the bound the moment it is found.
///
/// Each side keeps its iteration bound between turns, so a turn that runs
/// out of allowance goes on later from the iteration it was in; when the
/// lower bound has risen, the search from above starts again with the
/// looser cap. If the search from above runs out of states, no path is
/// within its cap, which is a lower bound too. `stats.bound` is the lower
/// bound proven.
///
/// Watched, it runs on one thread and reports IDA*'s events for both
/// sides: each turn starts with an
/// [`IterationStart`](crate::observe::Event::IterationStart) at its side's
/// bound (a turn that resumes an iteration searches it again from the
/// start), and the search from above gives the estimates it orders by,
/// ⌊w'·h⌋ with w' at most 1.4 (a state past the cap: an estimate of a
/// billion, cut).
///
/// ```
/// use huarong_engine::search::{DepthFirstSpace, proven_within};
/// use huarong_engine::Control;
/// /// A counter that must reach 30 by +1 / -1 steps, estimate a third.
/// #[derive(Clone)]
/// struct Counter(i32);
/// impl DepthFirstSpace for Counter {
///     type Move = i32;
///     type Moves = [i32; 2];
///     type Undo = ();
///     fn heuristic(&self) -> u32 { (30 - self.0).unsigned_abs() / 3 }
///     fn is_goal(&self) -> bool { self.0 == 30 }
///     fn moves(&self) -> [i32; 2] { [1, -1] }
///     fn apply(&mut self, m: i32) { self.0 += m; }
///     fn undo(&mut self, m: i32, _: ()) { self.0 -= m; }
///     fn undoes(&self, prev: i32, m: i32) -> bool { prev == -m }
/// }
/// let o = proven_within(&mut Counter(0), 1.2, &Control::default());
/// assert!(o.path.len() as f64 <= 1.2 * 30.0);
/// assert_eq!(o.path.iter().sum::<i32>(), 30);
/// ```
pub fn proven_within<D>(space: &mut D, weight: f64, ctl: &Control) -> Outcome<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    proven_within_allowing(space, weight, ctl, FIRST_ALLOWANCE)
}

/// [`proven_within`] with each side's first allowance given (tests give a
/// tiny one, so that the turns break off and resume all the time).
fn proven_within_allowing<D>(
    space: &mut D,
    weight: f64,
    ctl: &Control,
    first_allowance: u64,
) -> Outcome<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    let w = scaled_weight(weight);
    if w == SCALE {
        return ida_star(space, ctl);
    }
    super::with_watch!(ctl, watch => turns(space, w, ctl, first_allowance, watch))
}

/// [`proven_within_allowing`] for w (× [`SCALE`]) above 1, its events to
/// `watch`.
fn turns<D, W: Watch>(
    space: &mut D,
    w: u64,
    ctl: &Control,
    first_allowance: u64,
    watch: &W,
) -> Outcome<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    // Watched, on one thread: the events come in the order they happen.
    let threads = if W::ON { 1 } else { ctl.threads.max(1) };
    let mut meter = Meter::new(ctl);
    let sizes = |bound: u32| depth_sizes::<D>(0, bound);
    let cap_of = |lower: u32| (u64::from(lower) * w / SCALE) as u32;
    let above_w = (SCALE + (w - SCALE) * ABOVE_EXCESS).min(ABOVE_MOST);
    // From below: the bound of plain IDA*'s current iteration.
    let mut lower = space.heuristic();
    let mut below_allowance = first_allowance;
    // From above: its cap, its space and its own iteration bound.
    let mut cap = cap_of(lower);
    let mut above = Inflated::new(space.clone(), above_w, cap);
    let mut above_bound = above.heuristic();
    let mut above_allowance = first_allowance;
    let solved = |path: Vec<D::Move>, lower: u32, meter: Meter<'_>| {
        let mut stats = meter.finish(sizes(lower));
        stats.bound = Some(lower);
        Outcome::solved(path, stats)
    };
    loop {
        if cap_of(lower) > cap {
            cap = cap_of(lower);
            above = Inflated::new(space.clone(), above_w, cap);
            above_bound = above.heuristic();
        }
        let budget = meter.stats.expanded.saturating_add(above_allowance);
        match iterate(&above, &mut above_bound, threads, budget, &mut meter, watch) {
            IdaEnd::Found(path) => return solved(path, lower, meter),
            IdaEnd::OverBudget => above_allowance = above_allowance.saturating_mul(2),
            IdaEnd::Stopped(stop) => return Outcome::stopped(stop, meter.finish(sizes(lower))),
            // Nothing within the cap: the shortest path is longer.
            IdaEnd::Exhausted => lower = lower.max(cap + 1),
        }
        let budget = meter.stats.expanded.saturating_add(below_allowance);
        match iterate(space, &mut lower, threads, budget, &mut meter, watch) {
            // Found within the lower bound: a shortest path.
            IdaEnd::Found(path) => return solved(path, lower, meter),
            IdaEnd::OverBudget => below_allowance = below_allowance.saturating_mul(2),
            IdaEnd::Stopped(stop) => return Outcome::stopped(stop, meter.finish(sizes(lower))),
            IdaEnd::Exhausted => return exhausted(meter.finish(sizes(lower))),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::*;
    use crate::outcome::Status;
    use crate::tiles::heuristic::Manhattan;
    use crate::tiles::space::TileDfs;
    use crate::tiles::{Board, Dir, Shape, TilePuzzle, random_solvable, shuffled};

    /// The shortest path's length by a plain BFS over boards (test-side).
    fn bfs_length(p: &TilePuzzle) -> usize {
        let mut seen = HashMap::from([(p.start.clone(), 0usize)]);
        let mut queue = VecDeque::from([p.start.clone()]);
        while let Some(b) = queue.pop_front() {
            let d = seen[&b];
            if b == p.goal {
                return d;
            }
            for dir in Dir::ALL {
                let mut next = b.clone();
                if next.apply(dir).is_some() && !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        panic!("the goal is unreachable:\n{}", p.start);
    }

    /// Solved, replayed to the goal, at most `w` × `optimum` and never
    /// shorter; the lower bound it proved is at most the optimum.
    fn check(p: &TilePuzzle, o: &Outcome<Dir>, w: f64, optimum: usize, proves_lower: bool) {
        assert_eq!(o.status, Status::Solved, "w = {w}\n{}", p.start);
        assert!(p.replays_to_goal(&o.path), "w = {w}\n{}", p.start);
        let len = o.path.len();
        assert!(len >= optimum, "w = {w}: {len} below the optimum {optimum}");
        assert!(
            len as f64 <= w * optimum as f64,
            "w = {w}: {len} > {w} × {optimum}\n{}",
            p.start
        );
        if proves_lower {
            let lower = o.stats.bound.expect("the lower bound proven");
            assert!(lower as usize <= optimum, "lower bound {lower} > {optimum}");
            assert!(len as f64 <= w * f64::from(lower) || len == optimum);
        }
    }

    /// Random 3×3 starts against BFS, with weights from 1 to 3; the proven
    /// search with an allowance of one expansion, so that both sides break
    /// off and resume on nearly every turn.
    #[test]
    fn paths_keep_their_bound_on_random_8_puzzles() {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let h = Manhattan::new(&goal);
        for seed in 0..12 {
            let start = random_solvable(&goal, &mut crate::rng::seeded(seed));
            let p = TilePuzzle::new(start, goal.clone()).unwrap();
            let optimum = bfs_length(&p);
            for w in [1.0, 1.1, 1.2, 1.5, 3.0] {
                let ctl = Control::default();
                let o = weighted_ida_star(&mut TileDfs::new(&p, &h), w, &ctl);
                check(&p, &o, w, optimum, false);
                for allowance in [1, FIRST_ALLOWANCE] {
                    let o = proven_within_allowing(&mut TileDfs::new(&p, &h), w, &ctl, allowance);
                    check(&p, &o, w, optimum, w > 1.0);
                }
            }
        }
    }

    /// 4×4 starts 30–60 random moves out, against IDA*; on two threads,
    /// so the larger iterations are shared out.
    #[test]
    fn paths_keep_their_bound_on_15_puzzles() {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let h = Manhattan::new(&goal);
        let ctl = Control::default().with_threads(2);
        for seed in 0..6 {
            let mut rng = crate::rng::seeded(seed);
            let (start, _) = shuffled(&goal, 30 + 6 * seed as usize, &mut rng);
            let p = TilePuzzle::new(start, goal.clone()).unwrap();
            let optimum = ida_star(&mut TileDfs::new(&p, &h), &ctl).path.len();
            for w in [1.2, 1.5] {
                for allowance in [50, FIRST_ALLOWANCE] {
                    let o = proven_within_allowing(&mut TileDfs::new(&p, &h), w, &ctl, allowance);
                    check(&p, &o, w, optimum, true);
                }
            }
        }
    }

    /// The cap cuts every state whose moves so far plus estimate exceed it:
    /// capped below the shortest path, the search ends exhausted.
    #[test]
    fn a_cap_below_the_shortest_path_exhausts_the_search() {
        let p = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
        let h = Manhattan::new(&p.goal);
        let mut capped = Inflated::new(TileDfs::new(&p, &h), 1500, 29);
        let o = ida_star(&mut capped, &Control::default());
        assert_eq!(o.status, Status::Unsolvable);
        let mut capped = Inflated::new(TileDfs::new(&p, &h), 1500, 31);
        let o = ida_star(&mut capped, &Control::default());
        assert_eq!((o.status, o.path.len()), (Status::Solved, 31));
    }

    /// A stop (here the node limit) ends the run with no path.
    #[test]
    fn a_limit_stops_the_proven_search() {
        let p = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
        let h = Manhattan::new(&p.goal);
        let ctl = Control::default().with_limits(crate::control::Limits {
            max_nodes: Some(100),
            ..Default::default()
        });
        let o = proven_within(&mut TileDfs::new(&p, &h), 1.2, &ctl);
        assert!(matches!(o.status, Status::Limit(_)), "{:?}", o.status);
        assert!(o.path.is_empty());
    }
}
