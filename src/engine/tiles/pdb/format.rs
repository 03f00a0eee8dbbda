//! The byte format of a pattern database: a versioned header naming the
//! board, goal and partition, a checksum, then the tables. Anything that does
//! not match exactly is refused, so a stale or damaged cache is rebuilt and
//! never trusted.

use std::fmt;

use super::rank::placements;
use super::{HeldBytes, Pattern, PatternDb, TableBytes, share};
use crate::tiles::{Board, Shape};

const MAGIC: &[u8; 12] = b"HUARONG-PDB\n";
/// The magic of a file of spread tables (see `spread`): the same header
/// after it names the database they were spread from. `SP4`: entries in
/// four bits (the earlier `SPR`, a byte each, is refused and made anew).
const SPREAD_MAGIC: &[u8; 12] = b"HUARONG-SP4\n";

/// How a file's tables are indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
    /// By the rank of the tiles' cells: the database itself.
    Ranked,
    /// Spread out (see `spread`), derived from a ranked database.
    Spread,
}

impl Layout {
    fn magic(self) -> &'static [u8; 12] {
        match self {
            Layout::Ranked => MAGIC,
            Layout::Spread => SPREAD_MAGIC,
        }
    }

    /// A table's length for `k` tiles on `n` cells.
    fn table_len(self, n: usize, k: usize) -> usize {
        match self {
            Layout::Ranked => placements(n, k),
            Layout::Spread => super::spread::packed_len(super::spread::spread_len(n, k)),
        }
    }
}
/// Bump when the table layout or the builder's meaning changes.
const VERSION: u32 = 1;

/// Why bytes are not a usable pattern database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdbError {
    /// Not a Huarong pattern database at all.
    NotADatabase,
    /// Written by another format version.
    Version(u32),
    /// Built for another board, goal or partition.
    OtherGoal,
    /// Shorter or longer than its header says.
    Truncated,
    /// The checksum does not match: the tables are damaged.
    Checksum,
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::NotADatabase => write!(f, "not a Huarong pattern database"),
            PdbError::Version(v) => write!(f, "format version {v}, expected {VERSION}"),
            PdbError::OtherGoal => write!(f, "built for another goal or partition"),
            PdbError::Truncated => write!(f, "truncated or padded"),
            PdbError::Checksum => write!(f, "checksum mismatch (damaged)"),
        }
    }
}

impl std::error::Error for PdbError {}

/// Whether reading a database computes the checksum over its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checksum {
    /// Compute it and refuse the bytes if it does not match.
    Verify,
    /// Skip it: the bytes were checked before, by whoever holds them (the
    /// header is checked all the same).
    Trusted,
}

/// A fast 64-bit checksum over 8-byte words, fed in pieces of any length
/// (the tables one after another) with the same result as over their
/// concatenation.
struct Digest {
    h: u64,
    /// Bytes of a word not yet complete (a piece may end mid-word).
    pending: [u8; 8],
    pending_len: usize,
}

impl Digest {
    /// A checksum over `total_len` bytes still to be fed.
    fn new(total_len: usize) -> Self {
        Digest {
            h: 0x243F_6A88_85A3_08D3u64 ^ total_len as u64,
            pending: [0; 8],
            pending_len: 0,
        }
    }

    fn mix(&mut self, w: u64) {
        self.h = (self.h ^ w)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
    }

    fn update(&mut self, mut bytes: &[u8]) {
        if self.pending_len > 0 {
            let take = (8 - self.pending_len).min(bytes.len());
            self.pending[self.pending_len..self.pending_len + take].copy_from_slice(&bytes[..take]);
            self.pending_len += take;
            bytes = &bytes[take..];
            if self.pending_len < 8 {
                return;
            }
            self.mix(u64::from_le_bytes(self.pending));
            self.pending_len = 0;
        }
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.mix(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    /// The sum; a last partial word is mixed in byte by byte.
    fn finish(mut self) -> u64 {
        for i in 0..self.pending_len {
            self.mix(self.pending[i] as u64);
        }
        self.h
    }
}

fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Digest::new(bytes.len());
    sum.update(bytes);
    sum.finish()
}

fn header(layout: Layout, shape: Shape, goal: &[u8], partition: &[Vec<u8>]) -> Vec<u8> {
    let mut h = layout.magic().to_vec();
    h.extend_from_slice(&VERSION.to_le_bytes());
    h.push(shape.rows);
    h.push(shape.cols);
    h.extend_from_slice(goal);
    h.push(partition.len() as u8);
    for p in partition {
        h.push(p.len() as u8);
        h.extend_from_slice(p);
    }
    h
}

/// Write `db` in the file format to `out`: the header and checksum, then
/// each table straight from memory, so a large database is never copied
/// into a second buffer. Does no I/O of its own beyond `out`'s writes.
pub(super) fn write_to(db: &PatternDb, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let partition = db.partition();
    let body_len = db.patterns.iter().map(|p| p.table.len()).sum();
    let mut sum = Digest::new(body_len);
    for p in &db.patterns {
        sum.update(&p.table);
    }
    out.write_all(&header(Layout::Ranked, db.shape, &db.goal, &partition))?;
    out.write_all(&sum.finish().to_le_bytes())?;
    for p in &db.patterns {
        out.write_all(&p.table)?;
    }
    Ok(())
}

/// Write `tables`, `db`'s tables spread (see `spread`), in the format of a
/// spread file to `out`.
pub(super) fn write_spread_to(
    db: &PatternDb,
    tables: &[Vec<u8>],
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let partition = db.partition();
    let mut sum = Digest::new(tables.iter().map(Vec::len).sum());
    for t in tables {
        sum.update(t);
    }
    out.write_all(&header(Layout::Spread, db.shape, &db.goal, &partition))?;
    out.write_all(&sum.finish().to_le_bytes())?;
    for t in tables {
        out.write_all(t)?;
    }
    Ok(())
}

/// The spread tables of `db` in `bytes` (a spread file, held elsewhere),
/// checked as a database file is; one per pattern, empty for a pattern
/// that shares another's.
pub(super) fn spread_from_held(
    bytes: HeldBytes,
    db: &PatternDb,
    checksum: Checksum,
) -> Result<Vec<TableBytes>, PdbError> {
    let sizes = check(
        Layout::Spread,
        (*bytes).as_ref(),
        &db.goal_board(),
        &db.partition(),
        checksum,
    )?;
    Ok(windows(&bytes, &sizes))
}

/// The tables of `sizes` at the end of `bytes` (checked against them), one
/// after another; a table of size 0 (a pattern that shares another's)
/// holds nothing.
fn windows(bytes: &HeldBytes, sizes: &[usize]) -> Vec<TableBytes> {
    let mut at = (**bytes).as_ref().len() - sizes.iter().sum::<usize>();
    sizes
        .iter()
        .map(|&size| {
            let table = match size {
                0 => TableBytes::default(),
                _ => TableBytes::held(bytes.clone(), at..at + size)
                    .expect("the sizes were checked against the length"),
            };
            at += size;
            table
        })
        .collect()
}

pub(super) fn to_bytes(db: &PatternDb) -> Vec<u8> {
    let mut out = Vec::new();
    write_to(db, &mut out).expect("writing to a Vec cannot fail");
    out
}

/// Each pattern's table length in the file: 0 for a pattern that reads
/// another's table ([`share::plan`]).
fn table_sizes(layout: Layout, goal: &Board, partition: &[Vec<u8>]) -> Vec<usize> {
    let n = goal.cells().len();
    partition
        .iter()
        .zip(share::plan(goal, partition))
        .map(|(p, shared)| match shared {
            Some(_) => 0,
            None => layout.table_len(n, p.len()),
        })
        .collect()
}

/// The exact length of the file for `goal` and `partition` in `layout`.
pub(super) fn encoded_len(layout: Layout, goal: &Board, partition: &[Vec<u8>]) -> usize {
    header(layout, goal.shape(), goal.cells(), partition).len()
        + 8
        + table_sizes(layout, goal, partition).iter().sum::<usize>()
}

pub(super) fn from_vec(
    bytes: Vec<u8>,
    goal: &Board,
    partition: &[Vec<u8>],
) -> Result<PatternDb, PdbError> {
    let sizes = check(Layout::Ranked, &bytes, goal, partition, Checksum::Verify)?;
    let plan = share::plan(goal, partition);
    let Some(last) = sizes.iter().rposition(|&size| size > 0) else {
        let patterns = partition
            .iter()
            .zip(plan)
            .map(|(tiles, shared)| Pattern {
                tiles: tiles.clone(),
                table: TableBytes::default(),
                shared,
            })
            .collect();
        return Ok(assembled(goal, patterns));
    };
    // The last table held in the file reuses the file's buffer (moved to
    // its front), so a large database is not held twice while it loads.
    let header = bytes.len() - sizes.iter().sum::<usize>();
    let mut starts = Vec::with_capacity(sizes.len());
    let mut at = header;
    for &size in &sizes {
        starts.push(at);
        at += size;
    }
    let mut tables: Vec<Vec<u8>> = starts
        .iter()
        .zip(&sizes)
        .enumerate()
        .map(|(i, (&s, &size))| {
            if i == last {
                Vec::new()
            } else {
                bytes[s..s + size].to_vec()
            }
        })
        .collect();
    let mut kept = bytes;
    kept.truncate(starts[last] + sizes[last]);
    kept.drain(..starts[last]);
    kept.shrink_to_fit();
    tables[last] = kept;
    let patterns = partition
        .iter()
        .zip(tables)
        .zip(plan)
        .map(|((tiles, table), shared)| Pattern {
            tiles: tiles.clone(),
            table: table.into(),
            shared,
        })
        .collect();
    Ok(assembled(goal, patterns))
}

/// The database of `patterns` for `goal`.
pub(super) fn assembled(goal: &Board, patterns: Vec<Pattern>) -> PatternDb {
    PatternDb {
        shape: goal.shape(),
        goal: goal.cells().to_vec(),
        patterns,
        spread: Default::default(),
    }
}

/// A database whose tables are windows on `bytes`: see
/// [`PatternDb::from_held`].
pub(super) fn from_held(
    bytes: HeldBytes,
    goal: &Board,
    partition: &[Vec<u8>],
    checksum: Checksum,
) -> Result<PatternDb, PdbError> {
    let sizes = check(Layout::Ranked, (*bytes).as_ref(), goal, partition, checksum)?;
    let patterns = partition
        .iter()
        .zip(windows(&bytes, &sizes))
        .zip(share::plan(goal, partition))
        .map(|((tiles, table), shared)| Pattern {
            tiles: tiles.clone(),
            table,
            shared,
        })
        .collect();
    Ok(assembled(goal, patterns))
}

/// Check `bytes` for `goal` and `partition` (the checksum as `checksum`
/// says); returns the table sizes.
fn check(
    layout: Layout,
    bytes: &[u8],
    goal: &Board,
    partition: &[Vec<u8>],
    checksum: Checksum,
) -> Result<Vec<usize>, PdbError> {
    let magic = layout.magic();
    if bytes.len() < magic.len() + 4 || &bytes[..magic.len()] != magic {
        return Err(PdbError::NotADatabase);
    }
    let version = u32::from_le_bytes(
        bytes[MAGIC.len()..MAGIC.len() + 4]
            .try_into()
            .expect("4 bytes"),
    );
    if version != VERSION {
        return Err(PdbError::Version(version));
    }
    let expected = header(layout, goal.shape(), goal.cells(), partition);
    if bytes.len() < expected.len() + 8 {
        return Err(PdbError::Truncated);
    }
    if bytes[..expected.len()] != expected[..] {
        return Err(PdbError::OtherGoal);
    }
    let sizes = table_sizes(layout, goal, partition);
    let body = &bytes[expected.len() + 8..];
    if body.len() != sizes.iter().sum::<usize>() {
        return Err(PdbError::Truncated);
    }
    let stored = u64::from_le_bytes(
        bytes[expected.len()..expected.len() + 8]
            .try_into()
            .expect("8 bytes"),
    );
    if checksum == Checksum::Verify && self::checksum(body) != stored {
        return Err(PdbError::Checksum);
    }
    Ok(sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checksum fed in pieces equals the checksum over the whole, for
    /// cuts that fall inside words and on word boundaries.
    #[test]
    fn checksum_in_pieces_matches_the_whole() {
        let bytes: Vec<u8> = (0..61u32).map(|i| (i * 37 + 11) as u8).collect();
        let whole = checksum(&bytes);
        for first in 0..bytes.len() {
            for second in first..bytes.len() {
                let mut sum = Digest::new(bytes.len());
                sum.update(&bytes[..first]);
                sum.update(&bytes[first..second]);
                sum.update(&bytes[second..]);
                assert_eq!(sum.finish(), whole, "cuts at {first} and {second}");
            }
        }
        // A different byte changes it (the test above can fail).
        let mut other = bytes.clone();
        other[60] ^= 1;
        assert_ne!(checksum(&other), whole);
    }

    /// The streamed bytes are the format as it always was: the header, the
    /// checksum over all tables taken as one piece, then the tables. The
    /// first table here (30 bytes) ends mid-word.
    #[test]
    fn to_bytes_is_header_checksum_then_tables() {
        let goal = Board::goal(Shape::new(2, 3).unwrap());
        let partition = vec![vec![1, 2], vec![3, 4, 5]];
        let db = PatternDb::build(&goal, &partition, &|_| {});
        let tables: Vec<u8> = db.patterns.iter().flat_map(|p| p.table.to_vec()).collect();
        assert_eq!(db.patterns[0].table.len(), 30);
        let mut expected = MAGIC.to_vec();
        expected.extend_from_slice(&VERSION.to_le_bytes());
        expected.extend_from_slice(&[2, 3]);
        expected.extend_from_slice(goal.cells());
        expected.extend_from_slice(&[2, 2, 1, 2, 3, 3, 4, 5]);
        expected.extend_from_slice(&checksum(&tables).to_le_bytes());
        expected.extend_from_slice(&tables);
        assert_eq!(db.to_bytes(), expected);
    }
}
