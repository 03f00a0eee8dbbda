//! Additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The tiles are split into disjoint patterns. For each pattern, a table
//! holds the exact number of moves *of that pattern's tiles* needed to bring
//! them home from every placement, the other tiles being indistinguishable and
//! free to move. Since no move is counted twice, the tables' values add up to
//! an admissible heuristic far stronger than Manhattan distance.
//!
//! Each board is also looked up reflected in its main diagonal (when the
//! goal's blank is on the diagonal): the reflected board is exactly as far
//! from the goal, so the larger of the two sums is still admissible.

mod build;
mod bytes;
mod format;
mod lookup;
mod rank;
mod share;
mod spread;

pub use bytes::{HeldBytes, TableBytes};
pub use format::{Checksum, PdbError};
pub use lookup::{PatternValue, PdbHeuristic, Prefetching};
pub use share::Shared;
pub use spread::Spread;

use super::board::{Board, Shape};
use crate::control::CancelToken;

/// One pattern: its tiles and its table, indexed by the rank of the tiles'
/// cells (see `rank`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The pattern's tiles, in index order.
    pub tiles: Vec<u8>,
    /// Moves of pattern tiles needed, per placement (empty when `shared`).
    pub table: TableBytes,
    /// Set when this pattern reads an earlier pattern's table through a
    /// symmetry of the board instead of holding its own.
    pub shared: Option<Shared>,
}

/// A set of disjoint pattern tables built for one goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDb {
    shape: Shape,
    goal: Vec<u8>,
    patterns: Vec<Pattern>,
    spread: spread::SpreadCache,
}

/// Cells of the 6-6-3 partition on a 4×4 board whose blank is top-left: the
/// top row, then the left and right halves of the three rows below.
const CELLS_663: [&[u8]; 3] = [&[1, 2, 3], &[4, 5, 8, 9, 12, 13], &[6, 7, 10, 11, 14, 15]];

/// Cells of the 7-8 partition on a 4×4 board whose blank is top-left: the
/// top two rows, then the bottom two.
const CELLS_78: [&[u8]; 2] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]];

/// Cells of Korf & Felner's 6-6-6-6 partition on a 5×5 board whose blank
/// is top-left: an irregular group around the blank, and three 3×2 blocks.
/// Each block is listed in the order its rotation carries onto the first
/// block's, so one table serves all three (see [`Shared`]); the partition
/// reflected in the main diagonal is made of the same two shapes, so the
/// reflected lookup reads the same two tables.
const CELLS_6666: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[21, 20, 16, 15, 11, 10],
    &[19, 24, 18, 23, 17, 22],
];

impl PatternDb {
    /// The board size the 6-6-3 and 7-8 databases are for.
    pub const SHAPE_4X4: Shape = Shape { rows: 4, cols: 4 };
    /// The board size the 6-6-6-6 database is for.
    pub const SHAPE_5X5: Shape = Shape { rows: 5, cols: 5 };

    /// The tiles of the 6-6-3 partition for `goal` (4×4): the partition of
    /// Korf & Felner laid out relative to the goal's blank corner, so that the
    /// small pattern sits on the row of the blank. A goal whose blank is not
    /// in a corner gets the same cells with the blank's cell traded for
    /// the corner.
    pub fn partition_663(goal: &Board) -> Vec<Vec<u8>> {
        Self::partition_4x4(goal, &CELLS_663)
    }

    /// The tiles of the 7-8 partition for `goal` (4×4): the two rows on the
    /// blank's side (7 tiles) and the other two (8 tiles), laid out like
    /// [`partition_663`](Self::partition_663).
    pub fn partition_78(goal: &Board) -> Vec<Vec<u8>> {
        Self::partition_4x4(goal, &CELLS_78)
    }

    /// The tiles of Korf & Felner's 6-6-6-6 partition for `goal` (5×5),
    /// laid out relative to the goal's blank corner like
    /// [`partition_663`](Self::partition_663). With the blank in a corner,
    /// two tables serve the four patterns.
    ///
    /// ```
    /// use huarong_engine::{Board, Shape};
    /// use huarong_engine::tiles::pdb::PatternDb;
    /// let goal = Board::goal(Shape::new(5, 5).unwrap());
    /// let p = PatternDb::partition_6666(&goal);
    /// assert_eq!(p.len(), 4);
    /// assert!(p.iter().all(|tiles| tiles.len() == 6));
    /// ```
    pub fn partition_6666(goal: &Board) -> Vec<Vec<u8>> {
        Self::partition_square(goal, &CELLS_6666)
    }

    /// `cells` (given for the blank top-left) mirrored towards the goal
    /// blank's corner, as the goal's tiles.
    fn partition_4x4(goal: &Board, cells: &[&[u8]]) -> Vec<Vec<u8>> {
        Self::partition_square(goal, cells)
    }

    /// [`partition_4x4`](Self::partition_4x4) on any square board.
    fn partition_square(goal: &Board, cells: &[&[u8]]) -> Vec<Vec<u8>> {
        let side = goal.shape().cols as usize;
        let blank = goal.blank();
        let (br, bc) = (blank / side, blank % side);
        // Mirror the canonical (blank top-left) layout towards the blank's corner.
        let flip_r = br >= side.div_ceil(2);
        let flip_c = bc >= side.div_ceil(2);
        let map = |cell: u8| {
            let (r, c) = (cell as usize / side, cell as usize % side);
            let r = if flip_r { side - 1 - r } else { r };
            let c = if flip_c { side - 1 - c } else { c };
            r * side + c
        };
        let corner = map(0);
        cells
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&c| {
                        let cell = map(c);
                        // The blank's own cell holds no tile: use the corner's tile.
                        if cell == blank { corner } else { cell }
                    })
                    .map(|cell| goal.cells()[cell])
                    .collect()
            })
            .collect()
    }

    /// Build the 6-6-3 database for a 4×4 `goal`; `progress` receives the
    /// fraction done.
    pub fn build_663(goal: &Board, progress: &(dyn Fn(f32) + Sync)) -> Self {
        Self::build(goal, &Self::partition_663(goal), progress)
    }

    /// The tiles of each pattern, in table order.
    pub fn partition(&self) -> Vec<Vec<u8>> {
        self.patterns.iter().map(|p| p.tiles.clone()).collect()
    }

    /// Build a database with any partition of the tiles of `goal` (boards of
    /// up to 25 cells; patterns of up to 8 tiles). On boards of more than 16
    /// cells a pattern that a symmetry of the board carries onto an earlier
    /// one reads that one's table ([`Shared`]) rather than building its own.
    ///
    /// ```
    /// use huarong_engine::{Board, Shape};
    /// use huarong_engine::tiles::pdb::PatternDb;
    /// let goal = Board::goal(Shape::new(3, 3).unwrap());
    /// let db = PatternDb::build(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], &|_| {});
    /// assert_eq!(db.patterns().len(), 2);
    /// ```
    pub fn build(goal: &Board, partition: &[Vec<u8>], progress: &(dyn Fn(f32) + Sync)) -> Self {
        Self::build_cancellable(goal, partition, progress, &CancelToken::new())
            .expect("a fresh token is never cancelled")
    }

    /// [`build`](Self::build), stopping early (with `None`) once `cancel`
    /// is raised; it is checked every few thousand states.
    pub fn build_cancellable(
        goal: &Board,
        partition: &[Vec<u8>],
        progress: &(dyn Fn(f32) + Sync),
        cancel: &CancelToken,
    ) -> Option<Self> {
        let plan = share::plan(goal, partition);
        let own: Vec<Vec<u8>> = partition
            .iter()
            .zip(&plan)
            .filter(|(_, shared)| shared.is_none())
            .map(|(tiles, _)| tiles.clone())
            .collect();
        let mut built = build::build_patterns(goal, &own, progress, cancel)?.into_iter();
        let patterns = partition
            .iter()
            .zip(plan)
            .map(|(tiles, shared)| match shared {
                Some(shared) => Pattern {
                    tiles: tiles.clone(),
                    table: TableBytes::default(),
                    shared: Some(shared),
                },
                None => built.next().expect("one table per own pattern"),
            })
            .collect();
        Some(format::assembled(goal, patterns))
    }

    /// Pattern `i`'s table and, when it reads another pattern's table
    /// through a symmetry, the cell map to read it with.
    pub fn table_of(&self, i: usize) -> (&[u8], Option<&[u8]>) {
        let shared = self.patterns[i].shared.as_ref();
        let table = &self.patterns[self.table_source(i)].table;
        (table, shared.map(|s| &s.cells[..]))
    }

    /// The pattern whose table pattern `i` reads: its own, or the one it
    /// shares through a symmetry.
    pub(super) fn table_source(&self, i: usize) -> usize {
        self.patterns[i].shared.as_ref().map_or(i, |s| s.source)
    }

    /// The goal the database was built for, as a board.
    pub(super) fn goal_board(&self) -> Board {
        Board::new(self.shape, self.goal.clone()).expect("a database's goal is a board")
    }

    /// The value of pattern `i`'s table for its tiles on `cells` (tile by
    /// cell, as a [`Board`]'s cells).
    pub fn pattern_value(&self, i: usize, cells: &[u8]) -> u8 {
        let (table, map) = self.table_of(i);
        let mut pos = vec![0u8; cells.len()];
        for (c, &t) in cells.iter().enumerate() {
            pos[t as usize] = c as u8;
        }
        let at = |t: &u8| {
            let c = pos[*t as usize];
            map.map_or(c, |m| m[c as usize])
        };
        table[rank::rank(cells.len(), self.patterns[i].tiles.iter().map(at))]
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The goal the tables were built for.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The patterns.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// A name like `6-6-3` or `7-8`: the pattern sizes, largest first
    /// except that two patterns read smallest first, as in the literature.
    pub fn name(&self) -> String {
        let mut sizes: Vec<usize> = self.patterns.iter().map(|p| p.tiles.len()).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        if sizes.len() == 2 {
            sizes.reverse();
        }
        let sizes: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        sizes.join("-")
    }

    /// Bytes its tables hold in memory: one byte per entry of each table
    /// held (a pattern that reads another's table through a symmetry
    /// holds none), and of its spread tables once made or attached
    /// ([`spread`](Self::spread)). What a search guided by it has in hand
    /// besides its own memory
    /// ([`Stats::database_bytes`](crate::Stats::database_bytes)).
    ///
    /// ```
    /// use huarong_engine::{Board, Shape, tiles::pdb::PatternDb};
    /// let goal = Board::goal(Shape::new(3, 3).unwrap());
    /// let db = PatternDb::build(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], &|_| {});
    /// // Each pattern of 4 tiles: 9 × 8 × 7 × 6 placements, a byte each.
    /// assert_eq!(db.table_bytes(), 2 * 9 * 8 * 7 * 6);
    /// ```
    pub fn table_bytes(&self) -> u64 {
        self.patterns
            .iter()
            .map(|p| p.table.len() as u64)
            .sum::<u64>()
            + self.spread.held_bytes()
    }

    /// The tables spread out for [`Spread`], one per pattern (empty for a
    /// pattern that shares another's table): those attached
    /// ([`attach_spread`](Self::attach_spread)), else for a board of up to
    /// 16 cells made in memory on the second call and kept (8.4 MB for
    /// each 6-tile table of the 4×4), else `None`. Searches ask; displays
    /// do not.
    pub fn spread(&self) -> Option<std::sync::Arc<Vec<TableBytes>>> {
        self.spread.get_or_spread(self)
    }

    /// The tables spread out (`None` if some table would exceed
    /// 250 million entries spread, as the 7-8's would, or `cancel` was
    /// raised part way),
    /// for a front end to keep in a file
    /// ([`write_spread_to`](Self::write_spread_to)) and attach.
    pub fn spread_tables(&self, cancel: &CancelToken) -> Option<Vec<Vec<u8>>> {
        spread::spread_all(self, cancel)
    }

    /// The exact length of a file of this database's spread tables, or
    /// `None` if they cannot be spread.
    pub fn spread_encoded_len(&self) -> Option<usize> {
        Self::spread_encoded_len_for(&self.goal_board(), &self.partition())
    }

    /// [`spread_encoded_len`](Self::spread_encoded_len) of the database
    /// for `goal` with `partition`, from their sizes alone.
    pub fn spread_encoded_len_for(goal: &Board, partition: &[Vec<u8>]) -> Option<usize> {
        let sizes = partition.iter().map(Vec::len);
        spread::spreads(goal.cells().len(), sizes)
            .then(|| format::encoded_len(format::Layout::Spread, goal, partition))
    }

    /// Write `tables` (this database's [`spread_tables`](Self::spread_tables))
    /// as a spread file: a header naming this database, a checksum, the
    /// tables.
    pub fn write_spread_to(
        &self,
        tables: &[Vec<u8>],
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        format::write_spread_to(self, tables, out)
    }

    /// Search on `tables` (this database's
    /// [`spread_tables`](Self::spread_tables)) from now on.
    pub fn attach_spread(&self, tables: Vec<Vec<u8>>) {
        self.spread
            .attach(tables.into_iter().map(TableBytes::from).collect());
    }

    /// Search on the spread tables in `bytes` (a spread file of this
    /// database, held elsewhere: a mapped file) from now on, once they
    /// are checked as [`from_held`](Self::from_held) checks a database.
    pub fn attach_spread_held(&self, bytes: HeldBytes, checksum: Checksum) -> Result<(), PdbError> {
        let tables = format::spread_from_held(bytes, self, checksum)?;
        self.spread.attach(tables);
        Ok(())
    }

    /// Whether the reflected lookup applies (square board, blank's goal on
    /// the main diagonal).
    pub fn reflects(&self) -> bool {
        let blank = self.goal.iter().position(|&t| t == 0).unwrap_or(0);
        let cols = self.shape.cols as usize;
        self.shape.rows == self.shape.cols && blank / cols == blank % cols
    }

    /// Serialize with a versioned header and a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::to_bytes(self)
    }

    /// Write the bytes of [`to_bytes`](Self::to_bytes) to `out`, table by
    /// table from memory, without building them in a second buffer.
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        format::write_to(self, out)
    }

    /// The exact length of [`to_bytes`](Self::to_bytes) for a database of
    /// `goal` with `partition`: a reader checks a file against it before
    /// reading, so a padded file is not read whole to be refused.
    pub fn encoded_len(goal: &Board, partition: &[Vec<u8>]) -> usize {
        format::encoded_len(format::Layout::Ranked, goal, partition)
    }

    /// Read bytes written by [`to_bytes`](Self::to_bytes), checking that they
    /// are intact and were built for `goal` with `partition`.
    pub fn from_bytes(bytes: &[u8], goal: &Board, partition: &[Vec<u8>]) -> Result<Self, PdbError> {
        format::from_vec(bytes.to_vec(), goal, partition)
    }

    /// [`from_bytes`](Self::from_bytes), taking the buffer: the last table
    /// (the 8-tile one of 7-8) reuses it, so a file read whole is not held
    /// twice.
    pub fn from_vec(bytes: Vec<u8>, goal: &Board, partition: &[Vec<u8>]) -> Result<Self, PdbError> {
        format::from_vec(bytes, goal, partition)
    }

    /// A database whose tables are windows on `bytes` (what
    /// [`to_bytes`](Self::to_bytes) wrote, held elsewhere: a mapped file,
    /// say), nothing copied. The header is always checked; the checksum
    /// over the tables as `checksum` says (whoever holds the bytes may
    /// have checked them before).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use huarong_engine::tiles::pdb::{Checksum, PatternDb};
    /// use huarong_engine::tiles::{Board, Shape};
    ///
    /// let goal = Board::goal(Shape::new(2, 3).unwrap());
    /// let partition = vec![vec![1, 2], vec![3, 4, 5]];
    /// let db = PatternDb::build(&goal, &partition, &|_| {});
    /// let mut bytes = db.to_bytes();
    /// let held = PatternDb::from_held(Arc::new(bytes.clone()), &goal, &partition, Checksum::Verify);
    /// assert_eq!(held.unwrap(), db);
    /// let last = bytes.len() - 1;
    /// bytes[last] ^= 1;
    /// let damaged: Arc<Vec<u8>> = Arc::new(bytes);
    /// assert!(PatternDb::from_held(damaged.clone(), &goal, &partition, Checksum::Verify).is_err());
    /// // Trusted, the damage goes unseen: the holder vouches for the bytes.
    /// assert!(PatternDb::from_held(damaged, &goal, &partition, Checksum::Trusted).is_ok());
    /// ```
    pub fn from_held(
        bytes: HeldBytes,
        goal: &Board,
        partition: &[Vec<u8>],
        checksum: Checksum,
    ) -> Result<Self, PdbError> {
        format::from_held(bytes, goal, partition, checksum)
    }

    /// Whether any table is a window on bytes held elsewhere
    /// ([`from_held`](Self::from_held)).
    pub fn is_held(&self) -> bool {
        self.patterns.iter().any(|p| p.table.is_held())
    }
}
