//! The lesson beside the board: which line of the strategy's pseudocode the
//! last step ran, one sentence per thing it did, and the variables it
//! touched. Folded from the same recorded events as the [`Model`] (one call
//! at the end of [`Model::fold`], which reads the model as that event left
//! it), never from a second search. No egui here: the tests fold real runs
//! and compare each step's explanation with the records.

use crate::engine::observe::{Fate, StateKey};
use crate::engine::step::Event;
use crate::engine::strategy::{Deepen, Key, Repeats, SearchKind};

use super::model::{Model, Proposal};

/// The pseudocode of a search of `kind`, in order; `repeats`: how its
/// depth-first iterations meet a state reached before (a table's, with
/// learned estimates, or move pruning's lines).
pub fn lines(kind: SearchKind, repeats: Repeats) -> Vec<Line> {
    use Line::*;
    match kind {
        SearchKind::BreadthFirst { mirrors } => {
            let mut lines = vec![BfsInit, BfsTake, BfsEach];
            if mirrors {
                lines.push(BfsMirror);
            }
            lines.extend([BfsSeen, BfsStore, BfsGoal]);
            lines
        }
        SearchKind::BestFirst(key) => vec![
            BestInit,
            take_line(key),
            BestGoal,
            BestEach,
            BestNew,
            BestDuplicate,
            BestReopen,
            BestImprove,
        ],
        SearchKind::DepthLimited => vec![
            DfsInit,
            DfsSearch,
            DfsDuplicate,
            DfsCut,
            DepthGoal,
            DfsDescend,
        ],
        SearchKind::Deepening(by) => {
            let ids = by == Deepen::Depth;
            let mut lines = vec![if ids { IdsInit } else { IdaInit }, IdaRound, IdaSearch];
            let tabled = repeats == Repeats::Tabled;
            lines.push(if tabled { IdaDuplicate } else { IdaSkip });
            // A table learns estimates, so IDS there cuts by f.
            lines.push(if ids && !tabled { IdsCut } else { IdaCut });
            lines.extend([IdaGoal, IdaDescend, if ids { IdsNext } else { IdaNext }]);
            lines
        }
        SearchKind::Annealing => vec![
            AnnealInit,
            AnnealPick,
            AnnealDown,
            AnnealChance,
            LocalGoal,
            AnnealCool,
            AnnealRestart,
        ],
        SearchKind::Tabu => vec![
            TabuInit, TabuWeigh, TabuFree, TabuAspire, TabuOldest, TabuMove, LocalGoal, TabuKick,
        ],
        SearchKind::HillClimbing => {
            vec![GreedyInit, GreedyWeigh, GreedyStuck, GreedyTake, LocalGoal]
        }
    }
}

/// The line by which a best-first search takes its next node by `key`.
fn take_line(key: Key) -> Line {
    match key {
        Key::F => Line::BestTake,
        Key::Weighted(_) => Line::BestTakeWeighted,
        Key::Estimate => Line::BestTakeEstimate,
    }
}

/// A line of pseudocode (its words are in the lesson's message table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Line {
    BfsInit,
    BfsTake,
    BfsEach,
    BfsMirror,
    BfsSeen,
    BfsStore,
    BfsGoal,
    BestInit,
    BestTake,
    BestTakeWeighted,
    BestTakeEstimate,
    BestGoal,
    BestEach,
    BestNew,
    BestDuplicate,
    BestReopen,
    BestImprove,
    DfsInit,
    DfsSearch,
    DfsDuplicate,
    DfsCut,
    DepthGoal,
    DfsDescend,
    IdaInit,
    IdsInit,
    IdaRound,
    IdaSearch,
    IdaSkip,
    IdaDuplicate,
    IdaCut,
    IdsCut,
    IdaGoal,
    IdaDescend,
    IdaNext,
    IdsNext,
    AnnealInit,
    AnnealPick,
    AnnealDown,
    AnnealChance,
    AnnealCool,
    AnnealRestart,
    LocalGoal,
    TabuInit,
    TabuWeigh,
    TabuFree,
    TabuAspire,
    TabuOldest,
    TabuMove,
    TabuKick,
    GreedyInit,
    GreedyWeigh,
    GreedyStuck,
    GreedyTake,
}

/// One sentence of a step, with its numbers (worded by the panel). Child
/// numbers count from 1, in the order the search generated them.
#[derive(Clone, Debug, PartialEq)]
pub enum Narration {
    /// BFS takes the queue's first node, at depth `g`; `waiting` behind it.
    BfsTake {
        state: StateKey,
        g: u32,
        waiting: usize,
    },
    /// A new child, stored at place `at` of the queue.
    BfsNew { i: usize, at: usize },
    /// A child seen before, dropped.
    BfsSeen { i: usize },
    /// The goal is reached in `g` moves (exact searches).
    Goal { g: u32 },
    /// A* (weighted A*) takes the open node with the least key; `ties`
    /// other open nodes share it.
    BestTake {
        state: StateKey,
        g: u32,
        h: u32,
        ties: usize,
    },
    /// The next open node is the goal.
    BestGoal { state: StateKey, g: u32 },
    /// A child of A*'s expansion and its fate.
    BestChild {
        i: usize,
        g: u32,
        h: u32,
        fate: Fate,
    },
    /// DFS's depth limit.
    DfsLimit { limit: u32 },
    /// DFS searches a node at depth `g`.
    DfsSearch { state: StateKey, g: u32 },
    /// A child of DFS and its fate.
    DfsChild {
        i: usize,
        g: u32,
        fate: Fate,
        limit: u32,
    },
    /// A depth-first search backs up to the node at depth `g` and tries
    /// its next move.
    BackUp { state: StateKey, g: u32 },
    /// IDA* / IDS: the first iteration's bound.
    FirstBound { bound: u32 },
    /// IDA* / IDS: an iteration ended without the goal; the least f cut
    /// in it (`None`: none was) and the next iteration's bound.
    NextBound {
        was: u32,
        least: Option<u32>,
        next: u32,
    },
    /// IDA* / IDS searches a node within the bound.
    IdaSearch {
        state: StateKey,
        g: u32,
        h: u32,
        bound: u32,
    },
    /// A child of IDA* / IDS and its fate; `least` the least f cut so far
    /// in the iteration (this child's included).
    IdaChild {
        i: usize,
        g: u32,
        h: u32,
        fate: Fate,
        bound: u32,
        least: Option<u32>,
    },
    /// Annealing weighs a move from energy `from` to `to`.
    Anneal {
        from: f64,
        to: f64,
        t: f64,
        p: f64,
        accepted: bool,
    },
    /// Annealing starts run `run` (counted from 1) again from the start.
    Restarted { run: u32 },
    /// Tabu search weighs a neighbour it does not take.
    TabuWeighed { score: f64, tabu: bool },
    /// Tabu search takes the best neighbour not on the tabu list.
    TabuTaken { score: f64, best: f64 },
    /// Tabu search takes a tabu neighbour that beats the best so far.
    TabuAspiration { score: f64, best: f64 },
    /// Every neighbour is tabu: the one left longest ago is taken.
    TabuAllTabu { score: f64 },
    /// A random move of a diversification.
    TabuKick { score: f64 },
    /// Greedy weighs a neighbour it does not take.
    GreedyWeighed { from: f64, to: f64 },
    /// Greedy moves to its best neighbour.
    GreedyTaken { from: f64, to: f64 },
    /// Greedy is stuck at a local minimum of energy `energy`.
    GreedyStuck { energy: f64 },
    /// A local search reached the goal; its loop-erased path has `g` moves.
    LocalGoal { g: u32 },
}

/// A variable the step touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Var {
    G,
    H,
    F,
    Key,
    Ties,
    Queue,
    Bound,
    Limit,
    Next,
    Energy,
    Proposed,
    Delta,
    Temperature,
    Chance,
    Taken,
    Score,
    Best,
    IsTabu,
    TabuLen,
    Aspiration,
}

/// A variable's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A count or a depth.
    Whole(u64),
    /// An energy, a temperature, a key.
    Real(f64),
    /// A chance, shown in per cent.
    Chance(f64),
    /// Yes or no.
    Flag(bool),
    /// Nothing yet (IDA*'s next bound before any cut): ∞.
    Infinite,
}

/// What the last step did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explained {
    /// The lines it ran, in the order it first ran them.
    pub lines: Vec<Line>,
    /// Its sentences: the step's first, then one per child or event.
    pub narration: Vec<Narration>,
    /// The variables it touched, with their values after it.
    pub vars: Vec<(Var, Value)>,
    /// The step was passed over unexplained (a Run to end, or the steps
    /// of Step ×10 before the last, are never shown one by one): its
    /// lists are empty.
    pub unexplained: bool,
}

impl Explained {
    /// Nothing explained, the lists' room kept; `explain`: the coming
    /// step is to be explained.
    fn clear(&mut self, explain: bool) {
        self.lines.clear();
        self.narration.clear();
        self.vars.clear();
        self.unexplained = !explain;
    }

    fn run(&mut self, line: Line) {
        if !self.unexplained && !self.lines.contains(&line) {
            self.lines.push(line);
        }
    }

    fn set(&mut self, var: Var, value: Value) {
        if self.unexplained {
            return;
        }
        match self.vars.iter_mut().find(|(v, _)| *v == var) {
            Some(slot) => slot.1 = value,
            None => self.vars.push((var, value)),
        }
    }

    /// Add a sentence (made only if the step is explained).
    fn say(&mut self, sentence: impl FnOnce() -> Narration) {
        if !self.unexplained {
            self.narration.push(sentence());
        }
    }
}

/// The lesson of a run, step by step.
#[derive(Clone, Debug)]
pub struct Lesson {
    kind: SearchKind,
    /// How the family's depth-first iterations meet a repeat.
    repeats: Repeats,
    /// Boxed: taken out and put back for every event folded.
    explained: Option<Box<Explained>>,
    /// IDA* / IDS / DFS: the iteration's bound.
    bound: Option<u32>,
    /// The least f cut in the iteration so far.
    least_cut: Option<u32>,
    /// Depth-first: the depth of the node whose children come next.
    at_depth: Option<u32>,
    /// Tabu search: the best score so far.
    best: Option<f64>,
    /// Tabu search: the best score before the last move taken.
    best_before: Option<f64>,
    /// Tabu search: the iteration of the last move taken (the random
    /// moves of a diversification share it).
    last_taken: Option<u64>,
}

impl Lesson {
    /// Nothing folded yet, for a search of `kind` on a family whose
    /// depth-first iterations meet a repeat as `repeats` says.
    pub fn new(kind: SearchKind, repeats: Repeats) -> Self {
        Self {
            kind,
            repeats,
            explained: None,
            bound: None,
            least_cut: None,
            at_depth: None,
            best: None,
            best_before: None,
            last_taken: None,
        }
    }

    /// The same lesson, nothing folded.
    pub fn fresh(&self) -> Self {
        Self::new(self.kind, self.repeats)
    }

    /// The kind of search explained.
    pub fn kind(&self) -> SearchKind {
        self.kind
    }

    /// Its pseudocode.
    pub fn lines(&self) -> Vec<Line> {
        lines(self.kind, self.repeats)
    }

    /// The last step, once one was folded.
    pub fn explained(&self) -> Option<&Explained> {
        self.explained.as_deref()
    }

    /// Before [`fold`](Self::fold): whether `record` is to be folded at
    /// all. `explain`: if it begins a step, that step is to be explained
    /// (else only what later steps need of it is kept: a bound, a depth,
    /// a best score; a search that keeps nothing from step to step skips
    /// the step's events here, unlooked at).
    #[inline]
    pub fn wants(&mut self, record: &Event, explain: bool) -> bool {
        if record.starts_step() {
            // The step before is gone: its lists are kept for this one
            // (a Run to end folds hundreds of thousands of steps, and
            // fresh lists for each were a sixth of what folding cost).
            self.explained.get_or_insert_default().clear(explain);
        }
        match &self.explained {
            // Before the first step (the start is the goal).
            None => false,
            Some(e) => !e.unexplained || self.remembers(),
        }
    }

    /// Fold `record` in, if [`wants`](Self::wants) said so; `model` has
    /// folded it already.
    pub fn fold(&mut self, model: &Model, record: &Event) {
        if let Some(mut e) = self.explained.take() {
            self.explain(&mut e, model, record);
            self.explained = Some(e);
        }
    }

    fn explain(&mut self, e: &mut Explained, model: &Model, record: &Event) {
        use SearchKind as K;
        // Matched in place: only a narration that names the state copies it,
        // and only when the step is explained.
        match *record {
            Event::Expand { g, h, ref state } => match self.kind {
                K::BreadthFirst { .. } => {
                    e.run(Line::BfsTake);
                    e.run(Line::BfsEach);
                    let waiting = model.open_len();
                    e.say(|| Narration::BfsTake {
                        state: state.clone(),
                        g,
                        waiting,
                    });
                    e.set(Var::G, Value::Whole(g.into()));
                    e.set(Var::Queue, Value::Whole(waiting as u64));
                }
                K::BestFirst(key) => {
                    e.run(take_line(key));
                    e.run(Line::BestEach);
                    // The node is off the open list now: those left with
                    // its key tie with it.
                    let ties = model.open_with_key(g, h);
                    e.say(|| Narration::BestTake {
                        state: state.clone(),
                        g,
                        h,
                        ties,
                    });
                    e.set(Var::G, Value::Whole(g.into()));
                    e.set(Var::H, Value::Whole(h.into()));
                    match key {
                        Key::F => e.set(Var::F, Value::Whole((g + h).into())),
                        Key::Weighted(_) => e.set(Var::Key, Value::Real(key.value(g, h))),
                        // Its key is h, set above.
                        Key::Estimate => {}
                    }
                    e.set(Var::Ties, Value::Whole(ties as u64));
                }
                K::DepthLimited => {
                    e.run(Line::DfsSearch);
                    self.at_depth = Some(g);
                    e.say(|| Narration::DfsSearch {
                        state: state.clone(),
                        g,
                    });
                    e.set(Var::G, Value::Whole(g.into()));
                    if let Some(limit) = self.bound {
                        e.set(Var::Limit, Value::Whole(limit.into()));
                    }
                }
                K::Deepening(_) => {
                    e.run(Line::IdaSearch);
                    self.at_depth = Some(g);
                    let bound = self.bound.unwrap_or(g + h);
                    e.say(|| Narration::IdaSearch {
                        state: state.clone(),
                        g,
                        h,
                        bound,
                    });
                    e.set(Var::G, Value::Whole(g.into()));
                    e.set(Var::H, Value::Whole(h.into()));
                    e.set(Var::F, Value::Whole((g + h).into()));
                    self.bound_vars(e);
                }
                K::Annealing | K::Tabu | K::HillClimbing => {}
            },
            Event::Generate {
                g,
                h,
                fate,
                state: _,
            } => {
                let i = model.children().len();
                match self.kind {
                    K::BreadthFirst { mirrors } => {
                        if mirrors {
                            e.run(Line::BfsMirror);
                        }
                        if fate == Fate::New {
                            e.run(Line::BfsStore);
                            let at = model.open_len();
                            e.say(|| Narration::BfsNew { i, at });
                        } else {
                            e.run(Line::BfsSeen);
                            e.say(|| Narration::BfsSeen { i });
                        }
                        e.set(Var::Queue, Value::Whole(model.open_len() as u64));
                    }
                    K::BestFirst(_) => {
                        e.run(match fate {
                            Fate::New => Line::BestNew,
                            Fate::Reopened => Line::BestReopen,
                            Fate::Improved => Line::BestImprove,
                            _ => Line::BestDuplicate,
                        });
                        e.say(|| Narration::BestChild { i, g, h, fate });
                    }
                    K::DepthLimited => {
                        self.back_up(e, model, Line::DfsSearch);
                        e.run(match fate {
                            Fate::Duplicate => Line::DfsDuplicate,
                            Fate::Pruned => Line::DfsCut,
                            _ => Line::DfsDescend,
                        });
                        let limit = self.bound.unwrap_or(g);
                        e.say(|| Narration::DfsChild { i, g, fate, limit });
                    }
                    K::Deepening(by) => {
                        self.back_up(e, model, Line::IdaSearch);
                        let ids_cut = by == Deepen::Depth && self.repeats == Repeats::Pruned;
                        e.run(match fate {
                            Fate::Skipped => Line::IdaSkip,
                            Fate::Duplicate => Line::IdaDuplicate,
                            Fate::Pruned if ids_cut => Line::IdsCut,
                            Fate::Pruned => Line::IdaCut,
                            _ => Line::IdaDescend,
                        });
                        if fate == Fate::Pruned {
                            let f = g + h;
                            self.least_cut = Some(self.least_cut.map_or(f, |l| l.min(f)));
                        }
                        let bound = self.bound.unwrap_or(g + h);
                        let least = self.least_cut;
                        e.say(|| Narration::IdaChild {
                            i,
                            g,
                            h,
                            fate,
                            bound,
                            least,
                        });
                        self.bound_vars(e);
                    }
                    K::Annealing | K::Tabu | K::HillClimbing => {}
                }
            }
            Event::IterationStart { bound } => {
                match self.kind {
                    K::DepthLimited => {
                        e.run(Line::DfsInit);
                        e.say(|| Narration::DfsLimit { limit: bound });
                    }
                    _ => {
                        let ids = self.kind == K::Deepening(Deepen::Depth);
                        match self.bound {
                            None => {
                                e.run(if ids { Line::IdsInit } else { Line::IdaInit });
                                e.say(|| Narration::FirstBound { bound });
                            }
                            Some(was) => {
                                e.run(if ids { Line::IdsNext } else { Line::IdaNext });
                                e.say(|| Narration::NextBound {
                                    was,
                                    least: self.least_cut,
                                    next: bound,
                                });
                            }
                        }
                        e.run(Line::IdaRound);
                    }
                }
                self.bound = Some(bound);
                self.least_cut = None;
                self.at_depth = None;
                self.bound_vars(e);
            }
            Event::Goal { g } => match self.kind {
                K::BreadthFirst { .. } => {
                    e.run(Line::BfsGoal);
                    e.say(|| Narration::Goal { g });
                }
                K::BestFirst(_) => {
                    e.run(Line::BestGoal);
                    let state = model
                        .next_open(1)
                        .pop()
                        .map_or_else(|| model.start().clone(), |n| n.state);
                    e.say(|| Narration::BestGoal { state, g });
                }
                K::DepthLimited | K::Deepening(_) => {
                    // The child searched next is the goal itself.
                    e.lines
                        .retain(|l| !matches!(l, Line::DfsDescend | Line::IdaDescend));
                    let dfs = self.kind == K::DepthLimited;
                    e.run(if dfs { Line::DepthGoal } else { Line::IdaGoal });
                    e.say(|| Narration::Goal { g });
                }
                K::Annealing | K::Tabu | K::HillClimbing => {
                    e.run(Line::LocalGoal);
                    e.say(|| Narration::LocalGoal { g });
                }
            },
            // The proposal as the model just folded it.
            Event::Propose(_) => {
                if let Some(p) = model.proposals.back() {
                    self.propose(e, model, p);
                }
            }
            Event::Aspiration { score, .. } => {
                e.lines.retain(|l| *l != Line::TabuOldest);
                // The step's lines in pseudocode order: weigh, aspire, move.
                e.lines.retain(|l| *l != Line::TabuMove);
                e.run(Line::TabuAspire);
                e.run(Line::TabuMove);
                let best = self.best_before.unwrap_or(score);
                for n in &mut e.narration {
                    if let Narration::TabuAllTabu { score } = *n {
                        *n = Narration::TabuAspiration { score, best };
                    }
                }
                e.set(Var::Aspiration, Value::Flag(true));
            }
            Event::TabuAdd { .. } | Event::TabuExpire { .. } => {
                e.set(Var::TabuLen, Value::Whole(model.tabu.len() as u64));
            }
            Event::Diversify => e.run(Line::TabuKick),
            Event::Restart { run } => {
                e.run(Line::AnnealRestart);
                e.say(|| Narration::Restarted { run: run + 1 });
            }
            Event::LocalMinimum { energy } => {
                e.run(Line::GreedyStuck);
                e.say(|| Narration::GreedyStuck { energy });
            }
        }
    }
}

impl Lesson {
    /// Whether what a step says depends on the steps before it: a
    /// depth-first search's bound, least cut and depth, tabu search's best
    /// score and last move (a step passed over must still keep them).
    fn remembers(&self) -> bool {
        match self.kind {
            SearchKind::DepthLimited | SearchKind::Deepening(_) | SearchKind::Tabu => true,
            SearchKind::BreadthFirst { .. }
            | SearchKind::BestFirst(_)
            | SearchKind::Annealing
            | SearchKind::HillClimbing => false,
        }
    }

    /// Depth first, a child of a node above the one searched last: the
    /// search backed up to it.
    fn back_up(&mut self, e: &mut Explained, model: &Model, search: Line) {
        let Some(node) = model.current() else { return };
        if self.at_depth != Some(node.g) {
            self.at_depth = Some(node.g);
            e.run(search);
            e.say(|| Narration::BackUp {
                state: node.state.clone(),
                g: node.g,
            });
        }
    }

    /// IDA*'s bound (IDS's limit) and the least f cut so far.
    fn bound_vars(&self, e: &mut Explained) {
        let Some(bound) = self.bound else { return };
        let name = if self.kind == SearchKind::Deepening(Deepen::Cost) {
            Var::Bound
        } else {
            Var::Limit
        };
        e.set(name, Value::Whole(bound.into()));
        if self.kind != SearchKind::DepthLimited {
            let next = self
                .least_cut
                .map_or(Value::Infinite, |l| Value::Whole(l.into()));
            e.set(Var::Next, next);
        }
    }

    fn propose(&mut self, e: &mut Explained, model: &Model, p: &Proposal) {
        match self.kind {
            SearchKind::Annealing => {
                let delta = p.proposed - p.energy;
                e.run(Line::AnnealPick);
                e.run(if delta <= 0.0 {
                    Line::AnnealDown
                } else {
                    Line::AnnealChance
                });
                e.run(Line::AnnealCool);
                let t = p.temperature.unwrap_or(0.0);
                let chance = p.probability.unwrap_or(1.0);
                e.say(|| Narration::Anneal {
                    from: p.energy,
                    to: p.proposed,
                    t,
                    p: chance,
                    accepted: p.accepted,
                });
                e.set(Var::Energy, Value::Real(p.energy));
                e.set(Var::Proposed, Value::Real(p.proposed));
                e.set(Var::Delta, Value::Real(delta));
                e.set(Var::Temperature, Value::Real(t));
                e.set(Var::Chance, Value::Chance(chance));
                e.set(Var::Taken, Value::Flag(p.accepted));
            }
            SearchKind::Tabu => {
                let best = *self.best.get_or_insert(p.energy);
                let kick = p.accepted && self.last_taken == Some(p.iteration);
                if kick {
                    e.run(Line::TabuKick);
                    e.say(|| Narration::TabuKick { score: p.proposed });
                } else if !p.accepted {
                    e.run(Line::TabuWeigh);
                    e.say(|| Narration::TabuWeighed {
                        score: p.proposed,
                        tabu: p.tabu,
                    });
                } else {
                    e.run(Line::TabuWeigh);
                    if p.tabu {
                        // Aspiration, if its event follows; else every
                        // neighbour was tabu.
                        e.run(Line::TabuOldest);
                        e.say(|| Narration::TabuAllTabu { score: p.proposed });
                    } else {
                        e.run(Line::TabuFree);
                        e.say(|| Narration::TabuTaken {
                            score: p.proposed,
                            best,
                        });
                    }
                    e.run(Line::TabuMove);
                    self.best_before = Some(best);
                    self.best = Some(best.min(p.proposed));
                    self.last_taken = Some(p.iteration);
                }
                e.set(Var::Score, Value::Real(p.proposed));
                e.set(Var::IsTabu, Value::Flag(p.tabu));
                e.set(Var::Best, Value::Real(self.best.unwrap_or(best)));
                e.set(Var::TabuLen, Value::Whole(model.tabu.len() as u64));
            }
            SearchKind::HillClimbing => {
                e.run(Line::GreedyWeigh);
                let (from, to) = (p.energy, p.proposed);
                if p.accepted {
                    e.run(Line::GreedyTake);
                    e.say(|| Narration::GreedyTaken { from, to });
                } else {
                    e.say(|| Narration::GreedyWeighed { from, to });
                }
                e.set(Var::Energy, Value::Real(from));
                e.set(Var::Proposed, Value::Real(to));
            }
            // Only the local searches propose moves.
            SearchKind::BreadthFirst { .. }
            | SearchKind::BestFirst(_)
            | SearchKind::DepthLimited
            | SearchKind::Deepening(_) => {}
        }
    }
}
