//! The solver core. Independent of any GUI crate and of the file system:
//! callers hand it boards and get [`Outcome`]s back.
//!
//! ```
//! use huarong_engine::{Control, HeuristicChoice, TilePuzzle, solve_tiles, strategy};
//!
//! let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
//! let astar = strategy::find("astar").unwrap();
//! let outcome = solve_tiles(astar, &puzzle, &HeuristicChoice::LinearConflict, &Control::default()).unwrap();
//! assert_eq!(outcome.path.len(), 2);
//! assert!(outcome.stats.optimal);
//! ```

pub mod control;
pub mod experiment;
pub mod hash;
pub mod job;
pub mod klotski;
pub mod memory;
pub mod numeral;
pub mod observe;
pub mod outcome;
pub mod rng;
pub mod search;
pub mod step;
pub mod strategy;
pub mod tiles;
pub mod workers;

pub use control::{CancelToken, Control, Limits, Progress, TracePoint};
pub use outcome::{LimitKind, Outcome, Stats, Status};
pub use strategy::{Strategy, solve_klotski, solve_tiles};
pub use tiles::heuristic::{HeuristicChoice, HeuristicKind};
pub use tiles::{Board, Dir, Shape, TilePuzzle};
