//! The strategy registry. Every strategy returns the same [`Outcome`] and
//! honours the same [`Control`]; adding one is a new file here and a line in
//! [`STRATEGIES`]. Front ends (CLI, GUI) list strategies from the registry.

mod annealing;
mod astar;
mod bfs;
mod fast;
mod greedy;
mod idastar;
mod local;
mod tabu;

pub use local::Tuning;

use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace, Layout, Metric};
use crate::outcome::Outcome;
use crate::tiles::heuristic::HeuristicChoice;
use crate::tiles::{Dir, TilePuzzle};

/// A search strategy.
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
    /// This strategy with `tuning` applied (strategies without knobs ignore
    /// it). Callers go through [`configure`], which checks the values.
    fn tuned(&self, tuning: &Tuning) -> Box<dyn Strategy>;
    /// Solve a tile puzzle. Callers go through [`solve_tiles`], which checks
    /// solvability and the heuristic first.
    fn solve_tiles(
        &self,
        puzzle: &TilePuzzle,
        heuristic: &HeuristicChoice,
        ctl: &Control,
    ) -> Outcome<Dir>;
    /// Solve a Klotski position in the space's metric. Heuristic strategies
    /// use [`KlotskiSpace::heuristic`]. Callers go through [`solve_klotski`].
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove>;
}

/// Every strategy, in menu order.
pub static STRATEGIES: &[&dyn Strategy] = &[
    &bfs::Bfs,
    &astar::AStar,
    &idastar::IdaStar,
    &annealing::Annealing(crate::search::AnnealParams::DEFAULT),
    &tabu::Tabu(crate::search::TabuParams::DEFAULT),
    &greedy::Greedy(crate::search::GreedyParams::DEFAULT),
    &fast::Fast,
];

/// The strategy called `name`.
///
/// ```
/// assert_eq!(huarong_engine::strategy::find("idastar").unwrap().label(), "IDA*");
/// assert!(huarong_engine::strategy::find("dfs").is_none());
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
/// assert!(configure("dfs", &Tuning::default()).is_err());
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

/// Why a solve request was refused before searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The heuristic cannot be used on this puzzle.
    HeuristicUnavailable(String),
    /// A strategy name or setting is not valid.
    BadParameter(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::HeuristicUnavailable(why) | SolveError::BadParameter(why) => {
                f.write_str(why)
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
    if strategy.uses_heuristic()
        && let Some(why) = heuristic.unavailable_for(&puzzle.goal)
    {
        return Err(SolveError::HeuristicUnavailable(why));
    }
    if let Err(why) = puzzle.check_solvable() {
        return Ok(Outcome::unsolvable(why.to_string()));
    }
    Ok(strategy.solve_tiles(puzzle, heuristic, ctl))
}

/// Run `strategy` on a Klotski `layout`, counting in `metric`.
///
/// ```
/// use huarong_engine::klotski::{Layout, Metric};
/// use huarong_engine::{Control, Status, solve_klotski, strategy};
/// // Cao Cao three cells above his goal, nothing in the way.
/// let l = Layout::parse("BAAC/BAAC/D..F/D..F/G..J").unwrap();
/// let o = solve_klotski(strategy::find("astar").unwrap(), &l, Metric::Steps, &Control::default());
/// assert_eq!((o.status, o.path.len()), (Status::Solved, 3));
/// ```
pub fn solve_klotski(
    strategy: &dyn Strategy,
    layout: &Layout,
    metric: Metric,
    ctl: &Control,
) -> Outcome<KMove> {
    let (space, start) = KlotskiSpace::new(layout, metric);
    strategy.solve_klotski(&space, start, ctl)
}
