//! End-to-end tests of the `huarong` binary: `solve`, `bench`, bad input and
//! limits. Each test runs with its own fresh `HUARONG_CACHE_DIR`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The two 8-puzzle starts farthest from the goal (31 moves).
const HARDEST_A: &str = "8 6 7 2 5 4 3 0 1";
const HARDEST_B: &str = "6 4 7 8 5 0 3 2 1";

/// A fresh temporary directory, removed when dropped. Used as the cache
/// directory of every run and to hold bench files.
pub(crate) struct Sandbox {
    pub(crate) dir: PathBuf,
    _tmp: tempfile::TempDir,
}

impl Sandbox {
    pub(crate) fn new(name: &str) -> Self {
        let tmp = tempfile::Builder::new()
            .prefix(&format!("huarong-cli-{name}-"))
            .tempdir()
            .expect("create temp dir");
        Self {
            dir: tmp.path().to_path_buf(),
            _tmp: tmp,
        }
    }

    pub(crate) fn file(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, contents).expect("write temp file");
        path
    }

    pub(crate) fn run(&self, args: &[&str]) -> Run {
        let out = Command::new(env!("CARGO_BIN_EXE_huarong"))
            .args(args)
            .env("HUARONG_CACHE_DIR", self.dir.join("cache"))
            .output()
            .expect("run huarong");
        Run {
            code: out.status.code().expect("exited normally (no signal)"),
            stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
            stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
        }
    }
}

#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    /// Exit 0, and stdout is exactly one line of JSON: parse it.
    pub(crate) fn json_line(&self) -> Value {
        assert_eq!(self.code, 0, "{self:?}");
        let lines: Vec<&str> = self.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "expected one line: {:?}", self.stdout);
        assert!(self.stdout.ends_with('\n'));
        serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{e}: {}", lines[0]))
    }

    /// Every stdout line as JSON (exit 0).
    pub(crate) fn json_lines(&self) -> Vec<Value> {
        assert_eq!(self.code, 0, "{self:?}");
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }

    /// Bad input: exit 2, nothing on stdout, exactly one non-empty line on
    /// stderr containing every needle. Returns that line.
    pub(crate) fn input_error(&self, needles: &[&str]) -> String {
        assert_eq!(self.code, 2, "{self:?}");
        assert_eq!(self.stdout, "", "{self:?}");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "expected one stderr line: {:?}",
            self.stderr
        );
        let line = lines[0];
        assert!(!line.trim().is_empty());
        for needle in needles {
            assert!(line.contains(needle), "{needle:?} not in {line:?}");
        }
        line.to_string()
    }
}

fn tiles(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// Replay `moves` (the direction the blank moves: `U` = blank goes up a row)
/// on a `rows`×`cols` board; panics on an illegal move or letter.
fn replay(start: &[u8], rows: usize, cols: usize, moves: &str) -> Vec<u8> {
    assert_eq!(start.len(), rows * cols);
    let mut cells = start.to_vec();
    let mut blank = cells.iter().position(|&t| t == 0).expect("a blank");
    for (i, m) in moves.chars().enumerate() {
        let (r, c) = (blank / cols, blank % cols);
        let to = match m {
            'U' if r > 0 => blank - cols,
            'D' if r + 1 < rows => blank + cols,
            'L' if c > 0 => blank - 1,
            'R' if c + 1 < cols => blank + 1,
            _ => panic!("move {i} '{m}' is illegal from {cells:?}"),
        };
        cells.swap(blank, to);
        blank = to;
    }
    cells
}

#[test]
fn replay_helper_follows_blank_convention() {
    // Blank bottom-right: U moves it up a row, L one column left.
    let goal = tiles("1 2 3 4 5 6 7 8 0");
    assert_eq!(replay(&goal, 3, 3, "U"), tiles("1 2 3 4 5 0 7 8 6"));
    assert_eq!(replay(&goal, 3, 3, "L"), tiles("1 2 3 4 5 6 7 0 8"));
    assert_eq!(replay(&goal, 3, 3, "UD"), goal);
    assert!(std::panic::catch_unwind(|| replay(&goal, 3, 3, "D")).is_err());
    assert!(std::panic::catch_unwind(|| replay(&goal, 3, 3, "R")).is_err());
}

fn goal_3x3() -> Vec<u8> {
    tiles("1 2 3 4 5 6 7 8 0")
}

/// Check a solved record: status, length, optimality, the moves' alphabet
/// and that they replay from `start` to `goal`.
fn assert_solved(rec: &Value, start: &str, rows: usize, cols: usize, goal: &[u8], len: u64) {
    assert_eq!(rec["status"], "solved", "{rec}");
    assert_eq!(rec["length"], len, "{rec}");
    assert_eq!(rec["optimal"], true, "{rec}");
    let moves = rec["moves"].as_str().expect("moves is a string");
    assert_eq!(moves.len() as u64, len, "{rec}");
    assert!(moves.chars().all(|c| "UDLR".contains(c)), "{moves}");
    assert_eq!(replay(&tiles(start), rows, cols, moves), goal, "{moves}");
}

#[test]
fn solve_astar_linear_conflict_json() {
    let sb = Sandbox::new("astar-json");
    let run = sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "--strategy",
        "astar",
        "--heuristic",
        "linear-conflict",
        "--json",
    ]);
    let rec = run.json_line();
    assert_solved(&rec, HARDEST_A, 3, 3, &goal_3x3(), 31);
    for key in [
        "expanded",
        "generated",
        "peak_stored",
        "peak_bytes",
        "elapsed_ms",
    ] {
        assert!(rec[key].is_number(), "{key} missing or not a number: {rec}");
    }
    assert!(rec["expanded"].as_u64().unwrap() > 0);
    assert!(rec["generated"].as_u64().unwrap() >= rec["expanded"].as_u64().unwrap());
    assert!(rec["peak_stored"].as_u64().unwrap() > 0);
    assert!(rec["peak_bytes"].as_u64().unwrap() > 0);
    assert!(rec["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn solve_every_strategy_finds_31() {
    let sb = Sandbox::new("strategies");
    for strategy in ["bfs", "astar", "idastar"] {
        let run = sb.run(&[
            "solve",
            "--state",
            HARDEST_A,
            "--strategy",
            strategy,
            "--json",
        ]);
        let rec = run.json_line();
        assert_solved(&rec, HARDEST_A, 3, 3, &goal_3x3(), 31);
    }
    // The other 31-move start, by BFS (which needs no heuristic).
    let run = sb.run(&["solve", "--state", HARDEST_B, "--strategy", "bfs", "--json"]);
    assert_solved(&run.json_line(), HARDEST_B, 3, 3, &goal_3x3(), 31);
}

#[test]
fn solve_every_heuristic_finds_31() {
    let sb = Sandbox::new("heuristics");
    for heuristic in ["misplaced", "manhattan", "linear-conflict"] {
        let run = sb.run(&[
            "solve",
            "--state",
            HARDEST_B,
            "--strategy",
            "astar",
            "--heuristic",
            heuristic,
            "--json",
        ]);
        assert_solved(&run.json_line(), HARDEST_B, 3, 3, &goal_3x3(), 31);
    }
}

#[test]
fn solve_human_readable_output() {
    let sb = Sandbox::new("human");
    let run = sb.run(&["solve", "--state", HARDEST_A]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains("solved in 31 moves (optimal)"),
        "{}",
        run.stdout
    );
    // The start is drawn with '.' for the blank.
    assert!(run.stdout.contains("3 . 1"), "{}", run.stdout);
    let moves = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Moves (blank direction): "))
        .expect("a moves line");
    assert_eq!(replay(&tiles(HARDEST_A), 3, 3, moves.trim()), goal_3x3());
}

#[test]
fn solve_unsolvable() {
    let sb = Sandbox::new("unsolvable");
    for strategy in ["bfs", "astar", "idastar"] {
        let run = sb.run(&[
            "solve",
            "--state",
            "2 1 3 4 5 6 7 8 0",
            "--strategy",
            strategy,
            "--json",
        ]);
        let rec = run.json_line();
        assert_eq!(rec["status"], "unsolvable", "{rec}");
        assert_eq!(rec["moves"], "", "{rec}");
        assert_eq!(rec["length"], 0, "{rec}");
        assert_eq!(rec["optimal"], false, "{rec}");
        assert!(
            rec["reason"].as_str().is_some_and(|r| !r.is_empty()),
            "{rec}"
        );
    }
}

#[test]
fn solve_korf_goal() {
    let sb = Sandbox::new("korf");
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let start = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    for strategy in ["bfs", "astar", "idastar"] {
        let run = sb.run(&[
            "solve",
            "--state",
            start,
            "--goal",
            goal,
            "--strategy",
            strategy,
            "--json",
        ]);
        let rec = run.json_line();
        assert_solved(&rec, start, 4, 4, &tiles(goal), 1);
        assert_eq!(rec["moves"], "L");
    }
}

#[test]
fn solve_rectangular_board() {
    let sb = Sandbox::new("rect");
    let start = "1 2 3 4 5 0 6 7";
    for strategy in ["idastar", "astar", "bfs"] {
        let run = sb.run(&[
            "solve",
            "--state",
            start,
            "--size",
            "2x4",
            "--strategy",
            strategy,
            "--json",
        ]);
        let rec = run.json_line();
        assert_solved(&rec, start, 2, 4, &tiles("1 2 3 4 5 6 7 0"), 2);
    }
    // A 2x4 start farther away, with a custom goal.
    let start = "7 6 5 4 3 2 1 0";
    let goal = "0 1 2 3 4 5 6 7";
    let bfs = sb
        .run(&[
            "solve",
            "--state",
            start,
            "--size",
            "2x4",
            "--goal",
            goal,
            "--strategy",
            "bfs",
            "--json",
        ])
        .json_line();
    let ida = sb
        .run(&[
            "solve",
            "--state",
            start,
            "--size",
            "2x4",
            "--goal",
            goal,
            "--strategy",
            "idastar",
            "--json",
        ])
        .json_line();
    let len = bfs["length"].as_u64().unwrap();
    assert!(len > 2, "{bfs}");
    assert_solved(&bfs, start, 2, 4, &tiles(goal), len);
    assert_solved(&ida, start, 2, 4, &tiles(goal), len);
}

#[test]
fn bad_input_duplicate_tile() {
    let sb = Sandbox::new("dup");
    sb.run(&["solve", "--state", "1 2 3 4 5 6 8 8 0"])
        .input_error(&["duplicate tile 8"]);
}

#[test]
fn bad_input_out_of_range() {
    let sb = Sandbox::new("range");
    sb.run(&["solve", "--state", "1 2 3 4 5 6 7 9 0"])
        .input_error(&["9", "out of range"]);
}

#[test]
fn bad_input_wrong_count() {
    let sb = Sandbox::new("count");
    sb.run(&[
        "solve",
        "--state",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0",
        "--size",
        "4x4",
    ])
    .input_error(&["15 numbers", "4x4"]);
}

#[test]
fn bad_input_not_a_number() {
    let sb = Sandbox::new("nan");
    sb.run(&["solve", "--state", "1 2 x 4 5 6 7 8 0"])
        .input_error(&["'x'"]);
}

#[test]
fn bad_input_bad_size() {
    let sb = Sandbox::new("size");
    sb.run(&["solve", "--state", "1 2 3 4 5 6 7 8 0", "--size", "4by4"])
        .input_error(&["4by4"]);
    sb.run(&["solve", "--state", "1 2 3 4 5 6 7 8 0", "--size", "1x9"])
        .input_error(&["1x9", "out of range"]);
}

#[test]
fn bad_input_goal_of_another_size() {
    let sb = Sandbox::new("goal");
    sb.run(&["solve", "--state", "1 2 3 4 5 6 7 8 0", "--goal", "1 2 3 0"])
        .input_error(&["goal", "4 numbers", "3x3"]);
    // A goal with a problem of its own says it is the goal.
    sb.run(&[
        "solve",
        "--state",
        "1 2 3 4 5 6 7 8 0",
        "--goal",
        "1 2 3 4 5 6 7 7 0",
    ])
    .input_error(&["goal", "duplicate tile 7"]);
}

#[test]
fn bad_input_unknown_strategy() {
    let sb = Sandbox::new("strategy");
    // Any name the registry does not hold; the message lists those it does.
    let names = huarong_engine::strategy::names();
    sb.run(&[
        "solve",
        "--state",
        "1 2 3 4 5 6 7 8 0",
        "--strategy",
        "nope",
    ])
    .input_error(&["'nope'", &names]);
}

#[test]
fn bad_input_unknown_heuristic() {
    let sb = Sandbox::new("heuristic");
    sb.run(&[
        "solve",
        "--state",
        "1 2 3 4 5 6 7 8 0",
        "--heuristic",
        "hamming",
    ])
    .input_error(&["hamming", "misplaced", "linear-conflict"]);
}

#[test]
fn bad_input_pdb_on_3x3() {
    let sb = Sandbox::new("pdb");
    for strategy in ["astar", "idastar"] {
        sb.run(&[
            "solve",
            "--state",
            "1 2 3 4 5 6 7 8 0",
            "--strategy",
            strategy,
            "--heuristic",
            "pdb",
        ])
        .input_error(&["pdb", "4x4"]);
    }
    // Refused before any database is built or cached.
    assert!(!sb.dir.join("cache").exists());
}

#[test]
fn bad_input_not_square_without_size() {
    let sb = Sandbox::new("square");
    sb.run(&["solve", "--state", "1 2 3 4 5 0 6 7"])
        .input_error(&["8 numbers", "--size"]);
}

#[test]
fn limit_max_nodes() {
    let sb = Sandbox::new("max-nodes");
    let run = sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "--strategy",
        "bfs",
        "--max-nodes",
        "100",
        "--json",
    ]);
    let rec = run.json_line();
    assert_eq!(rec["status"], "limit", "{rec}");
    assert_eq!(rec["moves"], "", "{rec}");
    assert_eq!(rec["length"], 0, "{rec}");
    assert_eq!(rec["optimal"], false, "{rec}");
    let expanded = rec["expanded"].as_u64().unwrap();
    assert!((100..=101).contains(&expanded), "{rec}");
}

#[test]
fn limit_time_must_be_positive() {
    let sb = Sandbox::new("time");
    for t in ["0", "-1", "-0.5", "NaN", "inf"] {
        let arg = format!("--time-limit={t}");
        sb.run(&["solve", "--state", HARDEST_A, &arg])
            .input_error(&["--time-limit"]);
    }
    // A generous limit is no obstacle.
    let run = sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "--time-limit",
        "60",
        "--json",
    ]);
    assert_solved(&run.json_line(), HARDEST_A, 3, 3, &goal_3x3(), 31);
    // A negative number as a separate word is also refused with status 2
    // (by the argument parser).
    let run = sb.run(&["solve", "--state", HARDEST_A, "--time-limit", "-1"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.stdout, "");
}

/// `--time-limit` larger than a `Duration` can hold should be refused (or
/// treated as no limit), not crash. Currently `Duration::from_secs_f64`
/// panics in `SearchArgs::resolve` (src/cli/mod.rs) and the process exits 101.
#[test]
fn limit_time_huge_does_not_panic() {
    let sb = Sandbox::new("time-huge");
    let run = sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "--time-limit",
        "1e20",
        "--json",
    ]);
    assert!(run.code == 0 || run.code == 2, "{run:?}");
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn limit_max_memory_zero_refused() {
    let sb = Sandbox::new("mem");
    sb.run(&["solve", "--state", HARDEST_A, "--max-memory", "0"])
        .input_error(&["--max-memory"]);
}

/// A 4x4 start a few moves from the goal: runs about the databases, where
/// the search itself is instant.
const NEAR_4X4: &str = "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12";

/// The pattern-database files in the sandbox's cache folder.
/// The database files in the sandbox's cache (not their spread tables).
fn cached_databases(sb: &Sandbox) -> Vec<String> {
    std::fs::read_dir(sb.dir.join("cache"))
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.starts_with("pdb") && n.ends_with(".bin"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn database_build_is_held_to_the_time_limit() {
    let sb = Sandbox::new("pdb-time");
    let run = sb.run(&[
        "solve",
        "--state",
        NEAR_4X4,
        "-H",
        "pdb78",
        "--time-limit",
        "0.01",
        "--json",
    ]);
    let rec = run.json_line();
    assert_eq!(rec["status"], "limit", "{rec}");
    let reason = rec["reason"].as_str().unwrap();
    for needle in ["time limit", "7-8", "built"] {
        assert!(reason.contains(needle), "{needle:?} not in {reason:?}");
    }
    assert_eq!(cached_databases(&sb), Vec::<String>::new(), "nothing saved");
}

#[test]
fn database_memory_counts_against_the_memory_limit() {
    let sb = Sandbox::new("pdb-mem");
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--state", NEAR_4X4, "--json"];
        args.extend_from_slice(extra);
        sb.run(&args)
    };
    // The 7-8 tables alone are 577 MB.
    let rec = solve(&["-H", "pdb78", "--max-memory", "64"]).json_line();
    assert_eq!(rec["status"], "limit", "{rec}");
    let reason = rec["reason"].as_str().unwrap();
    for needle in ["memory limit", "7-8", "to build", "64 MiB"] {
        assert!(reason.contains(needle), "{needle:?} not in {reason:?}");
    }
    // The 6-6-3 tables with their spread copy (11.5 + 16.8 MB) fit in 32
    // MiB, but not its build (twice the tables, and the copy).
    let rec = solve(&["-H", "pdb", "--max-memory", "32"]).json_line();
    assert_eq!(rec["status"], "limit", "{rec}");
    assert!(
        rec["reason"].as_str().unwrap().contains("to build"),
        "{rec}"
    );
    assert_eq!(cached_databases(&sb), Vec::<String>::new(), "nothing built");
    // Built without a limit, it then loads within one, and the search runs.
    let unlimited = solve(&["-H", "pdb"]).json_line();
    assert_eq!(unlimited["status"], "solved");
    assert_eq!(cached_databases(&sb).len(), 1);
    let run = solve(&["-H", "pdb", "--max-memory", "32"]);
    let rec = run.json_line();
    assert_eq!(rec["status"], "solved", "{rec}");
    assert_eq!(rec["length"], unlimited["length"], "{rec}");
    assert!(run.stderr.contains("loaded from"), "{}", run.stderr);
    // A time limit spent before the load leaves nothing to load with.
    let rec = solve(&["-H", "pdb", "--time-limit", "1e-9"]).json_line();
    assert_eq!(rec["status"], "limit", "{rec}");
    let reason = rec["reason"].as_str().unwrap();
    assert!(
        reason.contains("time limit") && reason.contains("loaded"),
        "{reason}"
    );
}

#[test]
fn compare_memory_limit_is_the_whole_runs() {
    let sb = Sandbox::new("cmp-mem");
    // Korf's first instance: far beyond what BFS can store in 8 MiB.
    let start = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let run = sb.run(&[
        "compare",
        "--state",
        start,
        "--goal",
        KORF_GOAL,
        "--strategies",
        "bfs,bfs,bfs,bfs",
        "--max-memory",
        "8",
        "--json",
    ]);
    let lines = run.json_lines();
    assert_eq!(lines.len(), 4);
    let quarter = 2u64 << 20;
    for l in &lines {
        assert_eq!(l["status"], "limit", "{l}");
        assert!(l["reason"].as_str().unwrap().contains("memory"), "{l}");
        let peak = l["peak_bytes"].as_u64().unwrap();
        assert!(
            peak <= quarter,
            "{peak} bytes, over a quarter of 8 MiB: {l}"
        );
    }
    // Alone, one BFS goes past a quarter before it stops.
    let alone = sb
        .run(&[
            "solve",
            "--state",
            start,
            "--goal",
            KORF_GOAL,
            "-s",
            "bfs",
            "--max-memory",
            "8",
            "--json",
        ])
        .json_line();
    assert_eq!(alone["status"], "limit", "{alone}");
    assert!(alone["peak_bytes"].as_u64().unwrap() > quarter, "{alone}");
}

#[test]
fn solve_anatomy_adds_up_to_the_counters() {
    let sb = Sandbox::new("anatomy");
    for strategy in ["bfs", "astar", "idastar"] {
        let rec = sb
            .run(&[
                "solve",
                "--state",
                HARDEST_A,
                "-s",
                strategy,
                "--anatomy",
                "--json",
            ])
            .json_line();
        let a = &rec["anatomy"];
        let by_depth: u64 = a["by_depth"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(
            by_depth,
            rec["expanded"].as_u64().unwrap(),
            "{strategy}: {rec}"
        );
        assert_eq!(a["solution_length"], 31, "{strategy}");
        assert!(a["branching"].as_f64().unwrap() > 1.0, "{strategy}");
        // Fields that do not apply are left out.
        assert_eq!(
            a.get("iterations").is_some(),
            strategy == "idastar",
            "{strategy}: {a}"
        );
        assert_eq!(
            a.get("by_f").is_some(),
            strategy != "bfs",
            "{strategy}: {a}"
        );
    }
    sb.run(&["solve", "--state", HARDEST_A, "-s", "tabu", "--anatomy"])
        .input_error(&[
            "--anatomy",
            "exact searches",
            "Tabu",
            "--trace records its walk",
        ]);
}

#[test]
fn solve_trace_writes_every_event_then_an_end_line() {
    let sb = Sandbox::new("trace");
    let path = sb.dir.join("events.jsonl");
    let trace = path.to_str().unwrap();
    let start = "1 2 3 4 5 6 0 7 8";
    let rec = sb
        .run(&[
            "solve", "--state", start, "-s", "astar", "--trace", trace, "--json",
        ])
        .json_line();
    let lines: Vec<Value> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["event"], "expand");
    assert_eq!(lines[0]["state"], start);
    assert_eq!(lines[0]["g"], 0);
    let expands = lines.iter().filter(|l| l["event"] == "expand").count() as u64;
    assert_eq!(expands, rec["expanded"].as_u64().unwrap());
    let generated = lines.iter().filter(|l| l["event"] == "generate").count() as u64;
    assert_eq!(generated, rec["generated"].as_u64().unwrap());
    for l in lines
        .iter()
        .filter(|l| l["event"] != "end" && l["event"] != "goal")
    {
        assert_eq!(
            l["f"],
            l["g"].as_u64().unwrap() + l["h"].as_u64().unwrap(),
            "{l}"
        );
    }
    let n = lines.len();
    assert_eq!(lines[n - 2]["event"], "goal");
    assert_eq!(
        lines[n - 1],
        serde_json::json!({"event": "end", "truncated": false})
    );
    // Capped: three events, then the end line says so.
    sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "-s",
        "bfs",
        "--trace",
        trace,
        "--trace-limit",
        "3",
        "--json",
    ])
    .json_line();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(
        text.ends_with("{\"event\":\"end\",\"truncated\":true}\n"),
        "{text}"
    );
    sb.run(&[
        "solve",
        "--state",
        start,
        "--trace",
        trace,
        "--trace-limit",
        "0",
    ])
    .input_error(&["--trace-limit", "1 to 1,000,000"]);
    let missing = sb.dir.join("no/such/folder/t.jsonl");
    sb.run(&[
        "solve",
        "--state",
        start,
        "--trace",
        missing.to_str().unwrap(),
    ])
    .input_error(&["--trace", "no folder"]);
}

#[test]
fn a_local_search_traces_its_walk_and_fast_traces_nothing() {
    let sb = Sandbox::new("trace-local");
    let path = sb.dir.join("walk.jsonl");
    let trace = path.to_str().unwrap();
    let start = "1 2 3 4 5 6 0 7 8";
    let rec = sb
        .run(&[
            "solve",
            "--state",
            start,
            "-s",
            "annealing",
            "--seed",
            "4",
            "--trace",
            trace,
            "--json",
        ])
        .json_line();
    let lines: Vec<Value> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let proposals: Vec<&Value> = lines.iter().filter(|l| l["event"] == "propose").collect();
    assert_eq!(proposals.len() as u64, rec["expanded"].as_u64().unwrap());
    for p in &proposals {
        let (e, to) = (
            p["energy"].as_f64().unwrap(),
            p["proposed"].as_f64().unwrap(),
        );
        let (t, chance) = (
            p["temperature"].as_f64().unwrap(),
            p["probability"].as_f64().unwrap(),
        );
        let expected = if to <= e { 1.0 } else { (-(to - e) / t).exp() };
        assert!((chance - expected).abs() < 1e-9, "{p}");
        assert!(p["state"].as_str().unwrap().split(' ').count() == 9, "{p}");
    }
    let accepted = proposals.iter().filter(|p| p["accepted"] == true).count() as u64;
    assert_eq!(Some(accepted), rec["walk_length"].as_u64(), "{rec}");
    sb.run(&["solve", "--state", start, "-s", "fast", "--trace", trace])
        .input_error(&["--trace", "Fast (row by row) reports none"]);
}

const BENCH_FILE: &str = "\
# the two hardest 8-puzzle starts, and an easy one
\n\
8 6 7 2 5 4 3 0 1 31
6,4,7,8,5,0,3,2,1  31
1 2 3 4 5 6 0 7 8
";

#[test]
fn bench_json_lines_and_summary() {
    let sb = Sandbox::new("bench-json");
    let file = sb.file("instances.txt", BENCH_FILE);
    let run = sb.run(&[
        "bench",
        "--file",
        file.to_str().unwrap(),
        "--strategy",
        "astar",
        "--json",
    ]);
    let lines = run.json_lines();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    let starts = [HARDEST_A, HARDEST_B, "1 2 3 4 5 6 0 7 8"];
    let expected = [Some(31), Some(31), None];
    for (i, rec) in lines[..3].iter().enumerate() {
        assert_eq!(rec["index"], i as u64 + 1, "{rec}");
        assert_eq!(rec["line"], i as u64 + 3, "{rec}");
        match expected[i] {
            Some(e) => assert_eq!(rec["expected"], e, "{rec}"),
            None => assert!(rec["expected"].is_null(), "{rec}"),
        }
        let len = [31, 31, 2][i];
        assert_solved(rec, starts[i], 3, 3, &goal_3x3(), len);
        assert!(rec.get("summary").is_none());
    }
    let summary = &lines[3]["summary"];
    assert!(summary.is_object(), "{}", lines[3]);
    assert_eq!(summary["instances"], 3, "{summary}");
    assert_eq!(summary["solved"], 3, "{summary}");
    assert_eq!(summary["mismatches"], Value::Array(vec![]), "{summary}");
    let sum: u64 = lines[..3]
        .iter()
        .map(|r| r["expanded"].as_u64().unwrap())
        .sum();
    assert_eq!(summary["expanded"], sum, "{summary}");
    for key in ["total_ms", "median_ms", "generated"] {
        assert!(summary[key].is_number(), "{key}: {summary}");
    }
    let peak = lines[..3]
        .iter()
        .map(|r| r["peak_bytes"].as_u64().unwrap())
        .max();
    assert_eq!(summary["peak_bytes"].as_u64(), peak, "{summary}");
    // An optimal strategy is held to the expected lengths, not compared.
    assert!(summary["over_optimum"].is_null(), "{summary}");
}

#[test]
fn bench_reports_wrong_expected_length() {
    let sb = Sandbox::new("bench-mismatch");
    let file = sb.file(
        "instances.txt",
        "1 2 3 4 5 6 0 7 8 2\n# wrong on purpose:\n8 6 7 2 5 4 3 0 1 30\n",
    );
    let run = sb.run(&["bench", "--file", file.to_str().unwrap(), "--json"]);
    let lines = run.json_lines();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    let summary = &lines[2]["summary"];
    assert_eq!(summary["solved"], 2, "{summary}");
    let mismatches = summary["mismatches"].as_array().expect("an array");
    assert_eq!(mismatches.len(), 1, "{summary}");
    let m = &mismatches[0];
    assert_eq!(m["index"], 2, "{m}");
    assert_eq!(m["line"], 3, "{m}");
    assert_eq!(m["found"], 31, "{m}");
    assert_eq!(m["expected"], 30, "{m}");

    // The readable report names it too.
    let run = sb.run(&["bench", "--file", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("solved 2 of 2"), "{}", run.stdout);
    assert!(
        run.stdout.contains("found 31, expected 30"),
        "{}",
        run.stdout
    );
}

#[test]
fn bench_readable_output() {
    let sb = Sandbox::new("bench-text");
    let file = sb.file("instances.txt", BENCH_FILE);
    let run = sb.run(&["bench", "--file", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("solved 3 of 3"), "{}", run.stdout);
    assert!(run.stdout.contains("; peak memory "), "{}", run.stdout);
    assert!(run.stdout.contains("none"), "{}", run.stdout);
    assert!(!run.stdout.contains("mismatch"), "{}", run.stdout);
}

/// Korf's goal (blank top-left) and three of his instances with their
/// optima, plus a one-move start whose "optimum" is wrong on purpose.
const KORF_GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
const KORF_FILE: &str = "\
14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 57
13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6 55
14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15 59
1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 5
";

#[test]
fn bench_compares_a_non_optimal_strategy_with_the_optimum() {
    let sb = Sandbox::new("bench-optimum");
    let file = sb.file("korf.txt", KORF_FILE);
    let args = [
        "bench",
        "--file",
        file.to_str().unwrap(),
        "--goal",
        KORF_GOAL,
        "--strategy",
        "fast",
    ];
    let run = sb.run(&args);
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    for (i, optimum) in [57, 55, 59].iter().enumerate() {
        let line = lines[i];
        let len: i64 = line
            .split_whitespace()
            .nth(2)
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no length in {line:?}"));
        assert!(len >= *optimum, "{line}");
        let excess = len - optimum;
        assert!(
            line.contains(&format!("(optimum {optimum}, +{excess})")),
            "{line}"
        );
    }
    // The wrong "optimum" is beaten: that is the one thing flagged.
    assert!(
        lines[3].contains("solved   1 (optimum 5, -4)"),
        "{}",
        lines[3]
    );
    assert!(
        run.stdout
            .contains("shorter than the expected optimum, which cannot be right: #4 (line 4) found 1, expected 5"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("over the optimum: mean +"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("on 4 solved starts"), "{}", run.stdout);
    assert!(!run.stdout.contains("length mismatch"), "{}", run.stdout);

    let mut json_args = args.to_vec();
    json_args.push("--json");
    let recs = sb.run(&json_args).json_lines();
    assert_eq!(recs.len(), 5);
    let summary = &recs[4]["summary"];
    let over = &summary["over_optimum"];
    assert_eq!(over["compared"], 4, "{summary}");
    let lengths: Vec<f64> = recs[..4]
        .iter()
        .map(|r| r["length"].as_f64().unwrap())
        .collect();
    let mean_length = lengths.iter().sum::<f64>() / 4.0;
    let mean_optimum = (57.0 + 55.0 + 59.0 + 5.0) / 4.0;
    let close = |v: &Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-9;
    assert!(close(&over["mean_length"], mean_length), "{summary}");
    assert!(close(&over["mean_optimum"], mean_optimum), "{summary}");
    assert!(
        close(&over["mean_excess"], mean_length - mean_optimum),
        "{summary}"
    );
    let mismatches = summary["mismatches"].as_array().unwrap();
    assert_eq!(mismatches.len(), 1, "{summary}");
    assert_eq!(mismatches[0]["index"], 4);
    for rec in &recs[..4] {
        assert_eq!(rec["optimal"], false, "{rec}");
    }
}

#[test]
fn solve_fast_on_a_10x10_replays() {
    use huarong_engine::{Board, Shape};
    let sb = Sandbox::new("fast-10x10");
    let goal = Board::goal(Shape::new(10, 10).unwrap());
    let start = huarong_engine::tiles::random_solvable(&goal, &mut huarong_engine::rng::seeded(11))
        .to_text();
    let rec = sb
        .run(&[
            "solve", "--state", &start, "--size", "10x10", "-s", "fast", "--json",
        ])
        .json_line();
    assert_eq!(rec["status"], "solved", "{rec}");
    assert_eq!(rec["optimal"], false, "{rec}");
    let moves = rec["moves"].as_str().unwrap();
    assert_eq!(rec["length"].as_u64(), Some(moves.len() as u64));
    assert_eq!(replay(&tiles(&start), 10, 10, moves), goal.cells());

    // The readable report says it is not optimal, and its moves replay too.
    let run = sb.run(&["solve", "--state", &start, "--size", "10x10", "-s", "fast"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains("moves (not guaranteed optimal)"),
        "{}",
        run.stdout
    );
    let moves = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Moves (blank direction): "))
        .expect("a moves line");
    assert_eq!(replay(&tiles(&start), 10, 10, moves.trim()), goal.cells());
}

#[test]
fn bench_counts_unsolvable_instances() {
    let sb = Sandbox::new("bench-unsolvable");
    let file = sb.file("instances.txt", "2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8 1\n");
    let run = sb.run(&["bench", "--file", file.to_str().unwrap(), "--json"]);
    let lines = run.json_lines();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0]["status"], "unsolvable");
    assert_eq!(lines[1]["status"], "solved");
    assert_eq!(lines[2]["summary"]["instances"], 2);
    assert_eq!(lines[2]["summary"]["solved"], 1);
}

#[test]
fn bench_malformed_line_names_line_number() {
    let sb = Sandbox::new("bench-bad");
    let file = sb.file(
        "instances.txt",
        "# header\n1 2 3 4 5 6 7 8 0\n\n1 2 3 4 x 6 7 0 8\n",
    );
    sb.run(&["bench", "--file", file.to_str().unwrap()])
        .input_error(&["line 4", "'x'"]);

    let file = sb.file("dup.txt", "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 7 0 3\n");
    sb.run(&["bench", "--file", file.to_str().unwrap(), "--json"])
        .input_error(&["line 2", "duplicate tile 7"]);

    let file = sb.file("len.txt", "1 2 3 4 5 6 7 0 8 three\n");
    sb.run(&["bench", "--file", file.to_str().unwrap()])
        .input_error(&["line 1", "three"]);

    let file = sb.file("empty.txt", "# nothing here\n\n");
    sb.run(&["bench", "--file", file.to_str().unwrap()])
        .input_error(&["no instances"]);

    let missing = sb.dir.join("missing.txt");
    sb.run(&["bench", "--file", missing.to_str().unwrap()])
        .input_error(&["cannot read"]);
}

/// A bench `--goal` of the wrong size should say it is the goal that is
/// wrong, as `solve` does. Currently src/cli/bench.rs parses the goal as a
/// start (`TilePuzzle::parse(g, Some(size), None)?.start`), so the message
/// is "4 numbers for a 3x3 board: expected 9" with no mention of the goal.
#[test]
fn bench_bad_goal_mentions_goal() {
    let sb = Sandbox::new("bench-goal");
    let file = sb.file("instances.txt", "1 2 3 4 5 6 7 0 8\n");
    sb.run(&[
        "bench",
        "--file",
        file.to_str().unwrap(),
        "--goal",
        "1 2 3 0",
    ])
    .input_error(&["goal"]);
}

#[test]
fn bench_custom_goal() {
    let sb = Sandbox::new("bench-korf");
    let file = sb.file("instances.txt", "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1\n");
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let run = sb.run(&[
        "bench",
        "--file",
        file.to_str().unwrap(),
        "--goal",
        goal,
        "--json",
    ]);
    let lines = run.json_lines();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines[0]["moves"], "L", "{}", lines[0]);
    assert_eq!(lines[1]["summary"]["mismatches"], Value::Array(vec![]));
}

#[test]
fn help_lists_the_commands() {
    // Without a command the binary opens the window (or, built without it,
    // says so), so ask for help instead.
    let sb = Sandbox::new("help");
    let run = sb.run(&["--help"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("Usage"), "{}", run.stdout);
    assert!(run.stdout.contains("solve"), "{}", run.stdout);
    assert!(run.stdout.contains("bench"), "{}", run.stdout);
}

/// Help about the help command is help, not an unknown command.
#[test]
fn help_about_help_is_printed() {
    let sb = Sandbox::new("help-help");
    for flag in ["--help", "-h"] {
        let run = sb.run(&["help", flag]);
        assert_eq!(run.code, 0, "{flag}: {run:?}");
        assert!(run.stdout.contains("Usage"), "{flag}: {}", run.stdout);
        assert!(run.stderr.is_empty(), "{flag}: {}", run.stderr);
    }
}

#[test]
fn help_states_the_exit_statuses() {
    let run = Sandbox::new("help-exit").run(&["--help"]);
    assert_eq!(run.code, 0, "{run:?}");
    for needle in [
        "Exit status",
        "2 for bad input",
        "3 when a file",
        "4 for an internal",
    ] {
        assert!(run.stdout.contains(needle), "{needle}: {}", run.stdout);
    }
}

/// A build without the window says so in one line instead of opening one.
#[cfg(not(feature = "gui"))]
#[test]
fn a_headless_build_without_a_command_points_to_the_help() {
    Sandbox::new("headless")
        .run(&[])
        .input_error(&["no window", "huarong --help"]);
}

/// `huarong ARGS` with its standard output a pipe whose reader reads
/// `lines` lines and then closes it: (exit status, stderr).
fn run_into_closed_pipe(args: &[&str], lines: usize) -> (i32, String) {
    use std::io::{BufRead, Read};
    let sb = Sandbox::new("pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_huarong"))
        .args(args)
        .env("HUARONG_CACHE_DIR", sb.dir.join("cache"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run huarong");
    let mut reader = std::io::BufReader::new(child.stdout.take().expect("piped stdout"));
    for _ in 0..lines {
        let mut line = String::new();
        reader.read_line(&mut line).expect("read a line");
        assert!(line.ends_with('\n'), "{line:?}");
    }
    // The reader goes away: the next write meets a closed pipe.
    drop(reader);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    let status = child.wait().expect("wait for huarong");
    (status.code().expect("exited normally (no signal)"), stderr)
}

/// `huarong bench --random 200 --size 3x3 | head -1`: a reader that stops
/// early ends the run quietly, exit 0 and nothing on stderr.
#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    // Closed before the first line is written.
    let (code, stderr) = run_into_closed_pipe(&["bench", "--random", "200", "--size", "3x3"], 0);
    assert_eq!((code, stderr.as_str()), (0, ""));
    // Closed after one line, as `head -1` does: 3,000 lines are more than a
    // pipe holds (64 KiB), so the run is still writing when it closes.
    let (code, stderr) = run_into_closed_pipe(&["bench", "--random", "3000", "--size", "3x3"], 1);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (code, stderr) = run_into_closed_pipe(&["layouts", "--json"], 1);
    assert_eq!((code, stderr.as_str()), (0, ""));
}

/// Output that cannot be written (`huarong layouts > /dev/full`) is an I/O
/// failure: one line on stderr, exit 3, no panic.
#[test]
fn an_output_that_cannot_be_written_is_one_line_and_exit_3() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let sb = Sandbox::new("full");
    let out = Command::new(env!("CARGO_BIN_EXE_huarong"))
        .arg("layouts")
        .env("HUARONG_CACHE_DIR", sb.dir.join("cache"))
        .stdout(std::fs::File::create(full).expect("open /dev/full"))
        .output()
        .expect("run huarong");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("error: cannot write to standard output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn sandbox_is_fresh_and_removed() {
    let path: PathBuf;
    {
        let sb = Sandbox::new("self-check");
        path = sb.dir.clone();
        assert!(is_empty_dir(&path));
    }
    assert!(!path.exists());
}

fn is_empty_dir(p: &Path) -> bool {
    std::fs::read_dir(p)
        .map(|mut d| d.next().is_none())
        .unwrap_or(false)
}

/// Replay `letter:dir` unit steps on a Klotski text layout, independently of
/// the engine: each step must move a whole piece one cell into free cells.
/// Returns the final rows.
fn replay_klotski(layout: &str, moves: &[Value]) -> Vec<Vec<char>> {
    let mut g: Vec<Vec<char>> = layout.split('/').map(|r| r.chars().collect()).collect();
    let (rows, cols) = (g.len() as i32, g[0].len() as i32);
    for (i, m) in moves.iter().enumerate() {
        let m = m.as_str().unwrap();
        let (letter, dir) = m.split_once(':').expect("letter:dir");
        let letter = letter.chars().next().unwrap();
        let (dr, dc) = match dir {
            "U" => (-1, 0),
            "D" => (1, 0),
            "L" => (0, -1),
            "R" => (0, 1),
            _ => panic!("bad direction in {m}"),
        };
        let cells: Vec<(i32, i32)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| g[r as usize][c as usize] == letter)
            .collect();
        assert!(!cells.is_empty(), "step {i}: no piece {letter}");
        for &(r, c) in &cells {
            let (nr, nc) = (r + dr, c + dc);
            assert!(
                (0..rows).contains(&nr) && (0..cols).contains(&nc),
                "step {i} {m} leaves the board"
            );
            let there = g[nr as usize][nc as usize];
            assert!(
                there == '.' || there == letter,
                "step {i} {m} is blocked by {there}"
            );
        }
        for &(r, c) in &cells {
            g[r as usize][c as usize] = '.';
        }
        for &(r, c) in &cells {
            g[(r + dr) as usize][(c + dc) as usize] = letter;
        }
    }
    g
}

/// Runs of consecutive steps by one piece.
fn runs(moves: &[Value]) -> u64 {
    let letters: Vec<&str> = moves.iter().map(|m| &m.as_str().unwrap()[..1]).collect();
    letters.windows(2).filter(|w| w[0] != w[1]).count() as u64 + u64::from(!letters.is_empty())
}

#[test]
fn solve_klotski_in_both_metrics_json() {
    let sb = Sandbox::new("klotski");
    let layout = "BAAC/BAAC/DEEF/DGHF/I..J";
    for (metric, key, best) in [("moves", "piece_moves", 81), ("steps", "length", 116)] {
        for strategy in ["bfs", "astar", "idastar"] {
            let rec = sb
                .run(&[
                    "solve",
                    "--klotski",
                    layout,
                    "--metric",
                    metric,
                    "-s",
                    strategy,
                    "--json",
                ])
                .json_line();
            assert_eq!(rec["status"], "solved", "{rec}");
            assert_eq!(rec["optimal"], true);
            assert_eq!(rec["metric"], metric);
            assert_eq!(rec[key], best, "{strategy} {metric}");
            let moves = rec["moves"].as_array().unwrap();
            assert_eq!(rec["length"], moves.len() as u64);
            assert_eq!(rec["piece_moves"], runs(moves));
            let end = replay_klotski(layout, moves);
            assert_eq!(
                (end[3][1], end[3][2], end[4][1], end[4][2]),
                ('A', 'A', 'A', 'A')
            );
        }
    }
}

#[test]
fn solve_a_classic_by_name_or_number() {
    let sb = Sandbox::new("classic");
    let by_name = sb
        .run(&["solve", "--layout", "一路顺风", "--json"])
        .json_line();
    let by_number = sb.run(&["solve", "--layout", "10", "--json"]).json_line();
    assert_eq!(by_name["piece_moves"], 39);
    assert_eq!(by_name["moves"], by_number["moves"]);
    let text = sb.run(&[
        "solve",
        "--layout",
        "Fair Wind All the Way",
        "--metric",
        "steps",
    ]);
    assert_eq!(text.code, 0);
    assert!(
        text.stdout.contains("solved in") && text.stdout.contains("49 steps"),
        "{}",
        text.stdout
    );
}

#[test]
fn layouts_lists_the_classics() {
    let sb = Sandbox::new("layouts");
    let lines = sb.run(&["layouts", "--json"]).json_lines();
    assert!(lines.len() >= 12);
    assert_eq!(lines[0]["name"], "横刀立马");
    assert_eq!(lines[0]["number"], 1);
    assert_eq!(lines[0]["moves"], 81);
    let text = sb.run(&["layouts"]);
    assert!(text.stdout.contains("Crossing the Ford on Horseback"));
}

#[test]
fn bench_layouts_checks_the_known_optima() {
    let sb = Sandbox::new("bench-layouts");
    let lines = sb
        .run(&[
            "bench",
            "--layouts",
            "横刀立马,2",
            "--metric",
            "steps",
            "--json",
        ])
        .json_lines();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["found"], 116);
    assert_eq!(lines[0]["states"], 25_955);
    let summary = &lines[2]["summary"];
    assert_eq!(summary["solved"], 2);
    assert_eq!(summary["mismatches"].as_array().unwrap().len(), 0);
}

#[test]
fn bad_klotski_input_is_named() {
    let sb = Sandbox::new("bad-klotski");
    sb.run(&["solve", "--klotski", "BAAC/BAAC/DEEF/DGHF/I..!"])
        .input_error(&["unknown character", "!"]);
    sb.run(&["solve", "--klotski", "BAAC/BAA/DEEF/DGHF/I..J"])
        .input_error(&["row 2"]);
    sb.run(&["solve", "--layout", "nowhere"])
        .input_error(&["no classic layout named 'nowhere'"]);
    sb.run(&["solve", "--layout", "1", "--metric", "hops"])
        .input_error(&["unknown metric 'hops'"]);
    sb.run(&["bench", "--layouts", "1,nowhere"])
        .input_error(&["nowhere"]);
    // `fast` is a tile method: refused by name for Klotski, not run.
    let refused = ["fast solves tile puzzles only, not Klotski"];
    sb.run(&["solve", "--layout", "1", "--strategy", "fast"])
        .input_error(&refused);
    sb.run(&["bench", "--layouts", "1", "-s", "fast"])
        .input_error(&refused);
    sb.run(&["compare", "--layout", "1", "--strategies", "bfs,fast"])
        .input_error(&refused);
    sb.run(&[
        "experiment",
        "--layout",
        "1",
        "--count",
        "1",
        "--strategies",
        "fast",
    ])
    .input_error(&refused);
}

#[test]
fn local_strategies_are_deterministic_per_seed_and_report_their_walk() {
    let sb = Sandbox::new("local");
    for strategy in ["annealing", "tabu"] {
        let args = [
            "solve", "--state", HARDEST_A, "-s", strategy, "--seed", "9", "--json",
        ];
        let a = sb.run(&args).json_line();
        let b = sb.run(&args).json_line();
        assert_eq!(a["status"], "solved", "{a}");
        assert_eq!(a["moves"], b["moves"]);
        assert_eq!(a["optimal"], false);
        let len = a["length"].as_u64().unwrap();
        assert!(
            len >= 31 && a["walk_length"].as_u64().unwrap() >= len,
            "{a}"
        );
        let moves = a["moves"].as_str().unwrap();
        assert_eq!(moves.len() as u64, len);
        assert_eq!(replay(&tiles(HARDEST_A), 3, 3, moves), goal_3x3());
    }
    let k = sb
        .run(&[
            "solve", "--layout", "1", "-s", "tabu", "--seed", "2", "--json",
        ])
        .json_line();
    assert_eq!(k["status"], "solved", "{k}");
    assert!(k["piece_moves"].as_u64().unwrap() >= 81);
}

#[test]
fn bad_local_parameters_are_named() {
    let sb = Sandbox::new("bad-local");
    sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "-s",
        "annealing",
        "--alpha",
        "1.5",
    ])
    .input_error(&["--alpha must be between 0 and 1", "1.5"]);
    sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "-s",
        "annealing",
        "--t0",
        "-1",
    ])
    .input_error(&["--t0"]);
    sb.run(&["solve", "--layout", "1", "-s", "tabu", "--tenure", "0"])
        .input_error(&["--tenure must be at least 1"]);
}

#[test]
fn bench_draws_random_starts_from_a_seed() {
    let sb = Sandbox::new("bench-random");
    let run = || {
        sb.run(&[
            "bench",
            "--random",
            "5",
            "--random-seed",
            "4",
            "-s",
            "astar",
            "--json",
        ])
        .json_lines()
    };
    let (a, b) = (run(), run());
    assert_eq!(a.len(), 6);
    for (x, y) in a.iter().zip(&b).take(5) {
        assert_eq!(x["moves"], y["moves"]);
        assert_eq!(x["status"], "solved");
    }
    assert_eq!(a[5]["summary"]["solved"], 5);
}

#[test]
fn compare_runs_every_configuration_and_optimal_ones_agree() {
    let sb = Sandbox::new("compare");
    let lines = sb
        .run(&[
            "compare",
            "--state",
            HARDEST_B,
            "--strategies",
            "bfs,astar:linear-conflict,idastar:manhattan,tabu",
            "--json",
        ])
        .json_lines();
    let names: Vec<&str> = lines
        .iter()
        .map(|l| l["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["bfs", "astar:linear-conflict", "idastar:manhattan", "tabu"]
    );
    for l in &lines {
        assert_eq!(l["status"], "solved", "{l}");
        assert!(l.get("error").is_none(), "{l}");
        let moves = l["moves"].as_str().unwrap();
        assert_eq!(replay(&tiles(HARDEST_B), 3, 3, moves), goal_3x3());
    }
    for l in &lines[..3] {
        assert_eq!(
            (l["length"].as_u64(), l["optimal"].as_bool()),
            (Some(31), Some(true))
        );
    }
    assert_eq!(lines[3]["optimal"], false);
    let k = sb
        .run(&[
            "compare",
            "--layout",
            "1",
            "--metric",
            "steps",
            "--strategies",
            "bfs,astar",
            "--json",
        ])
        .json_lines();
    assert!(k.iter().all(|l| l["length"] == 116));
}

#[test]
fn compare_and_experiment_name_bad_input() {
    let sb = Sandbox::new("compare-bad");
    sb.run(&["compare", "--state", HARDEST_A, "--strategies", "bfs,nope"])
        .input_error(&["unknown strategy 'nope'"]);
    sb.run(&[
        "compare",
        "--state",
        HARDEST_A,
        "--strategies",
        "astar:euclid",
    ])
    .input_error(&["unknown heuristic 'euclid'"]);
    sb.run(&[
        "compare",
        "--state",
        HARDEST_A,
        "--strategies",
        "bfs",
        "--strategy",
        "astar",
    ])
    .input_error(&["--strategies"]);
    sb.run(&[
        "compare",
        "--state",
        "1 2 3 4 5 6 8 7 0",
        "--strategies",
        "bfs",
    ])
    .input_error(&["unsolvable"]);
    sb.run(&["experiment", "--count", "0", "--strategies", "bfs"])
        .input_error(&["--count must be at least 1"]);
}

#[test]
fn experiment_aggregates_per_configuration_from_a_seed() {
    let sb = Sandbox::new("experiment");
    let args = [
        "experiment",
        "--size",
        "3x3",
        "--count",
        "12",
        "--shuffle",
        "20",
        "--seed",
        "3",
        "--strategies",
        "bfs,astar:manhattan,greedy",
        "--json",
    ];
    let a = sb.run(&args).json_lines();
    let b = sb.run(&args).json_lines();
    assert_eq!(a.len(), 3);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x["instances"], 12);
        assert_eq!(
            x["median_length"], y["median_length"],
            "same seed, same starts"
        );
    }
    // The exact searches solve everything and agree on the lengths.
    assert_eq!(a[0]["solved"], 12);
    assert_eq!(a[1]["solved"], 12);
    assert_eq!(a[0]["mean_length"], a[1]["mean_length"]);
    assert_eq!(a[0]["disagreements"], 0);
    assert!(a[0]["median_length"].as_f64().unwrap() <= 20.0);
    let k = sb
        .run(&[
            "experiment",
            "--layout",
            "1",
            "--count",
            "3",
            "--shuffle",
            "10",
            "--strategies",
            "bfs,tabu",
            "--json",
        ])
        .json_lines();
    assert_eq!(k[0]["solved"], 3);
}

// ---- Issue 14 (command line): hostile arguments -------------------------

#[test]
fn every_parser_error_is_one_line_naming_the_problem() {
    let sb = Sandbox::new("clap-one-line");
    // (command line, a word the line must contain)
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "--bogus", "--state", HARDEST_A], "--bogus"),
        (&["solve", "--state"], "--state"),
        (
            &["solve", "--state", HARDEST_A, "--time-limit"],
            "--time-limit",
        ),
        (
            &["solve", "--state", HARDEST_A, "--max-nodes", "abc"],
            "abc",
        ),
        (
            &["solve", "--state", HARDEST_A, "--json", "--json"],
            "--json",
        ),
        (
            &["solve", "--state", HARDEST_A, "--layout", "1"],
            "--layout",
        ),
        (&["solve"], "--state"),
        (&["compare", "--layout", "1"], "--strategies"),
        (&["experiment"], "--strategies"),
        (&["frobnicate"], "frobnicate"),
        (&["bench", "--random", "-5"], "-5"),
        (
            &["bench", "--random", "99999999999999999999999"],
            "--random",
        ),
        (&["solve", "--state", HARDEST_A, "--seed", "1.5"], "1.5"),
    ];
    for (args, needle) in cases {
        sb.run(args).input_error(&[needle]);
    }
    // --help still prints the whole help and succeeds.
    let help = sb.run(&["solve", "--help"]);
    assert_eq!(help.code, 0, "{help:?}");
    assert!(help.stdout.lines().count() > 5, "{help:?}");
    assert!(help.stdout.contains("Usage"), "{help:?}");
}

#[test]
fn huge_counts_are_refused_with_their_maximum_before_allocating() {
    let sb = Sandbox::new("huge-counts");
    let max = u64::MAX.to_string();
    let cases: &[(&[&str], &str, &str)] = &[
        (&["bench", "--random", &max], "--random", "100,000"),
        (
            &["bench", "--random", "100000000000"],
            "--random",
            "100,000",
        ),
        (
            &["experiment", "--strategies", "astar", "--count", &max],
            "--count",
            "100,000",
        ),
        (
            &[
                "experiment",
                "--strategies",
                "astar",
                "--count",
                "100000000000",
            ],
            "--count",
            "100,000",
        ),
        (
            &["experiment", "--strategies", "astar", "--shuffle", &max],
            "--shuffle",
            "1,000,000",
        ),
        (
            &[
                "solve",
                "--state",
                HARDEST_A,
                "-s",
                "tabu",
                "--tenure",
                "1152921504606846976",
            ],
            "--tenure",
            "1,000,000",
        ),
        (
            &[
                "solve",
                "--state",
                HARDEST_A,
                "-s",
                "tabu",
                "--tenure",
                "1000000000000",
            ],
            "--tenure",
            "1,000,000",
        ),
    ];
    for (args, flag, bound) in cases {
        sb.run(args).input_error(&[flag, bound, "at most"]);
    }
    // The bounds themselves are accepted.
    let at_bound = sb.run(&[
        "solve",
        "--state",
        HARDEST_A,
        "-s",
        "tabu",
        "--tenure",
        "1000000",
        "--max-iters",
        "10",
        "--json",
    ]);
    assert_eq!(at_bound.code, 0, "{at_bound:?}");
}

/// The files under `dir` (none if it does not exist).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|e| {
            let p = e.path();
            if p.is_dir() { files_under(&p) } else { vec![p] }
        })
        .collect()
}

#[test]
fn every_argument_is_checked_before_a_database_is_loaded_or_built() {
    let sb = Sandbox::new("check-first");
    let fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "solve",
                "--state",
                fifteen,
                "-H",
                "pdb78",
                "--time-limit",
                "0",
            ],
            "--time-limit",
        ),
        (
            &[
                "solve",
                "--state",
                fifteen,
                "-H",
                "pdb78",
                "--max-memory",
                "0",
            ],
            "--max-memory",
        ),
        (
            &[
                "solve",
                "--state",
                fifteen,
                "-H",
                "pdb",
                "-s",
                "annealing",
                "--alpha",
                "2",
            ],
            "--alpha",
        ),
        (
            &[
                "compare",
                "--state",
                fifteen,
                "--strategies",
                "astar:pdb,x:y",
            ],
            "'x'",
        ),
        (
            &[
                "compare",
                "--state",
                fifteen,
                "--strategies",
                "astar:pdb,astar:bogus",
            ],
            "bogus",
        ),
        (
            &[
                "compare",
                "--state",
                fifteen,
                "--strategies",
                "astar:pdb",
                "--time-limit",
                "0",
            ],
            "--time-limit",
        ),
        (
            &[
                "experiment",
                "--size",
                "4x4",
                "--count",
                "1",
                "--strategies",
                "astar:pdb,x",
            ],
            "'x'",
        ),
        (
            &[
                "bench",
                "--random",
                "1",
                "--size",
                "4x4",
                "-H",
                "pdb",
                "--max-memory",
                "0",
            ],
            "--max-memory",
        ),
    ];
    for (args, needle) in cases {
        sb.run(args).input_error(&[needle]);
        let cached = files_under(&sb.dir.join("cache"));
        assert!(cached.is_empty(), "{args:?} wrote {cached:?}");
    }
}

#[test]
fn flags_that_do_not_apply_are_refused_by_name() {
    let sb = Sandbox::new("inapplicable");
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "--layout", "1", "--heuristic", "bogus"],
            "--heuristic",
        ),
        (
            &["solve", "--layout", "1", "-H", "manhattan"],
            "--heuristic",
        ),
        (
            &["solve", "--klotski", "AA../AA../..../...B", "--size", "4x4"],
            "--size",
        ),
        (
            &["solve", "--layout", "1", "--goal", "1 2 3 4 5 6 7 8 0"],
            "--goal",
        ),
        (
            &["solve", "--state", HARDEST_A, "--metric", "steps"],
            "--metric",
        ),
        (
            &[
                "compare",
                "--state",
                HARDEST_A,
                "--strategies",
                "bfs",
                "--metric",
                "moves",
            ],
            "--metric",
        ),
        (
            &[
                "compare",
                "--layout",
                "1",
                "--strategies",
                "bfs",
                "--size",
                "3x3",
            ],
            "--size",
        ),
        (
            &[
                "experiment",
                "--layout",
                "1",
                "--size",
                "9x9",
                "--strategies",
                "bfs",
            ],
            "--size",
        ),
        (
            &[
                "experiment",
                "--count",
                "1",
                "--strategies",
                "bfs",
                "--metric",
                "steps",
            ],
            "--metric",
        ),
        (
            &["bench", "--layouts", "1", "--goal", "1 2 3 4 5 6 7 8 0"],
            "--goal",
        ),
        (&["bench", "--random", "1", "--metric", "steps"], "--metric"),
        (&["hint", "--layout", "1", "--size", "3x3"], "--size"),
        (
            &["hint", "--klotski", "AAB./AAC.", "--goal", "1 2 0 3"],
            "--goal",
        ),
        (
            &["hint", "--state", HARDEST_A, "--metric", "steps"],
            "--metric",
        ),
        (
            &["distances", "--size", "3x3", "--metric", "steps"],
            "--metric",
        ),
    ];
    for (args, flag) in cases {
        sb.run(args).input_error(&[flag, "does not apply"]);
    }
    // A heuristic in a Klotski configuration is named as being for tile boards.
    let line = sb
        .run(&["compare", "--layout", "1", "--strategies", "astar:pdb"])
        .input_error(&["astar:pdb", "tile boards"]);
    assert!(!line.contains("3x3"), "{line}");
}

#[test]
fn error_messages_say_what_is_wrong_in_short() {
    let sb = Sandbox::new("messages");
    let solve_with_limit = |t: &str| sb.run(&["solve", "--state", HARDEST_A, "--time-limit", t]);
    // Too long a limit is refused by its maximum, not called non-positive.
    let line = solve_with_limit("1e30").input_error(&["--time-limit", "at most", "1,000,000,000"]);
    assert!(!line.contains("positive"), "{line}");
    // A tiny limit is printed in short form, not as 300 digits.
    let line = solve_with_limit("1e-300").input_error(&["--time-limit", "1e-300"]);
    assert!(line.len() < 120, "{line}");
    // A byte-order mark before the first tile is not part of it.
    let bom = sb.file("bom.txt", &format!("\u{feff}{HARDEST_A} # 31\n"));
    let lines = sb
        .run(&["bench", "--file", bom.to_str().unwrap(), "--json"])
        .json_lines();
    assert_eq!(lines[0]["length"], 31, "{lines:?}");
    // A huge bad token is quoted in part, with an ellipsis.
    let token = "x".repeat(10_000_000);
    let big = sb.file("big.txt", &format!("1 2 3 4 {token} 5 6 7 8\n"));
    let line = sb
        .run(&["bench", "--file", big.to_str().unwrap()])
        .input_error(&["line 1", "not a number", "…"]);
    assert!(line.chars().count() < 200, "{} characters", line.len());
    let name = "y".repeat(100_000);
    let line = sb
        .run(&["solve", "--state", HARDEST_A, "--strategy", &name])
        .input_error(&["unknown strategy", "…", "valid:"]);
    assert!(line.chars().count() < 200, "{} characters", line.len());
    let line = sb
        .run(&["solve", "--state", HARDEST_A, "--max-nodes", &name])
        .input_error(&["--max-nodes", "…"]);
    assert!(line.chars().count() < 200, "{} characters", line.len());
}

#[test]
fn drawing_the_starts_of_an_experiment_keeps_to_the_limits() {
    let sb = Sandbox::new("draw-starts");
    // The shuffle length and the total are bounded up front.
    sb.run(&[
        "experiment",
        "--layout",
        "1",
        "--count",
        "1",
        "--shuffle",
        "1000000000000000",
        "--time-limit",
        "1",
        "--strategies",
        "bfs",
    ])
    .input_error(&["--shuffle", "at most"]);
    sb.run(&[
        "experiment",
        "--layout",
        "1",
        "--count",
        "1000",
        "--shuffle",
        "1000000",
        "--strategies",
        "bfs",
    ])
    .input_error(&["--count × --shuffle", "at most 100,000,000"]);
    // 10^8 Klotski steps take minutes; the time limit stops the drawing.
    for board in [&["--layout", "1"][..], &["--size", "4x4"][..]] {
        let started = std::time::Instant::now();
        let mut args = vec![
            "experiment",
            "--count",
            "100",
            "--shuffle",
            "1000000",
            "--time-limit",
            "0.05",
            "--strategies",
            "bfs",
        ];
        args.extend_from_slice(board);
        sb.run(&args).input_error(&["--time-limit", "drawing"]);
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{board:?}: {:?}",
            started.elapsed()
        );
    }
}

/// A random command line: a valid base for a subcommand, then 0 to 3 flags,
/// each with a value that suits it or one drawn from bad values, huge
/// numbers and unknown flags; mostly with limits that keep a search short.
fn fuzzed_command_line(rng: &mut huarong_engine::rng::SeededRng) -> Vec<String> {
    use rand::RngExt;
    let pick = |rng: &mut huarong_engine::rng::SeededRng, from: &[&str]| {
        from[rng.random_range(0..from.len())].to_string()
    };
    const BASES: &[&[&str]] = &[
        &["solve", "--state", HARDEST_A],
        &["solve", "--layout", "1"],
        &["bench", "--random", "2"],
        &["bench", "--layouts", "1"],
        &["compare", "--state", HARDEST_A, "--strategies", "bfs,astar"],
        &["compare", "--layout", "1", "--strategies", "bfs"],
        &["experiment", "--count", "2", "--strategies", "astar"],
        &[
            "experiment",
            "--layout",
            "1",
            "--count",
            "1",
            "--strategies",
            "bfs",
        ],
        &["layouts"],
    ];
    // (flag, values that suit it)
    const FLAGS: &[(&str, &[&str])] = &[
        ("--size", &["3x3", "2x3", "3x2"]),
        ("--goal", &["1 2 3 4 5 6 7 8 0", "0 1 2 3 4 5 6 7 8"]),
        (
            "--strategy",
            &[
                "bfs",
                "astar",
                "idastar",
                "annealing",
                "tabu",
                "greedy",
                "fast",
            ],
        ),
        ("-s", &["tabu", "greedy"]),
        (
            "--heuristic",
            &["manhattan", "misplaced", "linear-conflict"],
        ),
        ("-H", &["pdb", "pdb78"]),
        ("--metric", &["moves", "steps"]),
        ("--seed", &["1", "7"]),
        ("--t0", &["1.5", "10"]),
        ("--alpha", &["0.5", "0.99"]),
        ("--window", &["10", "1000"]),
        ("--max-iters", &["100", "5000"]),
        ("--restarts", &["0", "3"]),
        ("--tenure", &["1", "7", "1000000"]),
        ("--max-nodes", &["1", "1000"]),
        ("--max-memory", &["1", "16"]),
        ("--time-limit", &["0.01", "0.1"]),
        ("--random-seed", &["3"]),
        ("--shuffle", &["0", "10", "1000"]),
        ("--count", &["1", "2"]),
        ("--json", &[]),
        ("--bogus", &[]),
        ("-x", &[]),
    ];
    const BAD: &[&str] = &[
        "0",
        "-1",
        "2",
        "1e30",
        "1e-300",
        "NaN",
        "inf",
        "abc",
        "",
        "18446744073709551615",
        "18446744073709551616",
        "1152921504606846976",
        "100000000000",
        "9x9",
        "0x3",
        "1 1 2 3",
        "astar:pdb,x:y",
        "AA../AA../..../...B",
        "\u{feff}8",
        "/nonexistent/file",
        "--json",
    ];
    let mut args: Vec<String> = BASES[rng.random_range(0..BASES.len())]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for _ in 0..rng.random_range(0..4) {
        let (flag, good) = FLAGS[rng.random_range(0..FLAGS.len())];
        args.push(flag.to_string());
        if !good.is_empty() && rng.random_range(0..3) > 0 {
            args.push(pick(rng, good));
        } else if rng.random_range(0..2) > 0 {
            args.push(pick(rng, BAD));
        }
    }
    if rng.random_range(0..10) > 0 {
        args.extend(
            [
                "--time-limit",
                "0.2",
                "--max-memory",
                "64",
                "--max-nodes",
                "200000",
            ]
            .map(String::from),
        );
    }
    args
}

#[test]
fn fuzzed_command_lines_exit_0_or_2_with_one_line() {
    let sb = Sandbox::new("fuzz");
    let mut rng = huarong_engine::rng::seeded(14);
    let (mut ran, mut refused) = (0, 0);
    for _ in 0..500 {
        let args = fuzzed_command_line(&mut rng);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = sb.run(&refs);
        match run.code {
            0 => ran += 1,
            2 => {
                refused += 1;
                assert_eq!(run.stdout, "", "{args:?}: {run:?}");
                let lines: Vec<&str> = run.stderr.lines().collect();
                assert_eq!(lines.len(), 1, "{args:?}: {run:?}");
                assert!(
                    lines[0].starts_with("error: ") && lines[0].len() > 8,
                    "{args:?}: {run:?}"
                );
            }
            code => panic!("exit {code} for {args:?}: {run:?}"),
        }
    }
    // The mix exercises both paths.
    assert!(ran >= 10 && refused >= 10, "{ran} ran, {refused} refused");
    eprintln!("fuzz: {ran} ran, {refused} refused");
}

#[cfg(unix)]
#[test]
fn bench_refuses_a_file_that_is_not_regular() {
    let sb = Sandbox::new("fifo");
    let fifo = sb.dir.join("fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    sb.run(&["bench", "--file", fifo.to_str().unwrap()])
        .input_error(&["fifo", "not a regular file"]);
    sb.run(&["bench", "--file", sb.dir.to_str().unwrap()])
        .input_error(&["not a regular file"]);
}

/// `--trace` to a FIFO nobody reads ends within the wait for a reader,
/// with one line saying so, instead of blocking forever after the search;
/// with a reader, the trace flows through it.
#[cfg(unix)]
#[test]
fn a_trace_to_a_fifo_without_a_reader_ends_with_one_line() {
    let sb = Sandbox::new("trace-fifo");
    let fifo = sb.dir.join("trace");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    let trace = fifo.to_str().unwrap();
    let args = ["solve", "--state", "1 2 3 4 5 6 0 7 8", "--trace", trace];
    let run = sb.run(&args);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stderr.contains("no reader"), "{}", run.stderr);
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    // A reader first (it waits for the writer): the trace arrives whole.
    let reader = std::thread::spawn({
        let fifo = fifo.clone();
        move || std::fs::read_to_string(fifo).expect("read the FIFO")
    });
    let run = sb.run(&args);
    assert_eq!(run.code, 0, "{run:?}");
    let text = reader.join().unwrap();
    assert!(
        text.contains(r#"{"event":"expand","f":2,"g":0,"h":2,"state":"1 2 3 4 5 6 0 7 8"}"#),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with(r#"{"event":"end","truncated":false}"#),
        "{text}"
    );
}

// ---- issue 14 (engine, storage): hostile Klotski layouts and cache files ----

#[test]
fn klotski_8x8_is_refused_in_one_line() {
    let sb = Sandbox::new("klotski-8x8");
    sb.run(&[
        "solve",
        "--klotski",
        "AA....../AA....../......../......../......../......../......../.......B",
    ])
    .input_error(&["8x8", "64 cells", "63"]);
}

#[test]
fn idastar_finds_the_same_optimum_on_any_number_of_threads() {
    // Korf's shortest instance (41 moves): large enough that IDA*'s later
    // iterations run in parallel. A* (one thread, no splitting) is the
    // independent optimum.
    let sb = Sandbox::new("threads");
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let start = "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11";
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--state", start, "--goal", goal, "--json"];
        args.extend_from_slice(extra);
        sb.run(&args).json_line()
    };
    let astar = solve(&["--strategy", "astar"]);
    let optimum = astar["length"].as_u64().expect("A* solved it");
    for threads in ["1", "2", "3"] {
        let rec = solve(&["--strategy", "idastar", "--threads", threads]);
        assert_solved(&rec, start, 4, 4, &tiles(goal), optimum);
    }
}

#[test]
fn bad_input_threads_out_of_range() {
    let sb = Sandbox::new("threads-bad");
    for threads in ["0", "257"] {
        sb.run(&[
            "solve",
            "--state",
            "1 2 3 4 5 6 7 0 8",
            "--threads",
            threads,
        ])
        .input_error(&["--threads must be between 1 and 256"]);
    }
}

#[test]
fn bench_that_solves_nothing_says_there_is_no_path_to_replay() {
    let sb = Sandbox::new("bench-none");
    // Korf's three, without the one-move start that any limit lets through.
    let hard: String = KORF_FILE
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let file = sb.file("korf.txt", &hard);
    let file = file.to_str().unwrap();
    let none = sb.run(&[
        "bench",
        "--file",
        file,
        "--goal",
        KORF_GOAL,
        "--max-nodes",
        "3",
    ]);
    assert!(none.stdout.contains("solved 0 of "), "{none:?}");
    assert!(none.stdout.contains("no path to replay"), "{none:?}");
    assert!(none.stdout.contains("no length to check"), "{none:?}");
    assert!(!none.stdout.contains("every path replayed"), "{none:?}");
    assert!(none.stdout.contains("generated counts "), "{none:?}");
    // With something solved, the replay is claimed again.
    let easy: String = KORF_FILE
        .lines()
        .skip(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let easy = sb.file("easy.txt", &easy);
    let some = sb.run(&[
        "bench",
        "--file",
        easy.to_str().unwrap(),
        "--goal",
        KORF_GOAL,
    ]);
    assert!(some.stdout.contains("every path replayed"), "{some:?}");
}
