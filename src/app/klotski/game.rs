//! A Klotski game: the layout shown, where it started, step and move
//! counters, and undo/redo of single steps.

use crate::engine::Dir;
use crate::engine::klotski::Layout;

/// A position with its counters, as history keeps it.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    layout: Layout,
    steps: usize,
    moves: usize,
    last_piece: Option<usize>,
}

/// The game.
#[derive(Clone, Debug)]
pub struct KlotskiGame {
    /// The layout the game started from.
    pub start: Layout,
    now: Snapshot,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl KlotskiGame {
    /// A new game on `layout`.
    pub fn new(layout: Layout) -> Self {
        Self {
            start: layout.clone(),
            now: Snapshot {
                layout,
                steps: 0,
                moves: 0,
                last_piece: None,
            },
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The layout shown.
    pub fn layout(&self) -> &Layout {
        &self.now.layout
    }

    /// Unit steps made.
    pub fn steps(&self) -> usize {
        self.now.steps
    }

    /// Moves made: consecutive steps of one piece count once.
    pub fn moves(&self) -> usize {
        self.now.moves
    }

    /// Whether the target is home.
    pub fn is_solved(&self) -> bool {
        self.now.layout.is_solved()
    }

    /// Move piece `i` one cell; `false` (and no change) when blocked.
    pub fn step(&mut self, i: usize, dir: Dir) -> bool {
        let mut next = self.now.clone();
        if !next.layout.step(i, dir) {
            return false;
        }
        next.steps += 1;
        if next.last_piece != Some(i) {
            next.moves += 1;
        }
        next.last_piece = Some(i);
        self.undo.push(std::mem::replace(&mut self.now, next));
        self.redo.clear();
        true
    }

    /// Show `layout` as a step of a solution: counters follow the solution.
    pub fn show(&mut self, layout: Layout, steps: usize, moves: usize) {
        self.now = Snapshot {
            layout,
            steps,
            moves,
            last_piece: None,
        };
        self.undo.clear();
        self.redo.clear();
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Undo one step.
    pub fn undo(&mut self) {
        if let Some(prev) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.now, prev));
        }
    }

    /// Redo one step.
    pub fn redo(&mut self) {
        if let Some(next) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.now, next));
        }
    }

    /// Back to the start.
    pub fn reset(&mut self) {
        *self = Self::new(self.start.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::KlotskiGame;
    use crate::engine::{Dir, klotski::Layout};

    #[test]
    fn a_step_counts_once_and_a_turn_starts_a_new_move() {
        let mut g = KlotskiGame::new(Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap());
        let i = g
            .layout()
            .pieces
            .iter()
            .position(|p| p.letter == 'G')
            .unwrap();
        assert!(g.step(i, Dir::Down));
        assert!(g.step(i, Dir::Right));
        assert_eq!((g.steps(), g.moves()), (2, 1));
        assert!(!g.step(i, Dir::Up)); // blocked: nothing changes
        g.undo();
        assert_eq!((g.steps(), g.moves()), (1, 1));
    }
}
