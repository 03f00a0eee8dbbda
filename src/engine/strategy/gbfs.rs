//! Greedy best-first search: the best-first core keyed by the estimate
//! alone. It heads for whatever looks closest to the goal, whatever the
//! path there cost: usually few expansions, no promise on the length.

use super::problem::visit;
use super::{Key, Problem, SearchKind, Solvers, Solves, Strategy, Tuning};
use crate::control::Control;
use crate::outcome::Outcome;
use crate::search::best_first::{Buckets, Priority, best_first_search};

/// Greedy best-first search: always expands the stored state with the
/// least estimate h.
pub struct Gbfs;

/// Its key, h: [`Key::Estimate`] as the search orders by it.
#[derive(Clone, Copy)]
struct ByEstimate;

impl Priority for ByEstimate {
    type Open = Buckets;
    #[inline(always)]
    fn key(self, g: u32, h: u32) -> u64 {
        Key::Estimate.order(g, h)
    }
    #[inline(always)]
    fn shown(self, g: u32, _: u32) -> u32 {
        g
    }
}

impl<P: Problem> Solves<P> for Gbfs {
    fn solve(&self, problem: &P, ctl: &Control) -> Outcome<P::Move> {
        visit!(problem, [ctl: Control] |space, start, guide| {
            best_first_search(space, start, |s| guide.estimate(s), ByEstimate, ctl)
        })
    }
}

impl Strategy for Gbfs {
    fn search_kind(&self) -> Option<SearchKind> {
        Some(SearchKind::BestFirst(Key::Estimate))
    }
    fn name(&self) -> &'static str {
        "gbfs"
    }
    fn label(&self) -> &'static str {
        "Greedy best-first"
    }
    fn description(&self) -> &'static str {
        "Greedy best-first search: expands the stored state with the least estimate, ignoring the moves made so far. Usually quick, but its path can be far longer than the shortest; stores every state it sees."
    }
    fn tuned(&self, _: &Tuning) -> Box<dyn Strategy> {
        Box::new(Gbfs)
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn solvers(&self) -> Solvers<'_> {
        Solvers::all(self)
    }
}
