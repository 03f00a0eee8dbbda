//! Moving one or two tiles to their cells: weighted A* over the cells of
//! the blank and of the tracked tiles, inside the free cells. The
//! other tiles are indistinguishable here, so a state is just those two or
//! three cells (at most 100³ states on a 10×10 board).

use super::Fail;
use crate::control::{Meter, Sizes};
use crate::tiles::{Dir, Shape};

/// No neighbour / not a free cell.
const NONE: u8 = u8::MAX;
/// The start state's move (no move led to it).
const ROOT: u8 = 4;

/// The free cells of a board, numbered in row-major order, with their
/// neighbours in [`Dir::ALL`] order.
pub(super) struct Region {
    /// Local number → board cell.
    global: Vec<usize>,
    /// Board cell → local number, or [`NONE`].
    local: Vec<u8>,
    /// Local neighbours in [`Dir::ALL`] order, or [`NONE`].
    nb: Vec<[u8; 4]>,
    /// Local number → (row, column) on the board.
    rc: Vec<(u8, u8)>,
}

impl Region {
    /// The cells with `free[cell]` set.
    pub(super) fn new(shape: Shape, free: &[bool]) -> Self {
        let global: Vec<usize> = (0..shape.cells()).filter(|&c| free[c]).collect();
        let mut local = vec![NONE; shape.cells()];
        for (i, &c) in global.iter().enumerate() {
            local[c] = i as u8;
        }
        let nb = global
            .iter()
            .map(|&c| Dir::ALL.map(|d| shape.neighbour(c, d).map_or(NONE, |n| local[n])))
            .collect();
        let rc = global
            .iter()
            .map(|&c| {
                let (r, c) = shape.coords(c);
                (r as u8, c as u8)
            })
            .collect();
        Self {
            global,
            local,
            nb,
            rc,
        }
    }

    /// Number of free cells.
    pub(super) fn len(&self) -> usize {
        self.global.len()
    }

    /// The local number of a board cell (which must be free).
    fn local(&self, cell: usize) -> Result<u8, Fail> {
        match self.local[cell] {
            NONE => Err(Fail::Stuck("a tracked cell is not free")),
            l => Ok(l),
        }
    }
}

/// A* buffers, reused from one placement to the next.
#[derive(Default)]
pub(super) struct Placer {
    /// Per state: the move index that reached it most cheaply, or [`ROOT`].
    parent: Vec<u8>,
    /// Per state: moves from the start, or [`UNSEEN_G`].
    g: Vec<u16>,
    /// Open states by f = g + h (each bucket a stack: deepest first).
    buckets: Vec<Vec<u32>>,
}

/// How much the estimate is inflated. Each tile step really costs about
/// five moves (the blank goes round the tile), so the plain estimate is
/// far too low and A* would search nearly the whole space; tripled, the
/// searches are many times smaller and the placements hardly longer.
const WEIGHT: u16 = 3;

/// `g` of a state not reached yet.
const UNSEEN_G: u16 = u16::MAX;

impl Placer {
    /// Bytes held by the buffers.
    pub(super) fn bytes(&self) -> u64 {
        (self.parent.capacity()
            + 2 * self.g.capacity()
            + 4 * self.buckets.iter().map(Vec::capacity).sum::<usize>()) as u64
    }

    /// Blank moves, inside `region`, that bring the `K` tiles now in cells
    /// `from` to cells `to` (blank anywhere in the end): few, but not always
    /// the fewest. The blank is in cell `blank`; every cell named must be
    /// free. Fails with [`Fail::Stuck`] when no such moves exist (never on
    /// the placements the reduction asks for).
    ///
    /// Weighted A* over (blank, tiles). The estimate is the tiles'
    /// Manhattan distances to their targets plus the blank's distance to
    /// the nearest tile less one (no tile moves before the blank is next to
    /// it), times [`WEIGHT`]. States reached again more cheaply are queued
    /// again, so the search is complete.
    pub(super) fn place<const K: usize>(
        &mut self,
        region: &Region,
        blank: usize,
        from: [usize; K],
        to: [usize; K],
        meter: &mut Meter<'_>,
    ) -> Result<Vec<Dir>, Fail> {
        let n = region.len();
        let states = (0..=K).fold(1usize, |acc, _| acc * n);
        let encode = |b: u8, t: [u8; K]| t.iter().fold(b as usize, |acc, &x| acc * n + x as usize);
        let decode = |mut s: usize| {
            let mut t = [0u8; K];
            for x in t.iter_mut().rev() {
                *x = (s % n) as u8;
                s /= n;
            }
            (s as u8, t)
        };
        let target = collect(to.map(|c| region.local(c)))?;
        let start_tiles = collect(from.map(|c| region.local(c)))?;
        let start = encode(region.local(blank)?, start_tiles);
        if start_tiles == target {
            return Ok(Vec::new());
        }

        // Stop before allocating past the memory limit.
        let need = (states * 3) as u64;
        let held = (self.parent.capacity() + 2 * self.g.capacity()) as u64;
        if need > held {
            meter.poll(Sizes {
                bytes: self.bytes(),
                growth: need - held,
                ..Sizes::default()
            })?;
        }
        self.parent.clear();
        self.parent.resize(states, ROOT);
        self.g.clear();
        self.g.resize(states, UNSEEN_G);
        self.buckets.iter_mut().for_each(Vec::clear);
        let rc = &region.rc;
        let dist = |a: u8, b: u8| {
            let (p, q) = (rc[a as usize], rc[b as usize]);
            (p.0.abs_diff(q.0) + p.1.abs_diff(q.1)) as u16
        };
        let estimate = |b: u8, t: &[u8; K]| -> u16 {
            let tiles: u16 = t.iter().zip(&target).map(|(&x, &y)| dist(x, y)).sum();
            if tiles == 0 {
                return 0;
            }
            let near = t.iter().map(|&x| dist(b, x)).min().unwrap_or(1);
            (tiles + near - 1) * WEIGHT
        };

        self.g[start] = 0;
        let h0 = estimate(region.local(blank)?, &start_tiles) as usize;
        push(&mut self.buckets, h0, start);
        let mut f = h0;
        // Queue entries (some stale) and states reached, for the reports.
        let (mut open, mut reached) = (1u64, 1u64);
        loop {
            while f < self.buckets.len() && self.buckets[f].is_empty() {
                f += 1;
            }
            let Some(s) = self.buckets.get_mut(f).and_then(Vec::pop) else {
                meter.note_sizes(&self.sizes(open, reached, f));
                return Err(Fail::Stuck("a placement search found no way"));
            };
            open -= 1;
            let s = s as usize;
            let (b, tiles) = decode(s);
            let g = self.g[s];
            if (g + estimate(b, &tiles)) as usize != f {
                continue; // reached again more cheaply since it was queued
            }
            if tiles == target {
                meter.note_sizes(&self.sizes(open, reached, f));
                return Ok(self.path_to(s, region, encode, decode));
            }
            if meter.expand() {
                meter.poll(self.sizes(open, reached, f))?;
            }
            let mut generated = 0;
            for (d, &to_cell) in region.nb[b as usize].iter().enumerate() {
                if to_cell == NONE {
                    continue;
                }
                generated += 1;
                let mut t = tiles;
                for x in t.iter_mut() {
                    if *x == to_cell {
                        *x = b;
                    }
                }
                let next = encode(to_cell, t);
                if self.g[next] <= g + 1 {
                    continue;
                }
                reached += u64::from(self.g[next] == UNSEEN_G);
                self.g[next] = g + 1;
                self.parent[next] = d as u8;
                let fn_ = (g + 1 + estimate(to_cell, &t)) as usize;
                push(&mut self.buckets, fn_, next);
                f = f.min(fn_);
                open += 1;
            }
            meter.generated(generated);
        }
    }

    fn sizes(&self, open: u64, reached: u64, f: usize) -> Sizes {
        Sizes {
            frontier: open,
            stored: reached,
            bytes: self.bytes(),
            growth: 0,
            bound: Some(f as u32),
        }
    }

    /// Follow the parent moves back from state `s` to the start.
    fn path_to<const K: usize>(
        &self,
        mut s: usize,
        region: &Region,
        encode: impl Fn(u8, [u8; K]) -> usize,
        decode: impl Fn(usize) -> (u8, [u8; K]),
    ) -> Vec<Dir> {
        let mut path = Vec::new();
        while self.g[s] > 0 {
            let d = self.parent[s];
            let (b, mut t) = decode(s);
            // The move came from the opposite neighbour; the tile that slid
            // into that cell goes back to where the blank is now.
            let prev = region.nb[b as usize][d as usize ^ 1];
            for x in t.iter_mut() {
                if *x == prev {
                    *x = b;
                }
            }
            path.push(Dir::ALL[d as usize]);
            s = encode(prev, t);
        }
        path.reverse();
        path
    }
}

fn push(buckets: &mut Vec<Vec<u32>>, f: usize, s: usize) {
    if f >= buckets.len() {
        buckets.resize_with(f + 1, Vec::new);
    }
    buckets[f].push(s as u32);
}

/// `[Result<u8>; K]` → `Result<[u8; K]>`.
fn collect<const K: usize>(xs: [Result<u8, Fail>; K]) -> Result<[u8; K], Fail> {
    let mut out = [0u8; K];
    for (o, x) in out.iter_mut().zip(xs) {
        *o = x?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Control;
    use crate::tiles::Board;

    fn run<const K: usize>(
        board: &Board,
        free: &[bool],
        from: [usize; K],
        to: [usize; K],
    ) -> Result<Vec<Dir>, Fail> {
        let ctl = Control::default();
        let mut meter = Meter::new(&ctl);
        let region = Region::new(board.shape(), free);
        Placer::default().place(&region, board.blank(), from, to, &mut meter)
    }

    #[test]
    fn regions_number_free_cells_and_link_free_neighbours() {
        let shape = Shape::new(2, 3).unwrap();
        let free = [false, true, true, true, true, true];
        let r = Region::new(shape, &free);
        assert_eq!(r.len(), 5);
        assert_eq!(r.global, [1, 2, 3, 4, 5]);
        // Cell 3 (row 1, column 0): up is the locked cell 0, right is cell 4.
        assert_eq!(r.nb[2], [NONE, NONE, NONE, 3]);
        assert_eq!(r.nb[0], [NONE, 3, NONE, 1]);
        assert!(r.local(0).is_err());
    }

    #[test]
    fn one_tile_goes_home_by_a_shortest_path() {
        // Tile 1 two cells right of its home, the blank between them.
        let board = Board::parse("4 0 1 2 3 5 6 7 8", None).unwrap();
        let free = vec![true; 9];
        let path = run(&board, &free, [2], [0]).unwrap();
        // R slides it one cell left; the blank goes round it (D L L U) and
        // R slides it home: six moves, none fewer.
        let mut b = board.clone();
        b.apply_path(&path).unwrap();
        assert_eq!(b.position(1), 0);
        assert_eq!(path.len(), 6, "{path:?}");
        // Already home: nothing to do.
        assert!(run(&board, &free, [0], [0]).unwrap().is_empty());
    }

    #[test]
    fn two_tiles_go_home_together_without_leaving_the_free_cells() {
        // The top row's last two cells of a 3×4 with its first two locked.
        let board =
            Board::parse("1 2 4 3 5 6 7 8 9 10 11 0", Some(Shape::new(3, 4).unwrap())).unwrap();
        let mut free = vec![true; 12];
        free[0] = false;
        free[1] = false;
        let (a, b) = (board.position(3), board.position(4));
        let path = run(&board, &free, [a, b], [2, 3]).unwrap();
        let mut after = board.clone();
        let mut blank = after.blank();
        for &d in &path {
            after.apply(d).unwrap();
            blank = after.blank();
            assert!(free[blank], "the blank left the free cells");
        }
        assert_eq!(after.cells()[..4], [1, 2, 3, 4]);
        assert_ne!(blank, 0);
    }

    #[test]
    fn an_impossible_placement_is_an_error_not_a_panic() {
        // On a 2×2 the three tiles keep their cyclic order: 1 and 2 can never
        // swap their cells.
        let board = Board::parse("1 2 3 0", None).unwrap();
        let free = vec![true; 4];
        assert!(matches!(
            run(&board, &free, [0, 1], [1, 0]),
            Err(Fail::Stuck(_))
        ));
    }
}
