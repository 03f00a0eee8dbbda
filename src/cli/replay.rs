//! `huarong replay FILE`: a recorded solve's statistics and its excess over
//! the optimum.
//!
//! The file (or standard input, `-`) is a replay in either form
//! [`huarong::storage::replay`] reads: the RON document the app saves, or
//! the plain text players paste. The optimum of the scramble is searched
//! with the default strategy of `solve` (IDA*) and the strongest estimate
//! for the board: the 7-8 pattern database on 4x4 when it is cached, else
//! the 6-6-3 (built if needed); the 6-6-6-6 on 5x5 (built if needed);
//! linear conflict elsewhere. The databases and the search share
//! `--time-limit` (default [`DEFAULT_TIME_LIMIT_SECS`] seconds) and
//! `--max-memory`; an optimum they cannot reach in that is said, with the
//! reason, in place of the excess.

use std::io::Read;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::budget::{Budget, TimeLimitOf, Unprepared, stopped};
use super::{CliError, LimitArgs, Out, heuristic_for};
use crate::engine::control::Stop;
use crate::engine::strategy::{self, DEFAULT_TILES};
use crate::engine::tiles::GoalPattern;
use crate::engine::{Board, Control, HeuristicKind, Status, TilePuzzle, solve_tiles};
use huarong::storage::pdb_cache;
use huarong::storage::replay::{self, MAX_FILE_BYTES, Replay, ReplayError};

/// The time limit of the optimum's search when `--time-limit` is not
/// given: a 5x5 or larger scramble may take far longer to solve exactly.
pub(super) const DEFAULT_TIME_LIMIT_SECS: u64 = 60;

#[derive(Args, Debug)]
pub(super) struct ReplayArgs {
    /// The replay: a file the app saved, or plain text (lines `size 4x4`,
    /// `scramble …`, `goal …`, `moves R3 D2 L U`, `time 12.3`); `-` reads
    /// standard input.
    #[arg(value_name = "FILE")]
    file: String,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    json: bool,
}

/// The optimum of the scramble, or why it was not had.
enum Optimum {
    Found {
        moves: u32,
        by: String,
    },
    Unknown {
        status: &'static str,
        reason: String,
    },
}

#[derive(Serialize)]
struct Report<'a> {
    rows: u8,
    cols: u8,
    scramble: &'a [u8],
    goal: &'a [u8],
    /// The goal pattern's name, if the goal is one.
    goal_pattern: Option<&'static str>,
    time_ms: u64,
    inspection_ms: u64,
    single_tile: usize,
    multi_tile: usize,
    tps: f64,
    reaches_goal: bool,
    /// The moves in the players' notation (the tiles' directions).
    moves: String,
    optimum: Option<u32>,
    /// Single-tile moves over the optimum: for a replay that reaches the
    /// goal and whose optimum was had.
    excess: Option<i64>,
    /// How the optimum was had, or the status that stopped it.
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum_status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum_reason: Option<String>,
}

/// The replay named on the command line (`-`: standard input).
fn read(file: &str) -> Result<Replay, CliError> {
    let result = if file == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::Io(format!("cannot read standard input: {e}")))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(CliError::Input(format!(
                "standard input: more than the {} bytes a replay may have",
                huarong::units::thousands(MAX_FILE_BYTES)
            )));
        }
        replay::from_bytes(&bytes)
    } else {
        replay::load(std::path::Path::new(file))
    };
    result.map_err(|e| match e {
        ReplayError::Io { kind, message, .. } => CliError::file(
            format!("cannot read {file}"),
            &std::io::Error::new(kind, message),
        ),
        e => {
            let name = if file == "-" { "standard input" } else { file };
            CliError::Input(format!("{}: {e}", super::shorten(name, 80)))
        }
    })
}

/// The estimate the optimum is searched with on boards with this goal.
fn heuristic(goal: &Board) -> HeuristicKind {
    let shape = goal.shape();
    let usable = |k: HeuristicKind| k.unavailable_for(shape).is_none();
    let dir = pdb_cache::cache_dir();
    let cached = |k: HeuristicKind| {
        k.partition(goal)
            .is_some_and(|p| pdb_cache::is_cached(&dir, goal, &p))
    };
    if usable(HeuristicKind::Pdb78) && cached(HeuristicKind::Pdb78) {
        HeuristicKind::Pdb78
    } else if usable(HeuristicKind::Pdb) {
        HeuristicKind::Pdb
    } else if usable(HeuristicKind::Pdb6666) {
        HeuristicKind::Pdb6666
    } else {
        HeuristicKind::LinearConflict
    }
}

/// The optimum from `replay`'s scramble to its goal within `limits`.
fn optimum(replay: &Replay, limits: crate::engine::Limits) -> Result<Optimum, CliError> {
    let unknown = |stop: Unprepared| Optimum::Unknown {
        status: "limit",
        reason: stop.why,
    };
    let goal = &replay.goal;
    let kind = heuristic(goal);
    let strategy = strategy::find(DEFAULT_TILES).expect("the default strategy is registered");
    // Nothing to search, so no database to load or build for it.
    if replay.scramble == *goal {
        return Ok(Optimum::Found {
            moves: 0,
            by: "the scramble is the goal".into(),
        });
    }
    let mut budget = Budget::new(limits);
    let h = match heuristic_for(strategy, kind, goal, &mut budget) {
        Ok(h) => h,
        Err(stop) => return Ok(unknown(stop)),
    };
    let left = match budget.left(1, TimeLimitOf::WholeRun) {
        Ok(left) => left,
        Err(stop) => return Ok(unknown(stop)),
    };
    let puzzle = TilePuzzle::new(replay.scramble.clone(), goal.clone())?;
    let o = solve_tiles(strategy, &puzzle, &h, &Control::default().with_limits(left))?;
    Ok(match o.status {
        Status::Solved if o.stats.optimal && puzzle.replays_to_goal(&o.path) => Optimum::Found {
            moves: o.path.len() as u32,
            by: format!("{} with {}", strategy.label(), kind.label()),
        },
        Status::Solved => {
            return Err(CliError::Internal(
                "the optimal search's path did not check".into(),
            ));
        }
        Status::Limit(limit) => unknown(stopped(
            Stop::Limit(limit),
            &budget.limits(),
            &format!("{} searched for the optimum", strategy.label()),
        )),
        status => Optimum::Unknown {
            status: status.name(),
            reason: o.reason.unwrap_or_else(|| status.to_string()),
        },
    })
}

/// Seconds with three decimals.
fn seconds(ms: u64) -> String {
    format!("{}.{:03} s", ms / 1000, ms % 1000)
}

/// `huarong replay`.
pub(super) fn run(args: &ReplayArgs, out: &mut Out) -> Result<(), CliError> {
    let mut limits = args.limits.limits(None)?;
    if limits.time_limit.is_none() {
        limits.time_limit = Some(Duration::from_secs(DEFAULT_TIME_LIMIT_SECS));
    }
    let replay = read(&args.file)?;
    let optimum = optimum(&replay, limits)?;
    let reaches = replay.replays_to_goal();
    let single = replay.single_tile_moves();
    let excess = match &optimum {
        Optimum::Found { moves, .. } if reaches => Some(single as i64 - i64::from(*moves)),
        _ => None,
    };
    let shape = replay.scramble.shape();
    let pattern = GoalPattern::of(&replay.goal);
    if args.json {
        let (found, by, status, reason) = match &optimum {
            Optimum::Found { moves, by } => (Some(*moves), Some(by.clone()), None, None),
            Optimum::Unknown { status, reason } => {
                (None, None, Some(*status), Some(reason.clone()))
            }
        };
        let report = Report {
            rows: shape.rows,
            cols: shape.cols,
            scramble: replay.scramble.cells(),
            goal: replay.goal.cells(),
            goal_pattern: pattern.map(GoalPattern::name),
            time_ms: replay.time_ms,
            inspection_ms: replay.inspection_ms,
            single_tile: single,
            multi_tile: replay.multi_tile_moves(),
            tps: replay.tps(),
            reaches_goal: reaches,
            moves: replay.notation(),
            optimum: found,
            excess,
            optimum_by: by,
            optimum_status: status,
            optimum_reason: reason,
        };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    writeln!(out, "Scramble ({shape}):")?;
    write!(out, "{}", replay.scramble)?;
    match pattern {
        Some(p) => writeln!(out, "Goal: {}", p.name())?,
        None => {
            writeln!(out, "Goal:")?;
            write!(out, "{}", replay.goal)?;
        }
    }
    if replay.inspection_ms > 0 {
        writeln!(
            out,
            "Time: {} (inspection {})",
            seconds(replay.time_ms),
            seconds(replay.inspection_ms)
        )?;
    } else {
        writeln!(out, "Time: {}", seconds(replay.time_ms))?;
    }
    writeln!(
        out,
        "Moves: {single} single-tile, {} multi-tile",
        replay.multi_tile_moves()
    )?;
    writeln!(out, "TPS: {:.2}", replay.tps())?;
    writeln!(out, "Moves (tiles' direction): {}", replay.notation())?;
    if reaches {
        writeln!(out, "Reaches the goal: yes")?;
    } else {
        writeln!(out, "Reaches the goal: no (an unfinished solve)")?;
    }
    match &optimum {
        Optimum::Found { moves, by } => {
            writeln!(out, "Optimum: {moves} moves ({by})")?;
            match excess {
                Some(e) => writeln!(out, "Excess: {e} single-tile moves over the optimum")?,
                None => writeln!(
                    out,
                    "Excess: none to count: the moves do not reach the goal"
                )?,
            }
        }
        Optimum::Unknown { status, reason } => {
            writeln!(out, "Optimum: not known ({status}: {reason})")?;
        }
    }
    Ok(())
}
