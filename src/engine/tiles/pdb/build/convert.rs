//! From the search's order (see [`order`](super::order)) to the lookup's:
//! the rank of the tiles' cells, tile by tile (see `pdb::rank`).
//!
//! The output is written in order, one run per placement of all tiles but
//! the last; along a run only the last tile's cell changes, so each entry's
//! search index comes from sums prepared once per run. Consecutive entries
//! lie far apart in the search's table, so their reads are prefetched well
//! ahead of use.

use super::order::{BINOMIAL, FACTORIAL, MAX_CELLS, MAX_TILES};
use super::space::Space;
use crate::control::CancelToken;
use crate::memory::prefetch;
use crate::tiles::pdb::rank::placements;

/// Reads in flight (prefetched, not yet written out).
const AHEAD: usize = 32;

/// The table in lookup order; `None` if `cancel` was raised (checked
/// between parts of a few tens of millions of entries). `report` gets the
/// share of parts done after each one.
pub(super) fn to_lookup_order(
    space: &Space,
    depth: &[u8],
    threads: usize,
    report: &(dyn Fn(f64) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<u8>> {
    let (n, k) = (space.n, space.k);
    let mut out: Vec<u8> = crate::memory::zeroed(placements(n, k));
    // One part per cell of the first tile: its ranks are contiguous.
    let part = placements(n - 1, k - 1);
    let parts: Vec<(usize, &mut [u8])> = out.chunks_mut(part).enumerate().collect();
    let total = parts.len() as f64;
    // Counted and reported under one lock, so reports never go backwards.
    let finished = std::sync::Mutex::new(0usize);
    let queue = std::sync::Mutex::new(parts);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while !cancel.is_cancelled() {
                    let Some((first, part)) = queue.lock().expect("parts").pop() else {
                        break;
                    };
                    let mut gather = Gather::new(depth, part);
                    if k == 1 {
                        Run::new(space, 0, &[0; MAX_CELLS]).fill(space, 1 << first, &mut gather);
                    } else {
                        let mut tile_at = [0u8; MAX_CELLS];
                        tile_at[first] = 0;
                        place(space, 1, 1 << first, &mut tile_at, &mut gather);
                    }
                    gather.finish();
                    let mut n = finished.lock().expect("parts done");
                    *n += 1;
                    report(*n as f64 / total);
                }
            });
        }
    });
    (!cancel.is_cancelled()).then_some(out)
}

/// Place tiles `j..k-1` on the cells not in `used`, in rank order.
fn place(
    space: &Space,
    j: usize,
    used: u32,
    tile_at: &mut [u8; MAX_CELLS],
    gather: &mut Gather<'_>,
) {
    let n = space.n;
    let free = ((1u32 << n) - 1) & !used;
    if j == space.k - 1 {
        Run::new(space, used, tile_at).fill(space, free, gather);
        return;
    }
    let mut cells = free;
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        tile_at[c] = j as u8;
        place(space, j + 1, used | 1 << c, tile_at, gather);
    }
}

/// Sums for the placements that complete `used` (the cells of tiles
/// 0..k−1) with the last tile on a free cell. With that cell at position
/// q of the sorted cell list, the set index is the colex terms of the cells
/// before q, C(cell, q + 1), and the terms of the cells after it, each one
/// place further on; the arrangement rank likewise (the last tile is the
/// largest, so no other Lehmer digit changes, only their weights).
struct Run {
    used: u32,
    set_below: [usize; MAX_TILES + 1],
    set_above: [usize; MAX_TILES + 1],
    arr_below: [usize; MAX_TILES + 1],
    arr_above: [usize; MAX_TILES + 1],
}

impl Run {
    fn new(space: &Space, used: u32, tile_at: &[u8; MAX_CELLS]) -> Self {
        let k = space.k;
        let m = k - 1;
        let mut cells = [0usize; MAX_TILES];
        let mut list = [0u8; MAX_TILES];
        let mut u = used;
        for i in 0..m {
            cells[i] = u.trailing_zeros() as usize;
            list[i] = tile_at[cells[i]];
            u &= u - 1;
        }
        let digit = |q: usize| list[q + 1..m].iter().filter(|&&t| t < list[q]).count();
        let mut run = Run {
            used,
            set_below: [0; MAX_TILES + 1],
            set_above: [0; MAX_TILES + 1],
            arr_below: [0; MAX_TILES + 1],
            arr_above: [0; MAX_TILES + 1],
        };
        for q in 0..m {
            run.set_below[q + 1] = run.set_below[q] + BINOMIAL[cells[q]][q + 1] as usize;
            run.arr_below[q + 1] = run.arr_below[q] + digit(q) * FACTORIAL[k - 1 - q];
        }
        for q in (0..m).rev() {
            run.set_above[q] = run.set_above[q + 1] + BINOMIAL[cells[q]][q + 2] as usize;
            run.arr_above[q] = run.arr_above[q + 1] + digit(q) * FACTORIAL[k - 2 - q];
        }
        run
    }

    /// Queue the run's entries: the last tile on each cell of `cells`, in
    /// order.
    #[inline]
    fn fill(&self, space: &Space, mut cells: u32, gather: &mut Gather<'_>) {
        let (k, a) = (space.k, space.arrangements);
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let q = (self.used & ((1 << c) - 1)).count_ones() as usize;
            let set = self.set_below[q] + BINOMIAL[c][q + 1] as usize + self.set_above[q];
            let last = k - 1 - q;
            let arr = self.arr_below[q] + last * FACTORIAL[last] + self.arr_above[q];
            gather.push(set * a + arr);
        }
    }
}

/// Writes `out` in order from reads of `depth` at queued indices, each read
/// prefetched [`AHEAD`] entries before it is made.
struct Gather<'a> {
    depth: &'a [u8],
    out: &'a mut [u8],
    written: usize,
    ring: [usize; AHEAD],
    /// Queued, not yet written.
    pending: usize,
    /// Next slot of `ring` to fill; once full, it holds the oldest entry.
    head: usize,
}

impl<'a> Gather<'a> {
    fn new(depth: &'a [u8], out: &'a mut [u8]) -> Self {
        Self {
            depth,
            out,
            written: 0,
            ring: [0; AHEAD],
            pending: 0,
            head: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, index: usize) {
        prefetch(&self.depth[index]);
        if self.pending == AHEAD {
            self.out[self.written] = self.depth[self.ring[self.head]];
            self.written += 1;
        } else {
            self.pending += 1;
        }
        self.ring[self.head] = index;
        self.head = (self.head + 1) % AHEAD;
    }

    /// Write what is still queued.
    fn finish(mut self) {
        let oldest = (self.head + AHEAD - self.pending) % AHEAD;
        for i in 0..self.pending {
            self.out[self.written] = self.depth[self.ring[(oldest + i) % AHEAD]];
            self.written += 1;
        }
        debug_assert_eq!(self.written, self.out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::super::order::index;
    use super::*;
    use crate::tiles::pdb::rank::unrank;
    use crate::tiles::{Board, Shape};

    #[test]
    fn every_entry_lands_at_its_lookup_rank() {
        for (rows, cols, k) in [(4, 4, 5), (3, 3, 1), (3, 3, 2), (2, 4, 3)] {
            let goal = Board::goal(Shape::new(rows, cols).unwrap());
            let space = Space::new(&goal, k);
            let size = placements(space.n, k);
            // Values that tell most search indices apart.
            let depth: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            let out = to_lookup_order(&space, &depth, 2, &|_| {}, &CancelToken::new())
                .expect("not cancelled");
            assert_eq!(out.len(), size);
            let mut cells = [0u8; MAX_TILES];
            for (r, &v) in out.iter().enumerate() {
                unrank(space.n, r, &mut cells[..k]);
                assert_eq!(
                    v,
                    depth[index(&cells[..k])],
                    "{rows}x{cols}, k {k}, rank {r}"
                );
            }
        }
    }
}
