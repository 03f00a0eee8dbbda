//! What the local-search strategies (annealing, tabu, greedy) share: how a
//! puzzle becomes an energy-guided space, and their tuning knobs.

use super::params::{Param, ParamKey};
use super::problem::visit;
use super::{Problem, SolveError};
use crate::control::Control;
use crate::numeral::short_number;
use crate::outcome::Outcome;
use crate::search::SearchSpace;

/// Knobs of the local searches; `None` keeps the strategy's default.
///
/// ```
/// use huarong_engine::strategy::{Tuning, configure};
/// let t = Tuning { alpha: Some(1.5), ..Tuning::default() };
/// let err = configure("annealing", &t).err().unwrap();
/// assert_eq!(err.to_string(), "--alpha must be between 0 and 1 (exclusive), not 1.5");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tuning {
    /// Random seed.
    pub seed: Option<u64>,
    /// Annealing: starting temperature.
    pub t0: Option<f64>,
    /// Annealing: cooling factor.
    pub alpha: Option<f64>,
    /// Annealing: iterations per acceptance window.
    pub window: Option<u64>,
    /// Iterations (per run for annealing).
    pub max_iters: Option<u64>,
    /// Annealing: extra runs after a failed one.
    pub restarts: Option<u32>,
    /// Tabu: how many recent states are tabu.
    pub tenure: Option<usize>,
    /// Weighted A*: the factor its paths stay within (≥ 1).
    pub weight: Option<f64>,
    /// Depth-limited search: the most moves a path may have (≥ 1).
    pub depth: Option<u32>,
}

impl Tuning {
    /// The value set for `key`, if any (whole numbers as `f64`, which
    /// holds them exactly up to 2^53 only: [`get_int`](Self::get_int)
    /// reads a seed exactly).
    ///
    /// ```
    /// use huarong_engine::strategy::{ParamKey, Tuning};
    /// let t = Tuning::default().with(ParamKey::Tenure, 7.0);
    /// assert_eq!(t.tenure, Some(7));
    /// assert_eq!(t.get(ParamKey::Tenure), Some(7.0));
    /// assert_eq!(t.get(ParamKey::Seed), None);
    /// ```
    pub fn get(&self, key: ParamKey) -> Option<f64> {
        match key {
            ParamKey::Seed => self.seed.map(|v| v as f64),
            ParamKey::T0 => self.t0,
            ParamKey::Alpha => self.alpha,
            ParamKey::Window => self.window.map(|v| v as f64),
            ParamKey::RunIters | ParamKey::MaxIters => self.max_iters.map(|v| v as f64),
            ParamKey::Restarts => self.restarts.map(f64::from),
            ParamKey::Tenure => self.tenure.map(|v| v as f64),
            ParamKey::Weight => self.weight,
            ParamKey::Depth => self.depth.map(f64::from),
        }
    }

    /// The value set for whole-number knob `key`, exactly (`None` when it
    /// is not set or takes real numbers).
    ///
    /// ```
    /// use huarong_engine::strategy::{ParamKey, Tuning};
    /// let seed = (1u64 << 53) + 1; // no f64 holds it
    /// let t = Tuning::default().with_int(ParamKey::Seed, seed);
    /// assert_eq!((t.seed, t.get_int(ParamKey::Seed)), (Some(seed), Some(seed)));
    /// assert_eq!(t.get_int(ParamKey::Weight), None);
    /// ```
    pub fn get_int(&self, key: ParamKey) -> Option<u64> {
        match key {
            ParamKey::Seed => self.seed,
            ParamKey::Window => self.window,
            ParamKey::RunIters | ParamKey::MaxIters => self.max_iters,
            ParamKey::Restarts => self.restarts.map(u64::from),
            ParamKey::Tenure => self.tenure.map(|v| v as u64),
            ParamKey::Depth => self.depth.map(u64::from),
            ParamKey::T0 | ParamKey::Alpha | ParamKey::Weight => None,
        }
    }

    /// This tuning with whole-number knob `key` set to `value` exactly
    /// (saturating at its type's bounds); a knob that takes real numbers
    /// gets it as `f64`.
    pub fn with_int(mut self, key: ParamKey, value: u64) -> Self {
        let narrow = |max: u64| value.min(max);
        match key {
            ParamKey::Seed => self.seed = Some(value),
            ParamKey::Window => self.window = Some(value),
            ParamKey::RunIters | ParamKey::MaxIters => self.max_iters = Some(value),
            ParamKey::Restarts => self.restarts = Some(narrow(u32::MAX.into()) as u32),
            ParamKey::Tenure => self.tenure = Some(narrow(usize::MAX as u64) as usize),
            ParamKey::Depth => self.depth = Some(narrow(u32::MAX.into()) as u32),
            ParamKey::T0 | ParamKey::Alpha | ParamKey::Weight => {
                return self.with(key, value as f64);
            }
        }
        self
    }

    /// This tuning with `key` set to `value` (whole-number knobs round it,
    /// saturating at their type's bounds; a seed above 2^53 is exact only
    /// through [`with_int`](Self::with_int)).
    pub fn with(mut self, key: ParamKey, value: f64) -> Self {
        let whole = value.round();
        match key {
            ParamKey::Seed => self.seed = Some(whole as u64),
            ParamKey::T0 => self.t0 = Some(value),
            ParamKey::Alpha => self.alpha = Some(value),
            ParamKey::Window => self.window = Some(whole as u64),
            ParamKey::RunIters | ParamKey::MaxIters => self.max_iters = Some(whole as u64),
            ParamKey::Restarts => self.restarts = Some(whole as u32),
            ParamKey::Tenure => self.tenure = Some(whole as usize),
            ParamKey::Weight => self.weight = Some(value),
            ParamKey::Depth => self.depth = Some(whole as u32),
        }
        self
    }

    /// The defaults of every knob `params` lists.
    pub fn defaults(params: &[Param]) -> Self {
        params
            .iter()
            .fold(Self::default(), |t, p| t.with(p.key, p.default))
    }
}

fn bad(msg: String) -> SolveError {
    SolveError::BadParameter(msg)
}

impl Tuning {
    /// Check the values that can be wrong whatever the strategy.
    pub(super) fn check(&self) -> Result<(), SolveError> {
        if let Some(a) = self.alpha
            && !(a > 0.0 && a < 1.0)
        {
            return Err(bad(format!(
                "--alpha must be between 0 and 1 (exclusive), not {}",
                short_number(a)
            )));
        }
        if let Some(t) = self.t0
            && !(t > 0.0 && t.is_finite())
        {
            return Err(bad(format!(
                "--t0 must be a positive temperature, not {}",
                short_number(t)
            )));
        }
        if let Some(w) = self.weight
            && !(1.0..=super::weighted::MAX_WEIGHT).contains(&w)
        {
            return Err(bad(format!(
                "--weight must be a number from 1 (optimal) to {}, not {}",
                super::weighted::MAX_WEIGHT,
                short_number(w)
            )));
        }
        if self.tenure == Some(0) {
            return Err(bad("--tenure must be at least 1".into()));
        }
        if self.window == Some(0) {
            return Err(bad("--window must be at least 1".into()));
        }
        if self.depth == Some(0) {
            return Err(bad("--depth must be at least 1".into()));
        }
        if self.max_iters == Some(0) {
            return Err(bad("--max-iters must be at least 1".into()));
        }
        Ok(())
    }
}

/// A local search run on some space with an energy (lower is better).
pub(super) trait LocalRun {
    fn run<S: SearchSpace>(
        &self,
        space: &S,
        start: S::State,
        energy: &dyn Fn(&S::State) -> f64,
        ctl: &Control,
    ) -> Outcome<S::Move>;
}

/// Run `r` on `problem`'s space, minimising its energy (tiles: the chosen
/// heuristic; Klotski: the block-aware energy).
pub(super) fn on_problem<P: Problem>(
    r: &impl LocalRun,
    problem: &P,
    ctl: &Control,
) -> Outcome<P::Move> {
    visit!(problem, <R: LocalRun> [r: R, ctl: Control] |space, start, guide| {
        r.run(space, start, &|s| guide.energy(s), ctl)
    })
}
