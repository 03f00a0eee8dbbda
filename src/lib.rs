//! Huarong: play and solve sliding puzzles.
//!
//! * [`engine`] is the solver core: boards, heuristics, strategies and the
//!   control object every search honours. It knows nothing of GUIs or files.
//! * [`storage`] keeps what lives on disk (the pattern-database cache, instance files).
//! * [`cli`] is the headless command line (`solve`, `bench`).

pub mod cli;
pub mod engine;
pub mod storage;
