//! Compare and experiment results exported as CSV or RON, written
//! atomically; both read back (for tests and for people's own tools).
//!
//! Every file says what reproduces it, in the registry's English names:
//!
//! * **Results** (the compare table, [`ResultRow`]): one row per
//!   configuration with `family,size,start,goal,metric` (the puzzle as the
//!   command line's `--state`/`--klotski`, `--size`, `--goal` and
//!   `--metric` take it), `strategy,heuristic,tuning` (registry names; the
//!   knobs as `name=value` joined by `;`, the names of the command line's
//!   flags), the counts, and `path` (the moves found: `RDLU` for tiles,
//!   unit steps `A:D B:L` for Klotski, as `huarong solve` prints them).
//! * **Batch aggregates** ([`AggregateRow`]): one row per configuration,
//!   each with the batch (`family,size,base,goal,metric,shuffle,seed,count`);
//!   the CSV starts with `#` lines naming the `huarong experiment` command
//!   that draws the same starts ([`experiment_command`]) and the starts
//!   file written beside it ([`starts_path`], [`StartRow`]).
//!
//! Readers take columns by their header names, in any order, columns they
//! do not know ignored: files written before a column existed still read
//! (the missing column left empty), and a file without a column every
//! version wrote is refused in one line naming it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::experiment::{Aggregate, RunSummary};
use crate::engine::strategy::{self, Family, ParamKind, Tuning};

/// A family's `family` in a results file: its name as a puzzle file's
/// `kind` says it, in lower case (`tiles`, `klotski`).
///
/// ```
/// use huarong::storage::results::family_word;
/// use huarong_engine::strategy::Family;
/// assert_eq!(Family::ALL.map(family_word), ["tiles", "klotski"]);
/// ```
pub fn family_word(family: Family) -> String {
    Family::NAMES[family.index()].to_lowercase()
}

/// The family a results file's `family` names, if any.
fn family_of(word: &str) -> Option<Family> {
    Family::ALL.into_iter().find(|&f| family_word(f) == word)
}

/// The puzzle a row ran on, in a results file's words; each family's own
/// storage module writes its puzzles so (`PuzzleWords::tiles` in
/// `puzzle_file`, `PuzzleWords::klotski` in `klotski_file`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleWords {
    /// [`family_word`] of its family.
    pub family: String,
    /// Rows x columns.
    pub size: String,
    /// The start, as [`ResultRow::start`]; for a batch, what its starts are
    /// drawn from ([`BatchInfo::base`]).
    pub start: String,
    /// The goal, as [`ResultRow::goal`].
    pub goal: String,
    /// The metric, where the family has more than one; else empty.
    pub metric: String,
}

/// What a results file says of one family's batches, and the flags of
/// `huarong experiment` that draw them again: each family's storage
/// module has one (`BATCH_WORDS`), [`crate::storage::batch_words`] finds it.
pub struct BatchWords {
    /// The flags naming the batch's base, goal and metric (before
    /// `--count`).
    pub base_flags: fn(&BatchInfo) -> Vec<(&'static str, String)>,
    /// Whether `--shuffle` must be given for this many moves (tiles: 0, for
    /// uniformly random starts, is what leaving it out means).
    pub needs_shuffle: fn(usize) -> bool,
    /// How the starts were drawn, `shuffle` (if known) from the base, in
    /// words for the file's comment.
    pub drawn: fn(Option<usize>) -> String,
}

/// One configuration's result on one start.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ResultRow {
    /// The family's [`family_word`] (empty in files of earlier versions).
    #[serde(default)]
    pub family: String,
    /// Rows x columns, `4x4` (tiles; Klotski `5x4`).
    #[serde(default)]
    pub size: String,
    /// The start: tiles row by row, `1 2 3 4 5 6 0 7 8`; a Klotski layout,
    /// `BAAC/BAAC/DEEF/DGHF/I..J`. Empty for a row that never ran.
    #[serde(default)]
    pub start: String,
    /// The goal: tiles as the start; Klotski the target piece on the
    /// cells it must reach, every other cell `.`.
    #[serde(default)]
    pub goal: String,
    /// Klotski: the metric searched (`moves`, `steps`); empty for tiles.
    #[serde(default)]
    pub metric: String,
    /// The strategy's registry name (`astar`).
    pub strategy: String,
    /// The heuristic's registry name (`linear-conflict`); empty for a
    /// strategy that takes none, and on Klotski.
    #[serde(default)]
    pub heuristic: String,
    /// The strategy's knobs as run, `seed=1;tenure=7` ([`tuning_text`]);
    /// empty for a strategy without knobs.
    #[serde(default)]
    pub tuning: String,
    /// Status name (`solved`, `limit`, …), or empty if it never ran.
    pub status: String,
    /// Cost in the puzzle's count, if solved.
    pub length: Option<usize>,
    /// Klotski: piece moves of the solution, if solved.
    pub moves: Option<usize>,
    /// Claimed optimal.
    pub optimal: bool,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Peak memory of the search itself, in bytes.
    pub peak_bytes: u64,
    /// The pattern database the search read, in bytes (0: none; files of
    /// earlier versions have no such column).
    #[serde(default)]
    pub database_bytes: u64,
    /// Time in milliseconds.
    pub time_ms: f64,
    /// The moves found, if solved: tiles `RDLU` (the blank's moves),
    /// Klotski unit steps `A:D A:D B:L`.
    #[serde(default)]
    pub path: String,
}

impl ResultRow {
    /// The row of `strategy` guided by `heuristic` (registry names; empty
    /// for none) with knobs `tuning`, from its run's summary (`None`: it
    /// never ran or was refused; an empty status). The puzzle is set by
    /// [`on`](Self::on), the path by [`with_path`](Self::with_path).
    pub fn new(
        strategy: String,
        heuristic: String,
        tuning: String,
        run: Option<&RunSummary>,
    ) -> Self {
        let mut row = Self {
            strategy,
            heuristic,
            tuning,
            ..Self::default()
        };
        if let Some(r) = run {
            row.status = r.status.name().to_string();
            row.length = r.solution_length();
            row.moves = r.klotski.filter(|_| r.solved()).map(|k| k.moves);
            row.optimal = r.optimal;
            row.expanded = r.expanded;
            row.generated = r.generated;
            row.peak_bytes = r.peak_bytes;
            row.database_bytes = r.database_bytes;
            row.time_ms = r.ms;
        }
        row
    }

    /// This row run on `puzzle`.
    pub fn on(self, puzzle: PuzzleWords) -> Self {
        Self {
            family: puzzle.family,
            size: puzzle.size,
            start: puzzle.start,
            goal: puzzle.goal,
            metric: puzzle.metric,
            ..self
        }
    }

    /// This row with the moves `path` (as `huarong solve` prints them).
    pub fn with_path(self, path: String) -> Self {
        Self { path, ..self }
    }
}

/// The knobs of strategy `name` set in `tuning`, as `name=value` joined by
/// `;` in its registry order: `seed=1;tenure=7;max-iters=100000`. The
/// names are the command line's flags; whole numbers are written exactly.
///
/// ```
/// use huarong::storage::results::{parse_tuning, tuning_text};
/// use huarong_engine::strategy::Tuning;
/// let t = Tuning { weight: Some(1.5), ..Tuning::default() };
/// assert_eq!(tuning_text("weighted", &t), "weight=1.5");
/// assert_eq!(parse_tuning("weighted", "weight=1.5").unwrap(), t);
/// assert_eq!(tuning_text("bfs", &t), "");
/// ```
pub fn tuning_text(name: &str, tuning: &Tuning) -> String {
    let params = strategy::find(name).map_or(&[][..], |s| s.params());
    let items: Vec<String> = params
        .iter()
        .filter_map(|p| {
            let value = match tuning.get_int(p.key) {
                Some(v) => v.to_string(),
                None => tuning.get(p.key)?.to_string(),
            };
            Some(format!("{}={value}", p.key.flag()))
        })
        .collect();
    items.join(";")
}

/// The tuning written by [`tuning_text`] for strategy `name` (knobs not
/// named keep the strategy's defaults); the error names the item.
pub fn parse_tuning(name: &str, text: &str) -> Result<Tuning, String> {
    let s = strategy::find(name).ok_or_else(|| format!("unknown strategy '{name}'"))?;
    let mut tuning = Tuning::default();
    for item in text.split(';').map(str::trim).filter(|i| !i.is_empty()) {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| format!("tuning '{item}' is not name=value"))?;
        let p = s
            .params()
            .iter()
            .find(|p| p.key.flag() == key.trim())
            .ok_or_else(|| format!("'{}' is not a knob of {name}", key.trim()))?;
        let bad = || format!("tuning '{item}': '{}' is not a number", value.trim());
        tuning = match p.kind {
            ParamKind::Integer { .. } => {
                tuning.with_int(p.key, value.trim().parse().map_err(|_| bad())?)
            }
            ParamKind::Real { .. } => tuning.with(p.key, value.trim().parse().map_err(|_| bad())?),
        };
    }
    Ok(tuning)
}

/// A row read from a file, brought up to this version's meaning.
pub trait FileRow {
    /// The row as this version means it (files of earlier versions named
    /// a configuration `astar:linear-conflict` in one column).
    fn upgraded(self) -> Self;
}

/// An earlier version's `strategy:heuristic` in the strategy column,
/// split into the two (when the heuristic column was empty).
fn split_configuration(strategy: &mut String, heuristic: &mut String) {
    if heuristic.is_empty()
        && let Some((s, h)) = strategy.split_once(':')
    {
        (*strategy, *heuristic) = (s.to_string(), h.to_string());
    }
}

impl FileRow for ResultRow {
    fn upgraded(mut self) -> Self {
        split_configuration(&mut self.strategy, &mut self.heuristic);
        self
    }
}

/// The results CSV's columns, in order.
pub const HEADER: [&str; 18] = [
    "family",
    "size",
    "start",
    "goal",
    "metric",
    "strategy",
    "heuristic",
    "tuning",
    "status",
    "length",
    "moves",
    "optimal",
    "expanded",
    "generated",
    "peak_bytes",
    "database_bytes",
    "time_ms",
    "path",
];

/// The columns every version of the results CSV had: a file without one
/// is refused.
const REQUIRED: [&str; 9] = [
    "strategy",
    "status",
    "length",
    "moves",
    "optimal",
    "expanded",
    "generated",
    "peak_bytes",
    "time_ms",
];

/// The rows as CSV with a header line ([`HEADER`]); a field holding a
/// comma, a quote or a line break is quoted.
///
/// ```
/// use huarong::storage::results::{ResultRow, from_csv, to_csv};
/// let rows = vec![ResultRow { strategy: "astar".into(), heuristic: "manhattan".into(),
///     status: "solved".into(), length: Some(31), optimal: true, expanded: 10, generated: 20,
///     peak_bytes: 1024, time_ms: 1.5, ..ResultRow::default() }];
/// let text = to_csv(&rows);
/// assert!(text.starts_with("family,size,start,goal,metric,strategy,heuristic"));
/// assert_eq!(from_csv(&text).unwrap(), rows);
/// ```
pub fn to_csv(rows: &[ResultRow]) -> String {
    let opt = |v: Option<usize>| v.map_or(String::new(), |x| x.to_string());
    write_csv(
        &[],
        &HEADER,
        rows.iter().map(|r| {
            [
                r.family.clone(),
                r.size.clone(),
                r.start.clone(),
                r.goal.clone(),
                r.metric.clone(),
                r.strategy.clone(),
                r.heuristic.clone(),
                r.tuning.clone(),
                r.status.clone(),
                opt(r.length),
                opt(r.moves),
                r.optimal.to_string(),
                r.expanded.to_string(),
                r.generated.to_string(),
                r.peak_bytes.to_string(),
                r.database_bytes.to_string(),
                r.time_ms.to_string(),
                r.path.clone(),
            ]
        }),
    )
}

/// `records` under `header` as CSV text, quoted where a field needs it,
/// after `comments` (each a line of its own, `# ` put before it).
fn write_csv<const N: usize>(
    comments: &[String],
    header: &[&str; N],
    records: impl Iterator<Item = [String; N]>,
) -> String {
    let mut text = String::new();
    for line in comments {
        for l in line.lines() {
            text += &format!("# {l}\n");
        }
    }
    let mut out = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail, and the fields are UTF-8 text.
    out.write_record(header).expect("CSV into memory");
    for record in records {
        out.write_record(&record).expect("CSV into memory");
    }
    let bytes = out.into_inner().expect("CSV into memory");
    text + &String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8")
}

/// One record of a CSV file, its fields by column name.
struct Fields<'a> {
    /// The record's line.
    line: usize,
    /// The index of each known column in the file (`None`: not there).
    at: &'a [Option<usize>],
    /// The known columns' names, aligned with `at`.
    names: &'a [&'a str],
    record: &'a csv::StringRecord,
}

impl Fields<'_> {
    /// The text of column `name` (empty if the file has no such column).
    fn text(&self, name: &str) -> &str {
        let k = self.names.iter().position(|n| *n == name);
        let i = k.and_then(|k| self.at[k]);
        i.and_then(|i| self.record.get(i)).unwrap_or("")
    }

    /// Column `name` parsed; the error names the line and column.
    fn parse<T: std::str::FromStr>(&self, name: &str) -> Result<T, String> {
        self.text(name)
            .parse()
            .map_err(|_| format!("line {}: {name} is not valid", self.line))
    }

    /// An optional column (empty: none).
    fn optional<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        if self.text(name).is_empty() {
            Ok(None)
        } else {
            self.parse(name).map(Some)
        }
    }
}

/// The records of a CSV text (lines starting with `#` skipped) whose
/// header names `required` (each) and any of `known`, handed to `row` by
/// column name; errors name the line (and `row` names the field). Quoted
/// fields (commas, quotes, line breaks inside) are read as written;
/// columns not in `known` are ignored.
fn read_csv<T>(
    text: &str,
    known: &[&str],
    required: &[&str],
    row: impl Fn(&Fields) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|_| "the first line is not a CSV header".to_string())?
        .clone();
    if let Some(missing) = required.iter().find(|r| !header.iter().any(|h| h == **r)) {
        return Err(format!(
            "the header has no column '{missing}' (it needs {})",
            required.join(",")
        ));
    }
    let at: Vec<Option<usize>> = known
        .iter()
        .map(|k| header.iter().position(|h| h == *k))
        .collect();
    let fields = header.len();
    reader
        .records()
        .map(|record| {
            let record = record.map_err(|e| match e.position() {
                Some(p) => format!("line {}: not valid CSV", p.line()),
                None => format!("not valid CSV: {e}"),
            })?;
            let line = record.position().map_or(0, |p| p.line() as usize);
            if record.len() != fields {
                return Err(format!(
                    "line {line}: {} fields, expected {fields}",
                    record.len()
                ));
            }
            row(&Fields {
                line,
                at: &at,
                names: known,
                record: &record,
            })
        })
        .collect()
}

/// Read rows written by [`to_csv`] (or by an earlier version, without
/// the columns it did not have); the error names the line and field, or
/// the column missing.
pub fn from_csv(text: &str) -> Result<Vec<ResultRow>, String> {
    read_csv(text, &HEADER, &REQUIRED, |f| {
        Ok(ResultRow {
            family: f.text("family").into(),
            size: f.text("size").into(),
            start: f.text("start").into(),
            goal: f.text("goal").into(),
            metric: f.text("metric").into(),
            strategy: f.text("strategy").into(),
            heuristic: f.text("heuristic").into(),
            tuning: f.text("tuning").into(),
            status: f.text("status").into(),
            length: f.optional("length")?,
            moves: f.optional("moves")?,
            optimal: f.parse("optimal")?,
            expanded: f.parse("expanded")?,
            generated: f.parse("generated")?,
            peak_bytes: f.parse("peak_bytes")?,
            database_bytes: f.optional("database_bytes")?.unwrap_or(0),
            time_ms: f.parse("time_ms")?,
            path: f.text("path").into(),
        }
        .upgraded())
    })
}

/// A batch: where its starts come from, how many, drawn how.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BatchInfo {
    /// The family's [`family_word`] (empty in files of earlier versions).
    pub family: String,
    /// Rows x columns.
    pub size: String,
    /// What the starts are drawn from: the tile goal they are shuffled
    /// from, or the Klotski layout scrambled.
    pub base: String,
    /// The goal, as [`ResultRow::goal`].
    pub goal: String,
    /// Klotski: the metric (`moves`, `steps`); empty for tiles.
    pub metric: String,
    /// Random moves (tiles) or unit steps (Klotski) from the base; tiles
    /// `0`: uniformly random solvable starts.
    pub shuffle: Option<usize>,
    /// The seed of the starts.
    pub seed: Option<u64>,
    /// Starts asked for.
    pub count: Option<usize>,
}

impl BatchInfo {
    /// A batch of `count` starts drawn from `base` (its `start` the base
    /// they are drawn from), `shuffle` moves or steps from it, with
    /// `seed`.
    pub fn of(base: PuzzleWords, shuffle: usize, seed: u64, count: usize) -> Self {
        Self {
            family: base.family,
            size: base.size,
            base: base.start,
            goal: base.goal,
            metric: base.metric,
            shuffle: Some(shuffle),
            seed: Some(seed),
            count: Some(count),
        }
    }
}

/// One configuration's aggregate over a batch of starts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AggregateRow {
    /// The batch it ran on.
    #[serde(default)]
    pub batch: BatchInfo,
    /// The strategy's registry name.
    pub strategy: String,
    /// The heuristic's registry name (empty for none).
    #[serde(default)]
    pub heuristic: String,
    /// The knobs, as [`ResultRow::tuning`].
    #[serde(default)]
    pub tuning: String,
    /// Starts run.
    pub runs: usize,
    /// Starts solved.
    pub solved: usize,
    /// Mean length of the solved runs.
    pub mean_length: Option<f64>,
    /// Median length of the solved runs.
    pub median_length: Option<f64>,
    /// Mean nodes expanded.
    pub mean_expanded: f64,
    /// Mean time, ms.
    pub mean_ms: f64,
    /// Median time, ms.
    pub median_ms: f64,
    /// Largest peak memory of a search itself, bytes.
    pub max_peak_bytes: u64,
    /// Largest pattern database a run read, bytes (0: none).
    #[serde(default)]
    pub max_database_bytes: u64,
}

impl AggregateRow {
    /// The row of `strategy` guided by `heuristic` with knobs `tuning`
    /// (as [`ResultRow::new`]) on `batch`, from its aggregate.
    pub fn new(
        batch: BatchInfo,
        strategy: String,
        heuristic: String,
        tuning: String,
        a: &Aggregate,
    ) -> Self {
        Self {
            batch,
            strategy,
            heuristic,
            tuning,
            runs: a.runs,
            solved: a.solved,
            mean_length: a.mean_length,
            median_length: a.median_length,
            mean_expanded: a.mean_expanded,
            mean_ms: a.mean_ms,
            median_ms: a.median_ms,
            max_peak_bytes: a.max_peak_bytes,
            max_database_bytes: a.max_database_bytes,
        }
    }
}

impl FileRow for AggregateRow {
    fn upgraded(mut self) -> Self {
        split_configuration(&mut self.strategy, &mut self.heuristic);
        self
    }
}

/// The aggregates CSV's columns, in order.
pub const AGGREGATE_HEADER: [&str; 20] = [
    "family",
    "size",
    "base",
    "goal",
    "metric",
    "shuffle",
    "seed",
    "count",
    "strategy",
    "heuristic",
    "tuning",
    "runs",
    "solved",
    "mean_length",
    "median_length",
    "mean_expanded",
    "mean_ms",
    "median_ms",
    "max_peak_bytes",
    "max_database_bytes",
];

/// The columns every version of the aggregates CSV had.
const AGGREGATE_REQUIRED: [&str; 9] = [
    "strategy",
    "runs",
    "solved",
    "mean_length",
    "median_length",
    "mean_expanded",
    "mean_ms",
    "median_ms",
    "max_peak_bytes",
];

/// The `huarong experiment` command that draws the starts of the batch
/// `rows` ran on and runs their configurations, with whether it sets
/// every row's knobs as the row ran (one command sets a knob once for
/// all, and its `--seed` is the starts' seed too). `None` without a batch
/// (files of earlier versions) or rows.
///
/// ```
/// use huarong::storage::results::{AggregateRow, BatchInfo, PuzzleWords, experiment_command};
/// let goal = huarong_engine::Board::goal(huarong_engine::Shape::new(3, 3).unwrap());
/// let batch = BatchInfo::of(PuzzleWords::tiles_batch(&goal), 20, 7, 50);
/// let row = AggregateRow { batch, strategy: "astar".into(),
///     heuristic: "manhattan".into(), ..AggregateRow::default() };
/// let (command, exact) = experiment_command(&[row]).unwrap();
/// assert_eq!(command, "huarong experiment --size 3x3 --count 50 --shuffle 20 --seed 7 --strategies astar:manhattan");
/// assert!(exact);
/// ```
pub fn experiment_command(rows: &[AggregateRow]) -> Option<(String, bool)> {
    let b = &rows.first()?.batch;
    let (seed, count, shuffle) = (b.seed?, b.count?, b.shuffle?);
    let mut args: Vec<String> = vec!["huarong".into(), "experiment".into()];
    let mut flag = |name: &str, value: String| {
        args.push(format!("--{name}"));
        args.push(shell_word(&value));
    };
    let words = super::batch_words(family_of(&b.family)?);
    for (name, value) in (words.base_flags)(b) {
        flag(name, value);
    }
    flag("count", count.to_string());
    if (words.needs_shuffle)(shuffle) {
        flag("shuffle", shuffle.to_string());
    }
    flag("seed", seed.to_string());
    let configurations: Vec<String> = rows
        .iter()
        .map(|r| match r.heuristic.as_str() {
            "" => r.strategy.clone(),
            h => format!("{}:{h}", r.strategy),
        })
        .collect();
    flag("strategies", configurations.join(","));
    // The knobs: each once, as every row taking it ran it.
    let mut knobs: Vec<(String, String)> = vec![("seed".into(), seed.to_string())];
    let mut exact = true;
    for item in rows.iter().flat_map(|r| r.tuning.split(';')) {
        let Some((k, v)) = item.split_once('=') else {
            continue;
        };
        match knobs.iter().find(|(name, _)| name == k) {
            Some((_, value)) => exact &= value == v,
            None => knobs.push((k.into(), v.into())),
        }
    }
    for (k, v) in knobs.into_iter().skip(1) {
        flag(&k, v);
    }
    Some((args.join(" "), exact))
}

/// `text` as one shell word: as it is if it needs no quoting, else in
/// single quotes.
fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=+@%".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The comment lines on top of a batch CSV whose starts are in the file
/// named `starts` beside it.
fn batch_comments(rows: &[AggregateRow], starts: Option<&str>) -> Vec<String> {
    let Some(b) = rows
        .first()
        .map(|r| &r.batch)
        .filter(|b| !b.family.is_empty())
    else {
        return Vec::new();
    };
    let opt = |v: Option<usize>| v.map_or("?".into(), |v| v.to_string());
    let drawn = match family_of(&b.family) {
        Some(family) => (super::batch_words(family).drawn)(b.shuffle),
        None => format!("{} random steps from the base", opt(b.shuffle)),
    };
    let mut out = vec![format!(
        "Huarong batch: {} starts of {} {}, {drawn}, seed {}.",
        opt(b.count),
        b.size,
        b.family,
        b.seed.map_or("?".into(), |s| s.to_string())
    )];
    if let Some(starts) = starts {
        out.push(format!("The starts, in the order run: {starts}"));
    }
    if let Some((command, exact)) = experiment_command(rows) {
        out.push(format!("Reproduce: {command}"));
        if !exact {
            out.push(
                "(The rows' knobs differ from what one command sets: it draws the same \
                 starts; see the tuning column.)"
                    .into(),
            );
        }
    }
    out
}

/// Aggregates as CSV with a header line ([`AGGREGATE_HEADER`]), quoted as [`to_csv`] quotes, after `#` lines naming the batch and
/// the command that reproduces it.
pub fn aggregates_to_csv(rows: &[AggregateRow]) -> String {
    aggregates_csv(rows, None)
}

/// [`aggregates_to_csv`], its comments naming the starts file `starts`.
fn aggregates_csv(rows: &[AggregateRow], starts: Option<&str>) -> String {
    let opt = |v: Option<f64>| v.map_or(String::new(), |x| x.to_string());
    let opt_int = |v: Option<u64>| v.map_or(String::new(), |x| x.to_string());
    write_csv(
        &batch_comments(rows, starts),
        &AGGREGATE_HEADER,
        rows.iter().map(|r| {
            let b = &r.batch;
            [
                b.family.clone(),
                b.size.clone(),
                b.base.clone(),
                b.goal.clone(),
                b.metric.clone(),
                opt_int(b.shuffle.map(|v| v as u64)),
                opt_int(b.seed),
                opt_int(b.count.map(|v| v as u64)),
                r.strategy.clone(),
                r.heuristic.clone(),
                r.tuning.clone(),
                r.runs.to_string(),
                r.solved.to_string(),
                opt(r.mean_length),
                opt(r.median_length),
                r.mean_expanded.to_string(),
                r.mean_ms.to_string(),
                r.median_ms.to_string(),
                r.max_peak_bytes.to_string(),
                r.max_database_bytes.to_string(),
            ]
        }),
    )
}

/// Read aggregates written by [`aggregates_to_csv`] (or an earlier
/// version, without the batch's columns).
pub fn aggregates_from_csv(text: &str) -> Result<Vec<AggregateRow>, String> {
    read_csv(text, &AGGREGATE_HEADER, &AGGREGATE_REQUIRED, |f| {
        Ok(AggregateRow {
            batch: BatchInfo {
                family: f.text("family").into(),
                size: f.text("size").into(),
                base: f.text("base").into(),
                goal: f.text("goal").into(),
                metric: f.text("metric").into(),
                shuffle: f.optional("shuffle")?,
                seed: f.optional("seed")?,
                count: f.optional("count")?,
            },
            strategy: f.text("strategy").into(),
            heuristic: f.text("heuristic").into(),
            tuning: f.text("tuning").into(),
            runs: f.parse("runs")?,
            solved: f.parse("solved")?,
            mean_length: f.optional("mean_length")?,
            median_length: f.optional("median_length")?,
            mean_expanded: f.parse("mean_expanded")?,
            mean_ms: f.parse("mean_ms")?,
            median_ms: f.parse("median_ms")?,
            max_peak_bytes: f.parse("max_peak_bytes")?,
            max_database_bytes: f.optional("max_database_bytes")?.unwrap_or(0),
        }
        .upgraded())
    })
}

/// One start of a batch, in the order run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StartRow {
    /// 1 for the first start.
    pub index: usize,
    /// The family's [`family_word`].
    pub family: String,
    /// Rows x columns.
    pub size: String,
    /// The start, as [`ResultRow::start`].
    pub start: String,
    /// The goal, as [`ResultRow::goal`].
    pub goal: String,
    /// Klotski: the metric; empty for tiles.
    pub metric: String,
}

impl StartRow {
    /// Start `index` (from 1): `puzzle`.
    pub fn of(index: usize, puzzle: PuzzleWords) -> Self {
        Self {
            index,
            family: puzzle.family,
            size: puzzle.size,
            start: puzzle.start,
            goal: puzzle.goal,
            metric: puzzle.metric,
        }
    }
}

impl FileRow for StartRow {
    fn upgraded(self) -> Self {
        self
    }
}

/// The starts CSV's columns.
pub const STARTS_HEADER: [&str; 6] = ["index", "family", "size", "start", "goal", "metric"];

/// Starts as CSV with a header line ([`STARTS_HEADER`]).
pub fn starts_to_csv(rows: &[StartRow]) -> String {
    write_csv(
        &[],
        &STARTS_HEADER,
        rows.iter().map(|r| {
            [
                r.index.to_string(),
                r.family.clone(),
                r.size.clone(),
                r.start.clone(),
                r.goal.clone(),
                r.metric.clone(),
            ]
        }),
    )
}

/// Read starts written by [`starts_to_csv`].
pub fn starts_from_csv(text: &str) -> Result<Vec<StartRow>, String> {
    read_csv(text, &STARTS_HEADER, &STARTS_HEADER[..5], |f| {
        Ok(StartRow {
            index: f.parse("index")?,
            family: f.text("family").into(),
            size: f.text("size").into(),
            start: f.text("start").into(),
            goal: f.text("goal").into(),
            metric: f.text("metric").into(),
        })
    })
}

/// Rows (results, aggregates or starts) as pretty RON.
pub fn to_ron<T: Serialize>(rows: &[T]) -> String {
    ron::ser::to_string_pretty(rows, ron::ser::PrettyConfig::new().struct_names(true))
        .expect("result rows always serialize")
}

/// Read rows written by [`to_ron`] (or an earlier version).
pub fn from_ron<T: for<'de> Deserialize<'de> + FileRow>(text: &str) -> Result<Vec<T>, String> {
    let rows: Vec<T> = ron::from_str(text).map_err(|e| e.to_string())?;
    Ok(rows.into_iter().map(FileRow::upgraded).collect())
}

fn is_ron(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// Write `rows` to `path` atomically: RON for a `.ron` name, CSV otherwise.
pub fn save(path: &Path, rows: &[ResultRow]) -> std::io::Result<()> {
    let text = if is_ron(path) {
        to_ron(rows)
    } else {
        to_csv(rows)
    };
    super::write_atomic(path, text.as_bytes())
}

/// Where a batch exported to `path` keeps its starts: beside it,
/// `batch.csv` → `batch.starts.csv` (`.ron` likewise).
///
/// ```
/// use std::path::Path;
/// use huarong::storage::results::starts_path;
/// assert_eq!(starts_path(Path::new("out/batch.csv")), Path::new("out/batch.starts.csv"));
/// assert_eq!(starts_path(Path::new("b.RON")), Path::new("b.starts.RON"));
/// assert_eq!(starts_path(Path::new("b")), Path::new("b.starts.csv"));
/// ```
pub fn starts_path(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path
        .extension()
        .map_or("csv".into(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}.starts.{ext}"))
}

/// Write a batch to `path` atomically, as [`save`] does: its aggregates
/// `rows` there and its `starts` beside it ([`starts_path`], in the same
/// format); returns where the starts went.
pub fn save_batch(
    path: &Path,
    rows: &[AggregateRow],
    starts: &[StartRow],
) -> std::io::Result<PathBuf> {
    let beside = starts_path(path);
    let (text, starts_text) = if is_ron(path) {
        (to_ron(rows), to_ron(starts))
    } else {
        let name = beside.file_name().unwrap_or_default().to_string_lossy();
        (aggregates_csv(rows, Some(&name)), starts_to_csv(starts))
    };
    super::write_atomic(&beside, starts_text.as_bytes())?;
    super::write_atomic(path, text.as_bytes())?;
    Ok(beside)
}

/// Write batch aggregates alone to `path` atomically, as [`save`] does.
pub fn save_aggregates(path: &Path, rows: &[AggregateRow]) -> std::io::Result<()> {
    let text = if is_ron(path) {
        to_ron(rows)
    } else {
        aggregates_to_csv(rows)
    };
    super::write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::klotski::{Layout, Metric};
    use crate::engine::{Board, TilePuzzle};
    use crate::storage::klotski_file::klotski_path;

    #[test]
    fn rows_are_built_from_the_engine_summaries() {
        use crate::engine::{Control, Status, solve_klotski, strategy};
        let l = Layout::parse("BAAC/BAAC/D..F/D..F/G..J").unwrap();
        let bfs = strategy::find("bfs").unwrap();
        let o = solve_klotski(bfs, &l, Metric::Steps, &Control::default()).unwrap();
        let run = RunSummary::of_klotski(&l, &o);
        let row = ResultRow::new("bfs".into(), String::new(), String::new(), Some(&run))
            .on(PuzzleWords::klotski(&l, Metric::Steps))
            .with_path(klotski_path(&l, &o.path));
        assert_eq!(row.status, "solved");
        // Three steps down by one piece: one move.
        assert_eq!(
            (row.length, row.moves, row.optimal),
            (Some(3), Some(1), true)
        );
        assert_eq!((row.expanded, row.time_ms), (run.expanded, run.ms));
        assert_eq!(
            (row.family.as_str(), row.size.as_str(), row.metric.as_str()),
            ("klotski", "5x4", "steps")
        );
        assert_eq!(row.start, "BAAC/BAAC/D..F/D..F/G..J");
        assert_eq!(row.goal, "..../..../..../.AA./.AA.");
        assert_eq!(row.path, "A:D A:D A:D");
        let refused = ResultRow::new("fast".into(), String::new(), String::new(), None);
        assert_eq!((refused.status.as_str(), refused.length), ("", None));
        let stopped = RunSummary {
            status: Status::Cancelled,
            ..run
        };
        let row = ResultRow::new("bfs".into(), String::new(), String::new(), Some(&stopped));
        assert_eq!(
            (row.status.as_str(), row.length, row.moves),
            ("cancelled", None, None)
        );
        let a = Aggregate::of(&[run, stopped]).unwrap();
        let agg = AggregateRow::new(
            BatchInfo::of(PuzzleWords::klotski(&l, Metric::Steps), 5, 2, 2),
            "bfs".into(),
            String::new(),
            String::new(),
            &a,
        );
        assert_eq!((agg.runs, agg.solved, agg.mean_length), (2, 1, Some(3.0)));
        assert_eq!(agg.max_peak_bytes, run.peak_bytes);
        assert_eq!(agg.batch.base, l.to_text());
    }

    fn rows() -> Vec<ResultRow> {
        let p = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
        vec![
            ResultRow {
                strategy: "bfs".into(),
                status: "solved".into(),
                length: Some(116),
                moves: Some(100),
                optimal: true,
                expanded: 23_954,
                generated: 77_807,
                peak_bytes: 1 << 20,
                time_ms: 13.25,
                ..ResultRow::default()
            }
            .on(PuzzleWords::klotski(
                &Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(),
                Metric::Steps,
            )),
            ResultRow {
                strategy: "annealing".into(),
                heuristic: "manhattan".into(),
                tuning: "seed=3;t0=2.5".into(),
                status: "not_found".into(),
                length: None,
                moves: None,
                optimal: false,
                expanded: 2_100_000,
                generated: 7_222_003,
                peak_bytes: 4 << 20,
                database_bytes: 576_575_424,
                time_ms: 1508.9,
                ..ResultRow::default()
            }
            .on(PuzzleWords::tiles(&p))
            .with_path("RR".into()),
        ]
    }

    #[test]
    fn both_formats_read_back_what_was_written() {
        let dir = tempfile::TempDir::new().unwrap();
        for name in ["r.csv", "r.ron"] {
            let path = dir.path().join(name);
            save(&path, &rows()).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            let back = if name.ends_with("ron") {
                from_ron(&text)
            } else {
                from_csv(&text)
            };
            assert_eq!(back.unwrap(), rows(), "{name}");
        }
    }

    #[test]
    fn aggregates_read_back_in_both_formats() {
        let goal = Board::goal(crate::engine::Shape::new(3, 3).unwrap());
        let rows = vec![AggregateRow {
            batch: BatchInfo::of(PuzzleWords::tiles_batch(&goal), 0, 9, 40),
            strategy: "tabu".into(),
            heuristic: "manhattan".into(),
            tuning: "seed=1;tenure=7;max-iters=100".into(),
            runs: 40,
            solved: 39,
            mean_length: Some(98.25),
            median_length: None,
            mean_expanded: 100.5,
            mean_ms: 0.13,
            median_ms: 0.11,
            max_peak_bytes: 22_400,
            max_database_bytes: 576_575_424,
        }];
        let text = aggregates_to_csv(&rows);
        assert!(
            text.starts_with("# Huarong batch: 40 starts of 3x3 tiles"),
            "{text}"
        );
        assert_eq!(aggregates_from_csv(&text).unwrap(), rows);
        assert_eq!(from_ron::<AggregateRow>(&to_ron(&rows)).unwrap(), rows);
        assert!(aggregates_from_csv("x\n").is_err());
    }

    /// Files written before the puzzle, the path and the tuning were
    /// exported still read: `astar:linear-conflict` in the strategy column
    /// is split into strategy and heuristic, the new columns are empty.
    #[test]
    fn files_of_the_earlier_version_still_read() {
        let old = "strategy,status,length,moves,optimal,expanded,generated,peak_bytes,time_ms\n\
                   astar:linear-conflict,solved,31,,true,100,300,4096,1.5\n\
                   bfs,,,,false,0,0,0,0\n";
        let rows = from_csv(old).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].strategy.as_str(), rows[0].heuristic.as_str()),
            ("astar", "linear-conflict")
        );
        assert_eq!((rows[0].length, rows[0].expanded), (Some(31), 100));
        assert_eq!((rows[0].start.as_str(), rows[0].path.as_str()), ("", ""));
        assert_eq!(
            (rows[1].strategy.as_str(), rows[1].heuristic.as_str()),
            ("bfs", "")
        );
        let old_ron = "[ResultRow(strategy: \"idastar:manhattan\", status: \"solved\", length: Some(2), \
                       moves: None, optimal: true, expanded: 3, generated: 5, peak_bytes: 8, time_ms: 0.5)]";
        let rows = from_ron::<ResultRow>(old_ron).unwrap();
        assert_eq!(
            (
                rows[0].strategy.as_str(),
                rows[0].heuristic.as_str(),
                rows[0].family.as_str()
            ),
            ("idastar", "manhattan", "")
        );
        let old_batch = "strategy,runs,solved,mean_length,median_length,mean_expanded,mean_ms,median_ms,max_peak_bytes\n\
                         tabu:manhattan,40,39,98.25,,100.5,0.13,0.11,22400\n";
        let rows = aggregates_from_csv(old_batch).unwrap();
        assert_eq!(
            (rows[0].strategy.as_str(), rows[0].heuristic.as_str()),
            ("tabu", "manhattan")
        );
        assert_eq!((rows[0].runs, rows[0].batch.seed), (40, None));
        assert_eq!(
            experiment_command(&rows),
            None,
            "an old file names no batch"
        );
        // Columns in another order, and one this version does not know.
        let moved = "time_ms,status,database_bytes,strategy,length,moves,optimal,expanded,generated,peak_bytes,colour\n\
                     2.5,solved,999,bfs,4,,true,10,20,30,red\n";
        let rows = from_csv(moved).unwrap();
        assert_eq!(
            (
                rows[0].time_ms,
                rows[0].length,
                rows[0].peak_bytes,
                rows[0].database_bytes
            ),
            (2.5, Some(4), 30, 999)
        );
        // An old file has no database column: none was counted.
        let old = from_csv("strategy,status,length,moves,optimal,expanded,generated,peak_bytes,time_ms\nbfs,solved,4,,true,10,20,30,2.5\n").unwrap();
        assert_eq!(old[0].database_bytes, 0);
    }

    #[test]
    fn a_file_without_a_needed_column_is_named_in_one_line() {
        let text = to_csv(&rows()).replacen("expanded", "expandable", 1);
        let err = from_csv(&text).unwrap_err();
        assert!(
            err.starts_with("the header has no column 'expanded'") && !err.contains('\n'),
            "{err}"
        );
        let old = "strategy,status,length,moves,optimal,generated,peak_bytes,time_ms\nbfs,,,,false,0,0,0\n";
        assert!(from_csv(old).unwrap_err().contains("no column 'expanded'"));
        let batch = "strategy,runs,mean_length,median_length,mean_expanded,mean_ms,median_ms,max_peak_bytes\n";
        assert!(
            aggregates_from_csv(batch)
                .unwrap_err()
                .contains("no column 'solved'")
        );
        assert!(
            starts_from_csv("index,family,size,goal\n")
                .unwrap_err()
                .contains("no column 'start'")
        );
    }

    /// Names are the user's to choose in the app (a compare row's label):
    /// a comma, a quote or a line break in one survives the round trip.
    #[test]
    fn fields_with_commas_and_quotes_read_back_whole() {
        let mut odd = rows();
        odd[0].strategy = "astar, \"fast\" one".into();
        odd[1].strategy = "two\nlines,".into();
        odd[1].status = "\"".into();
        let text = to_csv(&odd);
        assert_eq!(
            text.lines().nth(1).unwrap().matches('"').count(),
            6,
            "{text}"
        );
        assert_eq!(from_csv(&text).unwrap(), odd);
        let mut agg = vec![AggregateRow {
            strategy: "tabu, \"seed 7\"".into(),
            runs: 2,
            solved: 1,
            mean_length: Some(3.5),
            median_length: None,
            mean_expanded: 1.0,
            mean_ms: 0.5,
            median_ms: 0.25,
            max_peak_bytes: 9,
            ..AggregateRow::default()
        }];
        assert_eq!(aggregates_from_csv(&aggregates_to_csv(&agg)).unwrap(), agg);
        agg[0].strategy = ",".into();
        assert_eq!(aggregates_from_csv(&aggregates_to_csv(&agg)).unwrap(), agg);
    }

    #[test]
    fn damaged_csv_is_named() {
        let text = to_csv(&rows()).replace("23954", "lots");
        assert_eq!(
            from_csv(&text).unwrap_err(),
            "line 2: expanded is not valid"
        );
        assert!(from_csv("a,b\n").unwrap_err().contains("header"));
        let short = to_csv(&rows()).replace(",13.25", "");
        assert_eq!(
            from_csv(&short).unwrap_err(),
            format!(
                "line 2: {} fields, expected {}",
                HEADER.len() - 1,
                HEADER.len()
            )
        );
    }

    #[test]
    fn every_strategy_s_knobs_read_back_as_written() {
        for s in strategy::STRATEGIES {
            let mut tuning = Tuning::defaults(s.params());
            // Off the defaults: a seed no f64 holds, reals with decimals.
            for p in s.params() {
                tuning = match p.kind {
                    ParamKind::Integer { min, .. } if p.key == strategy::ParamKey::Seed => {
                        tuning.with_int(p.key, (1 << 53) + 1 + min)
                    }
                    ParamKind::Integer { min, .. } => tuning.with_int(p.key, min + 3),
                    ParamKind::Real { min, step, .. } => tuning.with(p.key, min + 3.0 * step),
                };
            }
            let text = tuning_text(s.name(), &tuning);
            assert_eq!(
                text.split(';').filter(|i| !i.is_empty()).count(),
                s.params().len()
            );
            assert_eq!(
                parse_tuning(s.name(), &text).unwrap(),
                tuning,
                "{}: {text}",
                s.name()
            );
        }
        assert_eq!(
            parse_tuning("tabu", "seed=1;colour=3").unwrap_err(),
            "'colour' is not a knob of tabu"
        );
        assert!(
            parse_tuning("tabu", "tenure=x")
                .unwrap_err()
                .contains("'x' is not a number")
        );
        assert!(parse_tuning("nope", "").is_err());
        assert_eq!(parse_tuning("bfs", "").unwrap(), Tuning::default());
    }

    #[test]
    fn a_batch_writes_its_starts_beside_its_aggregates() {
        let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let rows = vec![AggregateRow {
            batch: BatchInfo::of(PuzzleWords::klotski(&l, Metric::Moves), 8, 3, 2),
            strategy: "annealing".into(),
            tuning: "seed=4".into(),
            runs: 2,
            ..AggregateRow::default()
        }];
        let starts = vec![
            StartRow::of(1, PuzzleWords::klotski(&l, Metric::Moves)),
            StartRow::of(2, PuzzleWords::klotski(&l, Metric::Moves)),
        ];
        let dir = tempfile::TempDir::new().unwrap();
        for name in ["b.csv", "b.ron"] {
            let path = dir.path().join(name);
            let beside = save_batch(&path, &rows, &starts).unwrap();
            assert_eq!(beside, starts_path(&path));
            let text = std::fs::read_to_string(&path).unwrap();
            let starts_text = std::fs::read_to_string(&beside).unwrap();
            if name.ends_with("csv") {
                assert_eq!(aggregates_from_csv(&text).unwrap(), rows);
                assert_eq!(starts_from_csv(&starts_text).unwrap(), starts);
                assert!(
                    text.contains("# The starts, in the order run: b.starts.csv"),
                    "{text}"
                );
                // The knob seed 4 is not the starts' seed 3: said so.
                assert!(text.contains("# Reproduce: huarong experiment --klotski BAAC/BAAC/DEEF/DGHF/I..J --metric moves --count 2 --shuffle 8 --seed 3 --strategies annealing\n"), "{text}");
                assert!(text.contains("knobs differ"), "{text}");
            } else {
                assert_eq!(from_ron::<AggregateRow>(&text).unwrap(), rows);
                assert_eq!(from_ron::<StartRow>(&starts_text).unwrap(), starts);
            }
        }
    }

    #[test]
    fn the_experiment_command_quotes_what_the_shell_would_split() {
        let shape = crate::engine::Shape::new(2, 3).unwrap();
        let goal = Board::parse("0 1 2 3 4 5", Some(shape)).unwrap();
        let row = |s: &str, tuning: &str| AggregateRow {
            batch: BatchInfo::of(PuzzleWords::tiles_batch(&goal), 0, 5, 10),
            strategy: s.into(),
            tuning: tuning.into(),
            ..AggregateRow::default()
        };
        let (command, exact) = experiment_command(&[
            row("weighted", "weight=1.5"),
            row("greedy", "seed=5;max-iters=99"),
        ])
        .unwrap();
        assert_eq!(
            command,
            "huarong experiment --size 2x3 --goal '0 1 2 3 4 5' --count 10 --seed 5 \
             --strategies weighted,greedy --weight 1.5 --max-iters 99"
        );
        assert!(exact);
        let (_, exact) = experiment_command(&[
            row("tabu", "seed=5;max-iters=9"),
            row("greedy", "seed=5;max-iters=99"),
        ])
        .unwrap();
        assert!(!exact, "two iteration counts do not fit one command");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
