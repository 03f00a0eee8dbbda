//! Breadth-first search with each position and its mirror image (left and
//! right swapped) as one. When the goal is its own mirror image, a
//! position and its image are equally far from it, so a shortest path
//! between the positions that stand for them ([`KlotskiSpace::canonical`])
//! is as long as the shortest path itself; most classics are symmetric,
//! and the search stores about half the positions BFS does.

use super::word::bfs_word;
use super::{KMove, KState, KlotskiSpace};
use crate::control::Control;
use crate::outcome::{Outcome, Status};
use crate::search::{SearchSpace, with_watch};

/// The positions that stand for a position and its mirror image, with
/// the moves between them.
pub(super) struct Merged<'a>(pub(super) &'a KlotskiSpace);

impl SearchSpace for Merged<'_> {
    type State = KState;
    type Move = KMove;

    fn successors(&self, s: &KState, out: &mut Vec<(KMove, KState)>) {
        let first = out.len();
        self.0.successors(s, out);
        for (_, next) in &mut out[first..] {
            *next = self.0.canonical(next);
        }
    }

    fn is_goal(&self, s: &KState) -> bool {
        self.0.is_goal(s)
    }

    fn state_key(&self, s: &KState) -> crate::observe::StateKey {
        self.0.state_key(s)
    }
}

/// Breadth-first search from `start` with each position and its mirror
/// image as one: a shortest path, from about half the positions. The
/// observer sees the positions that stand for each pair (either may be
/// the mirror image of the one the path passes). On a layout whose goal
/// is not its own mirror image, plain [`super::bfs`].
///
/// ```
/// use huarong_engine::Control;
/// use huarong_engine::klotski::{KlotskiSpace, Layout, Metric, bfs, bfs_mirrored};
/// let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
/// let (space, start) = KlotskiSpace::new(&layout, Metric::Moves);
/// let merged = bfs_mirrored(&space, start, &Control::default());
/// let plain = bfs(&space, start, &Control::default());
/// assert_eq!(merged.path.len(), 81);
/// assert!(10 * merged.stats.expanded < 6 * plain.stats.expanded);
/// ```
pub fn bfs_mirrored(space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
    if !space.goal_is_symmetric() {
        return super::bfs(space, start, ctl);
    }
    let mut outcome = match space.one_word() {
        Some(masks) => {
            with_watch!(ctl, watch => bfs_word::<_, true>(space, masks, start, ctl, watch))
        }
        None => crate::search::bfs(&Merged(space), space.canonical(&start), ctl),
    };
    outcome.path = real_path(space, start, &outcome.path);
    if outcome.status == Status::Unsolvable {
        outcome.reason = Some(format!(
            "all {} reachable states searched, each with its mirror image; none is the goal",
            outcome.stats.peak_stored
        ));
    }
    outcome
}

/// The moves from `start` along `merged`, a path between the positions
/// that stand for each pair: at each, the move to the position (or its
/// image) that the next one stands for.
pub(super) fn real_path(space: &KlotskiSpace, start: KState, merged: &[KMove]) -> Vec<KMove> {
    let mut at = start;
    let mut stands_for = space.canonical(&start);
    let mut buf = Vec::new();
    let mut path = Vec::with_capacity(merged.len());
    for &mv in merged {
        buf.clear();
        space.successors(&stands_for, &mut buf);
        let (_, next) = *buf
            .iter()
            .find(|(m, _)| *m == mv)
            .expect("a merged path's move is legal where it is made");
        stands_for = space.canonical(&next);
        let image = space.mirror(&next);
        // A position's moves are its mirror image's, mirrored: one of
        // them reaches the next position or its image.
        buf.clear();
        space.successors(&at, &mut buf);
        let (real, next) = *buf
            .iter()
            .find(|(_, n)| *n == next || *n == image)
            .expect("a position's moves mirror its image's");
        path.push(real);
        at = next;
    }
    path
}
