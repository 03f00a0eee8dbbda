//! Shortening a finished path by windows: the positions `k` moves apart
//! along it are joined again by the shortest way between them (IDA* with
//! the Manhattan distance from the window's last position), and the window
//! is replaced when that way is shorter. The reduction's seams — the blank
//! walking off after one placement and back for the next, a tile parked and
//! fetched again — are where most of the waste is, and they are short.
//!
//! A window's search is capped (it may be dropped unimproved); every node
//! counts on the reduction's one meter, so the control's cancel flag and
//! limits act here too.

use crate::control::{Meter, Sizes, Stop};
use crate::tiles::{Dir, Shape};

/// Moves per window: long enough to span a seam, short enough that its
/// search stays small.
const WINDOW: usize = 18;
/// The next window starts this many moves later (windows overlap, so a
/// waste across one window's end lies inside the next).
const STEP: usize = 6;
/// Most expansions for one window's search; beyond it the window is left
/// as it is.
const WINDOW_BUDGET: u64 = 2_000;
/// Passes over the whole path (a pass that finds nothing ends it early).
/// One: on random 10×10 boards three passes with 6,000 expansions a window
/// took twice the time of the lines for under 1 % shorter paths.
const PASSES: usize = 1;

/// One board under search, with its Manhattan distance to `target`.
struct Window<'a> {
    shape: Shape,
    /// Legal moves' target cells per blank cell, by `Dir` (none: `usize::MAX`).
    next: &'a [[usize; 4]],
    cells: Vec<u8>,
    blank: usize,
    /// Cell of each tile in the window's last position.
    target: Vec<u8>,
    h: u32,
    path: Vec<Dir>,
    budget: u64,
}

impl Window<'_> {
    fn distance(&self, a: usize, b: usize) -> u32 {
        self.shape.distance(a, b) as u32
    }

    /// Slide the tile at `to` into the blank, keeping `h` up to date.
    fn slide(&mut self, to: usize) {
        let from = self.blank;
        let tile = self.cells[to];
        let home = self.target[tile as usize] as usize;
        self.h = self.h + self.distance(from, home) - self.distance(to, home);
        self.cells[from] = tile;
        self.cells[to] = 0;
        self.blank = to;
    }

    /// Depth-first within `bound`: `Some(true)` found, `Some(false)` not
    /// within it, `None` out of budget.
    fn dfs(
        &mut self,
        g: u32,
        bound: u32,
        prev: usize,
        meter: &mut Meter<'_>,
    ) -> Result<Option<bool>, Stop> {
        if self.h == 0 {
            // Every tile on its target cell, so the blank too.
            return Ok(Some(true));
        }
        if self.budget == 0 {
            return Ok(None);
        }
        self.budget -= 1;
        if meter.expand() {
            meter.poll(Sizes::default())?;
        }
        let from = self.blank;
        for d in 0..4 {
            let to = self.next[from][d];
            if to == usize::MAX || d == prev ^ 1 {
                continue;
            }
            meter.generated(1);
            self.slide(to);
            if g + 1 + self.h <= bound {
                self.path.push(Dir::ALL[d]);
                match self.dfs(g + 1, bound, d, meter)? {
                    Some(true) => return Ok(Some(true)),
                    Some(false) => {}
                    None => {
                        self.slide(from);
                        return Ok(None);
                    }
                }
                self.path.pop();
            }
            self.slide(from);
        }
        Ok(Some(false))
    }
}

/// Shorten `path`, which leads from `start` on a board of `shape`: each
/// window of [`WINDOW`] moves is replaced by a shortest way between its
/// ends when one is found within the budget. The path still leads from
/// `start` to the same end, and is never longer.
pub(super) fn shorten(
    shape: Shape,
    start: &[u8],
    path: &mut Vec<Dir>,
    meter: &mut Meter<'_>,
) -> Result<(), Stop> {
    let n = shape.cells();
    let next: Vec<[usize; 4]> = (0..n)
        .map(|c| Dir::ALL.map(|d| shape.neighbour(c, d).unwrap_or(usize::MAX)))
        .collect();
    for _ in 0..PASSES {
        let before = path.len();
        let mut board = start.to_vec();
        let mut blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        let mut i = 0;
        while i + 2 < path.len() {
            let j = (i + WINDOW).min(path.len());
            // The window's last position: where its tiles must end.
            let mut end = board.clone();
            let mut b = blank;
            for &d in &path[i..j] {
                let to = next[b][d as usize];
                end.swap(b, to);
                b = to;
            }
            let mut target = vec![0u8; n];
            for (c, &t) in end.iter().enumerate() {
                target[t as usize] = c as u8;
            }
            let mut w = Window {
                shape,
                next: &next,
                cells: board.clone(),
                blank,
                target,
                h: 0,
                path: Vec::with_capacity(WINDOW),
                budget: WINDOW_BUDGET,
            };
            w.h = (0..n)
                .filter(|&c| board[c] != 0)
                .map(|c| w.distance(c, w.target[board[c] as usize] as usize))
                .sum();
            let len = (j - i) as u32;
            // Same two positions: every way between them has the parity of
            // `len`, so only `len - 2` and below can be shorter.
            let mut bound = w.h;
            while bound + 2 <= len {
                match w.dfs(0, bound, 4, meter)? {
                    Some(true) => {
                        let shorter = std::mem::take(&mut w.path);
                        path.splice(i..j, shorter);
                        break;
                    }
                    Some(false) => bound += 2,
                    None => break,
                }
            }
            // Move on: the board follows the (possibly new) path.
            let step = STEP.min(path.len() - i);
            for &d in &path[i..i + step] {
                let to = next[blank][d as usize];
                board.swap(blank, to);
                blank = to;
            }
            i += step;
        }
        if path.len() == before {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Control;
    use crate::tiles::{Board, shuffled};
    use rand::RngExt;

    /// The end of `path` from `start`.
    fn end(start: &Board, path: &[Dir]) -> Board {
        let mut b = start.clone();
        b.apply_path(path).unwrap();
        b
    }

    /// Random walks with detours spliced in (a tile slid out and back, the
    /// blank round a square): the shortened path ends where the walk ended,
    /// is never longer, and loses every detour.
    #[test]
    fn windows_lose_detours_and_keep_the_end() {
        let mut rng = crate::rng::seeded(7);
        for (rows, cols) in [(4, 4), (5, 7), (10, 10)] {
            let shape = Shape::new(rows, cols).unwrap();
            let goal = Board::goal(shape);
            let start = random_board(&goal, &mut rng);
            let (_, walk) = shuffled(&start, 60, &mut rng);
            let mut path = walk.clone();
            // A detour the walk's end does not see: go one way and back.
            let at = rng.random_range(0..path.len());
            let b = end(&start, &path[..at]);
            let d = Dir::ALL
                .into_iter()
                .find(|&d| shape.neighbour(b.blank(), d).is_some())
                .unwrap();
            path.splice(at..at, [d, d.opposite()]);
            let ctl = Control::default();
            let mut meter = Meter::new(&ctl);
            let mut shorter = path.clone();
            shorten(shape, start.cells(), &mut shorter, &mut meter).unwrap();
            assert_eq!(end(&start, &shorter), end(&start, &path), "{rows}x{cols}");
            assert!(
                shorter.len() <= walk.len(),
                "{rows}x{cols}: {} > {}",
                shorter.len(),
                walk.len()
            );
        }
    }

    fn random_board(goal: &Board, rng: &mut impl rand::Rng) -> Board {
        crate::tiles::random_solvable(goal, rng)
    }
}
