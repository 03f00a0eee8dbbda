//! Klotski on the command line: `solve --klotski/--layout`, `layouts`, and
//! `bench --layouts`.

use clap::Args;
use serde::Serialize;

use super::bench::TotalTime;
use super::budget::{Budget, TimeLimitOf};
use super::observe::Watchers;
use super::report::{Counters, duration, thousands};
use super::{CliError, Out, SearchArgs};
use crate::engine::control::Stop;
use crate::engine::experiment::RunSummary;
use crate::engine::klotski::KMove;
use crate::engine::klotski::space::{piece_moves, unit_steps};
use crate::engine::klotski::{GroupSizes, KlotskiSpace, Layout, Metric};
use crate::engine::observe::{StateWords, Truth};
use crate::engine::strategy::{Family, proven_lower_bound};
use crate::engine::{Dir, Outcome, Status, solve_klotski};
use crate::storage::layouts::{self, Classic};
use crate::units::counters;

/// How Klotski solutions are counted.
#[derive(Args, Debug, Clone)]
pub(super) struct KlotskiArgs {
    /// Klotski cost: "moves" (one piece any distance, the traditional count)
    /// or "steps" (one piece one cell). Default: moves. Klotski only.
    #[arg(long, value_name = "METRIC")]
    metric: Option<String>,
}

impl KlotskiArgs {
    pub(super) fn metric(&self) -> Result<Metric, CliError> {
        let Some(name) = &self.metric else {
            return Ok(Metric::Moves);
        };
        Metric::from_name(name).ok_or_else(|| {
            CliError::Input(format!(
                "unknown metric '{}' (valid: moves, steps)",
                super::shorten(name, 60)
            ))
        })
    }

    /// Whether `--metric` was given.
    pub(super) fn metric_given(&self) -> bool {
        self.metric.is_some()
    }
}

/// The layout given as text or as a classic's name.
pub(super) fn resolve_layout(text: Option<&str>, name: Option<&str>) -> Result<Layout, CliError> {
    match (text, name) {
        (Some(text), _) => Layout::parse(text).map_err(|e| CliError::Input(format!("layout: {e}"))),
        (None, Some(name)) => classic(name).map(Classic::parse),
        (None, None) => Err(CliError::Input(
            "give --state, --klotski or --layout".into(),
        )),
    }
}

fn classic(name: &str) -> Result<&'static Classic, CliError> {
    layouts::find(name).ok_or_else(|| {
        CliError::Input(format!(
            "no classic layout named '{name}' (`huarong layouts` lists the {})",
            layouts::classics().len()
        ))
    })
}

/// One line of `solve --klotski … --json`.
#[derive(Serialize)]
pub(super) struct KlotskiRecord {
    status: &'static str,
    metric: &'static str,
    /// Unit steps, `letter:direction` (U, D, L, R).
    moves: Vec<String>,
    /// Unit steps.
    length: usize,
    /// Runs of steps by one piece.
    piece_moves: usize,
    #[serde(flatten)]
    counters: Counters,
}

/// The steps of a solution, checked to replay legally.
fn steps_of(layout: &Layout, o: &Outcome<KMove>) -> Result<Vec<(char, Dir)>, CliError> {
    unit_steps(layout, &o.path).map_err(|i| {
        CliError::Input(format!(
            "internal error: solution move {} is illegal",
            i + 1
        ))
    })
}

impl KlotskiRecord {
    /// The record of `o` from `layout`, whose unit `steps` were checked.
    pub(super) fn new(
        layout: &Layout,
        metric: Metric,
        o: &Outcome<KMove>,
        steps: &[(char, Dir)],
    ) -> Self {
        let r = RunSummary::of_klotski(layout, o);
        let counted = r.klotski.unwrap_or_default();
        Self {
            status: r.status.name(),
            metric: metric.name(),
            moves: steps
                .iter()
                .map(|&(c, d)| format!("{c}:{}", d.letter()))
                .collect(),
            length: counted.steps,
            piece_moves: counted.moves,
            counters: Counters::new(&r, o.reason.clone()),
        }
    }
}

/// `huarong solve --klotski … | --layout …`.
pub(super) fn solve_layout(
    layout: &Layout,
    metric: Metric,
    search: &SearchArgs,
    watchers: Watchers,
    out: &mut Out,
) -> Result<(), CliError> {
    let strategy = search.strategy(Family::Klotski)?;
    let mut ctl = search.control()?;
    // The anatomy's exact distances count against the run's limits.
    let mut budget = Budget::new(ctl.limits);
    let watchers = watchers.with_truth(&mut budget, |c| Some(Truth::klotski(layout, metric, c)))?;
    let left = match watchers.stopped() {
        Some(stop) => Err(stop.clone()),
        None => budget.left(1, TimeLimitOf::WholeRun),
    };
    let o = match left {
        Ok(limits) => {
            ctl.limits = limits;
            solve_klotski(
                &*strategy,
                layout,
                metric,
                &watchers.control(ctl, &StateWords::klotski(layout)),
            )?
        }
        Err(stop) => {
            let mut o = Outcome::stopped(Stop::Limit(stop.limit), Default::default());
            o.reason = Some(stop.why);
            o
        }
    };
    watchers.write_trace(out)?;
    let anatomy = watchers.anatomy(&o);
    let steps = steps_of(layout, &o)?;
    if search.json {
        let mut record = serde_json::to_value(KlotskiRecord::new(layout, metric, &o, &steps))?;
        if let Some(n) = proven_lower_bound(&*strategy, &o) {
            record["lower_bound"] = n.into();
        }
        if let Some(a) = &anatomy {
            record["anatomy"] = serde_json::to_value(a)?;
        }
        writeln!(out, "{record}")?;
        return Ok(());
    }
    writeln!(out, "Start ({}x{}):", layout.rows, layout.cols)?;
    write!(out, "{layout}")?;
    writeln!(
        out,
        "Strategy: {}, counting {}",
        strategy.label(),
        metric.name()
    )?;
    match o.status {
        Status::Solved => {
            let optimal = crate::units::guarantee(&o.stats)
                .unwrap_or_else(|| "not guaranteed optimal".into());
            writeln!(
                out,
                "Status: solved in {} moves, {} steps ({optimal} in {})",
                piece_moves(&steps),
                steps.len(),
                metric.name()
            )?;
            let text: Vec<String> = steps
                .iter()
                .map(|&(c, d)| format!("{c}{}", d.letter()))
                .collect();
            writeln!(out, "Steps (piece, direction): {}", text.join(" "))?;
        }
        status => {
            writeln!(
                out,
                "Status: {status}: {}",
                o.reason.as_deref().unwrap_or("no reason given")
            )?;
            if let Some(n) = proven_lower_bound(&*strategy, &o) {
                writeln!(
                    out,
                    "Proven: every solution takes at least {n} {}",
                    metric.name()
                )?;
            }
        }
    }
    writeln!(out, "{}", counters(&o.stats))?;
    if let Some(a) = &anatomy {
        writeln!(out, "{}", super::observe::anatomy_text(a))?;
    }
    Ok(())
}

#[derive(Args, Debug)]
pub(super) struct LayoutsArgs {
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

/// `huarong layouts`.
pub(super) fn list_layouts(args: &LayoutsArgs, out: &mut Out) -> Result<(), CliError> {
    for (i, c) in layouts::classics().iter().enumerate() {
        if args.json {
            #[derive(Serialize)]
            struct Line<'a> {
                number: usize,
                #[serde(flatten)]
                classic: &'a Classic,
            }
            writeln!(
                out,
                "{}",
                serde_json::to_string(&Line {
                    number: i + 1,
                    classic: c
                })?
            )?;
        } else {
            // Chinese characters take two terminal columns each.
            let pad = 14usize.saturating_sub(2 * c.name.chars().count());
            writeln!(
                out,
                "{:>2}  {}{:pad$} {:<26} {:>3} moves {:>3} steps  {}",
                i + 1,
                c.name,
                "",
                c.layout,
                c.moves,
                c.steps,
                c.english
            )?;
        }
    }
    Ok(())
}

/// One line of `bench --layouts … --json`.
#[derive(Serialize)]
struct BenchLine<'a> {
    name: &'a str,
    expected: usize,
    found: Option<usize>,
    states: usize,
    enumerate_ms: f64,
    /// Whether the states were enumerated for this layout (`false`: its
    /// group was, for an earlier one, and `enumerate_ms` is a look-up's).
    enumerated: bool,
    #[serde(flatten)]
    record: KlotskiRecord,
}

/// `huarong bench --layouts NAMES|all`: solve each classic, compare with its
/// known optimum and time a whole enumeration of its state space (once
/// a group: a layout whose group an earlier one enumerated is looked up).
pub(super) fn bench_layouts(
    names: &str,
    klotski: &KlotskiArgs,
    search: &SearchArgs,
    total: TotalTime,
    out: &mut Out,
) -> Result<(), CliError> {
    let metric = klotski.metric()?;
    let strategy = search.strategy(Family::Klotski)?;
    let ctl = search.control()?;
    let mut not_run = 0;
    let chosen: Vec<&Classic> = if names.trim() == "all" {
        layouts::classics().iter().collect()
    } else {
        names.split(',').map(classic).collect::<Result<_, _>>()?
    };
    let (mut total_ms, mut enum_ms, mut solved, mut mismatches) = (0.0, 0.0, 0, Vec::new());
    let mut times = Vec::new();
    let mut groups = GroupSizes::default();
    for c in &chosen {
        if total.out() {
            not_run += 1;
            if search.json {
                let line = serde_json::json!({ "name": c.name, "status": "not_run" });
                writeln!(out, "{line}")?;
            } else {
                writeln!(out, "{}  not run (the total time limit ran out)", c.name)?;
            }
            continue;
        }
        let layout = c.parse();
        let ctl = ctl.clone().with_limits(total.cap(ctl.limits));
        let o = solve_klotski(&*strategy, &layout, metric, &ctl)?;
        let steps = steps_of(&layout, &o)?;
        let (space, start) = KlotskiSpace::new(&layout, metric);
        let t = std::time::Instant::now();
        let (states, enumerated) = groups.count(&space, start);
        let e_ms = t.elapsed().as_secs_f64() * 1e3;
        let expected = match metric {
            Metric::Moves => c.moves,
            Metric::Steps => c.steps,
        };
        let found = (o.status == Status::Solved).then_some(o.path.len());
        if found.is_some() {
            solved += 1;
            if found != Some(expected) {
                mismatches.push(format!(
                    "{}: found {}, expected {expected}",
                    c.name,
                    o.path.len()
                ));
            }
        }
        let ms = o.stats.elapsed.as_secs_f64() * 1e3;
        times.push(ms);
        total_ms += ms;
        enum_ms += e_ms;
        if search.json {
            let line = BenchLine {
                name: &c.name,
                expected,
                found,
                states,
                enumerate_ms: e_ms,
                enumerated,
                record: KlotskiRecord::new(&layout, metric, &o, &steps),
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        } else {
            let result = match found {
                Some(n) => format!("solved {n:>3} (expected {expected})"),
                None => format!("{} (expected {expected})", o.status),
            };
            let pad = 14usize.saturating_sub(2 * c.name.chars().count());
            let how = if enumerated {
                "enumerated"
            } else {
                "(group seen) found"
            };
            writeln!(
                out,
                "{}{:pad$} {result:<26} {:>10}  expanded {:>7}  {:>6} states {how} in {}",
                c.name,
                "",
                duration(ms / 1e3),
                thousands(o.stats.expanded),
                thousands(states as u64),
                duration(e_ms / 1e3)
            )?;
        }
    }
    // At least one layout was chosen, so there is a median.
    let median = crate::units::median(&mut times).unwrap_or(0.0);
    if search.json {
        #[derive(Serialize)]
        struct Summary<'a> {
            layouts: usize,
            solved: usize,
            total_ms: f64,
            median_ms: f64,
            enumerate_ms: f64,
            mismatches: &'a [String],
            not_run: usize,
            #[serde(skip_serializing_if = "Option::is_none")]
            stopped_by: Option<&'static str>,
        }
        #[derive(Serialize)]
        struct Line<'a> {
            summary: Summary<'a>,
        }
        let summary = Summary {
            layouts: chosen.len(),
            solved,
            total_ms,
            median_ms: median,
            enumerate_ms: enum_ms,
            mismatches: &mismatches,
            not_run,
            stopped_by: (not_run > 0).then_some("total_time_limit"),
        };
        writeln!(out, "{}", serde_json::to_string(&Line { summary })?)?;
    } else {
        writeln!(
            out,
            "solved {solved} of {} in {}; total {}, median {}; enumerations total {}",
            chosen.len(),
            metric.name(),
            duration(total_ms / 1e3),
            duration(median / 1e3),
            duration(enum_ms / 1e3)
        )?;
        if let Some(line) = total.stopped_line(not_run, chosen.len(), "layouts") {
            writeln!(out, "{line}")?;
        }
        if mismatches.is_empty() {
            writeln!(out, "lengths disagreeing with the known optima: none")?;
        }
        for m in &mismatches {
            writeln!(out, "length mismatch: {m}")?;
        }
    }
    Ok(())
}
