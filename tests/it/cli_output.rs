//! The `huarong` binary's output in every corner: `--trace` never replaces
//! what is not a regular file, standard output and standard error that
//! cannot be written end with a line and an exit status (never a panic),
//! SIGINT and SIGTERM during a database's build leave no temporary file,
//! and messages name the right thing, briefly.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::cli::Sandbox;

const NEAR_3X3: &str = "1 2 3 4 5 6 0 7 8";

/// `huarong solve --state NEAR_3X3 -s astar --trace TRACE --json`.
fn traced(sb: &Sandbox, trace: &Path) -> super::cli::Run {
    sb.run(&[
        "solve",
        "--state",
        NEAR_3X3,
        "-s",
        "astar",
        "--json",
        "--trace",
        trace.to_str().expect("a UTF-8 path"),
    ])
}

/// Lines of a trace: JSON each, ending with the end line.
fn check_trace(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 2, "{text}");
    for line in &lines {
        let _: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    }
    assert_eq!(
        lines.last().copied(),
        Some(r#"{"event":"end","truncated":false}"#)
    );
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `--trace` to a symbolic link writes through it (the link stays, as
/// with `> link`); to a link to the null device, the device is written
/// and nothing is made beside the link.
#[cfg(unix)]
#[test]
fn trace_writes_through_a_symlink_and_never_replaces_it() {
    let sb = Sandbox::new("trace-link");
    let dir = sb.dir.join("t");
    std::fs::create_dir(&dir).unwrap();
    let target = dir.join("real.jsonl");
    std::fs::write(&target, "old\n".repeat(10_000)).unwrap();
    let link = dir.join("link.jsonl");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    traced(&sb, &link).json_line();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    check_trace(&std::fs::read_to_string(&target).unwrap());
    let null = dir.join("null");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    traced(&sb, &null).json_line();
    assert!(std::fs::symlink_metadata(&null).unwrap().is_symlink());
    assert_eq!(names(&dir), ["link.jsonl", "null", "real.jsonl"]);
}

/// `--trace FIFO` writes to the FIFO's reader; the FIFO stays a FIFO.
#[cfg(target_os = "linux")]
#[test]
fn trace_to_a_fifo_goes_to_its_reader() {
    use std::os::unix::fs::FileTypeExt;
    let sb = Sandbox::new("trace-fifo");
    let fifo = sb.dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        // Waits for the writer's open, then reads to its close.
        std::thread::spawn(move || std::fs::read_to_string(fifo))
    };
    traced(&sb, &fifo).json_line();
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(meta.file_type().is_fifo(), "{meta:?}");
    check_trace(&reader.join().unwrap().unwrap());
}

/// `--trace -` is standard output: the trace's lines, then the report.
#[test]
fn trace_dash_is_standard_output() {
    let sb = Sandbox::new("trace-dash");
    let run = sb.run(&[
        "solve", "--state", NEAR_3X3, "-s", "astar", "--json", "--trace", "-",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let (trace, report) = run.stdout.trim_end().rsplit_once('\n').unwrap();
    check_trace(trace);
    let report: serde_json::Value = serde_json::from_str(report).unwrap();
    assert_eq!(report["moves"], "RR");
    assert!(!sb.dir.join("-").exists());
}

/// A regular file is still replaced atomically (a new file, not the old
/// one truncated: a hard link to the old one keeps the old contents).
#[cfg(unix)]
#[test]
fn trace_replaces_a_regular_file_atomically() {
    let sb = Sandbox::new("trace-file");
    let path = sb.dir.join("trace.jsonl");
    std::fs::write(&path, "old\n").unwrap();
    let other = sb.dir.join("old-name");
    std::fs::hard_link(&path, &other).unwrap();
    traced(&sb, &path).json_line();
    check_trace(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "old\n");
}

/// A sandbox `name` with a folder holding only `bfs.jsonl`, an old trace
/// ("old"): the folder and the file.
fn old_trace_in_a_folder(name: &str) -> (Sandbox, std::path::PathBuf, std::path::PathBuf) {
    let sb = Sandbox::new(name);
    let dir = sb.dir.join("t");
    std::fs::create_dir(&dir).unwrap();
    let path = dir.join("bfs.jsonl");
    std::fs::write(&path, "old\n").unwrap();
    (sb, dir, path)
}

/// A trace of many chunks (every event of a 3×3 BFS, about 30 MB) to a
/// file already there is the very lines `--trace -` prints, replaces the
/// file whole and leaves nothing beside it.
#[test]
fn a_long_trace_to_a_file_is_the_lines_standard_output_gets() {
    let (sb, dir, path) = old_trace_in_a_folder("trace-long");
    let args = |trace: &'static str| {
        [
            "solve",
            "--state",
            "7 4 0 3 8 5 2 1 6",
            "-s",
            "bfs",
            "--json",
            "--trace-limit",
            "1000000",
            "--trace",
            trace,
        ]
    };
    let file_args = args("FILE").map(|a| {
        if a == "FILE" {
            path.to_str().unwrap()
        } else {
            a
        }
    });
    sb.run(&file_args).json_line();
    let run = sb.run(&args("-"));
    assert_eq!(run.code, 0, "{run:?}");
    let (printed, _report) = run.stdout.trim_end().rsplit_once('\n').unwrap();
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.len() > 1 << 24, "{} bytes", written.len());
    assert_eq!(written.trim_end(), printed);
    check_trace(&written);
    assert_eq!(names(&dir), ["bfs.jsonl"]);
}

/// A trace the file system stops taking part way (here at the size limit
/// `ulimit -f` sets, as a full disk would stop it, with the signal that
/// limit sends ignored) ends with one line naming the file and why, exit
/// 3; the old file is left whole, and nothing beside it.
#[cfg(target_os = "linux")]
#[test]
fn a_trace_the_file_system_stops_taking_says_why_and_leaves_the_old_file() {
    let (sb, dir, path) = old_trace_in_a_folder("trace-too-large");
    let out = Command::new("sh")
        .arg("-c")
        .arg(r#"trap "" XFSZ; ulimit -f 64; exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_huarong"))
        .args([
            "solve",
            "--state",
            "7 4 0 3 8 5 2 1 6",
            "-s",
            "bfs",
            "--trace",
        ])
        .arg(&path)
        .env("HUARONG_CACHE_DIR", sb.dir.join("cache"))
        .output()
        .expect("run huarong");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(
        errors,
        [format!(
            "error: cannot write --trace {}: File too large (os error 27)",
            path.display()
        )],
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
    assert_eq!(names(&dir), ["bfs.jsonl"]);
}

/// `huarong ARGS` with standard output (or, with `stderr_full`, standard
/// error too) on the full device: exit status and stderr.
fn into_full(args: &[&str], stderr_full: bool) -> Option<(Option<i32>, String)> {
    let open = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .ok()
    };
    let full = open()?;
    let sb = Sandbox::new("full");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_huarong"));
    cmd.args(args)
        .env("HUARONG_CACHE_DIR", sb.dir.join("cache"))
        .stdout(Stdio::from(full));
    if stderr_full {
        cmd.stderr(Stdio::from(open()?));
    }
    let out = cmd.output().expect("run huarong");
    Some((out.status.code(), String::from_utf8(out.stderr).unwrap()))
}

/// Every command, and `--help` and `--version`, on a full disk: exit 3 and
/// one line on stderr, never a panic or a silent exit 0.
#[test]
fn every_command_on_a_full_disk_ends_with_one_line_and_exit_3() {
    let commands: [&[&str]; 11] = [
        &["layouts"],
        &["solve", "--state", NEAR_3X3],
        &["bench", "--random", "3", "--size", "3x3"],
        &["compare", "--state", NEAR_3X3, "--strategies", "astar,bfs"],
        &[
            "experiment",
            "--size",
            "3x3",
            "--count",
            "2",
            "--strategies",
            "astar,bfs",
        ],
        &["hint", "--state", NEAR_3X3],
        &["distances", "--size", "2x3"],
        &["--help"],
        &["--version"],
        &["solve", "--help"],
        &["solve", "--state", NEAR_3X3, "-s", "astar", "--trace", "-"],
    ];
    for args in commands {
        let Some((code, stderr)) = into_full(args, false) else {
            return;
        };
        assert_eq!(code, Some(3), "{args:?}: {stderr}");
        let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
        assert_eq!(
            errors,
            ["error: cannot write to standard output: No space left on device (os error 28)"],
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Standard error on a full disk too: the error line cannot be shown, but
/// the exit status still says what happened (3, or 2 for bad input),
/// never a panic's 101.
#[test]
fn a_full_standard_error_does_not_panic() {
    for (args, want) in [
        (&["layouts"][..], 3),
        (&["solve", "--state", "1 2 3"][..], 2),
        (&["solve", "--bogus"][..], 2),
    ] {
        let Some((code, _)) = into_full(args, true) else {
            return;
        };
        assert_eq!(code, Some(want), "{args:?}");
    }
}

/// Send `sig` to `child`.
#[cfg(unix)]
#[allow(
    unsafe_code,
    reason = "sending a signal to a child has no safe interface in std"
)]
fn signal(child: &Child, sig: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill(2) takes plain integers; the pid is our own child's,
    // not yet waited for, so it names no other process.
    let sent = unsafe { libc::kill(pid, sig) };
    assert_eq!(sent, 0, "kill");
}

/// `huarong solve` on a 4×4 with the 6-6-3 database, which it builds into
/// the sandbox's cache.
#[cfg(unix)]
fn building(sb: &Sandbox) -> Child {
    Command::new(env!("CARGO_BIN_EXE_huarong"))
        .args([
            "solve",
            "--state",
            "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12",
            "-H",
            "pdb",
            "--json",
        ])
        .env("HUARONG_CACHE_DIR", sb.dir.join("cache"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run huarong")
}

/// What an interrupted run left: its exit status, its stderr lines, its
/// stdout, the cache folder's entries.
#[cfg(unix)]
fn ended(sb: &Sandbox, child: Child) -> (Option<i32>, Vec<String>, String, Vec<String>) {
    let out = child.wait_with_output().expect("wait for huarong");
    let stderr = String::from_utf8(out.stderr).unwrap();
    (
        out.status.code(),
        stderr.lines().map(str::to_string).collect(),
        String::from_utf8(out.stdout).unwrap(),
        names(&sb.dir.join("cache")),
    )
}

/// SIGINT during a database's build: the build stops, nothing is left in
/// the cache, exit 130 with one line saying so.
#[cfg(unix)]
#[test]
fn sigint_during_a_database_build_stops_it_with_exit_130() {
    let sb = Sandbox::new("sigint");
    let mut child = building(&sb);
    // The build's first progress line: it is under way.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(
        line.starts_with("building pattern database 6-6-3"),
        "{line}"
    );
    signal(&child, libc::SIGINT);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    let (code, _, stdout, cache) = ended(&sb, child);
    let errors: Vec<&str> = rest
        .lines()
        .filter(|l| !l.starts_with("building"))
        .collect();
    assert_eq!(code, Some(130), "{rest}");
    assert_eq!(
        errors,
        [
            "error: interrupted by SIGINT while the 6-6-3 pattern database was built and saved; \
          no partial file is left"
        ],
        "{rest}"
    );
    assert_eq!(stdout, "");
    assert_eq!(cache, Vec::<String>::new());
}

/// SIGTERM while the database's file is written: the temporary file is
/// removed, exit 143 with one line.
#[cfg(unix)]
#[test]
fn sigterm_during_a_database_write_removes_the_temporary_file() {
    let sb = Sandbox::new("sigterm");
    let cache = sb.dir.join("cache");
    let mut child = building(&sb);
    // Watch the cache folder for the temporary file (bounded by the run's
    // own end: it exits once the file is saved).
    let temp = loop {
        let found = std::fs::read_dir(&cache).ok().and_then(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .find(|n| n.starts_with(".pdb") && n.ends_with(".tmp"))
        });
        if let Some(name) = found {
            break name;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before its temporary file was seen"
        );
        std::thread::yield_now();
    };
    signal(&child, libc::SIGTERM);
    let (code, lines, stdout, left) = ended(&sb, child);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| !l.starts_with("building"))
        .collect();
    assert_eq!(code, Some(143), "{lines:?}");
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(
        errors[0].starts_with("error: interrupted by SIGTERM"),
        "{lines:?}"
    );
    assert_eq!(stdout, "");
    assert!(!left.contains(&temp), "{temp} left in {left:?}");
    assert!(left.iter().all(|n| !n.ends_with(".tmp")), "{left:?}");
}

/// Values are repeated at most 60 characters long: a huge number given to
/// a knob is not printed in full (309 digits).
#[test]
fn huge_numbers_are_quoted_briefly() {
    let sb = Sandbox::new("huge");
    for (strategy, flag, value) in [
        ("weighted", "--weight", "1e308"),
        ("annealing", "--t0", "-1e308"),
        ("annealing", "--alpha", "-1e308"),
    ] {
        let run = sb.run(&["solve", "--state", NEAR_3X3, "-s", strategy, flag, value]);
        let line = run.input_error(&[flag, value]);
        assert!(line.chars().count() < 160, "{line}");
    }
}

/// A time limit that runs out before a 3×3 search starts blames no
/// pattern database: none was used.
#[test]
fn a_spent_time_limit_without_databases_does_not_blame_them() {
    let rec = Sandbox::new("tiny-limit")
        .run(&[
            "solve",
            "--state",
            "8 6 7 2 5 4 3 0 1",
            "--time-limit",
            "1e-9",
            "--json",
        ])
        .json_line();
    assert_eq!(rec["status"], "limit", "{rec}");
    let reason = rec["reason"].as_str().unwrap_or_default();
    assert!(!reason.contains("pattern database"), "{reason}");
}
