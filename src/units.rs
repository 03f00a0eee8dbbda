//! Numbers for people: thousands separators, short counts, byte sizes,
//! durations, a search's counters and how it ended, and the median of
//! timings. Shared by the command line and the app.

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

/// The units of [`count`], smallest first.
const COUNT_UNITS: [(u64, &str); 4] = [
    (1_000, "k"),
    (1_000_000, "M"),
    (1_000_000_000, "G"),
    (1_000_000_000_000, "T"),
];

/// The units of [`count_chinese`], smallest first: 万 (10⁴), 亿 (10⁸),
/// 万亿 (10¹²), as Chinese counts go.
const CHINESE_UNITS: [(u64, &str); 3] = [
    (10_000, "万"),
    (100_000_000, "亿"),
    (1_000_000_000_000, "万亿"),
];

/// A count in short form, in Chinese units: as it is below 10,000, else in
/// 万, 亿 or 万亿, leaving 1 to 9,999 before the point.
///
/// ```
/// use huarong::units::{count_chinese, parse_count};
/// assert_eq!(count_chinese(9_999), "9,999");
/// assert_eq!(count_chinese(10_000_000), "1000 万");
/// assert_eq!(count_chinese(150_000_000), "1.5 亿");
/// assert_eq!(parse_count("1000 万"), Some(10_000_000));
/// ```
pub fn count_chinese(n: u64) -> String {
    short(n, &CHINESE_UNITS, 10_000.0)
}

/// A count in short form: as it is below 10,000, else in the unit (k, M,
/// G, T) that leaves 1 to 999 before the point, to three significant
/// digits.
///
/// ```
/// use huarong::units::count;
/// assert_eq!(count(9_999), "9,999");
/// assert_eq!(count(10_000_000), "10 M");
/// assert_eq!(count(1_500_000), "1.5 M");
/// assert_eq!(count(123_456), "123 k");
/// ```
pub fn count(n: u64) -> String {
    short(n, &COUNT_UNITS, 1000.0)
}

/// `n` as it is below 10,000, else in the first of `units` that leaves
/// less than `next` (the step to the next unit) before the point.
fn short(n: u64, units: &[(u64, &str)], next: f64) -> String {
    if n < 10_000 {
        return thousands(n);
    }
    for (i, &(unit, name)) in units.iter().enumerate() {
        let x = n as f64 / unit as f64;
        let decimals = if x < 10.0 {
            2
        } else if x < 100.0 {
            1
        } else {
            0
        };
        let shown = format!("{x:.decimals$}");
        // 999,999 rounds to "1000 k": that is the next unit's 1.
        if shown.parse::<f64>().unwrap_or(x) >= next && i + 1 < units.len() {
            continue;
        }
        let shown = if shown.contains('.') {
            shown.trim_end_matches('0').trim_end_matches('.')
        } else {
            &shown
        };
        return format!("{shown} {name}");
    }
    unreachable!("the last unit takes any count")
}

/// A count as people type it: `10 M`, `1.5M`, `250 k`, `12,000` or
/// `12000`; `None` if it is not one (or is negative, or too large).
///
/// ```
/// use huarong::units::parse_count;
/// assert_eq!(parse_count("10 M"), Some(10_000_000));
/// assert_eq!(parse_count("1,500"), Some(1_500));
/// assert_eq!(parse_count("many"), None);
/// ```
pub fn parse_count(text: &str) -> Option<u64> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',' && *c != '_')
        .collect();
    // The longest unit first: 万亿 before 亿.
    let mut units: Vec<(u64, &str)> = COUNT_UNITS.iter().chain(&CHINESE_UNITS).copied().collect();
    units.sort_by_key(|(_, name)| std::cmp::Reverse(name.len()));
    let found = units.iter().find_map(|&(unit, name)| {
        let at = text.len().checked_sub(name.len())?;
        let tail = text.get(at..)?;
        tail.eq_ignore_ascii_case(name)
            .then_some((&text[..at], unit))
    });
    let (number, unit) = found.unwrap_or((&text[..], 1));
    let x: f64 = number.parse().ok()?;
    let n = (x * unit as f64).round();
    (x.is_finite() && x >= 0.0 && n < u64::MAX as f64).then_some(n as u64)
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

/// How a search ended, in words.
///
/// ```
/// use huarong_engine::{LimitKind, Status};
/// assert_eq!(huarong::units::status(Status::NotFound), "Not found");
/// assert_eq!(huarong::units::status(Status::Limit(LimitKind::Nodes)), "Node limit reached");
/// ```
pub fn status(status: crate::engine::Status) -> &'static str {
    use crate::engine::{LimitKind, Status};
    match status {
        Status::Solved => "Solved",
        Status::Unsolvable => "Unsolvable",
        Status::Limit(LimitKind::Nodes) => "Node limit reached",
        Status::Limit(LimitKind::Memory) => "Memory limit reached",
        Status::Limit(LimitKind::Time) => "Time limit reached",
        Status::Cancelled => "Cancelled",
        Status::NotFound => "Not found",
    }
}

/// How a search ended, with its reason when that says more than the status
/// (a cancelled search's reason is "cancelled": said once).
///
/// ```
/// use huarong_engine::Status;
/// use huarong::units::ended;
/// assert_eq!(ended(Status::Cancelled, Some("cancelled")), "Cancelled");
/// assert_eq!(ended(Status::Unsolvable, Some("odd permutation")), "Unsolvable: odd permutation");
/// ```
pub fn ended(s: crate::engine::Status, reason: Option<&str>) -> String {
    let words = status(s);
    match reason.map(str::trim) {
        Some(why) if !why.is_empty() && !words.to_lowercase().contains(&why.to_lowercase()) => {
            format!("{words}: {why}")
        }
        _ => words.to_string(),
    }
}

/// The median of `v` (the mean of the middle two), or `None` when empty;
/// the engine's, where the experiment statistics are computed.
pub use crate::engine::experiment::median;

/// A search's counters on one line, the same wherever they are shown
/// (the app's status lines, the compare view, the CLI's readable output).
/// The memory is the search's own; a pattern database it consulted is
/// added apart ([`memory`]).
///
/// ```
/// use std::time::Duration;
/// use huarong_engine::Stats;
/// let s = Stats { expanded: 12345, generated: 30000, peak_stored: 999, peak_bytes: 3 << 20,
///     elapsed: Duration::from_millis(250), ..Stats::default() };
/// assert_eq!(huarong::units::counters(&s),
///     "expanded 12,345, generated 30,000, peak stored 999, memory 3.0 MiB, time 250.00 ms");
/// let guided = Stats { peak_bytes: 6 << 10, database_bytes: 550 << 20, ..s };
/// assert!(huarong::units::counters(&guided)
///     .contains(", memory 6.0 KiB + pattern database 550.0 MiB, "));
/// ```
pub fn counters(s: &crate::engine::Stats) -> String {
    format!(
        "expanded {}, generated {}, peak stored {}, memory {}, time {}",
        thousands(s.expanded),
        thousands(s.generated),
        thousands(s.peak_stored),
        memory(s.peak_bytes, s.database_bytes),
        duration(s.elapsed.as_secs_f64())
    )
}

/// A search's memory and, apart, the pattern database it consulted (none:
/// the search's alone): `6.2 KiB + pattern database 550.0 MiB`.
///
/// ```
/// use huarong::units::memory;
/// assert_eq!(memory(3 << 20, 0), "3.0 MiB");
/// assert_eq!(memory(6 << 10, 11 << 20), "6.0 KiB + pattern database 11.0 MiB");
/// ```
pub fn memory(search: u64, database: u64) -> String {
    match database {
        0 => bytes(search),
        db => format!("{} + pattern database {}", bytes(search), bytes(db)),
    }
}

/// What a solved run's path is guaranteed to be, as people read it:
/// `optimal`, `≤ 1.2 × optimal` for a bounded-suboptimal run, or `None`
/// when nothing is guaranteed.
///
/// ```
/// use huarong_engine::Stats;
/// let bounded = Stats { within: Some(1.2), ..Stats::default() };
/// assert_eq!(huarong::units::guarantee(&bounded).as_deref(), Some("≤ 1.2 × optimal"));
/// let exact = Stats { optimal: true, within: Some(1.0), ..Stats::default() };
/// assert_eq!(huarong::units::guarantee(&exact).as_deref(), Some("optimal"));
/// assert_eq!(huarong::units::guarantee(&Stats::default()), None);
/// ```
pub fn guarantee(s: &crate::engine::Stats) -> Option<String> {
    match (s.optimal, s.within) {
        (true, _) => Some("optimal".into()),
        (false, Some(w)) => Some(format!("≤ {w} × optimal")),
        (false, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{LimitKind, Status};

    #[test]
    fn counts_take_the_unit_that_leaves_one_to_three_digits() {
        for (n, want) in [
            (0, "0"),
            (999, "999"),
            (9_999, "9,999"),
            (10_000, "10 k"),
            (12_345, "12.3 k"),
            (999_499, "999 k"),
            (999_999, "1 M"),
            (1_000_000, "1 M"),
            (1_234_567, "1.23 M"),
            (10_000_000, "10 M"),
            (250_000_000, "250 M"),
            (10_000_000_000, "10 G"),
            (u64::MAX, "18446744 T"),
        ] {
            assert_eq!(count(n), want, "{n}");
        }
    }

    /// Chinese counts go by 10⁴: 万, 亿 (10⁸), 万亿 (10¹²).
    #[test]
    fn chinese_counts_take_wan_yi_and_wan_yi() {
        for (n, want) in [
            (9_999, "9,999"),
            (10_000, "1 万"),
            (12_345, "1.23 万"),
            (1_000_000, "100 万"),
            (10_000_000, "1000 万"),
            (99_995_000, "1 亿"),
            (150_000_000, "1.5 亿"),
            (2_000_000_000_000, "2 万亿"),
        ] {
            assert_eq!(count_chinese(n), want, "{n}");
        }
    }

    #[test]
    fn a_shown_count_reads_back_to_itself_within_its_digits() {
        for n in [
            1,
            999,
            9_999,
            10_000,
            12_345,
            999_999,
            1_234_567,
            10_000_000,
            150_000_000,
            3_000_000_000_000,
        ] {
            for shown in [count(n), count_chinese(n)] {
                let back = parse_count(&shown).unwrap();
                // Three significant digits: within half a unit of the third.
                let tolerance = n as f64 * 0.005 + 0.5;
                assert!(
                    (back as f64 - n as f64).abs() <= tolerance,
                    "{n} → {shown} → {back}"
                );
            }
        }
    }

    #[test]
    fn typed_counts_are_read_or_refused() {
        assert_eq!(parse_count("10M"), Some(10_000_000));
        assert_eq!(parse_count("10 m"), Some(10_000_000));
        assert_eq!(parse_count(" 250 k "), Some(250_000));
        assert_eq!(parse_count("1.5 G"), Some(1_500_000_000));
        assert_eq!(parse_count("12_000"), Some(12_000));
        for bad in ["", "k", "-5", "1 x", "1e400", "NaN", "ten"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_ending_says_its_status_once() {
        assert_eq!(ended(Status::Cancelled, Some("cancelled")), "Cancelled");
        assert_eq!(
            ended(Status::Limit(LimitKind::Nodes), Some("node limit reached")),
            "Node limit reached"
        );
        assert_eq!(
            ended(Status::NotFound, Some("no solution in 500 iterations")),
            "Not found: no solution in 500 iterations"
        );
        assert_eq!(ended(Status::NotFound, None), "Not found");
        for s in [
            Status::Solved,
            Status::Unsolvable,
            Status::Limit(LimitKind::Time),
            Status::Limit(LimitKind::Memory),
            Status::Cancelled,
            Status::NotFound,
        ] {
            // People's words, never the record's key (`not_found`).
            let words = status(s);
            assert!(!words.contains('_') && words != s.name(), "{words}");
        }
    }
}
