//! The last region (at most [`FINISH_CELLS`](super::FINISH_CELLS) cells:
//! 3×3, 2×4, 4×2 or smaller) solved optimally: A* with the Manhattan
//! distance, which is consistent, so no state is expanded twice.

use super::{Fail, Rect};
use crate::engine::control::{Meter, Sizes};
use crate::engine::hash::StateMap;
use crate::engine::tiles::Dir;

/// Bits of the packed state that hold the blank's local cell.
const BLANK_SHIFT: u32 = 40;
/// The start node's move.
const ROOT: u8 = 4;

#[derive(Clone, Copy)]
struct Node {
    parent: u64,
    g: u8,
    h: u8,
    dir: u8,
    closed: bool,
}

/// The region's cells, numbered row-major inside `rect`, with neighbours.
struct Local {
    w: usize,
    nb: Vec<[Option<usize>; 4]>,
}

impl Local {
    fn new(rect: Rect) -> Self {
        let (h, w) = (rect.rows(), rect.cols());
        let nb = (0..h * w)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                Dir::ALL.map(|d| match d {
                    Dir::Up if r > 0 => Some(i - w),
                    Dir::Down if r + 1 < h => Some(i + w),
                    Dir::Left if c > 0 => Some(i - 1),
                    Dir::Right if c + 1 < w => Some(i + 1),
                    _ => None,
                })
            })
            .collect();
        Self { w, nb }
    }

    fn dist(&self, a: usize, b: usize) -> u8 {
        ((a / self.w).abs_diff(b / self.w) + (a % self.w).abs_diff(b % self.w)) as u8
    }
}

/// Which local cell a packed state holds in local cell `i`'s goal.
#[inline]
fn get(s: u64, i: usize) -> usize {
    ((s >> (4 * i)) & 0xF) as usize
}

/// Shortest blank moves that bring the region `rect` of the board `cells`
/// to its goal. `home[tile]` is each tile's goal cell (the blank is tile 0);
/// the tiles in `rect` must all belong there.
pub(super) fn finish(
    cells: &[u8],
    cols: usize,
    rect: Rect,
    home: &[usize],
    meter: &mut Meter<'_>,
) -> Result<Vec<Dir>, Fail> {
    let local = Local::new(rect);
    let m = rect.rows() * rect.cols();
    debug_assert!(m <= super::FINISH_CELLS);
    let to_local = |cell: usize| -> Result<usize, Fail> {
        let (r, c) = (cell / cols, cell % cols);
        if rect.contains(r, c) {
            Ok((r - rect.r0) * local.w + (c - rect.c0))
        } else {
            Err(Fail::Stuck("a tile of the last region belongs elsewhere"))
        }
    };
    // Each local cell holds the local goal cell of its tile.
    let mut start = 0u64;
    let mut blank = 0;
    let goal_blank = to_local(home[0])?;
    for i in 0..m {
        let cell = (rect.r0 + i / local.w) * cols + rect.c0 + i % local.w;
        let tile = cells[cell];
        start |= (to_local(home[tile as usize])? as u64) << (4 * i);
        if tile == 0 {
            blank = i;
        }
    }
    start |= (blank as u64) << BLANK_SHIFT;
    let goal = (0..m).fold((goal_blank as u64) << BLANK_SHIFT, |acc, i| {
        acc | (i as u64) << (4 * i)
    });
    let h0 = (0..m)
        .filter(|&i| i != blank)
        .map(|i| local.dist(i, get(start, i)) as u32)
        .sum::<u32>() as u8;

    let mut nodes: StateMap<u64, Node> = StateMap::default();
    let mut buckets: Vec<Vec<u64>> = vec![Vec::new(); h0 as usize + 1];
    nodes.insert(
        start,
        Node {
            parent: start,
            g: 0,
            h: h0,
            dir: ROOT,
            closed: false,
        },
    );
    buckets[h0 as usize].push(start);
    let sizes = |nodes: &StateMap<u64, Node>, buckets: &Vec<Vec<u64>>, f: usize| Sizes {
        frontier: buckets.iter().map(|b| b.len() as u64).sum(),
        stored: nodes.len() as u64,
        bytes: (nodes.capacity() * (std::mem::size_of::<(u64, Node)>() + 1)
            + buckets.iter().map(|b| b.capacity() * 8).sum::<usize>()) as u64,
        growth: 0,
        bound: Some(f as u32),
    };

    let mut f = h0 as usize;
    loop {
        while f < buckets.len() && buckets[f].is_empty() {
            f += 1;
        }
        let Some(s) = buckets.get_mut(f).and_then(|b| b.pop()) else {
            meter.note_sizes(&sizes(&nodes, &buckets, f));
            return Err(Fail::Stuck("the last region cannot reach its goal"));
        };
        let node = nodes[&s];
        if node.closed || (node.g + node.h) as usize != f {
            continue; // reached again more cheaply since it was queued
        }
        if s == goal {
            meter.note_sizes(&sizes(&nodes, &buckets, f));
            return Ok(path_to(&nodes, s));
        }
        if meter.expand() {
            meter.poll(sizes(&nodes, &buckets, f))?;
        }
        nodes.get_mut(&s).expect("just read").closed = true;
        let b = (s >> BLANK_SHIFT) as usize;
        let mut generated = 0;
        for (d, to) in local.nb[b].iter().enumerate() {
            let Some(to) = *to else { continue };
            generated += 1;
            let t = get(s, to);
            // The tile `t` slides from `to` into `b`.
            let h = node.h + local.dist(b, t) - local.dist(to, t);
            let cells_mask =
                !((0xFu64 << (4 * b)) | (0xFu64 << (4 * to)) | (0xFu64 << BLANK_SHIFT));
            let next = (s & cells_mask)
                | (t as u64) << (4 * b)
                | (get(s, b) as u64) << (4 * to)
                | (to as u64) << BLANK_SHIFT;
            let g = node.g + 1;
            let better = nodes.get(&next).is_none_or(|n| !n.closed && n.g > g);
            if better {
                nodes.insert(
                    next,
                    Node {
                        parent: s,
                        g,
                        h,
                        dir: d as u8,
                        closed: false,
                    },
                );
                let fi = (g + h) as usize;
                if fi >= buckets.len() {
                    buckets.resize_with(fi + 1, Vec::new);
                }
                buckets[fi].push(next);
            }
        }
        meter.generated(generated);
    }
}

fn path_to(nodes: &StateMap<u64, Node>, mut s: u64) -> Vec<Dir> {
    let mut path = Vec::new();
    loop {
        let n = nodes[&s];
        if n.dir == ROOT {
            break;
        }
        path.push(Dir::ALL[n.dir as usize]);
        s = n.parent;
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::control::Control;
    use crate::engine::tiles::{Board, Shape, TilePuzzle, parse_path};

    fn solve(p: &TilePuzzle, rect: Rect) -> Result<Vec<Dir>, Fail> {
        let ctl = Control::default();
        let mut meter = Meter::new(&ctl);
        let mut home = vec![0; p.goal.cells().len()];
        for (cell, &t) in p.goal.cells().iter().enumerate() {
            home[t as usize] = cell;
        }
        let cols = p.shape().cols as usize;
        finish(p.start.cells(), cols, rect, &home, &mut meter)
    }

    #[test]
    fn the_hardest_eight_puzzle_takes_its_31_moves() {
        let p = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
        let path = solve(&p, Rect::whole(p.shape())).unwrap();
        assert_eq!(path.len(), 31);
        assert!(p.replays_to_goal(&path));
    }

    #[test]
    fn a_corner_region_is_solved_inside_its_rectangle() {
        // A 3×4 whose left column is already home: the right 3×3 is solved
        // (blank goal top-left of it) without touching column 0.
        let goal =
            Board::parse("1 0 2 3 4 5 6 7 8 9 10 11", Some(Shape::new(3, 4).unwrap())).unwrap();
        let mut start = goal.clone();
        start
            .apply_path(&parse_path("DRDRULLURDLDRR").unwrap())
            .unwrap();
        let p = TilePuzzle::new(start, goal).unwrap();
        let rect = Rect {
            r0: 0,
            r1: 3,
            c0: 1,
            c1: 4,
        };
        let path = solve(&p, rect).unwrap();
        assert!(p.replays_to_goal(&path));
        let mut b: Board = p.start.clone();
        for d in path {
            b.apply(d).unwrap();
            assert_ne!(b.blank() % 4, 0, "the blank entered column 0");
        }
    }

    #[test]
    fn an_odd_region_is_an_error() {
        let p = TilePuzzle::parse("2 1 3 0", None, None).unwrap();
        assert!(matches!(
            solve(&p, Rect::whole(p.shape())),
            Err(Fail::Stuck(_))
        ));
    }
}
