//! A check over the app's sources: no text reaches a widget except through
//! the message tables. It reads every view file (tests left out) and looks
//! at the arguments of the calls that show text (`label`, `button`,
//! `on_hover_text`, `RichText::new`, …): a string literal there with a
//! letter in it is a text that cannot follow the language. Notation that
//! reads the same in both languages (`g`, `h`, `f`, `ΔE`) is listed in
//! [`NOTATION`].

use std::path::{Path, PathBuf};

/// Calls whose arguments are shown: `.name(` methods and `Type::new(`.
const SHOWN: &[&str] = &[
    ".label(",
    ".button(",
    ".small_button(",
    ".heading(",
    ".small(",
    ".strong(",
    ".weak(",
    ".monospace(",
    ".code(",
    ".on_hover_text(",
    ".on_disabled_hover_text(",
    ".on_hover_text_at_pointer(",
    ".selectable_label(",
    ".selectable_value(",
    ".checkbox(",
    ".radio(",
    ".radio_value(",
    ".toggle_value(",
    ".hint_text(",
    ".collapsing(",
    ".menu_button(",
    ".hyperlink_to(",
    ".x_axis_label(",
    ".y_axis_label(",
    ".name(",
    ".text(",
    ".header(",
    "RichText::new(",
    "Label::new(",
    "Button::new(",
    "Checkbox::new(",
    "RadioButton::new(",
    "SelectableLabel::new(",
    "Window::new(",
    "CollapsingHeader::new(",
    "ComboBox::from_label(",
];

/// Literals that may be shown as they are: notation, not words.
const NOTATION: &[&str] = &[
    "g",
    "h",
    "f",
    "T",
    "w",
    "b*",
    "ΔE",
    "x",
    "y",
    "A*",
    "IDA*",
    "…",
    "×",
    "Ctrl+Z",
    "Ctrl+Shift+Z",
    "Ctrl+Shift+Z, Ctrl+Y",
];

/// The view files: `src/app/**/*.rs` without the test files (named
/// `tests*.rs` or under a `tests` folder).
fn view_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("tests") {
                    walk(&path, out);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path.file_name().unwrap().to_string_lossy();
                if !name.starts_with("tests") {
                    out.push(path);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        &mut out,
    );
    out.sort();
    out
}

/// The source without its unit tests (from the first `#[cfg(test)]`
/// module on) and without comments.
fn code_of(source: &str) -> String {
    let end = source
        .find("#[cfg(test)]\nmod tests {")
        .unwrap_or(source.len());
    source[..end]
        .lines()
        .map(|line| {
            let t = line.trim_start();
            if t.starts_with("//") { "" } else { line }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text from `open` (just after a `(`) to its matching `)`.
fn arguments(code: &str, open: usize) -> &str {
    let mut depth = 1;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in code[open..].char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &code[open..open + i];
                }
            }
            _ => {}
        }
    }
    &code[open..]
}

/// The string literals in `args` that hold a letter and are not notation.
fn wordy_literals(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = args;
    while let Some(start) = rest.find('"') {
        // A char literal '"' is not a string.
        if rest[..start].ends_with('\'') {
            rest = &rest[start + 1..];
            continue;
        }
        let body = &rest[start + 1..];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in body.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else { break };
        let literal = &body[..end];
        // Placeholders are filled with data; what is left must be words.
        let words: String = literal
            .split('{')
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    part.split_once('}').map_or(part, |(_, after)| after)
                }
            })
            .collect();
        let has_letter = words.chars().any(char::is_alphabetic);
        // An environment variable's name is data.
        let env_name = literal.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        if has_letter && !env_name && !NOTATION.contains(&literal.trim()) {
            out.push(literal.to_string());
        }
        rest = &body[end + 1..];
    }
    out
}

#[test]
fn no_view_shows_a_string_literal_outside_the_message_tables() {
    let mut found = Vec::new();
    for path in view_files() {
        // The tables themselves are where the texts belong.
        if path.parent().is_some_and(|p| p.ends_with("i18n")) {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&path).unwrap());
        for call in SHOWN {
            let mut from = 0;
            while let Some(at) = code[from..].find(call) {
                let open = from + at + call.len();
                for literal in wordy_literals(arguments(&code, open)) {
                    let line = code[..open].lines().count();
                    let file = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
                    found.push(format!("{}:{line}: {literal:?}", file.display()));
                }
                from = open;
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "{} texts shown without a message:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_a_literal_label_and_passes_a_message() {
    let code = r#"ui.label("Moves"); ui.label(tr(ui, Msg::MenuFile)); ui.label("×");
        ui.checkbox(&mut on, "Show it"); ui.label(format!("{n} moves")); ui.label(format!("{n}"));"#;
    let mut seen = Vec::new();
    for call in [".label(", ".checkbox("] {
        let mut from = 0;
        while let Some(at) = code[from..].find(call) {
            let open = from + at + call.len();
            seen.extend(wordy_literals(arguments(code, open)));
            from = open;
        }
    }
    seen.sort();
    assert_eq!(seen, ["Moves", "Show it", "{n} moves"]);
}

/// Where a literal is not shown to users: ids, panics, debug output.
const NOT_SHOWN: &[&str] = &[
    "expect(",
    "panic!(",
    "unreachable!(",
    "assert",
    "Id::new(",
    "Id::unique(",
    "id_salt(",
    ".id(",
    "#[",
    "eprintln!(",
    "debug!(",
    "with_context(",
    "env!(",
    "concat!(",
    // A plot's or a table's name is its id, not shown.
    "Plot::new(",
    "Grid::new(",
    "TableBuilder::new(",
    "std::env::var",
    // Ids of status bars, bar charts and plots.
    "status_bar(",
    "log_bars(",
    "Panel::",
    "trace_plot::show(",
    "plot(format!",
    // English by design: Display for the CLI and logs, the engine's labels
    // for exports.
    "#[error(",
    "write!(",
    "s.label()",
    // The details of an internal error (a bug's or the browser's words),
    // shown after the app's own words for it.
    "internal(",
];

/// Every string literal in view code that reads as English words (two
/// words in a row, or a capitalised word): a text that must come from a
/// message table, wherever it goes (status lines are set far from where
/// they are drawn).
#[test]
fn no_view_holds_an_english_sentence() {
    let mut found = Vec::new();
    for path in view_files() {
        // The tables hold the texts (the piece names are one, in both
        // languages); font family names are ids.
        if path.parent().is_some_and(|p| p.ends_with("i18n"))
            || path.ends_with("fonts.rs")
            || path.ends_with("klotski/names.rs")
        {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&path).unwrap());
        let lines: Vec<&str> = code.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            // A call's first lines tell what its literal is for.
            let context = &lines[n.saturating_sub(2)..=n];
            if context
                .iter()
                .any(|l| NOT_SHOWN.iter().any(|c| l.contains(c)))
            {
                continue;
            }
            for literal in wordy_literals(line) {
                let words: Vec<&str> = literal
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() > 1)
                    .collect();
                // File names, paths, environment variables, link queries: data.
                let data = !literal.contains(' ')
                    && (literal.contains(['.', '/', '_', '+', '='])
                        || literal.chars().all(|c| !c.is_ascii_lowercase()));
                if data {
                    continue;
                }
                let capitalised = words
                    .first()
                    .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_uppercase()));
                if words.len() >= 2 || (capitalised && words[0].len() > 2) {
                    let file = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
                    found.push(format!("{}:{}: {literal:?}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} English texts outside the message tables:\n{}",
        found.len(),
        found.join("\n")
    );
}
