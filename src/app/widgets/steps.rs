//! The step list (the old demo's "single-step demo"): every move of the
//! solution, numbered and described, with first / previous / play / next /
//! last and a speed slider.

use crate::app::PlayCommand;
use eframe::egui;

use crate::app::Command;
use crate::app::game::describe_move;
use crate::app::i18n::{Lang, Message, Said, TilesMsg, language, names, tr};
use crate::app::settings::Settings;
use crate::engine::{Board, Dir, Outcome};

/// A solution ready to step through.
pub struct Solution {
    /// The board before the first move, and after each move.
    pub boards: Vec<Board>,
    /// The moves (blank directions).
    pub path: Vec<Dir>,
    /// One line per move, e.g. `tile 7 ← (blank right)`.
    pub descriptions: Vec<String>,
    /// The same in Chinese (`7 号块 ←（空格右移）`).
    descriptions_zh: Vec<String>,
    /// The search's result.
    pub outcome: Outcome<Dir>,
    /// The strategy and heuristic that found it.
    pub run: crate::app::run_by::RunBy,
}

impl Solution {
    /// A solution of `path` from `start`.
    pub fn new(start: Board, outcome: Outcome<Dir>, run: crate::app::run_by::RunBy) -> Self {
        let path = outcome.path.clone();
        let mut boards = vec![start];
        let mut descriptions = Vec::with_capacity(path.len());
        let mut descriptions_zh = Vec::with_capacity(path.len());
        for &d in &path {
            let mut b = boards.last().expect("start").clone();
            descriptions.push(describe_move(&b, d, Lang::English));
            descriptions_zh.push(describe_move(&b, d, Lang::Chinese));
            b.apply(d);
            boards.push(b);
        }
        Self {
            boards,
            path,
            descriptions,
            descriptions_zh,
            outcome,
            run,
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// The moves described in `lang`.
    pub fn descriptions(&self, lang: Lang) -> &[String] {
        match lang {
            Lang::English => &self.descriptions,
            Lang::Chinese => &self.descriptions_zh,
        }
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
    /// The step list's height last drawn: when it changes (a notice above
    /// it comes or goes, the window is resized) the current row is
    /// brought back into view.
    pub viewport: f32,
}

/// Seconds between steps at `speed` steps a second (clamped to 1 to 20).
fn period(speed: f32) -> f64 {
    1.0 / speed.clamp(1.0, 20.0) as f64
}

/// How long a slide animates during playback at `speed` steps a second:
/// the usual slide, shortened so it ends before the next step is due.
pub fn slide_seconds(speed: f32) -> f64 {
    crate::app::widgets::board_view::SLIDE_SECONDS.min(0.8 * period(speed))
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

    /// While playing, how many steps are due at app time `now` at `speed`
    /// steps a second (1 to 20): as many as the time since the last step
    /// allows, so a slow frame rate does not slow playback down. `ctx` is
    /// asked for the frame that shows the next one, when it is due.
    pub fn tick(&mut self, ctx: &egui::Context, now: f64, speed: f32) -> usize {
        if !self.playing {
            return 0;
        }
        let period = period(speed);
        let due = ((now - self.last_tick) / period).floor().max(0.0) as usize;
        // Keep to the schedule (not to `now`) so rounding never drifts.
        self.last_tick += due as f64 * period;
        let next = (self.last_tick + period - now).max(0.0);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(next));
        due
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
pub fn apply(view: &mut impl StepView, cmd: &PlayCommand, now: f64, settings: &Settings) {
    match *cmd {
        PlayCommand::ShowStep(i) => {
            view.playback_mut().playing = false;
            view.show_step(i, now, settings);
        }
        PlayCommand::PlaySolution => {
            if view.stale() {
                let step = view.playback_mut().step;
                view.show_step(step, now, settings);
            }
            let p = view.playback_mut();
            p.playing = true;
            p.last_tick = now;
        }
        PlayCommand::PauseSolution => view.playback_mut().playing = false,
        _ => {}
    }
}

/// Advance a playing solution by the steps due (one at a time, so the
/// last one animates), stopping at the end.
pub fn tick(view: &mut impl StepView, ctx: &egui::Context, now: f64, settings: &Settings) {
    for _ in 0..view.playback_mut().tick(ctx, now, settings.speed) {
        let p = view.playback_mut();
        if !p.playing {
            break;
        }
        let next = p.step + 1;
        view.show_step(next, now, settings);
    }
}

/// What the Steps panel says above the step list when the latest run did
/// not give the solution listed (it runs, or it failed), or when the board
/// cannot be solved at all. The solution listed, if any, is then marked as
/// earlier.
#[derive(Clone, Debug)]
pub enum Notice {
    /// A solve runs: the text names it.
    Running(Said),
    /// The latest run ended without a solution, or Solve was refused: a
    /// headline (`Not found — Greedy search`) and the details.
    Failed {
        /// What happened, and by which strategy.
        title: Said,
        /// The reason and the counters, wrapped in the panel.
        detail: Said,
    },
    /// Solve was held back: the run may take very long. Offers the
    /// strategies named (registry names) instead, or to solve anyway.
    Advice {
        /// What may happen, and with which strategy.
        title: Said,
        /// Why, and what the offers do.
        detail: Said,
        /// The strategies offered instead.
        offers: Vec<&'static str>,
    },
}

/// Draw the step list of a tile solution; `notice` (above it) is the
/// newer run's news; `stale` greys the list out with a note.
pub fn show(
    ui: &mut egui::Ui,
    notice: Option<&Notice>,
    solution: Option<&Solution>,
    playback: &mut Playback,
    speed: &mut f32,
    stale: bool,
) -> Option<Command> {
    let lang = language(ui.ctx());
    let summary = solution.map(|sol| {
        TilesMsg::SolutionSummary {
            moves: sol.len(),
            run: sol.run.text(lang),
            guarantee: guarantee(&sol.outcome.stats, true, lang),
        }
        .text(lang)
    });
    let descriptions = solution.map_or(&[][..], |s| s.descriptions(lang));
    show_noted_list(ui, notice, summary, descriptions, playback, speed, stale)
}

/// Draw a step list: the summary (`None`: no solution yet), one row per
/// step (`descriptions`) and the playback buttons, under the `notice` of a
/// newer run, if any, which marks the summary as earlier. Shared by tiles
/// and Klotski.
pub fn show_noted_list(
    ui: &mut egui::Ui,
    notice: Option<&Notice>,
    summary: Option<String>,
    descriptions: &[String],
    playback: &mut Playback,
    speed: &mut f32,
    stale: bool,
) -> Option<Command> {
    let mut request = None;
    // The panel keeps its width whatever it holds (no solution yet, a
    // note, the list), so the board beside it does not move.
    ui.set_min_width(ui.available_width());
    ui.heading(tr(ui, TilesMsg::Steps));
    match notice {
        Some(Notice::Running(what)) => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label(tr(ui, what));
            });
        }
        Some(
            notice @ (Notice::Failed { title, detail } | Notice::Advice { title, detail, .. }),
        ) => {
            let (title, detail) = (tr(ui, title), tr(ui, detail));
            let colour = ui.visuals().warn_fg_color;
            ui.add(egui::Label::new(egui::RichText::new(title).strong().color(colour)).wrap());
            if !detail.is_empty() {
                ui.add(egui::Label::new(detail).wrap());
            }
            if let Notice::Advice { offers, .. } = notice {
                ui.horizontal_wrapped(|ui| {
                    for &name in offers {
                        let run =
                            names::strategy_label_of(name, language(ui.ctx())).unwrap_or_default();
                        if ui.button(tr(ui, TilesMsg::UseStrategy { run })).clicked() {
                            request = Some(Command::Play(PlayCommand::SolveWith(name)));
                        }
                    }
                    if ui.button(tr(ui, TilesMsg::SolveAnyway)).clicked() {
                        request = Some(Command::Play(PlayCommand::SolveAnyway));
                    }
                });
            }
        }
        None => {}
    }
    let Some(summary) = summary else {
        if notice.is_none() {
            ui.label(tr(ui, TilesMsg::NoSolutionYet));
        }
        return request;
    };
    if notice.is_some() {
        ui.add_space(4.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(tr(ui, TilesMsg::EarlierSolution { summary })).weak(),
            )
            .wrap(),
        );
    } else {
        ui.add(egui::Label::new(summary).wrap());
    }
    if stale {
        ui.colored_label(ui.visuals().warn_fg_color, tr(ui, TilesMsg::Stale));
    }
    let last = descriptions.len();
    // A narrow panel (a small window's) takes the buttons on two rows.
    ui.horizontal_wrapped(|ui| {
        // Tighter than usual, so the row fits the panel's default width
        // even with Play as wide as Pause.
        ui.spacing_mut().item_spacing.x = 4.0;
        if ui
            .add_enabled(
                playback.step > 0,
                egui::Button::new(tr(ui, TilesMsg::First)),
            )
            .clicked()
        {
            request = Some(Command::Play(PlayCommand::ShowStep(0)));
        }
        if ui
            .add_enabled(playback.step > 0, egui::Button::new(tr(ui, TilesMsg::Prev)))
            .clicked()
        {
            request = Some(Command::Play(PlayCommand::ShowStep(
                playback.step.saturating_sub(1),
            )));
        }
        // Play and Pause take the same width, so the buttons after them
        // stay put when one becomes the other.
        let (play, pause) = (tr(ui, TilesMsg::Play), tr(ui, TilesMsg::Pause));
        let toggle = egui::vec2(widest_button(ui, &[play.as_str(), pause.as_str()]), 0.0);
        if playback.playing {
            if ui.add(egui::Button::new(pause).min_size(toggle)).clicked() {
                request = Some(Command::Play(PlayCommand::PauseSolution));
            }
        } else if ui
            .add_enabled(
                playback.step < last,
                egui::Button::new(play).min_size(toggle),
            )
            .clicked()
        {
            request = Some(Command::Play(PlayCommand::PlaySolution));
        }
        if ui
            .add_enabled(
                playback.step < last,
                egui::Button::new(tr(ui, TilesMsg::Next)),
            )
            .clicked()
        {
            request = Some(Command::Play(PlayCommand::ShowStep(playback.step + 1)));
        }
        if ui
            .add_enabled(
                playback.step < last,
                egui::Button::new(tr(ui, TilesMsg::Last)),
            )
            .clicked()
        {
            request = Some(Command::Play(PlayCommand::ShowStep(last)));
        }
    });
    // The slider gives way in a narrow panel, its value and words kept.
    ui.spacing_mut().slider_width = (ui.available_width() - 120.0).clamp(50.0, 100.0);
    ui.add(
        egui::Slider::new(speed, 1.0..=20.0)
            .step_by(1.0)
            .text(tr(ui, TilesMsg::StepsPerSecond)),
    );
    ui.separator();
    let scroll = std::mem::take(&mut playback.scroll);
    let mut current_row = None;
    let list = egui::ScrollArea::vertical()
        .auto_shrink([false; 2])
        .show(ui, |ui| {
            for i in 0..=last {
                let text = if i == 0 {
                    tr(ui, TilesMsg::StepStart)
                } else {
                    let what = descriptions[i - 1].clone();
                    tr(ui, TilesMsg::StepRow { i, what })
                };
                let current = i == playback.step && !stale;
                let r = ui.add(egui::Button::selectable(current, text));
                if r.clicked() {
                    request = Some(Command::Play(PlayCommand::ShowStep(i)));
                }
                if i == playback.step {
                    current_row = Some(r.rect);
                    if scroll {
                        r.scroll_to_me(Some(egui::Align::Center));
                    }
                }
            }
        });
    // The list got shorter (a refusal's notice above it, a smaller
    // window) and the current row is out of view: it is scrolled back in
    // on the next frame.
    let shown = list.inner_rect;
    // Only a list made shorter hides rows it showed.
    let resized = shown.height() < playback.viewport - 0.5;
    playback.viewport = shown.height();
    let out_of_view = current_row
        .is_some_and(|r| r.top() < shown.top() - 0.5 || r.bottom() > shown.bottom() + 0.5);
    if resized && out_of_view {
        playback.scroll = true;
        ui.ctx().request_repaint();
    }
    request
}

/// The width of a button wide enough for each of `labels`.
fn widest_button(ui: &egui::Ui, labels: &[&str]) -> f32 {
    let text = labels
        .iter()
        .map(|l| {
            egui::WidgetText::from(*l)
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Button,
                )
                .size()
                .x
        })
        .fold(0.0, f32::max);
    text + 2.0 * ui.spacing().button_padding.x
}

/// The status line at the bottom of a play view, with a spinner while its
/// solve runs (the tile and Klotski views share it).
pub fn status_bar(ui: &mut egui::Ui, id: &'static str, busy: bool, status: &str) {
    announce(ui.ctx(), status);
    egui::Panel::bottom(id).show(ui, |ui| {
        ui.horizontal(|ui| {
            if busy {
                ui.spinner();
            }
            // One line: a longer status is cut with "…" and shown whole
            // on hover (failures are also spelled out in the Steps panel).
            ui.add(egui::Label::new(status).truncate());
        });
    });
}

fn shown_status_id() -> egui::Id {
    egui::Id::unique("the status line shown")
}

/// Say `line` as the status line shown, for those who cannot see it (the
/// web edition's live region): a status bar does, and so does a screen
/// with a line of its own (the inspector's).
pub fn announce(ctx: &egui::Context, line: &str) {
    ctx.data_mut(|d| d.insert_temp(shown_status_id(), line.to_string()));
}

/// The status line the last frame showed, if any.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web edition's
pub fn shown_status(ctx: &egui::Context) -> Option<String> {
    ctx.data(|d| d.get_temp(shown_status_id()))
}

/// What a solved run's path is guaranteed to be, in `lang`, after the
/// length: ` (optimal)`, or `, ≤ 1.2 × optimal` with `comma`; nothing when
/// nothing is guaranteed.
pub(in crate::app) fn guarantee(s: &crate::engine::Stats, comma: bool, lang: Lang) -> String {
    match (s.optimal, s.within, comma) {
        (true, _, false) => TilesMsg::ParenOptimal,
        (true, _, true) => TilesMsg::CommaOptimal,
        (false, Some(w), false) => TilesMsg::ParenWithin { w },
        (false, Some(w), true) => TilesMsg::CommaWithin { w },
        (false, None, _) => return String::new(),
    }
    .text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playback_takes_every_step_the_time_allows_and_keeps_to_its_schedule() {
        let ctx = egui::Context::default();
        let mut p = Playback::default();
        assert_eq!(p.tick(&ctx, 10.0, 4.0), 0, "not playing");
        p.playing = true;
        p.last_tick = 10.0;
        // 4 steps a second: a step is due every 0.25 s.
        assert_eq!(p.tick(&ctx, 10.2, 4.0), 0);
        assert_eq!(p.tick(&ctx, 10.3, 4.0), 1);
        assert_eq!(p.last_tick, 10.25, "on schedule, not at the frame's time");
        // A slow frame: every step due since comes at once.
        assert_eq!(p.tick(&ctx, 11.1, 4.0), 3);
        assert_eq!(p.last_tick, 11.0);
        // Speeds outside 1..=20 steps a second are clamped.
        p.last_tick = 0.0;
        assert_eq!(p.tick(&ctx, 0.04, 100.0), 0);
        assert_eq!(p.tick(&ctx, 1.01, 100.0), 20);
        p.shown(2, 2);
        assert!(!p.playing, "the last step ends playback");
        assert_eq!(p.tick(&ctx, 5.0, 4.0), 0);
    }

    #[test]
    fn the_slide_is_shorter_than_a_step_at_any_speed() {
        for speed in [1.0, 4.0, 8.0, 12.0, 20.0] {
            let slide = slide_seconds(speed);
            assert!(slide > 0.0 && slide < period(speed), "{speed}: {slide}");
            assert!(slide <= crate::app::widgets::board_view::SLIDE_SECONDS);
        }
        assert!(slide_seconds(20.0) < slide_seconds(4.0));
    }
}
