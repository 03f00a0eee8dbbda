//! The classic Klotski layouts shipped in `assets/layouts.ron`, compiled into
//! the binary so the app and CLI never depend on a file being present.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::klotski::Layout;

/// One named classic with its known optima.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub struct Classic {
    /// The Chinese name (横刀立马).
    pub name: String,
    /// The English name.
    pub english: String,
    /// The text form.
    pub layout: String,
    /// Published optimum in moves (one piece, any distance).
    pub moves: usize,
    /// Optimum in unit steps.
    pub steps: usize,
}

impl Classic {
    /// The parsed layout (the shipped texts are checked by the tests).
    pub fn parse(&self) -> Layout {
        Layout::parse(&self.layout).expect("shipped layouts parse")
    }

    /// `横刀立马 (Crossing the Ford on Horseback)`.
    pub fn title(&self) -> String {
        format!("{} ({})", self.name, self.english)
    }
}

#[derive(Deserialize)]
struct Catalog {
    format: String,
    version: u32,
    layouts: Vec<Classic>,
}

const SHIPPED: &str = include_str!("../../assets/layouts.ron");

/// The shipped classics, in menu order (横刀立马 first).
///
/// ```
/// let all = huarong::storage::layouts::classics();
/// assert!(all.len() >= 12);
/// assert_eq!(all[0].name, "横刀立马");
/// assert_eq!(all[0].moves, 81);
/// ```
pub fn classics() -> &'static [Classic] {
    static ALL: OnceLock<Vec<Classic>> = OnceLock::new();
    ALL.get_or_init(|| {
        let c: Catalog = ron::from_str(SHIPPED).expect("assets/layouts.ron is valid RON");
        assert_eq!((c.format.as_str(), c.version), ("huarong-layouts", 1));
        c.layouts
    })
}

/// The classic named `name`: its Chinese or English name (any case), or its
/// number in the list counting from 1.
///
/// ```
/// use huarong::storage::layouts::find;
/// assert_eq!(find("横刀立马").unwrap().layout, "BAAC/BAAC/DEEF/DGHF/I..J");
/// assert_eq!(find("crossing the ford on horseback").unwrap().name, "横刀立马");
/// assert_eq!(find("1").unwrap().name, "横刀立马");
/// assert!(find("nowhere").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Classic> {
    let name = name.trim();
    let all = classics();
    if let Ok(n) = name.parse::<usize>() {
        return n.checked_sub(1).and_then(|i| all.get(i));
    }
    all.iter()
        .find(|c| c.name == name || c.english.eq_ignore_ascii_case(name))
}
