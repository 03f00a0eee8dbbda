//! The 24-puzzle's 6-6-6-6 pattern database, without its 127,512,000-entry
//! tables: the partition and its shared tables, and the same machinery on
//! small (3-tile) patterns of that partition on 5×5, checked against a
//! test-side search. The real tables are checked by an ignored test.

use std::sync::Arc;

use huarong::storage::pdb_cache::{PdbSource, load_or_build};
use huarong_engine::tiles::heuristic::TileHeuristic;
use huarong_engine::tiles::pdb::{PatternDb, PdbHeuristic};
use huarong_engine::tiles::shuffled;
use huarong_engine::{
    Board, Control, Dir, HeuristicChoice, HeuristicKind, Shape, Status, TilePuzzle, solve_tiles,
    strategy,
};

fn goal() -> Board {
    Board::goal(Shape::new(5, 5).unwrap())
}

/// The first three tiles of each 6-6-6-6 pattern: small tables (13,800
/// entries) with the same symmetries as the real ones.
fn small_partition(goal: &Board) -> Vec<Vec<u8>> {
    PatternDb::partition_6666(goal)
        .into_iter()
        .map(|p| p[..3].to_vec())
        .collect()
}

fn small_db() -> &'static Arc<PatternDb> {
    static DB: std::sync::OnceLock<Arc<PatternDb>> = std::sync::OnceLock::new();
    DB.get_or_init(|| {
        let goal = goal();
        Arc::new(PatternDb::build(&goal, &small_partition(&goal), &|_| {}))
    })
}

/// A 5×5 board's cell reflected in the main diagonal.
fn transpose(cell: usize) -> usize {
    (cell % 5) * 5 + cell / 5
}

#[test]
fn partition_6666_is_korf_and_felners_mirrored_to_the_blank_bottom_right() {
    // Korf & Felner's cells for the blank top-left, turned by 180° to our
    // goal's blank corner (cell c holds tile c + 1).
    let canonical: [&[usize]; 4] = [
        &[1, 2, 5, 6, 7, 12],
        &[3, 4, 8, 9, 13, 14],
        &[10, 11, 15, 16, 20, 21],
        &[17, 18, 19, 22, 23, 24],
    ];
    let p = PatternDb::partition_6666(&goal());
    for (pattern, cells) in p.iter().zip(canonical) {
        let mut got: Vec<u8> = pattern.clone();
        got.sort_unstable();
        let mut want: Vec<u8> = cells.iter().map(|&c| (24 - c + 1) as u8).collect();
        want.sort_unstable();
        assert_eq!(got, want);
    }
    let mut all: Vec<u8> = p.concat();
    all.sort_unstable();
    assert_eq!(all, (1..25).collect::<Vec<u8>>());
    // Two tables of 25·24·23·22·21·20 entries serve the four patterns.
    let header = PatternDb::encoded_len(&goal(), &p) - 2 * 127_512_000;
    assert!(header < 200, "header of {header} bytes");
    assert_eq!(
        HeuristicKind::Pdb6666.partition(&goal()),
        Some(p),
        "the kind's partition"
    );
}

#[test]
fn pdb6666_is_offered_on_5x5_only_with_a_reason_elsewhere() {
    let kind = HeuristicKind::from_name("pdb6666").unwrap();
    assert_eq!(kind, HeuristicKind::Pdb6666);
    assert!(kind.is_database());
    assert_eq!(kind.unavailable_for(Shape::new(5, 5).unwrap()), None);
    let why = kind.unavailable_for(Shape::new(4, 4).unwrap()).unwrap();
    assert!(why.contains("5x5") && why.contains("6-6-6-6"), "{why}");
    assert!(
        kind.partition(&Board::goal(Shape::new(4, 4).unwrap()))
            .is_none()
    );
}

/// Test-side 0-1 BFS of one pattern's abstract problem on 5×5: states are
/// (the tiles' cells, the blank's cell); a move costs 1 if it slides a
/// pattern tile. Returns the least cost of each placement, keyed by the
/// cells packed 5 bits each.
fn pattern_distances(goal: &Board, tiles: &[u8]) -> std::collections::HashMap<u32, u8> {
    use std::collections::VecDeque;
    let shape = goal.shape();
    let key = |cells: &[u8]| cells.iter().fold(0u32, |k, &c| k << 5 | c as u32);
    let state = |cells: &[u8], blank: u8| key(cells) << 5 | blank as u32;
    let start: Vec<u8> = tiles.iter().map(|&t| goal.position(t) as u8).collect();
    let mut cost = vec![u8::MAX; 1 << (5 * (tiles.len() + 1))];
    let mut deque = VecDeque::new();
    cost[state(&start, goal.blank() as u8) as usize] = 0;
    deque.push_back((start, goal.blank() as u8));
    let mut best = std::collections::HashMap::new();
    while let Some((cells, blank)) = deque.pop_front() {
        let c = cost[state(&cells, blank) as usize];
        let e = best.entry(key(&cells)).or_insert(c);
        *e = (*e).min(c);
        for d in Dir::ALL {
            let Some(to) = shape.neighbour(blank as usize, d) else {
                continue;
            };
            let mut next = cells.clone();
            let step = match cells.iter().position(|&x| x as usize == to) {
                Some(j) => {
                    next[j] = blank;
                    1
                }
                None => 0,
            };
            let s = state(&next, to as u8) as usize;
            if cost[s] > c + step {
                cost[s] = c + step;
                if step == 0 {
                    deque.push_front((next, to as u8));
                } else {
                    deque.push_back((next, to as u8));
                }
            }
        }
    }
    best
}

/// A board with `tiles` on `cells` and the other tiles anywhere else.
fn board_with(tiles: &[u8], cells: &[u8]) -> Vec<u8> {
    let mut board = vec![u8::MAX; 25];
    for (&t, &c) in tiles.iter().zip(cells) {
        board[c as usize] = t;
    }
    let mut rest = (0..25u8).filter(|t| !tiles.contains(t));
    for slot in board.iter_mut().filter(|x| **x == u8::MAX) {
        *slot = rest.next().unwrap();
    }
    board
}

#[test]
fn every_small_table_read_through_its_symmetry_equals_a_test_side_search() {
    let goal = goal();
    let db = small_db();
    let partition = small_partition(&goal);
    // Two of the three blocks read the first block's table.
    let shared = db.patterns().iter().filter(|p| p.shared.is_some()).count();
    assert_eq!(shared, 2);
    assert_eq!(
        db.to_bytes().len(),
        PatternDb::encoded_len(&goal, &partition)
    );
    let lookup = PdbHeuristic::new(db);
    for (i, tiles) in partition.iter().enumerate() {
        let want = pattern_distances(&goal, tiles);
        assert_eq!(want.len(), 25 * 24 * 23, "every placement is reached");
        for (&packed, &distance) in &want {
            let cells: Vec<u8> = (0..3)
                .rev()
                .map(|j| (packed >> (5 * j) & 31) as u8)
                .collect();
            let board = board_with(tiles, &cells);
            assert_eq!(
                u32::from(db.pattern_value(i, &board)),
                u32::from(distance),
                "pattern {i} {tiles:?} on {cells:?}"
            );
            if packed % 97 == 0 {
                // The heuristic's own lookup agrees.
                let (direct, _) = lookup.pattern_values(&board);
                assert_eq!(direct[i].1, u32::from(distance));
            }
        }
    }
}

/// The board reflected in the main diagonal, tiles renamed by their goal
/// cells' reflections (the goal's blank is on the diagonal).
fn reflected(goal: &Board, cells: &[u8]) -> Vec<u8> {
    let mirror = |t: u8| goal.cells()[transpose(goal.position(t))];
    let mut out = vec![0u8; 25];
    for (c, &t) in cells.iter().enumerate() {
        out[transpose(c)] = mirror(t);
    }
    out
}

#[test]
fn the_reflected_lookup_is_the_lookup_of_the_reflected_board() {
    let goal = goal();
    let lookup = PdbHeuristic::new(small_db());
    let mut rng = huarong_engine::rng::seeded(66);
    for moves in [0, 1, 5, 20, 60, 200] {
        let (board, _) = shuffled(&goal, moves, &mut rng);
        let (direct, mirrored) = lookup.pattern_values(board.cells());
        let (of_reflection, _) = lookup.pattern_values(&reflected(&goal, board.cells()));
        assert_eq!(mirrored.len(), 4);
        let values = |v: &[(Vec<u8>, u32)]| v.iter().map(|p| p.1).collect::<Vec<_>>();
        assert_eq!(values(&mirrored), values(&of_reflection), "{moves} moves");
        let sum = |v: &[(Vec<u8>, u32)]| v.iter().map(|p| p.1).sum::<u32>();
        assert_eq!(
            lookup.estimate(board.cells()),
            sum(&direct).max(sum(&mirrored))
        );
    }
}

#[test]
fn each_pattern_counts_at_most_its_tiles_moves_on_a_real_path() {
    // A random walk from the goal is a path back from its end; along it,
    // a pattern's tiles move at least as often as its table says, in the
    // direct and the reflected lookups alike.
    let goal = goal();
    let lookup = PdbHeuristic::new(small_db());
    let mut rng = huarong_engine::rng::seeded(7);
    for moves in [3, 10, 30, 80, 150] {
        let (end, walk) = shuffled(&goal, moves, &mut rng);
        let mut board = goal.clone();
        let mut moved = [0u32; 25];
        for &d in &walk {
            moved[board.apply(d).expect("a legal walk") as usize] += 1;
        }
        assert_eq!(board, end);
        let (direct, mirrored) = lookup.pattern_values(end.cells());
        for (tiles, value) in direct.iter().chain(&mirrored) {
            let count: u32 = tiles.iter().map(|&t| moved[t as usize]).sum();
            assert!(*value <= count, "{tiles:?}: {value} > {count} moves");
        }
    }
}

/// Test-side IDA* with Manhattan distance: the true distance of `start`.
fn true_distance(goal: &Board, start: &Board) -> u32 {
    let target: Vec<usize> = (0..25).map(|t| goal.position(t as u8)).collect();
    let manhattan = |cells: &[u8]| -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| {
                let g = target[t as usize];
                ((c / 5).abs_diff(g / 5) + (c % 5).abs_diff(g % 5)) as u32
            })
            .sum()
    };
    fn dfs(
        board: &mut Board,
        g: u32,
        bound: u32,
        prev: Option<Dir>,
        h: &dyn Fn(&[u8]) -> u32,
        goal: &Board,
    ) -> bool {
        if g + h(board.cells()) > bound {
            return false;
        }
        if board == goal {
            return true;
        }
        for d in Dir::ALL {
            if prev.is_some_and(|p| p.opposite() == d) || board.apply(d).is_none() {
                continue;
            }
            let found = dfs(board, g + 1, bound, Some(d), h, goal);
            board.apply(d.opposite());
            if found {
                return true;
            }
        }
        false
    }
    let mut bound = manhattan(start.cells());
    let mut board = start.clone();
    loop {
        if dfs(&mut board, 0, bound, None, &manhattan, goal) {
            return bound;
        }
        bound += 2;
    }
}

#[test]
fn the_estimate_never_exceeds_the_true_distance_near_the_goal() {
    let goal = goal();
    let lookup = PdbHeuristic::new(small_db());
    let mut rng = huarong_engine::rng::seeded(24);
    for i in 0..40 {
        let (start, _) = shuffled(&goal, 4 + i % 14, &mut rng);
        let truth = true_distance(&goal, &start);
        let h = lookup.estimate(start.cells());
        assert!(h <= truth, "h {h} > {truth} on {:?}", start.cells());
        // The reflected start is as far, and so bounded too.
        let mirror = Board::new(goal.shape(), reflected(&goal, start.cells())).unwrap();
        assert!(lookup.estimate(mirror.cells()) <= truth);
    }
}

#[test]
fn incremental_values_match_fresh_lookups_through_the_symmetries() {
    use huarong_engine::search::DepthFirstSpace;
    use huarong_engine::tiles::space::TileDfs;
    use rand::RngExt;
    let goal = goal();
    let lookup = PdbHeuristic::new(small_db());
    let puzzle = TilePuzzle::new(goal.clone(), goal.clone()).unwrap();
    let mut rng = huarong_engine::rng::seeded(5);
    let mut space = TileDfs::new(&puzzle, &lookup);
    let mut trail = Vec::new();
    for _ in 0..2000 {
        let moves = space.moves();
        let mv = moves.as_ref()[rng.random_range(0..moves.as_ref().len())];
        trail.push((mv, space.apply(mv)));
        assert_eq!(space.heuristic(), lookup.estimate(space.cells()));
    }
    while let Some((mv, undo)) = trail.pop() {
        space.undo(mv, undo);
        assert_eq!(space.heuristic(), lookup.estimate(space.cells()));
    }
}

#[test]
fn idastar_with_the_shared_tables_agrees_with_linear_conflict_on_short_5x5_starts() {
    let goal = goal();
    let db = small_db();
    let idastar = strategy::find("idastar").unwrap();
    let mut rng = huarong_engine::rng::seeded(55);
    for moves in [6, 12, 18, 24, 30] {
        let (start, _) = shuffled(&goal, moves, &mut rng);
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        let with_db = solve_tiles(
            idastar,
            &puzzle,
            &HeuristicChoice::Pdb(db.clone()),
            &Control::default(),
        )
        .unwrap();
        let with_lc = solve_tiles(
            idastar,
            &puzzle,
            &HeuristicChoice::LinearConflict,
            &Control::default(),
        )
        .unwrap();
        assert_eq!(with_db.status, Status::Solved);
        assert_eq!(with_lc.status, Status::Solved);
        assert_eq!(with_db.path.len(), with_lc.path.len(), "{moves}-move walk");
        assert!(puzzle.replays_to_goal(&with_db.path));
    }
}

#[test]
fn the_shared_tables_round_trip_and_a_damaged_cache_is_rebuilt() {
    let goal = goal();
    let partition = small_partition(&goal);
    let db = small_db();
    let bytes = db.to_bytes();
    assert_eq!(
        PatternDb::from_bytes(&bytes, &goal, &partition).as_ref(),
        Ok(&**db)
    );
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = tmp.path().join("cache");
    let first = load_or_build(&dir, &goal, &partition, &|_| {});
    assert!(matches!(first.source, PdbSource::Built { why: None, .. }));
    assert_eq!(std::fs::read(&first.path).unwrap(), bytes);
    let second = load_or_build(&dir, &goal, &partition, &|_| {});
    assert_eq!(second.source, PdbSource::Cache);
    assert_eq!(*second.db, **db);
    // One flipped bit in the second table: named, rebuilt, written back.
    crate::pdb::flip_a_bit_and_reload(&dir, &goal, &partition, &first.path, 0x10, db);
    assert_eq!(std::fs::read(&first.path).unwrap(), bytes);
}

/// The real 6-6-6-6 database (two tables of 127,512,000 entries: about 20 s
/// and 0.45 GB to build in release): `cargo test --release --test it
/// pdb_6666 -- --ignored`. It builds into a temporary folder, or reuses
/// `HUARONG_CACHE_DIR` when that is set.
#[test]
#[ignore = "builds 255 MB of tables; run in release"]
fn pdb_6666_is_admissible_and_agrees_with_linear_conflict() {
    let goal = goal();
    let partition = PatternDb::partition_6666(&goal);
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = std::env::var_os("HUARONG_CACHE_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| tmp.path().to_path_buf());
    let db = load_or_build(&dir, &goal, &partition, &|_| {}).db;
    assert_eq!(db.name(), "6-6-6-6");
    let lookup = PdbHeuristic::new(&db);
    let idastar = strategy::find("idastar").unwrap();
    let mut rng = huarong_engine::rng::seeded(6666);
    for moves in 10..50 {
        let (start, _) = shuffled(&goal, moves, &mut rng);
        let puzzle = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
        let run = |choice: &HeuristicChoice| {
            solve_tiles(idastar, &puzzle, choice, &Control::default()).unwrap()
        };
        // Linear conflict's IDA* is optimal (its own tests): the truth.
        let truth = run(&HeuristicChoice::LinearConflict).path.len() as u32;
        if moves <= 20 {
            assert_eq!(true_distance(&goal, &start), truth);
        }
        assert!(lookup.estimate(start.cells()) <= truth);
        let with_db = run(&HeuristicChoice::Pdb(db.clone()));
        assert_eq!(with_db.path.len() as u32, truth, "{moves}-move walk");
        assert!(puzzle.replays_to_goal(&with_db.path));
    }
}

#[test]
fn the_cli_refuses_pdb6666_off_5x5_in_one_line() {
    let sb = crate::cli::Sandbox::new("pdb6666");
    let near_4x4 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    sb.run(&["solve", "--state", near_4x4, "-H", "pdb6666"])
        .input_error(&["pdb6666", "6-6-6-6", "5x5", "4x4"]);
}

/// The optima stored in `bench/24puzzle-30.txt`, found again by IDA* with a
/// second database: the tiles in reading order, six at a time (1–6, 7–12,
/// 13–18, 19–24: four tables of their own, none shared), at most `HUARONG_ROWS_SECS` (default 300) seconds a start;
/// `HUARONG_ROWS_PICK=26,30` takes only those lines.
/// Release only: `cargo test --release --test it bench_24 -- --ignored
/// --nocapture`.
#[test]
#[ignore = "minutes in release"]
fn bench_24puzzle_optima_agree_with_a_second_database() {
    let goal = goal();
    let rows: Vec<Vec<u8>> = goal.cells()[..24].chunks(6).map(<[u8]>::to_vec).collect();
    let db = Arc::new(PatternDb::build(&goal, &rows, &|_| {}));
    assert!(db.patterns().iter().all(|p| p.shared.is_none()));
    let secs: u64 = std::env::var("HUARONG_ROWS_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let pick: Vec<usize> = std::env::var("HUARONG_ROWS_PICK")
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_default();
    let text = include_str!("../../bench/24puzzle-30.txt");
    let idastar = strategy::find("idastar").unwrap();
    for (i, line) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
        if !pick.is_empty() && !pick.contains(&(i + 1)) {
            continue;
        }
        let numbers: Vec<u8> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let (tiles, optimum) = numbers.split_at(25);
        let start = Board::new(goal.shape(), tiles.to_vec()).unwrap();
        let puzzle = TilePuzzle::new(start, goal.clone()).unwrap();
        let control = Control::default().with_limits(huarong_engine::Limits {
            time_limit: Some(std::time::Duration::from_secs(secs)),
            ..Default::default()
        });
        let o = solve_tiles(
            idastar,
            &puzzle,
            &HeuristicChoice::Pdb(db.clone()),
            &control,
        )
        .unwrap();
        println!(
            "#{} {:?} {} (file {}) expanded {} in {:.2} s",
            i + 1,
            o.status,
            o.path.len(),
            optimum[0],
            o.stats.expanded,
            o.stats.elapsed.as_secs_f64()
        );
        if o.status == Status::Solved {
            assert_eq!(o.path.len(), usize::from(optimum[0]), "#{}", i + 1);
            assert!(puzzle.replays_to_goal(&o.path));
        }
    }
}
