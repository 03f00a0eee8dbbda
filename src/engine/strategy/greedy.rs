//! Greedy hill climbing: the baseline that gets stuck.

use super::Strategy;
use super::local::{LocalRun, Tuning, on_klotski, on_tiles};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace};
use crate::outcome::Outcome;
use crate::search::{GreedyParams, SearchSpace, greedy};
use crate::tiles::heuristic::HeuristicChoice;
use crate::tiles::{Dir, TilePuzzle};

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
    fn visit(&self) -> super::Visit {
        super::Visit::Local
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn params(&self) -> &'static [super::Param] {
        super::params::GREEDY
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        let d = self.0;
        Box::new(Greedy(GreedyParams {
            seed: t.seed.unwrap_or(d.seed),
            max_iters: t.max_iters.unwrap_or(d.max_iters),
        }))
    }
    fn solve_tiles(
        &self,
        puzzle: &TilePuzzle,
        heuristic: &HeuristicChoice,
        ctl: &Control,
    ) -> Outcome<Dir> {
        on_tiles(self, puzzle, heuristic, ctl)
    }
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
        on_klotski(self, space, start, ctl)
    }
}
