//! The pattern databases the app holds, and the "Build strong database"
//! control: the 7-8 database is built on a background thread with a
//! progress bar, cached on disk, and used from then on. [`DbWork`] is what
//! a background load or build tells the panel, for this build and for the
//! one a solve starts alike.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use eframe::egui;

use super::Command;
use super::i18n::{Message, Said, TilesMsg, tr};
use crate::engine::job::Job;
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{Board, Control, HeuristicKind};
use crate::storage::pdb_cache::{self, PdbLoad};

/// What a background step is doing with a pattern database, written by its
/// thread and read by the panel each frame.
#[derive(Clone, Debug)]
pub struct DbWork(
    Arc<AtomicU32>,
    Arc<std::sync::Mutex<Option<std::time::Instant>>>,
);

/// Least time between two frames asked for by a build's progress. Where
/// the window is drawn in software (no GPU, e.g. a bare X server) a frame
/// can cost a few hundred milliseconds of CPU, and a frame at every layer
/// of the 7-8 build was seen to keep the UI thread busy on one of two
/// cores while the build ran.
const REPAINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// What [`DbWork`] holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DbPhase {
    /// No database work (the search itself may run).
    Idle,
    /// Reading the cache file (seconds for the 7-8 database; no progress).
    Loading,
    /// Building: the fraction done (1.0 while the file is written).
    Building(f32),
}

/// Idle.
impl Default for DbWork {
    fn default() -> Self {
        Self(Arc::new(AtomicU32::new(Self::IDLE)), Arc::default())
    }
}

impl DbWork {
    const IDLE: u32 = u32::MAX;
    const LOADING: u32 = u32::MAX - 1;

    fn new(phase: DbPhase) -> Self {
        let work = Self::default();
        match phase {
            DbPhase::Idle => {}
            DbPhase::Loading => work.loading(),
            DbPhase::Building(f) => {
                work.building(f);
            }
        }
        work
    }

    /// The phase now.
    pub fn phase(&self) -> DbPhase {
        match self.0.load(Ordering::Relaxed) {
            Self::IDLE => DbPhase::Idle,
            Self::LOADING => DbPhase::Loading,
            x => DbPhase::Building(x as f32 / 1000.0),
        }
    }

    /// A cache file is being read.
    pub fn loading(&self) {
        self.0.store(Self::LOADING, Ordering::Relaxed);
    }

    /// A build is `done` (0 to 1) through; whether to ask for a frame: the
    /// shown percentage changed, and the last frame asked for is at least
    /// [`REPAINT_EVERY`] old (the start and the end always show).
    pub fn building(&self, done: f32) -> bool {
        let now = (done.clamp(0.0, 1.0) * 1000.0) as u32;
        let before = self.0.swap(now, Ordering::Relaxed);
        let percent = |x: u32| x / 10;
        let edge = now == 0 || now == 1000 || before >= Self::LOADING;
        if !edge && percent(now) == percent(before) {
            return false;
        }
        let mut last = self.1.lock().unwrap_or_else(|e| e.into_inner());
        let due = last.is_none_or(|t| t.elapsed() >= REPAINT_EVERY);
        if edge || due {
            *last = Some(std::time::Instant::now());
        }
        edge || due
    }

    /// The database work is over.
    pub fn idle(&self) {
        self.0.store(Self::IDLE, Ordering::Relaxed);
    }

    /// Load (or build) the database of `partition` for `goal` from
    /// `cache_dir`, telling the panel which of the two it does; `repaint`
    /// is called whenever there is news to show. `None` if cancelled.
    pub fn load_or_build(
        &self,
        cache_dir: &Path,
        goal: &Board,
        partition: &[Vec<u8>],
        repaint: &(dyn Fn() + Sync),
        cancel: &crate::engine::CancelToken,
    ) -> Option<PdbLoad> {
        // A file that turns out unusable is rebuilt: the first progress
        // report then switches the panel to the build's bar.
        if pdb_cache::path_for(cache_dir, goal, partition).exists() {
            self.loading();
        } else {
            self.building(0.0);
        }
        repaint();
        let load = pdb_cache::load_or_build_cancellable(
            cache_dir,
            goal,
            partition,
            &|f| {
                if self.building(f) {
                    repaint();
                }
            },
            cancel,
        );
        self.idle();
        load
    }
}

/// The line a background database step shows: a spinner while a cache file
/// is read, the build's percentage while one is built. Shared by the
/// strong database's build and a solve's.
pub fn progress_ui(ui: &mut egui::Ui, name: &str, phase: DbPhase) {
    match phase {
        DbPhase::Idle => {}
        DbPhase::Loading => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                let name = name.to_string();
                ui.label(tr(ui, TilesMsg::DbLoading { name }));
            });
        }
        DbPhase::Building(f) if f >= 1.0 => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                let name = name.to_string();
                ui.label(tr(ui, TilesMsg::DbSaving { name }));
            });
        }
        DbPhase::Building(f) => {
            let building = TilesMsg::DbBuilding {
                name: name.to_string(),
                percent: format!("{:.0}", f * 100.0),
            };
            ui.add(egui::ProgressBar::new(f).text(tr(ui, building)));
        }
    }
}

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
    work: DbWork,
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
    /// Being read from its cache file (a file that appeared meanwhile).
    Loading,
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
            return match b.work.phase() {
                DbPhase::Loading => StrongStatus::Loading,
                DbPhase::Building(f) => StrongStatus::Building(f),
                DbPhase::Idle => StrongStatus::Building(0.0),
            };
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
        let work = DbWork::new(DbPhase::Building(0.0));
        let sink = work.clone();
        let g = goal.clone();
        let repaint = Arc::new(repaint);
        let wake = repaint.clone();
        let job = Job::spawn_waking(
            Control::default(),
            move |ctl| {
                let partition = PatternDb::partition_78(&g);
                sink.load_or_build(&cache_dir, &g, &partition, &*repaint, &ctl.cancel)
            },
            move || wake(),
        );
        self.build = Some(StrongBuild {
            goal: goal.clone(),
            job,
            work,
        });
    }

    /// Cancel the strong database's build.
    pub fn cancel_build(&self) {
        if let Some(b) = &self.build {
            b.job.cancel();
        }
    }

    /// Collect a finished build: the status line to show, if it ended.
    pub fn poll(&mut self) -> Option<Said> {
        let finished = self.build.as_mut()?.job.try_take()?;
        self.build = None;
        Some(match finished {
            Err(failed) => Said::msg(TilesMsg::StrongFailed {
                why: failed.to_string(),
            }),
            Ok(Some(load)) => {
                let what = load_words(&load);
                self.keep(load.db);
                Said::new(move |lang| TilesMsg::StrongReady { what: what(lang) }.text(lang))
            }
            Ok(None) => Said::msg(TilesMsg::StrongCancelled),
        })
    }
}

/// The strong database's line in the panel: its state, and a button to
/// build it or cancel the build.
pub fn strong_ui(ui: &mut egui::Ui, status: StrongStatus, commands: &mut Vec<Command>) {
    let text = match status {
        StrongStatus::NotApplicable => return,
        StrongStatus::Missing => TilesMsg::StrongMissing,
        StrongStatus::OnDisk => TilesMsg::StrongOnDisk,
        StrongStatus::Loaded => TilesMsg::StrongLoaded,
        StrongStatus::Loading => TilesMsg::StrongLoading,
        StrongStatus::Building(_) => TilesMsg::StrongBuilding,
    };
    ui.label(tr(ui, text));
    let working = match status {
        StrongStatus::Building(f) => Some(DbPhase::Building(f)),
        StrongStatus::Loading => Some(DbPhase::Loading),
        _ => None,
    };
    if let Some(phase) = working {
        progress_ui(ui, "7-8", phase);
        if ui.button(tr(ui, TilesMsg::CancelBuild)).clicked() {
            commands.push(Command::CancelStrongDatabase);
        }
    } else if status == StrongStatus::Missing
        && ui
            .button(tr(ui, TilesMsg::BuildStrong))
            .on_hover_text(tr(ui, TilesMsg::BuildStrongHint))
            .clicked()
    {
        commands.push(Command::BuildStrongDatabase);
    }
}

/// How a database was had (read from its file, or built and saved), in
/// any language: the English is the storage's own line.
fn load_words(load: &PdbLoad) -> impl Fn(super::i18n::Lang) -> String + Send + Sync + 'static {
    use crate::storage::pdb_cache::PdbSource;
    let english = load.to_string();
    let (name, path) = (load.db.name(), load.path.display().to_string());
    let seconds = format!("{:.2}", load.elapsed.as_secs_f64());
    let source = load.source.clone();
    move |lang| {
        if lang == super::i18n::Lang::English {
            return english.clone();
        }
        let (name, path, seconds) = (name.clone(), path.clone(), seconds.clone());
        match &source {
            PdbSource::Cache => TilesMsg::PdbFromCache {
                name,
                path,
                seconds,
            }
            .text(lang),
            PdbSource::Built { why, saved } => {
                let mut line = TilesMsg::PdbBuilt { name, seconds }.text(lang);
                if let Some(why) = why {
                    line += &TilesMsg::PdbRejected { why: why.clone() }.text(lang);
                }
                line += &match saved {
                    Ok(()) => TilesMsg::PdbSavedTo { path }.text(lang),
                    Err(why) => TilesMsg::PdbNotSaved { why: why.clone() }.text(lang),
                };
                line
            }
        }
    }
}
