//! Who each piece is: Cao Cao, the five generals, the soldiers — and how a
//! step reads in the step list (`12. 曹操 ↓` or `12. Cao Cao down`).

use crate::app::i18n::Lang;
use crate::engine::Dir;
use crate::engine::klotski::{Layout, PieceShape};

/// The generals, in the order they are handed out: horizontal pieces first
/// (Guan Yu is the classic horizontal one), then vertical ones.
const GENERALS: [(&str, &str); 5] = [
    ("关羽", "Guan Yu"),
    ("张飞", "Zhang Fei"),
    ("赵云", "Zhao Yun"),
    ("马超", "Ma Chao"),
    ("黄忠", "Huang Zhong"),
];

/// The role of a piece, which also picks its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The target (曹操).
    CaoCao,
    /// A 1×2 or 2×1 piece.
    General,
    /// A 1×1 piece (卒).
    Soldier,
    /// Another 2×2 piece (only in edited layouts).
    Block,
}

/// A piece's name in both languages, and its role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// Chinese name.
    pub chinese: String,
    /// English name.
    pub english: String,
    /// Role.
    pub role: Role,
}

impl PieceName {
    /// The name in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Chinese => &self.chinese,
            Lang::English => &self.english,
        }
    }
}

/// Names for every piece of `layout`, by index. Generals beyond the five
/// named ones are numbered; soldiers are numbered in reading order (top row
/// first, left to right) when there is more than one, so the board and the
/// step list tell them apart.
pub fn piece_names(layout: &Layout) -> Vec<PieceName> {
    let mut names: Vec<Option<PieceName>> = vec![None; layout.pieces.len()];
    let mut generals = 0;
    for shape in [PieceShape::Wide, PieceShape::Tall] {
        for (i, p) in layout.pieces.iter().enumerate() {
            if p.shape == shape {
                let (chinese, english) = match GENERALS.get(generals) {
                    Some(&(c, e)) => (c.to_string(), e.to_string()),
                    None => (
                        format!("将{}", generals + 1),
                        format!("General {}", generals + 1),
                    ),
                };
                generals += 1;
                names[i] = Some(PieceName {
                    chinese,
                    english,
                    role: Role::General,
                });
            }
        }
    }
    let mut soldiers: Vec<usize> = (0..layout.pieces.len())
        .filter(|&i| i != layout.target && layout.pieces[i].shape == PieceShape::Single)
        .collect();
    soldiers.sort_by_key(|&i| (layout.pieces[i].row, layout.pieces[i].col));
    let numbered = soldiers.len() > 1;
    for (k, &i) in soldiers.iter().enumerate() {
        let number = if numbered {
            (k + 1).to_string()
        } else {
            String::new()
        };
        names[i] = Some(PieceName {
            chinese: format!("卒{number}"),
            english: format!("Soldier {number}").trim_end().to_string(),
            role: Role::Soldier,
        });
    }
    names
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            n.unwrap_or_else(|| {
                if i == layout.target {
                    PieceName {
                        chinese: "曹操".into(),
                        english: "Cao Cao".into(),
                        role: Role::CaoCao,
                    }
                } else {
                    PieceName {
                        chinese: "营".into(),
                        english: "Camp".into(),
                        role: Role::Block,
                    }
                }
            })
        })
        .collect()
}

/// The arrow and the word for a direction.
fn arrow_and_word(dir: Dir) -> (char, &'static str) {
    match dir {
        Dir::Up => ('↑', "up"),
        Dir::Down => ('↓', "down"),
        Dir::Left => ('←', "left"),
        Dir::Right => ('→', "right"),
    }
}

/// One step as the step list shows it: `曹操 ↓` or `Cao Cao down`.
pub fn describe_step(name: &PieceName, dir: Dir, lang: Lang) -> String {
    describe_move(name, &[dir], lang)
}

/// One move (a piece's consecutive unit steps `dirs`) as the step list
/// shows it: `曹操 ↓↓` or `Cao Cao down 2`; a move that turns reads
/// `卒1 ↓→` or `Soldier 1 down, right`.
pub fn describe_move(name: &PieceName, dirs: &[Dir], lang: Lang) -> String {
    if lang == Lang::Chinese {
        let arrows: String = dirs.iter().map(|&d| arrow_and_word(d).0).collect();
        return format!("{} {arrows}", name.chinese);
    }
    // Runs of one direction: "down 2, right".
    let mut runs: Vec<(Dir, usize)> = Vec::new();
    for &d in dirs {
        match runs.last_mut() {
            Some((last, n)) if *last == d => *n += 1,
            _ => runs.push((d, 1)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(d, n)| match n {
            1 => arrow_and_word(d).1.to_string(),
            _ => format!("{} {n}", arrow_and_word(d).1),
        })
        .collect();
    format!("{} {}", name.english, parts.join(", "))
}

#[cfg(test)]
mod doc_examples {
    use super::{PieceName, Role, describe_move, describe_step, piece_names};
    use crate::app::i18n::Lang::{Chinese, English};
    use crate::engine::{Dir, klotski::Layout};

    #[test]
    fn the_classic_pieces_have_their_names() {
        let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let names = piece_names(&l);
        assert_eq!(names[l.target].chinese, "曹操");
        let e = l.pieces.iter().position(|p| p.letter == 'E').unwrap();
        assert_eq!(names[e].english, "Guan Yu");
    }

    #[test]
    fn a_step_reads_as_an_arrow_or_a_word() {
        let cao = PieceName {
            chinese: "曹操".into(),
            english: "Cao Cao".into(),
            role: Role::CaoCao,
        };
        assert_eq!(describe_step(&cao, Dir::Down, Chinese), "曹操 ↓");
        assert_eq!(describe_step(&cao, Dir::Down, English), "Cao Cao down");
    }

    #[test]
    fn the_four_soldiers_are_numbered_in_reading_order() {
        // 横刀立马: soldiers G and H on row 4, I and J on row 5.
        let l = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let names = piece_names(&l);
        let of = |letter| {
            let i = l.pieces.iter().position(|p| p.letter == letter).unwrap();
            (names[i].chinese.clone(), names[i].english.clone())
        };
        assert_eq!(of('G'), ("卒1".into(), "Soldier 1".into()));
        assert_eq!(of('H'), ("卒2".into(), "Soldier 2".into()));
        assert_eq!(of('I'), ("卒3".into(), "Soldier 3".into()));
        assert_eq!(of('J'), ("卒4".into(), "Soldier 4".into()));
        // Every name differs.
        let mut all: Vec<&str> = names.iter().map(|n| n.english.as_str()).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), l.pieces.len());
        // A lone soldier needs no number.
        let l = Layout::parse("AAB./AA../.DD./....").unwrap();
        let names = piece_names(&l);
        let b = l.pieces.iter().position(|p| p.letter == 'B').unwrap();
        assert_eq!(names[b].english, "Soldier");
    }

    #[test]
    fn a_move_reads_as_arrows_or_words_with_counts() {
        let cao = PieceName {
            chinese: "曹操".into(),
            english: "Cao Cao".into(),
            role: Role::CaoCao,
        };
        let (d, r) = (Dir::Down, Dir::Right);
        assert_eq!(describe_move(&cao, &[d, d], Chinese), "曹操 ↓↓");
        assert_eq!(describe_move(&cao, &[d, d], English), "Cao Cao down 2");
        assert_eq!(
            describe_move(&cao, &[d, d, r], English),
            "Cao Cao down 2, right"
        );
        assert_eq!(describe_move(&cao, &[r], English), "Cao Cao right");
    }
}
