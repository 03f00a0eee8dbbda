//! Tile boards as search spaces: packed states for BFS and A*, one mutable
//! board with an incremental heuristic for IDA*.

use std::marker::PhantomData;
use std::sync::Arc;

use super::board::{Dir, Shape, TilePuzzle};
use super::heuristic::{Manhattan, Slide, TileHeuristic, View};
use super::packed::PackedBoard;
use super::prune::{MovePruning, PRUNED};
use crate::observe::StateKey;
use crate::search::{DepthFirstSpace, SearchSpace};

/// The state space of a tile puzzle with states packed as `P`.
pub struct TileSpace<P> {
    shape: Shape,
    goal: P,
    _packing: PhantomData<P>,
}

impl<P: PackedBoard> TileSpace<P> {
    /// The space of `puzzle`; returns it with the packed start.
    pub fn new(puzzle: &TilePuzzle) -> (Self, P) {
        assert!(puzzle.shape().cells() <= P::MAX_CELLS);
        let space = Self {
            shape: puzzle.shape(),
            goal: P::pack(puzzle.goal.cells()),
            _packing: PhantomData,
        };
        (space, P::pack(puzzle.start.cells()))
    }

    /// The board's cell count.
    pub fn cells(&self) -> usize {
        self.shape.cells()
    }
}

impl<P: PackedBoard> SearchSpace for TileSpace<P> {
    type State = P;
    type Move = Dir;

    #[inline]
    fn successors(&self, state: &P, out: &mut Vec<(Dir, P)>) {
        let n = self.shape.cells();
        let blank = (0..n)
            .find(|&c| state.get(c) == 0)
            .expect("a board has a blank");
        for d in Dir::ALL {
            if let Some(to) = self.shape.neighbour(blank, d) {
                let tile = state.get(to);
                out.push((d, state.cleared(to).with(blank, tile)));
            }
        }
    }

    #[inline]
    fn is_goal(&self, state: &P) -> bool {
        *state == self.goal
    }

    fn state_key(&self, state: &P) -> StateKey {
        state.key(self.shape.cells())
    }
}

/// Up to four moves of the blank, inline.
#[derive(Clone, Copy)]
pub struct TileMoves {
    dirs: [Dir; 4],
    len: u8,
}

impl AsRef<[Dir]> for TileMoves {
    fn as_ref(&self) -> &[Dir] {
        &self.dirs[..self.len as usize]
    }
}

/// The legal moves from one blank cell.
#[derive(Clone, Copy)]
struct MovesAt {
    /// In `Dir::ALL`'s order.
    legal: TileMoves,
    /// In every order [`moves`] may want: entry `m` puts first, in their
    /// own order, the legal moves whose bit (by their index in `legal`) is
    /// set in `m`, then the others in reverse.
    ///
    /// [`moves`]: DepthFirstSpace::moves
    ordered: [TileMoves; 16],
}

/// One board, changed in place, with its heuristic kept up to date.
pub struct TileDfs<'h, H: TileHeuristic> {
    heuristic: &'h H,
    cells: Vec<u8>,
    blank: usize,
    acc: H::Acc,
    goal: Vec<u8>,
    /// The goal's blank cell.
    goal_blank: usize,
    /// Legal moves per blank cell.
    moves_at: Vec<MovesAt>,
    /// Cell offset per direction (`Dir as usize`).
    step: [isize; 4],
    /// Each tile's distance from its goal cell, for move ordering.
    goal_distance: Manhattan,
    /// Which move sequences are skipped as duplicates of others.
    pruning: Arc<MovePruning>,
}

// By hand: the heuristic is shared by reference, so `H` need not be `Clone`.
impl<H: TileHeuristic> Clone for TileDfs<'_, H> {
    fn clone(&self) -> Self {
        Self {
            heuristic: self.heuristic,
            cells: self.cells.clone(),
            blank: self.blank,
            acc: self.acc,
            goal: self.goal.clone(),
            goal_blank: self.goal_blank,
            moves_at: self.moves_at.clone(),
            step: self.step,
            goal_distance: self.goal_distance.clone(),
            pruning: Arc::clone(&self.pruning),
        }
    }
}

impl<'h, H: TileHeuristic> TileDfs<'h, H> {
    /// Start at `puzzle.start`, skipping duplicate move sequences with the
    /// board shape's automaton ([`MovePruning::for_shape`]).
    pub fn new(puzzle: &TilePuzzle, heuristic: &'h H) -> Self {
        let shape = puzzle.shape();
        let cells = puzzle.start.cells().to_vec();
        let moves_at = (0..shape.cells())
            .map(|c| {
                let mut m = TileMoves {
                    dirs: [Dir::Up; 4],
                    len: 0,
                };
                for d in Dir::ALL {
                    if shape.neighbour(c, d).is_some() {
                        m.dirs[m.len as usize] = d;
                        m.len += 1;
                    }
                }
                let ordered = std::array::from_fn(|first: usize| {
                    let bit = |k: usize| first >> k & 1 == 1;
                    let moves = m.as_ref();
                    let mut ordered = m;
                    let picked = (0..moves.len()).filter(|&k| bit(k));
                    let rest = (0..moves.len()).rev().filter(|&k| !bit(k));
                    for (slot, k) in picked.chain(rest).enumerate() {
                        ordered.dirs[slot] = moves[k];
                    }
                    ordered
                });
                MovesAt { legal: m, ordered }
            })
            .collect();
        let cols = shape.cols as isize;
        Self {
            heuristic,
            acc: heuristic.start(&cells),
            blank: puzzle.start.blank(),
            cells,
            goal: puzzle.goal.cells().to_vec(),
            goal_blank: puzzle.goal.blank(),
            moves_at,
            step: [-cols, cols, -1, 1],
            goal_distance: Manhattan::new(&puzzle.goal),
            pruning: MovePruning::for_shape(shape),
        }
    }

    /// The same space skipping the move sequences `pruning` rejects (for
    /// comparisons: [`MovePruning::parent_only`] gives plain IDA*'s
    /// pruning).
    pub fn with_pruning(mut self, pruning: Arc<MovePruning>) -> Self {
        self.pruning = pruning;
        self
    }

    /// The current board.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Slide the tile at `to` into the blank.
    #[inline(always)]
    fn slide(&mut self, to: usize) -> Slide {
        let from = self.blank;
        let tile = self.cells[to];
        self.cells[from] = tile;
        self.cells[to] = 0;
        self.blank = to;
        Slide {
            tile,
            from: to,
            to: from,
        }
    }
}

impl<H: TileHeuristic> DepthFirstSpace for TileDfs<'_, H> {
    type Move = Dir;
    type Moves = TileMoves;
    type Undo = H::Acc;

    #[inline(always)]
    fn heuristic(&self) -> u32 {
        self.heuristic.value(&self.acc)
    }

    #[inline]
    fn is_goal(&self) -> bool {
        // The blank's cell first: one compare settles most boards.
        self.blank == self.goal_blank && self.cells == self.goal
    }

    /// The legal moves in `Dir::ALL`'s order.
    #[inline(always)]
    fn moves(&self) -> TileMoves {
        self.moves_at[self.blank].legal
    }

    /// The legal moves, those that slide a tile towards its goal cell
    /// first: in the last iteration, the one that reaches the goal, the
    /// solution tends to be found sooner.
    #[inline(always)]
    fn ordered_moves(&self) -> TileMoves {
        let at = &self.moves_at[self.blank];
        let mut toward = 0;
        for (k, &d) in at.legal.as_ref().iter().enumerate() {
            let to = (self.blank as isize + self.step[d as usize]) as usize;
            let tile = self.cells[to];
            if self.goal_distance.distance(tile, self.blank) < self.goal_distance.distance(tile, to)
            {
                toward |= 1 << k;
            }
        }
        // Read whole from the table: assembled here byte by byte, the
        // moves would be read back at once before the bytes were stored.
        at.ordered[toward]
    }

    #[inline(always)]
    fn apply(&mut self, mv: Dir) -> H::Acc {
        let saved = self.acc;
        let to = (self.blank as isize + self.step[mv as usize]) as usize;
        let slide = self.slide(to);
        self.heuristic
            .update(&mut self.acc, View { cells: &self.cells }, slide);
        saved
    }

    #[inline(always)]
    fn apply_bounded(&mut self, mv: Dir, limit: u32) -> (H::Acc, u32) {
        let saved = self.acc;
        let to = (self.blank as isize + self.step[mv as usize]) as usize;
        let slide = self.slide(to);
        let h =
            self.heuristic
                .update_bounded(&mut self.acc, View { cells: &self.cells }, slide, limit);
        (saved, h)
    }

    const PREPARES: bool = H::PREPARES;

    #[inline(always)]
    fn prepare(&self, mv: Dir) -> u64 {
        let to = (self.blank as isize + self.step[mv as usize]) as usize;
        let slide = Slide {
            tile: self.cells[to],
            from: to,
            to: self.blank,
        };
        let board = View { cells: &self.cells };
        self.heuristic.prepare(&self.acc, board, slide)
    }

    #[inline(always)]
    fn apply_prepared(&mut self, mv: Dir, prepared: u64, limit: u32) -> (H::Acc, u32) {
        let saved = self.acc;
        let to = (self.blank as isize + self.step[mv as usize]) as usize;
        let slide = self.slide(to);
        let h = self.heuristic.update_prepared(
            &mut self.acc,
            View { cells: &self.cells },
            slide,
            prepared,
            limit,
        );
        (saved, h)
    }

    #[inline(always)]
    fn undo(&mut self, mv: Dir, undo: H::Acc) {
        // Sliding the same tile back is the inverse move.
        let back = (self.blank as isize - self.step[mv as usize]) as usize;
        self.slide(back);
        self.acc = undo;
    }

    #[inline(always)]
    fn undoes(&self, prev: Dir, mv: Dir) -> bool {
        mv == prev.opposite()
    }

    #[inline(always)]
    fn prune_step(&self, state: u32, mv: Dir) -> Option<u32> {
        match self.pruning.step(state, mv) {
            PRUNED => None,
            next => Some(next),
        }
    }

    fn state_key(&self) -> StateKey {
        StateKey::of_tiles(&self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::heuristic::Manhattan;
    use crate::tiles::{Board, TilePuzzle, random_solvable};

    #[test]
    fn ordered_moves_slide_tiles_towards_their_goal_cells_first() {
        let mut rng = crate::rng::seeded(44);
        for (rows, cols) in [(3, 3), (4, 4), (2, 5), (5, 5)] {
            let shape = Shape::new(rows, cols).unwrap();
            let goal = Board::goal(shape);
            let h = Manhattan::new(&goal);
            for _ in 0..50 {
                let start = random_solvable(&goal, &mut rng);
                let puzzle = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
                let space = TileDfs::new(&puzzle, &h);
                let blank = start.blank();
                let legal: Vec<Dir> = Dir::ALL
                    .into_iter()
                    .filter(|&d| shape.neighbour(blank, d).is_some())
                    .collect();
                assert_eq!(space.moves().as_ref(), &legal[..]);
                // Towards: the tile the move slides ends nearer its goal
                // cell, by the board's own distance.
                let towards = |d: Dir| {
                    let from = shape.neighbour(blank, d).unwrap();
                    let home = goal.cells().iter().position(|&t| t == start.cells()[from]);
                    let home = home.unwrap();
                    shape.distance(blank, home) < shape.distance(from, home)
                };
                let ordered = space.ordered_moves();
                let ordered = ordered.as_ref();
                let mut sorted = ordered.to_vec();
                sorted.sort_by_key(|&d| d as usize);
                assert_eq!(sorted, legal, "the same moves");
                let first_away = ordered.iter().position(|&d| !towards(d));
                let n = first_away.unwrap_or(ordered.len());
                assert!(ordered[..n].iter().all(|&d| towards(d)));
                assert!(ordered[n..].iter().all(|&d| !towards(d)), "{ordered:?}");
            }
        }
    }
}
