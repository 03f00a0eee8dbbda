//! The pattern database as an incremental heuristic.

use super::PatternDb;
use super::rank::rank;
use crate::engine::tiles::heuristic::{Slide, TileHeuristic, View};

/// Most patterns a database may have.
const MAX_PATTERNS: usize = 4;
/// Most tiles a pattern may have.
const MAX_TILES: usize = 8;

/// Tiles whose cells index one table, and the table.
struct Lookup<'a> {
    sources: [u8; MAX_TILES],
    k: usize,
    table: &'a [u8],
}

/// Pattern database heuristic: the sum of the pattern tables, and with
/// reflection the larger of the direct and the reflected sums.
///
/// When a tile moves, only the table of its own pattern changes (and in the
/// reflected lookup, the table of its mirror tile's pattern), so an update
/// costs two ranks and two table reads.
pub struct PdbHeuristic<'a> {
    cells: usize,
    direct: Vec<Lookup<'a>>,
    reflected: Vec<Lookup<'a>>,
    /// `pattern_of[tile]`: index of the direct lookup the tile feeds.
    pattern_of: Vec<u8>,
    /// `mirror_pattern_of[tile]`: index of the reflected lookup the tile feeds.
    mirror_pattern_of: Vec<u8>,
    /// Cell reflected in the main diagonal.
    transpose: Vec<u8>,
}

/// Incremental state: each lookup's current value.
#[derive(Clone, Copy)]
pub struct PdbAcc {
    direct: [u8; MAX_PATTERNS],
    reflected: [u8; MAX_PATTERNS],
}

impl<'a> PdbHeuristic<'a> {
    /// Prepare lookups for `db`.
    pub fn new(db: &'a PatternDb) -> Self {
        let n = db.goal.len();
        assert!(db.patterns.len() <= MAX_PATTERNS);
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
        let mut pattern_of = vec![u8::MAX; n];
        let mut mirror_pattern_of = vec![u8::MAX; n];
        let mut direct = Vec::new();
        let mut reflected = Vec::new();
        for (i, p) in db.patterns.iter().enumerate() {
            assert!(p.tiles.len() <= MAX_TILES);
            let mut d = [0u8; MAX_TILES];
            let mut r = [0u8; MAX_TILES];
            for (j, &t) in p.tiles.iter().enumerate() {
                d[j] = t;
                r[j] = mirror(t);
                pattern_of[t as usize] = i as u8;
                mirror_pattern_of[mirror(t) as usize] = i as u8;
            }
            direct.push(Lookup {
                sources: d,
                k: p.tiles.len(),
                table: &p.table,
            });
            reflected.push(Lookup {
                sources: r,
                k: p.tiles.len(),
                table: &p.table,
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
            transpose,
        }
    }

    #[inline(always)]
    fn direct_value(&self, i: usize, pos: &[u8]) -> u8 {
        let l = &self.direct[i];
        l.table[rank(
            self.cells,
            l.sources[..l.k].iter().map(|&t| pos[t as usize]),
        )]
    }

    #[inline(always)]
    fn reflected_value(&self, i: usize, pos: &[u8]) -> u8 {
        let l = &self.reflected[i];
        let cells = l.sources[..l.k]
            .iter()
            .map(|&t| self.transpose[pos[t as usize] as usize]);
        l.table[rank(self.cells, cells)]
    }
}

impl TileHeuristic for PdbHeuristic<'_> {
    type Acc = PdbAcc;

    fn start(&self, cells: &[u8]) -> PdbAcc {
        let mut pos = vec![0u8; cells.len()];
        for (c, &t) in cells.iter().enumerate() {
            pos[t as usize] = c as u8;
        }
        let mut acc = PdbAcc {
            direct: [0; MAX_PATTERNS],
            reflected: [0; MAX_PATTERNS],
        };
        for i in 0..self.direct.len() {
            acc.direct[i] = self.direct_value(i, &pos);
        }
        for i in 0..self.reflected.len() {
            acc.reflected[i] = self.reflected_value(i, &pos);
        }
        acc
    }

    #[inline(always)]
    fn value(&self, acc: &PdbAcc) -> u32 {
        let sum = |v: &[u8; MAX_PATTERNS]| v.iter().map(|&x| x as u32).sum::<u32>();
        sum(&acc.direct).max(sum(&acc.reflected))
    }

    #[inline(always)]
    fn update_bounded(&self, acc: &mut PdbAcc, board: View<'_>, s: Slide, limit: u32) -> u32 {
        let (pos, tile) = (board.pos, s.tile);
        let i = self.pattern_of[tile as usize] as usize;
        if i < self.direct.len() {
            acc.direct[i] = self.direct_value(i, pos);
        }
        let direct: u32 = acc.direct.iter().map(|&x| x as u32).sum();
        if direct >= limit {
            // Pruned on the direct sum alone: the reflected lookup is skipped.
            return direct;
        }
        let j = self.mirror_pattern_of[tile as usize] as usize;
        if j < self.reflected.len() {
            acc.reflected[j] = self.reflected_value(j, pos);
        }
        direct.max(acc.reflected.iter().map(|&x| x as u32).sum())
    }

    #[inline(always)]
    fn update(&self, acc: &mut PdbAcc, board: View<'_>, s: Slide) {
        let (pos, tile) = (board.pos, s.tile);
        // Tiles in no pattern (a partial partition) change nothing.
        let i = self.pattern_of[tile as usize] as usize;
        if i < self.direct.len() {
            acc.direct[i] = self.direct_value(i, pos);
        }
        let j = self.mirror_pattern_of[tile as usize] as usize;
        if j < self.reflected.len() {
            acc.reflected[j] = self.reflected_value(j, pos);
        }
    }
}
