//! Library-level parsing of boards, sizes and puzzles: every malformed input
//! gives the exact `BoardError` variant and a message naming the problem.

use huarong_engine::tiles::BoardError;
use huarong_engine::{Board, Shape, TilePuzzle};

fn shape(rows: u8, cols: u8) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// Parse `text` (no size) expecting an error; return it with its message.
fn board_err(text: &str, size: Option<Shape>) -> (BoardError, String) {
    let err = Board::parse(text, size).expect_err(text);
    let msg = err.to_string();
    (err, msg)
}

#[test]
fn empty_text_is_empty() {
    for text in ["", "   ", "\n\n", " , ; \n,"] {
        let (err, msg) = board_err(text, None);
        assert_eq!(err, BoardError::Empty, "{text:?}");
        assert_eq!(msg, "no tiles given");
    }
    let (err, _) = board_err("", Some(shape(3, 3)));
    assert_eq!(err, BoardError::Empty);
}

#[test]
fn not_a_number_names_the_token() {
    let (err, msg) = board_err("1 2 x 4 5 6 7 8 0", None);
    assert_eq!(err, BoardError::NotANumber("x".into()));
    assert!(msg.contains("'x'"), "{msg}");
    assert!(msg.contains("not a number"), "{msg}");

    let (err, msg) = board_err("1 2 3 4 5.5 6 7 8 0", None);
    assert_eq!(err, BoardError::NotANumber("5.5".into()));
    assert!(msg.contains("'5.5'"), "{msg}");
}

#[test]
fn negative_number_is_not_a_number() {
    let (err, msg) = board_err("1 2 3 4 5 6 7 8 -1", None);
    assert_eq!(err, BoardError::NotANumber("-1".into()));
    assert!(msg.contains("'-1'"), "{msg}");
}

#[test]
fn out_of_range_names_tile_and_maximum() {
    let (err, msg) = board_err("1 2 3 4 5 6 7 9 0", None);
    assert_eq!(err, BoardError::OutOfRange { tile: 9, max: 8 });
    assert!(msg.contains("tile 9"), "{msg}");
    assert!(msg.contains("out of range"), "{msg}");
    assert!(msg.contains('8'), "{msg}");

    // Far beyond u8: still reported as the number given, not truncated.
    let (err, msg) = board_err("1 2 3 4 5 6 7 300 0", None);
    assert_eq!(err, BoardError::OutOfRange { tile: 300, max: 8 });
    assert!(msg.contains("300"), "{msg}");
}

#[test]
fn duplicate_names_the_tile() {
    let (err, msg) = board_err("1 2 3 4 5 6 8 8 0", None);
    assert_eq!(err, BoardError::Duplicate(8));
    assert_eq!(msg, "duplicate tile 8");

    let (err, msg) = board_err("1 2 3 4 5 6 7 0 0", None);
    assert_eq!(err, BoardError::Duplicate(0));
    assert!(msg.contains("duplicate tile 0"), "{msg}");
    assert!(msg.contains("blank"), "{msg}");
}

#[test]
fn wrong_count_for_given_size() {
    let fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0";
    let (err, msg) = board_err(fifteen, Some(shape(4, 4)));
    assert_eq!(
        err,
        BoardError::WrongCount {
            shape: shape(4, 4),
            found: 15
        }
    );
    assert!(msg.contains("15 numbers"), "{msg}");
    assert!(msg.contains("4x4"), "{msg}");
    assert!(msg.contains("16"), "{msg}");

    // Too many is also a wrong count.
    let (err, _) = board_err("1 2 3 4 5 6 7 8 0", Some(shape(2, 4)));
    assert_eq!(
        err,
        BoardError::WrongCount {
            shape: shape(2, 4),
            found: 9
        }
    );
}

#[test]
fn not_square_without_size() {
    let (err, msg) = board_err("1 2 3 4 5 0 6 7", None);
    assert_eq!(err, BoardError::NotSquare(8));
    assert!(msg.contains("8 numbers"), "{msg}");
    assert!(msg.contains("--size"), "{msg}");

    // With the size given, the same tiles are a fine 2x4 board.
    let b = Board::parse("1 2 3 4 5 0 6 7", Some(shape(2, 4))).unwrap();
    assert_eq!(b.shape(), shape(2, 4));
    assert_eq!(b.blank(), 5);
}

#[test]
fn bad_size_text() {
    for text in ["4by4", "four", "4", "x4", "4x", "4x4x4", "-3x3", ""] {
        let err = Shape::parse(text).expect_err(text);
        assert_eq!(
            err,
            BoardError::BadSize(text.trim().to_string()),
            "{text:?}"
        );
        let msg = err.to_string();
        assert!(msg.contains(&format!("'{}'", text.trim())), "{msg}");
        assert!(msg.contains("RxC"), "{msg}");
    }
    // Through TilePuzzle::parse the size error comes first.
    let err = TilePuzzle::parse("1 2 3 4 5 6 7 8 0", Some("4by4"), None).unwrap_err();
    assert_eq!(err, BoardError::BadSize("4by4".into()));
}

#[test]
fn size_out_of_range() {
    for (text, rows, cols) in [
        ("1x5", 1, 5),
        ("11x11", 11, 11),
        ("0x3", 0, 3),
        ("3x11", 3, 11),
        ("300x2", 300, 2),
    ] {
        let err = Shape::parse(text).expect_err(text);
        assert_eq!(err, BoardError::SizeOutOfRange { rows, cols }, "{text}");
        let msg = err.to_string();
        assert!(msg.contains(&format!("{rows}x{cols}")), "{msg}");
        assert!(msg.contains("out of range"), "{msg}");
        assert!(msg.contains("2 to 10"), "{msg}");
    }
    assert_eq!(
        Shape::new(1, 5).unwrap_err(),
        BoardError::SizeOutOfRange { rows: 1, cols: 5 }
    );
    assert_eq!(
        Shape::new(11, 11).unwrap_err(),
        BoardError::SizeOutOfRange { rows: 11, cols: 11 }
    );
    // The extremes themselves are fine.
    assert_eq!(Shape::parse("2x2").unwrap(), shape(2, 2));
    assert_eq!(Shape::parse("10x10").unwrap(), shape(10, 10));
}

#[test]
fn shape_parse_accepts_x_variants() {
    for text in ["3x5", "3X5", "3×5", " 3 x 5 "] {
        let s = Shape::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(s, shape(3, 5), "{text:?}");
        assert_eq!(s.cells(), 15);
    }
    assert_eq!(shape(3, 5).to_string(), "3x5");
    assert_eq!(Shape::parse(&shape(7, 2).to_string()).unwrap(), shape(7, 2));
}

#[test]
fn goal_of_another_size() {
    let err = TilePuzzle::parse("1 2 3 4 5 6 7 8 0", None, Some("1 2 3 0")).unwrap_err();
    assert_eq!(
        err,
        BoardError::GoalCount {
            shape: shape(3, 3),
            found: 4
        }
    );
    let msg = err.to_string();
    assert!(msg.contains("goal"), "{msg}");
    assert!(msg.contains("4 numbers"), "{msg}");
    assert!(msg.contains("3x3"), "{msg}");

    // Other goal problems are wrapped so the message says it is the goal.
    let err = TilePuzzle::parse("1 2 3 4 5 6 7 8 0", None, Some("1 2 3 4 5 6 7 7 0")).unwrap_err();
    assert_eq!(err, BoardError::InGoal(Box::new(BoardError::Duplicate(7))));
    assert_eq!(err.to_string(), "goal: duplicate tile 7");

    // Two boards of different shapes given directly.
    let start = Board::goal(shape(3, 3));
    let goal = Board::goal(shape(2, 4));
    let err = TilePuzzle::new(start, goal).unwrap_err();
    assert_eq!(
        err,
        BoardError::GoalShape {
            goal: shape(2, 4),
            start: shape(3, 3)
        }
    );
    let msg = err.to_string();
    assert!(msg.contains("goal"), "{msg}");
    assert!(msg.contains("2x4") && msg.contains("3x3"), "{msg}");
}

#[test]
fn puzzle_with_size_and_goal() {
    let p = TilePuzzle::parse(
        "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        None,
        Some("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
    )
    .unwrap();
    assert_eq!(p.shape(), shape(4, 4));
    assert_eq!(p.goal.blank(), 0);
    assert_eq!(p.start.blank(), 1);

    let p = TilePuzzle::parse("1 2 3 4 5 0 6 7", Some("2x4"), None).unwrap();
    assert_eq!(p.goal.cells(), &[1, 2, 3, 4, 5, 6, 7, 0]);
}

#[test]
fn separators_commas_semicolons_newlines() {
    let expected = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
    for text in [
        "1 2 3 4 5 6 7 8 0",
        "1,2,3,4,5,6,7,8,0",
        "1;2;3;4;5;6;7;8;0",
        "1 2 3\n4 5 6\n7 8 0\n",
        "1, 2, 3;\n4,5 ,6 ;\r\n\t7;8,0",
    ] {
        let b = Board::parse(text, None).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(b.cells(), &expected, "{text:?}");
        assert_eq!(b.shape(), shape(3, 3));
    }
}

#[test]
fn board_new_checks_permutation() {
    let s = shape(2, 2);
    assert_eq!(
        Board::new(s, vec![1, 2, 3]).unwrap_err(),
        BoardError::WrongCount { shape: s, found: 3 }
    );
    assert_eq!(
        Board::new(s, vec![1, 2, 4, 0]).unwrap_err(),
        BoardError::OutOfRange { tile: 4, max: 3 }
    );
    assert_eq!(
        Board::new(s, vec![1, 1, 3, 0]).unwrap_err(),
        BoardError::Duplicate(1)
    );
    assert!(Board::new(s, vec![3, 2, 1, 0]).is_ok());
}

#[test]
fn to_text_round_trips() {
    let boards = [
        Board::parse("8 6 7 2 5 4 3 0 1", None).unwrap(),
        Board::parse("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15", None).unwrap(),
        Board::parse("1 2 3 4 5 0 6 7", Some(shape(2, 4))).unwrap(),
        Board::goal(shape(10, 10)),
        Board::goal(shape(3, 7)),
    ];
    for b in boards {
        let text = b.to_text();
        assert_eq!(text.split(' ').count(), b.cells().len());
        let square = b.shape().rows == b.shape().cols;
        let back = Board::parse(&text, (!square).then_some(b.shape())).unwrap();
        assert_eq!(back, b, "{text}");
        let back = Board::parse(&text, Some(b.shape())).unwrap();
        assert_eq!(back, b, "{text}");
    }
    assert_eq!(
        Board::parse("8,6,7;2,5,4\n3 0 1", None).unwrap().to_text(),
        "8 6 7 2 5 4 3 0 1"
    );
}

#[test]
fn display_uses_dot_for_blank() {
    let b = Board::parse("8 6 7 2 5 4 3 0 1", None).unwrap();
    assert_eq!(b.to_string(), "8 6 7\n2 5 4\n3 . 1\n");

    // Two-digit tiles: every cell right-aligned to width 2.
    let goal = Board::goal(shape(4, 4));
    assert_eq!(
        goal.to_string(),
        " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  .\n"
    );

    let rect = Board::parse("1 2 3 4 5 0 6 7", Some(shape(2, 4))).unwrap();
    assert_eq!(rect.to_string(), "1 2 3 4\n5 . 6 7\n");
    assert!(!rect.to_string().contains('0'));
}
