//! Manual play: the board on screen, undo/redo, the move counter and the
//! timer. No egui here, so the rules are testable on their own.

use std::time::Duration;

use super::i18n::{Lang, Message, TilesMsg};
use crate::engine::{Board, Dir, TilePuzzle};

/// One user action: a slide of one or more tiles (as blank moves).
pub type Action = Vec<Dir>;

/// One entry of the undo history.
#[derive(Clone, Debug)]
enum Entry {
    /// A slide (blank moves).
    Slide(Action),
    /// The board replaced at once (Reset, Go to goal): the boards before and
    /// after, and the timer as it stood before.
    Jump {
        from: Board,
        to: Board,
        started: Option<f64>,
        finished: Option<Duration>,
    },
}

/// The game being played.
#[derive(Clone, Debug)]
pub struct Game {
    /// The board shown and played on.
    pub board: Board,
    /// The arrangement to reach.
    pub goal: Board,
    undo: Vec<Entry>,
    redo: Vec<Entry>,
    /// Seconds (app clock) when the first move was made.
    started: Option<f64>,
    /// Time taken, once the goal was reached by play.
    finished: Option<Duration>,
}

impl Game {
    /// A fresh game from `puzzle.start` toward `puzzle.goal`.
    pub fn new(puzzle: TilePuzzle) -> Self {
        Self {
            board: puzzle.start,
            goal: puzzle.goal,
            undo: Vec::new(),
            redo: Vec::new(),
            started: None,
            finished: None,
        }
    }

    /// The puzzle from the current board to the goal.
    pub fn puzzle(&self) -> TilePuzzle {
        TilePuzzle {
            start: self.board.clone(),
            goal: self.goal.clone(),
        }
    }

    /// Replace the board (new start, edit, step shown): history and timer reset.
    pub fn set_board(&mut self, board: Board) {
        self.board = board;
        self.undo.clear();
        self.redo.clear();
        self.started = None;
        self.finished = None;
    }

    /// Replace the goal (same shape) and keep the board.
    pub fn set_goal(&mut self, goal: Board) {
        self.goal = goal;
        self.finished = None;
    }

    /// Play `action` (blank moves) at app time `now`; `false` and no change
    /// if any move is illegal.
    pub fn play(&mut self, action: Action, now: f64) -> bool {
        if action.is_empty() {
            return false;
        }
        let mut b = self.board.clone();
        if b.apply_path(&action).is_err() {
            return false;
        }
        self.board = b;
        self.undo.push(Entry::Slide(action));
        self.redo.clear();
        self.started.get_or_insert(now);
        if self.is_solved() && self.finished.is_none() {
            self.finished = Some(self.elapsed(now));
        }
        true
    }

    /// Slide the tile in `cell` (and those between it and the blank).
    #[cfg(test)]
    pub fn play_cell(&mut self, cell: usize, now: f64) -> bool {
        match self.board.slide_moves(cell) {
            Some(action) => self.play(action, now),
            None => false,
        }
    }

    /// Put `board` on the board as one undoable step (Reset, Go to goal):
    /// the move counter and the timer start again from it. `false` and no
    /// change if it is already shown.
    pub fn jump(&mut self, board: Board) -> bool {
        if board == self.board {
            return false;
        }
        let from = std::mem::replace(&mut self.board, board.clone());
        self.undo.push(Entry::Jump {
            from,
            to: board,
            started: self.started.take(),
            finished: self.finished.take(),
        });
        self.redo.clear();
        true
    }

    /// Undo the last action; returns its moves (already reverted), none
    /// for a jump.
    pub fn undo(&mut self) -> Option<Action> {
        let entry = self.undo.pop()?;
        let back = match &entry {
            Entry::Slide(action) => {
                let back: Vec<Dir> = action.iter().rev().map(|d| d.opposite()).collect();
                self.board.apply_path(&back).expect("undo replays legally");
                back
            }
            Entry::Jump {
                from,
                started,
                finished,
                ..
            } => {
                self.board = from.clone();
                self.started = *started;
                self.finished = *finished;
                Vec::new()
            }
        };
        self.redo.push(entry);
        Some(back)
    }

    /// Redo the last undone action; returns its moves, none for a jump.
    pub fn redo(&mut self) -> Option<Action> {
        let entry = self.redo.pop()?;
        let moves = match &entry {
            Entry::Slide(action) => {
                self.board.apply_path(action).expect("redo replays legally");
                action.clone()
            }
            Entry::Jump { to, .. } => {
                self.board = to.clone();
                self.started = None;
                self.finished = None;
                Vec::new()
            }
        };
        self.undo.push(entry);
        Some(moves)
    }

    /// Whether there is something to undo / redo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Tile moves made since the board was set or last jumped (a
    /// multi-tile slide counts each tile).
    pub fn moves(&self) -> usize {
        self.undo
            .iter()
            .rev()
            .map_while(|e| match e {
                Entry::Slide(action) => Some(action.len()),
                Entry::Jump { .. } => None,
            })
            .sum()
    }

    /// Whether the board shows the goal.
    pub fn is_solved(&self) -> bool {
        self.board == self.goal
    }

    /// Whether the goal was reached by play (not just shown).
    pub fn finished(&self) -> Option<Duration> {
        self.finished
    }

    /// Time since the first move, frozen when the goal is reached.
    pub fn elapsed(&self, now: f64) -> Duration {
        if let Some(done) = self.finished {
            return done;
        }
        self.started
            .map(|s| Duration::from_secs_f64((now - s).max(0.0)))
            .unwrap_or_default()
    }
}

/// A readable description of blank move `dir` on `board` (before the move):
/// the tile that slides and its direction, in `lang`: `tile 7 ← (blank
/// right)`, `7 号块 ←（空格右移）`.
pub fn describe_move(board: &Board, dir: Dir, lang: Lang) -> String {
    let tile = board.tile_moved_by(dir).unwrap_or(0);
    match dir {
        Dir::Up => TilesMsg::TileMoveUp { tile },
        Dir::Down => TilesMsg::TileMoveDown { tile },
        Dir::Left => TilesMsg::TileMoveLeft { tile },
        Dir::Right => TilesMsg::TileMoveRight { tile },
    }
    .text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(start: &str) -> Game {
        Game::new(TilePuzzle::parse(start, None, None).unwrap())
    }

    #[test]
    fn multi_tile_slides_count_every_tile_and_undo_as_one_action() {
        let mut g = game("1 2 3 4 5 6 7 8 0");
        assert!(g.play_cell(6, 0.0)); // tile 7, two cells left of the blank
        assert_eq!(g.board.cells(), &[1, 2, 3, 4, 5, 6, 0, 7, 8]);
        assert_eq!(g.moves(), 2);
        assert!(!g.play_cell(4, 1.0)); // 5 is not in the blank's row or column
        assert_eq!(g.moves(), 2);
        g.undo();
        assert!(g.is_solved());
        assert_eq!(g.moves(), 0);
        g.redo();
        assert_eq!(g.board.cells(), &[1, 2, 3, 4, 5, 6, 0, 7, 8]);
        assert!(!g.can_redo());
    }

    #[test]
    fn a_jump_is_one_undoable_step_that_restarts_the_count() {
        let mut g = game("1 2 3 4 5 6 7 8 0");
        let start = g.board.clone();
        assert!(g.play_cell(6, 1.0));
        assert!(g.play_cell(0, 2.0));
        let played = g.board.clone();
        assert_eq!(g.moves(), 4);
        assert!(!g.jump(played.clone()), "already shown");
        assert!(g.jump(start.clone()));
        assert_eq!(g.board, start);
        assert_eq!((g.moves(), g.elapsed(9.0)), (0, Duration::ZERO));
        assert!(g.undo().unwrap().is_empty());
        assert_eq!(g.board, played);
        assert_eq!(g.moves(), 4, "the moves before the jump count again");
        assert_eq!(g.elapsed(9.0), Duration::from_secs(8), "and the timer");
        assert!(g.redo().unwrap().is_empty());
        assert_eq!((g.board.clone(), g.moves()), (start, 0));
        // Undo all the way back through the jump and the slides.
        while g.undo().is_some() {}
        assert!(g.is_solved());
    }

    #[test]
    fn reaching_the_goal_stops_the_timer() {
        let mut g = game("1 2 3 4 5 6 7 0 8");
        assert!(!g.is_solved());
        assert!(g.play(vec![Dir::Right], 10.0));
        assert!(g.is_solved());
        assert!(g.finished().is_some());
        assert_eq!(g.elapsed(100.0), g.elapsed(200.0));
    }

    #[test]
    fn an_illegal_action_changes_nothing() {
        let mut g = game("1 2 3 4 5 6 7 8 0");
        assert!(!g.play(vec![Dir::Left, Dir::Down], 0.0));
        assert!(g.is_solved());
        assert!(!g.can_undo());
    }

    #[test]
    fn moves_are_described_by_the_tile_that_slides() {
        let b = Board::parse("1 2 3 4 5 6 7 0 8", None).unwrap();
        let en = Lang::English;
        assert_eq!(describe_move(&b, Dir::Right, en), "tile 8 ← (blank right)");
        assert_eq!(describe_move(&b, Dir::Up, en), "tile 5 ↓ (blank up)");
        let zh = Lang::Chinese;
        assert_eq!(describe_move(&b, Dir::Right, zh), "8 号块 ←（空格右移）");
        assert_eq!(describe_move(&b, Dir::Left, zh), "7 号块 →（空格左移）");
    }
}
