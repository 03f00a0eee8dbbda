//! The search inspector: a search run step by step on a background thread
//! (an engine [`Stepper`] in a [`Job`]), its recorded events folded into a
//! [`Model`] of what to show — the node expanded and its children, the
//! open list, IDA*'s iterations, BFS's layers, the search tree, a local
//! search's walk. Step, Step ×10, Play at a set rate, Pause, Run to end,
//! and Back (replayed from the recorded events).
//!
//! One part a file: `model` (no egui), `board` (a state drawn with the
//! app's board painting), `node` (the node and its children), `frontier`
//! (open list, path, layers, iterations), `local` (walk, proposals, tabu
//! list, local minimum), `tree` (the search tree).

pub mod beside;
mod board;
pub(super) mod frontier;
mod legend;
pub mod lesson;
mod local;
pub mod model;
mod node;
pub mod predict;
mod pseudocode;
mod recording;
mod tape;
#[cfg(test)]
pub(in crate::app) mod tests;
pub(super) mod tree;

use eframe::egui;

use self::board::Subject;
use self::model::Model;
use self::recording::{Recording, lock};
use super::Command;
use super::i18n::{InspectorMsg, LessonMsg, Message, Msg, Said, names, reasons, tr};
use super::jobs::{DbWork, Handle, JobKind, Jobs, StrategyChoice, Task, TaskEnv};
use super::model::{Choice, Finished, RunOutcome, Start};
use super::run_by::RunBy;
use super::settings::Settings;
use crate::app::widgets::anatomy::RunAnatomy;
use crate::engine::observe::StateKey;
use crate::engine::step::Stepper;
use crate::engine::strategy::{Key, Repeats, SolveError, Strategy};
use crate::engine::{Control, HeuristicChoice, HeuristicKind, Status};
use crate::units::thousands;

/// Steps the search may run ahead of what is shown (fast Play): enough to
/// keep it busy between frames, few enough to bound memory. Run to end lets
/// it run on: it folds what it records itself.
const AHEAD: u64 = 5_000;
/// Most events folded in one frame, so a frame stays short.
const FOLD_PER_FRAME: usize = 40_000;

/// What a button asked the run to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// Show this many more steps.
    Steps(u64),
    Pause,
    Play,
    RunToEnd,
    Back,
    /// Predict on or off.
    Predict(bool),
}

/// What is shown beside the node: chosen by tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Open,
    Path,
    Iterations,
    Layers,
    Tree,
    Walk,
    Tabu,
}

/// An inspected run.
pub struct Inspector {
    subject: Subject,
    /// `A* with Manhattan`, as the user knows it.
    title: Said,
    stepper: Stepper,
    job: Option<Handle<Inspected>>,
    /// How the run ended, in words, once the job is done.
    ended: Option<Said>,
    /// The solution it found, for the play view once the inspector
    /// closes, and the run that found it.
    found: Option<Box<(Start, Finished, RunBy)>>,
    /// The anatomy of a run that found its solution, for the play view
    /// with it.
    ran_anatomy: Option<RunAnatomy>,
    /// The strategy and heuristic inspected.
    run_by: RunBy,
    /// A second run on the same start, stepped with this one.
    partner: Option<Box<Inspector>>,
    /// The run the picker offers to open beside this one.
    choice: Choice,
    /// How far the two runs agree.
    agreement: beside::Agreement,
    /// The events and the model shown, folded on the search's thread as
    /// they come and on this one.
    recording: recording::Shared,
    playing: bool,
    /// Play's rate, steps a second.
    rate: f64,
    last_tick: f64,
    tab: Tab,
    /// The tree tab has been shown since it was last picked (it opens
    /// scrolled to the root once, then where the user scrolls it).
    tree_shown: bool,
    /// The tree node shown on the main board instead of the current node.
    selected: Option<usize>,
    /// The tree's zoom, pan and unfolded subtrees.
    tree_view: tree::TreeView,
    message: Said,
    /// Predict is on: the learner answers before each step.
    practice: Option<predict::Practice>,
}

impl Drop for Inspector {
    fn drop(&mut self) {
        // Closing ends the search (it may be blocked at the gate).
        self.stepper.cancel();
    }
}

/// What an inspected run came to: how it ended, in words, and the
/// solution it found, if it found one.
pub struct Ran {
    ended: Said,
    found: Option<(Start, Finished)>,
}

impl Ran {
    /// A run from `start` that came to `outcome`.
    fn of(start: Start, outcome: Result<RunOutcome, SolveError>) -> Self {
        let found = outcome
            .as_ref()
            .ok()
            .filter(|o| o.status() == Status::Solved)
            .map(|o| (start, Finished::Ran(o.clone())));
        Self {
            ended: ending(outcome),
            found,
        }
    }

    /// How it ended, in words.
    #[cfg(test)]
    pub fn ended(&self) -> &Said {
        &self.ended
    }

    /// A run that never began.
    fn not_begun(why: Said) -> Self {
        Self {
            ended: why,
            found: None,
        }
    }
}

/// How an inspected run ended, as data: what its job hands back (from a
/// thread, or a web worker), made into a [`Ran`] on the app's side.
#[derive(serde::Serialize, serde::Deserialize)]
pub enum Inspected {
    /// A run from that start, of any family (boxed: the start and its
    /// outcome are large beside `NotBegun`).
    Ran(Box<(Start, Result<RunOutcome, SolveError>)>),
    /// Cancelled while its pattern database was read or built.
    NotBegun,
}

impl From<Inspected> for Ran {
    fn from(inspected: Inspected) -> Ran {
        match inspected {
            Inspected::Ran(run) => Ran::of(run.0, run.1),
            Inspected::NotBegun => Ran::not_begun(Said::msg(InspectorMsg::CancelledLoading)),
        }
    }
}

/// An inspected run as data: the start, the strategy, and the heuristic
/// a tile search is guided by.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct InspectRun {
    start: Start,
    strategy: StrategyChoice,
    heuristic: HeuristicKind,
}

impl Task for InspectRun {
    type Output = Inspected;
    const NAME: &'static str = "inspect";

    fn run(self, ctl: &Control, env: &TaskEnv) -> Inspected {
        let InspectRun {
            start,
            strategy,
            heuristic,
        } = self;
        let strategy = match strategy.strategy() {
            Ok(s) => s,
            Err(e) => return Inspected::Ran(Box::new((start, Err(e)))),
        };
        // A tile search's database, if its heuristic needs one: the app's,
        // or read or built here for every job.
        let pdb = match start.tile_goal().filter(|_| strategy.uses_heuristic()) {
            Some(goal) => match env.database_for(heuristic, goal, &ctl.cancel) {
                Ok(got) => got.map(|got| got.db),
                Err(_) => return Inspected::NotBegun,
            },
            None => None,
        };
        let choice = HeuristicChoice::with_database(heuristic, pdb);
        let outcome = start.solve(&*strategy, &choice, ctl);
        Inspected::Ran(Box::new((start, outcome)))
    }

    fn cancelled(&self, progress: Option<crate::engine::Progress>) -> Inspected {
        let stats = super::jobs::stats_so_far(progress);
        let stopped = self
            .start
            .stopped_after(crate::engine::control::Stop::Cancelled, stats);
        Inspected::Ran(Box::new((self.start.clone(), Ok(stopped))))
    }
}

/// `Solved: 12 moves (optimal) — 40 expanded …`, or how the run ended.
fn ending(outcome: Result<RunOutcome, SolveError>) -> Said {
    Said::written(|lang| {
        match &outcome {
            Ok(o) => {
                let counters = names::counters(&o.stats(), lang);
                match o.status() {
                    Status::Solved if o.stats().optimal => InspectorMsg::SolvedOptimal {
                        moves: o.path_len(),
                        counters,
                    },
                    Status::Solved => InspectorMsg::Solved {
                        moves: o.path_len(),
                        counters,
                    },
                    status => InspectorMsg::Ended {
                        how: reasons::ended(status, &o.stats(), o.reason(), lang),
                        counters,
                    },
                }
            }
            Err(why) => InspectorMsg::NotSolving {
                why: super::error::solve_error(why, lang),
            },
        }
        .text(lang)
    })
}

/// A label as users know it: the strategy, and its heuristic if it uses one.
fn title(strategy: &dyn Strategy, heuristic: Option<crate::engine::HeuristicKind>) -> Said {
    Said::written(|lang| {
        let label = names::strategy_label(strategy, lang);
        match heuristic.filter(|_| strategy.uses_heuristic()) {
            Some(h) => InspectorMsg::Title {
                strategy: label,
                heuristic: names::heuristic_label(h, lang),
            }
            .text(lang),
            None => label,
        }
    })
}

/// The inspector for the view shown: the tile board or the Klotski layout,
/// with the strategy and limits chosen. An error names why not.
pub fn open(
    settings: &Settings,
    start: Start,
    jobs: &Jobs,
    ctx: &egui::Context,
) -> Result<Inspector, Said> {
    let strategy = settings.strategy();
    if !strategy.reports_events() {
        let name = strategy.name();
        return Err(Said::new(move |lang| {
            let strategy = names::strategy_label_of(name, lang).unwrap_or_default();
            InspectorMsg::CannotInspect { strategy }.text(lang)
        }));
    }
    let limits = settings.limits();
    let subject = Subject::of(&start);
    // A run of no steps would only contradict itself ("press Step" beside
    // "the run is over").
    if start.is_solved() {
        return Err(subject.nothing_to_inspect());
    }
    let kind = settings.heuristic;
    // What only a tile board can be refused for: no way to its goal, or a
    // heuristic that does not fit it.
    if let Start::Tiles(puzzle) = &start {
        puzzle.check_solvable().map_err(|why| {
            Said::new(move |lang| {
                let why = super::error::unsolvable(&why, lang);
                InspectorMsg::UnsolvableBoard { why }.text(lang)
            })
        })?;
        let shape = puzzle.shape();
        if strategy.uses_heuristic() && super::controls::unavailable(kind, shape).is_some() {
            return Err(Said::new(move |lang| {
                let why = super::controls::unavailable_in(kind, shape, lang).unwrap_or_default();
                InspectorMsg::NotInspecting { why }.text(lang)
            }));
        }
    }
    // Only tile searches take the heuristic chosen.
    let heuristic = start.is_tiles().then_some(kind);
    let name = (
        title(&*strategy, heuristic),
        RunBy::new(&*strategy, heuristic),
    );
    let model = empty_model(
        &*strategy,
        start.state_key(),
        start.family().deepening_repeats(),
    );
    Ok(Inspector::start(
        jobs,
        subject,
        name,
        model,
        ctx,
        Control::default().with_limits(limits),
        InspectRun {
            start,
            strategy: StrategyChoice::of(&*strategy),
            heuristic: kind,
        },
    ))
}

/// The model of `strategy`'s run from `start`, nothing folded yet; its
/// lesson tells IDA*'s repeats as the family's `repeats` meet them (a
/// table finds them, or move pruning skips them).
fn empty_model(strategy: &dyn Strategy, start: StateKey, repeats: Repeats) -> Model {
    let kind = strategy.search_kind();
    let model = Model::new(strategy.visit(), start)
        .keyed(kind.and_then(|k| k.key()).unwrap_or(Key::F))
        .informed(strategy.uses_heuristic());
    match kind {
        Some(kind) => model.explained_by(lesson::Lesson::new(kind, repeats)),
        None => model,
    }
}

impl Inspector {
    /// How its run ended, once it has.
    pub fn ended(&self) -> Option<&Said> {
        self.ended.as_ref()
    }

    /// Step `partner` beside this run from now on (it was opened on the
    /// same start), first as far as this one.
    pub fn set_partner(&mut self, mut partner: Inspector) {
        // In step from the start: the second run catches up with the steps
        // this one shows.
        partner.forward(lock(&self.recording).model.steps);
        partner.rate = self.rate;
        self.agreement = beside::Agreement::default();
        self.partner = Some(Box::new(partner));
    }

    /// The second run, if one is shown.
    #[cfg(test)]
    pub fn partner(&self) -> Option<&Inspector> {
        self.partner.as_deref()
    }

    /// How far the two runs agree.
    #[cfg(test)]
    pub fn agreement(&self) -> beside::Agreement {
        self.agreement
    }

    /// Say `what` on the line under the controls.
    pub fn say(&mut self, what: Said) {
        self.message = what;
    }

    /// The solution its run found, with its start and the run that found
    /// it, for the play view (taken once).
    pub fn take_found(&mut self) -> Option<Box<(Start, Finished, RunBy)>> {
        self.found.take()
    }

    /// The anatomy of the run, once it found its solution (taken).
    pub fn take_anatomy(&mut self) -> Option<RunAnatomy> {
        self.ran_anatomy.take()
    }

    fn start(
        jobs: &Jobs,
        subject: Subject,
        (title, run_by): (Said, RunBy),
        model: Model,
        ctx: &egui::Context,
        ctl: Control,
        task: impl Task<Output = Inspected>,
    ) -> Self {
        let parked = ctx.clone();
        let recording = std::sync::Arc::new(std::sync::Mutex::new(Recording::new(model)));
        let sink = recording.clone();
        let stepper = Stepper::with_sink(
            move || parked.request_repaint(),
            move |record: &_| lock(&sink).push(record),
        );
        let done = ctx.clone();
        let on_database = ctx.clone();
        let job = jobs.run(
            JobKind::Inspector,
            stepper.control(ctl),
            task,
            DbWork::default(),
            std::sync::Arc::new(move || on_database.request_repaint()),
            move || done.request_repaint(),
        );
        Self {
            subject,
            message: Said::written(|lang| {
                InspectorMsg::Started {
                    title: title.text(lang),
                }
                .text(lang)
            }),
            title,
            stepper,
            job: Some(job),
            ended: None,
            found: None,
            choice: Choice::against(&run_by),
            run_by,
            partner: None,
            agreement: beside::Agreement::default(),
            recording,
            playing: false,
            rate: 10.0,
            last_tick: 0.0,
            tab: Tab::Open,
            tree_shown: false,
            selected: None,
            practice: None,
            tree_view: tree::TreeView::default(),
            ran_anatomy: None,
        }
    }

    /// The question asked now, in Predict.
    #[cfg(test)]
    pub fn question(&self) -> Option<&predict::Question> {
        self.practice.as_ref()?.question.as_ref().map(|(_, q)| q)
    }

    /// Whether a question is asked now: the views keep the order the
    /// search takes its nodes in to themselves until it is answered.
    fn asking(&self) -> bool {
        self.practice.as_ref().is_some_and(|p| p.question.is_some())
    }

    /// Predict: the question before the step shown next, once its steps
    /// are recorded (the search is let run further until they are).
    fn pose(&mut self) {
        let Some(practice) = &self.practice else {
            return;
        };
        let shared = self.recording.clone();
        let r = lock(&shared);
        let at = r.model.steps;
        if practice.question.as_ref().is_some_and(|(k, _)| *k == at) {
            return;
        }
        let coming = r.coming(self.last_step_whole());
        let recorded = coming.len() as u64;
        let pose = predict::pose(&r.model, coming, self.job.is_some());
        drop(r);
        let Some(practice) = &mut self.practice else {
            return;
        };
        practice.question = None;
        practice.missed = false;
        practice.waiting = pose == predict::Pose::Wait;
        match pose {
            predict::Pose::Ask(q) => practice.question = Some((at, q)),
            predict::Pose::Wait if recorded >= practice.ahead => {
                practice.ahead = (practice.ahead + 1).min(predict::MOST_AHEAD);
            }
            _ => {}
        }
    }

    /// Predict: the learner's answer; a right one shows the steps it was
    /// about, a wrong one shows nothing new.
    fn answer(&mut self, answer: &predict::Answer) {
        let Some((_, q)) = self.practice.as_ref().and_then(|p| p.question.clone()) else {
            return;
        };
        // The reason: the lesson of the steps asked about.
        let whole = self.last_step_whole();
        let r = lock(&self.recording);
        let mut then = r.model.clone();
        for step in r.coming(whole).take(q.steps as usize) {
            for record in &step {
                then.fold(record);
            }
        }
        drop(r);
        let Some(reason) = then.lesson().cloned() else {
            return;
        };
        let Some(practice) = &mut self.practice else {
            return;
        };
        if let Some((true, steps)) = practice.answer(answer, reason) {
            self.forward(steps);
        }
    }

    /// The model shown (a copy: the search's thread may fold on).
    #[cfg(test)]
    pub fn model(&self) -> Model {
        lock(&self.recording).model.clone()
    }

    /// A state of the run in words.
    #[cfg(test)]
    pub fn text(&self, state: &StateKey) -> String {
        self.subject.text(state)
    }

    /// Whether the run is still on its way to its first stop (the panel's
    /// spinner and "Preparing"): its thread has not yet reached the gate.
    #[cfg(test)]
    pub fn preparing(&self) -> bool {
        self.job.is_some() && lock(&self.recording).model.steps == 0 && !self.stepper.is_waiting()
    }

    /// Whether Play is on.
    #[cfg(test)]
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// The line under the controls, in English.
    #[cfg(test)]
    pub fn message(&self) -> String {
        self.message.english()
    }

    /// Whether the last step recorded is whole: the search waits at the
    /// gate (it has handed over every event of the steps it began) or
    /// the run is over.
    fn last_step_whole(&self) -> bool {
        self.job.is_none() || self.stepper.is_waiting()
    }

    /// Every event recorded and shown: the run is over and all folded.
    fn at_end(&self) -> bool {
        self.job.is_none() && lock(&self.recording).all_folded()
    }

    /// Ask for `steps` more steps (after those asked for already, unless
    /// Play or Run to end was on: then after the step shown).
    fn forward(&mut self, steps: u64) {
        let playing = std::mem::take(&mut self.playing);
        self.selected = None;
        let mut r = lock(&self.recording);
        if playing || r.target == u64::MAX {
            r.target = r.model.steps;
        }
        r.target = r.target.max(r.model.steps).saturating_add(steps);
    }

    /// Stop at the step shown (Pause, and Run to end once it is there).
    fn hold(&mut self) {
        self.playing = false;
        let mut r = lock(&self.recording);
        // A step passed over unexplained (a Run to end under way) is not
        // one to stop at: the next is, explained.
        r.target = r.model.steps + u64::from(r.model.unexplained());
    }

    /// Set Play's rate (steps a second).
    #[cfg(test)]
    pub fn set_rate(&mut self, rate: f64) {
        self.rate = rate;
    }

    /// Keep at most `events` events for Back.
    #[cfg(test)]
    pub fn set_kept(&mut self, events: usize) {
        lock(&self.recording).kept = events;
    }

    /// Take the search's job (to see it end once the inspector closes).
    #[cfg(test)]
    pub fn take_job(&mut self) -> Option<Handle<Inspected>> {
        self.job.take()
    }

    fn back(&mut self) {
        self.playing = false;
        let mut r = lock(&self.recording);
        if !r.can_replay() {
            let n = thousands(r.kept as u64);
            drop(r);
            self.message = Said::msg(InspectorMsg::BackOff { n });
            return;
        }
        let Some(to) = r.model.steps.checked_sub(1) else {
            drop(r);
            self.message = Said::msg(InspectorMsg::AtStart);
            return;
        };
        r.replay(to);
        drop(r);
        self.selected = None;
        self.message = Said::msg(InspectorMsg::BackTo { n: thousands(to) });
    }

    /// Background work, each frame: end of the job, Play's ticks, fold what
    /// is asked for and whole, let the search run on.
    pub fn logic(&mut self, ctx: &egui::Context, now: f64) {
        // Read first: a search waiting at the gate has handed over every
        // event of the steps it began.
        let waiting = self.stepper.is_waiting();
        let next = waiting.then(|| self.stepper.next_step()).flatten();
        // Where the run's records wait in the stepper's queue (the web,
        // whose worker runs ahead), the run ends once they are through.
        if self.stepper.queued() == 0
            && let Some(done) = self.job.as_mut().and_then(|job| job.try_take())
        {
            self.finished(done.map(Ran::from));
        }
        let whole = waiting || self.job.is_none();
        let mut r = lock(&self.recording);
        if self.playing {
            let period = 1.0 / self.rate;
            let due = ((now - self.last_tick) / period).floor().max(0.0);
            self.last_tick += due * period;
            r.target = r.target.max(r.model.steps).saturating_add(due as u64);
            let next = (self.last_tick + period - now).max(0.0);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(next));
        }
        if r.fold(whole, FOLD_PER_FRAME) {
            ctx.request_repaint(); // more to fold next frame
        }
        if let Some(next) = &next {
            r.model.waiting_for(next);
        }
        let running_to_end = r.target == u64::MAX;
        drop(r);
        self.pose();
        self.release();
        if let Some(partner) = &mut self.partner {
            partner.logic(ctx, now);
            let (a, b) = (lock(&self.recording), lock(&partner.recording));
            self.agreement.update(&a, &b);
        }
        if self.at_end() && (self.playing || running_to_end) {
            self.hold();
        }
        if self.at_end()
            && let Some(ended) = &self.ended
        {
            let over = Said::written(|lang| {
                InspectorMsg::RunOver {
                    ended: ended.text(lang),
                }
                .text(lang)
            });
            if self.message != over {
                self.message = over;
            }
        }
    }

    /// The search's job is done: keep how it ended and what it found.
    fn finished(&mut self, done: Result<Ran, crate::engine::job::JobPanicked>) {
        let ran = done.unwrap_or_else(|failed| {
            let failed = failed.to_string();
            Ran::not_begun(Said::written(move |_| failed.clone()))
        });
        self.ended = Some(ran.ended);
        let run_by = self.run_by.clone();
        if let Some((_, Finished::Ran(outcome))) = &ran.found {
            self.ran_anatomy = Some(RunAnatomy {
                run: Said::msg(run_by.clone()),
                stats: outcome.stats(),
                anatomy: Some(outcome.anatomy(&lock(&self.recording).anatomist)),
                recorded: true,
            });
        }
        self.found = ran
            .found
            .map(|(start, finished)| Box::new((start, finished, run_by)));
        self.job = None;
    }

    /// Wait up to `timeout` for the search to end, drawing no frame
    /// (tests: what the search's thread records by itself).
    #[cfg(test)]
    pub fn wait_for_search(&mut self, timeout: std::time::Duration) -> bool {
        match self.job.as_mut().and_then(|job| job.wait_timeout(timeout)) {
            Some(done) => {
                self.finished(done.map(Ran::from));
                true
            }
            None => self.job.is_none(),
        }
    }

    /// Let the search run as far as asked (Play: a little ahead; Run to
    /// end: on to its end). Called as soon as a button asks for more: the
    /// search's next stop wakes the UI, which folds what it reported.
    fn release(&mut self) {
        // Predict reads the coming steps' records before it shows them.
        let ahead = self.practice.as_ref().map_or(0, |p| p.ahead);
        let r = lock(&self.recording);
        let wanted = match r.target {
            u64::MAX => u64::MAX,
            target => target
                .saturating_add(ahead)
                .min(r.model.steps.saturating_add(AHEAD)),
        };
        drop(r);
        let allowed = self.stepper.allowed();
        if wanted > allowed {
            self.stepper.allow(wanted - allowed);
        }
    }

    /// Draw the inspector; returns Close as a command.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut out = Vec::new();
        let mut asked = None;
        // One frame shows one moment of the run: the search's thread waits
        // to fold more until it is drawn.
        let partner_on = self.partner.as_ref().is_some_and(|p| !p.at_end());
        let running_on = !self.at_end() || partner_on;
        let shared = self.recording.clone();
        let r = lock(&shared);
        let m = &r.model;
        let mut close_partner = false;
        egui::Panel::top("inspector_controls").show(ui, |ui| {
            asked = self.controls(ui, m, running_on, &mut out);
            if self.partner.is_some() {
                close_partner = ui.button(tr(ui, InspectorMsg::BesideClose)).clicked();
            } else {
                out.extend(beside::picker(ui, &mut self.choice, &self.subject));
            }
        });
        if let Some(mut partner) = self.partner.take() {
            let theirs = partner.recording.clone();
            let pr = lock(&theirs);
            egui::CentralPanel::default().show(ui, |ui| {
                beside::agreement(ui, &self.subject, &self.agreement, &r, &pr);
                ui.separator();
                ui.columns(2, |columns| {
                    columns[0].push_id("left", |ui| self.column(ui, m));
                    columns[1].push_id("right", |ui| partner.column(ui, &pr.model));
                });
            });
            drop(pr);
            if !close_partner {
                self.partner = Some(partner);
            }
            drop(r);
            if let Some(asked) = asked {
                self.act(asked, ui.input(|i| i.time));
            }
            self.release();
            return out;
        }
        egui::Panel::bottom("inspector_status").show(ui, |ui| {
            let line = tr(ui, &self.message);
            crate::app::widgets::steps::announce(ui.ctx(), &line);
            ui.add(egui::Label::new(line).wrap());
        });
        egui::Panel::left("inspector_node")
            .exact_size(crate::app::widgets::side_panel_width(ui, 300.0, 0.27))
            .show(ui, |ui| {
                let picked = self.selected.and_then(|i| m.tree.get(i));
                node::show(ui, &self.subject, m, picked.map(|t| &t.node));
            });
        let mut answer = None;
        let bound_asked = self.practice.as_ref().is_some_and(|p| {
            matches!(p.question, Some((_, ref q)) if matches!(q.ask, predict::Ask::Bound { .. }))
        });
        egui::Panel::right("inspector_pseudocode")
            .exact_size(crate::app::widgets::side_panel_width(ui, 340.0, 0.33))
            .show(ui, |ui| {
                if let Some(practice) = &self.practice {
                    answer = predict::show(ui, &self.subject, m, practice);
                    ui.separator();
                }
                pseudocode::show(ui, &self.subject, m, bound_asked);
            });
        egui::CentralPanel::default().show(ui, |ui| self.details(ui, m));
        drop(r);
        if let Some(answer) = answer {
            self.answer(&answer);
        }
        if let Some(asked) = asked {
            self.act(asked, ui.input(|i| i.time));
        }
        self.release();
        out
    }

    /// One run's column side by side: its title, counters and line, the
    /// node it expands with its children, and what it keeps (open list,
    /// iterations, walk).
    fn column(&mut self, ui: &mut egui::Ui, m: &Model) {
        ui.heading(tr(ui, &self.title));
        self.counters(ui, m);
        ui.add(egui::Label::new(tr(ui, &self.message)).wrap());
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("column")
            .show(ui, |ui| {
                node::show(ui, &self.subject, m, None);
                ui.separator();
                if m.depth_first() {
                    frontier::iterations(ui, m);
                } else if m.local() {
                    local::walk(ui, &self.subject, m);
                } else {
                    frontier::open_list(ui, &self.subject, m, self.asking());
                }
            });
    }

    /// Do what a button asked (of both runs, side by side).
    /// The keys typed this frame: N steps, Space plays or pauses, E runs
    /// to the end, B goes back (as the buttons, when they are enabled).
    pub fn keys(&mut self, ctx: &egui::Context, now: f64) {
        let partner_on = self.partner.as_ref().is_some_and(|p| !p.at_end());
        let running_on = !self.at_end() || partner_on;
        let can_back = lock(&self.recording).model.steps > 0;
        let typed = |key| ctx.input(|i| i.key_pressed(key));
        let asked = if typed(egui::Key::N) && running_on {
            Some(Asked::Steps(1))
        } else if typed(egui::Key::Space) && (self.playing || running_on) {
            Some(if self.playing {
                Asked::Pause
            } else {
                Asked::Play
            })
        } else if typed(egui::Key::E) && running_on {
            Some(Asked::RunToEnd)
        } else if typed(egui::Key::B) && can_back {
            Some(Asked::Back)
        } else {
            None
        };
        if let Some(asked) = asked {
            self.act(asked, now);
            self.release();
            ctx.request_repaint();
        }
    }

    fn act(&mut self, asked: Asked, now: f64) {
        if let Some(partner) = &mut self.partner {
            partner.rate = self.rate;
            partner.act(asked, now);
        }
        match asked {
            Asked::Steps(n) => self.forward(n),
            Asked::Pause => self.hold(),
            Asked::Play => {
                self.playing = true;
                self.last_tick = now;
            }
            Asked::RunToEnd => {
                self.playing = false;
                self.selected = None;
                lock(&self.recording).target = u64::MAX;
            }
            Asked::Back => self.back(),
            Asked::Predict(on) => {
                self.practice = on.then(predict::Practice::new);
                self.playing = false;
                self.pose();
            }
        }
    }

    /// The buttons; returns what one asked for.
    fn controls(
        &mut self,
        ui: &mut egui::Ui,
        m: &Model,
        running_on: bool,
        out: &mut Vec<Command>,
    ) -> Option<Asked> {
        let mut asked = None;
        ui.horizontal_wrapped(|ui| {
            ui.heading(tr(
                ui,
                InspectorMsg::Inspecting {
                    title: tr(ui, &self.title),
                },
            ));
            if ui
                .button(tr(ui, InspectorMsg::Close))
                .on_hover_text(tr(ui, InspectorMsg::CloseHint))
                .clicked()
            {
                out.push(Command::CloseInspector);
            }
            if ui
                .button(tr(ui, Msg::MenuStrategies))
                .on_hover_text(tr(ui, InspectorMsg::HowHint))
                .clicked()
            {
                out.push(Command::OpenHelp);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(running_on, egui::Button::new(tr(ui, InspectorMsg::Step)))
                .on_hover_text(tr(ui, InspectorMsg::StepHint))
                .clicked()
            {
                asked = Some(Asked::Steps(1));
            }
            if ui
                .add_enabled(running_on, egui::Button::new(tr(ui, InspectorMsg::Step10)))
                .clicked()
            {
                asked = Some(Asked::Steps(10));
            }
            if self.playing {
                if ui.button(tr(ui, InspectorMsg::Pause)).clicked() {
                    asked = Some(Asked::Pause);
                }
            } else if ui
                .add_enabled(running_on, egui::Button::new(tr(ui, InspectorMsg::Play)))
                .clicked()
            {
                asked = Some(Asked::Play);
                // The first tick is due one period from now.
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(1.0 / self.rate));
            }
            let suffix = tr(ui, InspectorMsg::StepsPerSecond);
            let speed = ui.add(
                egui::Slider::new(&mut self.rate, 1.0..=1000.0)
                    .logarithmic(true)
                    .integer()
                    .suffix(suffix),
            );
            speed.on_hover_text(tr(ui, InspectorMsg::PlaySpeed));
            if ui
                .add_enabled(
                    running_on,
                    egui::Button::new(tr(ui, InspectorMsg::RunToEnd)),
                )
                .on_hover_text(tr(ui, InspectorMsg::RunToEndHint))
                .clicked()
            {
                asked = Some(Asked::RunToEnd);
            }
            let mut predicting = self.practice.is_some();
            if ui
                .toggle_value(&mut predicting, tr(ui, LessonMsg::Predict))
                .on_hover_text(tr(ui, LessonMsg::PredictHint))
                .changed()
            {
                asked = Some(Asked::Predict(predicting));
            }
            let can_back = m.steps > 0;
            if ui
                .add_enabled(can_back, egui::Button::new(tr(ui, InspectorMsg::Back)))
                .on_hover_text(tr(ui, InspectorMsg::BackHint))
                .clicked()
            {
                asked = Some(Asked::Back);
            }
        });
        self.counters(ui, m);
        asked
    }

    /// The run's counters on one line: steps, expanded, generated, and
    /// what its way of searching keeps (the bound, the walk, the open list).
    fn counters(&self, ui: &mut egui::Ui, m: &Model) {
        ui.horizontal_wrapped(|ui| {
            let n = thousands(m.steps);
            ui.label(tr(ui, InspectorMsg::StepCount { n }));
            ui.separator();
            if !m.local() {
                let n = thousands(m.expanded);
                ui.label(tr(ui, InspectorMsg::Expanded { n }));
                ui.separator();
                let n = thousands(m.generated);
                ui.label(tr(ui, InspectorMsg::Generated { n }));
                ui.separator();
            }
            if m.depth_first() {
                let n = m.path().len();
                ui.label(tr(ui, InspectorMsg::OnPath { n }));
                // No bound before the first iteration (not "bound 0").
                if let Some(n) = m.bound() {
                    ui.separator();
                    ui.strong(tr(ui, InspectorMsg::Bound { n }));
                }
            } else if m.local() {
                let n = thousands(m.walk_len);
                ui.label(tr(ui, InspectorMsg::Walked { n }));
                if let Some(t) = m.temperature {
                    ui.separator();
                    let t = format!("{t:.3}");
                    ui.label(tr(ui, InspectorMsg::Temperature { t }));
                }
            } else {
                let stored = thousands(m.stored);
                let open = thousands(m.open_len() as u64);
                ui.label(tr(ui, InspectorMsg::StoredOpen { stored, open }));
                if m.fifo() && !m.layers.is_empty() {
                    ui.separator();
                    let n = m.current().map_or(0, |n| n.g);
                    ui.strong(tr(ui, InspectorMsg::Layer { n }));
                }
            }
            if let Some(g) = m.goal {
                ui.separator();
                ui.strong(tr(ui, InspectorMsg::GoalReached { g }));
            }
            if self.job.is_some() && m.steps == 0 && !self.stepper.is_waiting() {
                ui.separator();
                ui.spinner();
                ui.label(tr(ui, InspectorMsg::Preparing));
            }
        });
    }

    /// The tabs that apply to this run.
    fn tabs(m: &Model) -> Vec<(Tab, InspectorMsg)> {
        if m.local() {
            let mut tabs = vec![(Tab::Walk, InspectorMsg::TabWalk)];
            if !m.tabu.is_empty() || !m.aspirations.is_empty() {
                tabs.push((Tab::Tabu, InspectorMsg::TabTabu));
            }
            return tabs;
        }
        if m.depth_first() {
            return vec![
                (Tab::Iterations, InspectorMsg::TabIterations),
                (Tab::Path, InspectorMsg::TabPath),
                (Tab::Tree, InspectorMsg::TabTree),
            ];
        }
        let open = if m.fifo() {
            InspectorMsg::TabQueue
        } else {
            InspectorMsg::TabOpen
        };
        let mut tabs = vec![(Tab::Open, open)];
        if m.fifo() {
            tabs.push((Tab::Layers, InspectorMsg::TabLayers));
        }
        tabs.push((Tab::Tree, InspectorMsg::TabTree));
        tabs
    }

    fn details(&mut self, ui: &mut egui::Ui, m: &Model) {
        let asking = self.asking();
        let tabs = Self::tabs(m);
        if !tabs.iter().any(|(t, _)| *t == self.tab) {
            self.tab = tabs[0].0;
        }
        ui.horizontal_wrapped(|ui| {
            for (tab, label) in &tabs {
                ui.selectable_value(&mut self.tab, *tab, tr(ui, label));
            }
        });
        ui.separator();
        if self.tab != Tab::Tree {
            self.tree_shown = false;
        }
        match self.tab {
            Tab::Open => frontier::open_list(ui, &self.subject, m, asking),
            Tab::Layers => frontier::layers(ui, m),
            Tab::Iterations => frontier::iterations(ui, m),
            Tab::Path => frontier::path(ui, &self.subject, m),
            Tab::Tree => {
                let to_root = !self.tree_shown;
                self.tree_shown = true;
                let (subject, view) = (&self.subject, &mut self.tree_view);
                let selected = self.selected;
                if let Some(i) = tree::show(ui, subject, m, view, selected, to_root, asking) {
                    self.selected = Some(i);
                    self.playing = false;
                    self.message = Said::msg(InspectorMsg::ShowingTreeNode { n: i + 1 });
                }
            }
            Tab::Walk => local::walk(ui, &self.subject, m),
            Tab::Tabu => local::tabu(ui, &self.subject, m),
        }
    }
}
