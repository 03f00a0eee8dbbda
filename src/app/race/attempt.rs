//! One timed solve of a tile board: the scramble, the inspection
//! countdown, the clock that starts with the first move, and every move
//! with the moment it was made. No egui here, so the rules are testable on
//! their own.

use std::time::Duration;

use super::clock::Clock;
pub use super::clock::Phase;

use crate::engine::tiles::multi_tile_moves;
use crate::engine::{Board, Dir};
use crate::storage::replay::{Replay, TimedMove as Timed};

/// One timed solve.
#[derive(Clone, Debug)]
pub struct Attempt {
    scramble: Board,
    goal: Board,
    board: Board,
    moves: Vec<Timed>,
    clock: Clock,
}

impl Attempt {
    /// An attempt on `scramble` toward `goal` made at app time `now`, with
    /// `inspection` to look before the clock starts (zero: none).
    pub fn new(scramble: Board, goal: Board, inspection: Duration, now: f64) -> Self {
        Self {
            board: scramble.clone(),
            scramble,
            goal,
            moves: Vec::new(),
            clock: Clock::new(inspection, now),
        }
    }

    /// The board as played.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The start.
    pub fn scramble(&self) -> &Board {
        &self.scramble
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The moves made, timed.
    pub fn moves(&self) -> &[Timed] {
        &self.moves
    }

    /// The blank's moves made.
    pub fn path(&self) -> Vec<Dir> {
        self.moves.iter().map(|m| m.dir).collect()
    }

    /// Where it stands at app time `now` (inspection that ran out has
    /// started the clock).
    pub fn phase(&mut self, now: f64) -> Phase {
        self.clock.phase(now)
    }

    /// How long inspection lasted.
    pub fn inspected(&self) -> Duration {
        self.clock.inspected()
    }

    /// Seconds on the clock at `now`: zero before it starts, frozen once
    /// done.
    pub fn elapsed(&mut self, now: f64) -> Duration {
        self.clock.elapsed(now)
    }

    /// Seconds of inspection left at `now`, if it runs.
    pub fn inspection_left(&mut self, now: f64) -> Option<Duration> {
        self.clock.inspection_left(now)
    }

    /// Play `action` (blank moves) at app time `now`: `false` and no change
    /// if the attempt is over or any move is illegal. The first move starts
    /// the clock (ending inspection).
    pub fn play(&mut self, action: &[Dir], now: f64) -> bool {
        if self.clock.is_done() || action.is_empty() {
            return false;
        }
        let mut board = self.board.clone();
        if board.apply_path(action).is_err() {
            return false;
        }
        let Some(at_ms) = self.clock.move_at(now) else {
            return false;
        };
        self.moves
            .extend(action.iter().map(|&dir| Timed { dir, at_ms }));
        self.board = board;
        if self.board == self.goal {
            self.clock.finish(at_ms);
        }
        true
    }

    /// The attempt as a replay: its scramble, its timed moves, the
    /// inspection and the time on the clock at `now`.
    pub fn replay(&mut self, now: f64) -> Replay {
        let time_ms = self.elapsed(now).as_millis() as u64;
        let last = self.moves.last().map_or(0, |m| m.at_ms);
        Replay {
            scramble: self.scramble.clone(),
            goal: self.goal.clone(),
            moves: self.moves.clone(),
            inspection_ms: self.inspected().as_millis() as u64,
            time_ms: time_ms.max(last),
        }
    }

    /// Whether the goal was reached.
    pub fn is_done(&self) -> bool {
        self.clock.is_done()
    }

    /// Single-tile moves: each tile moved one cell counts one.
    pub fn single_tile_moves(&self) -> usize {
        self.moves.len()
    }

    /// Multi-tile moves: a slide of tiles of one row or column counts one,
    /// however many tiles it moves (a run of the same blank move).
    pub fn multi_tile_moves(&self) -> usize {
        multi_tile_moves(&self.path())
    }

    /// Single-tile moves per second of the clock at `now` (zero before a
    /// tenth of a second has passed).
    pub fn tps(&mut self, now: f64) -> f64 {
        self.clock.rate(self.moves.len(), now)
    }
}
