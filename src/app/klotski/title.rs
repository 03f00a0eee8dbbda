//! What the layout shown is called: a classic, edited from one, pasted,
//! sent from the compare view or named elsewhere, and the classics' names
//! in the layout list.

use crate::app::i18n::{KlotskiMsg, Lang, Message, Said};
use crate::engine::klotski::Layout;
use crate::storage::layouts::{Classic, classics};

/// What the layout shown is called; drawn in the frame's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Title {
    /// The classic numbered so (`横刀立马 (Crossing the Ford on
    /// Horseback)`, in Chinese `横刀立马`).
    Classic(usize),
    /// Edited from the classic numbered so (`横刀立马 (edited)`).
    Edited(usize),
    /// Edited from no classic.
    EditedLayout,
    /// Pasted as text.
    Pasted,
    /// Sent from the compare view.
    Compared,
    /// Named elsewhere (a file's name, a hint's "Closest to the exit").
    Named(Said),
}

impl Title {
    /// The title in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let all = classics();
        match self {
            Title::Classic(i) | Title::Edited(i) if *i >= all.len() => String::new(),
            Title::Classic(i) => match lang {
                Lang::English => all[*i].title(),
                Lang::Chinese => all[*i].name.clone(),
            },
            Title::Edited(i) => KlotskiMsg::EditedTitle {
                name: all[*i].name.clone(),
            }
            .text(lang),
            Title::EditedLayout => KlotskiMsg::EditedLayout.text(lang),
            Title::Pasted => KlotskiMsg::PastedLayout.text(lang),
            Title::Compared => KlotskiMsg::ComparedLayout.text(lang),
            Title::Named(name) => name.text(lang),
        }
    }

    /// The title of a file's layout: the classic it names, else `fallback`.
    pub(super) fn of_file(name: Option<&str>, fallback: Said) -> Title {
        name.and_then(|n| classics().iter().position(|c| c.name == n))
            .map_or(Title::Named(fallback), Title::Classic)
    }

    /// The name a file keeps: the classic's, if it is one.
    pub(super) fn file_name(&self) -> Option<String> {
        match self {
            Title::Classic(i) => classics().get(*i).map(|c| c.name.clone()),
            _ => None,
        }
    }

    /// The title of `layout` applied from the editor over a layout titled
    /// so: the classic's when unchanged, `横刀立马 (edited)` when edited
    /// from a classic, else `Edited layout`.
    pub(super) fn after_edit(&self, layout: &Layout) -> Title {
        let from = match self {
            Title::Classic(i) | Title::Edited(i) => classics().get(*i).map(|c| (*i, c.parse())),
            _ => None,
        };
        match from {
            Some((i, classic)) if &classic == layout => Title::Classic(i),
            Some((i, _)) => Title::Edited(i),
            None => Title::EditedLayout,
        }
    }
}

/// The classic numbered `index`, or the first when out of range, with the
/// number it has.
pub(super) fn classic_or_first(index: usize) -> (usize, &'static Classic) {
    let all = classics();
    match all.get(index) {
        Some(c) => (index, c),
        None => (0, &all[0]),
    }
}

/// A classic's name in the layout list: `横刀立马 Crossing the Ford on
/// Horseback`, in Chinese `横刀立马`.
pub fn classic_name(c: &Classic, lang: Lang) -> String {
    match lang {
        Lang::English => format!("{} {}", c.name, c.english),
        Lang::Chinese => c.name.clone(),
    }
}
