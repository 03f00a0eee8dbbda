//! The strategy registry. Every strategy returns the same [`Outcome`] and
//! honours the same [`Control`]; adding one is a new file here and a line in
//! [`STRATEGIES`]. Front ends (CLI, GUI) list strategies from the registry.

mod annealing;
mod astar;
mod bfs;
mod bfs_mirror;
mod dfs;
mod fast;
mod gbfs;
mod greedy;
mod idastar;
mod ids;
mod local;
mod outlook;
mod params;
mod problem;
mod tabu;
mod weighted;

pub use local::Tuning;
pub use outlook::{Outlook, outlook};
pub use params::{Param, ParamKey, ParamKind};
pub use problem::{
    DepthFirstVisitor, Family, Guide, KlotskiProblem, Problem, Repeats, Solvers, Solves,
    TileProblem, Visitor,
};

use crate::control::Control;
use crate::klotski::{KMove, Layout, Metric};
use crate::outcome::{Outcome, Status};
use crate::tiles::heuristic::HeuristicChoice;
use crate::tiles::{Dir, TilePuzzle};

/// A search strategy: what front ends list and configure (its names, its
/// knobs, how it searches) and, through [`solvers`](Self::solvers), the
/// [`Problem`]s it solves.
pub trait Strategy: Send + Sync {
    /// The CLI name (`bfs`, `astar`, …).
    fn name(&self) -> &'static str;
    /// A label for people.
    fn label(&self) -> &'static str;
    /// One sentence on how it works.
    fn description(&self) -> &'static str;
    /// Whether the strategy is guided by the chosen heuristic.
    fn uses_heuristic(&self) -> bool;
    /// Whether a solution it returns is guaranteed shortest (the exact
    /// searches); local searches are not.
    fn is_optimal(&self) -> bool {
        false
    }
    /// What kind of search it runs: what a front end that teaches it needs
    /// to know (its pseudocode, what "open" means, the key open nodes are
    /// taken by). `None` for a method that reports no steps (`fast`).
    fn search_kind(&self) -> Option<SearchKind>;
    /// How its search visits states (what an inspector lays out before the
    /// first event says so), from its [kind](Self::search_kind); a method
    /// that reports no steps counts as best first.
    fn visit(&self) -> Visit {
        self.search_kind()
            .map_or(Visit::BestFirst, SearchKind::visit)
    }
    /// Whether its search reports [`Event`](crate::observe::Event)s to the
    /// control's observer (all but the row-by-row strategy do).
    fn reports_events(&self) -> bool {
        true
    }
    /// The factor its solutions are guaranteed within, for a
    /// bounded-suboptimal strategy: a path at most this many times the
    /// shortest (`None`: no such guarantee, or optimal).
    fn within(&self) -> Option<f64> {
        None
    }
    /// Its tuning knobs, with their defaults (none for the exact searches).
    fn params(&self) -> &'static [Param] {
        &[]
    }
    /// This strategy with `tuning` applied (strategies without knobs ignore
    /// it). Callers go through [`configure`], which checks the values.
    fn tuned(&self, tuning: &Tuning) -> Box<dyn Strategy>;
    /// Its knobs' values, such that `configure(name, &tuning())` makes
    /// this strategy again (a run described as data, e.g. sent to a web
    /// worker). The default, for strategies without knobs, sets none.
    fn tuning(&self) -> Tuning {
        Tuning::default()
    }
    /// Its search for each family it solves: [`Solvers::all`] for a
    /// strategy generic over problems, else
    /// [`Solvers::with`] the one family it implements [`Solves`] for. The
    /// families it solves follow from this.
    fn solvers(&self) -> Solvers<'_>;
}

impl dyn Strategy + '_ {
    /// The puzzle families it solves: those it has a solver for.
    pub fn families(&self) -> Vec<Family> {
        self.solvers().families()
    }
    /// Whether it solves puzzles of `family`.
    pub fn supports(&self, family: Family) -> bool {
        self.solvers().has(family)
    }
}

/// How a strategy's search visits states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    /// Layer by layer, from a first-in first-out queue (BFS).
    BreadthFirst,
    /// The stored state with the least f first (A*, weighted A*).
    BestFirst,
    /// Depth first under a bound on the depth or on f: DFS's limit, or one
    /// raised each iteration (IDS, IDA*).
    DepthFirst,
    /// One state at a time, moving to a neighbour (the local searches).
    Local,
}

/// What kind of search a strategy runs, as a front end that explains it
/// needs to know it: the inspector picks its pseudocode, narration and
/// questions by this, never by a strategy's name.
///
/// ```
/// use huarong_engine::strategy::{Deepen, Key, SearchKind, Visit, find};
/// assert_eq!(find("astar").unwrap().search_kind(), Some(SearchKind::BestFirst(Key::F)));
/// assert_eq!(find("ids").unwrap().search_kind(), Some(SearchKind::Deepening(Deepen::Depth)));
/// assert_eq!(SearchKind::Tabu.visit(), Visit::Local);
/// assert_eq!(find("fast").unwrap().search_kind(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SearchKind {
    /// Layer by layer from a first-in first-out queue; `mirrors`: a
    /// state's mirror image counts as seen with it.
    BreadthFirst {
        /// Mirror images are merged (Klotski).
        mirrors: bool,
    },
    /// Every node it reaches is stored; the open node with the least
    /// [`Key`] is expanded next (the newest among equal keys), and a node
    /// reached more cheaply is opened again.
    BestFirst(Key),
    /// Depth first, children cut past a fixed depth limit (DFS).
    DepthLimited,
    /// Depth-first iterations under a bound raised after each (IDS on the
    /// depth, IDA* on f = g + h).
    Deepening(Deepen),
    /// One state at a time: a random neighbour, taken by the Metropolis
    /// rule as the temperature falls.
    Annealing,
    /// One state at a time: the best neighbour not on a tabu list of
    /// recent states, unless it beats the best so far.
    Tabu,
    /// One state at a time: the best strictly improving neighbour, until
    /// none is left.
    HillClimbing,
}

impl SearchKind {
    /// How a search of this kind visits states.
    pub fn visit(self) -> Visit {
        match self {
            SearchKind::BreadthFirst { .. } => Visit::BreadthFirst,
            SearchKind::BestFirst(_) => Visit::BestFirst,
            SearchKind::DepthLimited | SearchKind::Deepening(_) => Visit::DepthFirst,
            SearchKind::Annealing | SearchKind::Tabu | SearchKind::HillClimbing => Visit::Local,
        }
    }

    /// Whether it is a local search: it keeps one state and moves to a
    /// neighbour, expanding no layers of a tree, so measures of a tree
    /// (the effective branching factor b*) mean nothing for it.
    ///
    /// ```
    /// use huarong_engine::strategy::{Key, SearchKind};
    /// assert!(SearchKind::Annealing.is_local());
    /// assert!(!SearchKind::BestFirst(Key::F).is_local());
    /// ```
    pub fn is_local(self) -> bool {
        self.visit() == Visit::Local
    }

    /// The key a best-first search takes its open nodes by.
    pub fn key(self) -> Option<Key> {
        match self {
            SearchKind::BestFirst(key) => Some(key),
            _ => None,
        }
    }
}

/// What a best-first search orders its open list by (the least first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Key {
    /// f = g + h (A*).
    F,
    /// g + w·h, w the weight (weighted A*).
    Weighted(f64),
    /// h alone: the estimate, whatever the path cost so far (greedy
    /// best-first search).
    Estimate,
}

impl Key {
    /// The key of a node `g` moves from the start with estimate `h`, as a
    /// number to show.
    ///
    /// ```
    /// use huarong_engine::strategy::Key;
    /// assert_eq!(Key::F.value(3, 4), 7.0);
    /// assert_eq!(Key::Weighted(1.5).value(3, 4), 9.0);
    /// assert_eq!(Key::Estimate.value(3, 4), 4.0);
    /// ```
    pub fn value(self, g: u32, h: u32) -> f64 {
        match self {
            Key::F => f64::from(g + h),
            Key::Weighted(w) => f64::from(g) + w * f64::from(h),
            Key::Estimate => f64::from(h),
        }
    }

    /// The same key as the search orders by it: equal where the search
    /// ties, less where it comes first (weighted A* keeps its weight to
    /// three decimals, exactly).
    ///
    /// ```
    /// use huarong_engine::strategy::Key;
    /// assert!(Key::Weighted(1.5).order(4, 2) < Key::Weighted(1.5).order(1, 5));
    /// assert_eq!(Key::Estimate.order(9, 2), Key::Estimate.order(1, 2));
    /// ```
    pub fn order(self, g: u32, h: u32) -> u64 {
        match self {
            Key::F => u64::from(g + h),
            Key::Weighted(w) => crate::search::weighted_key(w, g, h),
            Key::Estimate => u64::from(h),
        }
    }
}

/// How an iterative deepening search bounds each iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepen {
    /// The depth g (IDS).
    Depth,
    /// f = g + h (IDA*).
    Cost,
}

/// The strategy the CLI uses on tile puzzles when none is named.
pub const DEFAULT_TILES: &str = "idastar";
/// The strategy the CLI uses on Klotski when none is named.
pub const DEFAULT_KLOTSKI: &str = "bfs";
/// The strategy the app starts with.
pub const DEFAULT_APP: &str = "astar";
/// The configurations a new compare view starts with.
pub const DEFAULT_COMPARE: &[&str] = &["bfs", "astar", "idastar", "annealing", "tabu"];

/// The exact search front ends run for one tile board's optimum (hints,
/// distances, a race's analysis): IDA*, which keeps only its path.
pub static EXACT_TILES: &dyn Strategy = &idastar::IdaStar;
/// A path on any tile board in well under a second, not the shortest: the
/// row-by-row method.
pub static QUICK_TILES: &dyn Strategy = &fast::Fast;
/// A path proven near the shortest, found far quicker than by an exact
/// search: weighted A* at its default weight.
pub static NEAR_OPTIMAL: &dyn Strategy = &weighted::Weighted(weighted::DEFAULT_WEIGHT);
/// The uninformed search a learner first sets an informed one beside.
pub static UNINFORMED_BASELINE: &dyn Strategy = &bfs::Bfs;
/// The informed search a learner first sets an uninformed one beside.
pub static INFORMED_BASELINE: &dyn Strategy = &astar::AStar;

/// The strategy a front end uses for `family` when none is named.
pub fn default_for(family: Family) -> &'static str {
    family.default_strategy()
}

/// Every strategy, in menu order.
pub static STRATEGIES: &[&dyn Strategy] = &[
    &bfs::Bfs,
    &bfs_mirror::BfsMirror,
    &dfs::Dfs(dfs::DEFAULT_DEPTH),
    &ids::Ids,
    &astar::AStar,
    &idastar::IdaStar,
    &gbfs::Gbfs,
    &annealing::Annealing(crate::search::AnnealParams::DEFAULT),
    &tabu::Tabu(crate::search::TabuParams::DEFAULT),
    &greedy::Greedy(crate::search::GreedyParams::DEFAULT),
    &weighted::Weighted(weighted::DEFAULT_WEIGHT),
    &fast::Fast,
];

/// The strategy called `name`.
///
/// ```
/// assert_eq!(huarong_engine::strategy::find("idastar").unwrap().label(), "IDA*");
/// assert!(huarong_engine::strategy::find("nope").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static dyn Strategy> {
    STRATEGIES.iter().copied().find(|s| s.name() == name)
}

/// The strategy called `name` with `tuning` applied, after checking the
/// values (α in (0, 1), T0 > 0, tenure ≥ 1, …).
///
/// ```
/// use huarong_engine::strategy::{Tuning, configure};
/// let s = configure("tabu", &Tuning { tenure: Some(7), ..Tuning::default() }).unwrap();
/// assert_eq!(s.name(), "tabu");
/// assert!(configure("tabu", &Tuning { tenure: Some(0), ..Tuning::default() }).is_err());
/// assert!(configure("nope", &Tuning::default()).is_err());
/// ```
pub fn configure(name: &str, tuning: &Tuning) -> Result<Box<dyn Strategy>, SolveError> {
    let s = find(name).ok_or_else(|| {
        SolveError::BadParameter(format!("unknown strategy '{name}' (valid: {})", names()))
    })?;
    tuning.check()?;
    Ok(s.tuned(tuning))
}

/// All strategy names, comma separated (for error messages).
pub fn names() -> String {
    let names: Vec<&str> = STRATEGIES.iter().map(|s| s.name()).collect();
    names.join(", ")
}

/// The strategies that solve puzzles of `family`, in menu order.
pub fn for_family(family: Family) -> impl Iterator<Item = &'static dyn Strategy> {
    STRATEGIES
        .iter()
        .copied()
        .filter(move |s| s.supports(family))
}

/// The length no solution is shorter than, as `outcome`, a run of
/// `strategy` stopped by a limit or a cancel, proved it: an exact search's
/// last bound (BFS: one past the depth it searched through; A*: the least
/// f still open; IDA* and IDS: the iteration's bound). `None` for a run
/// that ended otherwise, or a strategy that proves no such bound.
///
/// ```
/// use huarong_engine::control::Stop;
/// use huarong_engine::{strategy, LimitKind, Outcome, Stats};
/// let stats = Stats { bound: Some(40), ..Stats::default() };
/// let stopped: Outcome<u8> = Outcome::stopped(Stop::Limit(LimitKind::Time), stats);
/// let idastar = strategy::find("idastar").unwrap();
/// assert_eq!(strategy::proven_lower_bound(idastar, &stopped), Some(40));
/// let annealing = strategy::find("annealing").unwrap();
/// assert_eq!(strategy::proven_lower_bound(annealing, &stopped), None);
/// let solved: Outcome<u8> = Outcome::solved(vec![0; 40], stats);
/// assert_eq!(strategy::proven_lower_bound(idastar, &solved), None);
/// ```
pub fn proven_lower_bound<M>(strategy: &dyn Strategy, outcome: &Outcome<M>) -> Option<u32> {
    let stopped = matches!(outcome.status, Status::Limit(_) | Status::Cancelled);
    outcome
        .stats
        .bound
        .filter(|_| stopped && strategy.is_optimal())
}

/// Refuse `strategy` for a puzzle of `family` it does not solve.
///
/// ```
/// use huarong_engine::strategy::{Family, SolveError, check_family, find};
/// let fast = find("fast").unwrap();
/// assert!(check_family(fast, Family::Tiles).is_ok());
/// let err = check_family(fast, Family::Klotski).unwrap_err();
/// assert!(matches!(err, SolveError::Unsupported { strategy: "fast", family: Family::Klotski }));
/// assert_eq!(err.to_string(), "fast solves tile puzzles only, not Klotski");
/// ```
pub fn check_family(strategy: &dyn Strategy, family: Family) -> Result<(), SolveError> {
    if strategy.supports(family) {
        Ok(())
    } else {
        Err(SolveError::Unsupported {
            strategy: strategy.name(),
            family,
        })
    }
}

/// A [`SolveError`] read back (a web worker's answer), its strategy's
/// name as text until found in the registry.
#[derive(serde::Deserialize)]
enum SentSolveError {
    HeuristicUnavailable(String),
    BadParameter(String),
    Unsupported { strategy: String, family: Family },
}

impl<'de> serde::Deserialize<'de> for SolveError {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let sent = SentSolveError::deserialize(d)?;
        Self::try_from(sent).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<SentSolveError> for SolveError {
    type Error = String;

    fn try_from(sent: SentSolveError) -> Result<Self, String> {
        Ok(match sent {
            SentSolveError::HeuristicUnavailable(why) => SolveError::HeuristicUnavailable(why),
            SentSolveError::BadParameter(why) => SolveError::BadParameter(why),
            SentSolveError::Unsupported { strategy, family } => SolveError::Unsupported {
                strategy: find(&strategy)
                    .ok_or_else(|| format!("no strategy is called '{strategy}'"))?
                    .name(),
                family,
            },
        })
    }
}

/// Why a solve request was refused before searching.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum SolveError {
    /// The heuristic cannot be used on this puzzle.
    HeuristicUnavailable(String),
    /// A strategy name or setting is not valid.
    BadParameter(String),
    /// The strategy does not solve puzzles of this family.
    Unsupported {
        /// The strategy's name.
        strategy: &'static str,
        /// The family asked for.
        family: Family,
    },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::HeuristicUnavailable(why) | SolveError::BadParameter(why) => {
                f.write_str(why)
            }
            SolveError::Unsupported { strategy, family } => {
                let only: Vec<&str> = find(strategy)
                    .map(|s| s.families().iter().map(|f| f.name()).collect())
                    .unwrap_or_default();
                write!(
                    f,
                    "{strategy} solves {} only, not {}",
                    only.join(" and "),
                    family.name()
                )
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// Run `strategy` on `puzzle`: an unsolvable start is answered with the
/// reason before any search; a heuristic that does not fit is refused.
///
/// ```
/// use huarong_engine::{Control, HeuristicChoice, Status, TilePuzzle, solve_tiles, strategy};
/// let p = TilePuzzle::parse("2 1 3 4 5 6 7 8 0", None, None).unwrap();
/// let o = solve_tiles(strategy::find("bfs").unwrap(), &p, &HeuristicChoice::Manhattan, &Control::default()).unwrap();
/// assert_eq!(o.status, Status::Unsolvable);
/// ```
pub fn solve_tiles(
    strategy: &dyn Strategy,
    puzzle: &TilePuzzle,
    heuristic: &HeuristicChoice,
    ctl: &Control,
) -> Result<Outcome<Dir>, SolveError> {
    solve_problem(
        strategy,
        |guided| TileProblem::new(puzzle.clone(), guided.then(|| heuristic.clone())),
        ctl,
    )
}

/// Run `strategy` under `ctl` on the problem `problem` builds (told
/// whether the strategy is guided by a heuristic): the one way every
/// family's solve goes ([`solve_tiles`], [`solve_klotski`]). A strategy
/// without a solver for the family is refused before the problem is
/// built, and a guide that does not fit is refused; a start the problem
/// knows cannot reach the goal is answered with the reason, without
/// searching. A search's outcome carries the bytes of the tables its
/// guide consulted ([`Stats::database_bytes`](crate::Stats::database_bytes)).
pub fn solve_problem<P: Problem>(
    strategy: &dyn Strategy,
    problem: impl FnOnce(bool) -> P,
    ctl: &Control,
) -> Result<Outcome<P::Move>, SolveError> {
    let solver = strategy
        .solvers()
        .get::<P>()
        .ok_or(SolveError::Unsupported {
            strategy: strategy.name(),
            family: P::FAMILY,
        })?;
    let problem = problem(strategy.uses_heuristic());
    if let Some(why) = problem.unfit() {
        return Err(SolveError::HeuristicUnavailable(why));
    }
    if let Some(why) = problem.unsolvable() {
        return Ok(Outcome::unsolvable(why));
    }
    let mut outcome = solver.solve(&problem, ctl);
    // The tables the guide consults, held for the whole run: counted once,
    // apart from the search's own memory.
    outcome.stats.database_bytes = problem.database_bytes();
    Ok(settle_optimality(strategy, outcome))
}

/// The one place `stats.optimal` and `stats.within` are decided: a solved
/// outcome is optimal when the strategy always finds shortest paths, or
/// when this run proved its own path shortest (the search left
/// `stats.optimal` set: `fast` when one exact search did the whole board
/// or nothing was to do, `weighted` with w = 1). A solved outcome of a
/// bounded-suboptimal strategy carries its factor. Anything else (a local
/// search's walk, a stopped or failed search) claims neither.
fn settle_optimality<M>(strategy: &dyn Strategy, mut outcome: Outcome<M>) -> Outcome<M> {
    let proved = outcome.stats.optimal;
    let solved = outcome.status == Status::Solved;
    outcome.stats.optimal = solved && (strategy.is_optimal() || proved);
    outcome.stats.within = strategy.within().filter(|_| solved);
    outcome
}

/// Run `strategy` on a Klotski `layout`, counting in `metric`.
///
/// ```
/// use huarong_engine::klotski::{Layout, Metric};
/// use huarong_engine::{Control, Status, solve_klotski, strategy};
/// // Cao Cao three cells above his goal, nothing in the way.
/// let l = Layout::parse("BAAC/BAAC/D..F/D..F/G..J").unwrap();
/// let o = solve_klotski(strategy::find("astar").unwrap(), &l, Metric::Steps, &Control::default()).unwrap();
/// assert_eq!((o.status, o.path.len()), (Status::Solved, 3));
/// // `fast` is a tile method: refused, not run.
/// assert!(solve_klotski(strategy::find("fast").unwrap(), &l, Metric::Steps, &Control::default()).is_err());
/// ```
pub fn solve_klotski(
    strategy: &dyn Strategy,
    layout: &Layout,
    metric: Metric,
    ctl: &Control,
) -> Result<Outcome<KMove>, SolveError> {
    solve_problem(
        strategy,
        |guided| KlotskiProblem::new(layout, metric, guided),
        ctl,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_defaults_are_registered() {
        let mut names: Vec<&str> = STRATEGIES.iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), STRATEGIES.len());
        for name in [DEFAULT_TILES, DEFAULT_KLOTSKI, DEFAULT_APP]
            .iter()
            .chain(DEFAULT_COMPARE)
        {
            assert!(find(name).is_some(), "{name} is not registered");
        }
        for family in Family::ALL {
            assert!(find(default_for(family)).unwrap().supports(family));
        }
        // The strategies cast in a part are registered, and fit it.
        for s in [
            EXACT_TILES,
            QUICK_TILES,
            NEAR_OPTIMAL,
            UNINFORMED_BASELINE,
            INFORMED_BASELINE,
        ] {
            assert!(find(s.name()).is_some(), "{} is not registered", s.name());
        }
        assert!(EXACT_TILES.is_optimal() && EXACT_TILES.supports(Family::Tiles));
        assert!(QUICK_TILES.supports(Family::Tiles) && NEAR_OPTIMAL.within().is_some());
        assert!(!UNINFORMED_BASELINE.uses_heuristic() && INFORMED_BASELINE.uses_heuristic());
    }

    #[test]
    fn every_strategy_says_what_front_ends_need() {
        for s in STRATEGIES {
            assert!(!s.label().is_empty() && !s.description().is_empty());
            assert!(!s.families().is_empty(), "{}", s.name());
            assert!(s.families().iter().all(|&f| s.supports(f)));
            // The knobs follow from how it searches: an exact search takes
            // none; a local search is not optimal and is tuned by its knobs,
            // the seed first; a bounded-suboptimal search by its weight
            // alone; a depth-first search that is not optimal (one cut at a
            // depth limit) by its limit alone; any other (the row-by-row
            // method) by none.
            let keys: Vec<ParamKey> = s.params().iter().map(|p| p.key).collect();
            let name = s.name();
            if s.is_optimal() {
                assert!(keys.is_empty() && s.within().is_none(), "{name}");
            } else if s.visit() == Visit::Local {
                assert_eq!(keys.first(), Some(&ParamKey::Seed), "{name}");
            } else if let Some(w) = s.within() {
                assert!(w >= 1.0, "{name}");
                assert_eq!(keys, [ParamKey::Weight], "{name}");
            } else if s.visit() == Visit::DepthFirst {
                assert_eq!(keys, [ParamKey::Depth], "{name}");
            } else {
                assert!(keys.is_empty(), "{name}");
            }
            let mut keys = keys;
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), s.params().len(), "{}: a knob twice", s.name());
            for p in s.params() {
                assert!(
                    p.offers(p.default),
                    "{} {:?}: default out of range",
                    s.name(),
                    p.key
                );
                assert!(!p.label.is_empty() && !p.help.is_empty());
                if let ParamKind::Integer { min, max } = p.kind {
                    assert!(min <= max);
                }
            }
            // The defaults as a tuning are accepted and read back unchanged.
            let t = Tuning::defaults(s.params());
            assert!(configure(s.name(), &t).is_ok(), "{}", s.name());
            for p in s.params() {
                assert_eq!(t.get(p.key), Some(p.default), "{} {:?}", s.name(), p.key);
            }
        }
    }

    #[test]
    fn a_tuned_strategy_says_its_tuning_and_is_made_again_from_it() {
        let knobs = Tuning {
            seed: Some(12_345),
            t0: Some(7.5),
            alpha: Some(0.5),
            window: Some(37),
            max_iters: Some(4_321),
            restarts: Some(2),
            tenure: Some(5),
            weight: Some(1.75),
            depth: Some(11),
        };
        for s in STRATEGIES {
            let tuned = configure(s.name(), &knobs).unwrap();
            let said = tuned.tuning();
            for p in s.params() {
                assert_eq!(
                    said.get(p.key),
                    knobs.get(p.key),
                    "{} {:?}",
                    s.name(),
                    p.key
                );
            }
            let again = configure(s.name(), &said).unwrap();
            assert_eq!(again.tuning(), said, "{}", s.name());
        }
    }

    #[test]
    fn the_knob_defaults_are_the_searches_defaults() {
        use crate::search::{AnnealParams, GreedyParams, TabuParams};
        let d = |name: &str, key| {
            find(name)
                .unwrap()
                .params()
                .iter()
                .find(|p| p.key == key)
                .map(|p| p.default)
        };
        let (a, t, g) = (
            AnnealParams::DEFAULT,
            TabuParams::DEFAULT,
            GreedyParams::DEFAULT,
        );
        assert_eq!(d("annealing", ParamKey::T0), Some(a.t0));
        assert_eq!(d("annealing", ParamKey::Alpha), Some(a.alpha));
        assert_eq!(d("annealing", ParamKey::RunIters), Some(a.max_iters as f64));
        assert_eq!(
            d("annealing", ParamKey::Restarts),
            Some(f64::from(a.restarts))
        );
        assert_eq!(d("tabu", ParamKey::Tenure), Some(t.tenure as f64));
        assert_eq!(d("tabu", ParamKey::MaxIters), Some(t.max_iters as f64));
        assert_eq!(d("greedy", ParamKey::MaxIters), Some(g.max_iters as f64));
        assert_eq!(d("greedy", ParamKey::Tenure), None);
        assert_eq!(d("weighted", ParamKey::Weight), Some(1.2));
        assert_eq!(find("weighted").unwrap().within(), Some(1.2));
    }

    #[test]
    fn weights_below_one_or_not_numbers_are_refused_by_name() {
        let with = |w: f64| {
            configure(
                "weighted",
                &Tuning {
                    weight: Some(w),
                    ..Tuning::default()
                },
            )
        };
        for bad in [0.5, 0.0, -1.0, f64::NAN, f64::INFINITY, 1e9] {
            let err = with(bad).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(
                err.starts_with("--weight must be a number from 1"),
                "{bad}: {err}"
            );
        }
        assert_eq!(with(1.5).unwrap().within(), Some(1.5));
        assert_eq!(with(1.0).unwrap().within(), Some(1.0));
    }

    #[test]
    fn solvers_are_kept_by_family_and_found_by_problem() {
        for (i, family) in Family::ALL.into_iter().enumerate() {
            assert_eq!(family.index(), i, "{family:?}");
        }
        let fast = Solvers::default().with::<TileProblem, _>(&fast::Fast);
        assert!(fast.get::<TileProblem>().is_some());
        assert!(fast.get::<KlotskiProblem>().is_none());
        assert_eq!(fast.families(), [Family::Tiles]);
        let mirror = Solvers::default().with::<KlotskiProblem, _>(&bfs_mirror::BfsMirror);
        assert_eq!(mirror.families(), [Family::Klotski]);
        assert_eq!(Solvers::all(&bfs::Bfs).families(), Family::ALL);
        assert!(Solvers::default().families().is_empty());
        // A solver found by its problem runs: BFS on a board one move from
        // its goal.
        let puzzle = TilePuzzle::parse("1 2 3 4 5 6 7 0 8", None, None).unwrap();
        let problem = TileProblem::new(puzzle, None);
        let bfs = Solvers::all(&bfs::Bfs).get::<TileProblem>().unwrap();
        let outcome = bfs.solve(&problem, &Control::default());
        assert_eq!((outcome.status, outcome.path.len()), (Status::Solved, 1));
    }

    #[test]
    fn fast_is_offered_for_tiles_only() {
        let fast = find("fast").unwrap();
        assert_eq!(fast.families(), &[Family::Tiles]);
        assert!(for_family(Family::Tiles).any(|s| s.name() == "fast"));
        assert!(for_family(Family::Klotski).all(|s| s.name() != "fast"));
        assert_eq!(
            for_family(Family::Klotski).count(),
            STRATEGIES.len() - 1,
            "every other strategy solves Klotski"
        );
        // solve_klotski's refusal by name: tests/it/fast.rs, both metrics.
    }
}
