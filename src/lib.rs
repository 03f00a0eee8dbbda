//! Huarong: play and solve sliding puzzles.
//!
//! * [`engine`] is the solver core: boards, heuristics, strategies and the
//!   control object every search honours. It knows nothing of GUIs or files.
//! * [`storage`] keeps what lives on disk (the pattern-database cache, instance files).
//! * [`cli`] is the headless command line (`solve`, `bench`).
//! * [`app`] is the desktop app (eframe/egui), opened when no command is given.

pub mod app;
pub mod cli;
pub mod engine;
pub mod storage;
pub mod units;
