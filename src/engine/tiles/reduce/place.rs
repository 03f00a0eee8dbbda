//! Moving one or two tiles to their cells: weighted A* over the cells of
//! the blank and of the tracked tiles, inside the free cells. The
//! other tiles are not part of the state, so a state is just those two or
//! three cells (at most 100³ states on a 10×10 board); but every move
//! pushes one of them, and a push toward that tile's home is charged less
//! than a push away from it (see [`Pushed`]), so of the ways of similar
//! length the search takes one that leaves the tiles still to be placed
//! nearer their homes.

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

    /// The board cell of each local number.
    pub(super) fn cells(&self) -> &[usize] {
        &self.global
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

/// The tile a move would push out of a cell, as the move's cost sees it:
/// where that tile belongs and how much its distance from there weighs.
///
/// A move costs [`STEP_COST`], plus `weight` if it pushes the tile one cell
/// farther from its home, minus `weight` if nearer (`weight` <
/// [`STEP_COST`], so every move still costs something). Which tile a move
/// pushes is read from the board as it was when the placement began (the
/// state does not hold the other tiles): exact for a cell the blank enters
/// the first time, an estimate after.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Pushed {
    /// The tile's home row and column.
    pub(super) home: (u8, u8),
    /// 0 for no tile (the blank, a tracked tile): a plain [`STEP_COST`].
    pub(super) weight: u8,
}

/// The cost of one move (before its push's share, see [`Pushed`]).
pub(super) const STEP_COST: u16 = 4;

/// A* buffers, reused from one placement to the next.
#[derive(Default)]
pub(super) struct Placer {
    /// Per state: the move index that reached it most cheaply, or [`ROOT`].
    parent: Vec<u8>,
    /// Per state: cost from the start, or [`UNSEEN_G`].
    g: Vec<u16>,
    /// The states whose `g` the last search set (reset before the next,
    /// instead of clearing a megabyte table for every placement).
    touched: Vec<u32>,
    /// Open states by f = g + h (each bucket a stack: deepest first).
    buckets: Vec<Vec<u32>>,
    /// Per tracked tile and local cell: the distance to that tile's target.
    to_target: Vec<u16>,
}

/// How much the estimate is inflated, in halves, for one tile and for two.
/// Each tile step really costs about five moves (the blank goes round the
/// tile), so the plain estimate is far too low and A* would search nearly
/// the whole space. Measured on 100 random 10×10 boards (mean length of
/// the whole solve): one tile at 1.0 is only 0.3 % shorter than at 1.5 for
/// 45 % more work; two tiles at 2.5 are 1.7 % shorter than at 3 for twice
/// the work.
const INFLATION_HALVES: [u16; 2] = [3, 5];

/// `g` of a state not reached yet.
const UNSEEN_G: u16 = u16::MAX;

impl Placer {
    /// Bytes held by the buffers.
    pub(super) fn bytes(&self) -> u64 {
        (self.parent.capacity()
            + 2 * self.g.capacity()
            + 4 * self.touched.capacity()
            + 2 * self.to_target.capacity()
            + 4 * self.buckets.iter().map(Vec::capacity).sum::<usize>()) as u64
    }

    /// Blank moves, inside `region`, that bring the `K` tiles now in cells
    /// `from` to cells `to` (blank anywhere in the end): few, but not always
    /// the fewest. The blank is in cell `blank`; every cell named must be
    /// free. `pushed` (by local cell number) prices the pushes of the other
    /// tiles; all weights 0 for the fewest moves alone. Fails with
    /// [`Fail::Stuck`] when no such moves exist (never on the placements
    /// the reduction asks for).
    ///
    /// Weighted A* over (blank, tiles). The estimate is the tiles'
    /// Manhattan distances to their targets plus the blank's distance to
    /// the nearest tile less one (no tile moves before the blank is next to
    /// it), in [`STEP_COST`]s, inflated by [`INFLATION_HALVES`]. States
    /// reached again more cheaply are queued again, so the search is
    /// complete.
    pub(super) fn place<const K: usize>(
        &mut self,
        region: &Region,
        blank: usize,
        from: [usize; K],
        to: [usize; K],
        pushed: &[Pushed],
        meter: &mut Meter<'_>,
    ) -> Result<Vec<Dir>, Fail> {
        let n = region.len();
        let states = (0..=K).fold(1usize, |acc, _| acc * n);
        // The blank is the lowest digit: most moves only move the blank,
        // to a state next to this one in the tables (one cell over, or a
        // row), which keeps the large two-tile tables in cache.
        let encode =
            |b: u8, t: [u8; K]| t.iter().fold(0, |acc, &x| acc * n + x as usize) * n + b as usize;
        let decode = |mut s: usize| {
            let b = (s % n) as u8;
            s /= n;
            let mut t = [0u8; K];
            for x in t.iter_mut().rev() {
                *x = (s % n) as u8;
                s /= n;
            }
            (b, t)
        };
        let target = collect(to.map(|c| region.local(c)))?;
        let start_tiles = collect(from.map(|c| region.local(c)))?;
        let start = encode(region.local(blank)?, start_tiles);
        if start_tiles == target {
            return Ok(Vec::new());
        }

        // Stop before allocating past the memory limit: the tables and the
        // list of states reached (at most all of them).
        let need = (states * 7) as u64;
        let held =
            (self.parent.capacity() + 2 * self.g.capacity() + 4 * self.touched.capacity()) as u64;
        if need > held {
            meter.poll(Sizes {
                bytes: self.bytes(),
                growth: need - held,
                ..Sizes::default()
            })?;
        }
        for &s in &self.touched {
            self.g[s as usize] = UNSEEN_G;
        }
        self.touched.clear();
        if self.g.len() < states {
            self.parent.resize(states, ROOT);
            self.g.resize(states, UNSEEN_G);
            self.touched.reserve_exact(states);
        }
        self.buckets.iter_mut().for_each(Vec::clear);
        let rc = &region.rc;
        let dist = |a: u8, b: u8| {
            let (p, q) = (rc[a as usize], rc[b as usize]);
            (p.0.abs_diff(q.0) + p.1.abs_diff(q.1)) as u16
        };
        self.to_target.clear();
        for &y in &target {
            self.to_target.extend((0..n as u8).map(|x| dist(x, y)));
        }
        let to_target = &self.to_target;
        let estimate = |b: u8, t: &[u8; K]| -> u16 {
            let tiles: u16 = (0..K).map(|k| to_target[k * n + t[k] as usize]).sum();
            if tiles == 0 {
                return 0;
            }
            let near = t.iter().map(|&x| dist(b, x)).min().unwrap_or(1);
            (tiles + near - 1) * STEP_COST * INFLATION_HALVES[K - 1] / 2
        };
        // The blank goes from cell `b` to cell `to`, pushing an untracked tile.
        let step_cost = |b: u8, to: u8| -> u16 {
            let Pushed { home, weight } = pushed[to as usize];
            let (now, next) = (rc[to as usize], rc[b as usize]);
            let d_now = now.0.abs_diff(home.0) + now.1.abs_diff(home.1);
            let d_next = next.0.abs_diff(home.0) + next.1.abs_diff(home.1);
            let weight = u16::from(weight);
            // The distances differ by one, and weight < STEP_COST.
            STEP_COST + weight * u16::from(d_next) - weight * u16::from(d_now)
        };

        self.g[start] = 0;
        self.parent[start] = ROOT;
        self.touched.push(start as u32);
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
                let mut tracked = false;
                for x in t.iter_mut() {
                    if *x == to_cell {
                        *x = b;
                        tracked = true;
                    }
                }
                let g_next = g + if tracked {
                    STEP_COST
                } else {
                    step_cost(b, to_cell)
                };
                let next = encode(to_cell, t);
                if self.g[next] <= g_next {
                    continue;
                }
                if self.g[next] == UNSEEN_G {
                    reached += 1;
                    self.touched.push(next as u32);
                }
                self.g[next] = g_next;
                self.parent[next] = d as u8;
                let fn_ = (g_next + estimate(to_cell, &t)) as usize;
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
        while self.parent[s] != ROOT {
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
        let region = Region::new(board.shape(), free);
        let plain = vec![Pushed::default(); region.len()];
        run_pushed(board, &region, from, to, &plain)
    }

    fn run_pushed<const K: usize>(
        board: &Board,
        region: &Region,
        from: [usize; K],
        to: [usize; K],
        pushed: &[Pushed],
    ) -> Result<Vec<Dir>, Fail> {
        let ctl = Control::default();
        let mut meter = Meter::new(&ctl);
        Placer::default().place(region, board.blank(), from, to, pushed, &mut meter)
    }

    /// Test-side breadth-first search over whole boards in which the
    /// untracked tiles are all alike: the fewest blank moves, through the
    /// `free` cells only, that bring the tiles in `from` to `to`.
    fn fewest_by_bfs<const K: usize>(
        board: &Board,
        free: &[bool],
        from: [usize; K],
        to: [usize; K],
    ) -> Option<usize> {
        use std::collections::{HashSet, VecDeque};
        const OTHER: u8 = u8::MAX;
        let shape = board.shape();
        let mut cells = vec![OTHER; shape.cells()];
        cells[board.blank()] = 0;
        for (k, &c) in from.iter().enumerate() {
            cells[c] = k as u8 + 1;
        }
        let done = |cells: &[u8]| to.iter().enumerate().all(|(k, &c)| cells[c] == k as u8 + 1);
        let mut seen = HashSet::from([cells.clone()]);
        let mut queue = VecDeque::from([(cells, board.blank(), 0)]);
        while let Some((cells, blank, depth)) = queue.pop_front() {
            if done(&cells) {
                return Some(depth);
            }
            for d in Dir::ALL {
                let Some(next) = shape.neighbour(blank, d).filter(|&n| free[n]) else {
                    continue;
                };
                let mut after = cells.clone();
                after.swap(blank, next);
                if seen.insert(after.clone()) {
                    queue.push_back((after, next, depth + 1));
                }
            }
        }
        None
    }

    /// The path keeps the blank in the free cells and brings the tiles
    /// from `from` to `to`.
    fn check_path<const K: usize>(
        board: &Board,
        free: &[bool],
        from: [usize; K],
        to: [usize; K],
        path: &[Dir],
    ) {
        let tiles = from.map(|c| board.cells()[c]);
        let mut b = board.clone();
        for &d in path {
            b.apply(d).unwrap();
            assert!(free[b.blank()], "the blank left the free cells");
        }
        for (tile, c) in tiles.into_iter().zip(to) {
            assert_eq!(b.cells()[c], tile);
        }
    }

    /// Random small boards with a locked top row or left column, one tile
    /// and two: the placement is never shorter than the test-side BFS's
    /// fewest moves, and within the inflation (1.5 and 2.5) of it, the
    /// bound of weighted A* with an estimate that never overestimates.
    /// With random push weights the paths still arrive.
    #[test]
    fn placements_are_within_the_inflation_of_the_fewest_moves() {
        use rand::RngExt;
        use rand::seq::SliceRandom;
        let mut rng = crate::rng::seeded(3);
        for (rows, cols) in [(3, 3), (3, 4), (4, 3), (4, 4), (2, 5)] {
            let shape = Shape::new(rows, cols).unwrap();
            for round in 0..12 {
                let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
                cells.shuffle(&mut rng);
                let board = Board::new(shape, cells).unwrap();
                // Lock the first row (or, on a 2-row board, the first column)
                // unless it holds the blank.
                let lock: Vec<usize> = if rows > 2 {
                    (0..cols as usize).collect()
                } else {
                    vec![0, cols as usize]
                };
                let free: Vec<bool> = (0..shape.cells())
                    .map(|c| lock.contains(&board.blank()) || !lock.contains(&c))
                    .collect();
                let open: Vec<usize> = (0..shape.cells())
                    .filter(|&c| free[c] && c != board.blank())
                    .collect();
                let mut picks = open.clone();
                picks.shuffle(&mut rng);
                let [a, b, t, u] = [picks[0], picks[1], picks[2], picks[3]];
                if let Some(best) = fewest_by_bfs(&board, &free, [a], [t]) {
                    let path = run(&board, &free, [a], [t]).unwrap();
                    check_path(&board, &free, [a], [t], &path);
                    assert!(
                        path.len() >= best && 2 * path.len() <= 3 * best,
                        "{rows}x{cols} #{round}: {} vs {best}",
                        path.len()
                    );
                }
                {
                    match fewest_by_bfs(&board, &free, [a, b], [t, u]) {
                        Some(best) => {
                            let path = run(&board, &free, [a, b], [t, u]).unwrap();
                            check_path(&board, &free, [a, b], [t, u], &path);
                            assert!(
                                path.len() >= best && 2 * path.len() <= 5 * best,
                                "{rows}x{cols} #{round}: {} vs {best}",
                                path.len()
                            );
                            let region = Region::new(shape, &free);
                            let pushed: Vec<Pushed> = (0..region.len())
                                .map(|_| Pushed {
                                    home: (rng.random_range(0..rows), rng.random_range(0..cols)),
                                    weight: rng.random_range(0..STEP_COST as u8),
                                })
                                .collect();
                            let path =
                                run_pushed(&board, &region, [a, b], [t, u], &pushed).unwrap();
                            check_path(&board, &free, [a, b], [t, u], &path);
                            assert!(path.len() >= best);
                        }
                        None => assert!(run(&board, &free, [a, b], [t, u]).is_err()),
                    }
                }
            }
        }
    }

    /// Two routes of the same length for the blank: the one whose pushes
    /// take a tile home is taken, whichever side it is on.
    #[test]
    fn of_equal_routes_the_one_pushing_tiles_home_is_taken() {
        // 3×3, blank top-left; tile 5 (centre right, cell 5) goes to the
        // centre (cell 4). The blank reaches the centre by the top (pushing
        // cell 1's tile left) or by the left (pushing cell 3's tile up),
        // then slides 5 in: three moves either way.
        let board = Board::parse("0 1 2 3 4 5 6 7 8", None).unwrap();
        let free = vec![true; 9];
        assert_eq!(fewest_by_bfs(&board, &free, [5], [4]), Some(3));
        let region = Region::new(board.shape(), &free);
        for (home_of_1, home_of_3, first) in
            [((0, 0), (2, 2), Dir::Right), ((2, 2), (0, 0), Dir::Down)]
        {
            // The blank moving right pushes cell 1's tile to cell 0; moving
            // down pushes cell 3's tile to cell 0.
            let mut pushed = vec![Pushed::default(); 9];
            pushed[1] = Pushed {
                home: home_of_1,
                weight: 2,
            };
            pushed[3] = Pushed {
                home: home_of_3,
                weight: 2,
            };
            let path = run_pushed(&board, &region, [5], [4], &pushed).unwrap();
            check_path(&board, &free, [5], [4], &path);
            assert_eq!(path.len(), 3);
            assert_eq!(path[0], first, "{path:?}");
        }
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
