//! Pattern tables spread out so that a slide changes a pattern's index by
//! one addition.
//!
//! A table is indexed by the rank of its tiles' cells (`rank`): dense, but a
//! tile moving along a column changes the rank by an amount that depends on
//! the pattern's tiles on the cells it passes, which the search reads off
//! the board on every such move. Spread out, the index is the cells written
//! as base-16 digits, one per tile, so a tile moving from cell `a` to `b`
//! adds `(b − a) · 16^place` whatever else lies on the board. The spread
//! table is larger (16^k entries against 16!/(16−k)!: 16.8 MB against
//! 5.8 MB for 6 tiles), and only boards of up to 16 cells with patterns of
//! up to [`MOST_TILES`] tiles are spread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::PatternDb;
use super::lookup::{MAX_PATTERNS, PdbAcc, PdbHeuristic, SLOTS, Side, slot};
use crate::tiles::heuristic::{Slide, TileHeuristic, View};

/// Bits a cell takes in a spread index.
const CELL_BITS: usize = 4;
/// Most tiles a spread pattern may have: 16^6 entries is 16 MiB.
pub const MOST_TILES: usize = 6;

/// The spread tables of a database (see [`PatternDb::spread`]), one per
/// pattern that holds a table of its own (empty for one that shares
/// another's), made when a search asks a second time.
#[derive(Default)]
pub(super) struct SpreadCache {
    asked: AtomicBool,
    tables: OnceLock<Option<Arc<Vec<Vec<u8>>>>>,
}

impl SpreadCache {
    /// `None` the first time: spreading the 6-6-3 costs about 18 ms, more
    /// than a short search saves (a 3-move solve's whole process took
    /// 33 ms against 15), so a database searched once, as by one `huarong
    /// solve`, is read ranked; one searched again (a bench, the app) is
    /// spread once and kept.
    pub(super) fn get_or_spread(&self, db: &PatternDb) -> Option<Arc<Vec<Vec<u8>>>> {
        if !self.asked.swap(true, Ordering::Relaxed) {
            return None;
        }
        self.tables.get_or_init(|| spread_all(db)).clone()
    }
}

// The cache is derived from the tables: a copy starts without it, and it
// takes no part in comparing or showing a database.
impl Clone for SpreadCache {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl PartialEq for SpreadCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for SpreadCache {}

impl std::fmt::Debug for SpreadCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SpreadCache")
    }
}

/// Whether `db`'s tables can be spread: a board of at most 16 cells and
/// patterns of at most [`MOST_TILES`] tiles.
pub(super) fn spreads(db: &PatternDb) -> bool {
    db.goal.len() <= 1 << CELL_BITS && db.patterns.iter().all(|p| p.tiles.len() <= MOST_TILES)
}

fn spread_all(db: &PatternDb) -> Option<Arc<Vec<Vec<u8>>>> {
    if !spreads(db) {
        return None;
    }
    let n = db.goal.len();
    let tables = db
        .patterns
        .iter()
        .map(|p| match p.shared {
            Some(_) => Vec::new(),
            None => spread(&p.table, n, p.tiles.len()),
        })
        .collect();
    Some(Arc::new(tables))
}

/// `table` (indexed by rank, `k` tiles on `n` cells) spread out: the entry
/// of the tiles on cells `c0, c1, …` at `c0·16^(k−1) + c1·16^(k−2) + …`.
/// Entries of no placement (two tiles on one cell) are 0.
pub(super) fn spread(table: &[u8], n: usize, k: usize) -> Vec<u8> {
    let mut out: Vec<u8> = crate::memory::zeroed(1 << (CELL_BITS * k));
    if k == 0 {
        out[0] = table[0];
        return out;
    }
    // The placements in rank order: at each place the free cells in
    // ascending order (the rank's mixed-radix digits counting up).
    let mut next_rank = 0;
    place(table, &mut out, n, k, 0, 0, 0, &mut next_rank);
    debug_assert_eq!(next_rank, table.len());
    out
}

/// Place tiles `depth..k` on the cells `used` leaves free, the first
/// `depth` making `index`; the last tile's entries are consecutive in
/// `table`, so its cells are walked by their bits.
#[allow(clippy::too_many_arguments)]
fn place(
    table: &[u8],
    out: &mut [u8],
    n: usize,
    k: usize,
    depth: usize,
    used: u32,
    index: usize,
    next_rank: &mut usize,
) {
    let mut free = !used & ((1u32 << n) - 1);
    if depth + 1 == k {
        let base = index << CELL_BITS;
        let run = &table[*next_rank..*next_rank + free.count_ones() as usize];
        for &value in run {
            out[base | free.trailing_zeros() as usize] = value;
            free &= free - 1;
        }
        *next_rank += run.len();
        return;
    }
    while free != 0 {
        let c = free.trailing_zeros() as usize;
        free &= free - 1;
        place(
            table,
            out,
            n,
            k,
            depth + 1,
            used | 1 << c,
            index << CELL_BITS | c,
            next_rank,
        );
    }
}

/// One spread table as one side's lookup reads it.
struct Lookup<'a> {
    table: &'a [u8],
    /// The lookup's tiles, in index order.
    sources: [u8; MOST_TILES],
    k: usize,
    /// `shift[tile]`: where the tile's cell sits in the index (0 for a
    /// tile not in the pattern, which never moves it).
    shift: [u8; SLOTS],
    /// `to[c]`: board cell `c` as the table sees it.
    to: [u8; SLOTS],
}

/// [`PdbHeuristic`] on spread tables: the same estimate, the same lookups
/// (direct and reflected, the side that was larger read first), each
/// pattern's index updated by one addition.
pub struct Spread<'a> {
    direct: Vec<Lookup<'a>>,
    reflected: Vec<Lookup<'a>>,
    pattern_of: [u8; SLOTS],
    mirror_pattern_of: [u8; SLOTS],
}

impl<'a> Spread<'a> {
    /// `compact`'s lookups on `tables` (its database's [`PatternDb::spread`]).
    pub fn new(compact: &PdbHeuristic<'_>, db: &PatternDb, tables: &'a [Vec<u8>]) -> Self {
        let lookups = |side: &[super::lookup::Lookup<'_>]| {
            side.iter()
                .enumerate()
                .map(|(i, l)| {
                    let source = db.patterns[i].shared.as_ref().map_or(i, |s| s.source);
                    let (sources, k, to) = l.parts();
                    let mut tiles = [0u8; MOST_TILES];
                    tiles[..k].copy_from_slice(&sources[..k]);
                    let mut shift = [0u8; SLOTS];
                    for (j, &t) in sources[..k].iter().enumerate() {
                        shift[usize::from(t)] = (CELL_BITS * (k - 1 - j)) as u8;
                    }
                    Lookup {
                        table: &tables[source],
                        sources: tiles,
                        k,
                        shift,
                        to: *to,
                    }
                })
                .collect()
        };
        let (direct, reflected) = compact.sides();
        let (pattern_of, mirror_pattern_of) = compact.feeding();
        Self {
            direct: lookups(direct),
            reflected: lookups(reflected),
            pattern_of: *pattern_of,
            mirror_pattern_of: *mirror_pattern_of,
        }
    }

    /// Follow `s` on one side: its tile's pattern's index moves by the
    /// step between its cells as the table sees them. Returns the side's
    /// sum.
    #[inline(always)]
    fn follow(lookups: &[Lookup<'_>], pattern_of: &[u8; SLOTS], side: &mut Side, s: Slide) -> u32 {
        let i = pattern_of[slot(usize::from(s.tile))] as usize;
        if let Some(l) = lookups.get(i) {
            let i = i % MAX_PATTERNS;
            let step = i32::from(l.to[slot(s.to)]) - i32::from(l.to[slot(s.from)]);
            let index =
                side.ranks[i].wrapping_add((step << l.shift[slot(usize::from(s.tile))]) as u32);
            side.set(i, index, l.table[index as usize]);
        }
        side.sum
    }

    #[inline(always)]
    fn follow_direct(&self, acc: &mut PdbAcc, s: Slide) -> u32 {
        Self::follow(&self.direct, &self.pattern_of, &mut acc.direct, s)
    }

    #[inline(always)]
    fn follow_reflected(&self, acc: &mut PdbAcc, s: Slide) -> u32 {
        Self::follow(
            &self.reflected,
            &self.mirror_pattern_of,
            &mut acc.reflected,
            s,
        )
    }
}

impl TileHeuristic for Spread<'_> {
    type Acc = PdbAcc;

    fn start(&self, cells: &[u8]) -> PdbAcc {
        let mut pos = [0u8; SLOTS];
        for (c, &t) in cells.iter().enumerate() {
            pos[slot(usize::from(t))] = c as u8;
        }
        let side = |lookups: &[Lookup<'_>]| {
            let mut side = Side::default();
            for (i, l) in lookups.iter().enumerate() {
                let index = l.sources[..l.k].iter().fold(0u32, |index, &t| {
                    index << CELL_BITS
                        | u32::from(l.to[slot(usize::from(pos[slot(usize::from(t))]))])
                });
                side.set(i, index, l.table[index as usize]);
            }
            side
        };
        PdbAcc {
            direct: side(&self.direct),
            reflected: side(&self.reflected),
        }
    }

    #[inline(always)]
    fn value(&self, acc: &PdbAcc) -> u32 {
        acc.direct.sum.max(acc.reflected.sum)
    }

    #[inline(always)]
    fn update(&self, acc: &mut PdbAcc, _board: View<'_>, s: Slide) {
        self.follow_direct(acc, s);
        self.follow_reflected(acc, s);
    }

    #[inline(always)]
    fn update_bounded(&self, acc: &mut PdbAcc, _board: View<'_>, s: Slide, limit: u32) -> u32 {
        // As `PdbHeuristic::update_bounded`: the side that was larger first.
        if acc.reflected.sum > acc.direct.sum {
            let sum = self.follow_reflected(acc, s);
            if sum >= limit {
                return sum;
            }
            self.follow_direct(acc, s);
        } else {
            let sum = self.follow_direct(acc, s);
            if sum >= limit {
                return sum;
            }
            self.follow_reflected(acc, s);
        }
        acc.direct.sum.max(acc.reflected.sum)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rank::{placements, unrank};
    use super::*;
    use crate::control::Control;
    use crate::search::{ida_star, weighted_ida_star};
    use crate::tiles::space::TileDfs;
    use crate::tiles::{Board, Shape, TilePuzzle, random_solvable};

    /// Every placement's entry is where its cells put it, and every other
    /// entry is 0, for each pattern size a spread table may have.
    #[test]
    fn a_spread_table_holds_each_placement_at_its_cells() {
        for (n, k) in [(9, 3), (16, 1), (16, 3), (12, 4)] {
            let table: Vec<u8> = (0..placements(n, k)).map(|r| (r % 251 + 1) as u8).collect();
            let out = spread(&table, n, k);
            assert_eq!(out.len(), 1 << (4 * k));
            let mut cells = vec![0u8; k];
            let mut placed = 0;
            for (r, &v) in table.iter().enumerate() {
                unrank(n, r, &mut cells);
                let index = cells.iter().fold(0, |i, &c| i << 4 | usize::from(c));
                assert_eq!(out[index], v, "n {n} k {k} rank {r}");
                placed += 1;
            }
            assert_eq!(out.iter().filter(|&&v| v != 0).count(), placed);
        }
    }

    /// A search on spread tables is the same search: on random 15- and
    /// 8-puzzles, IDA* and weighted IDA* take the same path through the
    /// same number of nodes as on the ranked tables, and every estimate on
    /// the way agrees (or the counts would differ).
    #[test]
    fn spread_tables_search_exactly_as_ranked_ones() {
        let boards = [
            (
                Board::goal(Shape::new(4, 4).unwrap()),
                vec![
                    vec![1, 2, 5, 6],
                    vec![3, 4, 7, 8],
                    vec![9, 10, 13, 14],
                    vec![11, 12, 15],
                ],
            ),
            (
                Board::goal(Shape::new(3, 3).unwrap()),
                vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
            ),
        ];
        for (goal, partition) in boards {
            let db = PatternDb::build(&goal, &partition, &|_| {});
            let ranked = PdbHeuristic::new(&db);
            assert!(db.spread().is_none(), "not on the first search");
            let tables = db.spread().expect("small boards spread");
            let spread = Spread::new(&ranked, &db, &tables);
            for seed in 0..6 {
                let start = random_solvable(&goal, &mut crate::rng::seeded(seed));
                assert_eq!(
                    ranked.estimate(start.cells()),
                    spread.estimate(start.cells())
                );
                let p = TilePuzzle::new(start, goal.clone()).unwrap();
                let ctl = Control::default().with_threads(1);
                let a = ida_star(&mut TileDfs::new(&p, &ranked), &ctl);
                let b = ida_star(&mut TileDfs::new(&p, &spread), &ctl);
                assert!(p.replays_to_goal(&b.path));
                assert_eq!(a.path, b.path, "seed {seed}");
                assert_eq!(a.stats.expanded, b.stats.expanded, "seed {seed}");
                let a = weighted_ida_star(&mut TileDfs::new(&p, &ranked), 1.5, &ctl);
                let b = weighted_ida_star(&mut TileDfs::new(&p, &spread), 1.5, &ctl);
                assert_eq!(a.path, b.path, "seed {seed}");
                assert_eq!(a.stats.expanded, b.stats.expanded, "seed {seed}");
            }
        }
    }

    /// Boards over 16 cells and patterns over six tiles keep their ranked
    /// tables.
    #[test]
    fn only_small_boards_and_patterns_spread() {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let db = PatternDb::build(&goal, &[vec![1, 2, 3, 4, 5, 6, 7], vec![8]], &|_| {});
        assert!(db.spread().is_none() && db.spread().is_none());
        let goal = Board::goal(Shape::new(3, 6).unwrap());
        let partition: Vec<Vec<u8>> = (1..18).map(|t| vec![t]).collect();
        let db = PatternDb::build(&goal, &partition, &|_| {});
        assert!(db.spread().is_none() && db.spread().is_none());
    }
}
