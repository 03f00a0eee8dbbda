//! The layered breadth-first search over [`Space`] nodes, 64 arrangements
//! a machine word.
//!
//! Each layer *pulls*: every node not yet full ORs into an accumulator the
//! frontier bitsets of the nodes with an edge into it — word by word where
//! the arrangement is unchanged, otherwise through the edge's rank map, bit
//! by bit for a sparse frontier and by masked word rotations for a dense
//! one — and keeps the bits it had not visited as its part of the next
//! frontier. A node is written only by the thread that pulls it, and a layer
//! only reads the previous frontier, so threads share no mutable state:
//! they take chunks of cell sets from a common list.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use super::order::index;
use super::space::{Perm, Space};
use crate::control::CancelToken;
use crate::tiles::Board;

/// The bit arrays of one search.
struct Bits {
    /// Per node, its arrangements reached at the current depth.
    frontier: Vec<u64>,
    frontier_count: Vec<u32>,
    /// Per node, those reached at the next depth (written by the layer).
    next: Vec<u64>,
    next_count: Vec<u32>,
    /// Per node, its arrangements reached at any depth so far (a cell
    /// set's placements reached so far are the union over its nodes).
    visited: Vec<u64>,
    visited_count: Vec<u32>,
}

/// One chunk of cell sets and the parts of the arrays it writes.
struct Work<'a> {
    sets: std::ops::Range<usize>,
    first_node: usize,
    next: &'a mut [u64],
    next_count: &'a mut [u32],
    visited: &'a mut [u64],
    visited_count: &'a mut [u32],
    depth: &'a mut [u8],
}

/// What a layer found.
#[derive(Default)]
struct Found {
    /// New (node, arrangement) states: the next frontier's size.
    states: usize,
    /// Placements reached for the first time.
    placements: usize,
}

/// The depth of every placement in the search's order
/// ([`order::index`](super::order::index)), 0 where the search never came
/// (still a lower bound); `None` if `cancel` was raised.
/// `report` gets the number of placements reached after each layer.
pub(super) fn search(
    space: &Space,
    goal: &Board,
    tiles: &[u8],
    threads: usize,
    report: &(dyn Fn(usize) + Sync),
    cancel: &CancelToken,
) -> Option<Vec<u8>> {
    let (w, a) = (space.words, space.arrangements);
    let nodes = space.nodes();
    let sets = space.sets.len();
    let mut bits = Bits {
        frontier: crate::memory::zeroed(nodes * w),
        frontier_count: vec![0; nodes],
        next: crate::memory::zeroed(nodes * w),
        next_count: vec![0; nodes],
        visited: crate::memory::zeroed(nodes * w),
        visited_count: vec![0; nodes],
    };
    let mut depth: Vec<u8> = crate::memory::zeroed(sets * a);

    // Depth 0: the goal placement, the blank in its goal region.
    let cells: Vec<u8> = tiles.iter().map(|&t| goal.position(t) as u8).collect();
    let i = index(&cells);
    let (s, r) = (i / a, i % a);
    let t = space.node_of(s, goal.blank());
    bits.frontier[t * w + r / 64] |= 1 << (r % 64);
    bits.frontier_count[t] = 1;
    bits.visited[t * w + r / 64] |= 1 << (r % 64);
    bits.visited_count[t] = 1;

    let threads = threads.clamp(1, sets);
    let chunk = sets.div_ceil(threads * 32).max(1);
    let mut filled = 1usize;
    report(filled);
    for d in 1u8.. {
        let found = layer(space, &mut bits, &mut depth, d, chunk, threads, cancel)?;
        filled += found.placements;
        report(filled);
        if found.states == 0 {
            break;
        }
        std::mem::swap(&mut bits.frontier, &mut bits.next);
        std::mem::swap(&mut bits.frontier_count, &mut bits.next_count);
    }
    Some(depth)
}

/// Fill `bits.next` with the states first reached at depth `d` and record
/// the placements among them in `depth`.
fn layer(
    space: &Space,
    bits: &mut Bits,
    depth: &mut [u8],
    d: u8,
    chunk: usize,
    threads: usize,
    cancel: &CancelToken,
) -> Option<Found> {
    let (w, a) = (space.words, space.arrangements);
    let mut work = Vec::new();
    {
        let mut next = &mut bits.next[..];
        let mut next_count = &mut bits.next_count[..];
        let mut visited = &mut bits.visited[..];
        let mut visited_count = &mut bits.visited_count[..];
        let mut depth = depth;
        let mut start = 0;
        while start < space.sets.len() {
            let end = (start + chunk).min(space.sets.len());
            let first_node = space.node_start[start] as usize;
            let node_len = space.node_start[end] as usize - first_node;
            let (n, nr) = std::mem::take(&mut next).split_at_mut(node_len * w);
            let (nc, ncr) = std::mem::take(&mut next_count).split_at_mut(node_len);
            let (v, vr) = std::mem::take(&mut visited).split_at_mut(node_len * w);
            let (vc, vcr) = std::mem::take(&mut visited_count).split_at_mut(node_len);
            let (dp, dr) = std::mem::take(&mut depth).split_at_mut((end - start) * a);
            (next, next_count, visited, visited_count, depth) = (nr, ncr, vr, vcr, dr);
            work.push(Work {
                sets: start..end,
                first_node,
                next: n,
                next_count: nc,
                visited: v,
                visited_count: vc,
                depth: dp,
            });
            start = end;
        }
    }
    work.reverse();
    let queue = Mutex::new(work);
    let stopped = AtomicBool::new(false);
    let (frontier, frontier_count) = (&bits.frontier[..], &bits.frontier_count[..]);
    let (queue, stopped) = (&queue, &stopped);
    let found: Vec<Found> = crate::workers::run_workers(threads, || {
        let mut found = Found::default();
        let mut scratch = Scratch::new(w);
        loop {
            if cancel.is_cancelled() {
                stopped.store(true, Ordering::Relaxed);
                break;
            }
            let Some(mut job) = queue.lock().expect("work queue").pop() else {
                break;
            };
            pull_chunk(
                space,
                frontier,
                frontier_count,
                &mut job,
                d,
                &mut scratch,
                &mut found,
            );
        }
        found
    });
    if stopped.load(Ordering::Relaxed) {
        return None;
    }
    Some(found.into_iter().fold(Found::default(), |sum, f| Found {
        states: sum.states + f.states,
        placements: sum.placements + f.placements,
    }))
}

/// A thread's buffers: one node's accumulator, one set's new bits and
/// its arrangements reached before the layer.
struct Scratch {
    acc: Vec<u64>,
    set_new: Vec<u64>,
    reached: Vec<u64>,
}

impl Scratch {
    fn new(words: usize) -> Self {
        Self {
            acc: vec![0; words],
            set_new: vec![0; words],
            reached: vec![0; words],
        }
    }
}

/// Pull every node of `job`'s sets from the frontier.
fn pull_chunk(
    space: &Space,
    frontier: &[u64],
    frontier_count: &[u32],
    job: &mut Work<'_>,
    d: u8,
    scratch: &mut Scratch,
    found: &mut Found,
) {
    let (w, a) = (space.words, space.arrangements);
    for s in job.sets.clone() {
        let local_set = s - job.sets.start;
        let mut any = false;
        for t in space.node_start[s] as usize..space.node_start[s + 1] as usize {
            let lt = t - job.first_node;
            job.next_count[lt] = 0;
            if job.visited_count[lt] as usize == a {
                continue;
            }
            let acc = &mut scratch.acc;
            let mut pulled = false;
            for e in &space.edges[space.edge_start[t] as usize..space.edge_start[t + 1] as usize] {
                let u = e.from as usize;
                if frontier_count[u] == 0 {
                    continue;
                }
                let src = &frontier[u * w..(u + 1) * w];
                if !pulled {
                    acc.fill(0);
                    pulled = true;
                }
                if e.perm == 0 {
                    for (x, &y) in acc.iter_mut().zip(src) {
                        *x |= y;
                    }
                } else {
                    scatter(acc, src, frontier_count[u], &space.perms[e.perm as usize]);
                }
            }
            if !pulled {
                continue;
            }
            if !any {
                // The set's first node to change: what its nodes hold now
                // is what the set had reached before this layer.
                scratch.set_new.fill(0);
                scratch.reached.fill(0);
                let nodes = space.node_start[s] as usize..space.node_start[s + 1] as usize;
                for v in nodes.map(|n| &job.visited[(n - job.first_node) * w..][..w]) {
                    for (r, &x) in scratch.reached.iter_mut().zip(v) {
                        *r |= x;
                    }
                }
                any = true;
            }
            let next = &mut job.next[lt * w..(lt + 1) * w];
            let visited = &mut job.visited[lt * w..(lt + 1) * w];
            let mut count = 0;
            for i in 0..w {
                let new = acc[i] & !visited[i];
                visited[i] |= new;
                next[i] = new;
                scratch.set_new[i] |= new;
                count += new.count_ones();
            }
            job.next_count[lt] = count;
            job.visited_count[lt] += count;
            found.states += count as usize;
        }
        if !any {
            continue;
        }
        let depth = &mut job.depth[local_set * a..(local_set + 1) * a];
        for (i, (&r, &new)) in scratch.reached.iter().zip(&scratch.set_new).enumerate() {
            let mut first = new & !r;
            while first != 0 {
                depth[i * 64 + first.trailing_zeros() as usize] = d;
                first &= first - 1;
                found.placements += 1;
            }
        }
    }
}

/// OR into `acc` the `count` bits of `src`, each moved to its rank under
/// `perm`: bit by bit if they are few, else target word by target word.
#[inline]
fn scatter(acc: &mut [u64], src: &[u64], count: u32, perm: &Perm) {
    if (count as usize) * BIT_COST < perm.ops() {
        let map = &perm.map[..];
        for (i, &word) in src.iter().enumerate() {
            let mut x = word;
            while x != 0 {
                let q = map[i * 64 + x.trailing_zeros() as usize] as usize;
                acc[q / 64] |= 1 << (q % 64);
                x &= x - 1;
            }
        }
    } else {
        for (a, ends) in acc.iter_mut().zip(perm.op_start.windows(2)) {
            let mut v = 0;
            for i in ends[0] as usize..ends[1] as usize {
                let (word, rotate) = perm.op(i);
                v |= (src[word] & perm.masks[i]).rotate_left(rotate);
            }
            *a |= v;
        }
    }
}

/// A bit moved alone costs about as much as this many word ops.
const BIT_COST: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::Shape;

    /// Both ways of moving a bitset agree with moving each bit by the map.
    #[test]
    fn scatter_by_words_and_by_bits_matches_the_map() {
        for (rows, cols, k) in [(4, 4, 8), (3, 4, 6), (3, 3, 4)] {
            let goal = Board::goal(Shape::new(rows, cols).unwrap());
            let space = Space::new(&goal, k, &CancelToken::default()).unwrap();
            let (w, a) = (space.words, space.arrangements);
            assert!(space.perms.len() > 1, "vertical moves on {rows}x{cols}");
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for perm in &space.perms[1..] {
                if k == 8 {
                    // What makes the word path pay: few ops a target word.
                    assert!(perm.ops() <= 10 * w, "{} ops", perm.ops());
                }
                for density in [1, 3] {
                    // Bits from an xorshift stream: a dense or sparse source.
                    let mut src = vec![0u64; w];
                    for word in src.iter_mut() {
                        for _ in 0..density {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            *word |= seed;
                        }
                    }
                    if a % 64 != 0 {
                        src[w - 1] &= (1 << (a % 64)) - 1;
                    }
                    let mut want = vec![0u64; w];
                    for x in 0..a {
                        if src[x / 64] >> (x % 64) & 1 == 1 {
                            let q = perm.map[x] as usize;
                            want[q / 64] |= 1 << (q % 64);
                        }
                    }
                    let count: u32 = src.iter().map(|x| x.count_ones()).sum();
                    let mut by_words = vec![0u64; w];
                    scatter(&mut by_words, &src, a as u32, perm);
                    let mut by_bits = vec![0u64; w];
                    scatter(&mut by_bits, &src, 0, perm);
                    assert_eq!(by_words, want, "{rows}x{cols} k {k}, {count} bits by words");
                    assert_eq!(by_bits, want, "{rows}x{cols} k {k}, {count} bits by bits");
                }
            }
        }
    }
}
