//! Jobs that can run where the app's memory is not: a [`Task`] is a job's
//! inputs as data and a function of them. On the desktop a task runs on a
//! thread like any job; in the web edition it is sent, as JSON, to a Web
//! Worker running the same module (the browser has no threads that share
//! the page's memory), which looks its runner up in [`RUNNERS`] by name
//! and sends back progress, database news and the answer.

use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::pool::{DatabasePool, DbWork};
use crate::engine::Control;

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

/// A task's runner as the web worker calls it: the task as JSON in, the
/// output as JSON out (or why the JSON was refused).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub type Runner = fn(&str, &Control, &TaskEnv) -> Result<String, String>;

/// Run the task `T` given as JSON.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
fn run_json<T: Task>(json: &str, ctl: &Control, env: &TaskEnv) -> Result<String, String> {
    let task: T = serde_json::from_str(json).map_err(|e| format!("{}: {e}", T::NAME))?;
    serde_json::to_string(&task.run(ctl, env)).map_err(|e| format!("{}: {e}", T::NAME))
}

/// Every task the web worker can run, by name.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub const RUNNERS: &[(&str, Runner)] = &[
    (
        crate::app::solver::SolveTiles::NAME,
        run_json::<crate::app::solver::SolveTiles>,
    ),
    (
        crate::app::klotski::solve::SolveKlotski::NAME,
        run_json::<crate::app::klotski::solve::SolveKlotski>,
    ),
    (
        crate::app::compare::jobs::SolveStart::NAME,
        run_json::<crate::app::compare::jobs::SolveStart>,
    ),
    (
        crate::app::tiles::distance::TableOf::NAME,
        run_json::<crate::app::tiles::distance::TableOf>,
    ),
    (
        crate::app::inspector::InspectTiles::NAME,
        run_json::<crate::app::inspector::InspectTiles>,
    ),
    (
        crate::app::inspector::InspectKlotski::NAME,
        run_json::<crate::app::inspector::InspectKlotski>,
    ),
];

/// The runner of the task called `name`.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub fn runner(name: &str) -> Option<Runner> {
    RUNNERS.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_runner_is_found_by_its_own_name_only() {
        for (name, _) in RUNNERS {
            let found = RUNNERS.iter().filter(|(n, _)| n == name).count();
            assert_eq!(found, 1, "{name} is in the table {found} times");
            assert!(runner(name).is_some());
        }
        assert!(runner("no such task").is_none());
    }
}
