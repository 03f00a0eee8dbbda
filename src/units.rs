//! Numbers for people: thousands separators, byte sizes, durations, and
//! the median of timings. Shared by the command line and the app.

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

/// The median of `v` (the mean of the middle two for an even count), or
/// `None` when it is empty. Sorts `v`.
///
/// ```
/// use huarong::units::median;
/// assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
/// assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
/// assert_eq!(median(&mut []), None);
/// ```
pub fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}
