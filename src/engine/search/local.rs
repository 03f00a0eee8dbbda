//! Local searches: simulated annealing, tabu search and greedy hill
//! climbing. They walk from state to state guided by an energy (lower is
//! better) instead of searching systematically, so they are not optimal and
//! may fail; when a walk reaches the goal, its loops are erased (each revisit
//! of a state cuts the loop), which leaves a legal and much shorter path.
//!
//! All three are deterministic for a given seed and honour the same
//! [`Control`] as the exact searches (cancel, limits, progress), plus a
//! trace of their energies ([`Control::with_trace`]).

use std::collections::VecDeque;

use rand::RngExt;

use super::SearchSpace;
use crate::control::{Control, Meter, Sizes, TracePoint};
use crate::hash::StateMap;
use crate::observe::{Event, Proposed, Watch, Watched};
use crate::outcome::{Outcome, Status};

/// The control's event observer, if any, with its flag for having had
/// enough (see [`Control::with_events_until`]). The local searches test
/// it at run time rather than being compiled twice like the exact
/// searches: an iteration here costs far more than the test.
#[derive(Clone, Copy)]
struct Observer<'a>(Option<Watched<'a>>);

impl<'a> Observer<'a> {
    fn of(ctl: &'a Control) -> Self {
        Self(Watched::of(ctl))
    }

    /// The observer, for the rare events (a restart, the goal).
    fn any(self) -> Option<Watched<'a>> {
        self.0
    }

    /// The observer while it still wants the events of every step (the
    /// proposals, the tabu list's changes), each with a state.
    fn states(self) -> Option<Watched<'a>> {
        self.0.filter(|w| w.wants_nodes())
    }
}

/// Report a move weighed from a state of energy `energy` to `next`.
#[allow(clippy::too_many_arguments)] // one per field of the event
fn propose<S: SearchSpace>(
    watch: Observer<'_>,
    space: &S,
    iteration: u64,
    energy: f64,
    (proposed, next): (f64, &S::State),
    annealing: Option<(f64, f64)>,
    tabu: bool,
    accepted: bool,
) {
    if let Some(w) = watch.states() {
        w.event(&Event::Propose(Box::new(Proposed {
            iteration,
            energy,
            proposed,
            temperature: annealing.map(|(t, _)| t),
            probability: annealing.map(|(_, p)| p),
            tabu,
            accepted,
            state: space.state_key(next),
        })));
    }
}

/// Simulated annealing settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnnealParams {
    /// Random seed.
    pub seed: u64,
    /// Starting temperature (> 0).
    pub t0: f64,
    /// Base cooling factor per iteration, in (0, 1); the adaptive schedule
    /// moves it within [0.999, 0.9999].
    pub alpha: f64,
    /// Iterations per acceptance window (≥ 1).
    pub window: u64,
    /// Iterations per run (≥ 1).
    pub max_iters: u64,
    /// Extra runs from the start after a run fails.
    pub restarts: u32,
    /// Temperature floor.
    pub t_min: f64,
}

impl AnnealParams {
    /// The defaults.
    pub const DEFAULT: Self = Self {
        seed: 1,
        t0: 2.0,
        alpha: 0.99985,
        window: 1000,
        max_iters: 100_000,
        restarts: 20,
        t_min: 1e-3,
    };
}

impl Default for AnnealParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Tabu search settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TabuParams {
    /// Random seed (ties and diversification).
    pub seed: u64,
    /// How many recent states are tabu (≥ 1).
    pub tenure: usize,
    /// Iterations in all (≥ 1).
    pub max_iters: u64,
    /// Iterations without a new best before a random kick diversifies the
    /// walk (0: never).
    pub stall: u64,
    /// Score added per step of the walk (the article's small step penalty).
    pub step_penalty: f64,
}

impl TabuParams {
    /// The defaults.
    pub const DEFAULT: Self = Self {
        seed: 1,
        tenure: 100_000,
        max_iters: 200_000,
        stall: 0,
        step_penalty: 0.0,
    };
}

impl Default for TabuParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Greedy settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyParams {
    /// Random seed (ties between equally good moves).
    pub seed: u64,
    /// Most moves.
    pub max_iters: u64,
}

impl GreedyParams {
    /// The defaults.
    pub const DEFAULT: Self = Self {
        seed: 1,
        max_iters: 1_000_000,
    };
}

impl Default for GreedyParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The walk so far: moves and the states they lead to, from `start`.
struct Walk<S: SearchSpace> {
    start: S::State,
    steps: Vec<(S::Move, S::State)>,
    raw: u64,
}

impl<S: SearchSpace> Walk<S> {
    fn new(start: S::State) -> Self {
        Self {
            start,
            steps: Vec::new(),
            raw: 0,
        }
    }

    fn push(&mut self, mv: S::Move, state: S::State) {
        self.steps.push((mv, state));
        self.raw += 1;
    }

    fn bytes(&self) -> u64 {
        (self.steps.len() * std::mem::size_of::<(S::Move, S::State)>()) as u64
    }

    fn growth(&self) -> u64 {
        if self.steps.len() + 4096 >= self.steps.capacity() {
            (self.steps.capacity().max(16) * 2 * std::mem::size_of::<(S::Move, S::State)>()) as u64
        } else {
            0
        }
    }

    /// The walk with its loops erased.
    fn erased(&self) -> Vec<S::Move> {
        erase_loops(self.start, &self.steps)
    }
}

/// Erase the loops of a walk from `start`: whenever a state comes back, the
/// moves since its first visit are cut. The result leads from `start` to the
/// walk's last state and visits no state twice.
///
/// ```
/// use huarong_engine::search::erase_loops;
/// // 0 → 1 → 2 → 1 → 3: the loop 1 → 2 → 1 goes.
/// let walk = [('a', 1), ('b', 2), ('c', 1), ('d', 3)];
/// assert_eq!(erase_loops(0, &walk), vec!['a', 'd']);
/// ```
pub fn erase_loops<S: Copy + Eq + std::hash::Hash, M: Copy>(start: S, walk: &[(M, S)]) -> Vec<M> {
    let mut at: StateMap<S, usize> = StateMap::default();
    at.insert(start, 0);
    let mut path: Vec<(M, S)> = Vec::new();
    for &(mv, s) in walk {
        match at.get(&s) {
            Some(&len) => {
                for (_, gone) in path.drain(len..) {
                    at.remove(&gone);
                }
                at.insert(s, len); // still there: `start` or the kept entry
            }
            None => {
                path.push((mv, s));
                at.insert(s, path.len());
            }
        }
    }
    path.into_iter().map(|(m, _)| m).collect()
}

/// Iterations a trace reports one by one before it starts thinning out.
pub const TRACE_DENSE: u64 = 1024;

/// Which iterations a local search reports in its trace: every one of the
/// first [`TRACE_DENSE`], then every 2nd up to twice that, every 4th up to
/// four times that, and so on — so a short run shows each step and a long
/// one sends about `TRACE_DENSE / 2` points per doubling of its length. The
/// first point (iteration 0, the start) and the last (where the run ended)
/// are always sent.
struct Tracer<'a> {
    ctl: &'a Control,
    stride: u64,
    /// The stride doubles once an iteration this far is reported.
    next_doubling: u64,
    last_sent: Option<u64>,
}

impl<'a> Tracer<'a> {
    fn new(ctl: &'a Control) -> Self {
        Self {
            ctl,
            stride: 1,
            next_doubling: TRACE_DENSE,
            last_sent: None,
        }
    }

    /// Report `iteration` if it is due; `point` is built only then.
    fn at(&mut self, iteration: u64, point: impl FnOnce() -> TracePoint) {
        if self.ctl.on_trace.is_some() && iteration.is_multiple_of(self.stride) {
            self.last(point());
        }
    }

    /// Report `point` whatever its iteration (the start, the end), unless
    /// its iteration was the last one reported.
    fn last(&mut self, point: TracePoint) {
        let Some(f) = &self.ctl.on_trace else { return };
        if self.last_sent == Some(point.iteration) {
            return;
        }
        f(&point);
        self.last_sent = Some(point.iteration);
        while point.iteration >= self.next_doubling {
            self.stride *= 2;
            self.next_doubling = self.next_doubling.saturating_mul(2);
        }
    }
}

/// A trace point of tabu search or greedy (no temperature, no acceptance).
fn plain_point(iteration: u64, current: f64, best: f64) -> TracePoint {
    TracePoint {
        iteration,
        temperature: None,
        current,
        best,
        acceptance: None,
    }
}

/// An annealing trace point: after `iteration` iterations at temperature
/// `t`, energy `current` (`best` so far), `acceptance` the share of recent
/// proposals accepted (none before the first proposal).
fn anneal_point(
    iteration: u64,
    t: f64,
    current: f64,
    best: f64,
    acceptance: Option<f64>,
) -> TracePoint {
    TracePoint {
        iteration,
        temperature: Some(t),
        current,
        best,
        acceptance,
    }
}

fn sizes<S: SearchSpace>(walk: &Walk<S>, extra: u64) -> Sizes {
    Sizes {
        frontier: walk.steps.len() as u64,
        stored: walk.steps.len() as u64,
        bytes: walk.bytes() + extra,
        growth: walk.growth(),
        bound: None,
    }
}

fn solved<S: SearchSpace>(meter: Meter<'_>, walk: &Walk<S>, extra: u64) -> Outcome<S::Move> {
    let watch = meter.control().on_event.clone();
    let mut stats = meter.finish(sizes(walk, extra));
    stats.walk_length = Some(walk.raw);
    let path = walk.erased();
    if let Some(w) = watch {
        w(&Event::Goal {
            g: path.len() as u32,
        });
    }
    Outcome::solved(path, stats)
}

fn not_found<M>(
    meter: Meter<'_>,
    sizes: Sizes,
    raw: u64,
    what: &str,
    best: f64,
    iterations: u64,
) -> Outcome<M> {
    let mut stats = meter.finish(sizes);
    stats.walk_length = Some(raw);
    Outcome {
        status: Status::NotFound,
        path: Vec::new(),
        stats,
        reason: Some(format!(
            "no solution in {iterations} iterations; best {what} reached {best}"
        )),
    }
}

/// Simulated annealing from `start`: propose a random legal move, accept it
/// always when the energy drops and otherwise with probability exp(−ΔE/T)
/// (Metropolis). T cools by α each iteration; over each window the
/// acceptance rate steers the schedule as in the article: above 80 % α
/// drops (cool faster, down to 0.999), below 5 % α rises (up to 0.9999) and
/// T is reheated ×1.5; T never falls below `t_min`. A run that uses up
/// `max_iters` starts again from `start` while restarts remain.
///
/// ```
/// use huarong_engine::search::{AnnealParams, SearchSpace, anneal};
/// use huarong_engine::{Control, Status};
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
/// let o = anneal(&Line, 0, |s: &i32| (9 - s).abs() as f64, &AnnealParams::default(), &Control::default());
/// assert_eq!(o.status, Status::Solved);
/// assert_eq!(o.path.iter().sum::<i32>(), 9);
/// assert!(o.stats.walk_length.unwrap() >= o.path.len() as u64);
/// ```
pub fn anneal<S: SearchSpace>(
    space: &S,
    start: S::State,
    energy: impl Fn(&S::State) -> f64,
    p: &AnnealParams,
    ctl: &Control,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let mut rng = crate::rng::seeded(p.seed);
    let mut tracer = Tracer::new(ctl);
    let mut buf = Vec::new();
    let mut best = energy(&start);
    let mut total = 0u64;
    let mut raw = 0u64;
    let window = p.window.max(1);
    // The state of the run under way, kept outside it for the last trace
    // point.
    let (mut e, mut t) = (best, p.t0);
    // Share of recent proposals accepted: the mean over the run's first
    // window, then a moving average over about one window.
    let mut acceptance = None;
    tracer.last(anneal_point(0, t, e, best, acceptance));
    let watch = Observer::of(ctl);
    for run in 0..=p.restarts {
        if run > 0
            && let Some(w) = watch.any()
        {
            w.event(&Event::Restart { run });
        }
        let mut walk = Walk::<S>::new(start);
        if space.is_goal(&start) {
            return solved(meter, &walk, 0);
        }
        let mut cur = start;
        e = energy(&cur);
        t = p.t0;
        acceptance = None;
        let mut alpha = p.alpha;
        let mut accepted = 0u64;
        for i in 0..p.max_iters {
            if meter.expand()
                && let Err(stop) = meter.poll(sizes(&walk, 0))
            {
                tracer.last(anneal_point(total, t, e, best, acceptance));
                let mut stats = meter.finish(sizes(&walk, 0));
                stats.walk_length = Some(raw + walk.raw);
                return Outcome::stopped(stop, stats);
            }
            total += 1;
            buf.clear();
            space.successors(&cur, &mut buf);
            meter.generated(buf.len() as u64);
            if buf.is_empty() {
                break; // a state with no moves: nothing to walk to
            }
            let (mv, next) = buf[rng.random_range(0..buf.len())];
            let e2 = energy(&next);
            let delta = e2 - e;
            let chance = if delta <= 0.0 {
                1.0
            } else {
                (-delta / t).exp()
            };
            let taken = delta <= 0.0 || rng.random::<f64>() < chance;
            propose(
                watch,
                space,
                total - 1,
                e,
                (e2, &next),
                Some((t, chance)),
                false,
                taken,
            );
            let seen = (i + 1).min(window) as f64;
            let rate = acceptance.unwrap_or(0.0);
            acceptance = Some(rate + (f64::from(u8::from(taken)) - rate) / seen);
            if taken {
                cur = next;
                e = e2;
                accepted += 1;
                walk.push(mv, next);
                best = best.min(e);
                if space.is_goal(&cur) {
                    tracer.last(anneal_point(total, t, e, best, acceptance));
                    walk.raw += raw;
                    return solved(meter, &walk, 0);
                }
            }
            t = (t * alpha).max(p.t_min);
            if (i + 1) % window == 0 {
                let rate = accepted as f64 / window as f64;
                if rate > 0.80 {
                    alpha = (alpha - 0.0002).max(0.9990);
                } else if rate < 0.05 {
                    alpha = (alpha + 0.0003).min(0.9999);
                    t *= 1.5;
                } else {
                    alpha = p.alpha;
                }
                accepted = 0;
            }
            tracer.at(total, || anneal_point(total, t, e, best, acceptance));
        }
        raw += walk.raw;
    }
    tracer.last(anneal_point(total, t, e, best, acceptance));
    not_found(meter, Sizes::default(), raw, "energy", best, total)
}

/// Tabu search from `start`: each iteration moves to the best-scoring
/// neighbour that is not among the last `tenure` states visited — or to a
/// tabu one if it beats the best score so far (aspiration), or to the best
/// tabu one if every neighbour is tabu. Ties are broken at random. After
/// `stall` iterations without a new best, a few random moves kick the walk
/// elsewhere (diversification). The score is `score(state)` plus
/// `step_penalty` per step walked.
///
/// ```
/// use huarong_engine::search::{SearchSpace, TabuParams, tabu};
/// use huarong_engine::{Control, Status};
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
/// let o = tabu(&Line, 0, |s: &i32| (9 - s).abs() as f64, &TabuParams::default(), &Control::default());
/// assert_eq!((o.status, o.path.len()), (Status::Solved, 9));
/// ```
pub fn tabu<S: SearchSpace>(
    space: &S,
    start: S::State,
    score: impl Fn(&S::State) -> f64,
    p: &TabuParams,
    ctl: &Control,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let mut rng = crate::rng::seeded(p.seed);
    let mut tracer = Tracer::new(ctl);
    let mut walk = Walk::<S>::new(start);
    // The score of the state reached after `steps` steps.
    let scored = |s: &S::State, steps: usize| score(s) + p.step_penalty * steps as f64;
    let mut best = score(&start);
    tracer.last(plain_point(0, best, best));
    if space.is_goal(&start) {
        return solved(meter, &walk, 0);
    }
    let tenure = p.tenure.max(1);
    // The tabu list: the last `tenure` states walked, each with the
    // iteration it was last visited at.
    let mut recent: VecDeque<(S::State, u64)> = VecDeque::with_capacity(tenure + 1);
    let mut last_visit: StateMap<S::State, u64> = StateMap::default();
    let entry = std::mem::size_of::<(S::State, u64)>() as u64 * 2 + 1;
    let mut cur = start;
    let mut since_best = 0u64;
    let mut iterations = 0u64;
    let mut buf = Vec::new();
    let mut ties = Vec::new();
    let mut scores: Vec<f64> = Vec::new();
    let watch = Observer::of(ctl);
    for i in 0..p.max_iters {
        let table = last_visit.len() as u64 * entry;
        if meter.expand()
            && let Err(stop) = meter.poll(sizes(&walk, table))
        {
            tracer.last(plain_point(i, scored(&cur, walk.steps.len()), best));
            let mut stats = meter.finish(sizes(&walk, table));
            stats.walk_length = Some(walk.raw);
            return Outcome::stopped(stop, stats);
        }
        buf.clear();
        space.successors(&cur, &mut buf);
        meter.generated(buf.len() as u64);
        if buf.is_empty() {
            break;
        }
        let penalty = p.step_penalty * (walk.steps.len() + 1) as f64;
        scores.clear();
        scores.extend(buf.iter().map(|(_, n)| score(n) + penalty));
        let (mut best_free, mut best_tabu) = (f64::INFINITY, f64::INFINITY);
        for ((_, n), &s) in buf.iter().zip(&scores) {
            if last_visit.contains_key(n) {
                best_tabu = best_tabu.min(s);
            } else {
                best_free = best_free.min(s);
            }
        }
        ties.clear();
        let aspiration = best_tabu < best && best_tabu < best_free;
        let target = if aspiration {
            // Aspiration: a tabu move that beats the best so far.
            ties.extend((0..buf.len()).filter(|&k| scores[k] == best_tabu));
            best_tabu
        } else if best_free.is_finite() {
            ties.extend(
                (0..buf.len())
                    .filter(|&k| scores[k] == best_free && !last_visit.contains_key(&buf[k].1)),
            );
            best_free
        } else {
            // Every neighbour is tabu: go back to the one left longest ago,
            // so the walk does not bounce between two recent states.
            let oldest = buf
                .iter()
                .map(|(_, n)| last_visit[n])
                .min()
                .expect("a neighbour");
            ties.extend((0..buf.len()).filter(|&k| last_visit[&buf[k].1] == oldest));
            ties.iter()
                .map(|&k| scores[k])
                .fold(f64::INFINITY, f64::min)
        };
        let chosen = ties[rng.random_range(0..ties.len())];
        let (mv, next) = buf[chosen];
        if watch.states().is_some() {
            // Every neighbour weighed, the one taken last.
            let now = scored(&cur, walk.steps.len());
            let order = (0..buf.len()).filter(|&k| k != chosen).chain([chosen]);
            for k in order {
                let (_, n) = &buf[k];
                let tabu = last_visit.contains_key(n);
                propose(
                    watch,
                    space,
                    i,
                    now,
                    (scores[k], n),
                    None,
                    tabu,
                    k == chosen,
                );
            }
        }
        if aspiration && let Some(w) = watch.any() {
            w.event(&Event::Aspiration {
                score: target,
                best,
            });
        }
        cur = next;
        walk.push(mv, next);
        iterations = i + 1;
        if space.is_goal(&cur) {
            tracer.last(plain_point(iterations, target, best.min(target)));
            return solved(meter, &walk, table);
        }
        // Remember the state as tabu; forget the oldest beyond the tenure.
        last_visit.insert(cur, i);
        recent.push_back((cur, i));
        if let Some(w) = watch.states() {
            w.event(&Event::TabuAdd {
                len: last_visit.len(),
                state: space.state_key(&cur),
            });
        }
        if recent.len() > tenure
            && let Some((old, when)) = recent.pop_front()
            && last_visit.get(&old) == Some(&when)
        {
            last_visit.remove(&old);
            if let Some(w) = watch.states() {
                w.event(&Event::TabuExpire {
                    state: space.state_key(&old),
                });
            }
        }
        if target < best {
            best = target;
            since_best = 0;
        } else {
            since_best += 1;
        }
        if p.stall > 0 && since_best >= p.stall {
            // Diversify: a short random walk.
            if let Some(w) = watch.any() {
                w.event(&Event::Diversify);
            }
            for _ in 0..10 {
                buf.clear();
                space.successors(&cur, &mut buf);
                if buf.is_empty() {
                    break;
                }
                let (mv, next) = buf[rng.random_range(0..buf.len())];
                if watch.states().is_some() {
                    let steps = walk.steps.len();
                    let (now, then) = (scored(&cur, steps), scored(&next, steps + 1));
                    let tabu = last_visit.contains_key(&next);
                    propose(watch, space, i, now, (then, &next), None, tabu, true);
                }
                cur = next;
                walk.push(mv, next);
                if space.is_goal(&cur) {
                    let reached = scored(&cur, walk.steps.len());
                    tracer.last(plain_point(iterations, reached, best.min(reached)));
                    return solved(meter, &walk, table);
                }
            }
            since_best = 0;
        }
        tracer.at(iterations, || {
            plain_point(iterations, scored(&cur, walk.steps.len()), best)
        });
    }
    tracer.last(plain_point(
        iterations,
        scored(&cur, walk.steps.len()),
        best,
    ));
    let raw = walk.raw;
    not_found(meter, sizes(&walk, 0), raw, "score", best, p.max_iters)
}

/// Greedy hill climbing from `start`: always move to the best neighbour,
/// and only if it is strictly better; stop at the goal or at a local
/// minimum, where it reports `not_found` with the energy reached. The
/// baseline that shows why annealing and tabu search exist.
///
/// ```
/// use huarong_engine::search::{GreedyParams, SearchSpace, greedy};
/// use huarong_engine::{Control, Status};
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
/// let o = greedy(&Line, 0, |s: &i32| (9 - s).abs() as f64, &GreedyParams::default(), &Control::default());
/// assert_eq!((o.status, o.path.len()), (Status::Solved, 9));
/// // A bump in the energy at 5 traps it.
/// let o = greedy(&Line, 0, |s: &i32| if *s == 5 { 99.0 } else { (9 - s).abs() as f64 }, &GreedyParams::default(), &Control::default());
/// assert_eq!(o.status, Status::NotFound);
/// ```
pub fn greedy<S: SearchSpace>(
    space: &S,
    start: S::State,
    energy: impl Fn(&S::State) -> f64,
    p: &GreedyParams,
    ctl: &Control,
) -> Outcome<S::Move> {
    let mut meter = Meter::new(ctl);
    let mut rng = crate::rng::seeded(p.seed);
    let mut tracer = Tracer::new(ctl);
    let mut walk = Walk::<S>::new(start);
    let mut cur = start;
    let mut e = energy(&cur);
    tracer.last(plain_point(0, e, e));
    let mut buf = Vec::new();
    let mut ties = Vec::new();
    let mut energies: Vec<f64> = Vec::new();
    let watch = Observer::of(ctl);
    for i in 0..p.max_iters {
        if space.is_goal(&cur) {
            tracer.last(plain_point(i, e, e));
            return solved(meter, &walk, 0);
        }
        if meter.expand()
            && let Err(stop) = meter.poll(sizes(&walk, 0))
        {
            tracer.last(plain_point(i, e, e));
            let mut stats = meter.finish(sizes(&walk, 0));
            stats.walk_length = Some(walk.raw);
            return Outcome::stopped(stop, stats);
        }
        buf.clear();
        space.successors(&cur, &mut buf);
        meter.generated(buf.len() as u64);
        // Each neighbour's energy, computed once.
        energies.clear();
        energies.extend(buf.iter().map(|(_, n)| energy(n)));
        let best = energies.iter().copied().fold(f64::INFINITY, f64::min);
        if best >= e {
            if let Some(w) = watch.any() {
                for ((_, n), &to) in buf.iter().zip(&energies) {
                    propose(watch, space, i, e, (to, n), None, false, false);
                }
                w.event(&Event::LocalMinimum { energy: e });
            }
            tracer.last(plain_point(i, e, e));
            let raw = walk.raw;
            return not_found(meter, sizes(&walk, 0), raw, "energy", e, i);
        }
        ties.clear();
        ties.extend((0..buf.len()).filter(|&k| energies[k] == best));
        let chosen = ties[rng.random_range(0..ties.len())];
        let (mv, next) = buf[chosen];
        if watch.states().is_some() {
            // Every neighbour weighed, the one taken last.
            let order = (0..buf.len()).filter(|&k| k != chosen).chain([chosen]);
            for k in order {
                let to = (energies[k], &buf[k].1);
                propose(watch, space, i, e, to, None, false, k == chosen);
            }
        }
        cur = next;
        e = best;
        walk.push(mv, next);
        tracer.at(i + 1, || plain_point(i + 1, e, e));
    }
    tracer.last(plain_point(p.max_iters, e, e));
    if space.is_goal(&cur) {
        return solved(meter, &walk, 0);
    }
    let raw = walk.raw;
    not_found(meter, sizes(&walk, 0), raw, "energy", e, p.max_iters)
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// Walk on the integers by ±1; the goal is `goal` (none: never).
    struct Line {
        goal: Option<i32>,
    }

    impl SearchSpace for Line {
        type State = i32;
        type Move = i32;
        fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) {
            out.push((1, s + 1));
            out.push((-1, s - 1));
        }
        fn is_goal(&self, s: &i32) -> bool {
            Some(*s) == self.goal
        }
    }

    fn distance_to_9(s: &i32) -> f64 {
        f64::from((9 - s).abs())
    }

    /// A control whose trace is collected, and the collection.
    fn recording() -> (Control, Arc<Mutex<Vec<TracePoint>>>) {
        let points = Arc::new(Mutex::new(Vec::new()));
        let sink = points.clone();
        let ctl = Control::default().with_trace(move |p| sink.lock().unwrap().push(*p));
        (ctl, points)
    }

    fn iterations(points: &[TracePoint]) -> Vec<u64> {
        points.iter().map(|p| p.iteration).collect()
    }

    #[test]
    fn a_short_greedy_run_records_the_start_and_every_move() {
        let (ctl, points) = recording();
        let o = greedy(
            &Line { goal: Some(9) },
            0,
            distance_to_9,
            &GreedyParams::DEFAULT,
            &ctl,
        );
        assert_eq!(o.path.len(), 9);
        let points = points.lock().unwrap();
        assert_eq!(iterations(&points), (0..=9).collect::<Vec<u64>>());
        // Each point is the energy after that many moves: 9, 8, …, 0.
        let energies: Vec<f64> = points.iter().map(|p| p.current).collect();
        let expected: Vec<f64> = (0..=9).rev().map(f64::from).collect();
        assert_eq!(energies, expected);
    }

    #[test]
    fn a_short_annealing_or_tabu_run_of_k_iterations_records_k_plus_1_points() {
        let k = 50;
        let (ctl, points) = recording();
        let p = AnnealParams {
            max_iters: k,
            restarts: 0,
            ..AnnealParams::DEFAULT
        };
        let o = anneal(&Line { goal: None }, 0, distance_to_9, &p, &ctl);
        assert_eq!(o.status, Status::NotFound);
        let points = points.lock().unwrap().clone();
        assert_eq!(iterations(&points), (0..=k).collect::<Vec<u64>>());
        assert!(points.iter().all(|p| p.temperature.is_some()));
        assert_eq!(points[0].acceptance, None, "nothing proposed yet");
        assert!(
            points[1..]
                .iter()
                .all(|p| p.acceptance.is_some_and(|a| (0.0..=1.0).contains(&a)))
        );
        // The best energy never rises, and no current one is below it.
        for w in points.windows(2) {
            assert!(w[1].best <= w[0].best);
        }
        assert!(points.iter().all(|p| p.current >= p.best));

        let (ctl, points) = recording();
        let p = TabuParams {
            max_iters: 20,
            ..TabuParams::DEFAULT
        };
        tabu(&Line { goal: None }, 0, distance_to_9, &p, &ctl);
        assert_eq!(
            iterations(&points.lock().unwrap()),
            (0..=20).collect::<Vec<u64>>()
        );
    }

    #[test]
    fn a_long_run_is_thinned_but_keeps_its_first_and_last_iteration() {
        let k = 300_000;
        let (ctl, points) = recording();
        let p = AnnealParams {
            max_iters: k,
            restarts: 0,
            ..AnnealParams::DEFAULT
        };
        anneal(&Line { goal: None }, 0, distance_to_9, &p, &ctl);
        let its = iterations(&points.lock().unwrap());
        assert_eq!(its.first(), Some(&0));
        assert_eq!(its.last(), Some(&k));
        assert!(its.windows(2).all(|w| w[0] < w[1]), "in order, no repeats");
        // Dense at first: every iteration up to TRACE_DENSE.
        assert_eq!(
            its[..=TRACE_DENSE as usize],
            (0..=TRACE_DENSE).collect::<Vec<u64>>()
        );
        // Then about TRACE_DENSE / 2 points per doubling of the length.
        let doublings = (k as f64 / TRACE_DENSE as f64).log2().ceil() as usize;
        let most = TRACE_DENSE as usize + doublings * (TRACE_DENSE as usize / 2) + 2;
        assert!(
            its.len() < most && its.len() > most / 2,
            "{} points",
            its.len()
        );
    }

    #[test]
    fn a_stopped_run_ends_its_trace_where_it_stopped() {
        // Cancelled from the trace itself once 100 iterations are reported.
        let points = Arc::new(Mutex::new(Vec::new()));
        let sink = points.clone();
        let cancel = crate::CancelToken::new();
        let token = cancel.clone();
        let ctl = Control::default()
            .with_cancel(cancel)
            .with_trace(move |p: &TracePoint| {
                sink.lock().unwrap().push(*p);
                if p.iteration == 100 {
                    token.cancel();
                }
            });
        let o = tabu(
            &Line { goal: None },
            0,
            distance_to_9,
            &TabuParams::DEFAULT,
            &ctl,
        );
        assert_eq!(o.status, Status::Cancelled);
        let its = iterations(&points.lock().unwrap());
        // The last point is where the run stopped (the meter counts the
        // iteration it stopped in as expanded), after the reported ones.
        let done = o.stats.expanded - 1;
        assert!(done >= 100);
        assert_eq!(its.last(), Some(&done));
        assert!(its.windows(2).all(|w| w[0] < w[1]));
    }
}
