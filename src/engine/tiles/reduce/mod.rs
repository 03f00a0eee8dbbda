//! Solving any board the way people do: fill an outer row or column, lock
//! it, and go on with the smaller board; finish the last few cells
//! optimally. Fast on every size up to 10×10 and never stuck, but the
//! solutions are longer than the shortest.
//!
//! * Which line goes next: the board shrinks along its longer side (rows
//!   on ties), taking the row or column farther from the goal's blank, so
//!   the region left always holds the blank's goal cell, whatever the goal.
//!   Shrinking stops at [`FINISH_CELLS`] cells (3×3, 2×4, 4×2 or smaller).
//! * A line's tiles but two are placed one at a time, each by a search over
//!   (blank cell, tile cell) inside the free cells; the last two together
//!   by one over (blank, tile, tile), so the usual tricks for the end of a
//!   row are found, not scripted. The pair may go anywhere along the line
//!   (the singles then fill in from both ends): every place is tried and
//!   the fewest moves kept.
//! * The last region: A* with the Manhattan distance (optimal).
//! * Boards of at most 16 cells are also searched whole by weighted A*
//!   within a budget ([`whole`]); the shorter path is kept.
//! * The path is then shortened by windows: positions a few moves apart
//!   are joined again by a shortest way between them ([`shorten`]).
//!
//! Every search polls one [`Meter`], so the [`Control`]'s cancel flag and
//! limits act on the whole solve, and the counts add up.

mod finish;
mod place;
mod shorten;
mod whole;

use crate::control::{Control, Meter, Sizes, Stop};
use crate::outcome::{Outcome, Status};
use crate::tiles::{Dir, Shape, TilePuzzle};

use place::{Placer, Region};

/// Regions of at most this many cells are solved in one optimal search.
pub const FINISH_CELLS: usize = 9;

/// Why a reduction step did not go through.
#[derive(Debug)]
enum Fail {
    /// The control stopped the search.
    Stop(Stop),
    /// A search found no way: a bug (never expected on a solvable board),
    /// reported as an outcome rather than a panic.
    Stuck(&'static str),
}

impl From<Stop> for Fail {
    fn from(stop: Stop) -> Self {
        Fail::Stop(stop)
    }
}

/// A rectangle of cells: rows `r0..r1`, columns `c0..c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    r0: usize,
    r1: usize,
    c0: usize,
    c1: usize,
}

impl Rect {
    fn whole(shape: Shape) -> Self {
        Self {
            r0: 0,
            r1: shape.rows as usize,
            c0: 0,
            c1: shape.cols as usize,
        }
    }
    fn rows(self) -> usize {
        self.r1 - self.r0
    }
    fn cols(self) -> usize {
        self.c1 - self.c0
    }
    fn contains(self, r: usize, c: usize) -> bool {
        (self.r0..self.r1).contains(&r) && (self.c0..self.c1).contains(&c)
    }
}

/// The next line to strip from `rect`, as `(row, column)` cells in order
/// along it, and the rectangle left; `None` once `rect` is small enough to
/// finish. `blank` is the goal's blank cell, which the line never holds.
///
/// The board shrinks along its longer side (rows on a tie), so it stays
/// square-ish and ends as 3×3 unless it is thin; of the two lines on that
/// side it takes the one farther from the goal's blank (on a tie the
/// first).
fn next_line(rect: Rect, blank: (usize, usize)) -> Option<(Vec<(usize, usize)>, Rect)> {
    let (h, w) = (rect.rows(), rect.cols());
    if h * w <= FINISH_CELLS {
        return None;
    }
    // Only a side of length ≥ 3 can lose a line (the rest keeps ≥ 2); past
    // nine cells at least one side is that long.
    let strip_row = w < 3 || (h >= 3 && h >= w);
    let mut rest = rect;
    let line = if strip_row {
        let row = strip_far_end(&mut rest.r0, &mut rest.r1, blank.0);
        (rect.c0..rect.c1).map(|c| (row, c)).collect()
    } else {
        let col = strip_far_end(&mut rest.c0, &mut rest.c1, blank.1);
        (rect.r0..rect.r1).map(|r| (r, col)).collect()
    };
    Some((line, rest))
}

/// Take the end of `lo..hi` farther from `x` (the first on a tie) off the
/// range, and return it.
fn strip_far_end(lo: &mut usize, hi: &mut usize, x: usize) -> usize {
    if x - *lo >= *hi - 1 - x {
        *lo += 1;
        *lo - 1
    } else {
        *hi -= 1;
        *hi
    }
}

/// The order in which a line's cells are filled when its pair goes to
/// cells `k` and `k + 1`: the singles from both ends inward (so the free
/// cells of the line always stay in one piece next to the pair's slot),
/// then the pair.
fn fill_order(line: &[usize], k: usize) -> (Vec<usize>, [usize; 2]) {
    let singles = line[..k]
        .iter()
        .chain(line[k + 2..].iter().rev())
        .copied()
        .collect();
    (singles, [line[k], line[k + 1]])
}

/// The tiles and the locks: what a trial placement changes.
#[derive(Clone)]
struct Tiles {
    cells: Vec<u8>,
    blank: usize,
    /// Cells not yet locked.
    free: Vec<bool>,
}

/// The board as it is being solved.
struct Work {
    shape: Shape,
    /// The puzzle being solved.
    puzzle: TilePuzzle,
    now: Tiles,
    /// Goal cell of each tile (0 = the blank).
    home: Vec<usize>,
    /// Goal tile of each cell.
    goal: Vec<u8>,
    path: Vec<Dir>,
    placer: Placer,
}

impl Work {
    fn new(puzzle: &TilePuzzle) -> Self {
        let goal = puzzle.goal.cells().to_vec();
        let mut home = vec![0; goal.len()];
        for (cell, &t) in goal.iter().enumerate() {
            home[t as usize] = cell;
        }
        Self {
            shape: puzzle.shape(),
            puzzle: puzzle.clone(),
            now: Tiles {
                cells: puzzle.start.cells().to_vec(),
                blank: puzzle.start.blank(),
                free: vec![true; goal.len()],
            },
            home,
            goal,
            path: Vec::new(),
            placer: Placer::default(),
        }
    }

    fn apply(&mut self, moves: &[Dir]) -> Result<(), Fail> {
        let t = &mut self.now;
        for &d in moves {
            let to = self
                .shape
                .neighbour(t.blank, d)
                .ok_or(Fail::Stuck("a search returned an illegal move"))?;
            t.cells.swap(t.blank, to);
            t.blank = to;
        }
        self.path.extend_from_slice(moves);
        Ok(())
    }

    /// Bring the goal tiles of the cells `targets` there, moving only
    /// through free cells, and lock them.
    fn place<const K: usize>(
        &mut self,
        targets: [usize; K],
        meter: &mut Meter<'_>,
    ) -> Result<(), Fail> {
        let cells = &self.now.cells;
        let from = targets.map(|c| {
            let tile = self.goal[c];
            cells.iter().position(|&x| x == tile).unwrap_or(0)
        });
        let region = Region::new(self.shape, &self.now.free);
        let moves = self
            .placer
            .place(&region, self.now.blank, from, targets, meter)?;
        self.apply(&moves)?;
        for c in targets {
            self.now.free[c] = false;
        }
        Ok(())
    }

    /// Fill `line` with its pair at `k`, `k + 1`.
    fn place_line(&mut self, line: &[usize], k: usize, meter: &mut Meter<'_>) -> Result<(), Fail> {
        let (singles, pair) = fill_order(line, k);
        for c in singles {
            self.place([c], meter)?;
        }
        self.place(pair, meter)
    }

    /// Fill `line`, trying the pair at every place along it and keeping the
    /// fewest moves (the first on a tie).
    fn best_line(&mut self, line: &[usize], meter: &mut Meter<'_>) -> Result<(), Fail> {
        let before = (self.now.clone(), self.path.len());
        let mut best: Option<(Tiles, Vec<Dir>)> = None;
        for k in 0..line.len() - 1 {
            self.place_line(line, k, meter)?;
            let moves = self.path.split_off(before.1);
            if best.as_ref().is_none_or(|(_, m)| moves.len() < m.len()) {
                best = Some((self.now.clone(), moves));
            }
            self.now.clone_from(&before.0);
        }
        let (now, moves) = best.ok_or(Fail::Stuck("a line of fewer than two cells"))?;
        self.now = now;
        self.path.extend(moves);
        Ok(())
    }

    /// Strip lines until the last region, then finish it. Returns whether
    /// the path is optimal (the whole board was one search).
    fn run(&mut self, meter: &mut Meter<'_>) -> Result<bool, Fail> {
        let cols = self.shape.cols as usize;
        let blank_goal = self.shape.coords(self.home[0]);
        let mut rect = Rect::whole(self.shape);
        let whole = rect.rows() * rect.cols() <= FINISH_CELLS;
        while let Some((line, rest)) = next_line(rect, blank_goal) {
            let cells: Vec<usize> = line.iter().map(|&(r, c)| r * cols + c).collect();
            self.best_line(&cells, meter)?;
            rect = rest;
        }
        let moves = finish::finish(&self.now.cells, cols, rect, &self.home, meter)?;
        self.apply(&moves)?;
        if !whole
            && self.shape.cells() <= whole::WHOLE_CELLS
            && let Some(path) = whole::search_whole(&self.puzzle, meter)?
            && path.len() < self.path.len()
        {
            self.path = path;
        }
        if !whole {
            shorten::shorten(self.shape, self.puzzle.start.cells(), &mut self.path, meter)?;
        }
        Ok(whole)
    }
}

/// Solve `puzzle` row by row and column by column (see the [module
/// docs](self)): a path from the start to the goal, not the shortest one
/// (`stats.optimal` is set only when the board has at most
/// [`FINISH_CELLS`] cells and one optimal search did it all, or the start
/// was already the goal). Any shape from 2×2 to 10×10 and any goal.
///
/// An unsolvable start is answered before any search. The `ctl`'s cancel
/// flag and node, memory and time limits apply to the whole solve; the
/// counts are the sums over its small searches, the peak memory the
/// largest of them.
///
/// ```
/// use huarong_engine::tiles::{random_solvable, reduce::solve_by_reduction};
/// use huarong_engine::{Board, Control, Shape, Status, TilePuzzle};
///
/// let goal = Board::goal(Shape::new(10, 10).unwrap());
/// let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(1));
/// let puzzle = TilePuzzle::new(start, goal).unwrap();
/// let o = solve_by_reduction(&puzzle, &Control::default());
/// assert_eq!(o.status, Status::Solved);
/// assert!(puzzle.replays_to_goal(&o.path));
/// assert!(!o.stats.optimal);
/// ```
pub fn solve_by_reduction(puzzle: &TilePuzzle, ctl: &Control) -> Outcome<Dir> {
    if let Err(why) = puzzle.check_solvable() {
        return Outcome::unsolvable(why.to_string());
    }
    let mut meter = Meter::new(ctl);
    let mut work = Work::new(puzzle);
    let result = work.run(&mut meter);
    let sizes = Sizes {
        bytes: work.placer.bytes(),
        ..Sizes::default()
    };
    let mut stats = meter.finish(sizes);
    match result {
        Ok(whole) => {
            stats.optimal = whole || work.path.is_empty();
            Outcome::solved(work.path, stats)
        }
        Err(Fail::Stop(stop)) => Outcome::stopped(stop, stats),
        Err(Fail::Stuck(why)) => Outcome {
            status: Status::NotFound,
            path: Vec::new(),
            stats,
            reason: Some(format!("internal error: {why}")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shape and every goal blank: the lines and the last region
    /// cover the board exactly once, no line holds the goal's blank, and
    /// the last region does.
    #[test]
    fn lines_partition_every_board_around_the_goal_blank() {
        for rows in 2..=10u8 {
            for cols in 2..=10u8 {
                let shape = Shape::new(rows, cols).unwrap();
                for blank in 0..shape.cells() {
                    let b = shape.coords(blank);
                    let mut seen = vec![0u8; shape.cells()];
                    let mut rect = Rect::whole(shape);
                    while let Some((line, rest)) = next_line(rect, b) {
                        assert!(line.len() >= 2);
                        assert!(
                            line.windows(2).all(|p| {
                                p[0].0.abs_diff(p[1].0) + p[0].1.abs_diff(p[1].1) == 1
                            })
                        );
                        assert!(!line.contains(&b), "{shape} {b:?}: {line:?}");
                        assert!(rest.rows() >= 2 && rest.cols() >= 2);
                        for &(r, c) in &line {
                            assert!(rect.contains(r, c) && !rest.contains(r, c));
                            seen[r * cols as usize + c] += 1;
                        }
                        rect = rest;
                    }
                    assert!(rect.rows() * rect.cols() <= FINISH_CELLS);
                    assert!(rect.contains(b.0, b.1));
                    for r in rect.r0..rect.r1 {
                        for c in rect.c0..rect.c1 {
                            seen[r * cols as usize + c] += 1;
                        }
                    }
                    assert!(seen.iter().all(|&n| n == 1), "{shape} {b:?}");
                }
            }
        }
    }

    #[test]
    fn lines_go_the_way_people_solve() {
        // 4×4, blank bottom-right: the top row, then the left column,
        // leaving the bottom-right 3×3.
        let shape = Shape::new(4, 4).unwrap();
        let (line, rest) = next_line(Rect::whole(shape), (3, 3)).unwrap();
        assert_eq!(line, [(0, 0), (0, 1), (0, 2), (0, 3)]);
        let (line, rest) = next_line(rest, (3, 3)).unwrap();
        assert_eq!(line, [(1, 0), (2, 0), (3, 0)]);
        assert_eq!(
            rest,
            Rect {
                r0: 1,
                r1: 4,
                c0: 1,
                c1: 4
            }
        );
        assert!(next_line(rest, (3, 3)).is_none());
        // Korf's goal (blank top-left): the bottom row first.
        let (line, _) = next_line(Rect::whole(shape), (0, 0)).unwrap();
        assert_eq!(line[0], (3, 0));
        // 2×10: columns of two, the far one first.
        let shape = Shape::new(2, 10).unwrap();
        let (line, rest) = next_line(Rect::whole(shape), (1, 9)).unwrap();
        assert_eq!(line, [(0, 0), (1, 0)]);
        assert_eq!(rest.cols(), 9);
    }

    #[test]
    fn singles_fill_in_from_both_ends_toward_the_pair() {
        let line = [10, 11, 12, 13, 14];
        assert_eq!(fill_order(&line, 0), (vec![14, 13, 12], [10, 11]));
        assert_eq!(fill_order(&line, 2), (vec![10, 11, 14], [12, 13]));
        assert_eq!(fill_order(&line, 3), (vec![10, 11, 12], [13, 14]));
        assert_eq!(fill_order(&[3, 7], 0), (vec![], [3, 7]));
    }

    /// Every place of the pair works (the free cells of the line stay in one
    /// piece), on a square board and on a thin one.
    #[test]
    fn every_pair_place_fills_the_line() {
        let mut rng = crate::rng::seeded(5);
        for (rows, cols) in [(5, 5), (3, 6)] {
            let goal = crate::tiles::Board::goal(Shape::new(rows, cols).unwrap());
            let start = crate::tiles::random_solvable(&goal, &mut rng);
            let p = TilePuzzle::new(start, goal).unwrap();
            let (line, _) =
                next_line(Rect::whole(p.shape()), p.shape().coords(p.goal.blank())).unwrap();
            let line: Vec<usize> = line.iter().map(|&(r, c)| r * cols as usize + c).collect();
            for k in 0..line.len() - 1 {
                let ctl = Control::default();
                let mut meter = Meter::new(&ctl);
                let mut work = Work::new(&p);
                work.place_line(&line, k, &mut meter).unwrap();
                let mut b = p.start.clone();
                b.apply_path(&work.path).unwrap();
                for &c in &line {
                    assert_eq!(b.cells()[c], p.goal.cells()[c], "{rows}x{cols} k={k}");
                }
            }
        }
    }

    #[test]
    fn a_stopped_search_is_an_outcome() {
        let goal = crate::tiles::Board::goal(Shape::new(6, 6).unwrap());
        let start = crate::tiles::random_solvable(&goal, &mut crate::rng::seeded(11));
        let p = TilePuzzle::new(start, goal).unwrap();
        let ctl = Control::default().with_limits(crate::Limits {
            max_nodes: Some(10),
            ..Default::default()
        });
        let o = solve_by_reduction(&p, &ctl);
        assert_eq!(o.status, Status::Limit(crate::LimitKind::Nodes));
        assert_eq!(o.stats.expanded, 10);
        assert!(o.path.is_empty() && !o.stats.optimal);
    }
}
