//! The step list (the old demo's "single-step demo"): every move of the
//! solution, numbered and described, with first / previous / play / next /
//! last and a speed slider.

use eframe::egui;

use super::Command;
use super::game::describe_move;
use super::settings::Settings;
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

/// Where playback stands. Shared by the tile and Klotski views.
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

impl Playback {
    /// Playback of a solution just found or loaded: at the start, its row
    /// scrolled into view.
    pub fn fresh() -> Self {
        Self {
            scroll: true,
            ..Self::default()
        }
    }

    /// While playing, the step due at app time `now` at `speed` steps a
    /// second (1 to 20), if one is due. `ctx` is asked for the frame that
    /// shows the next one.
    pub fn tick(&mut self, ctx: &egui::Context, now: f64, speed: f32) -> Option<usize> {
        if !self.playing {
            return None;
        }
        let period = 1.0 / speed.clamp(1.0, 20.0) as f64;
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(period / 2.0));
        (now - self.last_tick >= period).then(|| {
            self.last_tick = now;
            self.step + 1
        })
    }

    /// Step `i` of `last` is now shown: scroll to it, and stop at the end.
    pub fn shown(&mut self, i: usize, last: usize) {
        self.step = i;
        self.scroll = true;
        if i == last {
            self.playing = false;
        }
    }
}

/// A view with a solution to step through (tiles, Klotski): what the step
/// list's commands and the playback tick need from it.
pub trait StepView {
    /// The playback state.
    fn playback_mut(&mut self) -> &mut Playback;
    /// Whether the board no longer shows the step selected.
    fn stale(&self) -> bool;
    /// Show step `i` of the solution (clamped to the last) at app time `now`.
    fn show_step(&mut self, i: usize, now: f64, settings: &Settings);
}

/// Carry out a step-list command on `view`: show a step, play, or pause.
/// Other commands are not step-list commands and are ignored.
pub fn apply(view: &mut impl StepView, cmd: &Command, now: f64, settings: &Settings) {
    match *cmd {
        Command::ShowStep(i) => {
            view.playback_mut().playing = false;
            view.show_step(i, now, settings);
        }
        Command::PlaySolution => {
            if view.stale() {
                let step = view.playback_mut().step;
                view.show_step(step, now, settings);
            }
            let p = view.playback_mut();
            p.playing = true;
            p.last_tick = now;
        }
        Command::PauseSolution => view.playback_mut().playing = false,
        _ => {}
    }
}

/// Advance a playing solution by one step when due.
pub fn tick(view: &mut impl StepView, ctx: &egui::Context, now: f64, settings: &Settings) {
    if let Some(next) = view.playback_mut().tick(ctx, now, settings.speed) {
        view.show_step(next, now, settings);
    }
}

/// Draw the step list of a tile solution; `stale` greys it out with a note.
pub fn show(
    ui: &mut egui::Ui,
    solution: Option<&Solution>,
    playback: &mut Playback,
    speed: &mut f32,
    stale: bool,
) -> Option<Command> {
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
) -> Option<Command> {
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
            request = Some(Command::ShowStep(0));
        }
        if ui
            .add_enabled(playback.step > 0, egui::Button::new("Prev"))
            .clicked()
        {
            request = Some(Command::ShowStep(playback.step.saturating_sub(1)));
        }
        if playback.playing {
            if ui.button("Pause").clicked() {
                request = Some(Command::PauseSolution);
            }
        } else if ui
            .add_enabled(playback.step < last, egui::Button::new("Play"))
            .clicked()
        {
            request = Some(Command::PlaySolution);
        }
        if ui
            .add_enabled(playback.step < last, egui::Button::new("Next"))
            .clicked()
        {
            request = Some(Command::ShowStep(playback.step + 1));
        }
        if ui
            .add_enabled(playback.step < last, egui::Button::new("Last"))
            .clicked()
        {
            request = Some(Command::ShowStep(last));
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
                    request = Some(Command::ShowStep(i));
                }
                if scroll && i == playback.step {
                    r.scroll_to_me(Some(egui::Align::Center));
                }
            }
        });
    request
}

/// The status line at the bottom of a play view, with a spinner while its
/// solve runs (the tile and Klotski views share it).
pub fn status_bar(ui: &mut egui::Ui, id: &'static str, busy: bool, status: &str) {
    egui::Panel::bottom(id).show(ui, |ui| {
        ui.horizontal(|ui| {
            if busy {
                ui.spinner();
            }
            ui.label(status);
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playback_ticks_once_a_period_and_stops_at_the_last_step() {
        let ctx = egui::Context::default();
        let mut p = Playback::default();
        assert_eq!(p.tick(&ctx, 10.0, 4.0), None, "not playing");
        p.playing = true;
        p.last_tick = 10.0;
        // 4 steps a second: a step is due every 0.25 s.
        assert_eq!(p.tick(&ctx, 10.2, 4.0), None);
        assert_eq!(p.tick(&ctx, 10.25, 4.0), Some(1));
        assert_eq!(p.last_tick, 10.25);
        p.shown(1, 2);
        assert!(p.playing && p.scroll);
        assert_eq!(p.tick(&ctx, 10.4, 4.0), None);
        assert_eq!(p.tick(&ctx, 10.5, 4.0), Some(2));
        p.shown(2, 2);
        assert!(!p.playing, "the last step ends playback");
        // Speeds outside 1..=20 steps a second are clamped.
        p.playing = true;
        p.last_tick = 0.0;
        assert_eq!(p.tick(&ctx, 0.04, 100.0), None);
        assert_eq!(p.tick(&ctx, 0.05, 100.0), Some(3));
    }
}
