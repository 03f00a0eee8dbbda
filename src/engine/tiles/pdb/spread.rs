//! Pattern tables spread out so that a slide changes a pattern's index by
//! one addition.
//!
//! A table is indexed by the rank of its tiles' cells (`rank`): dense, but a
//! tile moving along a column changes the rank by an amount that depends on
//! the pattern's tiles on the cells it passes, which the search reads off
//! the board on every such move. Spread out, the index is the cells written
//! as base-n digits (n the board's cells), one per tile, so a tile moving
//! from cell `a` to `b` adds `(b − a) · n^place`, whatever else lies on the
//! board. A spread table has n^k entries against n!/(n−k)!, so each is
//! packed in four bits: what the pattern's value exceeds its tiles'
//! Manhattan distance by, halved, which the search adds back to the
//! distance it keeps up. A 6-tile table of the 4×4 takes 8.4 MB against
//! 5.8 MB ranked, of the 5×5 122 MB against 128 MB; only tables of at most
//! [`MOST_ENTRIES`] entries are spread.
//!
//! The front end may keep the spread tables in a file of their own (see
//! [`PatternDb::spread_tables`] and [`PatternDb::attach_spread`]); without
//! one, a board of up to 16 cells is spread in memory when a second search
//! asks (see [`PatternDb::spread`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::lookup::{MAX_PATTERNS, MAX_TILES, PdbAcc, PdbHeuristic, SLOTS, Side, slot};
use super::{PatternDb, TableBytes};
use crate::control::CancelToken;
use crate::tiles::Shape;
use crate::tiles::heuristic::{GoalCells, Slide, TileHeuristic, View};

/// Most entries a spread table may have: a 6-tile table of the 5×5 has
/// 25^6 (244 M); a 7-tile one of the 4×4 would have 16^7 (268 M).
pub const MOST_ENTRIES: usize = 250_000_000;
/// Most cells a board spread in memory may have: spreading the 6-6-3
/// costs about 18 ms, the 6-6-6-6 seconds.
const SPREAD_IN_MEMORY_UP_TO: usize = 16;

/// Entries of a spread table of `k` tiles on `n` cells (saturating).
pub(super) fn spread_len(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |len, _| len.saturating_mul(n))
}

/// The spread tables of a database, one per pattern (empty for a pattern
/// that shares another's): attached from a file, or made in memory when a
/// search asks a second time.
#[derive(Default)]
pub(super) struct SpreadCache {
    asked: AtomicBool,
    tables: OnceLock<Option<Arc<Vec<TableBytes>>>>,
}

impl SpreadCache {
    /// `None` the first time, unless attached: spreading the 6-6-3 costs
    /// about 18 ms, more than a short search saves (a 3-move solve's whole
    /// process took 33 ms against 15), so a database searched once is
    /// read ranked; one searched again (a bench, the app) is spread once
    /// and kept.
    pub(super) fn get_or_spread(&self, db: &PatternDb) -> Option<Arc<Vec<TableBytes>>> {
        if let Some(tables) = self.tables.get() {
            return tables.clone();
        }
        if !self.asked.swap(true, Ordering::Relaxed) || db.goal.len() > SPREAD_IN_MEMORY_UP_TO {
            return None;
        }
        self.tables
            .get_or_init(|| {
                let tables = db.spread_tables(&CancelToken::new())?;
                Some(Arc::new(tables.into_iter().map(TableBytes::from).collect()))
            })
            .clone()
    }

    /// Bytes of the spread tables made or attached (none asked for).
    pub(super) fn held_bytes(&self) -> u64 {
        let tables = self.tables.get().and_then(Option::as_ref);
        tables.map_or(0, |t| t.iter().map(|t| t.len() as u64).sum())
    }

    /// Use `tables` from now on (if none were made or attached before).
    pub(super) fn attach(&self, tables: Vec<TableBytes>) {
        let _ = self.tables.set(Some(Arc::new(tables)));
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

/// Whether the tables of patterns of `sizes` tiles on `n` cells can be
/// spread: every one at most [`MOST_ENTRIES`] spread.
pub(super) fn spreads(n: usize, sizes: impl IntoIterator<Item = usize>) -> bool {
    sizes.into_iter().all(|k| fits(n, k))
}

/// Whether a table of `k` tiles on `n` cells spreads.
fn fits(n: usize, k: usize) -> bool {
    spread_len(n, k) <= MOST_ENTRIES
}

/// `db`'s tables spread, or `None` if they cannot be ([`spreads`]) or
/// `cancel` was raised part way.
pub(super) fn spread_all(db: &PatternDb, cancel: &CancelToken) -> Option<Vec<Vec<u8>>> {
    let n = db.goal.len();
    if !spreads(n, db.patterns.iter().map(|p| p.tiles.len())) {
        return None;
    }
    let goal_cells = GoalCells::new(&db.goal_board());
    db.patterns
        .iter()
        .map(|p| match p.shared {
            Some(_) => Some(Vec::new()),
            None => {
                let goal: Vec<u8> = p
                    .tiles
                    .iter()
                    .map(|&t| goal_cells.cell[usize::from(t)])
                    .collect();
                spread(&p.table, goal_cells.shape, &goal, cancel)
            }
        })
        .collect()
}

/// Most a packed entry holds: four bits.
const MOST_HALF: u32 = 15;

/// The packed entry of a pattern's `value` with its tiles at Manhattan
/// distance `distance`: half the excess, at most [`MOST_HALF`].
fn half_of(value: u8, distance: u32) -> u8 {
    (u32::from(value).saturating_sub(distance) / 2).min(MOST_HALF) as u8
}

/// `table` (indexed by rank; tile `j` of its pattern has its goal on cell
/// `goal[j]` of a board of `shape`) spread out: the entry of the tiles on cells `c0,
/// c1, …` at `c0·n^(k−1) + c1·n^(k−2) + …`, packed in four bits, the low
/// ones first. A pattern's value is at least its tiles' Manhattan distance
/// and of the same parity (each move of one of its tiles changes that
/// distance by one), so an entry keeps the half of their difference (at
/// most 15: a larger one is kept as 15, which still never overestimates);
/// the search adds the distance back. Entries of no placement (two tiles
/// on one cell) are 0. `None` if `cancel` is raised part way.
pub(super) fn spread(
    table: &[u8],
    shape: Shape,
    goal: &[u8],
    cancel: &CancelToken,
) -> Option<Vec<u8>> {
    let (n, k) = (shape.cells(), goal.len());
    let mut out: Vec<u8> = crate::memory::zeroed(packed_len(spread_len(n, k)));
    if k == 0 {
        out[0] = half_of(table[0], 0);
        return Some(out);
    }
    let to_goal = goal
        .iter()
        .map(|&g| {
            let mut row = [0u8; SLOTS];
            for (c, d) in row.iter_mut().enumerate().take(n) {
                *d = shape.distance(c, usize::from(g)) as u8;
            }
            row
        })
        .collect();
    // The placements in rank order: at each place the free cells in
    // ascending order (the rank's mixed-radix digits counting up).
    let mut spreading = Spreading {
        table,
        out: &mut out,
        n,
        to_goal,
        k,
        next_rank: 0,
        cancel,
    };
    spreading.place(0, 0, 0, 0).then_some(())?;
    debug_assert_eq!(spreading.next_rank, table.len());
    Some(out)
}

/// Bytes of `entries` packed entries.
pub(super) fn packed_len(entries: usize) -> usize {
    entries.div_ceil(2)
}

/// One table being spread.
struct Spreading<'a> {
    table: &'a [u8],
    out: &'a mut [u8],
    n: usize,
    /// `to_goal[j][c]`: moves from cell `c` to tile `j`'s goal.
    to_goal: Vec<[u8; SLOTS]>,
    k: usize,
    /// The rank of the next placement.
    next_rank: usize,
    cancel: &'a CancelToken,
}

impl Spreading<'_> {
    /// Place tiles `depth..k` on the cells `used` leaves free, the first
    /// `depth` making `index` at Manhattan distance `distance`; the last
    /// tile's entries are consecutive in the table, so its cells are
    /// walked by their bits. False if cancelled.
    fn place(&mut self, depth: usize, used: u32, index: usize, distance: u32) -> bool {
        let n = self.n;
        let mut free = !used & ((1u32 << n) - 1);
        let to_goal = self.to_goal[depth];
        if depth + 1 == self.k {
            let base = index * n;
            let count = free.count_ones() as usize;
            let run = &self.table[self.next_rank..self.next_rank + count];
            for &value in run {
                let c = free.trailing_zeros() as usize;
                let d = distance + u32::from(to_goal[slot(c)]);
                let i = base + c;
                self.out[i / 2] |= half_of(value, d) << (4 * (i % 2));
                free &= free - 1;
            }
            self.next_rank += count;
            return true;
        }
        // A look at the token per cell of the first two tiles: the 6-6-6-6
        // spreads in seconds, in 600 pieces.
        if depth < 2 && self.cancel.is_cancelled() {
            return false;
        }
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let d = distance + u32::from(to_goal[slot(c)]);
            if !self.place(depth + 1, used | 1 << c, index * n + c, d) {
                return false;
            }
        }
        true
    }
}

/// One spread table as one side's lookup reads it.
struct Lookup<'a> {
    /// Packed entries (see [`spread`]).
    table: &'a [u8],
    /// The lookup's tiles, in index order.
    sources: [u8; MAX_TILES],
    k: usize,
    /// `weight[tile]`: the place value of the tile's cell in the index (0
    /// for a tile not in the pattern, which never moves it).
    weight: [u32; SLOTS],
    /// `to[c]`: board cell `c` as the table sees it.
    to: [u8; SLOTS],
}

impl Lookup<'_> {
    /// The packed entry at `index`: half of what the pattern's value
    /// exceeds its Manhattan distance by.
    #[inline(always)]
    fn half(&self, index: u32) -> u8 {
        (self.table[(index / 2) as usize] >> (4 * (index % 2))) & 0xf
    }
}

/// One side's lookups (direct or reflected), which tile feeds which, and
/// each tile's Manhattan distance as its lookup sees it.
struct SpreadSide<'a> {
    lookups: Vec<Lookup<'a>>,
    pattern_of: [u8; SLOTS],
    /// `distance[tile][c]`: moves from board cell `c` to the tile's goal,
    /// in the frame of the table it feeds (0 for a tile that feeds none).
    distance: [[u8; SLOTS]; SLOTS],
}

impl SpreadSide<'_> {
    /// Follow `s`: its tile's pattern's index moves by the step between
    /// its cells as the table sees them, and the side's distance by the
    /// tile's. Returns the side's sum.
    #[inline(always)]
    fn follow(&self, side: &mut Side, s: Slide) -> u32 {
        let tile = slot(usize::from(s.tile));
        let i = self.pattern_of[tile] as usize;
        if let Some(l) = self.lookups.get(i) {
            let i = i % MAX_PATTERNS;
            // The steps may be negative: they wrap, and so does the sum.
            let step = u32::from(l.to[slot(s.to)]).wrapping_sub(u32::from(l.to[slot(s.from)]));
            let index = side.ranks[i].wrapping_add(step.wrapping_mul(l.weight[tile]));
            let distance = &self.distance[tile];
            let moved =
                u32::from(distance[slot(s.to)]).wrapping_sub(u32::from(distance[slot(s.from)]));
            side.set_half(i, index, l.half(index), moved);
        }
        side.sum
    }
}

/// [`PdbHeuristic`] on spread tables: the same estimate, the same lookups
/// (direct and reflected, the side that was larger read first), each
/// pattern's index updated by one addition, each side's sum by its
/// Manhattan distance's step and its tile's packed entry.
pub struct Spread<'a> {
    /// The board's cells: the radix of the index.
    cells: u32,
    direct: SpreadSide<'a>,
    reflected: SpreadSide<'a>,
}

impl<'a> Spread<'a> {
    /// `compact`'s lookups on `tables` (its database's [`PatternDb::spread`]).
    pub fn new(compact: &PdbHeuristic<'_>, db: &PatternDb, tables: &'a [TableBytes]) -> Self {
        let goal_cells = GoalCells::new(&db.goal_board());
        let n = goal_cells.shape.cells();
        let side = |lookups: &[super::lookup::Lookup<'_>], pattern_of: &[u8; SLOTS]| {
            let mut distance = [[0u8; SLOTS]; SLOTS];
            let mut spread = Vec::new();
            for (i, l) in lookups.iter().enumerate() {
                let source = db.table_source(i);
                let (sources, k, to) = l.parts();
                let mut weight = [0u32; SLOTS];
                for (j, &t) in sources[..k].iter().enumerate() {
                    let t = slot(usize::from(t));
                    weight[t] = spread_len(n, k - 1 - j) as u32;
                    // The table's tile j: the source pattern's, on its goal.
                    let goal = goal_cells.cell[usize::from(db.patterns[source].tiles[j])];
                    for c in 0..n {
                        distance[t][c] = goal_cells
                            .shape
                            .distance(usize::from(to[c]), usize::from(goal))
                            as u8;
                    }
                }
                spread.push(Lookup {
                    table: &tables[source],
                    sources: *sources,
                    k,
                    weight,
                    to: *to,
                });
            }
            SpreadSide {
                lookups: spread,
                pattern_of: *pattern_of,
                distance,
            }
        };
        let (direct, reflected) = compact.sides();
        let (pattern_of, mirror_pattern_of) = compact.feeding();
        Self {
            cells: n as u32,
            direct: side(direct, pattern_of),
            reflected: side(reflected, mirror_pattern_of),
        }
    }
}

impl TileHeuristic for Spread<'_> {
    type Acc = PdbAcc;

    fn start(&self, cells: &[u8]) -> PdbAcc {
        let sizes = [self.direct.lookups.len(), self.reflected.lookups.len()];
        let mut acc = PdbAcc::of(cells, sizes, |reflected, i, pos| {
            let l = match reflected {
                true => &self.reflected.lookups[i],
                false => &self.direct.lookups[i],
            };
            let index = l.sources[..l.k].iter().fold(0u32, |index, &t| {
                index * self.cells + u32::from(l.to[slot(usize::from(pos[slot(usize::from(t))]))])
            });
            (index, l.half(index))
        });
        // Each side's sum so far is its entries'; its value is its
        // distance and twice that.
        for (sum, side) in [
            (&mut acc.direct.sum, &self.direct),
            (&mut acc.reflected.sum, &self.reflected),
        ] {
            let distance: u32 = cells
                .iter()
                .enumerate()
                .map(|(c, &t)| u32::from(side.distance[slot(usize::from(t))][slot(c)]))
                .sum();
            *sum = distance + 2 * *sum;
        }
        acc
    }

    #[inline(always)]
    fn value(&self, acc: &PdbAcc) -> u32 {
        acc.value()
    }

    #[inline(always)]
    fn update(&self, acc: &mut PdbAcc, _board: View<'_>, s: Slide) {
        self.direct.follow(&mut acc.direct, s);
        self.reflected.follow(&mut acc.reflected, s);
    }

    #[inline(always)]
    fn update_bounded(&self, acc: &mut PdbAcc, _board: View<'_>, s: Slide, limit: u32) -> u32 {
        acc.follow_bounded(limit, |acc, reflected| match reflected {
            true => self.reflected.follow(&mut acc.reflected, s),
            false => self.direct.follow(&mut acc.direct, s),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::rank::{placements, unrank};
    use super::super::{Checksum, HeldBytes, PdbError};
    use super::*;
    use crate::control::Control;
    use crate::search::{ida_star, weighted_ida_star};
    use crate::tiles::random::shuffled;
    use crate::tiles::space::TileDfs;
    use crate::tiles::{Board, Shape, TilePuzzle, random_solvable};

    /// Every placement's packed entry is where its cells put it and holds
    /// half its excess over the tiles' Manhattan distance (at most 15),
    /// and every other entry is 0, for each pattern size a spread table
    /// may have.
    #[test]
    fn a_spread_table_holds_each_placement_at_its_cells() {
        for (rows, cols, k) in [(3, 3, 3), (4, 4, 1), (4, 4, 3), (3, 4, 4), (5, 5, 2)] {
            let n = rows * cols;
            // Tile j's goal: counting down from the last cell.
            let goal: Vec<u8> = (0..k).map(|j| (n - 1 - j) as u8).collect();
            let shape = Shape::new(rows as u8, cols as u8).unwrap();
            let manhattan = |cells: &[u8]| -> u32 {
                let at = |c: u8| (i32::from(c) / cols as i32, i32::from(c) % cols as i32);
                cells
                    .iter()
                    .zip(&goal)
                    .map(|(&c, &g)| {
                        let ((r, q), (gr, gq)) = (at(c), at(g));
                        r.abs_diff(gr) + q.abs_diff(gq)
                    })
                    .sum()
            };
            let mut cells = vec![0u8; k];
            // Each value its distance and an even excess, some past 30.
            let table: Vec<u8> = (0..placements(n, k))
                .map(|r| {
                    unrank(n, r, &mut cells);
                    (manhattan(&cells) + 2 * (r % 19) as u32) as u8
                })
                .collect();
            let out = spread(&table, shape, &goal, &CancelToken::new()).unwrap();
            assert_eq!(out.len(), n.pow(k as u32).div_ceil(2));
            let entry = |i: usize| (out[i / 2] >> (4 * (i % 2))) & 0xf;
            let mut placed = 0;
            for r in 0..table.len() {
                unrank(n, r, &mut cells);
                let index = cells.iter().fold(0, |i, &c| i * n + usize::from(c));
                assert_eq!(entry(index), (r % 19).min(15) as u8, "n {n} k {k} rank {r}");
                placed += usize::from(r % 19 != 0);
            }
            let nonzero = (0..n.pow(k as u32)).filter(|&i| entry(i) != 0).count();
            assert_eq!(nonzero, placed);
        }
    }

    /// IDA* and weighted IDA* on `spread` take the same path through the
    /// same number of nodes as on `ranked`, from random starts (so every
    /// estimate on the way agrees, or the counts would differ).
    /// `walk`: starts that many random moves from the goal (`None`:
    /// uniformly random).
    fn searches_alike(
        goal: &Board,
        ranked: &PdbHeuristic<'_>,
        spread: &Spread<'_>,
        starts: u64,
        walk: Option<usize>,
    ) {
        for seed in 0..starts {
            let rng = &mut crate::rng::seeded(seed);
            let start = match walk {
                Some(moves) => shuffled(goal, moves, rng).0,
                None => random_solvable(goal, rng),
            };
            assert_eq!(
                ranked.estimate(start.cells()),
                spread.estimate(start.cells())
            );
            let p = TilePuzzle::new(start, goal.clone()).unwrap();
            let ctl = Control::default().with_threads(1);
            let a = ida_star(&mut TileDfs::new(&p, ranked), &ctl);
            let b = ida_star(&mut TileDfs::new(&p, spread), &ctl);
            assert!(p.replays_to_goal(&b.path));
            assert_eq!(a.path, b.path, "seed {seed}");
            assert_eq!(a.stats.expanded, b.stats.expanded, "seed {seed}");
            let a = weighted_ida_star(&mut TileDfs::new(&p, ranked), 1.5, &ctl);
            let b = weighted_ida_star(&mut TileDfs::new(&p, spread), 1.5, &ctl);
            assert_eq!(a.path, b.path, "seed {seed}");
            assert_eq!(a.stats.expanded, b.stats.expanded, "seed {seed}");
        }
    }

    /// A search on tables spread in memory is the same search, on the 15-
    /// and the 8-puzzle; they are made on the second search only.
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
            searches_alike(&goal, &ranked, &Spread::new(&ranked, &db, &tables), 6, None);
        }
    }

    /// Spread tables written to a file and attached from its bytes search
    /// as the ranked ones, on the 24-puzzle (whose tables are never spread
    /// in memory) with a table shared through a symmetry; the file is
    /// refused if a byte changes, if it is another database's, or if it is
    /// the ranked file.
    #[test]
    fn a_spread_file_is_checked_and_searches_as_the_ranked_tables() {
        let goal = Board::goal(Shape::new(5, 5).unwrap());
        // A partial partition: the other tiles count for nothing. Each
        // column block and its transpose (the goal's symmetry) share a table.
        let partition = vec![
            vec![6, 11, 16],
            vec![2, 3, 4],
            vec![7, 12, 17],
            vec![8, 9, 10],
        ];
        let db = PatternDb::build(&goal, &partition, &|_| {});
        assert!(
            db.patterns.iter().any(|p| p.shared.is_some()),
            "the test needs a shared table"
        );
        for _ in 0..2 {
            assert!(db.spread().is_none(), "a 5×5 is not spread in memory");
        }
        let tables = db.spread_tables(&CancelToken::new()).unwrap();
        let mut file = Vec::new();
        db.write_spread_to(&tables, &mut file).unwrap();
        assert_eq!(Some(file.len()), db.spread_encoded_len());

        let mut damaged = file.clone();
        *damaged.last_mut().unwrap() ^= 1;
        let held = |bytes: Vec<u8>| -> HeldBytes { Arc::new(bytes) };
        assert_eq!(
            db.attach_spread_held(held(damaged.clone()), Checksum::Verify),
            Err(PdbError::Checksum)
        );
        let other = PatternDb::build(&goal, &partition[1..], &|_| {});
        assert_eq!(
            other.attach_spread_held(held(file.clone()), Checksum::Verify),
            Err(PdbError::OtherGoal)
        );
        assert_eq!(
            db.attach_spread_held(held(db.to_bytes()), Checksum::Verify),
            Err(PdbError::NotADatabase)
        );
        assert_eq!(
            db.attach_spread_held(held(file[..file.len() - 1].to_vec()), Checksum::Verify),
            Err(PdbError::Truncated)
        );
        assert!(db.spread().is_none(), "nothing refused is attached");

        let ranked_bytes = db.table_bytes();
        db.attach_spread_held(held(file), Checksum::Verify).unwrap();
        let tables = db.spread().expect("attached");
        let spread_bytes: usize = tables.iter().map(|t| t.len()).sum();
        assert_eq!(db.table_bytes(), ranked_bytes + spread_bytes as u64);
        let ranked = PdbHeuristic::new(&db);
        searches_alike(
            &goal,
            &ranked,
            &Spread::new(&ranked, &db, &tables),
            6,
            Some(30),
        );
    }

    /// Spreading stops when the token is raised.
    #[test]
    fn spreading_stops_when_cancelled() {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let db = PatternDb::build(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], &|_| {});
        let cancel = CancelToken::new();
        cancel.cancel();
        assert!(db.spread_tables(&cancel).is_none());
        assert!(db.spread_tables(&CancelToken::new()).is_some());
    }

    /// The 6-6-3's and the 6-6-6-6's tables spread; the 7-8's 7-tile
    /// table (16^7 entries) does not, so neither does the 7-8.
    #[test]
    fn tables_of_at_most_most_entries_spread() {
        assert!(fits(16, 6) && fits(16, 3) && fits(25, 6) && fits(9, 8));
        assert!(!fits(16, 7) && !fits(16, 8) && !fits(25, 7));
    }
}
