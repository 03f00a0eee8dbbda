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
    // (madvise for huge pages), web-time (a clock that works on wasm32 too).
    // A GUI, CLI, file-dialog or directories crate here would break the
    // engine's promise to know nothing of them.
    assert_eq!(
        normal_dependencies("huarong-engine"),
        ["libc", "rand", "serde", "web-time"]
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

/// The front ends' sources (`src/app`, `src/cli`) without their tests:
/// files named `tests*.rs`, under a `tests` folder or of a module declared
/// `#[cfg(test)] mod x;` are left out, and so is every item marked
/// `#[cfg(test)]` (a test module, a test-only helper).
fn front_end_code() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if name != "tests" {
                    walk(&path, out);
                }
            } else if name.ends_with(".rs") && !name.starts_with("tests") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root.join("app"), &mut files);
    walk(&root.join("cli"), &mut files);
    let texts: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
    // A module's file sits beside its declaring `mod.rs`, or in the folder
    // named for its declaring file.
    let mut test_only = std::collections::BTreeSet::new();
    for (path, text) in &texts {
        let folder = if path.ends_with("mod.rs") {
            path.parent().unwrap().to_path_buf()
        } else {
            path.with_extension("")
        };
        let lines: Vec<&str> = text.lines().collect();
        for w in lines.windows(2) {
            if w[0].trim() == "#[cfg(test)]"
                && let Some(name) = w[1]
                    .trim()
                    .strip_prefix("mod ")
                    .and_then(|n| n.strip_suffix(';'))
            {
                test_only.insert(folder.join(format!("{name}.rs")));
                test_only.insert(folder.join(name).join("mod.rs"));
            }
        }
    }
    texts
        .into_iter()
        .filter(|(path, _)| !test_only.contains(path))
        .map(|(path, text)| {
            let code = without_test_items(&text);
            (path, code)
        })
        .collect()
}

/// `text` less each item after a `#[cfg(test)]` line: from the attribute
/// to the brace that closes the item's first one (or its `;`).
fn without_test_items(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut depth = 0i32;
        let mut opened = false;
        for line in lines.by_ref() {
            let code = line.split("//").next().unwrap_or("");
            depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
            opened |= code.contains('{');
            if (opened && depth <= 0) || (!opened && code.trim_end().ends_with(';')) {
                break;
            }
        }
        out.push('\n');
    }
    out
}

/// Front ends name no strategy: they ask the engine what a strategy is
/// (its kind, whether it is optimal, its knobs) and take the strategies
/// they cast in a part from it (`EXACT_TILES`, `QUICK_TILES`, …). A
/// registry name written in their code would be a second place deciding
/// by name, and a rename would break it at run time. The one exception is
/// the table of the strategies' words (`app/i18n/names.rs`,
/// `STRATEGY_WORDS`), keyed by registry name as message tables are; a word
/// that is also a name ("tabu") in a translation pair (a line with its
/// Chinese) is a word.
#[test]
fn front_ends_write_no_strategy_name() {
    let names: Vec<String> = huarong_engine::strategy::STRATEGIES
        .iter()
        .map(|s| format!("\"{}\"", s.name()))
        .collect();
    let files = front_end_code();
    assert!(
        files.len() > 80,
        "found only {} front-end sources",
        files.len()
    );
    let mut found = Vec::new();
    let mut table_rows = 0;
    for (path, code) in &files {
        let words_file = path.ends_with("app/i18n/names.rs");
        let mut in_table = false;
        for (n, line) in code.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if words_file && code.contains("static STRATEGY_WORDS") {
                in_table = true;
            } else if in_table && code.trim() == "];" {
                in_table = false;
            }
            let translation = code.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            for name in &names {
                if translation || !code.contains(name.as_str()) {
                    continue;
                }
                if in_table {
                    table_rows += 1;
                } else {
                    found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "strategy names in front-end code: {found:#?}"
    );
    // The exception is what it says: one row a strategy.
    assert_eq!(table_rows, names.len(), "rows of STRATEGY_WORDS");
}

/// The app's shell, its play-view table and the compare view's rows,
/// batch and export reach every family through `PlayView` and the shared
/// `puzzle` types: they name no family but tiles (whose runs take the
/// app's pattern databases), so a family added touches none of their
/// code (ARCHITECTURE.md, "Adding a family"). The one exception is what
/// it says: the shell's table of play views (`fn play_views`), one row a
/// family, beside the views' modules.
#[test]
fn the_shell_and_compare_name_no_family_but_tiles() {
    let files = [
        "app/mod.rs",
        "app/view.rs",
        "app/model.rs",
        "app/compare/mod.rs",
        "app/compare/jobs.rs",
        "app/compare/batch.rs",
        "app/compare/export.rs",
    ];
    let named = [
        "Family::Tiles",
        "Family::Klotski",
        "Start::Klotski",
        "RunOutcome::Klotski",
        "Document::Tiles",
        "Document::Klotski",
        "KlotskiPlay",
        "solve_klotski",
        "Layout",
    ];
    let code = front_end_code();
    let mut found = Vec::new();
    let mut table_rows = 0;
    for file in files {
        let (path, text) = code
            .iter()
            .find(|(path, _)| path.ends_with(file))
            .unwrap_or_else(|| panic!("{file} is a front-end source"));
        let mut in_table = false;
        for (n, line) in without_test_items(text).lines().enumerate() {
            if file == "app/mod.rs" && line.starts_with("fn play_views(") {
                in_table = true;
            }
            if in_table {
                in_table = line != "}";
                table_rows += usize::from(line.contains("Box::new("));
                continue;
            }
            let code = line.split("//").next().unwrap_or("");
            for name in named.iter().filter(|name| code.contains(*name)) {
                found.push(format!("{}:{}: {name}", path.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "a family named: {found:#?}");
    // The exception is what it says: one row a family.
    assert_eq!(
        table_rows,
        huarong_engine::strategy::Family::ALL.len(),
        "rows of play_views"
    );
}

/// Every function in `code` (line comments left out) as its name and the
/// text between the parentheses after it: its parameters.
fn functions(code: &str) -> Vec<(String, String)> {
    let code: Vec<&str> = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    let code = code.join("\n");
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("fn ") {
        let keyword = !rest[..at].chars().next_back().is_some_and(ident);
        rest = &rest[at + 3..];
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|&c| ident(c))
            .collect();
        let Some(open) = rest.find('(') else { break };
        if !keyword || name.is_empty() {
            continue;
        }
        let mut depth = 0;
        let mut close = rest.len();
        for (i, c) in rest[open..].char_indices() {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            if depth == 0 {
                close = open + i;
                break;
            }
        }
        found.push((name, rest[open + 1..close].to_string()));
        rest = &rest[close..];
    }
    found
}

/// The places `word` stands as a whole word (path segments apart) in
/// `text`: the text before each.
fn before_word<'t>(text: &'t str, word: &str) -> Vec<&'t str> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word)
        .filter(|&(at, _)| {
            !text[..at].chars().next_back().is_some_and(ident)
                && !text[at + word.len()..].chars().next().is_some_and(ident)
        })
        .map(|(at, _)| &text[..at])
        .collect()
}

/// Whether parameters `params` take type `name` by `&mut` (`&mut
/// Settings`, `&mut settings::Settings`, `&'a mut Settings`).
fn takes_mut(params: &str, name: &str) -> bool {
    before_word(params, name).into_iter().any(|before| {
        let path = before.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        let Some(reference) = path.trim_end().strip_suffix("mut") else {
            return false;
        };
        let reference = reference.trim_end();
        reference.ends_with('&')
            || reference
                .rsplit_once('&')
                .is_some_and(|(_, lifetime)| lifetime.starts_with('\'') && !lifetime.contains(','))
    })
}

/// Views never change the app: they push commands, and only
/// `HuarongApp::apply` and `App::logic` (and what they call) hand the job
/// owner on. So no drawing function in `src/app` (one named `ui`, `…_ui`
/// or `show`, or one handed an `egui::Ui`) takes `Jobs`, and the compare
/// view and its batches (`src/app/compare/`, `src/app/batch*`), whose
/// buttons push `CompareCommand`s, take no `&mut Settings` in any of
/// theirs. Other views' `ui` still change the settings as they draw: they
/// are listed, and the list can only shrink (an entry that no longer
/// holds fails too, so it is struck off when its view moves).
#[test]
fn drawing_takes_no_job_owner_and_compare_changes_no_settings() {
    // Not yet moved to commands: (file under src/app, function).
    // The left panel's widgets edit the play view's copy of the settings
    // (`view::edited`), which goes out as `Command::SetSettings`.
    const MUT_SETTINGS_NOT_YET_MOVED: &[(&str, &str)] = &[("controls.rs", "show")];
    let app = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("app");
    let (mut drawing, mut compare_drawing) = (0, 0);
    let mut with_jobs = Vec::new();
    let mut compare_with_settings = Vec::new();
    let mut with_settings = std::collections::BTreeSet::new();
    for (path, code) in front_end_code() {
        let Ok(file) = path.strip_prefix(&app) else {
            continue;
        };
        let file: Vec<String> = file
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let file = file.join("/");
        let compare = file.starts_with("compare/") || file.starts_with("batch");
        for (name, params) in functions(&code) {
            let named = name == "ui" || name.ends_with("_ui") || name == "show";
            if !named && before_word(&params, "Ui").is_empty() {
                continue;
            }
            drawing += 1;
            compare_drawing += usize::from(compare);
            let at = format!("src/app/{file}: fn {name}({})", params.trim());
            if !before_word(&params, "Jobs").is_empty() {
                with_jobs.push(at.clone());
            }
            if takes_mut(&params, "Settings") {
                if compare {
                    compare_with_settings.push(at);
                } else if named {
                    with_settings.insert((file.clone(), name));
                }
            }
        }
    }
    assert!(drawing > 80, "found only {drawing} drawing functions");
    assert!(
        compare_drawing > 10,
        "found only {compare_drawing} drawing functions in compare and batch"
    );
    assert!(
        with_jobs.is_empty(),
        "drawing functions handed the job owner (push a command instead): {with_jobs:#?}"
    );
    assert!(
        compare_with_settings.is_empty(),
        "compare or batch drawing that changes the settings (push a CompareCommand instead): \
         {compare_with_settings:#?}"
    );
    let listed: std::collections::BTreeSet<(String, String)> = MUT_SETTINGS_NOT_YET_MOVED
        .iter()
        .map(|&(f, n)| (f.to_string(), n.to_string()))
        .collect();
    let new: Vec<_> = with_settings.difference(&listed).collect();
    assert!(
        new.is_empty(),
        "a `ui` or `show` that changes the settings (push a command instead): {new:#?}"
    );
    let moved: Vec<_> = listed.difference(&with_settings).collect();
    assert!(
        moved.is_empty(),
        "no longer takes &mut Settings: strike it off MUT_SETTINGS_NOT_YET_MOVED: {moved:#?}"
    );
}

/// No import cycle spans two of the app's top-level modules (the shell,
/// `app/mod.rs`, aside): the bottom types (`app/model.rs`, `command`,
/// `settings`, `i18n`, the widgets) import no screen, and a screen's folder
/// keeps its parts (compare's batch, files' dialog) inside it. Paths are
/// read as written (`crate::app::x`, `super::…::x`); modules compiled for
/// tests only are left out.
#[test]
fn no_import_cycle_spans_two_app_modules() {
    use std::collections::{BTreeMap, BTreeSet};
    let app = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("app");
    let tops: BTreeSet<String> = std::fs::read_dir(&app)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().to_string();
            let name = name
                .strip_suffix(".rs")
                .map_or(name.clone(), str::to_string);
            (name != "mod" && name != "tests").then_some(name)
        })
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, code) in front_end_code() {
        let Ok(rel) = path.strip_prefix(&app) else {
            continue;
        };
        let parts: Vec<String> = rel
            .iter()
            .map(|c| c.to_string_lossy().to_string())
            .collect();
        let mut module: Vec<String> = parts
            .iter()
            .map(|p| p.trim_end_matches(".rs").to_string())
            .collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        // The shell, `app/mod.rs`, is no module of its own here.
        let Some(top) = module.first().cloned() else {
            continue;
        };
        let ident = |s: &str| {
            s.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        };
        let mut found = Vec::new();
        for (at, _) in code.match_indices("crate::app::") {
            found.push(ident(&code[at + "crate::app::".len()..]));
        }
        let mut rest = code.as_str();
        while let Some(at) = rest.find("super::") {
            let before = rest[..at].chars().next_back();
            let mut tail = &rest[at..];
            let mut ups = 0;
            while let Some(t) = tail.strip_prefix("super::") {
                ups += 1;
                tail = t;
            }
            if !before.is_some_and(|c| c == ':' || c.is_alphanumeric() || c == '_') {
                let name = ident(tail);
                let base = &module[..module.len().saturating_sub(ups)];
                found.push(base.first().cloned().unwrap_or(name));
            }
            rest = tail;
        }
        for target in found {
            if tops.contains(&target) && target != top {
                edges.entry(top.clone()).or_default().insert(target);
            }
        }
    }
    // A cycle: a module that reaches itself.
    let mut cycles = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<String> = edges[start].iter().cloned().collect();
        while let Some(m) = stack.pop() {
            if m == *start {
                cycles.push(start.clone());
                break;
            }
            if seen.insert(m.clone()) {
                stack.extend(edges.get(&m).into_iter().flatten().cloned());
            }
        }
    }
    assert!(
        edges.len() > 10,
        "found only {} modules importing others",
        edges.len()
    );
    assert!(
        cycles.is_empty(),
        "modules in an import cycle with another: {cycles:?}\n{edges:#?}"
    );
}
