//! The player's records: every finished timed solve per board, kept across
//! launches in the data folder ([`default_path`]) as a versioned RON file
//! written atomically.
//!
//! ```text
//! // Huarong records: every finished timed solve, per board.
//! Records(
//!     version: 1,
//!     boards: {
//!         "tiles 3x3 rows": [
//!             Solve(when_unix_s: 1796000000, time_ms: 5230, single_tile: 24,
//!                   multi_tile: 13, optimum: Some(20), replay: Some(Replay(…))),
//!         ],
//!     },
//! )
//! ```
//!
//! Only **finished** solves are records: an attempt abandoned before the
//! goal (a DNF) is not kept, so every average here is over finished solves
//! and no average is ever "DNF". The solves of a board are in the order
//! they were made, oldest first; "the last 5" are the list's last five.
//!
//! A missing file is empty records. A file that is there but cannot be
//! used — not RON, another version, over [`MAX_FILE_BYTES`], not a regular
//! file — is a [`RecordsError`]; [`keep_aside`] renames it out of the way
//! (never destroying it) so the app can say so and start empty.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::replay::Replay;

/// The records file version this app writes, and the newest it reads.
pub const VERSION: u32 = 1;

/// The largest records file read (a long history with replays of large
/// boards stays far below it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The records file's name in the data folder.
pub const FILE_NAME: &str = "records.ron";

const HEADER_COMMENT: &str = "// Huarong records: every finished timed solve, per board.";

/// One finished timed solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solve {
    /// When it was finished, in seconds since 1970 (UTC).
    pub when_unix_s: u64,
    /// The time on the clock, in milliseconds (inspection not included).
    pub time_ms: u64,
    /// Moves in the single-tile metric (one tile one cell; Klotski: unit
    /// steps).
    pub single_tile: u32,
    /// Moves in the multi-tile metric (one slide of a row or column's
    /// tiles; Klotski: piece moves).
    pub multi_tile: u32,
    /// The fewest moves from the scramble in the single-tile metric (unit
    /// steps on Klotski), when it was had.
    pub optimum: Option<u32>,
    /// The timed moves of a tile solve.
    #[serde(default)]
    pub replay: Option<Replay>,
    /// A Klotski solve's moves (its own notation: `letter:direction` steps),
    /// which has no tile replay.
    #[serde(default)]
    pub klotski_moves: Option<String>,
}

impl Solve {
    /// Single-tile moves over the optimum, when the optimum is known.
    pub fn excess(&self) -> Option<i64> {
        self.optimum
            .map(|o| i64::from(self.single_tile) - i64::from(o))
    }

    /// Single-tile moves per second; 0 for a time of 0.
    pub fn tps(&self) -> f64 {
        if self.time_ms == 0 {
            0.0
        } else {
            f64::from(self.single_tile) * 1000.0 / self.time_ms as f64
        }
    }
}

/// Every board's solves, by a key the app makes (`"tiles 4x4 rows"`,
/// `"klotski 横刀立马"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    /// The file version ([`VERSION`]).
    pub version: u32,
    /// Solves by board key, oldest first.
    pub boards: BTreeMap<String, Vec<Solve>>,
}

impl Default for Records {
    fn default() -> Self {
        Self {
            version: VERSION,
            boards: BTreeMap::new(),
        }
    }
}

impl Records {
    /// The solves of `key`, oldest first (none for an unknown key).
    pub fn solves(&self, key: &str) -> &[Solve] {
        self.boards.get(key).map_or(&[], Vec::as_slice)
    }

    /// Add a solve to `key`'s list (as the newest).
    pub fn add(&mut self, key: &str, solve: Solve) {
        self.boards.entry(key.to_string()).or_default().push(solve);
    }
}

/// The key a tile board's solves are kept under: `tiles 4x4 rows` (the
/// shape, then the goal pattern's name).
///
/// ```
/// use huarong::storage::records::tiles_key;
/// use huarong_engine::Shape;
/// assert_eq!(tiles_key(Shape::new(4, 4).unwrap(), "rows"), "tiles 4x4 rows");
/// ```
pub fn tiles_key(shape: crate::engine::Shape, pattern: &str) -> String {
    format!("tiles {}x{} {pattern}", shape.rows, shape.cols)
}

/// The key a Klotski layout's solves are kept under: `klotski 横刀立马`,
/// or `klotski 横刀立马 random` for random positions of its group.
///
/// ```
/// use huarong::storage::records::klotski_key;
/// assert_eq!(klotski_key("横刀立马", true), "klotski 横刀立马 random");
/// ```
pub fn klotski_key(layout_name: &str, random: bool) -> String {
    let random = if random { " random" } else { "" };
    format!("klotski {layout_name}{random}")
}

/// Why a records file cannot be used; one line each.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RecordsError {
    /// The file is there but could not be read (also: not a regular file,
    /// over [`MAX_FILE_BYTES`]).
    #[error("cannot read the records file {}: {message}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The kind of failure.
        kind: std::io::ErrorKind,
        /// The operating system's message.
        message: String,
    },
    /// An empty file.
    #[error("the records file is empty")]
    Empty,
    /// Bytes that are not UTF-8.
    #[error("the records file is not text: invalid UTF-8 at byte {offset}")]
    NotText {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// Not RON, or not shaped like records.
    #[error("the records file is damaged: line {line}, column {column}: {message}")]
    Parse {
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// What RON reported.
        message: String,
    },
    /// A newer version than this app reads.
    #[error("the records file's version {version} is newer than this app supports ({VERSION})")]
    TooNew {
        /// The file's version.
        version: u64,
    },
    /// Version 0, or none.
    #[error("the records file's version is not valid (found {})", match version {
        Some(v) => v.to_string(),
        None => "none".to_string(),
    })]
    BadVersion {
        /// The version found, if any.
        version: Option<u64>,
    },
}

impl RecordsError {
    /// Whether the file's contents are at fault (or it is no regular
    /// file), rather than a passing failure to read it (permissions, a
    /// disk error): what [`keep_aside`] is for.
    pub fn is_damaged(&self) -> bool {
        match self {
            RecordsError::Io { kind, .. } => matches!(
                kind,
                std::io::ErrorKind::InvalidData | std::io::ErrorKind::InvalidInput
            ),
            _ => true,
        }
    }
}

/// The folder Huarong keeps the player's data in: `HUARONG_DATA_DIR` when
/// set (and not empty), else the system's data folder's `huarong`
/// (`~/.local/share/huarong` on Linux); `None` without either.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("HUARONG_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("huarong"))
}

/// Where the records are kept: [`FILE_NAME`] in [`data_dir`].
pub fn default_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(FILE_NAME))
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn parse_error(e: ron::error::SpannedError) -> RecordsError {
    RecordsError::Parse {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    }
}

/// The records as pretty RON with a comment line on top.
pub fn to_ron(records: &Records) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .compact_arrays(true)
        .indentor("    ");
    let body = ron::ser::to_string_pretty(
        &Records {
            version: VERSION,
            ..records.clone()
        },
        config,
    )
    // Strings, integers, options, lists and maps with string keys.
    .expect("records always serialize");
    format!("{HEADER_COMMENT}\n{body}\n")
}

/// Read records from their RON text: the version first (a newer file is
/// named as newer, not as damaged), then the whole, every replay checked.
pub fn from_ron(text: &str) -> Result<Records, RecordsError> {
    #[derive(Deserialize)]
    #[serde(rename = "Records")]
    struct Header {
        #[serde(default)]
        version: Option<u64>,
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(RecordsError::Empty);
    }
    let header: Header = ron_options().from_str(text).map_err(parse_error)?;
    match header.version {
        None | Some(0) => {
            return Err(RecordsError::BadVersion {
                version: header.version,
            });
        }
        Some(v) if v > VERSION as u64 => return Err(RecordsError::TooNew { version: v }),
        Some(_) => {}
    }
    ron_options().from_str(text).map_err(parse_error)
}

/// Read the records at `path`: a missing file is empty records; anything
/// else wrong is an error (see [`RecordsError::is_damaged`]).
pub fn load(path: &Path) -> Result<Records, RecordsError> {
    let bytes = match super::read_regular(path, MAX_FILE_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Records::default()),
        Err(e) => {
            return Err(RecordsError::Io {
                path: path.to_path_buf(),
                kind: e.kind(),
                message: e.to_string(),
            });
        }
    };
    let text = std::str::from_utf8(&bytes).map_err(|e| RecordsError::NotText {
        offset: e.valid_up_to(),
    })?;
    from_ron(text)
}

/// Write the records atomically ([`super::write_atomic`]), creating the
/// folder if needed.
pub fn save(path: &Path, records: &Records) -> std::io::Result<()> {
    super::write_atomic(path, to_ron(records).as_bytes())
}

/// Move a damaged records file out of the way: rename it to
/// `<name>.damaged-<unix seconds>` beside it (`…-2`, `-3`, … if that
/// exists), never over an existing file; returns the new path. Only a
/// regular file is moved: anything else is refused with
/// [`std::io::ErrorKind::InvalidInput`].
pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let meta = std::fs::symlink_metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (only a regular file is kept aside)",
        ));
    }
    let name = path
        .file_name()
        .map_or_else(|| FILE_NAME.into(), |n| n.to_string_lossy().into_owned());
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    for n in 1..=1000u32 {
        let aside_name = if n == 1 {
            format!("{name}.damaged-{now}")
        } else {
            format!("{name}.damaged-{now}-{n}")
        };
        let aside = path.with_file_name(aside_name);
        // A hard link is never made over an existing file; the name is
        // then released. Where links cannot be made, a rename to a name
        // checked free.
        match std::fs::hard_link(path, &aside) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) if std::fs::symlink_metadata(&aside).is_err() => {
                std::fs::rename(path, &aside)?;
                return Ok(aside);
            }
            Err(_) => continue,
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        "every name to keep the file aside under is taken",
    ))
}

/// A board's statistics over its finished solves (times in milliseconds).
///
/// The averages are the speed-solving community's trimmed means (WCA
/// style): of 5 (or 12) consecutive solves the single best and single
/// worst are dropped and the rest averaged, rounded to the nearest
/// millisecond (halves up). The current one is of the last 5 (12); the
/// best is the least over every window of 5 (12) consecutive solves. None
/// until there are that many solves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// How many solves.
    pub count: usize,
    /// The fastest solve.
    pub best_single_ms: Option<u64>,
    /// The mean of every solve (rounded to the millisecond).
    pub mean_ms: Option<u64>,
    /// The current average of 5: the last five, best and worst dropped.
    pub mean_of_5: Option<u64>,
    /// The best average of 5 over every five consecutive solves.
    pub best_mean_of_5: Option<u64>,
    /// The current average of 12: the last twelve, best and worst dropped.
    pub mean_of_12: Option<u64>,
    /// The best average of 12 over every twelve consecutive solves.
    pub best_mean_of_12: Option<u64>,
}

/// `sum / n` rounded to the nearest whole number, halves up.
fn rounded_mean(sum: u128, n: usize) -> u64 {
    ((sum + n as u128 / 2) / n as u128) as u64
}

/// The mean of `times` without its single best and single worst.
fn trimmed_mean(times: &[u64]) -> u64 {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let middle = &sorted[1..sorted.len() - 1];
    rounded_mean(middle.iter().map(|&t| t as u128).sum(), middle.len())
}

/// The current and best trimmed average of `n`.
fn averages(times: &[u64], n: usize) -> (Option<u64>, Option<u64>) {
    if times.len() < n {
        return (None, None);
    }
    let current = trimmed_mean(&times[times.len() - n..]);
    let best = times.windows(n).map(trimmed_mean).min();
    (Some(current), best)
}

/// The statistics of a board's solves, oldest first (see [`Stats`]).
///
/// ```
/// use huarong::storage::records::{Solve, stats};
/// let solve = |time_ms| Solve { when_unix_s: 0, time_ms, single_tile: 30, multi_tile: 20,
///     optimum: None, replay: None, klotski_moves: None };
/// let s = stats(&[10, 20, 30, 40, 100].map(solve));
/// assert_eq!(s.mean_of_5, Some(30)); // 10 and 100 dropped
/// assert_eq!(s.mean_ms, Some(40));
/// assert_eq!(s.best_single_ms, Some(10));
/// ```
pub fn stats(solves: &[Solve]) -> Stats {
    let times: Vec<u64> = solves.iter().map(|s| s.time_ms).collect();
    let (mean_of_5, best_mean_of_5) = averages(&times, 5);
    let (mean_of_12, best_mean_of_12) = averages(&times, 12);
    Stats {
        count: times.len(),
        best_single_ms: times.iter().copied().min(),
        mean_ms: (!times.is_empty())
            .then(|| rounded_mean(times.iter().map(|&t| t as u128).sum(), times.len())),
        mean_of_5,
        best_mean_of_5,
        mean_of_12,
        best_mean_of_12,
    }
}

/// A time as ISO 8601 UTC (`2026-12-02T17:31:57Z`).
fn iso_utc(unix_s: u64) -> String {
    let days = (unix_s / 86_400) as i64;
    let secs = unix_s % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The columns of [`export_csv`].
pub const CSV_COLUMNS: [&str; 8] = [
    "when",
    "time_s",
    "single_tile",
    "multi_tile",
    "optimum",
    "excess",
    "tps",
    "moves",
];

/// A board's solves as CSV (through the `csv` crate): a `# board: KEY`
/// line, then the header [`CSV_COLUMNS`] and one row per solve, oldest
/// first: `when` as ISO 8601 UTC, the time in seconds (3 decimals), both
/// move counts, the optimum and the excess (empty when unknown), TPS (2
/// decimals) and the moves (the tile notation, or a Klotski solve's steps).
pub fn export_csv(mut writer: impl Write, key: &str, solves: &[Solve]) -> std::io::Result<()> {
    let key: String = key.chars().flat_map(char::escape_debug).collect();
    writeln!(writer, "# board: {key}")?;
    let mut out = csv::Writer::from_writer(writer);
    out.write_record(CSV_COLUMNS)?;
    for s in solves {
        let moves = match (&s.replay, &s.klotski_moves) {
            (Some(r), _) => r.notation(),
            (None, Some(m)) => m.clone(),
            (None, None) => String::new(),
        };
        out.write_record([
            iso_utc(s.when_unix_s),
            format!("{}.{:03}", s.time_ms / 1000, s.time_ms % 1000),
            s.single_tile.to_string(),
            s.multi_tile.to_string(),
            s.optimum.map(|o| o.to_string()).unwrap_or_default(),
            s.excess().map(|e| e.to_string()).unwrap_or_default(),
            format!("{:.2}", s.tps()),
            moves,
        ])?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::replay::parse_text;

    fn solve(time_ms: u64) -> Solve {
        Solve {
            when_unix_s: 1_700_000_000 + time_ms,
            time_ms,
            single_tile: 40,
            multi_tile: 25,
            optimum: Some(36),
            replay: None,
            klotski_moves: None,
        }
    }

    fn solves(times: &[u64]) -> Vec<Solve> {
        times.iter().map(|&t| solve(t)).collect()
    }

    #[test]
    fn averages_by_hand() {
        let s = stats(&solves(&[10, 20, 30, 40, 100]));
        assert_eq!(s.count, 5);
        assert_eq!(s.best_single_ms, Some(10));
        assert_eq!(s.mean_ms, Some(40));
        assert_eq!(s.mean_of_5, Some(30));
        assert_eq!(s.best_mean_of_5, Some(30));
        assert_eq!((s.mean_of_12, s.best_mean_of_12), (None, None));
        // Fewer than five: no average.
        let s = stats(&solves(&[10, 20, 30, 40]));
        assert_eq!((s.mean_of_5, s.best_mean_of_5), (None, None));
        assert_eq!(s.mean_ms, Some(25));
        assert_eq!(stats(&[]), Stats::default());
        // Six solves: windows 10 20 30 40 100 (30) and 20 30 40 100 5
        // (drop 5 and 100: 30); a seventh, 1000: 30 40 100 5 1000 → 57 (56.67).
        let s = stats(&solves(&[10, 20, 30, 40, 100, 5, 1000]));
        assert_eq!(s.mean_of_5, Some(57));
        assert_eq!(s.best_mean_of_5, Some(30));
        assert_eq!(s.best_single_ms, Some(5));
        assert_eq!(s.mean_ms, Some(172)); // 1205 / 7 = 172.14
        // Ties: one best and one worst dropped, not every copy.
        let s = stats(&solves(&[50, 50, 50, 70, 70]));
        assert_eq!(s.mean_of_5, Some(57)); // (50 + 50 + 70) / 3 = 56.67
        // Twelve: drop 1 and 1200, mean of 2…11 × 100 = 650; halves round up.
        let mut t: Vec<u64> = (2..=11).map(|i| i * 100).collect();
        t.insert(3, 1);
        t.push(1200);
        let s = stats(&solves(&t));
        assert_eq!(s.mean_of_12, Some(650));
        assert_eq!(s.best_mean_of_12, Some(650));
        assert_eq!(stats(&solves(&[1, 1, 2, 2, 9])).mean_of_5, Some(2)); // 5/3 = 1.67
        assert_eq!(
            stats(&solves(&[1, 1, 2, 3, 9, 9, 9, 9, 9, 9, 9, 99])).mean_of_12,
            Some(7)
        ); // 69/10 = 6.9
        assert_eq!(stats(&solves(&[0, 1, 2])).mean_ms, Some(1));
        assert_eq!(stats(&solves(&[1, 2])).mean_ms, Some(2)); // 1.5 rounds up
    }

    /// Every window's trimmed mean, the plain way: remove the minimum and
    /// maximum elements once each, then an exact fraction compared.
    fn brute(times: &[u64], n: usize) -> (Option<u64>, Option<u64>) {
        let avg = |w: &[u64]| {
            let mut v = w.to_vec();
            let min = v.iter().position(|t| t == v.iter().min().unwrap()).unwrap();
            v.remove(min);
            let max = v.iter().position(|t| t == v.iter().max().unwrap()).unwrap();
            v.remove(max);
            let sum: u64 = v.iter().sum();
            // Nearest whole number, halves up: floor(sum/len + 1/2).
            (2 * sum + v.len() as u64) / (2 * v.len() as u64)
        };
        if times.len() < n {
            return (None, None);
        }
        let all: Vec<u64> = (0..=times.len() - n)
            .map(|i| avg(&times[i..i + n]))
            .collect();
        (all.last().copied(), all.iter().copied().min())
    }

    #[test]
    fn averages_match_a_brute_force_over_every_window() {
        use rand::RngExt;
        let mut rng = crate::engine::rng::seeded(12);
        for len in 0..40 {
            for _ in 0..20 {
                let times: Vec<u64> = (0..len).map(|_| rng.random_range(0..2000)).collect();
                let s = stats(&solves(&times));
                assert_eq!(
                    (s.mean_of_5, s.best_mean_of_5),
                    brute(&times, 5),
                    "{times:?}"
                );
                assert_eq!(
                    (s.mean_of_12, s.best_mean_of_12),
                    brute(&times, 12),
                    "{times:?}"
                );
                assert_eq!(s.best_single_ms, times.iter().copied().min());
                assert_eq!(s.count, len);
            }
        }
    }

    fn sample() -> Records {
        let replay = parse_text("scramble 1 2 3 4 5 6 0 7 8\nmoves L2\ntime 1.2").unwrap();
        let mut r = Records::default();
        r.add(
            "tiles 3x3 rows",
            Solve {
                optimum: Some(2),
                single_tile: 2,
                multi_tile: 1,
                time_ms: 1200,
                replay: Some(replay),
                ..solve(0)
            },
        );
        r.add("tiles 3x3 rows", solve(5000));
        r.add(
            "klotski 横刀立马",
            Solve {
                klotski_moves: Some("G:D G:R".into()),
                ..solve(90_000)
            },
        );
        r
    }

    #[test]
    fn records_survive_save_and_load() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data").join(FILE_NAME);
        assert_eq!(load(&path).unwrap(), Records::default());
        let r = sample();
        save(&path, &r).unwrap();
        assert_eq!(load(&path).unwrap(), r);
        assert_eq!(load(&path).unwrap().solves("tiles 3x3 rows").len(), 2);
        assert!(load(&path).unwrap().solves("tiles 9x9 rows").is_empty());
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("version: 1"), "{text}");
        assert!(text.contains("横刀立马"), "{text}");
    }

    #[test]
    fn damaged_files_are_errors_and_kept_aside_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let good = to_ron(&sample());
        let bad_replay = good.replace("moves: \"L2\"", "moves: \"R2\"");
        assert_ne!(bad_replay, good);
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (b"".to_vec(), "the records file is empty"),
            (
                b"\xff".to_vec(),
                "the records file is not text: invalid UTF-8 at byte 0",
            ),
            (
                b"Records(version: 1, boards: {".to_vec(),
                "the records file is damaged: line 1",
            ),
            (
                good.replace("version: 1", "version: 2").into_bytes(),
                "the records file's version 2 is newer than this app supports (1)",
            ),
            (
                good.replace("version: 1", "version: 0").into_bytes(),
                "the records file's version is not valid (found 0)",
            ),
            (
                b"Records(boards: {})".to_vec(),
                "the records file's version is not valid (found none)",
            ),
            (bad_replay.into_bytes(), "the records file is damaged: line"),
        ];
        for (n, (bytes, want)) in cases.into_iter().enumerate() {
            std::fs::write(&path, &bytes).unwrap();
            let err = load(&path).unwrap_err();
            assert!(err.to_string().starts_with(want), "{err}");
            assert!(!err.to_string().contains('\n'), "{err}");
            assert!(err.is_damaged());
            let aside = keep_aside(&path).unwrap();
            assert!(!path.exists());
            assert_eq!(std::fs::read(&aside).unwrap(), bytes, "case {n}");
            let name = aside.file_name().unwrap().to_string_lossy().into_owned();
            assert!(name.starts_with("records.ron.damaged-"), "{name}");
            // Then the app starts empty.
            assert_eq!(load(&path).unwrap(), Records::default());
        }
        // Within one second every case got its own name: none overwritten.
        let kept = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(kept, 7);
        // The bad replay's message names it.
        let err = from_ron(&good.replace("moves: \"L2\"", "moves: \"R2\"")).unwrap_err();
        assert!(
            err.to_string().contains("moves: move 1 (R) is illegal"),
            "{err}"
        );
    }

    #[test]
    fn a_file_over_the_bound_or_not_regular_is_refused_and_only_a_regular_one_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::File::create(&path)
            .unwrap()
            .set_len(MAX_FILE_BYTES + 1)
            .unwrap();
        let err = load(&path).unwrap_err();
        assert!(err.is_damaged());
        assert!(
            err.to_string().contains("more than the 67,108,864"),
            "{err}"
        );
        keep_aside(&path).unwrap();
        let folder = dir.path().join("folder.ron");
        std::fs::create_dir(&folder).unwrap();
        let err = load(&folder).unwrap_err();
        assert!(err.is_damaged());
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let e = keep_aside(&folder).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
        assert!(folder.is_dir());
        assert!(keep_aside(&dir.path().join("missing")).is_err());
    }

    #[test]
    fn keep_aside_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.ron");
        let now = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        // Names for this second and the next already taken.
        for s in [now, now + 1] {
            std::fs::write(dir.path().join(format!("r.ron.damaged-{s}")), b"older").unwrap();
        }
        std::fs::write(&path, b"damaged").unwrap();
        let aside = keep_aside(&path).unwrap();
        assert_eq!(std::fs::read(&aside).unwrap(), b"damaged");
        for s in [now, now + 1] {
            assert_eq!(
                std::fs::read(dir.path().join(format!("r.ron.damaged-{s}"))).unwrap(),
                b"older"
            );
        }
    }

    #[test]
    fn csv_export_has_every_column() {
        let r = sample();
        let mut bytes = Vec::new();
        export_csv(&mut bytes, "tiles 3x3 rows", r.solves("tiles 3x3 rows")).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("# board: tiles 3x3 rows"));
        let body = lines.collect::<Vec<_>>().join("\n");
        let mut reader = csv::Reader::from_reader(body.as_bytes());
        assert_eq!(
            reader.headers().unwrap().iter().collect::<Vec<_>>(),
            CSV_COLUMNS
        );
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.unwrap().iter().map(String::from).collect())
            .collect();
        assert_eq!(
            rows[0],
            [
                "2023-11-14T22:13:20Z",
                "1.200",
                "2",
                "1",
                "2",
                "0",
                "1.67",
                "L2"
            ]
        );
        assert_eq!(
            rows[1],
            [
                "2023-11-14T23:36:40Z",
                "5.000",
                "40",
                "25",
                "36",
                "4",
                "8.00",
                ""
            ]
        );
        let mut bytes = Vec::new();
        export_csv(
            &mut bytes,
            "klotski 横刀立马\n",
            r.solves("klotski 横刀立马"),
        )
        .unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(
            text.starts_with("# board: klotski 横刀立马\\n\nwhen,"),
            "{text}"
        );
        assert!(text.contains(",G:D G:R\n"), "{text}");
    }

    #[test]
    fn dates_by_hand() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso_utc(1_796_232_717), "2026-12-02T17:31:57Z");
        assert_eq!(iso_utc(4_107_542_399), "2100-02-28T23:59:59Z");
    }

    #[test]
    fn the_data_folder_follows_the_environment() {
        // Read only: the variable may or may not be set for this process.
        match std::env::var_os("HUARONG_DATA_DIR").filter(|d| !d.is_empty()) {
            Some(d) => assert_eq!(data_dir(), Some(PathBuf::from(d))),
            None => assert_eq!(data_dir(), dirs::data_dir().map(|d| d.join("huarong"))),
        }
        assert_eq!(default_path(), data_dir().map(|d| d.join(FILE_NAME)));
    }
}
