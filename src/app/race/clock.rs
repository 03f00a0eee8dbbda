//! A race's clock: the inspection countdown, the clock that starts with
//! the first move (or when inspection runs out), and the time frozen at
//! the goal. No egui; app time is given in seconds.

use std::time::Duration;

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

/// The clock of one attempt.
#[derive(Clone, Debug)]
pub struct Clock {
    phase: Phase,
    /// App seconds when the attempt was made (inspection began).
    made: f64,
    /// How long inspection lasted (zero without one).
    inspected: Duration,
}

impl Clock {
    /// A clock for an attempt made at app time `now`, with `inspection`
    /// to look before it starts (zero: none).
    pub fn new(inspection: Duration, now: f64) -> Self {
        let phase = if inspection.is_zero() {
            Phase::Ready
        } else {
            Phase::Inspecting {
                until: now + inspection.as_secs_f64(),
            }
        };
        Self {
            phase,
            made: now,
            inspected: Duration::ZERO,
        }
    }

    /// Where it stands at app time `now` (inspection that ran out has
    /// started the clock).
    pub fn phase(&mut self, now: f64) -> Phase {
        if let Phase::Inspecting { until } = self.phase
            && now >= until
        {
            self.start(until);
        }
        self.phase
    }

    /// How long inspection lasted.
    pub fn inspected(&self) -> Duration {
        self.inspected
    }

    /// The clock starts at app time `at`; inspection (if any) ended then.
    fn start(&mut self, at: f64) {
        if let Phase::Inspecting { .. } = self.phase {
            self.inspected = Duration::from_secs_f64((at - self.made).max(0.0));
        }
        self.phase = Phase::Running { started: at };
    }

    /// A move at app time `now`: starts the clock if it has not started;
    /// the clock's reading then in milliseconds, or `None` once done.
    pub fn move_at(&mut self, now: f64) -> Option<u64> {
        match self.phase(now) {
            Phase::Done { .. } => None,
            Phase::Ready | Phase::Inspecting { .. } => {
                self.start(now);
                Some(0)
            }
            Phase::Running { started } => Some(((now - started).max(0.0) * 1000.0).round() as u64),
        }
    }

    /// The goal was reached at the clock's reading `at_ms`.
    pub fn finish(&mut self, at_ms: u64) {
        self.phase = Phase::Done {
            time: Duration::from_millis(at_ms),
        };
    }

    /// Whether the goal was reached.
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done { .. })
    }

    /// The clock's reading at `now`: zero before it starts, frozen once
    /// done.
    pub fn elapsed(&mut self, now: f64) -> Duration {
        match self.phase(now) {
            Phase::Ready | Phase::Inspecting { .. } => Duration::ZERO,
            Phase::Running { started } => Duration::from_secs_f64((now - started).max(0.0)),
            Phase::Done { time } => time,
        }
    }

    /// Inspection left at `now`, if it runs.
    pub fn inspection_left(&mut self, now: f64) -> Option<Duration> {
        match self.phase(now) {
            Phase::Inspecting { until } => Some(Duration::from_secs_f64((until - now).max(0.0))),
            _ => None,
        }
    }

    /// `moves` per second of the clock at `now` (zero before a tenth of a
    /// second has passed).
    pub fn rate(&mut self, moves: usize, now: f64) -> f64 {
        let secs = self.elapsed(now).as_secs_f64();
        if secs < 0.1 { 0.0 } else { moves as f64 / secs }
    }
}
