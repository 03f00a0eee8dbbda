//! The search's order of placements (n ≤ 25 cells, k ≤ 8 tiles).
//!
//! A placement is split into its *cell set* (which cells hold the tiles)
//! and its *arrangement* (which tile is on each of those cells, read in cell
//! order). The search's index is `set × k! + arrangement`, with the set
//! ranked in colex order and the arrangement by its Lehmer code. Lookups use
//! another order (`pdb::rank`), cheaper to compute per board; `convert`
//! maps one to the other once.

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
/// gains C(c, q + 1) and the arrangement's Lehmer digit at q is the number
/// of earlier tiles on later cells, worth (k − 1 − q)!.
#[inline(always)]
pub(super) fn index(cells: &[u8]) -> usize {
    let k = cells.len();
    let set = cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let (mut set_rank, mut arrangement) = (0usize, 0usize);
    let mut before = 0u32;
    for &c in cells {
        let below = (1u32 << c) - 1;
        let q = (set & below).count_ones() as usize;
        let later_earlier = (before & !below & !(1 << c)).count_ones() as usize;
        set_rank += BINOMIAL[c as usize][q + 1] as usize;
        arrangement += later_earlier * FACTORIAL[k - 1 - q];
        before |= 1 << c;
    }
    set_rank * FACTORIAL[k] + arrangement
}

/// Lexicographic rank of a permutation of 0..len (its Lehmer code).
pub(super) fn arrangement_rank(list: &[u8]) -> usize {
    let k = list.len();
    let mut r = 0;
    for i in 0..k {
        let smaller_after = list[i + 1..].iter().filter(|&&t| t < list[i]).count();
        r += smaller_after * FACTORIAL[k - 1 - i];
    }
    r
}

/// The permutation of 0..k with lexicographic rank `r`.
pub(super) fn arrangement_unrank(k: usize, mut r: usize) -> [u8; MAX_TILES] {
    let mut left: Vec<u8> = (0..k as u8).collect();
    let mut out = [0u8; MAX_TILES];
    for (i, slot) in out.iter_mut().enumerate().take(k) {
        let f = FACTORIAL[k - 1 - i];
        *slot = left.remove(r / f);
        r %= f;
    }
    out
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
