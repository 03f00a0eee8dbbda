//! The compare view: several strategy configurations on the start shown,
//! each run on its own thread with its own limits, live progress, cancel
//! one or all, a results table sortable by any column (egui_extras), runs
//! of optimal strategies that disagree flagged, and a row's solution loaded
//! into the play view.
//!
//! This file holds [`CompareView`] (a [`Session`] per puzzle family and the
//! status line), draws it and carries out its [`CompareCommand`]s; each
//! other file one concern: `row` (starts, configurations, finished
//! results), `session` (one family's rows, sort, trace shown, batch, and
//! its commands carried out), `jobs` (the rows' runs: start, poll,
//! cancel), `sort`, `page` (toolbar and sections), `table`, `chart` and
//! `export`. Drawing never sees the job owner: the buttons push commands,
//! and [`HuarongApp::apply`](super::HuarongApp::apply) hands them to
//! [`CompareView::apply`], the one place the view's jobs start or stop.

pub mod batch;
mod chart;
mod export;
pub(crate) mod jobs;
mod page;
mod row;
mod session;
mod sort;
mod table;
#[cfg(test)]
mod tests;

use crate::app::model::Start;
pub use chart::time_tick;
pub use row::RowConfig;
pub use session::Session;
pub use table::label_lines;

use crate::app::jobs::Jobs;
use eframe::egui;

use super::CompareCommand;
use super::i18n::{CompareMsg, Message, Said, language};
use super::settings::Settings;
use crate::engine::strategy::Family;

/// The compare view: one [`Session`] per puzzle family, the one of the
/// family shown in front (it derefs to it), and a status line.
pub struct CompareView {
    /// One session per family, at its [`Family::index`].
    sessions: [Session; Family::ALL.len()],
    family: Family,
    /// What the status line last said; before anything, how many rows are
    /// ready to run (derived as it is drawn).
    status: Option<Said>,
}

impl Default for CompareView {
    fn default() -> Self {
        Self {
            sessions: Family::ALL.map(|_| Session::default()),
            family: Family::ALL[0],
            status: None,
        }
    }
}

impl std::ops::Deref for CompareView {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.sessions[self.family.index()]
    }
}

impl std::ops::DerefMut for CompareView {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.sessions[self.family.index()]
    }
}

impl CompareView {
    /// Whether any row or batch of any family runs.
    pub fn is_running(&self) -> bool {
        self.sessions.iter().any(Session::is_running)
    }

    /// Collect finished runs of every family; called from `App::logic`,
    /// never from drawing.
    pub fn poll(&mut self) {
        for session in &mut self.sessions {
            if let Some(line) = session.poll() {
                self.status = Some(Said::msg(line));
            }
        }
    }

    /// Say `line` in the view's status line (drawn in the language of
    /// the day).
    pub fn set_status(&mut self, line: Said) {
        self.status = Some(line);
    }

    /// What the status line says: its last line, or before any how many
    /// rows are ready to run.
    fn status_line(&self) -> Said {
        match &self.status {
            Some(line) => line.clone(),
            None => Said::msg(CompareMsg::Ready {
                rows: self.rows.len(),
            }),
        }
    }

    /// The status line, in English.
    #[cfg(test)]
    pub fn status(&self) -> String {
        self.status_line().english()
    }

    /// Draw the view for `start`, its family's comparison in front, the
    /// status line at the bottom; what was clicked goes to `out`.
    pub fn show(&mut self, ui: &mut egui::Ui, start: &Start, out: &mut Vec<super::Command>) {
        self.family = start.family();
        let busy = self.is_running();
        let status = self.status_line().text(language(ui.ctx()));
        crate::app::widgets::steps::status_bar(ui, "compare status", busy, &status);
        egui::CentralPanel::default().show(ui, |ui| {
            // Scrolls sideways too: on a narrow window the table (whose
            // columns keep their widths) would otherwise be cut off.
            egui::ScrollArea::both().show(ui, |ui| {
                (**self).ui(ui, start, out);
            });
        });
    }

    /// Carry out `cmd` on the comparison of `start`'s family: runs start
    /// on `start` with the limits of `settings` as jobs of `jobs`, each
    /// progress report asking `ctx` for a frame. Called from
    /// [`HuarongApp::apply`](super::HuarongApp::apply) only, after its
    /// busy guard.
    pub fn apply(
        &mut self,
        cmd: CompareCommand,
        start: &Start,
        settings: &Settings,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        self.family = start.family();
        (**self).apply(cmd, start, settings, jobs, ctx);
    }
}
