//! From the search's order (see [`order`](super::order)) to the lookup's:
//! the rank of the tiles' cells, tile by tile (see `pdb::rank`).
//!
//! The output is written in order by placing tile 0, then tile 1, … on the
//! free cells in increasing order. Each placed tile adds its part of the
//! search index at once: with the tiles before it on their cells, the
//! arrangement's digits count later tiles on lower cells, so a tile put on
//! cell c adds, for each earlier tile above c, that tile's digit weight
//! (kept per cell in `above`); the set's rank comes last, from sums
//! prepared once per run of the last tile.
//!
//! The entries of one cell set that agree on the cells of tiles 0..j lie
//! together in the search's table, (k − j)! of them, so the reads under
//! fixed cells for the first few tiles stay within a few megabytes: the
//! table is read from memory about once, the rest from the caches.

use super::order::{BINOMIAL, FACTORIAL, MAX_CELLS};
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
    let sets = SetRanks::new(n, k);
    crate::workers::run_workers(threads, || {
        while !cancel.is_cancelled() {
            let Some((first, part)) = queue.lock().expect("parts").pop() else {
                break;
            };
            let mut walk = Walk {
                space,
                sets: &sets,
                gather: Gather::new(depth, part),
            };
            if k == 1 {
                let set = walk.sets.rank(1 << first);
                walk.gather.push(set * space.arrangements);
            } else {
                // Tile 0 on `first`: a later tile below it adds
                // tile 0's weight.
                let mut above = [0u32; MAX_CELLS];
                above[..first].fill(FACTORIAL[k - 1] as u32);
                place(&mut walk, 1, 1 << first, 0, &above);
            }
            walk.gather.finish();
            let mut n = finished.lock().expect("parts done");
            *n += 1;
            report(*n as f64 / total);
        }
    });
    (!cancel.is_cancelled()).then_some(out)
}

/// The walk's fixed parts: the space, the set ranks and the reads.
struct Walk<'s, 'a> {
    space: &'s Space,
    sets: &'s SetRanks,
    gather: Gather<'a>,
}

/// Place tiles `j..k` on the cells not in `used`, in rank order; the
/// tiles before `j` give `arrangement` so far, and `above[c]` is what a
/// tile put on `c` adds to it (the weights of the earlier tiles above `c`).
fn place(
    walk: &mut Walk<'_, '_>,
    j: usize,
    used: u32,
    arrangement: usize,
    above: &[u32; MAX_CELLS],
) {
    let (n, k) = (walk.space.n, walk.space.k);
    let mut cells = ((1u32 << n) - 1) & !used;
    if j == k - 1 {
        // The last tile: its own digit is 0.
        let a = walk.space.arrangements;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let set = walk.sets.rank(used | 1 << c);
            walk.gather.push(set * a + arrangement + above[c] as usize);
        }
        return;
    }
    let weight = FACTORIAL[k - 1 - j] as u32;
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        let mut next = *above;
        for w in &mut next[..c] {
            *w += weight;
        }
        place(
            walk,
            j + 1,
            used | 1 << c,
            arrangement + above[c] as usize,
            &next,
        );
    }
}

/// Colex ranks of k-cell sets from two tables: the low [`LOW`] cells'
/// terms, and the high cells' terms given how many cells lie below them.
struct SetRanks {
    low: Vec<u32>,
    /// Indexed by (cells in the low part) << (n − LOW) | high part.
    high: Vec<u32>,
    high_bits: usize,
}

/// Cells of a set's low part.
const LOW: usize = 12;

impl SetRanks {
    fn new(n: usize, k: usize) -> Self {
        let low_bits = LOW.min(n);
        let high_bits = n - low_bits;
        let terms = |m: usize, offset: usize, below: usize| -> u32 {
            let (mut r, mut t, mut m) = (0, below, m);
            while m != 0 {
                let c = m.trailing_zeros() as usize + offset;
                m &= m - 1;
                t += 1;
                if t <= MAX_CELLS {
                    r += BINOMIAL[c][t];
                }
            }
            r
        };
        let low = (0..1usize << low_bits).map(|m| terms(m, 0, 0)).collect();
        let high = (0..=k.min(low_bits))
            .flat_map(|below| (0..1usize << high_bits).map(move |m| terms(m, low_bits, below)))
            .collect();
        Self {
            low,
            high,
            high_bits,
        }
    }

    #[inline(always)]
    fn rank(&self, set: u32) -> usize {
        let low = set as usize & ((1 << LOW) - 1);
        let below = low.count_ones() as usize;
        let high = (set as usize) >> LOW;
        (self.low[low] + self.high[below << self.high_bits | high]) as usize
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
    use super::super::order::{MAX_TILES, index, set_index};
    use super::*;
    use crate::tiles::pdb::rank::unrank;
    use crate::tiles::{Board, Shape};

    #[test]
    fn every_entry_lands_at_its_lookup_rank() {
        for (rows, cols, k) in [
            (4, 4, 5),
            (3, 3, 1),
            (3, 3, 2),
            (2, 4, 3),
            (5, 5, 3),
            (4, 4, 6),
        ] {
            let goal = Board::goal(Shape::new(rows, cols).unwrap());
            let space = Space::new(&goal, k, &CancelToken::default()).unwrap();
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

    #[test]
    fn set_ranks_are_colex_ranks() {
        for (n, k) in [(9, 4), (12, 3), (16, 8), (25, 6), (25, 1)] {
            let sets = SetRanks::new(n, k);
            // Every k-subset of the n cells, by Gosper's step.
            let mut set = (1u32 << k) - 1;
            while set < 1 << n {
                assert_eq!(sets.rank(set), set_index(set), "{set:b} of {n} cells");
                let low = set & set.wrapping_neg();
                let ripple = set + low;
                set = (((ripple ^ set) >> 2) / low) | ripple;
            }
        }
    }
}
