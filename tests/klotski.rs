//! Klotski: the classic layout's state count and optima in both metrics,
//! legal replay of every path, and parser errors.

use huarong::engine::Control;
use huarong::engine::Status;
use huarong::engine::klotski::space::{piece_moves, unit_steps};
use huarong::engine::klotski::{KlotskiSpace, Layout, LayoutError, Metric};
use huarong::engine::search::bfs;

const HENGDAO_LIMA: &str = "BAAC/BAAC/DEEF/DGHF/I..J";

fn solve(text: &str, metric: Metric) -> (Layout, Vec<(char, huarong::engine::Dir)>, usize) {
    let layout = Layout::parse(text).unwrap();
    let (space, start) = KlotskiSpace::new(&layout, metric);
    let o = bfs(&space, start, &Control::default());
    assert_eq!(o.status, Status::Solved);
    assert!(o.stats.optimal);
    let steps = unit_steps(&layout, &o.path).expect("the path replays legally");
    (layout, steps, o.path.len())
}

fn replays_to_goal(layout: &Layout, steps: &[(char, huarong::engine::Dir)]) -> bool {
    let mut l = layout.clone();
    for &(letter, d) in steps {
        let i = l.pieces.iter().position(|p| p.letter == letter).unwrap();
        if !l.step(i, d) {
            return false;
        }
    }
    l.is_solved()
}

#[test]
fn hengdao_lima_has_25955_states() {
    let layout = Layout::parse(HENGDAO_LIMA).unwrap();
    for metric in [Metric::Steps, Metric::Moves] {
        let (space, start) = KlotskiSpace::new(&layout, metric);
        assert_eq!(space.count_reachable(start), 25_955, "{metric:?}");
    }
}

#[test]
fn hengdao_lima_takes_116_steps() {
    let (layout, steps, len) = solve(HENGDAO_LIMA, Metric::Steps);
    assert_eq!(len, 116);
    assert_eq!(steps.len(), 116);
    assert!(replays_to_goal(&layout, &steps));
}

#[test]
fn hengdao_lima_takes_81_moves() {
    let (layout, steps, len) = solve(HENGDAO_LIMA, Metric::Moves);
    assert_eq!(len, 81);
    // An optimal move never continues the previous piece's move.
    assert_eq!(piece_moves(&steps), 81);
    assert!(replays_to_goal(&layout, &steps));
}

#[test]
fn an_already_solved_layout_needs_nothing() {
    let (_, steps, len) = solve("BCDE/FGHI/J..K/LAAM/NAAO", Metric::Steps);
    assert_eq!((len, steps.len()), (0, 0));
}

#[test]
fn layout_text_round_trips() {
    let l = Layout::parse("BAAC\nBAAC\nDEEF\nDGHF\nI..J").unwrap();
    assert_eq!(l.to_text(), HENGDAO_LIMA);
    assert_eq!(Layout::parse(&l.to_text()).unwrap(), l);
}

#[test]
fn every_layout_error_is_named() {
    let cases: [(&str, LayoutError, &str); 8] = [
        ("", LayoutError::Empty, "no rows"),
        (
            "BAAC/BAA/DEEF/DGHF/I..J",
            LayoutError::UnequalRows {
                row: 2,
                len: 3,
                expected: 4,
            },
            "row 2 has 3 cells",
        ),
        (
            "BAAC/BAAC/DEEF/DGHF/I.#J",
            LayoutError::UnknownChar('#'),
            "unknown character '#'",
        ),
        (
            "BAAC/BAAC/DEEF/DGHF/B..J",
            LayoutError::NotRectangle('B'),
            "'B' do not form",
        ),
        (
            "BAAC/BAAC/BEEF/DGHF/I..J",
            LayoutError::ShapeNotAllowed {
                letter: 'B',
                rows: 3,
                cols: 1,
            },
            "'B' is 3x1",
        ),
        (
            "AABB/AABB/CDEF/CGHF/I..J",
            LayoutError::TwoTargets('A', 'B'),
            "two 2x2 pieces",
        ),
        (
            "BAAC/BAAC/DEEF/DGHF/IKLJ",
            LayoutError::NoEmptyCell,
            "no empty cell",
        ),
        (
            "BAAC/BAAC/DEEF/DGHF/I..J/..../..../..../....",
            LayoutError::BadSize { rows: 9, cols: 4 },
            "9x4",
        ),
    ];
    for (text, err, words) in cases {
        let got = Layout::parse(text).unwrap_err();
        assert_eq!(got, err, "{text}");
        assert!(got.to_string().contains(words), "{got}");
    }
}

#[test]
fn a_layout_without_a_square_has_no_target() {
    let got = Layout::parse("BBCC/DEFG/DEFG/HIJK/L..M").unwrap_err();
    assert_eq!(got, LayoutError::NoTarget);
    assert!(got.to_string().contains("no 2x2 piece"));
}
