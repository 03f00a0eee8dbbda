//! A state as events carry it: a compact key ([`StateKey`]), made cheaply
//! as the search runs, and the means to write it in words
//! ([`StateWords`]), used only where a state is shown.

use std::sync::Arc;

use crate::klotski::{KlotskiSpace, Layout, Metric};
use crate::tiles::Shape;

/// A state's identity in an event: two events name the same state exactly
/// when their keys are equal (within one puzzle). Tile boards of up to 16
/// cells are one word (4 bits a cell), up to 25 cells two (5 bits a cell),
/// larger ones a byte a cell; a Klotski position is its code; a space with
/// no words for its states gives [`StateKey::None`].
///
/// ```
/// use huarong_engine::observe::{StateKey, StateWords};
/// use huarong_engine::Shape;
///
/// let key = StateKey::of_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
/// let words = StateWords::tiles(Shape::new(3, 3).unwrap());
/// assert_eq!(words.text(&key), "1 2 3 4 5 6 7 0 8");
/// assert_eq!(key, StateKey::of_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8]));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StateKey {
    /// The search has no words for its states.
    #[default]
    None,
    /// Up to three words: a packed tile board or a Klotski code.
    Packed([u64; 3]),
    /// A tile board of more than 25 cells, a byte a cell.
    Cells(Arc<[u8]>),
}

/// Cells a one-word tile key holds (4 bits each).
const ONE_WORD: usize = 16;
/// Cells a board may have for every number on it to be one digit.
const ONE_DIGIT: usize = 10;
/// Cells a two-word tile key holds (5 bits each).
const TWO_WORDS: usize = 25;

impl StateKey {
    /// The key as text that [`from_wire`](Self::from_wire) reads back
    /// exactly (a web worker's events cross to the page as text): empty
    /// for none, `p` and three hexadecimal words, or `c` and a byte a cell.
    ///
    /// ```
    /// use huarong_engine::observe::StateKey;
    /// let key = StateKey::of_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    /// assert_eq!(StateKey::from_wire(&key.to_wire()), Some(key));
    /// assert_eq!(StateKey::from_wire("nonsense"), None);
    /// ```
    pub fn to_wire(&self) -> String {
        match self {
            StateKey::None => String::new(),
            StateKey::Packed([a, b, c]) => format!("p{a:x}.{b:x}.{c:x}"),
            StateKey::Cells(cells) => {
                let mut text = String::with_capacity(1 + 2 * cells.len());
                text.push('c');
                for cell in cells.iter() {
                    text.push_str(&format!("{cell:02x}"));
                }
                text
            }
        }
    }

    /// The key [`to_wire`](Self::to_wire) wrote; `None` for other text.
    pub fn from_wire(text: &str) -> Option<StateKey> {
        if text.is_empty() {
            return Some(StateKey::None);
        }
        if let Some(words) = text.strip_prefix('p') {
            let mut parts = words.split('.').map(|w| u64::from_str_radix(w, 16).ok());
            let key = [parts.next()??, parts.next()??, parts.next()??];
            return parts.next().is_none().then_some(StateKey::Packed(key));
        }
        let hex = text.strip_prefix('c')?;
        if hex.len() % 2 != 0 || !hex.is_ascii() {
            return None;
        }
        let cells: Option<Vec<u8>> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
            .collect();
        Some(StateKey::Cells(cells?.into()))
    }

    /// The key of a tile board given row by row (0 the blank).
    pub fn of_tiles(cells: &[u8]) -> Self {
        if cells.len() <= ONE_WORD {
            let word = cells
                .iter()
                .enumerate()
                .fold(0u64, |acc, (i, &t)| acc | (t as u64) << (4 * i));
            Self::Packed([word, 0, 0])
        } else if cells.len() <= TWO_WORDS {
            let wide = cells
                .iter()
                .enumerate()
                .fold(0u128, |acc, (i, &t)| acc | (t as u128) << (5 * i));
            Self::Packed([wide as u64, (wide >> 64) as u64, 0])
        } else {
            Self::Cells(cells.into())
        }
    }

    /// The key of a tile board written as its numbers, space separated
    /// (as [`StateWords::tiles`] writes it); `None` if a word is not a
    /// number below 256.
    pub fn of_tile_text(text: &str) -> Option<Self> {
        let cells: Option<Vec<u8>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
        Some(Self::of_tiles(&cells?))
    }

    /// The key of a Klotski position (as the searches report it when they
    /// start from `layout`).
    pub fn of_layout(layout: &Layout) -> Self {
        KlotskiSpace::new(layout, Metric::Moves).1.key()
    }

    /// The tile in each of a board's `cells` cells (`None`: not a tile key
    /// of that size).
    pub fn tiles(&self, cells: usize) -> Option<Vec<u8>> {
        (0..cells).map(|i| self.tile(cells, i)).collect()
    }

    /// The tile in cell `i` of a board of `cells` cells (`None`: not a
    /// tile key of that size).
    #[inline]
    fn tile(&self, cells: usize, i: usize) -> Option<u8> {
        match self {
            Self::Packed([word, ..]) if cells <= ONE_WORD => Some((word >> (4 * i) & 0xF) as u8),
            Self::Packed([lo, hi, _]) if cells <= TWO_WORDS => {
                let wide = (*hi as u128) << 64 | *lo as u128;
                Some((wide >> (5 * i) & 0x1F) as u8)
            }
            Self::Cells(c) if c.len() == cells => c.get(i).copied(),
            _ => None,
        }
    }
}

/// How a puzzle writes its states' keys in words: a tile board as its
/// numbers, space separated; a Klotski position as its layout text (rows
/// joined by `/`). Made once per puzzle, called only for what is shown or
/// written out.
#[derive(Clone)]
pub struct StateWords {
    write: Arc<WriteWords>,
    /// The words are printable ASCII with no `"` or `\`: nothing a
    /// quoted string (JSON's, say) would escape.
    plain: bool,
}

/// Appends a key's words to a buffer.
type WriteWords = dyn Fn(&StateKey, &mut Vec<u8>) + Send + Sync;

impl std::fmt::Debug for StateWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StateWords")
    }
}

impl Default for StateWords {
    /// No words: every key is written as nothing.
    fn default() -> Self {
        Self {
            write: Arc::new(|_, _| {}),
            plain: true,
        }
    }
}

impl StateWords {
    /// Words of a search space's own: `write` appends a key's words (UTF-8)
    /// to its buffer.
    pub fn new(write: impl Fn(&StateKey, &mut Vec<u8>) + Send + Sync + 'static) -> Self {
        Self {
            write: Arc::new(write),
            plain: false,
        }
    }

    /// The words of a tile board of `shape`.
    pub fn tiles(shape: Shape) -> Self {
        let cells = shape.cells();
        Self {
            write: Arc::new(move |key, out| write_tiles(key, cells, out)),
            plain: true,
        }
    }

    /// The words of positions of `layout`'s board (its pieces' shapes).
    pub fn klotski(layout: &Layout) -> Self {
        let (space, _) = KlotskiSpace::new(layout, Metric::Moves);
        Self {
            write: Arc::new(move |key, out| {
                if let StateKey::Packed(code) = key {
                    out.extend_from_slice(space.text_of(code).as_bytes());
                }
            }),
            plain: true,
        }
    }

    /// Append `key` in words to `out`, as UTF-8 (ASCII, in fact: digits,
    /// letters, spaces, `.` and `/`).
    pub fn write(&self, key: &StateKey, out: &mut Vec<u8>) {
        (self.write)(key, out)
    }

    /// Whether the words are known to need no escaping in a quoted string
    /// (JSON's): printable ASCII with no `"` or `\`, as a tile board's
    /// and a Klotski position's are. Words of [`new`](Self::new) are not
    /// known to be.
    pub fn is_plain(&self) -> bool {
        self.plain
    }

    /// `key` in words (empty when there are none).
    pub fn text(&self, key: &StateKey) -> String {
        let mut out = Vec::new();
        self.write(key, &mut out);
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// The eight nibbles of `nibbles` (each below 10), lowest first, as eight
/// pairs of bytes in little-endian order: the digit, then a space. Each
/// step moves half of what is left to twice its distance (nibble `i` from
/// bit `4i` to bit `16i`).
fn digits_and_spaces(nibbles: u32) -> u128 {
    const LANES: u128 = 0x2030_2030_2030_2030_2030_2030_2030_2030;
    let x = nibbles as u128;
    let x = (x | x << 48) & 0x0000_0000_0000_FFFF_0000_0000_0000_FFFF;
    let x = (x | x << 24) & 0x0000_00FF_0000_00FF_0000_00FF_0000_00FF;
    let x = (x | x << 12) & 0x000F_000F_000F_000F_000F_000F_000F_000F;
    x | LANES
}

/// A tile key's numbers, space separated, appended to `out`, without a
/// string per number: a trace writes hundreds of thousands. Each number
/// and its space is one copy of a length known when compiled.
fn write_tiles(key: &StateKey, cells: usize, out: &mut Vec<u8>) {
    #[inline(always)]
    fn put(out: &mut Vec<u8>, t: u8, first: bool) {
        match (first, t >= 10) {
            (true, false) => out.push(b'0' + t),
            (true, true) => out.extend_from_slice(&[b'0' + t / 10, b'0' + t % 10]),
            (false, false) => out.extend_from_slice(&[b' ', b'0' + t]),
            (false, true) => out.extend_from_slice(&[b' ', b'0' + t / 10, b'0' + t % 10]),
        }
    }
    match key {
        StateKey::Packed([word, ..]) if cells <= ONE_DIGIT => {
            // Every number one digit: a digit and a space a cell, the first
            // eight made at once from the key's nibbles (most of what a
            // trace line costs is here), the rest one by one.
            let mut buf = [b' '; 2 * ONE_DIGIT];
            buf[..16].copy_from_slice(&digits_and_spaces(*word as u32).to_le_bytes());
            for i in 8..cells {
                buf[2 * i] = b'0' + (word >> (4 * i) & 0xF) as u8;
            }
            // The whole buffer (a copy of a length known when compiled,
            // cheaper than one of a length known only now), then cut.
            let end = out.len() + (2 * cells).saturating_sub(1);
            out.extend_from_slice(&buf);
            out.truncate(end);
        }
        StateKey::Packed([word, ..]) if cells <= ONE_WORD => {
            for i in 0..cells {
                put(out, (word >> (4 * i) & 0xF) as u8, i == 0);
            }
        }
        StateKey::Packed([lo, hi, _]) if cells <= TWO_WORDS => {
            let wide = (*hi as u128) << 64 | *lo as u128;
            for i in 0..cells {
                put(out, (wide >> (5 * i) & 0x1F) as u8, i == 0);
            }
        }
        StateKey::Cells(c) if c.len() == cells => {
            for (i, &t) in c.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                out.extend_from_slice(t.to_string().as_bytes());
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_kind_of_key_reads_back_from_its_wire_text() {
        let big: Vec<u8> = (0..36).rev().collect();
        let keys = [
            StateKey::None,
            StateKey::of_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]),
            StateKey::of_tiles(&(0..25).rev().collect::<Vec<u8>>()),
            StateKey::of_tiles(&big),
            StateKey::Packed([u64::MAX, 0, 1]),
        ];
        for key in keys {
            assert_eq!(
                StateKey::from_wire(&key.to_wire()),
                Some(key.clone()),
                "{key:?}"
            );
        }
        for bad in ["p1.2", "p1.2.3.4", "pz.0.0", "c0", "cé0", "x12"] {
            assert_eq!(StateKey::from_wire(bad), None, "{bad}");
        }
    }

    use super::*;
    use crate::tiles::Board;

    /// Every size's key names the board it was made from, in the board's
    /// own words.
    #[test]
    fn tile_keys_are_written_as_the_board_writes_itself() {
        for (rows, cols) in [
            (2, 2),
            (3, 3),
            (2, 5),
            (3, 4),
            (4, 4),
            (3, 5),
            (5, 5),
            (4, 6),
            (10, 10),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.cells();
            // A board unlike the goal: the tiles in reverse, blank first.
            let cells: Vec<u8> = (0..n as u8).rev().map(|t| (t + 1) % n as u8).collect();
            let key = StateKey::of_tiles(&cells);
            let board = Board::new(shape, cells.clone()).unwrap();
            assert_eq!(
                StateWords::tiles(shape).text(&key),
                board.to_text(),
                "{rows}×{cols}"
            );
            assert_eq!(key.tiles(n), Some(cells.clone()), "{rows}×{cols}");
            let mut other = cells.clone();
            other.swap(0, 1);
            assert_ne!(key, StateKey::of_tiles(&other));
            let words = StateWords::tiles(shape);
            assert!(words.is_plain() && needs_no_escape(&words.text(&key)));
            // Written after what a buffer holds, leaving it be.
            let mut line = b"{\"state\":\"".to_vec();
            words.write(&key, &mut line);
            assert_eq!(
                line,
                format!("{{\"state\":\"{}", board.to_text()).into_bytes()
            );
        }
    }

    /// Every one-word board's words, read two cells at a time, are the
    /// board's own: boards of every one-word size in many arrangements
    /// (each tile in each cell, an odd count of cells among them).
    #[test]
    fn one_word_keys_are_written_as_the_board_writes_itself() {
        use rand::seq::SliceRandom;
        let mut rng = crate::rng::seeded(7);
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (3, 5), (4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let words = StateWords::tiles(shape);
            let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
            for _ in 0..300 {
                cells.shuffle(&mut rng);
                let board = Board::new(shape, cells.clone()).unwrap();
                let key = StateKey::of_tiles(&cells);
                assert_eq!(words.text(&key), board.to_text(), "{rows}×{cols}");
            }
        }
    }

    /// Nothing a JSON string escapes.
    fn needs_no_escape(text: &str) -> bool {
        text.bytes()
            .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\')
    }

    /// Klotski's words, said to be plain, are: positions a few moves from
    /// the classic start, and from a layout of more than 26 pieces.
    #[test]
    fn klotski_words_need_no_escaping() {
        use crate::klotski::Layout;
        use crate::search::SearchSpace;
        let layouts = [
            "BAAC/BAAC/DEEF/DGHF/I..J",
            // 30 pieces: the engine letters them A to Z, then `?`.
            "AABCD/AAEFG/HIJKL/MNOPQ/RSTUV/WXYZa/bcd..",
        ];
        for text in layouts {
            let layout = Layout::parse(text).expect(text);
            let words = StateWords::klotski(&layout);
            assert!(words.is_plain());
            let (space, start) = KlotskiSpace::new(&layout, Metric::Moves);
            let mut states = vec![start];
            let mut next = Vec::new();
            for _ in 0..3 {
                let mut found = Vec::new();
                for s in &states {
                    next.clear();
                    space.successors(s, &mut next);
                    found.extend(next.iter().map(|(_, t)| *t));
                }
                states.extend(found);
                states.truncate(200);
            }
            for s in &states {
                let text = words.text(&space.state_key(s));
                assert!(!text.is_empty() && needs_no_escape(&text), "{text}");
            }
        }
    }
}
