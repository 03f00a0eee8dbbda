//! A recorded solve watched again: at its real pace or any speed, step by
//! step, beside an optimal solution from the same scramble (found in the
//! background) stepped with it move for move.

use eframe::egui;

use super::Pending;
use super::analysis;
use crate::app::i18n::{RaceMsg, tr};
use crate::app::jobs::Jobs;
use crate::app::widgets::board_view::{BoardOptions, BoardView};
use crate::engine::{Board, Dir};
use crate::storage::replay::Replay;

/// The speeds offered, as multiples of the real pace.
pub const SPEEDS: [f64; 6] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0];

/// A replay being watched.
pub struct Watching {
    /// The solve.
    pub replay: Replay,
    /// The board before each move and after the last.
    boards: Vec<Board>,
    /// Moves shown.
    pub step: usize,
    /// While it plays: the app time and the clock's reading (ms) it
    /// resumed from.
    playing: Option<(f64, f64)>,
    /// The speed, a multiple of the real pace.
    pub speed: f64,
    /// An optimal solution from the same scramble.
    optimal: Pending<Option<Vec<Dir>>>,
    mine: BoardView,
    theirs: BoardView,
}

/// What the replay's controls ask for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReplayAsk {
    /// Close the replay.
    Close,
    /// Copy it as text.
    Copy,
    /// Save it to a file.
    Save,
}

impl Watching {
    /// Watch `replay`; an optimal solution is looked for with `jobs`.
    pub fn new(replay: Replay, jobs: &Jobs, ctx: &egui::Context) -> Self {
        let mut boards = vec![replay.scramble.clone()];
        let mut board = replay.scramble.clone();
        for m in &replay.moves {
            board.apply(m.dir);
            boards.push(board.clone());
        }
        let (scramble, goal) = (replay.scramble.clone(), replay.goal.clone());
        let job = super::run(
            jobs,
            ctx,
            analysis::FindOptimalPath(analysis::Scramble { scramble, goal }),
        );
        Self {
            replay,
            boards,
            step: 0,
            playing: None,
            speed: 1.0,
            optimal: Pending::Running(Box::new(job)),
            mine: BoardView::default(),
            theirs: BoardView::default(),
        }
    }

    /// The optimal solution, once found.
    pub fn optimal(&self) -> Option<&[Dir]> {
        self.optimal.done().and_then(|p| p.as_deref())
    }

    /// Whether the optimal solution is still being looked for.
    pub fn finding(&self) -> bool {
        matches!(self.optimal, Pending::Running(..))
    }

    /// The clock's reading (ms) when `step` moves have been made.
    fn clock_at(&self, step: usize) -> f64 {
        match step.checked_sub(1) {
            Some(i) => self.replay.moves[i].at_ms as f64,
            None => 0.0,
        }
    }

    /// Start or pause playing at app time `now`.
    pub fn toggle_play(&mut self, now: f64) {
        if self.playing.take().is_none() {
            if self.step >= self.replay.moves.len() {
                self.step = 0;
            }
            self.playing = Some((now, self.clock_at(self.step)));
        }
    }

    /// Whether it plays.
    pub fn is_playing(&self) -> bool {
        self.playing.is_some()
    }

    /// Show `step` moves (paused).
    pub fn show_step(&mut self, step: usize) {
        self.playing = None;
        self.step = step.min(self.replay.moves.len());
    }

    /// Advance to app time `now` while playing: every move whose time has
    /// come at the chosen speed is shown; at the end it stops.
    pub fn tick(&mut self, now: f64, ctx: &egui::Context) {
        self.optimal.poll(|| None);
        let Some((since, from_ms)) = self.playing else {
            return;
        };
        let clock = from_ms + (now - since) * 1000.0 * self.speed;
        let moves = &self.replay.moves;
        while self.step < moves.len() && moves[self.step].at_ms as f64 <= clock {
            self.step += 1;
        }
        if self.step >= moves.len() {
            self.playing = None;
        } else {
            let next = moves[self.step].at_ms as f64;
            let wait = ((next - clock) / 1000.0 / self.speed).clamp(0.01, 1.0);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
        }
    }

    /// Change the speed at app time `now`, keeping the place.
    pub fn set_speed(&mut self, speed: f64, now: f64) {
        if let Some((since, from_ms)) = self.playing {
            let clock = from_ms + (now - since) * 1000.0 * self.speed;
            self.playing = Some((now, clock));
        }
        self.speed = speed;
    }

    /// The board with `step` moves made.
    #[cfg(test)]
    pub fn board(&self) -> &Board {
        &self.boards[self.step]
    }

    /// Draw the replay: its controls, then the player's board beside the
    /// optimal one.
    pub fn ui(&mut self, ui: &mut egui::Ui, mark_home: bool) -> Option<ReplayAsk> {
        let now = ui.input(|i| i.time);
        let mut asked = None;
        let r = &self.replay;
        let total = r.moves.len();
        ui.strong(tr(
            ui,
            RaceMsg::ReplayTitle {
                seconds: super::seconds(std::time::Duration::from_millis(r.time_ms)),
                moves: total,
                multi: r.multi_tile_moves(),
            },
        ));
        if !r.replays_to_goal() {
            ui.weak(tr(ui, RaceMsg::ReplayUnfinished));
        }
        ui.horizontal_wrapped(|ui| {
            let play = if self.is_playing() {
                RaceMsg::Pause
            } else {
                RaceMsg::Play
            };
            if ui.button(tr(ui, play)).clicked() {
                self.toggle_play(now);
            }
            if ui.button(tr(ui, RaceMsg::StepBack)).clicked() {
                self.show_step(self.step.saturating_sub(1));
            }
            if ui.button(tr(ui, RaceMsg::StepForward)).clicked() {
                self.show_step(self.step + 1);
            }
            let label = ui.label(tr(ui, RaceMsg::Speed));
            let mut speed = self.speed;
            egui::ComboBox::from_id_salt("replay_speed")
                .selected_text(speed_label(speed))
                .show_ui(ui, |ui| {
                    for s in SPEEDS {
                        ui.selectable_value(&mut speed, s, speed_label(s));
                    }
                })
                .response
                .labelled_by(label.id);
            if speed != self.speed {
                self.set_speed(speed, now);
            }
            if ui.button(tr(ui, RaceMsg::CopyReplay)).clicked() {
                asked = Some(ReplayAsk::Copy);
            }
            if ui.button(tr(ui, RaceMsg::SaveReplay)).clicked() {
                asked = Some(ReplayAsk::Save);
            }
            if ui.button(tr(ui, RaceMsg::CloseReplay)).clicked() {
                asked = Some(ReplayAsk::Close);
            }
        });
        let mut step = self.step;
        let slider = ui.add(
            egui::Slider::new(&mut step, 0..=total)
                .text(tr(ui, RaceMsg::ReplayMove))
                .integer(),
        );
        if slider.changed() {
            self.show_step(step);
        }
        let at = std::time::Duration::from_millis(self.clock_at(self.step) as u64);
        ui.label(tr(
            ui,
            RaceMsg::ReplayAt {
                step: self.step,
                total,
                seconds: super::seconds(at),
            },
        ));
        let optimal = self.optimal().map(<[Dir]>::to_vec);
        let finding = self.finding();
        let goal = self.replay.goal.clone();
        let board = self.boards[self.step].clone();
        ui.columns(2, |cols| {
            cols[0].label(tr(&cols[0], RaceMsg::YourSolve));
            let opts = options(&goal, mark_home);
            self.mine.show(&mut cols[0], &board, opts);
            match &optimal {
                Some(path) => {
                    let shown = self.step.min(path.len());
                    let mut b = self.replay.scramble.clone();
                    for &d in &path[..shown] {
                        b.apply(d);
                    }
                    cols[1].label(tr(
                        &cols[1],
                        RaceMsg::OptimalBeside {
                            step: shown,
                            total: path.len(),
                        },
                    ));
                    self.theirs
                        .show(&mut cols[1], &b, options(&goal, mark_home));
                }
                None if finding => {
                    cols[1].horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr(ui, RaceMsg::FindingOptimum));
                    });
                }
                None => {
                    let shape = super::shape_label(goal.shape());
                    cols[1].label(tr(&cols[1], RaceMsg::NoOptimum { shape }));
                }
            }
        });
        asked
    }
}

/// A speed as offered: "1×".
fn speed_label(speed: f64) -> String {
    format!("{speed}×")
}

fn options(goal: &Board, mark_home: bool) -> BoardOptions<'_> {
    BoardOptions {
        goal,
        mark_home,
        interactive: false,
        edit_mode: false,
        picked: None,
        marks: None,
        look: Default::default(),
    }
}
