//! What a strategy solves: a [`Problem`], one puzzle of some family with
//! what the searches need to work on it, whatever the family.
//!
//! A strategy implements [`Solves<P>`] for the problems it solves: once,
//! generically (`impl<P: Problem> Solves<P> for Bfs`), when its search is
//! written over the spaces every problem hands out, or for one family only
//! (`fast` solves a [`TileProblem`], `bfs-mirror` a [`KlotskiProblem`]).
//! Its [`Strategy::solvers`](super::Strategy::solvers) says which it has,
//! so the families it solves follow from what it implements and the
//! registry refuses the others, once.
//!
//! A problem hands a generic search, in the style of the `pathfinding`
//! crate, its stored-state [`SearchSpace`], the start and a [`Guide`]
//! (estimate and energy): [`Problem::visit`]. A strategy states its search
//! as the one call it makes (`visit!(problem, [ctl: Control] |space, start,
//! guide| astar(space, start, |s| guide.estimate(s), ctl))`); the macro
//! writes the [`Visitor`] around it. Where a family has a
//! measured fast path for a whole search (Klotski's word BFS, tile IDA* on
//! one board changed in place) the problem chooses it:
//! [`Problem::breadth_first`], [`Problem::iterative_deepening`].

use std::any::Any;

use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace, Layout, Metric};
use crate::outcome::Outcome;
use crate::search::{DepthFirstSpace, SearchSpace, bfs, ida_star, ida_star_memo};
use crate::tiles::heuristic::{
    Blind, HeuristicChoice, TileHeuristic, WithHeuristic, with_heuristic,
};
use crate::tiles::packed::{PackedBoard, WithPacked, with_packed};
use crate::tiles::space::{TileDfs, TileSpace};
use crate::tiles::{Dir, TilePuzzle};

/// A family of puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Family {
    /// Sliding tiles (8-puzzle, 15-puzzle, …).
    Tiles,
    /// Klotski (华容道).
    Klotski,
}

impl Family {
    /// Every family, in the order front ends list them.
    pub const ALL: [Family; 2] = [Family::Tiles, Family::Klotski];

    /// Its place in [`ALL`](Self::ALL).
    pub fn index(self) -> usize {
        // ALL lists the variants in the order they are declared.
        self as usize
    }

    /// Each family's variant name, in [`ALL`](Self::ALL)'s order, as serde
    /// writes it (a puzzle file's `kind`).
    pub const NAMES: [&'static str; 2] = ["Tiles", "Klotski"];

    /// A name for messages (`tile puzzles`, `Klotski`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Tiles => "tile puzzles",
            Family::Klotski => "Klotski",
        }
    }

    /// How its depth-first iterations (IDS, IDA*: [`Problem::iterative_deepening`])
    /// meet a state they reached before: what a front end that explains
    /// them says of a repeat.
    pub fn deepening_repeats(self) -> Repeats {
        match self {
            Family::Tiles => Repeats::Pruned,
            Family::Klotski => Repeats::Tabled,
        }
    }

    /// The strategy (its registry name) a front end uses for the family
    /// when none is named.
    pub fn default_strategy(self) -> &'static str {
        match self {
            Family::Tiles => super::DEFAULT_TILES,
            Family::Klotski => super::DEFAULT_KLOTSKI,
        }
    }
}

/// How a family's depth-first iterations meet a state they reached before
/// ([`Family::deepening_repeats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeats {
    /// Moves that would undo the last one or close a known cycle are
    /// skipped; any other repeat is searched again (tile boards: memory
    /// linear in the depth, [`ida_star`] on the board changed in place).
    Pruned,
    /// A table of the states reached finds them, and each searched state
    /// learns a better estimate from its children, so IDS there cuts by
    /// f as IDA* does ([`ida_star_memo`]: Klotski).
    Tabled,
}

/// One puzzle to solve, as every strategy sees it.
pub trait Problem: Sized + 'static {
    /// A move of a solution's path.
    type Move: Copy + Send + Sync + 'static;
    /// The family it belongs to: the key its solver is kept under in a
    /// strategy's [`Solvers`].
    const FAMILY: Family;

    /// Run `search` on the problem's stored-state space from its start,
    /// with its guide.
    fn visit<V: Visitor<Self::Move>>(&self, search: V) -> V::Output;

    /// Why the problem's guide cannot be used on it, if it cannot (a
    /// pattern database built for another board).
    fn unfit(&self) -> Option<String> {
        None
    }

    /// Why the start cannot reach the goal, when that is known without
    /// searching (a tile board of the wrong parity).
    fn unsolvable(&self) -> Option<String> {
        None
    }

    /// Bytes of the read-only tables its guide consults (a pattern
    /// database's), held for the run apart from the search's own memory;
    /// 0 when it consults none.
    fn database_bytes(&self) -> u64 {
        0
    }

    /// Breadth-first search: [`bfs`] over the space, unless the family has
    /// a faster one.
    fn breadth_first(&self, ctl: &Control) -> Outcome<Self::Move> {
        visit!(self, [ctl: Control] |space, start, guide| bfs(space, start, ctl))
    }

    /// IDA* under the problem's estimate (iterative deepening when it has
    /// none): [`ida_star_memo`] over the space, unless the family has a
    /// faster one.
    fn iterative_deepening(&self, ctl: &Control) -> Outcome<Self::Move> {
        visit!(self, [ctl: Control] |space, start, guide| {
            ida_star_memo(space, start, |s| guide.estimate(s), ctl)
        })
    }
}

/// Run a search written once for all of a problem's spaces, stating only
/// the search: the [`Visitor`] (or [`DepthFirstVisitor`]) that carries it
/// is generated.
///
/// * `visit!(problem, [captures] |space, start, guide| body)` is
///   [`Problem::visit`]: `body` runs on the problem's stored-state space,
///   its start and its [`Guide`];
/// * `visit!(problem, [captures] |space| body)` is
///   [`TileProblem::visit_depth_first`]: `body` runs on the board changed
///   in place.
///
/// `body` gives an [`Outcome`]. What it uses from around it is captured by
/// reference and named with its type: `name: T = expr` with `expr` a `&T`,
/// `name: T` short for `name: T = name` (a reference already, such as the
/// `ctl` a strategy is handed). Generic types of captures come first:
/// `visit!(problem, <R: LocalRun> [run: R, ctl: Control] |…| …)`.
macro_rules! visit {
    ($problem:expr, $(<$($g:ident : $bound:path),+>)?
        [$($name:ident : $ty:ty $(= $val:expr)?),+ $(,)?]
        |$space:ident, $start:ident, $guide:ident| $body:expr) => {{
        struct Run<'a, $($($g: $bound),+)?> {
            $($name: &'a $ty),+
        }
        impl<'a, M, $($($g: $bound),+)?> $crate::strategy::Visitor<M> for Run<'a, $($($g),+)?> {
            type Output = $crate::outcome::Outcome<M>;
            fn visit<S, G>(
                self,
                $space: &S,
                $start: S::State,
                $guide: &G,
            ) -> $crate::outcome::Outcome<M>
            where
                S: $crate::search::SearchSpace<Move = M>,
                G: $crate::strategy::Guide<S::State>,
            {
                let _ = (&$start, &$guide);
                let Run { $($name),+ } = self;
                $body
            }
        }
        $problem.visit(Run { $($name: $crate::strategy::problem::visit!(@value $name $($val)?)),+ })
    }};
    ($problem:expr, $(<$($g:ident : $bound:path),+>)?
        [$($name:ident : $ty:ty $(= $val:expr)?),+ $(,)?]
        |$space:ident| $body:expr) => {{
        struct Run<'a, $($($g: $bound),+)?> {
            $($name: &'a $ty),+
        }
        impl<'a, $($($g: $bound),+)?> $crate::strategy::DepthFirstVisitor for Run<'a, $($($g),+)?> {
            type Output = $crate::outcome::Outcome<$crate::tiles::Dir>;
            fn visit<D>(self, $space: &mut D) -> $crate::outcome::Outcome<$crate::tiles::Dir>
            where
                D: $crate::search::DepthFirstSpace<Move = $crate::tiles::Dir> + Clone + Send + Sync,
            {
                let Run { $($name),+ } = self;
                $body
            }
        }
        $problem.visit_depth_first(Run { $($name: $crate::strategy::problem::visit!(@value $name $($val)?)),+ })
    }};
    (@value $name:ident) => { $name };
    (@value $name:ident $val:expr) => { $val };
}
pub(crate) use visit;

/// A strategy's search on problems of type `P`.
pub trait Solves<P: Problem> {
    /// Solve `problem`. Callers go through the registry
    /// ([`solve_tiles`](super::solve_tiles),
    /// [`solve_klotski`](super::solve_klotski)), which refuses what does
    /// not fit and settles optimality.
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move>;
}

/// The solvers a strategy has: a small map from each family it solves to
/// its search on that family's [`Problem`]s. The families are data here:
/// a new one is a new key, not a new field.
#[derive(Clone, Copy, Default)]
pub struct Solvers<'a> {
    by_family: [Option<Solver<'a>>; Family::ALL.len()],
}

/// One family's solver with its problem type erased, so that solvers of
/// every family fit one map: the strategy, and the function that sees it
/// as a [`Solves<P>`] again (an [`AsSolves<P>`], found again by its type).
#[derive(Clone, Copy)]
struct Solver<'a> {
    strategy: &'a dyn Any,
    as_solves: &'static dyn Any,
}

/// A strategy of a known type as the search on problems `P` it is.
type AsSolves<P> = for<'s> fn(&'s dyn Any) -> Option<&'s dyn Solves<P>>;

fn as_solves<S: Solves<P> + 'static, P: Problem>(strategy: &dyn Any) -> Option<&dyn Solves<P>> {
    strategy.downcast_ref::<S>().map(|s| s as &dyn Solves<P>)
}

impl<'a> Solvers<'a> {
    /// These solvers and `strategy`'s search on problems `P` (replacing
    /// any other for `P`'s family).
    pub fn with<P: Problem, S: Solves<P> + 'static>(mut self, strategy: &'a S) -> Self {
        self.by_family[P::FAMILY.index()] = Some(Solver {
            strategy,
            as_solves: const { &(as_solves::<S, P> as AsSolves<P>) },
        });
        self
    }

    /// A strategy that solves every family.
    pub fn all<S: Solves<TileProblem> + Solves<KlotskiProblem> + 'static>(strategy: &'a S) -> Self {
        Self::default()
            .with::<TileProblem, S>(strategy)
            .with::<KlotskiProblem, S>(strategy)
    }

    /// The search on problems `P`, if there is one.
    pub fn get<P: Problem>(&self) -> Option<&'a dyn Solves<P>> {
        let solver = self.by_family[P::FAMILY.index()]?;
        let as_solves = solver.as_solves.downcast_ref::<AsSolves<P>>()?;
        as_solves(solver.strategy)
    }

    /// Whether there is a search for `family`.
    pub fn has(&self, family: Family) -> bool {
        self.by_family[family.index()].is_some()
    }

    /// The families there is a search for, in [`Family::ALL`]'s order.
    pub fn families(&self) -> Vec<Family> {
        Family::ALL.into_iter().filter(|&f| self.has(f)).collect()
    }
}

/// What guides a search on a space with states `S`.
pub trait Guide<S> {
    /// An estimate of the moves left (admissible for the exact searches; 0
    /// everywhere for a strategy that uses no heuristic).
    fn estimate(&self, state: &S) -> u32;
    /// What the local searches minimise (0 exactly at the goal).
    fn energy(&self, state: &S) -> f64;
}

/// A search over any stored-state space, handed one by
/// [`Problem::visit`]: Rust has no generic closures, so a search generic
/// over the space is a type with a generic method (inside the crate the
/// `visit!` macro writes that type around the search's one call).
pub trait Visitor<M> {
    /// What the search returns.
    type Output;
    /// Search `space` from `start`, guided by `guide`.
    fn visit<S, G>(self, space: &S, start: S::State, guide: &G) -> Self::Output
    where
        S: SearchSpace<Move = M>,
        G: Guide<S::State>;
}

/// A search over a tile board changed in place, handed one by
/// [`TileProblem::visit_depth_first`].
pub trait DepthFirstVisitor {
    /// What the search returns.
    type Output;
    /// Search from `space`'s current board.
    fn visit<D>(self, space: &mut D) -> Self::Output
    where
        D: DepthFirstSpace<Move = Dir> + Clone + Send + Sync;
}

/// A tile puzzle with the heuristic that guides its searches (none for a
/// strategy that uses none).
#[derive(Clone, Debug)]
pub struct TileProblem {
    puzzle: TilePuzzle,
    heuristic: Option<HeuristicChoice>,
}

impl TileProblem {
    /// `puzzle` guided by `heuristic` (`None`: estimates are 0).
    pub fn new(puzzle: TilePuzzle, heuristic: Option<HeuristicChoice>) -> Self {
        Self { puzzle, heuristic }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &TilePuzzle {
        &self.puzzle
    }

    /// The heuristic that guides it, if any.
    pub fn heuristic(&self) -> Option<&HeuristicChoice> {
        self.heuristic.as_ref()
    }

    /// Run `search` on the board as one mutable [`TileDfs`] (moves applied
    /// and undone in place, the heuristic updated incrementally, duplicate
    /// move sequences pruned), for IDA* and its kin.
    pub fn visit_depth_first<V: DepthFirstVisitor>(&self, search: V) -> V::Output {
        struct Pick<'a, V>(&'a TilePuzzle, V);
        impl<V: DepthFirstVisitor> WithHeuristic<V::Output> for Pick<'_, V> {
            fn run<H: TileHeuristic>(self, h: &H) -> V::Output {
                self.1.visit(&mut TileDfs::new(self.0, h))
            }
        }
        let pick = Pick(&self.puzzle, search);
        match &self.heuristic {
            Some(choice) => with_heuristic(choice, &self.puzzle.goal, pick),
            None => pick.run(&Blind),
        }
    }
}

/// The tile heuristic `H` read on packed boards.
struct TileGuide<'h, H> {
    heuristic: &'h H,
    cells: usize,
}

impl<P: PackedBoard, H: TileHeuristic> Guide<P> for TileGuide<'_, H> {
    #[inline]
    fn estimate(&self, state: &P) -> u32 {
        let mut cells = [0u8; 100];
        state.unpack(&mut cells[..self.cells]);
        self.heuristic.estimate(&cells[..self.cells])
    }
    fn energy(&self, state: &P) -> f64 {
        f64::from(self.estimate(state))
    }
}

impl Problem for TileProblem {
    type Move = Dir;
    const FAMILY: Family = Family::Tiles;

    /// The one place that picks the heuristic's type and the packing that
    /// fits the board ([`with_heuristic`], [`with_packed`]), so that each
    /// search is compiled for them, with no dynamic dispatch per node.
    fn visit<V: Visitor<Dir>>(&self, search: V) -> V::Output {
        struct Packed<'a, H, V>(&'a TilePuzzle, &'a H, V);
        impl<H: TileHeuristic, V: Visitor<Dir>> WithPacked<V::Output> for Packed<'_, H, V> {
            fn run<P: PackedBoard>(self) -> V::Output {
                let (space, start) = TileSpace::<P>::new(self.0);
                let guide = TileGuide {
                    heuristic: self.1,
                    cells: space.cells(),
                };
                self.2.visit(&space, start, &guide)
            }
        }
        struct Pick<'a, V>(&'a TilePuzzle, V);
        impl<V: Visitor<Dir>> WithHeuristic<V::Output> for Pick<'_, V> {
            fn run<H: TileHeuristic>(self, h: &H) -> V::Output {
                with_packed(self.0.shape().cells(), Packed(self.0, h, self.1))
            }
        }
        let pick = Pick(&self.puzzle, search);
        match &self.heuristic {
            Some(choice) => with_heuristic(choice, &self.puzzle.goal, pick),
            None => pick.run(&Blind),
        }
    }

    fn unfit(&self) -> Option<String> {
        self.heuristic
            .as_ref()
            .and_then(|h| h.unavailable_for(&self.puzzle.goal))
    }

    fn unsolvable(&self) -> Option<String> {
        self.puzzle
            .check_solvable()
            .err()
            .map(|why| why.to_string())
    }

    /// The pattern database's tables, when it guides the search (the
    /// other heuristics compute their estimate from the board).
    fn database_bytes(&self) -> u64 {
        self.heuristic
            .as_ref()
            .and_then(HeuristicChoice::database)
            .map_or(0, |db| db.table_bytes())
    }

    /// IDA* on one board changed in place ([`ida_star`] over [`TileDfs`]),
    /// on several threads when the iterations grow large.
    fn iterative_deepening(&self, ctl: &Control) -> Outcome<Dir> {
        visit!(self, [ctl: Control] |space| ida_star(space, ctl))
    }
}

/// A Klotski position in its space (which counts in one metric), guided by
/// the space's estimate or by none.
pub struct KlotskiProblem {
    space: KlotskiSpace,
    start: KState,
    informed: bool,
}

impl KlotskiProblem {
    /// `layout`'s position, counting in `metric`; `informed`: whether its
    /// searches are guided by [`KlotskiSpace::heuristic`] (else by 0).
    pub fn new(layout: &Layout, metric: Metric, informed: bool) -> Self {
        let (space, start) = KlotskiSpace::new(layout, metric);
        Self {
            space,
            start,
            informed,
        }
    }

    /// The space.
    pub fn space(&self) -> &KlotskiSpace {
        &self.space
    }

    /// The start.
    pub fn start(&self) -> KState {
        self.start
    }
}

/// A Klotski space's estimate (or none) and its block-aware energy.
struct KlotskiGuide<'a> {
    space: &'a KlotskiSpace,
    informed: bool,
}

impl Guide<KState> for KlotskiGuide<'_> {
    #[inline]
    fn estimate(&self, state: &KState) -> u32 {
        if self.informed {
            self.space.heuristic(state)
        } else {
            0
        }
    }
    fn energy(&self, state: &KState) -> f64 {
        self.space.energy(state)
    }
}

impl Problem for KlotskiProblem {
    type Move = KMove;
    const FAMILY: Family = Family::Klotski;

    fn visit<V: Visitor<KMove>>(&self, search: V) -> V::Output {
        let guide = KlotskiGuide {
            space: &self.space,
            informed: self.informed,
        };
        search.visit(&self.space, self.start, &guide)
    }

    /// The word BFS ([`crate::klotski::bfs`]): states as packed words in
    /// flat tables, several times the generic search's speed.
    fn breadth_first(&self, ctl: &Control) -> Outcome<KMove> {
        crate::klotski::bfs(&self.space, self.start, ctl)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `NAMES` are the names serde gives the families (what a puzzle file's
    /// `kind` holds), in `ALL`'s order, and each family's default strategy
    /// is registered and solves it.
    #[test]
    fn family_names_are_serdes_and_defaults_solve_them() {
        for (family, name) in Family::ALL.into_iter().zip(Family::NAMES) {
            assert_eq!(
                serde_json::to_string(&family).unwrap(),
                format!("\"{name}\"")
            );
            let back: Family = serde_json::from_str(&format!("\"{name}\"")).unwrap();
            assert_eq!(back, family);
            let default = super::super::find(family.default_strategy()).unwrap();
            assert!(default.supports(family), "{}", default.name());
        }
    }

    /// What `deepening_repeats` says of each family is what its IDA* does:
    /// repeats skipped by move pruning and none found by a table, or found
    /// by a table and none skipped.
    #[test]
    fn each_familys_deepening_meets_repeats_as_it_says() {
        use crate::observe::{Event, Fate};
        use std::sync::{Arc, Mutex};
        let idastar = &super::super::idastar::IdaStar;
        for family in Family::ALL {
            let fates = Arc::new(Mutex::new(Vec::new()));
            let seen = Arc::clone(&fates);
            let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
                if let Event::Generate { fate, .. } = e {
                    seen.lock().unwrap().push(*fate);
                }
            }));
            let solved = match family {
                Family::Tiles => {
                    let puzzle = TilePuzzle::parse("7 4 0 3 8 5 2 1 6", None, None).unwrap();
                    let manhattan = crate::HeuristicChoice::Manhattan;
                    super::super::solve_tiles(idastar, &puzzle, &manhattan, &ctl)
                        .unwrap()
                        .status
                }
                Family::Klotski => {
                    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
                    super::super::solve_klotski(idastar, &layout, Metric::Moves, &ctl)
                        .unwrap()
                        .status
                }
            };
            assert_eq!(solved, crate::Status::Solved, "{family:?}");
            let fates = fates.lock().unwrap();
            let skipped = fates.contains(&Fate::Skipped);
            let found = fates.contains(&Fate::Duplicate);
            match family.deepening_repeats() {
                Repeats::Pruned => assert!(skipped && !found, "{family:?}"),
                Repeats::Tabled => assert!(found && !skipped, "{family:?}"),
            }
        }
    }
}
