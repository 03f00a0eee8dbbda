//! IDA*: depth-first iterations with a growing f bound. Memory is the path
//! only; the space applies and undoes moves in place.
//!
//! Iterations that are large enough run on several threads: the tree is
//! expanded a few levels from the root, and the subtrees below that
//! frontier are handed out to workers one at a time. The workers are a
//! [`Crew`] started at a search's first split, the caller's thread among
//! them. A solution found in an iteration has length equal to its bound,
//! so whichever worker finds one first has an optimal path.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

use super::{DepthFirstSpace, PRUNE_START};
use crate::control::{Control, Meter, SharedMeter, Sizes, Stop};
use crate::observe::{Event, Fate, Unwatched, Watch};
use crate::outcome::{Outcome, Stats};
use crate::workers::Crew;

/// An estimate at or above this says the goal cannot be reached from the
/// state (a space's way of cutting a branch for good): an iteration whose
/// least cut f is this high ends the search as exhausted.
pub(crate) const UNREACHABLE: u32 = u32::MAX / 4;

/// Nodes this near the root (g below it) try their moves in the space's
/// [`ordered_moves`](DepthFirstSpace::ordered_moves), deeper ones in its
/// plain [`moves`](DepthFirstSpace::moves). An order changes only how soon
/// the last iteration meets the goal, by the subtrees it puts after the
/// goal's: near the root those are most of the tree, deep down they are
/// small, while the nodes there are most of every iteration and ordering
/// each costs it time (the tile boards' order changes from node to node,
/// which the processor predicts badly). On Korf's 100 and the 24-puzzle's
/// walks, ordering the first 10 levels expands as many nodes as ordering
/// all of them (docs/PERFORMANCE.md).
const ORDERED_DEPTH: u32 = 10;

enum Step {
    Found,
    /// Smallest f that exceeded the bound in the run so far (`u32::MAX`:
    /// nothing beyond).
    Next(u32),
    Stop(Stop),
    /// The caller's budget of expansions ran out.
    OverBudget,
}

struct Run<'m, 'c, M, W> {
    meter: &'m mut Meter<'c>,
    path: Vec<M>,
    bound: u32,
    /// Give up when the whole search's expansions reach this.
    budget: u64,
    level_bytes: u64,
    watch: &'m W,
    /// The least f over the bound met so far in this run: what the run
    /// returns as the next bound, so a child's f is needed exactly only
    /// below it.
    least_cut: u32,
}

/// Iterations that expanded at least this many nodes are followed by
/// parallel ones (each iteration is several times the previous one). A
/// split costs the helpers' wake-up and the frontier's gathering (the
/// tree expanded again from the root at each depth until there are
/// subtrees enough), about 0.15 ms on the 8-puzzle's thin tree: more than
/// an iteration of a few thousand nodes takes. From 1,000, the 8-puzzle's
/// 31-mover split its last iteration and took 0.88 ms on two threads
/// against 0.61 on one; from 5,000 it splits none (docs/PERFORMANCE.md).
const PARALLEL_AFTER: u64 = 5_000;
/// Under a node limit, iterations are split only while at least this many
/// expansions are left.
const SPLIT_NODES_LEFT: u64 = 1 << 17;
/// Children prepared ahead (see [`DepthFirstSpace::prepare`]): a tile
/// board's blank has at most four moves.
const PREPARED: usize = 4;

/// Subtrees per worker thread to hand out in a parallel iteration.
const SUBTREES_PER_THREAD: usize = 64;

/// IDA* from the space's current state, on up to `ctl.threads` threads. The
/// path never contains a move that undoes the one before it.
///
/// ```
/// use huarong_engine::search::{DepthFirstSpace, ida_star};
/// use huarong_engine::Control;
/// /// A counter that must reach 7 by +1 / -1 steps.
/// #[derive(Clone)]
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
pub fn ida_star<D>(space: &mut D, ctl: &Control) -> Outcome<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    super::with_watch!(ctl, watch => ida_star_watched(space, ctl, watch))
}

fn ida_star_watched<D, W: Watch>(space: &mut D, ctl: &Control, watch: &W) -> Outcome<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    let mut meter = Meter::new(ctl);
    let mut bound = space.heuristic();
    // Watched, on one thread: the events come in the order they happen.
    let threads = if W::ON { 1 } else { ctl.threads.max(1) };
    let end = iterate(space, &mut bound, threads, u64::MAX, &mut meter, watch);
    let sizes = |depth: usize, bound: u32| depth_sizes::<D>(depth, bound);
    match end {
        IdaEnd::Found(path) => {
            let mut stats = meter.finish(sizes(path.len(), bound));
            stats.bound = Some(bound);
            Outcome::solved(path, stats)
        }
        IdaEnd::Stopped(stop) => Outcome::stopped(stop, meter.finish(sizes(0, bound))),
        IdaEnd::OverBudget => unreachable!("no budget was set"),
        IdaEnd::Exhausted => exhausted(meter.finish(sizes(0, bound))),
    }
}

/// The outcome of a depth-first search that ran out of states.
pub(crate) fn exhausted<M>(stats: Stats) -> Outcome<M> {
    Outcome {
        reason: Some("the search space is exhausted without reaching the goal".into()),
        stats,
        ..Outcome::unsolvable(String::new())
    }
}

/// The sizes of a depth-first search `depth` moves deep.
pub(crate) fn depth_sizes<D: DepthFirstSpace>(depth: usize, bound: u32) -> Sizes {
    Sizes {
        frontier: depth as u64,
        stored: depth as u64 + 1,
        bytes: (depth as u64 + 1) * level_bytes::<D>(),
        growth: 0,
        bound: Some(bound),
    }
}

/// How a run of [`iterate`] ended.
pub(crate) enum IdaEnd<M> {
    /// A path within the last bound.
    Found(Vec<M>),
    /// The control stopped the search.
    Stopped(Stop),
    /// The meter's count reached the caller's budget first.
    OverBudget,
    /// Nothing lies beyond the last bound: the goal is unreachable.
    Exhausted,
}

/// IDA*'s iterations from `root` and `*bound` on, counting into `meter`, on up to
/// `threads` threads, until a path is found, the control stops it or the
/// meter's expansions reach `budget`. `*bound` is left at the last
/// iteration's: each iteration that ends without a path raises it to the
/// least f it cut, so with an admissible estimate the shortest path is at
/// least `*bound` long, and a later call may go on from there.
pub(crate) fn iterate<D, W: Watch>(
    root: &D,
    bound: &mut u32,
    threads: usize,
    budget: u64,
    meter: &mut Meter<'_>,
    watch: &W,
) -> IdaEnd<D::Move>
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    if root.is_goal() {
        if W::ON {
            watch.event(&Event::Goal { g: 0 });
        }
        *bound = 0;
        return IdaEnd::Found(Vec::new());
    }
    let ctl = meter.control();
    // The helper threads, once the first split starts them, live as long
    // as the search: a later split wakes them instead of starting new ones.
    crate::workers::with_crew(
        threads.saturating_sub(1),
        |round: &Round<D::Move>| work_on(root, ctl, round),
        |crew| {
            let mut last_iteration = 0u64;
            // The space every iteration starts from and leaves as it
            // found it, unless it ends the search: a search that stops
            // part way leaves it wherever it was, and a caller may go on
            // from `root` later.
            let mut space = root.clone();
            loop {
                let before = meter.stats.expanded;
                if W::ON {
                    watch.event(&Event::IterationStart { bound: *bound });
                }
                // Near a node limit the rest runs on one thread: gathering
                // the frontier is not metered node by node, and each
                // worker needs a slice of what is left.
                let split = crew.threads() > 1
                    && last_iteration >= PARALLEL_AFTER
                    && meter
                        .nodes_left()
                        .is_none_or(|left| left >= SPLIT_NODES_LEFT);
                let (step, path) = if split {
                    parallel_iteration(&mut space, *bound, crew, budget, meter)
                } else {
                    let mut run = Run {
                        meter: &mut *meter,
                        path: Vec::with_capacity(256),
                        bound: *bound,
                        budget,
                        level_bytes: level_bytes::<D>(),
                        watch,
                        least_cut: u32::MAX,
                    };
                    let step = dfs(&mut space, 0, None, PRUNE_START, &mut run);
                    (step, run.path)
                };
                last_iteration = meter.stats.expanded - before;
                match step {
                    Step::Found => return IdaEnd::Found(path),
                    Step::Stop(stop) => return IdaEnd::Stopped(stop),
                    Step::OverBudget => return IdaEnd::OverBudget,
                    Step::Next(next) if next >= UNREACHABLE => return IdaEnd::Exhausted,
                    Step::Next(next) => *bound = next,
                }
            }
        },
    )
}

fn level_bytes<D: DepthFirstSpace>() -> u64 {
    (std::mem::size_of::<D::Move>() + std::mem::size_of::<D::Undo>() + 64) as u64
}

/// One parallel iteration: the subtrees below a frontier, handed out one
/// at a time to whichever thread of the crew is free, and what they met.
struct Round<M> {
    bound: u32,
    budget: u64,
    /// Every node some levels below the root within the bound, as the move
    /// sequence from the root with its pruning state.
    frontier: Vec<(Vec<M>, u32)>,
    next_item: AtomicUsize,
    shared: SharedMeter,
    /// The least f over the bound met so far, by any thread.
    next_bound: AtomicU32,
    found: Mutex<Option<Vec<M>>>,
    stopped: Mutex<Option<Stop>>,
    over_budget: AtomicBool,
    /// Each thread's counts.
    stats: Mutex<Vec<Stats>>,
}

/// One thread's part of a round: subtrees until none are left or the
/// round halts.
fn work_on<D: DepthFirstSpace + Clone>(root: &D, ctl: &Control, round: &Round<D::Move>) {
    let mut meter = Meter::worker(ctl, &round.shared);
    // One space for all the thread's subtrees: each is entered by its
    // moves and left by undoing them, which costs less than a copy (a
    // small iteration's subtrees have a few nodes each).
    let mut space = root.clone();
    let mut entered = Vec::new();
    let mut path = Vec::with_capacity(256);
    loop {
        let i = round.next_item.fetch_add(1, Ordering::Relaxed);
        let Some(&(ref prefix, state)) = round.frontier.get(i) else {
            break;
        };
        entered.clear();
        for &mv in prefix {
            entered.push((mv, space.apply(mv)));
        }
        path.clear();
        path.extend_from_slice(prefix);
        let mut run = Run {
            meter: &mut meter,
            path: std::mem::take(&mut path),
            bound: round.bound,
            budget: round.budget,
            level_bytes: level_bytes::<D>(),
            watch: &Unwatched,
            // What the other subtrees cut already needs no exact f.
            least_cut: round.next_bound.load(Ordering::Relaxed),
        };
        let step = dfs(
            &mut space,
            prefix.len() as u32,
            prefix.last().copied(),
            state,
            &mut run,
        );
        path = run.path;
        match step {
            Step::Found => {
                round
                    .found
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(path);
                round.shared.halt();
                break;
            }
            Step::Next(t) => {
                round.next_bound.fetch_min(t, Ordering::Relaxed);
                while let Some((mv, undo)) = entered.pop() {
                    space.undo(mv, undo);
                }
            }
            Step::Stop(Stop::Halted) => break,
            Step::OverBudget => {
                round.over_budget.store(true, Ordering::Relaxed);
                round.shared.halt();
                break;
            }
            Step::Stop(stop) => {
                round
                    .stopped
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(stop);
                round.shared.halt();
                break;
            }
        }
    }
    let stats = meter.into_worker_stats();
    round
        .stats
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(stats);
}

/// One iteration split over the crew's threads, its frontier gathered
/// from `space` (left as it was).
fn parallel_iteration<D>(
    space: &mut D,
    bound: u32,
    crew: &Crew<'_, '_, Round<D::Move>>,
    budget: u64,
    meter: &mut Meter<'_>,
) -> (Step, Vec<D::Move>)
where
    D: DepthFirstSpace + Clone + Send + Sync,
    D::Move: Send + Sync,
{
    let threads = crew.threads();
    // The frontier: every node at depth `depth` within the bound. Deepen
    // until there is work for all.
    let mut frontier = Vec::new();
    let mut min_next = u32::MAX;
    for depth in 1..=bound {
        frontier.clear();
        min_next = u32::MAX;
        let mut prefix = Vec::new();
        if let Some(found) = collect(
            space,
            0,
            bound,
            depth,
            None,
            PRUNE_START,
            &mut prefix,
            &mut frontier,
            &mut min_next,
            meter,
        ) {
            return (Step::Found, found);
        }
        if frontier.len() >= threads * SUBTREES_PER_THREAD || frontier.is_empty() {
            break;
        }
    }

    let round = crew.run(Round {
        bound,
        budget,
        frontier,
        next_item: AtomicUsize::new(0),
        shared: SharedMeter::from(meter),
        next_bound: AtomicU32::new(min_next),
        found: Mutex::new(None),
        stopped: Mutex::new(None),
        over_budget: AtomicBool::new(false),
        stats: Mutex::new(Vec::new()),
    });
    for s in round.stats.into_inner().unwrap_or_else(|e| e.into_inner()) {
        meter.absorb(&s);
        meter.stats.peak_bytes = meter.stats.peak_bytes.max(s.peak_bytes * threads as u64);
    }
    if let Some(path) = round.found.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return (Step::Found, path);
    }
    if let Some(stop) = round
        .stopped
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
    {
        return (Step::Stop(stop), Vec::new());
    }
    if round.over_budget.into_inner() {
        return (Step::OverBudget, Vec::new());
    }
    (Step::Next(round.next_bound.into_inner()), Vec::new())
}

/// Gather the move sequences (with their pruning states) to every node
/// `depth` levels below the current one with f within `bound`; keep the
/// least f beyond it in `min_next`.
/// Returns a path if the goal lies above that depth.
#[allow(clippy::too_many_arguments)]
fn collect<D: DepthFirstSpace>(
    space: &mut D,
    g: u32,
    bound: u32,
    depth: u32,
    prev: Option<D::Move>,
    state: u32,
    prefix: &mut Vec<D::Move>,
    out: &mut Vec<(Vec<D::Move>, u32)>,
    min_next: &mut u32,
    meter: &mut Meter<'_>,
) -> Option<Vec<D::Move>> {
    if depth == 0 {
        out.push((prefix.clone(), state));
        return None;
    }
    meter.stats.expanded += 1;
    // The frontier is shallow: its order is the order its pieces are taken.
    let moves = space.ordered_moves();
    for &mv in moves.as_ref() {
        if let Some(p) = prev
            && space.undoes(p, mv)
        {
            continue;
        }
        let Some(next_state) = space.prune_step(state, mv) else {
            continue;
        };
        meter.generated(1);
        let undo = space.apply(mv);
        let h = space.heuristic();
        let f = g + 1 + h;
        prefix.push(mv);
        if f > bound {
            *min_next = (*min_next).min(f);
        } else if space.is_goal() {
            // Not gated on h = 0: an inconsistent table (a damaged or planted
            // cache file) may rate the goal above 0, and the search must
            // still end.
            let path = prefix.clone();
            prefix.pop();
            space.undo(mv, undo);
            return Some(path);
        } else if let Some(found) = collect(
            space,
            g + 1,
            bound,
            depth - 1,
            Some(mv),
            next_state,
            prefix,
            out,
            min_next,
            meter,
        ) {
            prefix.pop();
            space.undo(mv, undo);
            return Some(found);
        }
        prefix.pop();
        space.undo(mv, undo);
    }
    None
}

/// Expand the current state at depth `g` (its f is within the bound).
fn dfs<D: DepthFirstSpace, W: Watch>(
    space: &mut D,
    g: u32,
    prev: Option<D::Move>,
    state: u32,
    run: &mut Run<'_, '_, D::Move, W>,
) -> Step {
    if run.watch.wants_nodes() {
        run.watch.event(&Event::Expand {
            g,
            h: space.heuristic(),
            state: space.state_key(),
        });
    }
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
        if run.meter.total_expanded() >= run.budget {
            return Step::OverBudget;
        }
    }
    let moves = if g < ORDERED_DEPTH {
        space.ordered_moves()
    } else {
        space.moves()
    };
    let g2 = g + 1;
    // Every child prepared before any is made: their reads then overlap.
    let mut prepared = [0u64; PREPARED];
    if D::PREPARES && !W::ON {
        for (k, &mv) in moves.as_ref().iter().enumerate().take(PREPARED) {
            if prev.is_none_or(|p| !space.undoes(p, mv)) {
                prepared[k] = space.prepare(mv);
            }
        }
    }
    for (k, &mv) in moves.as_ref().iter().enumerate() {
        if let Some(p) = prev
            && space.undoes(p, mv)
        {
            continue;
        }
        let Some(next_state) = space.prune_step(state, mv) else {
            if run.watch.wants_nodes() {
                // Shown, so that a learner sees why a legal move is not
                // searched.
                let undo = space.apply(mv);
                run.watch.event(&Event::Generate {
                    g: g2,
                    h: space.heuristic(),
                    fate: Fate::Skipped,
                    state: space.state_key(),
                });
                space.undo(mv, undo);
            }
            continue;
        };
        run.meter.generated(1);
        // A child matters if f ≤ bound (to descend) or if its f could be
        // the next bound: below the least f cut so far anywhere in the
        // run. That is over the bound, so f is needed exactly only below
        // it; an f known only to be at or over it changes nothing.
        let limit = run.least_cut.saturating_sub(g2);
        let (undo, h) = if W::ON {
            // Exact, for the event; the search takes the same turns (an
            // estimate at or over `limit` only ever meant f ≥ the least
            // cut).
            let undo = space.apply(mv);
            (undo, space.heuristic())
        } else if D::PREPARES && k < PREPARED {
            space.apply_prepared(mv, prepared[k], limit)
        } else {
            space.apply_bounded(mv, limit)
        };
        let f = g2 + h;
        if run.watch.wants_nodes() {
            run.watch.event(&Event::Generate {
                g: g2,
                h,
                fate: if f > run.bound {
                    Fate::Pruned
                } else {
                    Fate::New
                },
                state: space.state_key(),
            });
        }
        if f > run.bound {
            run.least_cut = run.least_cut.min(f);
        } else if space.is_goal() {
            // Not gated on h = 0: see `collect`.
            if W::ON {
                run.watch.event(&Event::Goal { g: g2 });
            }
            run.path.push(mv);
            return Step::Found;
        } else {
            run.path.push(mv);
            match dfs(space, g2, Some(mv), next_state, run) {
                Step::Found => return Step::Found,
                // Its cuts are already the run's.
                Step::Next(_) => {}
                stop @ (Step::Stop(_) | Step::OverBudget) => return stop,
            }
            run.path.pop();
        }
        space.undo(mv, undo);
    }
    Step::Next(run.least_cut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Limits;
    use crate::outcome::Status;
    use std::sync::Arc;

    /// A counter that must reach 7 by ±1 steps, under an inconsistent
    /// heuristic (as a planted, edited table gives): wrong by `at_goal` on
    /// the goal itself, exact elsewhere.
    #[derive(Clone)]
    struct Wrong {
        at: i32,
        at_goal: u32,
    }

    impl DepthFirstSpace for Wrong {
        type Move = i32;
        type Moves = [i32; 2];
        type Undo = ();
        fn heuristic(&self) -> u32 {
            match self.at {
                7 => self.at_goal,
                n => (7 - n).unsigned_abs(),
            }
        }
        fn is_goal(&self) -> bool {
            self.at == 7
        }
        fn moves(&self) -> [i32; 2] {
            [1, -1]
        }
        fn apply(&mut self, m: i32) {
            self.at += m;
        }
        fn undo(&mut self, m: i32, _: ()) {
            self.at -= m;
        }
        fn undoes(&self, prev: i32, m: i32) -> bool {
            prev == -m
        }
    }

    /// A space that answers [`DepthFirstSpace::apply_bounded`] as lazily as
    /// its contract allows: `limit` itself for every estimate at or over it.
    #[derive(Clone)]
    struct Lazy<D>(D);

    impl<D: DepthFirstSpace> DepthFirstSpace for Lazy<D> {
        type Move = D::Move;
        type Moves = D::Moves;
        type Undo = D::Undo;
        fn heuristic(&self) -> u32 {
            self.0.heuristic()
        }
        fn is_goal(&self) -> bool {
            self.0.is_goal()
        }
        fn moves(&self) -> D::Moves {
            self.0.moves()
        }
        fn ordered_moves(&self) -> D::Moves {
            self.0.ordered_moves()
        }
        fn apply(&mut self, mv: D::Move) -> D::Undo {
            self.0.apply(mv)
        }
        fn apply_bounded(&mut self, mv: D::Move, limit: u32) -> (D::Undo, u32) {
            let undo = self.0.apply(mv);
            (undo, self.0.heuristic().min(limit))
        }
        fn undo(&mut self, mv: D::Move, undo: D::Undo) {
            self.0.undo(mv, undo)
        }
        fn undoes(&self, prev: D::Move, mv: D::Move) -> bool {
            self.0.undoes(prev, mv)
        }
        fn prune_step(&self, state: u32, mv: D::Move) -> Option<u32> {
            self.0.prune_step(state, mv)
        }
    }

    #[test]
    fn estimates_known_only_past_the_limit_change_nothing() {
        // The limit passed down (the least f cut so far) must only spare
        // work: the iterations' bounds, the nodes and the path stay those
        // of the search that knows every estimate exactly.
        use crate::tiles::heuristic::Manhattan;
        use crate::tiles::space::TileDfs;
        use crate::tiles::{Board, Shape, TilePuzzle, random_solvable};
        let ctl = Control::default().with_threads(1);
        let mut rng = crate::rng::seeded(18);
        for (rows, cols) in [(3, 3), (3, 3), (3, 3), (2, 5), (3, 4)] {
            let goal = Board::goal(Shape::new(rows, cols).unwrap());
            let start = random_solvable(&goal, &mut rng);
            let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
            let h = Manhattan::new(&goal);
            let exact = ida_star(&mut TileDfs::new(&puzzle, &h), &ctl);
            let lazy = ida_star(&mut Lazy(TileDfs::new(&puzzle, &h)), &ctl);
            assert_eq!(exact.status, Status::Solved);
            assert_eq!(lazy.path, exact.path, "{rows}x{cols}");
            assert_eq!(lazy.stats.expanded, exact.stats.expanded);
            assert_eq!(lazy.stats.generated, exact.stats.generated);
            assert_eq!(lazy.stats.bound, exact.stats.bound);
        }
    }

    #[test]
    fn a_goal_with_a_nonzero_estimate_is_still_found() {
        // Without the limit a search that never tests the goal would run
        // forever; with it, it would stop instead of solving.
        let ctl = Control::default().with_limits(Limits {
            max_nodes: Some(1_000_000),
            ..Limits::default()
        });
        for at_goal in [1, 3, 20] {
            let o = ida_star(&mut Wrong { at: 0, at_goal }, &ctl);
            assert_eq!(o.status, Status::Solved, "h(goal) = {at_goal}");
            let end: i32 = o.path.iter().sum();
            assert_eq!(end, 7, "the path reaches the goal");
        }
    }

    /// A walk on the integers from 0 to a goal, by ±1 steps, that notes at
    /// which depths the search asked for each of its two orders.
    #[derive(Clone)]
    struct Noted {
        at: i32,
        goal: i32,
        depth: u32,
        /// Bit d: asked for the plain order at depth d.
        plain: Arc<std::sync::atomic::AtomicU64>,
        /// Bit d: asked for the ordered moves at depth d.
        ordered: Arc<std::sync::atomic::AtomicU64>,
    }

    impl DepthFirstSpace for Noted {
        type Move = i32;
        type Moves = [i32; 2];
        type Undo = ();
        fn heuristic(&self) -> u32 {
            (self.goal - self.at).unsigned_abs()
        }
        fn is_goal(&self) -> bool {
            self.at == self.goal
        }
        fn moves(&self) -> [i32; 2] {
            self.plain.fetch_or(1 << self.depth, Ordering::Relaxed);
            [-1, 1]
        }
        fn ordered_moves(&self) -> [i32; 2] {
            self.ordered.fetch_or(1 << self.depth, Ordering::Relaxed);
            [1, -1]
        }
        fn apply(&mut self, m: i32) {
            self.at += m;
            self.depth += 1;
        }
        fn undo(&mut self, m: i32, _: ()) {
            self.at -= m;
            self.depth -= 1;
        }
        fn undoes(&self, prev: i32, m: i32) -> bool {
            prev == -m
        }
    }

    #[test]
    fn moves_are_ordered_near_the_root_only() {
        let goal = 3 * ORDERED_DEPTH as i32;
        let mut space = Noted {
            at: 0,
            goal,
            depth: 0,
            plain: Arc::default(),
            ordered: Arc::default(),
        };
        let (plain, ordered) = (Arc::clone(&space.plain), Arc::clone(&space.ordered));
        let o = ida_star(&mut space, &Control::default().with_threads(1));
        assert_eq!(o.status, Status::Solved);
        assert_eq!(o.path, vec![1; goal as usize]);
        let near_root = (1u64 << ORDERED_DEPTH) - 1;
        // Every depth the path passes is expanded once, in one order.
        let expanded = (1u64 << goal) - 1;
        assert_eq!(ordered.load(Ordering::Relaxed), near_root);
        assert_eq!(plain.load(Ordering::Relaxed), expanded & !near_root);
    }
}
