//! Standard output: one locked handle that every command prints through,
//! each write checked (a closed pipe is [`CliError::Closed`], any other
//! failure an I/O error), so nothing printed can panic or be lost unseen.

use std::fmt;
use std::io::{self, Write};

use super::error::CliError;

/// Where a command's output goes: standard output, locked once for the
/// whole run (and line-buffered, as standard output always is). Use it
/// with `write!` / `writeln!`, which then return a [`CliError`].
pub struct Out(Box<dyn Write>);

impl Out {
    /// Standard output, locked.
    pub fn stdout() -> Self {
        Out(Box::new(io::stdout().lock()))
    }

    /// Output to `w` (tests).
    #[cfg(test)]
    pub fn to(w: impl Write + 'static) -> Self {
        Out(Box::new(w))
    }

    /// Write formatted text (what `write!` and `writeln!` call).
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), CliError> {
        self.0.write_fmt(args).map_err(CliError::output)
    }

    /// Let `write` write to standard output directly (serde's writers);
    /// its failure is checked as every other write.
    pub fn with_writer(
        &mut self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), CliError> {
        write(&mut *self.0).map_err(CliError::output)
    }

    /// Write whatever is still buffered.
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.0.flush().map_err(CliError::output)
    }
}

/// Print `line` and a line break on standard error. Unlike `eprintln!`
/// it cannot panic: if standard error itself cannot be written (a full
/// disk), the line is lost and the exit status still tells.
pub fn eprint_line(line: impl fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// A count that rewrites itself on one line of standard error ("start
/// 3/20"), shown only when standard error is a terminal: redirected to a
/// file, a log would fill with carriage returns. `eprint!` aside, it
/// cannot panic.
pub struct Progress {
    shown: bool,
    terminal: bool,
}

impl Progress {
    /// Nothing shown yet; shown at all only on a terminal.
    pub fn new() -> Self {
        use std::io::IsTerminal;
        Self {
            shown: false,
            terminal: io::stderr().is_terminal(),
        }
    }

    /// Show `line` in place of the last.
    pub fn show(&mut self, line: impl fmt::Display) {
        if self.terminal {
            let _ = write!(io::stderr().lock(), "\r{line}");
            self.shown = true;
        }
    }

    /// End the line, if one was shown.
    pub fn done(&mut self) {
        if std::mem::take(&mut self.shown) {
            let _ = writeln!(io::stderr().lock());
        }
    }
}

/// Clap's help or version text (`e` is the "error" clap stops with for
/// `--help` or `--version`), in colour on a terminal, through `out`.
pub fn help(out: &mut Out, e: &clap::Error) -> Result<(), CliError> {
    use std::io::IsTerminal;
    let text = e.render();
    if io::stdout().is_terminal() {
        write!(out, "{}", text.ansi())
    } else {
        write!(out, "{text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails every write with `kind`.
    struct Failing(io::ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_is_an_error_that_says_why() {
        let mut closed = Out::to(Failing(io::ErrorKind::BrokenPipe));
        assert!(matches!(writeln!(closed, "x"), Err(CliError::Closed)));
        let mut full = Out::to(Failing(io::ErrorKind::StorageFull));
        match writeln!(full, "{}", 7) {
            Err(CliError::Io(why)) => assert!(why.contains("standard output"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
