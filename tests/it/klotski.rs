//! Klotski: the classic layout's state count and optima in both metrics,
//! legal replay of every path, and parser errors.

use huarong_engine::klotski::space::{piece_moves, unit_steps};
use huarong_engine::klotski::{KState, KlotskiSpace, Layout, LayoutError, Metric};
use huarong_engine::search::SearchSpace;
use huarong_engine::strategy::{self, Family, STRATEGIES, Visit};
use huarong_engine::{Control, Dir, LimitKind, Status, solve_klotski};

const HENGDAO_LIMA: &str = "BAAC/BAAC/DEEF/DGHF/I..J";

fn solve(text: &str, metric: Metric) -> (Layout, Vec<(char, huarong_engine::Dir)>, usize) {
    let layout = Layout::parse(text).unwrap();
    let o = solve_klotski(
        strategy::find("bfs").unwrap(),
        &layout,
        metric,
        &Control::default(),
    )
    .unwrap();
    assert_eq!(o.status, Status::Solved);
    assert!(o.stats.optimal);
    let steps = unit_steps(&layout, &o.path).expect("the path replays legally");
    (layout, steps, o.path.len())
}

fn replays_to_goal(layout: &Layout, steps: &[(char, huarong_engine::Dir)]) -> bool {
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
    let cases: [(&str, LayoutError, &str); 9] = [
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
        (
            "AA....../AA....../......../......../......../......../......../.......B",
            LayoutError::TooManyCells { rows: 8, cols: 8 },
            "8x8 board has 64 cells",
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

/// Every state reachable from `layout`'s start, with its exact cost to the
/// goal: moves are reversible, so a breadth-first search outwards from all
/// goal states of the component gives the distances.
fn exact_costs(space: &KlotskiSpace, start: KState) -> std::collections::HashMap<KState, u32> {
    use std::collections::{HashMap, HashSet, VecDeque};
    let mut all = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut buf = Vec::new();
    while let Some(s) = queue.pop_front() {
        buf.clear();
        space.successors(&s, &mut buf);
        for &(_, n) in &buf {
            if all.insert(n) {
                queue.push_back(n);
            }
        }
    }
    let mut cost: HashMap<KState, u32> = HashMap::new();
    let mut queue: VecDeque<KState> = all.iter().copied().filter(|s| space.is_goal(s)).collect();
    for s in &queue {
        cost.insert(*s, 0);
    }
    while let Some(s) = queue.pop_front() {
        let d = cost[&s];
        buf.clear();
        space.successors(&s, &mut buf);
        for &(_, n) in &buf {
            if let std::collections::hash_map::Entry::Vacant(e) = cost.entry(n) {
                e.insert(d + 1);
                queue.push_back(n);
            }
        }
    }
    assert_eq!(
        cost.len(),
        all.len(),
        "every state of 横刀立马 can be solved"
    );
    cost
}

#[test]
fn the_estimates_are_admissible_and_consistent_on_every_state() {
    let layout = Layout::parse(HENGDAO_LIMA).unwrap();
    for metric in [Metric::Steps, Metric::Moves] {
        let (space, start) = KlotskiSpace::new(&layout, metric);
        let cost = exact_costs(&space, start);
        assert_eq!(cost.len(), 25_955);
        assert_eq!(cost[&start], if metric == Metric::Steps { 116 } else { 81 });
        let mut buf = Vec::new();
        let mut tight = 0;
        for (s, &d) in &cost {
            let h = space.heuristic(s);
            assert!(h <= d, "{metric:?}: h {h} > exact {d}");
            assert_eq!(
                h == 0,
                space.is_goal(s),
                "{metric:?}: h is 0 exactly at goals"
            );
            tight += usize::from(h == d);
            buf.clear();
            space.successors(s, &mut buf);
            for (_, n) in &buf {
                assert!(
                    h <= space.heuristic(n) + 1,
                    "{metric:?}: one move lowers h by more than 1"
                );
            }
        }
        // The estimate is not vacuous: it is exact somewhere besides the goals.
        assert!(
            tight > cost.values().filter(|&&d| d == 0).count(),
            "{metric:?}"
        );
    }
}

/// A start `k` random unit steps away from a solved arrangement of
/// 横刀立马's pieces, seeded (so never more than `k` steps from the goal).
fn scrambled(k: usize, seed: u64) -> Layout {
    use rand::RngExt;
    let mut rng = huarong_engine::rng::seeded(seed);
    let mut l = Layout::parse("BCDF/BCDF/EEGH/IAAJ/.AA.").unwrap();
    let mut done = 0;
    while done < k {
        let i = rng.random_range(0..l.pieces.len());
        let d = Dir::ALL[rng.random_range(0..4)];
        done += usize::from(l.step(i, d));
    }
    l
}

fn check_strategies_agree(layout: &Layout) {
    for metric in [Metric::Steps, Metric::Moves] {
        let mut lengths = Vec::new();
        for s in STRATEGIES.iter().filter(|s| s.is_optimal()) {
            let o = solve_klotski(*s, layout, metric, &Control::default()).unwrap();
            assert_eq!(
                o.status,
                Status::Solved,
                "{} {metric:?} on {layout}",
                s.name()
            );
            assert!(o.stats.optimal, "{}", s.name());
            let steps = unit_steps(layout, &o.path).expect("the path replays legally");
            assert!(replays_to_goal(layout, &steps), "{} {metric:?}", s.name());
            if metric == Metric::Moves {
                assert_eq!(piece_moves(&steps), o.path.len(), "{}", s.name());
            } else {
                assert_eq!(steps.len(), o.path.len(), "{}", s.name());
            }
            lengths.push((s.name(), o.path.len()));
        }
        assert!(
            lengths.iter().all(|&(_, n)| n == lengths[0].1),
            "{metric:?} on {}: {lengths:?}",
            layout.to_text()
        );
    }
}

#[test]
fn every_strategy_solves_hengdao_lima_optimally_in_both_metrics() {
    check_strategies_agree(&Layout::parse(HENGDAO_LIMA).unwrap());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 12, ..Default::default() })]
    #[test]
    fn strategies_agree_on_scrambled_starts(k in 0usize..60, seed in proptest::prelude::any::<u64>()) {
        check_strategies_agree(&scrambled(k, seed));
    }
}

#[test]
fn an_unsolvable_layout_is_reported_after_the_whole_space() {
    // The three bottom rows are full of wide pieces that can never leave
    // them, so Cao Cao can never come down (3 reachable states).
    let layout = Layout::parse("AAB./AAB./CCDD/EEFF/GGHH").unwrap();
    for s in strategy::for_family(Family::Klotski) {
        for metric in [Metric::Steps, Metric::Moves] {
            let o = solve_klotski(s, &layout, metric, &Control::default()).unwrap();
            assert!(o.path.is_empty());
            if s.visit() == Visit::Local {
                // A local search cannot prove anything: it just fails.
                assert_eq!(o.status, Status::NotFound, "{} {metric:?}", s.name());
            } else {
                // The others search systematically (the exact ones,
                // weighted A*, a depth-first search that the space ends
                // before any limit): they prove it.
                assert_eq!(o.status, Status::Unsolvable, "{} {metric:?}", s.name());
                assert!(o.reason.unwrap().contains("reachable states"));
            }
        }
    }
}

#[test]
fn a_node_limit_stops_every_strategy_cleanly() {
    let layout = Layout::parse(HENGDAO_LIMA).unwrap();
    let ctl = Control::default().with_limits(huarong_engine::Limits {
        max_nodes: Some(500),
        ..Default::default()
    });
    for s in STRATEGIES.iter().filter(|s| s.is_optimal()) {
        let o = solve_klotski(*s, &layout, Metric::Steps, &ctl).unwrap();
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes), "{}", s.name());
        assert!(o.path.is_empty());
        assert!(
            o.stats.expanded <= 500 + 1,
            "{}: {}",
            s.name(),
            o.stats.expanded
        );
    }
}

#[test]
fn every_shipped_classic_has_its_known_optimum_in_both_metrics() {
    let classics = huarong::storage::layouts::classics();
    assert!(classics.len() >= 12);
    for name in [
        "横刀立马",
        "指挥若定",
        "将拥曹营",
        "齐头并进",
        "兵分三路",
        "雨声淅沥",
        "左右布兵",
        "桃花园中",
        "一路进军",
        "一路顺风",
        "峰回路转",
        "四面楚歌",
    ] {
        assert!(classics.iter().any(|c| c.name == name), "{name} is shipped");
    }
    let mut names = std::collections::HashSet::new();
    for c in classics {
        assert!(
            names.insert(&c.name) && names.insert(&c.english),
            "{} is named once",
            c.name
        );
        let layout = Layout::parse(&c.layout).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert_eq!(
            layout.to_text(),
            c.layout,
            "{} is in canonical text form",
            c.name
        );
        for (metric, known) in [(Metric::Moves, c.moves), (Metric::Steps, c.steps)] {
            let o = solve_klotski(STRATEGIES[0], &layout, metric, &Control::default()).unwrap();
            assert_eq!(o.status, Status::Solved, "{} {metric:?}", c.name);
            assert_eq!(o.path.len(), known, "{} {metric:?}", c.name);
            let steps = unit_steps(&layout, &o.path).expect("replays legally");
            assert!(replays_to_goal(&layout, &steps), "{}", c.name);
        }
    }
}

#[test]
fn the_largest_layouts_that_fit_solve_and_8x8_is_refused() {
    // 8x7 and 7x8 are the largest boards within the 63 cells a state holds;
    // 8x8 needs 64.
    for text in [
        "AA...../AA...../......./......./......./......./......./......B",
        "AA....../AA....../......../......../......../......../.......B",
    ] {
        let layout = Layout::parse(text).unwrap();
        assert!(layout.rows * layout.cols <= Layout::MAX_CELLS);
        let (_, steps, _) = solve(text, Metric::Steps);
        assert!(replays_to_goal(&layout, &steps), "{text}");
    }
    let eight = "AA....../AA....../......../......../......../......../......../.......B";
    assert_eq!(
        Layout::parse(eight).unwrap_err(),
        LayoutError::TooManyCells { rows: 8, cols: 8 }
    );
}
