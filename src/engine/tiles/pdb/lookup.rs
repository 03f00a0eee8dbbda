//! The pattern database as an incremental heuristic.

use super::PatternDb;
use super::rank::{placements, rank};
use crate::tiles::heuristic::{Slide, TileHeuristic, View};

/// Most patterns a database may have.
pub(super) const MAX_PATTERNS: usize = 4;
/// Most tiles a pattern may have.
pub(super) const MAX_TILES: usize = 8;
/// Most cells a board may have (5×5).
const MAX_CELLS: usize = 25;
/// Length of the arrays indexed by cell or tile: a power of two past
/// [`MAX_CELLS`], so that [`slot`] needs no bounds check.
pub(super) const SLOTS: usize = 32;

/// `x` as an index into an array of [`SLOTS`] (unchanged for a cell or
/// tile, which is below [`MAX_CELLS`]).
#[inline(always)]
pub(super) fn slot(x: usize) -> usize {
    x & (SLOTS - 1)
}

/// Tiles whose cells index one table, and the table.
pub(super) struct Lookup<'a> {
    sources: [u8; MAX_TILES],
    k: usize,
    /// Every tile of the board as this lookup sees it.
    member: [Member; SLOTS],
    table: &'a [u8],
    /// `to[c]`: board cell `c` as the table sees it (reflected, and for a
    /// shared table carried by its symmetry); `from` is the inverse.
    to: [u8; SLOTS],
    from: [u8; SLOTS],
}

/// A tile as one lookup sees it: its index among the lookup's tiles and
/// the place value of its digit in the rank, or for a tile not in the
/// lookup `u8::MAX` and 0 (so that the rank update needs no test of
/// membership).
#[derive(Clone, Copy)]
struct Member {
    index: u8,
    weight: u32,
}

impl Lookup<'_> {
    /// The lookup's tiles (the first `k`), `k`, and its map from board
    /// cells to the table's.
    pub(super) fn parts(&self) -> (&[u8; MAX_TILES], usize, &[u8; SLOTS]) {
        (&self.sources, self.k, &self.to)
    }

    /// The rank after the lookup's tile `tile` moved from cell `a` to the
    /// adjacent cell `b` (cells as the table sees them), from the rank
    /// before: the tile's digit changes by the cells it passed, less the
    /// earlier tiles' among them, and each later tile on a cell strictly
    /// between gains or loses one. `cells` is the board (tile by board
    /// cell); only the cells strictly between are read.
    #[inline(always)]
    fn moved(&self, rank: u32, tile: Member, a: usize, b: usize, cells: &[u8]) -> u32 {
        let (lo, hi) = (a.min(b), a.max(b));
        let mut passed = (hi - lo) as u32;
        let mut later = 0u32;
        // Along a row nothing lies between: the loop is empty.
        for c in lo + 1..hi {
            let m = self.member[slot(usize::from(cells[self.from[slot(c)] as usize]))];
            if m.index < tile.index {
                passed -= 1;
            } else {
                later += m.weight;
            }
        }
        let delta = passed * tile.weight + later;
        if b > a { rank + delta } else { rank - delta }
    }
}

/// Pattern database heuristic: the sum of the pattern tables, and with
/// reflection the larger of the direct and the reflected sums.
///
/// When a tile moves, only the table of its own pattern changes (and in the
/// reflected lookup, the table of the pattern it feeds there), and the
/// pattern's rank follows the move by a delta (see `Lookup::moved`): an
/// update costs a look at the cells the tile passed and two table reads.
pub struct PdbHeuristic<'a> {
    cells: usize,
    direct: Vec<Lookup<'a>>,
    reflected: Vec<Lookup<'a>>,
    /// `pattern_of[tile]`: index of the direct lookup the tile feeds.
    pattern_of: [u8; SLOTS],
    /// `mirror_pattern_of[tile]`: index of the reflected lookup the tile feeds.
    mirror_pattern_of: [u8; SLOTS],
}

/// A table at least this large is read with [`Prefetching`]: the 7-8's
/// 8-tile table (518 MB). Korf's 100 on one core, search time: with the
/// 7-8 230–241 ms against 252–261 ms when each child's rank was computed
/// twice (once to prefetch, once to read) and 273–365 ms without; with the
/// 6-6-3 (11 MB, held in the cache) prepared 2.86–2.91 s against
/// 2.32–2.40 s, and the 24-puzzle's 30 walks with the 6-6-6-6 (two tables
/// of 127 MB) 1.18–1.19 s against 0.94–1.15 s: there both sides' ranks
/// for every child cost more than the waits they hide.
const PREFETCH_FROM: usize = 256 << 20;

/// Incremental state: each lookup's current rank and value, direct and
/// reflected.
#[derive(Clone, Copy)]
pub struct PdbAcc {
    pub(super) direct: Side,
    pub(super) reflected: Side,
}

impl PdbAcc {
    /// The accumulator of the board `cells` with `sizes[0]` direct and
    /// `sizes[1]` reflected lookups: `at(reflected, i, pos)` gives lookup
    /// `i`'s index and entry from the cell of each tile, `pos`.
    pub(super) fn of(
        cells: &[u8],
        sizes: [usize; 2],
        at: impl Fn(bool, usize, &[u8; SLOTS]) -> (u32, u8),
    ) -> Self {
        let mut pos = [0u8; SLOTS];
        for (c, &t) in cells.iter().enumerate() {
            pos[slot(usize::from(t))] = c as u8;
        }
        let side = |reflected: bool| {
            let mut side = Side::default();
            for i in 0..sizes[usize::from(reflected)] {
                let (index, value) = at(reflected, i, &pos);
                side.set(i, index, value);
            }
            side
        };
        PdbAcc {
            direct: side(false),
            reflected: side(true),
        }
    }

    /// The estimate: the larger of the two sides' sums.
    #[inline(always)]
    pub(super) fn value(&self) -> u32 {
        self.direct.sum.max(self.reflected.sum)
    }

    /// One slide followed on both sides by `follow` (given whether the
    /// side is the reflected one; it returns that side's new sum), the
    /// side that was larger before the slide first: it most often reaches
    /// `limit` alone, and then the other side's lookup is skipped (the
    /// caller restores the whole accumulator). The estimate, exact only
    /// below `limit`.
    #[inline(always)]
    pub(super) fn follow_bounded(
        &mut self,
        limit: u32,
        mut follow: impl FnMut(&mut Self, bool) -> u32,
    ) -> u32 {
        // Two arms, each with its sides fixed: one path taking the order
        // as a value ran 4 % more instructions.
        if self.reflected.sum > self.direct.sum {
            let sum = follow(self, true);
            if sum >= limit {
                return sum;
            }
            follow(self, false);
        } else {
            let sum = follow(self, false);
            if sum >= limit {
                return sum;
            }
            follow(self, true);
        }
        self.value()
    }
}

/// One side's lookups as they stand.
#[derive(Clone, Copy, Default)]
pub(super) struct Side {
    /// Each lookup's index into its table.
    pub(super) ranks: [u32; MAX_PATTERNS],
    values: [u8; MAX_PATTERNS],
    /// The values' sum, kept as they change: summing the bytes just
    /// written would read them back wider than they were stored, which
    /// stalls the CPU's store forwarding on every child.
    pub(super) sum: u32,
}

impl Side {
    /// Lookup `i` now reads `value` at `rank`.
    #[inline(always)]
    pub(super) fn set(&mut self, i: usize, rank: u32, value: u8) {
        self.sum = self.sum + u32::from(value) - u32::from(self.values[i]);
        self.ranks[i] = rank;
        self.values[i] = value;
    }

    /// Lookup `i` of a spread side now reads the packed entry `half` at
    /// `index`, and the side's Manhattan distance changed by `moved` (±1,
    /// wrapping): the sum is that distance and twice the entries.
    #[inline(always)]
    pub(super) fn set_half(&mut self, i: usize, index: u32, half: u8, moved: u32) {
        let entries = 2 * u32::from(half);
        self.sum =
            (self.sum.wrapping_add(moved) + entries).wrapping_sub(2 * u32::from(self.values[i]));
        self.ranks[i] = index;
        self.values[i] = half;
    }
}

impl<'a> PdbHeuristic<'a> {
    /// Prepare lookups for `db`.
    pub fn new(db: &'a PatternDb) -> Self {
        let n = db.goal.len();
        assert!(db.patterns.len() <= MAX_PATTERNS);
        assert!(n <= MAX_CELLS, "boards of up to {MAX_CELLS} cells");
        let cols = db.shape.cols as usize;
        let transpose: Vec<u8> = (0..n)
            .map(|c| {
                if db.reflects() {
                    ((c % cols) * cols + c / cols) as u8
                } else {
                    c as u8
                }
            })
            .collect();
        let mut goal_cell = vec![0usize; n];
        for (c, &t) in db.goal.iter().enumerate() {
            goal_cell[t as usize] = c;
        }
        // The mirror of tile t: the goal tile on the transposed goal cell.
        let mirror = |t: u8| db.goal[transpose[goal_cell[t as usize]] as usize];
        let mut pattern_of = [u8::MAX; SLOTS];
        let mut mirror_pattern_of = [u8::MAX; SLOTS];
        let mut direct = Vec::new();
        let mut reflected = Vec::new();
        // The maps `to` and `from` of a lookup that first applies `first`
        // to the board's cells, then the table's own symmetry `map`.
        let maps = |first: &dyn Fn(usize) -> usize, map: Option<&[u8]>| {
            let mut to = [0u8; SLOTS];
            let mut from = [0u8; SLOTS];
            for (c, slot) in to.iter_mut().enumerate().take(n) {
                let f = first(c);
                let t = map.map_or(f, |m| m[f] as usize);
                *slot = t as u8;
                from[t] = c as u8;
            }
            (to, from)
        };
        for (i, p) in db.patterns.iter().enumerate() {
            assert!(p.tiles.len() <= MAX_TILES);
            let k = p.tiles.len();
            let (table, map) = db.table_of(i);
            let mut d = [0u8; MAX_TILES];
            let mut r = [0u8; MAX_TILES];
            for (j, &t) in p.tiles.iter().enumerate() {
                d[j] = t;
                r[j] = mirror(t);
                pattern_of[t as usize] = i as u8;
                mirror_pattern_of[mirror(t) as usize] = i as u8;
            }
            let member = |sources: &[u8; MAX_TILES]| {
                let mut member = [Member {
                    index: u8::MAX,
                    weight: 0,
                }; SLOTS];
                for (j, &t) in sources[..k].iter().enumerate() {
                    member[t as usize] = Member {
                        index: j as u8,
                        // The tiles after it fill the remaining cells.
                        weight: placements(n - j - 1, k - j - 1) as u32,
                    };
                }
                member
            };
            let (to, from) = maps(&|c| c, map);
            direct.push(Lookup {
                sources: d,
                k,
                member: member(&d),
                table,
                to,
                from,
            });
            let (to, from) = maps(&|c| transpose[c] as usize, map);
            reflected.push(Lookup {
                sources: r,
                k,
                member: member(&r),
                table,
                to,
                from,
            });
        }
        if !db.reflects() {
            reflected.clear();
        }
        Self {
            cells: n,
            direct,
            reflected,
            pattern_of,
            mirror_pattern_of,
        }
    }

    /// The direct lookups and the reflected ones (none without
    /// reflection), a lookup per pattern in the database's order.
    pub(super) fn sides(&self) -> (&[Lookup<'a>], &[Lookup<'a>]) {
        (&self.direct, &self.reflected)
    }

    /// Which lookup each tile feeds, direct and reflected.
    pub(super) fn feeding(&self) -> (&[u8; SLOTS], &[u8; SLOTS]) {
        (&self.pattern_of, &self.mirror_pattern_of)
    }

    /// Whether a table is too large for the processor's cache (256 MiB or
    /// more, as the 7-8's 8-tile table): the search then does better with
    /// [`Prefetching`].
    pub fn misses_the_cache(&self) -> bool {
        self.direct.iter().any(|l| l.table.len() >= PREFETCH_FROM)
    }

    fn rank_of(&self, l: &Lookup<'_>, pos: &[u8]) -> u32 {
        let cells = l.sources[..l.k]
            .iter()
            .map(|&t| l.to[pos[t as usize] as usize]);
        rank(self.cells, cells) as u32
    }

    /// Follow `s` in the lookup its tile feeds on one side: the direct
    /// one, or (`reflected`) the reflected one, where the tile moves
    /// between the transposed cells. Returns that side's sum.
    #[inline(always)]
    fn follow(&self, acc: &mut PdbAcc, reflected: bool, board: View<'_>, s: Slide) -> u32 {
        let (feeds, side) = if reflected {
            let feeds = Feeds {
                lookups: &self.reflected,
                pattern_of: &self.mirror_pattern_of,
            };
            (feeds, &mut acc.reflected)
        } else {
            let feeds = Feeds {
                lookups: &self.direct,
                pattern_of: &self.pattern_of,
            };
            (feeds, &mut acc.direct)
        };
        feeds.follow(side, board, s);
        side.sum
    }
}

/// One side's lookups (direct or reflected) and which tile feeds which.
struct Feeds<'s, 'a> {
    lookups: &'s [Lookup<'a>],
    pattern_of: &'s [u8; SLOTS],
}

impl Feeds<'_, '_> {
    /// The rank the slide `s` (not yet made on `board`) gives the lookup
    /// its tile feeds (`u32::MAX`: it feeds none), its entry asked for:
    /// the cells the tile passes are the same before the slide as after.
    #[inline(always)]
    fn rank_after(&self, side: &Side, board: View<'_>, s: Slide) -> u32 {
        let i = self.pattern_of[slot(usize::from(s.tile))] as usize;
        let Some(l) = self.lookups.get(i) else {
            return u32::MAX;
        };
        let i = i % MAX_PATTERNS;
        let tile = l.member[slot(usize::from(s.tile))];
        let (a, b) = (l.to[slot(s.from)] as usize, l.to[slot(s.to)] as usize);
        let rank = l.moved(side.ranks[i], tile, a, b, board.cells);
        if let Some(entry) = l.table.get(rank as usize) {
            crate::memory::prefetch(entry);
        }
        rank
    }

    /// The slide `s`, made: the lookup its tile feeds reads its entry at
    /// `rank` ([`rank_after`](Self::rank_after) of the slide); the side's
    /// sum.
    #[inline(always)]
    fn follow_at(&self, side: &mut Side, s: Slide, rank: u32) -> u32 {
        let i = self.pattern_of[slot(usize::from(s.tile))] as usize;
        if let Some(l) = self.lookups.get(i) {
            side.set(i % MAX_PATTERNS, rank, l.table[rank as usize]);
        }
        side.sum
    }

    /// The slide `s` on `board`: update the rank and value of the lookup
    /// its tile feeds, where the tile moves between the cells as that
    /// lookup sees them.
    #[inline(always)]
    fn follow(&self, side: &mut Side, board: View<'_>, s: Slide) {
        let i = self.pattern_of[slot(usize::from(s.tile))] as usize;
        let Some(l) = self.lookups.get(i) else {
            // A tile in no pattern (a partial partition) changes nothing.
            return;
        };
        // `i` < MAX_PATTERNS now: the mask only spares the bounds check.
        let i = i % MAX_PATTERNS;
        let tile = l.member[slot(usize::from(s.tile))];
        let (a, b) = (l.to[slot(s.from)] as usize, l.to[slot(s.to)] as usize);
        let rank = l.moved(side.ranks[i], tile, a, b, board.cells);
        side.set(i, rank, l.table[rank as usize]);
    }
}

impl<'a> PdbHeuristic<'a> {
    /// For the slide `s`, not yet made: both sides' new ranks, their
    /// entries asked for ([`Prefetching`]'s preparation).
    #[inline(always)]
    fn prepare_ranks(&self, acc: &PdbAcc, board: View<'_>, s: Slide) -> u64 {
        let direct = self.feeds(false).rank_after(&acc.direct, board, s);
        let reflected = self.feeds(true).rank_after(&acc.reflected, board, s);
        u64::from(direct) | u64::from(reflected) << 32
    }

    /// The slide `s`, made, its ranks from [`prepare_ranks`]
    /// (Self::prepare_ranks): as `update_bounded`, the side that was
    /// larger read first, the other only if the first stays below `limit`.
    #[inline(always)]
    fn update_at(&self, acc: &mut PdbAcc, s: Slide, prepared: u64, limit: u32) -> u32 {
        let (direct, reflected) = (prepared as u32, (prepared >> 32) as u32);
        acc.follow_bounded(limit, |acc, mirrored| match mirrored {
            true => self.feeds(true).follow_at(&mut acc.reflected, s, reflected),
            false => self.feeds(false).follow_at(&mut acc.direct, s, direct),
        })
    }

    /// One side's lookups: the reflected ones, or the direct ones.
    #[inline(always)]
    fn feeds(&self, reflected: bool) -> Feeds<'_, 'a> {
        match reflected {
            true => Feeds {
                lookups: &self.reflected,
                pattern_of: &self.mirror_pattern_of,
            },
            false => Feeds {
                lookups: &self.direct,
                pattern_of: &self.pattern_of,
            },
        }
    }
}

impl TileHeuristic for PdbHeuristic<'_> {
    type Acc = PdbAcc;

    fn start(&self, cells: &[u8]) -> PdbAcc {
        let sizes = [self.direct.len(), self.reflected.len()];
        PdbAcc::of(cells, sizes, |reflected, i, pos| {
            let l = &self.feeds(reflected).lookups[i];
            let rank = self.rank_of(l, pos);
            (rank, l.table[rank as usize])
        })
    }

    #[inline(always)]
    fn value(&self, acc: &PdbAcc) -> u32 {
        acc.value()
    }

    #[inline(always)]
    fn update_bounded(&self, acc: &mut PdbAcc, board: View<'_>, s: Slide, limit: u32) -> u32 {
        acc.follow_bounded(limit, |acc, reflected| {
            self.follow(acc, reflected, board, s)
        })
    }

    #[inline(always)]
    fn update(&self, acc: &mut PdbAcc, board: View<'_>, s: Slide) {
        // Tiles in no pattern (a partial partition) change nothing.
        self.follow(acc, false, board, s);
        self.follow(acc, true, board, s);
    }
}

/// [`PdbHeuristic`] on tables too large for the processor's cache (see
/// [`PdbHeuristic::misses_the_cache`]): IDA\* works out every child's
/// ranks (both sides) and asks for their entries before it makes any
/// child, so that the waits for memory overlap, then reads each entry at
/// its prepared rank. A type of its own, so that searches on small tables
/// keep their lazier evaluation (the second side read only when the first
/// does not cut) and carry no test for this.
pub struct Prefetching<'a>(pub PdbHeuristic<'a>);

impl TileHeuristic for Prefetching<'_> {
    type Acc = PdbAcc;

    fn start(&self, cells: &[u8]) -> PdbAcc {
        self.0.start(cells)
    }

    #[inline(always)]
    fn value(&self, acc: &PdbAcc) -> u32 {
        self.0.value(acc)
    }

    #[inline(always)]
    fn update(&self, acc: &mut PdbAcc, board: View<'_>, s: Slide) {
        self.0.update(acc, board, s)
    }

    #[inline(always)]
    fn update_bounded(&self, acc: &mut PdbAcc, board: View<'_>, s: Slide, limit: u32) -> u32 {
        self.0.update_bounded(acc, board, s, limit)
    }

    const PREPARES: bool = true;

    #[inline(always)]
    fn prepare(&self, acc: &PdbAcc, board: View<'_>, s: Slide) -> u64 {
        self.0.prepare_ranks(acc, board, s)
    }

    #[inline(always)]
    fn update_prepared(
        &self,
        acc: &mut PdbAcc,
        _board: View<'_>,
        s: Slide,
        prepared: u64,
        limit: u32,
    ) -> u32 {
        self.0.update_at(acc, s, prepared, limit)
    }
}

/// A pattern's tiles and its value on a board.
pub type PatternValue = (Vec<u8>, u32);

impl PdbHeuristic<'_> {
    /// Each pattern's tiles and value on `cells`: the direct lookups, then
    /// the reflected ones (whose tiles are the mirrors; empty without
    /// reflection). The estimate is the larger of the two sums.
    pub fn pattern_values(&self, cells: &[u8]) -> (Vec<PatternValue>, Vec<PatternValue>) {
        let acc = self.start(cells);
        let side = |lookups: &[Lookup<'_>], side: &Side| {
            lookups
                .iter()
                .zip(&side.values)
                .map(|(l, &v)| (l.sources[..l.k].to_vec(), u32::from(v)))
                .collect()
        };
        (
            side(&self.direct, &acc.direct),
            side(&self.reflected, &acc.reflected),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Control;
    use crate::search::{ida_star, weighted_ida_star};
    use crate::tiles::space::TileDfs;
    use crate::tiles::{Board, Shape, TilePuzzle, random_solvable};

    /// Preparing the children (their ranks worked out and their entries
    /// asked for before any is made) changes nothing a search does: on random 15-puzzles (a small 4-4-4-3 database, reflected),
    /// IDA* and weighted IDA* take the same path through the same number
    /// of nodes with [`Prefetching`] as without.
    #[test]
    fn prefetching_searches_exactly_as_without() {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let partition = vec![
            vec![1, 2, 5, 6],
            vec![3, 4, 7, 8],
            vec![9, 10, 13, 14],
            vec![11, 12, 15],
        ];
        let db = PatternDb::build(&goal, &partition, &|_| {});
        let plain = PdbHeuristic::new(&db);
        let ahead = Prefetching(PdbHeuristic::new(&db));
        // The prepared path is the one taken, and only with Prefetching.
        const { assert!(<Prefetching<'_> as TileHeuristic>::PREPARES) };
        const { assert!(!<PdbHeuristic<'_> as TileHeuristic>::PREPARES) };
        for seed in 0..6 {
            let start = random_solvable(&goal, &mut crate::rng::seeded(seed));
            let p = TilePuzzle::new(start, goal.clone()).unwrap();
            // One thread: two threads' counts vary from run to run.
            let ctl = Control::default().with_threads(1);
            let a = ida_star(&mut TileDfs::new(&p, &plain), &ctl);
            let b = ida_star(&mut TileDfs::new(&p, &ahead), &ctl);
            assert!(p.replays_to_goal(&a.path));
            assert_eq!(a.path, b.path, "seed {seed}");
            assert_eq!(a.stats.expanded, b.stats.expanded, "seed {seed}");
            let a = weighted_ida_star(&mut TileDfs::new(&p, &plain), 1.5, &ctl);
            let b = weighted_ida_star(&mut TileDfs::new(&p, &ahead), 1.5, &ctl);
            assert_eq!(a.path, b.path, "seed {seed}");
            assert_eq!(a.stats.expanded, b.stats.expanded, "seed {seed}");
        }
    }
}
