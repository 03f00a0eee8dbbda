//! Heuristics for tile boards. Each is admissible (never overestimates);
//! the table ([`HeuristicKind::spec`]) says which are also consistent
//! (change by at most 1 per move). Each can be updated incrementally after
//! a move, which is what makes IDA* fast.

mod breakdown;
mod gaschnig;
mod linear_conflict;
mod manhattan;
mod misplaced;

pub use breakdown::{Breakdown, LineConflict, PatternShare, breakdown};
pub use gaschnig::Gaschnig;
pub use linear_conflict::LinearConflict;
use linear_conflict::line_cost;
pub use manhattan::Manhattan;
pub use misplaced::Misplaced;

use std::sync::Arc;

use super::board::{Board, Shape};
use super::pdb::{PatternDb, PdbHeuristic, Prefetching, Spread};

/// One tile sliding from cell `from` to cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The tile that moved.
    pub tile: u8,
    /// Its old cell (the blank's new cell).
    pub from: usize,
    /// Its new cell (the blank's old cell).
    pub to: usize,
}

/// A board as the incremental updates see it.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Tile by cell.
    pub cells: &'a [u8],
}

/// A heuristic evaluated on a board and updated after each move.
pub trait TileHeuristic: Sync {
    /// What the incremental update keeps between moves.
    type Acc: Copy + Send + Sync;
    /// Evaluate a whole board from scratch.
    fn start(&self, cells: &[u8]) -> Self::Acc;
    /// The estimate held in `acc`.
    fn value(&self, acc: &Self::Acc) -> u32;
    /// A tile just slid; `board` already shows the new position.
    fn update(&self, acc: &mut Self::Acc, board: View<'_>, slide: Slide);
    /// Like [`update`](Self::update), then return the new estimate — but
    /// only exactly when it is below `limit`; otherwise any value in
    /// `limit..=estimate` (and `acc` may be left incomplete: the caller
    /// prunes this state and restores the saved `acc`). Lets a heuristic
    /// that takes a maximum skip its second half.
    #[inline(always)]
    fn update_bounded(
        &self,
        acc: &mut Self::Acc,
        board: View<'_>,
        slide: Slide,
        limit: u32,
    ) -> u32 {
        let _ = limit;
        self.update(acc, board, slide);
        self.value(acc)
    }
    /// Whether [`prepare`](Self::prepare) pays (a constant the compiler
    /// folds). Not by default.
    const PREPARES: bool = false;
    /// For `slide`, not yet made (`board` still shows the position
    /// before it): what [`update_prepared`](Self::update_prepared) will
    /// need, worked out now, and what it will read asked for, so that the
    /// reads of several children overlap.
    #[inline(always)]
    fn prepare(&self, acc: &Self::Acc, board: View<'_>, slide: Slide) -> u64 {
        let _ = (acc, board, slide);
        0
    }
    /// [`update_bounded`](Self::update_bounded), with what
    /// [`prepare`](Self::prepare) worked out for `slide` from the position
    /// before it.
    #[inline(always)]
    fn update_prepared(
        &self,
        acc: &mut Self::Acc,
        board: View<'_>,
        slide: Slide,
        prepared: u64,
        limit: u32,
    ) -> u32 {
        let _ = prepared;
        self.update_bounded(acc, board, slide, limit)
    }
    /// Evaluate a whole board.
    fn estimate(&self, cells: &[u8]) -> u32 {
        self.value(&self.start(cells))
    }
}

/// No estimate at all: 0 for every board. What an uninformed search
/// (BFS, depth-first, iterative deepening) is guided by; IDA* with it is
/// iterative deepening.
///
/// ```
/// use huarong_engine::tiles::heuristic::{Blind, TileHeuristic};
/// assert_eq!(Blind.estimate(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), 0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Blind;

impl TileHeuristic for Blind {
    type Acc = ();
    #[inline(always)]
    fn start(&self, _: &[u8]) {}
    #[inline(always)]
    fn value(&self, _: &()) -> u32 {
        0
    }
    #[inline(always)]
    fn update(&self, _: &mut (), _: View<'_>, _: Slide) {}
}

/// The heuristics a user can pick. Everything a front end needs to know
/// of one is in its [`HeuristicSpec`] ([`HeuristicKind::spec`]): adding a
/// heuristic is a variant here, its entry in `spec` and its arm in
/// [`HeuristicChoice`]'s matches (all in this file), and its words in the
/// app's message tables; the compiler asks for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum HeuristicKind {
    /// Number of tiles out of place.
    Misplaced,
    /// Gaschnig's: the swaps that sort the board when the blank may swap
    /// with any tile.
    Gaschnig,
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Manhattan plus linear conflicts in rows and columns.
    LinearConflict,
    /// Additive 6-6-3 pattern database with reflection (4×4 only).
    Pdb,
    /// Additive 7-8 pattern database with reflection (4×4 only): the
    /// strongest, about 0.6 GB in memory and a build of a minute or more.
    Pdb78,
    /// Additive 6-6-6-6 pattern database with reflection (5×5 only): Korf
    /// & Felner's partition of the 24-puzzle, two tables of 127,512,000
    /// entries read through the board's symmetries.
    Pdb6666,
}

/// A heuristic, said once: its names, where its estimate comes from, what
/// it promises, how its value is taken apart for people, and where an
/// exact search guided by it may take long.
#[derive(Clone, Copy, Debug)]
pub struct HeuristicSpec {
    /// The CLI name (also what files and the app's settings store).
    pub name: &'static str,
    /// Other CLI names accepted for it.
    pub aliases: &'static [&'static str],
    /// A label for people, in English (the app words it in its tables).
    pub label: &'static str,
    /// Computed from the board, or read from a pattern database.
    pub source: Source,
    /// Whether one move changes it by at most 1 (all are admissible).
    pub consistent: bool,
    /// How [`breakdown`] takes its value apart.
    pub parts: Parts,
    /// Where an exact search guided by it may take very long
    /// (`strategy::outlook`).
    pub long_after: LongAfter,
    /// Whether lists of heuristics show it (greyed) on boards it does not
    /// fit; `false` keeps it to its own board.
    pub listed_where_unfit: bool,
}

/// Where a heuristic's estimate comes from.
#[derive(Clone, Copy, Debug)]
pub enum Source {
    /// Computed from the board itself: it fits every board.
    Computed,
    /// Looked up in an additive pattern database built for one board size.
    Database(DatabaseSpec),
}

/// A pattern database heuristic's partition and board.
#[derive(Clone, Copy, Debug)]
pub struct DatabaseSpec {
    /// The partition's name ("6-6-3").
    pub partition_name: &'static str,
    /// The one board its tables are built for.
    pub board: DatabaseBoard,
    /// The tiles of each pattern for a goal of that board.
    pub partition: fn(&Board) -> Vec<Vec<u8>>,
}

/// The boards pattern databases are built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatabaseBoard {
    /// 4×4, the 15-puzzle.
    FifteenPuzzle,
    /// 5×5, the 24-puzzle.
    TwentyFourPuzzle,
}

impl DatabaseBoard {
    /// Its shape.
    pub fn shape(self) -> Shape {
        match self {
            DatabaseBoard::FifteenPuzzle => PatternDb::SHAPE_4X4,
            DatabaseBoard::TwentyFourPuzzle => PatternDb::SHAPE_5X5,
        }
    }
}

/// How a heuristic's value is taken apart in a [`Breakdown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parts {
    /// Each tile off its goal cell counts 1 (the shares are 1 or 0).
    TilesOff,
    /// Each tile counts its Manhattan distance (the shares).
    TileDistances,
    /// Each tile its Manhattan distance, plus each row or column in
    /// conflict ([`Breakdown::conflicts`]).
    DistancesAndConflicts,
    /// The pattern groups' values ([`Breakdown::patterns`], the larger of
    /// the direct and reflected sums); the shares are the Manhattan
    /// distances, for comparison only.
    Patterns,
    /// Not a sum over tiles: the value is of the whole board (the shares
    /// are all 0).
    NotPerTile,
}

/// The start's Manhattan distance beyond which an exact search guided by
/// a heuristic may take very long (`None`: no start of such a board is).
/// Boards of 12 cells or fewer are never long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongAfter {
    /// On boards of 13 to 16 cells.
    pub to_16_cells: Option<u32>,
    /// On larger boards.
    pub larger: Option<u32>,
}

impl HeuristicKind {
    /// Every kind, in menu order (weaker before stronger on a board).
    pub const ALL: [HeuristicKind; 7] = [
        HeuristicKind::Misplaced,
        HeuristicKind::Gaschnig,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::Pdb,
        HeuristicKind::Pdb78,
        HeuristicKind::Pdb6666,
    ];

    /// The table: everything about this heuristic.
    pub fn spec(self) -> &'static HeuristicSpec {
        match self {
            HeuristicKind::Misplaced => &HeuristicSpec {
                name: "misplaced",
                aliases: &[],
                label: "Misplaced tiles",
                source: Source::Computed,
                consistent: true,
                parts: Parts::TilesOff,
                long_after: LongAfter {
                    to_16_cells: Some(24),
                    larger: Some(36),
                },
                listed_where_unfit: true,
            },
            HeuristicKind::Gaschnig => &HeuristicSpec {
                name: "gaschnig",
                aliases: &[],
                label: "Gaschnig (swaps with the blank)",
                source: Source::Computed,
                consistent: true,
                parts: Parts::NotPerTile,
                // At least misplaced tiles, mostly below Manhattan.
                long_after: LongAfter {
                    to_16_cells: Some(24),
                    larger: Some(36),
                },
                listed_where_unfit: true,
            },
            HeuristicKind::Manhattan => &HeuristicSpec {
                name: "manhattan",
                aliases: &[],
                label: "Manhattan distance",
                source: Source::Computed,
                consistent: true,
                parts: Parts::TileDistances,
                long_after: LongAfter {
                    to_16_cells: Some(40),
                    larger: Some(36),
                },
                listed_where_unfit: true,
            },
            HeuristicKind::LinearConflict => &HeuristicSpec {
                name: "linear-conflict",
                aliases: &[],
                label: "Manhattan + linear conflict",
                source: Source::Computed,
                consistent: true,
                parts: Parts::DistancesAndConflicts,
                long_after: LongAfter {
                    to_16_cells: Some(46),
                    larger: Some(36),
                },
                listed_where_unfit: true,
            },
            HeuristicKind::Pdb => &HeuristicSpec {
                name: "pdb",
                aliases: &["pdb663"],
                label: "Pattern database 6-6-3",
                source: Source::Database(DatabaseSpec {
                    partition_name: "6-6-3",
                    board: DatabaseBoard::FifteenPuzzle,
                    partition: PatternDb::partition_663,
                }),
                consistent: false,
                parts: Parts::Patterns,
                long_after: LongAfter {
                    to_16_cells: None,
                    larger: Some(36),
                },
                listed_where_unfit: true,
            },
            HeuristicKind::Pdb78 => &HeuristicSpec {
                name: "pdb78",
                aliases: &[],
                label: "Pattern database 7-8 (strong)",
                source: Source::Database(DatabaseSpec {
                    partition_name: "7-8",
                    board: DatabaseBoard::FifteenPuzzle,
                    partition: PatternDb::partition_78,
                }),
                consistent: false,
                parts: Parts::Patterns,
                long_after: LongAfter {
                    to_16_cells: None,
                    larger: Some(36),
                },
                listed_where_unfit: true,
            },
            HeuristicKind::Pdb6666 => &HeuristicSpec {
                name: "pdb6666",
                aliases: &[],
                label: "Pattern database 6-6-6-6",
                source: Source::Database(DatabaseSpec {
                    partition_name: "6-6-6-6",
                    board: DatabaseBoard::TwentyFourPuzzle,
                    partition: PatternDb::partition_6666,
                }),
                consistent: false,
                parts: Parts::Patterns,
                long_after: LongAfter {
                    to_16_cells: None,
                    larger: Some(50),
                },
                // The 24-puzzle's database is listed on 5×5 only, so
                // smaller boards' panels keep their height.
                listed_where_unfit: false,
            },
        }
    }

    /// The CLI name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// A label for people.
    pub fn label(self) -> &'static str {
        self.spec().label
    }

    /// Look up a CLI name or alias (`pdb663` is an alias of `pdb`).
    ///
    /// ```
    /// use huarong_engine::HeuristicKind;
    /// assert_eq!(HeuristicKind::from_name("linear-conflict"), Some(HeuristicKind::LinearConflict));
    /// assert_eq!(HeuristicKind::from_name("pdb663"), Some(HeuristicKind::Pdb));
    /// assert_eq!(HeuristicKind::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| {
            let spec = k.spec();
            spec.name == name || spec.aliases.contains(&name)
        })
    }

    /// The pattern database it reads, if it is one.
    pub fn database(self) -> Option<&'static DatabaseSpec> {
        match &self.spec().source {
            Source::Computed => None,
            Source::Database(db) => Some(db),
        }
    }

    /// Why this heuristic cannot be used on `shape`, if it cannot.
    pub fn unavailable_for(self, shape: Shape) -> Option<String> {
        let db = self.database()?;
        let fits = db.board.shape();
        (shape != fits).then(|| {
            format!(
                "heuristic '{}' ({} pattern database) is only available for {fits} boards, not {shape}",
                self.name(),
                db.partition_name
            )
        })
    }

    /// For a pattern database, the entries of its tables: one for each
    /// placement of each pattern's tiles on its board (what building and
    /// holding it costs, about a byte each).
    ///
    /// ```
    /// use huarong_engine::HeuristicKind;
    /// // 16·15·…·11 twice and 16·15·14.
    /// assert_eq!(HeuristicKind::Pdb.table_entries(), Some(2 * 5_765_760 + 3_360));
    /// assert!(HeuristicKind::Pdb78.table_entries() > Some(500_000_000));
    /// assert_eq!(HeuristicKind::Manhattan.table_entries(), None);
    /// ```
    pub fn table_entries(self) -> Option<u64> {
        let db = self.database()?;
        let shape = db.board.shape();
        let cells = shape.cells() as u64;
        let placements = |k: u64| (0..k).map(|i| cells - i).product::<u64>();
        let patterns = (db.partition)(&Board::goal(shape));
        Some(patterns.iter().map(|p| placements(p.len() as u64)).sum())
    }

    /// Whether this is a pattern database (it needs a build or a cache file).
    pub fn is_database(self) -> bool {
        self.database().is_some()
    }

    /// Whether one move changes its estimate by at most 1.
    pub fn is_consistent(self) -> bool {
        self.spec().consistent
    }

    /// The partition's name, for the pattern databases.
    pub fn partition_name(self) -> Option<&'static str> {
        self.database().map(|db| db.partition_name)
    }

    /// The tiles of each pattern of this database for `goal`, for the
    /// pattern databases on the board size they are for (`None` otherwise).
    ///
    /// ```
    /// use huarong_engine::{Board, HeuristicKind, Shape};
    /// let goal = Board::goal(Shape::new(4, 4).unwrap());
    /// let sizes: Vec<usize> = HeuristicKind::Pdb78.partition(&goal).unwrap().iter().map(|p| p.len()).collect();
    /// assert_eq!(sizes, vec![7, 8]);
    /// assert!(HeuristicKind::Manhattan.partition(&goal).is_none());
    /// assert!(HeuristicKind::Pdb78.partition(&Board::goal(Shape::new(3, 3).unwrap())).is_none());
    /// assert!(HeuristicKind::Pdb6666.partition(&goal).is_none());
    /// ```
    pub fn partition(self, goal: &Board) -> Option<Vec<Vec<u8>>> {
        let db = self.database()?;
        (goal.shape() == db.board.shape()).then(|| (db.partition)(goal))
    }
}

/// A heuristic ready to use: the kind plus any data it needs.
#[derive(Clone, Debug)]
pub enum HeuristicChoice {
    /// Misplaced tiles.
    Misplaced,
    /// Gaschnig's swaps with the blank.
    Gaschnig,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan + linear conflict.
    LinearConflict,
    /// A pattern database built for the puzzle's goal.
    Pdb(Arc<PatternDb>),
}

impl HeuristicChoice {
    /// The choice for a heuristic computed from the board; `None` for a
    /// pattern database, which needs its tables.
    ///
    /// ```
    /// use huarong_engine::{HeuristicChoice, HeuristicKind};
    /// assert_eq!(HeuristicChoice::computed(HeuristicKind::Manhattan).unwrap().kind(), HeuristicKind::Manhattan);
    /// assert!(HeuristicChoice::computed(HeuristicKind::Pdb78).is_none());
    /// ```
    pub fn computed(kind: HeuristicKind) -> Option<Self> {
        match kind {
            HeuristicKind::Misplaced => Some(HeuristicChoice::Misplaced),
            HeuristicKind::Gaschnig => Some(HeuristicChoice::Gaschnig),
            HeuristicKind::Manhattan => Some(HeuristicChoice::Manhattan),
            HeuristicKind::LinearConflict => Some(HeuristicChoice::LinearConflict),
            HeuristicKind::Pdb | HeuristicKind::Pdb78 | HeuristicKind::Pdb6666 => None,
        }
    }

    /// The choice for `kind`, given the database loaded for it if any; a
    /// database kind without its database falls back to linear conflict.
    ///
    /// ```
    /// use huarong_engine::{HeuristicChoice, HeuristicKind};
    /// let choice = HeuristicChoice::with_database(HeuristicKind::Pdb, None);
    /// assert_eq!(choice.kind(), HeuristicKind::LinearConflict);
    /// ```
    pub fn with_database(kind: HeuristicKind, db: Option<Arc<PatternDb>>) -> Self {
        match db {
            Some(db) => HeuristicChoice::Pdb(db),
            None => Self::computed(kind).unwrap_or(HeuristicChoice::LinearConflict),
        }
    }

    /// The kind this choice is.
    pub fn kind(&self) -> HeuristicKind {
        match self {
            HeuristicChoice::Misplaced => HeuristicKind::Misplaced,
            HeuristicChoice::Gaschnig => HeuristicKind::Gaschnig,
            HeuristicChoice::Manhattan => HeuristicKind::Manhattan,
            HeuristicChoice::LinearConflict => HeuristicKind::LinearConflict,
            HeuristicChoice::Pdb(db) => {
                let name = db.name();
                HeuristicKind::ALL
                    .into_iter()
                    .find(|k| k.partition_name() == Some(name.as_str()))
                    .unwrap_or(HeuristicKind::Pdb)
            }
        }
    }

    /// The pattern database it reads, if it is one.
    pub fn database(&self) -> Option<&Arc<PatternDb>> {
        match self {
            HeuristicChoice::Misplaced
            | HeuristicChoice::Gaschnig
            | HeuristicChoice::Manhattan
            | HeuristicChoice::LinearConflict => None,
            HeuristicChoice::Pdb(db) => Some(db),
        }
    }

    /// A human-readable name: the pattern database says which partition.
    pub fn describe(&self) -> String {
        match self.database() {
            Some(db) => format!("pattern database {}", db.name()),
            None => self.kind().name().to_string(),
        }
    }

    /// Why this choice cannot be used for `goal`, if it cannot.
    pub fn unavailable_for(&self, goal: &Board) -> Option<String> {
        match self.database() {
            // A database in hand fits any board it was built for.
            Some(db) => (db.goal() != goal.cells() || db.shape() != goal.shape())
                .then(|| "the pattern database was built for another goal".to_string()),
            None => self.kind().unavailable_for(goal.shape()),
        }
    }
}

/// Something to run with a concrete heuristic type.
pub trait WithHeuristic<R> {
    /// Run with heuristic `h`.
    fn run<H: TileHeuristic>(self, h: &H) -> R;
}

/// Build the heuristic `choice` for `goal` and hand it to `f`, so that the
/// search is compiled once per heuristic (no dynamic dispatch per node).
pub fn with_heuristic<R>(choice: &HeuristicChoice, goal: &Board, f: impl WithHeuristic<R>) -> R {
    with_heuristic_for(choice, goal, true, f)
}

/// [`with_heuristic`], pattern tables [spread](PatternDb::spread) only for
/// a `search`.
fn with_heuristic_for<R>(
    choice: &HeuristicChoice,
    goal: &Board,
    search: bool,
    f: impl WithHeuristic<R>,
) -> R {
    match choice {
        HeuristicChoice::Misplaced => f.run(&Misplaced::new(goal)),
        HeuristicChoice::Gaschnig => f.run(&Gaschnig::new(goal)),
        HeuristicChoice::Manhattan => f.run(&Manhattan::new(goal)),
        HeuristicChoice::LinearConflict => f.run(&LinearConflict::new(goal)),
        HeuristicChoice::Pdb(db) => match PdbHeuristic::new(db) {
            h if h.misses_the_cache() => f.run(&Prefetching(h)),
            h => match search.then(|| db.spread()).flatten() {
                Some(tables) => f.run(&Spread::new(&h, db, &tables[..])),
                None => f.run(&h),
            },
        },
    }
}

/// Evaluate `choice` on one board (for displays and tests).
///
/// ```
/// use huarong_engine::{Board, HeuristicChoice, tiles::heuristic::evaluate};
/// let goal = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
/// let b = Board::parse("1 2 3 4 5 6 0 7 8", None).unwrap();
/// assert_eq!(evaluate(&HeuristicChoice::Manhattan, &goal, &b), 2);
/// ```
pub fn evaluate(choice: &HeuristicChoice, goal: &Board, board: &Board) -> u32 {
    struct Eval<'a>(&'a [u8]);
    impl WithHeuristic<u32> for Eval<'_> {
        fn run<H: TileHeuristic>(self, h: &H) -> u32 {
            h.estimate(self.0)
        }
    }
    with_heuristic_for(choice, goal, false, Eval(board.cells()))
}

/// Goal cell of every tile, shared by the heuristics.
#[derive(Clone, Debug)]
pub(crate) struct GoalCells {
    pub shape: Shape,
    /// `cell[t]`: goal cell of tile `t`.
    pub cell: Vec<u8>,
}

impl GoalCells {
    pub fn new(goal: &Board) -> Self {
        let mut cell = vec![0u8; goal.cells().len()];
        for (c, &t) in goal.cells().iter().enumerate() {
            cell[t as usize] = c as u8;
        }
        Self {
            shape: goal.shape(),
            cell,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_alias_finds_its_own_kind_only() {
        let mut seen = std::collections::HashSet::new();
        for kind in HeuristicKind::ALL {
            let spec = kind.spec();
            for name in std::iter::once(&spec.name).chain(spec.aliases) {
                assert!(seen.insert(*name), "{name} named twice");
                assert_eq!(HeuristicKind::from_name(name), Some(kind));
            }
            assert_eq!(kind.label(), spec.label);
        }
    }

    #[test]
    fn a_database_partitions_its_boards_tiles_and_fits_that_board_only() {
        for kind in HeuristicKind::ALL {
            let computed = HeuristicChoice::computed(kind);
            assert_eq!(computed.is_none(), kind.is_database(), "{kind:?}");
            if let Some(choice) = computed {
                assert_eq!(choice.kind(), kind);
                assert!(choice.database().is_none());
            }
            let Some(db) = kind.database() else {
                for shape in [(2, 2), (3, 3), (4, 4), (5, 5), (3, 7)] {
                    let shape = Shape::new(shape.0, shape.1).unwrap();
                    assert_eq!(kind.unavailable_for(shape), None, "{kind:?} on {shape}");
                }
                continue;
            };
            let shape = db.board.shape();
            assert_eq!(kind.unavailable_for(shape), None);
            assert!(kind.unavailable_for(Shape::new(3, 3).unwrap()).is_some());
            let goal = Board::goal(shape);
            let mut tiles: Vec<u8> = kind.partition(&goal).unwrap().concat();
            tiles.sort_unstable();
            let n = shape.cells() as u8;
            assert_eq!(tiles, (1..n).collect::<Vec<u8>>(), "{kind:?}");
            // The name gives the patterns' sizes.
            let mut sizes: Vec<usize> = kind
                .partition(&goal)
                .unwrap()
                .iter()
                .map(Vec::len)
                .collect();
            let mut named: Vec<usize> = db
                .partition_name
                .split('-')
                .map(|s| s.parse().unwrap())
                .collect();
            sizes.sort_unstable();
            named.sort_unstable();
            assert_eq!(named, sizes, "{kind:?}");
        }
    }
}
