//! Klotski as a search space. States are canonical: each cell holds a 3-bit
//! code (empty, covered, or the top-left of a piece of some shape), so pieces
//! of the same shape are interchangeable and 横刀立马 has 25,955 states.
//!
//! Two ways to count, as [`Metric`]: a *step* moves one piece one cell; a
//! *move* moves one piece any distance along a free path (the traditional
//! count).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use super::word::WordSet;
use super::{Layout, PieceShape};
use crate::control::Sizes;
use crate::hash::StateSet;
use crate::observe::StateKey;
use crate::search::SearchSpace;
use crate::search::reach::{BreadthFirst, End, Unmetered, breadth_first};
use crate::{Dir, Shape};

/// What one unit of cost is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Metric {
    /// One piece, one cell.
    Steps,
    /// One piece, any distance along any free path.
    Moves,
}

impl Metric {
    /// Both, in menu order.
    pub const ALL: [Metric; 2] = [Metric::Moves, Metric::Steps];

    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Steps => "steps",
            Metric::Moves => "moves",
        }
    }

    /// The metric called `name` (`steps` or `moves`).
    ///
    /// ```
    /// use huarong_engine::klotski::Metric;
    /// assert_eq!(Metric::from_name("steps"), Some(Metric::Steps));
    /// assert_eq!(Metric::from_name("hops"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// Tables indexed by a cell's 3-bit code have one entry per code value
/// (7 is unused), so indexing them with a code needs no bounds check.
const CODES: usize = 8;
const COVERED: u8 = 1;
const TARGET: u8 = 6;
const PER_WORD: usize = 21;
/// The low bit of each of the 21 3-bit lanes of a word.
const LOW_LANES: u64 = 0o111_111_111_111_111_111_111;

// Every cell a layout may have must fit in a state's lanes.
const _: () = assert!(Layout::MAX_CELLS <= 3 * PER_WORD);

/// Three words of 3-bit lanes, one lane per cell.
type Lanes = [u64; 3];

/// The shape a code stands for on a board whose target is `target`
/// (`None`: empty or covered).
fn shape_of(code: u8, target: PieceShape) -> Option<PieceShape> {
    match code {
        2 => Some(PieceShape::Single),
        3 => Some(PieceShape::Wide),
        4 => Some(PieceShape::Tall),
        5 => Some(PieceShape::Square),
        TARGET => Some(target),
        _ => None,
    }
}

fn code_of(shape: PieceShape) -> u8 {
    match shape {
        PieceShape::Single => 2,
        PieceShape::Wide => 3,
        PieceShape::Tall => 4,
        PieceShape::Square => 5,
    }
}

/// A canonical position: 3 bits a cell, up to 63 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KState([u64; 3]);

impl std::hash::Hash for KState {
    /// One word for the hasher: boards of up to 21 cells (the classic 5×4
    /// among them) use only the first, and a single write is a third of
    /// the cost of three.
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let [a, b, c] = self.0;
        state.write_u64(a ^ b.rotate_left(21) ^ c.rotate_left(42));
    }
}

/// One step of a piece of some code from some anchor in some direction, on
/// a board whose cells fit in `W` words.
#[derive(Clone, Copy)]
struct Step<const W: usize> {
    /// The cells it moves onto, which must be empty (lanes' low bits).
    need: [u64; W],
    /// What the step flips in the state: the piece's codes at the old
    /// anchor and at the new one (a move is `state ^ flip`).
    flip: [u64; W],
    /// The new anchor; `u8::MAX`: off the board.
    to: u8,
}

/// The tables successor generation reads, in the `W` words a board uses
/// (one for the classic 5×4), each indexed by `code * cells + anchor`:
/// flat and no wider than needed, so the hot loop stays in the L1 cache.
struct Masks<const W: usize> {
    cells: usize,
    /// Cells covered by a piece of each code anchored at each cell, as lanes
    /// (the low bit of each 3-bit cell code set); all zero: it does not fit.
    footprint: Vec<[u64; W]>,
    /// The codes a piece of each code anchored at each cell writes: its
    /// anchor coded, the rest covered.
    stamp: Vec<[u64; W]>,
    /// Each code's steps from each anchor, by direction.
    steps: Vec<[Step<W>; 4]>,
    /// Each code's cells next to each anchor that any step enters: a piece
    /// none of whose are empty cannot move (most pieces, most of the time).
    border: Vec<[u64; W]>,
}

/// The tables for the number of words a board uses.
enum Words {
    One(OneWord),
    Two(Masks<2>),
    Three(Masks<3>),
}

impl KState {
    /// The key events carry it as.
    pub(crate) fn key(&self) -> StateKey {
        StateKey::Packed(self.0)
    }
    /// The state whose code is `code` (as [`StateKey::Packed`] carries it).
    #[inline]
    pub(crate) fn of_code(code: [u64; 3]) -> Self {
        Self(code)
    }
    /// The state of a one-word board held in `word`.
    #[inline]
    pub(super) fn of_word(word: u64) -> Self {
        Self([word, 0, 0])
    }
    /// A one-word board's state as its word.
    #[inline]
    pub(super) fn word(&self) -> u64 {
        self.0[0]
    }
    #[inline]
    fn get(&self, cell: usize) -> u8 {
        ((self.0[cell / PER_WORD] >> (3 * (cell % PER_WORD))) & 7) as u8
    }
    #[inline]
    fn set(&mut self, cell: usize, code: u8) {
        let (w, s) = (cell / PER_WORD, 3 * (cell % PER_WORD));
        self.0[w] = (self.0[w] & !(7 << s)) | (code as u64) << s;
    }
}

/// A piece moved from one top-left cell to another (a step: a neighbour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct KMove {
    /// Top-left cell before.
    pub from: u8,
    /// Top-left cell after.
    pub to: u8,
}

/// The state space of a layout under a metric.
pub struct KlotskiSpace {
    rows: usize,
    cols: usize,
    metric: Metric,
    target_shape: PieceShape,
    goal_cell: usize,
    /// The tables, shared by every space of the same board (see
    /// [`Tables::of`]).
    tables: Arc<Tables>,
}

/// What a space's tables depend on: the board's rows and columns, the
/// target's shape and, on one-word boards, the number of empty cells (which
/// picks how moves are generated).
type TablesKey = (usize, usize, PieceShape, u32);

/// The tables successor generation reads, which depend on the board alone
/// ([`TablesKey`]), not on where the pieces are: built once per board in a
/// process and shared, so a solve of a small group does not spend most of
/// its time building them.
struct Tables {
    /// Cells covered by a piece of each code anchored at each cell, as lanes
    /// (the low bit of each 3-bit cell code set); all zero: it does not fit.
    footprint: [Vec<Lanes>; CODES],
    /// The codes a piece of each code anchored at each cell writes: its
    /// anchor coded, the rest covered.
    stamp: [Vec<Lanes>; CODES],
    /// The successor tables, in as many words as the board needs.
    words: Words,
}

/// The tables built so far in this process, by board: a handful at most in
/// practice (every classic is one 5×4 board), and never more than the
/// boards a layout may have.
static TABLES: Mutex<Vec<(TablesKey, Arc<Tables>)>> = Mutex::new(Vec::new());

impl Tables {
    /// The board of `layout`.
    fn key(layout: &Layout) -> TablesKey {
        let cells = layout.rows * layout.cols;
        // Only one-word boards' tables depend on the empty cells.
        let empties = if cells <= PER_WORD {
            let covered: usize = layout
                .pieces
                .iter()
                .map(|p| p.shape.size().0 * p.shape.size().1)
                .sum();
            (cells - covered) as u32
        } else {
            0
        };
        let target = layout.pieces[layout.target].shape;
        (layout.rows, layout.cols, target, empties)
    }

    /// The tables of the board `key`, built on first use.
    fn of(key: TablesKey) -> Arc<Self> {
        // A panic elsewhere while the lock was held leaves the list whole
        // (entries are pushed complete), so a poisoned lock is still good.
        let mut built = TABLES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, tables)) = built.iter().find(|(k, _)| *k == key) {
            return Arc::clone(tables);
        }
        let tables = Arc::new(Self::build(key));
        built.push((key, Arc::clone(&tables)));
        tables
    }

    /// The tables of the board `key`, built afresh.
    fn build((rows, cols, target_shape, empties): TablesKey) -> Self {
        // Each lane of the cells a piece of each code at each anchor
        // covers, if it fits, as `lane` codes it.
        let table = |lane: &dyn Fn(u8, usize, usize) -> u8| -> [Vec<Lanes>; CODES] {
            std::array::from_fn(|code| {
                let size = shape_of(code as u8, target_shape).map(PieceShape::size);
                (0..rows * cols)
                    .map(|anchor| {
                        let mut m = KState([0; 3]);
                        let (r, c) = (anchor / cols, anchor % cols);
                        let fits = size.filter(|&(h, w)| r + h <= rows && c + w <= cols);
                        if let Some((h, w)) = fits {
                            for cell in
                                (r..r + h).flat_map(|y| (c..c + w).map(move |x| y * cols + x))
                            {
                                m.set(cell, lane(code as u8, anchor, cell));
                            }
                        }
                        m.0
                    })
                    .collect()
            })
        };
        let footprint = table(&|_, _, _| 1);
        let stamp = table(&|code, anchor, cell| if cell == anchor { code } else { COVERED });
        let grid = Shape::new(rows as u8, cols as u8)
            .expect("layouts are 4 to 8 cells a side, at most 63 cells");
        let words = match (rows * cols).div_ceil(PER_WORD) {
            1 => Words::One(OneWord::new(
                &Masks::new(&grid, &footprint, &stamp),
                cols,
                target_shape,
                empties,
            )),
            2 => Words::Two(Masks::new(&grid, &footprint, &stamp)),
            _ => Words::Three(Masks::new(&grid, &footprint, &stamp)),
        };
        Self {
            footprint,
            stamp,
            words,
        }
    }
}

impl KlotskiSpace {
    /// The layout text of `s` (rows joined by `/`, `.` for empty cells).
    /// States do not tell pieces of one shape apart, so the letters go in
    /// reading order of the pieces' top-left cells.
    pub(crate) fn state_text(&self, s: &KState) -> String {
        let mut grid = vec![b'.'; self.cells()];
        let mut letters = b'A'..=b'Z';
        for anchor in 0..self.cells() {
            let code = s.get(anchor);
            if code == 0 || code == COVERED {
                continue;
            }
            let letter = letters.next().unwrap_or(b'?');
            let fp = &self.tables.footprint[code as usize][anchor];
            for (cell, slot) in grid.iter_mut().enumerate() {
                let (word, bit) = (cell / PER_WORD, cell % PER_WORD * 3);
                if fp[word] >> bit & 1 == 1 {
                    *slot = letter;
                }
            }
        }
        grid.chunks(self.cols)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The layout text of the position whose code is `code` (a
    /// [`StateKey::Packed`] this space's search reported).
    pub(crate) fn text_of(&self, code: &[u64; 3]) -> String {
        self.state_text(&KState::of_code(*code))
    }

    /// The space of `layout` counted in `metric`, and its start state.
    ///
    /// ```
    /// use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
    /// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    /// let (space, start) = KlotskiSpace::new(&l, Metric::Steps);
    /// assert_eq!(space.count_reachable(start), 25_955);
    /// ```
    pub fn new(layout: &Layout, metric: Metric) -> (Self, KState) {
        let (rows, cols) = (layout.rows, layout.cols);
        let space = Self {
            rows,
            cols,
            metric,
            target_shape: layout.pieces[layout.target].shape,
            goal_cell: layout.goal.0 * cols + layout.goal.1,
            tables: Tables::of(Tables::key(layout)),
        };
        let start = space.state_of(layout);
        (space, start)
    }

    /// [`KlotskiSpace::new`] on tables built for this space alone, not
    /// shared: what the shared ones must give.
    #[cfg(test)]
    pub(super) fn with_own_tables(layout: &Layout, metric: Metric) -> (Self, KState) {
        let (mut space, start) = Self::new(layout, metric);
        space.tables = Arc::new(Tables::build(Tables::key(layout)));
        (space, start)
    }

    /// Whether `self` and `other` read the same tables.
    #[cfg(test)]
    pub(super) fn shares_tables_with(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.tables, &other.tables)
    }

    /// The state of `layout`, a layout on this space's board with a target
    /// of its shape.
    pub(super) fn state_of(&self, layout: &Layout) -> KState {
        let mut state = KState([0; 3]);
        for (i, p) in layout.pieces.iter().enumerate() {
            let code = if i == layout.target {
                TARGET
            } else {
                code_of(p.shape)
            };
            self.place(&mut state, p.row * self.cols + p.col, code);
        }
        state
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Put a piece of `code` at `anchor` on empty cells.
    #[inline]
    fn place(&self, s: &mut KState, anchor: usize, code: u8) {
        let stamp = &self.tables.stamp[code as usize][anchor];
        for (w, m) in s.0.iter_mut().zip(stamp) {
            *w |= m;
        }
    }

    /// Whether the goal is its own mirror image (the target's goal cells
    /// centred between left and right), so that a position and its mirror
    /// image are equally far from it.
    pub fn goal_is_symmetric(&self) -> bool {
        2 * (self.goal_cell % self.cols) + self.target_shape.size().1 == self.cols
    }

    /// `s` seen in a mirror (left and right swapped), a piece at a time:
    /// each anchor moved to where the piece's left edge lands. (The
    /// one-word BFS follows images move by move instead:
    /// `OneWord::mirror_after`.)
    pub fn mirror(&self, s: &KState) -> KState {
        let mut out = KState([0; 3]);
        for anchor in 0..self.cells() {
            let code = s.get(anchor);
            let Some(shape) = shape_of(code, self.target_shape) else {
                continue;
            };
            let width = shape.size().1;
            let (row, col) = (anchor / self.cols, anchor % self.cols);
            self.place(&mut out, row * self.cols + self.cols - col - width, code);
        }
        out
    }

    /// The one of `s` and its mirror image that stands for both.
    pub fn canonical(&self, s: &KState) -> KState {
        let m = self.mirror(s);
        if m.0 < s.0 { m } else { *s }
    }

    /// The tables of a board whose states fit one word (up to 21 cells:
    /// the classic 5×4 among them), for the searches specialised to it.
    pub(super) fn one_word(&self) -> Option<&OneWord> {
        match &self.tables.words {
            Words::One(masks) => Some(masks),
            _ => None,
        }
    }

    /// Whether the one-word state `s` has the target on its goal.
    #[inline]
    pub(super) fn is_goal_word(&self, s: u64) -> bool {
        (s >> (3 * self.goal_cell)) & 7 == u64::from(TARGET)
    }

    /// Every state reachable from `start` (a whole enumeration).
    pub fn count_reachable(&self, start: KState) -> usize {
        self.reachable(start).len()
    }

    /// Every state reachable from `start`.
    fn reachable(&self, start: KState) -> Reachable {
        if let Some(masks) = self.one_word() {
            return Reachable::Words(super::word::reachable(masks, start.word()));
        }
        let mut seen = StateSet::default();
        seen.insert(start);
        let mut stack = vec![start];
        let mut buf = Vec::new();
        while let Some(s) = stack.pop() {
            buf.clear();
            self.successors(&s, &mut buf);
            for &(_, n) in &buf {
                if seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        Reachable::States(seen)
    }
}

/// The states of a group, as one-word states or whole ones.
enum Reachable {
    Words(WordSet),
    States(StateSet<KState>),
}

impl Reachable {
    fn len(&self) -> usize {
        match self {
            Reachable::Words(set) => set.len(),
            Reachable::States(set) => set.len(),
        }
    }

    fn contains(&self, s: &KState) -> bool {
        match self {
            Reachable::Words(set) => s.0[1..] == [0, 0] && set.contains(s.word()),
            Reachable::States(set) => set.contains(s),
        }
    }
}

/// Counts of the states reachable from layouts' starts
/// ([`KlotskiSpace::count_reachable`]) that keeps each group it
/// enumerates, so that a start in a group already counted is answered by a
/// look-up instead of a new enumeration: every state of a group reaches
/// the same states (moves are reversible), whatever the metric. The 40
/// classics lie in 5 groups; `huarong bench --layouts all` keeps one of
/// these for all of them. It holds every state it has enumerated (16 bytes
/// each, in the one-word table).
///
/// ```
/// use huarong_engine::klotski::{GroupSizes, KlotskiSpace, Layout, Metric};
/// let mut sizes = GroupSizes::default();
/// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(); // 横刀立马
/// let (space, start) = KlotskiSpace::new(&l, Metric::Moves);
/// assert_eq!(sizes.count(&space, start), (25_955, true));
/// // One move on, in the same group: counted before.
/// let mut next = l.clone();
/// assert!(next.step(8, huarong_engine::Dir::Right)); // I
/// let (space, start) = KlotskiSpace::new(&next, Metric::Steps);
/// assert_eq!(sizes.count(&space, start), (25_955, false));
/// ```
#[derive(Default)]
pub struct GroupSizes {
    /// Each group enumerated, with its board: rows, columns and the
    /// target's shape (states of other boards mean other positions).
    groups: Vec<((usize, usize, PieceShape), Reachable)>,
}

impl GroupSizes {
    /// The number of states reachable from `start` in `space`, and whether
    /// that took an enumeration (`false`: `start` lies in a group counted
    /// before).
    pub fn count(&mut self, space: &KlotskiSpace, start: KState) -> (usize, bool) {
        let board = (space.rows, space.cols, space.target_shape);
        let known = self
            .groups
            .iter()
            .find(|(b, group)| *b == board && group.contains(&start));
        if let Some((_, group)) = known {
            return (group.len(), false);
        }
        let group = space.reachable(start);
        let n = group.len();
        self.groups.push((board, group));
        (n, true)
    }
}

impl<const W: usize> Masks<W> {
    /// The first `W` words of the three-word tables, flattened, and the
    /// steps derived from them.
    fn new(grid: &Shape, footprint: &[Vec<Lanes>; CODES], stamp: &[Vec<Lanes>; CODES]) -> Self {
        let cells = grid.cells();
        let narrow = |table: &[Vec<Lanes>; CODES]| -> Vec<[u64; W]> {
            table
                .iter()
                .flatten()
                .map(|lanes| std::array::from_fn(|w| lanes[w]))
                .collect()
        };
        let footprint = narrow(footprint);
        let stamp = narrow(stamp);
        let steps: Vec<[Step<W>; 4]> = (0..CODES * cells)
            .map(|at| {
                let (code, from) = (at / cells, at % cells);
                Dir::ALL.map(|d| {
                    let off = Step {
                        need: [0; W],
                        flip: [0; W],
                        to: u8::MAX,
                    };
                    let Some(to) = grid.neighbour(from, d) else {
                        return off;
                    };
                    let (old, new) = (footprint[at], footprint[code * cells + to]);
                    if old == [0; W] || new == [0; W] {
                        return off;
                    }
                    Step {
                        need: std::array::from_fn(|w| new[w] & !old[w]),
                        flip: std::array::from_fn(|w| stamp[at][w] ^ stamp[code * cells + to][w]),
                        to: to as u8,
                    }
                })
            })
            .collect();
        let border = steps
            .iter()
            .map(|dirs| {
                dirs.iter().fold([0; W], |acc: [u64; W], step| {
                    std::array::from_fn(|w| acc[w] | step.need[w])
                })
            })
            .collect();
        Self {
            cells,
            footprint,
            stamp,
            steps,
            border,
        }
    }

    /// Call `emit` with every `(move, state)` of `s` under `metric`: each
    /// step a mask test and an XOR, nothing allocated. Pieces go in order
    /// of their anchors; steps in [`Dir::ALL`] order; moves in the order a
    /// flood fill from the piece's anchor reaches their ends.
    #[inline(always)]
    pub(super) fn each_successor(
        &self,
        metric: Metric,
        s: &[u64; W],
        mut emit: impl FnMut(KMove, [u64; W]),
    ) {
        let occupied: [u64; W] =
            std::array::from_fn(|w| (s[w] | s[w] >> 1 | s[w] >> 2) & LOW_LANES);
        let free = |need: &[u64; W], taken: &[u64; W]| (0..W).all(|w| need[w] & taken[w] == 0);
        for word in 0..W {
            // Anchors: cells whose code is neither empty (0) nor covered (1).
            let mut lanes = (s[word] >> 1 | s[word] >> 2) & LOW_LANES;
            while lanes != 0 {
                let bit = lanes.trailing_zeros();
                lanes &= lanes - 1;
                let anchor = word * PER_WORD + bit as usize / 3;
                let at = ((s[word] >> bit) & 7) as usize * self.cells + anchor;
                let border = &self.border[at];
                if (0..W).all(|w| border[w] & !occupied[w] == 0) {
                    continue; // every cell it could enter is taken
                }
                match metric {
                    Metric::Steps => {
                        for step in &self.steps[at] {
                            if step.to != u8::MAX && free(&step.need, &occupied) {
                                let next = std::array::from_fn(|w| s[w] ^ step.flip[w]);
                                let mv = KMove {
                                    from: anchor as u8,
                                    to: step.to,
                                };
                                emit(mv, next);
                            }
                        }
                    }
                    Metric::Moves => self.slides(s, &occupied, anchor, at, &mut emit),
                }
            }
        }
    }

    /// Every anchor the piece at `anchor` (table index `at`) can slide to
    /// along free cells, as `(move, state)` in the order of the anchors: a
    /// flood fill over anchors, testing each step against the other pieces
    /// only (the piece's own cells are free to it). `seen` doubles as the
    /// to-do set, so nothing is allocated.
    #[inline(always)]
    fn slides(
        &self,
        s: &[u64; W],
        occupied: &[u64; W],
        anchor: usize,
        at: usize,
        emit: &mut impl FnMut(KMove, [u64; W]),
    ) {
        let own = &self.footprint[at];
        let others: [u64; W] = std::array::from_fn(|w| occupied[w] & !own[w]);
        let base = at - anchor; // this code's row of the tables
        let mut seen = 1u64 << anchor;
        let mut todo = 1u64 << anchor;
        while todo != 0 {
            let a = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for step in &self.steps[base + a] {
                let b = step.to;
                if b != u8::MAX
                    && seen & (1 << b) == 0
                    && (0..W).all(|w| step.need[w] & others[w] == 0)
                {
                    seen |= 1 << b;
                    todo |= 1 << b;
                }
            }
        }
        let away = &self.stamp[at];
        let mut ends = seen & !(1 << anchor);
        while ends != 0 {
            let b = ends.trailing_zeros() as usize;
            ends &= ends - 1;
            let stamp = &self.stamp[base + b];
            let next = std::array::from_fn(|w| s[w] ^ away[w] ^ stamp[w]);
            let mv = KMove {
                from: anchor as u8,
                to: b as u8,
            };
            emit(mv, next);
        }
    }
}

/// The tables of a board whose states fit one word (up to 21 cells, the
/// classic 5×4 among them). Which pieces can step where is decided for all
/// pieces of a shape at once: the empty cells, shifted onto the anchors
/// that need them, ANDed with the anchors of that shape. No loop visits a
/// piece that cannot move.
pub(super) struct OneWord {
    /// The lanes of the board's cells.
    board: u64,
    /// The lanes of every column but the first, and but the last.
    not_first_col: u64,
    not_last_col: u64,
    /// Bits in one row of lanes.
    row: u32,
    /// The target's code stands for this shape (`code_of`) in the masks.
    target_as: u8,
    /// By code: the anchors where such a piece fits on the board.
    fits: [u64; CODES],
    /// By code: the piece's codes anchored at cell 0 (shifted by three
    /// bits a cell, the piece anchored anywhere: lanes go row after row).
    pattern: [u64; CODES],
    /// By code: the cells the piece anchored at cell 0 covers (lanes' low
    /// bits).
    footprint: [u64; CODES],
    /// By code: how far right shifting the free cells brings a piece's
    /// second column onto its anchor (3 bits; 0 for one column), and its
    /// second row (a row of lanes; 0 for one row).
    column_shift: [u8; CODES],
    row_shift: [u8; CODES],
    /// Empty cells on the board (the same in every state). With two or
    /// fewer, a move is at most two steps and needs no flood fill.
    empties: u32,
    /// By code: the index of its shape in the per-shape masks (single,
    /// wide, tall, square; the target as its shape).
    shape_index: [u8; CODES],
    /// By anchor: where a piece one cell wide lands in the mirror, as a
    /// shift (three bits a lane); one two cells wide lands a lane before.
    mirror_shift: [u8; 32],
}

/// Emit the piece whose codes are `pattern` at bit `bit` of a word, lifted
/// off it (`away`), put down at each set bit of `ends` (in their order).
#[inline(always)]
fn put_at_each(
    mut ends: u64,
    bit: u32,
    away: u64,
    pattern: u64,
    emit: &mut impl FnMut(KMove, u64),
) {
    while ends != 0 {
        let end = ends.trailing_zeros();
        ends &= ends - 1;
        let mv = KMove {
            from: (bit / 3) as u8,
            to: (end / 3) as u8,
        };
        emit(mv, away ^ pattern << end);
    }
}

/// Emit one step of the piece whose codes are `pattern` at bit `bit` of a
/// word, lifted off it (`away`), for each direction bit of `dirs`: bit d
/// moves it by `shifts[d]` bits (a row or a cell).
#[inline(always)]
fn step_each(
    mut dirs: u64,
    shifts: &[i32; 4],
    bit: u32,
    away: u64,
    pattern: u64,
    emit: &mut impl FnMut(KMove, u64),
) {
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        let end = (bit as i32 + shifts[d & 3]) as u32;
        let mv = KMove {
            from: (bit / 3) as u8,
            to: (end / 3) as u8,
        };
        emit(mv, away ^ pattern << end);
    }
}

impl OneWord {
    fn new(masks: &Masks<1>, cols: usize, target_shape: PieceShape, empties: u32) -> Self {
        let cells = masks.cells;
        let board = LOW_LANES >> (3 * (PER_WORD - cells));
        let column = |col: usize| {
            (0..cells)
                .step_by(cols)
                .fold(0, |m, c| m | 1 << (3 * (c + col)))
        };
        let fits = std::array::from_fn(|code| {
            let mut anchors = 0;
            for anchor in 0..cells {
                if masks.footprint[code * cells + anchor] != [0] {
                    anchors |= 1 << (3 * anchor);
                }
            }
            anchors
        });
        let pattern = std::array::from_fn(|code| masks.stamp[code * cells][0]);
        let size =
            |code: usize| shape_of(code as u8, target_shape).map_or((0, 0), PieceShape::size);
        Self {
            board,
            not_first_col: board & !column(0),
            not_last_col: board & !column(cols - 1),
            row: 3 * cols as u32,
            target_as: code_of(target_shape),
            fits,
            pattern,
            footprint: pattern.map(|p| (p | p >> 1 | p >> 2) & LOW_LANES),
            column_shift: std::array::from_fn(|code| 3 * (size(code).1 as u8).saturating_sub(1)),
            row_shift: std::array::from_fn(|code| {
                3 * cols as u8 * (size(code).0 as u8).saturating_sub(1)
            }),
            empties,
            shape_index: std::array::from_fn(|code| match code as u8 {
                TARGET => code_of(target_shape) - 2,
                2..=5 => code as u8 - 2,
                _ => 0,
            }),
            mirror_shift: std::array::from_fn(|anchor| {
                let (row, col) = (anchor / cols, anchor % cols);
                3 * (row * cols + cols - 1 - col).min(PER_WORD - 1) as u8
            }),
        }
    }

    /// The mirror image of the successor `mv` makes of `s`, given
    /// `mirrored`, the mirror image of `s`: the piece moved in the mirror
    /// (the states are the stamps of their pieces, which the mirror moves
    /// one by one).
    #[inline(always)]
    pub(super) fn mirror_after(&self, mirrored: u64, s: u64, mv: KMove) -> u64 {
        let code = (s >> (3 * u32::from(mv.from)) & 7) as usize;
        let pattern = self.pattern[code];
        let wide = self.column_shift[code];
        let at = |anchor: u8| self.mirror_shift[anchor as usize & 31] - wide;
        mirrored ^ pattern << at(mv.from) ^ pattern << at(mv.to)
    }

    /// What [`Masks::each_successor`] gives, in the same order, for a
    /// one-word state.
    #[inline(always)]
    pub(super) fn each_successor(&self, metric: Metric, s: u64, mut emit: impl FnMut(KMove, u64)) {
        let occupied = (s | s >> 1 | s >> 2) & LOW_LANES;
        let empty = !occupied & self.board;
        // Lanes whose cell has an empty neighbour above, below, to the left
        // and to the right.
        let up = empty << self.row;
        let down = empty >> self.row;
        let left = (empty << 3) & self.not_first_col;
        let right = (empty >> 3) & self.not_last_col;
        // The same for the cell to the right (a piece two cells wide) or
        // below (two cells tall) as well.
        let up_wide = up & up >> 3;
        let down_wide = down & down >> 3;
        let down_tall = down >> self.row;
        let left_tall = left & left >> self.row;
        let right_tall = right & right >> self.row;
        // Anchors of each shape, from the three bit planes of the codes
        // (single 010, wide 011, tall 100, square 101, target 110).
        let low = s & LOW_LANES;
        let mid = s >> 1 & LOW_LANES;
        let high = s >> 2 & LOW_LANES;
        let mut anchors = [
            mid & !high & !low, // single
            mid & !high & low,  // wide
            high & !mid & !low, // tall
            high & !mid & low,  // square
        ];
        anchors[(self.target_as - 2) as usize & 3] |= high & mid & !low;
        let [single, wide, tall, square] = anchors;
        // The anchors that can step in each direction (Dir::ALL order).
        let can = [
            single & up | wide & up_wide | tall & up | square & up_wide,
            single & down
                | wide & down_wide
                | tall & down_tall
                | square & down_tall & down_tall >> 3,
            single & left | wide & left | tall & left_tall | square & left_tall,
            single & right | wide & right >> 3 | tall & right_tall | square & right_tall >> 3,
        ];
        // Two empty cells side by side: only then is a move of two steps
        // possible (the second step enters the other empty cell).
        let pair = metric == Metric::Moves && empty & (right | down) != 0;
        // The first three directions in each anchor's lane (lanes are
        // three bits wide), so that a piece's directions are two reads.
        let can012 = can[0] | can[1] << 1 | can[2] << 2;
        // Up, left and right, whose ends come in that order, below down's.
        let ascending = can[0] | can[2] << 1 | can[3] << 2;
        let ascending_shift = [-(self.row as i32), -3, 3, self.row as i32];
        // Where each direction takes an anchor's lane.
        let shift = [-(self.row as i32), self.row as i32, -3, 3];
        let mut movable = can[0] | can[1] | can[2] | can[3];
        while movable != 0 {
            let bit = movable.trailing_zeros();
            movable &= movable - 1;
            let code = ((s >> bit) & 7) as usize;
            let pattern = self.pattern[code];
            match metric {
                Metric::Steps => {
                    // The piece lifted from its anchor and put down one
                    // cell on, by shifting its codes.
                    let away = s ^ pattern << bit;
                    let dirs = (can012 >> bit & 7) | (can[3] >> bit & 1) << 3;
                    step_each(dirs, &shift, bit, away, pattern, &mut emit);
                }
                Metric::Moves if self.empties <= 2 => {
                    // With two empty cells or fewer a move is one step or
                    // two (the first fills an empty cell, the second the
                    // other: the cells left behind only lead back), and
                    // two only when the empty cells touch. Ends go in the
                    // order of their anchors.
                    let away = s ^ pattern << bit;
                    let shape = self.shape_index[code];
                    if pair && shape != 3 {
                        let reach = if shape == 0 {
                            // A single next to one empty cell reaches both.
                            empty
                        } else {
                            // One step on from each end of one step, by
                            // where such a piece could step; every cell
                            // that needs was empty at the start.
                            let one = 1u64 << bit;
                            let first = (one & can[0]) >> self.row
                                | (one & can[1]) << self.row
                                | (one & can[2]) >> 3
                                | (one & can[3]) << 3;
                            let cond = if shape == 1 {
                                [up_wide, down_wide, left, right >> 3]
                            } else {
                                [up, down_tall, left_tall, right_tall]
                            };
                            let second = (first & cond[0]) >> self.row
                                | (first & cond[1]) << self.row
                                | (first & cond[2]) >> 3
                                | (first & cond[3]) << 3;
                            first | second & !one
                        };
                        put_at_each(reach, bit, away, pattern, &mut emit);
                    } else {
                        // One step each way, as in steps, in the order of
                        // the ends: up, left, right, down.
                        let dirs = (ascending >> bit & 7) | (can[1] >> bit & 1) << 3;
                        step_each(dirs, &ascending_shift, bit, away, pattern, &mut emit);
                    }
                }
                Metric::Moves => {
                    // The anchors where the piece fits among the others,
                    // then those of them joined to its own: a flood fill
                    // of whole rows of lanes at a time.
                    let free = empty | self.footprint[code] << bit;
                    let free = free & free >> self.column_shift[code];
                    let fit = free & free >> self.row_shift[code] & self.fits[code];
                    let mut reach = 1u64 << bit;
                    loop {
                        let grown = (reach
                            | (reach << 3 & self.not_first_col)
                            | (reach >> 3 & self.not_last_col)
                            | reach << self.row
                            | reach >> self.row)
                            & fit;
                        // Done when nothing new is reached, or all is.
                        if grown == reach || grown == fit {
                            reach = grown;
                            break;
                        }
                        reach = grown;
                    }
                    let away = s ^ pattern << bit;
                    put_at_each(reach & !(1 << bit), bit, away, pattern, &mut emit);
                }
            }
        }
    }
}

impl KlotskiSpace {
    /// The shape of the target piece.
    pub fn target_shape(&self) -> PieceShape {
        self.target_shape
    }

    /// The metric costs are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Manhattan distance from top-left cell `at` to the target's goal.
    fn distance_to_goal(&self, at: usize) -> usize {
        let (r, c) = (at / self.cols, at % self.cols);
        let (gr, gc) = (self.goal_cell / self.cols, self.goal_cell % self.cols);
        r.abs_diff(gr) + c.abs_diff(gc)
    }

    /// The target's top-left cell in `s`.
    fn target_anchor(&self, s: &KState) -> usize {
        (0..self.cells())
            .find(|&c| s.get(c) == TARGET)
            .expect("every state holds the target")
    }

    /// The energy local searches minimise (the tabu article's evaluation,
    /// scaled): the target's Manhattan distance to its goal, plus one half
    /// for each goal cell another piece blocks. 0 exactly at the goal.
    ///
    /// ```
    /// use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
    /// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    /// let (space, start) = KlotskiSpace::new(&l, Metric::Steps);
    /// assert_eq!(space.energy(&start), 3.0 + 0.5 * 2.0); // G and H block
    /// ```
    pub fn energy(&self, s: &KState) -> f64 {
        let at = self.target_anchor(s);
        let dist = self.distance_to_goal(at);
        let footprint = &self.tables.footprint[TARGET as usize];
        let (own, goal) = (footprint[at], footprint[self.goal_cell]);
        let occupied = s.0.map(|w| (w | w >> 1 | w >> 2) & LOW_LANES);
        let blocked: u32 = (0..3)
            .map(|i| (goal[i] & occupied[i] & !own[i]).count_ones())
            .sum();
        dist as f64 + 0.5 * blocked as f64
    }

    /// An admissible estimate of the cost left. In steps: the target's
    /// Manhattan distance to its goal, since each step moves it at most one
    /// cell. In moves: 1 unless it is home, since one move can carry it any
    /// distance.
    ///
    /// ```
    /// use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
    /// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    /// let (steps, start) = KlotskiSpace::new(&l, Metric::Steps);
    /// assert_eq!(steps.heuristic(&start), 3);
    /// let (moves, start) = KlotskiSpace::new(&l, Metric::Moves);
    /// assert_eq!(moves.heuristic(&start), 1);
    /// ```
    pub fn heuristic(&self, s: &KState) -> u32 {
        let at = self.target_anchor(s);
        match self.metric {
            Metric::Steps => self.distance_to_goal(at) as u32,
            Metric::Moves => u32::from(at != self.goal_cell),
        }
    }
}

impl SearchSpace for KlotskiSpace {
    type State = KState;
    type Move = KMove;

    fn successors(&self, s: &KState, out: &mut Vec<(KMove, KState)>) {
        // The same code for one, two or three words, each compiled with a
        // fixed count so the masks' loops unroll.
        let m = self.metric;
        match &self.tables.words {
            Words::One(masks) => {
                masks.each_successor(m, s.word(), |mv, a| out.push((mv, KState::of_word(a))))
            }
            Words::Two(masks) => masks.each_successor(m, &[s.0[0], s.0[1]], |mv, [a, b]| {
                out.push((mv, KState([a, b, 0])))
            }),
            Words::Three(masks) => masks.each_successor(m, &s.0, |mv, n| out.push((mv, KState(n)))),
        }
    }

    fn is_goal(&self, s: &KState) -> bool {
        s.get(self.goal_cell) == TARGET
    }

    fn state_key(&self, s: &KState) -> StateKey {
        s.key()
    }
}

/// Expand a path of [`KMove`]s on the labelled `layout` into unit steps
/// `(letter, direction)`, checking each is legal. `Err(i)` names the first
/// move that does not apply.
pub fn unit_steps(layout: &Layout, path: &[KMove]) -> Result<Vec<(char, Dir)>, usize> {
    let mut l = layout.clone();
    let mut steps = Vec::new();
    for (i, m) in path.iter().enumerate() {
        let (fr, fc) = (m.from as usize / l.cols, m.from as usize % l.cols);
        let (tr, tc) = (m.to as usize / l.cols, m.to as usize % l.cols);
        let piece = l.piece_at(fr, fc).ok_or(i)?;
        let route = route(&l, piece, (tr, tc)).ok_or(i)?;
        for d in route {
            if !l.step(piece, d) {
                return Err(i);
            }
            steps.push((l.pieces[piece].letter, d));
        }
    }
    Ok(steps)
}

/// Shortest unit-step route of piece `i` to top-left `(row, col)`.
fn route(l: &Layout, i: usize, to: (usize, usize)) -> Option<Vec<Dir>> {
    let mut route = Route {
        probe: l.clone(),
        piece: i,
        to,
        places: vec![(l.pieces[i].row, l.pieces[i].col)],
        reached_by: vec![None],
    };
    match breadth_first(&mut route, &mut Unmetered).end {
        End::Found(mut at) => {
            let mut dirs = Vec::new();
            while let Some((p, d)) = route.reached_by[at] {
                dirs.push(d);
                at = p as usize;
            }
            dirs.reverse();
            Some(dirs)
        }
        _ => None,
    }
}

/// The places one piece reaches by unit steps among the others, breadth
/// first (the core's instance for [`route`]).
struct Route {
    /// The layout with the piece moved about.
    probe: Layout,
    piece: usize,
    to: (usize, usize),
    /// Its top-left cells in the order reached: the queue and the seen-set.
    places: Vec<(usize, usize)>,
    /// The place and step each was first reached from.
    reached_by: Vec<Option<(u32, Dir)>>,
}

impl BreadthFirst<Unmetered> for Route {
    /// The place that is the target.
    type Found = usize;

    fn queued(&self) -> usize {
        self.places.len()
    }

    fn expand(&mut self, head: usize, _: u32, _: &mut Unmetered) -> ControlFlow<usize> {
        let at = self.places[head];
        if at == self.to {
            return ControlFlow::Break(head);
        }
        let i = self.piece;
        for d in Dir::ALL {
            (self.probe.pieces[i].row, self.probe.pieces[i].col) = at;
            if self.probe.step(i, d) {
                let next = (self.probe.pieces[i].row, self.probe.pieces[i].col);
                if !self.places.contains(&next) {
                    self.places.push(next);
                    self.reached_by.push(Some((head as u32, d)));
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn sizes(&self, _: usize, _: u32) -> Sizes {
        Sizes::default()
    }
}

/// Moves counted the traditional way: consecutive steps of one piece are one.
pub fn piece_moves(steps: &[(char, Dir)]) -> usize {
    steps.windows(2).filter(|w| w[0].0 != w[1].0).count() + usize::from(!steps.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_states_text_reads_back_as_the_same_state() {
        let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let (space, start) = KlotskiSpace::new(&layout, Metric::Steps);
        let mut buf = Vec::new();
        space.successors(&start, &mut buf);
        assert!(!buf.is_empty());
        for state in std::iter::once(start).chain(buf.iter().map(|&(_, s)| s)) {
            let text = space.state_text(&state);
            let again = Layout::parse(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(KlotskiSpace::new(&again, Metric::Steps).1, state, "{text}");
        }
    }

    /// The states one step (`Layout::step`, on labelled pieces) or one move
    /// (repeated steps of one piece) from `layout`, as canonical states.
    fn by_hand(layout: &Layout, metric: Metric) -> std::collections::BTreeSet<[u64; 3]> {
        let state = |l: &Layout| KlotskiSpace::new(l, metric).1.0;
        let mut out = std::collections::BTreeSet::new();
        for i in 0..layout.pieces.len() {
            let mut todo = vec![layout.clone()];
            let mut seen = vec![state(layout)];
            while let Some(l) = todo.pop() {
                for d in Dir::ALL {
                    let mut next = l.clone();
                    if next.step(i, d) && !seen.contains(&state(&next)) {
                        seen.push(state(&next));
                        out.insert(state(&next));
                        if metric == Metric::Moves {
                            todo.push(next);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn successors_are_the_steps_and_moves_of_the_labelled_pieces() {
        // 5×4 (one word), 7×7 (three words), from several positions each.
        for text in [
            "BAAC/BAAC/DEEF/DGHF/I..J",
            "B.C.DEF/B.C.DEF/GHIJ.KL/MNOPQRS/T.UVWXY/AAZabcd/AAefghi",
        ] {
            for metric in Metric::ALL {
                let mut layout = Layout::parse(text).unwrap();
                for round in 0..12 {
                    let (space, start) = KlotskiSpace::new(&layout, metric);
                    let mut buf = Vec::new();
                    space.successors(&start, &mut buf);
                    let got: std::collections::BTreeSet<[u64; 3]> =
                        buf.iter().map(|(_, s)| s.0).collect();
                    assert_eq!(got.len(), buf.len(), "no state twice");
                    assert_eq!(got, by_hand(&layout, metric), "{layout} {metric:?}");
                    // Walk on: the first piece that can step does.
                    let moved = (0..layout.pieces.len())
                        .flat_map(|i| Dir::ALL.map(|d| (i, d)))
                        .cycle()
                        .skip(round * 3)
                        .take(layout.pieces.len() * 4)
                        .any(|(i, d)| layout.step(i, d));
                    assert!(moved);
                }
            }
        }
    }
}
