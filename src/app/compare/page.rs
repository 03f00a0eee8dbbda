//! One family's comparison as drawn: the toolbar (run or cancel all,
//! export, a new row), then a note when results are from another start,
//! the table, the trace shown, a warning when optimal runs disagree, the
//! charts and the batch.

use eframe::egui;

use super::session::Session;
use crate::app::i18n::names::{heuristic_label, strategy_label};
use crate::app::i18n::{CompareMsg, language, tr};
use crate::app::model::Start;
use crate::app::{Command, CompareCommand};
use crate::engine::HeuristicKind;
use crate::engine::strategy;

impl Session {
    /// Draw the comparison of `start`; what was clicked goes to `out`.
    pub(super) fn ui(&mut self, ui: &mut egui::Ui, start: &Start, out: &mut Vec<Command>) {
        let tiles = start.is_tiles();
        let lang = language(ui.ctx());
        ui.heading(tr(ui, CompareMsg::Heading));
        self.toolbar(ui, start, out);
        if self
            .rows
            .iter()
            .any(|r| r.result.is_some() && r.start.as_ref() != Some(start))
        {
            ui.colored_label(ui.visuals().warn_fg_color, tr(ui, CompareMsg::EarlierStart));
        }
        self.table(ui, start, out);
        if let Some(r) = self.shown_trace.and_then(|i| self.rows.get(i)) {
            let label = r.config.label_in(tiles, lang);
            ui.label(tr(ui, CompareMsg::TraceOf { label }));
            crate::app::widgets::trace_plot::show(ui, "compare row", &r.trace_points);
        }
        if self
            .rows
            .iter()
            .any(|r| r.summary.is_some_and(|s| s.disagrees))
        {
            ui.colored_label(ui.visuals().error_fg_color, tr(ui, CompareMsg::Disagree));
        }
        ui.add_space(6.0);
        self.charts(ui, tiles);
        ui.separator();
        self.batch.ui(ui, start, out);
        if self.is_running() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    /// Run all, Cancel all, Export, and the new row's strategy, heuristic
    /// and Add; what was clicked goes to `out`.
    fn toolbar(&mut self, ui: &mut egui::Ui, start: &Start, out: &mut Vec<Command>) {
        let lang = language(ui.ctx());
        ui.horizontal_wrapped(|ui| {
            let running = self.is_running();
            if ui
                .add_enabled(!running, egui::Button::new(tr(ui, CompareMsg::RunAll)))
                .clicked()
            {
                out.push(CompareCommand::RunAll.into());
            }
            if ui
                .add_enabled(running, egui::Button::new(tr(ui, CompareMsg::CancelAll)))
                .clicked()
            {
                out.push(CompareCommand::CancelAll.into());
            }
            let any = self.rows.iter().any(|r| r.summary.is_some());
            if ui
                .add_enabled(
                    any && !running,
                    egui::Button::new(tr(ui, CompareMsg::Export)),
                )
                .on_hover_text(tr(ui, CompareMsg::ExportHint))
                .clicked()
            {
                out.push(Command::Export);
            }
            ui.separator();
            // The words before the boxes they name: "New row [A*] with
            // [Manhattan] [Add]".
            let label = ui.label(tr(ui, CompareMsg::NewRow));
            egui::ComboBox::from_id_salt("new row strategy")
                .selected_text(
                    strategy::find(&self.new_strategy)
                        .map_or_else(|| "?".into(), |s| strategy_label(s, lang)),
                )
                .show_ui(ui, |ui| {
                    for s in strategy::for_family(start.family()) {
                        ui.selectable_value(
                            &mut self.new_strategy,
                            s.name().to_string(),
                            strategy_label(s, lang),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
            if start.is_tiles() {
                // Only the heuristics that fit the board are offered.
                let shape = start.shape();
                let fits =
                    |k: &HeuristicKind| shape.is_none_or(|s| crate::app::offered::fits(*k, s));
                if !fits(&self.new_heuristic) {
                    self.new_heuristic = HeuristicKind::LinearConflict;
                }
                let label = ui.label(tr(ui, CompareMsg::With));
                egui::ComboBox::from_id_salt("new row heuristic")
                    .selected_text(heuristic_label(self.new_heuristic, lang))
                    .show_ui(ui, |ui| {
                        for k in HeuristicKind::ALL.into_iter().filter(fits) {
                            ui.selectable_value(
                                &mut self.new_heuristic,
                                k,
                                heuristic_label(k, lang),
                            );
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
            if ui
                .button(tr(ui, CompareMsg::Add))
                .on_hover_text(tr(ui, CompareMsg::AddHint))
                .clicked()
            {
                out.push(CompareCommand::AddRow.into());
            }
        });
    }
}
