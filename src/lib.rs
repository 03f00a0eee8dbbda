//! Huarong's library half: what the binary's front ends share and the
//! integration tests reach. The solver core is the `huarong-engine` crate
//! (`src/engine`); the command line and the desktop app live in the binary
//! (`src/main.rs`) and are no library API.
//!
//! * [`storage`] keeps what lives on disk (the pattern-database cache, puzzle
//!   and results files, the shipped Klotski layouts).
//! * [`units`] formats numbers, sizes and durations for people.
//! * [`puzzle`] a puzzle of any family and a run's outcome on it, with what
//!   differs by family behind their methods (the app and the CLI share
//!   them).

pub mod puzzle;
pub mod storage;
pub mod units;

// The solver core, under the short name storage uses in its paths.
use huarong_engine as engine;
