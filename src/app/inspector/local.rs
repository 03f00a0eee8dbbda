//! The local searches (annealing, tabu, greedy): the walk's state on the
//! board, each proposed move with ΔE, T and its chance of acceptance, the
//! tabu list and aspiration, and greedy's local minimum.

use eframe::egui::{self, Vec2};

use super::board::Subject;
use super::model::{Model, Proposal};
use crate::units::thousands;

/// Rows of the proposals table.
const ROWS: usize = 40;

/// The left panel for a local search: where the walk is, the move just
/// proposed, and where greedy stopped.
pub fn current(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    ui.heading("The walk is at");
    let side = ui
        .available_width()
        .min(ui.available_height() * 0.45)
        .max(80.0);
    subject.draw(ui, &model.walk_at, Vec2::splat(side), "walk state");
    ui.label(format!(
        "{} moves walked (the raw walk, loops included){}",
        thousands(model.walk_len),
        if model.run > 0 {
            format!("; run {}", model.run + 1)
        } else {
            String::new()
        }
    ));
    if let Some(p) = model.proposals.back() {
        ui.separator();
        ui.strong("Move proposed");
        ui.horizontal(|ui| {
            subject.draw(ui, &p.state, subject.small(64.0), "proposed state");
            ui.vertical(|ui| proposal_lines(ui, p));
        });
    }
    if let Some((energy, neighbours)) = &model.local_minimum {
        ui.separator();
        ui.strong(format!("Stuck in a local minimum at energy {energy}"));
        ui.label("No neighbour is better. Their energies:");
        egui::ScrollArea::vertical()
            .id_salt("minimum")
            .show(ui, |ui| {
                let items = neighbours
                    .iter()
                    .map(|n| (n.state.clone(), format!("energy {}", n.proposed)));
                super::board::grid(ui, subject, "neighbour", 56.0, items);
            });
    }
}

/// A proposal in words: energies, ΔE, T, chance, taken or not.
fn proposal_lines(ui: &mut egui::Ui, p: &Proposal) {
    ui.label(format!(
        "energy {} → {} (ΔE {:+})",
        p.energy,
        p.proposed,
        p.delta()
    ));
    if let Some(t) = p.temperature {
        ui.label(format!("T = {t:.3}"));
    }
    if let Some(prob) = p.probability {
        ui.label(format!("chance of taking it {:.1} %", prob * 100.0));
    }
    if p.tabu {
        ui.label("tabu");
    }
    ui.strong(if p.accepted { "accepted" } else { "rejected" });
}

/// The recent walk as small boards, then the proposals table.
pub fn walk(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    egui::ScrollArea::vertical().id_salt("walk").show(ui, |ui| {
        ui.label("The latest states walked through, oldest first:");
        let n = model.walk.len();
        let first = n.saturating_sub(12);
        let items = model.walk.iter().enumerate().skip(first).map(|(i, s)| {
            let moves_ago = n - 1 - i;
            let caption = match moves_ago {
                0 => "now".to_string(),
                1 => "1 move ago".to_string(),
                k => format!("{k} moves ago"),
            };
            (s.clone(), caption)
        });
        super::board::grid(ui, subject, "walk", 52.0, items);
        ui.separator();
        ui.label("Proposed moves, newest first:");
        egui::Grid::new("proposals")
            .striped(true)
            .num_columns(6)
            .show(ui, |ui| {
                for h in ["iteration", "energy", "ΔE", "T", "chance", ""] {
                    ui.strong(h);
                }
                ui.end_row();
                for p in model.proposals.iter().rev().take(ROWS) {
                    ui.label(thousands(p.iteration));
                    ui.label(format!("{} → {}", p.energy, p.proposed));
                    ui.label(format!("{:+}", p.delta()));
                    ui.label(p.temperature.map_or("–".into(), |t| format!("{t:.3}")));
                    ui.label(
                        p.probability
                            .map_or("–".into(), |q| format!("{:.1} %", q * 100.0)),
                    );
                    ui.label(match (p.accepted, p.tabu) {
                        (true, true) => "accepted (tabu, aspiration)",
                        (true, false) => "accepted",
                        (false, true) => "tabu",
                        (false, false) => "rejected",
                    });
                    ui.end_row();
                }
            });
    });
}

/// Tabu search: the list, latest first, and aspiration events.
pub fn tabu(ui: &mut egui::Ui, subject: &Subject, model: &Model) {
    egui::ScrollArea::vertical().id_salt("tabu").show(ui, |ui| {
        ui.label(format!(
            "{} states on the tabu list (the walk may not return to them for a while); the \
             latest:",
            model.tabu.len()
        ));
        let items = model.tabu.iter().rev().take(12).enumerate().map(|(i, s)| {
            let caption = if i == 0 {
                "newest".to_string()
            } else {
                String::new()
            };
            (s.clone(), caption)
        });
        super::board::grid(ui, subject, "tabu", 52.0, items);
        ui.separator();
        if model.aspirations.is_empty() {
            ui.label("No aspiration yet (a tabu move taken because it beats the best score).");
        } else {
            ui.label("Aspiration: tabu moves taken because they beat the best score so far:");
            for (iteration, score, best) in model.aspirations.iter().rev() {
                ui.label(format!(
                    "iteration {}: score {score} beat the best {best}",
                    thousands(*iteration)
                ));
            }
        }
        if model.diversified > 0 {
            ui.label(format!(
                "Diversified {} times (random moves after no new best for a while).",
                model.diversified
            ));
        }
    });
}
