//! The results table: a header that sorts, a row per configuration with
//! its status, its numbers ("–" until it ran) and its buttons, always in
//! the same places; [`label_lines`], the strategy over its heuristic, which
//! the batch's table writes its rows with too.

use eframe::egui;
use egui_extras::{Column, TableBuilder, TableRow};

use super::row::{Row, RowConfig, one_line};
use super::session::Session;
use super::sort::{self, SortBy};
use crate::app::i18n::names::{self, status_text};
use crate::app::i18n::{CompareMsg, Lang, Message, language, tr};
use crate::app::model::{Finished, Start};
use crate::app::{Command, CompareCommand};
use crate::engine::Status;
use crate::engine::klotski::Metric;
use crate::units::{bytes, duration, thousands};

/// What a cell shows while its row has not run.
const NONE: &str = "–";

/// Space before the Optimal column's left-aligned text, which would
/// otherwise touch the right-aligned lengths beside it.
const OPTIMAL_INDENT: f32 = 8.0;

/// Space between the row buttons.
const BUTTON_GAP: f32 = 4.0;

/// How wide `text` is on one line in `style`.
pub(super) fn text_width(ui: &egui::Ui, text: &str, style: egui::TextStyle) -> f32 {
    let font = style.resolve(ui.style());
    ui.fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, egui::Color32::WHITE))
        .size()
        .x
}

/// A strategy's label over a guided strategy's heuristic, each on one
/// line: never wrapped word by word, cut short with "…" if `truncate`
/// (a column of fixed width), else as wide as it needs.
pub fn label_lines(
    ui: &mut egui::Ui,
    strategy: &str,
    heuristic: Option<&str>,
    truncate: bool,
) -> egui::Response {
    let mode = if truncate {
        egui::TextWrapMode::Truncate
    } else {
        egui::TextWrapMode::Extend
    };
    let Some(h) = heuristic else {
        // One line, centred in its cell as the numbers beside it are.
        return ui.add(egui::Label::new(strategy).wrap_mode(mode));
    };
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        let r = ui.add(egui::Label::new(strategy).wrap_mode(mode));
        ui.add(egui::Label::new(egui::RichText::new(h).weak()).wrap_mode(mode));
        r
    })
    .inner
}

/// How a run ended, in the table's Status column: in English the words
/// the command line prints (`Node limit reached`), in Chinese the names
/// the other views use.
fn status_word(status: Status, lang: Lang) -> String {
    use crate::engine::LimitKind;
    match status {
        Status::Solved => CompareMsg::StatusSolved,
        Status::Unsolvable => CompareMsg::StatusUnsolvable,
        Status::Limit(LimitKind::Nodes) => CompareMsg::StatusNodeLimit,
        Status::Limit(LimitKind::Memory) => CompareMsg::StatusMemoryLimit,
        Status::Limit(LimitKind::Time) => CompareMsg::StatusTimeLimit,
        Status::Cancelled => CompareMsg::StatusCancelled,
        Status::NotFound => CompareMsg::StatusNotFound,
    }
    .text(lang)
}

/// What a click in a row asks for: Play is the app's to carry out, the
/// rest the compare view's.
enum RowAction {
    Play(usize),
    Compare(CompareCommand),
}

/// A row's button.
#[derive(Clone, Copy)]
enum RowButton {
    Run,
    Cancel,
    Play,
    Trace,
    Copy,
    Remove,
}

impl RowButton {
    const ALL: [RowButton; 6] = [
        RowButton::Run,
        RowButton::Cancel,
        RowButton::Play,
        RowButton::Trace,
        RowButton::Copy,
        RowButton::Remove,
    ];

    /// Its word.
    fn word(self) -> CompareMsg {
        match self {
            RowButton::Run => CompareMsg::Run,
            RowButton::Cancel => CompareMsg::Cancel,
            RowButton::Play => CompareMsg::Play,
            RowButton::Trace => CompareMsg::Trace,
            RowButton::Copy => CompareMsg::Copy,
            RowButton::Remove => CompareMsg::Remove,
        }
    }

    /// Its place in the row: Run and Cancel take turns in the first.
    fn slot(self) -> usize {
        match self {
            RowButton::Run | RowButton::Cancel => 0,
            RowButton::Play => 1,
            RowButton::Trace => 2,
            RowButton::Copy => 3,
            RowButton::Remove => 4,
        }
    }
}

/// The row buttons' words, each button in a slot as wide in every row
/// (Run's fits Cancel too), so none moves when another changes or is
/// disabled.
struct Buttons {
    /// In the order of [`RowButton::ALL`].
    words: [String; 6],
    /// Each slot's width.
    widths: [f32; 5],
}

impl Buttons {
    fn new(ui: &egui::Ui, lang: Lang) -> Self {
        let words = RowButton::ALL.map(|b| b.word().text(lang));
        let padding = 2.0 * ui.spacing().button_padding.x;
        let mut widths = [0.0f32; 5];
        for (b, word) in RowButton::ALL.into_iter().zip(&words) {
            let width = text_width(ui, word, egui::TextStyle::Button) + padding;
            widths[b.slot()] = widths[b.slot()].max(width);
        }
        Self { words, widths }
    }

    /// The width of the column that holds them.
    fn column_width(&self) -> f32 {
        self.widths.iter().sum::<f32>() + BUTTON_GAP * (self.widths.len() - 1) as f32
    }

    /// Button `b`, as wide as its slot.
    fn button(&self, b: RowButton) -> egui::Button<'_> {
        egui::Button::new(self.words[b as usize].as_str())
            .min_size(egui::vec2(self.widths[b.slot()], 0.0))
    }
}

/// Where the memory figure is among a row's [`numbers`].
const MEMORY: usize = 3;

/// A row's numbers as its cells show them: length, expanded, generated,
/// memory (the search's own), time ("–" until it ran).
fn numbers(row: &Row, lang: Lang) -> [String; 5] {
    let Some(s) = row.summary else {
        return std::array::from_fn(|_| NONE.to_string());
    };
    let length = match (s.solution_length(), s.klotski.map(|k| k.moves)) {
        // In steps, the moves beside (in moves they are the length).
        (Some(length), Some(moves)) if length != moves => {
            CompareMsg::LengthMoves { length, moves }.text(lang)
        }
        (Some(l), _) => l.to_string(),
        _ => NONE.into(),
    };
    [
        length,
        thousands(s.expanded),
        thousands(s.generated),
        bytes(s.peak_bytes),
        duration(s.ms / 1e3),
    ]
}

/// The second line of a row's memory cell: the pattern database it read,
/// apart from the search's memory above it (none for a run that read
/// none, or has not run).
fn database_line(row: &Row) -> Option<String> {
    names::database_line(row.summary?.database_bytes)
}

/// A row's memory cell: the search's memory, right-aligned as the numbers
/// beside it, and under it the database it read, if any (both on hover).
fn memory_cell(ui: &mut egui::Ui, search: &str, database: Option<&str>) {
    let right = egui::Layout::right_to_left(egui::Align::Center);
    ui.with_layout(right, |ui| match database {
        None => {
            ui.label(search);
        }
        Some(db) => {
            ui.with_layout(egui::Layout::top_down(egui::Align::Max), |ui| {
                ui.spacing_mut().item_spacing.y = 0.0;
                let hint = names::database_hint(language(ui.ctx()));
                ui.label(search).on_hover_text(&hint);
                ui.label(egui::RichText::new(db).weak()).on_hover_text(hint);
            });
        }
    });
}

/// The row's strategy: its label, the heuristic below it, its knobs on
/// hover.
fn strategy_cell(ui: &mut egui::Ui, config: &RowConfig, (label, heuristic): (&str, Option<&str>)) {
    let knobs = config.tuning.describe(&config.strategy, language(ui.ctx()));
    let r = label_lines(ui, label, heuristic, true);
    if !knobs.is_empty() {
        r.on_hover_text(knobs);
    }
}

/// The row's status: its live count while it runs, then how it ended
/// (why on hover, worded in the language of the day).
fn status_cell(ui: &mut egui::Ui, row: &Row) {
    let lang = language(ui.ctx());
    if let Some(expanded) = row.expanded_so_far() {
        ui.spinner();
        ui.label(thousands(expanded));
    } else if row.summary.is_some_and(|s| s.disagrees) {
        ui.colored_label(ui.visuals().error_fg_color, tr(ui, CompareMsg::Disagrees))
            .on_hover_text(tr(ui, CompareMsg::DisagreesHint));
    } else if let Some(why) = row.result.as_ref().and_then(Finished::refusal) {
        ui.label(tr(ui, CompareMsg::Refused))
            .on_hover_text(why.text(lang));
    } else if let Some(s) = row.summary {
        let l = ui.label(status_word(s.status, lang));
        if let Status::Limit(_) = s.status {
            let limit = status_text(s.status, lang);
            l.on_hover_text(tr(ui, CompareMsg::StoppedAt { limit }));
        }
    } else {
        ui.label(NONE);
    }
}

/// Row `i`'s buttons (`shown`: its label); what was clicked, if anything.
fn buttons_cell(
    ui: &mut egui::Ui,
    buttons: &Buttons,
    i: usize,
    row: &Row,
    shown: String,
) -> Option<RowAction> {
    ui.spacing_mut().item_spacing.x = BUTTON_GAP;
    let mut action = None;
    if row.is_running() {
        if ui
            .add(buttons.button(RowButton::Cancel))
            .on_hover_text(tr(ui, CompareMsg::CancelRow { label: shown }))
            .clicked()
        {
            action = Some(RowAction::Compare(CompareCommand::Cancel(i)));
        }
    } else if ui
        .add(buttons.button(RowButton::Run))
        .on_hover_text(tr(ui, CompareMsg::RunRow { label: shown }))
        .clicked()
    {
        action = Some(RowAction::Compare(CompareCommand::Run(i)));
    }
    let idle = !row.is_running();
    let solved = idle && row.summary.is_some_and(|s| s.solved());
    let traced = idle && !row.trace_points.is_empty();
    for (b, enabled, hint, clicked) in [
        (
            RowButton::Play,
            solved,
            CompareMsg::PlayHint,
            RowAction::Play(i),
        ),
        (
            RowButton::Trace,
            traced,
            CompareMsg::TraceHint,
            RowAction::Compare(CompareCommand::ShowTrace(i)),
        ),
        (
            RowButton::Copy,
            idle,
            CompareMsg::CopyHint,
            RowAction::Compare(CompareCommand::Duplicate(i)),
        ),
        (
            RowButton::Remove,
            idle,
            CompareMsg::RemoveHint,
            RowAction::Compare(CompareCommand::Remove(i)),
        ),
    ] {
        if ui
            .add_enabled(enabled, buttons.button(b))
            .on_hover_text(tr(ui, hint))
            .clicked()
        {
            action = Some(clicked);
        }
    }
    action
}

impl Session {
    /// The results table of the comparison on `start`: a header that
    /// sorts, a row per configuration; what was clicked in a row goes to
    /// `out`.
    pub(super) fn table(&mut self, ui: &mut egui::Ui, start: &Start, out: &mut Vec<Command>) {
        let lang = language(ui.ctx());
        let tiles = start.is_tiles();
        // A Klotski comparison counts every row in the one metric chosen.
        let length = match start {
            Start::Klotski(_, Metric::Steps) => CompareMsg::ColLengthSteps,
            Start::Klotski(_, Metric::Moves) => CompareMsg::ColLengthMoves,
            _ => CompareMsg::ColLength,
        };
        let headers = [
            (SortBy::Strategy, CompareMsg::ColStrategy, false),
            (SortBy::Status, CompareMsg::ColStatus, false),
            (SortBy::Length, length, true),
            (SortBy::Optimal, CompareMsg::ColOptimal, false),
            (SortBy::Expanded, CompareMsg::ColExpanded, true),
            (SortBy::Generated, CompareMsg::ColGenerated, true),
            (SortBy::Memory, CompareMsg::ColMemory, true),
            (SortBy::Time, CompareMsg::ColTime, true),
        ]
        .map(|(by, name, numeric)| (by, name.text(lang), numeric));
        let buttons = Buttons::new(ui, lang);
        let order = self.order();
        let numbers: Vec<[String; 5]> = order
            .iter()
            .map(|&i| numbers(&self.rows[i], lang))
            .collect();
        let databases: Vec<Option<String>> = order
            .iter()
            .map(|&i| database_line(&self.rows[i]))
            .collect();
        // Each column as wide as its widest text or header: fixed widths
        // keep right-aligned numbers under their headers.
        let width_of = |ui: &egui::Ui, text: &str| text_width(ui, text, egui::TextStyle::Body);
        let mut widths = [0.0f32; 7];
        for (k, (_, name, _)) in headers.iter().skip(1).enumerate() {
            widths[k] = width_of(ui, &format!("{name} ↓")) + 2.0;
        }
        widths[2] += OPTIMAL_INDENT;
        // (WW: room for the spinner beside the live count.)
        for text in [
            status_word(Status::Unsolvable, lang),
            CompareMsg::Disagrees.text(lang),
            CompareMsg::Refused.text(lang),
            status_word(Status::NotFound, lang),
            "WW 99,999,999".into(),
        ] {
            widths[0] = widths[0].max(width_of(ui, &text));
        }
        for row in &numbers {
            for (k, text) in row.iter().enumerate() {
                let column = if k == 0 { 1 } else { k + 2 };
                widths[column] = widths[column].max(width_of(ui, text) + 2.0);
            }
        }
        for db in databases.iter().flatten() {
            widths[MEMORY + 2] = widths[MEMORY + 2].max(width_of(ui, db) + 2.0);
        }
        // The strategy column as wide as its widest label or heuristic, so
        // two rows never both read "Pattern database …" (the page scrolls
        // sideways where the window is narrow).
        let strategy_width = order
            .iter()
            .flat_map(|&i| {
                let (label, heuristic) = self.rows[i].config.label_parts_in(tiles, lang);
                [Some(label), heuristic]
            })
            .flatten()
            .map(|text| width_of(ui, &text) + 8.0)
            .fold(120.0, f32::max);
        let right = egui::Layout::right_to_left(egui::Align::Center);
        let left = egui::Layout::left_to_right(egui::Align::Center);
        let sort = self.sort;
        let mut new_sort = None;
        let mut action = None;
        // A header that sorts by its column when clicked.
        let header_cell = |ui: &mut egui::Ui, by: SortBy, name: &str, numeric: bool| {
            if by == SortBy::Optimal {
                ui.add_space(OPTIMAL_INDENT);
            }
            ui.with_layout(if numeric { right } else { left }, |ui| {
                let text = format!("{name}{}", sort::arrow(sort, by));
                let column = name.to_lowercase();
                ui.add(
                    egui::Label::new(egui::RichText::new(text).strong())
                        .sense(egui::Sense::click()),
                )
                .on_hover_cursor(egui::CursorIcon::PointingHand)
                .on_hover_text(tr(ui, CompareMsg::SortBy { column }))
                .clicked()
                .then(|| sort::clicked(sort, by))
            })
            .inner
        };
        let rows: Vec<(usize, String, Option<String>, f32)> = order
            .iter()
            .zip(&databases)
            .map(|(&i, database)| {
                let (label, heuristic) = self.rows[i].config.label_parts_in(tiles, lang);
                let two_lines = heuristic.is_some() || database.is_some();
                (i, label, heuristic, if two_lines { 36.0 } else { 24.0 })
            })
            .collect();
        let [strategy_header, rest @ ..] = headers;
        // The names and the row buttons stay in place; the numbers beside
        // them scroll sideways where the window is narrow (at 800 points
        // the buttons were past its edge, and scrolling the whole page to
        // them hid the names). Rows of equal heights keep the two parts
        // level.
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            // Each table top-down: in this row a table's body would stand
            // beside its header.
            ui.vertical(|ui| {
                TableBuilder::new(ui)
                    .id_salt("compare names")
                    .striped(true)
                    .vscroll(false)
                    .cell_layout(left)
                    .column(Column::exact(strategy_width).clip(true))
                    .column(Column::exact(buttons.column_width()))
                    .header(24.0, |mut header| {
                        let (by, name, numeric) = &strategy_header;
                        header.col(|ui| {
                            if let Some(s) = header_cell(ui, *by, name, *numeric) {
                                new_sort = Some(s);
                            }
                        });
                        header.col(|_| {});
                    })
                    .body(|mut body| {
                        for (i, label, heuristic, height) in &rows {
                            let r = &self.rows[*i];
                            body.row(*height, |mut row| {
                                row.col(|ui| {
                                    strategy_cell(ui, &r.config, (label, heuristic.as_deref()))
                                });
                                row.col(|ui| {
                                    let shown = one_line(label, heuristic.as_deref());
                                    if let Some(a) = buttons_cell(ui, &buttons, *i, r, shown) {
                                        action = Some(a);
                                    }
                                });
                            });
                        }
                    });
            });
            egui::ScrollArea::horizontal()
                .id_salt("compare numbers")
                .show(ui, |ui| {
                    ui.vertical(|ui| {
                        let mut table = TableBuilder::new(ui)
                            .id_salt("compare table")
                            .striped(true)
                            .vscroll(false)
                            .cell_layout(left);
                        for w in widths {
                            table = table.column(Column::exact(w));
                        }
                        table
                            .header(24.0, |mut header| {
                                for (by, name, numeric) in &rest {
                                    header.col(|ui| {
                                        if let Some(s) = header_cell(ui, *by, name, *numeric) {
                                            new_sort = Some(s);
                                        }
                                    });
                                }
                            })
                            .body(|mut body| {
                                for ((row_of, numbers), database) in
                                    rows.iter().zip(&numbers).zip(&databases)
                                {
                                    let r = &self.rows[row_of.0];
                                    body.row(row_of.3, |mut row| {
                                        let number = |row: &mut TableRow<'_, '_>, text: &str| {
                                            row.col(|ui| {
                                                ui.with_layout(right, |ui| {
                                                    ui.label(text);
                                                });
                                            });
                                        };
                                        row.col(|ui| status_cell(ui, r));
                                        number(&mut row, &numbers[0]);
                                        row.col(|ui| {
                                            ui.add_space(OPTIMAL_INDENT);
                                            ui.label(match r.summary {
                                                None => NONE.to_string(),
                                                Some(s) if s.optimal => tr(ui, CompareMsg::Yes),
                                                Some(_) => tr(ui, CompareMsg::No),
                                            });
                                        });
                                        for (k, text) in numbers.iter().enumerate().skip(1) {
                                            if k == MEMORY {
                                                row.col(|ui| {
                                                    memory_cell(ui, text, database.as_deref())
                                                });
                                            } else {
                                                number(&mut row, text);
                                            }
                                        }
                                    });
                                }
                            });
                    });
                });
        });
        if new_sort.is_some() {
            self.sort = new_sort;
        }
        match action {
            None => {}
            Some(RowAction::Compare(cmd)) => out.push(cmd.into()),
            Some(RowAction::Play(i)) => {
                let r = &self.rows[i];
                if let (Some(start), Some(f)) = (&r.start, &r.result) {
                    out.push(Command::PlayCompared(Box::new((
                        start.clone(),
                        f.clone(),
                        r.config.run_by(tiles),
                    ))));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::LimitKind;

    /// The Status column says in English what the command line prints and
    /// in Chinese what the other views say; its hover names the limit as
    /// the engine does.
    #[test]
    fn status_words_are_the_command_lines_and_the_shared_names() {
        let limits = [LimitKind::Nodes, LimitKind::Memory, LimitKind::Time];
        let statuses = [Status::Solved, Status::Unsolvable, Status::Cancelled]
            .into_iter()
            .chain([Status::NotFound])
            .chain(limits.map(Status::Limit));
        for status in statuses {
            assert_eq!(
                status_word(status, Lang::English),
                crate::units::status(status)
            );
            assert_eq!(
                status_word(status, Lang::Chinese),
                status_text(status, Lang::Chinese)
            );
        }
        for kind in limits {
            assert_eq!(
                status_text(Status::Limit(kind), Lang::English),
                kind.to_string()
            );
        }
    }
}
