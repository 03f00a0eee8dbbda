//! `huarong hint` (the distance of a position and the moves that bring it
//! closer) and `huarong distances` (every position of a small board by its
//! distance to the goal). Both take `--time-limit` and `--max-memory` as
//! `solve` does, over the whole run; a limit that stops them is reported
//! as `solve` reports it (`Status: limit: …`, or a JSON object with
//! `"status": "limit"`), and a table out of reach is said before it starts.

use std::collections::BTreeMap;

use clap::Args;
use serde::Serialize;

use super::budget::{Budget, TimeLimitOf, Unprepared, mib, seconds, stopped};
use super::klotski::{KlotskiArgs, resolve_layout};
use super::report::thousands;
use super::{BoardArgs, CliError, LimitArgs, Out};
use super::{Start, StartArgs, refuse_puzzle_flags};
use crate::engine::control::Stop;
use crate::engine::klotski::group::{Group, layout_after};
use crate::engine::klotski::space::unit_steps;
use crate::engine::klotski::{KlotskiSpace, Layout, Metric};
use crate::engine::strategy::{EXACT_TILES, Family, QUICK_TILES, Strategy};
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::tiles::table::{DistanceTable, MAX_CELLS};
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, LimitKind, Status, TilePuzzle, solve_tiles,
};

#[derive(Args, Debug)]
pub(super) struct HintArgs {
    #[command(flatten)]
    start: StartArgs,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    klotski: KlotskiArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
pub(super) struct DistancesArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// A Klotski layout (rows joined by '/'): its group instead of a board.
    #[arg(long, value_name = "LAYOUT", conflicts_with_all = ["layout", "size", "goal"])]
    klotski: Option<String>,
    /// A classic Klotski layout by name or number: its group.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["size", "goal"])]
    layout: Option<String>,
    #[command(flatten)]
    metric: KlotskiArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    json: bool,
}

/// Why a hint or a count gave no answer: bad input or a failure, or a
/// limit (which is a result, printed as `solve` prints one).
enum Failure {
    Cli(CliError),
    Limit(Unprepared),
}

impl From<CliError> for Failure {
    fn from(e: CliError) -> Self {
        Failure::Cli(e)
    }
}

impl From<Unprepared> for Failure {
    fn from(stop: Unprepared) -> Self {
        Failure::Limit(stop)
    }
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Self {
        Failure::Cli(e.into())
    }
}

/// The line of a run a limit stopped, in JSON.
#[derive(Serialize)]
struct Stopped<'a> {
    status: &'static str,
    limit: LimitKind,
    reason: &'a str,
}

/// The end of a command: a limit is printed as its result (exit 0, as a
/// search that ran), anything else fails the command.
fn finish(result: Result<(), Failure>, json: bool, out: &mut Out) -> Result<(), CliError> {
    match result {
        Ok(()) => Ok(()),
        Err(Failure::Cli(e)) => Err(e),
        Err(Failure::Limit(stop)) => {
            if json {
                let line = Stopped {
                    status: "limit",
                    limit: stop.limit,
                    reason: &stop.why,
                };
                writeln!(out, "{}", serde_json::to_string(&line)?)?;
            } else {
                writeln!(out, "Status: limit: {}", stop.why)?;
            }
            Ok(())
        }
    }
}

/// A control with what `budget` leaves of the run's limits.
fn control_left(budget: &Budget) -> Result<Control, Unprepared> {
    Ok(Control::default().with_limits(budget.left(1, TimeLimitOf::WholeRun)?))
}

/// The group of `layout`'s start in `metric`, for the commands, within
/// `budget`.
fn group_of(
    layout: &Layout,
    metric: Metric,
    budget: &Budget,
) -> Result<(KlotskiSpace, Group), Failure> {
    let (space, start) = KlotskiSpace::new(layout, metric);
    let ctl = control_left(budget)?;
    let group = Group::build(&space, start, &ctl).map_err(|stop| {
        stopped(
            stop,
            &budget.limits(),
            "the positions reachable from the layout were counted",
        )
    })?;
    Ok((space, group))
}

#[derive(Serialize)]
struct KlotskiBest {
    piece: char,
    steps: Vec<char>,
}

#[derive(Serialize)]
struct KlotskiHint {
    distance: u32,
    optimal: bool,
    best: Vec<KlotskiBest>,
}

/// `huarong hint --layout … | --klotski …`.
fn hint_klotski(
    layout: &Layout,
    metric: Metric,
    budget: &Budget,
    json: bool,
    out: &mut Out,
) -> Result<(), Failure> {
    let (space, group) = group_of(layout, metric, budget)?;
    let Some(distance) = group.start_distance() else {
        return Err(Failure::Cli(CliError::Input(format!(
            "the exit cannot be reached: none of the {} positions reachable from here frees the target",
            thousands(group.len() as u64)
        ))));
    };
    let best: Vec<KlotskiBest> = group
        .closer_moves(&space)
        .into_iter()
        .filter_map(|mv| {
            let steps = unit_steps(layout, &[mv]).ok()?;
            Some(KlotskiBest {
                piece: steps.first()?.0,
                steps: steps.iter().map(|(_, d)| d.letter()).collect(),
            })
        })
        .collect();
    let hint = KlotskiHint {
        distance,
        optimal: true,
        best,
    };
    if json {
        writeln!(out, "{}", serde_json::to_string(&hint)?)?;
        return Ok(());
    }
    let unit = match metric {
        Metric::Moves => "moves",
        Metric::Steps => "steps",
    };
    writeln!(out, "{distance} {unit} from the exit (optimal)")?;
    for b in &hint.best {
        let steps: String = b.steps.iter().collect();
        writeln!(out, "Closer: piece {} {steps}", b.piece)?;
    }
    Ok(())
}

/// How distances are known for a board: exactly from a table (boards
/// whose table builds in about a second), exactly by IDA* (with the 6-6-3
/// database on 4x4, linear conflict on the other boards up to 12 cells), or
/// as the length of the row-by-row plan (an upper bound) for larger boards.
enum Oracle {
    Table(DistanceTable),
    Search(HeuristicChoice),
    UpperBound,
}

impl Oracle {
    /// The oracle for boards with this goal, had within `budget`.
    fn for_goal(goal: &Board, budget: &mut Budget) -> Result<Self, Failure> {
        let shape = goal.shape();
        if DistanceTable::quick(shape) {
            let ctl = control_left(budget)?;
            let table = DistanceTable::build(goal, &ctl).map_err(|stop| {
                stopped(
                    stop,
                    &budget.limits(),
                    &format!("the distance table for {shape} was built"),
                )
            })?;
            budget.hold(
                &format!("the distance table for {shape}"),
                DistanceTable::bytes_needed(shape),
            );
            return Ok(Oracle::Table(table));
        }
        if shape == PatternDb::SHAPE_4X4 {
            let progress = super::build_progress(HeuristicKind::Pdb);
            let db = budget.database(HeuristicKind::Pdb, goal, &progress)?;
            return Ok(Oracle::Search(HeuristicChoice::Pdb(db)));
        }
        if DistanceTable::covers(shape) {
            return Ok(Oracle::Search(HeuristicChoice::LinearConflict));
        }
        Ok(Oracle::UpperBound)
    }

    fn optimal(&self) -> bool {
        !matches!(self, Oracle::UpperBound)
    }

    /// The moves from `board` to `goal` (a bound when not optimal), a
    /// search held to what `budget` leaves.
    fn distance(&self, board: &Board, goal: &Board, budget: &Budget) -> Result<u32, Failure> {
        match self {
            Oracle::Table(t) => t.distance(board).ok_or_else(|| {
                Failure::Cli(CliError::Input(
                    "this position cannot reach the goal".into(),
                ))
            }),
            Oracle::Search(h) => solve_length(board, goal, EXACT_TILES, h, budget),
            Oracle::UpperBound => solve_length(
                board,
                goal,
                QUICK_TILES,
                &HeuristicChoice::Manhattan,
                budget,
            ),
        }
    }
}

fn solve_length(
    board: &Board,
    goal: &Board,
    s: &dyn Strategy,
    h: &HeuristicChoice,
    budget: &Budget,
) -> Result<u32, Failure> {
    let puzzle = TilePuzzle::new(board.clone(), goal.clone()).map_err(CliError::from)?;
    let ctl = control_left(budget)?;
    let o = solve_tiles(s, &puzzle, h, &ctl).map_err(CliError::from)?;
    match o.status {
        Status::Solved => Ok(o.path.len() as u32),
        Status::Limit(kind) => Err(Failure::Limit(stopped(
            Stop::Limit(kind),
            &budget.limits(),
            &format!("{} searched for a distance", s.label()),
        ))),
        _ => Err(Failure::Cli(CliError::Input(format!(
            "no distance: {}",
            o.reason.unwrap_or_else(|| o.status.to_string())
        )))),
    }
}

#[derive(Serialize)]
struct Hint {
    distance: u32,
    optimal: bool,
    /// The distance after each legal blank move.
    moves: BTreeMap<char, u32>,
    /// The moves that bring the position closer.
    best: Vec<char>,
}

/// `huarong hint`. Without `--time-limit` it stops after
/// [`DEFAULT_TIME_LIMIT_SECS`](super::replay::DEFAULT_TIME_LIMIT_SECS), as
/// `replay` does: a large position's exact distance can take minutes.
pub(super) fn hint(args: &HintArgs, out: &mut Out) -> Result<(), CliError> {
    let mut limits = args.limits.limits(None)?;
    limits
        .time_limit
        .get_or_insert(std::time::Duration::from_secs(
            super::replay::DEFAULT_TIME_LIMIT_SECS,
        ));
    let mut budget = Budget::new(limits);
    let result = hint_within(args, &mut budget, out);
    finish(result, args.json, out)
}

/// `huarong hint` within `budget`.
fn hint_within(args: &HintArgs, budget: &mut Budget, out: &mut Out) -> Result<(), Failure> {
    let puzzle = match args.start.puzzle(&args.board, &args.klotski)? {
        Start::Tiles(puzzle) => puzzle,
        Start::Klotski(layout, metric) => {
            return hint_klotski(&layout, metric, budget, args.json, out);
        }
    };
    if let Err(why) = puzzle.check_solvable() {
        return Err(Failure::Cli(CliError::Input(format!(
            "this position cannot reach the goal: {why}"
        ))));
    }
    let oracle = Oracle::for_goal(&puzzle.goal, budget)?;
    let distance = oracle.distance(&puzzle.start, &puzzle.goal, budget)?;
    let mut moves = BTreeMap::new();
    for dir in Dir::ALL {
        let mut next = puzzle.start.clone();
        if next.apply(dir).is_some() {
            moves.insert(dir.letter(), oracle.distance(&next, &puzzle.goal, budget)?);
        }
    }
    let closest = moves.values().copied().min().unwrap_or(distance);
    let best: Vec<char> = moves
        .iter()
        .filter(|&(_, &d)| d < distance && d == closest)
        .map(|(&m, _)| m)
        .collect();
    let hint = Hint {
        distance,
        optimal: oracle.optimal(),
        moves,
        best,
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&hint)?)?;
        return Ok(());
    }
    let known = if hint.optimal {
        "optimal"
    } else {
        "an upper bound: the row-by-row plan's length"
    };
    let plural = if hint.distance == 1 { "" } else { "s" };
    writeln!(
        out,
        "{} move{plural} from the goal ({known})",
        hint.distance
    )?;
    let list = |m: &BTreeMap<char, u32>| {
        m.iter()
            .map(|(dir, d)| format!("{dir} → {d}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match hint.best.as_slice() {
        [] if hint.distance == 0 => writeln!(out, "Solved.")?,
        [] => writeln!(out, "No move brings it closer by this estimate.")?,
        best => writeln!(
            out,
            "Best (blank direction): {}",
            best.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )?,
    }
    writeln!(out, "Every move: {}", list(&hint.moves))?;
    Ok(())
}

#[derive(Serialize)]
struct Distances {
    states: u64,
    by_distance: Vec<u64>,
    max: u32,
    farthest: Vec<String>,
}

#[derive(Serialize)]
struct GroupDistances {
    states: u64,
    by_distance: Vec<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<u32>,
    farthest: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<u32>,
}

/// `huarong distances --layout … | --klotski …`.
fn distances_klotski(
    layout: &Layout,
    metric: Metric,
    budget: &Budget,
    json: bool,
    out: &mut Out,
) -> Result<(), Failure> {
    let (_, group) = group_of(layout, metric, budget)?;
    let found = GroupDistances {
        states: group.len() as u64,
        by_distance: group.by_distance().to_vec(),
        max: group.max_distance(),
        farthest: group
            .farthest()
            .iter()
            .filter_map(|path| layout_after(layout, path))
            .map(|l| l.to_text())
            .collect(),
        start: group.start_distance(),
    };
    if json {
        writeln!(out, "{}", serde_json::to_string(&found)?)?;
        return Ok(());
    }
    let unit = match metric {
        Metric::Moves => "moves",
        Metric::Steps => "steps",
    };
    writeln!(
        out,
        "{} positions reachable from the start",
        thousands(found.states)
    )?;
    match found.start {
        Some(d) => writeln!(out, "The start is {d} {unit} from the exit")?,
        None => writeln!(
            out,
            "None of them frees the target: the exit cannot be reached"
        )?,
    }
    for (d, n) in found.by_distance.iter().enumerate() {
        writeln!(out, "{d:>4} {unit}: {}", thousands(*n))?;
    }
    if let Some(max) = found.max {
        writeln!(
            out,
            "Farthest ({max} {unit}): {}",
            found.farthest.join(" | ")
        )?;
    }
    Ok(())
}

/// States a distance table settles per second, about (the 3×4 table, 239
/// million positions, takes over a minute on a laptop core): for the
/// estimate said before a long build, not a promise.
const TABLE_STATES_PER_SEC: f64 = 3e6;

/// Seconds in words, roughly.
fn about(secs: f64) -> String {
    match secs {
        s if s < 1.5 => "about a second".into(),
        s if s < 55.0 => format!("about {:.0} seconds", s),
        s if s < 90.0 => "about a minute".into(),
        s => format!("about {:.0} minutes", s / 60.0),
    }
}

/// What the distance table of `shape` costs, in words: "this board has
/// 239,500,800 positions: about a minute and 2.2 GiB".
fn table_cost(shape: crate::engine::Shape) -> (u64, f64, u64, String) {
    let positions = (1..=shape.cells() as u64).product::<u64>() / 2;
    let secs = positions as f64 / TABLE_STATES_PER_SEC;
    let bytes = DistanceTable::bytes_needed(shape);
    let words = format!(
        "this board has {} positions: {} and {}",
        thousands(positions),
        about(secs),
        crate::units::bytes(bytes)
    );
    (positions, secs, bytes, words)
}

/// `huarong distances`.
pub(super) fn distances(args: &DistancesArgs, out: &mut Out) -> Result<(), CliError> {
    let mut budget = Budget::new(args.limits.limits(None)?);
    let result = distances_within(args, &mut budget, out);
    finish(result, args.json, out)
}

/// `huarong distances` within `budget`.
fn distances_within(
    args: &DistancesArgs,
    budget: &mut Budget,
    out: &mut Out,
) -> Result<(), Failure> {
    if args.klotski.is_some() || args.layout.is_some() {
        let layout = resolve_layout(args.klotski.as_deref(), args.layout.as_deref())?;
        return distances_klotski(&layout, args.metric.metric()?, budget, args.json, out);
    }
    refuse_puzzle_flags(Family::Tiles, &args.board, &args.metric)?;
    let Some(shape) = args.board.shape()? else {
        return Err(Failure::Cli(CliError::Input(
            "give a board with --size RxC (e.g. 3x3), or --layout / --klotski".into(),
        )));
    };
    if !DistanceTable::covers(shape) {
        return Err(Failure::Cli(CliError::Input(format!(
            "distance tables cover boards of up to {MAX_CELLS} cells (3x4, 2x6); {shape} has {}",
            shape.cells()
        ))));
    }
    let goal = match &args.board.goal {
        Some(text) => Board::parse(text, Some(shape)).map_err(CliError::from)?,
        None => Board::goal(shape),
    };
    // Said before it starts: refused over the memory limit, a warning when
    // it will take long (or longer than the time limit).
    let (positions, secs, bytes, cost) = table_cost(shape);
    let limits = budget.limits();
    if let Some(max) = limits.max_bytes
        && bytes > max
    {
        return Err(Failure::Limit(Unprepared {
            limit: LimitKind::Memory,
            why: format!("{cost}, more than the memory limit ({})", mib(max)),
        }));
    }
    match limits.time_limit {
        Some(limit) if secs > limit.as_secs_f64() => eprintln!(
            "{cost}: likely more than the time limit ({})",
            seconds(limit)
        ),
        None if secs > 10.0 => eprintln!("{cost}; --time-limit bounds it"),
        _ => {}
    }
    let reached = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let printed = std::sync::atomic::AtomicU64::new(0);
    let seen = std::sync::Arc::clone(&reached);
    let ctl = control_left(budget)?.with_progress(move |p| {
        seen.store(p.stored, std::sync::atomic::Ordering::Relaxed);
        // A line every ten million states, on stderr.
        let tens = p.stored / 10_000_000;
        if tens > printed.fetch_max(tens, std::sync::atomic::Ordering::Relaxed) {
            eprintln!("distances {shape}: {} states reached", thousands(p.stored));
        }
    });
    let table = DistanceTable::build(&goal, &ctl).map_err(|stop| {
        let so_far = reached.load(std::sync::atomic::Ordering::Relaxed);
        stopped(
            stop,
            &budget.limits(),
            &format!(
                "the distance table for {shape} was built ({} of its {} positions reached)",
                thousands(so_far),
                thousands(positions)
            ),
        )
    })?;
    let found = Distances {
        states: table.states(),
        by_distance: table.by_distance().to_vec(),
        max: table.max_distance(),
        farthest: table.farthest().iter().map(Board::to_text).collect(),
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&found)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "{shape}: {} positions reach the goal",
        thousands(found.states)
    )?;
    for (d, n) in found.by_distance.iter().enumerate() {
        writeln!(out, "{d:>3} moves: {}", thousands(*n))?;
    }
    writeln!(
        out,
        "Farthest ({} moves): {}",
        found.max,
        found.farthest.join(" | ")
    )?;
    Ok(())
}
