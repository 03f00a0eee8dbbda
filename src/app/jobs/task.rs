//! Jobs that can run where the app's memory is not: a [`Task`] is a job's
//! inputs as data and a function of them. On the desktop a task runs on a
//! thread like any job; in the web edition it is sent, as JSON, to a Web
//! Worker running the same module (the browser has no threads that share
//! the page's memory), which looks its runner up in [`RUNNERS`] by name
//! and sends back progress, database news and the answer. The table of
//! runners is `app::tasks`, above the screens whose tasks it lists.

use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::pool::{DatabasePool, DbWork, Got};
use crate::engine::control::{CancelToken, Stop};
use crate::engine::strategy::{SolveError, Strategy, Tuning};
use crate::engine::{Board, Control, HeuristicKind};

/// A strategy as a task carries it: its registry name and knobs, from
/// which a web worker makes it again.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct StrategyChoice {
    name: String,
    tuning: Tuning,
}

impl StrategyChoice {
    /// `strategy`, knobs and all.
    pub fn of(strategy: &dyn Strategy) -> Self {
        Self {
            name: strategy.name().to_string(),
            tuning: strategy.tuning(),
        }
    }

    /// The strategy called `name`, with its default knobs (tests).
    #[cfg(test)]
    pub fn named(name: &str) -> Self {
        Self {
            name: name.to_string(),
            tuning: Tuning::default(),
        }
    }

    /// The strategy made again (refused: a name or knob the registry does
    /// not know, from a page of another version).
    pub fn strategy(&self) -> Result<Box<dyn Strategy>, SolveError> {
        crate::engine::strategy::configure(&self.name, &self.tuning)
    }
}

/// A job's inputs, and what running them makes.
pub trait Task: Serialize + DeserializeOwned + Send + 'static {
    /// What the job hands back.
    type Output: Serialize + DeserializeOwned + Send + 'static;

    /// The task's name in [`RUNNERS`].
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    const NAME: &'static str;

    /// Run it under `ctl`, with the databases and watchers of `env`.
    fn run(self, ctl: &Control, env: &TaskEnv) -> Self::Output;

    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    /// What it hands back when stopped from outside before it answered
    /// (the web edition ends a cancelled worker at once, so the task
    /// cannot say it itself), given its last progress report.
    fn cancelled(&self, progress: Option<crate::engine::Progress>) -> Self::Output;
}

/// What a task may use besides its inputs.
#[derive(Clone)]
pub struct TaskEnv {
    /// The pattern databases (in a web worker, its own).
    pub databases: DatabasePool,
    /// The database work the task does, shown while it runs.
    pub database: DbWork,
    /// Called when [`database`](Self::database) has news worth a frame.
    pub on_database: Arc<dyn Fn() + Send + Sync>,
}

impl TaskEnv {
    /// The pattern database `heuristic` needs for `goal`, from the pool
    /// or read or built here with its work shown: `Ok(None)` for a
    /// heuristic computed from the board, [`Stop::Cancelled`] when
    /// `cancel` came first.
    pub fn database_for(
        &self,
        heuristic: HeuristicKind,
        goal: &Board,
        cancel: &CancelToken,
    ) -> Result<Option<Got>, Stop> {
        let Some(partition) = heuristic.partition(goal) else {
            return Ok(None);
        };
        let on_news = self.on_database.clone();
        self.databases
            .get(goal, &partition, &self.database, &|| on_news(), cancel)
            .map(Some)
            .ok_or(Stop::Cancelled)
    }
}

/// A task's runner as the web worker calls it: the task as JSON in, the
/// output as JSON out (or why the JSON was refused).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub type Runner = fn(&str, &Control, &TaskEnv) -> Result<String, String>;

/// Run the task `T` given as JSON.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub fn run_json<T: Task>(json: &str, ctl: &Control, env: &TaskEnv) -> Result<String, String> {
    let task: T = serde_json::from_str(json).map_err(|e| format!("{}: {e}", T::NAME))?;
    serde_json::to_string(&task.run(ctl, env)).map_err(|e| format!("{}: {e}", T::NAME))
}
