//! The left panel: puzzle size, strategy, heuristic, limits, the start
//! position buttons, Solve / Cancel with live counters, display toggles.

use eframe::egui;

use super::Command;
use super::settings::Settings;
use super::solver::Running;
use crate::engine::strategy::{self, Family};
use crate::engine::{HeuristicKind, Progress, Shape};
use crate::units::{bytes, count, parse_count, thousands};

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
    egui::ScrollArea::vertical().show(ui, |ui| {
        puzzle_section(ui, settings, state, &mut commands);
        ui.separator();
        strategy_section(ui, settings, state, &mut commands);
        ui.separator();
        start_section(ui, settings, state, &mut commands);
        ui.separator();
        ui.checkbox(&mut settings.animate, "Animate slides");
        ui.checkbox(&mut settings.mark_home, "Mark tiles in place");
        ui.checkbox(&mut settings.show_distance, "Show distance and Hint");
    });
    commands
}

fn puzzle_section(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    state: &PanelState<'_>,
    commands: &mut Vec<Command>,
) {
    ui.heading("Puzzle");
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
                    commands.push(Command::NewSize(shape));
                }
            }
        });
        // Any number may be typed: one out of range is named below, not
        // silently clamped.
        let problem = custom_size_problem(settings.rows, settings.cols);
        ui.horizontal(|ui| {
            let l = ui.label("Custom");
            // Wide enough for "10 rows": the New button does not move as
            // the numbers change. Out-of-range values stay as typed and are
            // named below (not clamped).
            let size = egui::vec2(62.0, ui.spacing().interact_size.y);
            ui.add_sized(
                size,
                egui::DragValue::new(&mut settings.rows).suffix(" rows"),
            )
            .labelled_by(l.id);
            ui.label("×");
            ui.add_sized(
                size,
                egui::DragValue::new(&mut settings.cols).suffix(" cols"),
            )
            .labelled_by(l.id);
            if ui
                .add_enabled(problem.is_none(), egui::Button::new("New"))
                .clicked()
            {
                commands.push(Command::NewSize(settings.shape()));
            }
        });
        if let Some(problem) = problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    });
}

/// What is wrong with a custom size of `rows` × `cols`, in words.
fn custom_size_problem(rows: u8, cols: u8) -> Option<String> {
    let (min, max) = (Shape::MIN_SIDE, Shape::MAX_SIDE);
    let bad = |n: u8, what: &str| (!(min..=max).contains(&n)).then(|| what.to_string());
    let what = match (bad(rows, "Rows"), bad(cols, "columns")) {
        (None, None) => return None,
        (Some(r), Some(c)) => format!("{r} and {c}"),
        (Some(r), None) => r,
        (None, Some(_)) => "Columns".to_string(),
    };
    Some(format!(
        "{what} must be {min} to {max} (now {rows}×{cols})."
    ))
}

fn strategy_section(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    state: &PanelState<'_>,
    commands: &mut Vec<Command>,
) {
    let shape = state.shape;
    ui.heading("Strategy");
    strategy_radios(ui, &mut settings.strategy, Family::Tiles);
    super::tuning::show(ui, &settings.strategy.clone(), &mut settings.tuning);
    let uses = super::solver::strategy_named(&settings.strategy).uses_heuristic();
    ui.add_space(4.0);
    ui.label("Heuristic");
    ui.add_enabled_ui(uses, |ui| {
        ui.horizontal_wrapped(|ui| {
            for kind in HeuristicKind::ALL {
                let why = unavailable(kind, shape);
                // The 24-puzzle's database is listed on 5×5 (or while it is
                // the choice), so smaller boards' panels keep their height.
                if kind == HeuristicKind::Pdb6666 && why.is_some() && settings.heuristic != kind {
                    continue;
                }
                let r = ui.add_enabled(
                    why.is_none(),
                    egui::RadioButton::new(settings.heuristic == kind, kind.label()),
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
    ui.label("Limits");
    ui.horizontal(|ui| {
        ui.checkbox(&mut settings.limit_nodes, "Nodes");
        // Kept in thousands; shown and typed as a count ("10 M").
        let knodes = settings.max_knodes;
        ui.add_enabled(
            settings.limit_nodes,
            egui::DragValue::new(&mut settings.max_knodes)
                .range(1..=10_000_000)
                // About 1 % of the value a pixel: any limit is a short drag away.
                .speed((knodes as f64 / 100.0).max(1.0))
                .custom_formatter(|k, _| count((k * 1000.0).round() as u64))
                .custom_parser(|text| parse_count(text).map(|n| n as f64 / 1000.0)),
        )
        .on_hover_text(format!(
            "Stop after expanding {} nodes (type e.g. 500 k or 10 M)",
            thousands(knodes.saturating_mul(1000))
        ));
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut settings.limit_time, "Time");
        ui.add_enabled(
            settings.limit_time,
            egui::DragValue::new(&mut settings.time_limit)
                .range(0.1..=86_400.0)
                .speed(1.0)
                .suffix(" s"),
        )
        .on_hover_text("Stop after this many seconds");
    });
}

fn start_section(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    state: &PanelState<'_>,
    commands: &mut Vec<Command>,
) {
    ui.heading("Start");
    ui.add_enabled_ui(state.running.is_none(), |ui| {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Randomize")
                .on_hover_text("A uniformly random solvable state")
                .clicked()
            {
                commands.push(Command::Randomize);
            }
            if ui.button("Set state…").clicked() {
                commands.push(Command::OpenSetState);
            }
        });
        ui.horizontal(|ui| {
            if ui
                .button("Shuffle")
                .on_hover_text("Random moves from the goal")
                .clicked()
            {
                commands.push(Command::Shuffle);
            }
            ui.add(egui::Slider::new(&mut settings.shuffle_moves, 1..=300).text("moves"));
        });
        // Where the board goes back to: both undoable.
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Reset")
                .on_hover_text(
                    "Back to the start (the solution's start if there is one); Undo returns",
                )
                .clicked()
            {
                commands.push(Command::Reset);
            }
            if ui
                .button("Go to goal")
                .on_hover_text("Put the board at the goal; Undo returns")
                .clicked()
            {
                commands.push(Command::GoToGoal);
            }
            let mut edit = state.edit_mode;
            if ui
                .toggle_value(&mut edit, "Edit mode")
                .on_hover_text("Click two tiles to swap them")
                .clicked()
            {
                commands.push(Command::ToggleEdit);
            }
        });
    });
}

fn solve_section(ui: &mut egui::Ui, state: &PanelState<'_>, commands: &mut Vec<Command>) {
    match state.running {
        None => {
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(!state.edit_mode, egui::Button::new("Solve"))
                    .clicked()
                {
                    commands.push(Command::Solve);
                }
                if ui
                    .add_enabled(!state.edit_mode, egui::Button::new("Inspect"))
                    .on_hover_text("Step through the search: its nodes, open list and tree")
                    .clicked()
                {
                    commands.push(Command::Inspect);
                }
            });
        }
        Some(run) => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label(format!(
                    "Running {}",
                    super::with_heuristic(run.strategy, &run.heuristic)
                ));
            });
            if let Some((name, phase)) = run.database() {
                super::databases::progress_ui(ui, name, phase);
            }
            // Shown (as zeros) before the first report too, so Cancel
            // does not move when the counters arrive.
            live_counters(ui, &run.progress().unwrap_or_default());
            if ui.button("Cancel").clicked() {
                commands.push(Command::Cancel);
            }
        }
    }
}

/// Why heuristic `kind` cannot guide a search on `shape`, in the panel's
/// words (the engine's reason names the command line's key).
pub fn unavailable(kind: HeuristicKind, shape: Shape) -> Option<String> {
    kind.unavailable_for(shape).map(|_| match kind {
        HeuristicKind::Pdb6666 => {
            use super::i18n::{Lang, Message, PdbMsg};
            PdbMsg::NeedsFiveByFive {
                label: kind.label().to_string(),
                shape: shape.to_string(),
            }
            .text(Lang::English)
        }
        _ => format!(
            "{} needs a 4×4 board (its tables are built for the 15-puzzle), not {shape}",
            kind.label()
        ),
    })
}

/// The live counters of a running search.
pub fn live_counters(ui: &mut egui::Ui, p: &Progress) {
    egui::Grid::new("live").num_columns(2).show(ui, |ui| {
        ui.label("expanded");
        ui.label(thousands(p.expanded));
        ui.end_row();
        ui.label("frontier / stored");
        ui.label(format!(
            "{} / {}",
            thousands(p.frontier),
            thousands(p.stored)
        ));
        ui.end_row();
        ui.label("bound / depth");
        ui.label(p.bound.map_or("–".into(), |b| b.to_string()));
        ui.end_row();
        ui.label("memory");
        ui.label(bytes(p.bytes));
        ui.end_row();
        ui.label("elapsed");
        ui.label(format!("{:.1} s", p.elapsed.as_secs_f64()));
        ui.end_row();
    });
}

/// The registry's strategies for `family` as radio buttons: the exact
/// searches on one row, the others on the next (shared by tiles and Klotski).
pub fn strategy_radios(ui: &mut egui::Ui, selected: &mut String, family: Family) {
    for optimal in [true, false] {
        ui.horizontal_wrapped(|ui| {
            for s in strategy::for_family(family).filter(|s| s.is_optimal() == optimal) {
                ui.radio_value(selected, s.name().to_string(), s.label())
                    .on_hover_text(s.description());
            }
        });
    }
}
