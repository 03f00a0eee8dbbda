//! The middle of the view: the title with the moves and steps made (and
//! the escape), the hints row with the distance and the overlay, and the
//! board, where pieces are selected and moved.

use eframe::egui;

use super::KlotskiPlay;
use super::board::{BoardEvent, BoardLook};
use crate::app::command::Command;
use crate::app::i18n::{KlotskiMsg, language, tr};
use crate::app::settings::Settings;

impl KlotskiPlay {
    /// Draw the title line, the hints when shown and the board; what the
    /// user asks for goes to `out`.
    pub(super) fn centre(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut Settings,
        out: &mut Vec<Command>,
    ) {
        let lang = language(ui.ctx());
        self.title_line(ui);
        let shown = self.game.layout().clone();
        let mut tints = Vec::new();
        if settings.show_distance {
            // The rows above the board keep their height as the readout,
            // Hint, More hint and the hint's line come and go, so the
            // board stays where it is: the toggles' row, the readout with
            // its button, the hint, and the legend (kept when it is off:
            // ticking Colour moves does not move the board either).
            let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
            let rows = 4.0;
            let top = ui.cursor().top();
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut settings.colour_moves, tr(ui, KlotskiMsg::ColourMoves))
                    .on_hover_text(tr(ui, KlotskiMsg::ColourMovesHint));
                if ui.button(tr(ui, KlotskiMsg::AmongAll)).clicked() {
                    self.hints.among_all = true;
                }
            });
            let picked = self
                .hints
                .show(ui, &shown, settings.metric, &self.names, out);
            if picked.is_some() {
                self.selected = picked;
            }
            if settings.colour_moves {
                self.hints.legend(ui, &shown, settings.metric);
                tints = self.hints.tints(&shown, settings.metric);
            }
            let used = ui.cursor().top() - top;
            if used < rows * row {
                ui.add_space(rows * row - used);
            }
        }
        let look = BoardLook {
            names: &self.names,
            lang,
            selected: self.selected,
            hinted: settings
                .show_distance
                .then(|| self.hints.hinted_piece(&shown, settings.metric))
                .flatten(),
            interactive: self.running.is_none() && self.editor.is_none(),
            tints: &tints,
        };
        for event in self.board.show(ui, &shown, look) {
            match event {
                BoardEvent::Select(i) => self.selected = Some(i),
                BoardEvent::Step(i, d) => {
                    self.step(i, d);
                }
            }
        }
    }

    /// The title, the moves and steps made, and the escape once made.
    fn title_line(&self, ui: &mut egui::Ui) {
        let lang = language(ui.ctx());
        // Wrapped: on a narrow window a long title must not widen the
        // panel (the board is sized from the width left).
        ui.horizontal_wrapped(|ui| {
            // Each item whole: one that does not fit goes to the next line.
            let item = |ui: &mut egui::Ui, text: egui::RichText| {
                ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
            };
            ui.strong(self.title.text(lang));
            ui.separator();
            let n = self.game.moves();
            item(ui, tr(ui, KlotskiMsg::CounterMoves { n }).into());
            ui.separator();
            let n = self.game.steps();
            item(ui, tr(ui, KlotskiMsg::CounterSteps { n }).into());
            if self.game.is_solved() {
                ui.separator();
                let target = &self.names[self.game.layout().target];
                let name = target.get(lang).to_string();
                let escaped = tr(ui, KlotskiMsg::Escaped { name });
                item(ui, egui::RichText::new(escaped).strong());
            }
        });
    }
}
