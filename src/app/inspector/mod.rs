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

mod board;
pub(super) mod frontier;
mod legend;
mod local;
pub mod model;
mod node;
pub(super) mod tree;

use eframe::egui;

use self::board::Subject;
use self::model::Model;
use super::Command;
use super::i18n::{InspectorMsg, Message, Msg, Said, names, reasons, tr};
use super::jobs::{DbWork, Handle, JobKind, Jobs};
use super::settings::Settings;
use crate::engine::klotski::{Layout, Metric};
use crate::engine::step::{Record, Stepper};
use crate::engine::strategy::{SolveError, Strategy, Visit};
use crate::engine::{Control, HeuristicChoice, Outcome, Status, TilePuzzle};
use crate::units::thousands;

/// Most events kept for Back; past it they are dropped and Back is off.
pub const KEPT_EVENTS: usize = 1_000_000;
/// Steps the search may run ahead of what is shown (Run to end, fast Play):
/// enough to keep it busy between frames, few enough to bound memory.
const AHEAD: u64 = 5_000;
/// Most events folded in one frame, so a frame stays short.
const FOLD_PER_FRAME: usize = 40_000;

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
    job: Option<Handle<Said>>,
    /// How the run ended, in words, once the job is done.
    ended: Option<Said>,
    /// Events recorded, from `dropped` on.
    records: Vec<Record>,
    /// Events dropped from the front past `kept`.
    dropped: usize,
    /// Most events kept for Back ([`KEPT_EVENTS`]; tests lower it).
    kept: usize,
    /// Absolute index of each step's first event.
    step_starts: Vec<usize>,
    /// Absolute index of the next event to fold.
    folded: usize,
    /// The search waits at the gate: every step begun is complete.
    settled: bool,
    model: Model,
    /// Steps the user has asked to see.
    target: u64,
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
}

impl Drop for Inspector {
    fn drop(&mut self) {
        // Closing ends the search (it may be blocked at the gate).
        self.stepper.cancel();
    }
}

/// `Solved: 12 moves (optimal) — 40 expanded …`, or how the run ended.
fn ending<M>(outcome: Result<Outcome<M>, SolveError>) -> Said {
    Said::written(|lang| {
        match &outcome {
            Ok(o) => {
                let counters = names::counters(&o.stats, lang);
                match o.status {
                    Status::Solved if o.stats.optimal => InspectorMsg::SolvedOptimal {
                        moves: o.path.len(),
                        counters,
                    },
                    Status::Solved => InspectorMsg::Solved {
                        moves: o.path.len(),
                        counters,
                    },
                    status => InspectorMsg::Ended {
                        how: reasons::ended(status, &o.stats, o.reason.as_deref(), lang),
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
    tiles: &super::tiles::TilesPlay,
    layout: &Layout,
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
    if settings.family == super::settings::Family::Klotski {
        if layout.is_solved() {
            return Err(Said::msg(InspectorMsg::NothingToInspectKlotski));
        }
        let layout = layout.clone();
        let metric: Metric = settings.metric;
        let subject = Subject::Klotski(layout.clone());
        let name = title(&*strategy, None);
        return Ok(Inspector::start(
            jobs,
            subject,
            name,
            empty_model(&*strategy, layout.to_text()),
            ctx,
            Control::default().with_limits(limits),
            move |ctl| {
                ending(crate::engine::solve_klotski(
                    &*strategy, &layout, metric, ctl,
                ))
            },
        ));
    }
    let puzzle: TilePuzzle = tiles.puzzle();
    // A run of no steps would only contradict itself ("press Step" beside
    // "the run is over").
    if puzzle.start == puzzle.goal {
        return Err(Said::msg(InspectorMsg::NothingToInspect));
    }
    puzzle.check_solvable().map_err(|why| {
        Said::new(move |lang| {
            let why = super::error::unsolvable(&why, lang);
            InspectorMsg::UnsolvableBoard { why }.text(lang)
        })
    })?;
    let kind = settings.heuristic;
    let shape = puzzle.shape();
    if strategy.uses_heuristic() && super::controls::unavailable(kind, shape).is_some() {
        return Err(Said::new(move |lang| {
            let why = super::controls::unavailable_in(kind, shape, lang).unwrap_or_default();
            InspectorMsg::NotInspecting { why }.text(lang)
        }));
    }
    let pool = jobs.databases().clone();
    let name = title(&*strategy, Some(kind));
    let start = puzzle.start.to_text();
    let subject = Subject::Tiles(puzzle.goal.clone());
    let repaint = ctx.clone();
    Ok(Inspector::start(
        jobs,
        subject,
        name,
        empty_model(&*strategy, start),
        ctx,
        Control::default().with_limits(limits),
        move |ctl| {
            // The database, if the heuristic needs one: the app's, or
            // read or built here for every job.
            let pdb = match kind.partition(&puzzle.goal) {
                Some(partition) if strategy.uses_heuristic() => {
                    let on_news = || repaint.request_repaint();
                    let work = DbWork::default();
                    match pool.get(&puzzle.goal, &partition, &work, &on_news, &ctl.cancel) {
                        Some(got) => Some(got.db),
                        None => return Said::msg(InspectorMsg::CancelledLoading),
                    }
                }
                _ => None,
            };
            let choice = HeuristicChoice::with_database(kind, pdb);
            ending(crate::engine::solve_tiles(
                &*strategy, &puzzle, &choice, ctl,
            ))
        },
    ))
}

/// The model of `strategy`'s run from `start` (its state in words),
/// nothing folded yet.
fn empty_model(strategy: &dyn Strategy, start: String) -> Model {
    let visit = strategy.visit();
    // A bounded best-first search (weighted A*) orders its open list by
    // g + w·h, w its bound.
    let weight = strategy.within().filter(|_| visit == Visit::BestFirst);
    Model::new(visit, start)
        .weighted(weight)
        .informed(strategy.uses_heuristic())
}

impl Inspector {
    /// How its run ended, once it has.
    pub fn ended(&self) -> Option<&Said> {
        self.ended.as_ref()
    }

    fn start(
        jobs: &Jobs,
        subject: Subject,
        title: Said,
        model: Model,
        ctx: &egui::Context,
        ctl: Control,
        work: impl FnOnce(&Control) -> Said + Send + 'static,
    ) -> Self {
        let parked = ctx.clone();
        let stepper = Stepper::new(move || parked.request_repaint());
        let done = ctx.clone();
        let job = jobs.spawn(JobKind::Inspector, stepper.control(ctl), work, move || {
            done.request_repaint()
        });
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
            records: Vec::new(),
            dropped: 0,
            kept: KEPT_EVENTS,
            step_starts: Vec::new(),
            folded: 0,
            settled: false,
            model,
            target: 0,
            playing: false,
            rate: 10.0,
            last_tick: 0.0,
            tab: Tab::Open,
            tree_shown: false,
            selected: None,
            tree_view: tree::TreeView::default(),
        }
    }

    /// The model shown.
    #[cfg(test)]
    pub fn model(&self) -> &Model {
        &self.model
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

    /// Every event recorded and shown: the run is over and all folded.
    fn at_end(&self) -> bool {
        self.job.is_none() && self.folded == self.dropped + self.records.len()
    }

    /// Ask for `steps` more steps (after those asked for already, unless
    /// Play or Run to end was on: then after the step shown).
    fn forward(&mut self, steps: u64) {
        if self.playing || self.target == u64::MAX {
            self.target = self.model.steps;
        }
        self.playing = false;
        self.selected = None;
        self.target = self.target.max(self.model.steps).saturating_add(steps);
    }

    /// Set Play's rate (steps a second).
    #[cfg(test)]
    pub fn set_rate(&mut self, rate: f64) {
        self.rate = rate;
    }

    /// Keep at most `events` events for Back.
    #[cfg(test)]
    pub fn set_kept(&mut self, events: usize) {
        self.kept = events;
    }

    /// Take the search's job (to see it end once the inspector closes).
    #[cfg(test)]
    pub fn take_job(&mut self) -> Option<Handle<Said>> {
        self.job.take()
    }

    fn back(&mut self) {
        self.playing = false;
        if self.dropped > 0 {
            self.message = Said::msg(InspectorMsg::BackOff {
                n: thousands(self.kept as u64),
            });
            return;
        }
        let Some(to) = self.model.steps.checked_sub(1) else {
            self.message = Said::msg(InspectorMsg::AtStart);
            return;
        };
        self.selected = None;
        self.target = to;
        // Replay the first `to` steps.
        let end = self.step_starts[to as usize];
        self.model = self.model.fresh();
        for r in &self.records[..end] {
            self.model.fold(r);
        }
        self.folded = end;
        self.message = Said::msg(InspectorMsg::BackTo { n: thousands(to) });
    }

    /// The index of the first step's first event (events before it belong
    /// to no step).
    fn first_start(&self) -> usize {
        self.step_starts.first().copied().unwrap_or(0)
    }

    /// Background work, each frame: take the new events, end of the job,
    /// Play's ticks, fold what is asked for, let the search run on.
    pub fn logic(&mut self, ctx: &egui::Context, now: f64) {
        let (records, settled) = self.stepper.take_settled();
        self.settled = settled;
        for r in records {
            if r.starts_step() {
                self.step_starts.push(self.dropped + self.records.len());
            }
            self.records.push(r);
        }
        if let Some(job) = &mut self.job
            && let Some(done) = job.try_take()
        {
            self.ended = Some(done.unwrap_or_else(|failed| {
                let failed = failed.to_string();
                Said::written(|_| failed.clone())
            }));
            self.job = None;
        }
        if self.playing {
            let period = 1.0 / self.rate;
            let due = ((now - self.last_tick) / period).floor().max(0.0);
            self.last_tick += due * period;
            self.target = self.target.max(self.model.steps).saturating_add(due as u64);
            let next = (self.last_tick + period - now).max(0.0);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(next));
        }
        self.fold(ctx);
        self.release();
        if self.at_end() && (self.playing || self.target == u64::MAX) {
            self.playing = false;
            self.target = self.model.steps;
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

    /// Let the search run as far as asked (and a little ahead). Called
    /// as soon as a button asks for more: the search's next stop wakes the
    /// UI, which folds what it reported.
    fn release(&mut self) {
        let wanted = self.target.min(self.model.steps.saturating_add(AHEAD));
        let allowed = self.stepper.allowed();
        if wanted > allowed {
            self.stepper.allow(wanted - allowed);
        }
    }

    /// Fold the steps asked for that are complete in the records.
    fn fold(&mut self, ctx: &egui::Context) {
        let end = self.dropped + self.records.len();
        let mut budget = FOLD_PER_FRAME;
        // Events before the first step (none in practice).
        while self.folded < end.min(self.first_start()) && !self.step_starts.is_empty() {
            self.model.fold(&self.records[self.folded - self.dropped]);
            self.folded += 1;
        }
        while self.model.steps < self.target && budget > 0 {
            let step = self.model.steps as usize;
            let Some(&from) = self.step_starts.get(step) else {
                // No more steps: the events after the last one, once the
                // run is over.
                if self.job.is_none() {
                    while self.folded < end {
                        self.model.fold(&self.records[self.folded - self.dropped]);
                        self.folded += 1;
                    }
                }
                break;
            };
            // A step is whole once the next one began, the search waits
            // at the gate, or the run ended.
            let to = match self.step_starts.get(step + 1) {
                Some(&to) => to,
                None if self.job.is_none() || self.settled => end,
                None => break,
            };
            debug_assert_eq!(from, self.folded);
            for i in from..to {
                self.model.fold(&self.records[i - self.dropped]);
            }
            self.folded = to;
            budget = budget.saturating_sub(to - from);
        }
        if budget == 0 && self.model.steps < self.target {
            ctx.request_repaint(); // more to fold next frame
        }
        if self.records.len() > self.kept {
            // Drop what is shown already; Back cannot replay it any more.
            let n = self.folded - self.dropped;
            self.records.drain(..n);
            self.dropped += n;
        }
    }

    /// Draw the inspector; returns Close as a command.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut out = Vec::new();
        egui::Panel::top("inspector_controls").show(ui, |ui| self.controls(ui, &mut out));
        egui::Panel::bottom("inspector_status").show(ui, |ui| {
            ui.add(egui::Label::new(tr(ui, &self.message)).wrap());
        });
        egui::Panel::left("inspector_node")
            .default_size(300.0)
            .show(ui, |ui| {
                let picked = self.selected.and_then(|i| self.model.tree.get(i));
                node::show(ui, &self.subject, &self.model, picked.map(|t| &t.node));
            });
        egui::CentralPanel::default().show(ui, |ui| self.details(ui));
        out
    }

    fn controls(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
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
        let running_on = !self.at_end();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(running_on, egui::Button::new(tr(ui, InspectorMsg::Step)))
                .on_hover_text(tr(ui, InspectorMsg::StepHint))
                .clicked()
            {
                self.forward(1);
            }
            if ui
                .add_enabled(running_on, egui::Button::new(tr(ui, InspectorMsg::Step10)))
                .clicked()
            {
                self.forward(10);
            }
            if self.playing {
                if ui.button(tr(ui, InspectorMsg::Pause)).clicked() {
                    self.playing = false;
                    self.target = self.model.steps;
                }
            } else if ui
                .add_enabled(running_on, egui::Button::new(tr(ui, InspectorMsg::Play)))
                .clicked()
            {
                self.playing = true;
                self.last_tick = ui.input(|i| i.time);
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
                self.playing = false;
                self.selected = None;
                self.target = u64::MAX;
            }
            let can_back = self.model.steps > 0;
            if ui
                .add_enabled(can_back, egui::Button::new(tr(ui, InspectorMsg::Back)))
                .on_hover_text(tr(ui, InspectorMsg::BackHint))
                .clicked()
            {
                self.back();
            }
        });
        self.release();
        let m = &self.model;
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
    fn tabs(&self) -> Vec<(Tab, InspectorMsg)> {
        let m = &self.model;
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

    fn details(&mut self, ui: &mut egui::Ui) {
        let tabs = self.tabs();
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
            Tab::Open => frontier::open_list(ui, &self.subject, &self.model),
            Tab::Layers => frontier::layers(ui, &self.model),
            Tab::Iterations => frontier::iterations(ui, &self.model),
            Tab::Path => frontier::path(ui, &self.subject, &self.model),
            Tab::Tree => {
                let to_root = !self.tree_shown;
                self.tree_shown = true;
                let (subject, model, view) = (&self.subject, &self.model, &mut self.tree_view);
                if let Some(i) = tree::show(ui, subject, model, view, self.selected, to_root) {
                    self.selected = Some(i);
                    self.playing = false;
                    self.message = Said::msg(InspectorMsg::ShowingTreeNode { n: i + 1 });
                }
            }
            Tab::Walk => local::walk(ui, &self.subject, &self.model),
            Tab::Tabu => local::tabu(ui, &self.subject, &self.model),
        }
    }
}
