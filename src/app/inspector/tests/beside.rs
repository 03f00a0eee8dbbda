//! Two searches side by side, in step, as a learner uses them: A* with
//! Manhattan opened, A* with misplaced tiles put beside it, both stepped by
//! one Step, and the first step where they differ named, checked against
//! the two searches run here unstepped.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::i18n::Lang;
use crate::app::inspector::model::tests::board_text;
use crate::app::inspector::tests::lesson::records_with;
use crate::app::tests::{harness, set_board, wait_until};
use crate::app::{Command, HuarongApp};
use crate::engine::observe::StateKey;
use crate::engine::step::Event;
use crate::engine::strategy::find;
use crate::engine::{HeuristicChoice, HeuristicKind};

const START: &str = "8 6 7 2 5 4 3 0 1";

/// The states `strategy` with `heuristic` expands from START, in order.
fn expansions(strategy: &str, heuristic: HeuristicKind) -> Vec<StateKey> {
    let choice = HeuristicChoice::with_database(heuristic, None);
    records_with(find(strategy).unwrap(), &choice, START, None)
        .into_iter()
        .filter_map(|r| match r {
            Event::Expand { state, .. } => Some(state),
            _ => None,
        })
        .collect()
}

fn steps(h: &Harness<'_, HuarongApp>) -> (u64, u64) {
    let i = h.state().inspector().expect("open");
    let partner = i.partner().expect("a second run");
    (i.model().steps, partner.model().steps)
}

/// A* with Manhattan inspected, then A* with misplaced tiles beside it.
fn open_pair(h: &mut Harness<'_, HuarongApp>) {
    set_board(h, START);
    let settings = h.state_mut().settings_mut();
    settings.strategy = "astar".into();
    settings.heuristic = HeuristicKind::Manhattan;
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::Inspect, &ctx, 0.0);
    h.run();
}

#[test]
fn two_runs_step_together_and_the_first_difference_is_the_searches_own() {
    let manhattan = expansions("astar", HeuristicKind::Manhattan);
    let misplaced = expansions("astar", HeuristicKind::Misplaced);
    let differ = manhattan
        .iter()
        .zip(&misplaced)
        .position(|(a, b)| a != b)
        .expect("they differ somewhere") as u64
        + 1;
    assert!(differ > 1, "both expand the start first");
    for lang in [Lang::English, Lang::Chinese] {
        let mut h = harness();
        let ctx = h.ctx.clone();
        h.state_mut().apply(Command::SetLanguage(lang), &ctx, 0.0);
        h.run();
        open_pair(&mut h);
        let (open, step, step10, same) = match lang {
            Lang::English => (
                "Open side by side",
                "Step",
                "Step ×10",
                "The same 0 steps so far.",
            ),
            Lang::Chinese => ("并排打开", "单步", "单步 ×10", "到目前为止，前 0 步相同。"),
        };
        // The picker offers misplaced tiles beside Manhattan first.
        h.get_by_label(open).click();
        h.run();
        assert!(h.state().inspector().unwrap().partner().is_some());
        h.get_by_label(same);
        h.get_by_label(step).click();
        wait_until(&mut h, |h| steps(h) == (1, 1), 20, "one step each");
        let mut shown = 1;
        while shown < differ {
            h.get_by_label(step10).click();
            shown += 10;
            wait_until(&mut h, |h| steps(h) == (shown, shown), 20, "ten more each");
        }
        let agreement = h.state().inspector().unwrap().agreement();
        assert_eq!(agreement.first_difference, Some(differ), "{lang:?}");
        let k = (differ - 1) as usize;
        let line = match lang {
            Lang::English => format!(
                "They first differ at step {differ}: the left takes {}, the right {}.",
                board_text(&manhattan[k]),
                board_text(&misplaced[k])
            ),
            Lang::Chinese => format!(
                "两者在第 {differ} 步首次不同：左边取 {}，右边取 {}。",
                board_text(&manhattan[k]),
                board_text(&misplaced[k])
            ),
        };
        h.get_by_label(&line);
        // Each side shows its own node, the one its search expanded.
        let i = h.state().inspector().unwrap();
        let (left, right) = (i.model(), i.partner().unwrap().model());
        assert_eq!(left.current().unwrap().state, manhattan[shown as usize - 1]);
        assert_eq!(
            right.current().unwrap().state,
            misplaced[shown as usize - 1]
        );
    }
}

#[test]
fn the_second_run_closes_alone_and_the_first_steps_on() {
    let mut h = harness();
    open_pair(&mut h);
    h.get_by_label("Open side by side").click();
    h.run();
    h.get_by_label("Close the right one").click();
    h.run();
    let i = h.state().inspector().unwrap();
    assert!(i.partner().is_none());
    h.get_by_label("Step").click();
    wait_until(
        &mut h,
        |h| h.state().inspector().unwrap().model().steps == 1,
        20,
        "a step",
    );
    assert!(h.query_by_label("Open side by side").is_some());
}

#[test]
fn a_second_run_opened_later_catches_up_with_the_first() {
    let mut h = harness();
    open_pair(&mut h);
    h.get_by_label("Step ×10").click();
    wait_until(
        &mut h,
        |h| h.state().inspector().unwrap().model().steps == 10,
        20,
        "ten steps",
    );
    h.get_by_label("Open side by side").click();
    h.run();
    wait_until(&mut h, |h| steps(h) == (10, 10), 20, "in step");
    h.get_by_label("Step").click();
    wait_until(&mut h, |h| steps(h) == (11, 11), 20, "one step each");
}
