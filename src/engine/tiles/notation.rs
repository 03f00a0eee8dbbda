//! The move notation players exchange, as the `slidy` crate and the
//! speed-solving simulators (slidysim, 15puzzle.app) write it.
//!
//! # The convention
//!
//! - Each letter `U`, `D`, `L`, `R` names the direction the **tiles** move.
//!   That is the opposite of the engine's [`Dir`], which names the
//!   direction the **blank** moves: `R` in the notation (a tile slides
//!   right) is [`Dir::Left`] for the engine (the blank goes left).
//! - A letter may be followed by a run length `k` ≥ 2: `R3` is the same as
//!   `R R R`, three single-tile moves to the right (on a real puzzle one
//!   push of the three tiles left of the blank). A run length is at most
//!   [`MAX_RUN`].
//! - Tokens are separated by single spaces when written
//!   ([`to_notation`]: slidy's "short spaced" form, `U2 R D L3`); consecutive identical moves are always grouped into
//!   one token, so the number of tokens is the number of *multi-tile moves*
//!   ([`multi_tile_moves`]).
//! - Reading ([`parse_notation`]) accepts either case, any whitespace (or
//!   none) between tokens (`R3D2LU` = `R3 D2 L U`), an explicit run of one
//!   (`R1` = `R`) and neighbouring tokens of one letter (`R R2` = `R3`), so
//!   each of slidy's displays reads back (`U2RDL3`, `UU R D LLL`,
//!   `U U R D L L L`). A
//!   run of 0, a run over [`MAX_RUN`], a digit without a letter before it,
//!   any other character, or more than [`MAX_MOVES`] moves in all are
//!   refused with a [`NotationError`] naming the first bad token and where
//!   it is.
//!
//! ```
//! use huarong_engine::{Board, Dir};
//! use huarong_engine::tiles::notation::{multi_tile_moves, parse_notation, to_notation};
//!
//! // The blank moves left three times: the tiles move right, `R3`.
//! let blank = [Dir::Left, Dir::Left, Dir::Left, Dir::Up, Dir::Up];
//! assert_eq!(to_notation(&blank), "R3 D2");
//! assert_eq!(multi_tile_moves(&blank), 2);
//! assert_eq!(parse_notation("r3d2").unwrap(), blank);
//!
//! // The moves read are the blank's, ready for `Board::apply_path`.
//! let mut b = Board::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
//! b.apply_path(&parse_notation("R D").unwrap()).unwrap();
//! assert_eq!(b.cells(), &[1, 2, 3, 4, 0, 6, 7, 5, 8]);
//!
//! let err = parse_notation("R3 X2 L").unwrap_err();
//! assert_eq!(err.to_string(), "token 2 'X2' (at character 4) is not a move: \
//!     use U, D, L or R (the direction the tiles move), optionally with a count, e.g. R3");
//! ```

use std::fmt;

use super::board::Dir;

/// The longest run one token may give (`R1000`).
pub const MAX_RUN: u32 = 1000;

/// The most moves [`parse_notation`] returns: a text asking for more is
/// refused before they are allocated.
pub const MAX_MOVES: usize = 1_000_000;

/// Longest piece of the text quoted in an error.
const QUOTE_MAX: usize = 20;

/// What is wrong with a move string: the first bad token, by its number
/// among the tokens (from 1) and the character it starts at (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A token that does not start with `U`, `D`, `L` or `R`.
    NotAMove {
        /// The token's number (from 1).
        token: usize,
        /// The character it starts at (from 1).
        at: usize,
        /// Its text (shortened if long).
        text: String,
    },
    /// A run length of 0.
    ZeroRun {
        /// The token's number (from 1).
        token: usize,
        /// The character it starts at (from 1).
        at: usize,
        /// Its text.
        text: String,
    },
    /// A run length over [`MAX_RUN`].
    RunTooLong {
        /// The token's number (from 1).
        token: usize,
        /// The character it starts at (from 1).
        at: usize,
        /// Its text (shortened if long).
        text: String,
    },
    /// More than [`MAX_MOVES`] moves in all.
    TooManyMoves {
        /// The token that crossed the bound (from 1).
        token: usize,
        /// The character it starts at (from 1).
        at: usize,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::NotAMove { token, at, text } => write!(
                f,
                "token {token} '{text}' (at character {at}) is not a move: use U, D, L or R \
                 (the direction the tiles move), optionally with a count, e.g. R3"
            ),
            NotationError::ZeroRun { token, at, text } => write!(
                f,
                "token {token} '{text}' (at character {at}) moves 0 times: a count is 1 or more"
            ),
            NotationError::RunTooLong { token, at, text } => write!(
                f,
                "token {token} '{text}' (at character {at}) repeats a move more than {MAX_RUN} times"
            ),
            NotationError::TooManyMoves { token, at } => write!(
                f,
                "token {token} (at character {at}) takes the moves past {MAX_MOVES}, \
                 more than any solve"
            ),
        }
    }
}

impl std::error::Error for NotationError {}

/// The notation's letter for a blank move: the direction the tile moves.
fn tile_letter(blank: Dir) -> char {
    blank.opposite().letter()
}

/// A path of blank moves in the players' notation: the tiles' directions,
/// runs grouped (`R3 D2 L U`); the empty path is the empty string.
///
/// ```
/// use huarong_engine::Dir;
/// use huarong_engine::tiles::notation::to_notation;
/// assert_eq!(to_notation(&[Dir::Left; 3]), "R3");
/// assert_eq!(to_notation(&[Dir::Down, Dir::Right]), "U L");
/// ```
pub fn to_notation(blank_moves: &[Dir]) -> String {
    let mut out = String::new();
    for run in blank_moves.chunk_by(|a, b| a == b) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push(tile_letter(run[0]));
        if run.len() > 1 {
            out.push_str(&run.len().to_string());
        }
    }
    out
}

/// The number of multi-tile moves of a path: its maximal runs of one
/// direction (a slide of k tiles of one row or column counts 1). The
/// single-tile count is the path's length.
///
/// ```
/// use huarong_engine::Dir;
/// use huarong_engine::tiles::notation::multi_tile_moves;
/// assert_eq!(multi_tile_moves(&[Dir::Left, Dir::Left, Dir::Up, Dir::Left]), 3);
/// assert_eq!(multi_tile_moves(&[]), 0);
/// ```
pub fn multi_tile_moves(blank_moves: &[Dir]) -> usize {
    blank_moves.chunk_by(|a, b| a == b).count()
}

/// At most [`QUOTE_MAX`] characters of `text`, control characters escaped.
fn quote(text: &str) -> String {
    crate::numeral::quoted(text, QUOTE_MAX)
}

/// Read a move string (see the [module](self) for the convention); returns
/// the **blank**'s moves, which [`Board::apply_path`](super::Board::apply_path)
/// applies. The empty (or blank) text is the empty path.
///
/// ```
/// use huarong_engine::Dir;
/// use huarong_engine::tiles::notation::parse_notation;
/// assert_eq!(parse_notation("R3").unwrap(), vec![Dir::Left; 3]);
/// assert_eq!(parse_notation("u1 l").unwrap(), vec![Dir::Down, Dir::Right]);
/// assert!(parse_notation("R0").is_err());
/// ```
pub fn parse_notation(text: &str) -> Result<Vec<Dir>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    let mut token = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        token += 1;
        let start = i;
        let at = start + 1;
        let Some(letter) = Dir::from_letter(chars[i]) else {
            let end = chars[start..]
                .iter()
                .position(|c| c.is_whitespace())
                .map_or(chars.len(), |n| start + n);
            let text: String = chars[start..end].iter().collect();
            return Err(NotationError::NotAMove {
                token,
                at,
                text: quote(&text),
            });
        };
        i += 1;
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let text = || quote(&chars[start..i].iter().collect::<String>());
        let run = if i == digits_start {
            1
        } else {
            // Leading zeros are skipped, so a long run of them is no overflow.
            let digits: String = chars[digits_start..i].iter().collect();
            let digits = digits.trim_start_matches('0');
            if digits.is_empty() {
                return Err(NotationError::ZeroRun {
                    token,
                    at,
                    text: text(),
                });
            }
            match digits.parse::<u32>() {
                Ok(n) if n <= MAX_RUN => n as usize,
                _ => {
                    return Err(NotationError::RunTooLong {
                        token,
                        at,
                        text: text(),
                    });
                }
            }
        };
        if moves.len() + run > MAX_MOVES {
            return Err(NotationError::TooManyMoves { token, at });
        }
        // The notation names the tiles' direction; the blank goes the other way.
        moves.extend(std::iter::repeat_n(letter.opposite(), run));
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dirs() -> impl Strategy<Value = Vec<Dir>> {
        prop::collection::vec(prop::sample::select(Dir::ALL.to_vec()), 0..200)
    }

    proptest! {
        #[test]
        fn a_path_round_trips_and_its_tokens_are_its_multi_tile_moves(path in dirs()) {
            let text = to_notation(&path);
            prop_assert_eq!(parse_notation(&text).unwrap(), path.clone());
            let tokens = text.split_whitespace().count();
            prop_assert_eq!(tokens, multi_tile_moves(&path));
            // Neighbouring tokens never repeat a letter: every run is grouped.
            let letters: Vec<char> = text.split_whitespace().map(|t| t.chars().next().unwrap()).collect();
            prop_assert!(letters.windows(2).all(|w| w[0] != w[1]));
            // Without the spaces, in lower case, it reads the same.
            let squeezed: String = text.chars().filter(|c| *c != ' ').collect::<String>().to_lowercase();
            prop_assert_eq!(parse_notation(&squeezed).unwrap(), path.clone());
        }

        #[test]
        fn the_metric_counts_direction_changes_plus_one(path in dirs()) {
            // Independently: one more than the number of places the direction changes.
            let changes = path.windows(2).filter(|w| w[0] != w[1]).count();
            let expected = if path.is_empty() { 0 } else { changes + 1 };
            prop_assert_eq!(multi_tile_moves(&path), expected);
        }

        #[test]
        fn no_text_panics(text in ".{0,40}") {
            let _ = parse_notation(&text);
        }
    }

    #[test]
    fn hand_made_examples() {
        use Dir::*;
        assert_eq!(to_notation(&[Left, Left, Left]), "R3");
        assert_eq!(to_notation(&[Right]), "L");
        assert_eq!(to_notation(&[Up, Up, Down]), "D2 U");
        assert_eq!(
            to_notation(&[Left, Left, Left, Up, Up, Right, Down]),
            "R3 D2 L U"
        );
        assert_eq!(to_notation(&[]), "");
        assert_eq!(
            parse_notation("R3 D2 L U").unwrap(),
            vec![Left, Left, Left, Up, Up, Right, Down]
        );
        assert_eq!(
            parse_notation("R3D2LU").unwrap(),
            parse_notation("R3 D2 L U").unwrap()
        );
        assert_eq!(parse_notation("  \t\n").unwrap(), vec![]);
        assert_eq!(parse_notation("R1").unwrap(), vec![Left]);
        assert_eq!(parse_notation("R R2").unwrap(), vec![Left; 3]);
        assert_eq!(parse_notation("d002").unwrap(), vec![Up; 2]);
        assert_eq!(parse_notation("L1000").unwrap().len(), 1000);
        assert_eq!(
            multi_tile_moves(&[Left, Left, Left, Up, Up, Right, Down]),
            4
        );
        // On a board: a blank in the bottom-right corner of a 4x4, R3 slides
        // the three other tiles of the bottom row right.
        let mut b = crate::tiles::Board::goal(crate::tiles::Shape::new(4, 4).unwrap());
        b.apply_path(&parse_notation("R3").unwrap()).unwrap();
        assert_eq!(&b.cells()[12..], &[0, 13, 14, 15]);
    }

    #[test]
    fn every_form_slidy_writes_reads_the_same() {
        // slidy's four displays of one algorithm (its display tests).
        let short = parse_notation("U2 R D L3").unwrap();
        for text in [
            "U U R D L L L",
            "UU R D LLL",
            "U URDL L L",
            "UURDLLL",
            "U2RDL3",
        ] {
            assert_eq!(parse_notation(text).unwrap(), short, "{text}");
        }
        assert_eq!(to_notation(&short), "U2 R D L3");
    }

    #[test]
    fn bad_tokens_are_named_with_their_place() {
        let e = parse_notation("R3 X2 L").unwrap_err();
        assert_eq!(
            e,
            NotationError::NotAMove {
                token: 2,
                at: 4,
                text: "X2".into()
            }
        );
        let e = parse_notation("3R").unwrap_err();
        assert_eq!(
            e,
            NotationError::NotAMove {
                token: 1,
                at: 1,
                text: "3R".into()
            }
        );
        // "R 3": the count is a token of its own, and no move.
        let e = parse_notation("R 3").unwrap_err();
        assert_eq!(
            e,
            NotationError::NotAMove {
                token: 2,
                at: 3,
                text: "3".into()
            }
        );
        let e = parse_notation("R,D").unwrap_err();
        assert_eq!(
            e,
            NotationError::NotAMove {
                token: 2,
                at: 2,
                text: ",D".into()
            }
        );
        let e = parse_notation("UD R0").unwrap_err();
        assert_eq!(
            e,
            NotationError::ZeroRun {
                token: 3,
                at: 4,
                text: "R0".into()
            }
        );
        let e = parse_notation("L1001").unwrap_err();
        assert_eq!(
            e,
            NotationError::RunTooLong {
                token: 1,
                at: 1,
                text: "L1001".into()
            }
        );
        let e = parse_notation("L99999999999999999999999").unwrap_err();
        assert!(
            matches!(
                e,
                NotationError::RunTooLong {
                    token: 1,
                    at: 1,
                    ..
                }
            ),
            "{e:?}"
        );
        let e = parse_notation("rü").unwrap_err();
        assert_eq!(
            e,
            NotationError::NotAMove {
                token: 2,
                at: 2,
                text: "ü".into()
            }
        );
        let many = "R1000 L1000 ".repeat(MAX_MOVES / 2000) + "U";
        let e = parse_notation(&many).unwrap_err();
        assert_eq!(
            e,
            NotationError::TooManyMoves {
                token: MAX_MOVES / 1000 + 1,
                at: many.len()
            }
        );
        for e in [
            parse_notation("X").unwrap_err(),
            parse_notation("R0").unwrap_err(),
            parse_notation("R5000").unwrap_err(),
            parse_notation(&many).unwrap_err(),
            parse_notation(&"x".repeat(100)).unwrap_err(),
        ] {
            assert!(!e.to_string().contains('\n'), "{e}");
        }
        assert!(
            parse_notation(&"x".repeat(100))
                .unwrap_err()
                .to_string()
                .contains('…')
        );
    }
}
