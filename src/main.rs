//! The `huarong` binary: the command line (`cli`) and, when no command is
//! given, the desktop app (`app`, with the default `gui` feature). Both are
//! glue over the `huarong-engine` crate and the library's `storage`.

#[cfg(feature = "gui")]
// The web edition compiles the desktop's file and thread paths it never
// calls (its files and jobs go through the browser).
#[cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]
mod app;
// The web edition (wasm32) is the app alone, started by its page.
#[cfg(not(target_arch = "wasm32"))]
mod cli;

use huarong::{puzzle, storage, units};
use huarong_engine as engine;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

/// The web page calls `app::web::start` itself.
#[cfg(target_arch = "wasm32")]
fn main() {}
