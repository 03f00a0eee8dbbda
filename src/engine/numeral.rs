//! Numbers as messages quote them: a value a person typed or a file holds
//! may be 1e308, and a message repeats it in a few characters, not 309
//! digits.

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
