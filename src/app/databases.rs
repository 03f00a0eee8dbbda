//! The pattern databases the app holds, and the "Build strong database"
//! control: the 7-8 database is built on a background thread with a
//! progress bar, cached on disk, and used from then on.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use eframe::egui;

use super::Command;
use crate::engine::job::Job;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{Board, Control, HeuristicKind};
use crate::storage::pdb_cache::{self, PdbLoad};

/// Loaded databases (at most one per partition and goal) and the strong
/// database's build, if one runs.
#[derive(Default)]
pub struct Databases {
    loaded: Vec<Arc<PatternDb>>,
    build: Option<StrongBuild>,
}

/// A build of the 7-8 database on its own thread.
struct StrongBuild {
    goal: Board,
    job: Job<Option<PdbLoad>>,
    /// Thousandths done.
    done: Arc<AtomicU32>,
}

/// What the panel shows about the strong database for the board shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StrongStatus {
    /// Not a 4×4 board: nothing to show.
    NotApplicable,
    /// Neither loaded nor cached.
    Missing,
    /// A cache file exists; it is loaded at the first solve.
    OnDisk,
    /// In memory.
    Loaded,
    /// Being built: the fraction done.
    Building(f32),
}

impl Databases {
    /// The database of `kind` for `goal`, if loaded.
    pub fn find(&self, kind: HeuristicKind, goal: &Board) -> Option<Arc<PatternDb>> {
        self.find_partition(goal, &kind.partition(goal)?)
    }

    fn find_partition(&self, goal: &Board, partition: &[Vec<u8>]) -> Option<Arc<PatternDb>> {
        self.loaded
            .iter()
            .find(|db| db.goal() == goal.cells() && db.partition() == partition)
            .cloned()
    }

    /// Keep `db` (replacing one with the same partition).
    pub fn keep(&mut self, db: Arc<PatternDb>) {
        let partition = db.partition();
        self.loaded.retain(|d| d.partition() != partition);
        self.loaded.push(db);
    }

    /// Drop the databases built for another goal.
    pub fn retain_goal(&mut self, goal: &Board) {
        self.loaded
            .retain(|db| db.goal() == goal.cells() && db.shape() == goal.shape());
    }

    /// The strong database's state for `goal`, looking in `cache_dir`.
    pub fn strong_status(&self, goal: &Board, cache_dir: &Path) -> StrongStatus {
        let Some(partition) = HeuristicKind::Pdb78.partition(goal) else {
            return StrongStatus::NotApplicable;
        };
        if let Some(b) = self.build.as_ref().filter(|b| b.goal == *goal) {
            return StrongStatus::Building(b.done.load(Ordering::Relaxed) as f32 / 1000.0);
        }
        if self.find_partition(goal, &partition).is_some() {
            return StrongStatus::Loaded;
        }
        if pdb_cache::path_for(cache_dir, goal, &partition).exists() {
            StrongStatus::OnDisk
        } else {
            StrongStatus::Missing
        }
    }

    /// Start building (or loading) the strong database for `goal` in the
    /// background; `repaint` is called as it progresses.
    pub fn start_strong_build(
        &mut self,
        goal: &Board,
        cache_dir: PathBuf,
        repaint: impl Fn() + Send + Sync + 'static,
    ) {
        if self.build.is_some() {
            return;
        }
        let done = Arc::new(AtomicU32::new(0));
        let sink = done.clone();
        let g = goal.clone();
        let repaint = Arc::new(repaint);
        let wake = repaint.clone();
        let job = Job::spawn_waking(
            Control::default(),
            move |ctl| {
                let partition = PatternDb::partition_78(&g);
                pdb_cache::load_or_build_cancellable(
                    &cache_dir,
                    &g,
                    &partition,
                    &|f| {
                        let now = (f * 1000.0) as u32;
                        if now != sink.swap(now, Ordering::Relaxed) {
                            repaint();
                        }
                    },
                    &ctl.cancel,
                )
            },
            move || wake(),
        );
        self.build = Some(StrongBuild {
            goal: goal.clone(),
            job,
            done,
        });
    }

    /// Cancel the strong database's build.
    pub fn cancel_build(&self) {
        if let Some(b) = &self.build {
            b.job.cancel();
        }
    }

    /// Collect a finished build: the status line to show, if it ended.
    pub fn poll(&mut self) -> Option<String> {
        let finished = self.build.as_mut()?.job.try_take()?;
        self.build = None;
        Some(match finished {
            Err(failed) => format!("Strong database build failed: {failed}"),
            Ok(Some(load)) => {
                let line = load.to_string();
                self.keep(load.db);
                format!("Strong database ready: {line}")
            }
            Ok(None) => "Strong database build cancelled; nothing was saved".to_string(),
        })
    }
}

/// The strong database's line in the panel: its state, and a button to
/// build it or cancel the build.
pub fn strong_ui(ui: &mut egui::Ui, status: StrongStatus, commands: &mut Vec<Command>) {
    let text = match status {
        StrongStatus::NotApplicable => return,
        StrongStatus::Missing => "7-8 database: not built",
        StrongStatus::OnDisk => "7-8 database: on disk",
        StrongStatus::Loaded => "7-8 database: loaded",
        StrongStatus::Building(_) => "7-8 database: building",
    };
    ui.label(text);
    match status {
        StrongStatus::Building(f) => {
            ui.add(
                egui::ProgressBar::new(f)
                    .show_percentage()
                    .text(format!("building 7-8 database {:.0}%", f * 100.0)),
            );
            if ui.button("Cancel build").clicked() {
                commands.push(Command::CancelStrongDatabase);
            }
        }
        StrongStatus::Missing
            if ui
                .button("Build strong database")
                .on_hover_text(
                    "Build the 7-8 pattern database (about 0.6 GB on disk and in memory; \
                     takes about 15 s on two cores, up to 1.1 GB while building). \
                     Optimal 4×4 solves get several times faster.",
                )
                .clicked() =>
        {
            commands.push(Command::BuildStrongDatabase);
        }
        _ => {}
    }
}
