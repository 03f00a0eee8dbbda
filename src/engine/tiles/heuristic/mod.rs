//! Heuristics for tile boards. Each is admissible (never overestimates) and
//! consistent (changes by at most 1 per move), and each can be updated
//! incrementally after a move, which is what makes IDA* fast.

mod breakdown;
mod linear_conflict;
mod manhattan;
mod misplaced;

pub use breakdown::{Breakdown, LineConflict, PatternShare, breakdown};
pub use linear_conflict::LinearConflict;
use linear_conflict::line_cost;
pub use manhattan::Manhattan;
pub use misplaced::Misplaced;

use std::sync::Arc;

use super::board::{Board, Shape};
use super::pdb::{PatternDb, PdbHeuristic};

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
    /// Cell by tile.
    pub pos: &'a [u8],
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

/// The heuristics a user can pick, by CLI name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum HeuristicKind {
    /// Number of tiles out of place.
    Misplaced,
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

impl HeuristicKind {
    /// Every kind, in menu order.
    pub const ALL: [HeuristicKind; 6] = [
        HeuristicKind::Misplaced,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::Pdb,
        HeuristicKind::Pdb78,
        HeuristicKind::Pdb6666,
    ];

    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Misplaced => "misplaced",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::Pdb => "pdb",
            HeuristicKind::Pdb78 => "pdb78",
            HeuristicKind::Pdb6666 => "pdb6666",
        }
    }

    /// A label for people.
    pub fn label(self) -> &'static str {
        match self {
            HeuristicKind::Misplaced => "Misplaced tiles",
            HeuristicKind::Manhattan => "Manhattan distance",
            HeuristicKind::LinearConflict => "Manhattan + linear conflict",
            HeuristicKind::Pdb => "Pattern database 6-6-3",
            HeuristicKind::Pdb78 => "Pattern database 7-8 (strong)",
            HeuristicKind::Pdb6666 => "Pattern database 6-6-6-6",
        }
    }

    /// Look up a CLI name (`pdb663` is an alias of `pdb`).
    ///
    /// ```
    /// use huarong_engine::HeuristicKind;
    /// assert_eq!(HeuristicKind::from_name("linear-conflict"), Some(HeuristicKind::LinearConflict));
    /// assert_eq!(HeuristicKind::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "pdb663" => Some(HeuristicKind::Pdb),
            _ => Self::ALL.into_iter().find(|k| k.name() == name),
        }
    }

    /// Why this heuristic cannot be used on `shape`, if it cannot.
    pub fn unavailable_for(self, shape: Shape) -> Option<String> {
        match self {
            HeuristicKind::Pdb | HeuristicKind::Pdb78 if shape != PatternDb::SHAPE_4X4 => {
                Some(format!(
                    "heuristic '{}' ({} pattern database) is only available for 4x4 boards, not {shape}",
                    self.name(),
                    self.partition_name().unwrap_or_default()
                ))
            }
            HeuristicKind::Pdb6666 if shape != PatternDb::SHAPE_5X5 => Some(format!(
                "heuristic '{}' ({} pattern database) is only available for 5x5 boards, not {shape}",
                self.name(),
                self.partition_name().unwrap_or_default()
            )),
            _ => None,
        }
    }

    /// Whether this is a pattern database (it needs a build or a cache file).
    pub fn is_database(self) -> bool {
        self.partition_name().is_some()
    }

    /// The partition's name, for the pattern databases.
    pub fn partition_name(self) -> Option<&'static str> {
        match self {
            HeuristicKind::Pdb => Some("6-6-3"),
            HeuristicKind::Pdb78 => Some("7-8"),
            HeuristicKind::Pdb6666 => Some("6-6-6-6"),
            _ => None,
        }
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
        if self == HeuristicKind::Pdb6666 {
            return (goal.shape() == PatternDb::SHAPE_5X5).then(|| PatternDb::partition_6666(goal));
        }
        if goal.shape() != PatternDb::SHAPE_4X4 {
            return None;
        }
        match self {
            HeuristicKind::Pdb => Some(PatternDb::partition_663(goal)),
            HeuristicKind::Pdb78 => Some(PatternDb::partition_78(goal)),
            _ => None,
        }
    }
}

/// A heuristic ready to use: the kind plus any data it needs.
#[derive(Clone, Debug)]
pub enum HeuristicChoice {
    /// Misplaced tiles.
    Misplaced,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan + linear conflict.
    LinearConflict,
    /// A pattern database built for the puzzle's goal.
    Pdb(Arc<PatternDb>),
}

impl HeuristicChoice {
    /// The choice for `kind`, given the database loaded for it if any; a
    /// database kind without its database falls back to linear conflict.
    ///
    /// ```
    /// use huarong_engine::{HeuristicChoice, HeuristicKind};
    /// let choice = HeuristicChoice::with_database(HeuristicKind::Pdb, None);
    /// assert_eq!(choice.kind(), HeuristicKind::LinearConflict);
    /// ```
    pub fn with_database(kind: HeuristicKind, db: Option<Arc<PatternDb>>) -> Self {
        match (kind, db) {
            (_, Some(db)) => HeuristicChoice::Pdb(db),
            (HeuristicKind::Misplaced, _) => HeuristicChoice::Misplaced,
            (HeuristicKind::Manhattan, _) => HeuristicChoice::Manhattan,
            _ => HeuristicChoice::LinearConflict,
        }
    }

    /// The kind this choice is.
    pub fn kind(&self) -> HeuristicKind {
        match self {
            HeuristicChoice::Misplaced => HeuristicKind::Misplaced,
            HeuristicChoice::Manhattan => HeuristicKind::Manhattan,
            HeuristicChoice::LinearConflict => HeuristicKind::LinearConflict,
            HeuristicChoice::Pdb(db) if db.name() == "7-8" => HeuristicKind::Pdb78,
            HeuristicChoice::Pdb(db) if db.name() == "6-6-6-6" => HeuristicKind::Pdb6666,
            HeuristicChoice::Pdb(_) => HeuristicKind::Pdb,
        }
    }

    /// A human-readable name: the pattern database says which partition.
    pub fn describe(&self) -> String {
        match self {
            HeuristicChoice::Pdb(db) => format!("pattern database {}", db.name()),
            other => other.kind().name().to_string(),
        }
    }

    /// Why this choice cannot be used for `goal`, if it cannot.
    pub fn unavailable_for(&self, goal: &Board) -> Option<String> {
        match self {
            // A database in hand fits any board it was built for.
            HeuristicChoice::Pdb(db) => (db.goal() != goal.cells() || db.shape() != goal.shape())
                .then(|| "the pattern database was built for another goal".to_string()),
            other => other.kind().unavailable_for(goal.shape()),
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
    match choice {
        HeuristicChoice::Misplaced => f.run(&Misplaced::new(goal)),
        HeuristicChoice::Manhattan => f.run(&Manhattan::new(goal)),
        HeuristicChoice::LinearConflict => f.run(&LinearConflict::new(goal)),
        HeuristicChoice::Pdb(db) => f.run(&PdbHeuristic::new(db)),
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
    with_heuristic(choice, goal, Eval(board.cells()))
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
