//! The last region (at most [`FINISH_CELLS`](super::FINISH_CELLS) cells:
//! 3×3, 2×4, 4×2 or smaller) solved optimally: the region as a board of its
//! own, searched by the generic A\* over the packed [`TileSpace`] with the
//! Manhattan distance, counting into the reduction's shared meter.

use super::{Fail, Rect};
use crate::control::Meter;
use crate::search::{End, astar_metered};
use crate::tiles::heuristic::{Manhattan, TileHeuristic};
use crate::tiles::packed::PackedBoard;
use crate::tiles::space::TileSpace;
use crate::tiles::{Board, Dir, Shape, TilePuzzle};

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
    let shape = Shape::new(rect.rows() as u8, rect.cols() as u8)
        .map_err(|_| Fail::Stuck("the last region is not a board"))?;
    let m = shape.cells();
    debug_assert!(m <= super::FINISH_CELLS);
    let to_local = |cell: usize| -> Result<usize, Fail> {
        let (r, c) = (cell / cols, cell % cols);
        if rect.contains(r, c) {
            Ok((r - rect.r0) * rect.cols() + (c - rect.c0))
        } else {
            Err(Fail::Stuck("a tile of the last region belongs elsewhere"))
        }
    };
    // Each tile is named after its local goal cell: the blank's is 0, the
    // others 1, 2, … in row-major order.
    let goal_blank = to_local(home[0])?;
    let name = |goal_cell: usize| match goal_cell {
        c if c == goal_blank => 0,
        c if c < goal_blank => c as u8 + 1,
        c => c as u8,
    };
    let goal: Vec<u8> = (0..m).map(name).collect();
    let start = (0..m)
        .map(|i| {
            let cell = (rect.r0 + i / rect.cols()) * cols + rect.c0 + i % rect.cols();
            to_local(home[cells[cell] as usize]).map(name)
        })
        .collect::<Result<Vec<u8>, Fail>>()?;
    let board = |cells: Vec<u8>| {
        Board::new(shape, cells).map_err(|_| Fail::Stuck("the last region holds a tile twice"))
    };
    let puzzle = TilePuzzle::new(board(start)?, board(goal)?)
        .map_err(|_| Fail::Stuck("the last region's boards differ in shape"))?;
    let (space, start) = TileSpace::<u64>::new(&puzzle);
    let manhattan = Manhattan::new(&puzzle.goal);
    let estimate = |s: &u64| {
        let mut local = [0u8; super::FINISH_CELLS];
        s.unpack(&mut local[..m]);
        manhattan.estimate(&local[..m])
    };
    let (end, sizes) = astar_metered(&space, start, estimate, meter, &crate::observe::Unwatched);
    meter.note_sizes(&sizes);
    match end {
        End::Found { path, .. } => Ok(path),
        End::Stopped(stop) => Err(Fail::Stop(stop)),
        End::OverBudget => unreachable!("no budget was set"),
        End::Exhausted { .. } => Err(Fail::Stuck("the last region cannot reach its goal")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Control;
    use crate::tiles::{Board, Shape, TilePuzzle, parse_path};

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
