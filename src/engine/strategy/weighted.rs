//! Weighted A*: near-optimal paths, fast, with a proven bound.

use super::{Strategy, Tuning};
use crate::control::Control;
use crate::klotski::{KMove, KState, KlotskiSpace};
use crate::outcome::{Outcome, Status};
use crate::search::{proven_within, weighted_astar};
use crate::tiles::heuristic::{HeuristicChoice, TileHeuristic, WithHeuristic, with_heuristic};
use crate::tiles::packed::{PackedBoard, WithPacked, with_packed};
use crate::tiles::reduce::solve_by_reduction;
use crate::tiles::space::{TileDfs, TileSpace};
use crate::tiles::{Dir, TilePuzzle};

/// The weight a front end starts with.
pub(super) const DEFAULT_WEIGHT: f64 = 1.2;
/// The largest weight accepted: beyond it the bound says nothing useful
/// and the search is plain greedy best-first.
pub(super) const MAX_WEIGHT: f64 = 100.0;

/// Boards of more cells try the row-by-row path first: past the
/// 15-puzzle it takes milliseconds, and with a large enough w its length
/// is within the bound by the estimate alone.
const ROW_BY_ROW_FIRST: usize = 16;

/// Weighted A* with weight `w` (≥ 1): paths at most `w` times the shortest.
pub struct Weighted(pub f64);

impl Weighted {
    /// The heuristic it searches with: a pattern database when one is in
    /// hand (the user picked it), else linear conflict, which is at least
    /// Manhattan and misplaced on every board: the stronger the estimate,
    /// the closer the paths and the smaller the search.
    fn best(chosen: &HeuristicChoice) -> HeuristicChoice {
        match chosen {
            HeuristicChoice::Pdb(db) => HeuristicChoice::Pdb(db.clone()),
            _ => HeuristicChoice::LinearConflict,
        }
    }

    /// With w = 1 the search is A*: its solution is shortest (and so is
    /// one the row-by-row method proved so).
    fn settle<M>(&self, mut o: Outcome<M>) -> Outcome<M> {
        o.stats.optimal |= self.0 == 1.0;
        o
    }
}

impl Strategy for Weighted {
    fn name(&self) -> &'static str {
        "weighted"
    }
    fn label(&self) -> &'static str {
        "Weighted A*"
    }
    fn description(&self) -> &'static str {
        "Weighted A*: expands the state with the least moves-so-far + w × estimate. Its path is proven at most w times the shortest, and it searches far less than A*. Uses the strongest estimate at hand (a loaded pattern database, else linear conflict); on boards past 4×4 a row-by-row path is taken when its length is already within w × the estimate, else a capped weighted IDA* and plain IDA* take turns until a path is proven within the bound."
    }
    fn uses_heuristic(&self) -> bool {
        true
    }
    fn within(&self) -> Option<f64> {
        Some(self.0)
    }
    fn params(&self) -> &'static [super::Param] {
        super::params::WEIGHTED
    }
    fn tuned(&self, t: &Tuning) -> Box<dyn Strategy> {
        Box::new(Weighted(t.weight.unwrap_or(self.0)))
    }
    fn solve_tiles(
        &self,
        puzzle: &TilePuzzle,
        heuristic: &HeuristicChoice,
        ctl: &Control,
    ) -> Outcome<Dir> {
        struct Run<'a, H>(&'a TilePuzzle, &'a H, f64, &'a Control);
        impl<H: TileHeuristic> WithPacked<Outcome<Dir>> for Run<'_, H> {
            fn run<P: PackedBoard>(self) -> Outcome<Dir> {
                let (space, start) = TileSpace::<P>::new(self.0);
                let n = space.cells();
                let h = self.1;
                let estimate = |s: &P| {
                    let mut cells = [0u8; 100];
                    s.unpack(&mut cells[..n]);
                    h.estimate(&cells[..n])
                };
                weighted_astar(&space, start, estimate, self.2, self.3)
            }
        }
        struct Pick<'a>(&'a TilePuzzle, f64, &'a Control);
        impl WithHeuristic<Outcome<Dir>> for Pick<'_> {
            fn run<H: TileHeuristic>(self, h: &H) -> Outcome<Dir> {
                with_packed(self.0.shape().cells(), Run(self.0, h, self.1, self.2))
            }
        }
        /// Weighted IDA*: memory the path only, for boards past 4×4 whose
        /// paths are too long for weighted A*'s tables.
        struct Deep<'a>(&'a TilePuzzle, f64, &'a Control);
        impl WithHeuristic<Outcome<Dir>> for Deep<'_> {
            fn run<H: TileHeuristic>(self, h: &H) -> Outcome<Dir> {
                proven_within(&mut TileDfs::new(self.0, h), self.1, self.2)
            }
        }
        let best = Self::best(heuristic);
        // On a large board the row-by-row path often proves itself within
        // the bound already (its length ≤ w × the estimate ≤ w × the
        // shortest), in milliseconds where the search would take seconds.
        let mut before = None;
        if puzzle.shape().cells() > ROW_BY_ROW_FIRST {
            let fast = solve_by_reduction(puzzle, ctl);
            let h0 = crate::tiles::heuristic::evaluate(&best, &puzzle.goal, &puzzle.start);
            if fast.status != Status::Solved || fast.path.len() as f64 <= self.0 * f64::from(h0) {
                return self.settle(fast);
            }
            before = Some(fast.stats);
        }
        let mut o = if puzzle.shape().cells() > ROW_BY_ROW_FIRST {
            with_heuristic(&best, &puzzle.goal, Deep(puzzle, self.0, ctl))
        } else {
            with_heuristic(&best, &puzzle.goal, Pick(puzzle, self.0, ctl))
        };
        if let Some(b) = before {
            o.stats.expanded += b.expanded;
            o.stats.generated += b.generated;
            o.stats.peak_bytes = o.stats.peak_bytes.max(b.peak_bytes);
            o.stats.peak_stored = o.stats.peak_stored.max(b.peak_stored);
            o.stats.elapsed += b.elapsed;
        }
        self.settle(o)
    }
    fn solve_klotski(&self, space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
        self.settle(weighted_astar(
            space,
            start,
            |s| space.heuristic(s),
            self.0,
            ctl,
        ))
    }
}
