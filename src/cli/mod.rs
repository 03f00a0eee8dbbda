//! The headless command line: `solve`, `bench` and the rest over the same
//! engine the app uses. Every command prints through one checked writer
//! ([`Out`]); a failure is a [`CliError`]: one line on stderr naming the
//! problem, and an exit status by its kind (bad input 2, I/O failure 3,
//! internal error 4). A search that ran exits 0 whatever its status, and so
//! does a run whose reader closed the output early.

mod bench;
mod budget;
mod compare;
mod error;
mod hint;
mod klotski;
mod observe;
mod out;
mod replay;
mod report;
mod signals;
mod solve;
mod tuning;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::engine::control::Stop;
use crate::engine::numeral::short_number;
use crate::engine::strategy::SolveError;
use crate::engine::strategy::{self, Family, STRATEGIES, Strategy};
use crate::engine::tiles::Shape;
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, Limits, Outcome, Stats, TilePuzzle,
    solve_tiles,
};
use crate::puzzle::{RunOutcome, Start};
use budget::{Budget, TimeLimitOf, Unprepared};
pub(crate) use error::{CliError, shorten};
use error::{one_line, parse_error_line};
use out::Out;

/// Huarong: play and solve sliding puzzles.
#[derive(Parser, Debug)]
#[command(name = "huarong", version, about, long_about = None, after_help = error::EXIT_STATUS_HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one tile puzzle or Klotski layout and print the moves.
    Solve(solve::SolveArgs),
    /// Solve every instance of a file (or classic Klotski layouts) and
    /// summarise the timings.
    Bench(bench::BenchArgs),
    /// List the classic Klotski layouts shipped with Huarong.
    Layouts(klotski::LayoutsArgs),
    /// Run several strategy configurations on one start, concurrently.
    Compare(compare::CompareArgs),
    /// Run several configurations on many random starts and aggregate.
    Experiment(compare::ExperimentArgs),
    /// How far a tile position is from the goal, and which moves bring it
    /// closer (stopped after 60 s unless --time-limit says otherwise).
    Hint(hint::HintArgs),
    /// Every position of a small tile board (up to 12 cells) by its
    /// distance to the goal.
    Distances(hint::DistancesArgs),
    /// A recorded solve (a replay file or pasted text; `-` for standard
    /// input): time, moves in both metrics, TPS, and the excess over the
    /// optimum.
    Replay(replay::ReplayArgs),
    /// Open the app at a puzzle, as a link to the web edition does:
    /// `huarong open '?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&solve'`
    /// (parameters: puzzle, state, layout, strategy, heuristic, metric,
    /// solve, inspect).
    Open(OpenArgs),
}

/// `huarong open`'s one argument.
#[derive(Args, Debug)]
struct OpenArgs {
    /// The link's query (`?puzzle=…&…`), or a whole address ending in one.
    link: String,
}

/// Board size and goal, shared by the commands.
#[derive(Args, Debug, Clone)]
struct BoardArgs {
    /// Board size as RxC (default: inferred from a square count of tiles).
    #[arg(long, value_name = "RxC")]
    size: Option<String>,
    /// Goal tiles, row-major, 0 = blank (default: 1 2 … then the blank).
    #[arg(long, value_name = "TILES")]
    goal: Option<String>,
}

/// Strategy, heuristic and limits, shared by the commands.
#[derive(Args, Debug, Clone)]
struct SearchArgs {
    #[arg(long, short, help = strategy_help())]
    strategy: Option<String>,
    /// The strategies' tuning knobs, one flag each, from the registry.
    #[command(flatten)]
    tuning: tuning::TuningArgs,
    #[arg(long = "heuristic", short = 'H', value_name = "HEURISTIC", help = heuristic_help())]
    heuristic: Option<String>,
    /// Stop after expanding this many nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    #[command(flatten)]
    limits: LimitArgs,
    /// IDA*'s threads: its larger iterations are split over this many
    /// (default: every core; at most 256).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print JSON lines instead of a readable report.
    #[arg(long)]
    json: bool,
}

/// Most threads `--threads` takes.
const MAX_THREADS: usize = 256;

/// The time and memory limits, shared by the commands that search or
/// count (`solve` and the rest, `hint`, `distances`).
#[derive(Args, Debug, Clone)]
struct LimitArgs {
    /// Stop when the search holds this many MiB (default 4096).
    #[arg(long, value_name = "MIB")]
    max_memory: Option<u64>,
    /// Stop after this many seconds (bench and experiment: each
    /// instance's limit; --total-time-limit bounds the whole run).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    time_limit: Option<f64>,
}

impl LimitArgs {
    /// The limits, checked, with `max_nodes` for the node limit.
    fn limits(&self, max_nodes: Option<u64>) -> Result<Limits, CliError> {
        let time_limit = self.time_limit.map(time_limit).transpose()?;
        Ok(Limits {
            max_nodes,
            max_bytes: match self.max_memory {
                Some(0) => {
                    return Err(CliError::Input(
                        "--max-memory must be at least 1 MiB".into(),
                    ));
                }
                Some(mib) => Some(mib.saturating_mul(1 << 20)),
                None => Limits::default().max_bytes,
            },
            time_limit,
        })
    }
}

/// `--strategy`'s help, from the registry: the names, the defaults, and
/// the strategies a family cannot use.
fn strategy_help() -> String {
    let mut help = format!(
        "Strategy: {} (default: {} for tiles, {} for Klotski)",
        strategy::names(),
        strategy::DEFAULT_TILES,
        strategy::DEFAULT_KLOTSKI
    );
    for family in Family::ALL {
        let not: Vec<&str> = STRATEGIES
            .iter()
            .filter(|s| !s.supports(family))
            .map(|s| s.name())
            .collect();
        if !not.is_empty() {
            help += &format!("; not for {}: {}", family.name(), not.join(", "));
        }
    }
    help
}

/// `--heuristic`'s help, from the heuristics' table.
fn heuristic_help() -> String {
    let names: Vec<String> = HeuristicKind::ALL
        .into_iter()
        .map(|kind| match kind.database() {
            Some(db) => format!(
                "{} ({}, {} only)",
                kind.name(),
                db.partition_name,
                db.board.shape()
            ),
            None => kind.name().to_string(),
        })
        .collect();
    format!(
        "Heuristic: {}. A pattern database is built once (seconds) and cached. Default: {}; weighted takes the strongest pattern database already cached for the board. Tile puzzles only.",
        names.join(", "),
        HeuristicKind::LinearConflict.name()
    )
}

/// The most random starts `bench --random` and `experiment --count` draw:
/// each is held in memory before the first search.
pub(crate) const MAX_STARTS: usize = 100_000;
/// The most random moves `experiment --shuffle` makes per start.
pub(crate) const MAX_SHUFFLE: usize = 1_000_000;
/// A clap value parser for a count of at most `max`, refusing larger ones
/// with a named bound before anything is allocated.
pub(crate) fn count_at_most(max: usize) -> impl Fn(&str) -> Result<usize, String> + Clone {
    move |text: &str| {
        let n: u128 = text
            .trim()
            .parse()
            .map_err(|_| "not a whole number".to_string())?;
        if n > max as u128 {
            return Err(format!(
                "must be at most {}",
                huarong::units::thousands(max as u64)
            ));
        }
        Ok(n as usize)
    }
}

/// `huarong help --help` (or `-h`) as `huarong help help`: clap's help
/// command takes its word as a command's name and refused `--help` as an
/// unknown one.
fn help_for_help(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.len() == 3 && args[1] == "help" && (args[2] == "--help" || args[2] == "-h") {
        args[2] = "help".into();
    }
    args
}

/// Parse the command line and run it; the exit status says how it went
/// ([`CliError::exit_code`]).
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse_from(help_for_help(std::env::args_os().collect())) {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            out::eprint_line(format_args!("error: {}", one_line(&parse_error_line(&e))));
            return ExitCode::from(2);
        }
        // --help and --version: printed in full through the checked
        // output, exit 0 (a full disk is an error like any other output's).
        Err(e) => {
            let mut out = Out::stdout();
            return finish(out::help(&mut out, &e).and_then(|()| out.flush()));
        }
    };
    let mut out = Out::stdout();
    let result = match cli.command {
        Some(Command::Solve(args)) => solve::run(&args, &mut out),
        Some(Command::Bench(args)) => bench::run(&args, &mut out),
        Some(Command::Layouts(args)) => klotski::list_layouts(&args, &mut out),
        Some(Command::Compare(args)) => compare::compare(&args, &mut out),
        Some(Command::Experiment(args)) => compare::experiment(&args, &mut out),
        Some(Command::Hint(args)) => hint::hint(&args, &mut out),
        Some(Command::Distances(args)) => hint::distances(&args, &mut out),
        Some(Command::Replay(args)) => replay::run(&args, &mut out),
        Some(Command::Open(args)) => open_window(Some(&args.link)),
        None => open_window(None),
    };
    finish(result.and_then(|()| out.flush()))
}

/// No command, or `open`: open the window (at the link's puzzle).
#[cfg(feature = "gui")]
fn open_window(link: Option<&str>) -> Result<(), CliError> {
    // An address's query is what follows its `?`.
    let query = link.map(|l| l.find('?').map_or(l, |at| &l[at..]));
    crate::app::run(query).map_err(|e| CliError::Io(format!("cannot open the window: {e}")))
}

/// No command, and this build has no window.
#[cfg(not(feature = "gui"))]
fn open_window(_: Option<&str>) -> Result<(), CliError> {
    Err(CliError::Input(
        "this build of huarong has no window (built without the `gui` feature): \
         give a command, see `huarong --help`"
            .into(),
    ))
}

/// The exit status of a run that ended with `result`, its error printed
/// as one line on stderr (nothing for a closed output).
fn finish(result: Result<(), CliError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !matches!(e, CliError::Closed) {
                out::eprint_line(format_args!("error: {}", one_line(&e.to_string())));
            }
            ExitCode::from(e.exit_code())
        }
    }
}

/// A resolved search request.
struct Search {
    strategy: Box<dyn Strategy>,
    /// The heuristic with its database in hand, or the limit that stopped
    /// the database: then every solve ends with that limit.
    heuristic: Result<HeuristicChoice, Unprepared>,
    /// The heuristic asked for (also when its database is not in hand).
    kind: HeuristicKind,
    control: Control,
}

impl Search {
    /// Run this search on `start` under `control` (a search whose
    /// database the limits left no room for ends with that limit).
    fn solve_on(&self, start: &Start, control: &Control) -> Result<RunOutcome, SolveError> {
        match &self.heuristic {
            Ok(h) => start.solve(&*self.strategy, h, control),
            Err(stop) => Ok(start.stopped(Stop::Limit(stop.limit), stop.why.clone())),
        }
    }

    /// Solve `puzzle` with this search under `control`.
    fn solve_with(
        &self,
        puzzle: &TilePuzzle,
        control: &Control,
    ) -> Result<Outcome<Dir>, SolveError> {
        match &self.heuristic {
            Ok(h) => solve_tiles(&*self.strategy, puzzle, h, control),
            Err(stop) => {
                let mut o = Outcome::stopped(Stop::Limit(stop.limit), Stats::default());
                o.reason = Some(stop.why.clone());
                Ok(o)
            }
        }
    }

    /// Give the search these limits, or, if none are left, end it with why.
    fn limit_to(&mut self, limits: Result<Limits, Unprepared>) {
        match limits {
            Ok(limits) => self.control.limits = limits,
            Err(stop) => {
                if self.heuristic.is_ok() {
                    self.heuristic = Err(stop);
                }
            }
        }
    }

    /// The strategy and, if it uses one, its heuristic, in words.
    fn label(&self) -> String {
        if self.strategy.uses_heuristic() {
            format!("{} with {}", self.strategy.label(), self.kind.label())
        } else {
            self.strategy.label().to_string()
        }
    }
}

impl SearchArgs {
    /// The heuristic asked for, or the default.
    fn heuristic_name(&self) -> &str {
        self.heuristic
            .as_deref()
            .unwrap_or(HeuristicKind::LinearConflict.name())
    }

    /// The strategy asked for (or the family's default) with its settings
    /// applied, refused if it does not solve puzzles of `family`.
    fn strategy(&self, family: Family) -> Result<Box<dyn Strategy>, CliError> {
        let s = self.configured(
            self.strategy
                .as_deref()
                .unwrap_or(strategy::default_for(family)),
        )?;
        strategy::check_family(&*s, family)?;
        Ok(s)
    }

    /// Refuse `--trace` for a strategy that reports no events (the
    /// row-by-row one), and `--anatomy` for one that is not an exact search
    /// (a local search's walk has no depths, f-values or bounds).
    fn check_watchable(
        &self,
        observe: &observe::ObserveArgs,
        family: Family,
    ) -> Result<(), CliError> {
        if !observe.asked() {
            return Ok(());
        }
        let s = self.strategy(family)?;
        if !s.reports_events() {
            return Err(CliError::Input(format!(
                "--anatomy and --trace watch a search's steps; {} reports none",
                s.label()
            )));
        }
        if observe.anatomy_asked() && !s.is_optimal() {
            return Err(CliError::Input(format!(
                "--anatomy describes the exact searches (BFS, A*, IDA*), not {}; \
                 --trace records its walk",
                s.label()
            )));
        }
        Ok(())
    }

    /// The strategy `name` with these settings applied.
    fn configured(&self, name: &str) -> Result<Box<dyn Strategy>, CliError> {
        let tuning = self.tuning.tuning().map_err(CliError::Input)?;
        Ok(strategy::configure(name, &tuning)?)
    }

    /// Check the names and limits; load the pattern database if asked for,
    /// within the limits, which are then what is left for one run (see
    /// [`TimeLimitOf`]).
    fn resolve(&self, goal: &Board, time: TimeLimitOf) -> Result<Search, CliError> {
        let name = self.strategy.as_deref().unwrap_or(strategy::DEFAULT_TILES);
        let mut budget = Budget::new(self.control()?.limits);
        let heuristic = match &self.heuristic {
            Some(named) => named.as_str(),
            None => default_heuristic(&*self.configured(name)?, goal),
        };
        let mut search = self.resolve_with(name, heuristic, goal, &mut budget)?;
        search.limit_to(budget.left(1, time));
        Ok(search)
    }

    /// The strategy `name` with heuristic `heuristic` (and these settings),
    /// for a puzzle with this goal, its database had within `budget`.
    /// Everything is checked before a pattern database is loaded or built.
    /// The search keeps the run's full limits: the caller gives it its
    /// share of what the databases left ([`Search::limit_to`]).
    fn resolve_with(
        &self,
        name: &str,
        heuristic: &str,
        goal: &Board,
        budget: &mut Budget,
    ) -> Result<Search, CliError> {
        let control = self.control()?;
        let (strategy, kind) = self.check_with(name, heuristic, goal)?;
        Ok(Search {
            heuristic: heuristic_for(&*strategy, kind, goal, budget),
            kind,
            strategy,
            control,
        })
    }

    /// The strategy `name` with these settings, and the heuristic named
    /// `heuristic`, checked to apply to a puzzle with this goal; no file is
    /// read and nothing is built.
    fn check_with(
        &self,
        name: &str,
        heuristic: &str,
        goal: &Board,
    ) -> Result<(Box<dyn Strategy>, HeuristicKind), CliError> {
        let strategy = self.configured(name)?;
        let kind = heuristic_kind(heuristic)?;
        if strategy.uses_heuristic()
            && let Some(why) = kind.unavailable_for(goal.shape())
        {
            return Err(CliError::Input(why));
        }
        Ok((strategy, kind))
    }

    /// The limits as a control.
    fn control(&self) -> Result<Control, CliError> {
        let control = Control::default().with_limits(self.limits.limits(self.max_nodes)?);
        Ok(match self.threads {
            None => control,
            Some(n @ 1..=MAX_THREADS) => control.with_threads(n),
            Some(_) => {
                return Err(CliError::Input(format!(
                    "--threads must be between 1 and {MAX_THREADS}"
                )));
            }
        })
    }
}

/// The heuristic `strategy` gets when none is named: linear conflict, but
/// a bounded-suboptimal strategy searches with the strongest estimate at
/// hand, so it gets a pattern database for the board if one is already
/// cached (none is built unasked).
fn default_heuristic(strategy: &dyn Strategy, goal: &Board) -> &'static str {
    let default = HeuristicKind::LinearConflict;
    if strategy.within().is_none() {
        return default.name();
    }
    let dir = huarong::storage::pdb_cache::cache_dir();
    // Strongest first.
    [
        HeuristicKind::Pdb78,
        HeuristicKind::Pdb6666,
        HeuristicKind::Pdb,
    ]
    .into_iter()
    .find(|kind| {
        kind.unavailable_for(goal.shape()).is_none()
            && kind
                .partition(goal)
                .is_some_and(|p| huarong::storage::pdb_cache::is_cached(&dir, goal, &p))
    })
    .unwrap_or(default)
    .name()
}

/// The heuristic of kind `kind` for `strategy`: a pattern database is
/// loaded (or built) here, within `budget`, and only if the strategy uses
/// it.
fn heuristic_for(
    strategy: &dyn Strategy,
    kind: HeuristicKind,
    goal: &Board,
    budget: &mut Budget,
) -> Result<HeuristicChoice, Unprepared> {
    Ok(match HeuristicChoice::computed(kind) {
        Some(choice) => choice,
        // A database a strategy would not read is not loaded.
        None if !strategy.uses_heuristic() => HeuristicChoice::Manhattan,
        None => HeuristicChoice::Pdb(budget.database(kind, goal, &build_progress(kind))?),
    })
}

/// The longest `--time-limit`, in seconds (about 31 years): longer ones
/// would overflow a deadline.
const MAX_TIME_LIMIT_SECS: f64 = 1e9;

/// `--time-limit` as a duration: positive, at least a nanosecond, at most
/// `MAX_TIME_LIMIT_SECS`.
fn time_limit(secs: f64) -> Result<Duration, CliError> {
    if secs > MAX_TIME_LIMIT_SECS {
        return Err(CliError::Input(format!(
            "--time-limit must be at most {} seconds, not {}",
            huarong::units::thousands(MAX_TIME_LIMIT_SECS as u64),
            short_number(secs)
        )));
    }
    Duration::try_from_secs_f64(secs)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            CliError::Input(format!(
                "--time-limit must be a positive number of seconds (at least 1e-9), not {}",
                short_number(secs)
            ))
        })
}

impl BoardArgs {
    fn shape(&self) -> Result<Option<Shape>, CliError> {
        Ok(self.size.as_deref().map(Shape::parse).transpose()?)
    }

    /// Puzzle from a start text, with this size and goal.
    fn puzzle(&self, start: &str) -> Result<TilePuzzle, CliError> {
        Ok(TilePuzzle::parse(
            start,
            self.size.as_deref(),
            self.goal.as_deref(),
        )?)
    }
}

/// The start: tiles, or a Klotski layout (text or classic name).
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
struct StartArgs {
    /// Start tiles, row-major, separated by spaces or commas, 0 = blank.
    #[arg(long, value_name = "TILES")]
    state: Option<String>,
    /// A Klotski layout: rows joined by '/', '.' empty, one letter a piece
    /// (e.g. "BAAC/BAAC/DEEF/DGHF/I..J").
    #[arg(long, value_name = "LAYOUT")]
    klotski: Option<String>,
    /// A classic Klotski layout by name or number (see `huarong layouts`).
    #[arg(long, value_name = "NAME")]
    layout: Option<String>,
}

impl StartArgs {
    /// The family of the start the flags give.
    fn family(&self) -> Family {
        match self.state {
            Some(_) => Family::Tiles,
            None => Family::Klotski,
        }
    }

    /// The start the flags give (a layout counted in `klotski`'s metric),
    /// after refusing the flags that do not apply to its family.
    fn start(
        &self,
        board: &BoardArgs,
        klotski: &klotski::KlotskiArgs,
        search: &SearchArgs,
    ) -> Result<Start, CliError> {
        refuse_inapplicable(self.family(), board, klotski, search)?;
        self.build(board, klotski)
    }

    /// The same for a command that takes no search flags (`hint`).
    fn puzzle(&self, board: &BoardArgs, klotski: &klotski::KlotskiArgs) -> Result<Start, CliError> {
        refuse_puzzle_flags(self.family(), board, klotski)?;
        self.build(board, klotski)
    }

    /// The start the flags give, once the caller has refused the flags
    /// that do not apply to it.
    fn build(&self, board: &BoardArgs, klotski: &klotski::KlotskiArgs) -> Result<Start, CliError> {
        Ok(match &self.state {
            Some(state) => Start::Tiles(board.puzzle(state)?),
            None => {
                let layout =
                    klotski::resolve_layout(self.klotski.as_deref(), self.layout.as_deref())?;
                Start::Klotski(layout, klotski.metric()?)
            }
        })
    }
}

/// `huarong solve` of `start`, by its family's own solve.
fn solve_start(
    start: Start,
    search: &SearchArgs,
    watchers: observe::Watchers,
    out: &mut Out,
) -> Result<(), CliError> {
    match start {
        Start::Tiles(puzzle) => solve::solve_puzzle(&puzzle, search, watchers, out),
        Start::Klotski(layout, metric) => {
            klotski::solve_layout(&layout, metric, search, watchers, out)
        }
    }
}

/// The error for `flag`, which does not apply to a puzzle (`why`):
/// refused, not silently ignored.
fn refuse(flag: &str, why: &str) -> Result<(), CliError> {
    Err(CliError::Input(format!("{flag} does not apply {why}")))
}

/// Refuse the board and metric flags that do not apply to puzzles of
/// `family`.
fn refuse_puzzle_flags(
    family: Family,
    board: &BoardArgs,
    klotski: &klotski::KlotskiArgs,
) -> Result<(), CliError> {
    match family {
        Family::Klotski => {
            if board.size.is_some() {
                return refuse("--size", "to Klotski (the layout sets the board)");
            }
            if board.goal.is_some() {
                return refuse(
                    "--goal",
                    "to Klotski (the goal is the big piece at the exit)",
                );
            }
        }
        Family::Tiles => {
            if klotski.metric_given() {
                return refuse("--metric", "to tile puzzles (it is for Klotski)");
            }
        }
    }
    Ok(())
}

/// Refuse the flags that do not apply to puzzles of `family`: the board
/// and metric flags, and the search flags.
fn refuse_inapplicable(
    family: Family,
    board: &BoardArgs,
    klotski: &klotski::KlotskiArgs,
    search: &SearchArgs,
) -> Result<(), CliError> {
    refuse_puzzle_flags(family, board, klotski)?;
    refuse_search_flags(family, search)
}

/// Refuse the search flags that do not apply to puzzles of `family`.
fn refuse_search_flags(family: Family, search: &SearchArgs) -> Result<(), CliError> {
    match family {
        Family::Klotski if search.heuristic.is_some() => refuse(
            "--heuristic",
            "to Klotski (its searches use their own estimate)",
        ),
        Family::Klotski | Family::Tiles => Ok(()),
    }
}

/// The heuristic named `name`, or an error listing the valid names.
fn heuristic_kind(name: &str) -> Result<HeuristicKind, CliError> {
    HeuristicKind::from_name(name).ok_or_else(|| {
        let valid: Vec<&str> = HeuristicKind::ALL.iter().map(|k| k.name()).collect();
        CliError::Input(format!(
            "unknown heuristic '{}' (valid: {})",
            shorten(name, 60),
            valid.join(", ")
        ))
    })
}

/// Report a database build on stderr every tenth of the way (a cache hit
/// reports nothing).
fn build_progress(kind: HeuristicKind) -> impl Fn(f32) + Sync {
    let printed = std::sync::atomic::AtomicU32::new(0);
    move |f: f32| {
        let tenth = (f * 10.0).floor() as u32;
        if tenth > printed.fetch_max(tenth, std::sync::atomic::Ordering::Relaxed) {
            out::eprint_line(format_args!(
                "building pattern database {}: {}%",
                kind.partition_name().unwrap_or_default(),
                tenth * 10
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn time_limits_are_named_by_their_bounds() {
        assert_eq!(time_limit(0.5).unwrap(), Duration::from_millis(500));
        assert!(time_limit(MAX_TIME_LIMIT_SECS).is_ok());
        let over = time_limit(1e30).unwrap_err().to_string();
        assert!(over.contains("at most") && over.contains("1e30"), "{over}");
        for bad in [0.0, -1.0, 1e-300, f64::NAN] {
            let why = time_limit(bad).unwrap_err().to_string();
            assert!(why.contains("positive") && why.len() < 100, "{why}");
        }
    }

    /// Clap's errors over seeded random argument lists: each renders as
    /// one line; help and version are the only non-errors that stop.
    #[test]
    fn parser_errors_render_as_one_line_for_random_arguments() {
        use rand::RngExt;
        let words = [
            "solve",
            "bench",
            "compare",
            "experiment",
            "layouts",
            "--state",
            "--layout",
            "--size",
            "--strategies",
            "--count",
            "--shuffle",
            "--tenure",
            "--random",
            "--time-limit",
            "--json",
            "--bogus",
            "-H",
            "-s",
            "-x",
            "1",
            "-1",
            "abc",
            "",
            "18446744073709551616",
            "1e30",
            "--",
            "--help",
            "-V",
        ];
        let mut rng = crate::engine::rng::seeded(14);
        let mut errors = 0;
        for _ in 0..3000 {
            let n = rng.random_range(0..6);
            let args: Vec<&str> = std::iter::once("huarong")
                .chain((0..n).map(|_| words[rng.random_range(0..words.len())]))
                .collect();
            if let Err(e) = Cli::try_parse_from(&args)
                && e.use_stderr()
            {
                errors += 1;
                let line = one_line(&parse_error_line(&e));
                assert!(!line.is_empty() && !line.contains('\n'), "{args:?}: {line}");
                assert!(!line.starts_with("error"), "{args:?}: {line}");
            }
        }
        assert!(errors > 100, "{errors}");
    }

    #[test]
    fn the_help_and_the_flags_come_from_the_registry() {
        let help = strategy_help();
        for s in STRATEGIES {
            assert!(help.contains(s.name()), "{help}");
        }
        assert!(help.contains("not for Klotski: fast"), "{help}");
        let cli = Cli::command();
        let solve = cli.find_subcommand("solve").expect("a solve command");
        for s in STRATEGIES {
            for p in s.params() {
                let flag = p.key.flag();
                let arg = solve
                    .get_arguments()
                    .find(|a| a.get_long() == Some(flag))
                    .unwrap_or_else(|| panic!("no --{flag} for {}", s.name()));
                let text = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                assert!(text.contains(s.name()), "--{flag}: {text}");
            }
        }
    }
}
