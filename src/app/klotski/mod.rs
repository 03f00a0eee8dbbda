//! Klotski (华容道) in the app: a classic or edited layout on the board,
//! played by dragging pieces or by selecting one and using the arrow keys,
//! solved in the background in moves or steps, and stepped through. This
//! file holds the view's state, what it loads and saves, and what the app
//! asks of it ([`PlayView`]); the rest is one concern a file.

pub mod board;
mod centre;
pub mod editor;
pub mod game;
pub mod hint;
pub(crate) mod link;
pub mod names;
mod panel;
mod solution;
pub(crate) mod solve;
mod steps_panel;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ux;
pub mod title;

pub use solution::KlotskiSolution;
pub use title::Title;

use eframe::egui;

use self::board::KlotskiBoard;
use self::editor::LayoutEditor;
use self::game::KlotskiGame;
use self::names::{PieceName, describe_step, piece_names};
use self::solve::Running;
use self::title::classic_or_first;
use super::Command;
use super::i18n::klotski::layout_error;
use super::i18n::{KlotskiMsg, Message, Said, language};
use super::jobs::Jobs;
use super::keys;
use super::run_by::RunBy;
use super::settings::Settings;
use super::view::PlayView;
use crate::app::PlayCommand;
use crate::app::widgets::anatomy::{self, RunAnatomy};
use crate::app::widgets::steps::{self, Playback, StepView};
use crate::engine::Dir;
use crate::engine::Outcome;
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::storage::Document;
use crate::storage::klotski_file::{SavedKlotski, SavedKlotskiSolution};
use crate::storage::layouts::classics;

/// The Klotski view's state.
pub struct KlotskiPlay {
    game: KlotskiGame,
    /// What the layout shown is called.
    title: Title,
    names: Vec<PieceName>,
    board: KlotskiBoard,
    selected: Option<usize>,
    running: Option<Running>,
    solution: Option<KlotskiSolution>,
    playback: Playback,
    editor: Option<LayoutEditor>,
    status: Said,
    /// How the latest solve ended when it gave no solution (or was
    /// refused or failed), for the Steps panel.
    failure: Option<steps::Notice>,
    /// The trace of the last local search, kept with its result.
    last_trace: Vec<crate::engine::TracePoint>,
    /// The step list shows one row a move (else one a step); a new solution
    /// sets it from the metric it was counted in.
    rows_by_move: bool,
    /// The distance to the exit, hints and the overlay.
    pub(crate) hints: hint::KlotskiHints,
    /// The latest finished run's anatomy (none while a run is under way).
    pub(in crate::app) anatomy: Option<RunAnatomy>,
    /// The results panel's tab: steps or anatomy.
    results_tab: anatomy::Tab,
    /// The app's background work: this view's solves and hints run there.
    jobs: Jobs,
}

impl StepView for KlotskiPlay {
    fn playback_mut(&mut self) -> &mut Playback {
        &mut self.playback
    }

    fn stale(&self) -> bool {
        KlotskiPlay::stale(self)
    }

    fn show_step(&mut self, i: usize, _now: f64, _settings: &Settings) {
        self.show_solution_step(i);
    }
}

impl KlotskiPlay {
    /// The piece the board drew with the hint's ring in the last frame.
    #[cfg(test)]
    pub fn ringed_piece(&self) -> Option<usize> {
        self.board.ringed
    }

    /// The classic numbered `index` (the first when out of range).
    pub fn new(index: usize, jobs: Jobs) -> Self {
        let (index, c) = classic_or_first(index);
        let layout = c.parse();
        Self {
            names: piece_names(&layout),
            game: KlotskiGame::new(layout),
            title: Title::Classic(index),
            board: KlotskiBoard::default(),
            selected: None,
            running: None,
            solution: None,
            playback: Playback::default(),
            editor: None,
            last_trace: Vec::new(),
            rows_by_move: true,
            hints: hint::KlotskiHints::default(),
            anatomy: None,
            results_tab: anatomy::Tab::default(),
            status: Said::msg(KlotskiMsg::Intro),
            failure: None,
            jobs,
        }
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &KlotskiGame {
        &self.game
    }

    /// The status line, in English.
    #[cfg(test)]
    pub fn status(&self) -> String {
        self.status.text(super::i18n::Lang::English)
    }

    /// The title, in English.
    #[cfg(test)]
    pub fn title(&self) -> String {
        self.title.text(super::i18n::Lang::English)
    }

    /// The pieces' names, by index.
    #[cfg(test)]
    pub fn names(&self) -> &[PieceName] {
        &self.names
    }

    /// The names drawn on the pieces in the last frame.
    #[cfg(test)]
    pub fn drawn_names(&self) -> Vec<String> {
        self.board.drawn.iter().map(|d| d.text.clone()).collect()
    }

    /// The solution, if any.
    #[cfg(test)]
    pub fn solution(&self) -> Option<&KlotskiSolution> {
        self.solution.as_ref()
    }

    /// The playback position.
    #[cfg(test)]
    pub fn step_shown(&self) -> usize {
        self.playback.step
    }

    /// The selected piece.
    #[cfg(test)]
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Start again on `layout`, titled `title` (drawn in the language of
    /// the day).
    pub fn load(&mut self, layout: Layout, title: Said) {
        self.load_titled(layout, Title::Named(title));
    }

    /// Start again on `layout`, called `title`.
    fn load_titled(&mut self, layout: Layout, title: Title) {
        if let Some(r) = self.running.take() {
            r.job.cancel();
        }
        self.names = piece_names(&layout);
        self.game = KlotskiGame::new(layout);
        let named = title.clone();
        self.status = Said::new(move |lang| {
            KlotskiMsg::Loaded {
                title: named.text(lang),
            }
            .text(lang)
        });
        self.title = title;
        self.selected = None;
        self.solution = None;
        self.failure = None;
        self.playback = Playback::default();
        self.anatomy = None;
    }

    /// The position to save: the layout shown, or with the solution, the
    /// solution's start and its steps.
    pub fn to_saved(&self, with_solution: bool) -> Option<SavedKlotski> {
        let name = self.title.file_name();
        if !with_solution {
            return Some(SavedKlotski::new(self.game.layout().clone(), name));
        }
        let sol = self.solution.as_ref()?;
        SavedKlotski::new(sol.layouts[0].clone(), name)
            .with_solution(SavedKlotskiSolution {
                steps: sol.lettered(),
                metric: sol.metric,
                // Files name it by registry name (`bfs`).
                strategy: sol.run.names().0,
                stats: sol.stats,
            })
            .ok()
    }

    /// Show an opened file: its layout and, if saved, its solution.
    pub fn open(&mut self, saved: SavedKlotski, fallback_title: Said) {
        let title = Title::of_file(saved.name.as_deref(), fallback_title);
        self.load_titled(saved.layout.clone(), title);
        if let Some(s) = saved.solution {
            let run = RunBy::from_file(&s.strategy, "");
            let sol = KlotskiSolution::from_steps(&saved.layout, &s.steps, s.stats, run, s.metric);
            self.set_solution(s.metric, sol);
        }
    }

    /// Show a solution found elsewhere (the compare view) for `layout`.
    pub fn load_solution(&mut self, layout: Layout, o: Outcome<KMove>, run: RunBy, metric: Metric) {
        if self.game.layout() != &layout {
            self.load_titled(layout.clone(), Title::Compared);
        }
        // The anatomy shown was of another run.
        self.anatomy = None;
        let sol = KlotskiSolution::from_path(&layout, &o.path, o.stats, run, metric);
        self.set_solution(metric, sol);
        self.show_solution_step(0);
    }

    /// Step through `solution` (if it could be replayed) from its start,
    /// one row a move if it was counted in moves (`metric`), else one a
    /// step.
    fn set_solution(&mut self, metric: Metric, solution: Option<KlotskiSolution>) {
        self.rows_by_move = metric == Metric::Moves;
        self.failure = None;
        self.solution = solution;
        self.playback = Playback::fresh();
    }

    /// Move piece `i` one cell, as the user does.
    pub fn step(&mut self, i: usize, dir: Dir) -> bool {
        if self.running.is_some() {
            return false;
        }
        let moved = self.game.step(i, dir);
        if moved {
            self.playback.playing = false;
            if self.game.is_solved() {
                self.status = Said::msg(KlotskiMsg::Won {
                    moves: self.game.moves(),
                    steps: self.game.steps(),
                });
            }
        }
        moved
    }

    /// Open the layout editor on the layout shown.
    pub fn open_editor(&mut self) {
        self.editor = Some(LayoutEditor::new(self.game.layout()));
    }

    /// Pasted text: a layout is loaded; anything else is answered in the
    /// status line with what paste takes here.
    pub fn paste(&mut self, text: &str) {
        match Layout::parse(text.trim()) {
            Ok(layout) => self.load_titled(layout, Title::Pasted),
            Err(e) => {
                self.status = Said::new(move |lang| {
                    KlotskiMsg::NotALayout {
                        why: layout_error(&e, lang),
                    }
                    .text(lang)
                })
            }
        }
    }

    /// Show step `i` of the solution.
    fn show_solution_step(&mut self, i: usize) {
        let Some(sol) = &self.solution else { return };
        let last = sol.steps.len();
        let i = i.min(last);
        self.game.show(sol.layouts[i].clone(), i, sol.moves_to[i]);
        self.playback.shown(i, last);
    }

    /// Whether the board no longer shows the step selected.
    pub fn stale(&self) -> bool {
        self.solution
            .as_ref()
            .is_some_and(|s| s.layouts.get(self.playback.step) != Some(self.game.layout()))
    }
}

impl PlayView for KlotskiPlay {
    fn family(&self) -> crate::app::settings::Family {
        crate::app::settings::Family::Klotski
    }

    fn switch_label(&self) -> Said {
        Said::msg(crate::app::i18n::KlotskiMsg::FamilyKlotski)
    }

    fn link(&self) -> &'static dyn crate::app::link::FamilyLink {
        &link::KlotskiLink
    }

    fn open_set_state(&mut self) {
        self.open_editor();
    }

    fn take_paste(&mut self, text: String) {
        self.paste(&text);
    }

    fn open_document(&mut self, document: Document, path: String, _settings: &mut Settings) {
        if let Document::Klotski(saved) = document {
            let opened = crate::app::i18n::TilesMsg::OpenedKlotski { path };
            self.open(saved, Said::msg(opened));
        }
    }

    fn show_anatomy(&mut self, anatomy: RunAnatomy) {
        self.anatomy = Some(anatomy);
    }

    fn play_run(
        &mut self,
        start: crate::app::model::Start,
        finished: crate::app::model::Finished,
        run: RunBy,
        _settings: &mut Settings,
    ) {
        // A start and a result of different families: no row makes one.
        use crate::app::model::{Finished, RunOutcome, Start};
        if let (Start::Klotski(layout, metric), Finished::Ran(RunOutcome::Klotski(o))) =
            (start, finished)
        {
            self.load_solution(layout, o, run, metric);
        }
    }

    #[cfg(test)]
    fn status(&self) -> &Said {
        &self.status
    }

    /// Replace the status line (drawn in the language of the day).
    fn set_status(&mut self, status: Said) {
        self.status = status;
    }

    fn can_undo_redo(&self) -> (bool, bool) {
        (self.game.can_undo(), self.game.can_redo())
    }

    fn has_solution(&self) -> bool {
        self.solution.is_some()
    }

    fn to_document(&self, with_solution: bool) -> Option<Document> {
        self.to_saved(with_solution).map(Document::Klotski)
    }

    fn compare_start(&self, settings: &Settings) -> crate::app::model::Start {
        crate::app::model::Start::Klotski(self.game.layout().clone(), settings.metric)
    }

    /// Whether a solve runs.
    fn is_solving(&self) -> bool {
        self.running.is_some()
    }

    /// Carry out a Klotski command at app time `now`.
    fn apply(&mut self, cmd: PlayCommand, ctx: &egui::Context, now: f64, settings: &mut Settings) {
        match cmd {
            PlayCommand::Undo => {
                self.game.undo();
            }
            PlayCommand::Redo => {
                self.game.redo();
            }
            // No Klotski start is long enough to hold Solve back with advice.
            PlayCommand::Solve | PlayCommand::SolveAnyway | PlayCommand::SolveWith(_) => {
                self.klotski_strategy_only(settings);
                let repaint = ctx.clone();
                self.solve(settings, move || repaint.request_repaint());
            }
            PlayCommand::Cancel => self.cancel(),
            PlayCommand::CopyState => {
                ctx.copy_text(self.game.layout().to_text());
                self.status = Said::msg(KlotskiMsg::Copied);
            }
            PlayCommand::Reset => {
                self.game.reset();
                self.status = Said::msg(KlotskiMsg::BackToStart);
            }
            PlayCommand::LoadClassic(i) => {
                let all = classics();
                if let Some(c) = all.get(i) {
                    settings.classic = i;
                    self.load_titled(c.parse(), Title::Classic(i));
                }
            }
            PlayCommand::SetLayout(layout) => {
                self.editor = None;
                let title = self.title.after_edit(&layout);
                self.load_titled(layout, title);
            }
            PlayCommand::PlayLayout(layout, title) => self.load(layout, title),
            PlayCommand::CloseEditor => self.editor = None,
            PlayCommand::ShowStep(_) | PlayCommand::PlaySolution | PlayCommand::PauseSolution => {
                steps::apply(self, &cmd, now, settings);
            }
            // The tile view's.
            PlayCommand::NewSize(_)
            | PlayCommand::Randomize
            | PlayCommand::SetGoal(_)
            | PlayCommand::Shuffle
            | PlayCommand::GoToGoal
            | PlayCommand::ToggleEdit
            | PlayCommand::BuildStrongDatabase
            | PlayCommand::CancelStrongDatabase => {}
        }
    }

    /// Background work, each frame: collect a finished solve, advance
    /// playback.
    fn logic(&mut self, ctx: &egui::Context, now: f64, settings: &mut Settings) {
        self.poll();
        steps::tick(self, ctx, now, settings);
        self.hints.poll(
            &self.game.start,
            self.game.layout(),
            settings.metric,
            settings.show_distance,
            &self.jobs,
            ctx,
        );
        if self.running.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    /// Arrow keys (and WASD) move the selected piece.
    fn keys(&mut self, ctx: &egui::Context, _settings: &Settings, _now: f64) {
        if self.editor.is_some() || ctx.egui_wants_keyboard_input() {
            return;
        }
        let Some(i) = self.selected else { return };
        for d in keys::arrows(ctx) {
            if !self.step(i, d) {
                let name = self.names[i].clone();
                self.status = Said::new(move |lang| {
                    KlotskiMsg::Blocked {
                        step: describe_step(&name, d, lang),
                    }
                    .text(lang)
                });
            }
        }
    }

    /// Draw the Klotski view: controls on the left, steps on the right, the
    /// board in the middle, and the editor when open.
    /// Commands go to `out`.
    fn ui(&mut self, ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<Command>) {
        crate::app::view::edited(settings, out, |settings, out| self.draw(ui, settings, out));
    }
}

impl KlotskiPlay {
    /// [`PlayView::ui`] on a copy of the settings the widgets change.
    fn draw(&mut self, ui: &mut egui::Ui, settings: &mut Settings, out: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        let lang = language(&ctx);
        self.klotski_strategy_only(settings);
        let status = self.status.text(lang);
        steps::status_bar(ui, "klotski status", self.running.is_some(), &status);
        egui::Panel::left("klotski controls")
            .exact_size(crate::app::widgets::side_panel_width(ui, 270.0, 0.3))
            .show(ui, |ui| {
                crate::app::widgets::panel_scroll(ui, |ui| self.controls(ui, settings, out));
            });
        // As wide whatever it lists: a step list filled by Solve widened
        // it, and the board beside it moved and shrank.
        egui::Panel::right("klotski steps")
            .exact_size(crate::app::widgets::side_panel_width(ui, 260.0, 0.25))
            .show(ui, |ui| self.steps_panel(ui, settings, out));
        egui::CentralPanel::default().show(ui, |ui| self.centre(ui, settings, out));
        if let Some(ed) = &mut self.editor {
            out.extend(ed.show(&ctx));
        }
        let shown = self.game.layout().clone();
        self.hints
            .among_all_window(&ctx, &shown, settings.metric, out);
    }
}
