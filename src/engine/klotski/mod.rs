//! Klotski (华容道): rectangular blocks on a small board; the target block
//! (Cao Cao, 2×2) must reach the exit.
//!
//! Text form: rows joined by `/` (or newlines), `.` for an empty cell, one
//! letter per piece; the cells of one letter form the piece. The classic
//! 横刀立马 is `BAAC/BAAC/DEEF/DGHF/I..J`.

pub mod group;
mod mirror;
mod parse;
pub mod space;
#[cfg(test)]
mod tests;
mod word;

pub use mirror::bfs_mirrored;
pub use parse::LayoutError;
pub use space::{GroupSizes, KMove, KState, KlotskiSpace, Metric};
pub use word::{BFS_MIRRORED_STATE_BYTES, BFS_STATE_BYTES, bfs};

use crate::Dir;

/// The shapes a piece may have, as (rows, columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PieceShape {
    /// 1×1 (a soldier).
    Single,
    /// One row, two columns (a horizontal general).
    Wide,
    /// Two rows, one column (a vertical general).
    Tall,
    /// 2×2 (Cao Cao).
    Square,
}

impl PieceShape {
    /// Rows and columns.
    pub fn size(self) -> (usize, usize) {
        match self {
            PieceShape::Single => (1, 1),
            PieceShape::Wide => (1, 2),
            PieceShape::Tall => (2, 1),
            PieceShape::Square => (2, 2),
        }
    }

    fn from_size(rows: usize, cols: usize) -> Option<Self> {
        match (rows, cols) {
            (1, 1) => Some(PieceShape::Single),
            (1, 2) => Some(PieceShape::Wide),
            (2, 1) => Some(PieceShape::Tall),
            (2, 2) => Some(PieceShape::Square),
            _ => None,
        }
    }
}

/// One block: its letter, shape and top-left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Piece {
    /// The letter naming it in the text form.
    pub letter: char,
    /// Its shape.
    pub shape: PieceShape,
    /// Top row.
    pub row: usize,
    /// Left column.
    pub col: usize,
}

/// A Klotski position: board size, pieces, which one is the target and
/// where its top-left cell must go.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Layout {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The pieces, in letter order.
    pub pieces: Vec<Piece>,
    /// Index of the target piece.
    pub target: usize,
    /// Goal of the target's top-left cell (row, column).
    pub goal: (usize, usize),
}

impl Layout {
    /// Smallest side.
    pub const MIN_SIDE: usize = 4;
    /// Largest side.
    pub const MAX_SIDE: usize = 8;
    /// Most cells a layout may have: what a state holds, so 8×8 is too large.
    pub const MAX_CELLS: usize = 63;

    /// Parse the text form; the target is the one 2×2 piece and its goal the
    /// bottom centre.
    ///
    /// ```
    /// use huarong_engine::klotski::Layout;
    /// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    /// assert_eq!((l.rows, l.cols), (5, 4));
    /// assert_eq!(l.pieces[l.target].letter, 'A');
    /// assert_eq!(l.goal, (3, 1));
    /// ```
    pub fn parse(text: &str) -> Result<Self, LayoutError> {
        parse::parse(text)
    }

    /// Whether the target is on its goal.
    pub fn is_solved(&self) -> bool {
        let t = &self.pieces[self.target];
        (t.row, t.col) == self.goal
    }

    /// The letter in each cell (`.` when empty).
    pub fn grid(&self) -> Vec<Vec<char>> {
        let mut g = vec![vec!['.'; self.cols]; self.rows];
        for p in &self.pieces {
            let (h, w) = p.shape.size();
            for row in g.iter_mut().skip(p.row).take(h) {
                for cell in row.iter_mut().skip(p.col).take(w) {
                    *cell = p.letter;
                }
            }
        }
        g
    }

    /// The text form, rows joined by `/`.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self
            .grid()
            .into_iter()
            .map(|r| r.into_iter().collect())
            .collect();
        rows.join("/")
    }

    /// Move piece `i` one cell in `dir` if the cells it enters are free.
    pub fn step(&mut self, i: usize, dir: Dir) -> bool {
        let grid = self.grid();
        let p = self.pieces[i];
        let (h, w) = p.shape.size();
        let (r, c) = (p.row as isize, p.col as isize);
        let (dr, dc) = match dir {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        };
        let (nr, nc) = (r + dr, c + dc);
        if nr < 0 || nc < 0 || nr as usize + h > self.rows || nc as usize + w > self.cols {
            return false;
        }
        let (nr, nc) = (nr as usize, nc as usize);
        let blocked = grid[nr..nr + h].iter().any(|row| {
            row[nc..nc + w]
                .iter()
                .any(|&ch| ch != '.' && ch != p.letter)
        });
        if blocked {
            return false;
        }
        self.pieces[i].row = nr;
        self.pieces[i].col = nc;
        true
    }
    /// Index of the piece whose top-left cell is `(row, col)`.
    pub fn piece_at(&self, row: usize, col: usize) -> Option<usize> {
        self.pieces
            .iter()
            .position(|p| (p.row, p.col) == (row, col))
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in self.grid() {
            writeln!(f, "{}", row.into_iter().collect::<String>())?;
        }
        Ok(())
    }
}
