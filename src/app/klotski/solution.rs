//! A found solution as the view steps through it: its layouts, unit steps,
//! moves counted, the rows of the step list and the letters a file keeps.

use super::names::{PieceName, describe_move, describe_step};
use crate::app::i18n::klotski::{guarantee, unit};
use crate::app::i18n::{KlotskiMsg, Lang, Message};
use crate::app::run_by::RunBy;
use crate::engine::klotski::space::{piece_moves, unit_steps};
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::{Dir, Stats};

/// A solution ready to step through, one unit step a row.
pub struct KlotskiSolution {
    /// The layout before the first step and after each.
    pub layouts: Vec<Layout>,
    /// The steps: piece index and direction.
    pub steps: Vec<(usize, Dir)>,
    /// Moves made up to each step (consecutive steps of a piece count once).
    pub moves_to: Vec<usize>,
    /// Steps made after each whole move, from 0 (the start) to the last step.
    pub move_ends: Vec<usize>,
    /// The search's counters.
    pub stats: Stats,
    /// The strategy that found it.
    pub run: RunBy,
    /// The metric searched in.
    pub metric: Metric,
}

impl KlotskiSolution {
    /// The solution of unit steps `(letter, direction)` from `start`;
    /// `None` if a step cannot be made.
    pub(super) fn from_steps(
        start: &Layout,
        lettered: &[(char, Dir)],
        stats: Stats,
        run: RunBy,
        metric: Metric,
    ) -> Option<Self> {
        let mut layouts = vec![start.clone()];
        let mut steps = Vec::new();
        let mut moves_to = vec![0];
        for (k, &(letter, dir)) in lettered.iter().enumerate() {
            let mut l = layouts.last().expect("start").clone();
            let i = l.pieces.iter().position(|p| p.letter == letter)?;
            if !l.step(i, dir) {
                return None;
            }
            layouts.push(l);
            steps.push((i, dir));
            moves_to.push(piece_moves(&lettered[..=k]));
        }
        // A move ends where the next step is another piece's (or at the end).
        let mut move_ends = vec![0];
        move_ends.extend(
            (1..=steps.len()).filter(|&k| steps.get(k).is_none_or(|next| next.0 != steps[k - 1].0)),
        );
        Some(Self {
            layouts,
            steps,
            moves_to,
            move_ends,
            stats,
            run,
            metric,
        })
    }

    /// The solution of a search's `path` (moves of the search's metric)
    /// from `start`, in unit steps; `None` if it cannot be replayed.
    pub(super) fn from_path(
        start: &Layout,
        path: &[KMove],
        stats: Stats,
        run: RunBy,
        metric: Metric,
    ) -> Option<Self> {
        let lettered = unit_steps(start, path).unwrap_or_default();
        Self::from_steps(start, &lettered, stats, run, metric)
    }

    /// The moves it makes (consecutive steps of a piece count once).
    pub fn moves(&self) -> usize {
        self.moves_to.last().copied().unwrap_or(0)
    }

    /// The rows of the step list: for each, the step it shows (one row a
    /// move, or one a step), and its description.
    pub(super) fn rows(
        &self,
        by_move: bool,
        names: &[PieceName],
        lang: Lang,
    ) -> (Vec<usize>, Vec<String>) {
        if by_move {
            let descriptions = self
                .move_ends
                .windows(2)
                .map(|w| {
                    let dirs: Vec<Dir> = self.steps[w[0]..w[1]].iter().map(|s| s.1).collect();
                    describe_move(&names[self.steps[w[0]].0], &dirs, lang)
                })
                .collect();
            (self.move_ends.clone(), descriptions)
        } else {
            let descriptions = self
                .steps
                .iter()
                .map(|&(i, d)| describe_step(&names[i], d, lang))
                .collect();
            ((0..=self.steps.len()).collect(), descriptions)
        }
    }

    /// The steps as a file keeps them: the piece's letter and the direction.
    pub(super) fn lettered(&self) -> Vec<(char, Dir)> {
        self.steps
            .iter()
            .map(|&(i, d)| (self.layouts[0].pieces[i].letter, d))
            .collect()
    }
}

/// What a run of `stats` in `metric` guarantees, in `lang`, put in a
/// sentence by `form` (`, optimal in moves`, ` (optimal in moves)`); empty
/// when it guarantees nothing.
pub(super) fn guarantee_note(
    stats: &Stats,
    metric: Metric,
    lang: Lang,
    form: fn(String, String) -> KlotskiMsg,
) -> String {
    guarantee(stats, lang)
        .map(|g| form(g, unit(metric, 2, lang)).text(lang))
        .unwrap_or_default()
}
