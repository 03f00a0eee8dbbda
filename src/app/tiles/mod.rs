//! The sliding-tiles play view: the board, the controls, the step list and
//! the running solve. It owns the tile game and everything shown with it,
//! and carries out the play commands ([`PlayView`]). Here: the position and
//! its changes; [`solve`]: a solve and its result; [`panel`]: the board
//! and the aids drawn with it.

use super::view::PlayView;
use crate::app::PlayCommand;
use crate::storage::Document;
use eframe::egui;

use super::databases::Databases;
use super::game::Game;
use super::i18n::{HintMsg, Message, Said, TilesMsg, language, tr};
use super::jobs::Jobs;
use super::run_by::RunBy;
use super::settings::Settings;
use super::solver::Running;
use super::{Command, controls, keys};
use crate::app::widgets::anatomy::{self, RunAnatomy};
use crate::app::widgets::board_view::{BoardView, SLIDE_SECONDS};
use crate::app::widgets::steps::{self, Notice, Playback, Solution, StepView};
use crate::app::widgets::trace_plot;
use crate::engine::rng::SeededRng;
use crate::engine::tiles::{random_solvable, shuffled};
use crate::engine::{Board, Dir, TilePuzzle, TracePoint};
use crate::storage::puzzle_file::Saved;

pub(crate) mod distance;
mod explain;
pub(in crate::app) mod heuristic_view;
pub(crate) mod link;
mod panel;
pub(in crate::app) mod set_state;
mod solve;

pub(super) use solve::status_title;
/// The tile view's state.
pub struct TilesPlay {
    pub(super) game: Game,
    /// The start Reset returns to: the position last set (Randomize,
    /// Shuffle, Set state, a file, an edit) or the solution's start.
    start: Board,
    pub(super) board_view: BoardView,
    pub(super) running: Option<Running>,
    /// Pattern databases loaded, and the strong database's build.
    pub(super) databases: Databases,
    /// The app's background work: this view's solves and hints run there.
    jobs: Jobs,
    pub(super) solution: Option<Solution>,
    pub(super) playback: Playback,
    edit_mode: bool,
    picked: Option<usize>,
    status: Said,
    /// How the latest solve ended when it gave no solution (or was
    /// refused), for the Steps panel.
    failure: Option<Notice>,
    /// What a refusal in `failure` was about (the board, the strategy and
    /// the heuristic): once any of them changes, the refusal is old news.
    refused_for: Option<(Board, String, crate::engine::HeuristicKind)>,
    /// The board shown when Solve was pressed: if it is still shown when
    /// the solution comes, the board moves to the solution's start.
    board_at_solve: Option<Board>,
    /// The trace of the last local search, kept with its result.
    last_trace: Vec<TracePoint>,
    /// The exact distance readout and hints (small boards).
    pub(super) distances: crate::app::tiles::distance::Distances,
    /// The latest finished run's anatomy (none while a run is under way).
    pub(super) anatomy: Option<RunAnatomy>,
    /// The results panel's tab: steps or anatomy.
    results_tab: anatomy::Tab,
    rng: SeededRng,
    /// The Set state dialog, while open.
    pub(in crate::app) set_state: Option<set_state::SetStateDialog>,
}

impl StepView for TilesPlay {
    fn playback_mut(&mut self) -> &mut Playback {
        &mut self.playback
    }

    fn stale(&self) -> bool {
        self.solution_stale()
    }

    /// Show step `i` of the solution on the board; stepping forward from
    /// the step shown animates that one move.
    fn show_step(&mut self, i: usize, now: f64, settings: &Settings) {
        let Some(sol) = &self.solution else { return };
        let last = sol.len();
        let i = i.min(last);
        let before = self.game.board.clone();
        let board = sol.boards[i].clone();
        let forward = (i == self.playback.step + 1
            && sol.boards.get(self.playback.step) == Some(&before))
        .then(|| sol.path[i - 1]);
        self.game.set_board(board);
        self.board_view.reset();
        if let Some(d) = forward
            && settings.animate
        {
            // Playback shortens the slide so it ends before the next step.
            let seconds = if self.playback.playing {
                steps::slide_seconds(settings.speed)
            } else {
                SLIDE_SECONDS
            };
            self.board_view.animate(&before, &[d], now, seconds);
        }
        self.playback.shown(i, last);
    }
}

impl TilesPlay {
    /// A puzzle of the settings' size, shuffled (as Shuffle would) so that
    /// a new user meets something to solve; `rng` makes random starts.
    pub fn new(settings: &Settings, mut rng: SeededRng, jobs: Jobs) -> Self {
        let goal = settings.goal_for(settings.shape());
        let moves = settings.shuffle_moves as usize;
        let (start, _) = shuffled(&goal, moves, &mut rng);
        let puzzle = TilePuzzle::new(start.clone(), goal).expect("same shape");
        Self {
            game: Game::new(puzzle),
            start,
            board_view: BoardView::default(),
            running: None,
            databases: Databases::new(jobs.clone()),
            jobs,
            solution: None,
            playback: Playback::default(),
            edit_mode: false,
            picked: None,
            status: Said::msg(TilesMsg::Welcome {
                shape: settings.shape().to_string(),
            }),
            failure: None,
            refused_for: None,
            board_at_solve: None,
            last_trace: Vec::new(),
            distances: Default::default(),
            anatomy: None,
            results_tab: anatomy::Tab::default(),
            rng,
            set_state: None,
        }
    }

    /// The solution, if any.
    #[cfg(test)]
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref()
    }

    /// Whether the solution no longer matches the board.
    pub fn solution_stale(&self) -> bool {
        self.solution
            .as_ref()
            .is_some_and(|s| s.boards.get(self.playback.step) != Some(&self.game.board))
    }

    /// The board's text, for Copy state and the set-state dialog.
    pub fn board_text(&self) -> String {
        self.game.board.to_text()
    }

    /// The puzzle shown: the board and its goal.
    pub fn puzzle(&self) -> TilePuzzle {
        self.game.puzzle()
    }

    /// Put `board` on the board as one undoable step (Reset, Go to goal),
    /// keeping the solution: if `board` is one of its steps, that step is
    /// the one shown. `moved` says where the board went, `already` that it
    /// was there.
    fn jump(&mut self, board: Board, moved: TilesMsg, already: TilesMsg) {
        self.playback.playing = false;
        if self.game.jump(board) {
            self.board_view.reset();
            self.follow_solution();
            self.status = Said::msg(moved);
        } else {
            self.status = Said::msg(already);
        }
    }

    /// After the board changed without a step being chosen (undo, redo,
    /// Reset): if it shows a step of the solution, select that step (the
    /// one selected if it still matches, else the first that does).
    fn follow_solution(&mut self) {
        let Some(sol) = &self.solution else { return };
        if sol.boards.get(self.playback.step) == Some(&self.game.board) {
            return;
        }
        if let Some(i) = sol.boards.iter().position(|b| *b == self.game.board) {
            self.playback.playing = false;
            self.playback.shown(i, sol.len());
        }
    }

    /// Replace the board (and optionally the goal): history, solution,
    /// the last run's news and trace, and any edit are dropped; the board
    /// becomes the start Reset returns to.
    fn new_board(&mut self, board: Board, goal: Option<Board>) {
        if let Some(g) = goal {
            self.game.set_goal(g);
        }
        self.start = board.clone();
        self.game.set_board(board);
        self.board_view.reset();
        self.solution = None;
        self.playback = Playback::default();
        self.failure = None;
        self.last_trace.clear();
        self.anatomy = None;
        self.edit_mode = false;
        self.picked = None;
    }

    /// Show `puzzle` (from the set-state dialog, a file or a compared run);
    /// the settings take its size.
    pub fn set_puzzle(&mut self, puzzle: TilePuzzle, settings: &mut Settings) {
        settings.rows = puzzle.shape().rows;
        settings.cols = puzzle.shape().cols;
        self.new_board(puzzle.start, Some(puzzle.goal));
    }

    /// Show an opened file: its puzzle and, if saved, its solution.
    pub fn open(&mut self, saved: Saved, settings: &mut Settings) {
        let solution = saved.solution.clone();
        self.set_puzzle(saved.puzzle.clone(), settings);
        if let Some(s) = solution {
            self.adopt(Solution::new(
                saved.puzzle.start,
                s.to_outcome(),
                RunBy::from_file(&s.strategy, &s.heuristic),
            ));
        }
    }

    /// Show `solution` in the Steps panel; the distance readout and the
    /// hint use it along its boards where it beats their own search.
    fn adopt(&mut self, solution: Solution) {
        let run = solution.run.clone();
        let how = Said::new(move |lang| {
            let run = run.label(lang);
            HintMsg::HowSolution { run }.text(lang)
        });
        let exact = solution.outcome.stats.optimal;
        self.distances
            .learn(&solution.boards, &solution.path, exact, how);
        self.solution = Some(solution);
    }

    /// Show a solution found elsewhere (the compare view) for `puzzle`.
    pub fn load_solution(
        &mut self,
        puzzle: TilePuzzle,
        outcome: crate::engine::Outcome<Dir>,
        run: RunBy,
        settings: &mut Settings,
    ) {
        self.set_puzzle(puzzle.clone(), settings);
        self.adopt(Solution::new(puzzle.start, outcome, run));
        self.playback = Playback::fresh();
    }

    /// What to save: the puzzle shown, or with the solution, the
    /// solution's start and its moves.
    pub fn to_saved(&self, with_solution: bool) -> Saved {
        let solution = self.solution.as_ref().filter(|_| with_solution);
        let puzzle = match solution {
            Some(s) => TilePuzzle {
                start: s.boards[0].clone(),
                goal: self.game.goal.clone(),
            },
            None => self.game.puzzle(),
        };
        // Files name the run by registry names (`astar`, `linear-conflict`).
        let names = solution.map(|s| (s, s.run.names()));
        Saved::new(
            puzzle,
            names.as_ref().map(|(s, (strategy, heuristic))| {
                (&s.outcome, strategy.as_str(), heuristic.as_str())
            }),
        )
    }

    fn animate_if(&mut self, settings: &Settings, before: &Board, moves: &[Dir], now: f64) {
        if settings.animate && !moves.is_empty() {
            self.board_view.animate(before, moves, now, SLIDE_SECONDS);
        }
    }

    /// Play blank moves from the board or the keys.
    fn play(&mut self, action: Vec<Dir>, animate: bool, settings: &Settings, now: f64) {
        let before = self.game.board.clone();
        if self.game.play(action.clone(), now) {
            if animate {
                self.animate_if(settings, &before, &action, now);
            }
            self.playback.playing = false;
            // Whatever the status said at the goal ("At the goal", "Solved
            // by hand") is stale once a move (a click, a key, a drag or a
            // hover slide) leaves it.
            if before == self.game.goal && !self.game.is_solved() {
                self.status = Said::msg(TilesMsg::OffTheGoal {
                    moves: self.game.moves(),
                });
            }
            if let Some(t) = self.game.finished()
                && self.game.is_solved()
            {
                self.status = Said::msg(TilesMsg::SolvedByHand {
                    moves: self.game.moves(),
                    seconds: format!("{:.1}", t.as_secs_f64()),
                });
            }
        }
    }
}

impl PlayView for TilesPlay {
    fn family(&self) -> crate::app::settings::Family {
        crate::app::settings::Family::Tiles
    }

    fn switch_label(&self) -> Said {
        Said::msg(TilesMsg::FamilyTiles)
    }

    fn link(&self) -> &'static dyn crate::app::link::FamilyLink {
        &link::TileLink
    }

    fn open_set_state(&mut self) {
        self.set_state = Some(set_state::SetStateDialog::with_tiles(self.board_text()));
    }

    /// A pasted tile state opens Set state with it, to check before it
    /// replaces the board.
    fn take_paste(&mut self, text: String) {
        self.set_state = Some(set_state::SetStateDialog::with_tiles(text));
    }

    fn dialogs(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let shape = self.puzzle().shape();
        if let Some(d) = &mut self.set_state {
            out.extend(d.show(ctx, shape));
        }
    }

    fn has_dialog(&self) -> bool {
        self.set_state.is_some()
    }

    fn shows_database_build(&self) -> bool {
        use crate::app::databases::StrongStatus;
        matches!(
            self.databases.strong_status(&self.game.goal),
            StrongStatus::Building(_) | StrongStatus::Loading
        )
    }

    fn open_document(&mut self, document: Document, path: String, settings: &mut Settings) {
        if let Document::Tiles(saved) = document {
            self.open(saved, settings);
            self.status = Said::msg(TilesMsg::Opened { path });
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
        settings: &mut Settings,
    ) {
        // A start and a result of different families: no row makes one.
        use crate::app::model::{Finished, RunOutcome, Start};
        if let (Start::Tiles(p), Finished::Ran(RunOutcome::Tiles(o))) = (start, finished) {
            self.load_solution(p, o, run, settings);
        }
    }

    /// The status line.
    #[cfg(test)]
    fn status(&self) -> &Said {
        &self.status
    }

    /// Replace the status line.
    fn set_status(&mut self, status: Said) {
        self.status = status;
    }

    /// Whether a solve runs.
    fn has_solution(&self) -> bool {
        self.solution.is_some()
    }

    fn to_document(&self, with_solution: bool) -> Option<Document> {
        let saved =
            (!with_solution || self.solution.is_some()).then(|| self.to_saved(with_solution));
        saved.map(Document::Tiles)
    }

    fn compare_start(&self, _settings: &Settings) -> crate::app::model::Start {
        crate::app::model::Start::Tiles(self.puzzle())
    }

    fn is_solving(&self) -> bool {
        self.running.is_some()
    }

    /// Undo and redo, for the menu.
    fn can_undo_redo(&self) -> (bool, bool) {
        (self.game.can_undo(), self.game.can_redo())
    }

    /// Carry out a tile command at app time `now`. Commands of other views
    /// are ignored.
    fn apply(&mut self, cmd: PlayCommand, ctx: &egui::Context, now: f64, settings: &mut Settings) {
        match cmd {
            PlayCommand::NewSize(shape) => {
                settings.rows = shape.rows;
                settings.cols = shape.cols;
                let goal = settings.goal_for(shape);
                self.new_board(goal.clone(), Some(goal));
                self.status = Said::msg(TilesMsg::NewPuzzle {
                    shape: shape.to_string(),
                });
            }
            PlayCommand::Randomize => {
                let b = random_solvable(&self.game.goal, &mut self.rng);
                self.new_board(b, None);
                self.status = Said::msg(TilesMsg::RandomStart);
            }
            PlayCommand::SetGoal(pattern) => {
                settings.goal = pattern.name().to_string();
                let goal = pattern.board(self.game.board.shape());
                let b = random_solvable(&goal, &mut self.rng);
                self.new_board(b, Some(goal));
                self.status = Said::new(move |lang| {
                    let name = crate::app::i18n::names::pattern_label(pattern, lang);
                    TilesMsg::GoalSet { pattern: name }.text(lang)
                });
            }
            PlayCommand::Shuffle => {
                let k = settings.shuffle_moves as usize;
                let (b, _) = shuffled(&self.game.goal, k, &mut self.rng);
                self.new_board(b, None);
                self.status = Said::msg(TilesMsg::Shuffled { k });
            }
            PlayCommand::Reset => {
                let start = self.start.clone();
                self.jump(start, TilesMsg::BackToStart, TilesMsg::AlreadyAtStart);
            }
            PlayCommand::GoToGoal => {
                let goal = self.game.goal.clone();
                self.jump(goal, TilesMsg::AtGoalJump, TilesMsg::AlreadyAtGoal);
            }
            PlayCommand::ToggleEdit => {
                self.edit_mode = !self.edit_mode;
                self.picked = None;
                self.status = Said::msg(if self.edit_mode {
                    TilesMsg::EditOn
                } else {
                    TilesMsg::EditOff
                });
                if !self.edit_mode
                    && let Err(why) = self.game.puzzle().check_solvable()
                {
                    self.status = Said::new(move |lang| {
                        let why = super::error::unsolvable(&why, lang);
                        TilesMsg::UnsolvableNow { why }.text(lang)
                    });
                }
            }
            PlayCommand::Solve | PlayCommand::SolveWith(_) | PlayCommand::SolveAnyway => {
                if let PlayCommand::SolveWith(name) = cmd {
                    settings.strategy = name.to_string();
                }
                self.keep_choices_for_board(settings);
                if matches!(cmd, PlayCommand::Solve) && self.advise(settings) {
                    return;
                }
                if let Err(e) = self.solve(ctx, settings) {
                    let e = std::sync::Arc::new(e);
                    let said = Said::new(move |lang| e.text(lang));
                    self.status = said.clone();
                    self.failure = Some(Notice::Failed {
                        title: Said::msg(TilesMsg::SolveRefusedTitle),
                        detail: said,
                    });
                    let board = self.game.board.clone();
                    self.refused_for = Some((board, settings.strategy.clone(), settings.heuristic));
                }
            }
            PlayCommand::Cancel => {
                if let Some(r) = &self.running {
                    r.cancel();
                    self.status = Said::msg(TilesMsg::Cancelling);
                }
            }
            PlayCommand::Undo => {
                let before = self.game.board.clone();
                if let Some(moves) = self.game.undo() {
                    self.board_view.reset();
                    self.animate_if(settings, &before, &moves, now);
                    self.follow_solution();
                }
            }
            PlayCommand::Redo => {
                let before = self.game.board.clone();
                if let Some(moves) = self.game.redo() {
                    self.board_view.reset();
                    self.animate_if(settings, &before, &moves, now);
                    self.follow_solution();
                }
            }
            PlayCommand::CopyState => {
                ctx.copy_text(self.game.board.to_text());
                self.status = Said::msg(TilesMsg::StateCopied);
            }
            PlayCommand::BuildStrongDatabase => {
                let repaint = ctx.clone();
                self.databases
                    .start_strong_build(&self.game.goal, move || repaint.request_repaint());
                self.status = Said::msg(TilesMsg::BuildingStrong);
            }
            PlayCommand::CancelStrongDatabase => self.databases.cancel_build(),
            PlayCommand::ShowStep(_) | PlayCommand::PlaySolution | PlayCommand::PauseSolution => {
                steps::apply(self, &cmd, now, settings);
            }
            // The Klotski view's.
            PlayCommand::LoadClassic(_)
            | PlayCommand::SetLayout(_)
            | PlayCommand::PlayLayout(..)
            | PlayCommand::CloseEditor => {}
        }
    }

    /// Background work, each frame: collect a finished solve or database
    /// build, and advance playback.
    fn logic(&mut self, ctx: &egui::Context, now: f64, settings: &mut Settings) {
        if let Some(line) = self.databases.poll() {
            // Once built, the strong database is the one used.
            if self
                .databases
                .find(crate::engine::HeuristicKind::Pdb78, &self.game.goal)
                .is_some()
            {
                settings.heuristic = crate::engine::HeuristicKind::Pdb78;
            }
            self.status = line;
        }
        // After the build's line: a solve that waited for the build ends
        // with it, and its result is the news.
        self.poll_solver();
        steps::tick(self, ctx, now, settings);
        let wanted = crate::app::tiles::distance::Wanted {
            on: settings.show_distance,
            overlay: settings.colour_moves,
            database: self.best_database(),
            jobs: &self.jobs,
        };
        self.distances
            .poll(&self.game.goal, &self.game.board, wanted, ctx);
        if self.running.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    /// The arrow keys: by default a key names the direction the *tile*
    /// moves, so the blank goes the other way (the setting may make it the
    /// blank's). Not in edit mode.
    fn keys(&mut self, ctx: &egui::Context, settings: &Settings, now: f64) {
        if self.edit_mode {
            return;
        }
        // One move a key: a key the board cannot take changes nothing,
        // and the keys after it still move.
        for d in keys::blank_moves(ctx, settings.look.arrows) {
            self.play(vec![d], true, settings, now);
        }
    }

    /// Draw the view: status below, controls left, trace and steps right,
    /// the board in the middle. Commands go to `out`.
    fn ui(&mut self, ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<Command>) {
        crate::app::view::edited(settings, out, |settings, out| self.draw(ui, settings, out));
    }
}

impl TilesPlay {
    /// [`PlayView::ui`] on a copy of the settings the widgets change.
    fn draw(&mut self, ui: &mut egui::Ui, settings: &mut Settings, out: &mut Vec<Command>) {
        let now = ui.input(|i| i.time);
        self.keep_choices_for_board(settings);
        self.forget_old_refusal(settings);
        let status = tr(ui, &self.status);
        steps::status_bar(ui, "status", self.running.is_some(), &status);
        // As wide as its widest row (the custom size's), where the window
        // has room for it.
        egui::Panel::left("controls")
            .exact_size(crate::app::widgets::side_panel_width(ui, 285.0, 0.3))
            .show(ui, |ui| {
                let state = controls::PanelState {
                    shape: self.game.board.shape(),
                    running: self.running.as_ref(),
                    edit_mode: self.edit_mode,
                    strong_database: self.databases.strong_status(&self.game.goal),
                    goal_pattern: crate::engine::tiles::GoalPattern::of(&self.game.goal),
                };
                out.extend(controls::show(ui, settings, &state));
            });
        let stale = self.solution_stale();
        egui::Panel::right("steps")
            .exact_size(crate::app::widgets::side_panel_width(ui, 260.0, 0.25))
            .show(ui, |ui| {
                if anatomy::tabs(ui, &mut self.results_tab) == anatomy::Tab::Anatomy {
                    let running = self.running.is_some();
                    let record = &mut settings.record_anatomy;
                    anatomy::show(ui, "tiles", self.anatomy.as_ref(), running, record);
                    return;
                }
                let trace = match &self.running {
                    Some(run) => run.trace.points(),
                    None => self.last_trace.clone(),
                };
                trace_plot::show(ui, "tiles", &trace);
                let notice = self.notice(language(ui.ctx()));
                out.extend(steps::show(
                    ui,
                    notice.as_ref(),
                    self.solution.as_ref(),
                    &mut self.playback,
                    &mut settings.speed,
                    stale,
                ));
            });
        egui::CentralPanel::default().show(ui, |ui| self.board_panel(ui, settings, now));
        let board = self.game.board.clone();
        self.distances.among_all_window(ui.ctx(), &board, out);
    }
}
