//! Files mapped read-only into memory (Linux), guarded against being
//! changed underneath. A mapped file's pages come straight from the page
//! cache: a 577 MB pattern table is ready in milliseconds instead of being
//! copied into fresh memory. But if another program truncates a mapped
//! file, reading past its new end raises SIGBUS, which would kill the
//! process. The guard's handler puts zeroed memory in the mapping's place
//! instead, and marks the mapping spoiled: a pattern table of zeros is
//! still a lower bound, so a search reading it stays correct (only slower)
//! and the next load rebuilds the file. A file rewritten in place (not
//! truncated) is read as it now is, as any reader of a file would.

use std::fs::File;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A file mapped read-only: its bytes, while it lives.
pub struct Mapped {
    map: memmap2::Mmap,
    /// Its entry in [`GUARDED`] (`None`: the table was full, so this
    /// mapping is read but unguarded — never with the cache's few files).
    slot: Option<usize>,
}

impl Mapped {
    /// Map the whole of `file` read-only, guarded.
    #[allow(
        unsafe_code,
        reason = "mapping a file is unsafe in memmap2: the file may change underneath"
    )]
    pub fn new(file: &File) -> std::io::Result<Self> {
        install_guard();
        // SAFETY: the mapping is read-only. The file may still change
        // underneath (the reason mapping is unsafe): a truncation is caught
        // by the guard (see the module), a rewrite in place only changes
        // the bytes read, never the memory's validity.
        let map = unsafe { memmap2::MmapOptions::new().map(file)? };
        let slot = guard(map.as_ptr() as usize, map.len());
        Ok(Self { map, slot })
    }

    /// Whether the file shrank under the mapping and zeros now stand in
    /// for what was cut off.
    pub fn is_spoiled(&self) -> bool {
        self.slot
            .is_some_and(|i| GUARDED[i].spoiled.load(Ordering::SeqCst))
    }
}

impl AsRef<[u8]> for Mapped {
    fn as_ref(&self) -> &[u8] {
        &self.map
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            // Unguarded before it is unmapped: the range may be reused.
            GUARDED[i].len.store(0, Ordering::SeqCst);
            GUARDED[i].start.store(0, Ordering::SeqCst);
        }
    }
}

/// One guarded mapping: where it starts (0: a free entry), its length, and
/// whether zeros replaced it.
struct Guarded {
    start: AtomicUsize,
    len: AtomicUsize,
    spoiled: AtomicBool,
}

/// How many mappings can be guarded at once: the cache maps a handful of
/// databases at most.
const SLOTS: usize = 16;

#[allow(
    clippy::declare_interior_mutable_const,
    reason = "the constant is only the array's initial value"
)]
const FREE: Guarded = Guarded {
    start: AtomicUsize::new(0),
    len: AtomicUsize::new(0),
    spoiled: AtomicBool::new(false),
};

/// The guarded mappings, read by the signal handler (atomics only: the
/// handler may run at any moment).
static GUARDED: [Guarded; SLOTS] = [FREE; SLOTS];

/// Guard `len` bytes from `start`; its entry, if one was free.
fn guard(start: usize, len: usize) -> Option<usize> {
    if len == 0 {
        return None;
    }
    GUARDED.iter().position(|g| {
        g.start
            .compare_exchange(0, start, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
            && {
                g.spoiled.store(false, Ordering::SeqCst);
                g.len.store(len, Ordering::SeqCst);
                true
            }
    })
}

/// The action SIGBUS had before the guard, for faults not in a guarded
/// mapping (stored once, before the handler is installed).
static PREVIOUS: std::sync::OnceLock<libc::sigaction> = std::sync::OnceLock::new();

/// Install the SIGBUS handler, once per process.
fn install_guard() {
    static ONCE: Once = Once::new();
    ONCE.call_once(sys::install);
}

#[allow(
    unsafe_code,
    reason = "a signal handler and replacing a mapping have no safe interface in std or libc"
)]
mod sys {
    use super::{GUARDED, Ordering, PREVIOUS};

    /// On SIGBUS at an address in a guarded mapping: zeroed memory in the
    /// whole mapping's place (one anonymous mapping over it, as the kernel
    /// hands out: pages of zeros), and the mapping marked spoiled; the
    /// faulting read then runs again and reads a zero. Anywhere else: the
    /// previous action is put back and the fault runs again under it.
    extern "C" fn on_sigbus(
        _sig: libc::c_int,
        info: *mut libc::siginfo_t,
        _context: *mut libc::c_void,
    ) {
        // SAFETY: the kernel passes a valid siginfo for an SA_SIGINFO
        // handler; for SIGBUS its address field is the faulting address.
        let addr = unsafe { (*info).si_addr() } as usize;
        for g in &GUARDED {
            let start = g.start.load(Ordering::SeqCst);
            let len = g.len.load(Ordering::SeqCst);
            if start != 0 && addr >= start && addr < start + len {
                // SAFETY: the range is exactly a live mapping of ours
                // (unguarded before it is unmapped); MAP_FIXED replaces it
                // in one step, and the `Mmap` that owns it later unmaps
                // this anonymous mapping instead. mmap is a plain system
                // call, safe to make in a handler.
                let done = unsafe {
                    libc::mmap(
                        start as *mut libc::c_void,
                        len,
                        libc::PROT_READ,
                        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                        -1,
                        0,
                    )
                };
                if done != libc::MAP_FAILED {
                    g.spoiled.store(true, Ordering::SeqCst);
                    return;
                }
            }
        }
        if let Some(previous) = PREVIOUS.get() {
            // SAFETY: `previous` is the action the kernel handed back.
            unsafe { libc::sigaction(libc::SIGBUS, previous, std::ptr::null_mut()) };
        }
    }

    pub(super) fn install() {
        // SAFETY: a zeroed `sigaction` is a valid value of the plain C
        // struct; the fields are then set.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        action.sa_sigaction = on_sigbus
            as extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void)
            as libc::sighandler_t;
        action.sa_flags = libc::SA_SIGINFO;
        // SAFETY: `sa_mask` is a valid, owned signal set to initialise.
        unsafe { libc::sigemptyset(&mut action.sa_mask) };
        // SAFETY: as above, a zeroed struct for the kernel to fill.
        let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: read the current action only (no new one given).
        if unsafe { libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut old) } != 0 {
            return;
        }
        let _ = PREVIOUS.set(old);
        // SAFETY: both pointers are to live, initialised structs; the
        // handler touches only atomics and makes one system call.
        unsafe { libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A mapped file truncated by someone else reads as zeros past its
    /// new end, the process lives on and the mapping says it was spoiled;
    /// one left alone reads its bytes and is not spoiled.
    #[test]
    fn a_mapped_file_truncated_underneath_reads_zeros_not_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.bin");
        let bytes: Vec<u8> = (0..3 * 4096).map(|i| (i % 251 + 1) as u8).collect();
        std::fs::File::create(&path)
            .unwrap()
            .write_all(&bytes)
            .unwrap();
        let kept = Mapped::new(&File::open(&path).unwrap()).unwrap();
        let cut = Mapped::new(&File::open(&path).unwrap()).unwrap();
        assert_eq!(cut.as_ref(), &bytes[..]);
        assert!(!cut.is_spoiled());
        drop(kept);
        // Another program cuts the file to one page.
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(4096)
            .unwrap();
        let last = std::hint::black_box(cut.as_ref())[3 * 4096 - 1];
        assert_eq!(last, 0);
        assert!(cut.is_spoiled());
        assert!(cut.as_ref().iter().all(|&b| b == 0));
        let fresh = Mapped::new(&File::open(&path).unwrap()).unwrap();
        assert_eq!(fresh.as_ref(), &bytes[..4096]);
        assert!(!fresh.is_spoiled());
    }
}
