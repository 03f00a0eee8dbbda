//! Exact distances to the goal for every position of a small board (up to
//! [`MAX_CELLS`] cells: the 8-puzzle, 2×N up to 2×6, 3×4): a breadth-first
//! search backwards from the goal over all arrangements
//! ([`reach::distances`]), each distance stored at its permutation rank
//! (a rank never reached holds [`u8::NONE`](Distance::NONE): the other half
//! of the permutations). Moves are reversible, so the distance from the goal is
//! the distance to it.

use crate::control::{Control, Meter, Sizes, Stop};
use crate::outcome::{LimitKind, Stats};
use crate::search::reach::{self, Distance};

use super::{Board, Dir, Shape};

/// The largest board a table covers: 12! ranks fit a `u32`, and its table
/// and queue take about 1.4 GB.
pub const MAX_CELLS: usize = 12;

/// The largest board [`DistanceTable::quick`] accepts.
const QUICK_CELLS: usize = 10;

/// Distances to the goal of every position reachable from it.
///
/// ```
/// use huarong_engine::tiles::table::DistanceTable;
/// use huarong_engine::{Board, Control, Shape};
///
/// let goal = Board::goal(Shape::new(2, 3).unwrap());
/// let table = DistanceTable::build(&goal, &Control::default()).unwrap();
/// assert_eq!(table.states(), 360); // 6!/2
/// assert_eq!(table.distance(&goal), Some(0));
/// assert_eq!(table.by_distance().iter().sum::<u64>(), 360);
/// ```
#[derive(serde::Serialize, serde::Deserialize)]
pub struct DistanceTable {
    shape: Shape,
    goal: Vec<u8>,
    distances: Vec<u8>,
    by_distance: Vec<u64>,
    stats: Stats,
}

/// `n!` for `n` up to [`MAX_CELLS`].
const FACTORIAL: [u64; MAX_CELLS + 1] = {
    let mut f = [1u64; MAX_CELLS + 1];
    let mut i = 1;
    while i <= MAX_CELLS {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

fn factorial(n: usize) -> u64 {
    FACTORIAL[n]
}

/// The rank of the permutation `cells` (tiles 0..n, each once) among all
/// of them in lexicographic order.
fn rank(cells: &[u8]) -> u32 {
    let n = cells.len();
    let mut r = 0u64;
    // Tiles seen so far, as bits: the smaller tiles after position i are
    // the smaller ones not seen yet (a popcount, not a scan).
    let mut seen = 0u32;
    for (i, &t) in cells.iter().enumerate() {
        let smaller_before = (seen & ((1u32 << t) - 1)).count_ones();
        let smaller_after = u64::from(t as u32 - smaller_before);
        r += smaller_after * factorial(n - 1 - i);
        seen |= 1 << t;
    }
    r as u32
}

/// The permutation of rank `r` in lexicographic order, into `out`.
fn unrank(mut r: u64, out: &mut [u8]) {
    let n = out.len();
    // The tiles not placed yet, in order (no allocation: this runs for
    // every state).
    let mut left = [0u8; MAX_CELLS];
    for (i, t) in left.iter_mut().enumerate().take(n) {
        *t = i as u8;
    }
    for (i, cell) in out.iter_mut().enumerate() {
        let f = factorial(n - 1 - i);
        let k = (r / f) as usize;
        r %= f;
        *cell = left[k];
        left.copy_within(k + 1..n - i, k);
    }
}

/// Cells packed four bits each (12 cells fit 48 bits).
fn pack(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |p, (i, &t)| p | u64::from(t) << (4 * i))
}

fn unpack(packed: u64, out: &mut [u8]) {
    for (i, cell) in out.iter_mut().enumerate() {
        *cell = (packed >> (4 * i) & 0xf) as u8;
    }
}

impl DistanceTable {
    /// Whether a board of this shape has a table.
    pub fn covers(shape: Shape) -> bool {
        shape.cells() <= MAX_CELLS
    }

    /// Whether its table builds in about a second (up to 10 cells, 2×5):
    /// worth building for a single position. The 11- and 12-cell tables
    /// take a minute and gigabytes; a search answers one position sooner.
    pub fn quick(shape: Shape) -> bool {
        shape.cells() <= QUICK_CELLS
    }

    /// Bytes a table for `shape` holds while it is built (the distances and
    /// the queue of packed states).
    pub fn bytes_needed(shape: Shape) -> u64 {
        let n = factorial(shape.cells());
        n + n / 2 * 8
    }

    /// Build the table for `goal`'s board, honouring `ctl`'s cancel token,
    /// limits and progress reports. `Err` says why it stopped. Panics if the
    /// board has more than [`MAX_CELLS`] cells (see [`covers`](Self::covers)).
    pub fn build(goal: &Board, ctl: &Control) -> Result<Self, Stop> {
        let shape = goal.shape();
        let n = shape.cells();
        assert!(
            Self::covers(shape),
            "a table covers at most {MAX_CELLS} cells"
        );
        if ctl
            .limits
            .max_bytes
            .is_some_and(|max| Self::bytes_needed(shape) > max)
        {
            return Err(Stop::Limit(LimitKind::Memory));
        }
        let mut meter = Meter::new(ctl);
        let total = factorial(n);
        let mut distances = vec![u8::NONE; total as usize];
        // The queue holds states packed four bits a cell (no unranking).
        let mut queue: Vec<u64> = Vec::with_capacity((total / 2) as usize);
        let start = rank(goal.cells());
        distances[start as usize] = 0;
        queue.push(pack(goal.cells()));
        let bytes = (distances.len() + queue.capacity() * 8) as u64;
        // The blank's neighbours from each cell, once.
        let steps: Vec<[Option<usize>; 4]> = (0..n)
            .map(|cell| Dir::ALL.map(|dir| shape.neighbour(cell, dir)))
            .collect();
        let by_distance = reach::distances(
            &mut queue,
            &mut distances,
            &mut meter,
            |packed, found, meter| {
                let mut board = [0u8; MAX_CELLS];
                let cells = &mut board[..n];
                unpack(packed, cells);
                let blank = cells.iter().position(|&t| t == 0).expect("a blank");
                for to in steps[blank].into_iter().flatten() {
                    meter.generated(1);
                    cells.swap(blank, to);
                    found.offer(rank(cells) as usize, || pack(cells));
                    cells.swap(blank, to);
                }
            },
            |at| Sizes {
                frontier: (at.queued - at.expanded) as u64,
                stored: at.queued as u64,
                bytes,
                growth: 0,
                bound: Some(at.deepest),
            },
        )?;
        let stats = meter.finish(Sizes {
            frontier: 0,
            stored: queue.len() as u64,
            bytes,
            growth: 0,
            bound: Some(by_distance.len() as u32 - 1),
        });
        Ok(Self {
            shape,
            goal: goal.cells().to_vec(),
            distances,
            by_distance,
            stats,
        })
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The goal the distances lead to.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The moves from `board` to the goal, or `None` if it cannot reach it
    /// (or is of another shape).
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if board.shape() != self.shape {
            return None;
        }
        match self.distances[rank(board.cells()) as usize] {
            u8::NONE => None,
            d => Some(u32::from(d)),
        }
    }

    /// Positions reachable from the goal (half of all arrangements).
    pub fn states(&self) -> u64 {
        self.by_distance.iter().sum()
    }

    /// How many positions lie at each distance: `by_distance()[d]`.
    pub fn by_distance(&self) -> &[u64] {
        &self.by_distance
    }

    /// The largest distance (God's number for this board and goal).
    pub fn max_distance(&self) -> u32 {
        self.by_distance.len() as u32 - 1
    }

    /// Every position at the largest distance, in rank order.
    pub fn farthest(&self) -> Vec<Board> {
        let max = self.max_distance() as u8;
        let mut cells = vec![0u8; self.shape.cells()];
        self.distances
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d == max)
            .map(|(r, _)| {
                unrank(r as u64, &mut cells);
                Board::new(self.shape, cells.clone()).expect("a permutation")
            })
            .collect()
    }

    /// The positions at `distance` from the goal picked by `places`: a
    /// place is an index into that layer in rank order (`0` its first
    /// position, up to `by_distance()[distance] - 1`). Out-of-order and
    /// repeated places are fine; the boards come back in the order of
    /// `places`, found in one pass over the table. Panics on a place past
    /// the layer's end.
    pub fn at_distance(&self, distance: u32, places: &[u64]) -> Vec<Board> {
        let layer = self
            .by_distance
            .get(distance as usize)
            .copied()
            .unwrap_or(0);
        let mut wanted: Vec<(u64, usize)> = places.iter().copied().zip(0..).collect();
        wanted.sort_unstable();
        if let Some(&(last, _)) = wanted.last() {
            assert!(last < layer, "place {last} past the layer of {layer}");
        }
        let mut ranks = vec![0u64; places.len()];
        let mut next = wanted.iter().peekable();
        let at = self
            .distances
            .iter()
            .enumerate()
            .filter(|&(_, &d)| u32::from(d) == distance && d != u8::NONE);
        for (place, (rank, _)) in (0u64..).zip(at) {
            while let Some(&&(p, slot)) = next.peek() {
                if p != place {
                    break;
                }
                ranks[slot] = rank as u64;
                next.next();
            }
            if next.peek().is_none() {
                break;
            }
        }
        let mut cells = vec![0u8; self.shape.cells()];
        ranks
            .into_iter()
            .map(|r| {
                unrank(r, &mut cells);
                Board::new(self.shape, cells.clone()).expect("a permutation")
            })
            .collect()
    }

    /// The counters of the build.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_unranks_are_inverse_bijections() {
        let n = 5;
        let mut seen = vec![false; factorial(n) as usize];
        let mut cells = vec![0u8; n];
        for r in 0..factorial(n) {
            unrank(r, &mut cells);
            assert_eq!(u64::from(rank(&cells)), r);
            seen[r as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        // 12! fits the rank type.
        let last: Vec<u8> = (0..12).rev().collect();
        assert_eq!(u64::from(rank(&last)), factorial(12) - 1);
    }

    #[test]
    fn a_table_over_the_memory_limit_is_refused_before_allocating() {
        let goal = Board::goal(Shape::new(3, 4).unwrap());
        let ctl = Control::default().with_limits(crate::Limits {
            max_bytes: Some(1 << 20),
            ..crate::Limits::default()
        });
        assert!(matches!(
            DistanceTable::build(&goal, &ctl),
            Err(Stop::Limit(LimitKind::Memory))
        ));
    }
}
