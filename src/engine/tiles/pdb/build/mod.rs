//! Building pattern tables by a backward breadth-first search.
//!
//! The abstract state is (placement of the pattern's tiles, blank cell).
//! Moving a non-pattern tile costs nothing, so from one blank cell the blank
//! reaches its whole region (the free cells connected to it) for free; only
//! moves of pattern tiles into the blank's region count. A placement's table
//! value is the depth at which any of its blank positions is first reached.
//!
//! The 8-tile pattern of the 7-8 partition has 16!/8! = 518,918,400
//! placements, so the search works on sets of them at once: [`space`]
//! factors a placement into its cell set and its arrangement, so that a move
//! acts on the bitset of all 8! arrangements of a (cell set, blank region)
//! node together; [`search`] runs the layers over those bitsets on all
//! threads in the search's [`order`]; [`convert`] writes them in the
//! lookup's order.

mod convert;
mod order;
mod search;
mod space;

use super::Pattern;
use super::rank::placements;
use crate::control::CancelToken;
use crate::tiles::Board;

/// Build one table per pattern of `partition`, one after another (each on
/// all threads, so that one large search at a time holds memory); `None`
/// if `cancel` was raised.
pub(super) fn build_patterns(
    goal: &Board,
    partition: &[Vec<u8>],
    progress: &(dyn Fn(f32) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<Pattern>> {
    let n = goal.cells().len();
    assert!(
        n <= order::MAX_CELLS,
        "pattern databases are built for boards of up to {} cells",
        order::MAX_CELLS
    );
    // Work in units of a placement searched; converting one costs about
    // CONVERT_WEIGHT of that (so the bar keeps moving while it runs).
    let work = |p: &Vec<u8>| placements(n, p.len()) as f64 * (1.0 + CONVERT_WEIGHT);
    let total: f64 = partition.iter().map(work).sum();
    let threads = crate::control::cores();
    // Largest first: its search then runs while only small tables are held.
    let mut order: Vec<usize> = (0..partition.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(partition[i].len()));
    let mut done = 0.0f64;
    let mut tables = vec![Vec::new(); partition.len()];
    for i in order {
        let len = placements(n, partition[i].len()) as f64;
        let searched = |filled: usize| progress(((done + filled as f64) / total) as f32);
        let converted =
            |share: f64| progress(((done + len + CONVERT_WEIGHT * len * share) / total) as f32);
        tables[i] = build_table(goal, &partition[i], threads, &searched, &converted, cancel)?;
        done += work(&partition[i]);
    }
    progress(1.0);
    Some(
        partition
            .iter()
            .zip(tables)
            .map(|(tiles, table)| Pattern {
                tiles: tiles.clone(),
                table: table.into(),
                shared: None,
            })
            .collect(),
    )
}

/// The cost of converting a placement to lookup order, against searching
/// it (about a third of the 7-8 build's time goes to conversion).
const CONVERT_WEIGHT: f64 = 0.5;

/// One pattern's table in lookup order; `searched` gets the number of
/// placements reached so far, `converted` the share of the conversion done.
fn build_table(
    goal: &Board,
    tiles: &[u8],
    threads: usize,
    searched: &(dyn Fn(usize) + Sync),
    converted: &(dyn Fn(f64) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<u8>> {
    let space = space::Space::new(goal, tiles.len(), cancel)?;
    let depth = search::search(&space, goal, tiles, threads, searched, cancel)?;
    convert::to_lookup_order(&space, &depth, threads, converted, cancel)
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::*;
    use crate::tiles::{Board, Dir, Shape};

    /// The table by a plain 0-1 breadth-first search over explicit states
    /// (pattern tiles' cells, blank cell): a move costs 1 if it slides a
    /// pattern tile, 0 otherwise; a placement's value is its least cost
    /// over blank cells.
    fn reference(goal: &Board, tiles: &[u8]) -> HashMap<Vec<u8>, u8> {
        let shape = goal.shape();
        let start: (Vec<u8>, u8) = (
            tiles.iter().map(|&t| goal.position(t) as u8).collect(),
            goal.blank() as u8,
        );
        let mut cost: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
        let mut deque = VecDeque::from([(start.clone(), 0u8)]);
        cost.insert(start, 0);
        while let Some(((cells, blank), c)) = deque.pop_front() {
            if cost[&(cells.clone(), blank)] < c {
                continue;
            }
            for d in Dir::ALL {
                let Some(to) = shape.neighbour(blank as usize, d) else {
                    continue;
                };
                let mut next = cells.clone();
                let step = match cells.iter().position(|&x| x as usize == to) {
                    Some(j) => {
                        next[j] = blank;
                        1
                    }
                    None => 0,
                };
                let key = (next, to as u8);
                if cost.get(&key).is_none_or(|&old| old > c + step) {
                    cost.insert(key.clone(), c + step);
                    if step == 0 {
                        deque.push_front((key, c));
                    } else {
                        deque.push_back((key, c + 1));
                    }
                }
            }
        }
        let mut best: HashMap<Vec<u8>, u8> = HashMap::new();
        for ((cells, _), c) in cost {
            let e = best.entry(cells).or_insert(c);
            *e = (*e).min(c);
        }
        best
    }

    fn check(goal: &Board, tiles: &[u8], threads: usize) {
        let n = goal.cells().len();
        let table = build_table(goal, tiles, threads, &|_| {}, &|_| {}, &CancelToken::new())
            .expect("not cancelled");
        let want = reference(goal, tiles);
        assert_eq!(table.len(), placements(n, tiles.len()));
        assert_eq!(want.len(), table.len(), "every placement is reachable");
        for (cells, &v) in &want {
            let r = super::super::rank::rank(n, cells.iter().copied());
            assert_eq!(
                table[r],
                v,
                "{tiles:?} at {cells:?} on {} with {threads} threads",
                goal.shape()
            );
        }
    }

    #[test]
    fn tables_match_a_plain_search_on_small_boards() {
        let g3 = Board::goal(Shape::new(3, 3).unwrap());
        check(&g3, &[1, 2, 3, 4], 1);
        check(&g3, &[5, 6, 7, 8], 2);
        // One tile: one arrangement a node.
        check(&g3, &[8], 2);
        let middle = Board::parse("1 2 3 4 0 5 6 7 8", None).unwrap();
        check(&middle, &[2, 4, 6, 8], 3);
        let g24 = Board::goal(Shape::new(2, 4).unwrap());
        check(&g24, &[1, 2, 5], 2);
        // Rectangular, and vertical moves over up to three pattern tiles.
        let g34 = Board::goal(Shape::new(3, 4).unwrap());
        check(&g34, &[2, 5, 6, 9], 2);
        check(&g34, &[1, 3, 4, 7, 10], 3);
        let g44 = Board::new(Shape::new(4, 4).unwrap(), (0..16).collect()).unwrap();
        check(&g44, &[1, 2, 3], 1);
        check(&g44, &[4, 8, 12], 3);
        // 5×5, the largest board: cell masks past 16 bits.
        let g55 = Board::goal(Shape::new(5, 5).unwrap());
        check(&g55, &[24, 19, 23], 2);
        check(&g55, &[1, 7, 13], 1);
    }

    #[test]
    fn a_cancel_raised_between_layers_stops_the_build() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let token = CancelToken::new();
        let reports = AtomicUsize::new(0);
        let cancel_after_three = |_: usize| {
            if reports.fetch_add(1, Ordering::Relaxed) == 3 {
                token.cancel();
            }
        };
        assert!(
            build_table(
                &goal,
                &[1, 2, 3, 4, 5],
                2,
                &cancel_after_three,
                &|_| {},
                &token
            )
            .is_none()
        );
        // Stopped at the next layer, not after the last one (a 5-tile
        // search has more than 20 layers).
        assert_eq!(reports.load(Ordering::Relaxed), 4);
    }

    #[test]
    fn a_cancelled_conversion_returns_nothing() {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let space = space::Space::new(&goal, 3, &CancelToken::default()).unwrap();
        let depth = vec![0u8; placements(9, 3)];
        let token = CancelToken::new();
        token.cancel();
        assert!(convert::to_lookup_order(&space, &depth, 2, &|_| {}, &token).is_none());
    }
}
