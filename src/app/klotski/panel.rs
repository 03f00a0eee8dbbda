//! The left panel: the layout list, Edit layout, Reset, Undo / Redo, the
//! distance switch, the strategy and its knobs, the metric and time limit,
//! and Solve / Inspect or the running solve with Cancel.

use eframe::egui;

use super::KlotskiPlay;
use super::title::{classic_name, classic_or_first};
use crate::app::command::{Command, PlayCommand};
use crate::app::i18n::{KlotskiMsg, Msg, language, tr};
use crate::app::settings::Settings;
use crate::engine::klotski::Metric;
use crate::engine::strategy::Family;
use crate::storage::layouts::classics;

impl KlotskiPlay {
    /// Draw the controls; what the user asks for goes to `out`.
    pub(super) fn controls(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut Settings,
        out: &mut Vec<Command>,
    ) {
        let idle = self.running.is_none();
        ui.heading(tr(ui, KlotskiMsg::Heading));
        ui.add_enabled_ui(idle, |ui| {
            self.layout_list(ui, settings, out);
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr(ui, KlotskiMsg::EditLayout)).clicked() {
                    out.push(Command::OpenSetState);
                }
                if ui.button(tr(ui, KlotskiMsg::Reset)).clicked() {
                    out.push(Command::Play(PlayCommand::Reset));
                }
            });
            ui.horizontal_wrapped(|ui| {
                let undo = egui::Button::new(tr(ui, Msg::MenuUndo));
                if ui.add_enabled(self.game.can_undo(), undo).clicked() {
                    out.push(Command::Play(PlayCommand::Undo));
                }
                let redo = egui::Button::new(tr(ui, Msg::MenuRedo));
                if ui.add_enabled(self.game.can_redo(), redo).clicked() {
                    out.push(Command::Play(PlayCommand::Redo));
                }
            });
        });
        ui.checkbox(
            &mut settings.show_distance,
            tr(ui, KlotskiMsg::ShowDistance),
        );
        ui.separator();
        ui.heading(tr(ui, KlotskiMsg::StrategyHeading));
        ui.add_enabled_ui(idle, |ui| {
            crate::app::controls::strategy_radios(ui, &mut settings.strategy, Family::Klotski);
            let name = settings.strategy.clone();
            crate::app::tuning::show(ui, &name, settings.tuning.of_mut(&name));
            ui.label(tr(ui, KlotskiMsg::CountIn));
            ui.horizontal_wrapped(|ui| {
                ui.radio_value(
                    &mut settings.metric,
                    Metric::Moves,
                    tr(ui, KlotskiMsg::RadioMoves),
                )
                .on_hover_text(tr(ui, KlotskiMsg::RadioMovesHint));
                ui.radio_value(
                    &mut settings.metric,
                    Metric::Steps,
                    tr(ui, KlotskiMsg::RadioSteps),
                )
                .on_hover_text(tr(ui, KlotskiMsg::RadioStepsHint));
            });
            ui.horizontal_wrapped(|ui| {
                let l = ui.checkbox(&mut settings.limit_time, tr(ui, KlotskiMsg::TimeLimit));
                ui.add(egui::DragValue::new(&mut settings.time_limit).range(0.1..=3600.0))
                    .labelled_by(l.id);
            });
        });
        ui.separator();
        self.solve_controls(ui, out);
    }

    /// The classic layouts in a list, the one shown ticked.
    fn layout_list(&self, ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<Command>) {
        let lang = language(ui.ctx());
        let (_, current) = classic_or_first(settings.classic);
        // An edited, pasted or opened layout is named by its title, and
        // no classic is ticked.
        let classic_shown = self.game.start == current.parse();
        let shown = if classic_shown {
            classic_name(current, lang)
        } else {
            self.title.text(lang)
        };
        // The label on its own line: the names are long.
        let label = ui.label(tr(ui, KlotskiMsg::LayoutLabel));
        egui::ComboBox::from_id_salt("klotski layout")
            .width(ui.available_width() - 8.0)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, c) in classics().iter().enumerate() {
                    let text = tr(
                        ui,
                        KlotskiMsg::ClassicItem {
                            number: i + 1,
                            name: classic_name(c, lang),
                            moves: c.moves,
                        },
                    );
                    let ticked = classic_shown && settings.classic == i;
                    if ui.selectable_label(ticked, text).clicked() {
                        out.push(Command::Play(PlayCommand::LoadClassic(i)));
                    }
                }
            })
            .response
            .labelled_by(label.id);
    }

    /// Solve and Inspect, or while a solve runs, what runs, its live
    /// counters and Cancel.
    fn solve_controls(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        match &self.running {
            None => {
                ui.horizontal_wrapped(|ui| {
                    if ui.button(tr(ui, KlotskiMsg::Solve)).clicked() {
                        out.push(Command::Play(PlayCommand::Solve));
                    }
                    if ui
                        .button(tr(ui, KlotskiMsg::Inspect))
                        .on_hover_text(tr(ui, KlotskiMsg::InspectHint))
                        .clicked()
                    {
                        out.push(Command::Inspect);
                    }
                });
            }
            Some(run) => {
                ui.horizontal_wrapped(|ui| {
                    ui.spinner();
                    ui.label(run.label(language(ui.ctx())));
                });
                if let Some(p) = run.job.progress() {
                    crate::app::controls::live_counters(ui, &p);
                }
                if ui.button(tr(ui, Msg::ButtonCancel)).clicked() {
                    out.push(Command::Play(PlayCommand::Cancel));
                }
            }
        }
    }
}
