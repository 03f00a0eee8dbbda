//! The one breadth-first core: nodes expanded in the order they were found,
//! layer by layer, under a [`Gauge`] that counts them and may stop the
//! search.
//!
//! The core owns the loop and nothing else: where the queue ends, which
//! layer (depth) a node is in, when to poll the control and what stopped
//! the search. What a node is, how its neighbours are made and which store
//! says whether one was found before are the caller's, through
//! [`BreadthFirst`], so that every instance keeps its own packed arrays:
//!
//! * [`bfs`](super::bfs()): an arena of nodes with parent links and a
//!   hashed seen-set, the goal tested as nodes are found, with events;
//! * the Klotski word BFS (`klotski::bfs`): one-word states in flat
//!   open-addressing tables, the measured fast path of the Klotski problem;
//! * [`distances`]: every node's distance from one or more sources in a
//!   [`Distance`] table the caller indexes (tile distance tables by
//!   permutation rank, a Klotski group by its positions' indices);
//! * the enumeration of a Klotski group and a piece's route on its board.
//!
//! ```
//! use huarong_engine::search::reach::{Distance, Unmetered, distances};
//!
//! // Distances on a ring of 6 from node 0, each node stored at its index.
//! let mut store = [u8::NONE; 6];
//! store[0] = 0;
//! let mut queue = vec![0usize];
//! let by_distance = distances(
//!     &mut queue,
//!     &mut store,
//!     &mut Unmetered,
//!     |i, found, _| {
//!         for j in [(i + 1) % 6, (i + 5) % 6] {
//!             found.offer(j, || j);
//!         }
//!     },
//!     |_| Default::default(),
//! )
//! .unwrap();
//! assert_eq!(store, [0, 1, 2, 3, 2, 1]);
//! assert_eq!(by_distance, [1, 2, 2, 1]);
//! ```

use std::ops::ControlFlow;

use crate::control::{Meter, Sizes, Stop};

/// What counts a breadth-first search's work and may stop it: a [`Meter`]
/// polling a control, or [`Unmetered`] for a search too small to need one.
pub trait Gauge {
    /// Count one expansion; whether it is time to [`poll`](Self::poll).
    fn expand(&mut self) -> bool;
    /// Count `n` generated nodes.
    fn generated(&mut self, n: u64);
    /// Check the control while `stored` nodes are held (`sizes` asked for
    /// only if needed).
    fn poll(&mut self, stored: usize, sizes: impl FnOnce() -> Sizes) -> Result<(), Stop>;
}

impl Gauge for Meter<'_> {
    #[inline(always)]
    fn expand(&mut self) -> bool {
        Meter::expand(self)
    }
    #[inline(always)]
    fn generated(&mut self, n: u64) {
        Meter::generated(self, n);
    }
    /// A memory stop when the `u32` links of a storing search are about to
    /// run out, else the control's own checks.
    #[inline]
    fn poll(&mut self, stored: usize, sizes: impl FnOnce() -> Sizes) -> Result<(), Stop> {
        super::poll_stored(self, stored, sizes)
    }
}

/// No control: nothing counted, never stopped.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unmetered;

impl Gauge for Unmetered {
    #[inline(always)]
    fn expand(&mut self) -> bool {
        false
    }
    #[inline(always)]
    fn generated(&mut self, _: u64) {}
    fn poll(&mut self, _: usize, _: impl FnOnce() -> Sizes) -> Result<(), Stop> {
        Ok(())
    }
}

/// A breadth-first search as the core drives it under a gauge `G`: a
/// queue of the nodes found so far, in the order found (the instance's own
/// arrays, held however it likes), and the expansion of one of them.
pub trait BreadthFirst<G: Gauge> {
    /// What ends the search before the queue runs out (a goal found).
    type Found;
    /// Nodes found so far: the queue's length. The core expands them in
    /// order; those found while one layer is expanded make the next.
    fn queued(&self) -> usize;
    /// The layer at `depth` begins (depth 0 before the first expansion).
    #[inline(always)]
    fn layer(&mut self, depth: u32) {
        let _ = depth;
    }
    /// Expand node `head`, at `depth`: append each neighbour not found
    /// before to the queue (at `depth + 1`), counting what it generates on
    /// `gauge`; `Break` ends the search.
    fn expand(&mut self, head: usize, depth: u32, gauge: &mut G) -> ControlFlow<Self::Found>;
    /// What the search holds after `head` expansions at `depth`, for the
    /// control's checks.
    fn sizes(&self, head: usize, depth: u32) -> Sizes;
}

/// How a breadth-first search ended, and where.
#[derive(Debug)]
pub struct Reached<F> {
    /// Why it ended.
    pub end: End<F>,
    /// The node being expanded when it ended (the queue's length when it
    /// ran out).
    pub head: usize,
    /// Its depth.
    pub depth: u32,
}

/// Why a breadth-first search ended.
#[derive(Debug, PartialEq, Eq)]
pub enum End<F> {
    /// An expansion broke off with this.
    Found(F),
    /// Every node was expanded.
    Exhausted,
    /// The gauge stopped it, before the expansion of `head`.
    Stopped(Stop),
}

/// Expand `search`'s queue in order, from what it holds now (the sources,
/// depth 0), until it runs out, an expansion breaks off or `gauge` stops it.
#[inline]
pub fn breadth_first<G: Gauge, B: BreadthFirst<G>>(
    search: &mut B,
    gauge: &mut G,
) -> Reached<B::Found> {
    let mut head = 0usize;
    let mut depth = 0u32;
    let mut layer_end = search.queued();
    search.layer(0);
    while head < search.queued() {
        if head == layer_end {
            depth += 1;
            layer_end = search.queued();
            search.layer(depth);
        }
        if gauge.expand()
            && let Err(stop) = gauge.poll(search.queued(), || search.sizes(head, depth))
        {
            return Reached {
                end: End::Stopped(stop),
                head,
                depth,
            };
        }
        if let ControlFlow::Break(found) = search.expand(head, depth, gauge) {
            return Reached {
                end: End::Found(found),
                head,
                depth,
            };
        }
        head += 1;
    }
    Reached {
        end: End::Exhausted,
        head,
        depth,
    }
}

/// A distance as a table stores it, with a value for "not reached".
pub trait Distance: Copy + Eq {
    /// Not reached (yet).
    const NONE: Self;
    /// `d` as stored.
    fn of(d: u32) -> Self;
}

impl Distance for u8 {
    const NONE: Self = u8::MAX;
    #[inline(always)]
    fn of(d: u32) -> Self {
        d as u8
    }
}

impl Distance for u32 {
    const NONE: Self = u32::MAX;
    #[inline(always)]
    fn of(d: u32) -> Self {
        d
    }
}

/// Where a [`distances`] search stands when it is polled.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Nodes queued so far.
    pub queued: usize,
    /// Nodes expanded so far, the one about to be included.
    pub expanded: usize,
    /// The largest distance settled so far.
    pub deepest: u32,
}

/// The neighbours of one node of a [`distances`] search, offered to it.
pub struct Neighbours<'a, Q, D> {
    queue: &'a mut Vec<Q>,
    store: &'a mut [D],
    by_distance: &'a mut Vec<u64>,
    next: u32,
}

impl<Q, D: Distance> Neighbours<'_, Q, D> {
    /// Offer the neighbour stored at `key` in the distance table: when it
    /// has no distance yet it gets the next one and `node()` joins the
    /// queue. Whether it was new.
    #[inline(always)]
    pub fn offer(&mut self, key: usize, node: impl FnOnce() -> Q) -> bool {
        let slot = &mut self.store[key];
        if *slot != D::NONE {
            return false;
        }
        *slot = D::of(self.next);
        self.queue.push(node());
        let d = self.next as usize;
        if self.by_distance.len() <= d {
            self.by_distance.push(0);
        }
        self.by_distance[d] += 1;
        true
    }
}

/// Breadth-first distances from the sources in `queue` (each already at
/// distance 0 in `store`): every node `neighbours` reaches gets its
/// distance in `store`, at the key it offers it under, and joins `queue`.
/// Returns how many nodes lie at each distance (empty without sources), or
/// why `gauge` stopped it; `sizes` says what the search holds when polled.
pub fn distances<Q, D, G, N, Z>(
    queue: &mut Vec<Q>,
    store: &mut [D],
    gauge: &mut G,
    neighbours: N,
    sizes: Z,
) -> Result<Vec<u64>, Stop>
where
    Q: Clone,
    D: Distance,
    G: Gauge,
    N: FnMut(Q, &mut Neighbours<'_, Q, D>, &mut G),
    Z: Fn(Progress) -> Sizes,
{
    let by_distance = if queue.is_empty() {
        Vec::new()
    } else {
        vec![queue.len() as u64]
    };
    let mut search = Settle {
        queue,
        store,
        by_distance,
        neighbours,
        sizes,
    };
    match breadth_first(&mut search, gauge).end {
        End::Stopped(stop) => Err(stop),
        End::Found(never) => match never {},
        End::Exhausted => Ok(search.by_distance),
    }
}

/// The [`BreadthFirst`] instance behind [`distances`].
struct Settle<'a, Q, D, N, Z> {
    queue: &'a mut Vec<Q>,
    store: &'a mut [D],
    by_distance: Vec<u64>,
    neighbours: N,
    sizes: Z,
}

impl<Q, D, G, N, Z> BreadthFirst<G> for Settle<'_, Q, D, N, Z>
where
    Q: Clone,
    D: Distance,
    G: Gauge,
    N: FnMut(Q, &mut Neighbours<'_, Q, D>, &mut G),
    Z: Fn(Progress) -> Sizes,
{
    type Found = std::convert::Infallible;

    #[inline(always)]
    fn queued(&self) -> usize {
        self.queue.len()
    }

    #[inline(always)]
    fn expand(&mut self, head: usize, depth: u32, gauge: &mut G) -> ControlFlow<Self::Found> {
        let node = self.queue[head].clone();
        let mut found = Neighbours {
            queue: self.queue,
            store: self.store,
            by_distance: &mut self.by_distance,
            next: depth + 1,
        };
        (self.neighbours)(node, &mut found, gauge);
        ControlFlow::Continue(())
    }

    fn sizes(&self, head: usize, _: u32) -> Sizes {
        (self.sizes)(Progress {
            queued: self.queue.len(),
            expanded: head + 1,
            deepest: self.by_distance.len().saturating_sub(1) as u32,
        })
    }
}

#[cfg(test)]
mod tests {
    //! The core against test-side breadth-first searches (a `VecDeque` and
    //! a `HashMap`, nothing of the core) on a tile board and a Klotski
    //! layout.

    use std::collections::{HashMap, VecDeque};
    use std::hash::Hash;

    use super::*;
    use crate::control::Control;
    use crate::klotski::group::Group;
    use crate::klotski::{KlotskiSpace, Layout, Metric};
    use crate::search::SearchSpace;
    use crate::tiles::space::TileSpace;
    use crate::{Board, Dir, Shape, TilePuzzle};

    /// Distances from `sources` by a plain FIFO over `next`.
    fn test_side_bfs<S: Clone + Eq + Hash>(
        sources: &[S],
        next: impl Fn(&S) -> Vec<S>,
    ) -> HashMap<S, u32> {
        let mut dist: HashMap<S, u32> = sources.iter().map(|s| (s.clone(), 0)).collect();
        let mut queue: VecDeque<S> = sources.iter().cloned().collect();
        while let Some(s) = queue.pop_front() {
            let d = dist[&s];
            for n in next(&s) {
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The depth the core expands each state of `space` at, from `start`.
    struct Depths<'a, S: SearchSpace> {
        space: &'a S,
        queue: Vec<S::State>,
        seen: HashMap<S::State, ()>,
        depth: HashMap<S::State, u32>,
        buf: Vec<(S::Move, S::State)>,
    }

    impl<S: SearchSpace> BreadthFirst<Meter<'_>> for Depths<'_, S> {
        type Found = std::convert::Infallible;
        fn queued(&self) -> usize {
            self.queue.len()
        }
        fn expand(
            &mut self,
            head: usize,
            depth: u32,
            meter: &mut Meter<'_>,
        ) -> ControlFlow<Self::Found> {
            let s = self.queue[head];
            assert!(self.depth.insert(s, depth).is_none(), "expanded twice");
            self.buf.clear();
            self.space.successors(&s, &mut self.buf);
            meter.generated(self.buf.len() as u64);
            for &(_, n) in &self.buf {
                if self.seen.insert(n, ()).is_none() {
                    self.queue.push(n);
                }
            }
            ControlFlow::Continue(())
        }
        fn sizes(&self, _: usize, depth: u32) -> Sizes {
            Sizes {
                stored: self.queue.len() as u64,
                bound: Some(depth),
                ..Sizes::default()
            }
        }
    }

    /// The depths of every state, as the core's layers give them.
    fn core_depths<S: SearchSpace>(space: &S, start: S::State) -> (HashMap<S::State, u32>, u64) {
        let ctl = Control::default();
        let mut meter = Meter::new(&ctl);
        let mut search = Depths {
            space,
            queue: vec![start],
            seen: HashMap::from([(start, ())]),
            depth: HashMap::new(),
            buf: Vec::new(),
        };
        let reached = breadth_first(&mut search, &mut meter);
        assert_eq!(reached.end, End::Exhausted);
        assert_eq!(reached.head, search.queue.len());
        assert_eq!(Some(reached.depth), search.depth.values().max().copied());
        let expanded = meter.finish(Sizes::default()).expanded;
        (search.depth, expanded)
    }

    /// A tile board's neighbours, moved by [`Board::apply`].
    fn board_next(b: &Board) -> Vec<Board> {
        Dir::ALL
            .into_iter()
            .filter_map(|d| {
                let mut n = b.clone();
                n.apply(d).map(|_| n)
            })
            .collect()
    }

    #[test]
    fn layers_are_the_test_side_distances_on_a_tile_board() {
        for (rows, cols) in [(2, 3), (3, 3)] {
            let shape = Shape::new(rows, cols).unwrap();
            let start = Board::parse(
                if rows == 2 {
                    "4 1 3 0 2 5"
                } else {
                    "8 6 7 2 5 4 3 0 1"
                },
                Some(shape),
            )
            .unwrap();
            let puzzle = TilePuzzle::new(start.clone(), Board::goal(shape)).unwrap();
            let (space, packed) = TileSpace::<u64>::new(&puzzle);
            let (depths, expanded) = core_depths(&space, packed);
            let expected = test_side_bfs(&[start], board_next);
            assert_eq!(depths.len(), expected.len(), "{shape}");
            assert_eq!(expanded, expected.len() as u64);
            let mut cells = vec![0u8; shape.cells()];
            for (s, d) in &depths {
                crate::tiles::packed::PackedBoard::unpack(s, &mut cells);
                let board = Board::new(shape, cells.clone()).unwrap();
                assert_eq!(Some(d), expected.get(&board), "{shape} {}", board.to_text());
            }
        }
    }

    #[test]
    fn layers_are_the_test_side_distances_on_a_klotski_layout() {
        // 横刀立马 (one word) and a 5×5 layout (two words of state).
        for text in ["BAAC/BAAC/DEEF/DGHF/I..J", "BAACD/BAACD/EEFGG/HH.II/JJ.LL"] {
            let layout = Layout::parse(text).unwrap();
            for metric in Metric::ALL {
                let (space, start) = KlotskiSpace::new(&layout, metric);
                let (depths, _) = core_depths(&space, start);
                let expected = test_side_bfs(&[start], |s| {
                    let mut buf = Vec::new();
                    space.successors(s, &mut buf);
                    buf.into_iter().map(|(_, n)| n).collect()
                });
                assert_eq!(depths, expected, "{text} {metric:?}");
            }
        }
    }

    /// The lexicographic rank of a permutation, by counting (no tables).
    fn test_rank(cells: &[u8]) -> usize {
        let n = cells.len();
        (0..n).fold(0, |r, i| {
            let smaller = cells[i + 1..].iter().filter(|&&t| t < cells[i]).count();
            r * (n - i) + smaller
        })
    }

    #[test]
    fn distances_from_the_goal_of_a_tile_board_are_the_test_side_ones() {
        let shape = Shape::new(2, 3).unwrap();
        let goal = Board::goal(shape);
        let mut store = vec![u8::NONE; 720];
        store[test_rank(goal.cells())] = 0;
        let mut queue = vec![goal.clone()];
        let by_distance = distances(
            &mut queue,
            &mut store,
            &mut Unmetered,
            |b: Board, found, _| {
                for n in board_next(&b) {
                    found.offer(test_rank(n.cells()), || n.clone());
                }
            },
            |_| Sizes::default(),
        )
        .unwrap();
        let expected = test_side_bfs(&[goal], board_next);
        assert_eq!(queue.len(), expected.len());
        assert_eq!(
            store.iter().filter(|&&d| d != u8::NONE).count(),
            expected.len()
        );
        for (b, d) in &expected {
            assert_eq!(
                u32::from(store[test_rank(b.cells())]),
                *d,
                "{}",
                b.to_text()
            );
        }
        let mut counts = vec![0u64; 1 + *expected.values().max().unwrap() as usize];
        for &d in expected.values() {
            counts[d as usize] += 1;
        }
        assert_eq!(by_distance, counts);
    }

    #[test]
    fn distances_from_the_exits_of_a_klotski_group_are_the_test_side_ones() {
        let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        for metric in Metric::ALL {
            let (space, start) = KlotskiSpace::new(&layout, metric);
            let next = |s: &_| {
                let mut buf = Vec::new();
                space.successors(s, &mut buf);
                buf.into_iter().map(|(_, n)| n).collect::<Vec<_>>()
            };
            // The group numbered test-side; its goal positions the sources.
            let group: Vec<_> = test_side_bfs(&[start], next).into_keys().collect();
            let index: HashMap<_, usize> = group.iter().enumerate().map(|(i, &s)| (s, i)).collect();
            let goals: Vec<_> = group.iter().copied().filter(|s| space.is_goal(s)).collect();
            let mut store = vec![u32::NONE; group.len()];
            let mut queue = Vec::new();
            for g in &goals {
                store[index[g]] = 0;
                queue.push(*g);
            }
            let by_distance = distances(
                &mut queue,
                &mut store,
                &mut Unmetered,
                |s, found, _| {
                    for n in next(&s) {
                        found.offer(index[&n], || n);
                    }
                },
                |_| Sizes::default(),
            )
            .unwrap();
            let expected = test_side_bfs(&goals, next);
            let built = Group::build(&space, start, &Control::default()).unwrap();
            for s in &group {
                assert_eq!(
                    store[index[s]],
                    expected.get(s).copied().unwrap_or(u32::NONE),
                    "{metric:?}"
                );
                assert_eq!(built.distance_of(s), expected.get(s).copied(), "{metric:?}");
            }
            assert_eq!(by_distance, built.by_distance(), "{metric:?}");
            assert_eq!(by_distance.iter().sum::<u64>(), expected.len() as u64);
        }
    }

    #[test]
    fn a_gauge_that_stops_ends_the_search_before_the_expansion() {
        /// Stops at the third poll, polling every expansion.
        struct Third(u32);
        impl Gauge for Third {
            fn expand(&mut self) -> bool {
                true
            }
            fn generated(&mut self, _: u64) {}
            fn poll(&mut self, _: usize, _: impl FnOnce() -> Sizes) -> Result<(), Stop> {
                self.0 += 1;
                if self.0 == 3 {
                    Err(Stop::Cancelled)
                } else {
                    Ok(())
                }
            }
        }
        let mut store = [u8::NONE; 10];
        store[0] = 0;
        let mut queue = vec![0usize];
        let stopped = distances(
            &mut queue,
            &mut store,
            &mut Third(0),
            |i, found, _| {
                if i + 1 < 10 {
                    found.offer(i + 1, || i + 1);
                }
            },
            |_| Sizes::default(),
        );
        assert_eq!(stopped, Err(Stop::Cancelled));
        // Two nodes expanded, the third one found and not expanded.
        assert_eq!(queue, [0, 1, 2]);
        assert_eq!(store[..4], [0, 1, 2, u8::NONE]);
    }
}
