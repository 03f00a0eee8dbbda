//! The byte format of a pattern database: a versioned header naming the
//! board, goal and partition, a checksum, then the tables. Anything that does
//! not match exactly is refused, so a stale or damaged cache is rebuilt and
//! never trusted.

use std::fmt;

use super::rank::placements;
use super::{Pattern, PatternDb};
use crate::tiles::{Board, Shape};

const MAGIC: &[u8; 12] = b"HUARONG-PDB\n";
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

/// A fast 64-bit checksum over 8-byte words.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
    }
    for &b in chunks.remainder() {
        h = (h ^ b as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
    }
    h
}

fn header(shape: Shape, goal: &[u8], partition: &[Vec<u8>]) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
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

pub(super) fn to_bytes(db: &PatternDb) -> Vec<u8> {
    let partition: Vec<Vec<u8>> = db.patterns.iter().map(|p| p.tiles.clone()).collect();
    let mut out = header(db.shape, &db.goal, &partition);
    let sum_at = out.len();
    out.extend_from_slice(&[0; 8]);
    for p in &db.patterns {
        out.extend_from_slice(&p.table);
    }
    let sum = checksum(&out[sum_at + 8..]);
    out[sum_at..sum_at + 8].copy_from_slice(&sum.to_le_bytes());
    out
}

pub(super) fn from_vec(
    bytes: Vec<u8>,
    goal: &Board,
    partition: &[Vec<u8>],
) -> Result<PatternDb, PdbError> {
    let sizes = check(&bytes, goal, partition)?;
    if sizes.is_empty() {
        return Ok(PatternDb {
            shape: goal.shape(),
            goal: goal.cells().to_vec(),
            patterns: Vec::new(),
        });
    }
    // The last table reuses the file's buffer (moved to its front), so a
    // large database is not held twice while it loads.
    let header = bytes.len() - sizes.iter().sum::<usize>();
    let mut starts = Vec::with_capacity(sizes.len());
    let mut at = header;
    for &size in &sizes {
        starts.push(at);
        at += size;
    }
    let mut tables: Vec<Vec<u8>> = starts[..sizes.len() - 1]
        .iter()
        .zip(&sizes)
        .map(|(&s, &size)| bytes[s..s + size].to_vec())
        .collect();
    let mut last = bytes;
    last.drain(..starts[sizes.len() - 1]);
    last.shrink_to_fit();
    tables.push(last);
    let patterns = partition
        .iter()
        .zip(tables)
        .map(|(tiles, table)| Pattern {
            tiles: tiles.clone(),
            table,
        })
        .collect();
    Ok(PatternDb {
        shape: goal.shape(),
        goal: goal.cells().to_vec(),
        patterns,
    })
}

/// Check `bytes` for `goal` and `partition`; returns the table sizes.
fn check(bytes: &[u8], goal: &Board, partition: &[Vec<u8>]) -> Result<Vec<usize>, PdbError> {
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
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
    let expected = header(goal.shape(), goal.cells(), partition);
    if bytes.len() < expected.len() + 8 {
        return Err(PdbError::Truncated);
    }
    if bytes[..expected.len()] != expected[..] {
        return Err(PdbError::OtherGoal);
    }
    let n = goal.cells().len();
    let sizes: Vec<usize> = partition.iter().map(|p| placements(n, p.len())).collect();
    let body = &bytes[expected.len() + 8..];
    if body.len() != sizes.iter().sum::<usize>() {
        return Err(PdbError::Truncated);
    }
    let stored = u64::from_le_bytes(
        bytes[expected.len()..expected.len() + 8]
            .try_into()
            .expect("8 bytes"),
    );
    if checksum(body) != stored {
        return Err(PdbError::Checksum);
    }
    Ok(sizes)
}
