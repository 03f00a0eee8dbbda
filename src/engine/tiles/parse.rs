//! Reading boards from text, with errors that name the exact problem.

use std::fmt;

use super::board::Shape;

/// Everything that can be wrong with a board or size given as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// No numbers at all.
    Empty,
    /// A token that is not a non-negative whole number.
    NotANumber(String),
    /// A size that is not of the form `RxC`.
    BadSize(String),
    /// A size outside 2×2 … 10×10.
    SizeOutOfRange {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// No size given and the count is not a square.
    NotSquare(usize),
    /// The count does not match the size.
    WrongCount {
        /// The board size.
        shape: Shape,
        /// How many numbers were given.
        found: usize,
    },
    /// The goal's count does not match the start's size.
    GoalCount {
        /// The start's size.
        shape: Shape,
        /// How many numbers the goal has.
        found: usize,
    },
    /// A number larger than the largest tile.
    OutOfRange {
        /// The offending number.
        tile: u64,
        /// The largest tile on this board.
        max: usize,
    },
    /// A tile given twice.
    Duplicate(u8),
    /// A tile not given.
    Missing(u8),
    /// Start and goal of different sizes.
    GoalShape {
        /// The goal's size.
        goal: Shape,
        /// The start's size.
        start: Shape,
    },
    /// An error in the goal text.
    InGoal(Box<BoardError>),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(f, "no tiles given"),
            BoardError::NotANumber(t) => write!(
                f,
                "'{t}' is not a number (tiles are whole numbers, 0 = blank)"
            ),
            BoardError::BadSize(t) => write!(f, "size '{t}' is not RxC (e.g. 4x4 or 3x5)"),
            BoardError::SizeOutOfRange { rows, cols } => write!(
                f,
                "size {rows}x{cols} is out of range: rows and columns must be {} to {}",
                Shape::MIN_SIDE,
                Shape::MAX_SIDE
            ),
            BoardError::NotSquare(n) => write!(
                f,
                "{n} numbers do not make a square board; give the size as RxC (--size)"
            ),
            BoardError::WrongCount { shape, found } => write!(
                f,
                "{found} numbers for a {shape} board: expected {}",
                shape.cells()
            ),
            BoardError::GoalCount { shape, found } => write!(
                f,
                "the goal has {found} numbers but the start is a {shape} board ({} numbers)",
                shape.cells()
            ),
            BoardError::OutOfRange { tile, max } => {
                write!(
                    f,
                    "tile {tile} is out of range: tiles go from 0 (blank) to {max}"
                )
            }
            BoardError::Duplicate(t) if *t == 0 => {
                write!(f, "duplicate tile 0: only one blank allowed")
            }
            BoardError::Duplicate(t) => write!(f, "duplicate tile {t}"),
            BoardError::Missing(t) if *t == 0 => {
                write!(f, "missing tile 0: the board needs a blank")
            }
            BoardError::Missing(t) => write!(f, "missing tile {t}"),
            BoardError::GoalShape { goal, start } => {
                write!(f, "the goal is a {goal} board but the start is {start}")
            }
            BoardError::InGoal(e) => write!(f, "goal: {e}"),
        }
    }
}

impl std::error::Error for BoardError {}

pub(super) fn parse_shape(text: &str) -> Result<Shape, BoardError> {
    let bad = || BoardError::BadSize(text.trim().to_string());
    let t = text.trim().to_ascii_lowercase().replace('×', "x");
    let (r, c) = t.split_once('x').ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r > u8::MAX as usize || c > u8::MAX as usize {
        return Err(BoardError::SizeOutOfRange { rows: r, cols: c });
    }
    Shape::new(r as u8, c as u8)
}

/// Split on spaces, commas, semicolons and newlines; parse each token.
fn numbers(text: &str) -> Result<Vec<u64>, BoardError> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u64>()
                .map_err(|_| BoardError::NotANumber(t.to_string()))
        })
        .collect()
}

pub(super) fn parse_tiles(
    text: &str,
    shape: Option<Shape>,
) -> Result<(Shape, Vec<u8>), BoardError> {
    let nums = numbers(text)?;
    if nums.is_empty() {
        return Err(BoardError::Empty);
    }
    let shape = match shape {
        Some(s) => s,
        None => {
            let side = (1..=Shape::MAX_SIDE as usize + 1)
                .find(|s| s * s >= nums.len())
                .filter(|s| s * s == nums.len())
                .ok_or(BoardError::NotSquare(nums.len()))?;
            Shape::new(side as u8, side as u8)?
        }
    };
    let cells = check_permutation(shape, nums)?;
    Ok((shape, cells))
}

/// Check that `nums` is a permutation of `0..cells`; name the first problem.
pub(super) fn check_permutation(shape: Shape, nums: Vec<u64>) -> Result<Vec<u8>, BoardError> {
    let n = shape.cells();
    if nums.len() != n {
        return Err(BoardError::WrongCount {
            shape,
            found: nums.len(),
        });
    }
    if let Some(&tile) = nums.iter().find(|&&t| t >= n as u64) {
        return Err(BoardError::OutOfRange { tile, max: n - 1 });
    }
    let mut seen = vec![false; n];
    for &t in &nums {
        if std::mem::replace(&mut seen[t as usize], true) {
            return Err(BoardError::Duplicate(t as u8));
        }
    }
    // With the right count, no duplicate and nothing out of range, nothing
    // can be missing; kept for boards built by hand.
    if let Some(t) = seen.iter().position(|&s| !s) {
        return Err(BoardError::Missing(t as u8));
    }
    Ok(nums.into_iter().map(|t| t as u8).collect())
}
