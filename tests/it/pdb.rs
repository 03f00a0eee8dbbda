//! Pattern databases: the 6-6-3 partition, byte format checks, the disk
//! cache, and the 6-6-3 heuristic on real 15-puzzle instances.

use std::sync::OnceLock;

use huarong::storage::pdb_cache::{PdbSource, load_or_build};
use huarong_engine::tiles::heuristic::{TileHeuristic, evaluate};
use huarong_engine::tiles::pdb::{PatternDb, PdbError, PdbHeuristic};
use huarong_engine::tiles::{random_solvable, shuffled};
use huarong_engine::{
    Board, Control, HeuristicChoice, Shape, Status, TilePuzzle, solve_tiles, strategy,
};

fn korf_goal() -> Board {
    Board::new(Shape::new(4, 4).unwrap(), (0..16).collect()).unwrap()
}

/// The 6-6-3 database for Korf's goal, built once for this test binary.
fn korf_db() -> &'static std::sync::Arc<PatternDb> {
    static DB: OnceLock<std::sync::Arc<PatternDb>> = OnceLock::new();
    DB.get_or_init(|| std::sync::Arc::new(PatternDb::build_663(&korf_goal(), &|_| {})))
}

#[test]
fn partition_663_is_korf_and_felners_for_the_blank_top_left() {
    let p = PatternDb::partition_663(&korf_goal());
    assert_eq!(
        p,
        vec![
            vec![1, 2, 3],
            vec![4, 5, 8, 9, 12, 13],
            vec![6, 7, 10, 11, 14, 15]
        ]
    );
}

/// For the standard goal, Korf's and 20 random ones: `partition` uses each
/// tile once, in patterns of `sizes`.
fn check_partition_covers(partition: fn(&Board) -> Vec<Vec<u8>>, sizes: &[usize]) {
    let mut rng = huarong_engine::rng::seeded(3);
    let shape = Shape::new(4, 4).unwrap();
    let mut goals = vec![Board::goal(shape), korf_goal()];
    goals.extend((0..20).map(|_| random_solvable(&Board::goal(shape), &mut rng)));
    for goal in goals {
        let p = partition(&goal);
        let mut tiles: Vec<u8> = p.concat();
        tiles.sort();
        assert_eq!(
            tiles,
            (1..16).collect::<Vec<u8>>(),
            "goal {:?}",
            goal.cells()
        );
        let got: Vec<usize> = p.iter().map(|x| x.len()).collect();
        assert_eq!(got, sizes);
    }
}

#[test]
fn partition_663_covers_every_tile_once_for_any_goal() {
    check_partition_covers(PatternDb::partition_663, &[3, 6, 6]);
}

#[test]
fn partition_78_is_korf_and_felners_for_the_blank_top_left() {
    let p = PatternDb::partition_78(&korf_goal());
    assert_eq!(
        p,
        vec![
            vec![1, 2, 3, 4, 5, 6, 7],
            vec![8, 9, 10, 11, 12, 13, 14, 15]
        ]
    );
    // Blank bottom-right: the 7 tiles sit in the bottom two rows.
    let standard = PatternDb::partition_78(&Board::goal(Shape::new(4, 4).unwrap()));
    assert_eq!(
        standard,
        vec![
            vec![15, 14, 13, 12, 11, 10, 9],
            vec![8, 7, 6, 5, 4, 3, 2, 1]
        ]
    );
}

#[test]
fn partition_78_covers_every_tile_once_for_any_goal() {
    check_partition_covers(PatternDb::partition_78, &[7, 8]);
}

#[test]
fn database_kinds_name_their_partitions() {
    use huarong_engine::HeuristicKind;
    assert_eq!(
        HeuristicKind::from_name("pdb78"),
        Some(HeuristicKind::Pdb78)
    );
    assert_eq!(HeuristicKind::from_name("pdb663"), Some(HeuristicKind::Pdb));
    let why = HeuristicKind::Pdb78
        .unavailable_for(Shape::new(5, 5).unwrap())
        .unwrap();
    assert!(why.contains("7-8") && why.contains("4x4"), "{why}");
    let goal = korf_goal();
    assert_eq!(
        HeuristicKind::Pdb78.partition(&goal),
        Some(PatternDb::partition_78(&goal))
    );
    assert_eq!(korf_db().name(), "6-6-3");
}

fn small() -> (Board, Vec<Vec<u8>>, PatternDb) {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let partition = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
    let db = PatternDb::build(&goal, &partition, &|_| {});
    (goal, partition, db)
}

#[test]
fn bytes_round_trip_and_every_damage_is_detected() {
    let (goal, partition, db) = small();
    let bytes = db.to_bytes();
    assert_eq!(
        PatternDb::from_bytes(&bytes, &goal, &partition).unwrap(),
        db
    );

    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    assert_eq!(
        PatternDb::from_bytes(&flipped, &goal, &partition),
        Err(PdbError::Checksum)
    );

    assert_eq!(
        PatternDb::from_bytes(&bytes[..bytes.len() - 10], &goal, &partition),
        Err(PdbError::Truncated)
    );
    assert_eq!(
        PatternDb::from_bytes(&bytes[..20], &goal, &partition),
        Err(PdbError::Truncated)
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        PatternDb::from_bytes(&longer, &goal, &partition),
        Err(PdbError::Truncated)
    );

    assert_eq!(
        PatternDb::from_bytes(b"hello", &goal, &partition),
        Err(PdbError::NotADatabase)
    );
    assert_eq!(
        PatternDb::from_bytes(&[], &goal, &partition),
        Err(PdbError::NotADatabase)
    );

    let mut stale = bytes.clone();
    stale[12] = stale[12].wrapping_add(1); // the version number follows the magic
    assert!(matches!(
        PatternDb::from_bytes(&stale, &goal, &partition),
        Err(PdbError::Version(_))
    ));

    let other_goal = Board::parse("0 1 2 3 4 5 6 7 8", None).unwrap();
    assert_eq!(
        PatternDb::from_bytes(&bytes, &other_goal, &partition),
        Err(PdbError::OtherGoal)
    );
    let other_partition = vec![vec![1, 2, 3], vec![4, 5, 6, 7, 8]];
    assert_eq!(
        PatternDb::from_bytes(&bytes, &goal, &other_partition),
        Err(PdbError::OtherGoal)
    );
}

#[test]
fn the_cache_is_built_then_loaded_and_damaged_files_are_rebuilt() {
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = tmp.path().join("cache");
    let (goal, partition, db) = small();

    let first = load_or_build(&dir, &goal, &partition, &|_| {});
    assert_eq!(
        first.source,
        PdbSource::Built {
            why: None,
            saved: Ok(())
        }
    );
    assert_eq!(*first.db, db);
    assert!(first.path.starts_with(&dir));
    // The file is streamed table by table: the same bytes as `to_bytes`.
    assert_eq!(std::fs::read(&first.path).unwrap(), db.to_bytes());

    let second = load_or_build(&dir, &goal, &partition, &|_| {});
    assert_eq!(second.source, PdbSource::Cache);
    assert_eq!(*second.db, db);

    // Damage the file: detected, rebuilt, and the good file written back.
    flip_a_bit_and_reload(&dir, &goal, &partition, &first.path, 0x40, &db);
    assert_eq!(
        load_or_build(&dir, &goal, &partition, &|_| {}).source,
        PdbSource::Cache
    );

    // Truncate it: same.
    let bytes = std::fs::read(&first.path).unwrap();
    std::fs::write(&first.path, &bytes[..bytes.len() / 2]).unwrap();
    let fourth = load_or_build(&dir, &goal, &partition, &|_| {});
    assert!(
        matches!(&fourth.source, PdbSource::Built { why: Some(w), .. } if w.contains("truncated"))
    );
    assert_eq!(*fourth.db, db);

    // No temporary files are left behind.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

/// Flip `bit` in the cached file at `path` 100 bytes before its end (in
/// the last table), load again: the damage is named by the checksum, the
/// database rebuilt equal to `db` and the rebuilt file saved.
pub(crate) fn flip_a_bit_and_reload(
    dir: &std::path::Path,
    goal: &Board,
    partition: &[Vec<u8>],
    path: &std::path::Path,
    bit: u8,
    db: &PatternDb,
) {
    let mut bytes = std::fs::read(path).unwrap();
    let at = bytes.len() - 100;
    bytes[at] ^= bit;
    std::fs::write(path, &bytes).unwrap();
    let again = load_or_build(dir, goal, partition, &|_| {});
    match &again.source {
        PdbSource::Built {
            why: Some(why),
            saved: Ok(()),
        } => assert!(why.contains("checksum"), "{why}"),
        other => panic!("damaged cache not rebuilt: {other:?}"),
    }
    assert_eq!(*again.db, *db);
}

#[test]
fn pdb_663_is_admissible_and_agrees_with_linear_conflict_on_random_4x4() {
    let db = korf_db();
    let goal = korf_goal();
    let h = PdbHeuristic::new(db);
    assert_eq!(h.estimate(goal.cells()), 0);
    let lc = HeuristicChoice::LinearConflict;
    let pdb = HeuristicChoice::Pdb(db.clone());
    let ida = strategy::find("idastar").unwrap();
    let astar = strategy::find("astar").unwrap();
    let mut rng = huarong_engine::rng::seeded(5);
    let mut stronger = 0;
    for moves in (10..50).step_by(2) {
        let (start, _) = shuffled(&goal, moves, &mut rng);
        let p = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
        let by_lc = solve_tiles(ida, &p, &lc, &Control::default()).unwrap();
        let by_pdb = solve_tiles(ida, &p, &pdb, &Control::default()).unwrap();
        let by_astar = solve_tiles(astar, &p, &pdb, &Control::default()).unwrap();
        for o in [&by_lc, &by_pdb, &by_astar] {
            assert_eq!(o.status, Status::Solved);
            assert!(p.replays_to_goal(&o.path));
        }
        assert_eq!(by_pdb.path.len(), by_lc.path.len());
        assert_eq!(by_astar.path.len(), by_lc.path.len());
        let estimate = evaluate(&pdb, &goal, &start);
        assert!(estimate as usize <= by_lc.path.len());
        stronger += (estimate > evaluate(&lc, &goal, &start)) as usize;
    }
    assert!(
        stronger > 5,
        "6-6-3 should usually beat linear conflict ({stronger}/20)"
    );
}

#[test]
fn pdb_663_solves_korf_instances_optimally() {
    // Korf (1985) instances 2, 9, 12 and 19 with their published optima.
    let db = korf_db();
    let goal = korf_goal();
    for (tiles, optimum) in [
        ("13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", 55),
        ("3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0", 46),
        ("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", 45),
        ("7 11 8 3 14 0 6 15 1 4 13 9 5 12 2 10", 46),
    ] {
        let p = TilePuzzle::new(Board::parse(tiles, None).unwrap(), goal.clone()).unwrap();
        let o = solve_tiles(
            strategy::find("idastar").unwrap(),
            &p,
            &HeuristicChoice::Pdb(db.clone()),
            &Control::default(),
        )
        .unwrap();
        assert_eq!(o.status, Status::Solved);
        assert_eq!(o.path.len(), optimum, "{tiles}");
        assert!(p.replays_to_goal(&o.path));
    }
}

#[test]
fn pdb_is_refused_for_another_goal() {
    let db = korf_db();
    let p = TilePuzzle::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", None, None).unwrap();
    let err = solve_tiles(
        strategy::find("idastar").unwrap(),
        &p,
        &HeuristicChoice::Pdb(db.clone()),
        &Control::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("another goal"));
}

#[test]
fn a_cancelled_build_stops_and_writes_nothing() {
    use huarong::storage::pdb_cache::load_or_build_cancellable;
    use huarong_engine::CancelToken;
    let token = CancelToken::new();
    token.cancel();
    let goal = korf_goal();
    let partition = PatternDb::partition_663(&goal);
    assert!(PatternDb::build_cancellable(&goal, &partition, &|_| {}, &token).is_none());
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = tmp.path().join("cache");
    assert!(load_or_build_cancellable(&dir, &goal, &partition, &|_| {}, &token).is_none());
    assert!(!dir.exists() || std::fs::read_dir(&dir).unwrap().next().is_none());
}

/// The real 7-8 database: built (about 3 minutes in release, 1.4 GB), so it
/// is not part of the default run. Run it with
/// `cargo test --release --test it pdb_78 -- --ignored`; it builds into a
/// temporary folder, or reuses `HUARONG_CACHE_DIR` when that is set (never
/// the user's own cache folder).
#[test]
#[ignore = "builds the 7-8 database (minutes, 1.4 GB)"]
fn pdb_78_solves_korf_instances_optimally_and_is_admissible() {
    use huarong::storage::pdb_cache::load_or_build;
    use huarong_engine::HeuristicKind;
    let goal = korf_goal();
    let partition = HeuristicKind::Pdb78.partition(&goal).unwrap();
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = std::env::var_os("HUARONG_CACHE_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| tmp.path().to_path_buf(), std::path::PathBuf::from);
    let db = load_or_build(&dir, &goal, &partition, &|_| {}).db;
    assert_eq!(db.name(), "7-8");
    let choice = HeuristicChoice::Pdb(db.clone());
    let h78 = PdbHeuristic::new(&db);
    // Korf's first ten instances with their published optima.
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/bench/korf100.txt")).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(10) {
        let nums: Vec<&str> = line.split_whitespace().collect();
        let (tiles, optimum) = (nums[..16].join(" "), nums[16].parse::<usize>().unwrap());
        let p = TilePuzzle::new(Board::parse(&tiles, None).unwrap(), goal.clone()).unwrap();
        assert!(
            h78.estimate(p.start.cells()) as usize <= optimum,
            "admissible on {tiles}"
        );
        let o = solve_tiles(
            strategy::find("idastar").unwrap(),
            &p,
            &choice,
            &Control::default(),
        )
        .unwrap();
        assert_eq!(
            (o.status, o.path.len()),
            (Status::Solved, optimum),
            "{tiles}"
        );
        assert!(p.replays_to_goal(&o.path));
    }
    // Admissible on random short walks, where the exact distance is known
    // from the 6-6-3 IDA* (itself checked above and elsewhere).
    let mut rng = huarong_engine::rng::seeded(78);
    for _ in 0..50 {
        let (start, _) = shuffled(&goal, 40, &mut rng);
        let p = TilePuzzle::new(start, goal.clone()).unwrap();
        let exact = solve_tiles(
            strategy::find("idastar").unwrap(),
            &p,
            &HeuristicChoice::Pdb(korf_db().clone()),
            &Control::default(),
        )
        .unwrap()
        .path
        .len();
        assert!(h78.estimate(p.start.cells()) as usize <= exact);
    }
}

/// Build `small()` into a fresh cache folder; returns the folder's guard,
/// the cache file's path and the database.
fn small_cached() -> (tempfile::TempDir, std::path::PathBuf, PatternDb) {
    let tmp = tempfile::TempDir::new().unwrap();
    let (goal, partition, db) = small();
    let first = load_or_build(tmp.path(), &goal, &partition, &|_| {});
    assert_eq!(*first.db, db);
    (tmp, first.path, db)
}

fn rejected_because(dir: &std::path::Path, words: &str) -> PdbSource {
    let (goal, partition, db) = small();
    let load = load_or_build(dir, &goal, &partition, &|_| {});
    assert_eq!(*load.db, db);
    match &load.source {
        PdbSource::Built { why: Some(why), .. } => assert!(why.contains(words), "{why}"),
        other => panic!("expected a rejection naming {words:?}: {other:?}"),
    }
    load.source
}

#[test]
fn a_cancelled_load_stops_reading_and_leaves_the_cache_file_alone() {
    let (tmp, path, db) = small_cached();
    let (goal, partition, _) = small();
    assert!(huarong::storage::pdb_cache::is_cached(
        tmp.path(),
        &goal,
        &partition
    ));
    let cancelled = huarong_engine::CancelToken::new();
    cancelled.cancel();
    let load = huarong::storage::pdb_cache::load_or_build_cancellable(
        tmp.path(),
        &goal,
        &partition,
        &|_| {},
        &cancelled,
    );
    assert!(load.is_none(), "a raised token stops the read");
    assert_eq!(std::fs::read(&path).unwrap(), db.to_bytes());
}

#[test]
fn an_oversized_cache_file_is_rejected_by_its_length_before_reading() {
    let (tmp, path, db) = small_cached();
    // 100 GiB of sparse padding: reading it whole would take minutes and
    // all memory; the length alone must reject it.
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(100 << 30).unwrap();
    drop(file);
    let source = rejected_because(tmp.path(), "padded");
    assert!(matches!(source, PdbSource::Built { saved: Ok(()), .. }));
    // The good file was written back.
    assert_eq!(std::fs::read(&path).unwrap(), db.to_bytes());
}

#[test]
fn a_directory_at_the_cache_path_is_refused_by_name() {
    let (tmp, path, _) = small_cached();
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    rejected_because(tmp.path(), "not a regular file");
}

#[cfg(target_os = "linux")]
#[test]
fn a_fifo_at_the_cache_path_is_refused_not_waited_on() {
    let (tmp, path, db) = small_cached();
    std::fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    // Opening a FIFO for reading blocks until a writer comes: the check
    // must come first.
    rejected_because(tmp.path(), "not a regular file");
    // The rebuilt file replaced the FIFO.
    assert_eq!(std::fs::read(&path).unwrap(), db.to_bytes());
}

#[test]
fn a_temporary_file_left_by_a_killed_write_is_removed_on_the_next_load() {
    let (tmp, path, _) = small_cached();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    // What write_atomic_with leaves when killed mid-write, an hour old.
    let left = tmp.path().join(format!(".{name}.k1ll3d.tmp"));
    std::fs::write(&left, vec![0u8; 4096]).unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&left)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    let (goal, partition, _) = small();
    let load = load_or_build(tmp.path(), &goal, &partition, &|_| {});
    assert_eq!(load.source, PdbSource::Cache);
    assert!(!left.exists(), "the stale temporary file is still there");
}

#[cfg(unix)]
#[test]
fn a_cache_folder_others_can_write_is_not_used_and_a_new_one_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::TempDir::new().unwrap();
    let (goal, partition, db) = small();
    // Created by the load: owner-only.
    let fresh = tmp.path().join("fresh").join("cache");
    let load = load_or_build(&fresh, &goal, &partition, &|_| {});
    assert!(matches!(
        load.source,
        PdbSource::Built { saved: Ok(()), .. }
    ));
    let mode = std::fs::metadata(&fresh).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "{mode:o}");
    // A folder anyone can write to (where a planted file could wait): no
    // cache, with the reason named; the database is still built.
    let shared = tmp.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::write(
        load.path.to_string_lossy().replace("fresh/cache", "shared"),
        db.to_bytes(),
    )
    .unwrap();
    let load = load_or_build(&shared, &goal, &partition, &|_| {});
    assert_eq!(*load.db, db);
    match &load.source {
        PdbSource::Built {
            why: Some(why),
            saved: Err(not_saved),
        } => {
            assert!(why.contains("writable by others"), "{why}");
            assert!(not_saved.contains("no cache"), "{not_saved}");
        }
        other => panic!("a shared folder was used: {other:?}"),
    }
    // Group write alone (a private group's umask 002) is accepted.
    let grouped = tmp.path().join("grouped");
    std::fs::create_dir(&grouped).unwrap();
    std::fs::set_permissions(&grouped, std::fs::Permissions::from_mode(0o775)).unwrap();
    let load = load_or_build(&grouped, &goal, &partition, &|_| {});
    assert!(
        matches!(load.source, PdbSource::Built { saved: Ok(()), .. }),
        "{:?}",
        load.source
    );
}

#[test]
fn build_progress_rises_through_the_conversion_too() {
    let goal = Board::goal(Shape::new(4, 4).unwrap());
    let partition = PatternDb::partition_663(&goal);
    let seen = std::sync::Mutex::new(Vec::<f32>::new());
    let db = PatternDb::build(&goal, &partition, &|f| seen.lock().unwrap().push(f));
    assert_eq!(db.patterns().len(), 3);
    let seen = seen.into_inner().unwrap();
    assert_eq!(*seen.last().unwrap(), 1.0);
    assert!(seen.iter().all(|f| (0.0..=1.0).contains(f)), "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "never backwards");
    // The first (6-tile) table's conversion comes right after its search:
    // with a conversion weighing half a search, it spans [L/T, 1.5 L/T]
    // (L its placements, T all the work), and reports there.
    let six: f64 = (11..=16).map(f64::from).product();
    let three: f64 = (14..=16).map(f64::from).product();
    let total = 1.5 * (2.0 * six + three);
    let (from, to) = ((six / total) as f32, (1.5 * six / total) as f32);
    let inside = seen.iter().filter(|&&f| f > from + 1e-4 && f < to).count();
    assert!(inside >= 5, "{inside} reports in ({from}, {to}): {seen:?}");
}
