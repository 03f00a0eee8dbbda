//! The step list (the old demo's "single-step demo"): every move of the
//! solution, numbered and described, with first / previous / play / next /
//! last and a speed slider.

use eframe::egui;

use super::game::describe_move;
use crate::engine::{Board, Dir, Outcome};

/// A solution ready to step through.
pub struct Solution {
    /// The board before the first move, and after each move.
    pub boards: Vec<Board>,
    /// The moves (blank directions).
    pub path: Vec<Dir>,
    /// One line per move, e.g. `tile 7 ← (blank right)`.
    pub descriptions: Vec<String>,
    /// The search's result.
    pub outcome: Outcome<Dir>,
    /// Strategy label.
    pub strategy: String,
    /// Heuristic name.
    pub heuristic: String,
}

impl Solution {
    /// A solution of `path` from `start`.
    pub fn new(start: Board, outcome: Outcome<Dir>, strategy: String, heuristic: String) -> Self {
        let path = outcome.path.clone();
        let mut boards = vec![start];
        let mut descriptions = Vec::with_capacity(path.len());
        for &d in &path {
            let mut b = boards.last().expect("start").clone();
            descriptions.push(describe_move(&b, d));
            b.apply(d);
            boards.push(b);
        }
        Self {
            boards,
            path,
            descriptions,
            outcome,
            strategy,
            heuristic,
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.path.len()
    }
}

/// Where playback stands.
#[derive(Clone, Debug, Default)]
pub struct Playback {
    /// The step shown (0 = the start).
    pub step: usize,
    /// Playing automatically.
    pub playing: bool,
    /// App time of the last automatic step.
    pub last_tick: f64,
    /// Scroll the current row into view on the next frame.
    pub scroll: bool,
}

/// A request from the step list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepRequest {
    /// Show this step.
    Show(usize),
    /// Start playing.
    Play,
    /// Pause.
    Pause,
}

/// Draw the step list of a tile solution; `stale` greys it out with a note.
pub fn show(
    ui: &mut egui::Ui,
    solution: Option<&Solution>,
    playback: &mut Playback,
    speed: &mut f32,
    stale: bool,
) -> Option<StepRequest> {
    let summary = solution.map(|sol| {
        format!(
            "{} moves by {}{}",
            sol.len(),
            super::with_heuristic(&sol.strategy, &sol.heuristic),
            if sol.outcome.stats.optimal {
                ", optimal"
            } else {
                ""
            }
        )
    });
    let descriptions = solution.map_or(&[][..], |s| &s.descriptions[..]);
    show_list(ui, summary, descriptions, playback, speed, stale)
}

/// Draw a step list: the summary (`None`: no solution yet), one row per
/// step, and the playback buttons. Shared by tiles and Klotski.
pub fn show_list(
    ui: &mut egui::Ui,
    summary: Option<String>,
    descriptions: &[String],
    playback: &mut Playback,
    speed: &mut f32,
    stale: bool,
) -> Option<StepRequest> {
    let mut request = None;
    ui.heading("Steps");
    let Some(summary) = summary else {
        ui.label("No solution yet: press Solve.");
        return None;
    };
    ui.label(summary);
    if stale {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            "Stale: the board no longer shows a step of this solution.",
        );
    }
    let last = descriptions.len();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(playback.step > 0, egui::Button::new("First"))
            .clicked()
        {
            request = Some(StepRequest::Show(0));
        }
        if ui
            .add_enabled(playback.step > 0, egui::Button::new("Prev"))
            .clicked()
        {
            request = Some(StepRequest::Show(playback.step.saturating_sub(1)));
        }
        if playback.playing {
            if ui.button("Pause").clicked() {
                request = Some(StepRequest::Pause);
            }
        } else if ui
            .add_enabled(playback.step < last, egui::Button::new("Play"))
            .clicked()
        {
            request = Some(StepRequest::Play);
        }
        if ui
            .add_enabled(playback.step < last, egui::Button::new("Next"))
            .clicked()
        {
            request = Some(StepRequest::Show(playback.step + 1));
        }
        if ui
            .add_enabled(playback.step < last, egui::Button::new("Last"))
            .clicked()
        {
            request = Some(StepRequest::Show(last));
        }
    });
    ui.add(
        egui::Slider::new(speed, 1.0..=20.0)
            .step_by(1.0)
            .text("steps/s"),
    );
    ui.separator();
    let scroll = std::mem::take(&mut playback.scroll);
    egui::ScrollArea::vertical()
        .auto_shrink([false; 2])
        .show(ui, |ui| {
            for i in 0..=last {
                let text = if i == 0 {
                    "0. start".to_string()
                } else {
                    format!("{i}. {}", descriptions[i - 1])
                };
                let current = i == playback.step && !stale;
                let r = ui.add(egui::Button::selectable(current, text));
                if r.clicked() {
                    request = Some(StepRequest::Show(i));
                }
                if scroll && i == playback.step {
                    r.scroll_to_me(Some(egui::Align::Center));
                }
            }
        });
    request
}
