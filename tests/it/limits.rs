//! Every command honours its limits, through the `huarong` binary: the
//! anatomy's exact distances count against `solve`'s limits, `hint` and
//! `distances` take `--time-limit` and `--max-memory`, and `bench` and
//! `experiment` a `--total-time-limit`. No timing is asserted: a run with a
//! short limit that returns at all, with the limit named in its JSON,
//! shows the limit held.

use serde_json::Value;

use super::cli::{Run, Sandbox};

/// A layout whose group is far larger than its solution is long: its
/// search takes a hundredth of a second, its exact distances minutes.
const OPEN_LAYOUT: &str = ".E..B.../.E....../.FFAA.C./...AA.../.D......";
/// A layout whose group takes minutes and gigabytes to count.
const BIG_GROUP: &str = "AA...../AA...../BCDEFGH/IJKLMNO/......./PQRSTUV/......./WXYZ...";

/// Run the binary with a fresh, empty cache folder.
fn huarong(args: &[&str]) -> Run {
    Sandbox::new("limits").run(args)
}

/// `n` with commas between thousands, written here independently of the
/// binary's formatting.
fn commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A limit reported in words: the status, the limit, no debug formatting.
fn assert_limit(v: &Value, needles: &[&str]) {
    assert_eq!(v["status"], "limit", "{v}");
    let reason = v["reason"]
        .as_str()
        .unwrap_or_else(|| panic!("a reason: {v}"));
    for needle in needles {
        assert!(reason.contains(needle), "{needle:?} not in {reason:?}");
    }
    assert!(!reason.contains("Limit("), "debug formatting: {reason}");
}

#[test]
fn a_klotski_anatomy_ends_at_the_time_limit() {
    let v = huarong(&[
        "solve",
        "--klotski",
        OPEN_LAYOUT,
        "--time-limit",
        "0.5",
        "--anatomy",
        "--json",
    ])
    .json_line();
    assert_limit(&v, &["time limit (0.5 s)", "--anatomy"]);
}

#[test]
fn a_klotski_anatomy_ends_at_the_memory_and_node_limits() {
    let memory = huarong(&[
        "solve",
        "--klotski",
        OPEN_LAYOUT,
        "--max-memory",
        "8",
        "--anatomy",
        "--json",
    ])
    .json_line();
    assert_limit(&memory, &["memory limit (8 MiB)", "--anatomy"]);
    let nodes = huarong(&[
        "solve",
        "--klotski",
        OPEN_LAYOUT,
        "--max-nodes",
        "1000",
        "--anatomy",
        "--json",
    ])
    .json_line();
    assert_limit(&nodes, &["node limit (1,000)", "--anatomy"]);
}

#[test]
fn a_klotski_anatomy_within_its_limits_still_has_the_heuristic_error() {
    let v = huarong(&[
        "solve",
        "--layout",
        "1",
        "-s",
        "astar",
        "--time-limit",
        "600",
        "--anatomy",
        "--json",
    ])
    .json_line();
    assert_eq!(v["status"], "solved", "{v}");
    let errors = v["anatomy"]["heuristic_error"]
        .as_object()
        .unwrap_or_else(|| panic!("a heuristic error: {v}"));
    // One count per expansion, each error never negative (the estimate
    // is admissible).
    let counted: u64 = errors.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(counted, v["expanded"].as_u64().unwrap(), "{v}");
    assert!(errors.keys().all(|k| k.parse::<i64>().unwrap() >= 0), "{v}");
}

#[test]
fn a_klotski_hint_takes_limits_and_agrees_with_solve() {
    let hint = huarong(&[
        "hint",
        "--layout",
        "1",
        "--time-limit",
        "600",
        "--max-memory",
        "512",
        "--json",
    ])
    .json_line();
    let solve = huarong(&["solve", "--layout", "1", "-s", "bfs", "--json"]).json_line();
    assert_eq!(solve["status"], "solved");
    assert_eq!(hint["distance"], solve["piece_moves"], "{hint} {solve}");
}

#[test]
fn a_big_klotski_hint_ends_at_its_limits() {
    let time = huarong(&[
        "hint",
        "--klotski",
        BIG_GROUP,
        "--time-limit",
        "0.5",
        "--json",
    ])
    .json_line();
    assert_limit(&time, &["time limit (0.5 s)"]);
    assert_eq!(time["limit"], "time");
    let memory = huarong(&[
        "distances",
        "--klotski",
        BIG_GROUP,
        "--max-memory",
        "16",
        "--json",
    ])
    .json_line();
    assert_limit(&memory, &["memory limit (16 MiB)"]);
    assert_eq!(memory["limit"], "memory");
    let text = huarong(&["hint", "--klotski", BIG_GROUP, "--time-limit", "0.2"]);
    assert_eq!(text.code, 0, "{:?}", text.stderr);
    assert!(
        text.stdout
            .starts_with("Status: limit: the time limit (0.2 s) ran out"),
        "{:?}",
        text.stdout
    );
}

#[test]
fn a_tile_hint_counts_its_database_against_the_time_limit() {
    // The cache is empty: the 6-6-3 database would be built, for seconds.
    let v = huarong(&[
        "hint",
        "--state",
        "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0",
        "--time-limit",
        "0.05",
        "--json",
    ])
    .json_line();
    assert_limit(&v, &["time limit (0.05 s)", "6-6-3 pattern database"]);
}

#[test]
fn a_tile_hint_within_its_limits_is_exact() {
    let hint = huarong(&[
        "hint",
        "--state",
        "8 6 7 2 5 4 3 0 1",
        "--time-limit",
        "600",
        "--max-memory",
        "64",
        "--json",
    ])
    .json_line();
    // One of the two 8-puzzle starts farthest from the goal.
    assert_eq!(hint["distance"], 31, "{hint}");
}

#[test]
fn a_distance_table_out_of_reach_is_said_and_stopped() {
    let positions = commas((1..=12u64).product::<u64>() / 2);
    let memory = huarong(&[
        "distances",
        "--size",
        "3x4",
        "--max-memory",
        "100",
        "--json",
    ]);
    let v = memory.json_line();
    assert_limit(
        &v,
        &[&format!("{positions} positions"), "memory limit (100 MiB)"],
    );
    let time = huarong(&[
        "distances",
        "--size",
        "3x4",
        "--time-limit",
        "0.3",
        "--json",
    ]);
    assert!(
        time.stderr
            .contains(&format!("this board has {positions} positions")),
        "said before it starts: {:?}",
        time.stderr
    );
    let v = time.json_line();
    assert_limit(
        &v,
        &[
            "time limit (0.3 s)",
            &format!("of its {positions} positions"),
        ],
    );
}

#[test]
fn a_distance_table_within_its_limits_counts_every_position() {
    let v = huarong(&["distances", "--size", "2x3", "--time-limit", "60", "--json"]).json_line();
    let expected = (1..=6u64).product::<u64>() / 2;
    assert_eq!(v["states"], expected, "{v}");
    let by: u64 = v["by_distance"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(by, expected, "{v}");
}

#[test]
fn a_spent_total_time_limit_leaves_bench_instances_not_run() {
    let lines = huarong(&[
        "bench",
        "--random",
        "5",
        "--total-time-limit",
        "1e-9",
        "--json",
    ])
    .json_lines();
    assert_eq!(lines.len(), 6, "five instances and the summary");
    for (i, l) in lines[..5].iter().enumerate() {
        assert_eq!(l["status"], "not_run", "{l}");
        assert_eq!(l["index"], i as u64 + 1, "{l}");
    }
    let summary = &lines[5]["summary"];
    assert_eq!(summary["not_run"], 5, "{summary}");
    assert_eq!(summary["solved"], 0, "{summary}");
    assert_eq!(summary["stopped_by"], "total_time_limit", "{summary}");
    let text = huarong(&["bench", "--random", "2", "--total-time-limit", "1e-9"]);
    assert_eq!(text.code, 0);
    assert!(
        text.stdout
            .contains("the total time limit (1e-9 s) stopped the run: 2 of 2 instances not run"),
        "{:?}",
        text.stdout
    );
    let layouts = huarong(&[
        "bench",
        "--layouts",
        "1,2",
        "--total-time-limit",
        "1e-9",
        "--json",
    ])
    .json_lines();
    assert_eq!(layouts[0]["status"], "not_run");
    assert_eq!(layouts[2]["summary"]["not_run"], 2);
}

#[test]
fn a_generous_total_time_limit_runs_every_bench_instance() {
    let lines = huarong(&[
        "bench",
        "--random",
        "3",
        "--total-time-limit",
        "600",
        "--json",
    ])
    .json_lines();
    assert_eq!(lines.len(), 4);
    assert!(lines[..3].iter().all(|l| l["status"] == "solved"));
    let summary = &lines[3]["summary"];
    assert_eq!(summary["not_run"], 0, "{summary}");
    assert_eq!(summary["solved"], 3, "{summary}");
    assert!(summary.get("stopped_by").is_none(), "{summary}");
}

#[test]
fn a_spent_total_time_limit_leaves_experiment_starts_not_run() {
    let v = huarong(&[
        "experiment",
        "--count",
        "4",
        "--strategies",
        "astar",
        "--total-time-limit",
        "1e-9",
        "--json",
    ])
    .json_line();
    assert_eq!(v["not_run"], 4, "{v}");
    assert_eq!(v["stopped_by"], "total_time_limit", "{v}");
    let all = huarong(&[
        "experiment",
        "--count",
        "3",
        "--strategies",
        "astar,idastar",
        "--total-time-limit",
        "600",
        "--json",
    ])
    .json_lines();
    assert_eq!(all.len(), 2);
    for a in &all {
        assert_eq!(a["instances"], 3, "{a}");
        assert_eq!(a["not_run"], 0, "{a}");
    }
}

#[test]
fn the_help_says_which_time_limit_is_per_instance_and_which_total() {
    for command in ["bench", "experiment"] {
        let help = huarong(&[command, "--help"]);
        assert_eq!(help.code, 0);
        let text = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("--total-time-limit"), "{command}: {text}");
        assert!(
            text.contains("The whole run's time budget"),
            "{command}: {text}"
        );
        assert!(text.contains("each instance's limit"), "{command}: {text}");
    }
}

#[test]
fn a_limit_reports_the_length_the_search_proved() {
    const START: &str = "8 6 7 2 5 4 3 0 1";
    let shortest =
        huarong(&["solve", "--state", START, "-s", "bfs", "--json"]).json_line()["length"]
            .as_u64()
            .unwrap();
    for s in ["bfs", "astar", "idastar", "ids"] {
        let v = huarong(&[
            "solve",
            "--state",
            START,
            "-s",
            s,
            "--max-nodes",
            "1000",
            "--json",
        ])
        .json_line();
        assert_eq!(v["status"], "limit", "{s}: {v}");
        let lower = v["lower_bound"]
            .as_u64()
            .unwrap_or_else(|| panic!("{s}: {v}"));
        assert!(
            (1..=shortest).contains(&lower),
            "{s}: {lower} against {shortest}"
        );
        let text = huarong(&["solve", "--state", START, "-s", s, "--max-nodes", "1000"]);
        assert!(
            text.stdout.contains(&format!(
                "Proven: every solution takes at least {lower} moves"
            )),
            "{s}: {}",
            text.stdout
        );
    }
    // Klotski, in its metric.
    let v = huarong(&[
        "solve",
        "--layout",
        "1",
        "-s",
        "bfs",
        "--max-nodes",
        "100",
        "--json",
    ])
    .json_line();
    assert!(
        v["lower_bound"]
            .as_u64()
            .is_some_and(|n| (1..=81).contains(&n)),
        "{v}"
    );
    // A solved run, and a strategy that proves nothing, claim nothing.
    let solved = huarong(&["solve", "--state", START, "-s", "astar", "--json"]).json_line();
    assert!(solved.get("lower_bound").is_none(), "{solved}");
    let weighted = huarong(&[
        "solve",
        "--state",
        START,
        "-s",
        "weighted",
        "--max-nodes",
        "1",
        "--json",
    ])
    .json_line();
    assert!(weighted.get("lower_bound").is_none(), "{weighted}");
}

/// The total time limit covers the whole command: drawing the starts (a
/// hundred thousand Klotski scrambles would take minutes) and building the
/// distance table `--by-depth` draws from (the 3x4's takes minutes).
#[test]
fn a_spent_total_time_limit_bounds_drawing_the_starts_too() {
    let v = huarong(&[
        "experiment",
        "--layout",
        "1",
        "--count",
        "100000",
        "--shuffle",
        "1000",
        "--strategies",
        "bfs",
        "--total-time-limit",
        "1e-9",
        "--json",
    ])
    .json_lines();
    let summary = v.last().expect("a summary");
    assert_eq!(summary["not_run"], 100_000, "{summary}");
    assert_eq!(summary["stopped_by"], "total_time_limit", "{summary}");
    let run = huarong(&[
        "experiment",
        "--size",
        "3x4",
        "--by-depth",
        "20..22",
        "--strategies",
        "idastar",
        "--total-time-limit",
        "1e-9",
    ]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains(
            "the total time limit (1e-9 s) ran out while the distance table for 3x4 was built"
        ),
        "{}",
        run.stderr
    );
}
