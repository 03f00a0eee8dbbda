//! The app's words in English and Simplified Chinese: typed tables of
//! messages (one enum per area of the app, [`Msg`] for the menu bar and
//! dialogs), each message with both texts side by side, so a message cannot
//! be added in one language only (the table would not compile) and a test
//! checks that every Chinese text is really there, with the same
//! placeholders, in glyphs the shipped font has.
//!
//! A new area adds a file here with one `messages! { AreaMsg; … }` and one
//! line in [`TABLES`].
//!
//! The language is kept in egui's context for the frame being drawn
//! ([`set_language`] once a frame, [`tr`] in views), so views need no extra
//! parameter. The CLI stays English: scripts parse it.

use eframe::egui;
use serde::{Deserialize, Serialize};

/// A language the app speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    English,
    /// Simplified Chinese.
    Chinese,
}

impl Lang {
    /// Both, in menu order.
    pub const ALL: [Lang; 2] = [Lang::English, Lang::Chinese];

    /// The language's name in itself, as the language menu lists it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Chinese => "简体中文",
        }
    }

    /// The language of a locale as the environment names it (`LC_ALL`,
    /// then `LC_MESSAGES`, then `LANG`, the first one set and not empty):
    /// Chinese for `zh…`, English otherwise.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(&var)
            .find(|value| !value.is_empty())
            .unwrap_or_default();
        if locale.to_ascii_lowercase().starts_with("zh") {
            Lang::Chinese
        } else {
            Lang::English
        }
    }

    /// The system's language (see [`from_locale`](Self::from_locale)).
    pub fn of_system() -> Lang {
        Lang::from_locale(|name| std::env::var(name).ok())
    }
}

/// Where the frame's language is kept in egui's context.
fn key() -> egui::Id {
    egui::Id::unique("huarong-language")
}

/// Draw the coming frame in `lang`.
pub fn set_language(ctx: &egui::Context, lang: Lang) {
    ctx.data_mut(|d| d.insert_temp(key(), lang));
}

/// A count in short form as `lang` writes it: `10 M` in English, `1000 万`
/// in Chinese (both read back by [`crate::units::parse_count`]).
pub fn count(n: u64, lang: Lang) -> String {
    match lang {
        Lang::English => crate::units::count(n),
        Lang::Chinese => crate::units::count_chinese(n),
    }
}

/// The language the frame is drawn in.
pub fn language(ctx: &egui::Context) -> Lang {
    ctx.data(|d| d.get_temp(key())).unwrap_or_default()
}

/// A text the app shows, in either language: a variant of one of the
/// message tables.
pub trait Message {
    /// The text in `lang`.
    fn text(&self, lang: Lang) -> String;
}

impl<M: Message + ?Sized> Message for &M {
    fn text(&self, lang: Lang) -> String {
        (**self).text(lang)
    }
}

/// `msg` in the frame's language.
pub fn tr(ui: &egui::Ui, msg: impl Message) -> String {
    tr_ctx(ui.ctx(), msg)
}

/// `msg` in the frame's language, where there is no `Ui` yet (window
/// titles).
pub fn tr_ctx(ctx: &egui::Context, msg: impl Message) -> String {
    msg.text(language(ctx))
}

mod common;
mod errors;
pub mod names;
#[cfg(test)]
mod scan;
mod tiles;
pub use common::Msg;
pub use errors::ErrorMsg;
pub use tiles::TilesMsg;
mod said;
pub use said::Said;
pub mod klotski;
pub use klotski::KlotskiMsg;
mod compare;
pub use compare::CompareMsg;
mod inspector;
pub use inspector::InspectorMsg;
mod lesson;
pub use lesson::LessonMsg;
mod help;
pub use help::HelpMsg;
mod english;
#[cfg(test)]
mod glossary;
mod hints;
pub use hints::HintMsg;
mod pdb;
pub use pdb::PdbMsg;
mod race;
pub use race::RaceMsg;
mod looks;
pub use looks::LooksMsg;
pub mod reasons;

/// A puzzle family's name in `lang`, for messages ("tile puzzles"): each
/// family's own message table says it.
pub fn family_name(family: crate::engine::strategy::Family, lang: Lang) -> String {
    use crate::engine::strategy::Family;
    match family {
        Family::Tiles => TilesMsg::FamilyName.text(lang),
        Family::Klotski => KlotskiMsg::FamilyName.text(lang),
    }
}

/// Every table's templates: what the completeness and glyph tests read.
#[cfg(test)]
const TABLES: &[&[(&str, &str, &str)]] = &[
    common::TEMPLATES,
    names::TEMPLATES,
    tiles::TEMPLATES,
    errors::TEMPLATES,
    klotski::TEMPLATES,
    compare::TEMPLATES,
    inspector::TEMPLATES,
    lesson::TEMPLATES,
    help::TEMPLATES,
    hints::TEMPLATES,
    pdb::TEMPLATES,
    race::TEMPLATES,
    reasons::TEMPLATES,
    looks::TEMPLATES,
];

/// Declares a message table: an enum named first, then each message a
/// variant (with its fields, if the text has placeholders), its English
/// text and its Chinese text. The texts are `format!` strings over the
/// fields; English counts are written in the plural and agree when made
/// ([`english::agree`]).
macro_rules! messages {
    (
        $(#[$enum_doc:meta])*
        $enum:ident;
        $(
            $(#[$doc:meta])*
            $name:ident $({ $($field:ident : $ty:ty),* $(,)? })? => $en:literal, $zh:literal;
        )*
    ) => {
        $(#[$enum_doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub enum $enum {
            $( $(#[$doc])* $name $({ $($field: $ty),* })?, )*
        }

        impl $crate::app::i18n::Message for $enum {
            #[allow(unused_variables)] // a text may leave a field out
            fn text(&self, lang: $crate::app::i18n::Lang) -> String {
                match lang {
                    $crate::app::i18n::Lang::English => match self {
                        $( $enum::$name $({ $($field),* })? => $crate::app::i18n::english::agree(format!($en)), )*
                    },
                    $crate::app::i18n::Lang::Chinese => match self {
                        $( $enum::$name $({ $($field),* })? => format!($zh), )*
                    },
                }
            }
        }

        /// Every message's name and its two texts as written (placeholders
        /// unfilled): what the completeness and glyph tests read.
        #[cfg(test)]
        pub const TEMPLATES: &[(&str, &str, &str)] = &[ $( (stringify!($name), $en, $zh), )* ];
    };
}
use messages;

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{…}` placeholders of a template, sorted.
    fn placeholders(template: &str) -> Vec<String> {
        let mut out: Vec<String> = template
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_string()))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn every_message_has_a_chinese_text_with_the_same_placeholders() {
        let mut untranslated = Vec::new();
        for &(name, en, zh) in TABLES.iter().copied().flatten() {
            assert_eq!(placeholders(en), placeholders(zh), "{name}");
            let has_chinese = zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            if zh.trim().is_empty() || zh == en || !has_chinese {
                untranslated.push(name);
            }
        }
        assert!(untranslated.is_empty(), "not translated: {untranslated:?}");
    }

    #[test]
    fn the_shipped_font_draws_every_chinese_text() {
        let ctx = egui::Context::default();
        crate::app::fonts::install(&ctx);
        // Fonts load at the first frame.
        let mut frame = ctx.run_ui(egui::RawInput::default(), |_| {});
        frame.textures_delta.clear(); // no renderer here to take them
        let wanted: String = TABLES
            .iter()
            .copied()
            .flatten()
            .map(|&(_, _, zh)| zh)
            .collect();
        let missing: std::collections::BTreeSet<char> = ctx.fonts_mut(|f| {
            wanted
                .chars()
                .filter(|c| !c.is_whitespace())
                .filter(|&c| !f.has_glyph(&egui::FontId::proportional(14.0), c))
                .collect()
        });
        assert!(missing.is_empty(), "no glyph for {missing:?}");
    }

    #[test]
    fn the_locale_picks_chinese_only_for_zh() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Lang::from_locale(env(&[("LANG", "zh_CN.UTF-8")])),
            Lang::Chinese
        );
        assert_eq!(
            Lang::from_locale(env(&[("LANG", "en_GB.UTF-8")])),
            Lang::English
        );
        assert_eq!(Lang::from_locale(env(&[])), Lang::English);
        // LC_ALL wins over LANG; an empty one is skipped.
        let both = env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "zh_TW.UTF-8")]);
        assert_eq!(Lang::from_locale(both), Lang::English);
        let empty = env(&[("LC_ALL", ""), ("LANG", "zh_CN.UTF-8")]);
        assert_eq!(Lang::from_locale(empty), Lang::Chinese);
    }

    #[test]
    fn a_message_fills_its_placeholders_in_either_language() {
        assert_eq!(Msg::MenuFile.text(Lang::English), "File");
        assert_eq!(Msg::MenuFile.text(Lang::Chinese), "文件");
        let v = Msg::AboutVersion { version: "1.2" };
        assert_eq!(v.text(Lang::English), "Version 1.2");
        assert_eq!(v.text(Lang::Chinese), "版本 1.2");
        let ctx = egui::Context::default();
        set_language(&ctx, Lang::Chinese);
        assert_eq!(language(&ctx), Lang::Chinese);
    }
}
