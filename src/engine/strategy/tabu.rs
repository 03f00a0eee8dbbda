//! Tabu search (the Klotski article's evaluation and tabu list).

use super::local::{LocalRun, Tuning, on_problem};
use super::{KlotskiProblem, Solvers, Solves, Strategy, TileProblem};
use crate::control::Control;
use crate::klotski::KMove;
use crate::outcome::Outcome;
use crate::search::{SearchSpace, TabuParams, tabu};
use crate::tiles::Dir;

/// Tabu search with the given settings.
pub struct Tabu(pub TabuParams);

impl LocalRun for Tabu {
    fn run<S: SearchSpace>(
        &self,
        space: &S,
        start: S::State,
        energy: &dyn Fn(&S::State) -> f64,
        ctl: &Control,
    ) -> Outcome<S::Move> {
        tabu(space, start, energy, &self.0, ctl)
    }
}

impl Solves<TileProblem> for Tabu {
    fn solve(&self, problem: &TileProblem, ctl: &Control) -> Outcome<Dir> {
        on_problem(self, problem, ctl)
    }
}

impl Solves<KlotskiProblem> for Tabu {
    fn solve(&self, problem: &KlotskiProblem, ctl: &Control) -> Outcome<KMove> {
        // The article's small step penalty, on the block-aware energy's
        // scale.
        let tuned = Tabu(TabuParams {
            step_penalty: 0.005,
            ..self.0
        });
        on_problem(&tuned, problem, ctl)
    }
}

impl Strategy for Tabu {
    fn name(&self) -> &'static str {
        "tabu"
    }
    fn label(&self) -> &'static str {
        "Tabu search"
    }
    fn description(&self) -> &'static str {
        "Tabu search: always moves to the best neighbour not visited among the last few states (unless it beats the best so far), kicking the walk when it stalls. Not optimal; may fail; the walk is returned with its loops erased."
    }
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::Tabu)
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn params(&self) -> &'static [super::Param] {
        super::params::TABU
    }
    fn tuning(&self) -> Tuning {
        Tuning {
            seed: Some(self.0.seed),
            tenure: Some(self.0.tenure),
            max_iters: Some(self.0.max_iters),
            ..Tuning::default()
        }
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        let d = self.0;
        Box::new(Tabu(TabuParams {
            seed: t.seed.unwrap_or(d.seed),
            tenure: t.tenure.unwrap_or(d.tenure),
            max_iters: t.max_iters.unwrap_or(d.max_iters),
            ..d
        }))
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
