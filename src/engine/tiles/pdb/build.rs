//! Building pattern tables by a backward breadth-first search.
//!
//! The abstract state is (placement of the pattern's tiles, blank cell).
//! Moving a non-pattern tile costs nothing, so from one blank cell the blank
//! reaches its whole region (the free cells connected to it) for free; the
//! search therefore works with regions: it floods the region on the cell
//! bitmask, marks every blank cell of it visited at once, and only counts
//! moves of pattern tiles into the region. Layer by layer, the first layer
//! that reaches a placement (with any blank cell) is its table value.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::Pattern;
use super::rank::{placements, rank};
use crate::engine::control::CancelToken;
use crate::engine::tiles::Board;

/// Build one table per pattern of `partition`, on parallel threads; `None`
/// if `cancel` was raised (checked every few thousand states).
pub(super) fn build_patterns(
    goal: &Board,
    partition: &[Vec<u8>],
    progress: &(dyn Fn(f32) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<Pattern>> {
    let n = goal.cells().len();
    assert!(
        n <= 16,
        "pattern databases are built for boards of up to 16 cells"
    );
    let total: usize = partition.iter().map(|p| placements(n, p.len())).sum();
    let done = AtomicUsize::new(0);
    let report = |filled: usize| {
        let all = done.fetch_add(filled, Ordering::Relaxed) + filled;
        progress(all as f32 / total as f32);
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = partition
            .iter()
            .map(|tiles| {
                let report = &report;
                scope.spawn(move || {
                    Some(Pattern {
                        tiles: tiles.clone(),
                        table: build_table(goal, tiles, report, cancel)?,
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("pattern build thread"))
            .collect::<Option<Vec<Pattern>>>()
    })
}

/// Cell geometry as bitmasks.
struct Grid {
    full: u32,
    neighbours: Vec<u32>,
    /// Cells not in the first / last column.
    not_first_col: u32,
    not_last_col: u32,
    cols: usize,
}

impl Grid {
    fn new(goal: &Board) -> Self {
        let shape = goal.shape();
        let (rows, cols) = (shape.rows as usize, shape.cols as usize);
        let n = rows * cols;
        let mut neighbours = vec![0u32; n];
        let (mut not_first_col, mut not_last_col) = (0u32, 0u32);
        for (cell, nb) in neighbours.iter_mut().enumerate() {
            for d in crate::engine::tiles::Dir::ALL {
                if let Some(o) = shape.neighbour(cell, d) {
                    *nb |= 1 << o;
                }
            }
            if cell % cols != 0 {
                not_first_col |= 1 << cell;
            }
            if cell % cols != cols - 1 {
                not_last_col |= 1 << cell;
            }
        }
        Self {
            full: ((1u64 << n) - 1) as u32,
            neighbours,
            not_first_col,
            not_last_col,
            cols,
        }
    }

    /// All cells of `free` connected to `seed`.
    fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut region = seed;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_col)
                | ((region >> 1) & self.not_last_col)
                | (region << self.cols)
                | (region >> self.cols))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

fn build_table(
    goal: &Board,
    tiles: &[u8],
    report: &(dyn Fn(usize) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<u8>> {
    let n = goal.cells().len();
    let k = tiles.len();
    assert!(k <= 8, "patterns of up to 8 tiles");
    let grid = Grid::new(goal);
    let size = placements(n, k);
    // Per placement, one word (so one cache miss): bits 0-15, blank cells
    // already expanded; bits 16-31, blank cells already queued; bits 32-39,
    // depth + 1 once reached (0: not yet).
    let mut marks = vec![0u64; size];

    let goal_cells = tiles.iter().enumerate().fold(0u32, |acc, (j, &t)| {
        acc | (goal.position(t) as u32) << (4 * j)
    });
    // Queue entries: the tiles' cells as nibbles (bits 0-31) and the blank's
    // region (bits 32-47). A region is queued once: a successor whose
    // region overlaps one already queued or expanded is the same state.
    let start_occupied = nibbles(goal_cells, k).fold(0u32, |m, c| m | 1 << c);
    let start_region = grid.flood(1 << goal.blank(), grid.full & !start_occupied);
    let mut frontier: Vec<u64> = vec![goal_cells as u64 | (start_region as u64) << 32];
    let mut next: Vec<u64> = Vec::new();
    let mut depth = 0u8;
    let mut filled_since_report = 0usize;
    // Successors of one entry: (placement, rank, old cell of the moved tile, occupied cells).
    let mut moves: Vec<(u32, usize, u32, u32)> = Vec::with_capacity(32);
    // How far ahead in the queue to prefetch: the table is far larger than
    // the caches, so the search waits on memory unless reads overlap.
    const AHEAD: usize = 16;
    while !frontier.is_empty() {
        for (i, &entry) in frontier.iter().enumerate() {
            if i % 4096 == 0 && cancel.is_cancelled() {
                return None;
            }
            if let Some(&later) = frontier.get(i + AHEAD) {
                prefetch(&marks[rank(n, nibbles(later as u32, k))]);
            }
            let placed = entry as u32;
            let region = (entry >> 32) as u32;
            let r = rank(n, nibbles(placed, k));
            if marks[r] >> 32 == 0 {
                marks[r] |= (depth as u64 + 1) << 32;
                filled_since_report += 1;
            }
            marks[r] |= region as u64;
            let occupied = nibbles(placed, k).fold(0u32, |m, c| m | 1 << c);
            // Slide each pattern tile next to the region into it.
            moves.clear();
            for j in 0..k {
                let from = (placed >> (4 * j)) & 0xF;
                let mut targets = grid.neighbours[from as usize] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    let moved = (placed & !(0xF << (4 * j))) | to << (4 * j);
                    let r2 = rank(n, nibbles(moved, k));
                    prefetch(&marks[r2]);
                    moves.push((moved, r2, from, occupied ^ (1 << from) ^ (1 << to)));
                }
            }
            for &(moved, r2, from, occupied2) in &moves {
                let seen = marks[r2] | marks[r2] >> 16;
                if seen & (1 << from) != 0 {
                    continue;
                }
                let region2 = grid.flood(1 << from, grid.full & !occupied2);
                if seen & region2 as u64 == 0 {
                    marks[r2] |= (region2 as u64) << 16;
                    next.push(moved as u64 | (region2 as u64) << 32);
                }
            }
        }
        report(std::mem::take(&mut filled_since_report));
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        depth += 1;
    }
    Some(
        marks
            .into_iter()
            .map(|m| ((m >> 32) as u8).wrapping_sub(1))
            .collect(),
    )
}

/// Ask the CPU to fetch `word`'s cache line; a no-op elsewhere.
#[inline(always)]
fn prefetch(word: &u64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint; it never faults, whatever the address.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(word as *const u64 as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = word;
}

/// The cells packed as nibbles in `placed`, in tile order.
fn nibbles(placed: u32, k: usize) -> impl Iterator<Item = u8> {
    (0..k).map(move |j| ((placed >> (4 * j)) & 0xF) as u8)
}
