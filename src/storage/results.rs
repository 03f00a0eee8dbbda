//! Compare and experiment results exported as CSV or RON, written
//! atomically; both read back (for tests and for people's own tools).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::engine::experiment::{Aggregate, RunSummary};

/// One configuration's result on one start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultRow {
    /// Configuration, e.g. `astar:linear-conflict`.
    pub strategy: String,
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
    /// Peak memory in bytes.
    pub peak_bytes: u64,
    /// Time in milliseconds.
    pub time_ms: f64,
}

impl ResultRow {
    /// The row of configuration `strategy`, from its run's summary (`None`:
    /// it never ran or was refused; an empty status).
    pub fn new(strategy: String, run: Option<&RunSummary>) -> Self {
        let Some(r) = run else {
            return Self {
                strategy,
                status: String::new(),
                length: None,
                moves: None,
                optimal: false,
                expanded: 0,
                generated: 0,
                peak_bytes: 0,
                time_ms: 0.0,
            };
        };
        Self {
            strategy,
            status: r.status.name().to_string(),
            length: r.solution_length(),
            moves: r.klotski.filter(|_| r.solved()).map(|k| k.moves),
            optimal: r.optimal,
            expanded: r.expanded,
            generated: r.generated,
            peak_bytes: r.peak_bytes,
            time_ms: r.ms,
        }
    }
}

/// The results CSV's columns, in order.
const HEADER: [&str; 9] = [
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

/// The rows as CSV with a header line; a field holding a comma, a quote or
/// a line break is quoted.
///
/// ```
/// use huarong::storage::results::{ResultRow, from_csv, to_csv};
/// let rows = vec![ResultRow { strategy: "astar:manhattan".into(), status: "solved".into(),
///     length: Some(31), moves: None, optimal: true, expanded: 10, generated: 20,
///     peak_bytes: 1024, time_ms: 1.5 }];
/// let text = to_csv(&rows);
/// assert!(text.starts_with("strategy,status,length"));
/// assert_eq!(from_csv(&text).unwrap(), rows);
/// ```
pub fn to_csv(rows: &[ResultRow]) -> String {
    let opt = |v: Option<usize>| v.map_or(String::new(), |x| x.to_string());
    write_csv(
        &HEADER,
        rows.iter().map(|r| {
            [
                r.strategy.clone(),
                r.status.clone(),
                opt(r.length),
                opt(r.moves),
                r.optimal.to_string(),
                r.expanded.to_string(),
                r.generated.to_string(),
                r.peak_bytes.to_string(),
                r.time_ms.to_string(),
            ]
        }),
    )
}

/// `records` under `header` as CSV text, quoted where a field needs it.
fn write_csv<const N: usize>(
    header: &[&str; N],
    records: impl Iterator<Item = [String; N]>,
) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail, and the fields are UTF-8 text.
    out.write_record(header).expect("CSV into memory");
    for record in records {
        out.write_record(&record).expect("CSV into memory");
    }
    let bytes = out.into_inner().expect("CSV into memory");
    String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8")
}

/// The records of a CSV text under `header`, each of `header.len()`
/// fields, handed to `row` with their line number; errors name the line
/// (and `row` names the field). Quoted fields (commas, quotes, line breaks
/// inside) are read as written.
fn read_csv<T>(
    text: &str,
    header: &[&str],
    row: impl Fn(usize, &[&str]) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(text.as_bytes());
    let joined = header.join(",");
    match reader.headers() {
        Ok(found) if found.iter().eq(header.iter().copied()) => {}
        _ => return Err(format!("the first line is not the header '{joined}'")),
    }
    let fields = header.len();
    reader
        .records()
        .map(|record| {
            let record = record.map_err(|e| match e.position() {
                Some(p) => format!("line {}: not valid CSV", p.line()),
                None => format!("not valid CSV: {e}"),
            })?;
            let n = record.position().map_or(0, |p| p.line() as usize);
            if record.len() != fields {
                return Err(format!(
                    "line {n}: {} fields, expected {fields}",
                    record.len()
                ));
            }
            let f: Vec<&str> = record.iter().collect();
            row(n, &f)
        })
        .collect()
}

/// Parse field `s` named `what` of line `n`.
fn field<T: std::str::FromStr>(n: usize, s: &str, what: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| format!("line {n}: {what} is not valid"))
}

/// Parse an optional field (empty: none).
fn optional<T: std::str::FromStr>(n: usize, s: &str, what: &str) -> Result<Option<T>, String> {
    if s.is_empty() {
        Ok(None)
    } else {
        field(n, s, what).map(Some)
    }
}

/// Read rows written by [`to_csv`]; the error names the line and field.
pub fn from_csv(text: &str) -> Result<Vec<ResultRow>, String> {
    read_csv(text, &HEADER, |n, f| {
        Ok(ResultRow {
            strategy: f[0].into(),
            status: f[1].into(),
            length: optional(n, f[2], "length")?,
            moves: optional(n, f[3], "moves")?,
            optimal: field(n, f[4], "optimal")?,
            expanded: field(n, f[5], "expanded")?,
            generated: field(n, f[6], "generated")?,
            peak_bytes: field(n, f[7], "peak_bytes")?,
            time_ms: field(n, f[8], "time_ms")?,
        })
    })
}

/// One configuration's aggregate over a batch of starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AggregateRow {
    /// Configuration.
    pub strategy: String,
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
    /// Largest peak memory, bytes.
    pub max_peak_bytes: u64,
}

impl AggregateRow {
    /// The row of configuration `strategy`, from its aggregate.
    pub fn new(strategy: String, a: &Aggregate) -> Self {
        Self {
            strategy,
            runs: a.runs,
            solved: a.solved,
            mean_length: a.mean_length,
            median_length: a.median_length,
            mean_expanded: a.mean_expanded,
            mean_ms: a.mean_ms,
            median_ms: a.median_ms,
            max_peak_bytes: a.max_peak_bytes,
        }
    }
}

/// The aggregates CSV's columns, in order.
const AGGREGATE_HEADER: [&str; 9] = [
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

/// Aggregates as CSV with a header line, quoted as [`to_csv`] quotes.
pub fn aggregates_to_csv(rows: &[AggregateRow]) -> String {
    let opt = |v: Option<f64>| v.map_or(String::new(), |x| x.to_string());
    write_csv(
        &AGGREGATE_HEADER,
        rows.iter().map(|r| {
            [
                r.strategy.clone(),
                r.runs.to_string(),
                r.solved.to_string(),
                opt(r.mean_length),
                opt(r.median_length),
                r.mean_expanded.to_string(),
                r.mean_ms.to_string(),
                r.median_ms.to_string(),
                r.max_peak_bytes.to_string(),
            ]
        }),
    )
}

/// Read aggregates written by [`aggregates_to_csv`].
pub fn aggregates_from_csv(text: &str) -> Result<Vec<AggregateRow>, String> {
    read_csv(text, &AGGREGATE_HEADER, |n, f| {
        Ok(AggregateRow {
            strategy: f[0].into(),
            runs: field(n, f[1], "runs")?,
            solved: field(n, f[2], "solved")?,
            mean_length: optional(n, f[3], "mean_length")?,
            median_length: optional(n, f[4], "median_length")?,
            mean_expanded: field(n, f[5], "mean_expanded")?,
            mean_ms: field(n, f[6], "mean_ms")?,
            median_ms: field(n, f[7], "median_ms")?,
            max_peak_bytes: field(n, f[8], "max_peak_bytes")?,
        })
    })
}

/// Rows (results or aggregates) as pretty RON.
pub fn to_ron<T: Serialize>(rows: &[T]) -> String {
    ron::ser::to_string_pretty(rows, ron::ser::PrettyConfig::new().struct_names(true))
        .expect("result rows always serialize")
}

/// Read rows written by [`to_ron`].
pub fn from_ron<T: for<'de> Deserialize<'de>>(text: &str) -> Result<Vec<T>, String> {
    ron::from_str(text).map_err(|e| e.to_string())
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

/// Write batch aggregates to `path` atomically, as [`save`] does.
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

    #[test]
    fn rows_are_built_from_the_engine_summaries() {
        use crate::engine::klotski::Layout;
        use crate::engine::{Control, Status, solve_klotski, strategy};
        let l = Layout::parse("BAAC/BAAC/D..F/D..F/G..J").unwrap();
        let bfs = strategy::find("bfs").unwrap();
        let o = solve_klotski(
            bfs,
            &l,
            crate::engine::klotski::Metric::Steps,
            &Control::default(),
        )
        .unwrap();
        let run = RunSummary::of_klotski(&l, &o);
        let row = ResultRow::new("bfs".into(), Some(&run));
        assert_eq!(row.status, "solved");
        // Three steps down by one piece: one move.
        assert_eq!(
            (row.length, row.moves, row.optimal),
            (Some(3), Some(1), true)
        );
        assert_eq!((row.expanded, row.time_ms), (run.expanded, run.ms));
        let refused = ResultRow::new("fast".into(), None);
        assert_eq!((refused.status.as_str(), refused.length), ("", None));
        let stopped = RunSummary {
            status: Status::Cancelled,
            ..run
        };
        let row = ResultRow::new("bfs".into(), Some(&stopped));
        assert_eq!(
            (row.status.as_str(), row.length, row.moves),
            ("cancelled", None, None)
        );
        let a = Aggregate::of(&[run, stopped]).unwrap();
        let agg = AggregateRow::new("bfs".into(), &a);
        assert_eq!((agg.runs, agg.solved, agg.mean_length), (2, 1, Some(3.0)));
        assert_eq!(agg.max_peak_bytes, run.peak_bytes);
    }

    fn rows() -> Vec<ResultRow> {
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
            },
            ResultRow {
                strategy: "annealing".into(),
                status: "not_found".into(),
                length: None,
                moves: None,
                optimal: false,
                expanded: 2_100_000,
                generated: 7_222_003,
                peak_bytes: 4 << 20,
                time_ms: 1508.9,
            },
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
        let rows = vec![AggregateRow {
            strategy: "tabu:manhattan".into(),
            runs: 40,
            solved: 39,
            mean_length: Some(98.25),
            median_length: None,
            mean_expanded: 100.5,
            mean_ms: 0.13,
            median_ms: 0.11,
            max_peak_bytes: 22_400,
        }];
        assert_eq!(
            aggregates_from_csv(&aggregates_to_csv(&rows)).unwrap(),
            rows
        );
        assert_eq!(from_ron::<AggregateRow>(&to_ron(&rows)).unwrap(), rows);
        assert!(aggregates_from_csv("x\n").is_err());
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
            "line 2: 8 fields, expected 9"
        );
    }
}
