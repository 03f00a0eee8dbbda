//! Two searches side by side, in step: a second inspected run on the same
//! start (A* with misplaced tiles against A* with Manhattan, BFS against
//! A*), stepped with the first one a step each per Step, their counters,
//! nodes and open lists in two columns, and the first step where they
//! differ named.
//!
//! The second run is opened by the app ([`Command::InspectBeside`]) from
//! the choice made here, so it is checked as any inspected run is.

use eframe::egui;

use super::board::Subject;
use super::recording::Recording;
use crate::app::Command;
use crate::app::i18n::{CompareMsg, InspectorMsg, Lang, Message, language, names, tr};
use crate::app::model::Choice;
use crate::app::settings::Family;
use crate::engine::HeuristicKind;
use crate::engine::step::Event;
use crate::engine::strategy::{self, Strategy};

/// Where two runs stand against each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Steps shown on both sides and compared.
    pub compared: u64,
    /// The first step (1-based) at which they took different things.
    pub first_difference: Option<u64>,
}

impl Agreement {
    /// Compare the steps both recordings show that were not compared yet.
    pub fn update(&mut self, a: &Recording, b: &Recording) {
        let shown = a.model.steps.min(b.model.steps);
        while self.first_difference.is_none() && self.compared < shown {
            let k = self.compared;
            match (a.step_record(k), b.step_record(k)) {
                (Some(x), Some(y)) if same_step(&x, &y) => self.compared += 1,
                (Some(_), Some(_)) => self.first_difference = Some(k + 1),
                // Dropped past the events kept: no longer comparable.
                _ => return,
            }
        }
    }
}

/// Whether two steps took the same thing: the same state expanded (its
/// estimate may differ: that is the point of comparing heuristics), the
/// same bound, the same move proposed.
fn same_step(a: &Event, b: &Event) -> bool {
    match (a, b) {
        (Event::Expand { state: x, .. }, Event::Expand { state: y, .. }) => x == y,
        (Event::Propose(x), Event::Propose(y)) => x.state == y.state,
        _ => a == b,
    }
}

/// What a step took, in words: its state, or IDA*'s bound.
pub fn taken(record: &Event, subject: &Subject, lang: Lang) -> String {
    match record {
        Event::Expand { state, .. } => subject.text(state),
        Event::Propose(p) => subject.text(&p.state),
        Event::IterationStart { bound } => InspectorMsg::Bound { n: *bound }.text(lang),
        other => other.name().to_string(),
    }
}

/// The strategies that can be inspected beside a run of `family`.
fn offered(family: Family) -> impl Iterator<Item = &'static dyn Strategy> {
    strategy::for_family(family).filter(|s| s.reports_events())
}

/// The picker under the controls: a strategy (and heuristic) and a button
/// that asks the app to open it beside this run.
pub fn picker(ui: &mut egui::Ui, choice: &mut Choice, subject: &Subject) -> Option<Command> {
    let (family, shape) = subject.family_and_shape();
    let lang = language(ui.ctx());
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        // The words before the boxes they name: "Side by side with [A*]
        // with [Misplaced tiles] [Open side by side]".
        let label = ui.label(tr(ui, InspectorMsg::BesideLabel));
        let chosen = strategy::find(choice.strategy);
        let shown = chosen.map_or_else(String::new, |s| names::strategy_label(s, lang));
        egui::ComboBox::from_id_salt("beside_strategy")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for s in offered(family) {
                    let label = names::strategy_label(s, lang);
                    ui.selectable_value(&mut choice.strategy, s.name(), label);
                }
            })
            .response
            .labelled_by(label.id);
        let takes_heuristic = chosen.is_some_and(|s| s.uses_heuristic());
        if let (true, Some(shape)) = (takes_heuristic, shape) {
            // Only the heuristics that fit the board are offered.
            let fits = |k: &HeuristicKind| crate::app::offered::fits(*k, shape);
            if !fits(&choice.heuristic) {
                choice.heuristic = HeuristicKind::Manhattan;
            }
            let label = ui.label(tr(ui, CompareMsg::With));
            egui::ComboBox::from_id_salt("beside_heuristic")
                .selected_text(names::heuristic_label(choice.heuristic, lang))
                .show_ui(ui, |ui| {
                    for kind in HeuristicKind::ALL.into_iter().filter(fits) {
                        let label = names::heuristic_label(kind, lang);
                        ui.selectable_value(&mut choice.heuristic, kind, label);
                    }
                })
                .response
                .labelled_by(label.id);
        }
        if ui
            .button(tr(ui, InspectorMsg::BesideOpen))
            .on_hover_text(tr(ui, InspectorMsg::BesideHint))
            .clicked()
        {
            asked = Some(Command::InspectBeside(*choice));
        }
    });
    asked
}

/// The line above the two columns: the first step they differ at, or how
/// many they agree on so far.
pub fn agreement(
    ui: &mut egui::Ui,
    subject: &Subject,
    agreement: &Agreement,
    a: &Recording,
    b: &Recording,
) {
    let lang = language(ui.ctx());
    match agreement.first_difference {
        Some(step) => {
            let k = step - 1;
            let (Some(x), Some(y)) = (a.step_record(k), b.step_record(k)) else {
                return;
            };
            let line = InspectorMsg::FirstDifference {
                step,
                left: taken(&x, subject, lang),
                right: taken(&y, subject, lang),
            };
            ui.colored_label(ui.visuals().warn_fg_color, line.text(lang));
        }
        None => {
            let n = agreement.compared;
            ui.label(tr(ui, InspectorMsg::SameSoFar { n }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::tests::named;
    use super::*;
    use crate::engine::observe::Fate;

    fn expand(state: &str, h: u32) -> Event {
        Event::Expand {
            g: 0,
            h,
            state: named(state),
        }
    }

    /// Two recordings of `steps` steps each, one expansion a step.
    fn recording(states: &[(&str, u32)]) -> Recording {
        let mut r = Recording::new(super::super::model::Model::new(
            crate::engine::strategy::Visit::BestFirst,
            named(states[0].0),
        ));
        r.target = states.len() as u64;
        for &(s, h) in states {
            r.push(&expand(s, h));
            r.push(&Event::Generate {
                g: 1,
                h,
                fate: Fate::New,
                state: named(&format!("{s}'")),
            });
        }
        r.fold(true, usize::MAX);
        r
    }

    #[test]
    fn the_first_difference_is_the_first_step_that_took_another_state() {
        let a = recording(&[("s", 3), ("x", 2), ("y", 1), ("z", 0)]);
        let b = recording(&[("s", 5), ("x", 4), ("w", 1), ("z", 0)]);
        let mut agreement = Agreement::default();
        agreement.update(&a, &b);
        // Step 1 and 2 agree although their estimates differ.
        assert_eq!(agreement.first_difference, Some(3));
        assert_eq!(agreement.compared, 2);
        let same = recording(&[("s", 3), ("x", 2)]);
        let mut agreement = Agreement::default();
        agreement.update(&a, &same);
        assert_eq!((agreement.compared, agreement.first_difference), (2, None));
    }
}
