//! SIGINT and SIGTERM while a pattern database is loaded, built or saved.
//!
//! A [`Catch`] replaces the two signals' default action (which kills the
//! process on the spot, leaving a half-written temporary file of up to
//! 577 MB in the cache folder) with a handler that only records the
//! signal. The work in hand polls [`caught`] (through a cancel token the
//! CLI raises), stops, and storage removes its temporary file; then
//! [`Catch::release`] ends the process with `128 + signal` (130, 143) and
//! one line. Outside a `Catch` the signals do what they always do. The
//! engine never sees any of this: it only sees its token raised.

use std::sync::atomic::{AtomicI32, Ordering};

/// The last signal caught while a [`Catch`] was held, or 0.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// The signal caught since the [`Catch`] was made, if any.
pub(super) fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig),
    }
}

/// While held, SIGINT and SIGTERM are recorded, not acted on.
pub(super) struct Catch {
    #[cfg(unix)]
    previous: Vec<(libc::c_int, libc::sigaction)>,
}

impl Catch {
    /// Catch SIGINT and SIGTERM from now on (a signal the process was
    /// started ignoring stays ignored).
    pub(super) fn new() -> Self {
        CAUGHT.store(0, Ordering::SeqCst);
        #[cfg(unix)]
        {
            let previous = [libc::SIGINT, libc::SIGTERM]
                .into_iter()
                .filter_map(|sig| {
                    let old = sys::catch(sig)?;
                    if old.sa_sigaction == libc::SIG_IGN {
                        sys::restore(sig, &old);
                        return None;
                    }
                    Some((sig, old))
                })
                .collect();
            Catch { previous }
        }
        #[cfg(not(unix))]
        Catch {}
    }

    /// Give the signals back their previous actions; if one was caught,
    /// end the process: one line on stderr naming it and `doing` (what was
    /// under way), exit status `128 + signal`.
    pub(super) fn release(self, doing: &str) {
        drop(self);
        if let Some(sig) = caught() {
            super::out::eprint_line(format_args!("error: {}", interrupted_line(sig, doing)));
            std::process::exit(128 + sig);
        }
    }
}

impl Drop for Catch {
    fn drop(&mut self) {
        #[cfg(unix)]
        for (sig, old) in &self.previous {
            sys::restore(*sig, old);
        }
    }
}

/// The line an interrupted run ends with.
fn interrupted_line(sig: i32, doing: &str) -> String {
    format!(
        "interrupted by {} while {doing}; no partial file is left",
        signal_name(sig)
    )
}

/// The signal's usual name.
fn signal_name(sig: i32) -> String {
    #[cfg(unix)]
    {
        if sig == libc::SIGINT {
            return "SIGINT".into();
        }
        if sig == libc::SIGTERM {
            return "SIGTERM".into();
        }
    }
    format!("signal {sig}")
}

#[cfg(unix)]
#[allow(
    unsafe_code,
    reason = "installing a signal handler has no safe interface in std or libc"
)]
mod sys {
    use std::sync::atomic::Ordering;

    /// The handler: one atomic store, which is async-signal-safe.
    extern "C" fn on_signal(sig: libc::c_int) {
        super::CAUGHT.store(sig, Ordering::SeqCst);
    }

    /// Install [`on_signal`] for `sig`; the action it replaced.
    pub(super) fn catch(sig: libc::c_int) -> Option<libc::sigaction> {
        // SAFETY: a zeroed `sigaction` is a valid value of the plain C
        // struct (no handler, empty flags); its fields are then set.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        action.sa_flags = libc::SA_RESTART;
        // SAFETY: `sa_mask` is a valid, owned signal set to initialise.
        unsafe { libc::sigemptyset(&mut action.sa_mask) };
        // SAFETY: as above, a zeroed struct for the kernel to fill.
        let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: both pointers are to live, initialised structs; the
        // handler only stores to an atomic, which is async-signal-safe.
        let done = unsafe { libc::sigaction(sig, &action, &mut old) };
        (done == 0).then_some(old)
    }

    /// Put back the action `old` for `sig`.
    pub(super) fn restore(sig: libc::c_int, old: &libc::sigaction) {
        // SAFETY: `old` is the action the kernel handed back for `sig`.
        unsafe { libc::sigaction(sig, old, std::ptr::null_mut()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_signal_and_the_work() {
        #[cfg(unix)]
        assert_eq!(
            interrupted_line(libc::SIGTERM, "the 6-6-3 pattern database was built"),
            "interrupted by SIGTERM while the 6-6-3 pattern database was built; \
             no partial file is left"
        );
        assert!(interrupted_line(99, "x").contains("signal 99"));
    }
}
