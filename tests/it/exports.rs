//! A batch export names the `huarong experiment` command that reproduces
//! it: the command, run, draws the starts the batch drew and aggregates the
//! runs the test makes again through the engine on those starts.

use huarong::storage::results::{AggregateRow, BatchInfo, PuzzleWords, experiment_command};
use huarong_engine::experiment::{Aggregate, RunSummary, scramble, tile_start};
use huarong_engine::klotski::{Layout, Metric};
use huarong_engine::{
    Board, Control, HeuristicChoice, Shape, TilePuzzle, solve_klotski, solve_tiles, strategy,
};
use serde_json::Value;

use super::cli::Sandbox;

/// A command line split as a POSIX shell splits it (spaces; single
/// quotes; `'\''` for a quote inside them).
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (false, ' ') => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (false, '\'') | (true, '\'') => {
                quoted = !quoted;
                any = true;
            }
            (false, '\\') => {
                word.extend(chars.next());
                any = true;
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quotes in {command}");
    if any {
        out.push(word);
    }
    out
}

/// Run the command `experiment_command` gives for `rows` with `--json`;
/// its aggregate lines.
fn run(rows: &[AggregateRow]) -> Vec<Value> {
    let (command, exact) = experiment_command(rows).unwrap();
    assert!(exact, "{command}");
    let mut args = words(&command);
    assert_eq!(args.remove(0), "huarong");
    assert_eq!(args[0], "experiment");
    args.push("--json".into());
    let sb = Sandbox::new("exports");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = sb.run(&args);
    assert_eq!(out.code, 0, "{command}: {out:?}");
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The command's figures for a configuration against the test's own.
fn same(line: &Value, a: &Aggregate) {
    assert_eq!(line["solved"], a.solved as u64, "{line}");
    assert_eq!(line["instances"], a.runs as u64, "{line}");
    assert_eq!(line["mean_length"].as_f64(), a.mean_length, "{line}");
    assert_eq!(
        line["mean_expanded"].as_f64(),
        Some(a.mean_expanded),
        "{line}"
    );
}

#[test]
fn the_command_of_a_tile_batch_draws_its_starts_on_its_own_goal() {
    // A goal of its own: the command must name it (and quote it).
    let shape = Shape::new(2, 3).unwrap();
    let goal = Board::parse("0 1 2 3 4 5", Some(shape)).unwrap();
    let (shuffle, seed, count) = (11, 4, 6);
    let mut rng = huarong_engine::rng::seeded(seed);
    let starts: Vec<TilePuzzle> = (0..count)
        .map(|_| TilePuzzle::new(tile_start(&goal, Some(shuffle), &mut rng), goal.clone()).unwrap())
        .collect();
    let configs = [("astar", "manhattan"), ("bfs", "")];
    let mut rows = Vec::new();
    let mut mine = Vec::new();
    for (name, heuristic) in configs {
        let s = strategy::find(name).unwrap();
        let runs: Vec<RunSummary> = starts
            .iter()
            .map(|p| {
                let o = solve_tiles(s, p, &HeuristicChoice::Manhattan, &Control::default());
                RunSummary::of(&o.unwrap())
            })
            .collect();
        let a = Aggregate::of(&runs).unwrap();
        rows.push(AggregateRow::new(
            BatchInfo::of(PuzzleWords::tiles_batch(&goal), shuffle, seed, count),
            name.into(),
            heuristic.into(),
            String::new(),
            &a,
        ));
        mine.push(a);
    }
    let lines = run(&rows);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["strategy"], "astar:manhattan");
    assert_eq!(lines[1]["strategy"], "bfs");
    for (line, a) in lines.iter().zip(&mine) {
        same(line, a);
    }
}

#[test]
fn the_command_of_a_klotski_batch_scrambles_its_own_layout() {
    // No classic: the command gives the layout itself.
    let layout = Layout::parse("BAAC/BAAC/D..F/DEEF/GH.J").unwrap();
    let (shuffle, seed, count) = (7, 3, 4);
    let mut rng = huarong_engine::rng::seeded(seed);
    let starts: Vec<Layout> = (0..count)
        .map(|_| scramble(&layout, shuffle, &mut rng))
        .collect();
    let bfs = strategy::find("bfs").unwrap();
    let runs: Vec<RunSummary> = starts
        .iter()
        .map(|l| {
            let o = solve_klotski(bfs, l, Metric::Steps, &Control::default()).unwrap();
            RunSummary::of_klotski(l, &o)
        })
        .collect();
    let a = Aggregate::of(&runs).unwrap();
    let rows = [AggregateRow::new(
        BatchInfo::of(
            PuzzleWords::klotski(&layout, Metric::Steps),
            shuffle,
            seed,
            count,
        ),
        "bfs".into(),
        String::new(),
        String::new(),
        &a,
    )];
    let lines = run(&rows);
    assert_eq!(lines.len(), 1);
    same(&lines[0], &a);
    // The shell splitting of a quoted word.
    assert_eq!(words(r"a 'b c' 'it'\''s'"), ["a", "b c", "it's"]);
}
