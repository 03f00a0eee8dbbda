//! A recorded solve of a tile board: the scramble, the goal, every move with
//! the time it was made, as a versioned RON file or the plain text players
//! paste.
//!
//! The RON file (written by [`save`], read by [`load`] and [`parse_text`]):
//!
//! ```text
//! // Huarong replay: a scramble, its goal and the timed moves. Checked when opened.
//! ReplayFile(
//!     format: "huarong-replay",
//!     version: 1,
//!     rows: 3,
//!     cols: 3,
//!     scramble: [1, 2, 3, 4, 5, 6, 0, 7, 8],
//!     goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
//!     moves: "L2",
//!     times_ms: [410, 530],
//!     inspection_ms: 0,
//!     time_ms: 530,
//! )
//! ```
//!
//! `moves` is in the players' notation ([`crate::engine::tiles::notation`]:
//! the direction the *tiles* move, runs grouped); `times_ms` holds one time
//! per single-tile move, in milliseconds since the clock started,
//! non-decreasing and at most `time_ms` (it may be empty: an untimed
//! replay). The plain form ([`to_text`], read by [`parse_text`]) is the one
//! players paste:
//!
//! ```text
//! # a comment
//! size 3x3
//! scramble 1 2 3 4 5 6 0 7 8
//! goal 1 2 3 4 5 6 7 8 0
//! moves L2
//! time 0.530
//! ```
//!
//! `size` may be left out when the scramble's count is a square, `goal`
//! when it is the rows goal (1 2 3 … blank last), `time` (seconds) and
//! `inspection` (seconds) when unknown; a keyword may be followed by `:`.
//! The plain form has no per-move times: [`parse_text`] spreads the moves
//! evenly over the time (all at 0 without one).
//!
//! Whatever the form, a replay is checked when read: both boards valid and
//! of one shape, the scramble able to reach the goal, every move legal
//! (an illegal one is named by its number). A replay need not reach the
//! goal (an unfinished attempt); [`Replay::replays_to_goal`] says whether it
//! does.
//!
//! ```
//! use huarong::storage::replay::{parse_text, to_text};
//! let replay = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves L2\ntime 1.5").unwrap();
//! assert!(replay.replays_to_goal());
//! assert_eq!(replay.tps(), 2.0 / 1.5);
//! assert_eq!(parse_text(&to_text(&replay)).unwrap(), replay);
//! ```

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::common::quote;
use crate::engine::tiles::notation::{
    NotationError, multi_tile_moves, parse_notation, to_notation,
};
use crate::engine::tiles::{Board, BoardError, Dir, Shape, Unsolvable, check_solvable};

/// The value of the `format` tag every replay file carries.
pub const FORMAT: &str = "huarong-replay";

/// The file version this app writes, and the newest it reads.
pub const VERSION: u32 = 1;

/// The longest replay file (or pasted text) read.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The longest time a replay's plain form takes: 1,000,000 seconds.
const MAX_SECONDS: f64 = 1e6;

const HEADER_COMMENT: &str =
    "// Huarong replay: a scramble, its goal and the timed moves. Checked when opened.";

/// One move of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedMove {
    /// The direction the **blank** moved (the engine's convention).
    pub dir: Dir,
    /// When, in milliseconds since the clock started.
    pub at_ms: u64,
}

/// A recorded solve (or unfinished attempt) of a tile board.
///
/// Its serde form is checked like a file: deserializing a replay whose
/// boards or moves are wrong fails with the [`ReplayError`]'s message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ReplayBody", into = "ReplayBody")]
pub struct Replay {
    /// Where the solve started.
    pub scramble: Board,
    /// The arrangement to reach.
    pub goal: Board,
    /// The moves, in order.
    pub moves: Vec<TimedMove>,
    /// The inspection time before the clock started, in milliseconds.
    pub inspection_ms: u64,
    /// The solve's time (the clock's reading at the end), in milliseconds.
    pub time_ms: u64,
}

impl Replay {
    /// A replay, checked (see [`Replay::check`]).
    pub fn new(
        scramble: Board,
        goal: Board,
        moves: Vec<TimedMove>,
        inspection_ms: u64,
        time_ms: u64,
    ) -> Result<Self, ReplayError> {
        let replay = Self {
            scramble,
            goal,
            moves,
            inspection_ms,
            time_ms,
        };
        replay.check()?;
        Ok(replay)
    }

    /// Whether this replay is one a file may hold: both boards of one
    /// shape, the scramble able to reach the goal, every move legal, the
    /// times non-decreasing and none after `time_ms`.
    pub fn check(&self) -> Result<(), ReplayError> {
        if self.goal.shape() != self.scramble.shape() {
            return Err(ReplayError::Goal(BoardError::GoalShape {
                goal: self.goal.shape(),
                start: self.scramble.shape(),
            }));
        }
        check_solvable(&self.scramble, &self.goal).map_err(ReplayError::Unsolvable)?;
        let mut board = self.scramble.clone();
        let mut last = 0;
        for (i, m) in self.moves.iter().enumerate() {
            if board.apply(m.dir).is_none() {
                return Err(ReplayError::IllegalMove {
                    index: i + 1,
                    dir: m.dir,
                });
            }
            if m.at_ms < last {
                return Err(ReplayError::TimeBackwards {
                    index: i + 1,
                    at_ms: m.at_ms,
                    before_ms: last,
                });
            }
            last = m.at_ms;
        }
        if last > self.time_ms {
            return Err(ReplayError::MoveAfterEnd {
                at_ms: last,
                time_ms: self.time_ms,
            });
        }
        Ok(())
    }

    /// The blank's moves, in order (for [`Board::apply_path`]).
    pub fn blank_moves(&self) -> Vec<Dir> {
        self.moves.iter().map(|m| m.dir).collect()
    }

    /// The board after every move.
    pub fn end(&self) -> Board {
        let mut board = self.scramble.clone();
        for m in &self.moves {
            board.apply(m.dir);
        }
        board
    }

    /// Moves counted one tile one cell.
    pub fn single_tile_moves(&self) -> usize {
        self.moves.len()
    }

    /// Moves counted one slide of a row or column's tiles each
    /// ([`multi_tile_moves`]).
    pub fn multi_tile_moves(&self) -> usize {
        multi_tile_moves(&self.blank_moves())
    }

    /// Single-tile moves per second of `time_ms`; 0 for a time of 0.
    pub fn tps(&self) -> f64 {
        if self.time_ms == 0 {
            0.0
        } else {
            self.moves.len() as f64 * 1000.0 / self.time_ms as f64
        }
    }

    /// Whether the moves end on the goal (false for an unfinished attempt).
    pub fn replays_to_goal(&self) -> bool {
        self.end() == self.goal
    }

    /// The moves in the players' notation (`R3 D2 L U`).
    pub fn notation(&self) -> String {
        to_notation(&self.blank_moves())
    }
}

/// Everything that can be wrong with a replay; each message is one line
/// naming the problem.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read.
    #[error("cannot read {}: {message}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The kind of failure (e.g. not found).
        kind: std::io::ErrorKind,
        /// The operating system's message.
        message: String,
    },
    /// Nothing but whitespace and comments.
    #[error("the replay is empty")]
    Empty,
    /// Bytes that are not UTF-8 text.
    #[error("not a text file: invalid UTF-8 at byte {offset}")]
    NotText {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// RON that does not parse, or is not shaped like a replay file.
    #[error("not a valid replay file: line {line}, column {column}: {message}")]
    Parse {
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// What RON reported.
        message: String,
    },
    /// A RON document whose `format` tag is missing or not [`FORMAT`].
    #[error("not a Huarong replay file ({})", match format {
        Some(tag) => format!("format '{tag}'"),
        None => "no format tag".to_string(),
    })]
    NotReplayFile {
        /// The tag found, if any (shortened if long).
        format: Option<String>,
    },
    /// A version newer than [`VERSION`].
    #[error("replay file version {version} is newer than this app supports ({VERSION})")]
    TooNew {
        /// The file's version.
        version: u64,
    },
    /// Version 0, which no app ever wrote.
    #[error("replay file version {version} is not valid: versions start at 1")]
    BadVersion {
        /// The file's version.
        version: u64,
    },
    /// The size is not a board size.
    #[error("size: {0}")]
    Size(BoardError),
    /// The scramble is not a board.
    #[error("scramble: {0}")]
    Scramble(BoardError),
    /// The goal is not a board of the scramble's shape.
    #[error("goal: {0}")]
    Goal(BoardError),
    /// The scramble cannot reach the goal.
    #[error("the scramble cannot reach the goal: {0}")]
    Unsolvable(Unsolvable),
    /// The moves are not in the notation.
    #[error("moves: {0}")]
    Notation(NotationError),
    /// A move that would take the blank off the board.
    #[error(
        "moves: move {index} ({}) is illegal: no tile is {} the blank",
        dir.opposite().letter(),
        side_of(*dir)
    )]
    IllegalMove {
        /// Which single-tile move (from 1).
        index: usize,
        /// The blank's direction.
        dir: Dir,
    },
    /// `times_ms` does not hold one time per move.
    #[error("times_ms: {times} times for {moves} moves (one per single-tile move, or none)")]
    TimesCount {
        /// Single-tile moves.
        moves: usize,
        /// Times given.
        times: usize,
    },
    /// A move timed before the one before it.
    #[error(
        "times_ms: move {index} at {at_ms} ms comes before the move before it ({before_ms} ms)"
    )]
    TimeBackwards {
        /// Which move (from 1).
        index: usize,
        /// Its time.
        at_ms: u64,
        /// The previous move's time.
        before_ms: u64,
    },
    /// A move timed after the solve's end.
    #[error("times_ms: a move at {at_ms} ms is after the solve's time ({time_ms} ms)")]
    MoveAfterEnd {
        /// The last move's time.
        at_ms: u64,
        /// The solve's time.
        time_ms: u64,
    },
    /// A time that is not a number of seconds.
    #[error("{field} '{text}' is not a time (seconds, 0 to 1000000, e.g. 12.345)")]
    BadTime {
        /// `time` or `inspection`.
        field: &'static str,
        /// The text (shortened if long).
        text: String,
    },
    /// A plain-form line that starts with no known keyword.
    #[error(
        "'{0}' is not a line of a replay (size, scramble, goal, moves, time, inspection; # comments)"
    )]
    UnknownLine(String),
    /// A keyword given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
    /// A required line left out.
    #[error("no {0} line (a replay needs scramble and moves)")]
    Missing(&'static str),
    /// A problem on one line of the plain form.
    #[error("line {line}: {error}")]
    Line {
        /// Line (from 1).
        line: usize,
        /// The problem.
        error: Box<ReplayError>,
    },
}

/// Where the tile a blank move slides lies: "below" for a blank going down.
fn side_of(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "above",
        Dir::Down => "below",
        Dir::Left => "left of",
        Dir::Right => "right of",
    }
}

/// A replay's serde form: what the file holds after its header, and what a
/// records file holds for each replay.
#[derive(Clone, Serialize, Deserialize)]
#[serde(rename = "Replay")]
struct ReplayBody {
    rows: u64,
    cols: u64,
    scramble: Vec<u64>,
    goal: Vec<u64>,
    moves: String,
    #[serde(default)]
    times_ms: Vec<u64>,
    #[serde(default)]
    inspection_ms: u64,
    #[serde(default)]
    time_ms: u64,
}

impl From<Replay> for ReplayBody {
    fn from(r: Replay) -> Self {
        let shape = r.scramble.shape();
        let wide = |b: &Board| b.cells().iter().map(|&t| t as u64).collect();
        Self {
            rows: shape.rows as u64,
            cols: shape.cols as u64,
            scramble: wide(&r.scramble),
            goal: wide(&r.goal),
            moves: r.notation(),
            times_ms: r.moves.iter().map(|m| m.at_ms).collect(),
            inspection_ms: r.inspection_ms,
            time_ms: r.time_ms,
        }
    }
}

/// A board of `shape` from numbers of any size (one too large for a tile
/// is named as the engine names it).
fn board_of(shape: Shape, cells: Vec<u64>) -> Result<Board, BoardError> {
    if cells.len() != shape.cells() {
        return Err(BoardError::WrongCount {
            shape,
            found: cells.len(),
        });
    }
    if let Some(&tile) = cells.iter().find(|&&t| t >= shape.cells() as u64) {
        return Err(BoardError::OutOfRange {
            tile,
            max: shape.cells() - 1,
        });
    }
    Board::new(shape, cells.into_iter().map(|t| t as u8).collect())
}

/// The moves spread evenly over `time_ms` (the last at `time_ms`).
fn spread(dirs: Vec<Dir>, time_ms: u64) -> Vec<TimedMove> {
    let n = dirs.len() as u128;
    dirs.into_iter()
        .enumerate()
        .map(|(i, dir)| TimedMove {
            dir,
            at_ms: (time_ms as u128 * (i as u128 + 1) / n) as u64,
        })
        .collect()
}

impl TryFrom<ReplayBody> for Replay {
    type Error = ReplayError;

    fn try_from(b: ReplayBody) -> Result<Self, ReplayError> {
        let side = |n: u64| u8::try_from(n).unwrap_or(u8::MAX);
        let shape = Shape::new(side(b.rows), side(b.cols)).map_err(|_| {
            ReplayError::Size(BoardError::SizeOutOfRange {
                rows: usize::try_from(b.rows).unwrap_or(usize::MAX),
                cols: usize::try_from(b.cols).unwrap_or(usize::MAX),
            })
        })?;
        let scramble = board_of(shape, b.scramble).map_err(ReplayError::Scramble)?;
        let goal = board_of(shape, b.goal).map_err(ReplayError::Goal)?;
        let dirs = parse_notation(&b.moves).map_err(ReplayError::Notation)?;
        let moves = if b.times_ms.is_empty() {
            spread(dirs, 0)
        } else if b.times_ms.len() != dirs.len() {
            return Err(ReplayError::TimesCount {
                moves: dirs.len(),
                times: b.times_ms.len(),
            });
        } else {
            dirs.into_iter()
                .zip(b.times_ms)
                .map(|(dir, at_ms)| TimedMove { dir, at_ms })
                .collect()
        };
        Replay::new(scramble, goal, moves, b.inspection_ms, b.time_ms)
    }
}

/// The file as written on disk: its header, then the body's fields
/// spelled out (RON does not support serde's `flatten`).
#[derive(Serialize, Deserialize)]
#[serde(rename = "ReplayFile")]
struct ReplayFile {
    format: String,
    version: u32,
    rows: u64,
    cols: u64,
    scramble: Vec<u64>,
    goal: Vec<u64>,
    moves: String,
    #[serde(default)]
    times_ms: Vec<u64>,
    #[serde(default)]
    inspection_ms: u64,
    #[serde(default)]
    time_ms: u64,
}

/// The tag and version, read before the rest.
#[derive(Deserialize)]
#[serde(rename = "ReplayFile")]
struct Header {
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    version: Option<u64>,
}

fn ron_options() -> ron::Options {
    // The header's fields are options: a plain `version: 1` reads as `Some`.
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn parse_error(e: ron::error::SpannedError) -> ReplayError {
    ReplayError::Parse {
        line: e.span.start.line,
        column: e.span.start.col,
        message: match e.code {
            ron::Error::ExceededRecursionLimit => "the file nests too deeply".into(),
            code => code.to_string(),
        },
    }
}

/// The replay as a RON document with a comment line on top.
pub fn to_ron(replay: &Replay) -> String {
    let b = ReplayBody::from(replay.clone());
    let file = ReplayFile {
        format: FORMAT.into(),
        version: VERSION,
        rows: b.rows,
        cols: b.cols,
        scramble: b.scramble,
        goal: b.goal,
        moves: b.moves,
        times_ms: b.times_ms,
        inspection_ms: b.inspection_ms,
        time_ms: b.time_ms,
    };
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .compact_arrays(true)
        .indentor("    ");
    let body = ron::ser::to_string_pretty(&file, config)
        // Strings, integers and lists: nothing the serializer refuses.
        .expect("a replay file always serializes");
    format!("{HEADER_COMMENT}\n{body}\n")
}

/// Read and check a replay's RON document.
pub fn from_ron(text: &str) -> Result<Replay, ReplayError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(ReplayError::Empty);
    }
    let header: Header = ron_options().from_str(text).map_err(parse_error)?;
    match header.format.as_deref() {
        Some(FORMAT) => {}
        other => {
            return Err(ReplayError::NotReplayFile {
                format: other.map(quote),
            });
        }
    }
    match header.version {
        Some(0) => return Err(ReplayError::BadVersion { version: 0 }),
        Some(v) if v > VERSION as u64 => return Err(ReplayError::TooNew { version: v }),
        _ => {}
    }
    let f: ReplayFile = ron_options().from_str(text).map_err(parse_error)?;
    Replay::try_from(ReplayBody {
        rows: f.rows,
        cols: f.cols,
        scramble: f.scramble,
        goal: f.goal,
        moves: f.moves,
        times_ms: f.times_ms,
        inspection_ms: f.inspection_ms,
        time_ms: f.time_ms,
    })
}

/// Seconds with three decimals (`12.345`).
fn seconds_text(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// `text` as seconds, in whole milliseconds (rounded).
fn parse_seconds(field: &'static str, text: &str) -> Result<u64, ReplayError> {
    let bad = || ReplayError::BadTime {
        field,
        text: quote(text),
    };
    let text = text.trim();
    let text = text.strip_suffix('s').unwrap_or(text).trim_end();
    // Digits and one point only: no signs, exponents, `inf` or `nan`.
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(bad());
    }
    let seconds: f64 = text.parse().map_err(|_| bad())?;
    if !(0.0..=MAX_SECONDS).contains(&seconds) {
        return Err(bad());
    }
    Ok((seconds * 1000.0).round() as u64)
}

/// The plain form players paste (see the [module](self)): `size`, `scramble`,
/// `goal` (left out for the rows goal), `moves`, `time`, and `inspection`
/// when not 0.
///
/// ```
/// use huarong::storage::replay::{parse_text, to_text};
/// let r = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves L2\ntime 1.5").unwrap();
/// assert_eq!(to_text(&r), "size 3x3\nscramble 1 2 3 4 5 6 0 7 8\nmoves L2\ntime 1.500\n");
/// ```
pub fn to_text(replay: &Replay) -> String {
    let mut out = format!(
        "size {}\nscramble {}\n",
        replay.scramble.shape(),
        replay.scramble.to_text()
    );
    if replay.goal != Board::goal(replay.goal.shape()) {
        out += &format!("goal {}\n", replay.goal.to_text());
    }
    out += &format!("moves {}\n", replay.notation());
    out += &format!("time {}\n", seconds_text(replay.time_ms));
    if replay.inspection_ms > 0 {
        out += &format!("inspection {}\n", seconds_text(replay.inspection_ms));
    }
    out
}

/// Whether `text` is a RON document rather than the plain form.
fn is_ron(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('(') || t.starts_with("ReplayFile") || t.starts_with("//")
}

/// Read a replay from pasted text: the RON document ([`from_ron`]) or the
/// plain form (see the [module](self)). Every problem is a
/// [`ReplayError`]; in the plain form, with its line.
///
/// ```
/// use huarong::storage::replay::parse_text;
/// let err = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves R").unwrap_err();
/// assert_eq!(err.to_string(), "line 2: moves: move 1 (R) is illegal: no tile is left of the blank");
/// let dnf = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves L").unwrap();
/// assert!(!dnf.replays_to_goal());
/// ```
pub fn parse_text(text: &str) -> Result<Replay, ReplayError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if is_ron(text) {
        return from_ron(text);
    }
    let mut size = None;
    let mut scramble = None;
    let mut goal = None;
    let mut moves = None;
    let mut time = None;
    let mut inspection = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let at = |error| ReplayError::Line {
            line,
            error: Box::new(error),
        };
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let split = content
            .find(|c: char| c.is_whitespace() || c == ':')
            .unwrap_or(content.len());
        let (word, rest) = content.split_at(split);
        let rest = rest.trim_start();
        let rest = rest.strip_prefix(':').unwrap_or(rest).trim();
        let (slot, name): (&mut Option<(usize, String)>, &'static str) =
            match word.to_ascii_lowercase().as_str() {
                "size" => (&mut size, "size"),
                "scramble" => (&mut scramble, "scramble"),
                "goal" => (&mut goal, "goal"),
                "moves" => (&mut moves, "moves"),
                "time" => (&mut time, "time"),
                "inspection" => (&mut inspection, "inspection"),
                _ => return Err(at(ReplayError::UnknownLine(quote(content)))),
            };
        if slot.is_some() {
            return Err(at(ReplayError::Twice(name)));
        }
        *slot = Some((line, rest.to_string()));
    }
    if [&size, &scramble, &goal, &moves, &time, &inspection]
        .iter()
        .all(|s| s.is_none())
    {
        return Err(ReplayError::Empty);
    }
    let in_line = |line: usize, error| ReplayError::Line {
        line,
        error: Box::new(error),
    };
    let shape = match &size {
        Some((line, t)) => Some(Shape::parse(t).map_err(|e| in_line(*line, ReplayError::Size(e)))?),
        None => None,
    };
    let (line, t) = scramble.ok_or(ReplayError::Missing("scramble"))?;
    let scramble = Board::parse(&t, shape).map_err(|e| in_line(line, ReplayError::Scramble(e)))?;
    let shape = scramble.shape();
    let goal = match goal {
        Some((line, t)) => {
            Board::parse(&t, Some(shape)).map_err(|e| in_line(line, ReplayError::Goal(e)))?
        }
        None => Board::goal(shape),
    };
    let (moves_line, t) = moves.ok_or(ReplayError::Missing("moves"))?;
    let dirs = parse_notation(&t).map_err(|e| in_line(moves_line, ReplayError::Notation(e)))?;
    let seconds = |slot: Option<(usize, String)>, field| match slot {
        Some((line, t)) => parse_seconds(field, &t).map_err(|e| in_line(line, e)),
        None => Ok(0),
    };
    let time_ms = seconds(time, "time")?;
    let inspection_ms = seconds(inspection, "inspection")?;
    Replay::new(
        scramble,
        goal,
        spread(dirs, time_ms),
        inspection_ms,
        time_ms,
    )
    .map_err(|e| match e {
        e @ ReplayError::IllegalMove { .. } => in_line(moves_line, e),
        e => e,
    })
}

/// Read a replay's bytes: [`parse_text`] after checking they are UTF-8.
pub fn from_bytes(bytes: &[u8]) -> Result<Replay, ReplayError> {
    let text = std::str::from_utf8(bytes).map_err(|e| ReplayError::NotText {
        offset: e.valid_up_to(),
    })?;
    parse_text(text)
}

/// Write a replay file (RON) atomically ([`super::write_atomic`]).
pub fn save(path: &Path, replay: &Replay) -> std::io::Result<()> {
    super::write_atomic(path, to_ron(replay).as_bytes())
}

/// Read and check a replay file: the RON document or the plain form, at
/// most [`MAX_FILE_BYTES`], a regular file only.
///
/// ```
/// use huarong::storage::replay::load;
/// let err = load(std::path::Path::new("/no/such/replay.ron")).unwrap_err();
/// assert!(err.to_string().starts_with("cannot read /no/such/replay.ron: "), "{err}");
/// ```
pub fn load(path: &Path) -> Result<Replay, ReplayError> {
    let bytes = super::read_regular(path, MAX_FILE_BYTES).map_err(|e| ReplayError::Io {
        path: path.to_path_buf(),
        kind: e.kind(),
        message: e.to_string(),
    })?;
    from_bytes(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::seeded;
    use crate::engine::tiles::{GoalPattern, random_solvable, shuffled};

    fn board(text: &str) -> Board {
        Board::parse(text, None).unwrap()
    }

    /// A timed replay of a random walk (moves 150 ms apart) on `shape` to
    /// `pattern`'s goal, the walk undone to reach it when `finish`.
    fn walk_replay(shape: Shape, pattern: GoalPattern, seed: u64, finish: bool) -> Replay {
        let goal = pattern.board(shape);
        let mut rng = seeded(seed);
        let (scramble, walk) = shuffled(&goal, 30, &mut rng);
        let dirs: Vec<Dir> = if finish {
            walk.iter().rev().map(|d| d.opposite()).collect()
        } else {
            walk.iter()
                .rev()
                .take(walk.len() - 3)
                .map(|d| d.opposite())
                .collect()
        };
        let moves: Vec<TimedMove> = dirs
            .iter()
            .enumerate()
            .map(|(i, &dir)| TimedMove {
                dir,
                at_ms: 150 * (i as u64 + 1),
            })
            .collect();
        let time_ms = 150 * moves.len() as u64 + 40;
        Replay::new(scramble, goal, moves, 2000, time_ms).unwrap()
    }

    #[test]
    fn counts_tps_and_notation_by_hand() {
        use Dir::*;
        let scramble = board("1 2 3 4 5 6 0 7 8");
        let goal = Board::goal(scramble.shape());
        let at = |dir, at_ms| TimedMove { dir, at_ms };
        // The blank goes right twice (the tiles left: L2); then up, down.
        let r = Replay::new(
            scramble.clone(),
            goal.clone(),
            vec![at(Right, 300), at(Right, 500), at(Up, 900), at(Down, 1000)],
            0,
            1000,
        )
        .unwrap();
        assert_eq!(r.single_tile_moves(), 4);
        assert_eq!(r.multi_tile_moves(), 3);
        assert_eq!(r.notation(), "L2 D U");
        assert_eq!(r.tps(), 4.0);
        assert!(r.replays_to_goal());
        let dnf = Replay::new(scramble, goal, vec![at(Right, 300)], 0, 2000).unwrap();
        assert!(!dnf.replays_to_goal());
        assert_eq!(dnf.tps(), 0.5);
    }

    #[test]
    fn save_and_load_round_trip_on_several_shapes_and_goals() {
        let dir = tempfile::tempdir().unwrap();
        for (i, (r, c)) in [(3, 3), (4, 4), (3, 5), (2, 7)].into_iter().enumerate() {
            for (j, p) in GoalPattern::ALL.into_iter().enumerate() {
                let replay = walk_replay(
                    Shape::new(r, c).unwrap(),
                    p,
                    (i * 10 + j) as u64,
                    j % 2 == 0,
                );
                assert_eq!(replay.replays_to_goal(), j % 2 == 0);
                let path = dir.path().join(format!("{i}-{j}.ron"));
                save(&path, &replay).unwrap();
                assert_eq!(load(&path).unwrap(), replay);
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(text.contains("version: 1"), "{text}");
                assert!(
                    text.contains(&format!("moves: \"{}\"", replay.notation())),
                    "{text}"
                );
                // And pasted as text.
                assert_eq!(parse_text(&text).unwrap(), replay);
            }
        }
    }

    #[test]
    fn the_plain_form_round_trips() {
        for (i, (r, c)) in [(3, 3), (4, 4), (3, 5)].into_iter().enumerate() {
            for (j, p) in GoalPattern::ALL.into_iter().enumerate() {
                let replay = walk_replay(Shape::new(r, c).unwrap(), p, (i * 7 + j) as u64, true);
                let text = to_text(&replay);
                let back = parse_text(&text).unwrap();
                // The plain form keeps no per-move times: the rest is the same.
                assert_eq!(back.scramble, replay.scramble);
                assert_eq!(back.goal, replay.goal);
                assert_eq!(back.blank_moves(), replay.blank_moves());
                assert_eq!(
                    (back.time_ms, back.inspection_ms),
                    (replay.time_ms, replay.inspection_ms)
                );
                assert_eq!(to_text(&back), text);
                assert_eq!(text.contains("goal "), p != GoalPattern::Rows, "{text}");
            }
        }
    }

    #[test]
    fn the_plain_form_as_players_paste_it() {
        let text = "# my best 3x5\nSize: 3x5\nscramble: 1,2,3,4,5, 6,7,8,9,10, 11,12,13,0,14  # row by row\n\nmoves l\nTIME 0.25s\n";
        let r = parse_text(text).unwrap();
        assert_eq!(r.scramble.shape(), Shape::new(3, 5).unwrap());
        assert_eq!(r.blank_moves(), vec![Dir::Right]);
        assert_eq!(r.time_ms, 250);
        assert_eq!(r.moves[0].at_ms, 250);
        assert!(r.replays_to_goal());
        // No time: every move at 0, TPS 0.
        let r = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves L2").unwrap();
        assert_eq!(r.time_ms, 0);
        assert!(r.moves.iter().all(|m| m.at_ms == 0));
        assert_eq!(r.tps(), 0.0);
        // Moves spread evenly over the time.
        let r = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves L2 R2\ntime 1").unwrap();
        let times: Vec<u64> = r.moves.iter().map(|m| m.at_ms).collect();
        assert_eq!(times, [250, 500, 750, 1000]);
        let r = parse_text("scramble 0 1 2 3\ngoal 0 1 2 3\nmoves\ninspection 15").unwrap();
        assert_eq!(r.single_tile_moves(), 0);
        assert_eq!(r.inspection_ms, 15_000);
        assert!(r.replays_to_goal());
    }

    #[test]
    fn bad_plain_text_is_named_with_its_line() {
        let cases = [
            ("", "the replay is empty"),
            ("# nothing\n\n", "the replay is empty"),
            (
                "moves R",
                "no scramble line (a replay needs scramble and moves)",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8",
                "no moves line (a replay needs scramble and moves)",
            ),
            (
                "hello",
                "line 1: 'hello' is not a line of a replay (size, scramble, goal, moves, time, inspection; # comments)",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\nscramble 1 2 3 4 5 6 7 0 8",
                "line 2: scramble is given twice",
            ),
            (
                "scramble 1 2 3 4 5 6 7 7 0\nmoves L",
                "line 1: scramble: duplicate tile 7",
            ),
            (
                "size 3x\nscramble 1 2 3 0",
                "line 1: size: size '3x' is not RxC (e.g. 4x4 or 3x5)",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\ngoal 1 2 3 0\nmoves L",
                "line 2: goal: 4 numbers for a 3x3 board: expected 9",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\nmoves L X",
                "line 2: moves: token 2 'X' (at character 3) is not a move: use U, D, L or R (the direction the tiles move), optionally with a count, e.g. R3",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\n\nmoves L2 L",
                "line 3: moves: move 3 (L) is illegal: no tile is right of the blank",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\nmoves U",
                "line 2: moves: move 1 (U) is illegal: no tile is below the blank",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\nmoves L\ntime -1",
                "line 3: time '-1' is not a time (seconds, 0 to 1000000, e.g. 12.345)",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\nmoves L\ntime nan",
                "line 3: time 'nan' is not a time (seconds, 0 to 1000000, e.g. 12.345)",
            ),
            (
                "scramble 1 2 3 4 5 6 0 7 8\nmoves L\ninspection 1e9",
                "line 3: inspection '1e9' is not a time (seconds, 0 to 1000000, e.g. 12.345)",
            ),
            (
                "scramble 2 1 3 4 5 6 7 8 0\nmoves L",
                "the scramble cannot reach the goal: the arrangement is an odd permutation of the goal but the blank is 0 moves from its goal cell (even); every move flips both parities, so this start can never reach the goal",
            ),
        ];
        for (text, want) in cases {
            let err = parse_text(text).unwrap_err();
            assert_eq!(err.to_string(), want, "{text:?}");
            assert!(!err.to_string().contains('\n'));
        }
    }

    fn good_ron() -> String {
        to_ron(&walk_replay(
            Shape::new(3, 3).unwrap(),
            GoalPattern::Rows,
            5,
            true,
        ))
    }

    #[test]
    fn damaged_files_are_refused_with_the_problem_named() {
        let good = good_ron();
        let times_line = good
            .lines()
            .find(|l| l.contains("times_ms"))
            .unwrap()
            .to_string();
        let moves_line = good
            .lines()
            .find(|l| l.contains("moves:"))
            .unwrap()
            .to_string();
        let cases: Vec<(String, &str)> = vec![
            (
                good.replace("huarong-replay", "huarong-puzzle"),
                "not a Huarong replay file (format 'huarong-puzzle')",
            ),
            (
                good.replace("version: 1", "version: 2"),
                "replay file version 2 is newer than this app supports (1)",
            ),
            (
                good.replace("version: 1", "version: 0"),
                "replay file version 0 is not valid: versions start at 1",
            ),
            (
                good.replace("rows: 3", "rows: 300"),
                "size: size 300x3 is out of range: rows and columns must be 2 to 10",
            ),
            (
                good.replace(&times_line, "    times_ms: [1, 2],"),
                "times_ms: 2 times for 30 moves (one per single-tile move, or none)",
            ),
            (
                good.replace(&moves_line, "    moves: \"Q\","),
                "moves: token 1 'Q' (at character 1) is not a move: use U, D, L or R (the direction the tiles move), optionally with a count, e.g. R3",
            ),
            (
                good.replace("time_ms: 4540", "time_ms: 10"),
                "times_ms: a move at 4500 ms is after the solve's time (10 ms)",
            ),
            (
                good[..good.len() / 2].to_string(),
                "not a valid replay file",
            ),
            (
                "(format: \"huarong-replay\", version: 1)".into(),
                "not a valid replay file: line 1, column 38: Unexpected missing field named `rows` in `ReplayFile`",
            ),
        ];
        for (text, want) in cases {
            let err = parse_text(&text).unwrap_err().to_string();
            assert!(err.starts_with(want), "{err}\nwanted {want}\n{text}");
            assert!(!err.contains('\n'), "{err}");
        }
        // A goal a tile out of range, and a backward time.
        let text = good.replace(
            "goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]",
            "goal: [1, 2, 3, 4, 5, 6, 7, 8, 900]",
        );
        assert_eq!(
            parse_text(&text).unwrap_err().to_string(),
            "goal: tile 900 is out of range: tiles go from 0 (blank) to 8"
        );
        let text = good.replace("times_ms: [150, 300,", "times_ms: [300, 150,");
        assert_eq!(
            parse_text(&text).unwrap_err().to_string(),
            "times_ms: move 2 at 150 ms comes before the move before it (300 ms)"
        );
    }

    #[test]
    fn damaged_files_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.ron");
        std::fs::write(&path, b"\xff\xfe").unwrap();
        assert_eq!(
            load(&path).unwrap_err().to_string(),
            "not a text file: invalid UTF-8 at byte 0"
        );
        std::fs::File::create(&path)
            .unwrap()
            .set_len(MAX_FILE_BYTES + 1)
            .unwrap();
        assert!(
            load(&path)
                .unwrap_err()
                .to_string()
                .contains("more than the 16,777,216")
        );
        assert!(
            load(dir.path())
                .unwrap_err()
                .to_string()
                .contains("not a regular file")
        );
    }

    #[test]
    fn replays_in_serde_are_checked_too() {
        let replay = walk_replay(Shape::new(4, 4).unwrap(), GoalPattern::Spiral, 9, false);
        let text = ron::to_string(&replay).unwrap();
        let back: Replay = ron::from_str(&text).unwrap();
        assert_eq!(back, replay);
        let json = serde_json::to_string(&replay).unwrap();
        let bad = json.replace("\"scramble\":[", "\"scramble\":[1,");
        let err = serde_json::from_str::<Replay>(&bad)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("scramble: 17 numbers for a 4x4 board: expected 16"),
            "{err}"
        );
    }

    #[test]
    fn random_scrambles_to_each_goal_check_as_solvable() {
        let mut rng = seeded(1);
        for p in GoalPattern::ALL {
            let goal = p.board(Shape::new(4, 4).unwrap());
            let scramble = random_solvable(&goal, &mut rng);
            assert!(Replay::new(scramble, goal, vec![], 0, 0).is_ok());
        }
    }
}
