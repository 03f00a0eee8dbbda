//! Memory figures: a search's own memory (`peak_bytes`, what its stored
//! states take) and the read-only tables it consults (`database_bytes`, a
//! pattern database) are reported apart; the breadth-first searches count
//! what their states hold, not their arrays' capacity, so plain and
//! mirror-merged BFS compare as the states they store do.

use std::sync::Arc;

use huarong_engine::klotski::{BFS_MIRRORED_STATE_BYTES, BFS_STATE_BYTES, Layout, Metric};
use huarong_engine::search::ida_star;
use huarong_engine::tiles::pdb::{PatternDb, PdbHeuristic};
use huarong_engine::tiles::space::TileDfs;
use huarong_engine::{
    Board, Control, HeuristicChoice, Outcome, Shape, Status, TilePuzzle, solve_klotski,
    solve_tiles, strategy,
};

use crate::cli::Sandbox;

/// 横刀立马, the classic layout 1.
const HENGDAO_LIMA: &str = "BAAC/BAAC/DEEF/DGHF/I..J";
/// Cao Cao three cells above the exit, nothing in the way.
const NEAR_EXIT: &str = "BAAC/BAAC/D..F/D..F/G..J";

fn klotski(strategy: &str, text: &str, metric: Metric) -> Outcome<huarong_engine::klotski::KMove> {
    let layout = Layout::parse(text).unwrap();
    solve_klotski(
        strategy::find(strategy).unwrap(),
        &layout,
        metric,
        &Control::default(),
    )
    .unwrap()
}

/// Tolerance 0: the one-word BFS counts each stored state as exactly the
/// documented bytes, so its figure is `peak_stored` times them.
#[test]
fn mirror_merged_bfs_reports_what_its_states_hold_and_never_more_than_bfs() {
    for metric in [Metric::Moves, Metric::Steps] {
        let plain = klotski("bfs", HENGDAO_LIMA, metric);
        let merged = klotski("bfs-mirror", HENGDAO_LIMA, metric);
        assert_eq!(plain.status, Status::Solved);
        assert_eq!(merged.status, Status::Solved);
        assert_eq!(merged.path.len(), plain.path.len(), "{metric:?}");
        let (p, m) = (&plain.stats, &merged.stats);
        assert_eq!(p.peak_bytes, p.peak_stored * BFS_STATE_BYTES, "{metric:?}");
        assert_eq!(
            m.peak_bytes,
            m.peak_stored * BFS_MIRRORED_STATE_BYTES,
            "{metric:?}"
        );
        // About half the states stored, so less memory, never more.
        assert!(
            10 * m.peak_stored < 6 * p.peak_stored,
            "{metric:?}: {} against {}",
            m.peak_stored,
            p.peak_stored
        );
        assert!(
            m.peak_bytes <= p.peak_bytes,
            "{metric:?}: merged {} bytes, plain {}",
            m.peak_bytes,
            p.peak_bytes
        );
        assert_eq!((p.database_bytes, m.database_bytes), (0, 0));
    }
}

/// After a large search on this thread (whose arrays the next one reuses),
/// a search that stores a few states reports a few states' bytes.
#[test]
fn a_search_that_stores_a_few_states_reports_a_few_states_bytes() {
    klotski("bfs-mirror", HENGDAO_LIMA, Metric::Moves);
    klotski("bfs", HENGDAO_LIMA, Metric::Moves);
    for (strategy, per_state) in [
        ("bfs-mirror", BFS_MIRRORED_STATE_BYTES),
        ("bfs", BFS_STATE_BYTES),
    ] {
        let o = klotski(strategy, NEAR_EXIT, Metric::Steps);
        assert_eq!((o.status, o.path.len()), (Status::Solved, 3), "{strategy}");
        let s = o.stats;
        assert!(
            s.peak_stored > 0 && s.peak_stored < 200,
            "{strategy}: {s:?}"
        );
        assert_eq!(s.peak_bytes, s.peak_stored * per_state, "{strategy}");
        assert!(s.peak_bytes < 200 * BFS_MIRRORED_STATE_BYTES, "{strategy}");
    }
}

/// The 3×3 goal and a database of two 4-tile patterns for it (cheap: a
/// few thousand entries).
fn small_db() -> (Board, Arc<PatternDb>) {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let db = PatternDb::build(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], &|_| {});
    (goal, Arc::new(db))
}

/// `n` placements of `k` tiles on `cells` cells: a pattern table's entries.
fn placements(cells: u64, k: u64) -> u64 {
    (cells - k + 1..=cells).product()
}

#[test]
fn idastar_with_a_pattern_database_reports_the_database_apart() {
    let (goal, db) = small_db();
    // One byte per placement of each pattern's 4 tiles on 9 cells.
    assert_eq!(db.table_bytes(), 2 * placements(9, 4));
    let start = Board::parse("8 6 7 2 5 4 3 0 1", Some(goal.shape())).unwrap();
    let puzzle = TilePuzzle::new(start, goal).unwrap();
    let ctl = Control::default().with_threads(1);
    let choice = HeuristicChoice::Pdb(db.clone());
    let o = solve_tiles(strategy::find("idastar").unwrap(), &puzzle, &choice, &ctl).unwrap();
    assert_eq!((o.status, o.path.len()), (Status::Solved, 31));
    assert_eq!(o.stats.database_bytes, db.table_bytes());
    // The search's own memory is what the search alone reports, run
    // directly on the same board and database outside the registry.
    let h = PdbHeuristic::new(&db);
    let alone = ida_star(&mut TileDfs::new(&puzzle, &h), &ctl);
    assert_eq!(alone.path.len(), 31);
    assert_eq!(alone.stats.database_bytes, 0);
    assert_eq!(o.stats.peak_bytes, alone.stats.peak_bytes);
    assert!(o.stats.peak_bytes > 0);
    // A strategy that is not guided holds no database, whatever was chosen.
    let bfs = solve_tiles(strategy::find("bfs").unwrap(), &puzzle, &choice, &ctl).unwrap();
    assert_eq!(bfs.stats.database_bytes, 0);
    // Nor does a heuristic computed from the board.
    let lc = solve_tiles(
        strategy::find("idastar").unwrap(),
        &puzzle,
        &HeuristicChoice::LinearConflict,
        &ctl,
    )
    .unwrap();
    assert_eq!(lc.stats.database_bytes, 0);
}

/// `solve --json` carries the database's bytes apart from the search's:
/// the 6-6-3 tables are one byte per placement of each pattern's tiles,
/// and their spread copies (saved beside them, read by the search) half
/// a byte per 16^k cells.
#[test]
fn solve_json_carries_database_bytes() {
    let sb = Sandbox::new("db-bytes");
    let near = "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12";
    let run = |h: &str| {
        sb.run(&["solve", "--state", near, "-s", "idastar", "-H", h, "--json"])
            .json_line()
    };
    let rec = run("pdb");
    assert_eq!(rec["status"], "solved", "{rec}");
    let spread = |k: u32| 16u64.pow(k).div_ceil(2);
    let tables = 2 * placements(16, 6) + placements(16, 3) + 2 * spread(6) + spread(3);
    assert_eq!(rec["database_bytes"].as_u64(), Some(tables), "{rec}");
    let peak = rec["peak_bytes"].as_u64().unwrap();
    assert!(peak > 0 && peak < tables, "{rec}");
    let rec = run("manhattan");
    assert_eq!(rec["database_bytes"].as_u64(), Some(0), "{rec}");
    // The readable line names both.
    let text = sb.run(&["solve", "--state", near, "-s", "idastar", "-H", "pdb"]);
    let line = text
        .stdout
        .lines()
        .find(|l| l.contains("memory"))
        .unwrap_or_default();
    let mib = format!(
        "+ pattern database {:.1} MiB",
        tables as f64 / f64::from(1 << 20)
    );
    assert_eq!(mib, "+ pattern database 27.0 MiB");
    assert!(line.contains(&mib), "{}", text.stdout);
}

/// The generic BFS (tile boards) counts each stored state alike: its
/// figure is `peak_stored` times one constant, whatever the run's size
/// (its arrays' capacity, doubling as they grow, would not be).
#[test]
fn tile_bfs_reports_the_same_bytes_for_every_state_it_stores() {
    let goal = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
    let bfs = strategy::find("bfs").unwrap();
    let mut per_state = Vec::new();
    for start in [
        "1 2 3 4 5 6 0 7 8",
        "1 2 3 0 5 6 4 7 8",
        "8 6 7 2 5 4 3 0 1",
    ] {
        let start = Board::parse(start, Some(goal.shape())).unwrap();
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        let o = solve_tiles(
            bfs,
            &puzzle,
            &HeuristicChoice::Manhattan,
            &Control::default(),
        )
        .unwrap();
        assert_eq!(o.status, Status::Solved);
        let s = o.stats;
        assert!(s.peak_stored > 0);
        assert_eq!(s.peak_bytes % s.peak_stored, 0, "{s:?}");
        per_state.push((s.peak_stored, s.peak_bytes / s.peak_stored));
    }
    assert!(
        per_state[0].0 < 100 && per_state[2].0 > 100_000,
        "{per_state:?}"
    );
    assert!(
        per_state.windows(2).all(|w| w[0].1 == w[1].1),
        "{per_state:?}"
    );
}
