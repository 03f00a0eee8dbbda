//! Klotski (华容道) in the app: a classic or edited layout on the board,
//! played by dragging pieces or by selecting one and using the arrow keys,
//! solved in the background in moves or steps, and stepped through.

pub mod board;
pub mod editor;
pub mod game;
pub mod hint;
pub mod names;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ux;

use super::compare;
use super::view::PlayView;
use crate::app::PlayCommand;
use crate::storage::klotski_file::Document;
use eframe::egui;

use self::board::{BoardEvent, BoardLook, KlotskiBoard};
use self::editor::LayoutEditor;
use self::game::KlotskiGame;
use self::names::{PieceName, describe_move, describe_step, piece_names};
use super::Command;
use super::anatomy::{self, RunAnatomy};
use super::i18n::klotski::{guarantee, layout_error, unit};
use super::i18n::names::counters;
use super::i18n::names::{strategy_label, strategy_label_of};
use super::i18n::reasons;
use super::i18n::{KlotskiMsg, Lang, Message, Msg, Said, language, tr};
use super::jobs::{Handle, JobKind, Jobs};
use super::keys;
use super::run_by::RunBy;
use super::settings::{GaveWay, Settings};
use super::solver::TraceLog;
use super::steps::{self, Playback, StepView};
use crate::engine::Outcome;
use crate::engine::klotski::space::{piece_moves, unit_steps};
use crate::engine::klotski::{KMove, Layout, Metric};
use crate::engine::observe::Truth;
use crate::engine::strategy::{self, Family, SolveError};
use crate::engine::{Control, Dir, Stats, Status, solve_klotski};
use crate::storage::klotski_file::{SavedKlotski, SavedKlotskiSolution};
use crate::storage::layouts::classics;

/// A solution ready to step through, one unit step a row.
pub struct KlotskiSolution {
    /// The layout before the first step and after each.
    pub layouts: Vec<Layout>,
    /// The steps: piece index and direction.
    pub steps: Vec<(usize, Dir)>,
    /// Moves made up to each step (consecutive steps of a piece count once).
    pub moves_to: Vec<usize>,
    /// Steps made after each whole move, from 0 (the start) to the last step.
    pub move_ends: Vec<usize>,
    /// The search's counters.
    pub stats: Stats,
    /// The strategy that found it.
    pub run: RunBy,
    /// The metric searched in.
    pub metric: Metric,
}

impl KlotskiSolution {
    /// The solution of unit steps `(letter, direction)` from `start`;
    /// `None` if a step cannot be made.
    fn from_steps(
        start: &Layout,
        lettered: &[(char, Dir)],
        stats: Stats,
        run: RunBy,
        metric: Metric,
    ) -> Option<Self> {
        let mut layouts = vec![start.clone()];
        let mut steps = Vec::new();
        let mut moves_to = vec![0];
        for (k, &(letter, dir)) in lettered.iter().enumerate() {
            let mut l = layouts.last().expect("start").clone();
            let i = l.pieces.iter().position(|p| p.letter == letter)?;
            if !l.step(i, dir) {
                return None;
            }
            layouts.push(l);
            steps.push((i, dir));
            moves_to.push(piece_moves(&lettered[..=k]));
        }
        // A move ends where the next step is another piece's (or at the end).
        let mut move_ends = vec![0];
        move_ends.extend(
            (1..=steps.len()).filter(|&k| steps.get(k).is_none_or(|next| next.0 != steps[k - 1].0)),
        );
        Some(Self {
            layouts,
            steps,
            moves_to,
            move_ends,
            stats,
            run,
            metric,
        })
    }

    /// The rows of the step list: for each, the step it shows (one row a
    /// move, or one a step), and its description.
    fn rows(&self, by_move: bool, names: &[PieceName], lang: Lang) -> (Vec<usize>, Vec<String>) {
        if by_move {
            let descriptions = self
                .move_ends
                .windows(2)
                .map(|w| {
                    let dirs: Vec<Dir> = self.steps[w[0]..w[1]].iter().map(|s| s.1).collect();
                    describe_move(&names[self.steps[w[0]].0], &dirs, lang)
                })
                .collect();
            (self.move_ends.clone(), descriptions)
        } else {
            let descriptions = self
                .steps
                .iter()
                .map(|&(i, d)| describe_step(&names[i], d, lang))
                .collect();
            ((0..=self.steps.len()).collect(), descriptions)
        }
    }

    fn lettered(&self) -> Vec<(char, Dir)> {
        self.steps
            .iter()
            .map(|&(i, d)| (self.layouts[0].pieces[i].letter, d))
            .collect()
    }
}

/// What the layout shown is called; drawn in the frame's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Title {
    /// The classic numbered so (`横刀立马 (Crossing the Ford on
    /// Horseback)`, in Chinese `横刀立马`).
    Classic(usize),
    /// Edited from the classic numbered so (`横刀立马 (edited)`).
    Edited(usize),
    /// Edited from no classic.
    EditedLayout,
    /// Pasted as text.
    Pasted,
    /// Sent from the compare view.
    Compared,
    /// Named elsewhere (a file's name, a hint's "Closest to the exit").
    Named(Said),
}

impl Title {
    /// The title in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let all = classics();
        match self {
            Title::Classic(i) | Title::Edited(i) if *i >= all.len() => String::new(),
            Title::Classic(i) => match lang {
                Lang::English => all[*i].title(),
                Lang::Chinese => all[*i].name.clone(),
            },
            Title::Edited(i) => KlotskiMsg::EditedTitle {
                name: all[*i].name.clone(),
            }
            .text(lang),
            Title::EditedLayout => KlotskiMsg::EditedLayout.text(lang),
            Title::Pasted => KlotskiMsg::PastedLayout.text(lang),
            Title::Compared => KlotskiMsg::ComparedLayout.text(lang),
            Title::Named(name) => name.text(lang),
        }
    }
}

/// A classic's name in the layout list: `横刀立马 Crossing the Ford on
/// Horseback`, in Chinese `横刀立马`.
fn classic_name(c: &crate::storage::layouts::Classic, lang: Lang) -> String {
    match lang {
        Lang::English => format!("{} {}", c.name, c.english),
        Lang::Chinese => c.name.clone(),
    }
}

/// A solve running in the background.
struct Running {
    job: Handle<anatomy::Recorded<KMove, SolveError>>,
    /// Whether the run records its anatomy.
    recorded: bool,
    /// The strategy's engine name.
    strategy: &'static str,
    metric: Metric,
    start: Layout,
    trace: TraceLog,
}

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
    /// The classic numbered `index` (the first when out of range).
    pub fn new(index: usize, jobs: Jobs) -> Self {
        let all = classics();
        let c = all.get(index).unwrap_or(&all[0]);
        let layout = c.parse();
        Self {
            names: piece_names(&layout),
            game: KlotskiGame::new(layout),
            title: Title::Classic(if index < all.len() { index } else { 0 }),
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
            jobs,
        }
    }

    /// The game.
    pub fn game(&self) -> &KlotskiGame {
        &self.game
    }

    /// The status line, in English.
    #[cfg(test)]
    pub fn status(&self) -> String {
        self.status.text(Lang::English)
    }

    /// The title, in English.
    #[cfg(test)]
    pub fn title(&self) -> String {
        self.title.text(Lang::English)
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
        self.playback = Playback::default();
        self.anatomy = None;
    }

    /// The position to save: the layout shown, or with the solution, the
    /// solution's start and its steps.
    pub fn to_saved(&self, with_solution: bool) -> Option<SavedKlotski> {
        let name = match self.title {
            Title::Classic(i) => classics().get(i).map(|c| c.name.clone()),
            _ => None,
        };
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
        let title = saved
            .name
            .as_deref()
            .and_then(|n| classics().iter().position(|c| c.name == n))
            .map_or(Title::Named(fallback_title), Title::Classic);
        self.load_titled(saved.layout.clone(), title);
        if let Some(s) = saved.solution {
            self.rows_by_move = s.metric == Metric::Moves;
            let run = RunBy::from_file(&s.strategy, "");
            self.solution =
                KlotskiSolution::from_steps(&saved.layout, &s.steps, s.stats, run, s.metric);
            self.playback = Playback::fresh();
        }
    }

    /// Show a solution found elsewhere (the compare view) for `layout`.
    pub fn load_solution(&mut self, layout: Layout, o: Outcome<KMove>, run: RunBy, metric: Metric) {
        if self.game.layout() != &layout {
            self.load_titled(layout.clone(), Title::Compared);
        }
        // The anatomy shown was of another run.
        self.anatomy = None;
        let lettered = unit_steps(&layout, &o.path).unwrap_or_default();
        self.rows_by_move = metric == Metric::Moves;
        self.solution = KlotskiSolution::from_steps(&layout, &lettered, o.stats, run, metric);
        self.playback = Playback::fresh();
        self.show_solution_step(0);
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

    /// The title of `layout` applied from the editor: the classic's when
    /// unchanged, `横刀立马 (edited)` when edited from a classic, else
    /// `Edited layout`.
    fn edited_title(&self, layout: &Layout) -> Title {
        let from = match self.title {
            Title::Classic(i) | Title::Edited(i) => classics().get(i).map(|c| (i, c.parse())),
            _ => None,
        };
        match from {
            Some((i, classic)) if &classic == layout => Title::Classic(i),
            Some((i, _)) => Title::Edited(i),
            None => Title::EditedLayout,
        }
    }

    /// Keep the strategy chosen to those that solve Klotski (Fast, chosen
    /// in the tile view, gives way to the Klotski default), and say so.
    fn klotski_strategy_only(&mut self, settings: &mut Settings) {
        let Some(GaveWay { chosen, fallback }) = settings.keep_strategy_for(Family::Klotski) else {
            return;
        };
        self.status = match chosen {
            Some(s) => Said::new(move |lang| {
                KlotskiMsg::TilesOnly {
                    strategy: strategy_label(s, lang),
                    fallback: strategy_label(fallback, lang),
                }
                .text(lang)
            }),
            None => Said::new(move |lang| {
                KlotskiMsg::FallbackChosen {
                    fallback: strategy_label(fallback, lang),
                }
                .text(lang)
            }),
        };
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

    /// Start solving the layout shown.
    fn solve(&mut self, settings: &Settings, repaint: impl Fn() + Send + Sync + 'static) {
        if self.running.is_some() {
            return;
        }
        let strategy = settings.strategy();
        let name = strategy.name();
        let metric = settings.metric;
        let start = self.game.layout().clone();
        let trace = TraceLog::default();
        let repaint = std::sync::Arc::new(repaint);
        let on_progress = repaint.clone();
        let ctl = trace.attach(
            Control::default()
                .with_limits(settings.limits())
                .with_progress(move |_| on_progress()),
        );
        let layout = start.clone();
        let recording = anatomy::Recording::for_play(settings.record_anatomy);
        // Woken when the result is ready too: the last progress report
        // comes before it.
        let job = self.jobs.spawn(
            JobKind::Solve,
            ctl,
            move |ctl| {
                anatomy::solve_recorded(
                    ctl,
                    recording,
                    |c| Truth::klotski(&layout, metric, c).ok(),
                    |c| solve_klotski(&*strategy, &layout, metric, c),
                )
            },
            move || repaint(),
        );
        self.last_trace.clear();
        self.anatomy = None;
        self.running = Some(Running {
            job,
            recorded: recording != anatomy::Recording::Off,
            strategy: name,
            metric,
            start,
            trace,
        });
        self.status = Said::new(move |lang| {
            KlotskiMsg::Solving {
                strategy: strategy_label_of(name, lang).unwrap_or(name.into()),
                unit: unit(metric, 2, lang),
            }
            .text(lang)
        });
    }

    /// Cancel the running solve.
    fn cancel(&mut self) {
        if let Some(r) = &self.running {
            r.job.cancel();
            self.status = Said::msg(KlotskiMsg::Cancelling);
        }
    }

    /// Collect a finished solve.
    fn poll(&mut self) {
        let Some(run) = &mut self.running else { return };
        let Some(o) = run.job.try_take() else { return };
        let run = self.running.take().expect("running");
        self.last_trace = run.trace.points();
        let by = strategy::find(run.strategy).map_or_else(
            || RunBy::Unknown(run.strategy.into()),
            |s| RunBy::new(s, None),
        );
        let o = match o {
            Ok((Ok(o), anatomy)) => {
                let (named, metric) = (by.clone(), run.metric);
                self.anatomy = Some(RunAnatomy {
                    run: Said::new(move |lang| {
                        KlotskiMsg::RunIn {
                            strategy: named.label(lang),
                            unit: unit(metric, 2, lang),
                        }
                        .text(lang)
                    }),
                    stats: o.stats,
                    anatomy,
                    recorded: run.recorded,
                });
                o
            }
            Ok((Err(why), _)) => {
                self.status = Said::new(move |lang| {
                    let why = super::error::solve_error(&why, lang);
                    KlotskiMsg::NotSolving { why }.text(lang)
                });
                return;
            }
            Err(failed) => {
                self.status = Said::msg(KlotskiMsg::SolveFailed {
                    why: failed.to_string(),
                });
                return;
            }
        };
        let stats = o.stats;
        if o.status != Status::Solved {
            let (status, reason) = (o.status, o.reason.clone());
            self.status = Said::new(move |lang| {
                KlotskiMsg::Ended {
                    status: reasons::ended(status, &stats, reason.as_deref(), lang),
                    counters: counters(&stats, lang),
                }
                .text(lang)
            });
            return;
        }
        let lettered = unit_steps(&run.start, &o.path).unwrap_or_default();
        match KlotskiSolution::from_steps(&run.start, &lettered, o.stats, by.clone(), run.metric) {
            Some(sol) => {
                let (moves, steps) = (sol.moves_to.last().copied().unwrap_or(0), sol.steps.len());
                let metric = sol.metric;
                self.status = Said::new(move |lang| {
                    KlotskiMsg::SolvedStatus {
                        moves,
                        steps,
                        guarantee: guarantee(&stats, lang)
                            .map(|guarantee| {
                                KlotskiMsg::GuaranteeInBrackets {
                                    guarantee,
                                    unit: unit(metric, 2, lang),
                                }
                                .text(lang)
                            })
                            .unwrap_or_default(),
                        strategy: by.label(lang),
                        counters: counters(&stats, lang),
                    }
                    .text(lang)
                });
                self.rows_by_move = sol.metric == Metric::Moves;
                self.solution = Some(sol);
                self.playback = Playback::fresh();
            }
            None => self.status = Said::msg(KlotskiMsg::NoReplay),
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

    /// The step list over `rows` (the step each row shows) through
    /// [`steps::show_list`], which counts in rows: the playback position is
    /// handed over as the row of the move under way, and the row asked for
    /// comes back as a step. Part way through a move (while playing step by
    /// step), the next row finishes the move under way.
    fn step_list(
        &mut self,
        ui: &mut egui::Ui,
        summary: Option<String>,
        rows: &[usize],
        descriptions: &[String],
        speed: &mut f32,
        stale: bool,
    ) -> Option<Command> {
        let step = self.playback.step;
        // The first row reaching the step shown: the move under way or just
        // made.
        let row = rows
            .partition_point(|&end| end < step)
            .min(rows.len().saturating_sub(1));
        let mid_move = rows.get(row).is_some_and(|&end| end > step);
        let mut in_rows = Playback {
            step: row,
            ..self.playback.clone()
        };
        let cmd = steps::show_list(ui, summary, descriptions, &mut in_rows, speed, stale);
        self.playback.scroll = in_rows.scroll;
        match cmd {
            Some(Command::Play(PlayCommand::ShowStep(r))) if mid_move && r == row + 1 => {
                Some(Command::Play(PlayCommand::ShowStep(rows[row])))
            }
            Some(Command::Play(PlayCommand::ShowStep(r))) => Some(Command::Play(
                PlayCommand::ShowStep(rows.get(r).copied().unwrap_or(step)),
            )),
            other => other,
        }
    }

    fn controls(&mut self, ui: &mut egui::Ui, settings: &mut Settings, out: &mut Vec<Command>) {
        let idle = self.running.is_none();
        let lang = language(ui.ctx());
        ui.heading(tr(ui, KlotskiMsg::Heading));
        ui.add_enabled_ui(idle, |ui| {
            let all = classics();
            let current = all.get(settings.classic).unwrap_or(&all[0]);
            // An edited, pasted or opened layout is named by its title, and
            // no classic is ticked.
            let classic_shown = self.game.start == current.parse();
            let shown = if classic_shown {
                classic_name(current, lang)
            } else {
                self.title.text(lang)
            };
            // The label on its own line: the names are long.
            let label = ui.label(tr(ui, KlotskiMsg::LayoutLabel));
            egui::ComboBox::from_id_salt("klotski layout")
                .width(ui.available_width() - 8.0)
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (i, c) in all.iter().enumerate() {
                        let text = tr(
                            ui,
                            KlotskiMsg::ClassicItem {
                                number: i + 1,
                                name: classic_name(c, lang),
                                moves: c.moves,
                            },
                        );
                        let ticked = classic_shown && settings.classic == i;
                        if ui.selectable_label(ticked, text).clicked() {
                            out.push(Command::Play(PlayCommand::LoadClassic(i)));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            ui.horizontal(|ui| {
                if ui.button(tr(ui, KlotskiMsg::EditLayout)).clicked() {
                    out.push(Command::OpenSetState);
                }
                if ui.button(tr(ui, KlotskiMsg::Reset)).clicked() {
                    out.push(Command::Play(PlayCommand::Reset));
                }
            });
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        self.game.can_undo(),
                        egui::Button::new(tr(ui, Msg::MenuUndo)),
                    )
                    .clicked()
                {
                    out.push(Command::Play(PlayCommand::Undo));
                }
                if ui
                    .add_enabled(
                        self.game.can_redo(),
                        egui::Button::new(tr(ui, Msg::MenuRedo)),
                    )
                    .clicked()
                {
                    out.push(Command::Play(PlayCommand::Redo));
                }
            });
        });
        ui.checkbox(
            &mut settings.show_distance,
            tr(ui, KlotskiMsg::ShowDistance),
        );
        ui.separator();
        ui.heading(tr(ui, KlotskiMsg::StrategyHeading));
        ui.add_enabled_ui(idle, |ui| {
            super::controls::strategy_radios(ui, &mut settings.strategy, Family::Klotski);
            let name = settings.strategy.clone();
            super::tuning::show(ui, &name, settings.tuning.of_mut(&name));
            ui.label(tr(ui, KlotskiMsg::CountIn));
            ui.horizontal(|ui| {
                ui.radio_value(
                    &mut settings.metric,
                    Metric::Moves,
                    tr(ui, KlotskiMsg::RadioMoves),
                )
                .on_hover_text(tr(ui, KlotskiMsg::RadioMovesHint));
                ui.radio_value(
                    &mut settings.metric,
                    Metric::Steps,
                    tr(ui, KlotskiMsg::RadioSteps),
                )
                .on_hover_text(tr(ui, KlotskiMsg::RadioStepsHint));
            });
            ui.horizontal(|ui| {
                let l = ui.checkbox(&mut settings.limit_time, tr(ui, KlotskiMsg::TimeLimit));
                ui.add(egui::DragValue::new(&mut settings.time_limit).range(0.1..=3600.0))
                    .labelled_by(l.id);
            });
        });
        ui.separator();
        match &self.running {
            None => {
                ui.horizontal(|ui| {
                    if ui.button(tr(ui, KlotskiMsg::Solve)).clicked() {
                        out.push(Command::Play(PlayCommand::Solve));
                    }
                    if ui
                        .button(tr(ui, KlotskiMsg::Inspect))
                        .on_hover_text(tr(ui, KlotskiMsg::InspectHint))
                        .clicked()
                    {
                        out.push(Command::Inspect);
                    }
                });
            }
            Some(run) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    let running = KlotskiMsg::Running {
                        strategy: strategy_label_of(run.strategy, lang)
                            .unwrap_or(run.strategy.into()),
                        unit: unit(run.metric, 2, lang),
                    };
                    ui.label(tr(ui, running));
                });
                if let Some(p) = run.job.progress() {
                    super::controls::live_counters(ui, &p);
                }
                if ui.button(tr(ui, Msg::ButtonCancel)).clicked() {
                    out.push(Command::Play(PlayCommand::Cancel));
                }
            }
        }
    }
}

impl PlayView for KlotskiPlay {
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

    fn compare_start(&self, settings: &Settings) -> compare::Start {
        compare::Start::Klotski(self.game.layout().clone(), settings.metric)
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
            PlayCommand::Solve => {
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
                let title = self.edited_title(&layout);
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
        if let (Some(d), Some(i)) = (keys::arrow(ctx), self.selected)
            && !self.step(i, d)
        {
            let name = self.names[i].clone();
            self.status = Said::new(move |lang| {
                KlotskiMsg::Blocked {
                    step: describe_step(&name, d, lang),
                }
                .text(lang)
            });
        }
    }

    /// Draw the Klotski view: controls on the left, steps on the right, the
    /// board in the middle, and the editor when open.
    /// Commands go to `out`.
    fn ui(&mut self, ui: &mut egui::Ui, settings: &mut Settings, out: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        let lang = language(&ctx);
        self.klotski_strategy_only(settings);
        let status = self.status.text(lang);
        steps::status_bar(ui, "klotski status", self.running.is_some(), &status);
        egui::Panel::left("klotski controls")
            .default_size(270.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui, settings, out));
            });
        let stale = self.stale();
        egui::Panel::right("klotski steps")
            .default_size(260.0)
            .show(ui, |ui| {
                // The panel keeps its width: it would shrink to a short
                // "No solution yet" and then squeeze the trace and the list.
                ui.set_min_width(ui.available_width());
                if anatomy::tabs(ui, &mut self.results_tab) == anatomy::Tab::Anatomy {
                    let running = self.running.is_some();
                    let record = &mut settings.record_anatomy;
                    anatomy::show(ui, "klotski", self.anatomy.as_ref(), running, record);
                    return;
                }
                let trace = match &self.running {
                    Some(run) => run.trace.points(),
                    None => self.last_trace.clone(),
                };
                super::trace_plot::show(ui, "klotski", &trace);
                let summary = self.solution.as_ref().map(|s| {
                    let summary = KlotskiMsg::Summary {
                        moves: s.moves_to.last().copied().unwrap_or(0),
                        steps: s.steps.len(),
                        strategy: s.run.label(lang),
                        guarantee: guarantee(&s.stats, lang)
                            .map(|guarantee| {
                                KlotskiMsg::GuaranteeAfterComma {
                                    guarantee,
                                    unit: unit(s.metric, 2, lang),
                                }
                                .text(lang)
                            })
                            .unwrap_or_default(),
                    };
                    tr(ui, summary)
                });
                if self.solution.is_some() {
                    let mut single = !self.rows_by_move;
                    ui.checkbox(&mut single, tr(ui, KlotskiMsg::ListSingleSteps))
                        .on_hover_text(tr(ui, KlotskiMsg::ListSingleStepsHint));
                    if single == self.rows_by_move {
                        self.rows_by_move = !single;
                        self.playback.scroll = true;
                    }
                }
                let (rows, descriptions) =
                    self.solution.as_ref().map_or_else(Default::default, |s| {
                        s.rows(self.rows_by_move, &self.names, lang)
                    });
                out.extend(self.step_list(
                    ui,
                    summary,
                    &rows,
                    &descriptions,
                    &mut settings.speed,
                    stale,
                ));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            // Wrapped: on a narrow window a long title must not widen the
            // panel (the board is sized from the width left).
            ui.horizontal_wrapped(|ui| {
                // Each item whole: one that does not fit goes to the next line.
                let item = |ui: &mut egui::Ui, text: egui::RichText| {
                    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                };
                ui.strong(self.title.text(lang));
                ui.separator();
                let n = self.game.moves();
                item(ui, tr(ui, KlotskiMsg::CounterMoves { n }).into());
                ui.separator();
                let n = self.game.steps();
                item(ui, tr(ui, KlotskiMsg::CounterSteps { n }).into());
                if self.game.is_solved() {
                    ui.separator();
                    let target = &self.names[self.game.layout().target];
                    let name = target.get(lang).to_string();
                    let escaped = tr(ui, KlotskiMsg::Escaped { name });
                    item(ui, egui::RichText::new(escaped).strong());
                }
            });
            let shown = self.game.layout().clone();
            let mut tints = Vec::new();
            if settings.show_distance {
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(&mut settings.colour_moves, tr(ui, KlotskiMsg::ColourMoves))
                        .on_hover_text(tr(ui, KlotskiMsg::ColourMovesHint));
                    if ui.button(tr(ui, KlotskiMsg::AmongAll)).clicked() {
                        self.hints.among_all = true;
                    }
                });
                let picked = self
                    .hints
                    .show(ui, &shown, settings.metric, &self.names, out);
                if picked.is_some() {
                    self.selected = picked;
                }
                if settings.colour_moves {
                    self.hints.legend(ui, &shown, settings.metric);
                    tints = self.hints.tints(&shown, settings.metric);
                }
            }
            let look = BoardLook {
                names: &self.names,
                lang,
                selected: self.selected,
                interactive: self.running.is_none() && self.editor.is_none(),
                tints: &tints,
            };
            let layout = self.game.layout().clone();
            for event in self.board.show(ui, &layout, look) {
                match event {
                    BoardEvent::Select(i) => self.selected = Some(i),
                    BoardEvent::Step(i, d) => {
                        self.step(i, d);
                    }
                }
            }
        });
        if let Some(ed) = &mut self.editor {
            out.extend(ed.show(&ctx));
        }
        let shown = self.game.layout().clone();
        self.hints
            .among_all_window(&ctx, &shown, settings.metric, out);
    }
}
