//! `huarong experiment --by-depth`: search cost by solution depth, the
//! table of Russell and Norvig (nodes per search and the effective
//! branching factor b* at depths 2, 4, …, 24 of the 8-puzzle). The starts
//! of each depth are drawn uniformly from the board's exact distance table
//! ([`starts_at_depth`]), every configuration runs on each, and a depth's
//! cost is averaged only when every start was solved ([`DepthCost`]).

use serde::Serialize;

use super::super::bench::TotalTime;
use super::super::budget::stopped;
use super::super::report::thousands;
use super::super::{CliError, Out, Search};
use super::{ExperimentArgs, RunLine, Start, run_all};
use crate::engine::experiment::{
    BY_DEPTH_MAX_NODES, DepthCell, DepthCost, RunSummary, starts_by_depth,
};
use crate::engine::tiles::table::{DistanceTable, MAX_CELLS};
use crate::engine::{Board, Control, Limits, TilePuzzle};

/// The deepest `--by-depth` accepts (no board of 12 cells is farther).
const MAX_DEPTH: u32 = 255;

/// The depths of `--by-depth A..B[:STEP]`: A, A + STEP, … up to B.
pub(super) fn parse_depths(text: &str) -> Result<Vec<u32>, String> {
    const FORM: &str = "give it as A..B or A..B:STEP, e.g. 2..24:2";
    let (range, step) = match text.trim().split_once(':') {
        Some((range, step)) => (range, Some(step)),
        None => (text.trim(), None),
    };
    let (from, to) = range.split_once("..").ok_or(format!("no range: {FORM}"))?;
    let number = |what: &str, s: &str| -> Result<u32, String> {
        let n: u32 = s
            .trim()
            .parse()
            .map_err(|_| format!("{what} '{}' is not a whole number: {FORM}", s.trim()))?;
        if n > MAX_DEPTH {
            return Err(format!("{what} must be at most {MAX_DEPTH}, not {n}"));
        }
        Ok(n)
    };
    let (from, to) = (
        number("the first depth", from)?,
        number("the last depth", to)?,
    );
    let step = step.map_or(Ok(1), |s| number("the step", s))?;
    if from == 0 {
        return Err("depths start at 1 (depth 0 is the goal itself)".into());
    }
    if to < from {
        return Err(format!(
            "the last depth ({to}) is before the first ({from})"
        ));
    }
    if step == 0 {
        return Err("the step must be at least 1".into());
    }
    Ok((from..=to).step_by(step as usize).collect())
}

/// The starts of every depth, drawn from `goal`'s distance table in depth
/// order with one generator (so a seed fixes them all), with the size of
/// each depth's layer. Refuses a board the table does not cover and a
/// depth no position lies at.
fn draw(
    goal: &Board,
    depths: &[u32],
    per_depth: usize,
    seed: u64,
    control: &Control,
) -> Result<Vec<(u32, u64, Vec<Board>)>, CliError> {
    let shape = goal.shape();
    // The node limit is each run's, not the table's.
    let limits = Limits {
        max_nodes: None,
        ..control.limits
    };
    let table =
        DistanceTable::build(goal, &Control::default().with_limits(limits)).map_err(|stop| {
            let why = stopped(
                stop,
                &limits,
                &format!("the distance table for {shape} was built"),
            )
            .why;
            CliError::Input(format!("--by-depth cannot draw its starts: {why}"))
        })?;
    if let Some(&deepest) = depths.iter().max().filter(|&&d| d > table.max_distance()) {
        return Err(CliError::Input(format!(
            "--by-depth asks for {deepest} moves, but no position of {shape} is more than {} \
             from this goal",
            table.max_distance()
        )));
    }
    let starts = starts_by_depth(&table, depths, per_depth, seed);
    Ok(depths
        .iter()
        .zip(starts)
        .map(|(&d, starts)| (d, table.by_distance()[d as usize], starts))
        .collect())
}

/// One line of `--by-depth --json`: a configuration at a depth.
#[derive(Serialize)]
struct DepthLine<'a> {
    depth: u32,
    /// Positions at this depth (the layer the starts were drawn from).
    positions: u64,
    strategy: &'a str,
    /// What `mean_nodes` and `branching` count.
    nodes: &'static str,
    runs: usize,
    solved: usize,
    over_limit: usize,
    /// Runs claiming a shortest solution another contradicted (a bug).
    disagreements: usize,
    /// Starts not run (the total time limit, or none solved at a
    /// shallower depth).
    not_run: usize,
    /// Mean nodes generated, when every start ran and was solved.
    mean_nodes: Option<f64>,
    mean_expanded: Option<f64>,
    /// The effective branching factor of `mean_nodes`.
    branching: Option<f64>,
    mean_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<String>,
    /// The starts, as `solve --state` takes them.
    starts: Vec<String>,
}

/// `huarong experiment --by-depth`.
pub(super) fn run(
    args: &ExperimentArgs,
    depths_text: &str,
    goal: &Board,
    mut searches: Vec<(String, Search)>,
    total: TotalTime,
    out: &mut Out,
) -> Result<(), CliError> {
    let depths =
        parse_depths(depths_text).map_err(|why| CliError::Input(format!("--by-depth: {why}")))?;
    let per_depth = args.per_depth.unwrap_or(100);
    if per_depth == 0 {
        return Err(CliError::Input("--per-depth must be at least 1".into()));
    }
    let all = per_depth as u128 * depths.len() as u128;
    if all > super::super::MAX_STARTS as u128 {
        return Err(CliError::Input(format!(
            "--per-depth × depths must be at most {} starts in all, not {}",
            thousands(super::super::MAX_STARTS as u64),
            thousands(all as u64)
        )));
    }
    let shape = goal.shape();
    if !DistanceTable::covers(shape) {
        return Err(CliError::Input(format!(
            "--by-depth draws its starts from the exact distance table, \
             which covers boards of at most {MAX_CELLS} cells, not {shape}"
        )));
    }
    let max_nodes = args.search.max_nodes.unwrap_or(BY_DEPTH_MAX_NODES);
    for (_, s) in &mut searches {
        s.control.limits.max_nodes = Some(max_nodes);
    }
    let seed = args.search.tuning.seed().unwrap_or(1);
    // The total time limit covers building the table the starts come from.
    let mut control = args.search.control()?;
    control.limits = total.cap(control.limits);
    let drawn = match draw(goal, &depths, per_depth, seed, &control) {
        Err(_) if total.out() => {
            let what = format!("the distance table for {} was built", goal.shape());
            let why = total.ran_out_while(&what).unwrap_or(what);
            return Err(CliError::Input(format!(
                "--by-depth cannot draw its starts: {why}"
            )));
        }
        drawn => drawn?,
    };
    let mut cells: Vec<Vec<DepthCell>> = Vec::with_capacity(drawn.len());
    let mut not_run_total = 0;
    let mut progress = super::super::out::Progress::new();
    for (depth, _, starts) in &drawn {
        let active: Vec<usize> = (0..searches.len())
            .filter(|&k| cells.last().is_none_or(|row| row[k].worth_deeper()))
            .collect();
        let mut runs: Vec<Vec<RunSummary>> = vec![Vec::new(); searches.len()];
        for (i, board) in starts.iter().enumerate() {
            if total.out() || active.is_empty() {
                break;
            }
            let start =
                Start::Tiles(TilePuzzle::new(board.clone(), goal.clone()).expect("same shape"));
            let lines: Vec<RunLine> = run_all(&start, active.iter().map(|&k| &searches[k]), total)?;
            if !args.search.json {
                progress.show(format_args!(
                    "depth {depth}: start {}/{}",
                    i + 1,
                    starts.len()
                ));
            }
            for (&k, line) in active.iter().zip(lines) {
                runs[k].extend(line.summary);
            }
        }
        let row: Vec<DepthCell> = runs
            .iter()
            .enumerate()
            .map(|(k, r)| match active.contains(&k) {
                true => DepthCell::of(*depth, r, starts.len()),
                false => DepthCell::skipped(starts.len()),
            })
            .collect();
        not_run_total += row
            .iter()
            .filter(|c| !c.skipped)
            .map(|c| c.not_run)
            .sum::<usize>();
        cells.push(row);
    }
    progress.done();
    let names: Vec<&str> = searches.iter().map(|(n, _)| n.as_str()).collect();
    if args.search.json {
        for (row, (depth, positions, starts)) in cells.iter().zip(&drawn) {
            for (k, cell) in row.iter().enumerate() {
                let avg = cell.averaged();
                let line = DepthLine {
                    depth: *depth,
                    positions: *positions,
                    strategy: names[k],
                    nodes: "generated",
                    runs: cell.cost.map_or(0, |c| c.aggregate.runs),
                    solved: cell.cost.map_or(0, |c| c.aggregate.solved),
                    over_limit: cell.cost.map_or(0, |c| c.over_limit),
                    disagreements: cell.cost.map_or(0, |c| c.aggregate.disagreements),
                    not_run: cell.not_run,
                    mean_nodes: avg.and_then(DepthCost::mean_generated),
                    mean_expanded: avg.and_then(DepthCost::mean_expanded),
                    branching: avg.and_then(DepthCost::branching),
                    mean_ms: avg.map(|c| c.aggregate.mean_ms),
                    skipped: cell
                        .skipped
                        .then(|| "none of its starts was solved at a shallower depth".to_string()),
                    starts: starts.iter().map(Board::to_text).collect(),
                };
                writeln!(out, "{}", serde_json::to_string(&line)?)?;
            }
        }
        return Ok(());
    }
    writeln!(
        out,
        "Search cost by solution depth on {shape}: {per_depth} starts per depth, \
         drawn uniformly from the exact distance table (seed {seed})."
    )?;
    writeln!(
        out,
        "nodes: nodes generated per search, the mean over the depth's starts (--json gives \
         the nodes expanded too); b*: the effective branching factor of that mean \
         (N + 1 = 1 + b* + … + b*^d)."
    )?;
    writeln!(
        out,
        "Each run stops at {} nodes expanded (--max-nodes). \"– k/n\": some start was over \
         a limit, k of the n solved (no mean); \"not run\": none solved at a shallower depth.",
        thousands(max_nodes)
    )?;
    let width: Vec<usize> = names.iter().map(|n| n.len().max(12)).collect();
    let mut header = format!("{:>5} {:>9}", "depth", "positions");
    for (name, w) in names.iter().zip(&width) {
        header += &format!("  {name:>w$} {:>5}", "b*");
    }
    writeln!(out, "{header}")?;
    for (row, (depth, positions, _)) in cells.iter().zip(&drawn) {
        let mut line = format!("{depth:>5} {:>9}", thousands(*positions));
        for (cell, w) in row.iter().zip(&width) {
            let solved = cell.cost.map_or(0, |c| c.aggregate.solved);
            let (nodes, b) = match cell.averaged() {
                _ if cell.skipped => ("not run".to_string(), "–".to_string()),
                Some(c) => (
                    thousands(c.aggregate.mean_generated.round() as u64),
                    c.branching().map_or("–".into(), |b| format!("{b:.2}")),
                ),
                None => (format!("– {solved}/{per_depth}"), "–".to_string()),
            };
            line += &format!("  {nodes:>w$} {b:>5}");
        }
        writeln!(out, "{line}")?;
    }
    for (row, (depth, _, _)) in cells.iter().zip(&drawn) {
        let disagreements: usize = row
            .iter()
            .filter_map(|c| c.cost)
            .map(|c| c.aggregate.disagreements)
            .sum();
        if disagreements > 0 {
            writeln!(
                out,
                "error: optimal strategies disagreed on the length at depth {depth} \
                 ({disagreements} runs)"
            )?;
        }
    }
    if let Some(line) = total.stopped_line(not_run_total, all as usize * names.len(), "runs") {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_ranges_parse_and_bad_ones_are_named() {
        assert_eq!(
            parse_depths("2..24:2").unwrap(),
            (1..=12).map(|i| 2 * i).collect::<Vec<_>>()
        );
        assert_eq!(parse_depths(" 3..5 ").unwrap(), [3, 4, 5]);
        assert_eq!(parse_depths("4..9:3").unwrap(), [4, 7]);
        assert_eq!(parse_depths("6..6").unwrap(), [6]);
        for (bad, needle) in [
            ("2-24", "A..B"),
            ("x..4", "not a whole number"),
            ("2..", "not a whole number"),
            ("0..4", "depth 0"),
            ("8..4", "before the first"),
            ("2..8:0", "at least 1"),
            ("2..999", "at most 255"),
            ("2..8:-1", "not a whole number"),
        ] {
            let why = parse_depths(bad).unwrap_err();
            assert!(why.contains(needle), "{bad}: {why}");
        }
    }
}
