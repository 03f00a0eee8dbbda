//! What can go wrong in the app, typed: each variant names the problem and
//! its text is what the error dialog or the status line shows.

use std::path::PathBuf;

use crate::engine::strategy::SolveError;
use crate::engine::tiles::{BoardError, Unsolvable};
use crate::storage::puzzle_file::FileError;

/// Background work that makes the app refuse commands changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// A tile or Klotski solve runs in the play view.
    Solving,
    /// The compare view runs strategies (rows or a batch).
    Comparing,
}

impl Busy {
    /// The work in a few words, for messages.
    fn what(self) -> &'static str {
        match self {
            Busy::Solving => "solve",
            Busy::Comparing => "comparison",
        }
    }
}

/// An app error.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A puzzle file could not be opened.
    #[error("Cannot open {}: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: FileError,
    },
    /// A puzzle could not be saved.
    #[error("Cannot save {}: {source}", path.display())]
    Save {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// Results could not be exported.
    #[error("Cannot export to {}: {source}", path.display())]
    Export {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// Save solution without a solution.
    #[error("There is no solution to save yet: press Solve first.")]
    NoSolution,
    /// A file chosen while background work runs would be overwritten by it.
    #[error("Cancel the running {} before opening a file.", .0.what())]
    OpenWhileBusy(Busy),
    /// A command that changes the board, refused while work runs.
    #[error("{action} is not available while a {} runs: cancel it first.", busy.what())]
    Refused {
        /// The command, as the user knows it.
        action: &'static str,
        /// What runs.
        busy: Busy,
    },
    /// The start cannot be solved.
    #[error("Not solving: this start is unsolvable: {0}")]
    Unsolvable(Unsolvable),
    /// Set state: the text is not a board (or size, or goal).
    #[error("{0}")]
    BadState(#[from] BoardError),
    /// Set state: a board that cannot reach its goal.
    #[error("unsolvable for this goal: {0}")]
    UnsolvableState(Unsolvable),
    /// The solver refused the request (e.g. a heuristic that does not fit).
    #[error("Not solving: {0}")]
    SolveRefused(#[from] SolveError),
}
