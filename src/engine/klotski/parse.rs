//! Reading layouts from text, with errors that name the exact problem.

use std::collections::BTreeMap;
use std::fmt;

use super::{Layout, Piece, PieceShape};

/// Everything that can be wrong with a layout's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// No rows at all.
    Empty,
    /// Rows of different lengths.
    UnequalRows {
        /// 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A character that is neither a letter nor `.`.
    UnknownChar(char),
    /// A letter whose cells do not fill a rectangle.
    NotRectangle(char),
    /// A piece of a shape other than 1×1, 1×2, 2×1, 2×2.
    ShapeNotAllowed {
        /// The piece.
        letter: char,
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// No 2×2 piece to be the target.
    NoTarget,
    /// More than one 2×2 piece.
    TwoTargets(char, char),
    /// No empty cell: nothing can move.
    NoEmptyCell,
    /// Too many rows or columns (or too few).
    BadSize {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// More cells than a state holds ([`Layout::MAX_CELLS`]).
    TooManyCells {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::Empty => write!(f, "no rows given"),
            LayoutError::UnequalRows { row, len, expected } => {
                write!(f, "row {row} has {len} cells but row 1 has {expected}")
            }
            LayoutError::UnknownChar(c) => {
                write!(
                    f,
                    "unknown character '{c}': use one letter per piece and '.' for empty cells"
                )
            }
            LayoutError::NotRectangle(c) => {
                write!(f, "the cells of piece '{c}' do not form a filled rectangle")
            }
            LayoutError::ShapeNotAllowed { letter, rows, cols } => write!(
                f,
                "piece '{letter}' is {rows}x{cols}: pieces must be 1x1, 1x2, 2x1 or 2x2"
            ),
            LayoutError::NoTarget => write!(f, "no 2x2 piece to bring to the exit"),
            LayoutError::TwoTargets(a, b) => write!(
                f,
                "two 2x2 pieces ('{a}' and '{b}'): the target must be unique"
            ),
            LayoutError::NoEmptyCell => write!(f, "no empty cell: nothing can move"),
            LayoutError::BadSize { rows, cols } => write!(
                f,
                "a {rows}x{cols} board is out of range: rows and columns must be {} to {}",
                Layout::MIN_SIDE,
                Layout::MAX_SIDE
            ),
            LayoutError::TooManyCells { rows, cols } => write!(
                f,
                "a {rows}x{cols} board has {} cells: layouts hold at most {} (8x7 or 7x8)",
                rows * cols,
                Layout::MAX_CELLS
            ),
        }
    }
}

impl std::error::Error for LayoutError {}

pub(super) fn parse(text: &str) -> Result<Layout, LayoutError> {
    let rows: Vec<Vec<char>> = text
        .split(['/', '\n'])
        .map(|r| r.trim())
        .filter(|r| !r.is_empty())
        .map(|r| r.chars().collect())
        .collect();
    if rows.is_empty() {
        return Err(LayoutError::Empty);
    }
    let cols = rows[0].len();
    for (i, r) in rows.iter().enumerate() {
        if r.len() != cols {
            return Err(LayoutError::UnequalRows {
                row: i + 1,
                len: r.len(),
                expected: cols,
            });
        }
    }
    if let Some(&c) = rows
        .iter()
        .flatten()
        .find(|c| !(c.is_alphabetic() || **c == '.'))
    {
        return Err(LayoutError::UnknownChar(c));
    }
    let ok = |n| (Layout::MIN_SIDE..=Layout::MAX_SIDE).contains(&n);
    if !ok(rows.len()) || !ok(cols) {
        return Err(LayoutError::BadSize {
            rows: rows.len(),
            cols,
        });
    }
    if rows.len() * cols > Layout::MAX_CELLS {
        return Err(LayoutError::TooManyCells {
            rows: rows.len(),
            cols,
        });
    }
    // Bounding box and cell count per letter.
    let mut boxes: BTreeMap<char, (usize, usize, usize, usize, usize)> = BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == '.' {
                continue;
            }
            let b = boxes.entry(ch).or_insert((r, c, r, c, 0));
            b.0 = b.0.min(r);
            b.1 = b.1.min(c);
            b.2 = b.2.max(r);
            b.3 = b.3.max(c);
            b.4 += 1;
        }
    }
    let mut pieces = Vec::new();
    for (&letter, &(r0, c0, r1, c1, count)) in &boxes {
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        if h * w != count {
            return Err(LayoutError::NotRectangle(letter));
        }
        let shape = PieceShape::from_size(h, w).ok_or(LayoutError::ShapeNotAllowed {
            letter,
            rows: h,
            cols: w,
        })?;
        pieces.push(Piece {
            letter,
            shape,
            row: r0,
            col: c0,
        });
    }
    let squares: Vec<usize> = (0..pieces.len())
        .filter(|&i| pieces[i].shape == PieceShape::Square)
        .collect();
    let target = match squares.as_slice() {
        [] => return Err(LayoutError::NoTarget),
        [t] => *t,
        [a, b, ..] => {
            return Err(LayoutError::TwoTargets(
                pieces[*a].letter,
                pieces[*b].letter,
            ));
        }
    };
    if !rows.iter().flatten().any(|&c| c == '.') {
        return Err(LayoutError::NoEmptyCell);
    }
    let n_rows = rows.len();
    Ok(Layout {
        rows: n_rows,
        cols,
        pieces,
        target,
        goal: (n_rows - 2, (cols - 2) / 2),
    })
}
