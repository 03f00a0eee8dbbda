//! One timed solve of a tile board: the scramble, the inspection
//! countdown, the clock that starts with the first move, and every move
//! with the moment it was made. No egui here, so the rules are testable on
//! their own.

use std::time::Duration;

use crate::engine::tiles::multi_tile_moves;
use crate::engine::{Board, Dir};
use crate::storage::replay::{Replay, TimedMove as Timed};

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// Scrambled; the clock starts with the first move.
    Ready,
    /// The inspection countdown runs until app time `until`; a move ends it
    /// early, and the clock starts when it ends.
    Inspecting {
        /// App seconds when inspection ends.
        until: f64,
    },
    /// The clock runs from app time `started`.
    Running {
        /// App seconds when the clock started.
        started: f64,
    },
    /// The goal was reached after `time` on the clock.
    Done {
        /// The solve's time.
        time: Duration,
    },
}

/// One timed solve.
#[derive(Clone, Debug)]
pub struct Attempt {
    scramble: Board,
    goal: Board,
    board: Board,
    moves: Vec<Timed>,
    phase: Phase,
    /// App seconds when the attempt was made (inspection began).
    made: f64,
    /// How long inspection lasted (zero without one).
    inspected: Duration,
}

impl Attempt {
    /// An attempt on `scramble` toward `goal` made at app time `now`, with
    /// `inspection` to look before the clock starts (zero: none).
    pub fn new(scramble: Board, goal: Board, inspection: Duration, now: f64) -> Self {
        let phase = if inspection.is_zero() {
            Phase::Ready
        } else {
            Phase::Inspecting {
                until: now + inspection.as_secs_f64(),
            }
        };
        Self {
            board: scramble.clone(),
            scramble,
            goal,
            moves: Vec::new(),
            phase,
            made: now,
            inspected: Duration::ZERO,
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
        self.tick(now);
        self.phase
    }

    /// How long inspection lasted.
    pub fn inspected(&self) -> Duration {
        self.inspected
    }

    /// Inspection that ran out starts the clock at the moment it ended.
    fn tick(&mut self, now: f64) {
        if let Phase::Inspecting { until } = self.phase
            && now >= until
        {
            self.start_clock(until);
        }
    }

    /// The clock starts at app time `at`; inspection (if any) ended then.
    fn start_clock(&mut self, at: f64) {
        if let Phase::Inspecting { .. } = self.phase {
            self.inspected = Duration::from_secs_f64((at - self.made).max(0.0));
        }
        self.phase = Phase::Running { started: at };
    }

    /// Seconds on the clock at `now`: zero before it starts, frozen once
    /// done.
    pub fn elapsed(&mut self, now: f64) -> Duration {
        match self.phase(now) {
            Phase::Ready | Phase::Inspecting { .. } => Duration::ZERO,
            Phase::Running { started } => Duration::from_secs_f64((now - started).max(0.0)),
            Phase::Done { time } => time,
        }
    }

    /// Seconds of inspection left at `now`, if it runs.
    pub fn inspection_left(&mut self, now: f64) -> Option<Duration> {
        match self.phase(now) {
            Phase::Inspecting { until } => Some(Duration::from_secs_f64((until - now).max(0.0))),
            _ => None,
        }
    }

    /// Play `action` (blank moves) at app time `now`: `false` and no change
    /// if the attempt is over or any move is illegal. The first move starts
    /// the clock (ending inspection).
    pub fn play(&mut self, action: &[Dir], now: f64) -> bool {
        let phase = self.phase(now);
        if matches!(phase, Phase::Done { .. }) || action.is_empty() {
            return false;
        }
        let mut board = self.board.clone();
        if board.apply_path(action).is_err() {
            return false;
        }
        if matches!(phase, Phase::Ready | Phase::Inspecting { .. }) {
            self.start_clock(now);
        }
        let Phase::Running { started } = self.phase else {
            unreachable!("the clock was started above")
        };
        let at_ms = ((now - started).max(0.0) * 1000.0).round() as u64;
        self.moves
            .extend(action.iter().map(|&dir| Timed { dir, at_ms }));
        self.board = board;
        if self.board == self.goal {
            self.phase = Phase::Done {
                time: Duration::from_millis(at_ms),
            };
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
            inspection_ms: self.inspected.as_millis() as u64,
            time_ms: time_ms.max(last),
        }
    }

    /// Whether the goal was reached.
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done { .. })
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
        let secs = self.elapsed(now).as_secs_f64();
        if secs < 0.1 {
            0.0
        } else {
            self.moves.len() as f64 / secs
        }
    }
}
