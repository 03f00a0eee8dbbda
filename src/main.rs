//! Thin entry point: all work is in the library.
fn main() -> std::process::ExitCode {
    huarong::cli::run()
}
