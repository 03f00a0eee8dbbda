//! Exports reproduce their runs: the compare table and the batch are run
//! in the app (egui_kittest), exported, the files read back with a
//! test-side CSV reader, and every run made again through the engine from
//! what the file says alone.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tempfile::TempDir;

use crate::app::HuarongApp;
use crate::app::compare::RowConfig;
use crate::app::settings::TuningSettings;
use crate::app::tests::{harness, klotski_harness, set_board, wait_while};
use crate::engine::experiment::{Aggregate, RunSummary, scramble, tile_start};
use crate::engine::klotski::{Layout, Metric};
use crate::engine::strategy::{self, ParamKind, Tuning};
use crate::engine::tiles::parse_path;
use crate::engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, Shape, TilePuzzle, solve_klotski,
    solve_tiles,
};

/// The compare CSV's columns as the storage documents them.
const COMPARE_COLUMNS: &str = "family,size,start,goal,metric,strategy,heuristic,tuning,\
                               status,length,moves,optimal,expanded,generated,peak_bytes,database_bytes,time_ms,path";

fn wait_for_compare(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.compare().is_running(), 120, "compare runs");
}

/// Run all, as a user does, and read the compare table it exports.
fn run_all_and_export(h: &mut Harness<'_, HuarongApp>) -> Table {
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(h);
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("compare.csv");
    h.state_mut().export_path(&path);
    Table::read(&path)
}

/// CSV as the header documents it, read without the csv crate: fields
/// split at commas; a field in double quotes may hold commas, line breaks
/// and doubled quotes. Lines starting with `#` (outside a record) are
/// comments.
fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let (mut quoted, mut at_line_start) = (false, true);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if at_line_start && c == '#' && !quoted {
            for c in chars.by_ref() {
                if c == '\n' {
                    break;
                }
            }
            continue;
        }
        at_line_start = false;
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                at_line_start = true;
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        !quoted && field.is_empty() && record.is_empty(),
        "ends with a line break"
    );
    records
}

/// The records of a CSV file by column name.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn read(path: &std::path::Path) -> Self {
        let mut records = read_csv(&std::fs::read_to_string(path).unwrap());
        let header = records.remove(0);
        for r in &records {
            assert_eq!(r.len(), header.len(), "{r:?}");
        }
        Self {
            header,
            rows: records,
        }
    }

    fn get<'a>(&self, row: &'a [String], column: &str) -> &'a str {
        let i = self.header.iter().position(|h| h == column);
        &row[i.unwrap_or_else(|| panic!("no column {column}"))]
    }
}

/// The strategy `name` with the knobs of `text` (`weight=1.5;seed=42`),
/// read through the registry's parameter tables.
fn configured(name: &str, text: &str) -> Box<dyn strategy::Strategy> {
    let s = strategy::find(name).unwrap_or_else(|| panic!("'{name}' is a registry name"));
    let mut tuning = Tuning::default();
    for item in text.split(';').filter(|i| !i.is_empty()) {
        let (key, value) = item.split_once('=').unwrap();
        let p = s.params().iter().find(|p| p.key.flag() == key).unwrap();
        tuning = match p.kind {
            ParamKind::Integer { .. } => tuning.with_int(p.key, value.parse().unwrap()),
            ParamKind::Real { .. } => tuning.with(p.key, value.parse().unwrap()),
        };
    }
    // Every knob the strategy takes is written.
    assert_eq!(
        text.split(';').filter(|i| !i.is_empty()).count(),
        s.params().len()
    );
    strategy::configure(name, &tuning).unwrap()
}

/// The heuristic a row names (none: Manhattan, which an unguided
/// strategy never reads).
fn heuristic(name: &str) -> HeuristicChoice {
    let kind = match name {
        "" => HeuristicKind::Manhattan,
        n => HeuristicKind::from_name(n).unwrap_or_else(|| panic!("'{n}' is a registry name")),
    };
    HeuristicChoice::with_database(kind, None)
}

/// A tile puzzle as a row gives it: `start`, `size`, `goal`.
fn puzzle(t: &Table, r: &[String]) -> TilePuzzle {
    TilePuzzle::parse(
        t.get(r, "start"),
        Some(t.get(r, "size")),
        Some(t.get(r, "goal")),
    )
    .unwrap()
}

/// Klotski unit steps `A:D B:L` replayed from `l`; the layout reached.
fn replay_steps(l: &Layout, text: &str) -> (Layout, usize) {
    let mut l = l.clone();
    let mut moves = 0;
    let mut last = None;
    for step in text.split(' ').filter(|s| !s.is_empty()) {
        let (letter, dir) = step.split_once(':').unwrap();
        let letter = letter.chars().next().unwrap();
        let dir = Dir::from_letter(dir.chars().next().unwrap()).unwrap();
        let i = l.pieces.iter().position(|p| p.letter == letter).unwrap();
        assert!(l.step(i, dir), "{step} is legal");
        moves += usize::from(last != Some(letter));
        last = Some(letter);
    }
    (l, moves)
}

/// Whether `l` covers the goal written as `goal`: the target's letter on
/// the cells it must reach, `.` elsewhere.
fn at_goal(l: &Layout, goal: &str) -> bool {
    let grid = l.grid();
    let marked: Vec<(usize, usize, char)> = goal
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|(_, c)| *c != '.')
                .map(move |(c, ch)| (r, c, ch))
        })
        .collect();
    !marked.is_empty() && marked.iter().all(|&(r, c, ch)| grid[r][c] == ch)
}

#[test]
fn a_compare_export_carries_what_reruns_each_row() {
    let mut h = harness();
    set_board(&mut h, "4 1 3 0 2 6 7 5 8");
    let moved = {
        let mut b = Board::parse("4 1 3 0 2 6 7 5 8", None).unwrap();
        // A start a few moves longer: the path read back has some length.
        for d in [Dir::Up, Dir::Right, Dir::Down, Dir::Right] {
            b.apply(d).unwrap();
        }
        b.to_text()
    };
    set_board(&mut h, &moved);
    h.get_by_label("Compare strategies").click();
    h.run();
    {
        let rows = &mut h.state_mut().compare.rows;
        rows.truncate(2);
        rows[0].config = RowConfig {
            strategy: "weighted".into(),
            heuristic: HeuristicKind::Manhattan,
            tuning: TuningSettings {
                weight: 1.5,
                ..TuningSettings::of("weighted")
            },
        };
        rows[1].config = RowConfig {
            strategy: "tabu".into(),
            heuristic: HeuristicKind::LinearConflict,
            tuning: TuningSettings {
                seed: 42,
                ..TuningSettings::of("tabu")
            },
        };
    }
    h.run();
    let t = run_all_and_export(&mut h);
    assert_eq!(t.header.join(","), COMPARE_COLUMNS);
    assert_eq!(t.rows.len(), 2);
    let mut names = Vec::new();
    for r in &t.rows {
        assert_eq!((t.get(r, "family"), t.get(r, "size")), ("tiles", "3x3"));
        assert_eq!(t.get(r, "start"), moved);
        let p = puzzle(&t, r);
        assert_eq!(p.goal, Board::goal(Shape::new(3, 3).unwrap()));
        let (name, tuning) = (t.get(r, "strategy"), t.get(r, "tuning"));
        names.push(format!("{name} {tuning}"));
        let s = configured(name, tuning);
        let o = solve_tiles(
            &*s,
            &p,
            &heuristic(t.get(r, "heuristic")),
            &Control::default(),
        )
        .unwrap();
        assert_eq!(t.get(r, "status"), "solved", "{r:?}");
        assert_eq!(t.get(r, "length"), o.path.len().to_string(), "{r:?}");
        assert_eq!(t.get(r, "expanded"), o.stats.expanded.to_string(), "{r:?}");
        // The moves replay from the start to the goal.
        let moves = parse_path(t.get(r, "path")).unwrap();
        assert_eq!(moves.len(), o.path.len());
        assert!(p.replays_to_goal(&moves), "{r:?}");
    }
    assert!(names[0].starts_with("weighted ") && names[0].contains("weight=1.5"));
    assert!(names[1].starts_with("tabu ") && names[1].contains("seed=42"));
    assert_eq!(t.get(&t.rows[0], "heuristic"), "manhattan");
}

#[test]
fn a_klotski_compare_export_replays_to_its_goal() {
    let mut h = klotski_harness();
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    h.state_mut().klotski_mut().load(
        layout.clone(),
        crate::app::i18n::Said::verbatim("test".into()),
    );
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    {
        let rows = &mut h.state_mut().compare.rows;
        rows.truncate(2);
        rows[0].config.strategy = "bfs".into();
        rows[1].config = RowConfig {
            strategy: "weighted".into(),
            heuristic: HeuristicKind::Manhattan,
            tuning: TuningSettings {
                weight: 2.0,
                ..TuningSettings::of("weighted")
            },
        };
    }
    h.run();
    let t = run_all_and_export(&mut h);
    assert_eq!(t.rows.len(), 2);
    for r in &t.rows {
        assert_eq!((t.get(r, "family"), t.get(r, "size")), ("klotski", "5x4"));
        assert_eq!(t.get(r, "heuristic"), "", "Klotski takes no tile heuristic");
        let start = Layout::parse(t.get(r, "start")).unwrap();
        assert_eq!(start, layout);
        let metric = Metric::from_name(t.get(r, "metric")).unwrap();
        let s = configured(t.get(r, "strategy"), t.get(r, "tuning"));
        let o = solve_klotski(&*s, &start, metric, &Control::default()).unwrap();
        assert_eq!(t.get(r, "status"), "solved");
        assert_eq!(t.get(r, "length"), o.path.len().to_string());
        assert_eq!(t.get(r, "expanded"), o.stats.expanded.to_string());
        let (end, moves) = replay_steps(&start, t.get(r, "path"));
        assert!(at_goal(&end, t.get(r, "goal")), "{r:?}");
        assert!(!at_goal(&start, t.get(r, "goal")));
        assert_eq!(t.get(r, "moves"), moves.to_string());
    }
    assert_eq!(t.get(&t.rows[1], "tuning"), "weight=2");
}

/// The test's own aggregate of `runs`: solved, mean length, mean expanded.
fn summed(runs: &[RunSummary]) -> (usize, Option<f64>, f64) {
    let a = Aggregate::of(runs).unwrap();
    (a.solved, a.mean_length, a.mean_expanded)
}

/// One exported aggregate's figures, as the test sums them.
fn exported(t: &Table, r: &[String]) -> (usize, Option<f64>, f64) {
    let length = t.get(r, "mean_length");
    (
        t.get(r, "solved").parse().unwrap(),
        (!length.is_empty()).then(|| length.parse().unwrap()),
        t.get(r, "mean_expanded").parse().unwrap(),
    )
}

#[test]
fn a_batch_export_names_its_batch_and_starts_and_reruns() {
    let mut h = harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    {
        let c = &mut h.state_mut().compare;
        c.rows.truncate(2);
        c.rows[0].config.strategy = "astar".into();
        c.rows[0].config.heuristic = HeuristicKind::Manhattan;
        c.rows[1].config = RowConfig {
            strategy: "tabu".into(),
            heuristic: HeuristicKind::Manhattan,
            tuning: TuningSettings {
                seed: 9,
                ..TuningSettings::of("tabu")
            },
        };
        c.batch.count = 4;
        c.batch.shuffle = 14;
        c.batch.seed = 5;
    }
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_for_compare(&mut h);
    // Changed after the run: the export still says what ran.
    h.state_mut().compare.batch.seed = 99;
    h.state_mut().compare.batch.count = 7;
    h.run();
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("batch.csv");
    h.state_mut().export_batch_path(&path);
    let starts_path = dir.path().join("batch.starts.csv");
    assert_eq!(
        h.state().compare().status(),
        format!(
            "Exported 2 rows to {} and their 4 starts to {}.",
            path.display(),
            starts_path.display()
        )
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(
            "# Reproduce: huarong experiment --size 3x3 --count 4 --shuffle 14 --seed 5 \
             --strategies astar:manhattan,tabu:manhattan --tenure"
        ),
        "{text}"
    );
    let t = Table::read(&path);
    assert_eq!(t.rows.len(), 2);
    let batch = &t.rows[0];
    assert_eq!(
        ["family", "size", "shuffle", "seed", "count"].map(|c| t.get(batch, c)),
        ["tiles", "3x3", "14", "5", "4"]
    );
    // The starts made again from size, goal, shuffle and seed are the
    // ones exported, in order.
    let goal = Board::parse(t.get(batch, "base"), Shape::parse("3x3").ok()).unwrap();
    let mut rng = crate::engine::rng::seeded(5);
    let again: Vec<String> = (0..4)
        .map(|_| tile_start(&goal, Some(14), &mut rng).to_text())
        .collect();
    let starts = Table::read(&starts_path);
    let exported_starts: Vec<&str> = starts.rows.iter().map(|r| starts.get(r, "start")).collect();
    assert_eq!(exported_starts, again);
    assert_eq!(starts.get(&starts.rows[3], "index"), "4");
    // Every configuration re-run on the exported starts gives the
    // exported aggregate.
    for r in &t.rows {
        let s = configured(t.get(r, "strategy"), t.get(r, "tuning"));
        let h = heuristic(t.get(r, "heuristic"));
        let runs: Vec<RunSummary> = starts
            .rows
            .iter()
            .map(|st| {
                let p = puzzle(&starts, st);
                let ctl = Control::default().with_threads(1);
                RunSummary::of(&solve_tiles(&*s, &p, &h, &ctl).unwrap())
            })
            .collect();
        assert_eq!(exported(&t, r), summed(&runs), "{r:?}");
        assert_eq!(t.get(r, "runs"), "4");
    }
}

#[test]
fn a_klotski_batch_export_reruns_from_its_starts() {
    let mut h = klotski_harness();
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    h.state_mut().klotski_mut().load(
        layout.clone(),
        crate::app::i18n::Said::verbatim("test".into()),
    );
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    {
        let c = &mut h.state_mut().compare;
        c.rows.truncate(1);
        c.rows[0].config.strategy = "bfs".into();
        c.batch.count = 3;
        c.batch.shuffle = 9;
        c.batch.seed = 2;
    }
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_for_compare(&mut h);
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("k.csv");
    h.state_mut().export_batch_path(&path);
    let t = Table::read(&path);
    let r = &t.rows[0];
    assert_eq!(
        ["family", "size", "metric", "shuffle", "seed", "count"].map(|c| t.get(r, c)),
        ["klotski", "5x4", "moves", "9", "2", "3"]
    );
    let base = Layout::parse(t.get(r, "base")).unwrap();
    assert_eq!(base, layout);
    let mut rng = crate::engine::rng::seeded(2);
    let again: Vec<Layout> = (0..3).map(|_| scramble(&base, 9, &mut rng)).collect();
    let starts = Table::read(&dir.path().join("k.starts.csv"));
    let exported_starts: Vec<Layout> = starts
        .rows
        .iter()
        .map(|s| Layout::parse(starts.get(s, "start")).unwrap())
        .collect();
    assert_eq!(exported_starts, again);
    let bfs = strategy::find("bfs").unwrap();
    let runs: Vec<RunSummary> = again
        .iter()
        .map(|l| {
            let o = solve_klotski(bfs, l, Metric::Moves, &Control::default()).unwrap();
            RunSummary::of_klotski(l, &o)
        })
        .collect();
    assert_eq!(exported(&t, r), summed(&runs));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(
            "# Reproduce: huarong experiment --klotski BAAC/BAAC/DEEF/DGHF/I..J --metric moves \
             --count 3 --shuffle 9 --seed 2 --strategies bfs\n"
        ),
        "{text}"
    );
}
