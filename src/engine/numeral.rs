//! Numbers and text as messages quote them: a value a person typed or a
//! file holds may be 1e308, and a message repeats it in a few characters,
//! not 309 digits; a text may be a megabyte, or hold control characters.

/// `x` as a message shows it: in scientific form outside 1e-4 … 1e15
/// (`1e308`, `-1e-9`), as written otherwise (`0.5`, `60`).
///
/// ```
/// use huarong_engine::numeral::short_number;
/// assert_eq!(short_number(1e308), "1e308");
/// assert_eq!(short_number(-1e308), "-1e308");
/// assert_eq!(short_number(0.5), "0.5");
/// assert_eq!(short_number(1e-9), "1e-9");
/// assert_eq!(short_number(0.0), "0");
/// ```
pub fn short_number(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// At most `max` characters of `text`, control characters escaped, and `…`
/// when it was longer: a piece of what a person typed or a file holds, as
/// a message repeats it.
///
/// ```
/// use huarong_engine::numeral::quoted;
/// assert_eq!(quoted("R3 D2", 20), "R3 D2");
/// assert_eq!(quoted("abcdef", 3), "abc…");
/// assert_eq!(quoted("a\nb", 20), "a\\nb");
/// ```
pub fn quoted(text: &str, max: usize) -> String {
    let mut out: String = text
        .chars()
        .take(max)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}
