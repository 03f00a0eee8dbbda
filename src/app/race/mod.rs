//! The race mode: timed solves of tile boards for players. A uniformly
//! random solvable scramble, an optional inspection countdown, the clock
//! from the first move, both move metrics live; after the solve the time,
//! the optimum (found in the background while the player solves) and the
//! excess, and the player's path drawn against the distance to the goal,
//! each move that did not bring the position closer marked with the best
//! move there. Here: the view's state and commands; [`attempt`]: the
//! timed solve (no egui); [`analysis`]: the optimum and the distances
//! (no egui); [`summary`]: the result drawn.

use std::time::Duration;

use eframe::egui;

use super::command::RaceCommand;
use super::i18n::names::pattern_label;
use super::i18n::{Lang, Message, RaceMsg, Said, language, tr};
use super::jobs::{Handle, JobKind, Jobs};
use super::settings::{MAX_INSPECTION, RaceSettings, SIDES, Settings};
use crate::app::widgets::board_view::{BoardInput, BoardOptions, BoardView, SLIDE_SECONDS};
use crate::engine::rng::SeededRng;
use crate::engine::tiles::{GoalPattern, random_solvable};
use crate::engine::{Board, Control, Dir, Shape};

pub mod analysis;
pub mod attempt;
mod book;
mod clock;
pub mod klotski;
pub mod replay;
mod summary;

use analysis::{Exact, Scramble};
use attempt::{Attempt, Phase};

/// Start a race's background work (an optimum, an analysis, a group):
/// one thread (in the web edition a worker), so the other core keeps the
/// window responsive while the player solves; a frame is asked for when
/// it is done.
fn run<T: crate::app::jobs::Task>(jobs: &Jobs, ctx: &egui::Context, task: T) -> Handle<T::Output> {
    let repaint = ctx.clone();
    jobs.run_task(
        JobKind::Hints,
        Control::default().with_threads(1),
        task,
        move || repaint.request_repaint(),
    )
}

/// The race's own stream of `rng`'s generator: scrambles of their own,
/// without taking from the play view's sequence.
pub fn stream_of(rng: &SeededRng) -> SeededRng {
    use rand::SeedableRng;
    let mut own = SeededRng::from_seed(rng.get_seed());
    own.set_stream(1);
    own
}

/// Seconds since 1970 now, as a record's date.
fn now_unix_s() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A finished attempt waiting to be recorded (for its optimum).
enum Unrecorded {
    /// The tile attempt, under this records key.
    Tiles(String),
    /// The Klotski attempt (it holds its key).
    Klotski,
}

/// A background answer for one scramble, and the job finding it.
enum Pending<T: Send + 'static> {
    /// Not asked for.
    Idle,
    /// Being found (its progress counts what is done, where that is
    /// shown).
    Running(Box<Handle<T>>),
    /// Found (or given up: the answer says).
    Done(T),
}

impl<T: Send + 'static> Pending<T> {
    /// Take a finished job's answer (a job that panicked answers `lost`).
    fn poll(&mut self, lost: impl FnOnce() -> T) {
        if let Pending::Running(job) = self
            && let Some(answer) = job.try_take()
        {
            *self = Pending::Done(answer.unwrap_or_else(|_| lost()));
        }
    }

    fn done(&self) -> Option<&T> {
        match self {
            Pending::Done(t) => Some(t),
            _ => None,
        }
    }
}

/// The race view's state.
pub struct RaceView {
    attempt: Option<Attempt>,
    board_view: BoardView,
    /// The scramble's optimum, found while the player solves.
    optimum: Pending<Option<Exact>>,
    /// The distances along the player's path, once solved.
    along: Pending<Vec<Option<Exact>>>,
    jobs: Jobs,
    rng: SeededRng,
    /// The records, read from and written to the data folder.
    book: book::Book,
    /// The records key of a finished attempt not yet recorded: it waits
    /// for the optimum (or a new scramble).
    unrecorded: Option<Unrecorded>,
    /// What the view last said (a record export, a replay refused).
    pub status: Option<super::i18n::Said>,
    /// A replay being watched, shown instead of the attempt.
    pub watching: Option<replay::Watching>,
    /// The Klotski attempt under way or just finished.
    pub klotski: Option<klotski::KlotskiAttempt>,
    /// A random Klotski position being drawn (the attempt starts with it).
    drawing: Option<Box<Handle<crate::engine::klotski::Layout>>>,
}

impl RaceView {
    /// No attempt yet; `rng` makes the scrambles; the records are kept at
    /// `records` (`None`: for the session only).
    pub fn new(rng: SeededRng, jobs: Jobs, records: Option<std::path::PathBuf>) -> Self {
        Self {
            attempt: None,
            board_view: BoardView::default(),
            optimum: Pending::Idle,
            along: Pending::Idle,
            jobs,
            rng,
            book: book::Book::open(records),
            unrecorded: None,
            status: None,
            watching: None,
            klotski: None,
            drawing: None,
        }
    }

    /// Watch `replay`.
    pub fn open_replay(&mut self, replay: crate::storage::replay::Replay, ctx: &egui::Context) {
        self.watching = Some(replay::Watching::new(replay, &self.jobs, ctx));
        self.status = Some(Said::msg(RaceMsg::ReplayOpened));
    }

    /// Watch the replay in pasted `text`, or say why it is none.
    pub fn open_text(&mut self, text: &str, ctx: &egui::Context) {
        match crate::storage::replay::parse_text(text) {
            Ok(replay) => self.open_replay(replay, ctx),
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Say that what was to be opened is no replay.
    pub fn refuse(&mut self, why: String) {
        self.status = Some(Said::msg(RaceMsg::ReplayRefused { why }));
    }

    /// Write the replay watched to `path`.
    pub fn save_replay(&mut self, path: &std::path::Path) {
        let Some(w) = &self.watching else { return };
        let shown = path.display().to_string();
        self.status = Some(Said::msg(
            match crate::storage::replay::save(path, &w.replay) {
                Ok(()) => RaceMsg::ReplaySaved { path: shown },
                Err(e) => RaceMsg::ReplayNotSaved {
                    path: shown,
                    why: e.to_string(),
                },
            },
        ));
    }

    /// Write the current board's solves to `path` as CSV.
    pub fn export_records(&mut self, path: &std::path::Path, settings: &Settings) {
        let key = settings.race.key();
        let solves = self.book.solves(&key);
        let mut bytes = Vec::new();
        let written = crate::storage::records::export_csv(&mut bytes, &key, solves)
            .and_then(|()| crate::storage::write_atomic(path, &bytes));
        let shown = path.display().to_string();
        self.status = Some(Said::msg(match written {
            Ok(()) => RaceMsg::ExportedRecords {
                rows: solves.len(),
                path: shown,
            },
            Err(e) => RaceMsg::RecordsNotSaved {
                path: shown,
                why: e.to_string(),
            },
        }));
    }

    /// The solves recorded under `key`.
    #[cfg(test)]
    pub fn solves(&self, key: &str) -> &[crate::storage::records::Solve] {
        self.book.solves(key)
    }

    /// Record the finished Klotski attempt (its steps' optimum known).
    fn record_klotski(&mut self) {
        let Some(k) = &mut self.klotski else { return };
        let solve = crate::storage::records::Solve {
            when_unix_s: now_unix_s(),
            time_ms: k.elapsed(f64::INFINITY).as_millis() as u64,
            single_tile: k.steps().len() as u32,
            multi_tile: k.moves() as u32,
            optimum: k.groups().and_then(|g| g.steps.start_distance()),
            replay: None,
            klotski_moves: Some(k.notation()),
        };
        let key = k.key.clone();
        self.book.add(&key, solve);
    }

    /// Record the finished attempt (with the optimum, if found).
    fn record(&mut self, which: Unrecorded) {
        let key = match which {
            Unrecorded::Klotski => return self.record_klotski(),
            Unrecorded::Tiles(key) => key,
        };
        let Some(attempt) = &mut self.attempt else {
            return;
        };
        let replay = attempt.replay(f64::INFINITY);
        let solve = crate::storage::records::Solve {
            when_unix_s: now_unix_s(),
            time_ms: replay.time_ms,
            single_tile: replay.single_tile_moves() as u32,
            multi_tile: replay.multi_tile_moves() as u32,
            optimum: self.optimum.done().copied().flatten().map(|e| e.distance),
            replay: Some(replay),
            klotski_moves: None,
        };
        self.book.add(&key, solve);
    }

    /// The attempt under way or just finished.
    #[cfg(test)]
    pub fn attempt(&self) -> Option<&Attempt> {
        self.attempt.as_ref()
    }

    /// Whether its background work runs (the optimum or the analysis).
    #[cfg(test)]
    pub fn working(&self) -> bool {
        matches!(self.optimum, Pending::Running(..)) || matches!(self.along, Pending::Running(..))
    }

    /// The scramble's optimum, once found.
    #[cfg(test)]
    pub fn optimum(&self) -> Option<Exact> {
        self.optimum.done().copied().flatten()
    }

    /// The distances along the path, once analysed.
    #[cfg(test)]
    pub fn distances(&self) -> Option<&[Option<Exact>]> {
        self.along.done().map(Vec::as_slice)
    }

    /// Carry out `cmd` at app time `now`: the one place the race changes,
    /// called from the app's `apply`.
    pub fn apply(&mut self, cmd: RaceCommand, ctx: &egui::Context, now: f64, settings: &Settings) {
        match cmd {
            RaceCommand::NewScramble => {
                self.watching = None;
                self.status = None;
                self.new_scramble(ctx, now, settings);
            }
            RaceCommand::Replay(i) => {
                let key = settings.race.key();
                if let Some(r) = self.book.solves(&key).get(i).and_then(|s| s.replay.clone()) {
                    self.open_replay(r, ctx);
                }
            }
            RaceCommand::Play { action, animate } => {
                self.play(&action, animate, ctx, now, settings)
            }
        }
    }

    fn new_scramble(&mut self, ctx: &egui::Context, now: f64, settings: &Settings) {
        if let Some(which) = self.unrecorded.take() {
            self.record(which);
        }
        if settings.race.klotski {
            self.new_klotski(ctx, now, settings);
            return;
        }
        let goal = settings.race.goal();
        let scramble = random_solvable(&goal, &mut self.rng);
        self.attempt = Some(Attempt::new(
            scramble.clone(),
            goal.clone(),
            settings.race.inspection(),
            now,
        ));
        self.board_view.reset();
        self.along = Pending::Idle;
        // Found while the player solves, so the summary has it at once.
        let job = run(
            &self.jobs,
            ctx,
            analysis::FindOptimum(Scramble { scramble, goal }),
        );
        self.optimum = Pending::Running(Box::new(job));
    }

    /// A Klotski attempt on the classic, or on a random position of its
    /// group (drawn in the background first).
    fn new_klotski(&mut self, ctx: &egui::Context, now: f64, settings: &Settings) {
        let classic = settings.race.classic();
        let layout = classic.parse();
        self.klotski = None;
        self.drawing = None;
        if !settings.race.random_position {
            self.start_klotski(layout, ctx, now, settings);
            return;
        }
        let seed = rand::RngExt::random(&mut self.rng);
        let job = run(&self.jobs, ctx, klotski::DrawPosition { layout, seed });
        self.drawing = Some(Box::new(job));
    }

    fn start_klotski(
        &mut self,
        layout: crate::engine::klotski::Layout,
        ctx: &egui::Context,
        now: f64,
        settings: &Settings,
    ) {
        let race = &settings.race;
        self.klotski = Some(klotski::KlotskiAttempt::new(
            layout,
            race.key(),
            race.inspection(),
            now,
            &self.jobs,
            ctx,
        ));
    }

    fn play(
        &mut self,
        action: &[Dir],
        animate: bool,
        ctx: &egui::Context,
        now: f64,
        settings: &Settings,
    ) {
        let Some(attempt) = &mut self.attempt else {
            return;
        };
        let before = attempt.board().clone();
        if !attempt.play(action, now) {
            return;
        }
        if animate && settings.animate {
            self.board_view.animate(&before, action, now, SLIDE_SECONDS);
        }
        if attempt.is_done() {
            self.unrecorded = Some(Unrecorded::Tiles(settings.race.key()));
            self.analyse(ctx);
        }
    }

    /// Start the analysis of the finished attempt's path.
    fn analyse(&mut self, ctx: &egui::Context) {
        let Some(attempt) = &self.attempt else { return };
        if !analysis::analyses_every_move(attempt.goal()) {
            return;
        }
        let (scramble, goal, path) = (
            attempt.scramble().clone(),
            attempt.goal().clone(),
            attempt.path(),
        );
        let from = Scramble { scramble, goal };
        let job = run(&self.jobs, ctx, analysis::AnalysePath { from, path });
        self.along = Pending::Running(Box::new(job));
    }

    /// Background work each frame: the optimum and the analysis.
    pub fn logic(&mut self, ctx: &egui::Context, now: f64, settings: &Settings) {
        if let Some(w) = &mut self.watching {
            w.tick(now, ctx);
        }
        self.optimum.poll(|| None);
        if let Some(k) = &mut self.klotski {
            k.poll();
        }
        if let Some(job) = &mut self.drawing
            && let Some(drawn) = job.try_take()
        {
            self.drawing = None;
            if let Ok(layout) = drawn {
                self.start_klotski(layout, ctx, now, settings);
            }
        }
        let waiting = match &self.unrecorded {
            Some(Unrecorded::Klotski) => self
                .klotski
                .as_ref()
                .is_some_and(klotski::KlotskiAttempt::working),
            _ => matches!(self.optimum, Pending::Running(..)),
        };
        if !waiting && let Some(which) = self.unrecorded.take() {
            self.record(which);
        }
        let n = self.attempt.as_ref().map_or(0, |a| a.moves().len() + 1);
        self.along.poll(|| vec![None; n]);
        if let Pending::Running(..) = self.along {
            ctx.request_repaint_after(Duration::from_millis(200));
        }
    }

    /// The keys of the race: Space for a new scramble, the arrows move the
    /// tile next to the blank in their direction (as commands, for the
    /// app's `apply`).
    pub fn keys(&mut self, ctx: &egui::Context, now: f64, settings: &Settings) -> Vec<RaceCommand> {
        let mut out = Vec::new();
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Space)) {
            out.push(RaceCommand::NewScramble);
        }
        if let Some(text) = super::keys::pasted(ctx) {
            self.open_text(&text, ctx);
        }
        if self.watching.is_some() {
            return out;
        }
        if settings.race.klotski {
            if let Some(k) = &mut self.klotski
                && k.keys(ctx, now)
            {
                self.unrecorded = Some(Unrecorded::Klotski);
            }
            return out;
        }
        // One move a key, in the order typed.
        for d in super::keys::blank_moves(ctx, settings.look.arrows) {
            out.push(RaceCommand::Play {
                action: vec![d],
                animate: true,
            });
        }
        out
    }

    /// Draw the view; what the user asks for goes to `out`, for the app's
    /// `apply`.
    pub fn ui(&mut self, ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<super::Command>) {
        self.draw(ui, settings, out);
        let now = ui.input(|i| i.time);
        let line = self.spoken(settings, now, language(ui.ctx()));
        crate::app::widgets::steps::announce(ui.ctx(), &line);
    }

    /// What the race says for those who cannot see it (the web edition's
    /// live region): the line above the board, once solved the moves made,
    /// and what the view last said.
    fn spoken(&mut self, settings: &Settings, now: f64, lang: Lang) -> String {
        let board = if settings.race.klotski {
            match &mut self.klotski {
                Some(k) => k.spoken(now, lang),
                None if self.drawing.is_some() => RaceMsg::Scrambling.text(lang),
                None => RaceMsg::PressNew.text(lang),
            }
        } else {
            match &mut self.attempt {
                Some(attempt) => {
                    let phase = attempt.phase(now);
                    let line = phase_line(phase, attempt.inspection_left(now)).text(lang);
                    if attempt.is_done() {
                        let single = attempt.single_tile_moves();
                        let multi = attempt.multi_tile_moves();
                        let single = RaceMsg::SingleTile { moves: single }.text(lang);
                        let multi = RaceMsg::MultiTile { moves: multi }.text(lang);
                        format!("{line} · {single} · {multi}")
                    } else {
                        line
                    }
                }
                None => RaceMsg::PressNew.text(lang),
            }
        };
        match &self.status {
            Some(said) => format!("{board} · {}", said.text(lang)),
            None => board,
        }
    }

    fn draw(&mut self, ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<super::Command>) {
        let now = ui.input(|i| i.time);
        let mut commands = Vec::new();
        egui::Panel::left("race_controls")
            .exact_size(crate::app::widgets::side_panel_width(ui, 250.0, 0.25))
            .show(ui, |ui| {
                crate::app::widgets::panel_scroll(ui, |ui| {
                    // The settings as the play views' widgets change
                    // them: on a copy, sent as a command.
                    let asked = crate::app::view::edited(settings, out, |settings, _| {
                        controls(ui, &mut settings.race)
                    });
                    commands.extend(asked);
                    if ui
                        .button(tr(ui, RaceMsg::OpenReplay))
                        .on_hover_text(tr(ui, RaceMsg::OpenReplayHint))
                        .clicked()
                    {
                        out.push(super::Command::OpenReplay);
                    }
                    if let Some(status) = &self.status {
                        ui.label(tr(ui, status));
                    }
                    ui.separator();
                    let title = board_title(&settings.race, language(ui.ctx()));
                    match book::show(ui, &self.book, &settings.race.key(), &title) {
                        Some(book::Asked::Export) => out.push(super::Command::ExportRecords),
                        Some(book::Asked::Replay(i)) => commands.push(RaceCommand::Replay(i)),
                        None => {}
                    }
                });
            });
        if let Some(w) = &mut self.watching {
            let mark_home = settings.mark_home;
            let asked = egui::CentralPanel::default()
                .show(ui, |ui| w.ui(ui, mark_home))
                .inner;
            match asked {
                Some(replay::ReplayAsk::Close) => self.watching = None,
                Some(replay::ReplayAsk::Copy) => {
                    ui.ctx()
                        .copy_text(crate::storage::replay::to_text(&w.replay));
                    self.status = Some(Said::msg(RaceMsg::ReplayCopied));
                }
                Some(replay::ReplayAsk::Save) => out.push(super::Command::SaveReplay),
                None => {}
            }
            out.extend(commands.into_iter().map(super::Command::Race));
            return;
        }
        // The summary's room is kept from the start: the board beside it
        // no longer moves left and shrinks when a solve ends.
        if settings.race.klotski {
            egui::Panel::right("race_summary")
                .exact_size(crate::app::widgets::side_panel_width(ui, 300.0, 0.3))
                .show(ui, |ui| {
                    if let Some(k) = self.klotski.as_mut().filter(|k| k.is_done()) {
                        egui::ScrollArea::vertical().show(ui, |ui| k.summary(ui));
                    }
                });
            let drawing = self.drawing.is_some();
            let finished = egui::CentralPanel::default().show(ui, |ui| match &mut self.klotski {
                Some(k) => {
                    ui.weak(tr(ui, RaceMsg::KlotskiHint));
                    k.ui(ui, now)
                }
                None if drawing => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr(ui, RaceMsg::Scrambling));
                    });
                    false
                }
                None => {
                    ui.weak(tr(ui, RaceMsg::KlotskiHint));
                    ui.label(tr(ui, RaceMsg::PressNew));
                    klotski::readout(ui, Duration::ZERO, 0, 0, 0.0);
                    klotski::preview(ui, &settings.race.classic().parse());
                    false
                }
            });
            if finished.inner {
                self.unrecorded = Some(Unrecorded::Klotski);
            }
            out.extend(commands.into_iter().map(super::Command::Race));
            return;
        }
        egui::Panel::right("race_summary")
            .exact_size(crate::app::widgets::side_panel_width(ui, 300.0, 0.3))
            .show(ui, |ui| {
                if self.attempt.as_ref().is_some_and(Attempt::is_done) {
                    egui::ScrollArea::vertical().show(ui, |ui| summary::show(ui, self));
                }
            });
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(cmd) = self.board_panel(ui, settings, now) {
                commands.push(cmd);
            }
        });
        out.extend(commands.into_iter().map(super::Command::Race));
    }

    /// The clock, the metrics and the board.
    fn board_panel(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        now: f64,
    ) -> Option<RaceCommand> {
        let Some(attempt) = &mut self.attempt else {
            ui.label(tr(ui, RaceMsg::PressNew));
            // The same lines as in a race, so the board does not move when
            // one starts.
            Readout::default().show(ui);
            let goal = settings.race.goal();
            let picture = super::picture::published(ui.ctx()).shown;
            let opts = board_options(&goal, settings, picture.as_ref(), false);
            self.board_view.show(ui, &goal, opts);
            return None;
        };
        let phase = attempt.phase(now);
        let line = phase_line(phase, attempt.inspection_left(now));
        ui.strong(tr(ui, line));
        let readout = Readout {
            time: attempt.elapsed(now),
            single: attempt.single_tile_moves(),
            multi: attempt.multi_tile_moves(),
            tps: attempt.tps(now),
        };
        readout.show(ui);
        if matches!(phase, Phase::Running { .. } | Phase::Inspecting { .. }) {
            // Tenths of a second on the clock.
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        let board = attempt.board().clone();
        let goal = attempt.goal().clone();
        let playable = !matches!(phase, Phase::Done { .. });
        let picture = super::picture::published(ui.ctx()).shown;
        let opts = board_options(&goal, settings, picture.as_ref(), playable);
        match self.board_view.show(ui, &board, opts) {
            Some(BoardInput::Slide { action, animate }) => {
                Some(RaceCommand::Play { action, animate })
            }
            _ => None,
        }
    }
}

/// A board as the records name it: "4×4, rows".
pub fn board_title(race: &RaceSettings, lang: Lang) -> String {
    if race.klotski {
        return klotski::title_of(race.classic(), race.random_position, lang);
    }
    let pattern = pattern_label(race.pattern(), lang);
    RaceMsg::BoardTitle {
        shape: shape_label(race.shape()),
        pattern,
    }
    .text(lang)
}

/// The clock and the metrics above a tile race's board.
#[derive(Default)]
struct Readout {
    time: Duration,
    single: usize,
    multi: usize,
    tps: f64,
}

impl Readout {
    fn show(&self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            let time = tr(
                ui,
                RaceMsg::Time {
                    seconds: seconds(self.time),
                },
            );
            whole(ui, time);
            ui.separator();
            let hint = tr(ui, RaceMsg::MetricsHint);
            let single = tr(ui, RaceMsg::SingleTile { moves: self.single });
            whole(ui, single).on_hover_text(&hint);
            ui.separator();
            let multi = tr(ui, RaceMsg::MultiTile { moves: self.multi });
            whole(ui, multi).on_hover_text(&hint);
            ui.separator();
            let tps = format!("{:.2}", self.tps);
            let tps = tr(ui, RaceMsg::Tps { tps });
            whole(ui, tps);
        });
    }
}

/// A readout kept on one line: a wrapped row moves it whole to the next.
pub fn whole(ui: &mut egui::Ui, text: String) -> egui::Response {
    ui.add(egui::Label::new(text).extend())
}

/// How the race's board is drawn: no aids, which would be hints.
fn board_options<'a>(
    goal: &'a Board,
    settings: &'a Settings,
    picture: Option<&'a super::picture::Shown>,
    interactive: bool,
) -> BoardOptions<'a> {
    BoardOptions {
        goal,
        mark_home: settings.mark_home,
        interactive,
        edit_mode: false,
        picked: None,
        marks: None,
        look: crate::app::widgets::board_view::TileLook::of(&settings.look, picture),
    }
}

/// The line above the board for the clock's `phase` (`left`: the
/// inspection left).
fn phase_line(phase: Phase, left: Option<Duration>) -> RaceMsg {
    match phase {
        Phase::Ready => RaceMsg::Ready,
        Phase::Inspecting { .. } => RaceMsg::InspectingLeft {
            seconds: format!("{}", left.unwrap_or_default().as_secs_f64().ceil()),
        },
        Phase::Running { .. } => RaceMsg::Solving,
        Phase::Done { time } => RaceMsg::Solved {
            seconds: seconds(time),
        },
    }
}

/// A board's size as the app shows it: `4×4` (as the play view's size
/// buttons write it).
pub fn shape_label(shape: Shape) -> String {
    format!("{}×{}", shape.rows, shape.cols)
}

/// A time as the race shows it: seconds with three decimals.
pub fn seconds(time: Duration) -> String {
    format!("{:.3}", time.as_secs_f64())
}

/// The left panel: the board's size, the inspection and New scramble,
/// editing `race` (a copy: see [`view::edited`](crate::app::view::edited));
/// a new board or goal asks for a new scramble.
fn controls(ui: &mut egui::Ui, race: &mut RaceSettings) -> Vec<RaceCommand> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        for (klotski, words) in [(false, RaceMsg::RaceTiles), (true, RaceMsg::RaceKlotski)] {
            if ui.radio(race.klotski == klotski, tr(ui, words)).clicked() {
                race.klotski = klotski;
            }
        }
    });
    let mut scramble = false;
    if race.klotski {
        klotski_controls(ui, race, &mut scramble);
    } else {
        tile_controls(ui, race, &mut scramble);
    }
    if scramble {
        out.push(RaceCommand::NewScramble);
    }
    inspection_and_new(ui, race, &mut out);
    out
}

/// The Klotski race's layout and whether to start from a random position;
/// `scramble` set when the layout changed.
fn klotski_controls(ui: &mut egui::Ui, race: &mut RaceSettings, scramble: &mut bool) {
    let lang = language(ui.ctx());
    let label = ui.label(tr(ui, RaceMsg::Layout));
    let shown = crate::app::klotski::title::classic_name(race.classic(), lang);
    egui::ComboBox::from_id_salt("race_layout")
        .width(ui.available_width() - 8.0)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (i, c) in crate::storage::layouts::classics().iter().enumerate() {
                let name = crate::app::klotski::title::classic_name(c, lang);
                if ui.selectable_label(race.classic == i, name).clicked() && race.classic != i {
                    race.classic = i;
                    *scramble = true;
                }
            }
        })
        .response
        .labelled_by(label.id);
    ui.checkbox(&mut race.random_position, tr(ui, RaceMsg::RandomPosition))
        .on_hover_text(tr(ui, RaceMsg::RandomPositionHint));
}

/// The tile race's size and goal; `scramble` set when either changed.
fn tile_controls(ui: &mut egui::Ui, race: &mut RaceSettings, scramble: &mut bool) {
    ui.horizontal(|ui| {
        let label = ui.label(tr(ui, RaceMsg::Size));
        let shown = shape_label(race.shape());
        egui::ComboBox::from_id_salt("race_side")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for side in SIDES {
                    let shape = Shape::new(side, side).expect("a side in range");
                    if ui
                        .selectable_label(race.side == side, shape_label(shape))
                        .clicked()
                        && race.side != side
                    {
                        race.side = side;
                        *scramble = true;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let label = ui.label(tr(ui, RaceMsg::Goal));
        let lang = language(ui.ctx());
        egui::ComboBox::from_id_salt("race_goal")
            .selected_text(pattern_label(race.pattern(), lang))
            .show_ui(ui, |ui| {
                for p in GoalPattern::ALL {
                    let chosen = race.pattern() == p;
                    if ui
                        .selectable_label(chosen, pattern_label(p, lang))
                        .clicked()
                        && !chosen
                    {
                        race.goal = p.name().to_string();
                        *scramble = true;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// The inspection's length and New scramble.
fn inspection_and_new(ui: &mut egui::Ui, race: &mut RaceSettings, out: &mut Vec<RaceCommand>) {
    ui.horizontal(|ui| {
        let label = ui.label(tr(ui, RaceMsg::Inspection));
        ui.add(
            egui::DragValue::new(&mut race.inspection)
                .range(0..=MAX_INSPECTION)
                .suffix(tr(ui, crate::app::i18n::TilesMsg::SecondsSuffix)),
        )
        .labelled_by(label.id)
        .on_hover_text(tr(ui, RaceMsg::InspectionHint));
    });
    if ui
        .button(tr(ui, RaceMsg::NewScramble))
        .on_hover_text(tr(ui, RaceMsg::NewScrambleHint))
        .clicked()
    {
        out.push(RaceCommand::NewScramble);
    }
}

#[cfg(test)]
mod tests;

/// How many positions the analysis has done, if it runs.
fn analysing(view: &RaceView) -> Option<usize> {
    match &view.along {
        Pending::Running(job) => Some(job.progress().map_or(0, |p| p.expanded as usize)),
        _ => None,
    }
}
