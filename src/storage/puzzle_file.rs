//! The app's puzzle file: a versioned RON document holding a puzzle (start
//! and goal) and, optionally, a solution with the statistics of the search
//! that found it.
//!
//! A file looks like this (the app writes struct names and `Some(...)`; a
//! hand-written file may leave them out):
//!
//! ```text
//! // Huarong puzzle file: start, goal and optionally a solution. Checked when opened.
//! PuzzleFile(
//!     format: "huarong-puzzle",
//!     version: 1,
//!     kind: Tiles,
//!     rows: 3,
//!     cols: 3,
//!     state: [1, 2, 3, 4, 5, 6, 0, 7, 8],
//!     goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
//!     solution: Some(SavedSolution(
//!         moves: "RR",
//!         strategy: "astar",
//!         heuristic: "linear-conflict",
//!         status: "solved",
//!         optimal: true,
//!         expanded: 2,
//!         generated: 5,
//!         peak_stored: 4,
//!         peak_bytes: 512,
//!         database_bytes: 0,
//!         elapsed_ms: 0.05,
//!     )),
//! )
//! ```
//!
//! Reading goes in stages so that errors name the real problem: the `format`
//! tag and `version` are read first (a newer file is refused as newer, not
//! as malformed), then the whole document, then the size, both boards and
//! the solution are checked against the engine's rules ([`from_ron`]). A
//! size or tile too large for its field is reported in the engine's words
//! (`size 300x3 is out of range: …`), not as a bare RON integer error.
//!
//! ```
//! use huarong_engine::TilePuzzle;
//! use huarong::storage::puzzle_file::{Saved, from_ron, to_ron};
//!
//! let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
//! let saved = Saved::new(puzzle, None);
//! assert_eq!(from_ron(&to_ron(&saved)).unwrap(), saved);
//! ```

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::common::{
    FORMAT, FileError, PuzzleKind, VERSION, check_header, checked_header, parse_error, read_bytes,
    ron_options, text_of,
};
use super::results::{BatchInfo, BatchWords, PuzzleWords, family_word};
use crate::engine::strategy::Family;
use crate::engine::tiles::{Board, BoardError, Dir, Shape, TilePuzzle, format_path};
use crate::engine::{Outcome, Stats, Status};

/// The comment line [`to_ron`] puts at the top of a file.
const HEADER_COMMENT: &str =
    "// Huarong puzzle file: start, goal and optionally a solution. Checked when opened.";

/// The file as written on disk: plain data, not yet checked. Read it with
/// [`from_ron`], which checks it and gives a [`Saved`].
///
/// `format`, `version`, `kind`, `rows`, `cols`, `state` and `goal` are
/// required; `solution` may be left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleFile {
    /// Always [`FORMAT`] (`"huarong-puzzle"`).
    pub format: String,
    /// The file version, [`VERSION`] for files this app writes.
    pub version: u32,
    /// What kind of puzzle follows.
    pub kind: PuzzleKind,
    /// Rows of the board (2 to 10).
    pub rows: u8,
    /// Columns of the board (2 to 10).
    pub cols: u8,
    /// The start: tiles row by row, 0 for the blank.
    pub state: Vec<u8>,
    /// The goal, in the same form.
    pub goal: Vec<u8>,
    /// A solution found for this puzzle, if one was saved.
    #[serde(default)]
    pub solution: Option<SavedSolution>,
}

/// A solution as written on disk. Only `moves` is required; the rest
/// describes the search that found it and defaults to empty / zero.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSolution {
    /// The moves as `U`, `D`, `L`, `R` letters: the direction the **blank**
    /// moves. Whitespace is ignored; lower case is accepted.
    pub moves: String,
    /// The strategy that found it: its registry name (`astar`). Files of
    /// earlier versions may hold its label (`A*`), read as the name.
    #[serde(default)]
    pub strategy: String,
    /// The heuristic it used: its registry name (`linear-conflict`), empty
    /// for an uninformed strategy.
    #[serde(default)]
    pub heuristic: String,
    /// How the search ended (`solved`).
    #[serde(default = "solved_name")]
    pub status: String,
    /// Whether the search guaranteed the solution is shortest.
    #[serde(default)]
    pub optimal: bool,
    /// Nodes expanded.
    #[serde(default)]
    pub expanded: u64,
    /// Nodes generated.
    #[serde(default)]
    pub generated: u64,
    /// Most nodes held at once.
    #[serde(default)]
    pub peak_stored: u64,
    /// The search's own peak memory in bytes.
    #[serde(default)]
    pub peak_bytes: u64,
    /// Bytes of the pattern database it read, apart from the search's
    /// memory (0: none; files written before it was kept leave it out).
    #[serde(default)]
    pub database_bytes: u64,
    /// Wall-clock time of the search in milliseconds.
    #[serde(default)]
    pub elapsed_ms: f64,
}

/// The registry names of the run a file says found its solution, from
/// what the file holds: registry names (`astar`, `linear-conflict`) as
/// they are, and the labels earlier versions of the app wrote in their
/// place (`A*`, a compared row's `A* · Manhattan + linear conflict`, a
/// heuristic's `Manhattan distance`) as the names they stand for. Anything
/// else (`by hand`) is kept as written.
///
/// ```
/// use huarong::storage::puzzle_file::registry_names;
///
/// let names = |s, h| {
///     let (s, h) = registry_names(s, h);
///     (s.as_str().to_owned(), h.as_str().to_owned())
/// };
/// assert_eq!(names("astar", "manhattan"), ("astar".into(), "manhattan".into()));
/// assert_eq!(names("A*", "linear-conflict"), ("astar".into(), "linear-conflict".into()));
/// assert_eq!(
///     names("A* · Manhattan + linear conflict", ""),
///     ("astar".into(), "linear-conflict".into())
/// );
/// assert_eq!(names("BFS", ""), ("bfs".into(), "".into()));
/// assert_eq!(names("by hand", ""), ("by hand".into(), "".into()));
/// ```
pub fn registry_names(strategy: &str, heuristic: &str) -> (String, String) {
    use crate::engine::HeuristicKind;
    use crate::engine::strategy::{STRATEGIES, find};
    let strategy_name = |text: &str| {
        find(text)
            .or_else(|| STRATEGIES.iter().copied().find(|s| s.label() == text))
            .map(|s| s.name())
    };
    let heuristic_name = |text: &str| {
        HeuristicKind::from_name(text)
            .or_else(|| HeuristicKind::ALL.into_iter().find(|k| k.label() == text))
            .map(|k| k.name())
    };
    // A compared row's label: strategy and heuristic in one.
    let (strategy, joined) = match strategy.split_once(" · ") {
        Some((s, h)) if strategy_name(s).is_some() && heuristic_name(h).is_some() => (s, h),
        _ => (strategy, ""),
    };
    let heuristic = if heuristic.is_empty() {
        joined
    } else {
        heuristic
    };
    (
        strategy_name(strategy).map_or_else(|| strategy.to_string(), str::to_string),
        heuristic_name(heuristic).map_or_else(|| heuristic.to_string(), str::to_string),
    )
}

fn solved_name() -> String {
    Status::Solved.name().to_string()
}

/// A checked puzzle file in memory: a valid puzzle and, if present, a
/// solution that replays from its start to its goal.
///
/// [`Saved::new`], [`Saved::with_solution`] and [`from_ron`] ensure this;
/// the fields are public for reading, and whoever changes them keeps them
/// consistent (a file written from an inconsistent `Saved` is refused when
/// read back).
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    /// The puzzle: start and goal.
    pub puzzle: TilePuzzle,
    /// A solution for it, if one was saved.
    pub solution: Option<SavedSolutionChecked>,
}

/// A solution that has been checked to lead from the start to the goal,
/// with the statistics of the search that found it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedSolutionChecked {
    /// The moves of the blank, from the start to the goal.
    pub path: Vec<Dir>,
    /// The strategy that found it: a registry name (`astar`) when the file
    /// names a registered strategy (by name or old label), else as written.
    pub strategy: String,
    /// The heuristic it used: a registry name (`linear-conflict`) when the
    /// file names one, else as written (empty: none).
    pub heuristic: String,
    /// How the search ended (`solved`).
    pub status: String,
    /// Whether the search guaranteed the solution is shortest.
    pub optimal: bool,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Most nodes held at once.
    pub peak_stored: u64,
    /// The search's own peak memory in bytes.
    pub peak_bytes: u64,
    /// Bytes of the pattern database it read, apart (0: none).
    pub database_bytes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl SavedSolutionChecked {
    /// The solution of a search outcome, labelled with the strategy and
    /// heuristic that found it; `None` unless the outcome is
    /// [`Status::Solved`] (other outcomes have no path to save).
    ///
    /// Whether the path fits a puzzle is checked by [`Saved::with_solution`].
    ///
    /// ```
    /// use huarong_engine::{Control, HeuristicChoice, TilePuzzle, solve_tiles, strategy};
    /// use huarong::storage::puzzle_file::SavedSolutionChecked;
    ///
    /// let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
    /// let astar = strategy::find("astar").unwrap();
    /// let h = HeuristicChoice::Manhattan;
    /// let outcome = solve_tiles(astar, &puzzle, &h, &Control::default()).unwrap();
    /// let solution = SavedSolutionChecked::from_outcome(&outcome, astar.name(), h.kind().name()).unwrap();
    /// assert_eq!(solution.moves(), "RR");
    /// assert!(solution.optimal);
    /// ```
    pub fn from_outcome(outcome: &Outcome<Dir>, strategy: &str, heuristic: &str) -> Option<Self> {
        if outcome.status != Status::Solved {
            return None;
        }
        let stats = &outcome.stats;
        Some(Self {
            path: outcome.path.clone(),
            strategy: strategy.to_string(),
            heuristic: heuristic.to_string(),
            status: outcome.status.name().to_string(),
            optimal: stats.optimal,
            expanded: stats.expanded,
            generated: stats.generated,
            peak_stored: stats.peak_stored,
            peak_bytes: stats.peak_bytes,
            database_bytes: stats.database_bytes,
            elapsed: stats.elapsed,
        })
    }

    /// The moves as letters (`U`, `D`, `L`, `R`), as written in the file.
    pub fn moves(&self) -> String {
        format_path(&self.path)
    }

    /// The solution as a solved [`Outcome`], for front ends that display
    /// outcomes. Counters the file does not keep (limit, bound) are empty.
    ///
    /// ```
    /// use huarong_engine::{Dir, Status};
    /// use huarong::storage::puzzle_file::from_ron;
    ///
    /// let saved = from_ron(r#"(format: "huarong-puzzle", version: 1, kind: Tiles,
    ///     rows: 2, cols: 2, state: [1, 2, 0, 3], goal: [1, 2, 3, 0],
    ///     solution: Some((moves: "R", expanded: 1)))"#).unwrap();
    /// let outcome = saved.solution.unwrap().to_outcome();
    /// assert_eq!(outcome.status, Status::Solved);
    /// assert_eq!(outcome.path, vec![Dir::Right]);
    /// assert_eq!(outcome.stats.expanded, 1);
    /// ```
    pub fn to_outcome(&self) -> Outcome<Dir> {
        Outcome::solved(
            self.path.clone(),
            Stats {
                expanded: self.expanded,
                generated: self.generated,
                peak_stored: self.peak_stored,
                peak_bytes: self.peak_bytes,
                database_bytes: self.database_bytes,
                elapsed: self.elapsed,
                optimal: self.optimal,
                ..Stats::default()
            },
        )
    }
}

impl Saved {
    /// A puzzle and, optionally, the outcome of solving it with the names of
    /// the strategy and heuristic used (e.g. `Strategy::name()` and
    /// `HeuristicKind::name()`).
    ///
    /// The solution is kept only if the outcome is [`Status::Solved`] and its
    /// path replays from the puzzle's start to its goal; any other outcome
    /// has nothing to save and gives a puzzle-only file. (A solved engine
    /// outcome always replays; use [`Saved::with_solution`] to be told why a
    /// path does not.)
    ///
    /// ```
    /// use huarong_engine::{Control, HeuristicChoice, TilePuzzle, solve_tiles, strategy};
    /// use huarong::storage::puzzle_file::{Saved, from_ron, to_ron};
    ///
    /// let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
    /// assert!(Saved::new(puzzle.clone(), None).solution.is_none());
    ///
    /// let bfs = strategy::find("bfs").unwrap();
    /// let h = HeuristicChoice::Manhattan;
    /// let outcome = solve_tiles(bfs, &puzzle, &h, &Control::default()).unwrap();
    /// let saved = Saved::new(puzzle, Some((&outcome, bfs.name(), h.kind().name())));
    /// let text = to_ron(&saved);
    /// assert!(text.contains(r#"moves: "RR""#));
    /// assert_eq!(from_ron(&text).unwrap().solution.unwrap().strategy, "bfs");
    /// ```
    pub fn new(puzzle: TilePuzzle, solved: Option<(&Outcome<Dir>, &str, &str)>) -> Self {
        let solution = solved
            .and_then(|(outcome, strategy, heuristic)| {
                SavedSolutionChecked::from_outcome(outcome, strategy, heuristic)
            })
            .filter(|s| check_replay(&puzzle, &s.path).is_ok());
        Self { puzzle, solution }
    }

    /// A puzzle with a solution, checked: the solution's moves must all be
    /// legal and end on the goal, or the error names the first problem.
    ///
    /// ```
    /// use huarong_engine::{Dir, TilePuzzle};
    /// use huarong::storage::puzzle_file::{Saved, SavedSolutionChecked};
    ///
    /// let puzzle = TilePuzzle::parse("1 2 3 4 5 6 7 0 8", None, None).unwrap();
    /// let mut by_hand = SavedSolutionChecked {
    ///     path: vec![Dir::Right],
    ///     strategy: "by hand".into(),
    ///     heuristic: String::new(),
    ///     status: "solved".into(),
    ///     optimal: false,
    ///     expanded: 0,
    ///     generated: 0,
    ///     peak_stored: 0,
    ///     peak_bytes: 0,
    ///     database_bytes: 0,
    ///     elapsed: Default::default(),
    /// };
    /// assert!(Saved::with_solution(puzzle.clone(), by_hand.clone()).is_ok());
    ///
    /// by_hand.path = vec![Dir::Left];
    /// let err = Saved::with_solution(puzzle, by_hand).unwrap_err();
    /// assert_eq!(err.to_string(), "solution: its 1 move does not end at the goal");
    /// ```
    pub fn with_solution(
        puzzle: TilePuzzle,
        solution: SavedSolutionChecked,
    ) -> Result<Self, FileError> {
        check_replay(&puzzle, &solution.path)?;
        Ok(Self {
            puzzle,
            solution: Some(solution),
        })
    }
}

/// Replay `path` from the puzzle's start; name the first problem.
fn check_replay(puzzle: &TilePuzzle, path: &[Dir]) -> Result<(), FileError> {
    let mut board = puzzle.start.clone();
    for (i, &dir) in path.iter().enumerate() {
        if board.apply(dir).is_none() {
            return Err(FileError::IllegalMove { index: i + 1, dir });
        }
    }
    if board != puzzle.goal {
        return Err(FileError::NotAtGoal { moves: path.len() });
    }
    Ok(())
}

/// Parse move letters (whitespace ignored, either case); name the first bad
/// one by its move number.
fn parse_moves(text: &str) -> Result<Vec<Dir>, FileError> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .enumerate()
        .map(|(i, c)| {
            Dir::from_letter(c).ok_or(FileError::BadLetter {
                index: i + 1,
                letter: c,
            })
        })
        .collect()
}

impl From<&Saved> for PuzzleFile {
    fn from(saved: &Saved) -> Self {
        let shape = saved.puzzle.shape();
        Self {
            format: FORMAT.to_string(),
            version: VERSION,
            kind: PuzzleKind::Tiles,
            rows: shape.rows,
            cols: shape.cols,
            state: saved.puzzle.start.cells().to_vec(),
            goal: saved.puzzle.goal.cells().to_vec(),
            solution: saved.solution.as_ref().map(|s| SavedSolution {
                moves: s.moves(),
                strategy: s.strategy.clone(),
                heuristic: s.heuristic.clone(),
                status: s.status.clone(),
                optimal: s.optimal,
                expanded: s.expanded,
                generated: s.generated,
                peak_stored: s.peak_stored,
                peak_bytes: s.peak_bytes,
                database_bytes: s.database_bytes,
                elapsed_ms: s.elapsed.as_secs_f64() * 1000.0,
            }),
        }
    }
}

impl TryFrom<PuzzleFile> for Saved {
    type Error = FileError;

    /// Check a file read from disk: tag, version, size, both boards, and
    /// that the solution (if any) replays from the start to the goal.
    fn try_from(file: PuzzleFile) -> Result<Self, FileError> {
        check_header(Some(&file.format), Some(file.version as u64))?;
        let puzzle = match file.kind {
            PuzzleKind::Tiles => tiles_puzzle(file.rows, file.cols, file.state, file.goal)?,
            // Every other kind has its own reader.
            other => return Err(FileError::WrongKind(other)),
        };
        let solution = match file.solution {
            None => None,
            Some(s) => {
                let path = parse_moves(&s.moves)?;
                let elapsed = Duration::try_from_secs_f64(s.elapsed_ms / 1000.0)
                    .map_err(|_| FileError::BadElapsed(s.elapsed_ms))?;
                let (strategy, heuristic) = registry_names(&s.strategy, &s.heuristic);
                Some(SavedSolutionChecked {
                    path,
                    strategy,
                    heuristic,
                    status: s.status,
                    optimal: s.optimal,
                    expanded: s.expanded,
                    generated: s.generated,
                    peak_stored: s.peak_stored,
                    peak_bytes: s.peak_bytes,
                    database_bytes: s.database_bytes,
                    elapsed,
                })
            }
        };
        match solution {
            Some(solution) => Saved::with_solution(puzzle, solution),
            None => Ok(Saved {
                puzzle,
                solution: None,
            }),
        }
    }
}

fn tiles_puzzle(
    rows: u8,
    cols: u8,
    state: Vec<u8>,
    goal: Vec<u8>,
) -> Result<TilePuzzle, FileError> {
    let shape = Shape::new(rows, cols).map_err(FileError::Size)?;
    let start = Board::new(shape, state).map_err(FileError::State)?;
    if goal.len() != shape.cells() {
        return Err(FileError::GoalSize {
            shape,
            found: goal.len(),
        });
    }
    let goal = Board::new(shape, goal).map_err(FileError::Goal)?;
    TilePuzzle::new(start, goal).map_err(FileError::Goal)
}

/// The file as pretty RON, with a comment line on top.
///
/// ```
/// use huarong_engine::TilePuzzle;
/// use huarong::storage::puzzle_file::{Saved, to_ron};
///
/// let puzzle = TilePuzzle::parse("1 2 3 0", None, None).unwrap();
/// let text = to_ron(&Saved::new(puzzle, None));
/// assert!(text.starts_with("// Huarong puzzle file"));
/// assert!(text.contains(r#"format: "huarong-puzzle""#));
/// assert!(text.contains("state: [1, 2, 3, 0]"));
/// ```
pub fn to_ron(saved: &Saved) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .compact_arrays(true)
        .indentor("    ");
    let body = ron::ser::to_string_pretty(&PuzzleFile::from(saved), config)
        // Strings, integers, finite floats, options and unit variants:
        // nothing the RON serializer can refuse.
        .expect("a puzzle file always serializes");
    format!("{HEADER_COMMENT}\n{body}\n")
}

/// The size and boards with room for any whole number, read again when a
/// number did not fit its field so the error can say which and why.
#[derive(Deserialize)]
#[serde(rename = "PuzzleFile")]
struct Wide {
    #[serde(default)]
    rows: Option<u64>,
    #[serde(default)]
    cols: Option<u64>,
    #[serde(default)]
    state: Option<Vec<u64>>,
    #[serde(default)]
    goal: Option<Vec<u64>>,
}

/// The error for a size or tile too large for its field, in the words the
/// engine uses for the same problem; `None` if that is not what went wrong.
fn too_big(text: &str) -> Option<FileError> {
    let wide: Wide = ron_options().from_str(text).ok()?;
    let (rows, cols) = (wide.rows?, wide.cols?);
    let (Ok(r), Ok(c)) = (u8::try_from(rows), u8::try_from(cols)) else {
        let side = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        return Some(FileError::Size(BoardError::SizeOutOfRange {
            rows: side(rows),
            cols: side(cols),
        }));
    };
    let shape = match Shape::new(r, c) {
        Ok(shape) => shape,
        Err(e) => return Some(FileError::Size(e)),
    };
    let n = shape.cells();
    let out_of_range = |tiles: &[u64]| {
        let tile = *tiles.iter().find(|&&t| t >= n as u64)?;
        Some(BoardError::OutOfRange { tile, max: n - 1 })
    };
    let state = wide.state?;
    if state.len() != n {
        return Some(FileError::State(BoardError::WrongCount {
            shape,
            found: state.len(),
        }));
    }
    if let Some(e) = out_of_range(&state) {
        return Some(FileError::State(e));
    }
    let goal = wide.goal?;
    if goal.len() != n {
        return Some(FileError::GoalSize {
            shape,
            found: goal.len(),
        });
    }
    out_of_range(&goal).map(FileError::Goal)
}

/// Read and check a puzzle file's text. Every problem is an error naming it
/// (see [`FileError`]); no input panics.
///
/// ```
/// use huarong::storage::puzzle_file::from_ron;
///
/// let saved = from_ron(r#"(format: "huarong-puzzle", version: 1, kind: Tiles,
///     rows: 2, cols: 3, state: [1, 2, 3, 4, 0, 5], goal: [1, 2, 3, 4, 5, 0])"#).unwrap();
/// assert_eq!(saved.puzzle.shape().cols, 3);
///
/// let err = from_ron(r#"(format: "huarong-puzzle", version: 1, kind: Tiles,
///     rows: 2, cols: 2, state: [1, 2, 3, 3], goal: [1, 2, 3, 0])"#).unwrap_err();
/// assert_eq!(err.to_string(), "state: duplicate tile 3");
///
/// let err = from_ron(r#"(format: "huarong-puzzle", version: 7)"#).unwrap_err();
/// assert_eq!(err.to_string(), "file version 7 is newer than this app supports (1)");
/// ```
pub fn from_ron(text: &str) -> Result<Saved, FileError> {
    let text = checked_header(text, PuzzleKind::Tiles)?;
    let options = ron_options();
    let file: PuzzleFile = options.from_str(text).map_err(|e| {
        match e.code {
            ron::Error::IntegerOutOfBounds => too_big(text),
            _ => None,
        }
        .unwrap_or_else(|| parse_error(e))
    })?;
    Saved::try_from(file)
}

/// Read and check a puzzle file's bytes: [`from_ron`] after checking that
/// they are UTF-8 text.
///
/// ```
/// use huarong::storage::puzzle_file::from_bytes;
///
/// let err = from_bytes(b"\x89PNG\r\n\x1a\n").unwrap_err();
/// assert_eq!(err.to_string(), "not a text file: invalid UTF-8 at byte 0");
/// ```
pub fn from_bytes(bytes: &[u8]) -> Result<Saved, FileError> {
    from_ron(text_of(bytes)?)
}

/// Write a puzzle file atomically (a temporary file in the same folder,
/// then renamed over `path`), creating the folder if needed.
///
/// ```
/// use huarong_engine::TilePuzzle;
/// use huarong::storage::puzzle_file::{Saved, load, save};
///
/// let dir = tempfile::TempDir::new().unwrap();
/// let path = dir.path().join("puzzle.ron");
/// let saved = Saved::new(TilePuzzle::parse("1 2 0 3", None, None).unwrap(), None);
/// save(&path, &saved).unwrap();
/// assert_eq!(load(&path).unwrap(), saved);
/// ```
pub fn save(path: &Path, saved: &Saved) -> std::io::Result<()> {
    super::write_atomic(path, to_ron(saved).as_bytes())
}

/// Read and check a puzzle file from disk. A file that cannot be read is
/// [`FileError::Io`], naming the path and the system's reason.
///
/// ```
/// use huarong::storage::common::FileError;
/// use huarong::storage::puzzle_file::load;
///
/// let err = load(std::path::Path::new("/no/such/dir/puzzle.ron")).unwrap_err();
/// assert!(matches!(err, FileError::Io { kind: std::io::ErrorKind::NotFound, .. }));
/// assert!(err.to_string().starts_with("cannot read /no/such/dir/puzzle.ron: "));
/// ```
pub fn load(path: &Path) -> Result<Saved, FileError> {
    from_bytes(&read_bytes(path)?)
}

/// A tile puzzle's row in a results file (see [`super::results`]).
impl PuzzleWords {
    /// The tile puzzle `p`: its size, start and goal as `huarong solve`'s
    /// `--size`, `--state` and `--goal` take them.
    pub fn tiles(p: &TilePuzzle) -> Self {
        tile_words(&p.start, &p.goal)
    }

    /// A batch's base: tile starts drawn around `goal` and solved to it.
    pub fn tiles_batch(goal: &Board) -> Self {
        tile_words(goal, goal)
    }
}

/// The words of tiles from `start` to `goal` (boards of one shape).
fn tile_words(start: &Board, goal: &Board) -> PuzzleWords {
    PuzzleWords {
        family: family_word(Family::Tiles),
        size: goal.shape().to_string(),
        start: start.to_text(),
        goal: goal.to_text(),
        metric: String::new(),
    }
}

/// A tile path as `huarong solve` prints it: the blank's moves, `RDLU`.
pub fn tile_path(path: &[Dir]) -> String {
    format_path(path)
}

/// What a results file says of a batch of tile starts.
pub const BATCH_WORDS: BatchWords = BatchWords {
    base_flags: batch_flags,
    needs_shuffle,
    drawn,
};

/// `--size`, and `--goal` unless it is the size's usual goal.
fn batch_flags(b: &BatchInfo) -> Vec<(&'static str, String)> {
    let mut flags = vec![("size", b.size.clone())];
    let shape = Shape::parse(&b.size).ok();
    if shape.is_none_or(|s| Board::goal(s).to_text() != b.goal) {
        flags.push(("goal", b.goal.clone()));
    }
    flags
}

/// No `--shuffle` means uniformly random starts.
fn needs_shuffle(shuffle: usize) -> bool {
    shuffle > 0
}

fn drawn(shuffle: Option<usize>) -> String {
    match shuffle {
        Some(0) => "uniformly random solvable starts".to_string(),
        Some(k) => format!("{k} random moves from the goal"),
        None => "? random moves from the goal".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Control, HeuristicChoice, solve_tiles, strategy};

    fn eight() -> TilePuzzle {
        TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap()
    }

    fn solved_eight() -> Saved {
        let puzzle = eight();
        let astar = strategy::find("astar").unwrap();
        let h = HeuristicChoice::LinearConflict;
        let outcome = solve_tiles(astar, &puzzle, &h, &Control::default()).unwrap();
        assert_eq!(outcome.status, Status::Solved);
        Saved::new(puzzle, Some((&outcome, astar.name(), h.kind().name())))
    }

    /// A minimal valid file with `fields` replacing the defaults given.
    fn file(rows: &str, state: &str, goal: &str, extra: &str) -> String {
        format!(
            "(format: \"huarong-puzzle\", version: 1, kind: Tiles, {rows}, \
             state: {state}, goal: {goal}{extra})"
        )
    }

    fn small(extra: &str) -> String {
        file("rows: 2, cols: 2", "[1, 2, 0, 3]", "[1, 2, 3, 0]", extra)
    }

    /// A 2×2 file with these boards.
    fn two(state: &str, goal: &str) -> String {
        file("rows: 2, cols: 2", state, goal, "")
    }

    fn err(text: &str) -> String {
        from_ron(text).unwrap_err().to_string()
    }

    #[test]
    fn round_trip_without_solution() {
        let saved = Saved::new(eight(), None);
        let text = to_ron(&saved);
        assert!(text.starts_with(HEADER_COMMENT));
        assert!(text.contains("PuzzleFile("));
        assert!(text.contains("solution: None"));
        assert_eq!(from_ron(&text).unwrap(), saved);
    }

    /// A file written before the database's bytes were kept: what the app
    /// wrote then, to the letter.
    const WITHOUT_DATABASE_BYTES: &str = r#"// Huarong puzzle file
PuzzleFile(
    format: "huarong-puzzle",
    version: 1,
    kind: Tiles,
    rows: 3,
    cols: 3,
    state: [1, 2, 3, 4, 5, 6, 0, 7, 8],
    goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
    solution: Some(SavedSolution(
        moves: "RR",
        strategy: "astar",
        heuristic: "linear-conflict",
        status: "solved",
        optimal: true,
        expanded: 2,
        generated: 5,
        peak_stored: 4,
        peak_bytes: 512,
        elapsed_ms: 0.05,
    )),
)
"#;

    #[test]
    fn a_file_without_database_bytes_still_loads_and_one_with_them_keeps_them() {
        let old = from_ron(WITHOUT_DATABASE_BYTES).unwrap();
        let s = old.solution.as_ref().unwrap();
        assert_eq!((s.peak_bytes, s.database_bytes), (512, 0));
        assert_eq!(s.to_outcome().stats.database_bytes, 0);
        // A run guided by a database keeps its bytes apart from the search's.
        let mut guided = old.clone();
        guided.solution.as_mut().unwrap().database_bytes = 11 << 20;
        let text = to_ron(&guided);
        assert!(text.contains("database_bytes: 11534336,"), "{text}");
        let back = from_ron(&text).unwrap();
        assert_eq!(back, guided);
        let stats = back.solution.unwrap().to_outcome().stats;
        assert_eq!((stats.peak_bytes, stats.database_bytes), (512, 11 << 20));
    }

    #[test]
    fn round_trip_with_solution() {
        let saved = solved_eight();
        let solution = saved.solution.as_ref().unwrap();
        assert_eq!(solution.path.len(), 31);
        assert!(solution.optimal);
        assert!(solution.expanded > 0);
        let text = to_ron(&saved);
        assert!(text.contains("strategy: \"astar\""));
        assert!(text.contains("heuristic: \"linear-conflict\""));
        assert!(text.contains("status: \"solved\""));
        let back = from_ron(&text).unwrap();
        let b = back.solution.as_ref().unwrap();
        assert_eq!(back.puzzle, saved.puzzle);
        assert_eq!(b.path, solution.path);
        assert_eq!(b.strategy, solution.strategy);
        assert_eq!(b.expanded, solution.expanded);
        assert_eq!(b.peak_bytes, solution.peak_bytes);
        assert_eq!(b.database_bytes, solution.database_bytes);
        // Milliseconds as f64 keep the duration to well under a microsecond.
        let diff = b.elapsed.as_secs_f64() - solution.elapsed.as_secs_f64();
        assert!(diff.abs() < 1e-6, "{diff}");
        assert!(back.puzzle.replays_to_goal(&b.path));
        assert_eq!(b.to_outcome().path, solution.path);
        // Writing what was read gives the same text.
        assert_eq!(to_ron(&back), to_ron(&from_ron(&to_ron(&back)).unwrap()));
    }

    #[test]
    fn files_holding_labels_from_earlier_versions_load_as_registry_names() {
        let text = to_ron(&solved_eight());
        assert!(
            text.contains(r#"strategy: "astar""#)
                && text.contains(r#"heuristic: "linear-conflict""#),
            "{text}"
        );
        // As the app wrote them: a solve's strategy label with the
        // heuristic's name, and a compared row's label with no heuristic.
        let label = text.replace(r#"strategy: "astar""#, r#"strategy: "A*""#);
        let compared = text
            .replace(
                r#"strategy: "astar""#,
                r#"strategy: "A* · Manhattan + linear conflict""#,
            )
            .replace(r#"heuristic: "linear-conflict""#, r#"heuristic: """#);
        let weighted = text.replace(r#"strategy: "astar""#, r#"strategy: "Weighted A*""#);
        for (old, strategy, heuristic) in [
            (&label, "astar", "linear-conflict"),
            (&compared, "astar", "linear-conflict"),
            (&weighted, "weighted", "linear-conflict"),
        ] {
            assert_ne!(old, &text);
            let s = from_ron(old).unwrap().solution.unwrap();
            assert_eq!(
                (s.strategy.as_str(), s.heuristic.as_str()),
                (strategy, heuristic)
            );
            // Written again, it holds the names.
            let again = to_ron(&from_ron(old).unwrap());
            assert!(
                again.contains(&format!("strategy: \"{strategy}\"")),
                "{again}"
            );
        }
    }

    #[test]
    fn rectangular_and_custom_goal_round_trip() {
        let puzzle = TilePuzzle::parse(
            "1 2 3 4 5 6 7 8 9 10 11 0",
            Some("3x4"),
            Some("0 1 2 3 4 5 6 7 8 9 10 11"),
        )
        .unwrap();
        let saved = Saved::new(puzzle, None);
        assert_eq!(from_ron(&to_ron(&saved)).unwrap(), saved);
    }

    #[test]
    fn unsolved_outcome_saves_no_solution() {
        let puzzle = TilePuzzle::parse("2 1 3 4 5 6 7 8 0", None, None).unwrap();
        let bfs = strategy::find("bfs").unwrap();
        let outcome = solve_tiles(
            bfs,
            &puzzle,
            &HeuristicChoice::Manhattan,
            &Control::default(),
        )
        .unwrap();
        assert_eq!(outcome.status, Status::Unsolvable);
        let saved = Saved::new(puzzle, Some((&outcome, "bfs", "manhattan")));
        assert!(saved.solution.is_none());
        // Unsolvable puzzles are still valid files.
        assert_eq!(from_ron(&to_ron(&saved)).unwrap(), saved);
    }

    #[test]
    fn hand_written_files_are_lenient_where_it_is_harmless() {
        // No struct names, implicit Some, lower-case and spaced moves,
        // stats left out, an unknown extra field, a byte-order mark.
        let text = format!(
            "\u{feff}// mine\n{}",
            small(", solution: (moves: \" r \"), note: \"hi\"")
        );
        let saved = from_ron(&text).unwrap();
        let s = saved.solution.unwrap();
        assert_eq!(s.path, vec![Dir::Right]);
        assert_eq!(s.status, "solved");
        assert_eq!(s.strategy, "");
        assert_eq!(s.elapsed, Duration::ZERO);
        assert!(from_ron(&small(", solution: Some((moves: \"R\"))")).is_ok());
        assert!(
            from_ron(&small(", solution: None"))
                .unwrap()
                .solution
                .is_none()
        );
    }

    #[test]
    fn required_fields_are_required() {
        for field in ["format", "version", "kind", "rows", "cols", "state", "goal"] {
            let text = to_ron(&Saved::new(eight(), None));
            let kept: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim_start().starts_with(&format!("{field}:")))
                .collect();
            let e = from_ron(&kept.join("\n")).unwrap_err();
            match field {
                "format" => assert_eq!(e, FileError::NotPuzzleFile { format: None }),
                _ => {
                    let msg = e.to_string();
                    assert!(matches!(e, FileError::Parse { .. }), "{field}: {msg}");
                    assert!(
                        msg.contains(&format!("missing field named `{field}`")),
                        "{msg}"
                    );
                }
            }
        }
        // The solution's moves too.
        let msg = err(&small(", solution: Some((strategy: \"astar\"))"));
        assert!(msg.contains("missing field named `moves`"), "{msg}");
    }

    #[test]
    fn every_error_names_its_problem() {
        assert_eq!(err(""), "the file is empty");
        assert_eq!(err(" \n\t\n"), "the file is empty");
        assert_eq!(
            from_bytes(b"(format: \"huar\xffong\")").unwrap_err(),
            FileError::NotText { offset: 14 }
        );

        // Syntax, with the position ron reports.
        let e = from_ron(
            "(\n  format: \"huarong-puzzle\",\n  version: 1,\n  kind: Tiles\n  rows: 2,\n)",
        )
        .unwrap_err();
        match &e {
            FileError::Parse { line, column, .. } => assert_eq!((*line, *column), (5, 3), "{e}"),
            other => panic!("{other:?}"),
        }
        assert!(
            e.to_string()
                .starts_with("not a valid puzzle file: line 5, column 3: "),
            "{e}"
        );
        assert!(err("{\"format\": 1}").starts_with("not a valid puzzle file: line 1, column 1: "));
        assert!(matches!(
            from_ron("[1, 2, 3]"),
            Err(FileError::Parse { .. })
        ));
        assert!(matches!(
            from_ron("Config(format: \"huarong-puzzle\")"),
            Err(FileError::Parse { .. })
        ));

        assert_eq!(
            err("(format: \"xyz\", version: 1)"),
            "not a Huarong puzzle file (format 'xyz')"
        );
        assert_eq!(
            err("(version: 1)"),
            "not a Huarong puzzle file (no format tag)"
        );
        assert_eq!(err("()"), "not a Huarong puzzle file (no format tag)");
        let long = format!("(format: \"{}\")", "a\\n".repeat(100));
        assert_eq!(
            err(&long),
            format!(
                "not a Huarong puzzle file (format '{}…')",
                "a\\n".repeat(20)
            )
        );

        // Version checked before the rest: a newer file may look different.
        assert_eq!(
            err("(format: \"huarong-puzzle\", version: 7, kind: Klotski, pieces: [(1, 2)])"),
            "file version 7 is newer than this app supports (1)"
        );
        assert_eq!(
            err("(format: \"huarong-puzzle\", version: 99999999999999)"),
            "file version 99999999999999 is newer than this app supports (1)"
        );
        assert_eq!(
            err(&small("").replace("version: 1", "version: 0")),
            "file version 0 is not valid: versions start at 1"
        );
        assert!(matches!(
            from_ron(&small("").replace("version: 1", "version: -1")),
            Err(FileError::Parse { .. })
        ));

        assert_eq!(
            err(&small("").replace("kind: Tiles", "kind: Hexagons")),
            "unknown puzzle kind 'Hexagons' (this app knows: Tiles, Klotski)"
        );
        assert_eq!(
            err(&small("").replace("kind: Tiles", "kind: Klotski")),
            "this file holds a Klotski puzzle"
        );

        assert_eq!(
            err(&file(
                "rows: 1, cols: 4",
                "[1, 2, 3, 0]",
                "[1, 2, 3, 0]",
                ""
            )),
            "size 1x4 is out of range: rows and columns must be 2 to 10"
        );
        assert_eq!(
            err(&file("rows: 11, cols: 11", "[]", "[]", "")),
            "size 11x11 is out of range: rows and columns must be 2 to 10"
        );
        assert_eq!(
            err(&file("rows: 300, cols: 2", "[]", "[]", "")),
            "size 300x2 is out of range: rows and columns must be 2 to 10"
        );
        assert_eq!(
            err(&file("rows: 2, cols: 4294967296", "[]", "[]", "")),
            "size 2x4294967296 is out of range: rows and columns must be 2 to 10"
        );
        // Beyond any integer type, and negative: ron's words and position.
        let e = err(&file(
            "rows: 2, cols: 99999999999999999999999",
            "[]",
            "[]",
            "",
        ));
        assert!(
            e.starts_with("not a valid puzzle file: line 1, column "),
            "{e}"
        );
        let e = err(&file("rows: -2, cols: 2", "[]", "[]", ""));
        assert!(
            e.starts_with("not a valid puzzle file: line 1, column "),
            "{e}"
        );
        assert!(e.ends_with("Integer is out of bounds"), "{e}");

        assert_eq!(
            err(&file("rows: 2, cols: 2", "[1, 2, 3]", "[1, 2, 3, 0]", "")),
            "state: 3 numbers for a 2x2 board: expected 4"
        );
        assert_eq!(
            err(&file(
                "rows: 2, cols: 2",
                "[1, 2, 3, 9]",
                "[1, 2, 3, 0]",
                ""
            )),
            "state: tile 9 is out of range: tiles go from 0 (blank) to 3"
        );
        assert_eq!(
            err(&file(
                "rows: 2, cols: 2",
                "[1, 0, 3, 0]",
                "[1, 2, 3, 0]",
                ""
            )),
            "state: duplicate tile 0: only one blank allowed"
        );
        assert_eq!(
            err(&two("[1, 2, 3, 256]", "[1, 2, 3, 0]")),
            "state: tile 256 is out of range: tiles go from 0 (blank) to 3"
        );
        assert_eq!(
            err(&two("[1, 2, 3, 256, 0]", "[1, 2, 3, 0]")),
            "state: 5 numbers for a 2x2 board: expected 4"
        );
        assert_eq!(
            err(&two("[1, 2, 3, 0]", "[1, 2, 3, 1000000]")),
            "goal: tile 1000000 is out of range: tiles go from 0 (blank) to 3"
        );
        assert_eq!(
            err(&two("[1, 2, 3, 0]", "[1, 2, 3, 0, 1000]")),
            "start and goal differ in size: the start is a 2x2 board (4 tiles) but the goal has 5"
        );
        // A number too large elsewhere keeps ron's words and position.
        let e = err(&small(
            ", solution: Some((moves: \"R\", expanded: 99999999999999999999999))",
        ));
        assert!(
            e.starts_with("not a valid puzzle file: line 1, column "),
            "{e}"
        );
        assert!(matches!(
            from_ron(&file(
                "rows: 2, cols: 2",
                "[1, 2, 3, -1]",
                "[1, 2, 3, 0]",
                ""
            )),
            Err(FileError::Parse { .. })
        ));

        assert_eq!(
            err(&file(
                "rows: 2, cols: 2",
                "[1, 2, 3, 0]",
                "[1, 2, 3, 4, 5, 6, 7, 8, 0]",
                ""
            )),
            "start and goal differ in size: the start is a 2x2 board (4 tiles) but the goal has 9"
        );
        assert_eq!(
            err(&file(
                "rows: 2, cols: 2",
                "[1, 2, 3, 0]",
                "[1, 2, 2, 0]",
                ""
            )),
            "goal: duplicate tile 2"
        );

        assert_eq!(
            err(&small(", solution: Some((moves: \"R X\"))")),
            "solution: move 2 is 'X', not a move (use U, D, L, R: the direction the blank moves)"
        );
        assert_eq!(
            err(&small(", solution: Some((moves: \"R\\n\\u{7}\"))")),
            "solution: move 2 is '\\u{7}', not a move (use U, D, L, R: the direction the blank moves)"
        );
        assert_eq!(
            err(&small(", solution: Some((moves: \"RR\"))")),
            "solution: move 2 (R) is illegal: the blank is at the right edge"
        );
        assert_eq!(
            err(&small(", solution: Some((moves: \"D\"))")),
            "solution: move 1 (D) is illegal: the blank is at the bottom edge"
        );
        assert_eq!(
            err(&small(", solution: Some((moves: \"RL\"))")),
            "solution: its 2 moves do not end at the goal"
        );
        assert_eq!(
            err(&small(", solution: Some((moves: \"\"))")),
            "solution: its 0 moves do not end at the goal"
        );
        for bad in ["-1.0", "NaN", "inf", "1e300"] {
            let text = small(&format!(
                ", solution: Some((moves: \"R\", elapsed_ms: {bad}))"
            ));
            let e = from_ron(&text).unwrap_err();
            assert!(matches!(e, FileError::BadElapsed(_)), "{bad}: {e}");
            assert!(e.to_string().starts_with("solution: elapsed_ms "), "{e}");
        }

        let dir = tempfile::TempDir::new().unwrap();
        let missing = dir.path().join("no-such-dir").join("puzzle.ron");
        let e = load(&missing).unwrap_err();
        assert!(matches!(
            e,
            FileError::Io {
                kind: std::io::ErrorKind::NotFound,
                ..
            }
        ));
        assert!(
            e.to_string()
                .starts_with(&format!("cannot read {}: ", missing.display())),
            "{e}"
        );
    }

    #[test]
    fn a_solution_that_does_not_replay_is_refused() {
        let saved = solved_eight();
        let good = to_ron(&saved);
        let moves = saved.solution.as_ref().unwrap().moves();
        // Drop the last move: legal all the way, but one short of the goal.
        let short = good.replace(&moves, &moves[..moves.len() - 1]);
        assert_eq!(
            from_ron(&short).unwrap_err(),
            FileError::NotAtGoal {
                moves: moves.len() - 1
            }
        );
        // The same solution for another start.
        let other = good.replace(
            "state: [8, 6, 7, 2, 5, 4, 3, 0, 1]",
            "state: [6, 8, 7, 2, 5, 4, 3, 0, 1]",
        );
        assert_ne!(other, good);
        assert!(from_ron(&other).is_err());
        // And in memory.
        let mut bad = saved.solution.clone().unwrap();
        bad.path.push(Dir::Down);
        assert_eq!(
            Saved::with_solution(saved.puzzle.clone(), bad).unwrap_err(),
            FileError::IllegalMove {
                index: moves.len() + 1,
                dir: Dir::Down
            }
        );
        // Saved::new keeps only a solution that replays.
        let wrong = Outcome::solved(vec![Dir::Down], Stats::default());
        let kept = Saved::new(saved.puzzle.clone(), Some((&wrong, "x", "y")));
        assert!(kept.solution.is_none());
    }

    /// A small deterministic generator (xorshift64*), enough for fuzzing.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn garbage_and_truncations_are_errors_not_panics() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let good = to_ron(&solved_eight());
        assert!(from_ron(&good).is_ok());

        // Random bytes, some of them RON-ish punctuation.
        let alphabet = b"()[]{},:\"' \n0123456789-.eE_abcfnorstuxyzABCDEFGLRSTU#!/\\*";
        for i in 0..200 {
            let len = rng.below(200);
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if i % 2 == 0 {
                        rng.next() as u8
                    } else {
                        alphabet[rng.below(alphabet.len())]
                    }
                })
                .collect();
            assert!(from_bytes(&bytes).is_err(), "{bytes:?}");
        }

        // Deep nesting stays within ron's recursion limit, and is told in
        // words for people, not as advice to programmers.
        for open in ["(", "[", "{", "Some("] {
            assert!(from_ron(&open.repeat(100_000)).is_err());
            let nested = format!("(format: {}", open.repeat(100_000));
            assert!(from_ron(&nested).is_err());
        }
        let deep = good.replace("state: [", &format!("\nstate: {}[", "[".repeat(10_000)));
        let err = from_ron(&deep).unwrap_err();
        let line = 1 + good[..good.find("state: [").unwrap()].matches('\n').count() + 1;
        assert_eq!(
            err,
            FileError::Parse {
                line,
                column: match &err {
                    FileError::Parse { column, .. } => *column,
                    _ => 0,
                },
                message: format!("the file nests too deeply (line {line})"),
            }
        );
        assert!(!err.to_string().contains("recursion_limit"), "{err}");

        // Every truncation before the closing parenthesis.
        let end = good.rfind(')').unwrap();
        let mut cuts: Vec<usize> = (0..end).filter(|&i| good.is_char_boundary(i)).collect();
        if cuts.len() > 200 {
            let step = cuts.len() / 200;
            cuts = cuts.into_iter().step_by(step).collect();
        }
        for cut in cuts {
            assert!(from_ron(&good[..cut]).is_err(), "cut at {cut}");
            assert!(from_bytes(&good.as_bytes()[..cut]).is_err(), "cut at {cut}");
        }

        // Random byte changes: may still be valid (a digit of a counter), but
        // must never panic.
        for _ in 0..300 {
            let mut bytes = good.clone().into_bytes();
            for _ in 0..=rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = rng.next() as u8;
            }
            let _ = from_bytes(&bytes);
        }
    }

    #[test]
    fn save_then_load_leaves_no_temporary_file() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("sub").join("eight.ron");
        let saved = solved_eight();
        save(&path, &saved).unwrap();
        let back = load(&path).unwrap();
        assert_eq!(back.puzzle, saved.puzzle);
        assert_eq!(
            back.solution.unwrap().path,
            saved.solution.as_ref().unwrap().path
        );

        // Overwrite with a puzzle-only file.
        let plain = Saved::new(eight(), None);
        save(&path, &plain).unwrap();
        assert_eq!(load(&path).unwrap(), plain);

        let names: Vec<String> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["eight.ron".to_string()]);
        assert!(!names.iter().any(|n| n.ends_with(".tmp")));

        // A binary file in place of the puzzle.
        std::fs::write(&path, [0u8, 159, 146, 150]).unwrap();
        assert_eq!(load(&path).unwrap_err(), FileError::NotText { offset: 1 });
    }
}
