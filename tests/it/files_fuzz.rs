//! The app's own files, attacked: records (`records.ron`) and replays (RON
//! and the plain form) read from arbitrary bytes, from valid files mutated
//! (bytes flipped, cut short, bytes inserted, sections repeated), nested
//! deeply, with huge numbers and wrong versions. Each read ends, without a
//! panic, in the file or in one line naming the problem.

use huarong::storage::records::{self, Records, Solve};
use huarong::storage::replay::{self, Replay, TimedMove};
use huarong_engine::{Board, Dir, Shape};
use proptest::prelude::*;

/// A replay of four moves on the 8-puzzle.
fn sample_replay() -> Replay {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let mut scramble = goal.clone();
    let path = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];
    for d in path {
        scramble.apply(d).unwrap();
    }
    let moves = path
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| TimedMove {
            dir: d.opposite(),
            at_ms: 300 * i as u64 + 250,
        })
        .collect();
    Replay::new(scramble, goal, moves, 2_000, 1_400).unwrap()
}

/// Records with a tile solve (with its replay) and a Klotski one.
fn sample_records() -> String {
    let mut r = Records::default();
    let replay = sample_replay();
    r.add(
        &records::tiles_key(Shape::new(3, 3).unwrap(), "rows"),
        Solve {
            when_unix_s: 1_700_000_000,
            time_ms: 1_400,
            single_tile: 4,
            multi_tile: 4,
            optimum: Some(4),
            replay: Some(replay),
            klotski_moves: None,
        },
    );
    r.add(
        &records::klotski_key("横刀立马", false),
        Solve {
            when_unix_s: 1_700_000_100,
            time_ms: 95_000,
            single_tile: 116,
            multi_tile: 81,
            optimum: Some(116),
            replay: None,
            klotski_moves: Some("G:D J:L".into()),
        },
    );
    records::to_ron(&r)
}

/// One line naming the problem: not empty, no line break, not a book.
fn one_line(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.trim().is_empty(), "an empty message");
    prop_assert!(!message.contains('\n'), "more than one line: {message}");
    prop_assert!(message.len() <= 600, "{} bytes: {message}", message.len());
    Ok(())
}

/// Read `bytes` as records (as `records::load` does after reading the
/// file) and as a replay: each ends in a value or one line.
fn read_both(bytes: &[u8]) -> Result<(), TestCaseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            if let Err(e) = records::from_ron(text) {
                one_line(&e.to_string())?;
            }
        }
        Err(_) => {
            // load refuses it as not text, by its offset: one line too.
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("records.ron");
            std::fs::write(&path, bytes).unwrap();
            let e = records::load(&path).expect_err("not UTF-8");
            one_line(&e.to_string())?;
        }
    }
    if let Err(e) = replay::from_bytes(bytes) {
        one_line(&e.to_string())?;
    }
    Ok(())
}

/// A valid file changed by `edits`: (where, what) pairs applied in turn —
/// 0 flips a byte, 1 cuts the file there, 2 inserts a byte, 3 repeats the
/// bytes from there to the end.
fn mutated(valid: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut b = valid.to_vec();
    for &(at, kind, byte) in edits {
        if b.is_empty() {
            break;
        }
        let at = at % b.len();
        match kind % 4 {
            0 => b[at] ^= byte | 1,
            1 => b.truncate(at),
            2 => b.insert(at, byte),
            _ => {
                let tail = b[at..].to_vec();
                b.extend_from_slice(&tail);
            }
        }
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_are_refused_in_one_line(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        read_both(&bytes)?;
    }

    #[test]
    fn mutated_records_are_read_or_refused_in_one_line(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)
    ) {
        read_both(&mutated(sample_records().as_bytes(), &edits))?;
    }

    #[test]
    fn mutated_replays_are_read_or_refused_in_one_line(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
        plain in any::<bool>(),
    ) {
        let r = sample_replay();
        let valid = if plain { replay::to_text(&r) } else { replay::to_ron(&r) };
        read_both(&mutated(valid.as_bytes(), &edits))?;
    }
}

/// The valid samples read back whole, so the mutations start from files
/// the app reads.
#[test]
fn the_samples_read_back() {
    let text = sample_records();
    let r = records::from_ron(&text).unwrap();
    assert_eq!(records::to_ron(&r), text);
    let replay = sample_replay();
    assert_eq!(replay::from_ron(&replay::to_ron(&replay)).unwrap(), replay);
    // The plain form keeps the moves and the time, not each move's time.
    let plain = replay::from_bytes(replay::to_text(&replay).as_bytes()).unwrap();
    assert_eq!(plain.blank_moves(), replay.blank_moves());
    assert_eq!((plain.time_ms, plain.end()), (replay.time_ms, replay.end()));
}

/// Deep nesting, huge numbers and lengths, and versions from the future or
/// none: each refused in one line (and no stack overflow).
#[test]
fn hostile_shapes_are_refused_in_one_line() {
    let deep = format!("{}{}", "(".repeat(100_000), ")".repeat(100_000));
    let deep_list = format!(
        "Records(version: 1, boards: {{\"k\": {}}})",
        "[".repeat(50_000)
    );
    let valid = sample_records();
    let cases = [
        deep,
        deep_list,
        valid.replace("version: 1", "version: 99999999999999999999999999"),
        valid.replace("version: 1", "version: 7"),
        valid.replace("version: 1", "version: 0"),
        valid.replace("version: 1,", ""),
        valid.replace("1400", &"9".repeat(5_000)),
        valid.replace("\"G:D J:L\"", &format!("\"{}\"", "G:D ".repeat(200_000))),
        valid.replace("3x3", "300000x300000"),
        "\u{feff}".to_string(),
        " \n\t".to_string(),
    ];
    for case in &cases {
        let result = read_both(case.as_bytes());
        assert!(
            result.is_ok(),
            "{:?}: {result:?}",
            &case[..case.len().min(80)]
        );
    }
}
