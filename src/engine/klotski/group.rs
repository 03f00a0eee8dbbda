//! The group of a Klotski position: every position reachable from it, each
//! with its exact distance to the exit (moves are reversible, so a
//! breadth-first search from the group's goal positions gives them all).

use crate::control::{Control, Meter, Sizes, Stop};
use crate::hash::StateMap;
use crate::search::SearchSpace;

use super::space::unit_steps;
use super::{KMove, KState, KlotskiSpace, Layout};

/// Distances are `u32`; a position that never reaches the exit has none.
const NONE: u32 = u32::MAX;

/// A position's group with distances to the exit.
///
/// ```
/// use huarong_engine::klotski::group::Group;
/// use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
/// use huarong_engine::Control;
///
/// let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
/// let (space, start) = KlotskiSpace::new(&layout, Metric::Moves);
/// let group = Group::build(&space, start, &Control::default()).unwrap();
/// assert_eq!(group.len(), space.count_reachable(start));
/// assert_eq!(group.start_distance(), Some(81));
/// ```
pub struct Group {
    states: Vec<KState>,
    /// How each state was first reached from the start (none for it).
    parent: Vec<Option<(u32, KMove)>>,
    distance: Vec<u32>,
    index: StateMap<KState, u32>,
    by_distance: Vec<u64>,
}

impl Group {
    /// Enumerate the group of `start` in `space` and the distance of each
    /// position to the exit, honouring `ctl`.
    pub fn build(space: &KlotskiSpace, start: KState, ctl: &Control) -> Result<Self, Stop> {
        let mut meter = Meter::new(ctl);
        let mut states = vec![start];
        let mut parent = vec![None];
        let mut index = StateMap::default();
        index.insert(start, 0u32);
        let entry = std::mem::size_of::<KState>() * 2 + 24;
        let sizes = |n: usize| Sizes {
            frontier: 0,
            stored: n as u64,
            bytes: (n * entry) as u64,
            growth: (n * entry) as u64,
            bound: None,
        };
        let mut buf = Vec::new();
        let mut head = 0;
        while head < states.len() {
            if meter.expand() {
                meter.poll(sizes(states.len()))?;
            }
            buf.clear();
            space.successors(&states[head], &mut buf);
            meter.generated(buf.len() as u64);
            for &(mv, next) in &buf {
                if let std::collections::hash_map::Entry::Vacant(e) = index.entry(next) {
                    e.insert(states.len() as u32);
                    states.push(next);
                    parent.push(Some((head as u32, mv)));
                }
            }
            head += 1;
        }
        // Backwards from every goal position at once.
        let mut distance = vec![NONE; states.len()];
        let mut queue: Vec<u32> = Vec::new();
        for (i, s) in states.iter().enumerate() {
            if space.is_goal(s) {
                distance[i] = 0;
                queue.push(i as u32);
            }
        }
        let mut by_distance = if queue.is_empty() {
            Vec::new()
        } else {
            vec![queue.len() as u64]
        };
        let mut head = 0;
        while head < queue.len() {
            if meter.expand() {
                meter.poll(sizes(states.len()))?;
            }
            let i = queue[head] as usize;
            head += 1;
            let d = distance[i] + 1;
            buf.clear();
            space.successors(&states[i], &mut buf);
            for &(_, next) in &buf {
                let j = index[&next] as usize;
                if distance[j] == NONE {
                    distance[j] = d;
                    queue.push(j as u32);
                    if by_distance.len() <= d as usize {
                        by_distance.push(0);
                    }
                    by_distance[d as usize] += 1;
                }
            }
        }
        Ok(Self {
            states,
            parent,
            distance,
            index,
            by_distance,
        })
    }

    /// Positions in the group.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the group is empty (never: it holds its start).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The distance of `state` to the exit, if it is in the group and can
    /// reach it.
    pub fn distance_of(&self, state: &KState) -> Option<u32> {
        let &i = self.index.get(state)?;
        Some(self.distance[i as usize]).filter(|&d| d != NONE)
    }

    /// The start's distance to the exit, if it can reach it.
    pub fn start_distance(&self) -> Option<u32> {
        Some(self.distance[0]).filter(|&d| d != NONE)
    }

    /// How many positions lie at each distance from the exit (empty when
    /// none reaches it).
    pub fn by_distance(&self) -> &[u64] {
        &self.by_distance
    }

    /// The largest distance to the exit in the group, if any reaches it.
    pub fn max_distance(&self) -> Option<u32> {
        self.by_distance.len().checked_sub(1).map(|d| d as u32)
    }

    /// The positions farthest from the exit, as the moves that reach each
    /// from the start.
    pub fn farthest(&self) -> Vec<Vec<KMove>> {
        let Some(max) = self.max_distance() else {
            return Vec::new();
        };
        (0..self.states.len())
            .filter(|&i| self.distance[i] == max)
            .map(|i| self.path_to(i))
            .collect()
    }

    /// The group's positions, the start first (index them for
    /// [`path_to`](Self::path_to)).
    pub fn states(&self) -> &[KState] {
        &self.states
    }

    /// The moves from the start to the group's `i`-th position.
    pub fn path_to(&self, mut i: usize) -> Vec<KMove> {
        let mut path = Vec::new();
        while let Some((p, mv)) = self.parent[i] {
            path.push(mv);
            i = p as usize;
        }
        path.reverse();
        path
    }

    /// The start's moves that bring it one closer to the exit, in `space`.
    pub fn closer_moves(&self, space: &KlotskiSpace) -> Vec<KMove> {
        let Some(d) = self.start_distance().filter(|&d| d > 0) else {
            return Vec::new();
        };
        let mut buf = Vec::new();
        space.successors(&self.states[0], &mut buf);
        buf.into_iter()
            .filter(|(_, next)| self.distance_of(next) == Some(d - 1))
            .map(|(mv, _)| mv)
            .collect()
    }
}

/// `layout` after the moves `path` (as [`unit_steps`] replays them), or
/// `None` if one does not apply.
pub fn layout_after(layout: &Layout, path: &[KMove]) -> Option<Layout> {
    let mut l = layout.clone();
    for (letter, dir) in unit_steps(layout, path).ok()? {
        let i = l.pieces.iter().position(|p| p.letter == letter)?;
        if !l.step(i, dir) {
            return None;
        }
    }
    Some(l)
}
