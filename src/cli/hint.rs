//! `huarong hint` (the distance of a position and the moves that bring it
//! closer) and `huarong distances` (every position of a small board by its
//! distance to the goal).

use std::collections::BTreeMap;

use clap::Args;
use serde::Serialize;

use super::budget::Budget;
use super::report::thousands;
use super::{BoardArgs, InputError};
use crate::engine::control::Stop;
use crate::engine::strategy::find;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::tiles::table::{DistanceTable, MAX_CELLS};
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, Limits, Status, TilePuzzle, solve_tiles,
};

#[derive(Args, Debug)]
pub(super) struct HintArgs {
    /// The position: tiles, row-major, separated by spaces or commas, 0 = blank.
    #[arg(long, value_name = "TILES")]
    state: String,
    #[command(flatten)]
    board: BoardArgs,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
pub(super) struct DistancesArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    json: bool,
}

/// How distances are known for a board: exactly from a table (up to 12
/// cells), exactly by IDA* with the 6-6-3 database (4x4), or as the length
/// of the row-by-row plan (an upper bound) for larger boards.
enum Oracle {
    Table(DistanceTable),
    Search(HeuristicChoice),
    UpperBound,
}

impl Oracle {
    fn for_goal(goal: &Board) -> Result<Self, InputError> {
        let shape = goal.shape();
        if DistanceTable::covers(shape) {
            let table = DistanceTable::build(goal, &Control::default()).map_err(|stop| {
                InputError(format!("the distance table for {shape} stopped: {stop:?}"))
            })?;
            return Ok(Oracle::Table(table));
        }
        if shape == PatternDb::SHAPE_4X4 {
            let mut budget = Budget::new(Limits::default());
            let progress = |_: f32| {};
            let db = budget
                .database(HeuristicKind::Pdb, goal, &progress)
                .map_err(|stop| InputError(stop.why))?;
            return Ok(Oracle::Search(HeuristicChoice::Pdb(db)));
        }
        Ok(Oracle::UpperBound)
    }

    fn optimal(&self) -> bool {
        !matches!(self, Oracle::UpperBound)
    }

    /// The moves from `board` to `goal` (a bound when not optimal).
    fn distance(&self, board: &Board, goal: &Board) -> Result<u32, InputError> {
        match self {
            Oracle::Table(t) => t
                .distance(board)
                .ok_or_else(|| InputError("this position cannot reach the goal".into())),
            Oracle::Search(h) => solve_length(board, goal, "idastar", h),
            Oracle::UpperBound => solve_length(board, goal, "fast", &HeuristicChoice::Manhattan),
        }
    }
}

fn solve_length(
    board: &Board,
    goal: &Board,
    strategy: &str,
    h: &HeuristicChoice,
) -> Result<u32, InputError> {
    let puzzle = TilePuzzle::new(board.clone(), goal.clone())?;
    let s = find(strategy).expect("a registered strategy");
    let o = solve_tiles(s, &puzzle, h, &Control::default())?;
    match o.status {
        Status::Solved => Ok(o.path.len() as u32),
        _ => Err(InputError(format!(
            "no distance: {}",
            o.reason.unwrap_or_else(|| o.status.to_string())
        ))),
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

/// `huarong hint`.
pub(super) fn hint(args: &HintArgs) -> Result<(), InputError> {
    let puzzle = args.board.puzzle(&args.state)?;
    if let Err(why) = puzzle.check_solvable() {
        return Err(InputError(format!(
            "this position cannot reach the goal: {why}"
        )));
    }
    let oracle = Oracle::for_goal(&puzzle.goal)?;
    let distance = oracle.distance(&puzzle.start, &puzzle.goal)?;
    let mut moves = BTreeMap::new();
    for dir in Dir::ALL {
        let mut next = puzzle.start.clone();
        if next.apply(dir).is_some() {
            moves.insert(dir.letter(), oracle.distance(&next, &puzzle.goal)?);
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
        println!("{}", serde_json::to_string(&hint)?);
        return Ok(());
    }
    let known = if hint.optimal {
        "optimal"
    } else {
        "an upper bound: the row-by-row plan's length"
    };
    let plural = if hint.distance == 1 { "" } else { "s" };
    println!("{} move{plural} from the goal ({known})", hint.distance);
    let list = |m: &BTreeMap<char, u32>| {
        m.iter()
            .map(|(dir, d)| format!("{dir} → {d}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match hint.best.as_slice() {
        [] if hint.distance == 0 => println!("Solved."),
        [] => println!("No move brings it closer by this estimate."),
        best => println!(
            "Best (blank direction): {}",
            best.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
    println!("Every move: {}", list(&hint.moves));
    Ok(())
}

#[derive(Serialize)]
struct Distances {
    states: u64,
    by_distance: Vec<u64>,
    max: u32,
    farthest: Vec<String>,
}

/// `huarong distances`.
pub(super) fn distances(args: &DistancesArgs) -> Result<(), InputError> {
    let Some(shape) = args.board.shape()? else {
        return Err(InputError(
            "give the board with --size RxC (e.g. 3x3)".into(),
        ));
    };
    if !DistanceTable::covers(shape) {
        return Err(InputError(format!(
            "distance tables cover boards of up to {MAX_CELLS} cells (3x4, 2x6); {shape} has {}",
            shape.cells()
        )));
    }
    let goal = match &args.board.goal {
        Some(text) => Board::parse(text, Some(shape))?,
        None => Board::goal(shape),
    };
    let printed = std::sync::atomic::AtomicU64::new(0);
    let ctl = Control::default().with_progress(move |p| {
        // A line every ten million states, on stderr.
        let tens = p.stored / 10_000_000;
        if tens > printed.fetch_max(tens, std::sync::atomic::Ordering::Relaxed) {
            eprintln!("distances {shape}: {} states reached", thousands(p.stored));
        }
    });
    let table = DistanceTable::build(&goal, &ctl).map_err(|stop| match stop {
        Stop::Limit(kind) => InputError(format!(
            "the distance table for {shape} needs {} MiB: over the {kind}",
            DistanceTable::bytes_needed(shape) >> 20
        )),
        other => InputError(format!("the distance table for {shape} stopped: {other:?}")),
    })?;
    let out = Distances {
        states: table.states(),
        by_distance: table.by_distance().to_vec(),
        max: table.max_distance(),
        farthest: table.farthest().iter().map(Board::to_text).collect(),
    };
    if args.json {
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    println!(
        "{shape}: {} positions reach the goal",
        thousands(out.states)
    );
    for (d, n) in out.by_distance.iter().enumerate() {
        println!("{d:>3} moves: {}", thousands(*n));
    }
    println!("Farthest ({} moves): {}", out.max, out.farthest.join(" | "));
    Ok(())
}
