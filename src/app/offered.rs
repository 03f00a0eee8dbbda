//! What this build of the app offers of the engine's heuristics where it
//! runs: the engine says whether a heuristic fits a board; the web edition
//! also leaves out the pattern databases too large to build in a page.
//! Every list, link, row and solve asks here ([`fits`]).

use crate::engine::{HeuristicKind, Shape};

/// Whether heuristic `kind` can guide a search on `shape` in this app: it
/// fits the board, and its tables can be built and held here.
pub fn fits(kind: HeuristicKind, shape: Shape) -> bool {
    kind.unavailable_for(shape).is_none() && built_here(kind)
}

/// The most pattern-table entries the web edition builds and holds: a page
/// has one thread for it and, in practice, a gigabyte or two of memory.
/// The 6-6-3 tables (11.5 M entries, seconds to build) fit; the 7-8 (575 M,
/// 0.6 GB) and the 6-6-6-6 (510 M, minutes) do not.
const WEB_TABLE_ENTRIES: u64 = 50_000_000;

/// Whether the web edition leaves `kind` out (its tables too large).
pub fn too_large_for_the_web(kind: HeuristicKind) -> bool {
    kind.table_entries().is_some_and(|n| n > WEB_TABLE_ENTRIES)
}

/// Whether `kind`'s tables can be built and held where the app runs.
pub fn built_here(kind: HeuristicKind) -> bool {
    cfg!(not(target_arch = "wasm32")) || !too_large_for_the_web(kind)
}

#[cfg(test)]
mod web_tests {
    use super::*;
    use crate::app::i18n::{Lang, Message, TilesMsg, names};

    /// The web edition leaves out exactly the pattern databases too large
    /// to build in a page: 7-8 and 6-6-6-6, not 6-6-3 or any computed
    /// heuristic; the desktop keeps every one.
    #[test]
    fn the_web_edition_leaves_out_the_large_databases_only() {
        let left_out: Vec<HeuristicKind> = HeuristicKind::ALL
            .into_iter()
            .filter(|k| too_large_for_the_web(*k))
            .collect();
        assert_eq!(left_out, [HeuristicKind::Pdb78, HeuristicKind::Pdb6666]);
        assert!(HeuristicKind::ALL.into_iter().all(built_here));
        // Said in one line naming it, in both languages.
        for lang in [Lang::English, Lang::Chinese] {
            let kind = names::heuristic_label(HeuristicKind::Pdb78, lang);
            let line = TilesMsg::NotOnTheWeb { kind: kind.clone() }.text(lang);
            assert!(line.contains(&kind) && !line.contains('\n'), "{line}");
        }
    }
}
