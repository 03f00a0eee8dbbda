//! Number agreement for the English texts: a template is written with the
//! plural ("{moves} moves"), and a count of exactly one takes the singular
//! when the text is made ("1 move"), so no message needs a second variant
//! for one and no caller picks a word form.

/// The count nouns the texts use, plural first. Only these change: a word
/// that is not a count noun ("1 is") is left alone.
const NOUNS: &[(&str, &str)] = &[
    ("cells", "cell"),
    ("columns", "column"),
    ("cycles", "cycle"),
    ("databases", "database"),
    ("entries", "entry"),
    ("events", "event"),
    ("expansions", "expansion"),
    ("heuristics", "heuristic"),
    ("iterations", "iteration"),
    ("layers", "layer"),
    ("lines", "line"),
    ("minutes", "minute"),
    ("moves", "move"),
    ("nodes", "node"),
    ("numbers", "number"),
    ("pairs", "pair"),
    ("pieces", "piece"),
    ("points", "point"),
    ("positions", "position"),
    ("rows", "row"),
    ("runs", "run"),
    ("seconds", "second"),
    ("starts", "start"),
    ("states", "state"),
    ("steps", "step"),
    ("swaps", "swap"),
    ("tiles", "tile"),
    ("times", "time"),
    ("values", "value"),
];

/// `text` with every count noun after a lone "1" in the singular:
/// "1 moves, 3 steps" → "1 move, 3 steps". A "1" that is part of a longer
/// number ("11", "2,001", "0.1") is not a lone one, nor is the tile named 1.
pub fn agree(text: String) -> String {
    if !text.contains("1 ") {
        return text; // the common case: nothing to look at
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("1 ") {
        let (before, after) = rest.split_at(at + 2); // through "1 "
        out.push_str(before);
        rest = after;
        let lone = before[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_digit() || c == '.' || c == ',' || c == '-'));
        // "tile 1 moves" names a tile, it does not count one.
        let names_a_tile = before[..at].to_ascii_lowercase().ends_with("tile ");
        if !lone || names_a_tile {
            continue;
        }
        let word_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let word = &rest[..word_end];
        if let Some(&(_, one)) = NOUNS.iter().find(|(many, _)| *many == word) {
            out.push_str(one);
            rest = &rest[word_end..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::agree;

    fn a(s: &str) -> String {
        agree(s.to_string())
    }

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(a("1 moves, 3 steps"), "1 move, 3 steps");
        assert_eq!(a("3 moves, 1 steps"), "3 moves, 1 step");
        assert_eq!(a("(1 pairs linked)"), "(1 pair linked)");
        assert_eq!(a("1 entries"), "1 entry");
        assert_eq!(a("1 moves"), "1 move");
        for many in ["11 moves", "21 moves", "2,001 moves", "0.1 seconds", "-1 moves", "0 moves"] {
            assert_eq!(a(many), many);
        }
    }

    #[test]
    fn only_count_nouns_change() {
        assert_eq!(a("1 is the goal"), "1 is the goal");
        assert_eq!(a("Tile 1 moves left"), "Tile 1 moves left");
        assert_eq!(a("1 movesmith"), "1 movesmith");
        assert_eq!(a("no count here"), "no count here");
    }
}
