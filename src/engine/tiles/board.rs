//! Board shape, moves, boards and puzzles (start + goal).

use std::fmt;

use super::parse::{BoardError, parse_shape, parse_tiles};
use super::solvability::{Unsolvable, check_solvable};

/// Rows × columns of a tile board (each 2 to 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Shape {
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
}

impl Shape {
    /// Smallest side length.
    pub const MIN_SIDE: u8 = 2;
    /// Largest side length.
    pub const MAX_SIDE: u8 = 10;

    /// A shape, checked to lie within 2×2 … 10×10.
    ///
    /// ```
    /// use huarong_engine::Shape;
    /// assert!(Shape::new(3, 4).is_ok());
    /// assert!(Shape::new(1, 4).is_err());
    /// ```
    pub fn new(rows: u8, cols: u8) -> Result<Self, BoardError> {
        let ok = |n| (Self::MIN_SIDE..=Self::MAX_SIDE).contains(&n);
        if ok(rows) && ok(cols) {
            Ok(Self { rows, cols })
        } else {
            Err(BoardError::SizeOutOfRange {
                rows: rows as usize,
                cols: cols as usize,
            })
        }
    }

    /// Parse `RxC` (also `R×C` or `RXC`).
    ///
    /// ```
    /// use huarong_engine::Shape;
    /// assert_eq!(Shape::parse("4x4").unwrap().cells(), 16);
    /// assert!(Shape::parse("four").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, BoardError> {
        parse_shape(text)
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Row and column of a cell.
    pub fn coords(self, cell: usize) -> (usize, usize) {
        (cell / self.cols as usize, cell % self.cols as usize)
    }

    /// Moves between cells `a` and `b` on an empty board: their Manhattan
    /// distance.
    ///
    /// ```
    /// use huarong_engine::Shape;
    /// let s = Shape::new(3, 4).unwrap();
    /// assert_eq!(s.distance(0, 11), 5);
    /// assert_eq!(s.distance(6, 6), 0);
    /// ```
    pub fn distance(self, a: usize, b: usize) -> usize {
        let ((ra, ca), (rb, cb)) = (self.coords(a), self.coords(b));
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }

    /// The neighbour of `cell` in direction `dir`, if on the board.
    #[inline]
    pub fn neighbour(self, cell: usize, dir: Dir) -> Option<usize> {
        let (r, c) = self.coords(cell);
        let cols = self.cols as usize;
        match dir {
            Dir::Up if r > 0 => Some(cell - cols),
            Dir::Down if r + 1 < self.rows as usize => Some(cell + cols),
            Dir::Left if c > 0 => Some(cell - 1),
            Dir::Right if c + 1 < cols => Some(cell + 1),
            _ => None,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A direction the blank moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Dir {
    /// Blank moves up (the tile above slides down).
    Up,
    /// Blank moves down.
    Down,
    /// Blank moves left.
    Left,
    /// Blank moves right.
    Right,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The move that undoes this one.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The letter of the articles' convention: `U`, `D`, `L`, `R`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// Parse a letter (either case).
    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_uppercase() {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }

    /// The same move seen on the board reflected in its main diagonal.
    pub fn transposed(self) -> Dir {
        match self {
            Dir::Up => Dir::Left,
            Dir::Left => Dir::Up,
            Dir::Down => Dir::Right,
            Dir::Right => Dir::Down,
        }
    }
}

/// A path as letters, e.g. `RDLU`.
///
/// ```
/// use huarong_engine::{Dir, tiles::format_path};
/// assert_eq!(format_path(&[Dir::Right, Dir::Down]), "RD");
/// ```
pub fn format_path(path: &[Dir]) -> String {
    path.iter().map(|d| d.letter()).collect()
}

/// Parse a path of `U`/`D`/`L`/`R` letters (spaces ignored).
///
/// ```
/// use huarong_engine::{Dir, tiles::parse_path};
/// assert_eq!(parse_path("rd").unwrap(), vec![Dir::Right, Dir::Down]);
/// assert!(parse_path("RX").is_err());
/// ```
pub fn parse_path(text: &str) -> Result<Vec<Dir>, String> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| Dir::from_letter(c).ok_or_else(|| format!("'{c}' is not a move (use U, D, L, R)")))
        .collect()
}

/// A tile arrangement: `cells[i]` is the tile in cell `i` (0 = blank).
/// Always a permutation of `0..rows*cols`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Board {
    shape: Shape,
    cells: Vec<u8>,
}

impl Board {
    /// A board from cells, checked to be a permutation of `0..R·C`.
    ///
    /// ```
    /// use huarong_engine::{Board, Shape};
    /// let shape = Shape::new(2, 2).unwrap();
    /// assert!(Board::new(shape, vec![1, 2, 3, 0]).is_ok());
    /// assert!(Board::new(shape, vec![1, 1, 3, 0]).is_err());
    /// ```
    pub fn new(shape: Shape, cells: Vec<u8>) -> Result<Self, BoardError> {
        super::parse::check_permutation(shape, cells.iter().map(|&t| t as u64).collect())?;
        Ok(Self { shape, cells })
    }

    /// The default goal: 1, 2, …, R·C−1, then the blank bottom-right.
    ///
    /// ```
    /// use huarong_engine::{Board, Shape};
    /// let g = Board::goal(Shape::new(2, 3).unwrap());
    /// assert_eq!(g.cells(), &[1, 2, 3, 4, 5, 0]);
    /// ```
    pub fn goal(shape: Shape) -> Self {
        let n = shape.cells();
        let cells = (1..n as u8).chain(std::iter::once(0)).collect();
        Self { shape, cells }
    }

    /// Parse tiles from text: numbers separated by spaces, commas or
    /// newlines, row-major, 0 = blank. Without a shape, the count must be a
    /// square.
    ///
    /// ```
    /// use huarong_engine::Board;
    /// let b = Board::parse("1,2,3\n4 5 6\n7 8 0", None).unwrap();
    /// assert_eq!(b.shape().cols, 3);
    /// let err = Board::parse("1 2 3 4 5 6 7 7 0", None).unwrap_err();
    /// assert_eq!(err.to_string(), "duplicate tile 7");
    /// ```
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<Self, BoardError> {
        let (shape, cells) = parse_tiles(text, shape)?;
        Ok(Self { shape, cells })
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Tiles by cell.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cell holding the blank.
    pub fn blank(&self) -> usize {
        self.cells
            .iter()
            .position(|&t| t == 0)
            .expect("a board always has a blank")
    }

    /// The cell holding `tile`.
    pub fn position(&self, tile: u8) -> usize {
        self.cells
            .iter()
            .position(|&t| t == tile)
            .expect("every tile is on the board")
    }

    /// Move the blank in `dir`; returns the tile that slid, or `None` (and
    /// leaves the board unchanged) if the blank is at that edge.
    ///
    /// ```
    /// use huarong_engine::{Board, Dir};
    /// let mut b = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
    /// assert_eq!(b.apply(Dir::Left), Some(8));
    /// assert_eq!(b.apply(Dir::Down), None);
    /// ```
    pub fn apply(&mut self, dir: Dir) -> Option<u8> {
        let blank = self.blank();
        let to = self.shape.neighbour(blank, dir)?;
        let tile = self.cells[to];
        self.cells.swap(blank, to);
        Some(tile)
    }

    /// Apply a whole path. On an illegal move returns its index and leaves
    /// the board as it was before that move.
    pub fn apply_path(&mut self, path: &[Dir]) -> Result<(), usize> {
        for (i, &d) in path.iter().enumerate() {
            self.apply(d).ok_or(i)?;
        }
        Ok(())
    }

    /// Directions the blank can move in.
    pub fn legal_moves(&self) -> impl Iterator<Item = Dir> + '_ {
        let blank = self.blank();
        Dir::ALL
            .into_iter()
            .filter(move |&d| self.shape.neighbour(blank, d).is_some())
    }

    /// The blank moves that slide the tile in `cell` toward the blank, with
    /// every tile between them: one multi-tile move, as on a real puzzle.
    /// `None` unless `cell` shares the blank's row or column (and is not
    /// the blank).
    ///
    /// ```
    /// use huarong_engine::{Board, Dir};
    /// let b = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
    /// // The tile two cells left of the blank: both tiles slide right.
    /// assert_eq!(b.slide_moves(6), Some(vec![Dir::Left, Dir::Left]));
    /// assert_eq!(b.slide_moves(0), None);
    /// ```
    pub fn slide_moves(&self, cell: usize) -> Option<Vec<Dir>> {
        let (br, bc) = self.shape.coords(self.blank());
        if cell >= self.cells.len() {
            return None;
        }
        let (r, c) = self.shape.coords(cell);
        let (dir, n) = match (r == br, c == bc) {
            (true, false) if c < bc => (Dir::Left, bc - c),
            (true, false) => (Dir::Right, c - bc),
            (false, true) if r < br => (Dir::Up, br - r),
            (false, true) => (Dir::Down, r - br),
            _ => return None,
        };
        Some(vec![dir; n])
    }

    /// The tile a blank move would slide, without moving it.
    pub fn tile_moved_by(&self, dir: Dir) -> Option<u8> {
        self.shape
            .neighbour(self.blank(), dir)
            .map(|c| self.cells[c])
    }

    /// Swap the tiles in two cells (used by editors; may change solvability).
    pub fn swap_cells(&mut self, a: usize, b: usize) {
        self.cells.swap(a, b);
    }

    /// Row-major tiles separated by spaces, 0 for the blank: the form
    /// [`Board::parse`] reads back.
    pub fn to_text(&self) -> String {
        cells_text(&self.cells)
    }
}

/// Tiles as space-separated numbers, row by row (0 the blank): the text
/// form of a board.
pub(crate) fn cells_text(cells: &[u8]) -> String {
    let parts: Vec<String> = cells.iter().map(|t| t.to_string()).collect();
    parts.join(" ")
}

impl fmt::Display for Board {
    /// A grid with right-aligned numbers and `.` for the blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (self.cells.len() - 1).to_string().len();
        for row in self.cells.chunks(self.shape.cols as usize) {
            let line: Vec<String> = row
                .iter()
                .map(|&t| {
                    if t == 0 {
                        format!("{:>width$}", ".")
                    } else {
                        format!("{t:>width$}")
                    }
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// A start and a goal of the same shape.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TilePuzzle {
    /// Where the search starts.
    pub start: Board,
    /// Where it must arrive.
    pub goal: Board,
}

impl TilePuzzle {
    /// A puzzle from two boards of the same shape.
    pub fn new(start: Board, goal: Board) -> Result<Self, BoardError> {
        if start.shape() != goal.shape() {
            return Err(BoardError::GoalShape {
                goal: goal.shape(),
                start: start.shape(),
            });
        }
        Ok(Self { start, goal })
    }

    /// Parse a start, an optional `RxC` size and an optional goal (default:
    /// 1…N then the blank). Without a size, the start's count must be square.
    ///
    /// ```
    /// use huarong_engine::TilePuzzle;
    /// let korf = TilePuzzle::parse(
    ///     "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    ///     None,
    ///     Some("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
    /// ).unwrap();
    /// assert!(korf.check_solvable().is_ok());
    /// ```
    pub fn parse(start: &str, size: Option<&str>, goal: Option<&str>) -> Result<Self, BoardError> {
        let shape = size.map(Shape::parse).transpose()?;
        let start = Board::parse(start, shape)?;
        let goal = match goal {
            Some(text) => Board::parse(text, Some(start.shape())).map_err(|e| match e {
                BoardError::WrongCount { shape, found } => BoardError::GoalCount { shape, found },
                other => BoardError::InGoal(Box::new(other)),
            })?,
            None => Board::goal(start.shape()),
        };
        Self::new(start, goal)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.start.shape()
    }

    /// Whether the start can reach the goal, with the reason if not.
    pub fn check_solvable(&self) -> Result<(), Unsolvable> {
        check_solvable(&self.start, &self.goal)
    }

    /// Replay `path` from the start; `true` iff every move is legal and it
    /// ends on the goal.
    ///
    /// ```
    /// use huarong_engine::{TilePuzzle, tiles::parse_path};
    /// let p = TilePuzzle::parse("1 2 3 4 5 6 7 0 8", None, None).unwrap();
    /// assert!(p.replays_to_goal(&parse_path("R").unwrap()));
    /// assert!(!p.replays_to_goal(&parse_path("L").unwrap()));
    /// ```
    pub fn replays_to_goal(&self, path: &[Dir]) -> bool {
        let mut b = self.start.clone();
        b.apply_path(path).is_ok() && b == self.goal
    }
}
