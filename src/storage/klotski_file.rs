//! Klotski positions in the puzzle file format: the same versioned RON
//! document as tile puzzles ([`super::puzzle_file`]), with `kind: Klotski`,
//! the layout's text form and, optionally, a solution as unit steps.
//!
//! ```text
//! // Huarong puzzle file: a Klotski layout and optionally a solution. Checked when opened.
//! PuzzleFile(
//!     format: "huarong-puzzle",
//!     version: 1,
//!     kind: Klotski,
//!     layout: "BAAC/BAAC/DEEF/DGHF/I..J",
//!     name: Some("横刀立马"),
//!     solution: Some(KlotskiSolution(
//!         steps: ["G:D", "G:R", …],
//!         metric: Moves,
//!         strategy: "bfs",
//!         optimal: true,
//!         …
//!     )),
//! )
//! ```
//!
//! ```
//! use huarong_engine::klotski::Layout;
//! use huarong::storage::klotski_file::{SavedKlotski, from_ron, to_ron};
//! let saved = SavedKlotski::new(Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap(), Some("横刀立马".into()));
//! assert_eq!(from_ron(&to_ron(&saved)).unwrap(), saved);
//! ```

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::common::{
    FORMAT, FileError, PuzzleKind, VERSION, checked_header, parse_error, quote, ron_options,
};
use super::results::{BatchInfo, BatchWords, PuzzleWords, family_word};
use crate::engine::klotski::space::unit_steps;
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::strategy::Family;
use crate::engine::{Dir, Stats};

const HEADER_COMMENT: &str =
    "// Huarong puzzle file: a Klotski layout and optionally a solution. Checked when opened.";

/// The file as written on disk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "PuzzleFile")]
pub struct KlotskiFile {
    /// Always `"huarong-puzzle"`.
    pub format: String,
    /// The file version.
    pub version: u32,
    /// Always [`PuzzleKind::Klotski`].
    pub kind: PuzzleKind,
    /// The layout's text form.
    pub layout: String,
    /// The classic's name, if it is one.
    #[serde(default)]
    pub name: Option<String>,
    /// A solution, if one was saved.
    #[serde(default)]
    pub solution: Option<KlotskiSolutionFile>,
}

/// A solution as written on disk: unit steps `letter:direction`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "KlotskiSolution")]
pub struct KlotskiSolutionFile {
    /// Unit steps, e.g. `"A:D"` (piece A one cell down).
    pub steps: Vec<String>,
    /// The metric the search counted in.
    pub metric: Metric,
    /// The strategy that found it: its registry name (`bfs`). Files of
    /// earlier versions may hold its label (`BFS`), read as the name.
    #[serde(default)]
    pub strategy: String,
    /// Whether it is optimal in `metric`.
    #[serde(default)]
    pub optimal: bool,
    /// Nodes expanded.
    #[serde(default)]
    pub expanded: u64,
    /// Nodes generated.
    #[serde(default)]
    pub generated: u64,
    /// Most nodes held at once.
    #[serde(default)]
    pub peak_stored: u64,
    /// Approximate peak memory in bytes.
    #[serde(default)]
    pub peak_bytes: u64,
    /// Search time in milliseconds.
    #[serde(default)]
    pub elapsed_ms: f64,
}

/// A checked solution: steps that replay legally to the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedKlotskiSolution {
    /// Unit steps: piece letter and direction.
    pub steps: Vec<(char, Dir)>,
    /// The metric the search counted in.
    pub metric: Metric,
    /// The strategy that found it: a registry name (`bfs`) when the file
    /// names a registered strategy (by name or old label), else as written.
    pub strategy: String,
    /// The search's counters (`optimal` included).
    pub stats: Stats,
}

/// A checked Klotski file in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedKlotski {
    /// The layout.
    pub layout: Layout,
    /// The classic's name, if it is one.
    pub name: Option<String>,
    /// A solution that replays to the goal.
    pub solution: Option<SavedKlotskiSolution>,
}

impl SavedKlotski {
    /// A layout without a solution.
    pub fn new(layout: Layout, name: Option<String>) -> Self {
        Self {
            layout,
            name,
            solution: None,
        }
    }

    /// With `solution`, checked to replay from the layout to the goal.
    pub fn with_solution(mut self, solution: SavedKlotskiSolution) -> Result<Self, FileError> {
        check_steps(&self.layout, &solution.steps)?;
        self.solution = Some(solution);
        Ok(self)
    }
}

fn step_text((letter, dir): (char, Dir)) -> String {
    format!("{letter}:{}", dir.letter())
}

fn parse_step(index: usize, text: &str) -> Result<(char, Dir), FileError> {
    let bad = || FileError::BadStep {
        index,
        text: quote(text),
    };
    let (letter, dir) = text.trim().split_once(':').ok_or_else(bad)?;
    let mut chars = letter.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(bad());
    };
    let dir = match dir.trim() {
        "U" | "u" => Dir::Up,
        "D" | "d" => Dir::Down,
        "L" | "l" => Dir::Left,
        "R" | "r" => Dir::Right,
        _ => return Err(bad()),
    };
    Ok((letter, dir))
}

fn check_steps(layout: &Layout, steps: &[(char, Dir)]) -> Result<(), FileError> {
    let mut l = layout.clone();
    for (i, &step) in steps.iter().enumerate() {
        let moved = l
            .pieces
            .iter()
            .position(|p| p.letter == step.0)
            .is_some_and(|p| l.step(p, step.1));
        if !moved {
            return Err(FileError::IllegalStep {
                index: i + 1,
                text: step_text(step),
            });
        }
    }
    if l.is_solved() {
        Ok(())
    } else {
        Err(FileError::StepsNotAtGoal { steps: steps.len() })
    }
}

/// The file as pretty RON with a comment line on top.
pub fn to_ron(saved: &SavedKlotski) -> String {
    let file = KlotskiFile {
        format: FORMAT.into(),
        version: VERSION,
        kind: PuzzleKind::Klotski,
        layout: saved.layout.to_text(),
        name: saved.name.clone(),
        solution: saved.solution.as_ref().map(|s| KlotskiSolutionFile {
            steps: s.steps.iter().map(|&st| step_text(st)).collect(),
            metric: s.metric,
            strategy: s.strategy.clone(),
            optimal: s.stats.optimal,
            expanded: s.stats.expanded,
            generated: s.stats.generated,
            peak_stored: s.stats.peak_stored,
            peak_bytes: s.stats.peak_bytes,
            elapsed_ms: s.stats.elapsed.as_secs_f64() * 1e3,
        }),
    };
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .compact_arrays(true)
        .indentor("    ");
    let body = ron::ser::to_string_pretty(&file, config).expect("a Klotski file always serializes");
    format!("{HEADER_COMMENT}\n{body}\n")
}

/// Read and check a Klotski file's text: header, kind, layout, and that the
/// solution (if any) replays to the goal.
///
/// ```
/// use huarong::storage::klotski_file::from_ron;
/// let err = from_ron(r#"(format: "huarong-puzzle", version: 1, kind: Klotski, layout: "BAAC/BAAC/DEEF/DGHF/I..!")"#).unwrap_err();
/// assert!(err.to_string().starts_with("layout: unknown character '!'"), "{err}");
/// ```
pub fn from_ron(text: &str) -> Result<SavedKlotski, FileError> {
    let text = checked_header(text, PuzzleKind::Klotski)?;
    let file: KlotskiFile = ron_options().from_str(text).map_err(parse_error)?;
    let layout = Layout::parse(&file.layout).map_err(FileError::Layout)?;
    let saved = SavedKlotski::new(layout, file.name);
    match file.solution {
        None => Ok(saved),
        Some(s) => {
            let steps = s
                .steps
                .iter()
                .enumerate()
                .map(|(i, t)| parse_step(i + 1, t))
                .collect::<Result<Vec<_>, _>>()?;
            let elapsed = Duration::try_from_secs_f64(s.elapsed_ms / 1e3)
                .map_err(|_| FileError::BadElapsed(s.elapsed_ms))?;
            saved.with_solution(SavedKlotskiSolution {
                steps,
                metric: s.metric,
                strategy: super::puzzle_file::registry_names(&s.strategy, "").0,
                stats: Stats {
                    expanded: s.expanded,
                    generated: s.generated,
                    peak_stored: s.peak_stored,
                    peak_bytes: s.peak_bytes,
                    elapsed,
                    optimal: s.optimal,
                    ..Stats::default()
                },
            })
        }
    }
}

/// Write a Klotski file atomically (a temporary file in the same folder,
/// then renamed over `path`), creating the folder if needed.
pub fn save(path: &Path, saved: &SavedKlotski) -> std::io::Result<()> {
    super::write_atomic(path, to_ron(saved).as_bytes())
}

/// A Klotski layout's row in a results file (see [`super::results`]).
impl PuzzleWords {
    /// The layout `l` counted in `metric`: its size, its text (as
    /// `--klotski` takes it), its goal ([`klotski_goal`]) and the metric.
    pub fn klotski(l: &Layout, metric: Metric) -> Self {
        Self {
            family: family_word(Family::Klotski),
            size: klotski_size(l),
            start: l.to_text(),
            goal: klotski_goal(l),
            metric: metric.name().into(),
        }
    }
}

/// What a results file says of a batch of Klotski scrambles.
pub const BATCH_WORDS: BatchWords = BatchWords {
    base_flags: batch_flags,
    needs_shuffle: always,
    drawn,
};

/// `--klotski` (the base layout) and `--metric`.
fn batch_flags(b: &BatchInfo) -> Vec<(&'static str, String)> {
    vec![("klotski", b.base.clone()), ("metric", b.metric.clone())]
}

/// A scramble is at least one step: `--shuffle` is always said.
fn always(_: usize) -> bool {
    true
}

fn drawn(shuffle: Option<usize>) -> String {
    let k = shuffle.map_or("?".into(), |k| k.to_string());
    format!("{k} random unit steps from the base layout")
}

/// A Klotski layout's size, rows x columns: `5x4`.
pub fn klotski_size(l: &Layout) -> String {
    format!("{}x{}", l.rows, l.cols)
}

/// A Klotski layout's goal in its text form: the target piece's letter on
/// the cells it must cover, every other cell `.`; a position is at the
/// goal when the target covers them.
///
/// ```
/// use huarong::storage::klotski_file::klotski_goal;
/// let l = huarong_engine::klotski::Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
/// assert_eq!(klotski_goal(&l), "..../..../..../.AA./.AA.");
/// ```
pub fn klotski_goal(l: &Layout) -> String {
    let t = &l.pieces[l.target];
    let (h, w) = t.shape.size();
    let (gr, gc) = l.goal;
    let rows: Vec<String> = (0..l.rows)
        .map(|r| {
            (0..l.cols)
                .map(|c| {
                    let inside = (gr..gr + h).contains(&r) && (gc..gc + w).contains(&c);
                    if inside { t.letter } else { '.' }
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// A Klotski path from `layout` as `huarong solve --klotski` prints it:
/// its unit steps, piece letter and direction, joined by spaces
/// (`A:D A:D B:L`); empty if it does not replay (never for a found path).
pub fn klotski_path(layout: &Layout, path: &[KMove]) -> String {
    let steps = unit_steps(layout, path).unwrap_or_default();
    let steps: Vec<String> = steps
        .iter()
        .map(|&(c, d)| format!("{c}:{}", d.letter()))
        .collect();
    steps.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved() -> SavedKlotski {
        // Cao Cao three cells above his goal, nothing in the way.
        let layout = Layout::parse("BAAC/BAAC/D..F/D..F/G..J").unwrap();
        SavedKlotski::new(layout, None)
            .with_solution(SavedKlotskiSolution {
                steps: vec![('A', Dir::Down); 3],
                metric: Metric::Steps,
                strategy: "bfs".into(),
                stats: Stats {
                    optimal: true,
                    expanded: 12,
                    ..Stats::default()
                },
            })
            .unwrap()
    }

    #[test]
    fn a_solution_round_trips() {
        let s = solved();
        let text = to_ron(&s);
        assert!(text.contains(r#"steps: ["A:D", "A:D", "A:D"]"#), "{text}");
        assert_eq!(from_ron(&text).unwrap(), s);
    }

    #[test]
    fn a_solution_names_its_strategy_by_registry_name_and_old_labels_still_load() {
        let text = to_ron(&solved());
        assert!(text.contains(r#"strategy: "bfs""#), "{text}");
        // Earlier versions of the app wrote the label.
        for (written, name) in [
            ("BFS", "bfs"),
            ("A*", "astar"),
            ("BFS, mirror images merged", "bfs-mirror"),
        ] {
            let old = text.replace(r#"strategy: "bfs""#, &format!("strategy: {written:?}"));
            assert_ne!(old, text);
            let back = from_ron(&old).unwrap();
            assert_eq!(back.solution.unwrap().strategy, name, "{written}");
        }
        // A name no strategy has is kept as written.
        let other = text.replace(r#"strategy: "bfs""#, r#"strategy: "by hand""#);
        assert_eq!(
            from_ron(&other).unwrap().solution.unwrap().strategy,
            "by hand"
        );
    }

    #[test]
    fn bad_solutions_are_named() {
        let text = to_ron(&solved());
        let cases = [
            (
                text.replace(r#""A:D", "A:D", "A:D""#, r#""A:D", "A:D""#),
                "2 steps do not bring the target",
            ),
            (
                text.replace(r#""A:D", "A:D", "A:D""#, r#""A:D", "A:X""#),
                "step 2 is 'A:X'",
            ),
            (
                text.replace(r#""A:D", "A:D", "A:D""#, r#""A:U""#),
                "step 1 (A:U) is illegal",
            ),
            (
                text.replace(r#""A:D", "A:D", "A:D""#, r#""Q:D""#),
                "step 1 (Q:D) is illegal",
            ),
            (
                text.replace("kind: Klotski", "kind: Tiles"),
                "holds a Tiles puzzle",
            ),
            (text.replace("G..J", "G..JJ"), "layout: row 5"),
            // A metric is named as a metric, not as a kind of puzzle.
            (
                text.replace("metric: Steps", "metric: Miles"),
                "unknown metric 'Miles' (this app knows: Steps, Moves)",
            ),
            (
                text.replace("elapsed_ms: 0.0", "elapsed_ms: -1e308"),
                "elapsed_ms -1e308 is not a time",
            ),
        ];
        for (bad, words) in cases {
            assert_ne!(bad, text, "{words}: the case changes the file");
            let err = from_ron(&bad).unwrap_err().to_string();
            assert!(err.contains(words), "{err} should say {words}");
            assert!(
                !err.contains("puzzle kind") || words.contains("Tiles"),
                "{err}"
            );
            assert!(err.chars().count() < 200, "{err}");
        }
    }
}
