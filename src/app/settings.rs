//! What the app remembers across launches (through eframe's storage).

use serde::{Deserialize, Serialize};

use crate::engine::klotski::Metric;
use crate::engine::search::{AnnealParams, TabuParams};
use crate::engine::strategy::{self, Strategy, Tuning};
use crate::engine::{HeuristicKind, Limits, Shape};

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
    /// Shuffle length.
    pub shuffle_moves: u32,
    /// Which puzzle family is shown.
    pub family: Family,
    /// The classic Klotski layout last chosen (index into the shipped list).
    pub classic: usize,
    /// How Klotski solutions are counted.
    pub metric: Metric,
    /// Klotski pieces and steps named in Chinese (else English).
    pub chinese_names: bool,
    /// Settings of the local searches.
    pub tuning: TuningSettings,
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
}

impl Default for TuningSettings {
    fn default() -> Self {
        let (a, t) = (AnnealParams::DEFAULT, TabuParams::DEFAULT);
        Self {
            seed: a.seed,
            t0: a.t0,
            alpha: a.alpha,
            window: a.window,
            anneal_iters: a.max_iters,
            restarts: a.restarts,
            tenure: t.tenure,
            tabu_iters: t.max_iters,
        }
    }
}

impl TuningSettings {
    /// The engine's tuning for the strategy named `name`.
    pub fn for_strategy(&self, name: &str) -> Tuning {
        let max_iters = match name {
            "annealing" => self.anneal_iters,
            _ => self.tabu_iters,
        };
        Tuning {
            seed: Some(self.seed),
            t0: Some(self.t0),
            alpha: Some(self.alpha),
            window: Some(self.window),
            max_iters: Some(max_iters),
            restarts: Some(self.restarts),
            tenure: Some(self.tenure),
        }
    }
}

/// The puzzle families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// Sliding tiles (8-puzzle, 15-puzzle, …).
    Tiles,
    /// Klotski (华容道).
    Klotski,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            rows: 3,
            cols: 3,
            strategy: "astar".into(),
            heuristic: HeuristicKind::LinearConflict,
            limit_nodes: false,
            max_knodes: 10_000,
            limit_time: true,
            time_limit: 60.0,
            speed: 4.0,
            animate: true,
            mark_home: true,
            shuffle_moves: 40,
            family: Family::Tiles,
            classic: 0,
            metric: Metric::Moves,
            chinese_names: true,
            tuning: TuningSettings::default(),
        }
    }
}

impl Settings {
    /// The board shape, clamped into range.
    pub fn shape(&self) -> Shape {
        let side = |n: u8| n.clamp(Shape::MIN_SIDE, Shape::MAX_SIDE);
        Shape::new(side(self.rows), side(self.cols)).expect("clamped")
    }

    /// The strategy chosen, with its settings (the first registered if the
    /// name is unknown, e.g. from an old settings file).
    pub fn strategy(&self) -> Box<dyn Strategy> {
        strategy::configure(&self.strategy, &self.tuning.for_strategy(&self.strategy))
            .or_else(|_| strategy::configure("bfs", &Tuning::default()))
            .expect("bfs takes no settings")
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
