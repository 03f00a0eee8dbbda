//! The architecture's invariants that the compiler cannot check on its own
//! (ARCHITECTURE.md, "Invariants"). The crate split already stops the engine
//! from naming the app, the CLI or storage; these tests stop it from growing
//! a dependency or a habit that would let it reach a window, a terminal or
//! the disk by another road.

use std::path::{Path, PathBuf};

fn engine_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")
}

/// The names listed in one `[…dependencies]` table of a manifest.
fn dependency_names(manifest: &str, table: &str) -> Vec<String> {
    let header = format!("[{table}]");
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == header;
        } else if inside && let Some((name, _)) = line.split_once('=') {
            names.push(name.trim().to_string());
        }
    }
    names
}

#[test]
fn the_engine_depends_on_computation_crates_only() {
    let manifest = std::fs::read_to_string(engine_dir().join("Cargo.toml")).unwrap();
    let mut normal = dependency_names(&manifest, "dependencies");
    normal.extend(dependency_names(
        &manifest,
        "target.'cfg(target_os = \"linux\")'.dependencies",
    ));
    normal.sort();
    // rand (seeded runs), serde (derives for the front ends' formats), libc
    // (madvise for huge pages). A GUI, CLI, file-dialog or directories crate
    // here would break the engine's promise to know nothing of them.
    assert_eq!(normal, ["libc", "rand", "serde"]);
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
