//! Predict: before a step the learner says what the search does next —
//! which node A* (weighted A*, BFS) takes, what becomes of a child, IDA*'s
//! next bound, whether annealing accepts a move, where tabu search or
//! greedy moves — and is told right or wrong with the step's narration as
//! the reason. The answer is read from the coming step's records (the
//! inspector lets the search run a step or a few ahead of what it shows),
//! never worked out a second time.

use eframe::egui;

use super::board::Subject;
use super::lesson::Lesson;
use super::model::Model;
use super::pseudocode;
use crate::app::i18n::{InspectorMsg, Lang, LessonMsg, Message, language, tr};
use crate::engine::observe::{Fate, StateKey};
use crate::engine::step::Event;
use crate::engine::strategy::SearchKind;

/// Most steps the search is let run ahead for one question (a tabu
/// iteration weighs every neighbour, one step each).
pub const MOST_AHEAD: u64 = 64;
/// Most open nodes offered to pick from.
const CANDIDATES: usize = 6;

/// What is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    /// Which of these nodes is expanded next.
    Node { candidates: Vec<StateKey> },
    /// Which neighbour the walk moves to (`stop`: greedy may stop instead).
    Neighbour {
        candidates: Vec<StateKey>,
        stop: bool,
    },
    /// What becomes of child `i` (g, h) of the coming expansion.
    Fate {
        i: usize,
        g: u32,
        h: u32,
        options: Vec<Fate>,
    },
    /// IDA*'s (IDS's) next bound, the last being `was`.
    Bound { was: u32, options: Vec<u32> },
    /// Whether annealing takes the move from energy `from` to `to`.
    Accept { from: f64, to: f64, t: f64, p: f64 },
}

/// An answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A node or a neighbour, by its state.
    State(StateKey),
    /// Greedy stops at a local minimum.
    Stop,
    /// A child's fate.
    Fate(Fate),
    /// A bound.
    Bound(u32),
    /// Annealing accepts (or not).
    Accept(bool),
}

/// A question about the coming steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// What is asked.
    pub ask: Ask,
    /// What the search did.
    pub answer: Answer,
    /// The steps the answer covers (a tabu iteration's proposals).
    pub steps: u64,
}

/// What can be asked now.
#[derive(Clone, Debug, PartialEq)]
pub enum Pose {
    /// This question.
    Ask(Question),
    /// Nothing about this step.
    Nothing,
    /// The coming steps are not recorded yet (or not far enough).
    Wait,
}

/// A fixed shuffle (the order the search takes them in would tell).
fn shuffled(states: Vec<StateKey>) -> Vec<StateKey> {
    shuffled_by(states, |s| s)
}

/// `items` in a fixed shuffle by their states: the order shown while a
/// question is asked, the same for the candidates and the open list.
pub fn shuffled_by<T>(mut items: Vec<T>, state: impl Fn(&T) -> &StateKey) -> Vec<T> {
    // `DefaultHasher::new` hashes alike every time: the same states come
    // in the same order.
    let hash = |s: &StateKey| {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    };
    items.sort_by_cached_key(|item| hash(state(item)));
    items
}

/// The question about the steps after `model`: `coming` the complete
/// steps recorded after it (each from its step-starting event), taken
/// only as far as the question needs; `more` whether the search may
/// record more.
pub fn pose<S: AsRef<[Event]>>(
    model: &Model,
    coming: impl IntoIterator<Item = S>,
    more: bool,
) -> Pose {
    let Some(kind) = model.lesson().map(Lesson::kind) else {
        return Pose::Nothing;
    };
    let mut coming = coming.into_iter();
    let Some(first_step) = coming.next() else {
        return if more { Pose::Wait } else { Pose::Nothing };
    };
    let first = first_step.as_ref();
    use SearchKind as K;
    let children = || {
        first.iter().filter_map(|r| match r {
            Event::Generate { g, h, fate, .. } => Some((*g, *h, *fate)),
            _ => None,
        })
    };
    let one = |ask, answer| {
        Pose::Ask(Question {
            ask,
            answer,
            steps: 1,
        })
    };
    match (kind, &first[0]) {
        (K::BestFirst(_) | K::BreadthFirst { .. }, Event::Expand { state, .. }) => {
            // A reopening or an update is asked about when one comes.
            let changed = children()
                .enumerate()
                .find(|(_, c)| matches!(c.2, Fate::Reopened | Fate::Improved));
            if let Some((i, (g, h, fate))) = changed {
                let options = vec![Fate::Duplicate, Fate::Reopened, Fate::Improved];
                return one(
                    Ask::Fate {
                        i: i + 1,
                        g,
                        h,
                        options,
                    },
                    Answer::Fate(fate),
                );
            }
            let candidates: Vec<StateKey> = model
                .next_open(CANDIDATES)
                .into_iter()
                .map(|n| n.state)
                .collect();
            if candidates.len() < 2 || !candidates.contains(state) {
                return Pose::Nothing; // the start, or one node only
            }
            one(
                Ask::Node {
                    candidates: shuffled(candidates),
                },
                Answer::State(state.clone()),
            )
        }
        (K::DepthLimited | K::Deepening(_), Event::IterationStart { bound }) => {
            let Some(was) = model.bound() else {
                return Pose::Nothing; // the first bound is h(start)
            };
            let options = (was + 1..=bound + 2).collect();
            one(Ask::Bound { was, options }, Answer::Bound(*bound))
        }
        (K::DepthLimited | K::Deepening(_), Event::Expand { .. }) => {
            let Some((g, h, fate)) = children().next() else {
                return Pose::Nothing;
            };
            let options = match kind {
                K::DepthLimited => vec![Fate::New, Fate::Duplicate, Fate::Pruned],
                _ if fate == Fate::Skipped => vec![Fate::New, Fate::Pruned, Fate::Skipped],
                _ if fate == Fate::Duplicate => vec![Fate::New, Fate::Pruned, Fate::Duplicate],
                _ => vec![Fate::New, Fate::Pruned],
            };
            one(
                Ask::Fate {
                    i: 1,
                    g,
                    h,
                    options,
                },
                Answer::Fate(fate),
            )
        }
        (K::Annealing, Event::Propose(p)) => one(
            Ask::Accept {
                from: p.energy,
                to: p.proposed,
                t: p.temperature.unwrap_or(0.0),
                p: p.probability.unwrap_or(1.0),
            },
            Answer::Accept(p.accepted),
        ),
        (K::Tabu | K::HillClimbing, Event::Propose(proposed)) => {
            let (iteration, accepted) = (proposed.iteration, proposed.accepted);
            // A diversification's random moves share the iteration of the
            // move taken before them: nothing to reason about.
            // Asked at an iteration's first proposal only: part way, some
            // neighbours are weighed already.
            let (kick, part_way) = model.proposals.back().map_or((false, false), |p| {
                let same = p.iteration == iteration;
                (accepted && p.accepted && same, !p.accepted && same)
            });
            if kick || part_way {
                return Pose::Nothing;
            }
            let mut candidates = Vec::new();
            for (k, step) in std::iter::once(first_step).chain(coming).enumerate() {
                let step = step.as_ref();
                let Event::Propose(proposed) = &step[0] else {
                    return Pose::Nothing;
                };
                let (state, accepted) = (&proposed.state, &proposed.accepted);
                candidates.push(state.clone());
                let stuck = step.iter().any(|r| matches!(r, Event::LocalMinimum { .. }));
                if *accepted || stuck {
                    let answer = if *accepted {
                        Answer::State(state.clone())
                    } else {
                        Answer::Stop
                    };
                    let ask = Ask::Neighbour {
                        candidates: shuffled(candidates),
                        stop: kind == K::HillClimbing,
                    };
                    return Pose::Ask(Question {
                        ask,
                        answer,
                        steps: k as u64 + 1,
                    });
                }
            }
            if more { Pose::Wait } else { Pose::Nothing }
        }
        _ => Pose::Nothing,
    }
}

/// The learner's practice: the score and the question now asked.
#[derive(Clone, Debug, Default)]
pub struct Practice {
    /// Questions answered right at the first try.
    pub right: u64,
    /// Questions answered.
    pub asked: u64,
    /// Steps the search is let run past those shown.
    pub ahead: u64,
    /// The question, and the step it is asked before.
    pub question: Option<(u64, Question)>,
    /// The coming steps are being recorded for the next question.
    pub waiting: bool,
    /// The question was answered wrong once already.
    pub missed: bool,
    /// The last answer: right or not, the steps it was about as the
    /// lesson explains them, and which of its sentences gives the reason.
    pub told: Option<(bool, Lesson, usize)>,
}

impl Practice {
    /// Practice from no score, a step ahead.
    pub fn new() -> Self {
        Self {
            ahead: 1,
            ..Self::default()
        }
    }

    /// Take `answer` to the question; whether it is right (the caller
    /// then shows the steps it covers). `reason`: the lesson after them.
    pub fn answer(&mut self, answer: &Answer, reason: Lesson) -> Option<(bool, u64)> {
        let (_, q) = self.question.as_ref()?;
        let right = *answer == q.answer;
        let steps = q.steps;
        // A child's fate is told by its own sentence (after the step's).
        let sentence = match q.ask {
            Ask::Fate { i, .. } => i,
            _ => 0,
        };
        if !self.missed {
            self.asked += 1;
            self.right += u64::from(right);
        }
        self.missed = !right;
        self.told = Some((right, reason, sentence));
        if right {
            self.question = None;
            self.missed = false;
        }
        Some((right, steps))
    }
}

/// The practice panel; returns the answer clicked.
pub fn show(
    ui: &mut egui::Ui,
    subject: &Subject,
    model: &Model,
    practice: &Practice,
) -> Option<Answer> {
    let lang = language(ui.ctx());
    let mut answer = None;
    ui.strong(tr(
        ui,
        LessonMsg::Score {
            right: practice.right.to_string(),
            asked: practice.asked.to_string(),
        },
    ));
    let bound_asked = practice
        .question
        .as_ref()
        .is_some_and(|(_, q)| matches!(q.ask, Ask::Bound { .. }));
    if let Some((right, lesson, sentence)) = &practice.told {
        let why = told_why(lesson, *sentence, subject, lang, bound_asked);
        let msg = if *right {
            LessonMsg::Right { why }
        } else {
            LessonMsg::Wrong { why }
        };
        ui.add(egui::Label::new(tr(ui, msg)).wrap());
    }
    let Some((_, q)) = &practice.question else {
        let none = if practice.waiting {
            LessonMsg::WaitQuestion
        } else {
            LessonMsg::NoQuestion
        };
        ui.label(tr(ui, none));
        return None;
    };
    // Large enough to read a tile's number (56 px boards had 7 px ones).
    let size = subject.small(80.0);
    let mut boards = |ui: &mut egui::Ui, states: &[StateKey]| {
        ui.horizontal_wrapped(|ui| {
            for (i, s) in states.iter().enumerate() {
                let label = LessonMsg::Candidate { i }.text(lang);
                if subject.draw(ui, s, size, &label).clicked() {
                    answer = Some(Answer::State(s.clone()));
                }
            }
        });
    };
    match &q.ask {
        Ask::Node { candidates } => {
            ui.add(egui::Label::new(tr(ui, LessonMsg::AskTake)).wrap());
            boards(ui, candidates);
        }
        Ask::Neighbour { candidates, stop } => {
            let ask = if *stop {
                LessonMsg::AskGreedy
            } else {
                LessonMsg::AskTabu
            };
            ui.add(egui::Label::new(tr(ui, ask)).wrap());
            boards(ui, candidates);
            if *stop && ui.button(tr(ui, LessonMsg::StopsHere)).clicked() {
                answer = Some(Answer::Stop);
            }
        }
        Ask::Fate { i, g, h, options } => {
            ui.add(egui::Label::new(tr(ui, LessonMsg::AskChild { i: *i })).wrap());
            ui.label(super::node::numbers(model, *g, *h));
            if let Some(bound) = model.bound() {
                ui.label(tr(ui, InspectorMsg::Bound { n: bound }));
            }
            ui.horizontal_wrapped(|ui| {
                for fate in options {
                    if ui
                        .button(tr(ui, super::node::fate_words(*fate, model.depth_first())))
                        .clicked()
                    {
                        answer = Some(Answer::Fate(*fate));
                    }
                }
            });
        }
        Ask::Bound { was, options } => {
            ui.add(egui::Label::new(tr(ui, LessonMsg::AskBound)).wrap());
            ui.label(tr(ui, InspectorMsg::Bound { n: *was }));
            ui.horizontal_wrapped(|ui| {
                for b in options {
                    if ui.button(b.to_string()).clicked() {
                        answer = Some(Answer::Bound(*b));
                    }
                }
            });
        }
        Ask::Accept { from, to, t, p } => {
            ui.add(egui::Label::new(tr(ui, LessonMsg::AskAccept)).wrap());
            let chance = LessonMsg::Chance1 {
                from: pseudocode::number(*from),
                to: pseudocode::number(*to),
                delta: pseudocode::number(to - from),
                t: pseudocode::number(*t),
                p: pseudocode::percent(*p),
            };
            ui.add(egui::Label::new(tr(ui, chance)).wrap());
            ui.horizontal(|ui| {
                if ui.button(tr(ui, LessonMsg::Accepted)).clicked() {
                    answer = Some(Answer::Accept(true));
                }
                if ui.button(tr(ui, LessonMsg::Rejected)).clicked() {
                    answer = Some(Answer::Accept(false));
                }
            });
        }
    }
    answer
}

/// The reason: what the lesson says of the steps the question was about
/// (`bound_asked`: the least cut kept back, as the next bound is asked).
fn told_why(
    lesson: &Lesson,
    sentence: usize,
    subject: &Subject,
    lang: Lang,
    bound_asked: bool,
) -> String {
    lesson
        .explained()
        .and_then(|e| e.narration.get(sentence))
        .map(|n| pseudocode::narrate_kept(n, lesson, subject, lang, bound_asked))
        .unwrap_or_default()
}
