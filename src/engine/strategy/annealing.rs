//! Simulated annealing (the annealing article's adaptive schedule).

use super::local::{LocalRun, Tuning, on_problem};
use super::{Problem, Solvers, Solves, Strategy};
use crate::control::Control;
use crate::outcome::Outcome;
use crate::search::{AnnealParams, SearchSpace, anneal};

/// Simulated annealing with the given settings.
pub struct Annealing(pub AnnealParams);

impl LocalRun for Annealing {
    fn run<S: SearchSpace>(
        &self,
        space: &S,
        start: S::State,
        energy: &dyn Fn(&S::State) -> f64,
        ctl: &Control,
    ) -> Outcome<S::Move> {
        anneal(space, start, energy, &self.0, ctl)
    }
}

impl<P: Problem> Solves<P> for Annealing {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        on_problem(self, problem, ctl)
    }
}

impl Strategy for Annealing {
    fn name(&self) -> &'static str {
        "annealing"
    }
    fn label(&self) -> &'static str {
        "Simulated annealing"
    }
    fn description(&self) -> &'static str {
        "Simulated annealing: a random walk that always takes a better move and a worse one with probability exp(-ΔE/T), cooling T with an adaptive schedule. Not optimal; may fail; the walk is returned with its loops erased."
    }
    fn search_kind(&self) -> Option<super::SearchKind> {
        Some(super::SearchKind::Annealing)
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn params(&self) -> &'static [super::Param] {
        super::params::ANNEALING
    }
    fn tuning(&self) -> Tuning {
        let d = self.0;
        Tuning {
            seed: Some(d.seed),
            t0: Some(d.t0),
            alpha: Some(d.alpha),
            window: Some(d.window),
            max_iters: Some(d.max_iters),
            restarts: Some(d.restarts),
            ..Tuning::default()
        }
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        let d = self.0;
        Box::new(Annealing(AnnealParams {
            seed: t.seed.unwrap_or(d.seed),
            t0: t.t0.unwrap_or(d.t0),
            alpha: t.alpha.unwrap_or(d.alpha),
            window: t.window.unwrap_or(d.window),
            max_iters: t.max_iters.unwrap_or(d.max_iters),
            restarts: t.restarts.unwrap_or(d.restarts),
            t_min: d.t_min,
        }))
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
