//! The types every screen and the commands share, at the bottom of the
//! app: a puzzle of any family to run on ([`Start`], the library's, shared
//! with the CLI), a run's result ([`Finished`]) and the run a learner opens
//! beside another ([`Choice`]).
//! They import no screen, so commands, the play views, compare and the
//! inspector can all name them without importing each other.

use crate::app::i18n::Said;
use crate::app::run_by::RunBy;
use crate::engine::HeuristicKind;
use crate::engine::experiment::RunSummary;
use crate::engine::strategy::{INFORMED_BASELINE, UNINFORMED_BASELINE};

pub use crate::puzzle::{RunOutcome, Start};

/// A finished run.
#[derive(Clone, Debug)]
pub enum Finished {
    /// It ran: the engine's outcome.
    Ran(RunOutcome),
    /// Why the engine refused the configuration for this family (or its
    /// run failed).
    Refused(Said),
}

impl Finished {
    /// The numbers of the run on `start` (none if it was refused).
    pub(in crate::app) fn summary(&self, start: Option<&Start>) -> Option<RunSummary> {
        match self {
            Finished::Ran(outcome) => Some(outcome.summary(start)),
            Finished::Refused(_) => None,
        }
    }

    /// Why it did not run (or failed), if so.
    pub(in crate::app) fn refusal(&self) -> Option<&Said> {
        match self {
            Finished::Refused(why) => Some(why),
            Finished::Ran(_) => None,
        }
    }
}

/// The run chosen to open beside the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Its strategy's registry name.
    pub strategy: &'static str,
    /// Its heuristic (tiles, if the strategy takes one).
    pub heuristic: HeuristicKind,
}

impl Choice {
    /// What the picker offers first beside `run`: the same strategy with
    /// another heuristic where it takes one (Manhattan against misplaced
    /// tiles), else BFS, or A* beside BFS.
    pub fn against(run: &RunBy) -> Self {
        let manhattan = HeuristicKind::Manhattan;
        match run {
            RunBy::Strategy {
                name,
                heuristic: Some(h),
            } => Self {
                strategy: name,
                heuristic: if *h == HeuristicKind::Misplaced {
                    manhattan
                } else {
                    HeuristicKind::Misplaced
                },
            },
            RunBy::Strategy { name, .. } if *name != UNINFORMED_BASELINE.name() => Self {
                strategy: UNINFORMED_BASELINE.name(),
                heuristic: manhattan,
            },
            _ => Self {
                strategy: INFORMED_BASELINE.name(),
                heuristic: manhattan,
            },
        }
    }
}
