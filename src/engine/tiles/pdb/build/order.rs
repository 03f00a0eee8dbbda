//! The search's order of placements (n ≤ 25 cells, k ≤ 8 tiles).
//!
//! A placement is split into its *cell set* (which cells hold the tiles)
//! and its *arrangement* (which tile is on each of those cells, read in cell
//! order). The search's index is `set × k! + arrangement`, with the set
//! ranked in colex order and the arrangement by the Lehmer code of its tiles'
//! *positions* in that list, tile 0's digit first: digit j counts the later
//! tiles on lower cells. Lookups use another order (`pdb::rank`), cheaper to
//! compute per board; `convert` maps one to the other once.
//!
//! Ranking positions by tile (rather than tiles by position) is what keeps
//! both the search and the conversion local. A vertical move shifts a few
//! neighbouring list positions, which flips the order of the moved tile
//! against only the few tiles it jumps: a source word's bits land in a
//! handful of (word, shift) groups (see `space::Perm`). And the placements
//! that agree on the cells of tiles 0..j share their first j digits in each
//! cell set, so the conversion, walking the lookup order tile by tile,
//! reads each set's entries in blocks of (k − j)! (see `convert`).

/// Most cells a board may have: 5×5 (cell sets are `u32` masks).
pub(super) const MAX_CELLS: usize = 25;
/// Most tiles a pattern may have (8! arrangements fit a `u16`).
pub(super) const MAX_TILES: usize = 8;

/// Factorials up to 8!.
pub(super) const FACTORIAL: [usize; MAX_TILES + 1] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// `BINOMIAL[n][k]` = C(n, k) for n ≤ 25 (C(25, 12) fits a `u32`).
pub(super) const BINOMIAL: [[u32; MAX_CELLS + 1]; MAX_CELLS + 1] = {
    let mut b = [[0u32; MAX_CELLS + 1]; MAX_CELLS + 1];
    let mut n = 0;
    while n <= MAX_CELLS {
        b[n][0] = 1;
        let mut k = 1;
        while k <= n {
            b[n][k] = b[n - 1][k - 1] + b[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    b
};

/// Colex rank of a cell set: Σ C(cᵢ, i + 1) over its cells in increasing
/// order.
#[inline]
pub(super) fn set_index(set: u32) -> usize {
    let mut r = 0;
    let mut s = set;
    let mut i = 1;
    while s != 0 {
        r += BINOMIAL[s.trailing_zeros() as usize][i] as usize;
        s &= s - 1;
        i += 1;
    }
    r
}

/// Search index of the placement whose tile `j` is on `cells[j]`.
///
/// For tile j on cell c at position q of the sorted cells, the set's rank
/// gains C(c, q + 1) and the arrangement's Lehmer digit j is the number of
/// later tiles on lower cells, worth (k − 1 − j)!.
#[inline(always)]
pub(super) fn index(cells: &[u8]) -> usize {
    let k = cells.len();
    let set = cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let (mut set_rank, mut arrangement) = (0usize, 0usize);
    let mut before = 0u32;
    for (j, &c) in cells.iter().enumerate() {
        let below = (1u32 << c) - 1;
        let q = (set & below).count_ones() as usize;
        let later_lower = q - (before & below).count_ones() as usize;
        set_rank += BINOMIAL[c as usize][q + 1] as usize;
        arrangement += later_lower * FACTORIAL[k - 1 - j];
        before |= 1 << c;
    }
    set_rank * FACTORIAL[k] + arrangement
}

/// Rank of an arrangement given as `list`, the tile on each position (a
/// permutation of 0..len): the Lehmer code of the positions by tile.
pub(super) fn arrangement_rank(list: &[u8]) -> usize {
    let k = list.len();
    let mut position = [0u8; MAX_TILES];
    for (q, &t) in list.iter().enumerate() {
        position[t as usize] = q as u8;
    }
    let mut r = 0;
    for j in 0..k {
        let later_lower = position[j + 1..k]
            .iter()
            .filter(|&&p| p < position[j])
            .count();
        r += later_lower * FACTORIAL[k - 1 - j];
    }
    r
}

/// The arrangement of rank `r`, as the tile on each position (inverse of
/// [`arrangement_rank`]).
pub(super) fn arrangement_unrank(k: usize, mut r: usize) -> [u8; MAX_TILES] {
    let mut left: Vec<u8> = (0..k as u8).collect();
    let mut list = [0u8; MAX_TILES];
    for j in 0..k {
        let f = FACTORIAL[k - 1 - j];
        list[left.remove(r / f) as usize] = j as u8;
        r %= f;
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::pdb::rank::placements;

    /// Every placement of k tiles on n cells, in no particular order.
    fn all_placements(n: usize, k: usize) -> Vec<Vec<u8>> {
        let mut out = vec![vec![]];
        for _ in 0..k {
            out = out
                .into_iter()
                .flat_map(|p: Vec<u8>| {
                    (0..n as u8)
                        .filter(|c| !p.contains(c))
                        .map(|c| {
                            let mut q = p.clone();
                            q.push(c);
                            q
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        out
    }

    #[test]
    fn index_is_a_bijection_onto_the_placement_count() {
        for (n, k) in [(6, 3), (9, 1), (9, 4), (16, 2), (25, 3)] {
            let total = placements(n, k);
            let mut seen = vec![false; total];
            for p in all_placements(n, k) {
                let i = index(&p);
                assert!(i < total, "{p:?} -> {i}");
                assert!(!std::mem::replace(&mut seen[i], true), "{p:?} twice");
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn index_is_set_rank_times_k_factorial_plus_arrangement_rank() {
        let cells = [9u8, 2, 14, 5];
        let mut by_cell: Vec<(u8, u8)> = cells
            .iter()
            .enumerate()
            .map(|(j, &c)| (c, j as u8))
            .collect();
        by_cell.sort_unstable();
        let list: Vec<u8> = by_cell.iter().map(|&(_, j)| j).collect();
        let set = cells.iter().fold(0u32, |m, &c| m | 1 << c);
        assert_eq!(index(&cells), set_index(set) * 24 + arrangement_rank(&list));
    }

    #[test]
    fn an_arrangement_ranks_its_tiles_positions() {
        // Tiles 2, 0, 1 in cell order: tile 0 is at position 1, tile 1 at
        // 2, tile 2 at 0. Digits: tile 0 has one later tile lower (tile 2),
        // tile 1 one (tile 2), tile 2 none: 1·2! + 1·1! + 0 = 3.
        assert_eq!(arrangement_rank(&[2, 0, 1]), 3);
        assert_eq!(arrangement_unrank(3, 3)[..3], [2, 0, 1]);
        // Lexicographic in the positions: tile 0 lowest first, ...
        assert_eq!(arrangement_rank(&[0, 1, 2, 3]), 0);
        assert_eq!(arrangement_rank(&[3, 2, 1, 0]), 23);
        assert_eq!(arrangement_rank(&[1, 0, 2, 3]), 6);
    }

    #[test]
    fn arrangement_ranks_are_a_bijection() {
        for k in 1..=5 {
            let mut seen = vec![false; FACTORIAL[k]];
            for (r, seen) in seen.iter_mut().enumerate() {
                let list = arrangement_unrank(k, r);
                assert_eq!(arrangement_rank(&list[..k]), r);
                assert!(!std::mem::replace(seen, true));
            }
        }
    }
}
