//! Predict against the search: at every step of seeded 3×3 runs the
//! question's answer is what the coming step's records say the search did
//! (and what the test's own open list, cuts and walk say), every other
//! option is judged wrong, and a wrong answer leaves the question and the
//! search where they were; then the panel as a person uses it.

use std::collections::HashMap;

use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::i18n::{Lang, Message};
use crate::app::inspector::lesson::Lesson;
use crate::app::inspector::model::Model;
use crate::app::inspector::model::tests::{board_key, board_text};
use crate::app::inspector::node::fate_words;
use crate::app::inspector::predict::{Answer, Ask, Pose, Practice, Question, pose};
use crate::app::inspector::tests::lesson::{records, steps};
use crate::app::inspector::tests::{
    click_until, inspect, inspector, manhattan, steps as shown_steps,
};
use crate::app::tests::{board, harness, wait_until};
use crate::engine::observe::{Event, Fate, Proposed, StateKey};
use crate::engine::strategy::{Key, Repeats, Strategy, Tuning, configure, find};

/// Every option a question offers, as answers.
fn options(q: &Question) -> Vec<Answer> {
    match &q.ask {
        Ask::Node { candidates } => candidates.iter().cloned().map(Answer::State).collect(),
        Ask::Neighbour { candidates, stop } => {
            let mut all: Vec<Answer> = candidates.iter().cloned().map(Answer::State).collect();
            if *stop {
                all.push(Answer::Stop);
            }
            all
        }
        Ask::Fate { options, .. } => options.iter().map(|f| Answer::Fate(*f)).collect(),
        Ask::Bound { options, .. } => options.iter().map(|b| Answer::Bound(*b)).collect(),
        Ask::Accept { .. } => vec![Answer::Accept(true), Answer::Accept(false)],
    }
}

/// The questions of `strategy`'s run from `start`, each with the steps
/// that follow it; every one checked against the records there.
/// Each with the index of the step it is asked before.
#[allow(clippy::type_complexity)]
fn questions(
    strategy: &dyn Strategy,
    start: &str,
    max_nodes: Option<u64>,
) -> Vec<(usize, Question, Vec<Vec<Event>>)> {
    let recs = records(strategy, start, max_nodes);
    let all = steps(&recs);
    let kind = strategy.search_kind().unwrap();
    let mut m = Model::new(strategy.visit(), board_key(start))
        .keyed(kind.key().unwrap_or(Key::F))
        .explained_by(Lesson::new(kind, Repeats::Pruned));
    let mut asked = Vec::new();
    for k in 0..all.len() {
        let coming = &all[k..(k + 64).min(all.len())];
        if let Pose::Ask(q) = pose(&m, coming, k + 64 < all.len()) {
            // Every option but the answer is wrong, and stays asked.
            let opts = options(&q);
            assert!(opts.contains(&q.answer), "{q:?}");
            assert!(opts.len() >= 2, "a choice: {q:?}");
            for o in &opts {
                let mut p = Practice::new();
                p.question = Some((k as u64, q.clone()));
                let (right, steps) = p.answer(o, m.lesson().unwrap().clone()).unwrap();
                assert_eq!(right, *o == q.answer);
                assert_eq!(
                    p.question.is_some(),
                    !right,
                    "a wrong answer keeps the question"
                );
                assert_eq!(steps, q.steps);
            }
            let then: Vec<Vec<Event>> = coming
                .iter()
                .take(q.steps as usize)
                .map(|s| s.to_vec())
                .collect();
            asked.push((k, q, then));
        }
        for r in all[k] {
            m.fold(r);
        }
    }
    asked
}

#[test]
fn astar_questions_are_answered_by_the_node_it_takes_next() {
    let weighted = configure(
        "weighted",
        &Tuning {
            weight: Some(2.0),
            ..Tuning::default()
        },
    )
    .unwrap();
    // Weighted A* from this start reaches nodes again more cheaply.
    let runs = [
        (find("astar").unwrap(), "8 1 3 4 0 2 7 6 5"),
        (&*weighted, "8 6 7 2 5 4 3 0 1"),
    ];
    for (strategy, start) in runs {
        let w = strategy.within().unwrap_or(1.0);
        let key = |g: u32, h: u32| f64::from(g) + w * f64::from(h);
        let recs = records(strategy, start, None);
        // The test's own open list, per step: state → (g, h, when pushed).
        let mut open: HashMap<StateKey, (u32, u32, usize)> = HashMap::new();
        let mut before = Vec::new();
        let mut pushes = 0;
        for step in steps(&recs) {
            before.push(open.clone());
            for r in step {
                match r {
                    Event::Expand { state, .. } => {
                        open.remove(state);
                    }
                    Event::Generate { g, h, fate, state } if *fate != Fate::Duplicate => {
                        pushes += 1;
                        open.insert(state.clone(), (*g, *h, pushes));
                    }
                    _ => {}
                }
            }
        }
        let (mut tied, mut changed) = (0, 0);
        for (k, q, then) in questions(strategy, start, None) {
            match (&q.ask, &q.answer, &then[0][0]) {
                (Ask::Node { candidates }, Answer::State(s), Event::Expand { state, .. }) => {
                    assert_eq!(s, state, "the node the search took");
                    // On the test's list too: the least key, the newest first.
                    let list = &before[k];
                    let (g, h, at) = list[s];
                    assert!(list.values().all(|&(g2, h2, at2)| key(g2, h2) > key(g, h)
                        || (key(g2, h2) == key(g, h) && at2 <= at)));
                    let ties = candidates
                        .iter()
                        .filter(|c| key(list[*c].0, list[*c].1) == key(g, h))
                        .count();
                    tied += usize::from(ties > 1);
                }
                (Ask::Fate { i, g, h, .. }, Answer::Fate(f), _) => {
                    let child = then[0]
                        .iter()
                        .filter(|r| matches!(r, Event::Generate { .. }))
                        .nth(i - 1)
                        .unwrap();
                    let Event::Generate {
                        g: g2, h: h2, fate, ..
                    } = child
                    else {
                        unreachable!()
                    };
                    assert_eq!((g, h, f), (g2, h2, fate));
                    changed += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(
            tied > 3,
            "{}: questions among ties ({tied})",
            strategy.name()
        );
        if strategy.within().is_some() {
            assert!(changed > 0, "weighted A* reached a node again more cheaply");
        }
    }
}

#[test]
fn idastar_questions_are_answered_by_the_next_bound_and_each_childs_fate() {
    let strategy = find("idastar").unwrap();
    let start = "8 1 3 4 0 2 7 6 5";
    let recs = records(strategy, start, None);
    // The test's least f cut before each iteration.
    let mut least: Option<u32> = None;
    let mut next_bounds = Vec::new();
    for r in &recs {
        match r {
            Event::IterationStart { .. } => {
                next_bounds.push(least);
                least = None;
            }
            Event::Generate {
                g,
                h,
                fate: Fate::Pruned,
                ..
            } => {
                least = Some(least.map_or(g + h, |l| l.min(g + h)));
            }
            _ => {}
        }
    }
    let (mut bounds, mut fates) = (0, 0);
    for (_, q, then) in questions(strategy, start, None) {
        match (&q.ask, &q.answer, &then[0][0]) {
            (Ask::Bound { was, .. }, Answer::Bound(b), Event::IterationStart { bound }) => {
                assert_eq!(b, bound);
                assert!(b > was, "the bound rises");
                assert!(next_bounds.contains(&Some(*b)), "the least f cut before it");
                bounds += 1;
            }
            (Ask::Fate { i: 1, g, h, .. }, Answer::Fate(f), Event::Expand { .. }) => {
                let first = then[0]
                    .iter()
                    .find(|r| matches!(r, Event::Generate { .. }))
                    .unwrap();
                let Event::Generate {
                    g: g2, h: h2, fate, ..
                } = first
                else {
                    unreachable!()
                };
                assert_eq!((g, h, f), (g2, h2, fate));
                fates += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(bounds >= 2 && fates > 20, "{bounds} bounds, {fates} fates");
}

#[test]
fn local_questions_are_answered_by_the_move_the_walk_made() {
    let annealing = find("annealing").unwrap();
    let (mut yes, mut no) = (0, 0);
    for (_, q, then) in questions(annealing, "8 6 7 2 5 4 3 0 1", Some(400)) {
        let Event::Propose(p) = then[0][0].clone() else {
            panic!()
        };
        let Proposed {
            accepted,
            energy,
            proposed,
            temperature,
            ..
        } = *p;
        let Ask::Accept { from, to, t, p } = q.ask else {
            panic!("{q:?}")
        };
        assert_eq!((from, to, Some(t)), (energy, proposed, temperature));
        let chance = if to <= from {
            1.0
        } else {
            (-(to - from) / t).exp()
        };
        assert!((p - chance).abs() < 1e-12);
        assert_eq!(q.answer, Answer::Accept(accepted));
        if accepted { yes += 1 } else { no += 1 }
    }
    assert!(yes > 10 && no > 10, "{yes} accepted, {no} rejected");

    for name in ["tabu", "greedy"] {
        let strategy = find(name).unwrap();
        let mut asked = 0;
        let mut stops = 0;
        for (_, q, then) in questions(strategy, "8 6 7 2 5 4 3 0 1", Some(300)) {
            let Ask::Neighbour { candidates, .. } = &q.ask else {
                panic!("{q:?}")
            };
            let proposed: Vec<StateKey> = then
                .iter()
                .map(|s| match &s[0] {
                    Event::Propose(p) => p.state.clone(),
                    other => panic!("{other:?}"),
                })
                .collect();
            let mut sorted = candidates.clone();
            sorted.sort();
            let mut expected = proposed.clone();
            expected.sort();
            assert_eq!(sorted, expected, "{name}: every neighbour weighed");
            let last = then.last().unwrap();
            match (&q.answer, &last[0]) {
                (Answer::State(s), Event::Propose(p)) if p.accepted => assert_eq!(s, &p.state),
                (Answer::Stop, _) => {
                    assert!(last.iter().any(|r| matches!(r, Event::LocalMinimum { .. })));
                    stops += 1;
                }
                other => panic!("{other:?}"),
            }
            asked += 1;
        }
        // Greedy from here moves once and is stuck.
        let least = if name == "tabu" { 50 } else { 2 };
        assert!(asked >= least, "{name}: {asked} questions");
        if name == "greedy" {
            assert_eq!(stops, 1, "greedy stops once, at its local minimum");
        }
    }
}

#[test]
fn a_wrong_pick_does_not_step_and_the_right_one_does_in_both_languages() {
    let mut h = harness();
    let start = "1 8 5 4 2 3 7 6 0";
    inspect(&mut h, "astar", start);
    h.get_by_label("Predict").click();
    h.run();
    // The start is expanded first: nothing to ask.
    let nothing = "No question at this step: Step on.";
    wait_until(
        &mut h,
        |h| h.query_by_label(nothing).is_some(),
        20,
        "no question",
    );
    click_until(&mut h, "Step", 1);
    wait_until(
        &mut h,
        |h| inspector(h).question().is_some(),
        20,
        "a question",
    );
    h.get_by_label("Which node is expanded next? Click it in the list below.");
    let Some(Ask::Node { candidates }) = inspector(&h).question().map(|q| q.ask.clone()) else {
        panic!("a node to pick");
    };
    // The children of the start wait with g = 1: f by the test's own h.
    let f = |s: &StateKey| 1 + manhattan(&board(&board_text(s)));
    let least = candidates.iter().map(&f).min().unwrap();
    let wrong = candidates
        .iter()
        .position(|c| f(c) > least)
        .expect("a worse node");
    h.get_by_label(&format!("choice {wrong}")).click();
    h.run();
    assert!(h.query_all_by_label_contains("Wrong. ").next().is_some());
    assert_eq!(shown_steps(&h), 1, "a wrong answer does not step");
    h.get_by_label("Score: 0 of 1 right");
    // The least f, one of them the newest: the right one steps.
    for (i, c) in candidates.iter().enumerate().filter(|(_, c)| f(c) == least) {
        h.get_by_label(&format!("choice {i}")).click();
        h.run();
        if shown_steps(&h) > 1 || inspector(&h).question().is_none() {
            wait_until(&mut h, |h| shown_steps(h) == 2, 20, "the step");
            assert_eq!(inspector(&h).model().current().unwrap().state, *c);
            break;
        }
        assert_eq!(shown_steps(&h), 1);
    }
    assert_eq!(shown_steps(&h), 2, "the right pick steps");
    assert!(
        h.query_all_by_label_contains("Right. Expand")
            .next()
            .is_some()
    );
    h.get_by_label("Score: 0 of 1 right");
    h.state_mut().settings_mut().language = Lang::Chinese;
    h.run();
    h.get_by_label("得分：1 题中答对 0 题");
    assert!(
        h.query_all_by_label_contains("答对了。扩展")
            .next()
            .is_some()
    );
}

/// Labels on screen now that contain `words`.
fn shown_with(h: &egui_kittest::Harness<'_, crate::app::HuarongApp>, words: &str) -> Vec<String> {
    h.query_all_by_label_contains(words)
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.label().or_else(|| n.value())
        })
        .collect()
}

/// Node captions that mark the node expanded next (not the question,
/// which asks for it in those words).
fn marked_next(h: &egui_kittest::Harness<'_, crate::app::HuarongApp>) -> Vec<String> {
    shown_with(h, "expanded next")
        .into_iter()
        .filter(|l| l.starts_with("g "))
        .collect()
}

/// Tree node names that carry the open list's order ("open node 3").
fn ranked_open_nodes(h: &egui_kittest::Harness<'_, crate::app::HuarongApp>) -> Vec<String> {
    shown_with(h, "open node ")
        .into_iter()
        .filter(|l| l.trim_start_matches("open node ").parse::<usize>().is_ok())
        .collect()
}

/// While A*'s next node is asked, neither the open list nor the tree says
/// which it is: no "expanded next", no tie marks (made from the order), no
/// rank in a node's name; once Predict is off they are back.
#[test]
fn while_a_node_is_asked_no_view_names_or_marks_the_answer() {
    let mut h = harness();
    inspect(&mut h, "astar", "1 8 5 4 2 3 7 6 0");
    click_until(&mut h, "Step", 1);
    h.get_by_label("Open list").click();
    h.run();
    // Before Predict the list marks the node expanded next.
    assert_eq!(marked_next(&h).len(), 1);
    h.get_by_label("Predict").click();
    h.run();
    wait_until(
        &mut h,
        |h| inspector(h).question().is_some(),
        20,
        "a question",
    );
    let Some(Question {
        ask: Ask::Node { candidates },
        answer: Answer::State(answer),
        ..
    }) = inspector(&h).question().cloned()
    else {
        panic!("a node to pick");
    };
    h.run();
    assert_eq!(marked_next(&h), Vec::<String>::new());
    assert_eq!(shown_with(&h, "tie: "), Vec::<String>::new());
    h.get_by_label("Search tree").click();
    h.run();
    assert!(
        !shown_with(&h, "open node").is_empty(),
        "the open nodes drawn"
    );
    assert_eq!(ranked_open_nodes(&h), Vec::<String>::new());
    // Answered right, and Predict off: the order is shown again.
    let right = candidates.iter().position(|c| *c == answer).unwrap();
    h.get_by_label(&format!("choice {right}")).click();
    wait_until(&mut h, |h| shown_steps(h) == 2, 20, "the step");
    h.get_by_label("Predict").click();
    h.run();
    assert!(inspector(&h).question().is_none());
    assert!(!ranked_open_nodes(&h).is_empty(), "ranks in the tree");
    h.get_by_label("Open list").click();
    h.run();
    assert_eq!(marked_next(&h).len(), 1);
}

/// While IDA*'s next bound is asked, the least f cut so far (which
/// becomes it) is kept back: the `next` variable shows "?" and no
/// sentence names the least cut; with Predict off it is the bound asked.
#[test]
fn while_a_bound_is_asked_the_least_cut_is_kept_back() {
    let mut h = harness();
    inspect(&mut h, "idastar", "8 1 3 4 0 2 7 6 5");
    h.get_by_label("Predict").click();
    h.run();
    let nothing = "No question at this step: Step on.";
    let mut asked = None;
    for _ in 0..400 {
        wait_until(
            &mut h,
            |h| inspector(h).question().is_some() || h.query_by_label(nothing).is_some(),
            20,
            "a question, or none",
        );
        let at = shown_steps(&h);
        let Some(q) = inspector(&h).question().cloned() else {
            click_until(&mut h, "Step", at + 1);
            continue;
        };
        match (&q.ask, &q.answer) {
            (Ask::Bound { .. }, Answer::Bound(b)) => {
                asked = Some(*b);
                break;
            }
            (Ask::Fate { .. }, Answer::Fate(f)) => {
                let words = fate_words(*f, true).text(Lang::English);
                // The answer's button, after any such words in the panels.
                h.get_all_by_label(&words).last().unwrap().click();
                wait_until(&mut h, |h| shown_steps(h) > at, 20, "the step");
            }
            other => panic!("{other:?}"),
        }
    }
    let bound = asked.expect("a bound asked");
    h.run();
    assert_eq!(h.query_all_by_label("?").count(), 1, "next kept back");
    assert_eq!(
        shown_with(&h, "the least f cut so far is"),
        Vec::<String>::new()
    );
    h.get_by_label("Predict").click();
    h.run();
    assert!(inspector(&h).question().is_none());
    assert_eq!(h.query_all_by_label("?").count(), 0);
    assert!(
        h.query_all_by_label(&bound.to_string()).next().is_some(),
        "next = {bound}, the bound asked"
    );
}
