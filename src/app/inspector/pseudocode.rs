//! The pseudocode panel: the strategy's pseudocode with the lines the last
//! step ran highlighted (marked ▶), one sentence per thing it did, and the
//! variables it touched. It only draws the model's [`Lesson`].

use eframe::egui;

use super::board::Subject;
use super::lesson::{Lesson, Line, Narration, Value, Var};
use super::model::Model;
use crate::app::i18n::{Lang, LessonMsg, Message, language, tr};
use crate::engine::observe::{Fate, StateKey};
use crate::engine::strategy::{Deepen, Key, SearchKind};

/// Iterative deepening on the depth: its bound is a depth limit.
const IDS: SearchKind = SearchKind::Deepening(Deepen::Depth);

/// The mark before a line the step ran.
pub const RAN: &str = "▶";

/// The panel beside the board.
/// `bound_asked`: a question asks the next bound, and the least f cut so
/// far (which becomes it) is kept back, in the variables and the words.
pub fn show(ui: &mut egui::Ui, subject: &Subject, model: &Model, bound_asked: bool) {
    let Some(lesson) = model.lesson() else {
        return;
    };
    let lang = language(ui.ctx());
    ui.heading(tr(ui, LessonMsg::Heading));
    egui::ScrollArea::vertical()
        .id_salt("pseudocode")
        .show(ui, |ui| {
            let ran = lesson.explained().map_or(&[][..], |e| &e.lines[..]);
            for line in lesson.lines() {
                let text = line_text(line, ran, lang);
                let marked = ui.visuals().selection.bg_fill;
                let style = |part: &str| {
                    let rich = egui::RichText::new(part).monospace();
                    if ran.contains(&line) {
                        rich.strong().background_color(marked)
                    } else {
                        rich
                    }
                };
                // A wrapped line keeps its indentation: the mark and the
                // leading spaces stand in a column of their own and the
                // words wrap beside them (read as one line, whole).
                let at = text
                    .char_indices()
                    .find(|&(_, c)| c != ' ' && !RAN.contains(c))
                    .map_or(text.len(), |(i, _)| i);
                let (indent, words) = text.split_at(at);
                ui.horizontal_top(|ui| {
                    ui.spacing_mut().item_spacing.x = 0.0;
                    ui.add(egui::Label::new(style(indent)).selectable(false));
                    ui.add(egui::Label::new(style(words)).wrap())
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
                });
            }
            ui.separator();
            ui.strong(tr(ui, LessonMsg::ThisStep));
            match lesson.explained() {
                None => {
                    ui.add(egui::Label::new(tr(ui, LessonMsg::Ready)).wrap());
                }
                Some(e) if e.unexplained => {
                    ui.add(egui::Label::new(tr(ui, LessonMsg::PassedOver)).wrap());
                }
                Some(e) => {
                    for n in &e.narration {
                        let text = narrate_kept(n, lesson, subject, lang, bound_asked);
                        ui.add(egui::Label::new(text).wrap());
                    }
                    if !e.vars.is_empty() {
                        ui.separator();
                        ui.strong(tr(ui, LessonMsg::Variables));
                        egui::Grid::new("lesson variables")
                            .num_columns(2)
                            .striped(true)
                            .show(ui, |ui| {
                                let key = lesson.kind().key().unwrap_or(Key::F);
                                for (var, value) in &e.vars {
                                    ui.label(tr(ui, var_name(*var, key)));
                                    let kept_back = bound_asked && *var == Var::Next;
                                    ui.monospace(match kept_back {
                                        true => "?".to_string(),
                                        false => value_text(*value, lang),
                                    });
                                    ui.end_row();
                                }
                            });
                    }
                }
            }
        });
}

/// A line as the panel shows it: marked if the step ran it.
pub fn line_text(line: Line, ran: &[Line], lang: Lang) -> String {
    let mark = if ran.contains(&line) { RAN } else { " " };
    format!("{mark} {}", line_words(line).text(lang))
}

/// A state as a sentence names it: a tile board row by row (`2 8 6 / 4 5 7
/// / 3 · 1`, the blank a dot), a Klotski layout as "this position".
pub fn state_words(subject: &Subject, state: &str, lang: Lang) -> String {
    match subject {
        Subject::Tiles(goal) => {
            let cols = usize::from(goal.shape().cols.max(1));
            let cells: Vec<&str> = state
                .split_whitespace()
                .map(|t| if t == "0" { "·" } else { t })
                .collect();
            let rows: Vec<String> = cells.chunks(cols).map(|r| r.join(" ")).collect();
            rows.join(" / ")
        }
        Subject::Klotski(_) => LessonMsg::ThisPosition.text(lang),
    }
}

/// A number as the narration writes it: whole numbers without decimals,
/// others to three places.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A chance in per cent: `37 %`, `0.52 %`, `< 0.01 %`.
pub fn percent(p: f64) -> String {
    let pc = p * 100.0;
    if pc >= 10.0 {
        format!("{pc:.0} %")
    } else if pc >= 0.01 {
        format!("{pc:.2} %")
    } else if pc > 0.0 {
        "< 0.01 %".to_string()
    } else {
        "0 %".to_string()
    }
}

/// A sentence of the step in `lang`.
/// [`narrate`], but while a question asks the next bound (`bound_asked`)
/// a cut child's sentence keeps back the least f cut so far: it is the
/// answer.
pub fn narrate_kept(
    n: &Narration,
    lesson: &Lesson,
    subject: &Subject,
    lang: Lang,
    bound_asked: bool,
) -> String {
    match n {
        Narration::IdaChild {
            i,
            g,
            h,
            fate: Fate::Pruned,
            bound,
            ..
        } if bound_asked => LessonMsg::IdaCutVeiled1 {
            i: *i,
            g: *g,
            h: *h,
            f: g + h,
            bound: *bound,
        }
        .text(lang),
        _ => narrate(n, lesson, subject, lang),
    }
}

pub fn narrate(n: &Narration, lesson: &Lesson, subject: &Subject, lang: Lang) -> String {
    let board = |s: &StateKey| state_words(subject, &subject.text(s), lang);
    let msg = match n.clone() {
        Narration::BfsTake { state, g, waiting } => LessonMsg::BfsTake1 {
            state: board(&state),
            g,
            waiting: waiting.to_string(),
        },
        Narration::BfsNew { i, at } => LessonMsg::BfsNew1 {
            i,
            at: at.to_string(),
        },
        Narration::BfsSeen { i } => LessonMsg::BfsSeen1 { i },
        Narration::Goal { g } => LessonMsg::Goal1 { g },
        Narration::BestTake { state, g, h, ties } => {
            let ties = if ties == 0 {
                LessonMsg::NoTies
            } else {
                LessonMsg::Ties {
                    n: ties.to_string(),
                }
            }
            .text(lang);
            match lesson.kind().key().unwrap_or(Key::F) {
                Key::F => LessonMsg::BestTake1 {
                    state: board(&state),
                    f: g + h,
                    ties,
                },
                Key::Weighted(w) => LessonMsg::BestTakeWeighted1 {
                    state: board(&state),
                    g,
                    w: number(w),
                    h,
                    key: number(Key::Weighted(w).value(g, h)),
                    ties,
                },
                Key::Estimate => LessonMsg::BestTakeEstimate1 {
                    state: board(&state),
                    h,
                    ties,
                },
            }
        }
        Narration::BestGoal { state, g } => LessonMsg::BestGoal1 {
            state: board(&state),
            g,
        },
        Narration::BestChild { i, g, h, fate } => match fate {
            Fate::New => LessonMsg::BestNew1 { i, g, h, f: g + h },
            Fate::Reopened => LessonMsg::BestReopened1 { i, g, f: g + h },
            Fate::Improved => LessonMsg::BestImproved1 { i, g, f: g + h },
            _ => LessonMsg::BestDuplicate1 { i, g },
        },
        Narration::DfsLimit { limit } => LessonMsg::DfsLimit1 { limit },
        Narration::DfsSearch { state, g } => LessonMsg::DfsSearch1 {
            state: board(&state),
            g,
        },
        Narration::DfsChild { i, g, fate, limit } => match fate {
            Fate::Duplicate => LessonMsg::DfsDuplicate1 { i, g },
            Fate::Pruned => LessonMsg::DfsCut1 { i, limit },
            _ => LessonMsg::DfsNew1 { i },
        },
        Narration::BackUp { state, g } => LessonMsg::BackUp1 {
            state: board(&state),
            g,
        },
        Narration::FirstBound { bound } if lesson.kind() == IDS => LessonMsg::FirstLimit1 { bound },
        Narration::FirstBound { bound } => LessonMsg::FirstBound1 { bound },
        Narration::NextBound { was, least, next } => {
            let least = least.map_or_else(|| "∞".to_string(), |l| l.to_string());
            if lesson.kind() == IDS {
                LessonMsg::NextLimit1 { was, least, next }
            } else {
                LessonMsg::NextBound1 { was, least, next }
            }
        }
        Narration::IdaSearch { state, g, h, bound } => LessonMsg::IdaSearch1 {
            state: board(&state),
            g,
            h,
            f: g + h,
            bound,
        },
        Narration::IdaChild {
            i,
            g,
            h,
            fate,
            bound,
            least,
        } => match fate {
            Fate::Pruned => LessonMsg::IdaCut1 {
                i,
                g,
                h,
                f: g + h,
                bound,
                least: least.unwrap_or(g + h),
            },
            Fate::Skipped => LessonMsg::IdaSkipped1 { i },
            Fate::Duplicate => LessonMsg::IdaDuplicate1 { i, g },
            _ => LessonMsg::IdaNew1 { i, f: g + h, bound },
        },
        Narration::Anneal {
            from,
            to,
            t,
            p,
            accepted,
        } => {
            if to <= from {
                LessonMsg::Downhill1 {
                    from: number(from),
                    to: number(to),
                }
            } else {
                let verdict = if accepted {
                    LessonMsg::Accepted
                } else {
                    LessonMsg::Rejected
                };
                LessonMsg::Uphill1 {
                    delta: number(to - from),
                    t: number(t),
                    p: percent(p),
                    verdict: verdict.text(lang),
                }
            }
        }
        Narration::Restarted { run } => LessonMsg::Restarted1 { run },
        Narration::TabuWeighed { score, tabu } => LessonMsg::TabuWeighed1 {
            score: number(score),
            tabu: if tabu {
                LessonMsg::OnTabuList.text(lang)
            } else {
                String::new()
            },
        },
        Narration::TabuTaken { score, best } => LessonMsg::TabuTaken1 {
            score: number(score),
            best: number(best),
        },
        Narration::TabuAspiration { score, best } => LessonMsg::TabuAspiration1 {
            score: number(score),
            best: number(best),
        },
        Narration::TabuAllTabu { score } => LessonMsg::TabuAllTabu1 {
            score: number(score),
        },
        Narration::TabuKick { score } => LessonMsg::TabuKick1 {
            score: number(score),
        },
        Narration::GreedyWeighed { from, to } => LessonMsg::GreedyWeighed1 {
            from: number(from),
            to: number(to),
        },
        Narration::GreedyTaken { from, to } => LessonMsg::GreedyTaken1 {
            from: number(from),
            to: number(to),
        },
        Narration::GreedyStuck { energy } => LessonMsg::GreedyStuck1 {
            energy: number(energy),
        },
        Narration::LocalGoal { g } => LessonMsg::LocalGoal1 { g },
    };
    msg.text(lang)
}

/// A value in words.
fn value_text(value: Value, lang: Lang) -> String {
    match value {
        Value::Whole(n) => n.to_string(),
        Value::Real(x) => number(x),
        Value::Chance(p) => percent(p),
        Value::Flag(true) => LessonMsg::Yes.text(lang),
        Value::Flag(false) => LessonMsg::No.text(lang),
        Value::Infinite => "∞".to_string(),
    }
}

/// A variable's name; `key`: what a best-first search's ties share.
fn var_name(var: Var, key: Key) -> LessonMsg {
    match var {
        Var::G => LessonMsg::VarG,
        Var::H => LessonMsg::VarH,
        Var::F => LessonMsg::VarF,
        Var::Key => LessonMsg::VarKey,
        Var::Ties => match key {
            Key::F => LessonMsg::VarTies,
            Key::Weighted(_) => LessonMsg::VarTiesKey,
            Key::Estimate => LessonMsg::VarTiesH,
        },
        Var::Queue => LessonMsg::VarQueue,
        Var::Bound => LessonMsg::VarBound,
        Var::Limit => LessonMsg::VarLimit,
        Var::Next => LessonMsg::VarNext,
        Var::Energy => LessonMsg::VarEnergy,
        Var::Proposed => LessonMsg::VarProposed,
        Var::Delta => LessonMsg::VarDelta,
        Var::Temperature => LessonMsg::VarTemperature,
        Var::Chance => LessonMsg::VarChance,
        Var::Taken => LessonMsg::VarTaken,
        Var::Score => LessonMsg::VarScore,
        Var::Best => LessonMsg::VarBest,
        Var::IsTabu => LessonMsg::VarIsTabu,
        Var::TabuLen => LessonMsg::VarTabuLen,
        Var::Aspiration => LessonMsg::VarAspiration,
    }
}

/// A line's words.
fn line_words(line: Line) -> LessonMsg {
    use LessonMsg as M;
    match line {
        Line::BfsInit => M::BfsInit,
        Line::BfsTake => M::BfsTake,
        Line::BfsEach => M::BfsEach,
        Line::BfsMirror => M::BfsMirror,
        Line::BfsSeen => M::BfsSeen,
        Line::BfsStore => M::BfsStore,
        Line::BfsGoal => M::BfsGoal,
        Line::BestInit => M::BestInit,
        Line::BestTake => M::BestTake,
        Line::BestTakeWeighted => M::BestTakeWeighted,
        Line::BestTakeEstimate => M::BestTakeEstimate,
        Line::BestGoal => M::BestGoal,
        Line::BestEach => M::BestEach,
        Line::BestNew => M::BestNew,
        Line::BestDuplicate => M::BestDuplicate,
        Line::BestReopen => M::BestReopen,
        Line::BestImprove => M::BestImprove,
        Line::DfsInit => M::DfsInit,
        Line::DfsSearch => M::DfsSearch,
        Line::DfsDuplicate => M::DfsDuplicate,
        Line::DfsCut => M::DfsCut,
        Line::DepthGoal => M::DepthGoal,
        Line::DfsDescend => M::DfsDescend,
        Line::IdaInit => M::IdaInit,
        Line::IdsInit => M::IdsInit,
        Line::IdaRound => M::IdaRound,
        Line::IdaSearch => M::IdaSearch,
        Line::IdaSkip => M::IdaSkip,
        Line::IdaDuplicate => M::IdaDuplicate,
        Line::IdaCut => M::IdaCut,
        Line::IdsCut => M::IdsCut,
        Line::IdaGoal => M::IdaGoal,
        Line::IdaDescend => M::IdaDescend,
        Line::IdaNext => M::IdaNext,
        Line::IdsNext => M::IdsNext,
        Line::AnnealInit => M::AnnealInit,
        Line::AnnealPick => M::AnnealPick,
        Line::AnnealDown => M::AnnealDown,
        Line::AnnealChance => M::AnnealChance,
        Line::AnnealCool => M::AnnealCool,
        Line::AnnealRestart => M::AnnealRestart,
        Line::LocalGoal => M::LocalGoal,
        Line::TabuInit => M::TabuInit,
        Line::TabuWeigh => M::TabuWeigh,
        Line::TabuFree => M::TabuFree,
        Line::TabuAspire => M::TabuAspire,
        Line::TabuOldest => M::TabuOldest,
        Line::TabuMove => M::TabuMove,
        Line::TabuKick => M::TabuKick,
        Line::GreedyInit => M::GreedyInit,
        Line::GreedyWeigh => M::GreedyWeigh,
        Line::GreedyStuck => M::GreedyStuck,
        Line::GreedyTake => M::GreedyTake,
    }
}
