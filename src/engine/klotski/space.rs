//! Klotski as a search space. States are canonical: each cell holds a 3-bit
//! code (empty, covered, or the top-left of a piece of some shape), so pieces
//! of the same shape are interchangeable and 横刀立马 has 25,955 states.
//!
//! Two ways to count, as [`Metric`]: a *step* moves one piece one cell; a
//! *move* moves one piece any distance along a free path (the traditional
//! count).

use super::{Layout, PieceShape};
use crate::engine::hash::StateSet;
use crate::engine::search::SearchSpace;
use crate::engine::{Dir, Shape};

/// What one unit of cost is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Metric {
    /// One piece, one cell.
    Steps,
    /// One piece, any distance along any free path.
    Moves,
}

impl Metric {
    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Steps => "steps",
            Metric::Moves => "moves",
        }
    }
}

const EMPTY: u8 = 0;
const COVERED: u8 = 1;
const TARGET: u8 = 6;
const PER_WORD: usize = 21;

fn code_of(shape: PieceShape) -> u8 {
    match shape {
        PieceShape::Single => 2,
        PieceShape::Wide => 3,
        PieceShape::Tall => 4,
        PieceShape::Square => 5,
    }
}

/// A canonical position: 3 bits a cell, up to 63 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KState([u64; 3]);

impl KState {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// The board as a grid shape, for its neighbour geometry.
    grid: Shape,
    metric: Metric,
    target_shape: PieceShape,
    goal_cell: usize,
    /// Cells covered by a piece of each code anchored at each cell (0: does not fit).
    footprint: [Vec<u64>; 7],
}

impl KlotskiSpace {
    /// The space of `layout` counted in `metric`, and its start state.
    ///
    /// ```
    /// use huarong::engine::klotski::{KlotskiSpace, Layout, Metric};
    /// let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
    /// let (space, start) = KlotskiSpace::new(&l, Metric::Steps);
    /// assert_eq!(space.count_reachable(start), 25_955);
    /// ```
    pub fn new(layout: &Layout, metric: Metric) -> (Self, KState) {
        let (rows, cols) = (layout.rows, layout.cols);
        let target_shape = layout.pieces[layout.target].shape;
        let shape_of = |code: u8| match code {
            2 => Some(PieceShape::Single),
            3 => Some(PieceShape::Wide),
            4 => Some(PieceShape::Tall),
            5 => Some(PieceShape::Square),
            TARGET => Some(target_shape),
            _ => None,
        };
        let footprint = std::array::from_fn(|code| {
            (0..rows * cols)
                .map(|cell| {
                    let Some(shape) = shape_of(code as u8) else {
                        return 0;
                    };
                    let (h, w) = shape.size();
                    let (r, c) = (cell / cols, cell % cols);
                    if r + h > rows || c + w > cols {
                        return 0;
                    }
                    let mut m = 0u64;
                    for y in r..r + h {
                        for x in c..c + w {
                            m |= 1 << (y * cols + x);
                        }
                    }
                    m
                })
                .collect()
        });
        let space = Self {
            rows,
            cols,
            grid: Shape::new(rows as u8, cols as u8).expect("layouts are 4 to 8 cells a side"),
            metric,
            target_shape,
            goal_cell: layout.goal.0 * cols + layout.goal.1,
            footprint,
        };
        let mut start = KState([0; 3]);
        for (i, p) in layout.pieces.iter().enumerate() {
            let code = if i == layout.target {
                TARGET
            } else {
                code_of(p.shape)
            };
            let anchor = p.row * cols + p.col;
            space.place(&mut start, anchor, code);
        }
        (space, start)
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Put a piece of `code` at `anchor`: its cells covered, its anchor coded.
    fn place(&self, s: &mut KState, anchor: usize, code: u8) {
        self.fill(s, anchor, code, COVERED);
        s.set(anchor, code);
    }

    /// Take the piece of `code` at `anchor` off the board.
    fn clear(&self, s: &mut KState, anchor: usize, code: u8) {
        self.fill(s, anchor, code, EMPTY);
    }

    /// Set every cell of the footprint of `code` at `anchor` to `value`.
    fn fill(&self, s: &mut KState, anchor: usize, code: u8, value: u8) {
        let mut m = self.footprint[code as usize][anchor];
        while m != 0 {
            s.set(m.trailing_zeros() as usize, value);
            m &= m - 1;
        }
    }

    /// The top-left cell one step from `anchor` in `dir`, if on the board
    /// (the same grid geometry as tile boards).
    fn neighbour(&self, anchor: usize, dir: Dir) -> Option<usize> {
        self.grid.neighbour(anchor, dir)
    }

    /// Every state reachable from `start` (a whole enumeration).
    pub fn count_reachable(&self, start: KState) -> usize {
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
        seen.len()
    }

    /// The shape of the target piece.
    pub fn target_shape(&self) -> PieceShape {
        self.target_shape
    }
}

impl SearchSpace for KlotskiSpace {
    type State = KState;
    type Move = KMove;

    fn successors(&self, s: &KState, out: &mut Vec<(KMove, KState)>) {
        let n = self.cells();
        let mut occupied = 0u64;
        for c in 0..n {
            if s.get(c) != EMPTY {
                occupied |= 1 << c;
            }
        }
        for anchor in 0..n {
            let code = s.get(anchor);
            if code < 2 {
                continue;
            }
            let fp = &self.footprint[code as usize];
            let others = occupied & !fp[anchor];
            let fits = |a: usize| fp[a] != 0 && fp[a] & others == 0;
            let mut without = *s;
            self.clear(&mut without, anchor, code);
            let mut push = |to: usize| {
                let mut next = without;
                self.place(&mut next, to, code);
                out.push((
                    KMove {
                        from: anchor as u8,
                        to: to as u8,
                    },
                    next,
                ));
            };
            match self.metric {
                Metric::Steps => {
                    for d in Dir::ALL {
                        if let Some(a) = self.neighbour(anchor, d)
                            && fits(a)
                        {
                            push(a);
                        }
                    }
                }
                Metric::Moves => {
                    // Every top-left cell the piece can slide to along free cells.
                    let mut seen = 1u64 << anchor;
                    let mut queue = vec![anchor];
                    while let Some(a) = queue.pop() {
                        for d in Dir::ALL {
                            if let Some(b) = self.neighbour(a, d)
                                && seen & (1 << b) == 0
                                && fits(b)
                            {
                                seen |= 1 << b;
                                queue.push(b);
                                push(b);
                            }
                        }
                    }
                }
            }
        }
    }

    fn is_goal(&self, s: &KState) -> bool {
        s.get(self.goal_cell) == TARGET
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
    use std::collections::{HashMap, VecDeque};
    let start = (l.pieces[i].row, l.pieces[i].col);
    let mut prev: HashMap<(usize, usize), ((usize, usize), Dir)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    let mut seen = vec![start];
    while let Some(at) = queue.pop_front() {
        if at == to {
            let mut dirs = Vec::new();
            let mut cur = at;
            while cur != start {
                let (p, d) = prev[&cur];
                dirs.push(d);
                cur = p;
            }
            dirs.reverse();
            return Some(dirs);
        }
        for d in Dir::ALL {
            let mut probe = l.clone();
            probe.pieces[i].row = at.0;
            probe.pieces[i].col = at.1;
            if probe.step(i, d) {
                let next = (probe.pieces[i].row, probe.pieces[i].col);
                if !seen.contains(&next) {
                    seen.push(next);
                    prev.insert(next, (at, d));
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// Moves counted the traditional way: consecutive steps of one piece are one.
pub fn piece_moves(steps: &[(char, Dir)]) -> usize {
    steps.windows(2).filter(|w| w[0].0 != w[1].0).count() + usize::from(!steps.is_empty())
}
