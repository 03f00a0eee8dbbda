//! Large zeroed buffers backed by huge pages where the system allows it.
//!
//! The pattern tables and the build's mark array are hundreds of megabytes
//! read at random: with 4 KiB pages almost every access also misses the
//! TLB. Asking Linux for transparent huge pages (2 MiB) before the buffer is
//! first touched removes most of those misses. Elsewhere, or if the kernel
//! says no, the buffer is an ordinary one.

/// Buffers smaller than this are left to the allocator as they are.
const HUGE_FROM: usize = 8 << 20;

/// A vector of `len` zeros, huge-page backed where possible.
///
/// ```
/// let v: Vec<u64> = huarong_engine::tiles::pdb::zeroed(1 << 10);
/// assert!(v.len() == 1 << 10 && v.iter().all(|&x| x == 0));
/// ```
pub fn zeroed<T: Zeroable>(len: usize) -> Vec<T> {
    let v = vec![T::ZERO; len];
    advise_huge(v.as_ptr() as *const u8, len * std::mem::size_of::<T>());
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

#[cfg(target_os = "linux")]
#[expect(
    unsafe_code,
    reason = "madvise is a libc call; huge pages halve the 7-8 build's page-fault time"
)]
fn advise_huge(ptr: *const u8, bytes: usize) {
    if bytes < HUGE_FROM {
        return;
    }
    const PAGE: usize = 4096;
    let start = (ptr as usize).next_multiple_of(PAGE);
    let end = ptr as usize + bytes;
    if end > start {
        // SAFETY: the range lies inside the live allocation `ptr..ptr+bytes`
        // and MADV_HUGEPAGE only changes how it is backed, never its
        // contents; a refusal is harmless and ignored.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge(_: *const u8, _: usize) {}
