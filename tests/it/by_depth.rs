//! `huarong experiment --by-depth` (Russell and Norvig's table of search
//! cost by solution depth) end to end: every start lies at its depth by a
//! test-side BFS, the means are those of the runs done again here, a run
//! over its node limit is never averaged, and bad input is one line.

use std::collections::HashSet;

use huarong_engine::experiment::RunSummary;
use huarong_engine::{Control, HeuristicChoice, TilePuzzle, solve_tiles, strategy};
use serde_json::Value;

use crate::cli::Sandbox;

const GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];

fn by_depth(sb: &Sandbox, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["experiment", "--size", "3x3", "--json"];
    args.extend_from_slice(extra);
    sb.run(&args).json_lines()
}

fn starts(line: &Value) -> Vec<Vec<u8>> {
    line["starts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_str()
                .unwrap()
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect()
        })
        .collect()
}

/// The run of `name` with `heuristic` on `start`, here, one thread (as the
/// command runs each configuration).
fn run_here(name: &str, heuristic: HeuristicChoice, start: &[u8]) -> RunSummary {
    let text: Vec<String> = start.iter().map(u8::to_string).collect();
    let p = TilePuzzle::parse(&text.join(" "), Some("3x3"), None).unwrap();
    let s = strategy::find(name).unwrap();
    RunSummary::of(&solve_tiles(s, &p, &heuristic, &Control::default().with_threads(1)).unwrap())
}

#[test]
fn starts_lie_at_their_depth_and_the_means_are_those_of_the_runs() {
    let sb = Sandbox::new("by-depth");
    let args = [
        "--by-depth",
        "2..8:2",
        "--per-depth",
        "6",
        "--seed",
        "5",
        "--strategies",
        "ids,astar:misplaced,astar:manhattan",
    ];
    let lines = by_depth(&sb, &args);
    assert_eq!(lines.len(), 4 * 3, "a line per depth and configuration");
    let truth = crate::observe::distances(&GOAL);
    for line in &lines {
        let depth = line["depth"].as_u64().unwrap() as u32;
        assert_eq!(line["nodes"], "generated");
        let starts = starts(line);
        assert_eq!(starts.len(), 6);
        for s in &starts {
            assert_eq!(truth.get(s), Some(&depth), "{s:?} at depth {depth}");
        }
        // The layer's size, counted by the test-side BFS.
        let layer = truth.values().filter(|&&d| d == depth).count();
        assert_eq!(line["positions"].as_u64(), Some(layer as u64));
        if layer >= starts.len() {
            let distinct: HashSet<_> = starts.iter().collect();
            assert_eq!(distinct.len(), starts.len(), "depth {depth}: {starts:?}");
        }
        assert_eq!(
            (line["runs"].as_u64(), line["solved"].as_u64()),
            (Some(6), Some(6))
        );
        let (name, heuristic) = match line["strategy"].as_str().unwrap() {
            "ids" => ("ids", HeuristicChoice::Manhattan),
            "astar:misplaced" => ("astar", HeuristicChoice::Misplaced),
            "astar:manhattan" => ("astar", HeuristicChoice::Manhattan),
            other => panic!("{other}"),
        };
        let runs: Vec<RunSummary> = starts
            .iter()
            .map(|s| run_here(name, heuristic.clone(), s))
            .collect();
        assert!(
            runs.iter()
                .all(|r| r.solution_length() == Some(depth as usize))
        );
        let mean = |f: fn(&RunSummary) -> u64| {
            runs.iter().map(|r| f(r) as f64).sum::<f64>() / runs.len() as f64
        };
        let nodes = line["mean_nodes"].as_f64().unwrap();
        assert!((nodes - mean(|r| r.generated)).abs() < 1e-9, "{line}");
        let expanded = line["mean_expanded"].as_f64().unwrap();
        assert!((expanded - mean(|r| r.expanded)).abs() < 1e-9, "{line}");
        // b* solves N + 1 = 1 + b* + … + b*^d for the mean N.
        let b = line["branching"].as_f64().unwrap();
        let tree: f64 = (1..=depth).map(|i| b.powi(i as i32)).sum();
        assert!((tree - nodes).abs() < 1e-6 * nodes.max(1.0), "{line}");
    }
    // The seed fixes the starts and counts (times vary); another seed
    // draws others.
    let untimed = |mut lines: Vec<Value>| {
        for l in &mut lines {
            l.as_object_mut().unwrap().remove("mean_ms");
        }
        lines
    };
    assert_eq!(untimed(by_depth(&sb, &args)), untimed(lines.clone()));
    let mut other = args;
    other[5] = "6";
    let deepest = |lines: &[Value]| starts(lines.last().unwrap());
    assert_ne!(deepest(&by_depth(&sb, &other)), deepest(&lines));
}

#[test]
fn a_small_layer_is_repeated_only_once_it_is_used_up() {
    let sb = Sandbox::new("by-depth-layer");
    // Depth 2 of the 8-puzzle holds 4 positions: 9 starts are the layer
    // twice and one of it again.
    let lines = by_depth(
        &sb,
        &[
            "--by-depth",
            "2..2",
            "--per-depth",
            "9",
            "--strategies",
            "astar",
        ],
    );
    let starts = starts(&lines[0]);
    assert_eq!(lines[0]["positions"].as_u64(), Some(4));
    for round in starts.chunks(4) {
        assert_eq!(round.iter().collect::<HashSet<_>>().len(), round.len());
    }
    let layer: HashSet<_> = starts.iter().collect();
    assert_eq!(layer.len(), 4);
}

#[test]
fn runs_over_the_node_limit_are_never_averaged() {
    let sb = Sandbox::new("by-depth-limit");
    let args = [
        "--by-depth",
        "4..12:4",
        "--per-depth",
        "4",
        "--max-nodes",
        "300",
        "--strategies",
        "ids,astar:manhattan",
    ];
    let lines = by_depth(&sb, &args);
    let ids: Vec<&Value> = lines.iter().filter(|l| l["strategy"] == "ids").collect();
    assert_eq!(ids.len(), 3);
    let mut none_solved_at = None;
    for line in &ids {
        let (runs, solved) = (
            line["runs"].as_u64().unwrap(),
            line["solved"].as_u64().unwrap(),
        );
        if let Some(depth) = none_solved_at {
            // A deeper depth after one where no start was solved is not run.
            assert!(line["skipped"].is_string(), "after depth {depth}: {line}");
            assert_eq!((runs, line["not_run"].as_u64()), (0, Some(4)));
        } else if solved < runs {
            assert_eq!(line["over_limit"].as_u64(), Some(runs - solved), "{line}");
            assert!(
                line["mean_nodes"].is_null() && line["branching"].is_null(),
                "{line}"
            );
        }
        if runs > 0 && solved == 0 {
            none_solved_at = Some(line["depth"].as_u64().unwrap());
        }
    }
    assert!(
        ids.iter()
            .any(|l| l["solved"].as_u64() < l["runs"].as_u64()),
        "IDS never reached the limit: {ids:?}"
    );
    // The readable table names its counting and marks the cells.
    let text = sb.run(
        &["experiment", "--size", "3x3"]
            .into_iter()
            .chain(args)
            .collect::<Vec<_>>(),
    );
    assert_eq!(text.code, 0, "{text:?}");
    assert!(
        text.stdout.contains("nodes generated per search"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("300 nodes expanded (--max-nodes)"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("– ") && text.stdout.contains("/4"),
        "{}",
        text.stdout
    );
    let rows: Vec<&str> = text
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 3, "{}", text.stdout);
}

#[test]
fn bad_by_depth_input_is_one_line() {
    let sb = Sandbox::new("by-depth-bad");
    let run = |extra: &[&str]| {
        let mut args = vec!["experiment", "--strategies", "astar"];
        args.extend_from_slice(extra);
        sb.run(&args)
    };
    run(&["--by-depth", "2-24"]).input_error(&["--by-depth", "A..B"]);
    run(&["--by-depth", "8..4"]).input_error(&["--by-depth", "before the first"]);
    run(&["--by-depth", "2..8:0"]).input_error(&["--by-depth", "step"]);
    run(&["--by-depth", "2..40", "--size", "3x3"]).input_error(&["40 moves", "more than 31"]);
    run(&["--by-depth", "2..4", "--size", "4x4"]).input_error(&["at most 12 cells", "4x4"]);
    run(&["--by-depth", "2..4", "--per-depth", "0"]).input_error(&["--per-depth"]);
    run(&["--by-depth", "2..4", "--per-depth", "200000"]).input_error(&["--per-depth", "at most"]);
    run(&["--by-depth", "1..31", "--per-depth", "5000"]).input_error(&["100,000 starts"]);
    run(&["--per-depth", "5"]).input_error(&["--by-depth"]);
    run(&["--by-depth", "2..4", "--shuffle", "5"]).input_error(&["--shuffle"]);
    run(&["--by-depth", "2..4", "--layout", "1"]).input_error(&["--layout"]);
}

/// Progress that rewrites its line ("start 3/20") is for a terminal: with
/// standard error redirected, as here, the readable report writes none, so
/// a log holds no carriage returns.
#[test]
fn progress_is_not_written_where_standard_error_is_not_a_terminal() {
    let sb = Sandbox::new("progress-log");
    let runs = [
        vec![
            "experiment",
            "--size",
            "3x3",
            "--count",
            "3",
            "--strategies",
            "astar",
        ],
        vec![
            "experiment",
            "--size",
            "3x3",
            "--by-depth",
            "4..5",
            "--per-depth",
            "2",
            "--strategies",
            "astar",
        ],
    ];
    for args in runs {
        let run = sb.run(&args);
        assert_eq!(run.code, 0, "{args:?}: {run:?}");
        assert!(!run.stderr.contains('\r'), "{args:?}: {:?}", run.stderr);
        assert!(!run.stdout.is_empty(), "{args:?}: a report");
    }
}
