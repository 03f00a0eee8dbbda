//! Sliding-tile boards of any size from 2×2 to 10×10, square or rectangular,
//! with any goal arrangement.
//!
//! Conventions: tiles are numbered 1…R·C−1, 0 is the blank, cells are
//! row-major. A move names the direction the **blank** moves (`U`, `D`, `L`,
//! `R`), so `R` slides the tile right of the blank to the left.

mod board;
pub mod goals;
pub mod heuristic;
pub mod notation;
pub mod packed;
mod parse;
pub mod pdb;
pub mod prune;
mod random;
pub mod reduce;
mod solvability;
pub mod space;
pub mod table;

pub use board::{Board, Dir, Shape, TilePuzzle, format_path, parse_path};
pub use goals::GoalPattern;
pub use notation::{NotationError, multi_tile_moves, parse_notation, to_notation};
pub use packed::{PackedBoard, WideBoard};
pub use parse::BoardError;
pub use random::{random_solvable, shuffled};
pub use solvability::{Unsolvable, check_solvable};
