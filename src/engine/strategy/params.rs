//! What the registry says about strategies beyond their searches: the
//! tuning knobs they take, as data that front ends (the app's tuning
//! panel, the CLI's help) are built from.

use crate::search::{AnnealParams, GreedyParams, TabuParams};

/// Which knob a [`Param`] is; [`Tuning`](super::Tuning) holds one value per key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ParamKey {
    /// Random seed.
    Seed,
    /// Starting temperature.
    T0,
    /// Cooling factor.
    Alpha,
    /// Iterations per acceptance window.
    Window,
    /// Iterations per run (a search that restarts).
    RunIters,
    /// Iterations in all.
    MaxIters,
    /// Extra runs after a failed one.
    Restarts,
    /// States kept tabu.
    Tenure,
    /// Weighted A*'s w: paths at most w times the shortest.
    Weight,
    /// A depth-limited search's limit: the most moves a path may have.
    Depth,
}

impl ParamKey {
    /// The command-line flag that sets it, without the dashes.
    pub fn flag(self) -> &'static str {
        match self {
            ParamKey::Seed => "seed",
            ParamKey::T0 => "t0",
            ParamKey::Alpha => "alpha",
            ParamKey::Window => "window",
            ParamKey::RunIters | ParamKey::MaxIters => "max-iters",
            ParamKey::Restarts => "restarts",
            ParamKey::Tenure => "tenure",
            ParamKey::Weight => "weight",
            ParamKey::Depth => "depth",
        }
    }
}

/// The values a front end offers for a knob. [`configure`](super::configure)
/// accepts more (any α in (0, 1), …); this is the sensible range to offer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Integer {
        /// Least value offered.
        min: u64,
        /// Greatest value offered.
        max: u64,
    },
    /// A real number in `min..=max`.
    Real {
        /// Least value offered.
        min: f64,
        /// Greatest value offered.
        max: f64,
        /// A convenient drag step.
        step: f64,
        /// Decimals worth showing.
        decimals: usize,
    },
}

/// One tuning knob of a strategy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// Which knob.
    pub key: ParamKey,
    /// A short label for people.
    pub label: &'static str,
    /// One sentence on what it does.
    pub help: &'static str,
    /// The values to offer.
    pub kind: ParamKind,
    /// The strategy's default (whole numbers are exact in an `f64`).
    pub default: f64,
}

impl Param {
    /// Whether `value` lies in the offered range.
    pub fn offers(&self, value: f64) -> bool {
        match self.kind {
            ParamKind::Integer { min, max } => {
                value.fract() == 0.0 && value >= min as f64 && value <= max as f64
            }
            ParamKind::Real { min, max, .. } => value >= min && value <= max,
        }
    }
}

const fn int(min: u64, max: u64) -> ParamKind {
    ParamKind::Integer { min, max }
}

const fn seed(default: u64) -> Param {
    Param {
        key: ParamKey::Seed,
        label: "Seed",
        help: "The same seed gives the same run.",
        kind: int(0, u64::MAX),
        default: default as f64,
    }
}

const A: AnnealParams = AnnealParams::DEFAULT;
const T: TabuParams = TabuParams::DEFAULT;
const G: GreedyParams = GreedyParams::DEFAULT;

/// Simulated annealing's knobs.
pub(super) static ANNEALING: &[Param] = &[
    seed(A.seed),
    Param {
        key: ParamKey::T0,
        label: "T₀",
        help: "Starting temperature.",
        kind: ParamKind::Real {
            min: 0.01,
            max: 100.0,
            step: 0.05,
            decimals: 2,
        },
        default: A.t0,
    },
    Param {
        key: ParamKey::Alpha,
        label: "α",
        help: "Cooling factor per iteration; the adaptive schedule moves it within 0.999–0.9999.",
        kind: ParamKind::Real {
            min: 0.99,
            max: 0.99999,
            step: 0.00001,
            decimals: 5,
        },
        default: A.alpha,
    },
    Param {
        key: ParamKey::Window,
        label: "Window",
        help: "Iterations per acceptance-rate window.",
        kind: int(10, 100_000),
        default: A.window as f64,
    },
    Param {
        key: ParamKey::RunIters,
        label: "Iterations",
        help: "Iterations per run.",
        kind: int(1, 100_000_000),
        default: A.max_iters as f64,
    },
    Param {
        key: ParamKey::Restarts,
        label: "Restarts",
        help: "Extra runs from the start after a run fails.",
        kind: int(0, 1000),
        default: A.restarts as f64,
    },
];

/// Tabu search's knobs.
pub(super) static TABU: &[Param] = &[
    seed(T.seed),
    Param {
        key: ParamKey::Tenure,
        label: "Tenure",
        help: "How many recent states are tabu.",
        kind: int(1, 10_000_000),
        default: T.tenure as f64,
    },
    Param {
        key: ParamKey::MaxIters,
        label: "Iterations",
        help: "Most iterations.",
        kind: int(1, 100_000_000),
        default: T.max_iters as f64,
    },
];

/// Greedy hill climbing's knobs.
pub(super) static GREEDY: &[Param] = &[
    seed(G.seed),
    Param {
        key: ParamKey::MaxIters,
        label: "Iterations",
        help: "Most moves.",
        kind: int(1, 100_000_000),
        default: G.max_iters as f64,
    },
];

/// Weighted A*'s knob: the factor its paths stay within.
pub(super) static WEIGHTED: &[Param] = &[Param {
    key: ParamKey::Weight,
    label: "Weight w",
    help: "Paths at most w times the shortest: 1 is optimal, larger is faster.",
    kind: ParamKind::Real {
        min: 1.0,
        max: 5.0,
        step: 0.05,
        decimals: 2,
    },
    default: super::weighted::DEFAULT_WEIGHT,
}];
