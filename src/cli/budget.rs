//! The run's limits as the work before the searches spends them: the
//! pattern databases and `--anatomy`'s exact distances. Building or
//! loading them counts against `--time-limit`, and what they hold (and,
//! while a database is built, the builder's working memory) against
//! `--max-memory`; what is left goes to the searches. Also the words a
//! limit is reported in, for every command.

use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::signals;
use crate::engine::control::Stop;
use crate::engine::numeral::short_number;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{Board, CancelToken, HeuristicKind, LimitKind, Limits};
use crate::storage::pdb_cache;

/// A database that could not be had within the limits: every solve of the
/// search that needed it ends with this limit and reason.
#[derive(Clone, Debug)]
pub(super) struct Unprepared {
    pub limit: LimitKind,
    pub why: String,
}

/// How the time limit applies to the runs that follow the databases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TimeLimitOf {
    /// One run (solve, compare): the databases' time is taken from it.
    WholeRun,
    /// Each of many runs (bench, experiment): each gets the full limit; the
    /// databases' phase is held to one limit of its own.
    EachRun,
}

/// The run's limits and the databases bought with them.
pub(super) struct Budget {
    started: Instant,
    limits: Limits,
    /// Databases in hand: a run that names one twice holds it once.
    held: Vec<(HeuristicKind, Arc<PatternDb>)>,
    held_bytes: u64,
    /// What was prepared before the searches, in words ("the 7-8 pattern
    /// database"), for the message of a limit that ran out meanwhile.
    prepared: Vec<String>,
}

/// A database's build needs about as much working memory again as its
/// tables (the 7-8: 1.1 GB peak for 577 MB of tables, measured with
/// `/usr/bin/time -v`).
const BUILD_OVERHEAD: u64 = 2;

/// How often a database's load looks for a signal.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

impl Budget {
    /// The budget of a run with these limits, starting now.
    pub fn new(limits: Limits) -> Self {
        Self {
            started: Instant::now(),
            limits,
            held: Vec::new(),
            held_bytes: 0,
            prepared: Vec::new(),
        }
    }

    /// The run's limits, as given.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Count `bytes` held from now on by `what` (in words), prepared
    /// before the searches: they get that much less memory.
    pub fn hold(&mut self, what: &str, bytes: u64) {
        self.held_bytes += bytes;
        self.prepared.push(what.to_string());
    }

    /// The database of `kind` for `goal`, from this run, the cache or a
    /// build, within what is left of the limits.
    pub fn database(
        &mut self,
        kind: HeuristicKind,
        goal: &Board,
        progress: &(dyn Fn(f32) + Sync),
    ) -> Result<Arc<PatternDb>, Unprepared> {
        if let Some((_, db)) = self.held.iter().find(|(k, _)| *k == kind) {
            return Ok(Arc::clone(db));
        }
        let partition = kind.partition(goal).expect("a pattern database kind");
        let name = kind.partition_name().unwrap_or_default();
        let dir = pdb_cache::cache_dir();
        let ranked = PatternDb::encoded_len(goal, &partition) as u64;
        // The spread copy the search reads, kept beside the database.
        let spread = PatternDb::spread_encoded_len_for(goal, &partition).unwrap_or(0) as u64;
        let tables = ranked + spread;
        let cached = pdb_cache::is_cached(&dir, goal, &partition);
        let needed = if cached {
            tables
        } else {
            ranked * BUILD_OVERHEAD + spread
        };
        if let Some(max) = self.limits.max_bytes
            && self.held_bytes + needed > max
        {
            return Err(Unprepared {
                limit: LimitKind::Memory,
                why: format!(
                    "the {name} pattern database needs {} to {}, more than the memory limit ({}) leaves",
                    mib(needed),
                    if cached { "load" } else { "build" },
                    mib(max),
                ),
            });
        }
        let out_of_time = || Unprepared {
            limit: LimitKind::Time,
            why: format!(
                "the time limit ({}) ran out while the {name} pattern database was {}",
                seconds(self.limits.time_limit.unwrap_or_default()),
                if cached { "loaded" } else { "built" }
            ),
        };
        let left = self.time_left();
        if left == Some(Duration::ZERO) {
            return Err(out_of_time());
        }
        let cancel = CancelToken::new();
        // SIGINT and SIGTERM stop the load too (no half-written file is
        // left), then end the run.
        let catch = signals::Catch::new();
        let load = std::thread::scope(|scope| {
            let (done, wait) = mpsc::channel::<()>();
            let deadline = left.map(|left| Instant::now() + left);
            let cancel_at_end = cancel.clone();
            // Raises the token at the deadline or on a signal, unless the
            // load ends first (which drops `done` and wakes it).
            scope.spawn(move || {
                loop {
                    let now = Instant::now();
                    let poll = match deadline {
                        Some(d) if d <= now => break cancel_at_end.cancel(),
                        Some(d) => (d - now).min(SIGNAL_POLL),
                        None => SIGNAL_POLL,
                    };
                    if signals::caught().is_some() {
                        break cancel_at_end.cancel();
                    }
                    if wait.recv_timeout(poll) != Err(RecvTimeoutError::Timeout) {
                        break;
                    }
                }
            });
            let load =
                pdb_cache::load_or_build_cancellable(&dir, goal, &partition, progress, &cancel);
            drop(done);
            load
        });
        catch.release(&format!(
            "the {name} pattern database was {}",
            if cached { "loaded" } else { "built and saved" }
        ));
        let load = load.ok_or_else(out_of_time)?;
        super::out::eprint_line(&load);
        self.hold(&format!("the {name} pattern database"), tables);
        self.held.push((kind, Arc::clone(&load.db)));
        Ok(load.db)
    }

    /// The time left of the limit, counted from the start of the run.
    fn time_left(&self) -> Option<Duration> {
        self.limits
            .time_limit
            .map(|limit| limit.saturating_sub(self.started.elapsed()))
    }

    /// The limits left for each of `share` searches running at once, after
    /// the databases: the memory left is split evenly between them.
    pub fn left(&self, share: usize, time: TimeLimitOf) -> Result<Limits, Unprepared> {
        let time_limit = match time {
            TimeLimitOf::EachRun => self.limits.time_limit,
            TimeLimitOf::WholeRun => match self.time_left() {
                Some(Duration::ZERO) => {
                    let during = if self.prepared.is_empty() {
                        "before the search started".to_string()
                    } else {
                        format!("while {} were prepared", self.prepared.join(" and "))
                    };
                    return Err(Unprepared {
                        limit: LimitKind::Time,
                        why: format!(
                            "the time limit ({}) ran out {during}",
                            seconds(self.limits.time_limit.unwrap_or_default())
                        ),
                    });
                }
                left => left,
            },
        };
        let max_bytes = self
            .limits
            .max_bytes
            .map(|max| max.saturating_sub(self.held_bytes) / share.max(1) as u64);
        Ok(Limits {
            max_nodes: self.limits.max_nodes,
            max_bytes,
            time_limit,
        })
    }
}

/// A limit that stopped `what` (in words: "the distance table for 3x4
/// was built"), as every command reports it: which limit, its value, and
/// during what. A cancel (which the command line never asks for) is named
/// as such.
pub(super) fn stopped(stop: Stop, limits: &Limits, what: &str) -> Unprepared {
    let Stop::Limit(limit) = stop else {
        return Unprepared {
            limit: LimitKind::Time,
            why: format!("cancelled while {what}"),
        };
    };
    let why = match limit {
        LimitKind::Time => format!(
            "the time limit ({}) ran out while {what}",
            seconds(limits.time_limit.unwrap_or_default())
        ),
        LimitKind::Memory => format!(
            "the memory limit ({}) was reached while {what}",
            mib(limits.max_bytes.unwrap_or_default())
        ),
        LimitKind::Nodes => format!(
            "the node limit ({}) was reached while {what}",
            crate::units::thousands(limits.max_nodes.unwrap_or_default())
        ),
    };
    Unprepared { limit, why }
}

/// Bytes in MiB, for messages.
pub(super) fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

/// A duration in seconds, for messages.
pub(super) fn seconds(d: Duration) -> String {
    format!("{} s", short_number(d.as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(time_limit: Option<Duration>, max_mib: u64, held_mib: u64) -> Budget {
        let mut b = Budget::new(Limits {
            max_nodes: Some(7),
            max_bytes: Some(max_mib << 20),
            time_limit,
        });
        b.hold("a test's tables", held_mib << 20);
        b
    }

    #[test]
    fn the_memory_left_is_shared_evenly() {
        let b = budget(None, 100, 40);
        let each = b.left(3, TimeLimitOf::WholeRun).unwrap();
        assert_eq!(each.max_bytes, Some((60 << 20) / 3));
        assert_eq!(each.max_nodes, Some(7));
        assert_eq!(
            b.left(1, TimeLimitOf::EachRun).unwrap().max_bytes,
            Some(60 << 20)
        );
    }

    #[test]
    fn a_whole_run_time_limit_is_spent_by_the_databases() {
        let hour = Duration::from_secs(3600);
        let b = budget(Some(hour), 100, 0);
        let left = b
            .left(1, TimeLimitOf::WholeRun)
            .unwrap()
            .time_limit
            .unwrap();
        assert!(
            left < hour && left > hour - Duration::from_secs(60),
            "{left:?}"
        );
        assert_eq!(
            b.left(1, TimeLimitOf::EachRun).unwrap().time_limit,
            Some(hour)
        );
        let spent = Budget::new(Limits {
            time_limit: Some(Duration::from_nanos(1)),
            ..Limits::default()
        });
        // A nanosecond has passed since the budget was made.
        while spent.started.elapsed().is_zero() {}
        let stop = spent.left(2, TimeLimitOf::WholeRun).unwrap_err();
        assert_eq!(stop.limit, LimitKind::Time);
        // No database was had: none is blamed.
        assert!(!stop.why.contains("pattern database"), "{}", stop.why);
        assert!(
            stop.why.contains("before the search started"),
            "{}",
            stop.why
        );
        assert!(spent.left(2, TimeLimitOf::EachRun).is_ok());
    }
}
