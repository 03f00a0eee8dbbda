//! How a command fails: [`CliError`], each kind with its exit status, and
//! the one line it prints on stderr (clap's errors included).

use std::io;

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// Why a command stopped short. Each variant carries its exit status
/// ([`CliError::exit_code`]); all but [`CliError::Closed`] print one line
/// on stderr.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line, or an input it names, is wrong: exit 2.
    #[error("{0}")]
    Input(String),
    /// A file or standard output could not be read or written (the disk is
    /// full, the device failed), or the window could not be opened: exit 3.
    #[error("{0}")]
    Io(String),
    /// Something that cannot happen did (a bug): exit 4.
    #[error("internal error: {0}")]
    Internal(String),
    /// The reader of standard output closed it (`huarong … | head`): a
    /// quiet exit 0, as other command-line tools do.
    #[error("standard output was closed")]
    Closed,
}

/// The exit statuses, as `--help` states them.
pub const EXIT_STATUS_HELP: &str = "Exit status: 0 when the command ran (a search that ran, whatever \
its outcome; also when the reader of the output stops early), 2 for bad input, 3 when a file or \
the output cannot be read or written, 4 for an internal error (a bug); 130 or 143 when SIGINT or SIGTERM stops the load or build of a \
pattern database.";

impl CliError {
    /// The process's exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Closed => 0,
            CliError::Input(_) => 2,
            CliError::Io(_) => 3,
            CliError::Internal(_) => 4,
        }
    }

    /// A failed write to standard output: [`CliError::Closed`] for a closed
    /// pipe, else an I/O failure.
    pub fn output(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::Closed
        } else {
            CliError::Io(format!("cannot write to standard output: {e}"))
        }
    }

    /// A file named on the command line that could not be used: `what`
    /// says what was done to which file ("cannot read x.txt"). A file that
    /// does not exist, lies in no folder, is not a regular file or is too
    /// large is bad input; anything else (a full disk, a failing device)
    /// is an I/O failure.
    pub fn file(what: String, e: &io::Error) -> Self {
        use io::ErrorKind as K;
        let line = format!("{what}: {e}");
        match e.kind() {
            K::NotFound
            | K::NotADirectory
            | K::IsADirectory
            | K::InvalidInput
            | K::InvalidData
            | K::InvalidFilename
            | K::PermissionDenied => CliError::Input(line),
            _ => CliError::Io(line),
        }
    }
}

impl From<crate::engine::strategy::SolveError> for CliError {
    fn from(e: crate::engine::strategy::SolveError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<crate::engine::tiles::BoardError> for CliError {
    fn from(e: crate::engine::tiles::BoardError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<serde_json::Error> for CliError {
    /// Serialising the CLI's own records cannot fail: if it does, it is a bug.
    fn from(e: serde_json::Error) -> Self {
        CliError::Internal(format!("cannot write JSON: {e}"))
    }
}

/// A clap error as one line, from its kind and context (the argument, the
/// value, what was expected), not from its rendered text.
pub fn parse_error_line(e: &clap::Error) -> String {
    let text = |kind: ContextKind| -> Option<String> {
        Some(match e.get(kind)? {
            ContextValue::String(s) => s.clone(),
            ContextValue::Strings(v) => v.join(", "),
            ContextValue::StyledStr(s) => s.to_string(),
            ContextValue::StyledStrs(v) => v
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            ContextValue::Number(n) => n.to_string(),
            ContextValue::Bool(b) => b.to_string(),
            ContextValue::None => return None,
            _ => return None,
        })
    };
    let arg = text(ContextKind::InvalidArg);
    let value = text(ContextKind::InvalidValue);
    let described = match (e.kind(), &arg, &value) {
        (ErrorKind::InvalidValue, Some(arg), Some(value)) if value.is_empty() => Some(format!(
            "a value is required for '{arg}' but none was supplied"
        )),
        (ErrorKind::InvalidValue, Some(arg), Some(value)) => {
            let mut line = format!("invalid value '{value}' for '{arg}'");
            if let Some(valid) = text(ContextKind::ValidValue) {
                line += &format!(" (possible values: {valid})");
            }
            Some(line)
        }
        (ErrorKind::ValueValidation, Some(arg), Some(value)) => {
            let mut line = format!("invalid value '{value}' for '{arg}'");
            if let Some(why) = std::error::Error::source(e) {
                line += &format!(": {why}");
            }
            Some(line)
        }
        (ErrorKind::UnknownArgument, Some(arg), _) => {
            let mut line = format!("unexpected argument '{arg}'");
            if let Some(like) = text(ContextKind::SuggestedArg) {
                line += &format!(" (did you mean '{like}'?)");
            }
            Some(line)
        }
        (ErrorKind::ArgumentConflict, Some(arg), _) => Some(match text(ContextKind::PriorArg) {
            Some(prior) if prior != *arg => {
                format!("the argument '{arg}' cannot be used with '{prior}'")
            }
            _ => format!("the argument '{arg}' cannot be used more than once"),
        }),
        (ErrorKind::MissingRequiredArgument, Some(args), _) => {
            Some(format!("missing a required argument: {args}"))
        }
        (ErrorKind::NoEquals, Some(arg), _) => Some(format!("'{arg}' needs '=' before its value")),
        (ErrorKind::TooManyValues, Some(arg), Some(value)) => {
            Some(format!("unexpected value '{value}' for '{arg}'"))
        }
        (ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues, Some(arg), _) => Some(format!(
            "'{arg}' takes {} values, not {}",
            text(ContextKind::ExpectedNumValues)
                .or_else(|| text(ContextKind::MinValues))
                .unwrap_or_else(|| "more".into()),
            text(ContextKind::ActualNumValues).unwrap_or_else(|| "these".into())
        )),
        (ErrorKind::InvalidSubcommand, _, _) => text(ContextKind::InvalidSubcommand).map(|sub| {
            let mut line = format!("unknown command '{sub}'");
            if let Some(like) = text(ContextKind::SuggestedSubcommand) {
                line += &format!(" (did you mean '{like}'?)");
            }
            line
        }),
        (ErrorKind::MissingSubcommand, _, _) => {
            text(ContextKind::InvalidSubcommand).map(|parent| format!("'{parent}' needs a command"))
        }
        _ => None,
    };
    described.unwrap_or_else(|| {
        let what = e.kind().as_str().unwrap_or("invalid command line");
        match arg {
            Some(arg) => format!("{what}: '{arg}'"),
            None => what.to_string(),
        }
    })
}

/// The most characters of a quoted value an error message repeats.
pub const MAX_QUOTED: usize = 60;
/// The most characters of an error line.
pub const MAX_LINE: usize = 400;

/// An error message as one printable line: line breaks become spaces, each
/// quoted value ('…') is cut to `MAX_QUOTED` characters and the whole line
/// to `MAX_LINE`, so a 10 MB bad token is not echoed back whole.
pub fn one_line(msg: &str) -> String {
    let flat: String = msg
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let quoted_cut: Vec<String> = flat
        .split('\'')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                shorten(part, MAX_QUOTED)
            } else {
                part.to_string()
            }
        })
        .collect();
    let numbers_cut: Vec<String> = quoted_cut.join("'").split(' ').map(short_numeral).collect();
    shorten(numbers_cut.join(" ").trim(), MAX_LINE)
}

/// A word of a message that is a numeral longer than [`MAX_NUMERAL`]
/// characters (1e308 printed in full, 309 digits), in scientific form
/// (`1e308`), any punctuation after it kept; any other word as it is.
fn short_numeral(word: &str) -> String {
    let number = word.trim_end_matches(|c: char| !c.is_ascii_digit());
    if number.len() <= MAX_NUMERAL {
        return word.to_string();
    }
    match number.parse::<f64>() {
        Ok(x) if x.is_finite() => format!("{x:e}{}", &word[number.len()..]),
        _ => word.to_string(),
    }
}

/// The longest numeral a message repeats as written.
const MAX_NUMERAL: usize = 24;

/// `text` cut to at most `max` characters, with an ellipsis if cut: a
/// 10 MB bad token is not echoed back whole.
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_failure_has_its_own_exit_status() {
        let codes = [
            CliError::Closed,
            CliError::Input("x".into()),
            CliError::Io("x".into()),
            CliError::Internal("x".into()),
        ]
        .map(|e| e.exit_code());
        assert_eq!(codes, [0, 2, 3, 4]);
        for (code, word) in [
            (2, "2 for bad input"),
            (3, "3 when a file"),
            (4, "4 for an internal"),
        ] {
            assert!(
                EXIT_STATUS_HELP.contains(word),
                "{code}: {EXIT_STATUS_HELP}"
            );
        }
    }

    #[test]
    fn a_closed_pipe_is_told_apart_from_a_failing_output() {
        let closed = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(matches!(CliError::output(closed), CliError::Closed));
        let full = io::Error::from(io::ErrorKind::StorageFull);
        let e = CliError::output(full);
        assert_eq!(e.exit_code(), 3);
        assert!(
            e.to_string().starts_with("cannot write to standard output"),
            "{e}"
        );
    }

    #[test]
    fn a_missing_file_is_bad_input_and_a_failing_disk_is_not() {
        let missing = io::Error::from(io::ErrorKind::NotFound);
        let e = CliError::file("cannot read x.txt".into(), &missing);
        assert_eq!(e.exit_code(), 2, "{e}");
        assert!(e.to_string().starts_with("cannot read x.txt: "), "{e}");
        let broken = io::Error::other("device failed");
        let e = CliError::file("cannot write t.jsonl".into(), &broken);
        assert_eq!(e.exit_code(), 3, "{e}");
        assert_eq!(e.to_string(), "cannot write t.jsonl: device failed");
    }

    #[test]
    fn error_lines_are_single_and_short() {
        let huge = "x".repeat(10_000);
        let line = one_line(&format!("unknown strategy '{huge}' (valid: a, b)\nnext"));
        assert!(!line.contains('\n'), "{line}");
        assert!(
            line.contains("'xxx") && line.contains("…' (valid: a, b) next"),
            "{line}"
        );
        assert!(line.chars().count() <= MAX_QUOTED + 50, "{line}");
        assert!(one_line(&huge).chars().count() <= MAX_LINE + 1);
        assert_eq!(one_line("plain"), "plain");
    }

    /// A huge or tiny number printed in full (as `{}` prints 1e308) is cut
    /// back to scientific form, punctuation kept; ordinary numbers stay.
    #[test]
    fn long_numerals_are_written_short() {
        let huge = format!("{}", 1e308);
        let tiny = format!("{}", -1e-300);
        assert!(huge.len() > 300 && tiny.len() > 300);
        let line = one_line(&format!(
            "--weight must be at most 1000, not {huge}, and {tiny})"
        ));
        assert_eq!(
            line,
            "--weight must be at most 1000, not 1e308, and -1e-300)"
        );
        let plain = "0.5 1,234,567 18446744073709551615 v1.2.3";
        assert_eq!(one_line(plain), plain);
    }
}
