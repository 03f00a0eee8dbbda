//! Numbers for people: thousands separators, byte sizes, durations, a
//! search's counters, and the median of timings. Shared by the command
//! line and the app.

/// `1234567` → `1,234,567`.
///
/// ```
/// assert_eq!(huarong::units::thousands(1234567), "1,234,567");
/// assert_eq!(huarong::units::thousands(12), "12");
/// ```
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes as KiB / MiB / GiB.
///
/// ```
/// assert_eq!(huarong::units::bytes(3 << 20), "3.0 MiB");
/// ```
pub fn bytes(n: u64) -> String {
    let n = n as f64;
    if n >= (1u64 << 30) as f64 {
        format!("{:.2} GiB", n / (1u64 << 30) as f64)
    } else if n >= (1u64 << 20) as f64 {
        format!("{:.1} MiB", n / (1u64 << 20) as f64)
    } else {
        format!("{:.1} KiB", n / 1024.0)
    }
}

/// Seconds as ms below one second, else as s.
///
/// ```
/// assert_eq!(huarong::units::duration(0.0123), "12.30 ms");
/// assert_eq!(huarong::units::duration(2.5), "2.50 s");
/// ```
pub fn duration(secs: f64) -> String {
    if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

/// The median of `v` (the mean of the middle two), or `None` when empty;
/// the engine's, where the experiment statistics are computed.
pub use crate::engine::experiment::median;

/// A search's counters on one line, the same wherever they are shown
/// (the app's status lines, the compare view, the CLI's readable output).
///
/// ```
/// use std::time::Duration;
/// use huarong_engine::Stats;
/// let s = Stats { expanded: 12345, generated: 30000, peak_stored: 999, peak_bytes: 3 << 20,
///     elapsed: Duration::from_millis(250), ..Stats::default() };
/// assert_eq!(huarong::units::counters(&s),
///     "expanded 12,345, generated 30,000, peak stored 999, memory 3.0 MiB, time 250.00 ms");
/// ```
pub fn counters(s: &crate::engine::Stats) -> String {
    format!(
        "expanded {}, generated {}, peak stored {}, memory {}, time {}",
        thousands(s.expanded),
        thousands(s.generated),
        thousands(s.peak_stored),
        bytes(s.peak_bytes),
        duration(s.elapsed.as_secs_f64())
    )
}
