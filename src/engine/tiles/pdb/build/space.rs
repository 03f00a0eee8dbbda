//! The abstract state space of one pattern, factored for bitset search.
//!
//! A placement of the pattern's k tiles is split into its *cell set* (which
//! k cells hold pattern tiles) and its *arrangement* (which tile is on each
//! of those cells, read in cell order). The blank's position only matters up
//! to its *region*: the free cells connected to it, since moving other tiles
//! costs nothing. A search node is (cell set, region); it carries a bitset
//! over all k! arrangements.
//!
//! Everything about a move except the arrangement depends on the node alone:
//! a tile on cell `a` next to the region's cell `b` slides into it, which
//! gives the same next node (cell set − a + b, the region of `a`) for every
//! arrangement. The arrangement itself changes only if the tile jumps over
//! other pattern tiles in cell order (a vertical move): it is a fixed
//! permutation of arrangement ranks, precomputed once per (from, to) list
//! position. A move along a row leaves the arrangement as it is.

use super::order::{
    FACTORIAL, MAX_CELLS, MAX_TILES, arrangement_rank, arrangement_unrank, set_index,
};
use crate::control::CancelToken;
use crate::tiles::{Board, Dir};

/// How many k-cell sets the space's phases go through between looks at
/// their cancel token: on 5×5 with 6 tiles (177,100 sets in a few seconds)
/// about every 15 ms.
pub const CANCEL_SETS: usize = 512;

/// An edge into a node: the node whose arrangements arrive, and how their
/// ranks map (0: unchanged, else an index into [`Space::perms`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub from: u32,
    pub perm: u16,
}

/// An arrangement rank map, bit by bit and word by word.
///
/// A move shifts a few neighbouring list positions, which flips the order
/// of the moved tile against only the tiles it jumps (see
/// [`order`](super::order)): ranks move in runs, so each target word takes
/// its bits from a handful of (source word, rotation) pairs. Each pair is
/// one word op: a dense bitset is moved target word by target word by
/// its ops, a sparse one bit by bit through `map`.
#[derive(Default)]
pub(super) struct Perm {
    /// Target rank of each source rank.
    pub map: Vec<u16>,
    /// Ops of target word `j`: `op_start[j] .. op_start[j + 1]`.
    pub op_start: Vec<u32>,
    /// Op masks and packed (word, rotation)s, in two arrays (no padding).
    pub masks: Vec<u64>,
    pub words: Vec<u16>,
}

/// Bits `mask` of source word `word`, rotated left by `rotate`, belong to
/// the target word; word and rotation packed in 16 bits (a bitset has at
/// most 630 words), so that an op takes 10 bytes.
#[derive(Clone, Copy, Debug)]
struct WordOp {
    mask: u64,
    word_rotate: u16,
}

impl WordOp {
    fn new(mask: u64, word: usize, rotate: u32) -> Self {
        debug_assert!(word < 1 << 10 && rotate < 64);
        Self {
            mask,
            word_rotate: (word as u16) << 6 | rotate as u16,
        }
    }

    /// The source word.
    fn word(self) -> usize {
        (self.word_rotate >> 6) as usize
    }

    /// The left rotation that takes the bits to their target positions.
    fn rotate(self) -> u32 {
        (self.word_rotate & 63) as u32
    }
}

impl Perm {
    fn new(map: Vec<u16>, words: usize) -> Self {
        let mut by_target: Vec<Vec<WordOp>> = vec![Vec::new(); words];
        for (x, &q) in map.iter().enumerate() {
            let q = q as usize;
            let (word, rotate) = (x / 64, ((q % 64 + 64 - x % 64) % 64) as u32);
            let ops = &mut by_target[q / 64];
            match ops
                .iter_mut()
                .find(|o| o.word() == word && o.rotate() == rotate)
            {
                Some(op) => op.mask |= 1 << (x % 64),
                None => ops.push(WordOp::new(1 << (x % 64), word, rotate)),
            }
        }
        let total = by_target.iter().map(Vec::len).sum();
        let mut op_start = Vec::with_capacity(words + 1);
        let (mut masks, mut packed) = (Vec::with_capacity(total), Vec::with_capacity(total));
        for target in by_target {
            op_start.push(masks.len() as u32);
            masks.extend(target.iter().map(|o| o.mask));
            packed.extend(target.iter().map(|o| o.word_rotate));
        }
        op_start.push(masks.len() as u32);
        Self {
            map,
            op_start,
            masks,
            words: packed,
        }
    }

    /// Number of ops.
    pub fn ops(&self) -> usize {
        self.masks.len()
    }

    /// Op `i`'s source word and rotation.
    #[inline(always)]
    pub fn op(&self, i: usize) -> (usize, u32) {
        let p = self.words[i];
        ((p >> 6) as usize, (p & 63) as u32)
    }
}

/// Cell sets, their regions (the nodes), the edges between nodes and the
/// arrangement permutations of one pattern on one board.
pub(super) struct Space {
    pub n: usize,
    pub k: usize,
    /// k!: arrangements per cell set.
    pub arrangements: usize,
    /// 64-bit words of one node's bitset.
    pub words: usize,
    /// Cell sets in colex order (their index is their colex rank,
    /// [`set_index`]).
    pub sets: Vec<u32>,
    /// Nodes of set `s`: `node_start[s] .. node_start[s + 1]`.
    pub node_start: Vec<u32>,
    /// Each node's region (a mask of free cells).
    pub regions: Vec<u32>,
    /// Edges into node `t`: `edge_start[t] .. edge_start[t + 1]`.
    pub edge_start: Vec<u32>,
    pub edges: Vec<Edge>,
    /// Arrangement rank maps; `perms[0]` is unused (the identity).
    pub perms: Vec<Perm>,
    /// Cell masks of each cell's neighbours.
    neighbours: [u32; MAX_CELLS],
    full: u32,
}

impl Space {
    /// The space of a `k`-tile pattern on `goal`'s board; `None` if
    /// `cancel` was raised meanwhile (it is looked at every
    /// [`CANCEL_SETS`] sets: the 6-tile spaces of 5×5 take seconds).
    pub fn new(goal: &Board, k: usize, cancel: &CancelToken) -> Option<Self> {
        let shape = goal.shape();
        let n = goal.cells().len();
        assert!(n <= MAX_CELLS, "boards of up to {MAX_CELLS} cells");
        assert!(
            (1..=MAX_TILES).contains(&k) && k < n,
            "patterns of 1 to {MAX_TILES} tiles, fewer than the cells"
        );
        let full = ((1u64 << n) - 1) as u32;
        let mut neighbours = [0u32; MAX_CELLS];
        for (cell, nb) in neighbours.iter_mut().enumerate().take(n) {
            for d in Dir::ALL {
                if let Some(o) = shape.neighbour(cell, d) {
                    *nb |= 1 << o;
                }
            }
        }
        let arrangements = FACTORIAL[k];
        let mut space = Self {
            n,
            k,
            arrangements,
            words: arrangements.div_ceil(64),
            sets: Vec::new(),
            node_start: Vec::new(),
            regions: Vec::new(),
            edge_start: Vec::new(),
            edges: Vec::new(),
            perms: vec![Perm::default()],
            neighbours,
            full,
        };
        space.enumerate_nodes(cancel)?;
        space.connect(cancel)?;
        Some(space)
    }

    /// Every k-cell set in colex order (Gosper's next-combination step
    /// visits them in increasing numeric order, which is colex), and each
    /// set's regions, lowest cell first.
    fn enumerate_nodes(&mut self, cancel: &CancelToken) -> Option<()> {
        let mut set = (1u32 << self.k) - 1;
        while set <= self.full {
            if self.sets.len().is_multiple_of(CANCEL_SETS) && cancel.is_cancelled() {
                return None;
            }
            self.node_start.push(self.regions.len() as u32);
            let mut free = self.full & !set;
            while free != 0 {
                let region = self.flood(free & free.wrapping_neg(), free);
                self.regions.push(region);
                free &= !region;
            }
            self.sets.push(set);
            let low = set & set.wrapping_neg();
            let ripple = set + low;
            set = (((ripple ^ set) >> 2) / low) | ripple;
        }
        self.node_start.push(self.regions.len() as u32);
        Some(())
    }

    /// All cells of `free` connected to `seed`.
    fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut region = seed & free;
        loop {
            let mut grown = region;
            let mut r = region;
            while r != 0 {
                grown |= self.neighbours[r.trailing_zeros() as usize];
                r &= r - 1;
            }
            grown &= free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The node of set index `s` whose region holds `cell`.
    pub fn node_of(&self, s: usize, cell: usize) -> usize {
        let nodes = self.node_start[s] as usize..self.node_start[s + 1] as usize;
        nodes
            .into_iter()
            .find(|&t| self.regions[t] & 1 << cell != 0)
            .expect("a free cell lies in one of its set's regions")
    }

    /// Edges into every node. A move into node T = (S, R) is the reverse of
    /// one out of it: the tile on `a` ∈ S next to `b` ∈ R slides to `b`,
    /// reaching U = (S − a + b, the region of `a`). Moves are reversible, so
    /// U's arrangements reach T by the inverse arrangement map: the tile at
    /// list position i′ in U (its cell `b`) goes back to position i in T.
    fn connect(&mut self, cancel: &CancelToken) -> Option<()> {
        // Held through the search, at its peak of memory: allocated at
        // their exact sizes once, not grown (nor shrunk after each node,
        // a reallocation per node).
        self.edges.reserve_exact(self.edge_count(cancel)?);
        self.edge_start.reserve_exact(self.regions.len() + 1);
        let mut perm_id = [0u16; MAX_TILES * MAX_TILES];
        for s in 0..self.sets.len() {
            if s.is_multiple_of(CANCEL_SETS) && cancel.is_cancelled() {
                return None;
            }
            let set = self.sets[s];
            for t in self.node_start[s] as usize..self.node_start[s + 1] as usize {
                self.edge_start.push(self.edges.len() as u32);
                let mut region = self.regions[t];
                while region != 0 {
                    let b = region.trailing_zeros() as usize;
                    region &= region - 1;
                    let mut tiles = self.neighbours[b] & set;
                    while tiles != 0 {
                        let a = tiles.trailing_zeros() as usize;
                        tiles &= tiles - 1;
                        let next = set & !(1 << a) | 1 << b;
                        let u = self.node_of(set_index(next), a);
                        let i = (set & ((1 << a) - 1)).count_ones() as usize;
                        let i_next = (next & ((1 << b) - 1)).count_ones() as usize;
                        let perm = if i == i_next {
                            0
                        } else {
                            let id = &mut perm_id[i_next * MAX_TILES + i];
                            if *id == 0 {
                                *id = self.perms.len() as u16;
                                let map = self.move_map(i_next, i);
                                self.perms.push(Perm::new(map, self.words));
                            }
                            *id
                        };
                        self.edges.push(Edge {
                            from: u as u32,
                            perm,
                        });
                    }
                }
            }
        }
        self.edge_start.push(self.edges.len() as u32);
        Some(())
    }

    /// The number of edges [`connect`](Self::connect) makes: one for each
    /// pattern tile next to each cell of each node's region.
    fn edge_count(&self, cancel: &CancelToken) -> Option<usize> {
        let mut count = 0;
        for (s, &set) in self.sets.iter().enumerate() {
            if s.is_multiple_of(CANCEL_SETS) && cancel.is_cancelled() {
                return None;
            }
            for t in self.node_start[s] as usize..self.node_start[s + 1] as usize {
                let mut region = self.regions[t];
                while region != 0 {
                    let b = region.trailing_zeros() as usize;
                    region &= region - 1;
                    count += (self.neighbours[b] & set).count_ones() as usize;
                }
            }
        }
        Some(count)
    }

    /// The rank map of taking the list element at `from` out and putting it
    /// back at `to`.
    fn move_map(&self, from: usize, to: usize) -> Vec<u16> {
        (0..self.arrangements)
            .map(|r| {
                let list = arrangement_unrank(self.k, r);
                let mut v: Vec<u8> = list[..self.k].to_vec();
                let t = v.remove(from);
                v.insert(to, t);
                arrangement_rank(&v) as u16
            })
            .collect()
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.regions.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::Shape;

    #[test]
    fn sets_are_indexed_by_their_colex_rank_and_regions_partition_the_free_cells() {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let space = Space::new(&goal, 5, &CancelToken::default()).unwrap();
        assert_eq!(space.sets.len(), 4368);
        for (s, &set) in space.sets.iter().enumerate() {
            assert_eq!(set.count_ones(), 5);
            assert_eq!(set_index(set), s);
            let nodes = space.node_start[s] as usize..space.node_start[s + 1] as usize;
            let union = nodes.clone().fold(0, |u, t| {
                assert_eq!(u & space.regions[t], 0, "regions are disjoint");
                u | space.regions[t]
            });
            assert_eq!(union, space.full & !set);
        }
    }

    /// The edges are held at their exact size (allocated once), and a
    /// raised token stops the space's building.
    #[test]
    fn edges_are_allocated_once_at_their_size_and_cancel_stops_the_build() {
        let goal = Board::goal(Shape::new(4, 4).unwrap());
        let space = Space::new(&goal, 5, &CancelToken::default()).unwrap();
        assert_eq!(space.edges.capacity(), space.edges.len());
        assert_eq!(space.edge_start.capacity(), space.edge_start.len());
        assert_eq!(space.edge_start.len(), space.nodes() + 1);
        let cancel = CancelToken::default();
        cancel.cancel();
        assert!(Space::new(&goal, 5, &cancel).is_none());
    }

    #[test]
    fn every_edge_has_its_reverse() {
        // Moves are reversible: if U feeds T, T feeds U, by the inverse map.
        let goal = Board::goal(Shape::new(3, 4).unwrap());
        let space = Space::new(&goal, 4, &CancelToken::default()).unwrap();
        for t in 0..space.nodes() {
            for e in &space.edges[space.edge_start[t] as usize..space.edge_start[t + 1] as usize] {
                let u = e.from as usize;
                let back = space.edges
                    [space.edge_start[u] as usize..space.edge_start[u + 1] as usize]
                    .iter()
                    .find(|b| b.from as usize == t)
                    .expect("the reverse edge");
                for r in 0..space.arrangements {
                    let there = if e.perm == 0 {
                        r
                    } else {
                        space.perms[e.perm as usize].map[r] as usize
                    };
                    let again = if back.perm == 0 {
                        there
                    } else {
                        space.perms[back.perm as usize].map[there] as usize
                    };
                    assert_eq!(again, r);
                }
            }
        }
    }
}
