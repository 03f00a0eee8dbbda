//! What every file the app reads and writes shares: the puzzle file's tag
//! and version, the kinds a file holds, [`FileError`] (each defect named),
//! and the first stages of reading one (its bytes bounded, its text, its
//! header checked, a RON error worded).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::engine::numeral::short_number;
use crate::engine::tiles::{BoardError, Dir, Shape};

/// The value of the `format` tag every puzzle file carries.
pub const FORMAT: &str = "huarong-puzzle";

/// The file version this app writes, and the newest it reads.
pub const VERSION: u32 = 1;

/// Longest piece of a file's own text (a format tag, a kind name) quoted in
/// an error message.
const QUOTE_MAX: usize = 40;

/// The kind of puzzle a file holds: its family, named in the file as
/// serde names the variant (see [`Family::NAMES`](crate::engine::strategy::Family::NAMES)).
/// A new family's files need its fields in
/// [`PuzzleFile`](super::puzzle_file::PuzzleFile) (optional, so files of
/// the other kinds stay readable) and an arm in the `match` of
/// `Saved::try_from(PuzzleFile)`.
pub type PuzzleKind = crate::engine::strategy::Family;

/// Everything that can be wrong with a puzzle file; each message names the
/// exact problem.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FileError {
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
    /// The file is empty (or only whitespace).
    #[error("the file is empty")]
    Empty,
    /// The file is not UTF-8 text.
    #[error("not a text file: invalid UTF-8 at byte {offset}")]
    NotText {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// The text is not RON, or not shaped like a puzzle file.
    #[error("not a valid puzzle file: line {line}, column {column}: {message}")]
    Parse {
        /// Line of the problem (from 1).
        line: usize,
        /// Column of the problem (from 1).
        column: usize,
        /// What RON reported.
        message: String,
    },
    /// The `format` tag is missing or is not [`FORMAT`].
    #[error("not a Huarong puzzle file ({})", match format {
        Some(tag) => format!("format '{tag}'"),
        None => "no format tag".to_string(),
    })]
    NotPuzzleFile {
        /// The tag found, if any (shortened if long).
        format: Option<String>,
    },
    /// The file's version is newer than [`VERSION`].
    #[error("file version {version} is newer than this app supports ({VERSION})")]
    TooNew {
        /// The file's version.
        version: u64,
    },
    /// Version 0, which no app ever wrote.
    #[error("file version {version} is not valid: versions start at 1")]
    BadVersion {
        /// The file's version.
        version: u64,
    },
    /// A `kind` this app does not know.
    #[error("unknown puzzle kind '{0}' (this app knows: {known})", known = PuzzleKind::NAMES.join(", "))]
    UnknownKind(String),
    /// `rows` × `cols` outside 2×2 … 10×10.
    #[error("{0}")]
    Size(#[source] BoardError),
    /// The start (`state`) is not a valid board.
    #[error("state: {0}")]
    State(#[source] BoardError),
    /// The goal is not a valid board.
    #[error("goal: {0}")]
    Goal(#[source] BoardError),
    /// The goal has a different number of cells from the start.
    #[error(
        "start and goal differ in size: the start is a {shape} board ({} tiles) \
         but the goal has {found}",
        shape.cells()
    )]
    GoalSize {
        /// The start's shape.
        shape: Shape,
        /// How many numbers the goal has.
        found: usize,
    },
    /// A character in the solution that is not a move.
    #[error(
        "solution: move {index} is '{}', not a move (use U, D, L, R: \
         the direction the blank moves)",
        letter.escape_debug()
    )]
    BadLetter {
        /// Which move (from 1, whitespace not counted).
        index: usize,
        /// The character.
        letter: char,
    },
    /// A solution move that would take the blank off the board.
    #[error(
        "solution: move {index} ({}) is illegal: the blank is at the {} edge",
        dir.letter(),
        edge_name(*dir)
    )]
    IllegalMove {
        /// Which move (from 1).
        index: usize,
        /// Its direction.
        dir: Dir,
    },
    /// The solution's moves are legal but do not end on the goal.
    #[error("solution: its {moves} move{} not end at the goal", plural_do(*moves))]
    NotAtGoal {
        /// How many moves it has.
        moves: usize,
    },
    /// The solution's `elapsed_ms` is negative, not a number or too large.
    #[error(
        "solution: elapsed_ms {} is not a time (a number of milliseconds, 0 or more)",
        short_number(*.0)
    )]
    BadElapsed(f64),
    /// The file holds another kind of puzzle than the one asked for.
    #[error("this file holds a {0:?} puzzle")]
    WrongKind(PuzzleKind),
    /// A Klotski file's layout is not valid.
    #[error("layout: {0}")]
    Layout(crate::engine::klotski::LayoutError),
    /// A Klotski solution step is not `letter:direction` (e.g. `A:D`).
    #[error("solution: step {index} is '{text}', not a step (use letter:direction, e.g. A:D)")]
    BadStep {
        /// Which step (from 1).
        index: usize,
        /// Its text (shortened if long).
        text: String,
    },
    /// A Klotski solution step that cannot be made.
    #[error("solution: step {index} ({text}) is illegal: that piece cannot move there")]
    IllegalStep {
        /// Which step (from 1).
        index: usize,
        /// Its text.
        text: String,
    },
    /// A Klotski solution whose steps are legal but do not free the target.
    #[error(
        "solution: its {steps} step{} not bring the target to its goal",
        plural_do(*steps)
    )]
    StepsNotAtGoal {
        /// How many steps it has.
        steps: usize,
    },
}

/// The end of `move`/`step` and its verb for `n` of them: `" does"` for
/// one, `"s do"` for more (or none).
fn plural_do(n: usize) -> &'static str {
    if n == 1 { " does" } else { "s do" }
}

fn edge_name(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "top",
        Dir::Down => "bottom",
        Dir::Left => "left",
        Dir::Right => "right",
    }
}

/// At most [`QUOTE_MAX`] characters of `text`, control characters escaped.
pub(crate) fn quote(text: &str) -> String {
    crate::engine::numeral::quoted(text, QUOTE_MAX)
}

/// The tag and version check shared by
/// [`from_ron`](super::puzzle_file::from_ron) and
/// `Saved::try_from(PuzzleFile)`.
pub(crate) fn check_header(format: Option<&str>, version: Option<u64>) -> Result<(), FileError> {
    match format {
        Some(FORMAT) => {}
        other => {
            return Err(FileError::NotPuzzleFile {
                format: other.map(quote),
            });
        }
    }
    match version {
        Some(0) => Err(FileError::BadVersion { version: 0 }),
        Some(v) if v > VERSION as u64 => Err(FileError::TooNew { version: v }),
        // Missing: reported by the full read as a missing field.
        _ => Ok(()),
    }
}

/// Just the tag and version, read before the rest so that an unknown or
/// newer file is named as such. Other fields are skipped.
#[derive(Deserialize)]
#[serde(rename = "PuzzleFile")]
struct Header {
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    version: Option<u64>,
}

/// The `kind` of a file, when it names a known one.
pub(crate) fn kind_of(text: &str) -> Option<PuzzleKind> {
    #[derive(Deserialize)]
    #[serde(rename = "PuzzleFile")]
    struct Kind {
        #[serde(default)]
        kind: Option<PuzzleKind>,
    }
    ron_options().from_str::<Kind>(text).ok()?.kind
}

pub(crate) fn ron_options() -> ron::Options {
    // Hand-written files may leave out `Some(...)` around the solution.
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

pub(crate) fn parse_error(e: ron::error::SpannedError) -> FileError {
    let at = |message: String| FileError::Parse {
        line: e.span.start.line,
        column: e.span.start.col,
        message,
    };
    match e.code {
        // The enum is told by its variants: ron does not name it.
        ron::Error::NoSuchEnumVariant {
            found, expected, ..
        } => {
            let known = expected.join(", ");
            if expected == PuzzleKind::NAMES {
                FileError::UnknownKind(quote(&found))
            } else if metric_names()
                .iter()
                .all(|m| expected.contains(&m.as_str()))
                && expected.len() == metric_names().len()
            {
                at(format!(
                    "unknown metric '{}' (this app knows: {known})",
                    quote(&found)
                ))
            } else {
                at(format!(
                    "unknown value '{}' (this app knows: {known})",
                    quote(&found)
                ))
            }
        }
        // ron's own advice is for programmers.
        ron::Error::ExceededRecursionLimit => at(format!(
            "the file nests too deeply (line {})",
            e.span.start.line
        )),
        code => at(code.to_string()),
    }
}

/// The names a Klotski metric is written with in a file (its serde
/// variant names).
fn metric_names() -> Vec<String> {
    crate::engine::klotski::Metric::ALL
        .iter()
        .map(|m| ron::to_string(m).unwrap_or_default())
        .collect()
}

/// The first stages of reading a puzzle file of `kind`, shared by both
/// kinds: a byte-order mark dropped, an empty text refused, the tag and
/// version checked, and a file of the other kind named as such. Returns
/// the text to read in full.
pub(crate) fn checked_header(text: &str, kind: PuzzleKind) -> Result<&str, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(FileError::Empty);
    }
    let header: Header = ron_options().from_str(text).map_err(parse_error)?;
    check_header(header.format.as_deref(), header.version)?;
    match kind_of(text) {
        Some(other) if other != kind => Err(FileError::WrongKind(other)),
        _ => Ok(text),
    }
}

/// A file's bytes as text; bytes that are not UTF-8 are [`FileError::NotText`].
pub(crate) fn text_of(bytes: &[u8]) -> Result<&str, FileError> {
    std::str::from_utf8(bytes).map_err(|e| FileError::NotText {
        offset: e.valid_up_to(),
    })
}

/// The longest puzzle or Klotski file read: the largest board with a long
/// solution is a few hundred kilobytes, and a bigger file is not one of
/// ours (nor read into memory to find out).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// A file's bytes, or [`FileError::Io`] naming the path and the reason
/// (also for a folder, FIFO or device, and a file over [`MAX_FILE_BYTES`]).
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    super::read_regular(path, MAX_FILE_BYTES).map_err(|e| FileError::Io {
        path: path.to_path_buf(),
        kind: e.kind(),
        message: e.to_string(),
    })
}
