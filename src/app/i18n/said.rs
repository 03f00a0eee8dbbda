//! [`Said`]: a text kept to be drawn later in whichever language is chosen
//! then.

use std::sync::Arc;

use super::{Lang, Message};

/// A text kept to be drawn later in whichever language is chosen then (a
/// status line, a failure notice, what a background job reports): a
/// message, words put together from several, or words already written in
/// both languages.
#[derive(Clone)]
pub struct Said(Arc<dyn Fn(Lang) -> String + Send + Sync>);

impl Said {
    /// The text `words` gives in each language, asked for when drawn.
    pub fn new(words: impl Fn(Lang) -> String + Send + Sync + 'static) -> Self {
        Self(Arc::new(words))
    }

    /// The text `write` gives in each language, written now in both (for
    /// words put together from what cannot be kept, or off the UI thread).
    pub fn written(write: impl Fn(Lang) -> String) -> Self {
        let (en, zh) = (write(Lang::English), write(Lang::Chinese));
        Self::new(move |lang| match lang {
            Lang::English => en.clone(),
            Lang::Chinese => zh.clone(),
        })
    }

    /// A message, drawn in the language of the day.
    pub fn msg(msg: impl Message + Send + Sync + 'static) -> Self {
        Self::new(move |lang| msg.text(lang))
    }

    /// A text that is the same in every language (another view's words,
    /// already in the language they were made in).
    pub fn verbatim(text: String) -> Self {
        Self::new(move |_| text.clone())
    }

    /// The English text (what tests read).
    #[cfg(test)]
    pub fn english(&self) -> String {
        self.text(Lang::English)
    }
}

impl Message for Said {
    fn text(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

/// Equal when the words are, in both languages.
impl PartialEq for Said {
    fn eq(&self, other: &Self) -> bool {
        Lang::ALL.iter().all(|&l| self.text(l) == other.text(l))
    }
}

impl std::fmt::Debug for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Said({:?})", self.text(Lang::English))
    }
}
