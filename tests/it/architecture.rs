//! The architecture's invariants that the compiler cannot check on its own
//! (ARCHITECTURE.md, "Invariants"). The crate split already stops the engine
//! from naming the app, the CLI or storage; these tests stop it from growing
//! a dependency or a habit that would let it reach a window, a terminal or
//! the disk by another road.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn engine_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")
}

/// `cargo ARGS` on the workspace (the cargo that runs the tests, offline:
/// everything it reads is already here): its stdout.
fn cargo(args: &[&str]) -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args(args)
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--offline")
        .output()
        .expect("run cargo");
    assert!(
        out.status.success(),
        "cargo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("cargo prints UTF-8")
}

/// The names of the normal dependencies `package` declares, on every
/// target and platform (`[dependencies]`, `[dependencies.x]`,
/// `[target.'cfg(…)'.dependencies]` alike), as Cargo itself reads the
/// manifest.
fn normal_dependencies(package: &str) -> Vec<String> {
    let metadata: Value =
        serde_json::from_str(&cargo(&["metadata", "--format-version", "1", "--no-deps"]))
            .expect("cargo metadata prints JSON");
    let packages = metadata["packages"].as_array().expect("a package list");
    let found = packages
        .iter()
        .find(|p| p["name"] == package)
        .unwrap_or_else(|| panic!("no package {package} in the workspace"));
    let mut names: Vec<String> = found["dependencies"]
        .as_array()
        .expect("a dependency list")
        .iter()
        .filter(|d| d["kind"].is_null())
        .map(|d| d["name"].as_str().expect("a dependency name").to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_engine_depends_on_computation_crates_only() {
    // rand (seeded runs), serde (derives for the front ends' formats), libc
    // (madvise for huge pages). A GUI, CLI, file-dialog or directories crate
    // here would break the engine's promise to know nothing of them.
    assert_eq!(
        normal_dependencies("huarong-engine"),
        ["libc", "rand", "serde"]
    );
}

/// The crates of a window toolkit, none of which the command line needs.
const WINDOW_CRATES: [&str; 4] = ["eframe", "egui", "wgpu", "winit"];

#[test]
fn the_headless_build_holds_no_window_toolkit() {
    let tree = cargo(&[
        "tree",
        "-e",
        "normal",
        "--no-default-features",
        "-p",
        "huarong",
        "--prefix",
        "none",
        "--format",
        "{p}",
    ]);
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    // The tree is read right: the command line's own crates are in it.
    for needed in ["huarong-engine", "clap", "serde_json"] {
        assert!(crates.contains(&needed), "{needed} not in {crates:?}");
    }
    let window: Vec<&&str> = crates
        .iter()
        .filter(|c| WINDOW_CRATES.iter().any(|w| c.starts_with(w)))
        .collect();
    assert!(window.is_empty(), "{window:?}");
    // And the default build, with the app, does hold them: the feature is
    // what keeps them out.
    let full = cargo(&["tree", "-e", "normal", "-p", "huarong", "--prefix", "none"]);
    assert!(full.lines().any(|l| l.starts_with("eframe ")), "{full}");
}

/// Every `.rs` file of the engine's library (not its benches).
fn engine_sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "benches") {
                    walk(&path, out);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&engine_dir(), &mut files);
    files
}

#[test]
fn the_engine_never_prints_nor_touches_files_or_the_environment() {
    let files = engine_sources();
    assert!(
        files.len() > 40,
        "found only {} engine sources",
        files.len()
    );
    let forbidden = [
        "println!",
        "eprintln!",
        "print!(",
        "eprint!(",
        "dbg!(",
        "std::fs",
        "std::env",
        "std::io::stdout",
        "std::io::stderr",
        "std::process",
    ];
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    found.push(format!("{}:{}: {word}", path.display(), n + 1));
                }
            }
        }
    }
    // Searches report through the Control's observers; storage does the disk.
    assert!(found.is_empty(), "{found:#?}");
}
