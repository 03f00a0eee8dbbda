//! Compact board encodings for the searches that store states.
//!
//! * `u64`: 4 bits a cell, boards of up to 16 cells (4×4, 3×5, …).
//! * `u128`: 5 bits a cell, up to 25 cells (5×5).
//! * [`WideBoard`]: a byte a cell, up to 100 cells (10×10).

use std::hash::Hash;

use crate::observe::StateKey;

/// A board packed into a small `Copy` value with cheap hashing.
pub trait PackedBoard: Copy + Eq + Hash + Send + Sync + std::fmt::Debug + 'static {
    /// Largest number of cells this encoding holds.
    const MAX_CELLS: usize;
    /// Pack row-major cells.
    fn pack(cells: &[u8]) -> Self;
    /// The tile in `cell`.
    fn get(&self, cell: usize) -> u8;
    /// Put `tile` in `cell`, which must hold 0 (the packing adds bits).
    fn with(self, cell: usize, tile: u8) -> Self;
    /// Empty `cell` (make it hold 0).
    fn cleared(self, cell: usize) -> Self;
    /// The key observers see for a board of `cells` cells packed so (the
    /// same whichever packing holds it).
    fn key(&self, cells: usize) -> StateKey {
        let mut out = [0u8; 100];
        self.unpack(&mut out[..cells]);
        StateKey::of_tiles(&out[..cells])
    }
    /// Unpack the first `out.len()` cells.
    fn unpack(&self, out: &mut [u8]) {
        for (i, c) in out.iter_mut().enumerate() {
            *c = self.get(i);
        }
    }
}

impl PackedBoard for u64 {
    const MAX_CELLS: usize = 16;
    fn pack(cells: &[u8]) -> Self {
        cells
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &t)| acc | (t as u64) << (4 * i))
    }
    #[inline]
    fn get(&self, cell: usize) -> u8 {
        ((self >> (4 * cell)) & 0xF) as u8
    }
    /// The word itself: a key packs up to 16 cells alike.
    fn key(&self, _cells: usize) -> StateKey {
        StateKey::Packed([*self, 0, 0])
    }
    #[inline]
    fn with(self, cell: usize, tile: u8) -> Self {
        self | (tile as u64) << (4 * cell)
    }
    #[inline]
    fn cleared(self, cell: usize) -> Self {
        self & !(0xF << (4 * cell))
    }
}

impl PackedBoard for u128 {
    const MAX_CELLS: usize = 25;
    fn pack(cells: &[u8]) -> Self {
        cells
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &t)| acc | (t as u128) << (5 * i))
    }
    #[inline]
    fn get(&self, cell: usize) -> u8 {
        ((self >> (5 * cell)) & 0x1F) as u8
    }
    #[inline]
    fn with(self, cell: usize, tile: u8) -> Self {
        self | (tile as u128) << (5 * cell)
    }
    #[inline]
    fn cleared(self, cell: usize) -> Self {
        self & !(0x1F << (5 * cell))
    }
}

/// A board of up to 100 cells, a byte each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WideBoard([u8; 100]);

impl PackedBoard for WideBoard {
    const MAX_CELLS: usize = 100;
    fn pack(cells: &[u8]) -> Self {
        let mut b = [0u8; 100];
        b[..cells.len()].copy_from_slice(cells);
        WideBoard(b)
    }
    #[inline]
    fn get(&self, cell: usize) -> u8 {
        self.0[cell]
    }
    #[inline]
    fn with(mut self, cell: usize, tile: u8) -> Self {
        self.0[cell] = tile;
        self
    }
    #[inline]
    fn cleared(mut self, cell: usize) -> Self {
        self.0[cell] = 0;
        self
    }
}

/// Something to run with the packing that fits a board.
pub trait WithPacked<R> {
    /// Run with packing `P`.
    fn run<P: PackedBoard>(self) -> R;
}

/// Call `f.run::<P>()` with the smallest packing that holds `cells` cells.
pub fn with_packed<R>(cells: usize, f: impl WithPacked<R>) -> R {
    if cells <= <u64 as PackedBoard>::MAX_CELLS {
        f.run::<u64>()
    } else if cells <= <u128 as PackedBoard>::MAX_CELLS {
        f.run::<u128>()
    } else {
        f.run::<WideBoard>()
    }
}
