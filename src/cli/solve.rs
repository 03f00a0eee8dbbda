//! `huarong solve`.

use clap::Args;

use super::budget::{Budget, TimeLimitOf};
use super::klotski::KlotskiArgs;
use super::observe::{ObserveArgs, Watchers, anatomy_text};
use super::report::Record;
use super::{BoardArgs, CliError, Out, SearchArgs, StartArgs};
use crate::engine::observe::{StateWords, Truth};
use crate::engine::strategy::proven_lower_bound;
use crate::engine::tiles::format_path;
use crate::engine::{Board, Status, TilePuzzle};

#[derive(Args, Debug)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    start: StartArgs,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    klotski: KlotskiArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    observe: ObserveArgs,
}

pub(super) fn run(args: &SolveArgs, out: &mut Out) -> Result<(), CliError> {
    let start = args.start.start(&args.board, &args.klotski, &args.search)?;
    let watchers = args.observe.watchers()?;
    args.search.check_watchable(&args.observe, start.family())?;
    super::solve_start(start, &args.search, watchers, out)
}

/// `huarong solve` of the tile puzzle `puzzle`.
pub(super) fn solve_puzzle(
    puzzle: &TilePuzzle,
    search_args: &SearchArgs,
    watchers: Watchers,
    out: &mut Out,
) -> Result<(), CliError> {
    let mut search = search_args.resolve(&puzzle.goal, TimeLimitOf::WholeRun)?;
    // The anatomy's exact distances count against what the databases left.
    let mut budget = Budget::new(search.control.limits);
    let watchers = watchers.with_truth(&mut budget, |ctl| Truth::tiles(&puzzle.goal, ctl))?;
    search.limit_to(match watchers.stopped() {
        Some(stop) => Err(stop.clone()),
        None => budget.left(1, TimeLimitOf::WholeRun),
    });
    let outcome = search.solve_with(
        puzzle,
        &watchers.control(search.control.clone(), &StateWords::tiles(puzzle.shape())),
    )?;
    watchers.write_trace(out)?;
    let anatomy = watchers.anatomy(&outcome);
    if search_args.json {
        let mut record = serde_json::to_value(Record::new(&outcome))?;
        if let Some(n) = proven_lower_bound(&*search.strategy, &outcome) {
            record["lower_bound"] = n.into();
        }
        if let Some(a) = &anatomy {
            record["anatomy"] = serde_json::to_value(a)?;
        }
        writeln!(out, "{record}")?;
        return Ok(());
    }
    writeln!(out, "Start ({}):", puzzle.shape())?;
    write!(out, "{}", puzzle.start)?;
    if puzzle.goal != Board::goal(puzzle.shape()) {
        writeln!(out, "Goal:")?;
        write!(out, "{}", puzzle.goal)?;
    }
    writeln!(out, "Strategy: {}", search.label())?;
    match outcome.status {
        Status::Solved => {
            let optimal = crate::units::guarantee(&outcome.stats)
                .unwrap_or_else(|| "not guaranteed optimal".into());
            writeln!(
                out,
                "Status: solved in {} moves ({optimal})",
                outcome.path.len()
            )?;
            writeln!(
                out,
                "Moves (blank direction): {}",
                format_path(&outcome.path)
            )?;
        }
        status => {
            writeln!(
                out,
                "Status: {status}: {}",
                outcome.reason.as_deref().unwrap_or("no reason given")
            )?;
            if let Some(n) = proven_lower_bound(&*search.strategy, &outcome) {
                writeln!(out, "Proven: every solution takes at least {n} moves")?;
            }
        }
    }
    writeln!(out, "{}", crate::units::counters(&outcome.stats))?;
    if let Some(a) = &anatomy {
        writeln!(out, "{}", anatomy_text(a))?;
    }
    Ok(())
}
