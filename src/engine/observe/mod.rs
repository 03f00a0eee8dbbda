//! Watching a search as it runs: the [`Event`]s the exact searches (BFS,
//! A*, IDA*) report to an observer set on the [`Control`](crate::control::Control), and the
//! [`Anatomy`] of a run computed from them.
//!
//! Where exact distances are cheap (tile boards with a quick
//! [`DistanceTable`](crate::tiles::table::DistanceTable), Klotski through its
//! [`Group`](crate::klotski::group::Group)), a [`Truth`] given to
//! the recorder adds the heuristic's error over the expanded nodes.
//!
//! A search with no observer is compiled without its events (each search
//! is instantiated twice, once watched and once not), so watching costs
//! nothing when nobody watches.
//!
//! ```
//! use std::sync::Arc;
//! use huarong_engine::observe::AnatomyRecorder;
//! use huarong_engine::strategy::{find, solve_tiles};
//! use huarong_engine::{Control, HeuristicChoice, TilePuzzle};
//!
//! let puzzle = TilePuzzle::parse("1 2 3 4 5 6 0 7 8", None, None).unwrap();
//! let recorder = Arc::new(AnatomyRecorder::default());
//! let ctl = Control::default().with_events(recorder.observer());
//! let bfs = find("bfs").unwrap();
//! let o = solve_tiles(bfs, &puzzle, &HeuristicChoice::Manhattan, &ctl).unwrap();
//! let anatomy = recorder.anatomy(&o);
//! assert_eq!(anatomy.by_depth.iter().sum::<u64>(), o.stats.expanded);
//! assert_eq!(anatomy.layers[0], 1); // the start alone at depth 0
//! ```

mod anatomy;
mod key;

pub use anatomy::{Anatomist, Anatomy, AnatomyRecorder, Iteration, Truth, effective_branching};
pub use key::{StateKey, StateWords};

use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// What became of a generated child.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Never seen before: stored (BFS, A*) or descended into (IDA*).
    New,
    /// Seen before, and not reached more cheaply: dropped.
    Duplicate,
    /// Expanded before, now reached more cheaply: taken off the closed
    /// set and opened again (A*, weighted A*).
    Reopened,
    /// Still on the open list, now reached more cheaply: its cost and
    /// parent are updated there (A*, weighted A*). Not a reopening.
    Improved,
    /// Beyond IDA*'s current bound: not descended into.
    Pruned,
    /// The path would end in a sequence of moves that a shorter or earlier
    /// one duplicates (IDA*'s move pruning): not searched, and not counted
    /// as generated.
    Skipped,
}

impl Fate {
    /// Every fate, in the order declared (`fate as usize` is its index).
    pub const ALL: [Fate; 6] = [
        Fate::New,
        Fate::Duplicate,
        Fate::Reopened,
        Fate::Improved,
        Fate::Pruned,
        Fate::Skipped,
    ];
}

/// One step of a search. `g` is the depth (moves from the start), `h` the
/// heuristic's estimate (0 for BFS).
///
/// Generic over how a state is carried: searches report an [`Event`],
/// whose state is a compact [`StateKey`]; a [`TraceLine`], made by
/// [`Event::in_words`], carries it in words. A trace line serialised
/// (serde, e.g. `serde_json`) is one object named by its `"event"` (see
/// [`name`](Self::name)), with `f` = g + h beside `g` and `h`, and without
/// the fields that say nothing (an empty state, no temperature, not tabu).
///
/// ```
/// use huarong_engine::observe::{Event, Fate, StateKey, StateWords, TraceLine};
/// use huarong_engine::Shape;
///
/// let state = StateKey::of_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
/// let event = Event::Generate { g: 2, h: 1, fate: Fate::New, state };
/// let line: TraceLine = event.in_words(&StateWords::tiles(Shape::new(3, 3).unwrap()));
/// assert_eq!(
///     serde_json::to_string(&line).unwrap(),
///     r#"{"event":"generate","f":3,"fate":"new","g":2,"h":1,"state":"1 2 3 4 5 6 7 0 8"}"#
/// );
/// assert_eq!(line.name(), "generate");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "event",
    rename_all = "snake_case",
    bound(
        serialize = "S: Serialize + AsRef<str>",
        deserialize = "S: Deserialize<'de> + Default"
    )
)]
pub enum EventOf<S> {
    /// A node is expanded: its children are generated next.
    #[serde(with = "node_line::expand")]
    Expand {
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// The node's state in words (tiles: space separated).
        state: S,
    },
    /// A child of the node last expanded is generated.
    #[serde(with = "node_line::generate")]
    Generate {
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// What became of it.
        fate: Fate,
        /// The child's state in words.
        state: S,
    },
    /// An IDA* iteration starts, with this bound on f.
    #[serde(rename = "iteration")]
    IterationStart {
        /// The bound.
        bound: u32,
    },
    /// The goal is reached, `g` moves from the start (local searches: the
    /// path's length once the walk's loops are erased).
    Goal {
        /// The solution's length.
        g: u32,
    },
    /// A local search weighs a move from its current state: annealing its
    /// one random proposal per iteration, tabu search and greedy every
    /// neighbour, the one taken last. Boxed: the other events are half its
    /// size, and a recording keeps up to a million of them.
    Propose(Box<Proposed<S>>),
    /// Tabu search: a state joins the tabu list (the state just walked to).
    TabuAdd {
        /// The list's length after it.
        len: usize,
        /// The state in words.
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
    },
    /// Tabu search: the oldest state leaves the tabu list (tenure reached).
    TabuExpire {
        /// The state in words.
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
    },
    /// Tabu search: a tabu move is taken because it beats the best score
    /// so far (aspiration).
    Aspiration {
        /// The best score before it.
        best: f64,
        /// Its score.
        score: f64,
    },
    /// Tabu search: no new best for a while, so a few random moves follow
    /// (each reported as an accepted [`Event::Propose`]).
    Diversify,
    /// Annealing: a run used up its iterations; the walk starts again from
    /// the start.
    Restart {
        /// The new run's number (the first run is 0).
        run: u32,
    },
    /// Greedy: no neighbour is better than the current state (its
    /// neighbours were the [`Event::Propose`]s just before); the walk ends.
    LocalMinimum {
        /// The energy it is stuck at.
        energy: f64,
    },
}

/// An event as searches report it and observers keep it: its state as a
/// [`StateKey`], cheap to make, compare and keep; [`StateWords`] write it
/// in words where it is shown.
pub type Event = EventOf<StateKey>;

/// An event as a trace writes it and reads it back: its state in words,
/// empty where the search has no words for its states.
pub type TraceLine = EventOf<String>;

/// What [`EventOf::Propose`] says of a move weighed. (Fields in the order
/// a trace line writes them.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "S: Serialize + AsRef<str>",
    deserialize = "S: Deserialize<'de> + Default"
))]
pub struct Proposed<S> {
    /// The walk moves there.
    pub accepted: bool,
    /// Energy (tabu: score) of the current state.
    pub energy: f64,
    /// Iterations before this one (all runs together).
    pub iteration: u64,
    /// Annealing's chance of taking the move: 1 when the energy does not
    /// rise, else exp(−ΔE/T).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    /// Energy of the proposed state.
    pub proposed: f64,
    /// The proposed state in words.
    #[serde(default, skip_serializing_if = "no_text")]
    pub state: S,
    /// Tabu search: the proposed state is on the tabu list.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tabu: bool,
    /// Annealing's temperature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
}

impl<S> EventOf<S> {
    /// The event's name in traces: `expand`, `generate`, `iteration`,
    /// `goal`, `propose`, `tabu_add`, `tabu_expire`, `aspiration`,
    /// `diversify`, `restart`, `local_minimum`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Expand { .. } => "expand",
            Self::Generate { .. } => "generate",
            Self::IterationStart { .. } => "iteration",
            Self::Goal { .. } => "goal",
            Self::Propose(_) => "propose",
            Self::TabuAdd { .. } => "tabu_add",
            Self::TabuExpire { .. } => "tabu_expire",
            Self::Aspiration { .. } => "aspiration",
            Self::Diversify => "diversify",
            Self::Restart { .. } => "restart",
            Self::LocalMinimum { .. } => "local_minimum",
        }
    }

    /// The same event with its state carried as `carry` makes it from this
    /// one's (the other fields copied).
    pub fn map_state<T>(&self, carry: impl FnOnce(&S) -> T) -> EventOf<T> {
        match *self {
            Self::Expand { g, h, ref state } => EventOf::Expand {
                g,
                h,
                state: carry(state),
            },
            Self::Generate {
                g,
                h,
                fate,
                ref state,
            } => EventOf::Generate {
                g,
                h,
                fate,
                state: carry(state),
            },
            Self::IterationStart { bound } => EventOf::IterationStart { bound },
            Self::Goal { g } => EventOf::Goal { g },
            Self::Propose(ref p) => EventOf::Propose(Box::new(Proposed {
                accepted: p.accepted,
                energy: p.energy,
                iteration: p.iteration,
                probability: p.probability,
                proposed: p.proposed,
                state: carry(&p.state),
                tabu: p.tabu,
                temperature: p.temperature,
            })),
            Self::TabuAdd { len, ref state } => EventOf::TabuAdd {
                len,
                state: carry(state),
            },
            Self::TabuExpire { ref state } => EventOf::TabuExpire {
                state: carry(state),
            },
            Self::Aspiration { best, score } => EventOf::Aspiration { best, score },
            Self::Diversify => EventOf::Diversify,
            Self::Restart { run } => EventOf::Restart { run },
            Self::LocalMinimum { energy } => EventOf::LocalMinimum { energy },
        }
    }

    /// Whether this event begins a step: an expansion (with the children
    /// generated after it), an IDA* iteration's start, a proposed move
    /// (with what follows from it). Other events belong to the step before.
    pub fn starts_step(&self) -> bool {
        matches!(
            self,
            Self::Expand { .. } | Self::IterationStart { .. } | Self::Propose(_)
        )
    }
}

impl Event {
    /// The event as a trace line: its state in `words`.
    pub fn in_words(&self, words: &StateWords) -> TraceLine {
        self.map_state(|key| words.text(key))
    }

    /// The state the event names, if it names one.
    pub fn state(&self) -> Option<&StateKey> {
        match self {
            Self::Expand { state, .. }
            | Self::Generate { state, .. }
            | Self::TabuAdd { state, .. }
            | Self::TabuExpire { state } => Some(state),
            Self::Propose(p) => Some(&p.state),
            _ => None,
        }
    }
}

/// Whether a state says nothing (its field is left out of a trace line).
fn no_text<S: AsRef<str>>(state: &S) -> bool {
    state.as_ref().is_empty()
}

/// An expansion's or a generated child's fields as a trace line writes
/// them: `f` = g + h beside `g` and `h` (written for the reader, ignored
/// when read back), the fate of a child, the state unless empty. Keys in
/// the order the trace has always written them.
mod node_line {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Fate, no_text};

    #[derive(Serialize, Deserialize)]
    #[serde(bound(
        serialize = "S: Serialize + AsRef<str>",
        deserialize = "S: Deserialize<'de> + Default"
    ))]
    struct Node<S> {
        #[serde(skip_deserializing)]
        f: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fate: Option<Fate>,
        g: u32,
        h: u32,
        #[serde(default, skip_serializing_if = "no_text")]
        state: S,
    }

    fn write<S: Serialize + AsRef<str>, Z: Serializer>(
        g: u32,
        h: u32,
        fate: Option<Fate>,
        state: &S,
        out: Z,
    ) -> Result<Z::Ok, Z::Error> {
        Node {
            f: g + h,
            fate,
            g,
            h,
            state,
        }
        .serialize(out)
    }

    /// [`Event::Expand`](super::EventOf::Expand)'s line.
    pub(super) mod expand {
        use super::*;

        pub fn serialize<S: Serialize + AsRef<str>, Z: Serializer>(
            g: &u32,
            h: &u32,
            state: &S,
            out: Z,
        ) -> Result<Z::Ok, Z::Error> {
            write(*g, *h, None, state, out)
        }

        pub fn deserialize<'de, S, D>(input: D) -> Result<(u32, u32, S), D::Error>
        where
            S: Deserialize<'de> + Default,
            D: Deserializer<'de>,
        {
            let n = Node::<S>::deserialize(input)?;
            Ok((n.g, n.h, n.state))
        }
    }

    /// [`Event::Generate`](super::EventOf::Generate)'s line.
    pub(super) mod generate {
        use super::*;

        pub fn serialize<S: Serialize + AsRef<str>, Z: Serializer>(
            g: &u32,
            h: &u32,
            fate: &Fate,
            state: &S,
            out: Z,
        ) -> Result<Z::Ok, Z::Error> {
            write(*g, *h, Some(*fate), state, out)
        }

        pub fn deserialize<'de, S, D>(input: D) -> Result<(u32, u32, Fate, S), D::Error>
        where
            S: Deserialize<'de> + Default,
            D: Deserializer<'de>,
        {
            let n = Node::<S>::deserialize(input)?;
            let fate = n.fate.ok_or_else(|| D::Error::missing_field("fate"))?;
            Ok((n.g, n.h, fate, n.state))
        }
    }
}

/// An event observer (called on the search's thread; an observed IDA* runs
/// on one thread, so events arrive in the order they happen).
pub type EventFn = Arc<dyn Fn(&Event) + Send + Sync>;

/// How a search reports events: compiled away when nobody watches.
pub(crate) trait Watch {
    /// Whether events are reported at all (a constant the compiler folds).
    const ON: bool;
    /// Report `event`.
    fn event(&self, event: &Event);
    /// Whether expansions and children are still wanted (the observer may
    /// have had enough: see [`Control::with_events_until`](crate::Control::with_events_until)).
    fn wants_nodes(&self) -> bool;
}

/// Nobody watches.
pub(crate) struct Unwatched;

impl Watch for Unwatched {
    const ON: bool = false;
    #[inline(always)]
    fn event(&self, _: &Event) {}
    #[inline(always)]
    fn wants_nodes(&self) -> bool {
        false
    }
}

/// The control's observer watches, until its flag says enough.
#[derive(Clone, Copy)]
pub(crate) struct Watched<'a>(
    pub &'a (dyn Fn(&Event) + Send + Sync),
    pub Option<&'a std::sync::atomic::AtomicBool>,
);

impl<'a> Watched<'a> {
    /// The observer `ctl` sends events to, with its flag for having had
    /// enough, if it has one.
    pub(crate) fn of(ctl: &'a crate::Control) -> Option<Self> {
        let f = ctl.on_event.as_deref()?;
        Some(Watched(f, ctl.events_enough.as_deref()))
    }
}

impl Watch for Watched<'_> {
    const ON: bool = true;
    fn event(&self, event: &Event) {
        (self.0)(event)
    }
    #[inline(always)]
    fn wants_nodes(&self) -> bool {
        self.1
            .is_none_or(|enough| !enough.load(std::sync::atomic::Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Fate::ALL` holds every fate at the index of its declaration (a
    /// recording keeps a child's fate as that index).
    #[test]
    fn every_fate_is_listed_in_declared_order() {
        for (i, fate) in Fate::ALL.into_iter().enumerate() {
            assert_eq!(fate as usize, i);
            // A fate added to the enum stops this match compiling until it
            // is listed in `ALL` too.
            match fate {
                Fate::New
                | Fate::Duplicate
                | Fate::Reopened
                | Fate::Improved
                | Fate::Pruned
                | Fate::Skipped => {}
            }
        }
    }

    /// An event is no larger than a child's (its state key and three
    /// small fields): a proposal's many fields are boxed. The inspector
    /// keeps up to a million events for Back.
    #[test]
    fn an_event_is_the_size_of_a_childs() {
        let child = std::mem::size_of::<(u32, u32, Fate, StateKey)>();
        assert_eq!(std::mem::size_of::<Event>(), child);
        assert_eq!(child, 48);
    }
}
