//! The last region (at most [`FINISH_CELLS`](super::FINISH_CELLS) cells:
//! 3×3, 2×4, 4×2 or smaller) solved optimally: the generic A\* with the
//! Manhattan distance, counting into the reduction's shared meter.

use super::{Fail, Rect};
use crate::engine::control::Meter;
use crate::engine::search::{AStarEnd, SearchSpace, astar_metered};
use crate::engine::tiles::Dir;

/// Bits of the packed state that hold the blank's local cell.
const BLANK_SHIFT: u32 = 40;

/// The region's cells, numbered row-major inside `rect`, with neighbours.
struct Local {
    w: usize,
    m: usize,
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
        Self { w, m: h * w, nb }
    }

    fn dist(&self, a: usize, b: usize) -> u32 {
        ((a / self.w).abs_diff(b / self.w) + (a % self.w).abs_diff(b % self.w)) as u32
    }

    /// Manhattan distance of every tile of packed state `s` to its goal.
    fn manhattan(&self, s: u64) -> u32 {
        let blank = (s >> BLANK_SHIFT) as usize;
        (0..self.m)
            .filter(|&i| i != blank)
            .map(|i| self.dist(i, get(s, i)))
            .sum()
    }
}

/// Which local cell a packed state holds in local cell `i`'s goal.
#[inline]
fn get(s: u64, i: usize) -> usize {
    ((s >> (4 * i)) & 0xF) as usize
}

/// The region as a search space: a state packs, per local cell, the local
/// goal cell of its tile (4 bits each) and the blank's cell above them.
struct Region<'a> {
    local: &'a Local,
    goal: u64,
}

impl SearchSpace for Region<'_> {
    type State = u64;
    type Move = Dir;

    fn successors(&self, s: &u64, out: &mut Vec<(Dir, u64)>) {
        let b = (s >> BLANK_SHIFT) as usize;
        for (d, to) in self.local.nb[b].iter().enumerate() {
            let Some(to) = *to else { continue };
            // The tile on `to` slides into `b`.
            let t = get(*s, to);
            let cleared =
                s & !((0xFu64 << (4 * b)) | (0xFu64 << (4 * to)) | (0xFu64 << BLANK_SHIFT));
            let next = cleared
                | (t as u64) << (4 * b)
                | (get(*s, b) as u64) << (4 * to)
                | (to as u64) << BLANK_SHIFT;
            out.push((Dir::ALL[d], next));
        }
    }

    fn is_goal(&self, s: &u64) -> bool {
        *s == self.goal
    }
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
    debug_assert!(local.m <= super::FINISH_CELLS);
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
    let goal_blank = to_local(home[0])?;
    for i in 0..local.m {
        let cell = (rect.r0 + i / local.w) * cols + rect.c0 + i % local.w;
        let tile = cells[cell];
        start |= (to_local(home[tile as usize])? as u64) << (4 * i);
        if tile == 0 {
            start |= (i as u64) << BLANK_SHIFT;
        }
    }
    let goal = (0..local.m).fold((goal_blank as u64) << BLANK_SHIFT, |acc, i| {
        acc | (i as u64) << (4 * i)
    });
    let region = Region {
        local: &local,
        goal,
    };
    let (end, sizes) = astar_metered(&region, start, |&s| local.manhattan(s), meter);
    meter.note_sizes(&sizes);
    match end {
        AStarEnd::Found { path, .. } => Ok(path),
        AStarEnd::Stopped(stop) => Err(Fail::Stop(stop)),
        AStarEnd::Exhausted { .. } => Err(Fail::Stuck("the last region cannot reach its goal")),
    }
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
