//! The integration tests, one binary (one link instead of nine): the engine
//! through its public API, storage on disk, and the `huarong` binary end to
//! end. Each module says what it checks.

mod architecture;
mod by_depth;
mod cli;
mod cli_output;
mod control;
mod exports;
mod fast;
mod files_fuzz;
mod greedy_best_first;
mod heuristics;
mod klotski;
mod limits;
mod local;
mod memory;
mod observe;
mod observe_local;
mod parse;
mod pdb;
mod pdb6666;
mod replays;
mod search;
mod table;
mod uninformed;
mod weighted;
