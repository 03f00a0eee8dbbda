//! Who each piece is: Cao Cao, the five generals, the soldiers — and how a
//! step reads in the step list (`12. 曹操 ↓` or `12. Cao Cao down`).

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
    /// The name in the chosen language.
    pub fn get(&self, chinese: bool) -> &str {
        if chinese {
            &self.chinese
        } else {
            &self.english
        }
    }
}

/// Names for every piece of `layout`, by index. Generals beyond the five
/// named ones are numbered.
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
    names
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            n.unwrap_or_else(|| match layout.pieces[i].shape {
                _ if i == layout.target => PieceName {
                    chinese: "曹操".into(),
                    english: "Cao Cao".into(),
                    role: Role::CaoCao,
                },
                PieceShape::Single => PieceName {
                    chinese: "卒".into(),
                    english: "Soldier".into(),
                    role: Role::Soldier,
                },
                _ => PieceName {
                    chinese: "营".into(),
                    english: "Camp".into(),
                    role: Role::Block,
                },
            })
        })
        .collect()
}

/// One step as the step list shows it: `曹操 ↓` or `Cao Cao down`.
pub fn describe_step(name: &PieceName, dir: Dir, chinese: bool) -> String {
    let (arrow, word) = match dir {
        Dir::Up => ('↑', "up"),
        Dir::Down => ('↓', "down"),
        Dir::Left => ('←', "left"),
        Dir::Right => ('→', "right"),
    };
    if chinese {
        format!("{} {arrow}", name.chinese)
    } else {
        format!("{} {word}", name.english)
    }
}

#[cfg(test)]
mod doc_examples {
    use super::{PieceName, Role, describe_step, piece_names};
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
        assert_eq!(describe_step(&cao, Dir::Down, true), "曹操 ↓");
        assert_eq!(describe_step(&cao, Dir::Down, false), "Cao Cao down");
    }
}
