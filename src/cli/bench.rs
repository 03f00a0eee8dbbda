//! `huarong bench`: solve a file of instances, one per line.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use super::budget::TimeLimitOf;
use super::klotski::{KlotskiArgs, bench_layouts};
use super::report::{GENERATED_MEANS, Record, duration, memory, thousands};
use super::{BoardArgs, CliError, Out, SearchArgs, refuse_inapplicable};
use crate::engine::strategy::Family;
use crate::engine::tiles::{Board, Shape, TilePuzzle};
use crate::engine::{Limits, Status};

#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// Instance file: one start per line (tiles, optionally followed by the
    /// expected optimal length); `#` starts a comment. Optimal strategies
    /// must find that length; others are compared with it.
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present_any = ["layouts", "random"],
        conflicts_with_all = ["layouts", "random"]
    )]
    file: Option<PathBuf>,
    /// Instead of a file: this many uniformly random solvable starts of
    /// `--size` (default 3x3), drawn with `--random-seed` (at most 100,000).
    #[arg(long, value_name = "N", conflicts_with = "layouts",
          value_parser = super::count_at_most(super::MAX_STARTS))]
    random: Option<usize>,
    /// Seed of the random starts.
    #[arg(long, value_name = "N", default_value_t = 1)]
    random_seed: u64,
    /// Classic Klotski layouts instead of a file: "all" or names/numbers
    /// separated by commas. Each is checked against its known optimum and
    /// its whole state space enumerated and timed.
    #[arg(long, value_name = "NAMES")]
    layouts: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    klotski: KlotskiArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// The whole run's time budget in seconds (--time-limit is each
    /// instance's): an instance running when it runs out stops at its time
    /// limit, and those not started yet are reported as not run.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    total_time_limit: Option<f64>,
}

/// The whole run's time budget (`--total-time-limit`), from the run's start.
#[derive(Clone, Copy, Debug)]
pub(super) struct TotalTime {
    limit: Option<Duration>,
    started: Instant,
}

impl TotalTime {
    /// `--total-time-limit secs`, counted from now.
    pub(super) fn new(secs: Option<f64>) -> Result<Self, CliError> {
        Ok(Self {
            limit: secs.map(super::time_limit).transpose()?,
            started: Instant::now(),
        })
    }

    /// The time left, `None` without a total limit.
    pub(super) fn left(&self) -> Option<Duration> {
        self.limit
            .map(|limit| limit.saturating_sub(self.started.elapsed()))
    }

    /// Whether the total limit has run out (nothing more is started).
    pub(super) fn out(&self) -> bool {
        self.left() == Some(Duration::ZERO)
    }

    /// `limits` with the time limit cut to what is left of the total.
    pub(super) fn cap(&self, mut limits: Limits) -> Limits {
        if let Some(left) = self.left() {
            limits.time_limit = Some(limits.time_limit.map_or(left, |t| t.min(left)));
        }
        limits
    }

    /// The line that says the total limit stopped the run, if it did:
    /// `not_run` of `all` (`what`: "instances", "starts") were not run.
    /// "the total time limit (2 s) ran out while {what}", once it has.
    pub(super) fn ran_out_while(&self, what: &str) -> Option<String> {
        let limit = self.limit.filter(|_| self.out())?;
        Some(format!(
            "the total time limit ({}) ran out while {what}",
            super::budget::seconds(limit)
        ))
    }

    pub(super) fn stopped_line(&self, not_run: usize, all: usize, what: &str) -> Option<String> {
        let limit = self.limit.filter(|_| not_run > 0)?;
        Some(format!(
            "the total time limit ({}) stopped the run: {not_run} of {all} {what} not run",
            super::budget::seconds(limit)
        ))
    }
}

/// One start read from the file.
#[derive(Debug, PartialEq)]
pub(super) struct Instance {
    /// 1-based line number.
    pub line: usize,
    pub start: Board,
    pub expected: Option<u32>,
}

/// Parse instance lines. All must be of one size: the given one, or the one
/// the first line implies.
pub(super) fn parse_instances(
    text: &str,
    mut shape: Option<Shape>,
) -> Result<Vec<Instance>, CliError> {
    let mut out = Vec::new();
    // A byte-order mark (as some editors save UTF-8) is not part of the first token.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = body
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty() {
            continue;
        }
        let count = tokens.len();
        let square = |n: usize| (2..=Shape::MAX_SIDE as usize).find(|s| s * s == n);
        let s = match shape {
            Some(s) => s,
            None => {
                let side = square(count).or_else(|| square(count - 1)).ok_or_else(|| {
                    CliError::Input(format!(
                        "line {line}: {count} numbers are neither a square board nor a square board and a length; give --size RxC"
                    ))
                })?;
                Shape::new(side as u8, side as u8)?
            }
        };
        shape = Some(s);
        let (tiles, expected) = if count == s.cells() + 1 {
            let last = tokens[count - 1];
            let len = last.parse::<u32>().map_err(|_| {
                CliError::Input(format!(
                    "line {line}: expected length '{last}' is not a number"
                ))
            })?;
            (&tokens[..count - 1], Some(len))
        } else {
            (&tokens[..], None)
        };
        let start = Board::parse(&tiles.join(" "), Some(s))
            .map_err(|e| CliError::Input(format!("line {line}: {e}")))?;
        out.push(Instance {
            line,
            start,
            expected,
        });
    }
    if out.is_empty() {
        return Err(CliError::Input("the file holds no instances".into()));
    }
    Ok(out)
}

/// `n` uniformly random solvable starts for the board's size and goal.
fn random_instances(n: usize, seed: u64, board: &BoardArgs) -> Result<Vec<Instance>, CliError> {
    if n == 0 {
        return Err(CliError::Input("--random must be at least 1".into()));
    }
    let shape = board.shape()?.unwrap_or(Shape::new(3, 3)?);
    let goal = TilePuzzle::parse(
        &Board::goal(shape).to_text(),
        Some(&shape.to_string()),
        board.goal.as_deref(),
    )?
    .goal;
    let mut rng = crate::engine::rng::seeded(seed);
    Ok((1..=n)
        .map(|line| Instance {
            line,
            start: crate::engine::tiles::random_solvable(&goal, &mut rng),
            expected: None,
        })
        .collect())
}

#[derive(Serialize)]
struct InstanceRecord {
    index: usize,
    line: usize,
    expected: Option<u32>,
    #[serde(flatten)]
    record: Record,
}

/// One line of `--json` for an instance the total time limit left unrun.
#[derive(Serialize)]
struct NotRun {
    index: usize,
    line: usize,
    expected: Option<u32>,
    status: &'static str,
}

#[derive(Serialize)]
struct Mismatch {
    index: usize,
    line: usize,
    found: usize,
    expected: u32,
}

/// A non-optimal strategy's lengths against the optima in the file.
#[derive(Serialize)]
struct OverOptimum {
    /// Solved instances that had an expected (optimal) length.
    compared: usize,
    mean_length: f64,
    mean_optimum: f64,
    /// Mean of length − optimum.
    mean_excess: f64,
}

#[derive(Serialize)]
struct Summary {
    instances: usize,
    solved: usize,
    total_ms: f64,
    median_ms: f64,
    expanded: u64,
    generated: u64,
    /// The largest search memory of any instance.
    peak_bytes: u64,
    /// The largest pattern database any instance consulted (bytes; the
    /// same for all, as every instance is guided alike).
    database_bytes: u64,
    /// Optimal strategies: lengths that differ from the expected ones.
    /// Others: lengths below the expected optimum (which cannot be right).
    mismatches: Vec<Mismatch>,
    /// Solved instances whose path, replayed from the start, does not end
    /// at the goal (a bug, never expected).
    wrong_paths: Vec<usize>,
    /// Non-optimal strategies: their lengths against the expected optima
    /// (`null` for optimal strategies or when no optimum was given).
    over_optimum: Option<OverOptimum>,
    /// Instances not run: the total time limit ran out first.
    not_run: usize,
    /// Why the run stopped short (`total_time_limit`), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<&'static str>,
}

/// The longest `--file` read: 100,000 instances of the largest board take
/// about 30 MB.
const MAX_BENCH_FILE_BYTES: u64 = 64 << 20;

pub(super) fn run(args: &BenchArgs, out: &mut Out) -> Result<(), CliError> {
    let total = TotalTime::new(args.total_time_limit)?;
    if args.layouts.is_none() {
        refuse_inapplicable(Family::Tiles, &args.board, &args.klotski, &args.search)?;
    }
    let instances = match (&args.file, &args.layouts, args.random) {
        (Some(file), _, _) => {
            let cannot = || format!("cannot read {}", file.display());
            // A FIFO or device would block or never end: refused unopened.
            let bytes = huarong::storage::read_regular(file, MAX_BENCH_FILE_BYTES)
                .map_err(|e| CliError::file(cannot(), &e))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                CliError::Input(format!(
                    "{}: not UTF-8 text (byte {})",
                    cannot(),
                    e.utf8_error().valid_up_to()
                ))
            })?;
            parse_instances(&text, args.board.shape()?)?
        }
        (None, Some(names), _) => {
            refuse_inapplicable(Family::Klotski, &args.board, &args.klotski, &args.search)?;
            return bench_layouts(names, &args.klotski, &args.search, total, out);
        }
        (None, None, Some(n)) => random_instances(n, args.random_seed, &args.board)?,
        (None, None, None) => {
            return Err(CliError::Input("give --file, --random or --layouts".into()));
        }
    };
    let shape = instances[0].start.shape();
    // Parsed beside the first start, so goal errors read as they do in `solve`.
    let goal = TilePuzzle::parse(
        &instances[0].start.to_text(),
        Some(&shape.to_string()),
        args.board.goal.as_deref(),
    )?
    .goal;
    let search = args.search.resolve(&goal, TimeLimitOf::EachRun)?;
    let mut times = Vec::new();
    let mut summary = Summary {
        instances: instances.len(),
        solved: 0,
        total_ms: 0.0,
        median_ms: 0.0,
        expanded: 0,
        generated: 0,
        peak_bytes: 0,
        database_bytes: 0,
        mismatches: Vec::new(),
        wrong_paths: Vec::new(),
        over_optimum: None,
        not_run: 0,
        stopped_by: None,
    };
    // A non-optimal strategy is compared with the expected lengths (the
    // optima) instead of being held to them.
    let optimal = search.strategy.is_optimal();
    let (mut compared, mut sum_length, mut sum_optimum) = (0usize, 0u64, 0u64);
    for (i, inst) in instances.iter().enumerate() {
        let index = i + 1;
        if total.out() {
            summary.not_run += 1;
            summary.stopped_by = Some("total_time_limit");
            if args.search.json {
                let rec = NotRun {
                    index,
                    line: inst.line,
                    expected: inst.expected,
                    status: "not_run",
                };
                writeln!(out, "{}", serde_json::to_string(&rec)?)?;
            } else {
                writeln!(out, "#{index:<4} not run (the total time limit ran out)")?;
            }
            continue;
        }
        let puzzle = TilePuzzle::new(inst.start.clone(), goal.clone())?;
        let ctl = search
            .control
            .clone()
            .with_limits(total.cap(search.control.limits));
        let o = search.solve_with(&puzzle, &ctl)?;
        let ms = o.stats.elapsed.as_secs_f64() * 1e3;
        times.push(ms);
        summary.total_ms += ms;
        summary.expanded += o.stats.expanded;
        summary.generated += o.stats.generated;
        summary.peak_bytes = summary.peak_bytes.max(o.stats.peak_bytes);
        summary.database_bytes = summary.database_bytes.max(o.stats.database_bytes);
        if o.status == Status::Solved {
            summary.solved += 1;
            if !puzzle.replays_to_goal(&o.path) {
                summary.wrong_paths.push(index);
            }
            if !optimal && let Some(expected) = inst.expected {
                compared += 1;
                sum_length += o.path.len() as u64;
                sum_optimum += u64::from(expected);
            }
            if let Some(expected) = inst.expected
                && (if optimal {
                    o.path.len() != expected as usize
                } else {
                    let len = o.path.len() as f64;
                    len < f64::from(expected)
                        || o.stats
                            .within
                            .is_some_and(|w| len > w * f64::from(expected))
                })
            {
                summary.mismatches.push(Mismatch {
                    index,
                    line: inst.line,
                    found: o.path.len(),
                    expected,
                });
            }
        }
        if args.search.json {
            let rec = InstanceRecord {
                index,
                line: inst.line,
                expected: inst.expected,
                record: Record::new(&o),
            };
            writeln!(out, "{}", serde_json::to_string(&rec)?)?;
        } else {
            let len = o.path.len();
            let result = match (o.status, inst.expected) {
                (Status::Solved, Some(e)) if !optimal => {
                    let excess = len as i64 - i64::from(e);
                    format!("solved {len:>3} (optimum {e}, {excess:+})")
                }
                (Status::Solved, Some(e)) => format!("solved {len:>3} (expected {e})"),
                (Status::Solved, None) => format!("solved {len:>3}"),
                (s, Some(e)) if !optimal => format!("{s} (optimum {e})"),
                (s, Some(e)) => format!("{s} (expected {e})"),
                (s, None) => s.to_string(),
            };
            writeln!(
                out,
                "#{index:<4} {result:<30} {:>12}  expanded {}",
                duration(ms / 1e3),
                thousands(o.stats.expanded)
            )?;
        }
    }
    // The file holds at least one instance, so there is a median.
    summary.median_ms = crate::units::median(&mut times).unwrap_or(0.0);
    if compared > 0 {
        let n = compared as f64;
        summary.over_optimum = Some(OverOptimum {
            compared,
            mean_length: sum_length as f64 / n,
            mean_optimum: sum_optimum as f64 / n,
            mean_excess: (sum_length as f64 - sum_optimum as f64) / n,
        });
    }
    if args.search.json {
        #[derive(Serialize)]
        struct Line<'a> {
            summary: &'a Summary,
        }
        writeln!(
            out,
            "{}",
            serde_json::to_string(&Line { summary: &summary })?
        )?;
    } else {
        writeln!(
            out,
            "solved {} of {}; total {}, median {}; expanded {}, generated {}; peak memory {}",
            summary.solved,
            summary.instances,
            duration(summary.total_ms / 1e3),
            duration(summary.median_ms / 1e3),
            thousands(summary.expanded),
            thousands(summary.generated),
            memory(summary.peak_bytes, summary.database_bytes)
        )?;
        if let Some(line) = total.stopped_line(summary.not_run, summary.instances, "instances") {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "{GENERATED_MEANS}")?;
        if summary.solved == 0 {
            writeln!(out, "no path to replay: nothing was solved")?;
        } else if summary.wrong_paths.is_empty() {
            writeln!(out, "every path replayed from its start to the goal")?;
        } else {
            for i in &summary.wrong_paths {
                writeln!(
                    out,
                    "path does not reach the goal, which cannot be right: #{i}"
                )?;
            }
        }
        if optimal {
            if summary.solved == 0 {
                writeln!(out, "no length to check: nothing was solved")?;
            } else if summary.mismatches.is_empty() {
                writeln!(out, "lengths disagreeing with the expected ones: none")?;
            } else {
                for m in &summary.mismatches {
                    writeln!(
                        out,
                        "length mismatch: #{} (line {}) found {}, expected {}",
                        m.index, m.line, m.found, m.expected
                    )?;
                }
            }
        } else {
            if let Some(o) = &summary.over_optimum {
                writeln!(
                    out,
                    "over the optimum: mean {:+.2} moves ({:.2} against {:.2}, {:+.1}%) on {} solved starts",
                    o.mean_excess,
                    o.mean_length,
                    o.mean_optimum,
                    100.0 * o.mean_excess / o.mean_optimum.max(1.0),
                    o.compared
                )?;
            }
            if let Some(w) = search.strategy.within()
                && summary.mismatches.is_empty()
                && summary.over_optimum.is_some()
            {
                writeln!(out, "every length within {w} × its optimum")?;
            }
            for m in &summary.mismatches {
                let what = if m.found < m.expected as usize {
                    "shorter than the expected optimum"
                } else {
                    "longer than its bound allows"
                };
                writeln!(
                    out,
                    "{what}, which cannot be right: #{} (line {}) found {}, expected {}",
                    m.index, m.line, m.found, m.expected
                )?;
            }
        }
    }
    Ok(())
}
