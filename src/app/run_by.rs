//! [`RunBy`]: which strategy (and heuristic) a run is or was, as the app
//! carries it: by registry name, never by label. Labels are only drawn,
//! through the names table ([`super::i18n::names`]); files get the names.

use super::i18n::{Lang, Message, TilesMsg, names};
use crate::engine::HeuristicKind;
use crate::engine::strategy::{self, Strategy};

/// The strategy of a run, and the heuristic that guided it.
#[derive(Clone, Debug, PartialEq)]
pub enum RunBy {
    /// A registered strategy.
    Strategy {
        /// Its registry name (`astar`).
        name: &'static str,
        /// The heuristic that guided it: none for an uninformed strategy,
        /// or on Klotski.
        heuristic: Option<HeuristicKind>,
    },
    /// A strategy a file names that is not registered (`by hand`), kept
    /// and shown as written.
    Unknown(String),
}

impl RunBy {
    /// A run of `strategy`, guided by `heuristic` if it takes one.
    pub fn new(strategy: &dyn Strategy, heuristic: Option<HeuristicKind>) -> Self {
        Self::Strategy {
            name: strategy.name(),
            heuristic: heuristic.filter(|_| strategy.uses_heuristic()),
        }
    }

    /// The run a file says found its solution (registry names; the
    /// storage reads old labels as the names, see
    /// [`crate::storage::puzzle_file::registry_names`]).
    pub fn from_file(strategy: &str, heuristic: &str) -> Self {
        let (strategy, heuristic) =
            crate::storage::puzzle_file::registry_names(strategy, heuristic);
        match strategy::find(&strategy) {
            Some(s) => Self::new(s, HeuristicKind::from_name(&heuristic)),
            None => Self::Unknown(strategy),
        }
    }

    /// The names a file writes: `("astar", "linear-conflict")`, `("bfs",
    /// "")`.
    pub fn names(&self) -> (String, String) {
        match self {
            Self::Strategy { name, heuristic } => (
                name.to_string(),
                heuristic.map_or_else(String::new, |h| h.name().to_string()),
            ),
            Self::Unknown(text) => (text.clone(), String::new()),
        }
    }

    /// What a run of this strategy that stopped with `outcome` proved: the
    /// length every solution takes at least (an exact search's bound, in
    /// unit steps if `in_steps`), or, for a search that is not exact, that
    /// it proves none; `None` when there is nothing to say (it did not
    /// stop early, or an exact search stopped before its first bound).
    pub fn proven<M>(
        &self,
        outcome: &crate::engine::Outcome<M>,
        in_steps: bool,
    ) -> Option<super::i18n::reasons::Proven> {
        let Self::Strategy { name, .. } = self else {
            return None;
        };
        let strategy = strategy::find(name)?;
        let stopped = matches!(
            outcome.status,
            crate::engine::Status::Limit(_) | crate::engine::Status::Cancelled
        );
        let at_least = strategy::proven_lower_bound(strategy, outcome);
        (stopped && (at_least.is_some() || !strategy.is_optimal()))
            .then_some(super::i18n::reasons::Proven { at_least, in_steps })
    }

    /// What kind of search the strategy runs, if it is registered.
    pub fn search_kind(&self) -> Option<strategy::SearchKind> {
        match self {
            Self::Strategy { name, .. } => strategy::find(name)?.search_kind(),
            Self::Unknown(_) => None,
        }
    }

    /// The strategy's label in `lang` (`A*`), without the heuristic.
    pub fn label(&self, lang: Lang) -> String {
        match self {
            Self::Strategy { name, .. } => {
                names::strategy_label_of(name, lang).unwrap_or_else(|| name.to_string())
            }
            Self::Unknown(text) => text.clone(),
        }
    }

    /// The heuristic's label in `lang`, if one guided the run.
    pub fn heuristic_label(&self, lang: Lang) -> Option<String> {
        match self {
            Self::Strategy {
                heuristic: Some(h), ..
            } => Some(names::heuristic_label(*h, lang)),
            _ => None,
        }
    }
}

/// The run as people read it: `A* with Manhattan + linear conflict`, or
/// `BFS` when no heuristic guides it.
impl Message for RunBy {
    fn text(&self, lang: Lang) -> String {
        let strategy = self.label(lang);
        match self.heuristic_label(lang) {
            Some(heuristic) => TilesMsg::WithHeuristic {
                strategy,
                heuristic,
            }
            .text(lang),
            None => strategy,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_carried_by_name_and_drawn_by_label() {
        let astar = strategy::find("astar").unwrap();
        let run = RunBy::new(astar, Some(HeuristicKind::LinearConflict));
        assert_eq!(run.names(), ("astar".into(), "linear-conflict".into()));
        assert_eq!(
            run.text(Lang::English),
            "A* with Manhattan + linear conflict"
        );
        assert_eq!(run.label(Lang::Chinese), "A* 算法");
        // An uninformed strategy drops the heuristic.
        let bfs = RunBy::new(
            strategy::find("bfs").unwrap(),
            Some(HeuristicKind::Manhattan),
        );
        assert_eq!(bfs.names(), ("bfs".into(), String::new()));
        assert_eq!(bfs.text(Lang::Chinese), "广度优先搜索");
        // Files: names, the labels of earlier versions, and anything else.
        assert_eq!(RunBy::from_file("astar", "linear-conflict"), run);
        assert_eq!(RunBy::from_file("A*", "linear-conflict"), run);
        assert_eq!(
            RunBy::from_file("A* · Manhattan + linear conflict", ""),
            run
        );
        let by_hand = RunBy::from_file("by hand", "");
        assert_eq!(by_hand, RunBy::Unknown("by hand".into()));
        assert_eq!(by_hand.text(Lang::Chinese), "by hand");
        assert_eq!(by_hand.names(), ("by hand".into(), String::new()));
    }
}
