//! `huarong compare` (several strategy configurations on one start, run
//! concurrently) and `huarong experiment` (the same over many random
//! starts, aggregated).

use clap::Args;
use serde::Serialize;

mod by_depth;

use super::StartArgs;
use super::bench::TotalTime;
use super::budget::{Budget, TimeLimitOf};
use super::klotski::{KlotskiArgs, resolve_layout};
use super::report::{Record, bytes, duration, thousands};
use super::{BoardArgs, CliError, Out, Search, SearchArgs, refuse_inapplicable};
use crate::engine::experiment::{Aggregate, RunSummary, flag_disagreements, scramble, tile_start};
use crate::engine::klotski::Layout;
use crate::engine::klotski::space::unit_steps;
use crate::engine::strategy::SolveError;
use crate::engine::strategy::{Family, check_family};
use crate::engine::{Board, TilePuzzle};
use crate::puzzle::{RunOutcome, Start};

#[derive(Args, Debug)]
pub(super) struct CompareArgs {
    #[command(flatten)]
    start: StartArgs,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    klotski: KlotskiArgs,
    /// Configurations, comma separated: strategy[:heuristic], e.g.
    /// "bfs,astar:linear-conflict,idastar:pdb,annealing,tabu".
    #[arg(long, value_name = "LIST")]
    strategies: String,
    #[command(flatten)]
    search: SearchArgs,
}

/// One configuration: its name as given and the strategy and heuristic.
struct Config {
    name: String,
    strategy: String,
    heuristic: String,
    /// Whether the item named its heuristic (`strategy:heuristic`).
    heuristic_given: bool,
}

fn configs(list: &str, search: &SearchArgs) -> Result<Vec<Config>, CliError> {
    if search.strategy.is_some() {
        return Err(CliError::Input(
            "give the strategies with --strategies, not --strategy".into(),
        ));
    }
    let out: Vec<Config> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            let (strategy, heuristic) = match item.split_once(':') {
                Some((s, h)) => (s.trim(), h.trim()),
                None => (item, search.heuristic_name()),
            };
            Config {
                name: item.to_string(),
                strategy: strategy.to_string(),
                heuristic: heuristic.to_string(),
                heuristic_given: item.contains(':'),
            }
        })
        .collect();
    if out.is_empty() {
        return Err(CliError::Input("--strategies lists no strategy".into()));
    }
    Ok(out)
}

/// What one run of one configuration gave, for the table.
#[derive(Clone, Debug, Serialize)]
struct RunLine {
    strategy: String,
    #[serde(flatten)]
    record: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// The run's numbers; `None` when it was refused.
    #[serde(skip)]
    summary: Option<RunSummary>,
}

/// Run every configuration on `start`, each on its own thread with its own
/// limits (and one thread each, so runs do not fight over cores).
fn run_all<'a>(
    start: &Start,
    searches: impl IntoIterator<Item = &'a (String, Search)>,
    total: TotalTime,
) -> Result<Vec<RunLine>, CliError> {
    let lines = std::thread::scope(|scope| {
        let handles: Vec<_> = searches
            .into_iter()
            .map(|(name, search)| {
                scope.spawn(move || {
                    let ctl = search
                        .control
                        .clone()
                        .with_threads(1)
                        .with_limits(total.cap(search.control.limits));
                    run_line(name, start, search.solve_on(start, &ctl))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .map_err(|_| CliError::Internal("a solver thread panicked".into()))
            })
            .collect::<Result<Vec<_>, CliError>>()
    });
    let mut lines = lines?;
    flag_lines(&mut lines);
    Ok(lines)
}

/// The line of configuration `name`'s run on `start`: its record as the
/// family's `solve` prints it, or why it was refused.
fn run_line(name: &str, start: &Start, ran: Result<RunOutcome, SolveError>) -> RunLine {
    let strategy = name.to_string();
    let Ok(outcome) = ran else {
        return RunLine {
            strategy,
            record: serde_json::json!({ "status": "refused" }),
            error: ran.err().map(|e| e.to_string()),
            summary: None,
        };
    };
    let record = match (&outcome, start) {
        (RunOutcome::Klotski(o), Start::Klotski(layout, metric)) => {
            let steps = unit_steps(layout, &o.path).unwrap_or_default();
            serde_json::to_value(super::klotski::KlotskiRecord::new(
                layout, *metric, o, &steps,
            ))
        }
        (RunOutcome::Tiles(o), _) => serde_json::to_value(Record::new(o)),
        // `Start::solve` answers with its own family's outcome.
        (RunOutcome::Klotski(_), Start::Tiles(_)) => unreachable!("a Klotski run on tiles"),
    };
    RunLine {
        strategy,
        record: record.expect("a record serializes"),
        error: None,
        summary: Some(outcome.summary(Some(start))),
    }
}

/// Runs that claim a shortest solution must agree on its length; a
/// disagreement would be a bug, so it is named on every run involved.
fn flag_lines(lines: &mut [RunLine]) {
    if let Some(lengths) = flag_disagreements(lines.iter_mut().filter_map(|l| l.summary.as_mut())) {
        for l in lines
            .iter_mut()
            .filter(|l| l.summary.is_some_and(|s| s.disagrees))
        {
            l.error = Some(format!(
                "optimal strategies disagree on the length: {lengths:?}"
            ));
        }
    }
}

/// The configurations of `list`, each checked to solve puzzles of `family`,
/// their databases had within the limits. They run at once, so each gets
/// an even share of the memory the databases leave (the limit is the whole
/// run's); `time` says whether the time limit is the whole run's too.
fn resolve_all(
    list: &str,
    search: &SearchArgs,
    goal: &Board,
    family: Family,
    time: TimeLimitOf,
) -> Result<Vec<(String, Search)>, CliError> {
    let configs = configs(list, search)?;
    // Every name and limit is checked before the first database is loaded.
    let mut budget = Budget::new(search.control()?.limits);
    for c in &configs {
        if family == Family::Klotski && c.heuristic_given {
            return Err(CliError::Input(format!(
                "'{}': heuristics such as pattern databases are for tile boards; \
                 Klotski searches use their own estimate",
                super::shorten(&c.name, 60)
            )));
        }
        let (strategy, _) = search.check_with(&c.strategy, &c.heuristic, goal)?;
        check_family(&*strategy, family)?;
    }
    let mut searches = configs
        .into_iter()
        .map(|c| {
            let s = search.resolve_with(&c.strategy, &c.heuristic, goal, &mut budget)?;
            Ok((c.name, s))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let share = searches.len();
    for (_, s) in &mut searches {
        s.limit_to(budget.left(share, time));
    }
    Ok(searches)
}

/// The database column of the readable tables: the pattern database's
/// bytes, or "–" for a run that consulted none.
fn database(bytes_held: u64) -> String {
    match bytes_held {
        0 => "–".to_string(),
        n => bytes(n),
    }
}

/// The goal the configurations' heuristic names are checked on: the tile
/// board's, or any 3x3 goal for a family whose searches use their own
/// estimate.
fn heuristic_goal(start: &Start) -> Board {
    match start {
        Start::Tiles(p) => p.goal.clone(),
        _ => Board::goal(crate::engine::Shape::new(3, 3).expect("3x3")),
    }
}

/// `huarong compare`.
pub(super) fn compare(args: &CompareArgs, out: &mut Out) -> Result<(), CliError> {
    let start = args.start.start(&args.board, &args.klotski, &args.search)?;
    if let Start::Tiles(p) = &start
        && let Err(why) = p.check_solvable()
    {
        return Err(CliError::Input(format!("this start is unsolvable: {why}")));
    }
    let searches = resolve_all(
        &args.strategies,
        &args.search,
        &heuristic_goal(&start),
        start.family(),
        TimeLimitOf::WholeRun,
    )?;
    let lines = run_all(&start, &searches, TotalTime::new(None)?)?;
    if args.search.json {
        for l in &lines {
            writeln!(out, "{}", serde_json::to_string(l)?)?;
        }
        return Ok(());
    }
    let klotski = !start.is_tiles();
    writeln!(
        out,
        "{:<28} {:<10} {:>8} {:>8} {:>12} {:>12} {:>10} {:>10} {:>10}",
        "strategy",
        "status",
        if klotski { "steps" } else { "length" },
        if klotski { "moves" } else { "optimal" },
        "expanded",
        "generated",
        "memory",
        "database",
        "time"
    )?;
    for l in &lines {
        let status = l.record["status"].as_str().unwrap_or("?");
        let (a, b) = match l.summary {
            Some(s) if s.solved() => match s.klotski {
                Some(k) => (k.steps.to_string(), k.moves.to_string()),
                None => (
                    s.length.to_string(),
                    if s.optimal { "yes" } else { "no" }.to_string(),
                ),
            },
            _ => ("–".to_string(), "–".to_string()),
        };
        let count = |f: fn(&RunSummary) -> u64| l.summary.as_ref().map_or(0, f);
        writeln!(
            out,
            "{:<28} {:<10} {:>8} {:>8} {:>12} {:>12} {:>10} {:>10} {:>10}",
            l.strategy,
            status,
            a,
            b,
            thousands(count(|s| s.expanded)),
            thousands(count(|s| s.generated)),
            bytes(count(|s| s.peak_bytes)),
            database(count(|s| s.database_bytes)),
            duration(l.summary.map_or(0.0, |s| s.ms) / 1e3)
        )?;
        if let Some(e) = &l.error {
            writeln!(out, "  error: {e}")?;
        }
    }
    Ok(())
}

#[derive(Args, Debug)]
pub(super) struct ExperimentArgs {
    /// How many random starts (at most 100,000).
    #[arg(long, default_value_t = 100, value_parser = super::count_at_most(super::MAX_STARTS))]
    count: usize,
    /// Starts this many random moves (steps for Klotski) from the goal (or
    /// from the layout); without it, uniformly random solvable tile starts.
    /// At most 1,000,000.
    #[arg(long, value_name = "K", value_parser = super::count_at_most(super::MAX_SHUFFLE))]
    shuffle: Option<usize>,
    /// Klotski: scramble this classic (name or number) instead of tiles.
    #[arg(long, value_name = "NAME", conflicts_with = "klotski_layout")]
    layout: Option<String>,
    /// Klotski: scramble this layout (rows joined by '/', '.' empty, one
    /// letter a piece) instead of tiles.
    #[arg(long = "klotski", value_name = "LAYOUT")]
    klotski_layout: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    klotski: KlotskiArgs,
    /// Configurations, comma separated: strategy[:heuristic].
    #[arg(long, value_name = "LIST")]
    strategies: String,
    /// Search cost by solution depth (Russell & Norvig's table): starts
    /// exactly A, A+STEP, … B moves from the goal, drawn uniformly from the
    /// board's exact distance table (boards of at most 12 cells), with the
    /// mean nodes generated and the effective branching factor b* per
    /// depth. Each run stops at --max-nodes (here 10,000,000 unless given).
    #[arg(
        long,
        value_name = "A..B[:STEP]",
        conflicts_with_all = ["count", "shuffle", "layout", "klotski_layout"]
    )]
    by_depth: Option<String>,
    /// With --by-depth: starts per depth (default 100, at most 100,000).
    #[arg(long, value_name = "N", requires = "by_depth", value_parser = super::count_at_most(super::MAX_STARTS))]
    per_depth: Option<usize>,
    #[command(flatten)]
    search: SearchArgs,
    /// The whole run's time budget in seconds (--time-limit is each run's):
    /// runs going when it runs out stop at their time limit, and the starts
    /// not begun yet are reported as not run.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    total_time_limit: Option<f64>,
}

/// One line of `experiment --json`: a configuration's aggregate.
#[derive(Serialize)]
struct AggregateLine {
    strategy: String,
    instances: usize,
    solved: usize,
    solved_pct: f64,
    mean_length: Option<f64>,
    median_length: Option<f64>,
    mean_expanded: f64,
    mean_ms: f64,
    median_ms: f64,
    /// The largest search memory of any run.
    max_peak_bytes: u64,
    /// The largest pattern database any run consulted, apart.
    max_database_bytes: u64,
    disagreements: usize,
    /// Starts not run: the total time limit ran out first.
    not_run: usize,
    /// Why the run stopped short (`total_time_limit`), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<&'static str>,
}

impl AggregateLine {
    fn new(strategy: String, a: &Aggregate, not_run: usize) -> Self {
        Self {
            strategy,
            instances: a.runs,
            solved: a.solved,
            solved_pct: a.solved_pct(),
            mean_length: a.mean_length,
            median_length: a.median_length,
            mean_expanded: a.mean_expanded,
            mean_ms: a.mean_ms,
            median_ms: a.median_ms,
            max_peak_bytes: a.max_peak_bytes,
            max_database_bytes: a.max_database_bytes,
            disagreements: a.disagreements,
            not_run,
            stopped_by: (not_run > 0).then_some("total_time_limit"),
        }
    }
}

/// The most random moves `experiment` makes in all (`--count` × `--shuffle`).
const MAX_SHUFFLE_TOTAL: u128 = 100_000_000;

/// Klotski scrambles are drawn this many steps at a time between checks of
/// the time limit (a step can take microseconds; tile moves are fast enough
/// to check once per start).
const SCRAMBLE_SLICE: usize = 10_000;

/// The random starts of an experiment: scrambles of `base` (Klotski) or
/// tile starts for `goal`. Drawing them is bounded like the searches: in
/// total moves, and by `--time-limit` when given.
fn draw_starts(
    args: &ExperimentArgs,
    base: Option<&Layout>,
    goal: &Board,
    rng: &mut crate::engine::rng::SeededRng,
    total: &TotalTime,
) -> Result<Vec<Start>, CliError> {
    let moves = args.count as u128 * args.shuffle.unwrap_or(0) as u128;
    if moves > MAX_SHUFFLE_TOTAL {
        return Err(CliError::Input(format!(
            "--count × --shuffle must be at most {} random moves in all, not {}",
            thousands(MAX_SHUFFLE_TOTAL as u64),
            thousands(moves as u64)
        )));
    }
    let limit = args
        .search
        .limits
        .time_limit
        .map(super::time_limit)
        .transpose()?;
    let started = std::time::Instant::now();
    let check_time = || match limit {
        Some(limit) if started.elapsed() > limit => Err(CliError::Input(format!(
            "drawing the {} starts took longer than --time-limit ({} s); \
             give a smaller --count or --shuffle",
            args.count,
            limit.as_secs_f64()
        ))),
        _ => Ok(()),
    };
    let mut starts = Vec::with_capacity(args.count);
    for _ in 0..args.count {
        check_time()?;
        // The total time limit covers drawing too: the starts not drawn
        // are counted as not run.
        if total.out() {
            break;
        }
        starts.push(match base {
            Some(base) => {
                // In slices, to check the time between them: scrambling k
                // steps then m more draws exactly what k + m steps would.
                let mut layout = base.clone();
                let mut left = args.shuffle.unwrap_or(50);
                while left > 0 {
                    let slice = left.min(SCRAMBLE_SLICE);
                    layout = scramble(&layout, slice, rng);
                    left -= slice;
                    check_time()?;
                    if total.out() {
                        return Ok(starts);
                    }
                }
                Start::Klotski(layout, args.klotski.metric()?)
            }
            None => {
                let start = tile_start(goal, args.shuffle, rng);
                Start::Tiles(TilePuzzle::new(start, goal.clone()).expect("same shape"))
            }
        });
    }
    Ok(starts)
}

/// `huarong experiment`.
pub(super) fn experiment(args: &ExperimentArgs, out: &mut Out) -> Result<(), CliError> {
    let total = TotalTime::new(args.total_time_limit)?;
    if args.count == 0 {
        return Err(CliError::Input("--count must be at least 1".into()));
    }
    let seed = args.search.tuning.seed().unwrap_or(1);
    let mut rng = crate::engine::rng::seeded(seed);
    // The board first, then every configuration checked (and its database
    // loaded), and only then the starts drawn.
    let klotski = args.layout.is_some() || args.klotski_layout.is_some();
    let family = match klotski {
        true => Family::Klotski,
        false => Family::Tiles,
    };
    refuse_inapplicable(family, &args.board, &args.klotski, &args.search)?;
    let (base, goal) = match klotski {
        true => (
            Some(resolve_layout(
                args.klotski_layout.as_deref(),
                args.layout.as_deref(),
            )?),
            // Heuristic names do not matter for Klotski; any 3x3 goal checks them.
            Board::goal(crate::engine::Shape::new(3, 3)?),
        ),
        false => {
            let shape = args
                .board
                .shape()?
                .unwrap_or(crate::engine::Shape::new(3, 3)?);
            let goal = TilePuzzle::parse(
                &Board::goal(shape).to_text(),
                Some(&shape.to_string()),
                args.board.goal.as_deref(),
            )?
            .goal;
            (None, goal)
        }
    };
    let searches = resolve_all(
        &args.strategies,
        &args.search,
        &goal,
        family,
        TimeLimitOf::EachRun,
    )?;
    if let Some(depths) = &args.by_depth {
        return by_depth::run(args, depths, &goal, searches, total, out);
    }
    let starts = draw_starts(args, base.as_ref(), &goal, &mut rng, &total)?;
    let mut per_config: Vec<Vec<RunLine>> = vec![Vec::new(); searches.len()];
    let undrawn = args.count - starts.len();
    let mut not_run = undrawn;
    let mut progress = super::out::Progress::new();
    for (i, start) in starts.iter().enumerate() {
        if total.out() {
            not_run = starts.len() - i + undrawn;
            break;
        }
        let lines = run_all(start, &searches, total)?;
        if !args.search.json {
            progress.show(format_args!("start {}/{}", i + 1, starts.len()));
        }
        for (k, l) in lines.into_iter().enumerate() {
            per_config[k].push(l);
        }
    }
    progress.done();
    // Every configuration ran on every start run (none when the total
    // time limit ran out before the first), and every run was checked
    // beforehand, so none was refused.
    let aggregates: Vec<AggregateLine> = searches
        .iter()
        .zip(&per_config)
        .filter_map(|((name, _), runs)| {
            let summaries: Vec<RunSummary> = runs.iter().filter_map(|r| r.summary).collect();
            Aggregate::of(&summaries).map(|a| AggregateLine::new(name.clone(), &a, not_run))
        })
        .collect();
    if args.search.json {
        for a in &aggregates {
            writeln!(out, "{}", serde_json::to_string(a)?)?;
        }
        if aggregates.is_empty() {
            // No start ran: one line says so.
            #[derive(Serialize)]
            struct NoneRun {
                instances: usize,
                not_run: usize,
                stopped_by: &'static str,
            }
            let line = NoneRun {
                instances: 0,
                not_run,
                stopped_by: "total_time_limit",
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        }
        return Ok(());
    }
    writeln!(
        out,
        "{:<28} {:>8} {:>10} {:>10} {:>14} {:>10} {:>10} {:>10} {:>10}",
        "strategy",
        "solved",
        "mean len",
        "median len",
        "mean expanded",
        "mean time",
        "median",
        "max memory",
        "database"
    )?;
    for a in &aggregates {
        let opt = |v: Option<f64>| v.map_or("–".to_string(), |x| format!("{x:.1}"));
        writeln!(
            out,
            "{:<28} {:>7.0}% {:>10} {:>10} {:>14} {:>10} {:>10} {:>10} {:>10}",
            a.strategy,
            a.solved_pct,
            opt(a.mean_length),
            opt(a.median_length),
            thousands(a.mean_expanded as u64),
            duration(a.mean_ms / 1e3),
            duration(a.median_ms / 1e3),
            bytes(a.max_peak_bytes),
            database(a.max_database_bytes)
        )?;
        if a.disagreements > 0 {
            writeln!(
                out,
                "  error: optimal strategies disagreed on {} starts",
                a.disagreements
            )?;
        }
    }
    if let Some(line) = total.stopped_line(not_run, args.count, "starts") {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dir, Outcome, Stats};

    #[test]
    fn scrambling_in_slices_draws_the_same_layout_as_at_once() {
        let base = crate::storage::layouts::classics()[0].parse();
        let (mut whole_rng, mut sliced_rng) =
            (crate::engine::rng::seeded(7), crate::engine::rng::seeded(7));
        let whole = scramble(&base, 2 * SCRAMBLE_SLICE + 17, &mut whole_rng);
        let mut sliced = base.clone();
        for slice in [SCRAMBLE_SLICE, SCRAMBLE_SLICE, 17] {
            sliced = scramble(&sliced, slice, &mut sliced_rng);
        }
        assert_eq!(sliced, whole);
        assert_ne!(whole, base);
    }

    fn line(name: &str, optimal: bool, cost: usize) -> RunLine {
        let o = Outcome::solved(
            vec![Dir::Up; cost],
            Stats {
                optimal,
                ..Stats::default()
            },
        );
        run_line(name, &tile_start(), Ok(RunOutcome::Tiles(o)))
    }

    fn tile_start() -> Start {
        Start::Tiles(TilePuzzle::parse("1 2 3 4 5 6 7 8 0", None, None).unwrap())
    }

    #[test]
    fn optimal_runs_that_disagree_are_flagged_and_others_are_not() {
        let mut agree = vec![
            line("bfs", true, 31),
            line("astar", true, 31),
            line("tabu", false, 85),
            run_line(
                "idastar:pdb",
                &tile_start(),
                Err(SolveError::BadParameter("refused".into())),
            ),
        ];
        flag_lines(&mut agree);
        assert!(agree[..3].iter().all(|l| l.error.is_none()));
        let mut bug = vec![
            line("bfs", true, 31),
            line("astar", true, 33),
            line("tabu", false, 85),
        ];
        flag_lines(&mut bug);
        assert_eq!(
            bug[0].error.as_deref(),
            Some("optimal strategies disagree on the length: [31, 33]")
        );
        assert!(bug[1].error.is_some());
        assert!(bug[2].error.is_none(), "a local search claims nothing");
    }
}
