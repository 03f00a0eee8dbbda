//! Goal patterns in the play view, as a player picks them: each named goal
//! is chosen from the panel's box, the start is a random one that reaches
//! it, and a solve and the Go to goal button follow it; every length is
//! checked against the test's own breadth-first search from that goal.

use egui_kittest::kittest::Queryable;

use crate::app::i18n::{Lang, Message, TilesMsg};
use crate::app::tests::{harness, wait_for_solver};
use crate::engine::tiles::GoalPattern;
use crate::engine::{Board, Shape};

#[test]
fn each_goal_pattern_is_chosen_by_name_and_the_solve_and_go_to_goal_follow_it() {
    let mut h = harness();
    h.run();
    let shape = Shape::new(3, 3).unwrap();
    for p in GoalPattern::ALL {
        let shown = GoalPattern::of(&h.state().tiles().game.goal);
        // Open the box, then pick the pattern by name.
        let label = TilesMsg::GoalLabel.text(Lang::English);
        h.get_by_role_and_label(eframe::egui::accesskit::Role::ComboBox, &label)
            .click();
        h.run();
        let name = crate::app::i18n::names::pattern_label(p, Lang::English);
        if shown != Some(p) {
            h.get_by_label(&name).click();
            h.run();
        } else {
            h.key_press(eframe::egui::Key::Escape);
            h.run();
            continue;
        }
        let goal = p.board(shape);
        assert_eq!(h.state().tiles().game.goal, goal, "{name}");
        assert_eq!(h.state().settings.goal, p.name());
        let start = h.state().tiles().game.board.clone();
        let dist = crate::app::tests::hints::bfs_from(&goal);
        assert!(
            dist.contains_key(start.cells()),
            "the start reaches the {name} goal"
        );
        h.get_by_label("Solve").click();
        h.run();
        wait_for_solver(&mut h);
        let path = h.state().solution_path().expect("solved").to_vec();
        assert_eq!(
            path.len() as u32,
            dist[start.cells()],
            "A* is optimal toward {name}"
        );
        let mut end = start.clone();
        end.apply_path(&path).unwrap();
        assert_eq!(end, goal);
        h.get_by_label(&TilesMsg::ActionGoToGoal.text(Lang::English))
            .click();
        h.run();
        assert_eq!(h.state().tiles().game.board, goal);
    }
    // A new size keeps the pattern.
    h.state_mut().settings.goal = GoalPattern::Snake.name().into();
    let four = Shape::new(4, 4).unwrap();
    h.get_by_label("4×4").click();
    h.run();
    assert_eq!(h.state().tiles().game.goal, GoalPattern::Snake.board(four));
    assert_ne!(h.state().tiles().game.goal, Board::goal(four));
}
