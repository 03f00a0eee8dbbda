//! The left panel: puzzle size, strategy, heuristic, limits, the start
//! position buttons, Solve / Cancel with live counters, display toggles.

use std::ops::Not;

use crate::app::PlayCommand;
use eframe::egui;

use super::Command;
use super::i18n::{Lang, Message, TilesMsg, language, names, tr};
use super::settings::Settings;
use super::solver::Running;
use crate::engine::strategy::{self, Family};
use crate::engine::{HeuristicKind, Progress, Shape};
use crate::units::{bytes, parse_count, thousands};

/// Rows by columns: a sign, the same in every language.
const TIMES: &str = "×";

/// Facts the panel shows but does not own.
pub struct PanelState<'a> {
    /// The board's current shape.
    pub shape: Shape,
    /// The running solve, if any.
    pub running: Option<&'a Running>,
    /// Edit mode on.
    pub edit_mode: bool,
    /// The strong (7-8) database for this goal.
    pub strong_database: super::databases::StrongStatus,
    /// The goal's pattern, if it is one of the named ones.
    pub goal_pattern: Option<crate::engine::tiles::GoalPattern>,
}

/// Draw the panel; returns the commands clicked.
pub fn show(ui: &mut egui::Ui, settings: &mut Settings, state: &PanelState<'_>) -> Vec<Command> {
    let mut commands = Vec::new();
    // Solve (or Cancel with the live counters) stays at the foot of the
    // panel, in view at any window height; the settings above it scroll.
    egui::Panel::bottom("solve")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 6)))
        .show(ui, |ui| solve_section(ui, state, &mut commands));
    super::widgets::panel_scroll(ui, |ui| {
        puzzle_section(ui, settings, state, &mut commands);
        ui.separator();
        strategy_section(ui, settings, state, &mut commands);
        ui.separator();
        start_section(ui, settings, state, &mut commands);
        ui.separator();
        ui.checkbox(&mut settings.animate, tr(ui, TilesMsg::AnimateSlides));
        ui.checkbox(&mut settings.mark_home, tr(ui, TilesMsg::MarkHome));
        ui.checkbox(&mut settings.show_distance, tr(ui, TilesMsg::ShowDistance));
        ui.separator();
        super::appearance::show(ui, &mut settings.look, &mut commands);
    });
    commands
}

fn puzzle_section(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    state: &PanelState<'_>,
    commands: &mut Vec<Command>,
) {
    ui.heading(tr(ui, TilesMsg::HeadingPuzzle));
    let idle = state.running.is_none();
    ui.add_enabled_ui(idle, |ui| {
        ui.horizontal_wrapped(|ui| {
            for side in [3u8, 4, 5] {
                let shape = Shape::new(side, side).expect("valid side");
                if ui
                    .radio(state.shape == shape, format!("{side}×{side}"))
                    .clicked()
                    && state.shape != shape
                {
                    commands.push(Command::Play(PlayCommand::NewSize(shape)));
                }
            }
        });
        // Any number may be typed: one out of range is named below, not
        // silently clamped.
        let problem = custom_size_problem(settings.rows, settings.cols, language(ui.ctx()));
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(tr(ui, TilesMsg::Custom));
            // Wide enough for "10 rows": the New button does not move as
            // the numbers change. Out-of-range values stay as typed and are
            // named below (not clamped).
            let size = egui::vec2(62.0, ui.spacing().interact_size.y);
            ui.add_sized(
                size,
                egui::DragValue::new(&mut settings.rows).suffix(tr(ui, TilesMsg::RowsSuffix)),
            )
            .labelled_by(l.id);
            ui.label(TIMES);
            ui.add_sized(
                size,
                egui::DragValue::new(&mut settings.cols).suffix(tr(ui, TilesMsg::ColsSuffix)),
            )
            .labelled_by(l.id);
            if ui
                .add_enabled(
                    problem.is_none(),
                    egui::Button::new(tr(ui, TilesMsg::NewButton)),
                )
                .clicked()
            {
                commands.push(Command::Play(PlayCommand::NewSize(settings.shape())));
            }
        });
        if let Some(problem) = problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
        goal_choice(ui, state.goal_pattern, commands);
    });
}

/// The goal pattern, by name; choosing one sets it with a random start.
fn goal_choice(
    ui: &mut egui::Ui,
    shown: Option<crate::engine::tiles::GoalPattern>,
    commands: &mut Vec<Command>,
) {
    use crate::engine::tiles::GoalPattern;
    let lang = language(ui.ctx());
    let name = |p: Option<GoalPattern>| match p {
        Some(p) => super::i18n::names::pattern_label(p, lang),
        None => TilesMsg::GoalCustom.text(lang),
    };
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr(ui, TilesMsg::GoalLabel));
        egui::ComboBox::from_id_salt("goal_pattern")
            .selected_text(name(shown))
            .show_ui(ui, |ui| {
                for p in GoalPattern::ALL {
                    if ui
                        .selectable_label(shown == Some(p), name(Some(p)))
                        .clicked()
                        && shown != Some(p)
                    {
                        commands.push(Command::Play(PlayCommand::SetGoal(p)));
                    }
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(tr(ui, TilesMsg::GoalPatternHint));
    });
}

/// What is wrong with a custom size of `rows` × `cols`, in words.
fn custom_size_problem(rows: u8, cols: u8, lang: Lang) -> Option<String> {
    let (min, max) = (Shape::MIN_SIDE, Shape::MAX_SIDE);
    let bad = |n: u8| !(min..=max).contains(&n);
    let msg = match (bad(rows), bad(cols)) {
        (false, false) => return None,
        (true, true) => TilesMsg::BothOut {
            min,
            max,
            rows,
            cols,
        },
        (true, false) => TilesMsg::RowsOut {
            min,
            max,
            rows,
            cols,
        },
        (false, true) => TilesMsg::ColsOut {
            min,
            max,
            rows,
            cols,
        },
    };
    Some(msg.text(lang))
}

fn strategy_section(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    state: &PanelState<'_>,
    commands: &mut Vec<Command>,
) {
    let shape = state.shape;
    ui.heading(tr(ui, TilesMsg::HeadingStrategy));
    strategy_radios(ui, &mut settings.strategy, Family::Tiles);
    let uses = super::solver::strategy_named(&settings.strategy).uses_heuristic();
    ui.add_space(4.0);
    ui.label(tr(ui, TilesMsg::Heuristic));
    ui.add_enabled_ui(uses, |ui| {
        ui.horizontal_wrapped(|ui| {
            for kind in HeuristicKind::ALL {
                let why = unavailable_in(kind, shape, language(ui.ctx()));
                let label = names::heuristic_label(kind, language(ui.ctx()));
                // Some (the 24-puzzle's database) are listed on their own
                // board only, so other boards' panels keep their height
                // (the view keeps the choice to what fits).
                if !kind.spec().listed_where_unfit && why.is_some() {
                    continue;
                }
                let r = ui.add_enabled(
                    why.is_none(),
                    egui::RadioButton::new(settings.heuristic == kind, label),
                );
                if r.clicked() {
                    settings.heuristic = kind;
                }
                if let Some(why) = why {
                    r.on_disabled_hover_text(why);
                }
            }
        });
    });
    // Not while a solve runs: its counters need the room, and a build then
    // would compete with it.
    if state.running.is_none() {
        super::databases::strong_ui(ui, state.strong_database, commands);
    }
    ui.add_space(4.0);
    ui.label(tr(ui, TilesMsg::Limits));
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut settings.limit_nodes, tr(ui, TilesMsg::LimitNodes));
        // Kept in thousands; shown and typed as a count ("10 M", "1000 万").
        let knodes = settings.max_knodes;
        let lang = language(ui.ctx());
        ui.add_enabled(
            settings.limit_nodes,
            egui::DragValue::new(&mut settings.max_knodes)
                .range(1..=10_000_000)
                // About 1 % of the value a pixel: any limit is a short drag away.
                .speed((knodes as f64 / 100.0).max(1.0))
                .custom_formatter(move |k, _| {
                    crate::app::i18n::count((k * 1000.0).round() as u64, lang)
                })
                .custom_parser(|text| parse_count(text).map(|n| n as f64 / 1000.0)),
        )
        .on_hover_text(tr(
            ui,
            TilesMsg::LimitNodesHint {
                nodes: thousands(knodes.saturating_mul(1000)),
            },
        ));
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut settings.limit_time, tr(ui, TilesMsg::LimitTime));
        ui.add_enabled(
            settings.limit_time,
            egui::DragValue::new(&mut settings.time_limit)
                .range(0.1..=86_400.0)
                .speed(1.0)
                .suffix(tr(ui, TilesMsg::SecondsSuffix)),
        )
        .on_hover_text(tr(ui, TilesMsg::LimitTimeHint));
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr(ui, TilesMsg::Threads));
        let cores = crate::engine::control::cores();
        let mut threads = settings.threads();
        ui.add(egui::DragValue::new(&mut threads).range(1..=cores))
            .labelled_by(label.id)
            .on_hover_text(tr(ui, TilesMsg::ThreadsHint { cores }));
        settings.set_threads(threads);
    });
    // The chosen strategy's parameters last: a block that comes and goes
    // with the strategy moves nothing above it (under the heuristics it
    // moved them, and the strong database's button, while the pointer was
    // on its way to them).
    let name = settings.strategy.clone();
    super::tuning::show(ui, &name, settings.tuning.of_mut(&name));
}

fn start_section(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    state: &PanelState<'_>,
    commands: &mut Vec<Command>,
) {
    ui.heading(tr(ui, TilesMsg::HeadingStart));
    ui.add_enabled_ui(state.running.is_none(), |ui| {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr(ui, TilesMsg::Randomize))
                .on_hover_text(tr(ui, TilesMsg::RandomizeHint))
                .clicked()
            {
                commands.push(Command::Play(PlayCommand::Randomize));
            }
            if ui.button(tr(ui, TilesMsg::SetState)).clicked() {
                commands.push(Command::OpenSetState);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr(ui, TilesMsg::Shuffle))
                .on_hover_text(tr(ui, TilesMsg::ShuffleHint))
                .clicked()
            {
                commands.push(Command::Play(PlayCommand::Shuffle));
            }
            ui.add(
                egui::Slider::new(&mut settings.shuffle_moves, 1..=300)
                    .text(tr(ui, TilesMsg::ShuffleMoves)),
            );
        });
        // Where the board goes back to: both undoable.
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr(ui, TilesMsg::Reset))
                .on_hover_text(tr(ui, TilesMsg::ResetHint))
                .clicked()
            {
                commands.push(Command::Play(PlayCommand::Reset));
            }
            if ui
                .button(tr(ui, TilesMsg::GoToGoal))
                .on_hover_text(tr(ui, TilesMsg::GoToGoalHint))
                .clicked()
            {
                commands.push(Command::Play(PlayCommand::GoToGoal));
            }
            let mut edit = state.edit_mode;
            if ui
                .toggle_value(&mut edit, tr(ui, TilesMsg::EditMode))
                .on_hover_text(tr(ui, TilesMsg::EditModeHint))
                .clicked()
            {
                commands.push(Command::Play(PlayCommand::ToggleEdit));
            }
        });
    });
}

fn solve_section(ui: &mut egui::Ui, state: &PanelState<'_>, commands: &mut Vec<Command>) {
    match state.running {
        None => {
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add_enabled(!state.edit_mode, egui::Button::new(tr(ui, TilesMsg::Solve)))
                    .clicked()
                {
                    commands.push(Command::Play(PlayCommand::Solve));
                }
                if ui
                    .add_enabled(
                        !state.edit_mode,
                        egui::Button::new(tr(ui, TilesMsg::Inspect)),
                    )
                    .on_hover_text(tr(ui, TilesMsg::InspectHint))
                    .clicked()
                {
                    commands.push(Command::Inspect);
                }
            });
        }
        Some(run) => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                let run = run.run.text(language(ui.ctx()));
                ui.label(tr(ui, TilesMsg::Running { run }));
            });
            if let Some((name, phase)) = run.database() {
                super::databases::progress_ui(ui, name, phase);
            }
            // Shown (as zeros) before the first report too, so Cancel
            // does not move when the counters arrive.
            let progress = run.progress().unwrap_or_default();
            live_counters_with_database(ui, &progress, run.database_bytes());
            if ui.button(tr(ui, TilesMsg::Cancel)).clicked() {
                commands.push(Command::Play(PlayCommand::Cancel));
            }
        }
    }
}

/// Why heuristic `kind` cannot guide a search on `shape`, in the panel's
/// English words (the engine's reason names the command line's key).
pub fn unavailable(kind: HeuristicKind, shape: Shape) -> Option<String> {
    unavailable_in(kind, shape, Lang::English)
}

/// [`unavailable`] in `lang`.
pub fn unavailable_in(kind: HeuristicKind, shape: Shape, lang: Lang) -> Option<String> {
    super::offered::fits(kind, shape)
        .not()
        .then(|| super::error::heuristic_unavailable(kind, shape, lang))
}

/// The live counters of a running search.
pub fn live_counters(ui: &mut egui::Ui, p: &Progress) {
    live_counters_with_database(ui, p, 0);
}

/// The live counters of a running search that reads a pattern database
/// of `database` bytes (0: none): its memory under the search's.
pub fn live_counters_with_database(ui: &mut egui::Ui, p: &Progress, database: u64) {
    egui::Grid::new("live").num_columns(2).show(ui, |ui| {
        ui.label(tr(ui, TilesMsg::LiveExpanded));
        ui.label(thousands(p.expanded));
        ui.end_row();
        ui.label(tr(ui, TilesMsg::LiveFrontier));
        ui.label(format!(
            "{} / {}",
            thousands(p.frontier),
            thousands(p.stored)
        ));
        ui.end_row();
        ui.label(tr(ui, TilesMsg::LiveBound));
        ui.label(p.bound.map_or("–".into(), |b| b.to_string()));
        ui.end_row();
        ui.label(tr(ui, TilesMsg::LiveMemory));
        match names::database_line(database) {
            None => {
                ui.label(bytes(p.bytes));
            }
            Some(db) => {
                ui.vertical(|ui| {
                    ui.spacing_mut().item_spacing.y = 0.0;
                    ui.label(bytes(p.bytes));
                    let hint = names::database_hint(language(ui.ctx()));
                    ui.label(egui::RichText::new(db).weak()).on_hover_text(hint);
                });
            }
        }
        ui.end_row();
        ui.label(tr(ui, TilesMsg::LiveElapsed));
        let seconds = format!("{:.1}", p.elapsed.as_secs_f64());
        ui.label(tr(ui, TilesMsg::Seconds { seconds }));
        ui.end_row();
    });
}

/// The registry's strategies for `family` as radio buttons: the exact
/// searches on one row, the others on the next (shared by tiles and Klotski).
pub fn strategy_radios(ui: &mut egui::Ui, selected: &mut String, family: Family) {
    let lang = language(ui.ctx());
    for optimal in [true, false] {
        ui.horizontal_wrapped(|ui| {
            for s in strategy::for_family(family).filter(|s| s.is_optimal() == optimal) {
                let label = names::strategy_label(s, lang);
                ui.radio_value(selected, s.name().to_string(), label)
                    .on_hover_text(names::strategy_description(s, lang));
            }
        });
    }
}
