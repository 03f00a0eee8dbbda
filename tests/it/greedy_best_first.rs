//! Greedy best-first search against the test's own open list: every node it
//! expands has the least h of the nodes waiting (the newest among equal h),
//! its paths replay to the goal and are never shorter than a test-side
//! BFS's, and it claims no optimality.

use std::collections::HashMap;

use huarong_engine::klotski::space::unit_steps;
use huarong_engine::klotski::{Layout, Metric};
use huarong_engine::observe::Fate;
use huarong_engine::observe::StateKey;
use huarong_engine::step::Event;
use huarong_engine::strategy::{Key, SearchKind, find};
use huarong_engine::tiles::random_solvable;
use huarong_engine::{
    Board, Control, Dir, HeuristicChoice, Outcome, Shape, Status, TilePuzzle, solve_klotski,
    solve_tiles,
};

use crate::observe::distances;
use crate::observe_local::recording;

/// The records of a watched run of greedy best-first on `puzzle`.
fn watched(puzzle: &TilePuzzle, h: &HeuristicChoice) -> (Vec<Event>, Outcome<Dir>) {
    let (ctl, log) = recording();
    let o = solve_tiles(find("gbfs").unwrap(), puzzle, h, &ctl).unwrap();
    let records = log.lock().unwrap().clone();
    (records, o)
}

#[test]
fn the_registry_says_it_is_best_first_by_the_estimate() {
    let s = find("gbfs").unwrap();
    assert_eq!(s.search_kind(), Some(SearchKind::BestFirst(Key::Estimate)));
    assert!(s.uses_heuristic() && !s.is_optimal() && s.within().is_none());
}

#[test]
fn every_expansion_has_the_least_h_waiting_and_paths_replay() {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let to_goal = distances(goal.cells());
    let mut rng = huarong_engine::rng::seeded(41);
    let mut longer = 0;
    for _ in 0..12 {
        let start = random_solvable(&goal, &mut rng);
        let puzzle = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
        for h in [HeuristicChoice::Manhattan, HeuristicChoice::Misplaced] {
            let (records, o) = watched(&puzzle, &h);
            assert_eq!(o.status, Status::Solved);
            assert!(!o.stats.optimal);
            // The test's own open list: state → (h, when pushed).
            let mut open: HashMap<StateKey, (u32, usize)> = HashMap::new();
            let mut pushes = 0;
            let mut expanded = 0u64;
            for r in &records {
                match r {
                    Event::Expand { h, state, .. } => {
                        if expanded > 0 {
                            let least = open.values().map(|&(h, _)| h).min().unwrap();
                            assert_eq!(
                                *h, least,
                                "expansion {expanded}: h {h}, least open {least}"
                            );
                            let newest = open
                                .iter()
                                .filter(|(_, (h2, _))| h2 == h)
                                .max_by_key(|(_, (_, at))| *at)
                                .unwrap();
                            assert_eq!(newest.0, state, "the newest of equal h first");
                        }
                        open.remove(state);
                        expanded += 1;
                    }
                    Event::Generate {
                        h,
                        fate: Fate::New | Fate::Reopened | Fate::Improved,
                        state,
                        ..
                    } => {
                        pushes += 1;
                        open.insert(state.clone(), (*h, pushes));
                    }
                    _ => {}
                }
            }
            assert_eq!(expanded, o.stats.expanded);
            // The path replays to the goal, no shorter than a test-side BFS's.
            let mut board = start.clone();
            for &d in &o.path {
                assert!(board.apply(d).is_some(), "a legal move");
            }
            assert_eq!(board, goal);
            let optimum = to_goal[start.cells()] as usize;
            assert!(o.path.len() >= optimum);
            longer += usize::from(o.path.len() > optimum);
        }
    }
    // Greedy: some of its paths are longer than the shortest.
    assert!(longer > 0, "every greedy path was shortest");
}

#[test]
fn it_solves_a_classic_klotski_layout_in_both_metrics() {
    // 横刀立马, 81 moves and 116 steps at best.
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    for (metric, optimum) in [(Metric::Moves, 81), (Metric::Steps, 116)] {
        let o = solve_klotski(find("gbfs").unwrap(), &layout, metric, &Control::default()).unwrap();
        assert_eq!(o.status, Status::Solved, "{metric:?}");
        assert!(
            o.path.len() >= optimum,
            "{metric:?}: {} moves",
            o.path.len()
        );
        assert!(!o.stats.optimal);
        let steps = unit_steps(&layout, &o.path).expect("the path replays legally");
        let mut l = layout.clone();
        for (letter, d) in steps {
            let i = l.pieces.iter().position(|p| p.letter == letter).unwrap();
            assert!(l.step(i, d), "{metric:?}: a legal step");
        }
        assert!(l.is_solved(), "{metric:?}");
    }
}
