//! Hints to the system and the CPU about large buffers read at random:
//! huge pages, pages faulted in ahead, cache lines fetched ahead. Each is
//! only a hint: where it is refused or unavailable, nothing changes but the
//! time. The crate's only calls into the system's memory advice are here.
//!
//! The pattern tables and their build's arrays are hundreds of megabytes
//! read at random: with 4 KiB pages almost every access also misses the
//! TLB, and asking Linux for transparent huge pages (2 MiB) before a buffer
//! is first touched removes most of those misses. A fresh Klotski search
//! would fault its tables' pages one by one as it fills them: faulting them
//! in with one call costs less than half as much.

/// Buffers smaller than this are left to the allocator as they are.
const HUGE_FROM: usize = 8 << 20;

/// A vector of `len` zeros, huge-page backed where possible.
///
/// ```
/// let v: Vec<u64> = huarong_engine::memory::zeroed(1 << 10);
/// assert!(v.len() == 1 << 10 && v.iter().all(|&x| x == 0));
/// ```
pub fn zeroed<T: Zeroable>(len: usize) -> Vec<T> {
    let v = vec![T::ZERO; len];
    let bytes = len * std::mem::size_of::<T>();
    if bytes >= HUGE_FROM {
        advise(v.as_ptr() as usize, bytes, Advice::HugePages);
    }
    v
}

/// Integer types whose all-zero value is `ZERO` (so `vec!` can ask the
/// allocator for untouched zeroed pages).
pub trait Zeroable: Copy {
    /// Zero.
    const ZERO: Self;
}

impl Zeroable for u8 {
    const ZERO: Self = 0;
}

impl Zeroable for u64 {
    const ZERO: Self = 0;
}

/// Fault in the pages under `v`'s capacity from element `from` to `to` in
/// one system call, where first touching them one by one would fault each
/// page on its own (about 2 µs a page on the VM the figures come from; in
/// one call, less than half that).
pub(crate) fn populate<T>(v: &Vec<T>, from: usize, to: usize) {
    let size = std::mem::size_of::<T>();
    let to = to.min(v.capacity());
    if to > from {
        let start = v.as_ptr() as usize + from * size;
        advise(start, (to - from) * size, Advice::PopulateWrite);
    }
}

/// Ask the CPU to fetch the cache line `value` starts in, without waiting
/// for it; a no-op elsewhere.
#[inline(always)]
#[cfg_attr(
    target_arch = "x86_64",
    expect(
        unsafe_code,
        reason = "the prefetch intrinsic is unsafe to call; a table conversion's and a hash table's scattered reads need it"
    )
)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint; it never faults, whatever the address.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(value as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// What [`advise`] asks for.
#[derive(Clone, Copy)]
enum Advice {
    /// Back the pages with transparent huge pages when first touched.
    HugePages,
    /// Make the pages present now, as a write would (contents unchanged).
    PopulateWrite,
}

/// Give `advice` for the whole pages within `start..start + bytes`, a
/// range inside one live allocation; a refusal (an old kernel, a system
/// without the advice) is ignored.
#[cfg(target_os = "linux")]
#[expect(
    unsafe_code,
    reason = "madvise is a libc call; huge pages halve the 7-8 build's page-fault time, and faulting a Klotski table in at once saves a tenth of a fresh search"
)]
fn advise(start: usize, bytes: usize, advice: Advice) {
    const PAGE: usize = 4096;
    let first = start.next_multiple_of(PAGE);
    let end = (start + bytes) & !(PAGE - 1);
    if end > first {
        let advice = match advice {
            Advice::HugePages => libc::MADV_HUGEPAGE,
            Advice::PopulateWrite => libc::MADV_POPULATE_WRITE,
        };
        // SAFETY: the caller's range lies inside one live allocation and
        // the advice is applied to the whole pages within it only; neither
        // advice changes the memory's contents, and a refusal is harmless.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, advice);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_: usize, _: usize, _: Advice) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_change_no_contents() {
        let mut v: Vec<u64> = zeroed(HUGE_FROM / 8 + 123);
        assert!(v.iter().all(|&x| x == 0));
        v.iter_mut().enumerate().for_each(|(i, x)| *x = i as u64);
        let mut w: Vec<u64> = Vec::with_capacity(10_000);
        w.extend(0..100);
        populate(&w, 0, 10_000);
        populate(&w, 50, 20_000);
        populate(&v, 5, 3);
        prefetch(&0u8);
        prefetch(&w[3]);
        assert!(w.iter().copied().eq(0..100));
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64));
    }
}
