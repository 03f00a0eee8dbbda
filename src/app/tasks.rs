//! Every task a web worker can run, by name: the table `app::web`'s worker
//! entry looks a task up in. It lists tasks of every screen, so it sits
//! above them (the job owner, `jobs`, knows no screen).

use super::jobs::Task;
use super::jobs::task::{Runner, run_json};

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
        crate::app::inspector::InspectRun::NAME,
        run_json::<crate::app::inspector::InspectRun>,
    ),
    (
        crate::app::compare::batch::RunBatch::NAME,
        run_json::<crate::app::compare::batch::RunBatch>,
    ),
    (
        crate::app::compare::batch::by_depth::RunByDepth::NAME,
        run_json::<crate::app::compare::batch::by_depth::RunByDepth>,
    ),
    (
        crate::app::race::analysis::FindOptimum::NAME,
        run_json::<crate::app::race::analysis::FindOptimum>,
    ),
    (
        crate::app::race::analysis::FindOptimalPath::NAME,
        run_json::<crate::app::race::analysis::FindOptimalPath>,
    ),
    (
        crate::app::race::analysis::AnalysePath::NAME,
        run_json::<crate::app::race::analysis::AnalysePath>,
    ),
    (
        crate::app::race::klotski::BuildGroups::NAME,
        run_json::<crate::app::race::klotski::BuildGroups>,
    ),
    (
        crate::app::race::klotski::DrawPosition::NAME,
        run_json::<crate::app::race::klotski::DrawPosition>,
    ),
    (
        crate::app::klotski::hint::BuildHints::NAME,
        run_json::<crate::app::klotski::hint::BuildHints>,
    ),
    (
        crate::app::tiles::distance::DistanceOf::NAME,
        run_json::<crate::app::tiles::distance::DistanceOf>,
    ),
    (
        crate::app::tiles::distance::NeighboursOf::NAME,
        run_json::<crate::app::tiles::distance::NeighboursOf>,
    ),
    (
        crate::app::picture::LoadPicture::NAME,
        run_json::<crate::app::picture::LoadPicture>,
    ),
];

/// The runner of the task called `name`.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub fn runner(name: &str) -> Option<Runner> {
    RUNNERS.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
}

/// What tests of tasks share: a task sent as the web edition sends it.
#[cfg(test)]
pub mod testing {
    use std::sync::Arc;

    use super::runner;
    use crate::app::jobs::{DbWork, Jobs, Task, TaskEnv};
    use crate::engine::Control;

    /// What a worker gives a task: `jobs`' databases, no database work
    /// shown.
    pub fn env(jobs: &Jobs) -> TaskEnv {
        TaskEnv {
            databases: jobs.databases().clone(),
            database: DbWork::default(),
            on_database: Arc::new(|| {}),
        }
    }

    /// `task`'s answer as the web edition gets it: sent to a worker as
    /// JSON, run by the runner its name finds, read back from JSON.
    pub fn sent<T: Task>(task: &T, env: &TaskEnv) -> T::Output {
        let json = serde_json::to_string(task).unwrap();
        let answer = runner(T::NAME).unwrap()(&json, &Control::default(), env).unwrap();
        serde_json::from_str(&answer).unwrap()
    }
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
