//! One Chinese name for each term: the Help page's words (the learner's
//! glossary) and the app's own names for its parts. A test reads every
//! message: where the English text uses a term, the Chinese text uses the
//! term's one Chinese name, and no Chinese text uses a name the glossary
//! retired.

use super::{Lang, Message, TABLES};
use crate::app::help::GLOSSARY;

/// The app's names for its parts and marks, beside the Help page's words:
/// English term, its Chinese name.
const NAMES: &[(&str, &str)] = &[
    ("inspect", "检视"),
    ("inspector", "检视"),
    ("inspecting", "检视"),
    ("log scale", "对数刻度"),
    ("exact", "精确"),
    ("pattern database", "模式数据库"),
    ("open list", "开放列表"),
    ("linear conflict", "线性冲突"),
    ("manhattan", "曼哈顿"),
    ("blank", "空格"),
    ("breadth-first", "广度优先"),
    ("depth-first", "深度优先"),
    ("simulated annealing", "模拟退火"),
    ("tabu", "禁忌"),
    ("greedy", "贪心"),
    ("cao cao", "曹操"),
    ("layout", "布局"),
    ("piece", "棋子"),
];

/// Chinese names the app once used beside the glossary's, for the same
/// thing: none may come back.
const RETIRED: &[&str] = &["单步查看", "逐步查看", "检查器", "对数坐标"];

/// Help words whose English has a second, everyday sense the glossary's
/// Chinese does not cover: the word and why it is left out of the check.
const TWO_SENSES: &[(&str, &str)] = &[
    (
        "state",
        "the board on screen is a 局面 (Set state); the search's node a 状态",
    ),
    ("bound", "an upper bound (上界) beside IDA*'s bound (阈值)"),
    ("duplicate", "a tile written twice beside a state met again"),
    (
        "consistent",
        "a heuristic's property beside agreeing results",
    ),
];

/// The Help page's words: English term and Chinese name, as its list shows
/// them ("heuristic, h" / "启发函数 h": the name before the symbol).
fn help_words() -> Vec<(String, String)> {
    GLOSSARY
        .iter()
        .map(|(w, _)| {
            let en = w.text(Lang::English);
            let zh = w.text(Lang::Chinese);
            let en = en.split(", ").next().unwrap_or_default().to_lowercase();
            let zh = zh.split(' ').next().unwrap_or_default().to_string();
            (en, zh)
        })
        // A symbol alone ("f") reads the same in both languages.
        .filter(|(en, _)| en.len() > 1 && !TWO_SENSES.iter().any(|(w, _)| w == en))
        .collect()
}

/// `text` without its `{…}` placeholders (a field's value is not the
/// template's wording).
fn without_placeholders(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether lower-case `text` has `term` as a whole word (or words).
fn uses(text: &str, term: &str) -> bool {
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
    text.match_indices(term).any(|(at, _)| {
        !letter(text[..at].chars().next_back()) && !letter(text[at + term.len()..].chars().next())
    })
}

#[test]
fn every_term_has_one_chinese_name_in_every_message() {
    let mut terms = help_words();
    terms.extend(
        NAMES
            .iter()
            .map(|&(en, zh)| (en.to_string(), zh.to_string())),
    );
    let mut wrong = Vec::new();
    for &(name, en, zh) in TABLES.iter().copied().flatten() {
        let (en, zh) = (
            without_placeholders(en).to_lowercase(),
            without_placeholders(zh),
        );
        for (term, chinese) in &terms {
            if uses(&en, term) && !zh.contains(chinese.as_str()) {
                wrong.push(format!("{name}: '{term}' is not '{chinese}' in: {zh}"));
            }
        }
        for retired in RETIRED {
            if zh.contains(retired) {
                wrong.push(format!("{name}: retired name '{retired}' in: {zh}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_a_second_name() {
    // The check itself: a text that calls the inspector by another name fails.
    assert!(uses("open the inspector.", "inspector"));
    assert!(!uses("inspectors", "inspector"));
    assert_eq!(without_placeholders("{n} 次 {how}"), " 次 ");
}

#[test]
fn chinese_texts_punctuate_with_full_width_marks() {
    // A comma, semicolon, colon or full stop between Chinese words is the
    // full-width one (，；：。); ASCII marks stay inside formulas, numbers
    // and quoted notation only (exp(−ΔE / T), 1,234, “字母:方向”).
    let chinese = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    let mut mixed = Vec::new();
    for &(name, _, zh) in TABLES.iter().copied().flatten() {
        let zh = without_placeholders(zh);
        let chars: Vec<char> = zh.chars().collect();
        let mut quoted = false;
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '“' => quoted = true,
                '”' => quoted = false,
                _ => {}
            }
            if quoted || !matches!(c, ',' | ';' | ':' | '.') {
                continue;
            }
            let before = chars[..i].iter().rev().find(|c| !c.is_whitespace());
            if before.is_some_and(|&b| chinese(b)) {
                mixed.push(format!("{name}: '{c}' after Chinese in: {zh}"));
            }
        }
    }
    assert!(mixed.is_empty(), "{}", mixed.join("\n"));
}
