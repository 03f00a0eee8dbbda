//! The desktop app (eframe/egui). One file per view or widget; this one
//! owns the state and wires the views to the engine. Solving runs on a
//! background thread ([`solver::Running`]); the UI thread only polls it.

pub mod batch;
mod board_view;
pub mod compare;
mod controls;
mod databases;
mod files;
mod fonts;
mod game;
pub mod klotski;
mod menu;
mod set_state;
mod settings;
mod solver;
mod steps;
#[cfg(test)]
mod tests;
mod trace_plot;
mod tuning;

use eframe::egui;

use board_view::{BoardInput, BoardOptions, BoardView};
pub use game::Game;
#[cfg(test)]
use game::describe_move;
use set_state::{DialogResult, SetStateDialog};
pub use settings::Settings;
use solver::Running;
use steps::{Playback, Solution, StepRequest};

use crate::engine::rng::SeededRng;
use crate::engine::tiles::{random_solvable, shuffled};
use crate::engine::{Board, Dir, Shape, Status, TilePuzzle};
use crate::units::thousands;

/// Everything the user can ask for, from buttons, menus and keys.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A new board of this size, at the goal.
    NewSize(Shape),
    /// A uniformly random solvable start.
    Randomize,
    /// Random moves from the goal.
    Shuffle,
    /// Back to the goal.
    Reset,
    /// Open the set-state dialog, optionally with text.
    OpenSetState(Option<String>),
    /// Toggle edit mode.
    ToggleEdit,
    /// Solve the board shown.
    Solve,
    /// Cancel the running solve.
    Cancel,
    /// Undo a move.
    Undo,
    /// Redo a move.
    Redo,
    /// Open a puzzle file (dialog).
    Open,
    /// Save the puzzle (dialog).
    Save,
    /// Save the puzzle with its solution (dialog).
    SaveSolution,
    /// Copy the state as text.
    CopyState,
    /// Quit.
    Quit,
    /// Show the keys.
    Help,
    /// Show the about box.
    About,
    /// Build the strong (7-8) pattern database in the background.
    BuildStrongDatabase,
    /// Cancel that build.
    CancelStrongDatabase,
}

/// The app.
pub struct HuarongApp {
    settings: Settings,
    game: Game,
    board_view: BoardView,
    running: Option<Running>,
    /// Pattern databases loaded, and the strong database's build.
    databases: databases::Databases,
    /// Where pattern databases are cached.
    cache_dir: std::path::PathBuf,
    solution: Option<Solution>,
    playback: Playback,
    set_state: Option<SetStateDialog>,
    edit_mode: bool,
    picked: Option<usize>,
    status: String,
    error: Option<String>,
    show_help: bool,
    show_about: bool,
    files: files::FileDialogs,
    rng: SeededRng,
    klotski: klotski::KlotskiPlay,
    /// The trace of the last local search, kept with its result.
    last_trace: Vec<crate::engine::TracePoint>,
    /// The compare view, and whether it is shown instead of the play view.
    compare: compare::CompareView,
    comparing: bool,
}

impl HuarongApp {
    /// The app with remembered settings (if any), on a goal board.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        fonts::install(&cc.egui_ctx);
        let settings: Settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        Self::with_settings(settings, rand::make_rng())
    }

    /// The app with given settings and random source (tests seed it).
    pub fn with_settings(settings: Settings, rng: SeededRng) -> Self {
        let settings_classic = settings.classic;
        let goal = Board::goal(settings.shape());
        let puzzle = TilePuzzle::new(goal.clone(), goal).expect("same shape");
        Self {
            settings,
            game: Game::new(puzzle),
            board_view: BoardView::default(),
            running: None,
            databases: databases::Databases::default(),
            cache_dir: crate::storage::pdb_cache::cache_dir(),
            solution: None,
            playback: Playback::default(),
            set_state: None,
            edit_mode: false,
            picked: None,
            status: "Welcome: Randomize or Shuffle, then play or Solve.".into(),
            error: None,
            show_help: false,
            show_about: false,
            files: files::FileDialogs::default(),
            rng,
            klotski: klotski::KlotskiPlay::new(settings_classic),
            last_trace: Vec::new(),
            compare: compare::CompareView::default(),
            comparing: false,
        }
    }

    fn in_klotski(&self) -> bool {
        self.settings.family == settings::Family::Klotski
    }

    /// The compare view.
    #[cfg(test)]
    pub fn compare(&self) -> &compare::CompareView {
        &self.compare
    }

    /// Export the compare table to `path` (RON for `.ron`, else CSV),
    /// atomically.
    pub fn export_path(&mut self, path: &std::path::Path) {
        let rows = self.compare.result_rows(!self.in_klotski());
        match crate::storage::results::save(path, &rows) {
            Ok(()) => self.status = format!("Exported {} rows to {}.", rows.len(), path.display()),
            Err(e) => self.error = Some(format!("Cannot export to {}: {e}", path.display())),
        }
    }

    /// Export the batch aggregates to `path` (RON for `.ron`, else CSV).
    pub fn export_batch_path(&mut self, path: &std::path::Path) {
        let rows = self.compare.batch.export_rows();
        match crate::storage::results::save_aggregates(path, &rows) {
            Ok(()) => self.status = format!("Exported {} rows to {}.", rows.len(), path.display()),
            Err(e) => self.error = Some(format!("Cannot export to {}: {e}", path.display())),
        }
    }

    /// Load a compared run's solution into the play view and show it.
    fn play_compared(&mut self, start: compare::Start, finished: compare::Finished, name: String) {
        self.comparing = false;
        match (start, finished) {
            (compare::Start::Tiles(p), compare::Finished::Tiles(Ok(o))) => {
                self.settings.family = settings::Family::Tiles;
                self.set_puzzle(p.clone());
                self.solution = Some(Solution::new(p.start, o, name, String::new()));
                self.playback = Playback {
                    scroll: true,
                    ..Playback::default()
                };
            }
            (compare::Start::Klotski(l, metric), compare::Finished::Klotski(o)) => {
                self.settings.family = settings::Family::Klotski;
                self.klotski.load_solution(l, o, name, metric);
            }
            _ => {}
        }
    }

    /// The settings.
    #[cfg(test)]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Mutable settings (tests, the panel).
    #[cfg(test)]
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The status line.
    #[cfg(test)]
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The error shown in the error dialog, if any.
    #[cfg(test)]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Whether a solve is running.
    #[cfg(test)]
    pub fn is_solving(&self) -> bool {
        self.running.is_some()
    }

    /// The solution's moves, if there is one.
    #[cfg(test)]
    pub fn solution_path(&self) -> Option<&[Dir]> {
        self.solution.as_ref().map(|s| s.path.as_slice())
    }

    /// The step shown.
    #[cfg(test)]
    pub fn step(&self) -> usize {
        self.playback.step
    }

    /// Whether the solution no longer matches the board.
    pub fn solution_stale(&self) -> bool {
        self.solution
            .as_ref()
            .is_some_and(|s| s.boards.get(self.playback.step) != Some(&self.game.board))
    }

    /// Carry out a command at app time `now`.
    pub fn apply(&mut self, cmd: Command, ctx: &egui::Context, now: f64) {
        if self.in_klotski() {
            match cmd {
                Command::Undo => return self.klotski.undo(),
                Command::Redo => return self.klotski.redo(),
                Command::Solve => {
                    let repaint = ctx.clone();
                    return self
                        .klotski
                        .solve(&self.settings, move || repaint.request_repaint());
                }
                Command::Cancel => return self.klotski.cancel(),
                Command::CopyState => {
                    ctx.copy_text(self.klotski.game().layout().to_text());
                    self.klotski.set_status("Layout copied as text.".into());
                    return;
                }
                Command::SaveSolution if self.klotski.solution().is_none() => {
                    self.error =
                        Some("There is no solution to save yet: press Solve first.".into());
                    return;
                }
                _ => {}
            }
        }
        match cmd {
            Command::NewSize(shape) => {
                self.settings.rows = shape.rows;
                self.settings.cols = shape.cols;
                let goal = Board::goal(shape);
                self.new_board(goal.clone(), Some(goal));
                self.status = format!("New {shape} puzzle. Randomize or Shuffle to start.");
            }
            Command::Randomize => {
                let b = random_solvable(&self.game.goal, &mut self.rng);
                self.new_board(b, None);
                self.status = "Random solvable start.".into();
            }
            Command::Shuffle => {
                let k = self.settings.shuffle_moves as usize;
                let (b, _) = shuffled(&self.game.goal, k, &mut self.rng);
                self.new_board(b, None);
                self.status = format!("Shuffled with {k} random moves.");
            }
            Command::Reset => {
                let goal = self.game.goal.clone();
                self.new_board(goal, None);
                self.status = "Reset to the goal.".into();
            }
            Command::OpenSetState(text) => {
                let mut d = SetStateDialog {
                    tiles: self.game.board.to_text(),
                    ..SetStateDialog::default()
                };
                if let Some(t) = text {
                    d.tiles = t;
                }
                self.set_state = Some(d);
            }
            Command::ToggleEdit => {
                self.edit_mode = !self.edit_mode;
                self.picked = None;
                self.status = if self.edit_mode {
                    "Edit mode: click two tiles to swap them.".into()
                } else {
                    "Edit mode off.".into()
                };
                if !self.edit_mode {
                    self.edit_check();
                }
            }
            Command::Solve => self.solve(ctx),
            Command::Cancel => {
                if let Some(r) = &self.running {
                    r.cancel();
                    self.status = "Cancelling…".into();
                }
            }
            Command::Undo => {
                let before = self.game.board.clone();
                if let Some(moves) = self.game.undo() {
                    self.animate(&before, &moves, now);
                }
            }
            Command::Redo => {
                let before = self.game.board.clone();
                if let Some(moves) = self.game.redo() {
                    self.animate(&before, &moves, now);
                }
            }
            Command::Open => self.files.open(ctx),
            Command::Save => self.files.save(ctx, false),
            Command::SaveSolution => {
                if self.solution.is_some() {
                    self.files.save(ctx, true);
                } else {
                    self.error =
                        Some("There is no solution to save yet: press Solve first.".into());
                }
            }
            Command::CopyState => {
                ctx.copy_text(self.game.board.to_text());
                self.status = "State copied as text.".into();
            }
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::Help => self.show_help = true,
            Command::About => self.show_about = true,
            Command::BuildStrongDatabase => {
                let repaint = ctx.clone();
                self.databases.start_strong_build(
                    &self.game.goal,
                    self.cache_dir.clone(),
                    move || repaint.request_repaint(),
                );
                self.status = "Building the strong (7-8) pattern database…".into();
            }
            Command::CancelStrongDatabase => self.databases.cancel_build(),
        }
    }

    /// Replace the board (and optionally the goal): history, solution and
    /// any edit are dropped.
    fn new_board(&mut self, board: Board, goal: Option<Board>) {
        if let Some(g) = goal {
            if g.cells() != self.game.goal.cells() || g.shape() != self.game.goal.shape() {
                self.databases.retain_goal(&g);
            }
            self.game.set_goal(g);
        }
        self.game.set_board(board);
        self.board_view.reset();
        self.solution = None;
        self.playback = Playback::default();
        self.edit_mode = false;
        self.picked = None;
    }

    /// Apply a puzzle from the set-state dialog or a file.
    fn set_puzzle(&mut self, puzzle: TilePuzzle) {
        self.settings.rows = puzzle.shape().rows;
        self.settings.cols = puzzle.shape().cols;
        self.new_board(puzzle.start, Some(puzzle.goal));
    }

    fn edit_check(&mut self) {
        if let Err(why) = self.game.puzzle().check_solvable() {
            self.status = format!("Unsolvable: {why}");
        }
    }

    fn animate(&mut self, before: &Board, moves: &[Dir], now: f64) {
        if self.settings.animate {
            self.board_view.animate(before, moves, now);
        }
    }

    /// Play blank moves from the board or the keys.
    fn play(&mut self, action: Vec<Dir>, animate: bool, now: f64) {
        let before = self.game.board.clone();
        if self.game.play(action.clone(), now) {
            if animate {
                self.animate(&before, &action, now);
            }
            self.playback.playing = false;
            if let Some(t) = self.game.finished()
                && self.game.is_solved()
            {
                self.status = format!(
                    "Solved by hand in {} moves and {:.1} s!",
                    self.game.moves(),
                    t.as_secs_f64()
                );
            }
        }
    }

    fn solve(&mut self, ctx: &egui::Context) {
        if self.running.is_some() {
            return;
        }
        let puzzle = self.game.puzzle();
        if let Err(why) = puzzle.check_solvable() {
            self.status = format!("Not solving: this start is unsolvable: {why}");
            return;
        }
        let strategy = self.settings.strategy();
        if strategy.uses_heuristic()
            && let Some(why) = self.settings.heuristic.unavailable_for(puzzle.shape())
        {
            self.status = format!("Not solving: {why}");
            return;
        }
        let limits = self.settings.limits();
        let repaint = ctx.clone();
        let label = strategy.label();
        self.last_trace.clear();
        self.running = Some(Running::start(
            puzzle,
            strategy,
            self.settings.heuristic,
            self.databases
                .find(self.settings.heuristic, &self.game.goal),
            self.cache_dir.clone(),
            limits,
            move || repaint.request_repaint(),
        ));
        self.status = format!("Solving with {label}…");
    }

    /// Collect a finished solve.
    fn poll_solver(&mut self) {
        let Some(run) = &mut self.running else { return };
        let Some(done) = run.try_finish() else { return };
        let (strategy, heuristic) = (run.strategy.to_string(), run.heuristic.clone());
        self.last_trace = run.trace.points();
        self.running = None;
        if let Some(db) = done.pdb {
            self.databases.keep(db);
        }
        let o = match done.outcome {
            Ok(o) => o,
            Err(why) => {
                self.status = format!("Not solving: {why}");
                return;
            }
        };
        let s = &o.stats;
        let counters = crate::units::counters(s);
        self.status = match o.status {
            Status::Solved => format!(
                "Solved: {} moves{} by {strategy} — {counters}{}",
                o.path.len(),
                if s.optimal { " (optimal)" } else { "" },
                s.walk_length
                    .map(|w| format!(", raw walk {}", thousands(w)))
                    .unwrap_or_default()
            ),
            status => format!(
                "{}: {} — {counters}",
                capitalize(status.name()),
                o.reason.clone().unwrap_or_default()
            ),
        };
        if o.status == Status::Solved {
            self.solution = Some(Solution::new(done.puzzle.start, o, strategy, heuristic));
            self.playback = Playback {
                scroll: true,
                ..Playback::default()
            };
        }
    }

    /// Show step `i` of the solution on the board.
    fn show_step(&mut self, i: usize, now: f64) {
        let Some(sol) = &self.solution else { return };
        let last = sol.len();
        let i = i.min(last);
        let before = self.game.board.clone();
        let board = sol.boards[i].clone();
        // Stepping forward from the step shown animates that one move.
        let forward = (i == self.playback.step + 1
            && sol.boards.get(self.playback.step) == Some(&before))
        .then(|| sol.path[i - 1]);
        self.game.set_board(board);
        self.board_view.reset();
        if let Some(d) = forward {
            self.animate(&before, &[d], now);
        }
        self.playback.step = i;
        self.playback.scroll = true;
        if i == last {
            self.playback.playing = false;
        }
    }

    fn tick_playback(&mut self, ctx: &egui::Context, now: f64) {
        if !self.playback.playing {
            return;
        }
        let period = 1.0 / self.settings.speed.clamp(1.0, 20.0) as f64;
        if now - self.playback.last_tick >= period {
            self.playback.last_tick = now;
            self.show_step(self.playback.step + 1, now);
        }
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(period / 2.0));
    }

    fn handle_keys(&mut self, ctx: &egui::Context, now: f64) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        const REDO: KeyboardShortcut =
            KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
        const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        if self.set_state.is_some() || self.error.is_some() || ctx.egui_wants_keyboard_input() {
            return;
        }
        // Redo first: Ctrl+Shift+Z would also match a plain Ctrl+Z check.
        if ctx.input_mut(|i| i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y)) {
            self.apply(Command::Redo, ctx, now);
        }
        if ctx.input_mut(|i| i.consume_shortcut(&UNDO)) {
            self.apply(Command::Undo, ctx, now);
        }
        let pasted = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(t) => Some(t.clone()),
                _ => None,
            })
        });
        if self.in_klotski() {
            return; // the Klotski view reads its own keys
        }
        if let Some(text) = pasted {
            self.apply(Command::OpenSetState(Some(text)), ctx, now);
            return;
        }
        if self.edit_mode {
            return;
        }
        // A key names the direction the *tile* moves: the blank goes the other way.
        let dir = ctx.input(|i| {
            let plain = !i.modifiers.ctrl && !i.modifiers.command && !i.modifiers.alt;
            let pressed = |a: Key, b: Key| plain && (i.key_pressed(a) || i.key_pressed(b));
            if pressed(Key::ArrowLeft, Key::A) {
                Some(Dir::Right)
            } else if pressed(Key::ArrowRight, Key::D) {
                Some(Dir::Left)
            } else if pressed(Key::ArrowUp, Key::W) {
                Some(Dir::Down)
            } else if pressed(Key::ArrowDown, Key::S) {
                Some(Dir::Up)
            } else {
                None
            }
        });
        if let Some(d) = dir {
            self.play(vec![d], true, now);
        }
    }

    /// Open a puzzle file: on any problem the error dialog names it and
    /// nothing changes.
    pub fn open_path(&mut self, path: &std::path::Path) {
        use crate::storage::klotski_file::{Document, load_any};
        match load_any(path) {
            Ok(Document::Klotski(saved)) => {
                if self.running.is_some() || self.klotski.is_solving() {
                    self.error = Some("Cancel the running solve before opening a file.".into());
                    return;
                }
                self.settings.family = settings::Family::Klotski;
                self.klotski
                    .open(saved, format!("Opened {}", path.display()));
                self.status = format!("Opened {}.", path.display());
            }
            Ok(Document::Tiles(saved)) => {
                self.settings.family = settings::Family::Tiles;
                let solution = saved.solution.clone();
                self.set_puzzle(saved.puzzle.clone());
                if let Some(s) = solution {
                    let outcome = s.to_outcome();
                    self.solution = Some(Solution::new(
                        saved.puzzle.start.clone(),
                        outcome,
                        s.strategy.clone(),
                        s.heuristic.clone(),
                    ));
                }
                self.status = format!("Opened {}.", path.display());
            }
            Err(e) => self.error = Some(format!("Cannot open {}: {e}", path.display())),
        }
    }

    /// Save the puzzle (and the solution if asked) to `path`, atomically.
    pub fn save_path(&mut self, path: &std::path::Path, with_solution: bool) {
        if self.in_klotski() {
            let Some(saved) = self.klotski.to_saved(with_solution) else {
                self.error = Some("There is no solution to save yet: press Solve first.".into());
                return;
            };
            match crate::storage::klotski_file::save(path, &saved) {
                Ok(()) => self
                    .klotski
                    .set_status(format!("Saved {}.", path.display())),
                Err(e) => self.error = Some(format!("Cannot save {}: {e}", path.display())),
            }
            return;
        }
        let solution = if with_solution {
            self.solution.as_ref()
        } else {
            None
        };
        let puzzle = match solution {
            Some(s) => TilePuzzle {
                start: s.boards[0].clone(),
                goal: self.game.goal.clone(),
            },
            None => self.game.puzzle(),
        };
        let saved = crate::storage::puzzle_file::Saved::new(
            puzzle,
            solution.map(|s| (&s.outcome, s.strategy.as_str(), s.heuristic.as_str())),
        );
        match crate::storage::puzzle_file::save(path, &saved) {
            Ok(()) => self.status = format!("Saved {}.", path.display()),
            Err(e) => self.error = Some(format!("Cannot save {}: {e}", path.display())),
        }
    }

    fn board_panel(&mut self, ui: &mut egui::Ui, now: f64) {
        let moves = self.game.moves();
        let time = self.game.elapsed(now).as_secs_f64();
        ui.horizontal(|ui| {
            ui.label(format!("Moves: {moves}"));
            ui.separator();
            ui.label(format!("Time: {time:.1} s"));
            if self.game.is_solved() {
                ui.separator();
                ui.strong("At the goal");
            } else if self.edit_mode {
                ui.separator();
                ui.strong("Editing: click two tiles to swap them");
            }
            if self.solution_stale() {
                ui.separator();
                ui.label("(solution stale)");
            }
        });
        if self.game.elapsed(now) > std::time::Duration::ZERO && self.game.finished().is_none() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        let opts = BoardOptions {
            goal: &self.game.goal,
            mark_home: self.settings.mark_home,
            interactive: true,
            edit_mode: self.edit_mode,
            picked: self.picked,
        };
        let board = self.game.board.clone();
        match self.board_view.show(ui, &board, opts) {
            Some(BoardInput::Slide { action, animate }) => self.play(action, animate, now),
            Some(BoardInput::Pick(cell)) => match self.picked.take() {
                None => self.picked = Some(cell),
                Some(first) if first == cell => {}
                Some(first) => {
                    let mut b = self.game.board.clone();
                    b.swap_cells(first, cell);
                    self.game.set_board(b);
                    self.solution = None;
                    self.status = match self.game.puzzle().check_solvable() {
                        Ok(()) => "Swapped. The arrangement is solvable.".into(),
                        Err(why) => format!("Swapped. Unsolvable: {why}"),
                    };
                }
            },
            None => {}
        }
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        if let Some(d) = &mut self.set_state {
            match d.show(ctx, self.game.board.shape()) {
                DialogResult::Open => {}
                DialogResult::Cancelled => self.set_state = None,
                DialogResult::Apply(p) => {
                    self.set_state = None;
                    self.set_puzzle(p);
                    self.status = "State set.".into();
                }
            }
        }
        if let Some(msg) = self.error.clone() {
            egui::Window::new("Error")
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    ui.label(msg);
                    if ui.button("OK").clicked() {
                        self.error = None;
                    }
                });
        }
        menu::help_windows(ctx, &mut self.show_help, &mut self.show_about);
    }
}

impl eframe::App for HuarongApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let now = ui.input(|i| i.time);
        self.poll_solver();
        if let Some(line) = self.databases.poll() {
            // Once built, the strong database is the one used.
            if self
                .databases
                .find(crate::engine::HeuristicKind::Pdb78, &self.game.goal)
                .is_some()
            {
                self.settings.heuristic = crate::engine::HeuristicKind::Pdb78;
            }
            self.status = line;
        }
        if let Some((action, path)) = self.files.poll() {
            match action {
                files::FileAction::Open => self.open_path(&path),
                files::FileAction::Save { with_solution } => self.save_path(&path, with_solution),
                files::FileAction::Export => self.export_path(&path),
                files::FileAction::ExportBatch => self.export_batch_path(&path),
            }
        }
        self.handle_keys(&ctx, now);
        self.tick_playback(&ctx, now);

        let mut commands = Vec::new();
        egui::Panel::top("menu").show(ui, |ui| {
            let (undo, redo) = if self.in_klotski() {
                let g = self.klotski.game();
                (g.can_undo(), g.can_redo())
            } else {
                (self.game.can_undo(), self.game.can_redo())
            };
            commands.extend(menu::menu_bar(ui, undo, redo));
        });
        egui::Panel::top("family").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("Puzzle:");
                let busy = self.running.is_some() || self.klotski.is_solving();
                ui.add_enabled_ui(!busy, |ui| {
                    ui.selectable_value(
                        &mut self.settings.family,
                        settings::Family::Tiles,
                        "Sliding tiles",
                    );
                    ui.selectable_value(
                        &mut self.settings.family,
                        settings::Family::Klotski,
                        "Klotski 华容道",
                    );
                });
                ui.separator();
                ui.add_enabled_ui(!self.compare.is_running(), |ui| {
                    ui.selectable_value(&mut self.comparing, false, "Play & solve");
                    ui.selectable_value(&mut self.comparing, true, "Compare strategies");
                });
            });
        });
        if self.comparing {
            let start = if self.in_klotski() {
                compare::Start::Klotski(self.klotski.game().layout().clone(), self.settings.metric)
            } else {
                compare::Start::Tiles(self.game.puzzle())
            };
            let cache_dir = self.cache_dir.clone();
            let mut action = None;
            egui::CentralPanel::default().show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    action = self.compare.ui(ui, &start, &self.settings, &cache_dir);
                });
            });
            match action {
                Some(compare::CompareAction::Play(run)) => {
                    let (start, finished, name) = *run;
                    self.play_compared(start, finished, name);
                }
                Some(compare::CompareAction::Export) => {
                    self.files.export(&ctx, files::FileAction::Export)
                }
                Some(compare::CompareAction::ExportBatch) => {
                    self.files.export(&ctx, files::FileAction::ExportBatch)
                }
                None => {}
            }
            for cmd in commands {
                self.apply(cmd, &ctx, now);
            }
            self.dialogs(&ctx);
            return;
        }
        if self.in_klotski() {
            self.klotski.ui(ui, &mut self.settings);
            for cmd in commands {
                self.apply(cmd, &ctx, now);
            }
            self.dialogs(&ctx);
            return;
        }
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                if self.running.is_some() {
                    ui.spinner();
                }
                ui.label(&self.status);
            });
        });
        egui::Panel::left("controls")
            .default_size(250.0)
            .show(ui, |ui| {
                let state = controls::PanelState {
                    shape: self.game.board.shape(),
                    running: self.running.as_ref(),
                    edit_mode: self.edit_mode,
                    strong_database: self
                        .databases
                        .strong_status(&self.game.goal, &self.cache_dir),
                };
                commands.extend(controls::show(ui, &mut self.settings, &state));
            });
        let stale = self.solution_stale();
        egui::Panel::right("steps")
            .default_size(260.0)
            .show(ui, |ui| {
                let trace = match &self.running {
                    Some(run) => run.trace.points(),
                    None => self.last_trace.clone(),
                };
                trace_plot::show(ui, "tiles", &trace);
                let req = steps::show(
                    ui,
                    self.solution.as_ref(),
                    &mut self.playback,
                    &mut self.settings.speed,
                    stale,
                );
                match req {
                    Some(StepRequest::Show(i)) => {
                        self.playback.playing = false;
                        self.show_step(i, now);
                    }
                    Some(StepRequest::Play) => {
                        if stale {
                            self.show_step(self.playback.step, now);
                        }
                        self.playback.playing = true;
                        self.playback.last_tick = now;
                    }
                    Some(StepRequest::Pause) => self.playback.playing = false,
                    None => {}
                }
            });
        egui::CentralPanel::default().show(ui, |ui| self.board_panel(ui, now));
        for cmd in commands {
            self.apply(cmd, &ctx, now);
        }
        self.dialogs(&ctx);
        if self.running.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.settings);
    }
}

/// Open the window. Blocks until it is closed.
pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Huarong — sliding puzzles")
            .with_inner_size([1100.0, 720.0])
            .with_min_inner_size([720.0, 480.0]),
        ..Default::default()
    };
    eframe::run_native(
        "huarong",
        options,
        Box::new(|cc| Ok(Box::new(HuarongApp::new(cc)))),
    )
}

/// `A* (linear-conflict)`, or just `BFS` when no heuristic guides it.
fn with_heuristic(strategy: &str, heuristic: &str) -> String {
    if heuristic.is_empty() {
        strategy.to_string()
    } else {
        format!("{strategy} ({heuristic})")
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
        .replace('_', " ")
}
