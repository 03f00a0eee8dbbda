//! Solving any board the way people do: fill an outer row or column, lock
//! it, and go on with the smaller board; finish the last few cells
//! optimally. Fast on every size up to 10×10 and never stuck, but the
//! solutions are longer than the shortest.
//!
//! * Which line goes next: the board shrinks along its longer side (rows
//!   on ties), taking the row or column farther from the goal's blank, so
//!   the region left always holds the blank's goal cell, whatever the goal.
//!   Shrinking stops at [`FINISH_CELLS`] cells (3×3, 2×4, 4×2 or smaller).
//! * A line fills in from its two ends toward the middle, each step placing
//!   one tile by a search over (blank cell, tile cell) inside the free
//!   cells, or two side by side by one over (blank, tile, tile); the last
//!   two always go together, so the usual tricks for the end of a row are
//!   found, not scripted. Which end next, and one tile or two: a dynamic
//!   programme over the stretch still empty keeps, for each stretch, the
//!   best way found to it (`Work::fill_line`), counting the moves and
//!   the distance the tiles still to be placed are left from their homes.
//! * Every placement's moves are also charged for the tiles they push: a
//!   push toward that tile's home costs less than one away from it
//!   (`place::Pushed`), so the later tiles start nearer.
//! * The last region: A* with the Manhattan distance (optimal).
//! * Boards of at most 16 cells are also searched whole by weighted A*
//!   within a budget (`whole`); the shorter path is kept.
//! * The path is then shortened by windows: positions a few moves apart
//!   are joined again by a shortest way between them (`shorten`).
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

use place::{Placer, Pushed, Region};

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

/// The stretch `line[lo..lo + width]` of a line still empty while the line
/// fills in from both ends (the empty cells always stay in one piece: a
/// lone empty cell between locked ones could not be filled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Gap {
    lo: usize,
    width: usize,
}

impl Gap {
    /// The ways to fill this gap's next cells: the line cells placed (one,
    /// or two side by side) and the gap left. One tile at either end while
    /// at least three cells are empty, two at either end while at least
    /// four are (never leaving one cell alone), and the last two together.
    fn fills(self, line: &[usize]) -> Vec<(Vec<usize>, Gap)> {
        let Gap { lo, width } = self;
        let hi = lo + width; // one past the gap
        let gap = |lo, width| Gap { lo, width };
        match width {
            0 | 1 => Vec::new(),
            // The line is full: one end, whatever the way.
            2 => vec![(line[lo..hi].to_vec(), gap(0, 0))],
            _ => {
                let mut ways = vec![
                    (vec![line[lo]], gap(lo + 1, width - 1)),
                    (vec![line[hi - 1]], gap(lo, width - 1)),
                ];
                if width >= 4 {
                    ways.push((line[lo..lo + 2].to_vec(), gap(lo + 2, width - 2)));
                    ways.push((line[hi - 2..hi].to_vec(), gap(lo, width - 2)));
                }
                ways
            }
        }
    }
}

/// How the ways of filling a line are compared: each move counts 1, and so
/// does each unit of Manhattan distance the tiles still to be placed are
/// left from their homes (filling a line took about 2.2 moves per unit of
/// distance it removed on random 10×10 boards; weights 0.5, 1, 2 and 3
/// were measured, 1 the shortest).
fn score(moves: usize, distance_left: usize) -> usize {
    moves + distance_left
}

/// The weight ([`Pushed`]) of a push of a tile whose home is in the line
/// being filled or the line after it: they are placed soon, so their
/// distance counts most. (Measured on random 10×10 boards: 3 and 2 for the
/// rest, 1,444 moves; 3 only for the line being filled, 1,462; rest 1 or
/// 3, longer.)
const NEAR_WEIGHT: u8 = 3;
/// The weight of a push of any other tile still to be placed.
const REST_WEIGHT: u8 = 2;

/// How far around the blank, the tiles and their targets a placement may
/// first roam (in cells). Keeping the searches to that box makes the
/// two-tile tables small enough to stay in cache (a fifth less time on
/// random 10×10 boards, and the paths no longer; with no margin they are
/// 1.3 % longer).
const BOX_MARGIN: usize = 1;

/// One way of filling part of a line: the tiles after it, its moves since
/// the line began and its [`score`].
struct Partial {
    tiles: Tiles,
    moves: Vec<Dir>,
    score: usize,
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
    /// The [`Pushed`] weight of a tile by its home cell: [`NEAR_WEIGHT`]
    /// for the line being filled and the next, [`REST_WEIGHT`] for the
    /// other free cells, 0 for the locked cells.
    weight: Vec<u8>,
}

impl Work {
    fn new(puzzle: &TilePuzzle) -> Self {
        let goal = puzzle.goal.cells().to_vec();
        let cells = goal.len();
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
            weight: vec![REST_WEIGHT; cells],
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
    /// through free cells, and lock them. The search first keeps to the
    /// free cells within [`BOX_MARGIN`] of the box around the blank, the
    /// tiles and their targets, and only if that fails uses all of them.
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
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for &cell in from.iter().chain(&targets).chain([&self.now.blank]) {
            let (r, c) = self.shape.coords(cell);
            (top, bottom) = (top.min(r), bottom.max(r));
            (left, right) = (left.min(c), right.max(c));
        }
        let near: Vec<bool> = (0..self.now.free.len())
            .map(|cell| {
                let (r, c) = self.shape.coords(cell);
                self.now.free[cell]
                    && (top.saturating_sub(BOX_MARGIN)..=bottom + BOX_MARGIN).contains(&r)
                    && (left.saturating_sub(BOX_MARGIN)..=right + BOX_MARGIN).contains(&c)
            })
            .collect();
        let moves = match self.place_within(&near, from, targets, meter) {
            Err(Fail::Stuck(_)) => {
                let free = self.now.free.clone();
                self.place_within(&free, from, targets, meter)?
            }
            other => other?,
        };
        self.apply(&moves)?;
        for c in targets {
            self.now.free[c] = false;
        }
        Ok(())
    }

    /// The moves that bring the tiles in cells `from` to cells `targets`
    /// through the cells marked in `free` (see [`Placer::place`]).
    fn place_within<const K: usize>(
        &mut self,
        free: &[bool],
        from: [usize; K],
        targets: [usize; K],
        meter: &mut Meter<'_>,
    ) -> Result<Vec<Dir>, Fail> {
        let cells = &self.now.cells;
        let region = Region::new(self.shape, free);
        let pushed: Vec<Pushed> = region
            .cells()
            .iter()
            .map(|&c| match cells[c] {
                0 => Pushed::default(),
                _ if from.contains(&c) => Pushed::default(),
                tile => {
                    let home = self.home[tile as usize];
                    let (r, c) = self.shape.coords(home);
                    Pushed {
                        home: (r as u8, c as u8),
                        weight: self.weight[home],
                    }
                }
            })
            .collect();
        self.placer
            .place(&region, self.now.blank, from, targets, &pushed, meter)
    }

    /// Place the goal tiles of one or two cells of a line (see [`Gap::fills`]).
    fn place_cells(&mut self, cells: &[usize], meter: &mut Meter<'_>) -> Result<(), Fail> {
        match *cells {
            [a] => self.place([a], meter),
            [a, b] => self.place([a, b], meter),
            _ => Err(Fail::Stuck("a line step of neither one cell nor two")),
        }
    }

    /// Sum of the Manhattan distances of the tiles in free cells from their
    /// homes: how far the tiles still to be placed are.
    fn distance_left(&self) -> usize {
        (0..self.now.cells.len())
            .filter(|&c| self.now.free[c] && self.now.cells[c] != 0)
            .map(|c| {
                self.shape
                    .distance(c, self.home[self.now.cells[c] as usize])
            })
            .sum()
    }

    /// Fill `line` (its cells in order along it), choosing the order: a
    /// dynamic programme over the [`Gap`] still empty. From every gap
    /// reached, each of its [`fills`](Gap::fills) is made, and for each gap
    /// only the way with the lowest [`score`] is kept (the first on a tie);
    /// gaps are taken widest first, so each is final before it is filled
    /// on. About n² placements for a line of n cells, a quarter of them
    /// two-tile searches.
    fn fill_line(&mut self, line: &[usize], meter: &mut Meter<'_>) -> Result<(), Fail> {
        let n = line.len();
        let (start, path_len) = (self.now.clone(), self.path.len());
        // best[width][lo]: the best way found to leave `Gap { lo, width }`.
        let mut best: Vec<Vec<Option<Partial>>> =
            (0..=n).map(|_| (0..n).map(|_| None).collect()).collect();
        best[n][0] = Some(Partial {
            tiles: start.clone(),
            moves: Vec::new(),
            score: 0,
        });
        for width in (2..=n).rev() {
            for lo in 0..=n - width {
                let Some(from) = best[width][lo].take() else {
                    continue;
                };
                for (cells, gap) in (Gap { lo, width }).fills(line) {
                    self.now.clone_from(&from.tiles);
                    self.path.truncate(path_len);
                    self.path.extend_from_slice(&from.moves);
                    self.place_cells(&cells, meter)?;
                    let moves = self.path[path_len..].to_vec();
                    let score = score(moves.len(), self.distance_left());
                    let slot = &mut best[gap.width][gap.lo];
                    if slot.as_ref().is_none_or(|kept| score < kept.score) {
                        *slot = Some(Partial {
                            tiles: self.now.clone(),
                            moves,
                            score,
                        });
                    }
                }
            }
        }
        let done = best[0][0]
            .take()
            .ok_or(Fail::Stuck("a line of fewer than two cells"))?;
        self.now = done.tiles;
        self.path.truncate(path_len);
        self.path.extend(done.moves);
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
            let after = next_line(rest, blank_goal).map(|(after, _)| after);
            for &(r, c) in line.iter().chain(after.iter().flatten()) {
                self.weight[r * cols + c] = NEAR_WEIGHT;
            }
            self.fill_line(&cells, meter)?;
            for &c in &cells {
                self.weight[c] = 0;
            }
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
    fn gaps_fill_from_either_end_one_or_two_cells_at_a_time() {
        let line = [10, 11, 12, 13, 14];
        let ways = |lo, width| Gap { lo, width }.fills(&line);
        let gap = |lo, width| Gap { lo, width };
        assert_eq!(
            ways(0, 5),
            [
                (vec![10], gap(1, 4)),
                (vec![14], gap(0, 4)),
                (vec![10, 11], gap(2, 3)),
                (vec![13, 14], gap(0, 3)),
            ]
        );
        // Three cells left: one at either end, never two (one would be alone).
        assert_eq!(ways(1, 3), [(vec![11], gap(2, 2)), (vec![13], gap(1, 2))]);
        // The last two go together, and the line is done.
        assert_eq!(ways(2, 2), [(vec![12, 13], gap(0, 0))]);
        assert!(ways(0, 0).is_empty());
    }

    /// From the whole line, every gap reachable is one piece of it: each way
    /// places exactly the cells the gap loses, at its ends, and no way
    /// leaves a single cell. So every line ends full.
    #[test]
    fn every_way_through_the_gaps_fills_the_line_exactly_once() {
        for n in 2..=10 {
            let line: Vec<usize> = (100..100 + n).collect();
            let mut open = vec![(Gap { lo: 0, width: n }, vec![0u8; n])];
            let mut finished = 0;
            while let Some((gap, filled)) = open.pop() {
                let ways = gap.fills(&line);
                if gap.width == 0 {
                    assert!(filled.iter().all(|&f| f == 1), "{n}: {filled:?}");
                    finished += 1;
                    continue;
                }
                assert!(!ways.is_empty(), "{n}: stuck at {gap:?}");
                for (cells, next) in ways {
                    assert_ne!(next.width, 1);
                    assert_eq!(next.width + cells.len(), gap.width);
                    let mut filled = filled.clone();
                    for c in cells {
                        let i = c - 100;
                        assert!((gap.lo..gap.lo + gap.width).contains(&i));
                        assert!(next.width == 0 || !(next.lo..next.lo + next.width).contains(&i));
                        filled[i] += 1;
                    }
                    open.push((next, filled));
                }
            }
            assert!(finished >= 1);
        }
    }

    /// Random ways through the gaps, played out on random boards of several
    /// shapes: every step's searches succeed and leave the cells placed so
    /// far holding their goal tiles, and so does the chosen way.
    #[test]
    fn every_order_of_placements_fills_the_line() {
        use rand::RngExt;
        let mut rng = crate::rng::seeded(5);
        for (rows, cols) in [(5, 5), (3, 6), (6, 3), (10, 10), (4, 7)] {
            let goal = crate::tiles::Board::goal(Shape::new(rows, cols).unwrap());
            let start = crate::tiles::random_solvable(&goal, &mut rng);
            let p = TilePuzzle::new(start, goal).unwrap();
            let (line, _) =
                next_line(Rect::whole(p.shape()), p.shape().coords(p.goal.blank())).unwrap();
            let line: Vec<usize> = line.iter().map(|&(r, c)| r * cols as usize + c).collect();
            let ctl = Control::default();
            for round in 0..4 {
                let mut meter = Meter::new(&ctl);
                let mut work = Work::new(&p);
                let mut gap = Gap {
                    lo: 0,
                    width: line.len(),
                };
                let mut placed = Vec::new();
                while gap.width > 0 {
                    let ways = gap.fills(&line);
                    let (cells, next) = ways[rng.random_range(0..ways.len())].clone();
                    work.place_cells(&cells, &mut meter).unwrap();
                    placed.extend(cells);
                    let mut b = p.start.clone();
                    b.apply_path(&work.path).unwrap();
                    for &c in &placed {
                        assert_eq!(b.cells()[c], p.goal.cells()[c], "{rows}x{cols} {round}");
                    }
                    gap = next;
                }
            }
            let mut meter = Meter::new(&ctl);
            let mut work = Work::new(&p);
            work.fill_line(&line, &mut meter).unwrap();
            let mut b = p.start.clone();
            b.apply_path(&work.path).unwrap();
            for &c in &line {
                assert_eq!(b.cells()[c], p.goal.cells()[c], "{rows}x{cols}");
                assert!(!work.now.free[c]);
            }
            assert_eq!(b.cells(), &work.now.cells[..]);
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
