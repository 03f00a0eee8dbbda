//! Why a tile position cannot reach its goal, shown: the permutation from
//! the goal as its cycles (tinted and linked on the board, listed in
//! words), its parity against the blank's distance parity.

use eframe::egui;

use crate::app::i18n::{HintMsg, Lang, Message, tr};
use crate::app::widgets::board_view::Marks;
use crate::engine::Board;

/// Tints of the cycles, in turn: tiles that belong together, as the
/// pattern groups are.
use crate::app::palette::GROUP_TINTS as CYCLE_TINTS;

/// The permutation taking the goal to a board, and the blank's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parity {
    /// The cycles of two or more cells, each as the cells in order: the
    /// symbol in each cell belongs in the next one.
    pub cycles: Vec<Vec<usize>>,
    /// Swaps that make the permutation: cells minus cycles (fixed cells
    /// are cycles of one).
    pub swaps: usize,
    /// The blank's Manhattan distance from its goal cell.
    pub blank_distance: usize,
}

impl Parity {
    /// For `board` against `goal` (same shape).
    pub fn of(board: &Board, goal: &Board) -> Self {
        let n = board.cells().len();
        let mut goal_cell = vec![0usize; n];
        for (c, &t) in goal.cells().iter().enumerate() {
            goal_cell[t as usize] = c;
        }
        let mut seen = vec![false; n];
        let mut cycles = Vec::new();
        let mut all = 0;
        for start in 0..n {
            if seen[start] {
                continue;
            }
            all += 1;
            let mut cycle = Vec::new();
            let mut c = start;
            while !seen[c] {
                seen[c] = true;
                cycle.push(c);
                c = goal_cell[board.cells()[c] as usize];
            }
            if cycle.len() > 1 {
                cycles.push(cycle);
            }
        }
        let shape = board.shape();
        let (br, bc) = shape.coords(board.blank());
        let (gr, gc) = shape.coords(goal.blank());
        Self {
            cycles,
            swaps: n - all,
            blank_distance: br.abs_diff(gr) + bc.abs_diff(gc),
        }
    }

    /// Whether the two parities agree (the position reaches the goal).
    pub fn solvable(&self) -> bool {
        self.swaps % 2 == self.blank_distance % 2
    }

    /// The cycles drawn: each tinted, each tile linked to the cell it
    /// belongs in.
    pub fn marks(&self, marks: &mut Marks, cells: usize) {
        marks.fill.resize(cells, None);
        for (i, cycle) in self.cycles.iter().enumerate() {
            let tint = CYCLE_TINTS[i % CYCLE_TINTS.len()];
            for (k, &c) in cycle.iter().enumerate() {
                marks.fill[c] = Some(tint);
                let next = cycle[(k + 1) % cycle.len()];
                // A 2-cycle is one swap: one arrow each way.
                marks.arrows.push((c, next));
            }
        }
    }

    /// The explanation in words, in `ui`; `on_board`: the board shown is
    /// `board`, with the cycles drawn on it (not so in the Set state
    /// dialog, whose board is still the old one).
    pub fn show(&self, ui: &mut egui::Ui, board: &Board, on_board: bool) {
        let lang = crate::app::i18n::language(ui.ctx());
        let parity = |n: usize| {
            if n % 2 == 1 {
                HintMsg::Odd
            } else {
                HintMsg::Even
            }
            .text(lang)
        };
        let blank = tr(ui, HintMsg::Blank);
        let name = |c: usize| match board.cells()[c] {
            0 => blank.clone(),
            t => t.to_string(),
        };
        ui.strong(tr(ui, HintMsg::WhyTitle));
        let listed: Vec<String> = self
            .cycles
            .iter()
            .map(|cycle| {
                let names: Vec<String> = cycle.iter().map(|&c| name(c)).collect();
                format!("({})", names.join(" → "))
            })
            .collect();
        let list = listed.join(if lang == Lang::Chinese { "，" } else { ", " });
        let drawn = if on_board {
            HintMsg::DrawnOnBoard.text(lang)
        } else {
            String::new()
        };
        let cycles = match self.cycles.len() {
            1 => HintMsg::CyclesOne { drawn, list },
            n => HintMsg::Cycles { n, drawn, list },
        };
        let swap_parity = parity(self.swaps);
        let swaps = match self.swaps {
            1 => HintMsg::SwapsOne {
                parity: swap_parity,
            },
            n => HintMsg::Swaps {
                n,
                parity: swap_parity,
            },
        };
        // One sentence after the other (Chinese runs them on, no space).
        let gap = if lang == Lang::Chinese { "" } else { " " };
        ui.label(format!("{}{gap}{}", tr(ui, cycles), tr(ui, swaps)));
        let blank_parity = parity(self.blank_distance);
        let blank = match self.blank_distance {
            1 => HintMsg::BlankStepOne {
                parity: blank_parity,
            },
            n => HintMsg::BlankSteps {
                n,
                parity: blank_parity,
            },
        };
        ui.label(tr(ui, blank));
        ui.label(tr(ui, HintMsg::ParityFlips));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;
    use crate::engine::rng::seeded;
    use crate::engine::tiles::check_solvable;
    use rand::RngExt;

    #[test]
    fn hand_made_cases() {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        // 1 and 2 swapped: one 2-cycle, one swap, the blank at home.
        let swapped = Board::parse("2 1 3 4 5 6 7 8 0", None).unwrap();
        let p = Parity::of(&swapped, &goal);
        assert_eq!(p.cycles, vec![vec![0, 1]]);
        assert_eq!((p.swaps, p.blank_distance), (1, 0));
        assert!(!p.solvable());
        // The blank moved one step: a swap and a step, solvable.
        let moved = Board::parse("1 2 3 4 5 6 7 0 8", None).unwrap();
        let p = Parity::of(&moved, &goal);
        assert_eq!((p.swaps, p.blank_distance), (1, 1));
        assert!(p.solvable());
        // A 3-cycle is two swaps.
        let rotated = Board::parse("2 3 1 4 5 6 7 8 0", None).unwrap();
        assert_eq!(Parity::of(&rotated, &goal).swaps, 2);
    }

    /// A cycle is drawn as arrows around it (each tile towards where it
    /// belongs), never as the linear-conflict links.
    #[test]
    fn a_cycle_is_marked_with_arrows_not_links() {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let rotated = Board::parse("2 3 1 4 5 6 7 8 0", None).unwrap();
        let p = Parity::of(&rotated, &goal);
        let mut marks = Marks::default();
        p.marks(&mut marks, 9);
        assert!(marks.links.is_empty());
        let cycle = &p.cycles[0];
        let around: Vec<(usize, usize)> = (0..cycle.len())
            .map(|k| (cycle[k], cycle[(k + 1) % cycle.len()]))
            .collect();
        assert_eq!(marks.arrows, around);
    }

    #[test]
    fn agrees_with_the_engines_test_on_random_arrangements() {
        let mut rng = seeded(5);
        for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
            let goal = Board::goal(Shape::new(rows, cols).unwrap());
            for _ in 0..300 {
                let mut cells = goal.cells().to_vec();
                for i in (1..cells.len()).rev() {
                    cells.swap(i, rng.random_range(0..=i));
                }
                let b = Board::new(goal.shape(), cells).unwrap();
                let p = Parity::of(&b, &goal);
                assert_eq!(p.solvable(), check_solvable(&b, &goal).is_ok());
                let moved: usize = p.cycles.iter().map(Vec::len).sum();
                assert_eq!(p.swaps, moved - p.cycles.len());
            }
        }
    }
}
