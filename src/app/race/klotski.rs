//! A race on a Klotski layout: a classic, or a random position of its
//! group (the positions its pieces can reach), timed as the tile race is;
//! counted in piece moves (consecutive steps of one piece) and unit steps.
//! The group is enumerated in the background with every position's
//! distance to the exit, in both metrics, so the summary has both optima
//! and the distance after each step.

use std::time::Duration;

use eframe::egui;
use rand::RngExt;

use super::Pending;
use super::clock::{Clock, Phase};
use crate::app::i18n::{Lang, Message, RaceMsg, language, tr};
use crate::app::jobs::{Jobs, Task, TaskEnv};
use crate::app::klotski::board::{BoardEvent, BoardLook, KlotskiBoard};
use crate::app::klotski::game::KlotskiGame;
use crate::app::klotski::names::{PieceName, describe_step, piece_names};
use crate::engine::klotski::group::Group;
use crate::engine::klotski::{KlotskiSpace, Layout, Metric};
use crate::engine::rng::SeededRng;
use crate::engine::{Control, Dir, Progress};

/// A step of a Klotski race: the piece (by index), its direction, and the
/// clock's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedStep {
    /// The piece's index in the layout.
    pub piece: usize,
    /// Where it went.
    pub dir: Dir,
    /// Milliseconds on the clock.
    pub at_ms: u64,
}

/// The start's group with every position's distance, in both metrics.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Groups {
    /// Distances in unit steps.
    pub steps: Group,
    /// Distances in piece moves.
    pub moves: Group,
}

impl Groups {
    /// Enumerate `layout`'s group in both metrics.
    pub fn build(layout: &Layout, ctl: &Control) -> Option<Self> {
        let group = |metric| {
            let (space, start) = KlotskiSpace::new(layout, metric);
            Group::build(&space, start, ctl).ok()
        };
        Some(Self {
            steps: group(Metric::Steps)?,
            moves: group(Metric::Moves)?,
        })
    }

    /// The unit steps from `layout` to the exit.
    pub fn steps_of(&self, layout: &Layout) -> Option<u32> {
        let (_, state) = KlotskiSpace::new(layout, Metric::Steps);
        self.steps.distance_of(&state)
    }
}

/// A random position of `layout`'s group that is not at the exit, drawn
/// with `rng` (the layout itself if its group has no other).
pub fn random_position(layout: &Layout, rng: &mut SeededRng, ctl: &Control) -> Layout {
    let (space, start) = KlotskiSpace::new(layout, Metric::Steps);
    let Ok(group) = Group::build(&space, start, ctl) else {
        return layout.clone();
    };
    let far: Vec<usize> = (0..group.len())
        .filter(|&i| group.distance_of(&group.states()[i]).is_some_and(|d| d > 0))
        .collect();
    if far.is_empty() {
        return layout.clone();
    }
    let i = far[rng.random_range(0..far.len())];
    crate::engine::klotski::group::layout_after(layout, &group.path_to(i))
        .unwrap_or_else(|| layout.clone())
}

/// A layout's groups, as a task ([`Groups::build`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct BuildGroups(pub Layout);

impl Task for BuildGroups {
    type Output = Option<Groups>;
    const NAME: &'static str = "race_groups";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        Groups::build(&self.0, ctl)
    }

    fn cancelled(&self, _: Option<Progress>) -> Self::Output {
        None
    }
}

/// A random position of a layout's group drawn with a generator seeded
/// `seed`, as a task ([`random_position`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct DrawPosition {
    pub layout: Layout,
    pub seed: u64,
}

impl Task for DrawPosition {
    type Output = Layout;
    const NAME: &'static str = "race_draw_position";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        let mut rng = crate::engine::rng::seeded(self.seed);
        random_position(&self.layout, &mut rng, ctl)
    }

    fn cancelled(&self, _: Option<Progress>) -> Self::Output {
        self.layout.clone()
    }
}

/// One timed Klotski solve.
pub struct KlotskiAttempt {
    /// The records key.
    pub key: String,
    game: KlotskiGame,
    clock: Clock,
    steps: Vec<TimedStep>,
    names: Vec<PieceName>,
    selected: Option<usize>,
    board: KlotskiBoard,
    /// The group and its distances.
    groups: Pending<Option<Groups>>,
}

impl KlotskiAttempt {
    /// An attempt on `start` made at app time `now`.
    pub fn new(
        start: Layout,
        key: String,
        inspection: Duration,
        now: f64,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) -> Self {
        let job = super::run(jobs, ctx, BuildGroups(start.clone()));
        Self {
            key,
            names: piece_names(&start),
            game: KlotskiGame::new(start),
            clock: Clock::new(inspection, now),
            steps: Vec::new(),
            selected: None,
            board: KlotskiBoard::default(),
            groups: Pending::Running(Box::new(job)),
        }
    }

    /// The layout as played.
    #[cfg(test)]
    pub fn layout(&self) -> &Layout {
        self.game.layout()
    }

    /// The steps made.
    pub fn steps(&self) -> &[TimedStep] {
        &self.steps
    }

    /// Whether the exit was reached.
    pub fn is_done(&self) -> bool {
        self.clock.is_done()
    }

    /// The clock's reading at `now`.
    pub fn elapsed(&mut self, now: f64) -> Duration {
        self.clock.elapsed(now)
    }

    /// Piece moves made: consecutive steps of one piece count once.
    pub fn moves(&self) -> usize {
        self.game.moves()
    }

    /// The group, once enumerated.
    pub fn groups(&self) -> Option<&Groups> {
        self.groups.done().and_then(|g| g.as_ref())
    }

    /// Whether the group is being enumerated.
    pub fn working(&self) -> bool {
        matches!(self.groups, Pending::Running(..))
    }

    /// Take the group's enumeration once done.
    pub fn poll(&mut self) {
        self.groups.poll(|| None);
    }

    /// Step piece `i` toward `dir` at app time `now`; `false` (no change)
    /// when blocked or done.
    pub fn step(&mut self, i: usize, dir: Dir, now: f64) -> bool {
        if self.clock.is_done() {
            return false;
        }
        let mut trial = self.game.layout().clone();
        if !trial.step(i, dir) {
            return false;
        }
        let Some(at_ms) = self.clock.move_at(now) else {
            return false;
        };
        self.game.step(i, dir);
        self.steps.push(TimedStep {
            piece: i,
            dir,
            at_ms,
        });
        if self.game.is_solved() {
            self.clock.finish(at_ms);
        }
        true
    }

    /// The steps as text: `B:down A:left …` (a piece's letter and where
    /// it went), what the records keep.
    pub fn notation(&self) -> String {
        let start = &self.game.start;
        self.steps
            .iter()
            .map(|s| format!("{}{}", start.pieces[s.piece].letter, s.dir.letter()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The layout before each step and after the last.
    pub fn layouts(&self) -> Vec<Layout> {
        let mut out = vec![self.game.start.clone()];
        let mut l = self.game.start.clone();
        for s in &self.steps {
            l.step(s.piece, s.dir);
            out.push(l.clone());
        }
        out
    }

    /// The step from `layout` that brings it one closer to the exit, if
    /// the group knows one.
    pub fn best_step(groups: &Groups, layout: &Layout) -> Option<(usize, Dir)> {
        let d = groups.steps_of(layout)?;
        (0..layout.pieces.len())
            .flat_map(|i| Dir::ALL.map(|dir| (i, dir)))
            .find(|&(i, dir)| {
                let mut next = layout.clone();
                next.step(i, dir) && groups.steps_of(&next).map(|n| n + 1) == Some(d)
            })
    }

    /// What the race says for those who cannot see it: the line above the
    /// board, and once solved the moves and steps made.
    pub fn spoken(&mut self, now: f64, lang: Lang) -> String {
        let phase = self.clock.phase(now);
        let mut line = super::phase_line(phase, self.clock.inspection_left(now)).text(lang);
        if self.is_done() {
            let moves = RaceMsg::PieceMoves {
                moves: self.moves(),
            }
            .text(lang);
            let steps = RaceMsg::UnitSteps {
                steps: self.steps.len(),
            }
            .text(lang);
            line = format!("{line} · {moves} · {steps}");
        }
        line
    }

    /// The race's board and readouts; whether a step reached the exit.
    pub fn ui(&mut self, ui: &mut egui::Ui, now: f64) -> bool {
        let lang = language(ui.ctx());
        let phase = self.clock.phase(now);
        let line = super::phase_line(phase, self.clock.inspection_left(now));
        ui.strong(tr(ui, line));
        let time = self.clock.elapsed(now);
        let rate = self.clock.rate(self.steps.len(), now);
        readout(ui, time, self.game.moves(), self.steps.len(), rate);
        if matches!(phase, Phase::Running { .. } | Phase::Inspecting { .. }) {
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        let shown = self.game.layout().clone();
        let tints = vec![None; shown.pieces.len()];
        let look = BoardLook {
            names: &self.names,
            lang,
            selected: self.selected,
            hinted: None,
            interactive: !self.clock.is_done(),
            tints: &tints,
        };
        let mut finished = false;
        for event in self.board.show(ui, &shown, look) {
            match event {
                BoardEvent::Select(i) => self.selected = Some(i),
                BoardEvent::Step(i, d) => finished |= self.step(i, d, now) && self.is_done(),
            }
        }
        finished
    }

    /// The arrow keys move the selected piece; whether it reached the exit.
    pub fn keys(&mut self, ctx: &egui::Context, now: f64) -> bool {
        let Some(i) = self.selected else { return false };
        // Every key of the frame, in order, until the attempt is done.
        crate::app::keys::arrows(ctx)
            .into_iter()
            .any(|d| self.step(i, d, now) && self.is_done())
    }

    /// Select piece `i` (as a click does).
    #[cfg(test)]
    pub fn select(&mut self, i: usize) {
        self.selected = Some(i);
    }

    /// The summary of a finished attempt.
    pub fn summary(&mut self, ui: &mut egui::Ui) {
        let lang = language(ui.ctx());
        let time = self.clock.elapsed(f64::INFINITY);
        ui.heading(tr(ui, RaceMsg::SummaryTitle));
        ui.label(tr(
            ui,
            RaceMsg::Time {
                seconds: super::seconds(time),
            },
        ));
        let (moves, steps) = (self.game.moves(), self.steps.len());
        let Some(groups) = self
            .groups()
            .map(|g| (g.moves.start_distance(), g.steps.start_distance()))
        else {
            ui.label(tr(ui, RaceMsg::PieceMoves { moves }));
            ui.label(tr(ui, RaceMsg::UnitSteps { steps }));
            if self.working() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr(ui, RaceMsg::FindingOptimum));
                });
            }
            return;
        };
        let (best_moves, best_steps) = groups;
        for (played, best, words) in [
            (moves, best_moves, RaceMsg::PieceMoves { moves }),
            (steps, best_steps, RaceMsg::UnitSteps { steps }),
        ] {
            let line = match best {
                Some(optimum) => RaceMsg::AgainstOptimum {
                    what: words.text(lang),
                    optimum,
                    excess: played.saturating_sub(optimum as usize),
                },
                None => words,
            };
            ui.label(tr(ui, line));
        }
        let Some(groups) = self.groups() else { return };
        let layouts = self.layouts();
        let distances: Vec<Option<u32>> = layouts.iter().map(|l| groups.steps_of(l)).collect();
        ui.separator();
        super::summary::chart(ui, &distances);
        let lost = super::analysis::lost_indices(&distances);
        let lines = lost.iter().map(|&i| {
            let s = self.steps[i];
            let played = describe_step(&self.names[s.piece], s.dir, lang);
            let best = KlotskiAttempt::best_step(groups, &layouts[i])
                .map(|(p, d)| describe_step(&self.names[p], d, lang))
                .unwrap_or_default();
            (i, played, best)
        });
        super::summary::list_lost(ui, lost.len(), lines);
    }
}

/// Before the first scramble: the classic chosen, drawn where and as the
/// race will draw it, not to be played (the tile race shows its goal so).
pub fn preview(ui: &mut egui::Ui, layout: &Layout) {
    let names = piece_names(layout);
    let tints = vec![None; layout.pieces.len()];
    let look = BoardLook {
        names: &names,
        lang: language(ui.ctx()),
        selected: None,
        hinted: None,
        interactive: false,
        tints: &tints,
    };
    KlotskiBoard::default().show(ui, layout, look);
}

/// The clock and both metrics above a Klotski race's board.
pub fn readout(ui: &mut egui::Ui, time: Duration, moves: usize, steps: usize, rate: f64) {
    ui.horizontal_wrapped(|ui| {
        let time = tr(
            ui,
            RaceMsg::Time {
                seconds: super::seconds(time),
            },
        );
        super::whole(ui, time);
        ui.separator();
        super::whole(ui, tr(ui, RaceMsg::PieceMoves { moves }));
        ui.separator();
        super::whole(ui, tr(ui, RaceMsg::UnitSteps { steps }));
        ui.separator();
        let rate = format!("{rate:.2}");
        super::whole(ui, tr(ui, RaceMsg::StepsPerSecond { rate }));
    });
}

/// A classic as the race names it.
pub fn title_of(classic: &crate::storage::layouts::Classic, random: bool, lang: Lang) -> String {
    let name = crate::app::klotski::title::classic_name(classic, lang);
    if random {
        RaceMsg::RandomOfGroup { name }.text(lang)
    } else {
        name
    }
}
