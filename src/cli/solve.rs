//! `huarong solve`.

use clap::Args;

use super::budget::{Budget, TimeLimitOf};
use super::klotski::{KlotskiArgs, resolve_layout, solve_layout};
use super::observe::{ObserveArgs, anatomy_text};
use super::report::Record;
use super::{BoardArgs, CliError, Out, SearchArgs, refuse_inapplicable};
use crate::engine::observe::{StateWords, Truth};
use crate::engine::strategy::{Family, proven_lower_bound};
use crate::engine::tiles::format_path;
use crate::engine::{Board, Status};
use crate::puzzle::Start;

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

/// The start: tiles, or a Klotski layout (text or classic name).
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub(super) struct StartArgs {
    /// Start tiles, row-major, separated by spaces or commas, 0 = blank.
    #[arg(long, value_name = "TILES")]
    pub(super) state: Option<String>,
    /// A Klotski layout: rows joined by '/', '.' empty, one letter a piece
    /// (e.g. "BAAC/BAAC/DEEF/DGHF/I..J").
    #[arg(long, value_name = "LAYOUT")]
    pub(super) klotski: Option<String>,
    /// A classic Klotski layout by name or number (see `huarong layouts`).
    #[arg(long, value_name = "NAME")]
    pub(super) layout: Option<String>,
}

impl StartArgs {
    /// The family of the start the flags give.
    pub(super) fn family(&self) -> Family {
        match self.state {
            Some(_) => Family::Tiles,
            None => Family::Klotski,
        }
    }

    /// The start the flags give (a layout counted in `klotski`'s metric),
    /// after refusing the flags that do not apply to its family.
    pub(super) fn start(
        &self,
        board: &BoardArgs,
        klotski: &KlotskiArgs,
        search: &SearchArgs,
    ) -> Result<Start, CliError> {
        refuse_inapplicable(self.family(), board, klotski, search)?;
        Ok(match &self.state {
            Some(state) => Start::Tiles(board.puzzle(state)?),
            None => {
                let layout = resolve_layout(self.klotski.as_deref(), self.layout.as_deref())?;
                Start::Klotski(layout, klotski.metric()?)
            }
        })
    }
}

pub(super) fn run(args: &SolveArgs, out: &mut Out) -> Result<(), CliError> {
    let state = match (&args.start.state, &args.start.klotski, &args.start.layout) {
        (Some(state), _, _) => state,
        (None, text, name) => {
            refuse_inapplicable(Family::Klotski, &args.board, &args.klotski, &args.search)?;
            let layout = resolve_layout(text.as_deref(), name.as_deref())?;
            let watchers = args.observe.watchers()?;
            args.search
                .check_watchable(&args.observe, Family::Klotski)?;
            return solve_layout(&layout, &args.klotski, &args.search, watchers, out);
        }
    };
    refuse_inapplicable(Family::Tiles, &args.board, &args.klotski, &args.search)?;
    let puzzle = args.board.puzzle(state)?;
    let watchers = args.observe.watchers()?;
    args.search.check_watchable(&args.observe, Family::Tiles)?;
    let mut search = args.search.resolve(&puzzle.goal, TimeLimitOf::WholeRun)?;
    // The anatomy's exact distances count against what the databases left.
    let mut budget = Budget::new(search.control.limits);
    let watchers = watchers.with_truth(&mut budget, |ctl| Truth::tiles(&puzzle.goal, ctl))?;
    search.limit_to(match watchers.stopped() {
        Some(stop) => Err(stop.clone()),
        None => budget.left(1, TimeLimitOf::WholeRun),
    });
    let outcome = search.solve_with(
        &puzzle,
        &watchers.control(search.control.clone(), &StateWords::tiles(puzzle.shape())),
    )?;
    watchers.write_trace(out)?;
    let anatomy = watchers.anatomy(&outcome);
    if args.search.json {
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
