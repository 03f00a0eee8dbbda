//! The strategies' tuning flags, made from the registry's [`Param`] tables:
//! one flag per knob (`--seed`, `--t0`, …), its help saying what it means to
//! each strategy that takes it. A knob added to a strategy's table is a
//! flag here with no change to the command line's code.

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};

use crate::engine::strategy::{Param, ParamKey, ParamKind, STRATEGIES, Tuning};

/// The longest tabu list `--tenure` asks for (it is allocated up front).
pub(super) const MAX_TENURE: u64 = 1_000_000;

/// The knobs of every strategy, one per flag (the first strategy's
/// [`Param`] stands for the flag), in registry order.
fn knobs() -> Vec<Param> {
    let mut knobs: Vec<Param> = Vec::new();
    for s in STRATEGIES.iter() {
        for p in s.params() {
            if !knobs.iter().any(|k| k.key.flag() == p.key.flag()) {
                knobs.push(*p);
            }
        }
    }
    knobs
}

/// The tuning flags given on the command line.
#[derive(Clone, Debug, Default)]
pub(super) struct TuningArgs {
    /// The flags given, with their values.
    given: Vec<(ParamKey, Value)>,
}

/// A flag's value, as its kind of knob reads it.
#[derive(Clone, Copy, Debug)]
enum Value {
    Whole(u64),
    Real(f64),
}

impl TuningArgs {
    /// The seed given, if any.
    pub(super) fn seed(&self) -> Option<u64> {
        self.given.iter().find_map(|(key, v)| match (key, v) {
            (ParamKey::Seed, Value::Whole(n)) => Some(*n),
            _ => None,
        })
    }

    /// The tuning these flags ask for; a whole number too large for its
    /// knob is refused by name.
    pub(super) fn tuning(&self) -> Result<Tuning, String> {
        let mut tuning = Tuning::default();
        for &(key, value) in &self.given {
            tuning = match value {
                Value::Real(x) => tuning.with(key, x),
                // Exact: whole numbers never pass through an f64 (a seed
                // above 2^53 has none); one that saturates its knob is refused.
                Value::Whole(n) => {
                    let set = tuning.with_int(key, n);
                    if set.get_int(key) != Some(n) {
                        return Err(format!(
                            "--{} must be at most {}, not {n}",
                            key.flag(),
                            huarong::units::thousands(set.get_int(key).unwrap_or(0))
                        ));
                    }
                    set
                }
            };
        }
        Ok(tuning)
    }
}

/// A flag's help, from the registry: what it means to the strategies that
/// take it, with their defaults (those that agree grouped), e.g.
/// "annealing, tabu, greedy: the same seed gives the same run (default 1)".
pub(super) fn knob_help(flag: &str) -> String {
    let mut uses: Vec<(Vec<&str>, &str, String)> = Vec::new();
    for s in STRATEGIES.iter() {
        for p in s.params().iter().filter(|p| p.key.flag() == flag) {
            let help = p.help.trim_end_matches('.');
            let default = match p.kind {
                ParamKind::Integer { .. } => huarong::units::thousands(p.default as u64),
                ParamKind::Real { .. } => p.default.to_string(),
            };
            match uses
                .iter_mut()
                .find(|(_, h, d)| *h == help && *d == default)
            {
                Some((names, _, _)) => names.push(s.name()),
                None => uses.push((vec![s.name()], help, default)),
            }
        }
    }
    let parts: Vec<String> = uses
        .iter()
        .map(|(names, help, default)| {
            let mut chars = help.chars();
            let first = chars.next().map(|c| c.to_lowercase().to_string());
            format!(
                "{}: {}{} (default {default})",
                names.join(", "),
                first.unwrap_or_default(),
                chars.as_str()
            )
        })
        .collect();
    let mut help = parts.join("; ");
    if flag == ParamKey::Tenure.flag() {
        help += &format!("; at most {}", huarong::units::thousands(MAX_TENURE));
    }
    help
}

/// A whole number of at most `max`, refused with the bound named.
fn whole_at_most(max: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text: &str| {
        let n: u128 = text
            .trim()
            .parse()
            .map_err(|_| "not a whole number".to_string())?;
        if n > u128::from(max) {
            return Err(format!(
                "must be at most {}",
                huarong::units::thousands(max)
            ));
        }
        Ok(n as u64)
    }
}

impl Args for TuningArgs {
    fn augment_args(mut cmd: Command) -> Command {
        for knob in knobs() {
            let flag = knob.key.flag();
            let arg = Arg::new(flag).long(flag).help(knob_help(flag));
            let arg = match knob.kind {
                ParamKind::Integer { .. } => {
                    // A tabu list is allocated whole before the search.
                    let max = if knob.key == ParamKey::Tenure {
                        MAX_TENURE
                    } else {
                        u64::MAX
                    };
                    arg.value_name("N").value_parser(whole_at_most(max))
                }
                ParamKind::Real { .. } => arg
                    .value_name("X")
                    .allow_negative_numbers(true)
                    .value_parser(clap::value_parser!(f64)),
            };
            cmd = cmd.arg(arg);
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for TuningArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = Self::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for knob in knobs() {
            let flag = knob.key.flag();
            let value = match knob.kind {
                ParamKind::Integer { .. } => matches.get_one::<u64>(flag).map(|&n| Value::Whole(n)),
                ParamKind::Real { .. } => matches.get_one::<f64>(flag).map(|&x| Value::Real(x)),
            };
            if let Some(value) = value {
                self.given.retain(|(key, _)| key.flag() != flag);
                self.given.push((knob.key, value));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Line {
        #[command(flatten)]
        tuning: TuningArgs,
    }

    fn parse(args: &[&str]) -> Result<Tuning, String> {
        let line = Line::try_parse_from(std::iter::once("t").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        line.tuning.tuning()
    }

    #[test]
    fn every_knob_of_the_registry_is_a_flag_that_sets_it() {
        for s in STRATEGIES.iter() {
            for p in s.params() {
                let (text, want) = match p.kind {
                    ParamKind::Integer { min, max } => {
                        let n = min.max(1).min(max);
                        (n.to_string(), n as f64)
                    }
                    ParamKind::Real { min, max, .. } => {
                        let x = (min + max) / 2.0;
                        (x.to_string(), x)
                    }
                };
                let flag = format!("--{}", p.key.flag());
                let t = parse(&[&flag, &text]).unwrap();
                assert_eq!(t.get(p.key), Some(want), "{} {flag}", s.name());
                assert!(knob_help(p.key.flag()).contains(s.name()), "{flag}");
            }
        }
        assert_eq!(parse(&[]).unwrap(), Tuning::default());
    }

    #[test]
    fn seeds_are_exact_and_oversized_whole_numbers_are_refused() {
        let big = u64::MAX - 1;
        let t = parse(&["--seed", &big.to_string()]).unwrap();
        assert_eq!(t.seed, Some(big));
        let why = parse(&["--restarts", "5000000000"]).unwrap_err();
        assert!(
            why.contains("--restarts must be at most 4,294,967,295"),
            "{why}"
        );
        let why = parse(&["--tenure", "1000001"]).unwrap_err();
        assert!(why.contains("1,000,000"), "{why}");
        assert!(parse(&["--tenure", "1000000"]).is_ok());
    }
}
