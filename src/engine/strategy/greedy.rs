//! Greedy hill climbing: the baseline that gets stuck.

use super::local::{LocalRun, Tuning, on_problem};
use super::{Problem, Solvers, Solves, Strategy};
use crate::control::Control;
use crate::outcome::Outcome;
use crate::search::{GreedyParams, SearchSpace, greedy};

/// Greedy hill climbing with the given settings.
pub struct Greedy(pub GreedyParams);

impl LocalRun for Greedy {
    fn run<S: SearchSpace>(
        &self,
        space: &S,
        start: S::State,
        energy: &dyn Fn(&S::State) -> f64,
        ctl: &Control,
    ) -> Outcome<S::Move> {
        greedy(space, start, energy, &self.0, ctl)
    }
}

impl<P: Problem> Solves<P> for Greedy {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        on_problem(self, problem, ctl)
    }
}

impl Strategy for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }
    fn label(&self) -> &'static str {
        "Greedy"
    }
    fn description(&self) -> &'static str {
        "Greedy hill climbing: takes the best strictly improving move until none is left. Fast, but stops at the first local minimum — the reason annealing and tabu search exist."
    }
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::HillClimbing)
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn params(&self) -> &'static [super::Param] {
        super::params::GREEDY
    }
    fn tuning(&self) -> Tuning {
        Tuning {
            seed: Some(self.0.seed),
            max_iters: Some(self.0.max_iters),
            ..Tuning::default()
        }
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        let d = self.0;
        Box::new(Greedy(GreedyParams {
            seed: t.seed.unwrap_or(d.seed),
            max_iters: t.max_iters.unwrap_or(d.max_iters),
        }))
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
