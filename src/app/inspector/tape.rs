//! A recording's events, kept in 16 bytes each where they can be.
//!
//! A run to the end keeps every event for Back, hundreds of thousands of
//! them, and most are an expansion or a child whose state is one word (a
//! board of up to 16 cells, a classic Klotski board's code). Kept as
//! [`Event`]s of 48 bytes they were much of what a Run to end cost beyond
//! the search: each was copied, copied again as the list doubled, and took
//! fresh pages, pushing the search's own tables out of the processor's
//! cache. Here such an event is two words; any other is kept whole, aside.

use std::collections::VecDeque;

use crate::engine::observe::{Fate, StateKey};
use crate::engine::step::Event;

/// An event in two words: a node event's state and what else it says, or
/// the index of an event kept aside.
#[derive(Clone, Copy)]
struct Slot {
    /// The state's word, or (kept aside) the event's absolute index among
    /// those kept aside.
    key: u64,
    /// [`KIND_BITS`] of kind, then `g` and `h` in [`FIELD_BITS`] each.
    head: u64,
}

const KIND_BITS: u32 = 8;
const FIELD_BITS: u32 = 28;
const FIELD_MAX: u32 = (1 << FIELD_BITS) - 1;
/// The kind of an expansion; a child's is 1 + its fate's index in
/// [`FATES`]; [`ASIDE`] an event kept whole.
const EXPAND: u64 = 0;
const ASIDE: u64 = 0xff;
const FATES: [Fate; 6] = Fate::ALL;

/// A child's kind: 1 + its fate's index in [`FATES`], which lists the
/// fates in their declared order.
fn fate_kind(fate: Fate) -> u64 {
    1 + fate as u64
}

/// The word of a state that is one word.
fn one_word(state: &StateKey) -> Option<u64> {
    match state {
        StateKey::Packed([word, 0, 0]) => Some(*word),
        _ => None,
    }
}

impl Slot {
    fn node(kind: u64, g: u32, h: u32, state: &StateKey) -> Option<Slot> {
        let key = one_word(state)?;
        (g <= FIELD_MAX && h <= FIELD_MAX).then_some(Slot {
            key,
            head: kind | u64::from(g) << KIND_BITS | u64::from(h) << (KIND_BITS + FIELD_BITS),
        })
    }

    fn kind(self) -> u64 {
        self.head & ((1 << KIND_BITS) - 1)
    }

    fn g(self) -> u32 {
        (self.head >> KIND_BITS) as u32 & FIELD_MAX
    }

    fn h(self) -> u32 {
        (self.head >> (KIND_BITS + FIELD_BITS)) as u32 & FIELD_MAX
    }
}

/// Events in order, from an absolute index on (the first ones may be
/// dropped); see the [module](self).
#[derive(Default)]
pub struct Tape {
    slots: Vec<Slot>,
    /// The events kept whole, from `aside_dropped` on.
    aside: VecDeque<Event>,
    /// Events kept whole that were dropped from the front.
    aside_dropped: u64,
}

impl Tape {
    /// Events held.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Keep `event` last.
    #[inline]
    pub fn push(&mut self, event: &Event) {
        let slot = match event {
            Event::Expand { g, h, state } => Slot::node(EXPAND, *g, *h, state),
            Event::Generate { g, h, fate, state } => Slot::node(fate_kind(*fate), *g, *h, state),
            _ => None,
        };
        let slot = slot.unwrap_or_else(|| {
            let key = self.aside_dropped + self.aside.len() as u64;
            self.aside.push_back(event.clone());
            Slot { key, head: ASIDE }
        });
        self.slots.push(slot);
    }

    /// Hand the events at `range` (indices among those held) to `f`, in
    /// order.
    pub fn each(&self, range: std::ops::Range<usize>, mut f: impl FnMut(&Event)) {
        // One expansion and one child, rewritten in place for each slot:
        // an event made and dropped for each cost more than the fold.
        let mut expand = Event::Expand {
            g: 0,
            h: 0,
            state: StateKey::Packed([0; 3]),
        };
        let mut child = Event::Generate {
            g: 0,
            h: 0,
            fate: Fate::New,
            state: StateKey::Packed([0; 3]),
        };
        for &slot in &self.slots[range] {
            let (at_g, at_h) = (slot.g(), slot.h());
            match slot.kind() {
                EXPAND => {
                    if let Event::Expand {
                        g,
                        h,
                        state: StateKey::Packed(words),
                    } = &mut expand
                    {
                        (*g, *h, words[0]) = (at_g, at_h, slot.key);
                    }
                    f(&expand);
                }
                ASIDE => f(self.aside_of(slot)),
                kind => {
                    if let Event::Generate {
                        g,
                        h,
                        fate,
                        state: StateKey::Packed(words),
                    } = &mut child
                    {
                        (*g, *h, words[0]) = (at_g, at_h, slot.key);
                        *fate = FATES[(kind - 1) as usize % FATES.len()];
                    }
                    f(&child);
                }
            }
        }
        // Nothing to free: both hold a packed key (dropping them was a
        // call per step).
        std::mem::forget((expand, child));
    }

    /// The event kept aside that `slot` points to.
    fn aside_of(&self, slot: Slot) -> &Event {
        &self.aside[(slot.key - self.aside_dropped) as usize]
    }

    /// The event held at `i`.
    pub fn get(&self, i: usize) -> Option<Event> {
        (i < self.len()).then(|| self.events(i..i + 1).remove(0))
    }

    /// The events at `range`, each whole.
    pub fn events(&self, range: std::ops::Range<usize>) -> Vec<Event> {
        let mut events = Vec::with_capacity(range.len());
        self.each(range, |e| events.push(e.clone()));
        events
    }

    /// Drop the first `n` events held.
    pub fn drop_front(&mut self, n: usize) {
        let aside = self.slots[..n].iter().filter(|s| s.kind() == ASIDE).count();
        self.slots.drain(..n);
        self.aside.drain(..aside);
        self.aside_dropped += aside as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::observe::Proposed;

    fn tiles(cells: &[u8]) -> StateKey {
        StateKey::of_tiles(cells)
    }

    /// Every kind of event comes back as it went in, compact or kept
    /// whole, and after the front is dropped the rest still do.
    #[test]
    fn every_event_comes_back_as_it_went_in() {
        let small: Vec<u8> = (0..9).collect();
        let wide: Vec<u8> = (0..25).rev().collect();
        let mut events = vec![
            Event::Expand {
                g: 0,
                h: 7,
                state: tiles(&small),
            },
            Event::IterationStart { bound: 9 },
            Event::Expand {
                g: 3,
                h: FIELD_MAX + 1,
                state: tiles(&small),
            },
            Event::Expand {
                g: 4,
                h: 2,
                state: tiles(&wide),
            },
            Event::Propose(Box::new(Proposed {
                iteration: 3,
                state: tiles(&small),
                energy: 1.5,
                proposed: 2.0,
                temperature: Some(0.5),
                probability: Some(0.25),
                tabu: false,
                accepted: true,
            })),
            Event::Goal { g: 12 },
            Event::Generate {
                g: FIELD_MAX,
                h: 0,
                fate: Fate::Pruned,
                state: StateKey::None,
            },
        ];
        for (i, fate) in FATES.into_iter().enumerate() {
            events.push(Event::Generate {
                g: i as u32 + 1,
                h: FIELD_MAX - i as u32,
                fate,
                state: tiles(&[i as u8, 1, 2, 3]),
            });
        }
        let mut tape = Tape::default();
        for e in &events {
            tape.push(e);
        }
        assert_eq!(tape.len(), events.len());
        for (i, e) in events.iter().enumerate() {
            assert_eq!(tape.get(i).as_ref(), Some(e), "event {i}");
        }
        assert_eq!(tape.events(0..events.len()), events);
        for dropped in [1, 2, 3] {
            tape.drop_front(1);
            assert_eq!(tape.events(0..tape.len()), events[dropped..]);
        }
        tape.drop_front(3);
        tape.push(&events[1]);
        let mut expected = events[6..].to_vec();
        expected.push(events[1].clone());
        assert_eq!(tape.events(0..tape.len()), expected);
        assert_eq!(tape.get(tape.len()), None);
    }
}
