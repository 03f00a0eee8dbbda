//! Klotski hints: the exact distance to the exit of the position shown,
//! from its group (every position reachable from the layout's start, built
//! in the background: a fraction of a second for 横刀立马), a hint in two
//! stages (which piece, then where), the overlay colouring each movable
//! piece by what its best move does, the chart of the group's distances,
//! and for a layout whose exit cannot be reached, the closest position.

use crate::app::PlayCommand;
use eframe::egui::{self, Color32};

use super::names::{PieceName, describe_move};
use crate::app::Command;
use crate::app::i18n::{KlotskiMsg, Lang, Said, klotski::unit, language, tr};
use crate::app::jobs::{Handle, JobKind, Jobs, Task, TaskEnv};
use crate::app::widgets::distribution::{self, Distribution, Effect};
use crate::engine::control::Stop;
use crate::engine::klotski::group::{Group, layout_after};
use crate::engine::klotski::space::unit_steps;
use crate::engine::klotski::{KMove, KlotskiSpace, Layout, Metric};
use crate::engine::search::SearchSpace;
use crate::engine::{Control, Dir};
use crate::units::thousands;

/// A piece that cannot move, under the overlay.
const STILL: Color32 = crate::app::palette::STILL;

/// A group ready to read, with what was worked out from it once.
pub struct Ready {
    /// The layout the group was built from.
    start: Layout,
    metric: Metric,
    space: KlotskiSpace,
    group: Group,
    /// For a group that never reaches the exit: the moves to the position
    /// where the target is closest to it, and that distance in steps.
    closest: Option<(Vec<KMove>, u32)>,
}

enum GroupState {
    None,
    Building {
        key: (String, Metric),
        start: Layout,
        job: Box<Handle<Result<Found, Stop>>>,
    },
    Ready(Box<Ready>),
}

/// One of the position's moves: the piece, its unit steps, and the
/// distance after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMove {
    /// The piece's index in the layout.
    pub piece: usize,
    /// Its unit steps.
    pub steps: Vec<Dir>,
    /// The distance to the exit after the move.
    pub after: u32,
}

/// What the group says of the position shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Its distance to the exit (none: the exit cannot be reached).
    pub distance: Option<u32>,
    /// Every move from it with the distance after.
    pub moves: Vec<PieceMove>,
}

impl Position {
    /// A move that brings the position one closer, if any.
    pub fn best(&self) -> Option<&PieceMove> {
        let d = self.distance?;
        self.moves.iter().find(|m| m.after + 1 == d)
    }

    /// Each movable piece's effect: that of its best move.
    pub fn effects(&self) -> Vec<(usize, Effect)> {
        let Some(d) = self.distance else {
            return Vec::new();
        };
        let mut best: Vec<(usize, u32)> = Vec::new();
        for m in &self.moves {
            match best.iter_mut().find(|(p, _)| *p == m.piece) {
                Some((_, after)) => *after = (*after).min(m.after),
                None => best.push((m.piece, m.after)),
            }
        }
        best.into_iter()
            .map(|(p, after)| (p, Effect::of(d, after)))
            .collect()
    }
}

/// The Klotski view's distances and hints.
pub struct KlotskiHints {
    group: GroupState,
    /// The position last looked at (its text and metric) and what the group says of it.
    position: Option<(String, Metric, Position)>,
    /// The layout text the hint was asked for and its stage (1: the piece,
    /// 2: the piece and where).
    hint: Option<(String, u8)>,
    /// The "Among all positions" window is open.
    pub among_all: bool,
    next_farthest: usize,
}

impl Default for KlotskiHints {
    fn default() -> Self {
        Self {
            group: GroupState::None,
            position: None,
            hint: None,
            among_all: false,
            next_farthest: 0,
        }
    }
}

impl Drop for KlotskiHints {
    fn drop(&mut self) {
        if let GroupState::Building { job, .. } = &self.group {
            job.cancel();
        }
    }
}

/// Build the group of `start` in `metric`.
/// What the background work finds for a start: its group and, for a
/// group that never reaches the exit, the way to the closest position.
type Found = (Group, Option<(Vec<KMove>, u32)>);

fn build(start: &Layout, metric: Metric, ctl: &Control) -> Result<Found, Stop> {
    let (space, state) = KlotskiSpace::new(start, metric);
    let group = Group::build(&space, state, ctl)?;
    let closest = if group.max_distance().is_none() {
        // The target's distance in steps, whatever the metric.
        let (steps, _) = KlotskiSpace::new(start, Metric::Steps);
        group
            .states()
            .iter()
            .enumerate()
            .min_by_key(|(_, s)| steps.heuristic(s))
            .map(|(i, s)| (group.path_to(i), steps.heuristic(s)))
    } else {
        None
    };
    Ok((group, closest))
}

impl Ready {
    /// Ready to read what was found from `start` in `metric`.
    fn of(start: Layout, metric: Metric, (group, closest): Found) -> Self {
        let (space, _) = KlotskiSpace::new(&start, metric);
        Self {
            start,
            metric,
            space,
            group,
            closest,
        }
    }
}

/// A start's group for the hints, as a task ([`build`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct BuildHints {
    start: Layout,
    metric: Metric,
}

impl Task for BuildHints {
    type Output = Result<Found, Stop>;
    const NAME: &'static str = "klotski_hints";

    fn run(self, ctl: &Control, _: &TaskEnv) -> Self::Output {
        build(&self.start, self.metric, ctl)
    }

    fn cancelled(&self, _: Option<crate::engine::Progress>) -> Self::Output {
        Err(Stop::Cancelled)
    }
}

impl KlotskiHints {
    /// Keep the group in step with the game's `start` and `metric` (a new
    /// one is built in the background, an old build cancelled), and the
    /// reading of the position `shown`. Nothing runs while `wanted` is off.
    pub fn poll(
        &mut self,
        start: &Layout,
        shown: &Layout,
        metric: Metric,
        wanted: bool,
        jobs: &Jobs,
        ctx: &egui::Context,
    ) {
        if !wanted {
            self.clear();
            return;
        }
        let key = (start.to_text(), metric);
        let current = match &self.group {
            GroupState::None => None,
            GroupState::Building { key, .. } => Some(key.clone()),
            GroupState::Ready(r) => Some((r.start.to_text(), r.metric)),
        };
        if current.as_ref() != Some(&key) {
            self.clear();
            let repaint = ctx.clone();
            let task = BuildHints {
                start: start.clone(),
                metric,
            };
            let job = jobs.run_task(JobKind::Hints, Control::default(), task, move || {
                repaint.request_repaint()
            });
            self.group = GroupState::Building {
                key,
                start: start.clone(),
                job: Box::new(job),
            };
        }
        if let GroupState::Building { job, start, .. } = &mut self.group
            && let Some(done) = job.try_take()
        {
            self.group = match done {
                Ok(Ok(found)) => {
                    GroupState::Ready(Box::new(Ready::of(start.clone(), metric, found)))
                }
                _ => GroupState::None,
            };
        }
        let text = shown.to_text();
        let stale = self
            .position
            .as_ref()
            .is_none_or(|(t, m, _)| *t != text || *m != metric);
        if stale && let GroupState::Ready(ready) = &self.group {
            self.position = Some((text, metric, ready.read(shown)));
        }
    }

    fn clear(&mut self) {
        if let GroupState::Building { job, .. } = &self.group {
            job.cancel();
        }
        self.group = GroupState::None;
        self.position = None;
        self.hint = None;
        self.among_all = false;
    }

    /// The group, once built.
    pub fn ready(&self) -> Option<&Ready> {
        match &self.group {
            GroupState::Ready(r) => Some(r),
            _ => None,
        }
    }

    /// What the group says of `shown` (once read for it).
    pub fn position(&self, shown: &Layout, metric: Metric) -> Option<&Position> {
        self.position
            .as_ref()
            .filter(|(t, m, _)| *m == metric && *t == shown.to_text())
            .map(|(_, _, p)| p)
    }

    /// The overlay's tint of each piece (by index): its effect, grey for
    /// a piece that cannot move (its role colour would read as an effect).
    pub fn tints(&self, shown: &Layout, metric: Metric) -> Vec<Option<Color32>> {
        let mut tints = vec![None; shown.pieces.len()];
        if let Some(p) = self
            .position(shown, metric)
            .filter(|p| p.distance.is_some())
        {
            tints.fill(Some(STILL));
            for (piece, effect) in p.effects() {
                tints[piece] = Some(effect.colour());
            }
        }
        tints
    }

    /// The piece a hint shown for `shown` names, if one is shown: the board
    /// rings it as the tile view rings a hinted tile.
    pub fn hinted_piece(&self, shown: &Layout, metric: Metric) -> Option<usize> {
        let (text, _) = self.hint.as_ref()?;
        if *text != shown.to_text() {
            return None;
        }
        Some(self.position(shown, metric)?.best()?.piece)
    }

    /// The readout and Hint, above the board. A hint's
    /// first stage selects its piece (so the arrow keys move it): returned.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Layout,
        metric: Metric,
        names: &[PieceName],
        out: &mut Vec<Command>,
    ) -> Option<usize> {
        let lang: Lang = language(ui.ctx());
        let text = shown.to_text();
        if self.hint.as_ref().is_some_and(|(t, _)| *t != text) {
            self.hint = None;
        }
        let mut select = None;
        ui.horizontal_wrapped(|ui| {
            let Some(ready) = self.ready() else {
                if matches!(self.group, GroupState::Building { .. }) {
                    ui.weak(tr(ui, KlotskiMsg::CountingFromStart));
                }
                return;
            };
            let Some(p) = self.position(shown, metric) else {
                return;
            };
            let Some(d) = p.distance else {
                ui.label(tr(
                    ui,
                    KlotskiMsg::NoExit {
                        n: thousands(ready.group.len() as u64),
                    },
                ));
                if let Some((path, steps)) = &ready.closest
                    && let Some(l) = layout_after(&ready.start, path)
                    && ui
                        .button(tr(
                            ui,
                            KlotskiMsg::ShowClosest {
                                name: names[l.target].get(lang).to_string(),
                                n: *steps,
                                unit: unit(Metric::Steps, *steps, lang),
                            },
                        ))
                        .clicked()
                {
                    out.push(Command::Play(PlayCommand::PlayLayout(
                        l,
                        Said::msg(KlotskiMsg::ClosestTitle),
                    )));
                }
                return;
            };
            if d == 0 {
                return;
            }
            // Each text whole: one that does not fit goes to the next line.
            let whole = |ui: &mut egui::Ui, text: egui::RichText| {
                ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
            };
            let to_exit = KlotskiMsg::ToExit {
                n: d,
                unit: unit(metric, d, lang),
            };
            whole(ui, tr(ui, to_exit).into());
            let best = p.best().cloned();
            let stage = self.hint.as_ref().map_or(0, |(_, s)| *s);
            let label = if stage == 0 {
                KlotskiMsg::Hint
            } else {
                KlotskiMsg::MoreHint
            };
            let button = egui::Button::new(tr(ui, label)).wrap_mode(egui::TextWrapMode::Extend);
            if stage < 2 && ui.add(button).clicked() {
                self.hint = Some((text.clone(), stage + 1));
                if let Some(b) = &best {
                    select = Some(b.piece);
                }
            }
            if let (Some((_, stage)), Some(b)) = (&self.hint, best) {
                let name = names[b.piece].get(lang).to_string();
                let hint = match stage {
                    1 => KlotskiMsg::HintPiece { name },
                    _ => KlotskiMsg::HintMove {
                        step: describe_move(&names[b.piece], &b.steps, lang),
                    },
                };
                whole(ui, egui::RichText::new(tr(ui, hint)).strong());
            }
        });
        select
    }

    /// The overlay's legend, where it colours the pieces.
    pub fn legend(&self, ui: &mut egui::Ui, shown: &Layout, metric: Metric) {
        if self
            .position(shown, metric)
            .is_some_and(|p| p.distance.is_some())
        {
            distribution::legend(ui, &[Effect::Closer, Effect::Same, Effect::Farther]);
        }
    }

    /// The "Among all positions" window: the group's distances.
    pub fn among_all_window(
        &mut self,
        ctx: &egui::Context,
        shown: &Layout,
        metric: Metric,
        out: &mut Vec<Command>,
    ) {
        if !self.among_all {
            return;
        }
        let mut open = true;
        let mut farthest = false;
        let here = self.position(shown, metric).and_then(|p| p.distance);
        let lang = language(ctx);
        distribution::window(ctx, &mut open).show(ctx, |ui| {
            let Some(ready) = self.ready() else {
                ui.label(tr(ui, KlotskiMsg::CountingPositions));
                return;
            };
            ui.label(tr(
                ui,
                KlotskiMsg::AmongAllText {
                    unit: unit(metric, 2, lang),
                },
            ));
            Distribution {
                by_distance: ready.group.by_distance(),
                unit: &unit(metric, 2, lang),
                here,
            }
            .show(ui, "klotski");
            if let Some(d) = ready.group.start_distance() {
                ui.label(tr(
                    ui,
                    KlotskiMsg::StartIs {
                        n: d,
                        unit: unit(metric, d, lang),
                    },
                ));
            }
            if ready.group.max_distance().is_some() {
                farthest = ui
                    .button(tr(ui, KlotskiMsg::ShowFarthest))
                    .on_hover_text(tr(ui, KlotskiMsg::ShowFarthestHint))
                    .clicked();
            }
        });
        self.among_all = open;
        if farthest && let Some(ready) = self.ready() {
            let paths = ready.group.farthest();
            if let Some(path) = paths.get(self.next_farthest % paths.len().max(1))
                && let Some(l) = layout_after(&ready.start, path)
            {
                out.push(Command::Play(PlayCommand::PlayLayout(
                    l,
                    Said::msg(KlotskiMsg::FarthestTitle),
                )));
            }
            self.next_farthest += 1;
        }
    }
}

impl Ready {
    /// What the group says of `shown`.
    fn read(&self, shown: &Layout) -> Position {
        let (_, state) = KlotskiSpace::new(shown, self.metric);
        let distance = self.group.distance_of(&state);
        let mut moves = Vec::new();
        if distance.is_some() {
            let mut next = Vec::new();
            self.space.successors(&state, &mut next);
            for (mv, after) in next {
                let (Some(after), Ok(steps)) =
                    (self.group.distance_of(&after), unit_steps(shown, &[mv]))
                else {
                    continue;
                };
                let Some(&(letter, _)) = steps.first() else {
                    continue;
                };
                let Some(piece) = shown.pieces.iter().position(|p| p.letter == letter) else {
                    continue;
                };
                moves.push(PieceMove {
                    piece,
                    steps: steps.iter().map(|&(_, d)| d).collect(),
                    after,
                });
            }
        }
        Position { distance, moves }
    }

    /// The group.
    #[cfg(test)]
    pub fn group(&self) -> &Group {
        &self.group
    }
}

#[cfg(test)]
mod task_tests {
    use super::*;

    /// The hints' group as the web edition gets it (the task sent to a
    /// worker as JSON, its answer read back) is the one found in place,
    /// for a layout that reaches the exit and one that never does.
    #[test]
    fn the_hints_group_sent_as_json_is_the_one_found_in_place() {
        use crate::app::tasks::testing::{env, sent};
        let env = env(&Jobs::new(
            tempfile::tempdir().unwrap().path().to_path_buf(),
        ));
        for (text, metric) in [
            ("BAAC/BAAC/DEEF/DGHF/I..J", Metric::Moves),
            ("AA.B/AA.B/CCDD/EEFF/GGHH", Metric::Steps),
        ] {
            let start = Layout::parse(text).unwrap();
            let (group, closest) = build(&start, metric, &Control::default()).unwrap();
            let task = BuildHints {
                start: start.clone(),
                metric,
            };
            let ready = Ready::of(start, metric, sent(&task, &env).unwrap());
            assert_eq!(ready.group.len(), group.len(), "{text}");
            assert_eq!(ready.group.by_distance(), group.by_distance(), "{text}");
            assert_eq!(ready.closest, closest, "{text}");
        }
    }
}
