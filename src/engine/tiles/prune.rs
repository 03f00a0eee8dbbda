//! Move pruning beyond "never undo the last move": Taylor & Korf's (1993)
//! automaton of duplicate move sequences.
//!
//! Many sequences of blank moves have the same effect wherever they are
//! applied: `RDLURD` (the blank half-way round a 2×2 block, clockwise)
//! leaves every tile where `DRULDR` (the other way round) does. A
//! depth-first search that follows both explores the same subtree twice.
//! The automaton reads a path's moves one by one and rejects a move as soon
//! as the path ends in a sequence known to be a duplicate of another no
//! longer and, if as long, earlier in the order U < D < L < R.
//!
//! Why no shortest path is lost: among the shortest paths to the goal take
//! the first in that order. If it ended a prefix in a rejected sequence D,
//! putting D's partner K in D's place would give a path to the same goal
//! that is shorter, or as long and earlier: a contradiction. K can be put
//! there because a sequence is only rejected when K's blank stays within
//! the rectangle D's blank spans, which lies on the board wherever D was
//! played (the board is a full rectangle). Each prefix of that path has an
//! f no larger than a shortest path's length, so IDA*, weighted IDA* and
//! the capped search all still see it.
//!
//! The duplicates are found by enumerating sequences breadth-first, in that
//! order, on an unbounded grid; each sequence's effect (where the blank
//! ends, which tile went where) is computed by playing it, and a sequence
//! whose effect was met before is a duplicate. Sequences whose blank needs
//! more rows or columns than the board has are never played and are
//! skipped. The rejected sequences then become an Aho–Corasick automaton
//! over the four moves.

use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex, OnceLock};

use super::board::{Dir, Shape};
use crate::hash::StateHasher;

/// The longest sequences compared on a board of `shape`, by its shorter
/// side. Longer ones prune more but take longer to find: a board built at
/// run time spends 10–100 ms once per shape, up to 0.35 s on a 3-wide
/// board ten long (release build, 2026-12-06). The
/// 24-puzzle's automaton is shipped, so it is built deeper than other
/// wide boards' at no cost to a search: 14 moves prune 18 % more of its
/// nodes than 10 (`docs/PERFORMANCE.md` has the figures).
///
/// ```
/// use huarong_engine::tiles::Shape;
/// use huarong_engine::tiles::prune::depth_for;
/// assert_eq!(depth_for(Shape::new(5, 5).unwrap()), 14);
/// assert_eq!(depth_for(Shape::new(5, 6).unwrap()), 10);
/// ```
pub fn depth_for(shape: Shape) -> u32 {
    match (shape.rows, shape.cols) {
        (5, 5) => 14,
        (rows, cols) => match rows.min(cols) {
            0..=3 => 14,
            4 => 12,
            _ => 10,
        },
    }
}

/// A move-pruning automaton: a state per path, advanced by each move.
#[derive(Debug)]
pub struct MovePruning {
    /// `next[state][dir]`: the state after the move, or `u16::MAX` where
    /// [`step`](Self::step) gives [`PRUNED`]. Only the states a path can
    /// reach, numbered breadth-first from the empty path's, in 16 bits:
    /// the table is read at every child, and the smaller it is the more
    /// of it stays in the cache beside the pattern tables (the 24-puzzle's
    /// takes 495 KB so, against 1.27 MB with every state in 32 bits).
    next: Vec<[u16; 4]>,
}

/// The automata built so far, by (rows, columns).
type ByShape = HashMap<(u8, u8), Arc<MovePruning>>;

/// What [`MovePruning::step`] returns for a move that must not be taken.
pub const PRUNED: u32 = u32::MAX;

impl MovePruning {
    /// The state of an empty path.
    pub const START: u32 = 0;

    /// The automaton for boards of `shape`, comparing sequences up to
    /// [`depth_for`] the shape. Built once per shape and kept.
    pub fn for_shape(shape: Shape) -> Arc<MovePruning> {
        static BUILT: OnceLock<Mutex<ByShape>> = OnceLock::new();
        let built = BUILT.get_or_init(Default::default);
        let key = (shape.rows, shape.cols);
        if let Some(p) = built.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Arc::clone(p);
        }
        // Built outside the lock: two threads may both build it, harmlessly.
        let p =
            Arc::new(MovePruning::shipped(shape).unwrap_or_else(|| MovePruning::build_for(shape)));
        Arc::clone(
            built
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(key)
                .or_insert(p),
        )
    }

    /// The automaton [`for_shape`](Self::for_shape) gives `shape`, built
    /// (not read from the shipped ones): sequences compared up to
    /// [`depth_for`] the shape.
    ///
    /// ```
    /// use huarong_engine::tiles::Shape;
    /// use huarong_engine::tiles::prune::MovePruning;
    /// let p = MovePruning::build_for(Shape::new(2, 3).unwrap());
    /// assert!(!p.to_bytes().is_empty());
    /// ```
    pub fn build_for(shape: Shape) -> MovePruning {
        MovePruning::build(
            usize::from(shape.rows),
            usize::from(shape.cols),
            depth_for(shape),
        )
    }

    /// The automaton of the 8-, 15- and 24-puzzle's shapes as shipped with
    /// the crate ([`SHIPPED`]): building one takes 10–80 ms, most of a
    /// small solve's time; reading it, microseconds. A test checks each
    /// against [`build_for`](Self::build_for).
    fn shipped(shape: Shape) -> Option<MovePruning> {
        let (_, bytes) = SHIPPED
            .iter()
            .find(|((rows, cols), _)| (*rows, *cols) == (shape.rows, shape.cols))?;
        Some(MovePruning {
            next: decode(bytes),
        })
    }

    /// The automaton as the crate ships it: each state's four next states,
    /// as little-endian u16s, [`PRUNED`] as `u16::MAX`.
    ///
    /// ```
    /// use huarong_engine::tiles::prune::MovePruning;
    /// let bytes = MovePruning::build(3, 3, 4).to_bytes();
    /// assert!(!bytes.is_empty() && bytes.len() % 8 == 0);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        self.next
            .iter()
            .flatten()
            .flat_map(|t| t.to_le_bytes())
            .collect()
    }

    /// An automaton that only rejects a move undoing the one before it.
    pub fn parent_only() -> MovePruning {
        MovePruning::build(usize::MAX, usize::MAX, 2)
    }

    /// The automaton for boards of `rows` × `cols`, comparing sequences up
    /// to `depth` moves.
    ///
    /// ```
    /// use huarong_engine::tiles::Dir;
    /// use huarong_engine::tiles::prune::{MovePruning, PRUNED};
    /// let p = MovePruning::build(4, 4, 6);
    /// let walk = |moves: &str| {
    ///     moves.chars().try_fold(MovePruning::START, |s, c| {
    ///         let s = p.step(s, Dir::from_letter(c).unwrap());
    ///         (s != PRUNED).then_some(s)
    ///     })
    /// };
    /// assert!(walk("UD").is_none()); // undoes its last move
    /// assert!(walk("RDLURD").is_none()); // the same as DRULDR
    /// assert!(walk("DRULDR").is_some());
    /// ```
    pub fn build(rows: usize, cols: usize, depth: u32) -> MovePruning {
        match reachable(&automaton(&duplicates(rows, cols, depth))) {
            Some(next) => MovePruning { next },
            // Too many states for 16 bits (no board's at `depth_for`'s
            // depths): compare shorter sequences.
            None => MovePruning::build(rows, cols, depth.saturating_sub(2)),
        }
    }

    /// The state after `dir` from `state`, or [`PRUNED`] when the path now
    /// ends in a rejected sequence.
    #[inline(always)]
    pub fn step(&self, state: u32, dir: Dir) -> u32 {
        match self.next[state as usize][dir as usize] {
            u16::MAX => PRUNED,
            next => u32::from(next),
        }
    }
}

/// The shapes whose automaton is shipped, with it (see
/// [`MovePruning::shipped`]); `cargo test --test it
/// write_the_shipped_automata -- --ignored` writes them anew.
const SHIPPED: [((u8, u8), &[u8]); 3] = [
    ((3, 3), include_bytes!("automata/3x3.bin")),
    ((4, 4), include_bytes!("automata/4x4.bin")),
    ((5, 5), include_bytes!("automata/5x5.bin")),
];

/// [`MovePruning::to_bytes`]'s inverse.
fn decode(bytes: &[u8]) -> Vec<[u16; 4]> {
    bytes
        .chunks_exact(8)
        .map(|s| std::array::from_fn(|d| u16::from_le_bytes([s[2 * d], s[2 * d + 1]])))
        .collect()
}

/// The states of `next` (as [`automaton`] makes it) that a path can
/// reach, numbered breadth-first from the empty path's, as
/// [`MovePruning`] keeps them; `None` if there are 65,535 or more. The
/// states left out are those of rejected sequences, which no move enters.
fn reachable(next: &[[u32; 4]]) -> Option<Vec<[u16; 4]>> {
    let mut number = vec![u32::MAX; next.len()];
    number[0] = 0;
    let mut order = vec![0usize];
    let mut i = 0;
    while let Some(&s) = order.get(i) {
        i += 1;
        for &t in &next[s] {
            if t != PRUNED && number[t as usize] == u32::MAX {
                number[t as usize] = order.len() as u32;
                order.push(t as usize);
            }
        }
    }
    if order.len() >= usize::from(u16::MAX) {
        return None;
    }
    let renumbered = |t: u32| match t {
        PRUNED => u16::MAX,
        t => number[t as usize] as u16,
    };
    Some(order.iter().map(|&s| next[s].map(renumbered)).collect())
}

/// A move sequence: `len` moves, the i-th in bits 2i and 2i + 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Seq {
    bits: u64,
    len: u32,
}

impl Seq {
    fn get(self, i: u32) -> usize {
        ((self.bits >> (2 * i)) & 3) as usize
    }
    fn push(self, d: usize) -> Seq {
        Seq {
            bits: self.bits | (d as u64) << (2 * self.len),
            len: self.len + 1,
        }
    }
    fn moves(self) -> impl Iterator<Item = usize> {
        (0..self.len).map(move |i| self.get(i))
    }
}

/// Plays sequences on an unbounded grid (as far as `depth` moves reach),
/// blank starting in the middle; a cell's content is named by the cell it
/// started in.
struct Grid {
    side: usize,
    at: Vec<u16>,
    /// Plays so far; `seen[cell]` is the last play whose blank visited it.
    play_count: u32,
    seen: Vec<u32>,
    /// Cells the blank visited in the last play.
    visited: Vec<u16>,
    /// Every cell whose content changed in the last play, with the start
    /// cell of what is there now (the blank's included).
    moved: Vec<(u16, u16)>,
}

impl Grid {
    fn new(depth: u32) -> Grid {
        let side = 2 * depth as usize + 3;
        Grid {
            side,
            at: (0..(side * side) as u16).collect(),
            play_count: 0,
            seen: vec![0; side * side],
            visited: Vec::new(),
            moved: Vec::new(),
        }
    }

    /// Play `seq`; returns the rectangle its blank spans (first row, last
    /// row, first column, last column) and a hash of its effect. `visited`
    /// and `moved` are left in no order.
    fn play(&mut self, seq: Seq) -> ([usize; 4], u64) {
        let side = self.side as isize;
        let steps = [-side, side, -1, 1];
        let mut blank = (self.side * self.side / 2) as isize;
        self.play_count += 1;
        self.seen[blank as usize] = self.play_count;
        self.visited.clear();
        self.visited.push(blank as u16);
        for d in seq.moves() {
            let next = blank + steps[d];
            self.at.swap(blank as usize, next as usize);
            if self.seen[next as usize] != self.play_count {
                self.seen[next as usize] = self.play_count;
                self.visited.push(next as u16);
            }
            blank = next;
        }
        self.moved.clear();
        // Summed over the changed cells, so that their order does not matter.
        let mut hash = 0u64;
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for &c in &self.visited {
            let o = self.at[c as usize];
            if o != c {
                self.moved.push((c, o));
                hash = hash.wrapping_add(mix(u64::from(c) << 16 | u64::from(o)));
            }
            let (r, col) = (c as usize / self.side, c as usize % self.side);
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(col), c1.max(col));
        }
        // Put every tile back for the next play.
        for &(c, _) in &self.moved {
            self.at[c as usize] = c;
        }
        ([r0, r1, c0, c1], hash)
    }

    /// `visited` and `moved` in order, for an exact comparison.
    fn sort(&mut self) {
        self.visited.sort_unstable();
        self.moved.sort_unstable();
    }
}

/// SplitMix64's finaliser: summed over a set, nearby members' values do
/// not cancel (a multiply alone left many 2×2 cycles' sums equal).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The rejected sequences for boards of `rows` × `cols`, up to `depth`
/// moves, none containing another.
fn duplicates(rows: usize, cols: usize, depth: u32) -> Vec<Seq> {
    let mut grid = Grid::new(depth);
    let mut other = Grid::new(depth);
    let mut rejected: Vec<Seq> = Vec::new();
    // The first sequence met with each effect, by the effect's hash.
    let mut first: HashMap<u64, Seq, BuildHasherDefault<StateHasher>> = HashMap::default();
    let empty = Seq { bits: 0, len: 0 };
    first.insert(grid.play(empty).1, empty);
    let mut layer = vec![empty];
    for len in 1..=depth {
        // Nothing longer will be made from the last layer's sequences.
        let last = len == depth;
        // The sequences rejected so far, all shorter than the ones being
        // made; the live sequences contain none of them.
        let shorter = automaton(&rejected);
        let mut next_layer = Vec::new();
        for &s in &layer {
            let state = s
                .moves()
                .fold(MovePruning::START, |state, d| shorter[state as usize][d]);
            for (d, &next) in shorter[state as usize].iter().enumerate() {
                if next == PRUNED {
                    continue;
                }
                let t = s.push(d);
                let (span, hash) = grid.play(t);
                if span[1] - span[0] + 1 > rows || span[3] - span[2] + 1 > cols {
                    continue;
                }
                match first.get(&hash) {
                    Some(&k) => {
                        // Checked exactly: equal hashes of different
                        // effects leave `t` alone.
                        let (other_span, _) = other.play(k);
                        other.sort();
                        grid.sort();
                        if other.moved == grid.moved && within(other_span, span) {
                            rejected.push(t);
                            continue;
                        }
                    }
                    None => {
                        first.insert(hash, t);
                    }
                }
                if !last {
                    next_layer.push(t);
                }
            }
        }
        layer = next_layer;
    }
    rejected
}

/// Whether the rectangle `a` (first row, last row, first column, last
/// column) lies within `b`.
fn within(a: [usize; 4], b: [usize; 4]) -> bool {
    a[0] >= b[0] && a[1] <= b[1] && a[2] >= b[2] && a[3] <= b[3]
}

/// The Aho–Corasick automaton rejecting every path that ends in one of
/// `seqs`: its states are the prefixes of `seqs` (state 0 the empty one),
/// each move goes to the longest such prefix the path now ends in.
fn automaton(seqs: &[Seq]) -> Vec<[u32; 4]> {
    const NONE: u32 = u32::MAX;
    let mut goto: Vec<[u32; 4]> = vec![[NONE; 4]];
    let mut end = vec![false];
    for &s in seqs {
        let mut state = 0usize;
        for d in s.moves() {
            if goto[state][d] == NONE {
                goto[state][d] = goto.len() as u32;
                goto.push([NONE; 4]);
                end.push(false);
            }
            state = goto[state][d] as usize;
        }
        end[state] = true;
    }
    // Breadth-first over the trie: a state's failure link (the longest
    // proper suffix that is also a prefix) is settled before its children.
    let mut next = vec![[0u32; 4]; goto.len()];
    let mut fail = vec![0u32; goto.len()];
    let mut queue = VecDeque::new();
    for d in 0..4 {
        match goto[0][d] {
            NONE => next[0][d] = 0,
            c => {
                next[0][d] = c;
                queue.push_back(c as usize);
            }
        }
    }
    while let Some(s) = queue.pop_front() {
        let f = fail[s] as usize;
        end[s] |= end[f];
        for d in 0..4 {
            match goto[s][d] {
                NONE => next[s][d] = next[f][d],
                c => {
                    fail[c as usize] = if s == 0 { 0 } else { next[f][d] };
                    next[s][d] = c;
                    queue.push_back(c as usize);
                }
            }
        }
    }
    for row in &mut next {
        for t in row.iter_mut() {
            if end[*t as usize] {
                *t = PRUNED;
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use rand::RngExt;

    use super::*;
    use crate::rng::seeded;

    #[test]
    fn the_shipped_automata_are_the_ones_the_crate_builds() {
        for ((rows, cols), bytes) in SHIPPED {
            let shape = Shape::new(rows, cols).expect("a board shape");
            let shipped = MovePruning::shipped(shape).expect("shipped");
            let built = MovePruning::build_for(shape);
            assert_eq!(shipped.next, built.next, "{rows}x{cols}");
            assert_eq!(shipped.to_bytes(), bytes, "{rows}x{cols}: the round trip");
        }
        assert!(MovePruning::shipped(Shape::new(3, 4).unwrap()).is_none());
    }

    /// The blank's row and column steps, test-side.
    const DELTA: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

    fn letters(s: &[usize]) -> String {
        s.iter().map(|&d| Dir::ALL[d].letter()).collect()
    }

    /// Where each tile (named by its start cell) ends after `moves` on an
    /// unbounded grid, blank starting at (0, 0); cells left alone omitted.
    fn effect(moves: &[usize]) -> Vec<((i32, i32), (i32, i32))> {
        let mut at: HashMap<(i32, i32), (i32, i32)> = HashMap::new();
        let mut blank = (0, 0);
        for &d in moves {
            let next = (blank.0 + DELTA[d].0, blank.1 + DELTA[d].1);
            let tile = at.get(&next).copied().unwrap_or(next);
            let b = at.get(&blank).copied().unwrap_or(blank);
            at.insert(blank, tile);
            at.insert(next, b);
            blank = next;
        }
        let mut v: Vec<_> = at.into_iter().filter(|(c, o)| c != o).collect();
        v.sort_unstable();
        v
    }

    /// The cells the blank visits.
    fn cells(moves: &[usize]) -> Vec<(i32, i32)> {
        let mut c = vec![(0, 0)];
        for &d in moves {
            let &(r, col) = c.last().expect("starts with one");
            c.push((r + DELTA[d].0, col + DELTA[d].1));
        }
        c
    }

    /// The first sequence in (length, U < D < L < R) order with the same
    /// effect as `d` whose blank stays in the rectangle `d`'s spans.
    fn first_partner(d: &[usize]) -> Vec<usize> {
        let visited = cells(d);
        let (r0, r1) = (
            visited.iter().map(|c| c.0).min().unwrap(),
            visited.iter().map(|c| c.0).max().unwrap(),
        );
        let (c0, c1) = (
            visited.iter().map(|c| c.1).min().unwrap(),
            visited.iter().map(|c| c.1).max().unwrap(),
        );
        let want = effect(d);
        // Breadth-first in order: each length's sequences come out sorted.
        let mut queue = VecDeque::from([(Vec::new(), (0, 0))]);
        while let Some((k, at)) = queue.pop_front() {
            if effect(&k) == want {
                return k;
            }
            for (dir, (dr, dc)) in DELTA.iter().enumerate() {
                let next = (at.0 + dr, at.1 + dc);
                if (r0..=r1).contains(&next.0) && (c0..=c1).contains(&next.1) {
                    let mut longer = k.clone();
                    longer.push(dir);
                    queue.push_back((longer, next));
                }
            }
        }
        unreachable!("`d` itself has its effect")
    }

    #[test]
    fn every_rejected_sequence_has_an_earlier_partner_within_its_rectangle() {
        // All up to 8 moves and a sample of the longer ones (the test-side
        // search is exhaustive, so slow beyond that).
        let rejected = duplicates(5, 5, 10);
        assert!(rejected.len() > 100, "{} rejected", rejected.len());
        for (i, d) in rejected.iter().enumerate() {
            if d.len > 8 && i % 9 != 0 {
                continue;
            }
            let d: Vec<usize> = d.moves().collect();
            let k = first_partner(&d);
            assert!(
                (k.len(), &k) < (d.len(), &d),
                "{} is rejected, but the first sequence with its effect is itself",
                letters(&d)
            );
        }
    }

    #[test]
    fn the_automaton_cuts_exactly_the_paths_that_end_in_a_rejected_sequence() {
        let rejected: Vec<Vec<usize>> = duplicates(4, 4, 10)
            .iter()
            .map(|s| s.moves().collect())
            .collect();
        let automaton = MovePruning::build(4, 4, 10);
        let mut rng = seeded(18);
        let (mut cut, mut walks) = (0, 0);
        while walks < 3000 {
            // Random walks that never undo a move, where most cuts lie.
            let mut path: Vec<usize> = Vec::new();
            let mut state = MovePruning::START;
            walks += 1;
            for _ in 0..40 {
                let d = loop {
                    let d = rng.random_range(0..4);
                    if path.last() != Some(&(d ^ 1)) {
                        break d;
                    }
                };
                path.push(d);
                let ends_rejected = rejected.iter().any(|r| path.ends_with(r));
                state = automaton.step(state, Dir::ALL[d]);
                assert_eq!(state == PRUNED, ends_rejected, "{}", letters(&path));
                if ends_rejected {
                    cut += 1;
                    break;
                }
            }
        }
        assert!(cut > 500, "only {cut} of {walks} walks were cut");
    }

    /// Every arrangement of a `rows` × `cols` board (packed 4 bits a cell)
    /// with its distance to the goal 1 2 … 0, by a test-side BFS.
    fn distances(rows: usize, cols: usize) -> HashMap<u64, u32> {
        let n = rows * cols;
        let goal: u64 = (0..n).map(|c| ((c as u64 + 1) % n as u64) << (4 * c)).sum();
        let mut dist = HashMap::from([(goal, 0)]);
        let mut queue = VecDeque::from([goal]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b];
            for next in neighbours(b, rows, cols).into_iter().flatten() {
                dist.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
        dist
    }

    /// The board after each blank move (`None` off the board).
    fn neighbours(b: u64, rows: usize, cols: usize) -> [Option<u64>; 4] {
        let blank = (0..rows * cols)
            .find(|&c| (b >> (4 * c)) & 15 == 0)
            .unwrap();
        let (r, c) = ((blank / cols) as i32, (blank % cols) as i32);
        DELTA.map(|(dr, dc)| {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= rows as i32 || nc >= cols as i32 {
                return None;
            }
            let to = nr as usize * cols + nc as usize;
            let tile = (b >> (4 * to)) & 15;
            Some(b & !(15 << (4 * to)) | tile << (4 * blank))
        })
    }

    /// Every board's automaton fits in 16 bits at the depth it is built
    /// to, so none falls back to shorter sequences: the widest boards of
    /// each depth (the longest build, the 24-puzzle's, is checked with the
    /// shipped ones).
    #[test]
    fn every_shape_fits_sixteen_bits_at_its_depth() {
        for (rows, cols) in [(2, 10), (3, 10), (4, 10), (10, 10)] {
            let depth = depth_for(Shape::new(rows, cols).expect("a board shape"));
            let all = automaton(&duplicates(usize::from(rows), usize::from(cols), depth));
            let kept = reachable(&all).expect("under 65,535 states");
            assert!(
                kept.len() < all.len(),
                "{rows}×{cols}: the rejected states are left out"
            );
        }
    }

    #[test]
    fn the_first_shortest_path_from_every_arrangement_is_never_cut() {
        // Each board with its own automaton, and 3×3 also with the larger
        // boards' (their sequences that fit a 3×3 board are rejected too).
        for (rows, cols, automata) in [
            (3, 3, vec![(3, 3), (4, 4), (5, 5)]),
            (2, 4, vec![(2, 4)]),
            (4, 2, vec![(4, 2)]),
        ] {
            let dist = distances(rows, cols);
            for (r, c) in automata {
                let shape = Shape::new(r as u8, c as u8).expect("a board shape");
                let automaton = MovePruning::build_for(shape);
                let mut states_cut = 0usize;
                for (&start, &d) in &dist {
                    let (mut b, mut state) = (start, MovePruning::START);
                    for left in (0..d).rev() {
                        let (dir, next) = neighbours(b, rows, cols)
                            .into_iter()
                            .enumerate()
                            .find_map(|(i, n)| n.filter(|n| dist[n] == left).map(|n| (i, n)))
                            .expect("a neighbour one move nearer");
                        state = automaton.step(state, Dir::ALL[dir]);
                        if state == PRUNED {
                            states_cut += 1;
                            break;
                        }
                        b = next;
                    }
                }
                assert_eq!(
                    states_cut, 0,
                    "{rows}×{cols} with the {r}×{c} automaton: the first shortest path of \
                     {states_cut} arrangements was cut"
                );
            }
        }
    }
}
