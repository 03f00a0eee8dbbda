//! The local searches' and IDA* with memo's events, checked against the
//! board itself: every proposed state is a neighbour of the walk's current
//! state, energies are the test's own Manhattan distances, the accepted
//! moves are the walk, and watching changes nothing a search does.

use std::sync::{Arc, Mutex};

use huarong_engine::klotski::{Layout, Metric};
use huarong_engine::observe::{Event, Fate, Proposed, StateKey};
use huarong_engine::search::erase_loops;
use huarong_engine::strategy::{self, Tuning, configure};
use huarong_engine::tiles::random_solvable;
use huarong_engine::{
    Board, Control, HeuristicChoice, Outcome, Shape, Status, TilePuzzle, solve_klotski, solve_tiles,
};

use super::observe::neighbours;

pub(crate) fn recording() -> (Control, Arc<Mutex<Vec<Event>>>) {
    let log: Arc<Mutex<Vec<Event>>> = Arc::default();
    let sink = Arc::clone(&log);
    let ctl = Control::default().with_events(Arc::new(move |e: &Event| {
        sink.lock().unwrap().push(e.clone())
    }));
    (ctl, log)
}

/// The tiles of a 3×3 board's key.
fn tiles(state: &StateKey) -> Vec<u8> {
    state.tiles(9).expect("a 3×3 board")
}

/// Manhattan distance to 1 2 … 8 0, computed here.
fn manhattan(b: &[u8]) -> f64 {
    let mut sum = 0;
    for (i, &t) in b.iter().enumerate() {
        if t != 0 {
            let goal = (t - 1) as usize;
            sum += (i / 3).abs_diff(goal / 3) + (i % 3).abs_diff(goal % 3);
        }
    }
    sum as f64
}

fn eight(seed: u64) -> TilePuzzle {
    let goal = Board::goal(Shape::new(3, 3).unwrap());
    let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
    TilePuzzle::new(start, goal).unwrap()
}

fn start_tiles(p: &TilePuzzle) -> Vec<u8> {
    p.start.cells().to_vec()
}

fn tuned(name: &str, tuning: Tuning) -> Box<dyn huarong_engine::Strategy> {
    configure(name, &tuning).unwrap()
}

/// Follow the accepted proposals from `start`, checking each proposal
/// against the board; returns the walk (states after each accepted move).
fn follow_walk(start: &[u8], log: &[Event]) -> Vec<Vec<u8>> {
    let mut cur = start.to_vec();
    let mut walk = Vec::new();
    for e in log {
        match e {
            Event::Propose(p) => {
                let Proposed {
                    energy,
                    proposed,
                    state,
                    accepted,
                    ..
                } = &**p;
                let next = tiles(state);
                assert!(neighbours(&cur).contains(&next), "{cur:?} → {next:?}");
                assert_eq!(*energy, manhattan(&cur));
                assert_eq!(*proposed, manhattan(&next));
                if *accepted {
                    cur = next;
                    walk.push(cur.clone());
                }
            }
            Event::Restart { .. } => cur = start.to_vec(),
            _ => {}
        }
    }
    walk
}

#[test]
fn annealings_proposals_are_the_raw_walk_with_their_temperature_and_chance() {
    for seed in 0..4 {
        let puzzle = eight(seed);
        let (ctl, log) = recording();
        let s = tuned(
            "annealing",
            Tuning {
                seed: Some(seed),
                max_iters: Some(3000),
                restarts: Some(2),
                ..Tuning::default()
            },
        );
        let o: Outcome<_> = solve_tiles(&*s, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
        let log = log.lock().unwrap();
        let start = start_tiles(&puzzle);
        let walk = follow_walk(&start, &log);
        let proposals: Vec<_> = log
            .iter()
            .filter(|e| matches!(e, Event::Propose(_)))
            .collect();
        // One proposal per iteration, numbered in order.
        assert_eq!(proposals.len() as u64, o.stats.expanded, "seed {seed}");
        for (i, p) in proposals.iter().enumerate() {
            let Event::Propose(proposal) = p else {
                panic!("{p:?}")
            };
            let Proposed {
                iteration,
                energy,
                proposed,
                temperature: Some(t),
                probability: Some(chance),
                tabu: false,
                accepted,
                ..
            } = &**proposal
            else {
                panic!("{p:?}")
            };
            assert_eq!(*iteration, i as u64);
            let expected = if proposed <= energy {
                1.0
            } else {
                (-(proposed - energy) / t).exp()
            };
            assert!((chance - expected).abs() < 1e-12);
            assert!(
                *chance < 1.0 || *accepted,
                "a move that does not rise is taken"
            );
        }
        // Restarts begin the walk again from the start: the raw walk's
        // length is what the stats count.
        assert_eq!(
            walk.len() as u64,
            o.stats.walk_length.unwrap(),
            "seed {seed}"
        );
        if o.status == Status::Solved {
            // The last run's walk, loops erased, is the path.
            let last_run = log
                .iter()
                .rposition(|e| matches!(e, Event::Restart { .. }))
                .map_or(0, |i| i + 1);
            let run = follow_walk(&start, &log[last_run..]);
            let array = |b: &[u8]| -> [u8; 9] { b.try_into().unwrap() };
            let steps: Vec<((), [u8; 9])> = run.iter().map(|s| ((), array(s))).collect();
            let erased = erase_loops(array(&start), &steps);
            assert_eq!(erased.len(), o.path.len());
            assert_eq!(
                log.last(),
                Some(&Event::Goal {
                    g: o.path.len() as u32
                })
            );
        }
    }
}

#[test]
fn tabu_weighs_every_neighbour_and_its_list_follows_the_tenure() {
    let tenure = 6;
    for seed in 0..4 {
        let puzzle = eight(seed);
        let (ctl, log) = recording();
        let s = tuned(
            "tabu",
            Tuning {
                seed: Some(seed),
                tenure: Some(tenure),
                max_iters: Some(400),
                ..Tuning::default()
            },
        );
        let o = solve_tiles(&*s, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
        let log = log.lock().unwrap();
        let start = start_tiles(&puzzle);
        let mut cur = start.clone();
        // The tabu list as the events build it, oldest first.
        let mut list: Vec<StateKey> = Vec::new();
        let mut iteration_moves = 0;
        let mut last_iteration = None;
        for e in log.iter() {
            match e {
                Event::Propose(p) => {
                    let Proposed {
                        iteration,
                        proposed,
                        tabu,
                        accepted,
                        state,
                        ..
                    } = &**p;
                    let next = tiles(state);
                    assert!(neighbours(&cur).contains(&next));
                    assert_eq!(*proposed, manhattan(&next)); // no step penalty by default
                    assert_eq!(*tabu, list.contains(state), "{state:?} in {list:?}");
                    if last_iteration != Some(*iteration) {
                        last_iteration = Some(*iteration);
                        iteration_moves = 0;
                    }
                    if *accepted {
                        iteration_moves += 1;
                        assert_eq!(iteration_moves, 1, "one move per iteration");
                        cur = next;
                    }
                }
                Event::TabuAdd { len, state } => {
                    assert_eq!(tiles(state), cur, "the state walked to becomes tabu");
                    list.retain(|s| s != state);
                    list.push(state.clone());
                    assert_eq!(*len, list.len());
                    assert!(list.len() <= tenure + 1);
                }
                Event::TabuExpire { state } => {
                    assert!(list.contains(state));
                    list.retain(|s| s != state);
                    assert!(list.len() <= tenure);
                }
                _ => {}
            }
        }
        if o.status == Status::Solved {
            assert_eq!(cur, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
        }
        assert!(
            log.iter().any(|e| matches!(e, Event::TabuExpire { .. })),
            "seed {seed}: a tenure of {tenure} is reached"
        );
    }
}

#[test]
fn greedy_reports_the_neighbours_of_the_local_minimum_it_stops_at() {
    let mut stuck = 0;
    for seed in 0..20 {
        let puzzle = eight(seed);
        let (ctl, log) = recording();
        let s = tuned("greedy", Tuning::default());
        let o = solve_tiles(&*s, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
        let log = log.lock().unwrap();
        let start = start_tiles(&puzzle);
        let walk = follow_walk(&start, &log);
        assert_eq!(walk.len() as u64, o.stats.walk_length.unwrap_or(0));
        if o.status != Status::NotFound {
            continue;
        }
        stuck += 1;
        let at = walk.last().cloned().unwrap_or(start);
        let Some(Event::LocalMinimum { energy: e }) = log.last() else {
            panic!("{:?}", log.last())
        };
        assert_eq!(*e, manhattan(&at));
        // The events just before: every neighbour, none better, none taken.
        let n = neighbours(&at);
        let before = &log[log.len() - 1 - n.len()..log.len() - 1];
        for seen in before {
            let Event::Propose(p) = seen else {
                panic!("{seen:?}")
            };
            let Proposed {
                proposed,
                accepted: false,
                state,
                ..
            } = &**p
            else {
                panic!("{seen:?}")
            };
            assert!(*proposed >= *e);
            assert!(n.contains(&tiles(state)), "{state:?}");
        }
    }
    assert!(stuck > 0, "greedy gets stuck on some 8-puzzles");
}

#[test]
fn watching_a_local_search_or_ida_with_memo_changes_nothing() {
    let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    for name in ["annealing", "tabu", "greedy"] {
        let s = tuned(
            name,
            Tuning {
                seed: Some(3),
                ..Tuning::default()
            },
        );
        let puzzle = eight(5);
        let (ctl, _log) = recording();
        let h = HeuristicChoice::Manhattan;
        let a = solve_tiles(&*s, &puzzle, &h, &Control::default()).unwrap();
        let b = solve_tiles(&*s, &puzzle, &h, &ctl).unwrap();
        assert_eq!((a.status, &a.path), (b.status, &b.path), "{name}");
        assert_eq!(a.stats.expanded, b.stats.expanded, "{name}");
        assert_eq!(a.stats.walk_length, b.stats.walk_length, "{name}");
        let a = solve_klotski(&*s, &layout, Metric::Steps, &Control::default()).unwrap();
        let b = solve_klotski(&*s, &layout, Metric::Steps, &ctl).unwrap();
        assert_eq!((a.status, &a.path), (b.status, &b.path), "{name} Klotski");
    }
    // IDA* on Klotski is IDA* with memo.
    let ida = strategy::find("idastar").unwrap();
    let (ctl, log) = recording();
    let a = solve_klotski(ida, &layout, Metric::Moves, &Control::default()).unwrap();
    let b = solve_klotski(ida, &layout, Metric::Moves, &ctl).unwrap();
    assert_eq!(a.status, Status::Solved);
    assert_eq!(a.path, b.path);
    assert_eq!(a.stats.expanded, b.stats.expanded);
    assert_eq!(a.stats.generated, b.stats.generated);
    let log = log.lock().unwrap();
    let count = |f: fn(&Event) -> bool| log.iter().filter(|e| f(e)).count() as u64;
    assert_eq!(
        count(|e| matches!(e, Event::Expand { .. })),
        a.stats.expanded
    );
    // Children still waiting on the stack when the goal turns up were
    // counted as generated but never looked at.
    let looked_at = count(|e| matches!(e, Event::Generate { .. }));
    assert!(looked_at <= a.stats.generated && looked_at > a.stats.expanded);
    let bounds: Vec<u32> = log
        .iter()
        .filter_map(|e| match e {
            Event::IterationStart { bound } => Some(*bound),
            _ => None,
        })
        .collect();
    assert!(bounds.windows(2).all(|w| w[0] < w[1]), "{bounds:?}");
    assert_eq!(*bounds.last().unwrap() as usize, a.path.len());
    assert_eq!(
        log.last(),
        Some(&Event::Goal {
            g: a.path.len() as u32
        })
    );
    // Nothing descended into lies beyond its iteration's bound.
    let mut bound = 0;
    for e in log.iter() {
        match e {
            Event::IterationStart { bound: b } => bound = *b,
            Event::Generate {
                g,
                h,
                fate: Fate::New,
                ..
            } => assert!(g + h <= bound),
            Event::Generate {
                g,
                h,
                fate: Fate::Pruned,
                ..
            } => assert!(g + h > bound),
            _ => {}
        }
    }
}
