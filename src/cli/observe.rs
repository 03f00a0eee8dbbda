//! `--anatomy` and `--trace`: what a search did, from its events.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::Args;
use serde_json::{Value, json};

use super::CliError;
use super::report::thousands;
use crate::engine::control::Stop;
use crate::engine::observe::{Anatomy, AnatomyRecorder, Event, EventFn, Truth};
use crate::engine::{Control, Outcome};

/// The default and the largest `--trace-limit`: a trace is held in memory
/// until the run ends, then written whole (never half a file).
const DEFAULT_TRACE_LIMIT: u64 = 100_000;
const MAX_TRACE_LIMIT: u64 = 1_000_000;

#[derive(Args, Debug, Default)]
pub(super) struct ObserveArgs {
    /// Add the run's anatomy: expanded nodes by depth and by f, IDA*'s
    /// iterations, BFS's layers, the effective branching factor, and on
    /// boards of up to 10 cells and Klotski the heuristic's error (true
    /// distance − h) over the expanded nodes (exact searches: BFS, A*, IDA*).
    #[arg(long)]
    anatomy: bool,
    /// Write the search's events to FILE, one JSON object per line
    /// (expand, generate, iteration, goal; the local searches' propose,
    /// tabu_add, tabu_expire, aspiration, diversify, restart,
    /// local_minimum), ending with an "end" line.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// At most N events in the trace (default 100,000; at most 1,000,000).
    #[arg(long, value_name = "N", requires = "trace")]
    trace_limit: Option<u64>,
}

/// The events kept for `--trace`.
struct TraceLog {
    lines: Vec<String>,
    limit: u64,
    truncated: bool,
}

/// The observers a run asked for.
pub(super) struct Watchers {
    anatomy: Option<Arc<AnatomyRecorder>>,
    trace: Option<(PathBuf, Arc<Mutex<TraceLog>>)>,
}

impl ObserveArgs {
    /// Whether `--anatomy` or `--trace` was given.
    pub(super) fn asked(&self) -> bool {
        self.anatomy || self.trace.is_some()
    }

    /// Whether `--anatomy` was given.
    pub(super) fn anatomy_asked(&self) -> bool {
        self.anatomy
    }

    /// The observers asked for, after checking the flags (nothing is
    /// written yet).
    pub(super) fn watchers(&self) -> Result<Watchers, CliError> {
        let limit = self.trace_limit.unwrap_or(DEFAULT_TRACE_LIMIT);
        if limit == 0 || limit > MAX_TRACE_LIMIT {
            return Err(CliError::Input(format!(
                "--trace-limit must be 1 to {}, not {}",
                thousands(MAX_TRACE_LIMIT),
                thousands(limit)
            )));
        }
        let trace = match &self.trace {
            None => None,
            Some(path) => {
                if path.is_dir() {
                    return Err(CliError::Input(format!(
                        "--trace {}: a folder, not a file",
                        path.display()
                    )));
                }
                let folder = match path.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                if !folder.is_dir() {
                    return Err(CliError::Input(format!(
                        "--trace {}: no folder {}",
                        path.display(),
                        folder.display()
                    )));
                }
                let log = TraceLog {
                    lines: Vec::new(),
                    limit,
                    truncated: false,
                };
                Some((path.clone(), Arc::new(Mutex::new(log))))
            }
        };
        Ok(Watchers {
            anatomy: self.anatomy.then(|| Arc::new(AnatomyRecorder::default())),
            trace,
        })
    }
}

/// One event as a trace line.
fn trace_line(e: &Event<'_>) -> Value {
    let with_state = |mut v: Value, state: &dyn Fn() -> String| {
        let text = state();
        if !text.is_empty() {
            v["state"] = Value::String(text);
        }
        v
    };
    match e {
        Event::Expand { g, h, state } => with_state(
            json!({"event": e.name(), "g": g, "h": h, "f": g + h}),
            state,
        ),
        Event::Generate { g, h, fate, state } => with_state(
            json!({"event": e.name(), "g": g, "h": h, "f": g + h, "fate": fate}),
            state,
        ),
        Event::IterationStart { bound } => json!({"event": e.name(), "bound": bound}),
        Event::Goal { g } => json!({"event": e.name(), "g": g}),
        Event::Propose {
            iteration,
            energy,
            proposed,
            temperature,
            probability,
            tabu,
            accepted,
            state,
        } => {
            let mut v = json!({"event": e.name(), "iteration": iteration, "energy": energy,
                "proposed": proposed, "accepted": accepted});
            if let Some(t) = temperature {
                v["temperature"] = json!(t);
            }
            if let Some(p) = probability {
                v["probability"] = json!(p);
            }
            if *tabu {
                v["tabu"] = json!(true);
            }
            with_state(v, state)
        }
        Event::TabuAdd { len, state } => with_state(json!({"event": e.name(), "len": len}), state),
        Event::TabuExpire { state } => with_state(json!({"event": e.name()}), state),
        Event::Aspiration { score, best } => {
            json!({"event": e.name(), "score": score, "best": best})
        }
        Event::Diversify => json!({"event": e.name()}),
        Event::Restart { run } => json!({"event": e.name(), "run": run}),
        Event::LocalMinimum { energy } => json!({"event": e.name(), "energy": energy}),
    }
}

impl Watchers {
    /// With `--anatomy`, the heuristic's error too, from the exact
    /// distances `truth` gives (`None`: none for this board). Called once
    /// every argument is checked: the distances take a moment to count.
    pub(super) fn with_truth(
        mut self,
        truth: impl FnOnce() -> Option<Result<Truth, Stop>>,
    ) -> Result<Self, CliError> {
        if self.anatomy.is_some() {
            match truth() {
                None => {}
                Some(Ok(truth)) => {
                    self.anatomy = Some(Arc::new(AnatomyRecorder::with_truth(truth)));
                }
                Some(Err(stop)) => {
                    return Err(CliError::Input(format!(
                        "counting the exact distances for --anatomy stopped: {stop:?}"
                    )));
                }
            }
        }
        Ok(self)
    }

    /// `ctl` with these observers on it.
    pub(super) fn control(&self, ctl: Control) -> Control {
        let anatomy = self.anatomy.as_ref().map(|a| a.observer());
        let trace = self.trace.as_ref().map(|(_, log)| Arc::clone(log));
        if anatomy.is_none() && trace.is_none() {
            return ctl;
        }
        let both: EventFn = Arc::new(move |e: &Event<'_>| {
            if let Some(a) = &anatomy {
                a(e);
            }
            if let Some(log) = &trace {
                let mut log = log.lock().unwrap_or_else(|p| p.into_inner());
                if (log.lines.len() as u64) < log.limit {
                    log.lines.push(trace_line(e).to_string());
                } else {
                    log.truncated = true;
                }
            }
        });
        ctl.with_events(both)
    }

    /// The anatomy of the run that ended with `outcome`, if asked for.
    pub(super) fn anatomy<M>(&self, outcome: &Outcome<M>) -> Option<Anatomy> {
        self.anatomy.as_ref().map(|a| a.anatomy(outcome))
    }

    /// Write the trace, if asked for, atomically; `Err` names the file
    /// and the reason.
    pub(super) fn write_trace(&self) -> Result<(), CliError> {
        let Some((path, log)) = &self.trace else {
            return Ok(());
        };
        let log = log.lock().unwrap_or_else(|p| p.into_inner());
        let end = json!({"event": "end", "truncated": log.truncated});
        huarong::storage::write_atomic_with(path, |out| {
            use std::io::Write;
            for line in &log.lines {
                writeln!(out, "{line}")?;
            }
            writeln!(out, "{end}")
        })
        .map_err(|e| CliError::file(format!("cannot write --trace {}", path.display()), &e))
    }
}

/// The anatomy in a few lines of text.
pub(super) fn anatomy_text(a: &Anatomy) -> String {
    let list = |v: &[u64]| {
        v.iter()
            .map(|&n| thousands(n))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = vec![format!("Expanded by depth: {}", list(&a.by_depth))];
    if !a.by_f.is_empty() {
        let by_f: Vec<String> = a
            .by_f
            .iter()
            .map(|(f, n)| format!("{f}: {}", thousands(*n)))
            .collect();
        out.push(format!("Expanded by f: {}", by_f.join(", ")));
    }
    if !a.layers.is_empty() {
        out.push(format!("New states by depth: {}", list(&a.layers)));
    }
    for it in &a.iterations {
        out.push(format!(
            "Iteration with bound {}: {} expanded, {} generated, {} skipped by move pruning",
            it.bound,
            thousands(it.expanded),
            thousands(it.generated),
            thousands(it.skipped)
        ));
    }
    if let Some(h) = a.start_h {
        out.push(format!("Estimate of the start: {h}"));
    }
    if let Some(b) = a.branching {
        out.push(format!("Effective branching factor b*: {b:.3}"));
    }
    if !a.heuristic_error.is_empty() {
        let errors: Vec<String> = a
            .heuristic_error
            .iter()
            .map(|(e, n)| format!("{e}: {}", thousands(*n)))
            .collect();
        out.push(format!(
            "Heuristic error (true distance - h) of the expanded: {}",
            errors.join(", ")
        ));
    }
    out.join("\n")
}
