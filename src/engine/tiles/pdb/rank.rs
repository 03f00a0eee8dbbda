//! Ranking placements of k distinct tiles on n cells into 0 … n!/(n−k)!−1.

/// Number of placements of `k` tiles on `n` cells: n·(n−1)·…·(n−k+1).
pub fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// Rank of a placement given as the cells of the tiles in order. Each cell
/// is counted among the cells not yet used, giving mixed-radix digits
/// (radix n, n−1, …).
#[inline(always)]
pub fn rank(n: usize, cells: impl Iterator<Item = u8>) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, p) in cells.enumerate() {
        let below = (used & ((1u32 << p) - 1)).count_ones() as usize;
        used |= 1 << p;
        r = r * (n - i) + (p as usize - below);
    }
    r
}

/// The placement of rank `r` (inverse of [`rank`]) written into `out`.
#[cfg(test)]
pub fn unrank(n: usize, mut r: usize, out: &mut [u8]) {
    let k = out.len();
    let mut digits = [0usize; 32];
    for i in (0..k).rev() {
        let radix = n - i;
        digits[i] = r % radix;
        r /= radix;
    }
    let mut used = 0u32;
    for i in 0..k {
        // The digits[i]-th free cell.
        let mut left = digits[i];
        let mut cell = 0;
        loop {
            if used & (1 << cell) == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            cell += 1;
        }
        used |= 1 << cell;
        out[i] = cell as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_bijections() {
        let (n, k) = (6, 3);
        let total = placements(n, k);
        let mut seen = vec![false; total];
        let mut cells = [0u8; 3];
        for (r, seen) in seen.iter_mut().enumerate() {
            unrank(n, r, &mut cells);
            assert!(cells.iter().all(|&c| (c as usize) < n));
            assert_ne!(cells[0], cells[1]);
            let back = rank(n, cells.iter().copied());
            assert_eq!(back, r);
            assert!(!std::mem::replace(seen, true));
        }
    }
}
