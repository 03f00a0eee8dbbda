//! What the app remembers across launches (through eframe's storage).

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::klotski::Metric;
use crate::engine::strategy::{self, ParamKey, STRATEGIES, Strategy, Tuning};
use crate::engine::tiles::GoalPattern;
use crate::engine::{Board, HeuristicKind, Limits, Shape};

/// Persisted preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Board rows.
    pub rows: u8,
    /// Board columns.
    pub cols: u8,
    /// Strategy name (registry name).
    pub strategy: String,
    /// Heuristic.
    pub heuristic: HeuristicKind,
    /// Whether the node limit applies.
    pub limit_nodes: bool,
    /// Node limit, in thousands of expanded nodes.
    pub max_knodes: u64,
    /// Whether the time limit applies.
    pub limit_time: bool,
    /// Time limit in seconds.
    pub time_limit: f64,
    /// Playback speed, steps per second.
    pub speed: f32,
    /// Animate slides.
    pub animate: bool,
    /// Mark tiles on their goal cell.
    pub mark_home: bool,
    /// Show the exact distance to the goal (and Hint) on small boards:
    /// off for a player who wants no help.
    pub show_distance: bool,
    /// Colour every movable tile (piece) by what its move does to the
    /// distance (with the readout).
    pub colour_moves: bool,
    /// Draw what the heuristic counts on the tiles (tile boards).
    pub heuristic_view: bool,
    /// Record the anatomy of each solve (nodes by depth and by f, …): a
    /// recorded IDA* runs on one thread, and every search a little slower.
    pub record_anatomy: bool,
    /// IDA*'s threads; 0 is every core (what a new install uses, and what
    /// a choice of all of them is kept as, so it follows the machine).
    pub threads: usize,
    /// Shuffle length.
    pub shuffle_moves: u32,
    /// Which puzzle family is shown.
    pub family: Family,
    /// The classic Klotski layout last chosen (index into the shipped list).
    pub classic: usize,
    /// How Klotski solutions are counted.
    pub metric: Metric,
    /// The knobs of each strategy that takes some.
    pub tuning: Tunings,
    /// The language the app speaks (the first launch follows the system's).
    pub language: super::i18n::Lang,
    /// The race mode's board and inspection.
    pub race: RaceSettings,
    /// The goal pattern of tile boards, by name (`rows`, `snake`, …; an
    /// unknown one is `rows`).
    pub goal: String,
    /// How tile boards look and are played: picture, fringe colours, hover
    /// and the arrow keys.
    pub look: Look,
}

/// How tile boards look and are played (the Board look section).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Look {
    /// Tiles show their part of a picture.
    pub picture: bool,
    /// The picture file chosen; `None` is the built-in picture.
    pub picture_file: Option<std::path::PathBuf>,
    /// Numbers drawn over the picture.
    pub numbers: bool,
    /// Tiles coloured by the fringe a row-by-row solve places them in.
    pub fringe: bool,
    /// Moving the pointer onto a tile in the blank's row or column slides
    /// it, no click.
    pub hover_slide: bool,
    /// What the arrow keys move.
    pub arrows: super::keys::ArrowKeys,
}

impl Default for Look {
    fn default() -> Self {
        Self {
            picture: false,
            picture_file: None,
            numbers: true,
            fringe: false,
            hover_slide: false,
            arrows: super::keys::ArrowKeys::default(),
        }
    }
}

/// The local searches' knobs as the app keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TuningSettings {
    /// Random seed.
    pub seed: u64,
    /// Annealing: starting temperature.
    pub t0: f64,
    /// Annealing: cooling factor.
    pub alpha: f64,
    /// Annealing: iterations per acceptance window.
    pub window: u64,
    /// Annealing: iterations per run.
    pub anneal_iters: u64,
    /// Annealing: extra runs.
    pub restarts: u32,
    /// Tabu: states kept tabu.
    pub tenure: usize,
    /// Tabu and greedy: iterations.
    pub tabu_iters: u64,
    /// Weighted A*: the factor its paths stay within.
    pub weight: f64,
    /// Depth-limited search: the most moves a path may have.
    pub depth: u32,
}

/// A knob of [`TuningSettings`], borrowed with its own type so the panel's
/// widget keeps whole numbers whole.
pub enum KnobMut<'a> {
    /// A 64-bit whole number.
    U64(&'a mut u64),
    /// A 32-bit whole number.
    U32(&'a mut u32),
    /// A count.
    Usize(&'a mut usize),
    /// A real number.
    F64(&'a mut f64),
}

/// A knob's value read from [`TuningSettings`].
enum Value {
    /// A whole number, exact (a seed may pass 2^53).
    Whole(u64),
    /// A real number.
    Real(f64),
}

impl Default for TuningSettings {
    /// Each knob at the registry's default of the first strategy taking
    /// it: what a field missing from a settings file reads as. A strategy's
    /// own defaults are [`TuningSettings::of`].
    fn default() -> Self {
        let mut t = Self {
            seed: 0,
            t0: 0.0,
            alpha: 0.0,
            window: 0,
            anneal_iters: 0,
            restarts: 0,
            tenure: 0,
            tabu_iters: 0,
            weight: 1.0,
            depth: 1,
        };
        let mut seen = Vec::new();
        for p in STRATEGIES.iter().flat_map(|s| s.params()) {
            if !seen.contains(&p.key) {
                seen.push(p.key);
                t.set(p.key, p.default);
            }
        }
        t
    }
}

impl TuningSettings {
    /// The knobs of the strategy named `name` at the defaults its
    /// registry entry gives them (its [`Param`](strategy::Param) table);
    /// the knobs it does not take as in [`Default`].
    pub fn of(name: &str) -> Self {
        let mut t = Self::default();
        for p in strategy::find(name).map_or(&[][..], |s| s.params()) {
            t.set(p.key, p.default);
        }
        t
    }

    /// The field that keeps `key`. Iterations per run (annealing's) and
    /// iterations in all (the others') are kept apart.
    pub fn knob_mut(&mut self, key: ParamKey) -> KnobMut<'_> {
        match key {
            ParamKey::Seed => KnobMut::U64(&mut self.seed),
            ParamKey::T0 => KnobMut::F64(&mut self.t0),
            ParamKey::Alpha => KnobMut::F64(&mut self.alpha),
            ParamKey::Window => KnobMut::U64(&mut self.window),
            ParamKey::RunIters => KnobMut::U64(&mut self.anneal_iters),
            ParamKey::MaxIters => KnobMut::U64(&mut self.tabu_iters),
            ParamKey::Restarts => KnobMut::U32(&mut self.restarts),
            ParamKey::Tenure => KnobMut::Usize(&mut self.tenure),
            ParamKey::Weight => KnobMut::F64(&mut self.weight),
            ParamKey::Depth => KnobMut::U32(&mut self.depth),
        }
    }

    /// The value kept for `key`.
    pub fn get(&self, key: ParamKey) -> f64 {
        match self.value(key) {
            Value::Whole(v) => v as f64,
            Value::Real(v) => v,
        }
    }

    /// The value kept for `key`, whole numbers as such (read through the
    /// one key-to-field table, [`knob_mut`](Self::knob_mut), on a copy).
    fn value(&self, key: ParamKey) -> Value {
        match self.clone().knob_mut(key) {
            KnobMut::U64(v) => Value::Whole(*v),
            KnobMut::U32(v) => Value::Whole(u64::from(*v)),
            KnobMut::Usize(v) => Value::Whole(*v as u64),
            KnobMut::F64(v) => Value::Real(*v),
        }
    }

    /// Keep `value` for `key` (whole-number knobs round it).
    pub fn set(&mut self, key: ParamKey, value: f64) {
        match self.knob_mut(key) {
            KnobMut::U64(v) => *v = value.round() as u64,
            KnobMut::U32(v) => *v = value.round() as u32,
            KnobMut::Usize(v) => *v = value.round() as usize,
            KnobMut::F64(v) => *v = value,
        }
    }

    /// The engine's tuning for the strategy named `name`: the values of
    /// the knobs it takes (none for an unknown name), whole numbers passed
    /// as such (a seed above 2^53 has no `f64`).
    pub fn for_strategy(&self, name: &str) -> Tuning {
        strategy::find(name).map_or_else(Tuning::default, |s| {
            s.params()
                .iter()
                .fold(Tuning::default(), |t, p| match self.value(p.key) {
                    Value::Whole(v) => t.with_int(p.key, v),
                    Value::Real(v) => t.with(p.key, v),
                })
        })
    }

    /// The knobs `name` takes with their values in `lang`, for a tooltip
    /// (`seed 1, t₀ 2, …`; empty for a strategy without knobs).
    pub fn describe(&self, name: &str, lang: super::i18n::Lang) -> String {
        let params = strategy::find(name).map_or(&[][..], |s| s.params());
        let items: Vec<String> = params
            .iter()
            .map(|p| {
                let (label, _) = super::i18n::names::param_text(name, p.key, lang);
                format!("{} {}", label.to_lowercase(), self.get(p.key))
            })
            .collect();
        items.join(", ")
    }
}

/// The knobs of every strategy, each strategy its own (greedy's
/// iterations are not tabu's): a strategy not set yet is at its registry
/// defaults ([`TuningSettings::of`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Tunings(BTreeMap<String, TuningSettings>);

impl Tunings {
    /// The knobs of the strategy named `name`.
    pub fn of(&self, name: &str) -> TuningSettings {
        self.0
            .get(name)
            .copied()
            .unwrap_or_else(|| TuningSettings::of(name))
    }

    /// The knobs of the strategy named `name`, to change (the tuning panel).
    pub fn of_mut(&mut self, name: &str) -> &mut TuningSettings {
        self.0
            .entry(name.to_string())
            .or_insert_with(|| TuningSettings::of(name))
    }

    /// The engine's tuning for the strategy named `name`.
    pub fn for_strategy(&self, name: &str) -> Tuning {
        self.of(name).for_strategy(name)
    }
}

/// Settings files before each strategy had its own knobs kept one set for
/// all; they still load.
impl<'de> Deserialize<'de> for Tunings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OnDisk {
            Each(BTreeMap<String, TuningSettings>),
            Shared(TuningSettings),
        }
        Ok(match OnDisk::deserialize(d)? {
            OnDisk::Each(each) => Self(each),
            OnDisk::Shared(shared) => Self::from_shared(&shared),
        })
    }
}

impl Tunings {
    /// Each strategy's knobs from the one set old settings kept: a knob
    /// left at the old shared default (the first strategy's, which gave
    /// greedy tabu's iterations) takes the strategy's own.
    fn from_shared(shared: &TuningSettings) -> Self {
        let untouched = TuningSettings::default();
        let each = STRATEGIES
            .iter()
            .filter(|s| !s.params().is_empty())
            .map(|s| {
                let mut t = TuningSettings::of(s.name());
                for p in s.params() {
                    if shared.get(p.key) != untouched.get(p.key) {
                        t.set(p.key, shared.get(p.key));
                    }
                }
                (s.name().to_string(), t)
            })
            .collect();
        Self(each)
    }
}

/// The puzzle families (the engine's: its registry says which strategies
/// solve which).
pub use crate::engine::strategy::Family;

/// A strategy that gave way to a family's default
/// ([`Settings::keep_strategy_for`]).
pub struct GaveWay {
    /// The one chosen before (`None`: a name no strategy has).
    pub chosen: Option<&'static dyn Strategy>,
    /// The default chosen instead.
    pub fallback: &'static dyn Strategy,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            rows: 3,
            cols: 3,
            strategy: strategy::DEFAULT_APP.into(),
            heuristic: HeuristicKind::LinearConflict,
            limit_nodes: false,
            max_knodes: 10_000,
            limit_time: true,
            time_limit: 60.0,
            speed: 4.0,
            animate: true,
            mark_home: true,
            show_distance: true,
            colour_moves: false,
            heuristic_view: false,
            record_anatomy: true,
            threads: 0,
            shuffle_moves: 40,
            family: Family::Tiles,
            classic: 0,
            metric: Metric::Moves,
            tuning: Tunings::default(),
            language: super::i18n::Lang::English,
            race: RaceSettings::default(),
            goal: crate::engine::tiles::GoalPattern::Rows.name().to_string(),
            look: Look::default(),
        }
    }
}

impl Settings {
    /// The goal pattern chosen for tile boards.
    pub fn goal_pattern(&self) -> crate::engine::tiles::GoalPattern {
        use crate::engine::tiles::GoalPattern;
        GoalPattern::from_name(&self.goal).unwrap_or(GoalPattern::Rows)
    }

    /// The goal of a new tile board of `shape`: the chosen pattern.
    pub fn goal_for(&self, shape: Shape) -> crate::engine::Board {
        self.goal_pattern().board(shape)
    }

    /// The board shape, clamped into range.
    pub fn shape(&self) -> Shape {
        let side = |n: u8| n.clamp(Shape::MIN_SIDE, Shape::MAX_SIDE);
        Shape::new(side(self.rows), side(self.cols)).expect("clamped")
    }

    /// Keep the strategy chosen to those that solve `family`: one that
    /// does not (chosen in the other family's view, or a name from an old
    /// settings file) gives way to the family's default. What gave way, if
    /// anything, for the view's status line.
    pub fn keep_strategy_for(&mut self, family: Family) -> Option<GaveWay> {
        let chosen = strategy::find(&self.strategy);
        if chosen.is_some_and(|s| s.supports(family)) {
            return None;
        }
        let fallback = strategy::find(strategy::default_for(family))
            .expect("each family's default is registered");
        self.strategy = fallback.name().into();
        Some(GaveWay { chosen, fallback })
    }

    /// Keep the heuristic chosen to those that fit `shape`: one that does
    /// not (a pattern database of another board size, after the size
    /// changed) gives way to the best that fits without a long build — the
    /// 6-6-3 database on 4×4 for a database, else linear conflict. What gave
    /// way and what replaced it, for the view's status line.
    pub fn keep_heuristic_for(&mut self, shape: Shape) -> Option<(HeuristicKind, HeuristicKind)> {
        let chosen = self.heuristic;
        if crate::app::offered::fits(chosen, shape) {
            return None;
        }
        let fallback = [HeuristicKind::Pdb, HeuristicKind::LinearConflict]
            .into_iter()
            .find(|k| {
                chosen.is_database() == k.is_database() && crate::app::offered::fits(*k, shape)
            })
            .unwrap_or(HeuristicKind::LinearConflict);
        self.heuristic = fallback;
        Some((chosen, fallback))
    }

    /// The strategy chosen, with its settings (the first registered if the
    /// name is unknown, e.g. from an old settings file).
    pub fn strategy(&self) -> Box<dyn Strategy> {
        strategy::configure(&self.strategy, &self.tuning.for_strategy(&self.strategy))
            .or_else(|_| strategy::configure(STRATEGIES[0].name(), &Tuning::default()))
            .expect("the default tuning is valid")
    }

    /// How many threads a search may use: the chosen number, at most
    /// every core.
    pub fn threads(&self) -> usize {
        match self.threads {
            0 => crate::engine::control::cores(),
            n => n.min(crate::engine::control::cores()),
        }
    }

    /// Choose `threads` threads (every core is kept as "all").
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if threads >= crate::engine::control::cores() {
            0
        } else {
            threads.max(1)
        };
    }

    /// The search limits chosen.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self
                .limit_nodes
                .then(|| self.max_knodes.saturating_mul(1000)),
            time_limit: self
                .limit_time
                .then(|| std::time::Duration::try_from_secs_f64(self.time_limit).ok())
                .flatten(),
            ..Limits::default()
        }
    }
}

/// The race's settings, remembered with the app's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RaceSettings {
    /// The board's side (square boards, 3 to 10).
    pub side: u8,
    /// Seconds of inspection before the clock starts (0 to 15).
    pub inspection: u8,
    /// The goal pattern's name (`rows`, `snake`, …; an unknown one is
    /// `rows`).
    pub goal: String,
    /// Race on Klotski instead of tiles.
    pub klotski: bool,
    /// The Klotski classic's index.
    pub classic: usize,
    /// Start Klotski from a random position of the classic's group.
    pub random_position: bool,
}

impl Default for RaceSettings {
    fn default() -> Self {
        Self {
            side: 4,
            inspection: 0,
            goal: GoalPattern::Rows.name().to_string(),
            klotski: false,
            classic: 0,
            random_position: false,
        }
    }
}

/// The sides offered.
pub const SIDES: std::ops::RangeInclusive<u8> = 3..=10;
/// The longest inspection offered, in seconds.
pub const MAX_INSPECTION: u8 = 15;

impl RaceSettings {
    /// The family of puzzle raced.
    pub fn family(&self) -> Family {
        match self.klotski {
            true => Family::Klotski,
            false => Family::Tiles,
        }
    }

    /// Race `family`'s puzzles.
    pub fn set_family(&mut self, family: Family) {
        self.klotski = family == Family::Klotski;
    }

    /// The board's shape, clamped into range.
    pub fn shape(&self) -> Shape {
        let side = self.side.clamp(*SIDES.start(), *SIDES.end());
        Shape::new(side, side).expect("a side in range")
    }

    /// The goal pattern chosen.
    pub fn pattern(&self) -> GoalPattern {
        GoalPattern::from_name(&self.goal).unwrap_or(GoalPattern::Rows)
    }

    /// The goal board: the pattern on the board's shape.
    pub fn goal(&self) -> Board {
        self.pattern().board(self.shape())
    }

    /// The Klotski classic chosen.
    pub fn classic(&self) -> &'static crate::storage::layouts::Classic {
        let all = crate::storage::layouts::classics();
        &all[self.classic.min(all.len() - 1)]
    }

    /// The key the records keep this board's solves under:
    /// `tiles 4x4 rows`, `klotski 横刀立马`.
    pub fn key(&self) -> String {
        if self.klotski {
            return crate::storage::records::klotski_key(
                &self.classic().name,
                self.random_position,
            );
        }
        crate::storage::records::tiles_key(self.shape(), self.pattern().name())
    }

    /// The inspection's length, clamped into range.
    pub fn inspection(&self) -> Duration {
        Duration::from_secs(self.inspection.min(MAX_INSPECTION).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::TabuParams;

    #[test]
    fn settings_survive_the_storage_round_trip_and_old_files_fill_defaults() {
        let s = Settings {
            rows: 4,
            cols: 5,
            strategy: "idastar".into(),
            heuristic: HeuristicKind::Manhattan,
            speed: 12.0,
            animate: false,
            ..Settings::default()
        };
        // eframe keeps app state as RON.
        let text = ron::to_string(&s).unwrap();
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), s);
        let partial: Settings = ron::from_str("(rows: 5, speed: 3.0)").unwrap();
        assert_eq!(partial.rows, 5);
        assert_eq!(partial.cols, Settings::default().cols);
        assert_eq!(partial.shape(), Shape::new(5, 3).unwrap());
        let wild: Settings = ron::from_str("(rows: 200, cols: 0)").unwrap();
        assert_eq!(wild.shape(), Shape::new(10, 2).unwrap());
    }

    #[test]
    fn settings_saved_with_the_old_piece_names_choice_still_load() {
        // Piece names now follow the app's language; the setting is gone
        // but files that have it load, their other choices kept.
        let old: Settings =
            ron::from_str("(rows: 5, chinese_names: false, language: Chinese)").unwrap();
        assert_eq!(old.rows, 5);
        assert_eq!(old.language, super::super::i18n::Lang::Chinese);
        assert!(!ron::to_string(&old).unwrap().contains("chinese_names"));
    }

    #[test]
    fn settings_with_one_set_of_knobs_for_all_still_load() {
        // Before each strategy had its own: a knob changed applies to every
        // strategy taking it; one left at the old shared default (greedy's
        // iterations were tabu's) takes the strategy's own default.
        let tabu = TabuParams::DEFAULT;
        let old = format!(
            "(tuning: (seed: 42, tabu_iters: {}, tenure: 9, weight: 1.5), rows: 4)",
            tabu.max_iters
        );
        let s: Settings = ron::from_str(&old).unwrap();
        assert_eq!(s.rows, 4);
        for name in ["annealing", "tabu", "greedy"] {
            assert_eq!(s.tuning.of(name).seed, 42, "{name}");
        }
        assert_eq!(s.tuning.of("tabu").tenure, 9);
        assert_eq!(s.tuning.of("tabu").tabu_iters, tabu.max_iters);
        let greedy = crate::engine::search::GreedyParams::DEFAULT;
        assert_eq!(s.tuning.of("greedy").tabu_iters, greedy.max_iters);
        assert_eq!(s.tuning.of("weighted").weight, 1.5);
        // And what is saved now reads back as it was.
        let text = ron::to_string(&s).unwrap();
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), s);
    }

    #[test]
    fn tuning_follows_the_registry() {
        use crate::engine::search::AnnealParams;
        let t = TuningSettings::default();
        let (a, tabu) = (AnnealParams::DEFAULT, TabuParams::DEFAULT);
        // Each knob starts at the first registered strategy's default.
        assert_eq!(
            (t.seed, t.t0, t.alpha, t.window),
            (a.seed, a.t0, a.alpha, a.window)
        );
        assert_eq!((t.anneal_iters, t.restarts), (a.max_iters, a.restarts));
        assert_eq!((t.tenure, t.tabu_iters), (tabu.tenure, tabu.max_iters));
        // A strategy gets exactly its knobs: annealing its iterations per
        // run, tabu and greedy the iterations in all.
        let t = TuningSettings {
            anneal_iters: 11,
            tabu_iters: 22,
            tenure: 5,
            ..t
        };
        assert_eq!(t.for_strategy("annealing").max_iters, Some(11));
        assert_eq!(t.for_strategy("annealing").tenure, None);
        assert_eq!(t.for_strategy("tabu").max_iters, Some(22));
        assert_eq!(t.for_strategy("tabu").tenure, Some(5));
        assert_eq!(t.for_strategy("greedy").max_iters, Some(22));
        assert_eq!(t.for_strategy("astar"), Tuning::default());
        for s in STRATEGIES {
            assert!(strategy::configure(s.name(), &t.for_strategy(s.name())).is_ok());
            let described = t.describe(s.name(), super::super::i18n::Lang::English);
            assert_eq!(described.is_empty(), s.params().is_empty(), "{described}");
        }
        assert!(
            t.describe("tabu", super::super::i18n::Lang::English)
                .contains("tenure 5")
        );
        let zh = t.describe("tabu", super::super::i18n::Lang::Chinese);
        assert!(zh.contains("禁忌长度 5"), "{zh}");
        // Each strategy has its own knobs, at its own registry defaults.
        let mut each = Tunings::default();
        for s in STRATEGIES {
            for p in s.params() {
                assert_eq!(each.of(s.name()).get(p.key), p.default, "{}", s.name());
            }
        }
        each.of_mut("tabu").tabu_iters = 7;
        assert_eq!(each.for_strategy("tabu").max_iters, Some(7));
        assert_eq!(
            each.for_strategy("greedy").max_iters,
            Some(crate::engine::search::GreedyParams::DEFAULT.max_iters)
        );
        // Seeds are exact however large (2^53 + 1 has no f64).
        let seed = (1u64 << 53) + 1;
        let t = TuningSettings { seed, ..t };
        for name in ["annealing", "tabu", "greedy"] {
            assert_eq!(t.for_strategy(name).seed, Some(seed), "{name}");
        }
        // The family is the engine's and reads back from old settings.
        let s: Settings = ron::from_str("(family: Klotski)").unwrap();
        assert_eq!(s.family, Family::Klotski);
    }
}

/// Settings as the app reads them back (eframe's storage holds them as RON),
/// attacked: mutated text either fails to read (the app then starts with
/// the defaults) or opens an app that draws its first frames without a
/// panic, whatever the values.
#[cfg(test)]
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        #[test]
        fn mutated_settings_open_the_app_or_are_refused(
            edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4)
        ) {
            let mut s = Settings { rows: 4, cols: 5, ..Settings::default() };
            s.race.side = 3;
            let mut text = ron::to_string(&s).unwrap().into_bytes();
            for (at, byte) in edits {
                let at = at % text.len();
                // Digits and structure: where a value or a shape changes.
                text[at] = b"0123456789(),:-.e"[usize::from(byte) % 17];
            }
            let Ok(text) = String::from_utf8(text) else { return Ok(()) };
            if let Ok(settings) = ron::from_str::<Settings>(&text) {
                let mut h = crate::app::tests::harness_with(settings);
                h.run();
            }
        }
    }
}
