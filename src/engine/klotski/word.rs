//! Boards whose states fit one word (up to 21 cells, the classic 5×4 among
//! them): breadth-first search and the whole enumeration on plain `u64`
//! states in a flat open-addressing table, with no allocation per state.
//! They return exactly what the generic versions over [`KState`] do (the
//! same successors in the same order), only faster.

use std::ops::ControlFlow;

use crate::control::{Control, Meter, Sizes};
use crate::memory::{populate, prefetch};
use crate::observe::{Event, Fate, Watch};
use crate::outcome::Outcome;
use crate::search::reach::{BreadthFirst, End, Reached, breadth_first};
use crate::search::{SearchSpace, growth_bytes, with_watch};

use super::space::OneWord;
use super::{KMove, KState, KlotskiSpace, Metric};

/// A set of one-word states: linear probing in a power-of-two table kept
/// at most half full. 0 marks an empty slot (no state is 0: each holds
/// its target piece).
pub(super) struct WordSet {
    slots: Vec<u64>,
    len: usize,
    /// 64 − log2(slots): a Fibonacci hash's top bits index the table.
    shift: u32,
}

impl WordSet {
    /// Room for `n` states before the first growth.
    pub(super) fn with_room(n: usize) -> Self {
        let slots = (2 * n).next_power_of_two().max(64);
        // Hashing spreads even a few hundred states over every page.
        let table = vec![0; slots];
        populate(&table, 0, slots);
        Self {
            slots: table,
            len: 0,
            shift: 64 - slots.trailing_zeros(),
        }
    }

    /// States held.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Bytes its states take: [`SEEN_STATE_BYTES`] each (the slots
    /// beyond those are room to grow, not counted).
    fn held_bytes(&self) -> usize {
        self.len * SEEN_STATE_BYTES
    }

    /// Where the search for `key` starts.
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Start fetching `key`'s first slot, so that it is in the cache when
    /// `key` is inserted.
    #[inline]
    pub(super) fn touch(&self, key: u64) {
        let mask = self.slots.len() - 1;
        prefetch(&self.slots[self.home(key) & mask]);
    }

    /// Room for `n` more states without growing.
    #[inline]
    pub(super) fn reserve(&mut self, n: usize) {
        while 2 * (self.len + n) > self.slots.len() {
            self.grow();
        }
    }

    /// Add `key`; whether it was new.
    #[inline]
    pub(super) fn insert(&mut self, key: u64) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        self.insert_reserved(key)
    }

    /// Add `key` when [`WordSet::reserve`] made room for it; whether it
    /// was new.
    #[inline]
    pub(super) fn insert_reserved(&mut self, key: u64) -> bool {
        debug_assert_ne!(key, 0);
        debug_assert!(2 * (self.len + 1) <= self.slots.len());
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i & mask];
            if *slot == 0 {
                *slot = key;
                self.len += 1;
                return true;
            }
            if *slot == key {
                return false;
            }
            i += 1;
        }
    }

    /// Hold no state, keeping the slots.
    fn clear(&mut self) {
        self.slots.fill(0);
        self.len = 0;
    }

    /// Hold no state, keeping the slots, when `keys` are the states held
    /// (in any order): a small search after a large one empties the few
    /// runs of slots it used, not the whole table. Each run holding a key
    /// is emptied from the key's first slot on, which covers the key's own
    /// slot (every slot between them is taken); should the slots emptied
    /// not be all those held, the whole table is.
    pub(super) fn clear_holding(&mut self, keys: &[u64]) {
        if 16 * keys.len() >= self.slots.len() {
            return self.clear();
        }
        let mask = self.slots.len() - 1;
        let mut emptied = 0;
        for &key in keys {
            let mut i = self.home(key);
            while self.slots[i & mask] != 0 {
                self.slots[i & mask] = 0;
                emptied += 1;
                i += 1;
            }
        }
        if emptied == self.len {
            self.len = 0;
        } else {
            self.clear();
        }
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        *self = Self::with_room(old.len());
        for key in old.into_iter().filter(|&k| k != 0) {
            self.insert(key);
        }
    }
}

/// Bytes a state takes in a [`WordSet`]: two slots of 8 bytes, the table
/// being kept at most half full.
const SEEN_STATE_BYTES: usize = 2 * std::mem::size_of::<u64>();

/// Bytes each state stored by the one-word BFS ([`bfs`]) is counted as in
/// its [`peak_bytes`](crate::Stats::peak_bytes), which is
/// [`peak_stored`](crate::Stats::peak_stored) times this: its queue entry
/// (its word, 8 bytes, and its parent's index, 4) and its place in the
/// table of states seen (two slots of 8: the table is kept at most half
/// full). Only what the stored states take is counted, not the room the
/// arrays keep to grow (nor what a thread keeps from its last search), so
/// that the figure follows the states stored.
pub const BFS_STATE_BYTES: u64 = 8 + 4 + SEEN_STATE_BYTES as u64;

/// Bytes each state stored by the one-word BFS with mirror images merged
/// ([`super::bfs_mirrored`]) is counted as: [`BFS_STATE_BYTES`] and the
/// state's mirror image (8 bytes) beside it in the queue. It stores about
/// half the states, so its figure is about 0.64 of plain BFS's.
pub const BFS_MIRRORED_STATE_BYTES: u64 = BFS_STATE_BYTES + 8;

/// States a group usually has at most (the 40 classics: 80 to 81,000-odd),
/// the room a whole enumeration starts with.
const TYPICAL_GROUP: usize = 1 << 15;

/// States a search's table and queue have room for when a thread first
/// searches: a search of a few states then faults in a few pages, not the
/// room of a typical group (half a megabyte, about as long as a search of
/// a thousand states); larger ones grow it, and the thread keeps it.
const FIRST_ROOM: usize = 1 << 10;

/// Every state reachable from `start`, depth first. Steps are enough: a
/// move is a run of steps and a step is a move, so either metric reaches
/// the same states, and steps generate fewer successors.
pub(super) fn reachable(masks: &OneWord, start: u64) -> WordSet {
    let mut seen = WordSet::with_room(TYPICAL_GROUP);
    seen.insert(start);
    let mut stack = vec![start];
    while let Some(s) = stack.pop() {
        masks.each_successor(Metric::Steps, s, |_, next| {
            if seen.insert(next) {
                stack.push(next);
            }
        });
    }
    seen
}

impl WordSet {
    /// Whether `key` is held.
    pub(super) fn contains(&self, key: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i & mask] {
                0 => return false,
                k if k == key => return true,
                _ => i += 1,
            }
        }
    }
}

/// Breadth-first search from `start`: [`crate::search::bfs`] specialised to
/// one-word boards (the same nodes in the same order, so the same path and
/// counters, events included), or the generic search on larger boards.
/// Both are instances of the one breadth-first core
/// ([`crate::search::reach`]): this one keeps its states in the flat
/// arrays and table of one-word states.
///
/// ```
/// use huarong_engine::Control;
/// use huarong_engine::klotski::{KlotskiSpace, Layout, Metric, bfs};
/// let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
/// let (space, start) = KlotskiSpace::new(&layout, Metric::Moves);
/// assert_eq!(bfs(&space, start, &Control::default()).path.len(), 81);
/// ```
pub fn bfs(space: &KlotskiSpace, start: KState, ctl: &Control) -> Outcome<KMove> {
    match space.one_word() {
        Some(masks) => {
            with_watch!(ctl, watch => bfs_word::<_, false>(space, masks, start, ctl, watch))
        }
        None => crate::search::bfs(space, start, ctl),
    }
}

/// The one-word BFS's node arena and table. Each thread keeps the last
/// search's (emptied, not freed) for its next one: a fresh table and queue
/// cost the search a page fault for every page it touches (about 2 µs
/// each on the VM the figures come from, a fifth of a solve of the 40
/// classics), and clearing a table costs a tenth of that.
struct Arrays {
    /// The FIFO queue: states in the order generated.
    states: Vec<u64>,
    /// Each node's parent (the moves are found again for the path alone).
    parents: Vec<u32>,
    /// Mirror images merged: each node's image (the other of its pair).
    images: Vec<u64>,
    seen: WordSet,
}

thread_local! {
    static SPARE: std::cell::Cell<Option<Arrays>> = const { std::cell::Cell::new(None) };
}

impl Arrays {
    /// The thread's spare arrays, emptied, or new ones with room for a
    /// typical group up front (no copying as they grow, and pages never
    /// touched cost nothing).
    fn lend() -> Self {
        match SPARE.with(|spare| spare.take()) {
            Some(mut arrays) => {
                // The table holds the states queued, no other.
                arrays.seen.clear_holding(&arrays.states);
                arrays.states.clear();
                arrays.parents.clear();
                arrays.images.clear();
                arrays
            }
            None => Self {
                states: Vec::with_capacity(TYPICAL_GROUP),
                parents: Vec::with_capacity(TYPICAL_GROUP),
                images: Vec::with_capacity(TYPICAL_GROUP),
                seen: WordSet::with_room(FIRST_ROOM),
            },
        }
    }

    fn give_back(self) {
        SPARE.with(|spare| spare.set(Some(self)));
    }
}

/// BFS on a one-word board; with `MERGED`, over positions with each and
/// its mirror image as one (see [`super::bfs_mirrored`]), its path the
/// moves between those that stand for them.
pub(super) fn bfs_word<W: Watch, const MERGED: bool>(
    space: &KlotskiSpace,
    masks: &OneWord,
    start: KState,
    ctl: &Control,
    watch: &W,
) -> Outcome<KMove> {
    let meter = Meter::new(ctl);
    let mut arrays = Arrays::lend();
    let outcome = bfs_in::<W, MERGED>(space, masks, start, meter, watch, &mut arrays);
    arrays.give_back();
    outcome
}

fn bfs_in<W: Watch, const MERGED: bool>(
    space: &KlotskiSpace,
    masks: &OneWord,
    start: KState,
    mut meter: Meter<'_>,
    watch: &W,
    arrays: &mut Arrays,
) -> Outcome<KMove> {
    let start = if MERGED {
        let image = space.mirror(&start).word();
        arrays.images.push(start.word().max(image));
        start.word().min(image)
    } else {
        start.word()
    };
    arrays.states.push(start);
    arrays.parents.push(u32::MAX);
    arrays.seen.insert(start);
    let mut search = WordBfs::<W, MERGED> {
        space,
        masks,
        watch,
        arrays,
        ready: 0,
        buf: [0; 512],
        others: [0; 512],
    };
    if space.is_goal_word(start) {
        if W::ON {
            watch.event(&Event::Goal { g: 0 });
        }
        let stats = meter.finish(search.sizes(0, 0));
        return Outcome::solved(Vec::new(), stats);
    }
    let Reached { end, head, depth } = breadth_first(&mut search, &mut meter);
    match end {
        End::Found(at) => {
            let path = search.path_to(at);
            let mut stats = meter.finish(search.sizes(head, depth + 1));
            stats.bound = Some(depth + 1);
            Outcome::solved(path, stats)
        }
        // Every position up to `depth` was found and none is the goal.
        End::Stopped(stop) => Outcome::stopped(stop, meter.finish(search.sizes(head, depth + 1))),
        End::Exhausted => {
            let n = search.arrays.states.len();
            Outcome::exhausted(n, meter.finish(search.sizes(head, depth)))
        }
    }
}

/// The word BFS's instance of the breadth-first core: the arrays lent by
/// the thread, the goal tested as nodes are found.
struct WordBfs<'a, W, const MERGED: bool> {
    space: &'a KlotskiSpace,
    masks: &'a OneWord,
    watch: &'a W,
    arrays: &'a mut Arrays,
    /// Queue entries whose pages are faulted in.
    ready: usize,
    /// A node's successors: at most 420 on one word (21 pieces, each
    /// with at most 20 other anchors), held on the stack.
    buf: [u64; 512],
    /// Merged, each one's image.
    others: [u64; 512],
}

impl<W: Watch, const MERGED: bool> WordBfs<'_, W, MERGED> {
    /// Bytes a node takes in the queue's arrays.
    const NODE_BYTES: usize = std::mem::size_of::<u64>()
        + std::mem::size_of::<u32>()
        + if MERGED {
            std::mem::size_of::<u64>()
        } else {
            0
        };
    /// Bytes a stored state is counted as, queue and table.
    const STATE_BYTES: u64 = if MERGED {
        BFS_MIRRORED_STATE_BYTES
    } else {
        BFS_STATE_BYTES
    };

    /// The moves to node `i`: from each node's parent to it, the one
    /// successor of the parent that is the node (no two moves give one
    /// canonical state). Merged, the first that stands for it (the lesser
    /// of it and its image): two successors that are each other's image
    /// both do.
    fn path_to(&self, mut i: usize) -> Vec<KMove> {
        let (masks, metric) = (self.masks, self.space.metric());
        let Arrays {
            states,
            parents,
            images,
            ..
        } = &*self.arrays;
        let mut path = Vec::new();
        while i != 0 {
            let parent = parents[i] as usize;
            let mut found = None;
            masks.each_successor(metric, states[parent], |mv, next| {
                let stands_for = if MERGED {
                    next.min(masks.mirror_after(images[parent], states[parent], mv))
                } else {
                    next
                };
                if stands_for == states[i] && found.is_none() {
                    found = Some(mv);
                }
            });
            path.push(found.expect("a node is a successor of its parent"));
            i = parent;
        }
        path.reverse();
        path
    }
}

impl<W: Watch, const MERGED: bool> BreadthFirst<Meter<'_>> for WordBfs<'_, W, MERGED> {
    /// The goal's node.
    type Found = usize;

    #[inline(always)]
    fn queued(&self) -> usize {
        self.arrays.states.len()
    }

    /// The queue's pages are faulted in a chunk at a time (see
    /// `populate`), ahead of the levels that fill them: chunks as large as
    /// what is ready, from [`FIRST_ROOM`] entries up to 8,192, so that a
    /// search of a few states faults in a few pages.
    #[inline(always)]
    fn layer(&mut self, _: u32) {
        const CHUNK: usize = 8192;
        let Arrays {
            states,
            parents,
            images,
            ..
        } = &*self.arrays;
        let ready = self.ready;
        let chunk = ready.clamp(FIRST_ROOM, CHUNK);
        if states.len() + chunk / 2 > ready && ready < states.capacity() {
            populate(states, ready, ready + chunk);
            populate(parents, ready, ready + chunk);
            if MERGED {
                populate(images, ready, ready + chunk);
            }
            self.ready += chunk;
        }
    }

    #[inline(always)]
    fn expand(&mut self, head: usize, depth: u32, meter: &mut Meter<'_>) -> ControlFlow<usize> {
        let (space, masks, watch) = (self.space, self.masks, self.watch);
        let key = |s: u64| space.state_key(&KState::of_word(s));
        let Arrays {
            states,
            parents,
            images,
            seen,
        } = &mut *self.arrays;
        let (buf, others) = (&mut self.buf, &mut self.others);
        let expanded = states[head];
        if watch.wants_nodes() {
            watch.event(&Event::Expand {
                g: depth,
                h: 0,
                state: key(expanded),
            });
        }
        // The node's parent is among its successors and is no news: one
        // probe of the table saved per node (the start has none; no
        // state is 0).
        let parent = match parents[head] {
            u32::MAX => 0,
            p => states[p as usize],
        };
        let mut n = 0;
        // Merged, each successor's mirror image follows from the node's
        // by the one piece moved.
        let mirrored = if MERGED { images[head] } else { 0 };
        let mut push = |mv: KMove, next: u64| {
            if MERGED {
                let image = masks.mirror_after(mirrored, expanded, mv);
                buf[n] = next.min(image);
                others[n] = next.max(image);
            } else {
                buf[n] = next;
            }
            n += 1;
        };
        // Each metric compiled on its own (the generator inlined with a
        // constant metric), not one loop testing it for every piece.
        match space.metric() {
            Metric::Steps => masks.each_successor(Metric::Steps, expanded, &mut push),
            Metric::Moves => masks.each_successor(Metric::Moves, expanded, &mut push),
        }
        let buf = &buf[..n];
        // Each successor's slot is read first, all together, so that their
        // cache misses overlap instead of each insert waiting for its own.
        seen.reserve(n);
        for &next in buf {
            seen.touch(next);
        }
        // Counted as they are looked at: those after the goal never are
        // (as in the generic BFS).
        let mut looked_at = 0;
        for (&next, &other) in buf.iter().zip(others.iter()) {
            looked_at += 1;
            let new = next != parent && seen.insert_reserved(next);
            if watch.wants_nodes() {
                watch.event(&Event::Generate {
                    g: depth + 1,
                    h: 0,
                    fate: if new { Fate::New } else { Fate::Duplicate },
                    state: key(next),
                });
            }
            if new {
                states.push(next);
                parents.push(head as u32);
                if MERGED {
                    images.push(other);
                }
                if space.is_goal_word(next) {
                    if W::ON {
                        watch.event(&Event::Goal { g: depth + 1 });
                    }
                    meter.generated(looked_at);
                    return ControlFlow::Break(states.len() - 1);
                }
            }
        }
        meter.generated(looked_at);
        ControlFlow::Continue(())
    }

    fn sizes(&self, head: usize, depth: u32) -> Sizes {
        let (states, seen) = (&self.arrays.states, &self.arrays.seen);
        let node_bytes = Self::NODE_BYTES;
        debug_assert_eq!(
            (node_bytes + SEEN_STATE_BYTES) as u64,
            Self::STATE_BYTES,
            "the documented bytes per state are the arrays'"
        );
        Sizes {
            frontier: (states.len() - head) as u64,
            stored: states.len() as u64,
            // What the states held take, not the arrays' capacity: a
            // thread's arrays keep the room of its largest search yet.
            bytes: (states.len() * node_bytes + seen.held_bytes()) as u64,
            growth: growth_bytes(states.len(), states.capacity(), node_bytes, 16_384)
                + growth_bytes(2 * seen.len(), seen.slots.len(), 8, 2 * 16_384),
            bound: Some(depth),
        }
    }
}
