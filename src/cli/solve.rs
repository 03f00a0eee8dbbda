//! `huarong solve`.

use clap::Args;

use super::report::{Record, stats_line};
use super::{BoardArgs, InputError, SearchArgs};
use crate::engine::solve_tiles;
use crate::engine::tiles::format_path;
use crate::engine::{Board, Status};

#[derive(Args, Debug)]
pub(super) struct SolveArgs {
    /// Start tiles, row-major, separated by spaces or commas, 0 = blank.
    #[arg(long, value_name = "TILES")]
    state: String,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    search: SearchArgs,
}

pub(super) fn run(args: &SolveArgs) -> Result<(), InputError> {
    let puzzle = args.board.puzzle(&args.state)?;
    let search = args.search.resolve(&puzzle.goal)?;
    let outcome = solve_tiles(search.strategy, &puzzle, &search.heuristic, &search.control)?;
    if args.search.json {
        println!("{}", serde_json::to_string(&Record::new(&outcome))?);
        return Ok(());
    }
    println!("Start ({}):", puzzle.shape());
    print!("{}", puzzle.start);
    if puzzle.goal != Board::goal(puzzle.shape()) {
        println!("Goal:");
        print!("{}", puzzle.goal);
    }
    let by = if search.strategy.uses_heuristic() {
        format!(
            "{} with {}",
            search.strategy.label(),
            search.heuristic.describe()
        )
    } else {
        search.strategy.label().to_string()
    };
    println!("Strategy: {by}");
    match outcome.status {
        Status::Solved => {
            let optimal = if outcome.stats.optimal {
                "optimal"
            } else {
                "not guaranteed optimal"
            };
            println!("Status: solved in {} moves ({optimal})", outcome.path.len());
            println!("Moves (blank direction): {}", format_path(&outcome.path));
        }
        status => println!(
            "Status: {status}: {}",
            outcome.reason.as_deref().unwrap_or("no reason given")
        ),
    }
    println!("{}", stats_line(&outcome));
    Ok(())
}
