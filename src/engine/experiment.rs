//! Runs summarised and aggregated: the numbers compare tables, experiments
//! and batches show, written once for the CLI and the app. A
//! [`RunSummary`] is what one run of one configuration gave; runs of several
//! configurations on one start have their disagreements flagged
//! ([`flag_disagreements`]); runs of one configuration over many starts are
//! aggregated ([`Aggregate`]). The random starts of an experiment come from
//! [`tile_start`] and [`scramble`]; those at an exact distance from the
//! goal, for search cost by solution depth ([`DepthCost`]), from
//! [`starts_at_depth`].

use rand::RngExt;

use crate::klotski::space::{piece_moves, unit_steps};
use crate::klotski::{KMove, Layout};
use crate::observe::effective_branching;
use crate::outcome::{Outcome, Status};
use crate::tiles::table::DistanceTable;
use crate::tiles::{Board, Dir, random_solvable, shuffled};

/// Klotski solutions counted both ways.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KlotskiCount {
    /// Unit steps (one piece one cell).
    pub steps: usize,
    /// Piece moves (runs of steps by one piece).
    pub moves: usize,
}

/// The numbers of one run that tables and aggregates use.
///
/// ```
/// use huarong_engine::experiment::RunSummary;
/// use huarong_engine::{Control, HeuristicChoice, Status, TilePuzzle, solve_tiles, strategy};
/// let p = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
/// let o = solve_tiles(strategy::find("bfs").unwrap(), &p, &HeuristicChoice::Manhattan, &Control::default()).unwrap();
/// let s = RunSummary::of(&o);
/// assert_eq!((s.status, s.solution_length(), s.optimal), (Status::Solved, Some(2), true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunSummary {
    /// How the run ended.
    #[serde(with = "crate::outcome::status_whole")]
    pub status: Status,
    /// Whether its solution is guaranteed shortest.
    pub optimal: bool,
    /// A bounded-suboptimal run: its path is at most this many times the
    /// shortest.
    pub within: Option<f64>,
    /// Length of the path in the puzzle's count (tile moves; Klotski in
    /// the metric searched); 0 unless solved.
    pub length: usize,
    /// Klotski: the solution's unit steps and piece moves.
    pub klotski: Option<KlotskiCount>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Most nodes held at once.
    pub peak_stored: u64,
    /// The search's own peak memory, bytes.
    pub peak_bytes: u64,
    /// The read-only tables it consulted (a pattern database), bytes.
    pub database_bytes: u64,
    /// Time, milliseconds.
    pub ms: f64,
    /// Local searches: the raw walk's length before its loops were erased.
    pub walk_length: Option<u64>,
    /// Set by [`flag_disagreements`]: this run claims an optimal solution
    /// whose length another run on the same start contradicts (a bug).
    pub disagrees: bool,
}

impl RunSummary {
    /// The summary of `outcome`.
    pub fn of<M>(outcome: &Outcome<M>) -> Self {
        let s = &outcome.stats;
        Self {
            status: outcome.status,
            optimal: s.optimal,
            within: s.within,
            length: outcome.path.len(),
            klotski: None,
            expanded: s.expanded,
            generated: s.generated,
            peak_stored: s.peak_stored,
            peak_bytes: s.peak_bytes,
            database_bytes: s.database_bytes,
            ms: s.elapsed.as_secs_f64() * 1e3,
            walk_length: s.walk_length,
            disagrees: false,
        }
    }

    /// The summary of a Klotski `outcome` from `layout`, with its unit
    /// steps and piece moves (zero if the path does not replay).
    pub fn of_klotski(layout: &Layout, outcome: &Outcome<KMove>) -> Self {
        let steps = unit_steps(layout, &outcome.path).unwrap_or_default();
        Self {
            klotski: Some(KlotskiCount {
                steps: steps.len(),
                moves: piece_moves(&steps),
            }),
            ..Self::of(outcome)
        }
    }

    /// Whether the run found a solution.
    pub fn solved(&self) -> bool {
        self.status == Status::Solved
    }

    /// The solution's length, if solved.
    pub fn solution_length(&self) -> Option<usize> {
        self.solved().then_some(self.length)
    }

    /// Whether it holds a solution claimed shortest.
    fn claims_shortest(&self) -> bool {
        self.solved() && self.optimal
    }
}

/// Runs on one start that claim a shortest solution must agree on its
/// length; if they do not (a bug), every such run is flagged
/// ([`RunSummary::disagrees`]) and the lengths are returned. Runs that claim
/// nothing (local searches, unsolved runs) are never flagged.
///
/// ```
/// use huarong_engine::experiment::{RunSummary, flag_disagreements};
/// use huarong_engine::{Outcome, Stats};
/// let run = |len: usize, optimal| RunSummary::of(&Outcome::solved(vec![0u8; len], Stats { optimal, ..Stats::default() }));
/// let mut runs = [run(31, true), run(33, true), run(85, false)];
/// assert_eq!(flag_disagreements(runs.iter_mut()), Some(vec![31, 33]));
/// assert_eq!(runs.map(|r| r.disagrees), [true, true, false]);
/// ```
pub fn flag_disagreements<'a>(
    runs: impl IntoIterator<Item = &'a mut RunSummary>,
) -> Option<Vec<usize>> {
    let claims: Vec<&mut RunSummary> = runs
        .into_iter()
        .filter_map(|r| {
            r.disagrees = false;
            r.claims_shortest().then_some(r)
        })
        .collect();
    let lengths: Vec<usize> = claims.iter().map(|r| r.length).collect();
    if lengths.windows(2).all(|w| w[0] == w[1]) {
        return None;
    }
    for r in claims {
        r.disagrees = true;
    }
    Some(lengths)
}

/// The median of `v` (the mean of the middle two for an even count), or
/// `None` when it is empty. Sorts `v`.
///
/// ```
/// use huarong_engine::experiment::median;
/// assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
/// assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
/// assert_eq!(median(&mut []), None);
/// ```
pub fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// The mean of `v`, or `None` when it is empty.
pub fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// One configuration's runs over many starts, aggregated.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Aggregate {
    /// Runs (starts).
    pub runs: usize,
    /// Runs solved.
    pub solved: usize,
    /// Mean length of the solved runs.
    pub mean_length: Option<f64>,
    /// Median length of the solved runs.
    pub median_length: Option<f64>,
    /// Mean nodes expanded over all runs.
    pub mean_expanded: f64,
    /// Mean nodes generated over all runs.
    pub mean_generated: f64,
    /// Mean time over all runs, ms.
    pub mean_ms: f64,
    /// Median time over all runs, ms.
    pub median_ms: f64,
    /// The largest search memory of any run.
    pub max_peak_bytes: u64,
    /// The largest database any run consulted (the same for all runs of
    /// one configuration).
    pub max_database_bytes: u64,
    /// Runs flagged by [`flag_disagreements`].
    pub disagreements: usize,
}

impl Aggregate {
    /// The aggregate of `runs`, or `None` when there are none.
    pub fn of(runs: &[RunSummary]) -> Option<Self> {
        let n = runs.len() as f64;
        let mut lengths: Vec<f64> = runs
            .iter()
            .filter_map(|r| r.solution_length())
            .map(|l| l as f64)
            .collect();
        let mut times: Vec<f64> = runs.iter().map(|r| r.ms).collect();
        Some(Self {
            runs: runs.len(),
            solved: lengths.len(),
            mean_length: mean(&lengths),
            median_length: median(&mut lengths),
            mean_expanded: runs.iter().map(|r| r.expanded as f64).sum::<f64>() / n,
            mean_generated: runs.iter().map(|r| r.generated as f64).sum::<f64>() / n,
            mean_ms: mean(&times)?,
            median_ms: median(&mut times)?,
            max_peak_bytes: runs.iter().map(|r| r.peak_bytes).max().unwrap_or(0),
            max_database_bytes: runs.iter().map(|r| r.database_bytes).max().unwrap_or(0),
            disagreements: runs.iter().filter(|r| r.disagrees).count(),
        })
    }

    /// Share of runs solved, in percent.
    pub fn solved_pct(&self) -> f64 {
        100.0 * self.solved as f64 / self.runs.max(1) as f64
    }
}

/// A random tile start for `goal`: `shuffle` random moves from it, or
/// uniformly random among the solvable ones when `None`.
pub fn tile_start(goal: &Board, shuffle: Option<usize>, rng: &mut impl rand::Rng) -> Board {
    match shuffle {
        Some(k) => shuffled(goal, k, rng).0,
        None => random_solvable(goal, rng),
    }
}

/// `count` starts exactly `depth` moves from the table's goal, drawn
/// uniformly from that layer of the table without replacement: distinct
/// while the layer holds enough positions, and when it holds fewer than
/// `count`, the whole layer again in a fresh random order as often as
/// needed (depth 2 of the 8-puzzle has 4 positions). Empty when no
/// position lies at `depth`. The same generator state gives the same
/// starts.
///
/// ```
/// use huarong_engine::experiment::starts_at_depth;
/// use huarong_engine::tiles::table::DistanceTable;
/// use huarong_engine::{Board, Control, Shape};
/// let goal = Board::goal(Shape::new(2, 3).unwrap());
/// let table = DistanceTable::build(&goal, &Control::default()).unwrap();
/// let starts = starts_at_depth(&table, 5, 3, &mut huarong_engine::rng::seeded(1));
/// assert_eq!(starts.len(), 3);
/// assert!(starts.iter().all(|b| table.distance(b) == Some(5)));
/// ```
pub fn starts_at_depth(
    table: &DistanceTable,
    depth: u32,
    count: usize,
    rng: &mut impl rand::Rng,
) -> Vec<Board> {
    let layer = table
        .by_distance()
        .get(depth as usize)
        .copied()
        .unwrap_or(0) as usize;
    if layer == 0 {
        return Vec::new();
    }
    let mut places = Vec::with_capacity(count);
    while places.len() < count {
        let round = (count - places.len()).min(layer);
        places.extend(
            rand::seq::index::sample(rng, layer, round)
                .into_iter()
                .map(|i| i as u64),
        );
    }
    table.at_distance(depth, &places)
}

/// The starts of a by-depth experiment: `per_depth` of each depth of
/// `depths` ([`starts_at_depth`]), drawn in that order from one generator
/// seeded with `seed`, so that the seed fixes them all (the command line's
/// and the app's alike).
pub fn starts_by_depth(
    table: &DistanceTable,
    depths: &[u32],
    per_depth: usize,
    seed: u64,
) -> Vec<Vec<Board>> {
    let mut rng = crate::rng::seeded(seed);
    depths
        .iter()
        .map(|&d| starts_at_depth(table, d, per_depth, &mut rng))
        .collect()
}

/// One configuration's search cost over starts all `depth` moves from the
/// goal, as Russell and Norvig tabulate it: the mean nodes per search and
/// the effective branching factor b* of that mean. A mean is given only
/// when every run solved its start: a run stopped by a limit counts the
/// nodes it had when it stopped, and averaging it as if solved would
/// understate the cost.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DepthCost {
    /// The starts' distance to the goal.
    pub depth: u32,
    /// The runs aggregated (means over all of them).
    pub aggregate: Aggregate,
    /// Runs stopped by a node, memory or time limit.
    pub over_limit: usize,
}

impl DepthCost {
    /// The cost of `runs`, each on a start `depth` moves from the goal, or
    /// `None` when there are none.
    pub fn of(depth: u32, runs: &[RunSummary]) -> Option<Self> {
        Some(Self {
            depth,
            aggregate: Aggregate::of(runs)?,
            over_limit: runs
                .iter()
                .filter(|r| matches!(r.status, Status::Limit(_)))
                .count(),
        })
    }

    /// Whether every run solved its start, so that the means are costs.
    pub fn complete(&self) -> bool {
        self.aggregate.solved == self.aggregate.runs
    }

    /// Mean nodes generated per search, if every run solved its start.
    pub fn mean_generated(&self) -> Option<f64> {
        self.complete().then_some(self.aggregate.mean_generated)
    }

    /// Mean nodes expanded per search, if every run solved its start.
    pub fn mean_expanded(&self) -> Option<f64> {
        self.complete().then_some(self.aggregate.mean_expanded)
    }

    /// The effective branching factor of the mean nodes generated
    /// ([`effective_branching`], N + 1 = 1 + b* + … + b*^d with d the
    /// depth), as the book computes it from its averages; `None` unless
    /// every run solved its start.
    pub fn branching(&self) -> Option<f64> {
        effective_branching(self.mean_generated()?, self.depth)
    }
}

/// Each run's node limit in a by-depth experiment when none is given:
/// iterative deepening's cost grows about threefold a move, so without one
/// its runs at depth 24 would take days; with it, depths past about 14 are
/// over the limit and shown so.
pub const BY_DEPTH_MAX_NODES: u64 = 10_000_000;

/// One configuration at one depth of a by-depth experiment: the cost of
/// the runs it had, or why it had none or fewer than the depth's starts.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DepthCell {
    /// The cost of its runs; `None` when none ran.
    pub cost: Option<DepthCost>,
    /// Not run at this depth: none of its starts at a shallower depth was
    /// solved, and its cost only grows with the depth, so every run here
    /// would spend the whole limit to end at it too.
    pub skipped: bool,
    /// Starts of the depth it was not run on (skipped, cancelled, or out
    /// of time).
    pub not_run: usize,
}

impl DepthCell {
    /// The cell of `runs` at `depth`, which has `starts` starts.
    pub fn of(depth: u32, runs: &[RunSummary], starts: usize) -> Self {
        Self {
            cost: DepthCost::of(depth, runs),
            skipped: false,
            not_run: starts.saturating_sub(runs.len()),
        }
    }

    /// A configuration not run at a depth of `starts` starts.
    pub fn skipped(starts: usize) -> Self {
        Self {
            cost: None,
            skipped: true,
            not_run: starts,
        }
    }

    /// Its cost if that is a mean over every start of the depth, each run
    /// and solved; otherwise there is no mean to show.
    pub fn averaged(&self) -> Option<&DepthCost> {
        self.cost
            .as_ref()
            .filter(|c| c.complete() && self.not_run == 0)
    }

    /// Whether its configuration runs at the next depth: not after a
    /// depth it was skipped at or where none of its runs was solved.
    pub fn worth_deeper(&self) -> bool {
        !self.skipped && self.cost.is_none_or(|c| c.aggregate.solved > 0)
    }
}

/// `layout` after `steps` random legal unit steps (random piece, random
/// direction; blocked tries do not count), or fewer if no piece can move
/// at all (a packed board would otherwise be tried forever).
///
/// ```
/// use huarong_engine::experiment::scramble;
/// use huarong_engine::klotski::Layout;
/// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
/// let mut rng = huarong_engine::rng::seeded(3);
/// let s = scramble(&l, 20, &mut rng);
/// assert_eq!(s.pieces.len(), l.pieces.len());
/// assert_eq!(scramble(&l, 0, &mut rng), l);
/// ```
pub fn scramble(layout: &Layout, steps: usize, rng: &mut impl rand::Rng) -> Layout {
    /// Blocked tries in a row after which every step is checked: rare on
    /// a board that can move, so the draws (and seeded results) are those
    /// of a plain loop.
    const MISSES_BEFORE_CHECK: u32 = 64;
    let mut l = layout.clone();
    let mut done = 0;
    let mut misses = 0;
    while done < steps {
        let piece = rng.random_range(0..l.pieces.len());
        let d = Dir::ALL[rng.random_range(0..4)];
        if l.step(piece, d) {
            done += 1;
            misses = 0;
        } else {
            misses += 1;
            if misses % MISSES_BEFORE_CHECK == 0 && !can_step(&l) {
                break;
            }
        }
    }
    l
}

/// Whether any piece of `layout` can move one cell.
fn can_step(layout: &Layout) -> bool {
    (0..layout.pieces.len()).any(|i| Dir::ALL.into_iter().any(|d| layout.clone().step(i, d)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{LimitKind, Stats};
    use std::time::Duration;

    fn run(status: Status, length: usize, optimal: bool, expanded: u64, ms: u64) -> RunSummary {
        let stats = Stats {
            optimal,
            expanded,
            peak_bytes: expanded * 8,
            database_bytes: 1 << 20,
            elapsed: Duration::from_millis(ms),
            ..Stats::default()
        };
        let path = if status == Status::Solved {
            vec![Dir::Up; length]
        } else {
            Vec::new()
        };
        RunSummary::of(&Outcome {
            status,
            path,
            stats,
            reason: None,
        })
    }

    #[test]
    fn aggregates_match_a_hand_computation() {
        let runs = [
            run(Status::Solved, 10, true, 100, 1),
            run(Status::Solved, 20, true, 300, 3),
            run(Status::Solved, 40, true, 200, 4),
            run(Status::Limit(LimitKind::Nodes), 0, false, 1000, 8),
        ];
        let a = Aggregate::of(&runs).unwrap();
        assert_eq!((a.runs, a.solved), (4, 3));
        // Solved lengths 10, 20, 40: mean 70/3, median 20.
        assert_eq!(a.mean_length, Some(70.0 / 3.0));
        assert_eq!(a.median_length, Some(20.0));
        // All runs: expanded (100+300+200+1000)/4, times 1 3 4 8 ms.
        assert_eq!(a.mean_expanded, 400.0);
        assert_eq!(a.mean_ms, 4.0);
        assert_eq!(a.median_ms, 3.5);
        assert_eq!(a.max_peak_bytes, 8000);
        assert_eq!(a.max_database_bytes, 1 << 20);
        assert_eq!(a.solved_pct(), 75.0);
        assert_eq!(a.disagreements, 0);
        assert_eq!(Aggregate::of(&[]), None);
        let unsolved = Aggregate::of(&runs[3..]).unwrap();
        assert_eq!((unsolved.mean_length, unsolved.median_length), (None, None));
    }

    #[test]
    fn only_runs_claiming_a_shortest_solution_are_flagged() {
        let agree = || {
            [
                run(Status::Solved, 31, true, 0, 0),
                run(Status::Solved, 31, true, 0, 0),
                run(Status::Solved, 85, false, 0, 0),
                run(Status::Limit(LimitKind::Time), 0, false, 0, 0),
            ]
        };
        let mut runs = agree();
        assert_eq!(flag_disagreements(runs.iter_mut()), None);
        assert!(runs.iter().all(|r| !r.disagrees));
        let mut bug = agree();
        bug[1] = run(Status::Solved, 33, true, 0, 0);
        assert_eq!(flag_disagreements(bug.iter_mut()), Some(vec![31, 33]));
        assert_eq!(bug.map(|r| r.disagrees), [true, true, false, false]);
        // Counted once per flagged run by the aggregate.
        assert_eq!(Aggregate::of(&bug[..2]).unwrap().disagreements, 2);
        // Flagging again after a fix clears the flags.
        bug[1] = run(Status::Solved, 31, true, 0, 0);
        bug[0].disagrees = true;
        assert_eq!(flag_disagreements(bug.iter_mut()), None);
        assert!(bug.iter().all(|r| !r.disagrees));
    }

    #[test]
    fn depth_costs_average_only_fully_solved_depths() {
        let solved = [
            run(Status::Solved, 4, true, 5, 1),
            run(Status::Solved, 4, true, 7, 1),
        ];
        let c = DepthCost::of(4, &solved).unwrap();
        assert!(c.complete());
        assert_eq!(c.over_limit, 0);
        // `run` generates no nodes beyond its expansions' default of 0:
        // give it some.
        let with_generated = |expanded: u64, generated: u64| RunSummary {
            generated,
            ..run(Status::Solved, 2, true, expanded, 1)
        };
        let c = DepthCost::of(2, &[with_generated(2, 5), with_generated(4, 7)]).unwrap();
        assert_eq!(
            (c.mean_expanded(), c.mean_generated()),
            (Some(3.0), Some(6.0))
        );
        // N = 6 at d = 2: 6 = b + b², b = 2.
        assert!((c.branching().unwrap() - 2.0).abs() < 1e-9);
        let mixed = [
            with_generated(2, 5),
            run(Status::Limit(LimitKind::Nodes), 0, false, 1000, 8),
        ];
        let c = DepthCost::of(2, &mixed).unwrap();
        assert!(!c.complete());
        assert_eq!((c.aggregate.solved, c.over_limit), (1, 1));
        assert_eq!((c.mean_generated(), c.branching()), (None, None));
        let cell = DepthCell::of(2, &mixed, 2);
        assert_eq!(cell.averaged(), None, "a start over the limit");
        assert!(cell.worth_deeper(), "one start was solved");
        let none = DepthCell::of(2, &mixed[1..], 1);
        assert!(!none.worth_deeper(), "none solved");
        assert!(!DepthCell::skipped(4).worth_deeper());
        let solved = [with_generated(2, 5), with_generated(4, 7)];
        assert_eq!(
            DepthCell::of(2, &solved, 2)
                .averaged()
                .map(|c| c.aggregate.runs),
            Some(2)
        );
        // Cut short (cancelled): no mean over the starts it did not run.
        let cut = DepthCell::of(2, &solved, 3);
        assert_eq!((cut.not_run, cut.averaged()), (1, None));
        assert!(cut.worth_deeper());
        assert_eq!(DepthCost::of(2, &[]), None);
    }

    #[test]
    fn starts_at_a_depth_are_distinct_until_the_layer_runs_out() {
        let goal = Board::goal(crate::tiles::Shape::new(3, 3).unwrap());
        let table = DistanceTable::build(&goal, &crate::Control::default()).unwrap();
        let draw = |depth, count, seed| {
            starts_at_depth(&table, depth, count, &mut crate::rng::seeded(seed))
        };
        // Depth 2 holds 4 positions: 10 starts are the layer twice, then
        // two of it again, each round all distinct.
        assert_eq!(table.by_distance()[2], 4);
        let small = draw(2, 10, 3);
        assert_eq!(small.len(), 10);
        for round in small.chunks(4) {
            let distinct: std::collections::HashSet<_> = round.iter().collect();
            assert_eq!(distinct.len(), round.len(), "{round:?}");
        }
        let layer: std::collections::HashSet<_> = small[..4].iter().collect();
        assert!(small.iter().all(|b| layer.contains(b)));
        // A large layer: distinct starts at that exact distance.
        let deep = draw(20, 200, 3);
        assert_eq!(
            deep.iter().collect::<std::collections::HashSet<_>>().len(),
            200
        );
        assert!(deep.iter().all(|b| table.distance(b) == Some(20)));
        // The seed fixes them; another seed gives others.
        assert_eq!(draw(20, 200, 3), deep);
        assert_ne!(draw(20, 200, 4), deep);
        // No position lies 32 moves away.
        assert!(draw(32, 5, 3).is_empty());
    }

    #[test]
    fn scrambling_a_board_where_nothing_moves_ends() {
        // A pinwheel round the one empty cell: each neighbour would need a
        // second free cell to move into it, so no step is legal.
        let packed = Layout::parse("LUUATT/L.RBTT/DDRCEF/GHIJKM").unwrap();
        assert!(!can_step(&packed));
        let mut rng = crate::rng::seeded(1);
        assert_eq!(scramble(&packed, 1_000, &mut rng), packed);
        // One more empty cell: steps are legal again.
        let open = Layout::parse("LUUATT/L.RBTT/DDRCEF/GHIJK.").unwrap();
        assert!(can_step(&open));
        let s = scramble(&open, 1_000, &mut rng);
        assert_eq!(s.pieces.len(), open.pieces.len());
    }

    #[test]
    fn scrambles_are_legal_walks_of_the_asked_length() {
        let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let mut rng = crate::rng::seeded(9);
        let s = scramble(&l, 30, &mut rng);
        // The same seed gives the same scramble.
        assert_eq!(scramble(&l, 30, &mut crate::rng::seeded(9)), s);
        assert_eq!(s.pieces.len(), l.pieces.len());
        let goal = Board::goal(crate::tiles::Shape::new(3, 3).unwrap());
        let mut rng = crate::rng::seeded(4);
        assert_eq!(tile_start(&goal, Some(0), &mut rng), goal);
        let b = tile_start(&goal, None, &mut rng);
        assert!(
            crate::tiles::TilePuzzle::new(b, goal)
                .unwrap()
                .check_solvable()
                .is_ok()
        );
    }
}
