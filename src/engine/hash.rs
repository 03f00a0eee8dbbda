//! A small, fast hasher for search states.
//!
//! States are plain integers or byte arrays produced by the search itself, so
//! DoS-resistant SipHash buys nothing here and costs a third of BFS time.

use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// Multiply-rotate hasher with a folded 128-bit multiply at the end so that
/// both the low bits (bucket index) and the top bits (control byte) mix well.
#[derive(Default, Clone, Copy)]
pub struct StateHasher(u64);

impl Hasher for StateHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8-byte chunk")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(buf));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(K);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        let m = (self.0 as u128).wrapping_mul(0xA076_1D64_78BD_642F);
        (m as u64) ^ ((m >> 64) as u64)
    }
}

/// `HashMap` with [`StateHasher`].
pub type StateMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<StateHasher>>;
/// `HashSet` with [`StateHasher`].
pub type StateSet<K> = std::collections::HashSet<K, BuildHasherDefault<StateHasher>>;
