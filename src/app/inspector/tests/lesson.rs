//! The inspector's lesson against the search: for every step of seeded
//! 3×3 runs of each strategy family, the lines highlighted and the numbers
//! narrated equal what the recorded events say and what the test computes
//! on its own (ties on its own open list, the least f cut, exp(−ΔE/T));
//! then the panel as a person reads it, in both languages.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use egui_kittest::kittest::Queryable;

use crate::app::i18n::{Lang, LessonMsg, Message};
use crate::app::inspector::lesson::{Explained, Lesson, Line, Narration, lines};
use crate::app::inspector::model::Model;
use crate::app::inspector::model::tests::board_key;
use crate::app::inspector::tests::{click_until, inspect, inspector, manhattan};
use crate::app::tests::{board, harness};
use crate::engine::observe::{Event, Fate, Proposed, StateKey};
use crate::engine::strategy::{Key, Repeats, Strategy, Tuning, configure, find, solve_tiles};
use crate::engine::{Control, HeuristicChoice, Limits, TilePuzzle};

/// 20 moves from the goal: long enough for ties, cuts and several bounds.
const START: &str = "8 1 3 4 0 2 7 6 5";
/// 31 moves from the goal: for the local searches' walks.
const FAR: &str = "8 6 7 2 5 4 3 0 1";

/// Every event of `strategy` on `start` (Manhattan), stopped after
/// `max_nodes` expansions.
pub(in crate::app::inspector) fn records(
    strategy: &dyn Strategy,
    start: &str,
    max_nodes: Option<u64>,
) -> Vec<Event> {
    records_with(strategy, &HeuristicChoice::Manhattan, start, max_nodes)
}

/// Every event of `strategy` guided by `heuristic` on `start`, stopped
/// after `max_nodes` expansions.
pub(super) fn records_with(
    strategy: &dyn Strategy,
    heuristic: &HeuristicChoice,
    start: &str,
    max_nodes: Option<u64>,
) -> Vec<Event> {
    let puzzle = TilePuzzle::parse(start, None, None).unwrap();
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let ctl = Control::default()
        .with_limits(Limits {
            max_nodes,
            ..Limits::default()
        })
        .with_events(Arc::new(move |e: &Event| {
            sink.lock().unwrap().push(e.clone())
        }));
    solve_tiles(strategy, &puzzle, heuristic, &ctl).unwrap();
    log.lock().unwrap().clone()
}

/// The records cut into steps (each from its step-starting event on).
pub(super) fn steps(records: &[Event]) -> Vec<&[Event]> {
    let starts: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].starts_step())
        .chain([records.len()])
        .collect();
    starts.windows(2).map(|w| &records[w[0]..w[1]]).collect()
}

/// A model of `strategy` explained by its lesson.
fn model(strategy: &dyn Strategy, start: &str) -> Model {
    let kind = strategy.search_kind().unwrap();
    Model::new(strategy.visit(), board_key(start))
        .keyed(kind.key().unwrap_or(Key::F))
        .explained_by(Lesson::new(kind, Repeats::Pruned))
}

/// Fold `step` into `m` and give what the lesson says of it.
fn fold_step<'m>(m: &'m mut Model, step: &[Event]) -> &'m Explained {
    for r in step {
        m.fold(r);
    }
    let lesson = m.lesson().unwrap();
    let e = lesson.explained().expect("a step explained");
    let shown = lesson.lines();
    assert!(
        e.lines.iter().all(|l| shown.contains(l)),
        "every line run is one shown: {:?} of {shown:?}",
        e.lines
    );
    e
}

#[test]
fn astar_and_weighted_astar_narrate_the_node_taken_its_ties_and_each_child() {
    let weighted = configure(
        "weighted",
        &Tuning {
            weight: Some(2.0),
            ..Tuning::default()
        },
    )
    .unwrap();
    for strategy in [find("astar").unwrap(), &*weighted] {
        let w = strategy.within().unwrap_or(1.0);
        let key = |g: u32, h: u32| f64::from(g) + w * f64::from(h);
        let recs = records(strategy, START, None);
        let mut m = model(strategy, START);
        // The test's own open list: state → (g, h, when pushed).
        let mut open: HashMap<StateKey, (u32, u32, usize)> = HashMap::new();
        let (mut pushes, mut tied_steps, mut goal_seen) = (0, 0, false);
        for step in steps(&recs) {
            let Event::Expand { g, h, state } = &step[0] else {
                panic!("A* steps are expansions");
            };
            open.remove(state);
            let ties: Vec<_> = open
                .iter()
                .filter(|(_, (g2, h2, _))| key(*g2, *h2) == key(*g, *h))
                .collect();
            let e = fold_step(&mut m, step);
            let take = if strategy.within().is_some() {
                Line::BestTakeWeighted
            } else {
                Line::BestTake
            };
            assert_eq!(e.lines[0], take);
            assert_eq!(
                e.narration[0],
                Narration::BestTake {
                    state: state.clone(),
                    g: *g,
                    h: *h,
                    ties: ties.len(),
                }
            );
            if !ties.is_empty() {
                tied_steps += 1;
            }
            let mut i = 0;
            for r in &step[1..] {
                match r {
                    Event::Generate { g, h, fate, state } => {
                        i += 1;
                        assert_eq!(
                            e.narration[i],
                            Narration::BestChild {
                                i,
                                g: *g,
                                h: *h,
                                fate: *fate
                            }
                        );
                        let line = match fate {
                            Fate::New => Line::BestNew,
                            Fate::Reopened => Line::BestReopen,
                            Fate::Improved => Line::BestImprove,
                            _ => Line::BestDuplicate,
                        };
                        assert!(e.lines.contains(&line), "{fate:?}");
                        if *fate != Fate::Duplicate {
                            pushes += 1;
                            open.insert(state.clone(), (*g, *h, pushes));
                        }
                    }
                    Event::Goal { g } => {
                        // The goal is the newest of the least key on the
                        // test's own list.
                        let least = open
                            .iter()
                            .min_by(|a, b| {
                                key(a.1.0, a.1.1)
                                    .total_cmp(&key(b.1.0, b.1.1))
                                    .then(b.1.2.cmp(&a.1.2))
                            })
                            .unwrap();
                        assert_eq!(
                            e.narration.last(),
                            Some(&Narration::BestGoal {
                                state: least.0.clone(),
                                g: *g
                            })
                        );
                        assert_eq!(*least.0, board_key("1 2 3 4 5 6 7 8 0"));
                        assert!(e.lines.contains(&Line::BestGoal));
                        goal_seen = true;
                    }
                    other => panic!("unexpected {other:?}"),
                }
            }
        }
        assert!(goal_seen, "{}", strategy.name());
        assert!(
            tied_steps > 3,
            "{}: ties met ({tied_steps})",
            strategy.name()
        );
    }
}

#[test]
fn bfs_narrates_the_queue_as_the_test_keeps_it() {
    let bfs = find("bfs").unwrap();
    let start = "1 2 3 0 4 6 7 5 8";
    let recs = records(bfs, start, None);
    let mut m = model(bfs, start);
    let mut queue = std::collections::VecDeque::new();
    let mut checked = 0;
    for step in steps(&recs) {
        let Event::Expand { g, state, .. } = &step[0] else {
            panic!("BFS steps are expansions");
        };
        if queue.front() == Some(state) {
            queue.pop_front();
        }
        let e = fold_step(&mut m, step);
        assert_eq!(
            e.narration[0],
            Narration::BfsTake {
                state: state.clone(),
                g: *g,
                waiting: queue.len()
            }
        );
        assert_eq!(e.lines[..2], [Line::BfsTake, Line::BfsEach]);
        let mut i = 0;
        for r in &step[1..] {
            match r {
                Event::Generate { fate, state, .. } => {
                    i += 1;
                    if *fate == Fate::New {
                        queue.push_back(state.clone());
                        let at = queue.len();
                        assert_eq!(e.narration[i], Narration::BfsNew { i, at });
                    } else {
                        assert_eq!(e.narration[i], Narration::BfsSeen { i });
                    }
                    checked += 1;
                }
                Event::Goal { g } => {
                    assert_eq!(e.narration.last(), Some(&Narration::Goal { g: *g }));
                    assert_eq!(e.lines.last(), Some(&Line::BfsGoal));
                }
                other => panic!("unexpected {other:?}"),
            }
        }
    }
    assert!(checked > 20);
}

/// IDA* and IDS: the first bound is h(start) (IDS: 0), and each next
/// bound is the least f among the children the iteration before cut, as
/// the test finds it in the records, and as the next iteration says.
#[test]
fn idastar_and_ids_narrate_each_bound_from_the_least_f_cut() {
    for (name, start) in [("idastar", START), ("ids", "1 2 3 4 0 6 7 5 8")] {
        let strategy = find(name).unwrap();
        let recs = records(strategy, start, None);
        let mut m = model(strategy, start);
        let mut bound = None;
        let mut least: Option<u32> = None;
        let mut iterations = 0;
        for step in steps(&recs) {
            let e = fold_step(&mut m, step);
            match &step[0] {
                Event::IterationStart { bound: b } => {
                    iterations += 1;
                    let said = match bound {
                        None => {
                            let first = if name == "ids" {
                                0
                            } else {
                                manhattan(&board(start))
                            };
                            assert_eq!(*b, first, "{name}");
                            Narration::FirstBound { bound: *b }
                        }
                        Some(was) => {
                            assert_eq!(least, Some(*b), "{name}: the next bound");
                            Narration::NextBound {
                                was,
                                least,
                                next: *b,
                            }
                        }
                    };
                    assert_eq!(e.narration[0], said);
                    bound = Some(*b);
                    least = None;
                }
                Event::Expand { g, h, state } => {
                    assert_eq!(
                        e.narration[0],
                        Narration::IdaSearch {
                            state: state.clone(),
                            g: *g,
                            h: *h,
                            bound: bound.unwrap()
                        }
                    );
                    assert!(e.lines.contains(&Line::IdaSearch));
                }
                other => panic!("unexpected step {other:?}"),
            }
            // Each child as recorded, in order (a back-up says where from).
            let children: Vec<&Narration> = e
                .narration
                .iter()
                .filter(|n| matches!(n, Narration::IdaChild { .. }))
                .collect();
            let generated: Vec<&Event> = step
                .iter()
                .filter(|r| matches!(r, Event::Generate { .. }))
                .collect();
            assert_eq!(children.len(), generated.len());
            for (n, r) in children.iter().zip(generated) {
                let Event::Generate { g, h, fate, .. } = r else {
                    unreachable!()
                };
                if *fate == Fate::Pruned {
                    least = Some(least.map_or(g + h, |l| l.min(g + h)));
                }
                let Narration::IdaChild {
                    g: g2,
                    h: h2,
                    fate: f2,
                    bound: b2,
                    least: l2,
                    ..
                } = n
                else {
                    unreachable!()
                };
                assert_eq!((g2, h2, f2, *b2, *l2), (g, h, fate, bound.unwrap(), least));
                if *fate == Fate::Pruned {
                    assert!(g + h > bound.unwrap());
                    let cut = if name == "ids" {
                        Line::IdsCut
                    } else {
                        Line::IdaCut
                    };
                    assert!(e.lines.contains(&cut));
                }
            }
            if let Some(Event::Goal { g }) = step.last() {
                assert_eq!(e.narration.last(), Some(&Narration::Goal { g: *g }));
                assert!(e.lines.contains(&Line::IdaGoal));
                assert!(!e.lines.contains(&Line::IdaDescend));
            }
        }
        assert!(iterations >= 3, "{name}: the bound rose ({iterations})");
    }
}

#[test]
fn dfs_narrates_its_limit_and_each_childs_fate() {
    let dfs = find("dfs").unwrap();
    let recs = records(dfs, START, Some(2_000));
    let mut m = model(dfs, START);
    let mut fates = HashMap::new();
    for step in steps(&recs) {
        let e = fold_step(&mut m, step);
        match &step[0] {
            Event::IterationStart { bound } => {
                assert_eq!(e.narration[0], Narration::DfsLimit { limit: *bound });
                assert_eq!(e.lines, [Line::DfsInit]);
            }
            Event::Expand { g, state, .. } => {
                assert_eq!(
                    e.narration[0],
                    Narration::DfsSearch {
                        state: state.clone(),
                        g: *g
                    }
                )
            }
            other => panic!("unexpected step {other:?}"),
        }
        let children = e
            .narration
            .iter()
            .filter_map(|n| match n {
                Narration::DfsChild { g, fate, .. } => Some((*g, *fate)),
                _ => None,
            })
            .collect::<Vec<_>>();
        let generated = step
            .iter()
            .filter_map(|r| match r {
                Event::Generate { g, fate, .. } => Some((*g, *fate)),
                _ => None,
            })
            .collect::<Vec<_>>();
        assert_eq!(children, generated);
        for (_, fate) in generated {
            *fates.entry(format!("{fate:?}")).or_insert(0) += 1;
        }
    }
    assert!(
        fates.len() >= 3,
        "new, duplicate and cut children met: {fates:?}"
    );
}

#[test]
fn annealing_narrates_each_move_with_the_chance_exp_of_minus_delta_over_t() {
    let annealing = find("annealing").unwrap();
    let recs = records(annealing, FAR, Some(3_000));
    let mut m = model(annealing, FAR);
    let (mut uphill, mut refused) = (0, 0);
    for step in steps(&recs) {
        let e = fold_step(&mut m, step);
        let Event::Propose(p) = &step[0] else {
            panic!("annealing steps are proposals");
        };
        let Proposed {
            energy,
            proposed,
            temperature,
            accepted,
            ..
        } = &**p;
        let t = temperature.unwrap();
        let delta = proposed - energy;
        let chance = if delta <= 0.0 {
            1.0
        } else {
            (-delta / t).exp()
        };
        let Narration::Anneal {
            from,
            to,
            t: t2,
            p,
            accepted: a2,
        } = e.narration[0]
        else {
            panic!("{:?}", e.narration[0])
        };
        assert_eq!((from, to, t2, a2), (*energy, *proposed, t, *accepted));
        assert!((p - chance).abs() < 1e-12, "{p} vs {chance}");
        let line = if delta <= 0.0 {
            Line::AnnealDown
        } else {
            uphill += 1;
            refused += usize::from(!accepted);
            Line::AnnealChance
        };
        assert!(e.lines.contains(&line));
    }
    assert!(
        uphill > 50 && refused > 5,
        "{uphill} uphill, {refused} refused"
    );
}

#[test]
fn tabu_and_greedy_narrate_each_neighbour_weighed_and_the_move_taken() {
    let tabu = find("tabu").unwrap();
    let recs = records(tabu, FAR, Some(300));
    let mut m = model(tabu, FAR);
    // The best score so far, as the test keeps it from the moves taken.
    let mut best: Option<f64> = None;
    let mut taken = 0;
    for step in steps(&recs) {
        let Event::Propose(p) = &step[0] else {
            panic!("tabu steps are proposals");
        };
        let Proposed {
            energy,
            proposed,
            accepted,
            tabu,
            ..
        } = &**p;
        let before = *best.get_or_insert(*energy);
        let e = fold_step(&mut m, step);
        let said = match (accepted, tabu) {
            (false, _) => Narration::TabuWeighed {
                score: *proposed,
                tabu: *tabu,
            },
            (true, false) => Narration::TabuTaken {
                score: *proposed,
                best: before,
            },
            (true, true) => Narration::TabuAllTabu { score: *proposed },
        };
        assert_eq!(e.narration[0], said);
        if *accepted {
            taken += 1;
            best = Some(before.min(*proposed));
            assert!(e.lines.contains(&Line::TabuMove));
        }
    }
    assert!(taken > 50);

    let greedy = find("greedy").unwrap();
    let recs = records(greedy, FAR, None);
    let mut m = model(greedy, FAR);
    let mut stuck = false;
    for step in steps(&recs) {
        let e = fold_step(&mut m, step);
        let Event::Propose(p) = &step[0] else {
            panic!("greedy steps are proposals");
        };
        let Proposed {
            energy,
            proposed,
            accepted,
            ..
        } = &**p;
        let (from, to) = (*energy, *proposed);
        let said = if *accepted {
            assert!(to < from, "greedy moves only downhill");
            Narration::GreedyTaken { from, to }
        } else {
            Narration::GreedyWeighed { from, to }
        };
        assert_eq!(e.narration[0], said);
        if let Some(Event::LocalMinimum { energy }) = step.last() {
            assert_eq!(
                e.narration.last(),
                Some(&Narration::GreedyStuck { energy: *energy })
            );
            assert_eq!(e.lines.last(), Some(&Line::GreedyStuck));
            stuck = true;
        }
    }
    assert!(stuck, "greedy gets stuck from this start");
}

/// The highlighted lines and the narration as the panel shows them.
#[test]
fn the_panel_highlights_the_lines_run_and_narrates_in_both_languages() {
    let mut h = harness();
    inspect(&mut h, "astar", START);
    // Before the first step: nothing run.
    h.get_by_label(&LessonMsg::Ready.text(Lang::English));
    click_until(&mut h, "Step", 1);
    let start = board(START);
    let h0 = manhattan(&start);
    // The start expanded: its f = h(start), alone on the open list.
    let said = format!(
        "Expand 8 1 3 / 4 · 2 / 7 6 5: its f = {h0} is the least on the open list (no other node has it)"
    );
    h.get_by_label(&said);
    let marked = |line: LessonMsg, lang: Lang| format!("▶ {}", line.text(lang));
    h.get_by_label(&marked(LessonMsg::BestTake, Lang::English));
    h.get_by_label(&marked(LessonMsg::BestNew, Lang::English));
    assert!(
        h.query_by_label(&marked(LessonMsg::BestDuplicate, Lang::English))
            .is_none(),
        "the start's children are all new"
    );
    // The model's lesson is what the panel shows.
    let e = inspector(&h)
        .model()
        .lesson()
        .unwrap()
        .explained()
        .unwrap()
        .clone();
    assert_eq!(e.lines, [Line::BestTake, Line::BestEach, Line::BestNew]);
    // In Chinese, the same step.
    h.state_mut().settings_mut().language = Lang::Chinese;
    h.run();
    h.get_by_label(&marked(LessonMsg::BestTake, Lang::Chinese));
    let zh = format!(
        "扩展 8 1 3 / 4 · 2 / 7 6 5：它的 f = {h0} 是开放列表中最小的（没有其他节点与它相同）"
    );
    h.get_by_label(&zh);
    h.state_mut().settings_mut().language = Lang::English;
    h.run();
    // Step on until a step with ties: its narration counts them.
    for k in 2..40 {
        click_until(&mut h, "Step", k);
        let lesson = inspector(&h).model().lesson().unwrap().clone();
        if let Some(Narration::BestTake { ties, .. }) =
            lesson.explained().unwrap().narration.first()
            && *ties > 0
        {
            let tied = format!("tied with {ties} other node");
            assert!(
                h.query_all_by_label_contains(&tied).next().is_some(),
                "{tied}"
            );
            return;
        }
    }
    panic!("no tie in 40 steps");
}

#[test]
fn idastar_panel_says_the_next_bound_when_an_iteration_ends() {
    let mut h = harness();
    inspect(&mut h, "idastar", START);
    for k in 1..400 {
        click_until(&mut h, "Step", k);
        let lesson = inspector(&h).model().lesson().unwrap().clone();
        if let Some(Narration::NextBound { was, least, next }) =
            lesson.explained().unwrap().narration.first()
        {
            let text = format!(
                "The bound was {was} and nothing was found; the least f that went over it was {}: the next bound is {next}",
                least.unwrap()
            );
            h.get_by_label(&text);
            assert_eq!(inspector(&h).model().bound(), Some(*next));
            h.get_by_label(&format!("▶ {}", LessonMsg::IdaNext.text(Lang::English)));
            h.state_mut().settings_mut().language = Lang::Chinese;
            h.run();
            let zh = format!(
                "阈值原为 {was}，没有找到目标；超过它的最小 f 是 {}：下一个阈值是 {next}",
                least.unwrap()
            );
            h.get_by_label(&zh);
            return;
        }
    }
    panic!("no second iteration in 400 steps");
}

#[test]
fn every_strategy_that_reports_steps_has_its_pseudocode() {
    for s in crate::engine::strategy::STRATEGIES {
        let kind = s.search_kind();
        assert_eq!(kind.is_some(), s.reports_events(), "{}", s.name());
        if let Some(kind) = kind {
            assert!(!lines(kind, Repeats::Pruned).is_empty(), "{}", s.name());
            assert_eq!(kind.visit(), s.visit(), "{}", s.name());
        }
    }
    let mirror = find("bfs-mirror").unwrap().search_kind().unwrap();
    assert!(lines(mirror, Repeats::Tabled).contains(&Line::BfsMirror));
    let bfs = find("bfs").unwrap().search_kind().unwrap();
    assert!(!lines(bfs, Repeats::Tabled).contains(&Line::BfsMirror));
}

/// A step the recording passes over (a Run to end, the steps of Step ×10
/// before the last) is not explained, but the step it stops at is
/// explained exactly as if every step had been: after a run to the end,
/// and after Back to any step, for every strategy the inspector teaches.
#[test]
fn the_step_shown_is_explained_as_if_every_step_had_been() {
    use crate::app::inspector::recording::Recording;
    let tiles = crate::engine::strategy::for_family(crate::engine::strategy::Family::Tiles);
    for strategy in tiles.filter(|s| s.search_kind().is_some()) {
        let name = strategy.name();
        let recs = records(strategy, START, Some(300));
        let by_step = steps(&recs);
        assert!(by_step.len() > 3, "{name}: a run of several steps");
        // Every step explained: what each step shown should say.
        let mut every = model(strategy, START);
        let mut said = Vec::new();
        for step in &by_step {
            said.push(fold_step(&mut every, step).clone());
        }
        let mut r = Recording::new(model(strategy, START));
        r.target = u64::MAX;
        for rec in &recs {
            r.push(rec);
        }
        let passed = r.model.lesson().unwrap().explained().unwrap();
        assert!(passed.unexplained && passed.lines.is_empty(), "{name}");
        assert!(r.model.unexplained(), "{name}");
        r.fold(true, usize::MAX);
        assert_eq!(r.model.steps as usize, by_step.len(), "{name}");
        let last = r.model.lesson().unwrap().explained().unwrap();
        assert_eq!(last, said.last().unwrap(), "{name}: the last step");
        for back in [1, 2, by_step.len() / 2, by_step.len() - 1] {
            r.replay(back as u64);
            let e = r.model.lesson().unwrap().explained().unwrap();
            assert_eq!(e, &said[back - 1], "{name}: back to step {back}");
        }
    }
}
