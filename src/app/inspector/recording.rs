//! An inspected run's events and how far they are shown, shared by the
//! search's thread and the UI's.
//!
//! The search hands each event over as it makes it (an engine
//! [`Stepper`](crate::engine::step::Stepper) with a sink); the event is
//! kept for Back and, once its step is whole and asked for, folded into the
//! [`Model`] there and then. Run to end therefore folds at the search's own
//! pace, not a frame's: a BFS of every 3×3 position is recorded in a
//! fraction of a second however slowly the window draws. The UI thread
//! folds only a step's tail (the last step of a run that waits at the gate
//! or has ended) and rebuilds the model for Back.

use std::sync::{Arc, Mutex, MutexGuard};

use super::model::Model;
use super::tape::Tape;
use crate::engine::observe::Anatomist;
use crate::engine::step::Event;

/// Most events kept for Back; past it they are dropped and Back is off.
pub const KEPT_EVENTS: usize = 1_000_000;

/// A run's recording; see the [module](self).
pub struct Recording {
    /// Events recorded, from `dropped` on.
    records: Tape,
    /// Events dropped from the front past `kept`.
    dropped: usize,
    /// Most events kept for Back ([`KEPT_EVENTS`]; tests lower it).
    pub kept: usize,
    /// Absolute index of each step's first event.
    step_starts: Vec<usize>,
    /// Absolute index of the next event to fold.
    folded: usize,
    /// What is shown: every step up to `model.steps`.
    pub model: Model,
    /// Steps asked for (`u64::MAX`: run to the end).
    pub target: u64,
    /// The run's anatomy, tallied from every event as it is recorded
    /// (Back does not undo it).
    pub anatomist: Anatomist,
}

/// A recording shared by the two threads.
pub type Shared = Arc<Mutex<Recording>>;

/// Lock `shared` (a panic on the other thread leaves it usable: the
/// recording is only ever appended to and folded).
pub fn lock(shared: &Shared) -> MutexGuard<'_, Recording> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

impl Recording {
    /// Nothing recorded, `model` empty.
    pub fn new(model: Model) -> Self {
        Self {
            records: Tape::default(),
            dropped: 0,
            kept: KEPT_EVENTS,
            step_starts: Vec::new(),
            folded: 0,
            model,
            target: 0,
            anatomist: Anatomist::default(),
        }
    }

    /// On the search's thread: keep `record`, and fold the step it ends
    /// if that step is asked for.
    pub fn push(&mut self, record: &Event) {
        self.anatomist.record(record);
        let starts = record.starts_step();
        if starts {
            self.step_starts.push(self.end());
        }
        self.records.push(record);
        // A step is whole once the next one began.
        if starts {
            self.fold(false, usize::MAX);
        }
    }

    /// Absolute index one past the last event recorded.
    fn end(&self) -> usize {
        self.dropped + self.records.len()
    }

    /// Every event recorded is shown.
    pub fn all_folded(&self) -> bool {
        self.folded == self.end()
    }

    /// The steps recorded after those shown, each whole (`last_whole`:
    /// the last one too), in order: what Predict asks about. Each step's
    /// events are unpacked from the tape only when it is reached: Predict
    /// looks at a few, often every frame, of what may be a whole run.
    pub fn coming(&self, last_whole: bool) -> impl ExactSizeIterator<Item = Vec<Event>> + '_ {
        let end = self.end();
        let mut steps = Vec::new();
        let mut k = self.model.steps as usize;
        while let Some(&from) = self.step_starts.get(k) {
            let to = match self.step_starts.get(k + 1) {
                Some(&to) => to,
                None if last_whole => end,
                None => break,
            };
            steps.push(from - self.dropped..to - self.dropped);
            k += 1;
        }
        steps.into_iter().map(|step| self.records.events(step))
    }

    /// The event that began step `k` (0-based), if still kept.
    pub fn step_record(&self, k: u64) -> Option<Event> {
        let at = *self.step_starts.get(usize::try_from(k).ok()?)?;
        self.records.get(at.checked_sub(self.dropped)?)
    }

    /// Whether Back can replay: nothing was dropped.
    pub fn can_replay(&self) -> bool {
        self.dropped == 0
    }

    /// Fold the steps asked for that are whole, at most about `budget`
    /// events; `last_whole`: the last step is whole too (the search waits
    /// at the gate, or the run ended). Returns whether steps asked for are
    /// left to fold.
    pub fn fold(&mut self, last_whole: bool, budget: usize) -> bool {
        let end = self.end();
        let mut budget = budget;
        // Events before the first step (none in practice).
        let first = self.step_starts.first().copied().unwrap_or(end);
        if self.folded < first && (last_whole || !self.step_starts.is_empty()) {
            self.fold_to(first, true);
        }
        while self.model.steps < self.target && budget > 0 {
            let step = self.model.steps as usize;
            let Some(&from) = self.step_starts.get(step) else {
                // No more steps: the events after the last one, once the
                // run is over.
                if last_whole {
                    self.fold_to(end, true);
                }
                break;
            };
            let to = match self.step_starts.get(step + 1) {
                Some(&to) => to,
                None if last_whole => end,
                None => break,
            };
            debug_assert_eq!(from, self.folded);
            // Only a step that will be shown is explained: the one the
            // run stops at (asked for, or the last recorded). The steps a
            // Run to end or a Step ×10 passes over are only tallied.
            let explain = step as u64 + 1 >= self.target || to == end;
            self.fold_to(to, explain);
            budget = budget.saturating_sub(to - from);
        }
        if self.records.len() > self.kept {
            // Drop what is shown already; Back cannot replay it any more.
            let n = self.folded - self.dropped;
            self.records.drop_front(n);
            self.dropped += n;
        }
        self.model.steps < self.target && budget == 0
    }

    /// Fold the events up to (absolute index) `to`; `explain`: the step
    /// they may begin is shown.
    fn fold_to(&mut self, to: usize, explain: bool) {
        let kept = self.folded - self.dropped..to - self.dropped;
        let model = &mut self.model;
        self.records
            .each(kept, |record| model.fold_as(record, explain));
        self.folded = to;
    }

    /// Show the first `steps` steps again, folded afresh from the records
    /// (Back). The caller checked [`can_replay`](Self::can_replay).
    pub fn replay(&mut self, steps: u64) {
        self.target = steps;
        let end = self
            .step_starts
            .get(steps as usize)
            .copied()
            .unwrap_or(self.end());
        // The last step shown is the only one explained.
        let last = self.step_starts[..self.step_starts.len().min(steps as usize)]
            .last()
            .copied()
            .unwrap_or(0);
        self.model = self.model.fresh();
        self.folded = 0;
        self.fold_to(last.min(end), false);
        self.fold_to(end, true);
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::tests::named;
    use super::*;
    use crate::engine::observe::Fate;
    use crate::engine::strategy::Visit;

    fn expand(g: u32, state: &str) -> Event {
        Event::Expand {
            g,
            h: 0,
            state: named(state),
        }
    }

    fn child(g: u32, state: &str) -> Event {
        Event::Generate {
            g,
            h: 0,
            fate: Fate::New,
            state: named(state),
        }
    }

    /// A step is folded once asked for and whole: when the next begins, or
    /// when the caller says the last one is (the search waits at the gate).
    #[test]
    fn steps_fold_when_asked_for_and_whole() {
        let mut r = Recording::new(Model::new(Visit::BreadthFirst, named("a")));
        r.push(&expand(0, "a"));
        r.push(&child(1, "b"));
        assert_eq!(r.model.steps, 0, "not asked for");
        r.target = 1;
        r.fold(false, usize::MAX);
        assert_eq!(r.model.expanded, 0, "the step may have more children");
        r.push(&expand(1, "b"));
        assert_eq!(
            (r.model.steps, r.model.generated),
            (1, 1),
            "whole once the next began"
        );
        r.push(&child(2, "c"));
        r.target = 2;
        r.fold(false, usize::MAX);
        assert_eq!(r.model.steps, 1, "step 2 is not whole yet");
        r.fold(true, usize::MAX);
        assert_eq!((r.model.steps, r.model.generated), (2, 2));
        assert!(r.all_folded());
        r.replay(1);
        assert_eq!((r.model.steps, r.model.generated), (1, 1));
        assert!(!r.all_folded());
    }
}
