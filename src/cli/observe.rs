//! `--anatomy` and `--trace`: what a search did, from its events.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use clap::Args;
use serde::Serialize;

use super::CliError;
use super::budget::{Budget, TimeLimitOf, Unprepared, stopped};
use super::out::Out;
use super::report::thousands;
use crate::engine::control::Stop;
use crate::engine::observe::{Anatomy, AnatomyRecorder, Event, EventFn, Fate, StateWords, Truth};
use crate::engine::{Control, Outcome};
use huarong::storage::{Flush, Replacement};

/// The `--trace` that means standard output.
const STDOUT: &str = "-";

/// The default and the largest `--trace-limit`: a trace to standard
/// output, a FIFO or a device is held in memory until the run ends.
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
    /// atomically, never left half written (nor flushed to disk: a power
    /// cut may lose it); a device, FIFO or symbolic link is written in
    /// place, as `> FILE` would, never replaced.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// At most N events in the trace (default 100,000; at most 1,000,000).
    #[arg(long, value_name = "N", requires = "trace")]
    trace_limit: Option<u64>,
}

/// The trace's lines, made as the events come (their states in words
/// then). A regular file's are written into its replacement a chunk at a
/// time as the run goes (so a trace costs no more memory than a chunk);
/// standard output's, a FIFO's or a device's are held and written when
/// the run ends.
struct TraceLog {
    lines: Vec<u8>,
    kept: u64,
    limit: u64,
    /// The file's replacement, being written, or what stopped its writing.
    file: Option<Result<Replacement, std::io::Error>>,
}

/// How many bytes of lines are gathered before a chunk is written to the
/// file: few enough that the buffer stays in the processor's L2, many
/// enough that the system takes each write in large pieces (a
/// 1,000,000-line trace 0.85–0.89× the time it took in 64 KiB chunks; 1
/// MiB no faster, 4 MiB slower: docs/PERFORMANCE.md).
const CHUNK: usize = 1 << 19;

impl TraceLog {
    /// Write the lines gathered to the file and clear them (for a trace
    /// with a file): unless its writing has failed before (the first
    /// failure is kept, the lines after it dropped).
    fn spill(&mut self) {
        use std::io::Write;
        if let Some(Ok(file)) = &mut self.file
            && let Err(e) = file.file().write_all(&self.lines)
        {
            self.file = Some(Err(e));
        }
        self.lines.clear();
    }
}

/// The trace's lines, and whether its limit was reached.
struct Trace {
    /// Set once the limit is reached: later events are left out without
    /// taking the lock (and, with no anatomy asked for, the search makes
    /// no more expansions and children).
    full: Arc<AtomicBool>,
    log: Mutex<TraceLog>,
}

/// The observers a run asked for.
pub(super) struct Watchers {
    anatomy: Option<Arc<AnatomyRecorder>>,
    trace: Option<(PathBuf, Arc<Trace>)>,
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
                // A regular file (or none yet) is replaced as the run
                // goes; anything else is written in place at the end.
                let file = match std::fs::symlink_metadata(path) {
                    _ if path.as_os_str() == STDOUT => None,
                    Ok(meta) if !meta.is_file() => None,
                    _ => Some(Replacement::begin(path).map_err(|e| {
                        CliError::file(format!("cannot write --trace {}", path.display()), &e)
                    })?),
                };
                let room = match file {
                    Some(_) => CHUNK + CHUNK / 8,
                    // Room for the lines of a 3×3 run, reserved (not yet
                    // touched) up front: growing a buffer of tens of
                    // megabytes by copying costs more than writing it.
                    None => limit as usize * LINE_BYTES,
                };
                let log = TraceLog {
                    lines: Vec::with_capacity(room),
                    kept: 0,
                    limit,
                    file: file.map(Ok),
                };
                let trace = Trace {
                    full: Arc::new(AtomicBool::new(false)),
                    log: Mutex::new(log),
                };
                Some((path.clone(), Arc::new(trace)))
            }
        };
        Ok(Watchers {
            anatomy: self.anatomy.then(|| Arc::new(AnatomyRecorder::default())),
            trace,
            stopped: None,
        })
    }
}

/// About the length of a trace line on the 8-puzzle.
const LINE_BYTES: usize = 72;

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

    /// `ctl` with these observers on it; the trace writes states in
    /// `words`.
    pub(super) fn control(&self, ctl: Control, words: &StateWords) -> Control {
        let words = words.clone();
        let anatomy = self.anatomy.as_ref().map(|a| a.observer());
        let trace = self.trace.as_ref().map(|(_, log)| Arc::clone(log));
        if anatomy.is_none() && trace.is_none() {
            return ctl;
        }
        // A trace alone has had enough once it is full.
        let enough = match (&anatomy, &trace) {
            (None, Some(trace)) => Some(Arc::clone(&trace.full)),
            _ => None,
        };
        let both: EventFn = Arc::new(move |e: &Event| {
            if let Some(a) = &anatomy {
                a(e);
            }
            if let Some(trace) = &trace
                && !trace.full.load(Ordering::Relaxed)
            {
                let mut log = trace.log.lock().unwrap_or_else(|p| p.into_inner());
                if log.kept < log.limit {
                    log.kept += 1;
                    push_line(e, &words, &mut log.lines);
                    if log.lines.len() >= CHUNK && log.file.is_some() {
                        log.spill();
                    }
                } else {
                    trace.full.store(true, Ordering::Relaxed);
                }
            }
        });
        match enough {
            Some(enough) => ctl.with_events_until(both, enough),
            None => ctl.with_events(both),
        }
    }

    /// The anatomy of the run that ended with `outcome`, if asked for.
    pub(super) fn anatomy<M>(&self, outcome: &Outcome<M>) -> Option<Anatomy> {
        self.anatomy.as_ref().map(|a| a.anatomy(outcome))
    }

    /// Write the trace, if asked for: to `out` for `-`; a regular file's
    /// last lines into its replacement, which is then renamed over it
    /// (flushed to the system, not to disk: see [`Flush::ToSystem`]);
    /// anything else written in place (see
    /// [`huarong::storage::write_atomic_with`]). `Err` names the file and
    /// the reason.
    pub(super) fn write_trace(&self, out: &mut Out) -> Result<(), CliError> {
        use std::io::Write;
        let Some((path, trace)) = &self.trace else {
            return Ok(());
        };
        let mut log = trace.log.lock().unwrap_or_else(|p| p.into_inner());
        let end = End {
            truncated: trace.full.load(Ordering::Relaxed),
        };
        serde_json::to_writer(&mut log.lines, &end)?;
        log.lines.push(b'\n');
        let cannot = |e: &std::io::Error| {
            CliError::file(format!("cannot write --trace {}", path.display()), e)
        };
        if log.file.is_some() {
            log.spill();
            return match log.file.take() {
                Some(Ok(file)) => file.finish(Flush::ToSystem).map_err(|e| cannot(&e)),
                Some(Err(e)) => Err(cannot(&e)),
                None => Ok(()),
            };
        }
        let lines = &log.lines;
        if path.as_os_str() == STDOUT {
            return out.with_writer(|out| out.write_all(lines));
        }
        huarong::storage::write_atomic_with(path, |out| out.write_all(lines))
            .map_err(|e| cannot(&e))
    }
}

/// Append `event`'s trace line (with its newline) to `line`: exactly what
/// serialising its [`TraceLine`](crate::engine::observe::TraceLine) writes.
/// Expansions and children, nearly every line of a trace, are written here
/// field by field, each piece of a length known when compiled (so copied
/// in place, not by a call per piece); the rest, and any state whose words
/// would need escaping, through serde.
fn push_line(event: &Event, words: &StateWords, line: &mut Vec<u8>) {
    let begin = line.len();
    let (g, h, state) = match *event {
        Event::Expand { g, h, ref state } => {
            line.extend_from_slice(b"{\"event\":\"expand\",\"f\":");
            push_number(line, g + h);
            (g, h, state)
        }
        Event::Generate {
            g,
            h,
            fate,
            ref state,
        } => {
            line.extend_from_slice(b"{\"event\":\"generate\",\"f\":");
            push_number(line, g + h);
            // A fate as serde names it (snake case).
            line.extend_from_slice(b",\"fate\":\"");
            match fate {
                Fate::New => line.extend_from_slice(b"new\""),
                Fate::Duplicate => line.extend_from_slice(b"duplicate\""),
                Fate::Reopened => line.extend_from_slice(b"reopened\""),
                Fate::Improved => line.extend_from_slice(b"improved\""),
                Fate::Pruned => line.extend_from_slice(b"pruned\""),
                Fate::Skipped => line.extend_from_slice(b"skipped\""),
            }
            (g, h, state)
        }
        _ => return push_through_serde(event, words, line),
    };
    line.extend_from_slice(b",\"g\":");
    push_number(line, g);
    line.extend_from_slice(b",\"h\":");
    push_number(line, h);
    const FIELD: &[u8] = b",\"state\":\"";
    line.extend_from_slice(FIELD);
    let text = line.len();
    words.write(state, line);
    if line.len() == text {
        // No words: the field is left out.
        line.truncate(text - FIELD.len());
    } else if !words.is_plain()
        && line[text..]
            .iter()
            .any(|&b| b == b'"' || b == b'\\' || b < 0x20)
    {
        line.truncate(begin);
        return push_through_serde(event, words, line);
    } else {
        line.push(b'"');
    }
    line.extend_from_slice(b"}\n");
}

/// `n` in decimal, appended: one or two digits (nearly every g and h) as
/// one copy, longer numbers digit by digit.
#[inline(always)]
fn push_number(line: &mut Vec<u8>, n: u32) {
    if n < 10 {
        line.push(b'0' + n as u8);
    } else if n < 100 {
        line.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else {
        line.extend_from_slice(n.to_string().as_bytes());
    }
}

/// `event`'s line as serde writes it.
fn push_through_serde(event: &Event, words: &StateWords, line: &mut Vec<u8>) {
    serde_json::to_writer(&mut *line, &event.in_words(words)).expect("a trace line serialises");
    line.push(b'\n');
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
    use crate::engine::observe::{Event, Fate, Proposed, TraceLine};
    use crate::engine::strategy::{find, solve_tiles};
    use crate::engine::{HeuristicChoice, TilePuzzle};
    use serde_json::{Value, json};

    /// A trace line as the trace documents it, built field by field: the
    /// event's name, `f` = g + h beside `g` and `h`, a child's fate, and
    /// no state when it is empty, no temperature or probability when there
    /// is none, `tabu` only when true.
    fn documented(r: &TraceLine) -> Value {
        let mut v = match r {
            TraceLine::Expand { g, h, .. } => json!({"g": g, "h": h, "f": g + h}),
            TraceLine::Generate { g, h, fate, .. } => {
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
            TraceLine::IterationStart { bound } => json!({ "bound": bound }),
            TraceLine::Goal { g } => json!({ "g": g }),
            TraceLine::Propose(p) => {
                let Proposed {
                    accepted,
                    energy,
                    iteration,
                    probability,
                    proposed,
                    tabu,
                    temperature,
                    ..
                } = &**p;
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
            TraceLine::TabuAdd { len, .. } => json!({ "len": len }),
            TraceLine::TabuExpire { .. } | TraceLine::Diversify => json!({}),
            TraceLine::Aspiration { score, best } => json!({"score": score, "best": best}),
            TraceLine::Restart { run } => json!({ "run": run }),
            TraceLine::LocalMinimum { energy } => json!({ "energy": energy }),
        };
        let name = match r {
            TraceLine::Expand { .. } => "expand",
            TraceLine::Generate { .. } => "generate",
            TraceLine::IterationStart { .. } => "iteration",
            TraceLine::Goal { .. } => "goal",
            TraceLine::Propose(_) => "propose",
            TraceLine::TabuAdd { .. } => "tabu_add",
            TraceLine::TabuExpire { .. } => "tabu_expire",
            TraceLine::Aspiration { .. } => "aspiration",
            TraceLine::Diversify => "diversify",
            TraceLine::Restart { .. } => "restart",
            TraceLine::LocalMinimum { .. } => "local_minimum",
        };
        v["event"] = json!(name);
        let state = match r {
            TraceLine::Expand { state, .. }
            | TraceLine::Generate { state, .. }
            | TraceLine::TabuAdd { state, .. }
            | TraceLine::TabuExpire { state } => state.as_str(),
            TraceLine::Propose(p) => p.state.as_str(),
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
    fn check_line(line: &str, record: &TraceLine) {
        assert_eq!(serde_json::to_string(record).unwrap(), line);
        let parsed: Value = serde_json::from_str(line).unwrap();
        let expected = documented(record);
        assert!(agree(&parsed, &expected), "{line}\n{expected}");
        assert!(
            line.starts_with(&format!("{{\"event\":\"{}\"", record.name())),
            "{line}"
        );
        let back: TraceLine = serde_json::from_str(line).unwrap();
        assert!(agree(&documented(&back), &expected), "{line}");
        assert_eq!(back.name(), record.name(), "{line}");
    }

    #[test]
    fn every_kind_of_event_is_written_as_documented_and_reads_back() {
        let s = |t: &str| t.to_string();
        let records = [
            TraceLine::Expand {
                g: 3,
                h: 4,
                state: s("1 2 3 4 5 6 0 7 8"),
            },
            // A search with no words for its states: no state field.
            TraceLine::Expand {
                g: 0,
                h: 0,
                state: String::new(),
            },
            TraceLine::Generate {
                g: 1,
                h: 2,
                fate: Fate::Reopened,
                state: s("A.B"),
            },
            TraceLine::Generate {
                g: 1,
                h: 0,
                fate: Fate::Skipped,
                state: String::new(),
            },
            TraceLine::IterationStart { bound: 23 },
            TraceLine::Goal { g: 31 },
            TraceLine::Propose(Box::new(Proposed {
                accepted: false,
                energy: 6.0,
                iteration: 12,
                probability: Some(0.25),
                proposed: 7.5,
                state: s("8 6 7 2 5 4 3 0 1"),
                tabu: false,
                temperature: Some(1.75),
            })),
            TraceLine::Propose(Box::new(Proposed {
                accepted: true,
                energy: 6.0,
                iteration: 0,
                probability: None,
                proposed: 5.0,
                state: s("x"),
                tabu: true,
                temperature: None,
            })),
            TraceLine::TabuAdd {
                len: 2,
                state: s("y"),
            },
            TraceLine::TabuExpire { state: s("z") },
            TraceLine::Aspiration {
                score: 3.0,
                best: 4.5,
            },
            TraceLine::Diversify,
            TraceLine::Restart { run: 2 },
            TraceLine::LocalMinimum { energy: 9.0 },
        ];
        for r in &records {
            let line = serde_json::to_string(r).unwrap();
            check_line(&line, r);
            // These floats are exact in decimal: the record comes back whole.
            assert_eq!(&serde_json::from_str::<TraceLine>(&line).unwrap(), r);
        }
        // A line without the optional fields reads back with them empty.
        let bare: TraceLine = serde_json::from_str(
            r#"{"event":"propose","accepted":true,"energy":1.0,"iteration":4,"proposed":0.0}"#,
        )
        .unwrap();
        assert_eq!(
            bare,
            TraceLine::Propose(Box::new(Proposed {
                accepted: true,
                energy: 1.0,
                iteration: 4,
                probability: None,
                proposed: 0.0,
                state: String::new(),
                tabu: false,
                temperature: None,
            }))
        );
        // A child's line names its fate.
        let err = serde_json::from_str::<TraceLine>(r#"{"event":"generate","g":1,"h":2,"f":3}"#);
        assert!(err.unwrap_err().to_string().contains("fate"));
    }

    /// The lines written field by field are the lines serde writes, for
    /// every fate, with and without words, and for words that need escaping.
    #[test]
    fn lines_written_by_hand_are_the_lines_serde_writes() {
        let key = crate::engine::observe::StateKey::of_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        let tiles = StateWords::tiles(crate::engine::Shape::new(3, 3).unwrap());
        let quoted = StateWords::new(|_, out| out.extend_from_slice(b"a \"b\" \\ c"));
        let fates = Fate::ALL;
        let mut events: Vec<Event> = fates
            .iter()
            .map(|&fate| Event::Generate {
                g: 12,
                h: 1034,
                fate,
                state: key.clone(),
            })
            .collect();
        events.push(Event::Expand {
            g: 0,
            h: 7,
            state: key.clone(),
        });
        events.push(Event::Goal { g: 31 });
        for words in [&tiles, &StateWords::default(), &quoted] {
            for e in &events {
                let mut line = Vec::new();
                push_line(e, words, &mut line);
                let expected = serde_json::to_string(&e.in_words(words)).unwrap() + "\n";
                assert_eq!(String::from_utf8(line).unwrap(), expected);
            }
        }
    }

    /// Every event of `strategy` on `board`, kept in order, states in
    /// words.
    fn recorded(strategy: &str, board: &str) -> Vec<TraceLine> {
        let puzzle = TilePuzzle::parse(board, None, None).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        let words = StateWords::tiles(puzzle.shape());
        let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
            sink.lock().unwrap().push(e.in_words(&words))
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
        let ctl = watchers.control(Control::default(), &StateWords::tiles(puzzle.shape()));
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
