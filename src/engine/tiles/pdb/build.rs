//! Building pattern tables by a backward breadth-first search, layer by
//! layer over one compact array.
//!
//! The abstract state is (placement of the pattern's tiles, blank cell).
//! Moving a non-pattern tile costs nothing, so from one blank cell the blank
//! reaches its whole region (the free cells connected to it) for free; only
//! moves of pattern tiles into the blank's region count. A placement's table
//! value is the depth at which any of its blank cells is first reached.
//!
//! Memory is what makes the 8-tile pattern of the 7-8 partition hard
//! (16!/8! = 518,918,400 placements), so the search keeps:
//! - per placement, 2 bits per free cell (the blank's cell): not reached,
//!   reached in this layer or the next one (the depth's parity tells them
//!   apart), or closed once its region was expanded; for 8 tiles that is 16
//!   bits a placement, about 1 GB.
//! - per placement, a 4-bit table entry: (depth − Manhattan distance of the
//!   pattern's tiles) / 2. Each counted move moves one pattern tile one cell,
//!   so the depth has the Manhattan distance's parity and is at least it.
//!
//! There is no queue: each layer scans the array for its code (four
//! placements per 64-bit word tested at once), floods each frontier region,
//! and marks the successors' blank cells with the next code. Each thread
//! owns a range of ranks (see [`Share`]). Successor ranks are
//! computed from the parent's rank by the change of the moved tile's digit,
//! and their words are prefetched 64 marks ahead so that the
//! random accesses into the large array overlap.

use super::Pattern;
use super::rank::placements;
use crate::engine::control::CancelToken;
use crate::engine::tiles::Board;

/// Most tiles a pattern may have.
const MAX_TILES: usize = 8;
/// Mark of a blank cell whose region has been expanded. A cell not reached
/// is 0; a cell reached but not expanded holds `FRONTIER + depth % 2`.
const CLOSED: u64 = 1;
const FRONTIER: u64 = 2;
/// Table entry still to be filled.
const UNSET: u8 = 0xF;
/// Largest (depth − Manhattan) / 2 a 4-bit entry holds; a larger one is
/// stored as this (still a lower bound, so still admissible).
const MAX_EXTRA: u8 = 14;
/// Words scanned between checks of the cancel flag.
const CHUNK_WORDS: usize = 1 << 14;
/// Marks kept pending (their words prefetched) before they are applied.
const AHEAD: usize = 64;

/// Build one table per pattern of `partition`, one after another (each on
/// all threads, so that one large search at a time holds memory); `None`
/// if `cancel` was raised (checked every chunk).
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
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    // Largest first: its search then runs while only small tables are held.
    let mut order: Vec<usize> = (0..partition.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(partition[i].len()));
    let mut done = 0usize;
    let mut tables = vec![Vec::new(); partition.len()];
    for i in order {
        let report = |filled: usize| progress((done + filled) as f32 / total as f32);
        tables[i] = build_table(goal, &partition[i], threads, &report, cancel)?;
        done += tables[i].len();
    }
    progress(1.0);
    Some(
        partition
            .iter()
            .zip(tables)
            .map(|(tiles, table)| Pattern {
                tiles: tiles.clone(),
                table,
            })
            .collect(),
    )
}

/// Cell geometry as bitmasks.
struct Grid {
    full: u32,
    neighbours: [u32; 16],
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
        let mut neighbours = [0u32; 16];
        let (mut not_first_col, mut not_last_col) = (0u32, 0u32);
        for (cell, nb) in neighbours.iter_mut().enumerate().take(n) {
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
    #[inline]
    fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut region = seed & free;
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

/// The pattern and its index arithmetic.
struct Geometry {
    n: usize,
    k: usize,
    grid: Grid,
    /// Place value of each tile's digit in the rank.
    weight: [usize; MAX_TILES],
    /// Manhattan distance from each cell to each tile's goal cell.
    goal_distance: [[u8; 16]; MAX_TILES],
    /// Trailing digits decoded per placement; the rest is decoded once per
    /// block of `block` consecutive ranks.
    tail: usize,
    block: usize,
    block_div: Divisor,
    /// Divisors n − i of each digit, and n − k + 1 of the last.
    digit_div: [Divisor; MAX_TILES],
    last_div: Divisor,
}

/// Division by a constant through one multiplication (Lemire's method;
/// exact for numerators below 2³²): decoding ranks divides on every
/// expansion, and a hardware division is tens of cycles.
#[derive(Clone, Copy)]
struct Divisor {
    d: u64,
    magic: u64,
}

impl Divisor {
    fn new(d: usize) -> Self {
        let d = d.max(1) as u64;
        Self {
            d,
            // 2⁶⁴ / 1 does not fit: division by 1 is answered directly.
            magic: (u64::MAX / d).wrapping_add(1),
        }
    }

    /// (n / d, n % d), for n < 2³².
    #[inline(always)]
    fn div_rem(self, n: usize) -> (usize, usize) {
        debug_assert!(n < 1 << 32);
        if self.d == 1 {
            return (n, 0);
        }
        let q = ((self.magic as u128 * n as u128) >> 64) as u64;
        (q as usize, (n as u64 - q * self.d) as usize)
    }
}

/// A placement decoded from its rank.
#[derive(Clone, Copy)]
struct Placement {
    cells: [u8; MAX_TILES],
    occupied: u32,
}

impl Placement {
    /// The index of the tile on each cell (0 where none is).
    #[inline(always)]
    fn tile_at(&self, k: usize) -> [u8; 16] {
        let mut at = [0u8; 16];
        for (j, &c) in self.cells[..k].iter().enumerate() {
            at[c as usize & 15] = j as u8;
        }
        at
    }
}

/// Select the `d`-th (from 0) cell not in `used`.
#[inline(always)]
fn nth_free(used: u32, d: u8) -> u8 {
    let mut free = !used;
    for _ in 0..d {
        free &= free - 1;
    }
    free.trailing_zeros() as u8
}

impl Geometry {
    fn new(goal: &Board, tiles: &[u8]) -> Self {
        let n = goal.cells().len();
        let k = tiles.len();
        assert!(
            (1..=MAX_TILES).contains(&k),
            "patterns of 1 to {MAX_TILES} tiles"
        );
        let mut weight = [0usize; MAX_TILES];
        let mut w = 1;
        for i in (0..k).rev() {
            weight[i] = w;
            w *= n - i;
        }
        let cols = goal.shape().cols as usize;
        let mut goal_distance = [[0u8; 16]; MAX_TILES];
        for (j, &t) in tiles.iter().enumerate() {
            let g = goal.position(t);
            for (c, d) in goal_distance[j].iter_mut().enumerate().take(n) {
                *d = ((c / cols).abs_diff(g / cols) + (c % cols).abs_diff(g % cols)) as u8;
            }
        }
        let tail = k.min(2);
        let block = (k - tail..k).map(|i| n - i).product();
        Self {
            n,
            k,
            grid: Grid::new(goal),
            weight,
            goal_distance,
            tail,
            block,
            block_div: Divisor::new(block),
            digit_div: std::array::from_fn(|i| Divisor::new(n.saturating_sub(i))),
            last_div: Divisor::new(n - k + 1),
        }
    }

    /// The prefix (all but the tail tiles) of the placements in `block`.
    fn decode_block(&self, block: usize) -> Placement {
        let head = self.k - self.tail;
        let mut digits = [0u8; MAX_TILES];
        let mut b = block;
        for i in (0..head).rev() {
            let (q, r) = self.digit_div[i].div_rem(b);
            digits[i] = r as u8;
            b = q;
        }
        let mut p = Placement {
            cells: [0; MAX_TILES],
            occupied: 0,
        };
        for (i, &d) in digits.iter().enumerate().take(head) {
            let c = nth_free(p.occupied, d);
            p.cells[i] = c;
            p.occupied |= 1 << c;
        }
        p
    }

    /// Complete a block's prefix with the tail digits of rank offset `rem`.
    #[inline]
    fn complete(&self, prefix: &Placement, rem: usize) -> Placement {
        let mut p = *prefix;
        let digits = if self.tail == 2 {
            let (q, r) = self.last_div.div_rem(rem);
            [q as u8, r as u8]
        } else {
            [rem as u8, 0]
        };
        for (i, &d) in digits.iter().enumerate().take(self.tail) {
            let c = nth_free(p.occupied, d);
            p.cells[self.k - self.tail + i] = c;
            p.occupied |= 1 << c;
        }
        p
    }

    fn manhattan(&self, p: &Placement) -> u32 {
        (0..self.k)
            .map(|j| self.goal_distance[j][p.cells[j] as usize] as u32)
            .sum()
    }

    /// The rank of `p` with tile `j` moved from `a` to the adjacent cell
    /// `b`, from the rank `r` of `p`: tile j's digit changes, and each later
    /// tile whose cell lies strictly between `a` and `b` gains or loses one.
    /// `tile_at[c]` is the index of the tile on cell `c`; `before` the cells
    /// of the tiles before `j`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn moved_rank(
        &self,
        r: usize,
        p: &Placement,
        tile_at: &[u8; 16],
        before: u32,
        j: usize,
        a: usize,
        b: usize,
    ) -> usize {
        // Along a row no cell lies between: only the tile's own digit moves.
        if b == a + 1 {
            return r + self.weight[j];
        }
        if a == b + 1 {
            return r - self.weight[j];
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let between = ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
        let used = (before & between).count_ones() as isize;
        let later = p.occupied & !before & !(1 << a) & between;
        let mut later_weight = 0isize;
        let mut l = later;
        while l != 0 {
            let c = l.trailing_zeros() as usize;
            l &= l - 1;
            later_weight += self.weight[tile_at[c] as usize] as isize;
        }
        let delta = if b > a {
            ((b - a) as isize - used) * self.weight[j] as isize + later_weight
        } else {
            (used - (a - b) as isize) * self.weight[j] as isize - later_weight
        };
        (r as isize + delta) as usize
    }
}

/// How the 2-bit marks are packed: 16- or 32-bit entries (one per
/// placement), several entries to a 64-bit word.
#[derive(Clone, Copy)]
struct Packing {
    /// log2 of entries per word.
    per_word_log: u32,
    entry_bits: u32,
}

impl Packing {
    fn new(free_cells: usize) -> Self {
        let entry_bits: u32 = if free_cells <= 8 { 16 } else { 32 };
        Self {
            per_word_log: (64 / entry_bits).trailing_zeros(),
            entry_bits,
        }
    }

    fn words(self, size: usize) -> usize {
        size.div_ceil(1 << self.per_word_log)
    }

    /// Word index and bit offset of field `field` of placement `p`.
    #[inline(always)]
    fn locate(self, p: usize, field: u32) -> (usize, u32) {
        let e = p & ((1 << self.per_word_log) - 1);
        (
            p >> self.per_word_log,
            e as u32 * self.entry_bits + 2 * field,
        )
    }
}

/// One thread's share of the work: a range of words of the marks and the
/// bytes of the 4-bit table for the same placements. Only the owner
/// touches them, so no atomics are needed; a successor in another share is
/// sent to its owner, which marks it between layers. Shares are split by
/// rank, whose leading digit is the first tile's cell, and only that tile's
/// moves change it, so little crosses.
struct Share<'a> {
    /// First word of the share.
    base: usize,
    marks: &'a mut [u64],
    table: &'a mut [u8],
}

impl Share<'_> {
    /// Set the field at (`word`, `shift`) to `code` if it is still 0.
    #[inline(always)]
    fn mark_new(&mut self, word: usize, shift: u32, code: u64) -> bool {
        let w = &mut self.marks[word - self.base];
        if (*w >> shift) & 3 != 0 {
            return false;
        }
        *w |= code << shift;
        true
    }

    /// Close the fields of placement `p` in `fields` (a bit per field): a
    /// region is expanded once, whatever its fields held (not reached, this
    /// layer's code or the next one's).
    #[inline]
    fn close(&mut self, packing: Packing, p: usize, fields: u32) {
        let (word, shift) = packing.locate(p, 0);
        let mut set = 0u64;
        let mut f = fields;
        while f != 0 {
            let i = f.trailing_zeros();
            f &= f - 1;
            set |= 3 << (2 * i);
        }
        let w = &mut self.marks[word - self.base];
        // Each closed field becomes CLOSED: clear both bits, set the low one.
        *w = (*w & !(set << shift)) | ((set & 0x5555_5555_5555_5555) * CLOSED) << shift;
    }

    #[inline(always)]
    fn entry(&self, packing: Packing, p: usize) -> u8 {
        let byte = p / 2 - (self.base << packing.per_word_log) / 2;
        (self.table[byte] >> (4 * (p % 2))) & 0xF
    }

    #[inline(always)]
    fn set_entry(&mut self, packing: Packing, p: usize, v: u8) {
        let byte = p / 2 - (self.base << packing.per_word_log) / 2;
        let shift = 4 * (p % 2);
        self.table[byte] = (self.table[byte] & !(0xF << shift)) | v << shift;
    }
}

/// The mark field of free cell `cell` among the cells not in `occupied`
/// (fields are the free cells in increasing order).
#[inline(always)]
fn field_of(occupied: u32, cell: u32) -> u32 {
    cell - (occupied & ((1 << cell) - 1)).count_ones()
}

/// The share owning `word`, given each share's first word.
#[inline]
fn owner_of(bounds: &[usize], word: usize) -> usize {
    bounds.partition_point(|&b| b <= word) - 1
}

/// The code `c` in every 2-bit field.
#[inline(always)]
fn spread(code: u64) -> u64 {
    code * 0x5555_5555_5555_5555
}

/// A bit at the low end of each 2-bit field of `x` equal to `code`.
#[inline(always)]
fn fields_equal(x: u64, code: u64) -> u64 {
    let y = x ^ spread(code);
    !(y | y >> 1) & 0x5555_5555_5555_5555
}

/// Marks generated but not yet applied, their words prefetched so that the
/// random accesses into the large array overlap.
struct Pending {
    ring: [(usize, u32); AHEAD],
    head: usize,
    len: usize,
    new: usize,
}

impl Pending {
    fn new() -> Self {
        Self {
            ring: [(0, 0); AHEAD],
            head: 0,
            len: 0,
            new: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, share: &mut Share<'_>, word: usize, shift: u32, code: u64) {
        prefetch(&share.marks[word - share.base]);
        if self.len == AHEAD {
            let (w, s) = self.ring[self.head];
            self.new += share.mark_new(w, s, code) as usize;
            self.ring[self.head] = (word, shift);
            self.head = (self.head + 1) % AHEAD;
        } else {
            self.ring[(self.head + self.len) % AHEAD] = (word, shift);
            self.len += 1;
        }
    }

    fn flush(&mut self, share: &mut Share<'_>, code: u64) {
        for i in 0..self.len {
            let (w, s) = self.ring[(self.head + i) % AHEAD];
            self.new += share.mark_new(w, s, code) as usize;
        }
        self.len = 0;
    }
}

/// What one layer is, for every thread.
struct Layer<'a> {
    geo: &'a Geometry,
    packing: Packing,
    /// First word of each share.
    bounds: &'a [usize],
    depth: u32,
    code: u64,
    next_code: u64,
}

/// What a thread's scan of its share produced.
struct Scanned {
    new: usize,
    filled: usize,
    /// Marks for other shares, by owner.
    /// Marks for other shares, by owner: word << 6 | bit offset.
    outbox: Vec<Vec<u64>>,
}

impl Layer<'_> {
    /// Expand every frontier placement of `share`.
    fn scan(&self, share: &mut Share<'_>, me: usize, cancel: &CancelToken) -> Option<Scanned> {
        let packing = self.packing;
        let per_word = 1usize << packing.per_word_log;
        let entry_mask = (1u64 << packing.entry_bits) - 1;
        let size = placements(self.geo.n, self.geo.k);
        let mut pending = Pending::new();
        let mut out = Scanned {
            new: 0,
            filled: 0,
            outbox: vec![Vec::new(); self.bounds.len()],
        };
        let mut cached_block = usize::MAX;
        let mut prefix = Placement {
            cells: [0; MAX_TILES],
            occupied: 0,
        };
        // Most words hold no frontier field: test a group at a time (the
        // compiler vectorises the fold), then the words of a group with one.
        const GROUP: usize = 8;
        let len = share.marks.len();
        let mut start = 0;
        while start < len {
            if start % CHUNK_WORDS == 0 && cancel.is_cancelled() {
                return None;
            }
            let end = (start + GROUP).min(len);
            let any = share.marks[start..end]
                .iter()
                .fold(0, |acc, &x| acc | fields_equal(x, self.code));
            if any == 0 {
                start = end;
                continue;
            }
            for i in start..end {
                let hits = fields_equal(share.marks[i], self.code);
                if hits == 0 {
                    continue;
                }
                let word = share.base + i;
                for e in 0..per_word {
                    let p = (word << packing.per_word_log) + e;
                    let entry_hits = (hits >> (e as u32 * packing.entry_bits)) & entry_mask;
                    if entry_hits == 0 || p >= size {
                        continue;
                    }
                    let (block, rem) = self.geo.block_div.div_rem(p);
                    if block != cached_block {
                        prefix = self.geo.decode_block(block);
                        cached_block = block;
                    }
                    let placement = self.geo.complete(&prefix, rem);
                    out.filled += self.expand(
                        p,
                        &placement,
                        entry_hits,
                        share,
                        me,
                        &mut pending,
                        &mut out.outbox,
                    ) as usize;
                }
            }
            start = end;
        }
        pending.flush(share, self.next_code);
        out.new += pending.new;
        Some(out)
    }

    /// Expand the regions of placement `p` holding frontier fields
    /// (`hits`: a bit at the low end of each); returns whether this filled
    /// its table entry.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn expand(
        &self,
        p: usize,
        pl: &Placement,
        hits: u64,
        share: &mut Share<'_>,
        me: usize,
        pending: &mut Pending,
        outbox: &mut [Vec<u64>],
    ) -> bool {
        let geo = self.geo;
        let free = geo.grid.full & !pl.occupied;
        // Free cells in field order (ascending).
        let mut free_cells = [0u8; 16];
        let mut nf = 0;
        let mut f = free;
        while f != 0 {
            free_cells[nf] = f.trailing_zeros() as u8;
            f &= f - 1;
            nf += 1;
        }
        let mut seed = 0u32;
        let mut h = hits;
        while h != 0 {
            let bit = h.trailing_zeros();
            h &= h - 1;
            seed |= 1 << free_cells[(bit / 2) as usize];
        }
        let region = geo.grid.flood(seed, free);
        // Usually the free cells are all one region.
        let region_fields = if region == free {
            (1u32 << nf) - 1
        } else {
            let mut fields = 0u32;
            for (i, &c) in free_cells[..nf].iter().enumerate() {
                if region & (1 << c) != 0 {
                    fields |= 1 << i;
                }
            }
            fields
        };
        share.close(self.packing, p, region_fields);

        let first = share.entry(self.packing, p) == UNSET;
        if first {
            let md = geo.manhattan(pl);
            debug_assert!(self.depth >= md && (self.depth - md).is_multiple_of(2));
            let extra = ((self.depth - md) / 2).min(MAX_EXTRA as u32) as u8;
            share.set_entry(self.packing, p, extra);
        }

        // Slide each pattern tile next to the region into it; the blank is
        // left on the tile's old cell.
        let (lo, hi) = (share.base, share.base + share.marks.len());
        let tile_at = pl.tile_at(geo.k);
        let mut before = 0u32;
        for j in 0..geo.k {
            let a = pl.cells[j] as usize;
            let mut targets = geo.grid.neighbours[a] & region;
            while targets != 0 {
                let b = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let r2 = geo.moved_rank(p, pl, &tile_at, before, j, a, b);
                let occupied2 = pl.occupied ^ (1 << a) ^ (1 << b);
                let field = field_of(occupied2, a as u32);
                debug_assert_eq!(r2, {
                    let mut cells = pl.cells;
                    cells[j] = b as u8;
                    super::rank::rank(geo.n, cells[..geo.k].iter().copied())
                });
                let (word, shift) = self.packing.locate(r2, field);
                if (lo..hi).contains(&word) {
                    pending.push(share, word, shift, self.next_code);
                } else {
                    let owner = owner_of(self.bounds, word);
                    debug_assert_ne!(owner, me);
                    outbox[owner].push((word as u64) << 6 | shift as u64);
                }
            }
            before |= 1 << a;
        }
        first
    }
}

fn build_table(
    goal: &Board,
    tiles: &[u8],
    threads: usize,
    report: &(dyn Fn(usize) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<u8>> {
    let geo = Geometry::new(goal, tiles);
    let (n, k) = (geo.n, geo.k);
    let size = placements(n, k);
    let packing = Packing::new(n - k);
    let words = packing.words(size);
    let mut marks: Vec<u64> = super::zeroed(words);
    // Two entries a byte, so a share's table starts on a byte.
    let mut table: Vec<u8> = super::zeroed(words << packing.per_word_log >> 1);
    table.fill(UNSET << 4 | UNSET);

    // Shares of whole words, as even as the words allow.
    let threads = threads.clamp(1, words);
    let bounds: Vec<usize> = (0..threads).map(|t| t * words / threads).collect();
    let mut shares = Vec::with_capacity(threads);
    {
        let (mut marks_rest, mut table_rest) = (&mut marks[..], &mut table[..]);
        for t in 0..threads {
            let end = bounds.get(t + 1).copied().unwrap_or(words);
            let len = end - bounds[t];
            let (m, mr) = marks_rest.split_at_mut(len);
            let (tb, tr) = table_rest.split_at_mut(len << packing.per_word_log >> 1);
            marks_rest = mr;
            table_rest = tr;
            shares.push(Share {
                base: bounds[t],
                marks: m,
                table: tb,
            });
        }
    }

    // Layer 0: the goal placement, blank on its goal cell.
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal.position(t) as u8).collect();
    let goal_rank = super::rank::rank(n, goal_cells.iter().copied());
    let occupied = goal_cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let blank = goal.blank() as u32;
    let field = field_of(occupied, blank);
    let (word, shift) = packing.locate(goal_rank, field);
    let owner = owner_of(&bounds, word);
    shares[owner].mark_new(word, shift, FRONTIER);

    let mut filled_total = 0usize;
    let mut depth = 0u32;
    loop {
        let layer = Layer {
            geo: &geo,
            packing,
            bounds: &bounds,
            depth,
            code: FRONTIER + (depth % 2) as u64,
            next_code: FRONTIER + ((depth + 1) % 2) as u64,
        };
        // Scan each share, then hand the marks that crossed to their owners.
        let scanned: Vec<Option<Scanned>> = std::thread::scope(|scope| {
            let handles: Vec<_> = shares
                .iter_mut()
                .enumerate()
                .map(|(me, share)| {
                    let layer = &layer;
                    scope.spawn(move || layer.scan(share, me, cancel))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("pattern build thread"))
                .collect()
        });
        let scanned: Vec<Scanned> = scanned.into_iter().collect::<Option<_>>()?;
        let crossed: Vec<usize> = std::thread::scope(|scope| {
            let handles: Vec<_> = shares
                .iter_mut()
                .enumerate()
                .map(|(me, share)| {
                    let scanned = &scanned;
                    let code = layer.next_code;
                    scope.spawn(move || {
                        let mut new = 0;
                        for s in scanned {
                            for &m in &s.outbox[me] {
                                new += share.mark_new((m >> 6) as usize, (m & 63) as u32, code)
                                    as usize;
                            }
                        }
                        new
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("pattern build thread"))
                .collect()
        });
        let new: usize =
            scanned.iter().map(|s| s.new).sum::<usize>() + crossed.iter().sum::<usize>();
        filled_total += scanned.iter().map(|s| s.filled).sum::<usize>();
        report(filled_total);
        if new == 0 {
            break;
        }
        depth += 1;
    }
    drop(shares);
    drop(marks);
    Some(expand_table(&geo, &table, size, threads))
}

/// The byte table: Manhattan distance + 2 × the 4-bit entry. An entry never
/// filled (a placement the search did not reach) gets 0, which is safe.
fn expand_table(geo: &Geometry, nibbles: &[u8], size: usize, threads: usize) -> Vec<u8> {
    let mut out: Vec<u8> = super::zeroed(size);
    let blocks = size / geo.block;
    let per_thread = blocks.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for (t, chunk) in out.chunks_mut(per_thread * geo.block).enumerate() {
            scope.spawn(move || {
                for (i, out_block) in chunk.chunks_mut(geo.block).enumerate() {
                    let block = t * per_thread + i;
                    let prefix = geo.decode_block(block);
                    for (rem, v) in out_block.iter_mut().enumerate() {
                        let p = block * geo.block + rem;
                        let e = (nibbles[p / 2] >> (4 * (p % 2))) & 0xF;
                        *v = if e == UNSET {
                            0
                        } else {
                            let pl = geo.complete(&prefix, rem);
                            (geo.manhattan(&pl) + 2 * e as u32) as u8
                        };
                    }
                }
            });
        }
    });
    out
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

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::*;
    use crate::engine::tiles::{Board, Dir, Shape};

    /// The table by a plain 0-1 breadth-first search over explicit states
    /// (pattern tiles' cells, blank cell): a move costs 1 if it slides a
    /// pattern tile, 0 otherwise; a placement's value is its least cost
    /// over blank cells.
    fn reference(goal: &Board, tiles: &[u8]) -> HashMap<Vec<u8>, u8> {
        let shape = goal.shape();
        let start: (Vec<u8>, u8) = (
            tiles.iter().map(|&t| goal.position(t) as u8).collect(),
            goal.blank() as u8,
        );
        let mut cost: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
        let mut deque = VecDeque::from([(start.clone(), 0u8)]);
        cost.insert(start, 0);
        while let Some(((cells, blank), c)) = deque.pop_front() {
            if cost[&(cells.clone(), blank)] < c {
                continue;
            }
            for d in Dir::ALL {
                let Some(to) = shape.neighbour(blank as usize, d) else {
                    continue;
                };
                let mut next = cells.clone();
                let step = match cells.iter().position(|&x| x as usize == to) {
                    Some(j) => {
                        next[j] = blank;
                        1
                    }
                    None => 0,
                };
                let key = (next, to as u8);
                if cost.get(&key).is_none_or(|&old| old > c + step) {
                    cost.insert(key.clone(), c + step);
                    if step == 0 {
                        deque.push_front((key, c));
                    } else {
                        deque.push_back((key, c + 1));
                    }
                }
            }
        }
        let mut best: HashMap<Vec<u8>, u8> = HashMap::new();
        for ((cells, _), c) in cost {
            let e = best.entry(cells).or_insert(c);
            *e = (*e).min(c);
        }
        best
    }

    fn check(goal: &Board, tiles: &[u8], threads: usize) {
        let n = goal.cells().len();
        let table =
            build_table(goal, tiles, threads, &|_| {}, &CancelToken::new()).expect("not cancelled");
        let want = reference(goal, tiles);
        assert_eq!(table.len(), placements(n, tiles.len()));
        assert_eq!(want.len(), table.len(), "every placement is reachable");
        for (cells, &v) in &want {
            let r = super::super::rank::rank(n, cells.iter().copied());
            assert_eq!(
                table[r],
                v,
                "{tiles:?} at {cells:?} on {} with {threads} threads",
                goal.shape()
            );
        }
    }

    #[test]
    fn tables_match_a_plain_search_on_small_boards() {
        let g3 = Board::goal(Shape::new(3, 3).unwrap());
        check(&g3, &[1, 2, 3, 4], 1);
        check(&g3, &[5, 6, 7, 8], 2);
        // One tile, eight free cells: the 16-bit packing of the 7-8's
        // eight-tile pattern.
        check(&g3, &[8], 2);
        let middle = Board::parse("1 2 3 4 0 5 6 7 8", None).unwrap();
        check(&middle, &[2, 4, 6, 8], 3);
        let g24 = Board::goal(Shape::new(2, 4).unwrap());
        check(&g24, &[1, 2, 5], 2);
        let g44 = Board::new(Shape::new(4, 4).unwrap(), (0..16).collect()).unwrap();
        check(&g44, &[1, 2, 3], 1);
        check(&g44, &[4, 8, 12], 3);
    }

    #[test]
    fn constant_division_is_exact() {
        for d in 1..=1000usize {
            let div = Divisor::new(d);
            for n in (0..5_000).chain([(1 << 32) - 1, 518_918_399, 57_657_599]) {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    #[test]
    fn successor_ranks_follow_the_moved_digit() {
        // Every single move of a 4-tile pattern on 4×4, checked against a
        // fresh rank.
        let goal = Board::new(Shape::new(4, 4).unwrap(), (0..16).collect()).unwrap();
        let geo = Geometry::new(&goal, &[3, 6, 9, 12]);
        for r in (0..placements(16, 4)).step_by(7) {
            let block = r / geo.block;
            let p = geo.complete(&geo.decode_block(block), r - block * geo.block);
            assert_eq!(
                super::super::rank::rank(16, p.cells[..4].iter().copied()),
                r
            );
            let tile_at = p.tile_at(4);
            let mut before = 0u32;
            for j in 0..4 {
                let a = p.cells[j] as usize;
                let mut targets = geo.grid.neighbours[a] & !p.occupied;
                while targets != 0 {
                    let b = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let mut cells = p.cells;
                    cells[j] = b as u8;
                    assert_eq!(
                        geo.moved_rank(r, &p, &tile_at, before, j, a, b),
                        super::super::rank::rank(16, cells[..4].iter().copied())
                    );
                }
                before |= 1 << a;
            }
        }
    }
}
