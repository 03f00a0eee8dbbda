//! Small boards (up to [`WHOLE_CELLS`] cells: the 15-puzzle, 3×5, 2×8, …)
//! searched whole as well: weighted A* with linear conflict finds paths
//! much shorter than the lines give (at most [`WHOLE_WEIGHT`] times the
//! shortest) in a few thousand expansions. It gives up after
//! [`WHOLE_BUDGET`] expansions, so a hard start costs a bounded time and
//! keeps the reduction's path.

use crate::control::{Meter, Stop};
use crate::search::{End, weighted_astar_metered};
use crate::tiles::heuristic::{LinearConflict, TileHeuristic};
use crate::tiles::packed::PackedBoard;
use crate::tiles::space::TileSpace;
use crate::tiles::{Dir, TilePuzzle};

/// Boards of at most this many cells are also searched whole.
pub(super) const WHOLE_CELLS: usize = 16;
/// The weight. Measured on Korf's 100 with the budget below (the better of
/// this and the lines' path, then shortened): 1.7 gives +15 % over the
/// shortest, 2.0 +20 %, 2.2 +24 %; 1.5 is closer but several times the
/// work.
const WHOLE_WEIGHT: f64 = 1.7;
/// Most expansions of the whole-board search (a few milliseconds); 5,000
/// leaves too many starts to the lines (+27 %), 60,000 gains little more
/// (+12 %) for slow outliers.
const WHOLE_BUDGET: u64 = 20_000;

/// A path for `puzzle` (at most [`WHOLE_CELLS`] cells) by weighted A*, or
/// `None` if the budget ran out first.
pub(super) fn search_whole(
    puzzle: &TilePuzzle,
    meter: &mut Meter<'_>,
) -> Result<Option<Vec<Dir>>, Stop> {
    let n = puzzle.shape().cells();
    debug_assert!(n <= WHOLE_CELLS);
    let (space, start) = TileSpace::<u64>::new(puzzle);
    let lc = LinearConflict::new(&puzzle.goal);
    let estimate = |s: &u64| {
        let mut cells = [0u8; WHOLE_CELLS];
        s.unpack(&mut cells[..n]);
        lc.estimate(&cells[..n])
    };
    let (end, sizes) =
        weighted_astar_metered(&space, start, estimate, WHOLE_WEIGHT, WHOLE_BUDGET, meter);
    meter.note_sizes(&sizes);
    match end {
        End::Found { path, .. } => Ok(Some(path)),
        End::Stopped(stop) => Err(stop),
        End::OverBudget | End::Exhausted { .. } => Ok(None),
    }
}
