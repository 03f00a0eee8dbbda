//! Generic searches, in the style of the `pathfinding` crate: they know
//! nothing of puzzles, only of states, moves, a goal test and a heuristic.
//!
//! * [`bfs()`] and [`astar()`] work on any [`SearchSpace`] (hashable states).
//! * [`reach`] is the one breadth-first core under [`bfs()`] and every
//!   other breadth-first search of the engine (the Klotski word BFS,
//!   distance tables, Klotski groups), each with its own store.
//! * [`ida_star_memo()`] is IDA* with a per-iteration transposition table,
//!   for small spaces full of transpositions (Klotski).
//! * [`anneal()`], [`tabu()`] and [`greedy()`] are local searches guided by
//!   an energy: not optimal, they may fail, and their walks are returned
//!   with loops erased.
//! * [`weighted_astar()`] is A* on g + w·h: a path at most w times the
//!   shortest, found with far fewer expansions. A*, weighted A* and greedy
//!   best-first search are one best-first search that differ only by the
//!   key of the open list (their priority).
//! * [`ida_star()`] works on a [`DepthFirstSpace`]: one mutable state that
//!   applies and undoes moves in place, so the inner loop never allocates.
//!   [`weighted_ida_star()`] is IDA* on g + w·h; [`proven_within()`] finds
//!   a path proven within w × the shortest on deep puzzles (a capped
//!   weighted IDA* and plain IDA* taking turns).

mod astar;
pub(crate) mod best_first;
mod bfs;
mod idastar;
mod idastar_memo;
mod local;
pub mod reach;
mod weighted;
mod weighted_ida;

pub use astar::astar;
pub(crate) use astar::astar_metered;
pub(crate) use best_first::End;
pub use bfs::bfs;
pub use idastar::ida_star;
pub use idastar_memo::ida_star_memo;
pub use local::{
    AnnealParams, GreedyParams, TRACE_DENSE, TabuParams, anneal, erase_loops, greedy, tabu,
};
pub(crate) use weighted::weighted_astar_metered;
pub use weighted::{weighted_astar, weighted_key};
pub use weighted_ida::{proven_within, weighted_ida_star};

use std::hash::Hash;

use crate::observe::StateKey;

/// A state space for the searches that store states (BFS, A*).
///
/// ```
/// use huarong_engine::search::{SearchSpace, bfs};
/// use huarong_engine::Control;
///
/// /// Count up from 0 to 5 by +1 or +2.
/// struct Steps;
/// impl SearchSpace for Steps {
///     type State = u32;
///     type Move = u32;
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32)>) {
///         for d in [1, 2] {
///             if s + d <= 5 { out.push((d, s + d)); }
///         }
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 5 }
/// }
/// let outcome = bfs(&Steps, 0, &Control::default());
/// assert_eq!(outcome.path.len(), 3);
/// ```
pub trait SearchSpace {
    /// A compact, hashable state.
    type State: Copy + Eq + Hash;
    /// A move label, recorded in the path.
    type Move: Copy;
    /// Append every `(move, next_state)` of `state` to `out`.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>);
    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// `state`'s key, for observers ([`StateKey::None`] by default: no
    /// words for it).
    fn state_key(&self, state: &Self::State) -> StateKey {
        let _ = state;
        StateKey::None
    }
}

/// A single mutable state for depth-first searches (IDA*): moves are applied
/// and undone in place, and the heuristic is kept up to date incrementally.
pub trait DepthFirstSpace {
    /// A move label, recorded in the path.
    type Move: Copy;
    /// The legal moves of a state, as a small inline list.
    type Moves: AsRef<[Self::Move]>;
    /// What [`undo`](Self::undo) needs to restore the state.
    type Undo: Copy;
    /// Heuristic estimate of the current state.
    fn heuristic(&self) -> u32;
    /// Whether the current state is a goal.
    fn is_goal(&self) -> bool;
    /// The legal moves from the current state, in an order that costs the
    /// space nothing to give.
    fn moves(&self) -> Self::Moves;
    /// The legal moves, those likeliest to lead to a goal first. IDA* asks
    /// for this order only near the root (see `ORDERED_DEPTH` in
    /// `idastar.rs`), where it decides which large subtrees the last
    /// iteration may skip; a space with no such knowledge gives
    /// [`moves`](Self::moves).
    #[inline(always)]
    fn ordered_moves(&self) -> Self::Moves {
        self.moves()
    }
    /// Apply a legal move.
    fn apply(&mut self, mv: Self::Move) -> Self::Undo;
    /// Apply a legal move and return the new heuristic value, exactly when
    /// it is below `limit`; otherwise any value from `limit` up to it (the
    /// caller prunes the state). A space may skip work that cannot matter.
    #[inline(always)]
    fn apply_bounded(&mut self, mv: Self::Move, limit: u32) -> (Self::Undo, u32) {
        let _ = limit;
        let undo = self.apply(mv);
        (undo, self.heuristic())
    }
    /// Whether [`prepare`](Self::prepare) pays (a constant the compiler
    /// folds): IDA* then prepares every child before it makes any.
    const PREPARES: bool = false;
    /// Work out, from the current state and before any child is made, what
    /// applying `mv` will need, and start fetching what it will read (so
    /// that several children's reads overlap): handed back to
    /// [`apply_prepared`](Self::apply_prepared) from this same state.
    #[inline(always)]
    fn prepare(&self, mv: Self::Move) -> u64 {
        let _ = mv;
        0
    }
    /// [`apply_bounded`](Self::apply_bounded), with what
    /// [`prepare`](Self::prepare) worked out for `mv` from this state.
    #[inline(always)]
    fn apply_prepared(&mut self, mv: Self::Move, prepared: u64, limit: u32) -> (Self::Undo, u32) {
        let _ = prepared;
        self.apply_bounded(mv, limit)
    }
    /// Undo `mv`, which was the last move applied.
    fn undo(&mut self, mv: Self::Move, undo: Self::Undo);
    /// Whether `mv` right after `prev` just undoes it (such moves are skipped).
    fn undoes(&self, prev: Self::Move, mv: Self::Move) -> bool;
    /// Move pruning beyond [`undoes`](Self::undoes): the state of the
    /// space's pruning automaton after `mv` from `state` (a path starts in
    /// [`PRUNE_START`]), or `None` to skip `mv` because the path would then
    /// end in a sequence of moves that a shorter one, or an equally long
    /// one the search prefers, duplicates. A shortest path the space
    /// prefers must never be cut. None is cut by default.
    #[inline(always)]
    fn prune_step(&self, state: u32, mv: Self::Move) -> Option<u32> {
        let _ = mv;
        Some(state)
    }
    /// The current state's key, for observers ([`StateKey::None`] by
    /// default).
    fn state_key(&self) -> StateKey {
        StateKey::None
    }
}

/// The pruning state of an empty path (see [`DepthFirstSpace::prune_step`]).
pub const PRUNE_START: u32 = 0;

/// Run `$body` with `$watch` bound to the control's observer, compiled
/// twice: once watched and once with [`Unwatched`](crate::observe::Unwatched),
/// whose events fold away, so a run nobody watches costs nothing extra.
macro_rules! with_watch {
    ($ctl:expr, $watch:ident => $body:expr) => {
        match crate::observe::Watched::of(&$ctl) {
            Some(watched) => {
                let $watch = &watched;
                $body
            }
            None => {
                let $watch = &crate::observe::Unwatched;
                $body
            }
        }
    };
}
pub(crate) use with_watch;

/// Bytes that growing a table holding `len` of `cap` entries of `entry`
/// bytes would add, if it may grow before the next poll (`headroom` inserts).
pub(crate) fn growth_bytes(len: usize, cap: usize, entry: usize, headroom: usize) -> u64 {
    if len + headroom >= cap {
        // A doubling reallocation holds old and new tables at once.
        (cap.max(16) * 2 * entry) as u64
    } else {
        0
    }
}

/// Rebuild the path to node `i` from parent links.
fn backtrack<M: Copy>(mut i: u32, parent_move: impl Fn(u32) -> Option<(u32, M)>) -> Vec<M> {
    let mut path = Vec::new();
    while let Some((p, m)) = parent_move(i) {
        path.push(m);
        i = p;
    }
    path.reverse();
    path
}

/// Most nodes a storing search indexes with `u32` links.
pub(crate) const MAX_INDEX: usize = u32::MAX as usize - 1;

/// Poll `meter` for a storing search holding `stored` nodes: a memory
/// stop when the `u32` links are about to run out (before the next poll
/// could add more), else the control's own checks on `sizes`.
pub(crate) fn poll_stored(
    meter: &mut crate::control::Meter<'_>,
    stored: usize,
    sizes: impl FnOnce() -> crate::control::Sizes,
) -> Result<(), crate::control::Stop> {
    if stored > MAX_INDEX - 16_384 {
        Err(crate::control::Stop::Limit(
            crate::outcome::LimitKind::Memory,
        ))
    } else {
        meter.poll(sizes())
    }
}
