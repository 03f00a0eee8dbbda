//! The group of a Klotski position: every position reachable from it, each
//! with its exact distance to the exit (moves are reversible, so a
//! breadth-first search from the group's goal positions gives them all):
//! two searches on the [`reach`] core, the enumeration from the start and
//! the distances from the goals (a position that never reaches the exit
//! holds [`u32::NONE`](Distance::NONE)).

use std::collections::hash_map::Entry;
use std::ops::ControlFlow;

use crate::control::{Control, Meter, Sizes, Stop};
use crate::hash::StateMap;
use crate::search::SearchSpace;
use crate::search::reach::{self, BreadthFirst, Distance, End, breadth_first};

use super::space::unit_steps;
use super::{KMove, KState, KlotskiSpace, Layout};

/// What a group holds for each position, for the control's checks.
fn sizes(n: usize) -> Sizes {
    let entry = std::mem::size_of::<KState>() * 2 + 24;
    Sizes {
        frontier: 0,
        stored: n as u64,
        bytes: (n * entry) as u64,
        growth: (n * entry) as u64,
        bound: None,
    }
}

/// The group's positions from its start, breadth first, each with the move
/// that first reached it (the core's instance that stores a state map).
struct Enumeration<'a> {
    space: &'a KlotskiSpace,
    states: Vec<KState>,
    parent: Vec<Option<(u32, KMove)>>,
    index: StateMap<KState, u32>,
    buf: Vec<(KMove, KState)>,
}

impl BreadthFirst<Meter<'_>> for Enumeration<'_> {
    type Found = std::convert::Infallible;

    fn queued(&self) -> usize {
        self.states.len()
    }

    fn expand(&mut self, head: usize, _: u32, meter: &mut Meter<'_>) -> ControlFlow<Self::Found> {
        self.buf.clear();
        self.space.successors(&self.states[head], &mut self.buf);
        meter.generated(self.buf.len() as u64);
        for &(mv, next) in &self.buf {
            if let Entry::Vacant(e) = self.index.entry(next) {
                e.insert(self.states.len() as u32);
                self.states.push(next);
                self.parent.push(Some((head as u32, mv)));
            }
        }
        ControlFlow::Continue(())
    }

    fn sizes(&self, _: usize, _: u32) -> Sizes {
        sizes(self.states.len())
    }
}

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
///
/// It reads and writes JSON (to be sent between threads that share no
/// memory, as a web page and its workers): its positions, how each was
/// reached and its distance; the index is made again when read.
#[derive(serde::Deserialize)]
#[serde(try_from = "GroupWire")]
pub struct Group {
    states: Vec<KState>,
    /// How each state was first reached from the start (none for it).
    parent: Vec<Option<(u32, KMove)>>,
    distance: Vec<u32>,
    index: StateMap<KState, u32>,
    by_distance: Vec<u64>,
}

/// A [`Group`] as read: everything but its index.
#[derive(serde::Deserialize)]
struct GroupWire {
    states: Vec<KState>,
    parent: Vec<Option<(u32, KMove)>>,
    distance: Vec<u32>,
    by_distance: Vec<u64>,
}

/// Its positions, how each was reached and its distances, as read back.
impl serde::Serialize for Group {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut w = s.serialize_struct("GroupWire", 4)?;
        w.serialize_field("states", &self.states)?;
        w.serialize_field("parent", &self.parent)?;
        w.serialize_field("distance", &self.distance)?;
        w.serialize_field("by_distance", &self.by_distance)?;
        w.end()
    }
}

impl TryFrom<GroupWire> for Group {
    type Error = String;

    fn try_from(w: GroupWire) -> Result<Self, String> {
        let n = w.states.len();
        if w.parent.len() != n || w.distance.len() != n {
            return Err(format!(
                "a group of {n} positions with {} parents and {} distances",
                w.parent.len(),
                w.distance.len()
            ));
        }
        if w.parent.iter().flatten().any(|&(p, _)| p as usize >= n) {
            return Err("a group whose parent is not in it".to_string());
        }
        let index: StateMap<KState, u32> = (0..).zip(&w.states).map(|(i, s)| (*s, i)).collect();
        if index.len() != n {
            return Err("a group holding a position twice".to_string());
        }
        Ok(Self {
            states: w.states,
            parent: w.parent,
            distance: w.distance,
            index,
            by_distance: w.by_distance,
        })
    }
}

impl Group {
    /// Enumerate the group of `start` in `space` and the distance of each
    /// position to the exit, honouring `ctl`.
    pub fn build(space: &KlotskiSpace, start: KState, ctl: &Control) -> Result<Self, Stop> {
        let mut meter = Meter::new(ctl);
        let mut index = StateMap::default();
        index.insert(start, 0u32);
        let mut all = Enumeration {
            space,
            states: vec![start],
            parent: vec![None],
            index,
            buf: Vec::new(),
        };
        if let End::Stopped(stop) = breadth_first(&mut all, &mut meter).end {
            return Err(stop);
        }
        let Enumeration {
            states,
            parent,
            index,
            mut buf,
            ..
        } = all;
        // Backwards from every goal position at once.
        let mut distance = vec![u32::NONE; states.len()];
        let mut queue: Vec<u32> = Vec::new();
        for (i, s) in states.iter().enumerate() {
            if space.is_goal(s) {
                distance[i] = 0;
                queue.push(i as u32);
            }
        }
        let by_distance = reach::distances(
            &mut queue,
            &mut distance,
            &mut meter,
            |i, found, _| {
                buf.clear();
                space.successors(&states[i as usize], &mut buf);
                for (_, next) in &buf {
                    let j = index[next];
                    found.offer(j as usize, || j);
                }
            },
            |_| sizes(states.len()),
        )?;
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
        Some(self.distance[i as usize]).filter(|&d| d != u32::NONE)
    }

    /// The start's distance to the exit, if it can reach it.
    pub fn start_distance(&self) -> Option<u32> {
        Some(self.distance[0]).filter(|&d| d != u32::NONE)
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

#[cfg(test)]
mod wire_tests {
    use super::*;
    use crate::klotski::Metric;

    /// Sent as JSON and read back, a group answers every question as
    /// before; a damaged one is refused, not read.
    #[test]
    fn a_group_read_back_from_json_is_the_same_group() {
        let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let (space, start) = KlotskiSpace::new(&layout, Metric::Moves);
        let group = Group::build(&space, start, &Control::default()).unwrap();
        let json = serde_json::to_string(&group).unwrap();
        let back: Group = serde_json::from_str(&json).unwrap();
        assert_eq!(back.len(), group.len());
        assert_eq!(back.start_distance(), Some(81));
        assert_eq!(back.by_distance(), group.by_distance());
        for (i, s) in group.states().iter().enumerate().step_by(97) {
            assert_eq!(back.distance_of(s), group.distance_of(s));
            assert_eq!(back.path_to(i), group.path_to(i));
        }
        let mut damaged: serde_json::Value = serde_json::from_str(&json).unwrap();
        damaged["distance"].as_array_mut().unwrap().pop();
        assert!(serde_json::from_value::<Group>(damaged).is_err());
    }
}
