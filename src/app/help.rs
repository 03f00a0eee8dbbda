//! The Help page "How the strategies work": every strategy of the registry
//! in a paragraph, and the words the app uses. Opened from the Help menu
//! and by [`Command::OpenHelp`](super::Command::OpenHelp) (the inspector
//! links to it).

use eframe::egui;

use super::i18n::{HelpMsg, Msg, names, tr, tr_ctx};
use crate::engine::strategy::{STRATEGIES, Strategy};

/// The words the app uses, with their meaning.
pub const GLOSSARY: &[(HelpMsg, HelpMsg)] = &[
    (HelpMsg::WordState, HelpMsg::MeanState),
    (HelpMsg::WordExpanded, HelpMsg::MeanExpanded),
    (HelpMsg::WordGenerated, HelpMsg::MeanGenerated),
    (HelpMsg::WordStored, HelpMsg::MeanStored),
    (HelpMsg::WordFrontier, HelpMsg::MeanFrontier),
    (HelpMsg::WordDepth, HelpMsg::MeanDepth),
    (HelpMsg::WordHeuristic, HelpMsg::MeanHeuristic),
    (HelpMsg::WordF, HelpMsg::MeanF),
    (HelpMsg::WordAdmissible, HelpMsg::MeanAdmissible),
    (HelpMsg::WordConsistent, HelpMsg::MeanConsistent),
    (HelpMsg::WordWeight, HelpMsg::MeanWeight),
    (HelpMsg::WordOptimal, HelpMsg::MeanOptimal),
    (HelpMsg::WordBound, HelpMsg::MeanBound),
    (HelpMsg::WordIteration, HelpMsg::MeanIteration),
    (HelpMsg::WordLayer, HelpMsg::MeanLayer),
    (HelpMsg::WordBranching, HelpMsg::MeanBranching),
    (HelpMsg::WordDuplicate, HelpMsg::MeanDuplicate),
    (HelpMsg::WordMovePruning, HelpMsg::MeanMovePruning),
    (HelpMsg::WordEnergy, HelpMsg::MeanEnergy),
    (HelpMsg::WordTemperature, HelpMsg::MeanTemperature),
    (HelpMsg::WordTenure, HelpMsg::MeanTenure),
    (HelpMsg::WordAspiration, HelpMsg::MeanAspiration),
    (HelpMsg::WordLocalMinimum, HelpMsg::MeanLocalMinimum),
    (HelpMsg::WordLoopErasure, HelpMsg::MeanLoopErasure),
];

/// One strategy's entry: its label, the registry's one-line description
/// and the paragraph.
fn strategy_entry(ui: &mut egui::Ui, s: &dyn Strategy) {
    ui.add_space(6.0);
    let lang = super::i18n::language(ui.ctx());
    ui.label(egui::RichText::new(names::strategy_label(s, lang)).heading());
    ui.add(
        egui::Label::new(egui::RichText::new(names::strategy_description(s, lang)).italics())
            .wrap(),
    );
    if let Some(p) = names::strategy_paragraph(s.name()) {
        ui.add(egui::Label::new(tr(ui, p)).wrap());
    }
}

/// The Help page, while `open`.
pub fn window(ctx: &egui::Context, open: &mut bool) {
    let screen = ctx.content_rect();
    egui::Window::new(tr_ctx(ctx, Msg::MenuStrategies))
        .open(open)
        // Below the menu bar, which stays usable.
        .default_pos(egui::pos2(40.0, 60.0))
        .default_width(560.0_f32.min(screen.width() - 40.0))
        .default_height(screen.height() - 110.0)
        .max_height(screen.height() - 90.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.add(egui::Label::new(tr(ui, HelpMsg::Intro)).wrap());
            for s in STRATEGIES {
                strategy_entry(ui, *s);
            }
            ui.add_space(10.0);
            ui.label(egui::RichText::new(tr(ui, HelpMsg::Words)).heading());
            egui::Grid::new("glossary")
                .num_columns(2)
                .striped(true)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    for (word, meaning) in GLOSSARY {
                        ui.strong(tr(ui, word));
                        ui.add(egui::Label::new(tr(ui, meaning)).wrap());
                        ui.end_row();
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{Lang, Message};

    #[test]
    fn every_registry_strategy_has_a_paragraph() {
        for s in STRATEGIES {
            assert!(
                names::strategy_paragraph(s.name())
                    .is_some_and(|p| p.text(Lang::English).len() > 100),
                "no paragraph for {} in help.rs",
                s.name()
            );
        }
    }

    #[test]
    fn the_glossary_has_the_words_the_app_uses() {
        let words: Vec<String> = GLOSSARY
            .iter()
            .map(|(w, _)| w.text(Lang::English))
            .collect();
        for w in [
            "expanded",
            "generated",
            "stored",
            "frontier",
            "bound",
            "admissible",
            "consistent",
            "optimal",
            "tenure",
        ] {
            assert!(words.iter().any(|x| x == w), "{w}");
        }
        for w in ["heuristic", "temperature", "effective branching factor"] {
            assert!(words.iter().any(|x| x.starts_with(w)), "{w}");
        }
    }
}
