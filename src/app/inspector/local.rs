//! The local searches (annealing, tabu, greedy): the walk's state on the
//! board, each proposed move with ΔE, T and its chance of acceptance, the
//! tabu list and aspiration, and greedy's local minimum.

use eframe::egui::{self, Vec2};

use super::board::Subject;
use super::model::{Model, Proposal, Verdict};
use crate::app::i18n::{InspectorMsg, Message, language, tr};
use crate::units::thousands;

/// Rows of the proposals table.
const ROWS: usize = 40;

/// The proposals table's symbol columns (the same in both languages).
const SYMBOL_DELTA_E: &str = "ΔE";
/// A score's change (tabu search, greedy).
const SYMBOL_DELTA: &str = "Δ";
const SYMBOL_T: &str = "T";

/// The left panel for a local search: where the walk is, the move just
/// proposed, and where greedy stopped.
pub fn current(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    ui.heading(tr(ui, InspectorMsg::WalkIsAt));
    let side = ui
        .available_width()
        .min(ui.available_height() * 0.45)
        .max(80.0);
    let label = tr(ui, InspectorMsg::WalkState);
    subject.draw(ui, &model.walk_at, Vec2::splat(side), &label);
    let n = thousands(model.walk_len);
    let walked = if model.run > 0 {
        InspectorMsg::WalkedRawRun {
            n,
            run: model.run + 1,
        }
    } else {
        InspectorMsg::WalkedRaw { n }
    };
    ui.label(tr(ui, walked));
    if let Some(p) = model.proposals.back() {
        ui.separator();
        ui.strong(tr(ui, InspectorMsg::MoveProposed));
        ui.horizontal(|ui| {
            let label = tr(ui, InspectorMsg::ProposedState);
            subject.draw(ui, &p.state, subject.small(64.0), &label);
            ui.vertical(|ui| proposal_lines(ui, subject, model, p));
        });
    }
    if let Some((energy, neighbours)) = &model.local_minimum {
        ui.separator();
        let energy = *energy;
        let scored = model.scores();
        if !scored {
            ui.strong(tr(ui, InspectorMsg::StuckAt { energy }));
            ui.label(tr(ui, InspectorMsg::NoBetterNeighbour));
        } else {
            ui.strong(tr(ui, InspectorMsg::StuckAtScore { score: energy }));
            ui.label(tr(ui, InspectorMsg::NoBetterNeighbourScore));
        }
        let lang = language(ui.ctx());
        egui::ScrollArea::vertical()
            .id_salt("minimum")
            .show(ui, |ui| {
                let items = neighbours.iter().map(|n| {
                    (
                        n.state.clone(),
                        if !scored {
                            InspectorMsg::EnergyN { e: n.proposed }
                        } else {
                            InspectorMsg::ScoreN { s: n.proposed }
                        }
                        .text(lang),
                    )
                });
                let what = tr(ui, InspectorMsg::Neighbour);
                super::board::grid(ui, subject, &what, 56.0, items);
            });
    }
}

/// A proposal in words: which neighbour, energies (tabu search: scores,
/// as its pseudocode and the table say), ΔE, T, chance, taken or not.
fn proposal_lines(ui: &mut egui::Ui, subject: &Subject, model: &Model, p: &Proposal) {
    if let Some(words) = subject.move_words(&p.from, &p.state, language(ui.ctx())) {
        ui.label(words);
    }
    let (from, to, delta) = (p.energy, p.proposed, format!("{:+}", p.delta()));
    let change = if !model.scores() {
        InspectorMsg::EnergyChange { from, to, delta }
    } else {
        InspectorMsg::ScoreChange { from, to, delta }
    };
    ui.label(tr(ui, change));
    if let Some(t) = p.temperature {
        let t = format!("{t:.3}");
        ui.label(tr(ui, InspectorMsg::Temperature { t }));
    }
    if let Some(prob) = p.probability {
        let p = format!("{:.1}", prob * 100.0);
        ui.label(tr(ui, InspectorMsg::Chance { p }));
    }
    if p.tabu {
        ui.label(tr(ui, InspectorMsg::Tabu));
    }
    ui.strong(tr(ui, verdict(model.verdict(p))));
}

/// A verdict in words.
fn verdict(v: Verdict) -> InspectorMsg {
    match v {
        Verdict::Accepted => InspectorMsg::Accepted,
        Verdict::AcceptedAspiration => InspectorMsg::AcceptedAspiration,
        Verdict::Tabu => InspectorMsg::Tabu,
        Verdict::Rejected => InspectorMsg::Rejected,
        Verdict::Tied => InspectorMsg::Tied,
        Verdict::Weighed => InspectorMsg::Weighed,
    }
}

/// The recent walk as small boards, then the proposals table.
pub fn walk(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    if model.walk_len == 0 && model.proposals.is_empty() {
        ui.label(tr(ui, InspectorMsg::NothingProposedYet));
        return;
    }
    let lang = language(ui.ctx());
    egui::ScrollArea::vertical().id_salt("walk").show(ui, |ui| {
        ui.label(tr(ui, InspectorMsg::LatestStates));
        let n = model.walk.len();
        let first = n.saturating_sub(12);
        let items = model.walk.iter().enumerate().skip(first).map(|(i, s)| {
            let moves_ago = n - 1 - i;
            let caption = match moves_ago {
                0 => InspectorMsg::Now,
                1 => InspectorMsg::OneMoveAgo,
                k => InspectorMsg::MovesAgo { k },
            };
            (s.clone(), caption.text(lang))
        });
        let what = tr(ui, InspectorMsg::GridWalk);
        super::board::grid(ui, subject, &what, 52.0, items);
        ui.separator();
        ui.label(tr(ui, InspectorMsg::ProposedNewest));
        // Annealing's own columns, its temperature and chance, only where
        // they say something.
        let annealing = model.temperature.is_some();
        let scored = model.scores();
        egui::Grid::new("proposals")
            .striped(true)
            .num_columns(if annealing { 7 } else { 5 })
            .show(ui, |ui| {
                let mut headers = vec![
                    tr(ui, InspectorMsg::ColIteration),
                    tr(ui, InspectorMsg::Neighbour),
                    if scored {
                        tr(ui, InspectorMsg::ColScore)
                    } else {
                        tr(ui, InspectorMsg::ColEnergy)
                    },
                    if scored { SYMBOL_DELTA } else { SYMBOL_DELTA_E }.to_string(),
                ];
                if annealing {
                    headers.push(SYMBOL_T.to_string());
                    headers.push(tr(ui, InspectorMsg::ColChance));
                }
                headers.push(String::new());
                for h in headers {
                    ui.strong(h);
                }
                ui.end_row();
                for p in model.proposals.iter().rev().take(ROWS) {
                    ui.label(thousands(p.iteration));
                    // Which neighbour: rows of one iteration differ here.
                    ui.label(
                        subject
                            .move_words(&p.from, &p.state, lang)
                            .unwrap_or_default(),
                    );
                    ui.label(format!("{} → {}", p.energy, p.proposed));
                    ui.label(format!("{:+}", p.delta()));
                    if annealing {
                        ui.label(p.temperature.map_or("–".into(), |t| format!("{t:.3}")));
                        ui.label(
                            p.probability
                                .map_or("–".into(), |q| format!("{:.1} %", q * 100.0)),
                        );
                    }
                    ui.label(tr(ui, verdict(model.verdict(p))));
                    ui.end_row();
                }
            });
    });
}

/// Tabu search: the list, latest first, and aspiration events.
pub fn tabu(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    egui::ScrollArea::vertical()
        .id_salt("tabu_list")
        .show(ui, |ui| {
            let n = model.tabu.len();
            ui.label(tr(ui, InspectorMsg::TabuCount { n }));
            let newest = tr(ui, InspectorMsg::Newest);
            let items = model.tabu.iter().rev().take(12).enumerate().map(|(i, s)| {
                let caption = if i == 0 {
                    newest.clone()
                } else {
                    String::new()
                };
                (s.clone(), caption)
            });
            let what = tr(ui, InspectorMsg::GridTabu);
            super::board::grid(ui, subject, &what, 52.0, items);
            ui.separator();
            if model.aspirations.is_empty() {
                ui.label(tr(ui, InspectorMsg::NoAspiration));
            } else {
                ui.label(tr(ui, InspectorMsg::AspirationHeader));
                for &(iteration, score, best) in model.aspirations.iter().rev() {
                    let line = InspectorMsg::AspirationLine {
                        iteration: thousands(iteration),
                        score,
                        best,
                    };
                    ui.label(tr(ui, line));
                }
            }
            if model.diversified > 0 {
                let n = model.diversified;
                ui.label(tr(ui, InspectorMsg::Diversified { n }));
            }
        });
}
