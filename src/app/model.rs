//! The types every screen and the commands share, at the bottom of the
//! app: a puzzle of either family to run on ([`Start`]), a run's result
//! ([`Finished`]) and the run a learner opens beside another ([`Choice`]).
//! They import no screen, so commands, the play views, compare and the
//! inspector can all name them without importing each other.

use crate::app::i18n::Said;
use crate::app::run_by::RunBy;
use crate::engine::experiment::RunSummary;
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::strategy::{Family, INFORMED_BASELINE, UNINFORMED_BASELINE};
use crate::engine::{Dir, HeuristicKind, Outcome, TilePuzzle};

/// A start to compare on.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    /// A tile puzzle.
    Tiles(TilePuzzle),
    /// A Klotski layout, counted in a metric.
    Klotski(Layout, Metric),
}

impl Start {
    /// The family of puzzle it is.
    pub fn family(&self) -> Family {
        match self {
            Start::Tiles(_) => Family::Tiles,
            Start::Klotski(..) => Family::Klotski,
        }
    }

    /// Whether it is a tile puzzle (rows name their heuristic only there).
    pub fn is_tiles(&self) -> bool {
        matches!(self, Start::Tiles(_))
    }

    /// The tile board's shape (`None` for Klotski, which takes no tile
    /// heuristic).
    pub fn shape(&self) -> Option<crate::engine::Shape> {
        match self {
            Start::Tiles(p) => Some(p.shape()),
            Start::Klotski(..) => None,
        }
    }
}

/// A finished run.
#[derive(Clone, Debug)]
pub enum Finished {
    /// Tiles: the outcome (or why it was refused).
    Tiles(Result<Outcome<Dir>, Said>),
    /// Klotski.
    Klotski(Outcome<KMove>),
    /// Why the engine refused the configuration for this family (or its
    /// run failed).
    Refused(Said),
}

impl Finished {
    /// The numbers of the run on `start` (none if it was refused).
    pub(in crate::app) fn summary(&self, start: Option<&Start>) -> Option<RunSummary> {
        match (start, self) {
            (_, Finished::Tiles(Ok(o))) => Some(RunSummary::of(o)),
            (_, Finished::Tiles(Err(_)) | Finished::Refused(_)) => None,
            (Some(Start::Klotski(l, _)), Finished::Klotski(o)) => {
                Some(RunSummary::of_klotski(l, o))
            }
            (_, Finished::Klotski(o)) => Some(RunSummary::of(o)),
        }
    }

    /// Why it did not run (or failed), if so.
    pub(in crate::app) fn refusal(&self) -> Option<&Said> {
        match self {
            Finished::Tiles(Err(why)) | Finished::Refused(why) => Some(why),
            Finished::Tiles(Ok(_)) | Finished::Klotski(_) => None,
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
