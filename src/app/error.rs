//! What can go wrong in the app, typed: each variant names the problem and
//! its text is what the error dialog or the status line shows.

use std::path::PathBuf;

use super::i18n::klotski::layout_error;
use super::i18n::{ErrorMsg, Lang, Message, TilesMsg, names};
use crate::engine::strategy::SolveError;
use crate::engine::tiles::{BoardError, Unsolvable};
use crate::storage::common::FileError;

/// Background work that makes the app refuse commands changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// A tile or Klotski solve runs in the play view.
    Solving,
    /// The compare view runs strategies (rows or a batch).
    Comparing,
    /// The strong pattern database is being built.
    BuildingDatabase,
}

impl Busy {
    /// The work in a few words, in English (the error's own text).
    fn what(self) -> String {
        self.msg().text(Lang::English)
    }
}

/// An app error.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A puzzle file could not be opened.
    #[error("Cannot open {}: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: FileError,
    },
    /// A puzzle could not be saved.
    #[error("Cannot save {}: {source}", path.display())]
    Save {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// Results could not be exported.
    #[error("Cannot export to {}: {source}", path.display())]
    Export {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// Save solution without a solution.
    #[error("There is no solution to save yet: press Solve first.")]
    NoSolution,
    /// A file chosen while background work runs would be overwritten by it.
    #[error("Cancel the running {} before opening a file.", .0.what())]
    OpenWhileBusy(Busy),
    /// A command that changes the board, refused while work runs.
    #[error(
        "{} is not available while a {} runs: cancel it first.",
        action.text(Lang::English),
        busy.what()
    )]
    Refused {
        /// The command, as the user knows it.
        action: TilesMsg,
        /// What runs.
        busy: Busy,
    },
    /// The start cannot be solved.
    #[error("Not solving: this start is unsolvable: {0}")]
    Unsolvable(Unsolvable),
    /// Set state: the text is not a board (or size, or goal).
    #[error("{0}")]
    BadState(#[from] BoardError),
    /// Set state: a board that cannot reach its goal.
    #[error("unsolvable for this goal: {0}")]
    UnsolvableState(Unsolvable),
    /// The solver refused the request (e.g. a heuristic that does not fit).
    #[error("Not solving: {0}")]
    SolveRefused(#[from] SolveError),
    /// The heuristic chosen cannot guide a search on this board (the app's
    /// own check before a solve).
    #[error("Not solving: {}", heuristic_unavailable(*kind, *shape, Lang::English))]
    HeuristicUnavailable {
        /// The heuristic chosen.
        kind: crate::engine::HeuristicKind,
        /// The board's size.
        shape: crate::engine::Shape,
    },
}

/// Why heuristic `kind` cannot guide a search on `shape`, in `lang`.
pub fn heuristic_unavailable(
    kind: crate::engine::HeuristicKind,
    shape: crate::engine::Shape,
    lang: Lang,
) -> String {
    use crate::engine::tiles::heuristic::DatabaseBoard;
    let label = names::heuristic_label(kind, lang);
    if kind.unavailable_for(shape).is_none() && !crate::app::offered::built_here(kind) {
        return TilesMsg::NotOnTheWeb { kind: label }.text(lang);
    }
    let shape = shape.to_string();
    match kind.database().map(|db| db.board) {
        Some(DatabaseBoard::FifteenPuzzle) => {
            TilesMsg::NeedsFourByFour { kind: label, shape }.text(lang)
        }
        Some(DatabaseBoard::TwentyFourPuzzle) => {
            super::i18n::PdbMsg::NeedsFiveByFive { label, shape }.text(lang)
        }
        // A heuristic computed from the board fits every board: never
        // refused, said plainly if it were.
        None => ErrorMsg::HeuristicUnavailable.text(lang),
    }
}

impl Busy {
    /// The work in a few words, in the app's words.
    fn msg(self) -> ErrorMsg {
        match self {
            Busy::Solving => ErrorMsg::BusySolve,
            Busy::Comparing => ErrorMsg::BusyComparison,
            Busy::BuildingDatabase => ErrorMsg::BusyDatabase,
        }
    }
}

/// English is the error's own text (the one the CLI and the logs know);
/// Chinese is built from the typed errors underneath.
impl Message for AppError {
    fn text(&self, lang: Lang) -> String {
        if lang == Lang::English {
            return self.to_string();
        }
        let path = |p: &PathBuf| p.display().to_string();
        match self {
            AppError::Open { path: p, source } => ErrorMsg::CannotOpen {
                path: path(p),
                why: file_error(source, lang),
            },
            AppError::Save { path: p, source } => ErrorMsg::CannotSave {
                path: path(p),
                why: io_error(source, lang),
            },
            AppError::Export { path: p, source } => ErrorMsg::CannotExport {
                path: path(p),
                why: io_error(source, lang),
            },
            AppError::NoSolution => ErrorMsg::NoSolution,
            AppError::OpenWhileBusy(busy) => ErrorMsg::OpenWhileBusy {
                busy: busy.msg().text(lang),
            },
            AppError::Refused { action, busy } => ErrorMsg::Refused {
                action: action.text(lang),
                busy: busy.msg().text(lang),
            },
            AppError::Unsolvable(why) => ErrorMsg::NotSolvingUnsolvable {
                why: unsolvable(why, lang),
            },
            AppError::BadState(e) => return board_error(e, lang),
            AppError::UnsolvableState(why) => ErrorMsg::UnsolvableForGoal {
                why: unsolvable(why, lang),
            },
            AppError::SolveRefused(e) => ErrorMsg::NotSolving {
                why: solve_error(e, lang),
            },
            AppError::HeuristicUnavailable { kind, shape } => ErrorMsg::NotSolving {
                why: heuristic_unavailable(*kind, *shape, lang),
            },
        }
        .text(lang)
    }
}

/// An I/O error in `lang`: the common kinds in words, else the system's.
fn io_error(e: &std::io::Error, lang: Lang) -> String {
    io_kind(e.kind(), &e.to_string(), lang)
}

/// An I/O error's kind and the system's message in `lang` (see
/// [`io_error`]), for errors that keep the two apart.
pub fn io_kind_text(kind: std::io::ErrorKind, message: &str, lang: Lang) -> String {
    io_kind(kind, message, lang)
}

/// An [`std::io::ErrorKind`] as a task's answer carries it (serde knows
/// none): the kinds [`io_kind_text`] words by name, else "other" (whose
/// reason is the message beside it).
pub mod io_kind_serde {
    use std::io::ErrorKind;

    const NAMED: [(ErrorKind, &str); 2] = [
        (ErrorKind::NotFound, "not_found"),
        (ErrorKind::PermissionDenied, "permission_denied"),
    ];

    /// `kind` by its name.
    pub fn serialize<S: serde::Serializer>(kind: &ErrorKind, s: S) -> Result<S::Ok, S::Error> {
        let name = NAMED
            .iter()
            .find(|(k, _)| k == kind)
            .map_or("other", |(_, n)| n);
        s.serialize_str(name)
    }

    /// The kind a name names ("other" for any it does not).
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<ErrorKind, D::Error> {
        let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        Ok(NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map_or(ErrorKind::Other, |(k, _)| *k))
    }
}

fn io_kind(kind: std::io::ErrorKind, message: &str, lang: Lang) -> String {
    match kind {
        std::io::ErrorKind::NotFound => ErrorMsg::FileNotFound.text(lang),
        std::io::ErrorKind::PermissionDenied => ErrorMsg::FilePermission.text(lang),
        _ => message.to_string(),
    }
}

/// A board or size error in `lang` (English: the engine's own text).
pub fn board_error(e: &BoardError, lang: Lang) -> String {
    if lang == Lang::English {
        return e.to_string();
    }
    use crate::engine::Shape;
    match e {
        BoardError::Empty => ErrorMsg::BoardEmpty,
        BoardError::NotANumber(t) => ErrorMsg::BoardNotANumber { token: t.clone() },
        BoardError::BadSize(t) => ErrorMsg::BoardBadSize { text: t.clone() },
        &BoardError::SizeOutOfRange { rows, cols } => ErrorMsg::BoardSizeOutOfRange {
            rows,
            cols,
            min: Shape::MIN_SIDE,
            max: Shape::MAX_SIDE,
        },
        &BoardError::NotSquare(n) => ErrorMsg::BoardNotSquare { n },
        &BoardError::WrongCount { shape, found } => ErrorMsg::BoardWrongCount {
            found,
            shape: shape.to_string(),
            cells: shape.cells(),
        },
        &BoardError::GoalCount { shape, found } => ErrorMsg::BoardGoalCount {
            found,
            shape: shape.to_string(),
            cells: shape.cells(),
        },
        &BoardError::OutOfRange { tile, max } => ErrorMsg::BoardOutOfRange { tile, max },
        BoardError::Duplicate(0) => ErrorMsg::BoardTwoBlanks,
        &BoardError::Duplicate(tile) => ErrorMsg::BoardDuplicate { tile },
        BoardError::Missing(0) => ErrorMsg::BoardNoBlank,
        &BoardError::Missing(tile) => ErrorMsg::BoardMissing { tile },
        BoardError::GoalShape { goal, start } => ErrorMsg::BoardGoalShape {
            goal: goal.to_string(),
            start: start.to_string(),
        },
        BoardError::InGoal(e) => ErrorMsg::BoardInGoal {
            why: board_error(e, lang),
        },
    }
    .text(lang)
}

/// Why a start cannot reach its goal, in `lang`.
pub fn unsolvable(why: &Unsolvable, lang: Lang) -> String {
    if lang == Lang::English {
        return why.to_string();
    }
    let parity = |odd| {
        if odd {
            ErrorMsg::ParityOdd
        } else {
            ErrorMsg::ParityEven
        }
        .text(lang)
    };
    let (permutation, distance) = (parity(why.permutation_odd), why.blank_distance);
    let blank = parity(distance % 2 == 1);
    if distance == 1 {
        ErrorMsg::UnsolvableOneMove {
            permutation,
            distance,
            blank,
        }
    } else {
        ErrorMsg::Unsolvable {
            permutation,
            distance,
            blank,
        }
    }
    .text(lang)
}

/// Why the engine refused a solve, in `lang`.
pub fn solve_error(e: &SolveError, lang: Lang) -> String {
    match e {
        SolveError::HeuristicUnavailable(_) => ErrorMsg::HeuristicUnavailable.text(lang),
        SolveError::BadParameter(why) => ErrorMsg::BadParameter { why: why.clone() }.text(lang),
        SolveError::Unsupported { strategy, family } => {
            let families: Vec<String> = crate::engine::strategy::find(strategy)
                .map(|s| {
                    s.families()
                        .iter()
                        .map(|&f| super::i18n::family_name(f, lang))
                        .collect()
                })
                .unwrap_or_default();
            ErrorMsg::Unsupported {
                strategy: names::strategy_label_of(strategy, lang)
                    .unwrap_or_else(|| strategy.to_string()),
                families: families.join(&ErrorMsg::And.text(lang)),
                family: super::i18n::family_name(*family, lang),
            }
            .text(lang)
        }
    }
}

/// A puzzle file's problem in `lang`.
pub fn file_error(e: &FileError, lang: Lang) -> String {
    if lang == Lang::English {
        return e.to_string();
    }
    use crate::storage::common::{PuzzleKind, VERSION};
    match e {
        FileError::Io {
            path,
            kind,
            message,
        } => ErrorMsg::FileIo {
            path: path.display().to_string(),
            why: io_kind(*kind, message, lang),
        },
        FileError::Empty => ErrorMsg::FileEmpty,
        &FileError::NotText { offset } => ErrorMsg::FileNotText { offset },
        FileError::Parse {
            line,
            column,
            message,
        } => ErrorMsg::FileParse {
            line: *line,
            column: *column,
            why: message.clone(),
        },
        FileError::NotPuzzleFile { format: Some(tag) } => {
            ErrorMsg::FileNotPuzzleTagged { tag: tag.clone() }
        }
        FileError::NotPuzzleFile { format: None } => ErrorMsg::FileNotPuzzle,
        &FileError::TooNew { version } => ErrorMsg::FileTooNew {
            version,
            supported: VERSION,
        },
        &FileError::BadVersion { version } => ErrorMsg::FileBadVersion { version },
        FileError::UnknownKind(kind) => ErrorMsg::FileUnknownKind {
            kind: kind.clone(),
            known: PuzzleKind::NAMES.join(", "),
        },
        FileError::Size(e) => return board_error(e, lang),
        FileError::State(e) => ErrorMsg::FileState {
            why: board_error(e, lang),
        },
        FileError::Goal(e) => ErrorMsg::FileGoal {
            why: board_error(e, lang),
        },
        &FileError::GoalSize { shape, found } => ErrorMsg::FileGoalSize {
            shape: shape.to_string(),
            cells: shape.cells(),
            found,
        },
        &FileError::BadLetter { index, letter } => ErrorMsg::FileBadLetter {
            index,
            letter: letter.escape_debug().to_string(),
        },
        &FileError::IllegalMove { index, dir } => ErrorMsg::FileIllegalMove {
            index,
            letter: dir.letter(),
        },
        &FileError::NotAtGoal { moves } => ErrorMsg::FileNotAtGoal { moves },
        &FileError::BadElapsed(ms) => ErrorMsg::FileBadElapsed { ms },
        FileError::WrongKind(kind) => ErrorMsg::FileWrongKind {
            kind: super::i18n::family_name(*kind, lang),
        },
        FileError::Layout(e) => ErrorMsg::FileLayout {
            why: layout_error(e, lang),
        },
        FileError::BadStep { index, text } => ErrorMsg::FileBadStep {
            index: *index,
            text: text.clone(),
        },
        FileError::IllegalStep { index, text } => ErrorMsg::FileIllegalStep {
            index: *index,
            text: text.clone(),
        },
        &FileError::StepsNotAtGoal { steps } => ErrorMsg::FileStepsNotAtGoal { steps },
    }
    .text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;

    fn has_chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// Every kind of board error reads as the engine's own text in English
    /// and as a Chinese sentence, keeping the data it names.
    #[test]
    fn board_errors_read_in_chinese_with_their_data_and_in_english_as_the_engine_says() {
        let four = Shape::new(4, 4).unwrap();
        let cases = [
            (BoardError::Empty, ""),
            (BoardError::NotANumber("x7".into()), "x7"),
            (BoardError::BadSize("3by3".into()), "3by3"),
            (BoardError::SizeOutOfRange { rows: 11, cols: 3 }, "11x3"),
            (BoardError::NotSquare(7), "7"),
            (
                BoardError::WrongCount {
                    shape: four,
                    found: 15,
                },
                "15",
            ),
            (
                BoardError::GoalCount {
                    shape: four,
                    found: 3,
                },
                "3",
            ),
            (BoardError::OutOfRange { tile: 99, max: 15 }, "99"),
            (BoardError::Duplicate(0), "0"),
            (BoardError::Duplicate(7), "7"),
            (BoardError::Missing(0), "0"),
            (BoardError::Missing(12), "12"),
            (
                BoardError::GoalShape {
                    goal: four,
                    start: Shape::new(3, 3).unwrap(),
                },
                "3x3",
            ),
            (BoardError::InGoal(Box::new(BoardError::Duplicate(5))), "5"),
        ];
        for (e, data) in cases {
            assert_eq!(board_error(&e, Lang::English), e.to_string());
            let zh = board_error(&e, Lang::Chinese);
            assert!(has_chinese(&zh) && zh.contains(data), "{e:?}: {zh}");
            assert!(!zh.contains("tile"), "{e:?}: {zh}");
        }
    }

    #[test]
    fn the_unsolvable_reason_names_both_parities_in_chinese() {
        let why = Unsolvable {
            permutation_odd: true,
            blank_distance: 2,
        };
        assert_eq!(unsolvable(&why, Lang::English), why.to_string());
        let zh = unsolvable(&why, Lang::Chinese);
        assert!(zh.contains("奇排列") && zh.contains("2 步（偶数）"), "{zh}");
    }

    #[test]
    fn app_errors_keep_their_english_and_say_it_in_chinese() {
        let errors = [
            AppError::NoSolution,
            AppError::OpenWhileBusy(Busy::Comparing),
            AppError::Refused {
                action: TilesMsg::ActionReset,
                busy: Busy::Solving,
            },
            AppError::HeuristicUnavailable {
                kind: crate::engine::HeuristicKind::Pdb,
                shape: Shape::new(3, 3).unwrap(),
            },
            AppError::SolveRefused(SolveError::Unsupported {
                strategy: "fast",
                family: crate::engine::strategy::Family::Klotski,
            }),
            AppError::Open {
                path: "/no/such.ron".into(),
                source: FileError::NotAtGoal { moves: 3 },
            },
            AppError::Save {
                path: "/no/such.ron".into(),
                source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
            },
        ];
        for e in &errors {
            assert_eq!(e.text(Lang::English), e.to_string());
            let zh = e.text(Lang::Chinese);
            assert!(has_chinese(&zh) && zh != e.to_string(), "{e:?}: {zh}");
        }
        assert_eq!(
            errors[2].text(Lang::Chinese),
            "求解进行时不能重置：请先取消。"
        );
        let unsupported = errors[4].text(Lang::Chinese);
        assert_eq!(
            unsupported,
            "不求解：快速（逐行归位）只能求解数字推盘，不能求解华容道"
        );
        assert!(errors[5].text(Lang::Chinese).contains("/no/such.ron"));
        assert!(errors[6].text(Lang::Chinese).ends_with("没有权限"));
    }
}
