//! `--anatomy` and `--trace`: what a search did, from its events.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::Args;
use serde::Serialize;

use super::CliError;
use super::budget::{Budget, TimeLimitOf, Unprepared, stopped};
use super::out::Out;
use super::report::thousands;
use crate::engine::control::Stop;
use crate::engine::observe::{Anatomy, AnatomyRecorder, Event, EventFn, Record, Truth};
use crate::engine::{Control, Outcome};

/// The `--trace` that means standard output.
const STDOUT: &str = "-";

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
    /// Those exact distances are counted first, within the run's limits:
    /// their time and memory are taken from the search's, their count is
    /// held to --max-nodes, and a limit reached meanwhile ends the run.
    #[arg(long)]
    anatomy: bool,
    /// Write the search's events to FILE, one JSON object per line
    /// (expand, generate, iteration, goal; the local searches' propose,
    /// tabu_add, tabu_expire, aspiration, diversify, restart,
    /// local_minimum), ending with an "end" line. `-` is standard output
    /// (before the report). A regular file (or a new one) is replaced
    /// atomically; a device, FIFO or symbolic link is written in place, as
    /// `> FILE` would, never replaced.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// At most N events in the trace (default 100,000; at most 1,000,000).
    #[arg(long, value_name = "N", requires = "trace")]
    trace_limit: Option<u64>,
}

/// The events kept for `--trace`, written as JSON lines when the run ends.
struct TraceLog {
    records: Vec<Record>,
    limit: u64,
    truncated: bool,
}

/// The observers a run asked for.
pub(super) struct Watchers {
    anatomy: Option<Arc<AnatomyRecorder>>,
    trace: Option<(PathBuf, Arc<Mutex<TraceLog>>)>,
    /// The limit that stopped the anatomy's exact distances: the run ends
    /// with it, unsearched.
    stopped: Option<Unprepared>,
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
                if path.as_os_str() == STDOUT {
                    // Standard output: no folder to check.
                } else if path.is_dir() {
                    return Err(CliError::Input(format!(
                        "--trace {}: a folder, not a file",
                        path.display()
                    )));
                }
                let folder = match path.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                if path.as_os_str() != STDOUT && !folder.is_dir() {
                    return Err(CliError::Input(format!(
                        "--trace {}: no folder {}",
                        path.display(),
                        folder.display()
                    )));
                }
                let log = TraceLog {
                    records: Vec::new(),
                    limit,
                    truncated: false,
                };
                Some((path.clone(), Arc::new(Mutex::new(log))))
            }
        };
        Ok(Watchers {
            anatomy: self.anatomy.then(|| Arc::new(AnatomyRecorder::default())),
            trace,
            stopped: None,
        })
    }
}

/// The line that ends a trace: `{"event":"end","truncated":…}`.
#[derive(Serialize)]
#[serde(tag = "event", rename = "end")]
struct End {
    /// Events were left out (`--trace-limit`).
    truncated: bool,
}

impl Watchers {
    /// With `--anatomy`, the heuristic's error too, from the exact
    /// distances `truth` gives (`None`: none for this board). Called once
    /// every argument is checked: the distances take a moment to count, and
    /// they count against the run's limits in `budget` (`truth` is given
    /// a control with what is left; what it holds is taken from the
    /// searches' memory). A limit reached meanwhile ends the run: see
    /// [`stopped`](Self::stopped).
    pub(super) fn with_truth(
        mut self,
        budget: &mut Budget,
        truth: impl FnOnce(&Control) -> Option<Result<Truth, Stop>>,
    ) -> Result<Self, CliError> {
        if self.anatomy.is_none() {
            return Ok(self);
        }
        let limits = match budget.left(1, TimeLimitOf::WholeRun) {
            Ok(limits) => limits,
            Err(stop) => {
                self.stopped = Some(stop);
                return Ok(self);
            }
        };
        let what = "the exact distances for --anatomy were counted \
                    (without --anatomy the search runs alone)";
        match truth(&Control::default().with_limits(limits)) {
            None => {}
            Some(Ok(truth)) => {
                budget.hold("the exact distances for --anatomy", truth.bytes());
                self.anatomy = Some(Arc::new(AnatomyRecorder::with_truth(truth)));
            }
            Some(Err(Stop::Limit(kind))) => {
                self.stopped = Some(stopped(Stop::Limit(kind), &budget.limits(), what));
            }
            Some(Err(_)) => {
                return Err(CliError::Internal(
                    "counting the exact distances for --anatomy was cancelled".into(),
                ));
            }
        }
        Ok(self)
    }

    /// The limit that stopped the anatomy's exact distances, if one did:
    /// the run ends with it.
    pub(super) fn stopped(&self) -> Option<&Unprepared> {
        self.stopped.as_ref()
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
                if (log.records.len() as u64) < log.limit {
                    log.records.push(e.to_record());
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

    /// Write the trace, if asked for: to `out` for `-`, else to its file
    /// (see [`huarong::storage::write_atomic_with`]: a regular file is
    /// replaced atomically, anything else written in place); `Err` names
    /// the file and the reason.
    pub(super) fn write_trace(&self, out: &mut Out) -> Result<(), CliError> {
        let Some((path, log)) = &self.trace else {
            return Ok(());
        };
        let log = log.lock().unwrap_or_else(|p| p.into_inner());
        let end = End {
            truncated: log.truncated,
        };
        let lines = |out: &mut dyn std::io::Write| -> std::io::Result<()> {
            for record in &log.records {
                // A failed write comes back as the writer's own error.
                serde_json::to_writer(&mut *out, record)?;
                writeln!(out)?;
            }
            serde_json::to_writer(&mut *out, &end)?;
            writeln!(out)
        };
        if path.as_os_str() == STDOUT {
            return out.with_writer(lines);
        }
        huarong::storage::write_atomic_with(path, |out| lines(out))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::observe::Fate;
    use crate::engine::strategy::{find, solve_tiles};
    use crate::engine::{HeuristicChoice, TilePuzzle};
    use serde_json::{Value, json};

    /// A trace line as the trace documents it, built field by field: the
    /// event's name, `f` = g + h beside `g` and `h`, a child's fate, and
    /// no state when it is empty, no temperature or probability when there
    /// is none, `tabu` only when true.
    fn documented(r: &Record) -> Value {
        let mut v = match r {
            Record::Expand { g, h, .. } => json!({"g": g, "h": h, "f": g + h}),
            Record::Generate { g, h, fate, .. } => {
                let fate = match fate {
                    Fate::New => "new",
                    Fate::Duplicate => "duplicate",
                    Fate::Reopened => "reopened",
                    Fate::Improved => "improved",
                    Fate::Pruned => "pruned",
                    Fate::Skipped => "skipped",
                };
                json!({"g": g, "h": h, "f": g + h, "fate": fate})
            }
            Record::IterationStart { bound } => json!({ "bound": bound }),
            Record::Goal { g } => json!({ "g": g }),
            Record::Propose {
                accepted,
                energy,
                iteration,
                probability,
                proposed,
                tabu,
                temperature,
                ..
            } => {
                let mut v = json!({"iteration": iteration, "energy": energy,
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
                v
            }
            Record::TabuAdd { len, .. } => json!({ "len": len }),
            Record::TabuExpire { .. } | Record::Diversify => json!({}),
            Record::Aspiration { score, best } => json!({"score": score, "best": best}),
            Record::Restart { run } => json!({ "run": run }),
            Record::LocalMinimum { energy } => json!({ "energy": energy }),
        };
        let name = match r {
            Record::Expand { .. } => "expand",
            Record::Generate { .. } => "generate",
            Record::IterationStart { .. } => "iteration",
            Record::Goal { .. } => "goal",
            Record::Propose { .. } => "propose",
            Record::TabuAdd { .. } => "tabu_add",
            Record::TabuExpire { .. } => "tabu_expire",
            Record::Aspiration { .. } => "aspiration",
            Record::Diversify => "diversify",
            Record::Restart { .. } => "restart",
            Record::LocalMinimum { .. } => "local_minimum",
        };
        v["event"] = json!(name);
        let state = match r {
            Record::Expand { state, .. }
            | Record::Generate { state, .. }
            | Record::Propose { state, .. }
            | Record::TabuAdd { state, .. }
            | Record::TabuExpire { state } => state.as_str(),
            _ => "",
        };
        if !state.is_empty() {
            v["state"] = json!(state);
        }
        v
    }

    /// Whether two JSON values agree: the same keys and texts, numbers to
    /// a few units in the last place (serde_json's reading of a float may
    /// be one off).
    fn agree(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(y.abs())
            }
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| agree(v, w)))
            }
            _ => a == b,
        }
    }

    /// `line` is `record` serialised, as the trace documents it, names its
    /// event first, and reads back as the same record.
    fn check_line(line: &str, record: &Record) {
        assert_eq!(serde_json::to_string(record).unwrap(), line);
        let parsed: Value = serde_json::from_str(line).unwrap();
        let expected = documented(record);
        assert!(agree(&parsed, &expected), "{line}\n{expected}");
        assert!(
            line.starts_with(&format!("{{\"event\":\"{}\"", record.name())),
            "{line}"
        );
        let back: Record = serde_json::from_str(line).unwrap();
        assert!(agree(&documented(&back), &expected), "{line}");
        assert_eq!(back.name(), record.name(), "{line}");
    }

    #[test]
    fn every_kind_of_event_is_written_as_documented_and_reads_back() {
        let s = |t: &str| t.to_string();
        let records = [
            Record::Expand {
                g: 3,
                h: 4,
                state: s("1 2 3 4 5 6 0 7 8"),
            },
            // A search with no words for its states: no state field.
            Record::Expand {
                g: 0,
                h: 0,
                state: String::new(),
            },
            Record::Generate {
                g: 1,
                h: 2,
                fate: Fate::Reopened,
                state: s("A.B"),
            },
            Record::Generate {
                g: 1,
                h: 0,
                fate: Fate::Skipped,
                state: String::new(),
            },
            Record::IterationStart { bound: 23 },
            Record::Goal { g: 31 },
            Record::Propose {
                accepted: false,
                energy: 6.0,
                iteration: 12,
                probability: Some(0.25),
                proposed: 7.5,
                state: s("8 6 7 2 5 4 3 0 1"),
                tabu: false,
                temperature: Some(1.75),
            },
            Record::Propose {
                accepted: true,
                energy: 6.0,
                iteration: 0,
                probability: None,
                proposed: 5.0,
                state: s("x"),
                tabu: true,
                temperature: None,
            },
            Record::TabuAdd {
                len: 2,
                state: s("y"),
            },
            Record::TabuExpire { state: s("z") },
            Record::Aspiration {
                score: 3.0,
                best: 4.5,
            },
            Record::Diversify,
            Record::Restart { run: 2 },
            Record::LocalMinimum { energy: 9.0 },
        ];
        for r in &records {
            let line = serde_json::to_string(r).unwrap();
            check_line(&line, r);
            // These floats are exact in decimal: the record comes back whole.
            assert_eq!(&serde_json::from_str::<Record>(&line).unwrap(), r);
        }
        // A line without the optional fields reads back with them empty.
        let bare: Record = serde_json::from_str(
            r#"{"event":"propose","accepted":true,"energy":1.0,"iteration":4,"proposed":0.0}"#,
        )
        .unwrap();
        assert_eq!(
            bare,
            Record::Propose {
                accepted: true,
                energy: 1.0,
                iteration: 4,
                probability: None,
                proposed: 0.0,
                state: String::new(),
                tabu: false,
                temperature: None,
            }
        );
        // A child's line names its fate.
        let err = serde_json::from_str::<Record>(r#"{"event":"generate","g":1,"h":2,"f":3}"#);
        assert!(err.unwrap_err().to_string().contains("fate"));
    }

    /// Every event of `strategy` on `board`, kept in order.
    fn recorded(strategy: &str, board: &str) -> Vec<Record> {
        let puzzle = TilePuzzle::parse(board, None, None).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        let ctl = Control::default().with_events(Arc::new(move |e: &Event<'_>| {
            sink.lock().unwrap().push(e.to_record())
        }));
        let h = HeuristicChoice::Manhattan;
        solve_tiles(find(strategy).unwrap(), &puzzle, &h, &ctl).unwrap();
        log.lock().unwrap().clone()
    }

    /// The `--trace` file of the same run.
    fn traced(strategy: &str, board: &str, dir: &std::path::Path) -> String {
        let path = dir.join(format!("{strategy}.jsonl"));
        let args = ObserveArgs {
            trace: Some(path.clone()),
            ..ObserveArgs::default()
        };
        let watchers = args.watchers().unwrap();
        let puzzle = TilePuzzle::parse(board, None, None).unwrap();
        let ctl = watchers.control(Control::default());
        let h = HeuristicChoice::Manhattan;
        solve_tiles(find(strategy).unwrap(), &puzzle, &h, &ctl).unwrap();
        watchers.write_trace(&mut Out::to(std::io::sink())).unwrap();
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_traced_run_writes_each_event_as_documented_then_the_end() {
        let dir = tempfile::tempdir().unwrap();
        let board = "4 1 3 7 2 6 0 5 8";
        let strategies = [
            "bfs",
            "dfs",
            "ids",
            "astar",
            "idastar",
            "weighted",
            "annealing",
            "tabu",
            "greedy",
        ];
        for strategy in strategies {
            let records = recorded(strategy, board);
            let text = traced(strategy, board, dir.path());
            let lines: Vec<&str> = text.lines().collect();
            assert!(records.len() > 2, "{strategy}: a run with events");
            // Depth-first search on this board has more than the default
            // limit: the first events, then an end line that says so.
            let kept = records.len().min(DEFAULT_TRACE_LIMIT as usize);
            let truncated = records.len() > kept;
            assert_eq!(lines.len(), kept + 1, "{strategy}");
            for (line, record) in lines[..kept].iter().zip(&records) {
                check_line(line, record);
            }
            assert_eq!(
                lines.last().copied(),
                Some(format!(r#"{{"event":"end","truncated":{truncated}}}"#).as_str()),
                "{strategy}"
            );
        }
    }
}
