//! `huarong replay`: the statistics of a recorded solve and its excess over
//! the optimum, checked against a test-side BFS; bad files; standard input.

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::process::{Command, Stdio};

use huarong::storage::replay::{Replay, TimedMove, save, to_text};
use huarong_engine::tiles::{GoalPattern, shuffled};
use huarong_engine::{Board, Dir, Shape};

use crate::cli::Sandbox;

/// The fewest moves from `start` to `goal`, by a plain breadth-first search.
fn bfs_distance(start: &Board, goal: &Board) -> usize {
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    seen.insert(start.cells().to_vec(), 0);
    queue.push_back(start.clone());
    while let Some(b) = queue.pop_front() {
        let d = seen[b.cells()];
        if b == *goal {
            return d;
        }
        for dir in Dir::ALL {
            let mut next = b.clone();
            if next.apply(dir).is_some() && !seen.contains_key(next.cells()) {
                seen.insert(next.cells().to_vec(), d + 1);
                queue.push_back(next);
            }
        }
    }
    panic!("the goal is not reachable");
}

/// A replay whose moves undo a random walk of `len` from the goal: it
/// reaches the goal, usually in more moves than the optimum.
fn walk_back(goal: &Board, len: usize, seed: u64) -> Replay {
    let (scramble, walk) = shuffled(goal, len, &mut huarong_engine::rng::seeded(seed));
    let moves: Vec<TimedMove> = walk
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| TimedMove {
            dir: d.opposite(),
            at_ms: 200 * (i as u64 + 1),
        })
        .collect();
    let time = 200 * len as u64;
    Replay::new(scramble, goal.clone(), moves, 1500, time).unwrap()
}

#[test]
fn replay_excess_matches_a_bfs_on_3x3() {
    let sb = Sandbox::new("replay-excess");
    let shape = Shape::new(3, 3).unwrap();
    let mut positive = 0;
    for (i, p) in GoalPattern::ALL.into_iter().enumerate() {
        for seed in 0..2u64 {
            let replay = walk_back(&p.board(shape), 24, i as u64 * 10 + seed);
            let optimum = bfs_distance(&replay.scramble, &replay.goal);
            let excess = replay.single_tile_moves() as i64 - optimum as i64;
            positive += usize::from(excess > 0);
            let path = sb.dir.join(format!("{i}-{seed}.ron"));
            save(&path, &replay).unwrap();
            let path = path.to_str().unwrap();
            let rec = sb.run(&["replay", path, "--json"]).json_line();
            assert_eq!(rec["optimum"], optimum as u64, "{rec}");
            assert_eq!(rec["excess"], excess, "{rec}");
            assert_eq!(rec["reaches_goal"], true);
            assert_eq!(rec["single_tile"], 24);
            assert_eq!(rec["multi_tile"], replay.multi_tile_moves() as u64);
            assert_eq!(rec["moves"], replay.notation());
            assert_eq!(rec["goal_pattern"], p.name());
            assert_eq!(rec["time_ms"], 4800);
            assert_eq!(rec["inspection_ms"], 1500);
            assert_eq!(rec["tps"], 5.0);
            // The readable report says the same.
            let run = sb.run(&["replay", path]);
            assert_eq!(run.code, 0, "{run:?}");
            assert!(
                run.stdout.contains(&format!("Optimum: {optimum} moves")),
                "{}",
                run.stdout
            );
            assert!(
                run.stdout.contains(&format!(
                    "Excess: {excess} single-tile moves over the optimum"
                )),
                "{}",
                run.stdout
            );
            assert!(
                run.stdout.contains("Moves: 24 single-tile, "),
                "{}",
                run.stdout
            );
            assert!(
                run.stdout.contains("Time: 4.800 s (inspection 1.500 s)"),
                "{}",
                run.stdout
            );
            assert!(
                run.stdout.contains(&format!("Goal: {}", p.name())),
                "{}",
                run.stdout
            );
            assert!(
                run.stdout.contains("Reaches the goal: yes"),
                "{}",
                run.stdout
            );
        }
    }
    assert!(
        positive > 0,
        "some walk back should be longer than the optimum"
    );
}

#[test]
fn replay_plain_text_from_stdin_and_an_unfinished_solve() {
    let sb = Sandbox::new("replay-stdin");
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let mut replay = walk_back(&goal, 12, 5);
    // Drop the last move: it does not reach the goal.
    replay.moves.pop();
    let text = to_text(&replay);
    let mut child = Command::new(env!("CARGO_BIN_EXE_huarong"))
        .args(["replay", "-", "--json"])
        .env("HUARONG_CACHE_DIR", sb.dir.join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let rec: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rec["reaches_goal"], false);
    assert_eq!(rec["single_tile"], 11);
    assert_eq!(rec["optimum"], bfs_distance(&replay.scramble, &goal) as u64);
    assert_eq!(rec["excess"], serde_json::Value::Null);
    // Bad text on standard input: one line, exit 2.
    let mut child = Command::new(env!("CARGO_BIN_EXE_huarong"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"scramble 1 2 3 4 5 6 0 7 8\nmoves R\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: standard input: line 2: moves: move 1 (R) is illegal: no tile is left of the blank\n"
    );
}

#[test]
fn replay_bad_files_are_one_line_and_exit_2() {
    let sb = Sandbox::new("replay-bad");
    let cases = [
        (
            "illegal.txt",
            "scramble 1 2 3 4 5 6 0 7 8\nmoves L3\n",
            vec!["illegal.txt: line 2: moves: move 3 (L) is illegal"],
        ),
        (
            "bad-token.txt",
            "scramble 1 2 3 4 5 6 0 7 8\nmoves L Q\n",
            vec!["token 2 'Q' (at character 3) is not a move"],
        ),
        (
            "dup.txt",
            "scramble 1 2 3 4 5 6 7 7 0\nmoves L\n",
            vec!["line 1: scramble: duplicate tile 7"],
        ),
        (
            "unsolvable.txt",
            "scramble 2 1 3 4 5 6 7 8 0\nmoves L\n",
            vec!["the scramble cannot reach the goal"],
        ),
        (
            "newer.ron",
            "(format: \"huarong-replay\", version: 9)",
            vec!["replay file version 9 is newer than this app supports (1)"],
        ),
        (
            "other.ron",
            "(format: \"huarong-puzzle\", version: 1)",
            vec!["not a Huarong replay file (format 'huarong-puzzle')"],
        ),
        ("empty.txt", "", vec!["the replay is empty"]),
    ];
    for (name, text, needles) in cases {
        let path = sb.file(name, text);
        let run = sb.run(&["replay", path.to_str().unwrap()]);
        run.input_error(&needles);
    }
    let missing = sb.dir.join("missing.ron");
    sb.run(&["replay", missing.to_str().unwrap()])
        .input_error(&["cannot read", "missing.ron"]);
    sb.run(&["replay", sb.dir.to_str().unwrap()])
        .input_error(&["not a regular file"]);
    sb.run(&["replay"]).input_error(&["FILE"]);
    let path = sb.file("ok.txt", "scramble 1 2 3 4 5 6 0 7 8\nmoves L2\n");
    sb.run(&["replay", path.to_str().unwrap(), "--time-limit", "0"])
        .input_error(&["--time-limit must be a positive number"]);
}

#[test]
fn replay_says_when_the_optimum_is_out_of_reach() {
    let sb = Sandbox::new("replay-limit");
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let replay = walk_back(&goal, 30, 3);
    let path = sb.dir.join("r.ron");
    save(&path, &replay).unwrap();
    let path = path.to_str().unwrap();
    // The 6-6-3 database is not cached in the sandbox, and cannot be built in 1 ms.
    let rec = sb
        .run(&["replay", path, "--json", "--time-limit", "0.001"])
        .json_line();
    assert_eq!(rec["optimum"], serde_json::Value::Null, "{rec}");
    assert_eq!(rec["excess"], serde_json::Value::Null, "{rec}");
    assert_eq!(rec["optimum_status"], "limit", "{rec}");
    assert!(
        rec["optimum_reason"]
            .as_str()
            .unwrap()
            .contains("time limit"),
        "{rec}"
    );
    assert_eq!(rec["reaches_goal"], true);
    let run = sb.run(&["replay", path, "--time-limit", "0.001"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .contains("Optimum: not known (limit: the time limit"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Excess"), "{}", run.stdout);
    // With time, the 6-6-3 is built and the optimum found: at most the walk.
    let rec = sb.run(&["replay", path, "--json"]).json_line();
    let optimum = rec["optimum"].as_u64().unwrap();
    assert!(optimum <= 30 && optimum.is_multiple_of(2), "{rec}");
    assert_eq!(rec["excess"], 30 - optimum as i64);
    assert!(
        rec["optimum_by"].as_str().unwrap().contains("6-6-3"),
        "{rec}"
    );
}

/// A 5x5 replay whose scramble is already the goal needs no search, so no
/// 6-6-6-6 database is built for it (that takes minutes).
#[test]
fn a_replay_that_starts_at_the_goal_builds_no_database() {
    let sb = Sandbox::new("replay-at-goal");
    let goal = Board::goal(Shape::new(5, 5).unwrap());
    let replay = Replay::new(goal.clone(), goal, Vec::new(), 0, 0).unwrap();
    let path = sb.dir.join("r.ron");
    save(&path, &replay).unwrap();
    let rec = sb
        .run(&["replay", path.to_str().unwrap(), "--json"])
        .json_line();
    assert_eq!(rec["optimum"], 0, "{rec}");
    assert_eq!(rec["excess"], 0, "{rec}");
    assert!(!sb.dir.join("cache").exists(), "no database was built");
}
