//! Runs summarised and aggregated: the numbers compare tables, experiments
//! and batches show, written once for the CLI and the app. A
//! [`RunSummary`] is what one run of one configuration gave; runs of several
//! configurations on one start have their disagreements flagged
//! ([`flag_disagreements`]); runs of one configuration over many starts are
//! aggregated ([`Aggregate`]). The random starts of an experiment come from
//! [`tile_start`] and [`scramble`].

use rand::RngExt;

use crate::klotski::space::{piece_moves, unit_steps};
use crate::klotski::{KMove, Layout};
use crate::outcome::{Outcome, Status};
use crate::tiles::{Board, Dir, random_solvable, shuffled};

/// Klotski solutions counted both ways.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSummary {
    /// How the run ended.
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
#[derive(Clone, Copy, Debug, PartialEq)]
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
