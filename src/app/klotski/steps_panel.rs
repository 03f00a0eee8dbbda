//! The right panel: the Steps / Anatomy tabs, the search's trace, the
//! solution's summary, one row a move or a step, and the step list that
//! counts in rows while playback counts in steps.

use eframe::egui;

use super::KlotskiPlay;
use super::solution::guarantee_note;
use crate::app::command::{Command, PlayCommand};
use crate::app::i18n::{KlotskiMsg, language, tr};
use crate::app::settings::Settings;
use crate::app::widgets::anatomy;
use crate::app::widgets::steps::{self, Playback};

impl KlotskiPlay {
    /// Draw the results: the anatomy tab, or the trace and the step list;
    /// what the user asks for goes to `out`.
    pub(super) fn steps_panel(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut Settings,
        out: &mut Vec<Command>,
    ) {
        let lang = language(ui.ctx());
        let stale = self.stale();
        // The panel keeps its width: it would shrink to a short "No
        // solution yet" and then squeeze the trace and the list.
        ui.set_min_width(ui.available_width());
        if anatomy::tabs(ui, &mut self.results_tab) == anatomy::Tab::Anatomy {
            let running = self.running.is_some();
            let record = &mut settings.record_anatomy;
            anatomy::show(ui, "klotski", self.anatomy.as_ref(), running, record);
            return;
        }
        let trace = match &self.running {
            Some(run) => run.trace.points(),
            None => self.last_trace.clone(),
        };
        crate::app::widgets::trace_plot::show(ui, "klotski", &trace);
        let summary = self.solution.as_ref().map(|s| {
            let summary = KlotskiMsg::Summary {
                moves: s.moves(),
                steps: s.steps.len(),
                strategy: s.run.label(lang),
                guarantee: guarantee_note(&s.stats, s.metric, lang, |guarantee, unit| {
                    KlotskiMsg::GuaranteeAfterComma { guarantee, unit }
                }),
            };
            tr(ui, summary)
        });
        if self.solution.is_some() {
            let mut single = !self.rows_by_move;
            ui.checkbox(&mut single, tr(ui, KlotskiMsg::ListSingleSteps))
                .on_hover_text(tr(ui, KlotskiMsg::ListSingleStepsHint));
            if single == self.rows_by_move {
                self.rows_by_move = !single;
                self.playback.scroll = true;
            }
        }
        let (rows, descriptions) = self.solution.as_ref().map_or_else(Default::default, |s| {
            s.rows(self.rows_by_move, &self.names, lang)
        });
        out.extend(self.step_list(
            ui,
            summary,
            &rows,
            &descriptions,
            &mut settings.speed,
            stale,
        ));
    }

    /// The step list over `rows` (the step each row shows) through
    /// [`steps::show_noted_list`], which counts in rows: the playback position is
    /// handed over as the row of the move under way, and the row asked for
    /// comes back as a step. Part way through a move (while playing step by
    /// step), the next row finishes the move under way.
    fn step_list(
        &mut self,
        ui: &mut egui::Ui,
        summary: Option<String>,
        rows: &[usize],
        descriptions: &[String],
        speed: &mut f32,
        stale: bool,
    ) -> Option<Command> {
        let step = self.playback.step;
        // The first row reaching the step shown: the move under way or just
        // made.
        let row = rows
            .partition_point(|&end| end < step)
            .min(rows.len().saturating_sub(1));
        let mid_move = rows.get(row).is_some_and(|&end| end > step);
        let mut in_rows = Playback {
            step: row,
            ..self.playback.clone()
        };
        let notice = self.failure.as_ref();
        let cmd = steps::show_noted_list(
            ui,
            notice,
            summary,
            descriptions,
            &mut in_rows,
            speed,
            stale,
        );
        self.playback.scroll = in_rows.scroll;
        match cmd {
            Some(Command::Play(PlayCommand::ShowStep(r))) if mid_move && r == row + 1 => {
                Some(Command::Play(PlayCommand::ShowStep(rows[row])))
            }
            Some(Command::Play(PlayCommand::ShowStep(r))) => Some(Command::Play(
                PlayCommand::ShowStep(rows.get(r).copied().unwrap_or(step)),
            )),
            other => other,
        }
    }
}
