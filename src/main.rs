//! The `huarong` binary: the command line (`cli`) and, when no command is
//! given, the desktop app (`app`, with the default `gui` feature). Both are
//! glue over the `huarong-engine` crate and the library's `storage`.

#[cfg(feature = "gui")]
mod app;
mod cli;

use huarong::{puzzle, storage, units};
use huarong_engine as engine;

fn main() -> std::process::ExitCode {
    cli::run()
}
