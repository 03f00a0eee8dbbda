//! The "Build strong database" control and the panel's lines about
//! pattern databases: the 7-8 database is built as a background job with a
//! progress bar, cached on disk, and held in the app's one database pool
//! ([`super::jobs::DatabasePool`]) from then on, for every job.

use crate::app::PlayCommand;
use std::sync::Arc;

use eframe::egui;

use super::Command;
use super::i18n::{Message, Said, TilesMsg, language, tr};
use super::jobs::{DbPhase, DbWork, Got, Handle, JobKind, Jobs};
use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{Board, Control, HeuristicKind};
use crate::storage::pdb_cache::PdbLoad;

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

/// [`progress_ui`] on one line of a bar: the build's progress in a bar
/// of its own width.
pub fn progress_line(ui: &mut egui::Ui, name: &str, phase: DbPhase) {
    // Not begun yet (waiting its turn): at its start.
    let phase = match phase {
        DbPhase::Idle => DbPhase::Building(0.0),
        phase => phase,
    };
    match phase {
        DbPhase::Building(f) if f < 1.0 => {
            let building = TilesMsg::DbBuilding {
                name: name.to_string(),
                percent: format!("{:.0}", f * 100.0),
            };
            let bar = egui::ProgressBar::new(f)
                .desired_width(260.0)
                .text(tr(ui, building));
            ui.add(bar);
        }
        phase => {
            ui.spinner();
            let name = name.to_string();
            ui.label(tr(
                ui,
                match phase {
                    DbPhase::Loading => TilesMsg::DbLoading { name },
                    _ => TilesMsg::DbSaving { name },
                },
            ));
        }
    }
}

/// The strong database's build, if one runs, over the app's shared
/// databases.
pub struct Databases {
    jobs: Jobs,
    build: Option<StrongBuild>,
}

/// A build of the 7-8 database on its own thread.
struct StrongBuild {
    goal: Board,
    job: Handle<Option<Got>>,
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
    /// Being built: the fraction done (by this build or a solve's).
    Building(f32),
    /// Being read from its cache file.
    Loading,
}

impl Databases {
    /// No build yet, over `jobs`' databases.
    pub fn new(jobs: Jobs) -> Self {
        Self { jobs, build: None }
    }

    /// The database of `kind` for `goal`, if held.
    pub fn find(&self, kind: HeuristicKind, goal: &Board) -> Option<Arc<PatternDb>> {
        self.jobs.databases().find_kind(kind, goal)
    }

    /// Hold `db` for every job.
    #[cfg(test)]
    pub fn keep(&self, db: Arc<PatternDb>) {
        self.jobs.databases().hold(db);
    }

    /// The strong database's state for `goal`.
    pub fn strong_status(&self, goal: &Board) -> StrongStatus {
        let Some(partition) = HeuristicKind::Pdb78.partition(goal) else {
            return StrongStatus::NotApplicable;
        };
        let pool = self.jobs.databases();
        let phase = match self.build.as_ref().filter(|b| b.goal == *goal) {
            Some(b) => Some(b.work.phase()),
            None => pool.pending_phase(goal, &partition),
        };
        match phase {
            Some(DbPhase::Loading) => return StrongStatus::Loading,
            Some(DbPhase::Building(f)) => return StrongStatus::Building(f),
            Some(DbPhase::Idle) => return StrongStatus::Building(0.0),
            None => {}
        }
        if pool.find(goal, &partition).is_some() {
            StrongStatus::Loaded
        } else if pool.is_on_disk(goal, &partition) {
            StrongStatus::OnDisk
        } else {
            StrongStatus::Missing
        }
    }

    /// Start building (or loading) the strong database for `goal` in the
    /// background (waiting for a solve's build of it, if one runs);
    /// `repaint` is called as it progresses.
    pub fn start_strong_build(&mut self, goal: &Board, repaint: impl Fn() + Send + Sync + 'static) {
        if self.build.is_some() {
            return;
        }
        let work = DbWork::default();
        work.building(0.0);
        let sink = work.clone();
        let g = goal.clone();
        let repaint = Arc::new(repaint);
        let wake = repaint.clone();
        let pool = self.jobs.databases().clone();
        let job = self.jobs.spawn(
            JobKind::Database,
            Control::default(),
            move |ctl| {
                let partition = PatternDb::partition_78(&g);
                pool.get(&g, &partition, &sink, &*repaint, &ctl.cancel)
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
            Ok(Some(Got {
                load: Some(load), ..
            })) => {
                let what = load_words(&load);
                Said::new(move |lang| TilesMsg::StrongReady { what: what(lang) }.text(lang))
            }
            // Another job (a solve) read or built it meanwhile.
            Ok(Some(Got { load: None, .. })) => Said::msg(TilesMsg::StrongLoaded),
            Ok(None) => Said::msg(TilesMsg::StrongCancelled),
        })
    }
}

/// The strong database's line in the panel: its state, and a button to
/// build it or cancel the build.
pub fn strong_ui(ui: &mut egui::Ui, status: StrongStatus, commands: &mut Vec<Command>) {
    if status == StrongStatus::NotApplicable {
        return;
    }
    if !crate::app::offered::built_here(HeuristicKind::Pdb78) {
        // The web edition: said once where the build would be offered.
        let kind =
            crate::app::i18n::names::heuristic_label(HeuristicKind::Pdb78, language(ui.ctx()));
        ui.weak(tr(ui, TilesMsg::NotOnTheWeb { kind }));
        return;
    }
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
            commands.push(Command::Play(PlayCommand::CancelStrongDatabase));
        }
    } else if status == StrongStatus::Missing
        && ui
            .button(tr(ui, TilesMsg::BuildStrong))
            .on_hover_text(tr(ui, TilesMsg::BuildStrongHint))
            .clicked()
    {
        commands.push(Command::Play(PlayCommand::BuildStrongDatabase));
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
