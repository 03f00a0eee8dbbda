//! The race's records as the app keeps them: read once from the data
//! folder, a damaged file kept aside (never replaced) and the player told,
//! each finished solve added and written atomically; and the panel that
//! shows a board's statistics and recent solves.

use std::path::PathBuf;

use eframe::egui;

use crate::app::i18n::{RaceMsg, Said, tr};
use crate::storage::records::{self, Records, Solve, Stats};

/// The records and where they are kept.
pub struct Book {
    records: Records,
    /// The file written after each solve; `None` where none may be
    /// written (no data folder, or a file that could not be read and was
    /// left as it is).
    path: Option<PathBuf>,
    /// What went wrong reading or writing the file, for the player.
    pub problem: Option<Said>,
}

impl Book {
    /// The records at `path` (`None`: kept for the session only).
    pub fn open(path: Option<PathBuf>) -> Self {
        let Some(path) = path else {
            return Self {
                records: Records::default(),
                path: None,
                problem: Some(Said::msg(RaceMsg::RecordsNoFolder)),
            };
        };
        match records::load(&path) {
            Ok(records) => Self {
                records,
                path: Some(path),
                problem: None,
            },
            Err(e) if e.is_damaged() => {
                let why = e.to_string();
                match records::keep_aside(&path) {
                    Ok(kept) => {
                        let kept = kept.display().to_string();
                        Self {
                            records: Records::default(),
                            path: Some(path),
                            problem: Some(Said::msg(RaceMsg::RecordsDamaged { why, kept })),
                        }
                    }
                    // Not moved: left as it is, and nothing written over it.
                    Err(aside) => {
                        let why = format!("{why}; {aside}");
                        Self {
                            records: Records::default(),
                            path: None,
                            problem: Some(Said::msg(RaceMsg::RecordsUnreadable { why })),
                        }
                    }
                }
            }
            Err(e) => Self {
                records: Records::default(),
                path: None,
                problem: Some(Said::msg(RaceMsg::RecordsUnreadable { why: e.to_string() })),
            },
        }
    }

    /// The solves of `key`, oldest first.
    pub fn solves(&self, key: &str) -> &[Solve] {
        self.records.solves(key)
    }

    /// Add a solve to `key` and write the file.
    pub fn add(&mut self, key: &str, solve: Solve) {
        self.records.add(key, solve);
        if let Some(path) = &self.path
            && let Err(e) = records::save(path, &self.records)
        {
            let why = e.to_string();
            let path = path.display().to_string();
            self.problem = Some(Said::msg(RaceMsg::RecordsNotSaved { path, why }));
        }
    }
}

/// A time in milliseconds as the records show it.
fn time(ms: Option<u64>) -> String {
    ms.map_or_else(
        || "—".to_string(),
        |ms| format!("{}.{:03}", ms / 1000, ms % 1000),
    )
}

/// What the records panel asks for.
pub enum Asked {
    /// Replay the solve with this index in the board's list.
    Replay(usize),
    /// Export the board's solves as CSV.
    Export,
}

/// The board's statistics and its latest solves, newest first.
pub fn show(ui: &mut egui::Ui, book: &Book, key: &str, board: &str) -> Option<Asked> {
    let mut asked = None;
    ui.heading(tr(
        ui,
        RaceMsg::RecordsTitle {
            board: board.to_string(),
        },
    ));
    if let Some(problem) = &book.problem {
        ui.colored_label(ui.visuals().warn_fg_color, tr(ui, problem));
    }
    let solves = book.solves(key);
    let s: Stats = records::stats(solves);
    if s.count == 0 {
        ui.weak(tr(ui, RaceMsg::NoSolvesYet));
        return None;
    }
    egui::Grid::new("race_stats").num_columns(3).show(ui, |ui| {
        ui.label("");
        ui.label(tr(ui, RaceMsg::Current));
        ui.label(tr(ui, RaceMsg::Best));
        ui.end_row();
        ui.label(tr(ui, RaceMsg::Single));
        ui.label(time(solves.last().map(|s| s.time_ms)));
        ui.label(time(s.best_single_ms));
        ui.end_row();
        ui.label(tr(ui, RaceMsg::MeanOf { n: 5 }))
            .on_hover_text(tr(ui, RaceMsg::MeanOfHint { n: 5 }));
        ui.label(time(s.mean_of_5));
        ui.label(time(s.best_mean_of_5));
        ui.end_row();
        ui.label(tr(ui, RaceMsg::MeanOf { n: 12 }))
            .on_hover_text(tr(ui, RaceMsg::MeanOfHint { n: 12 }));
        ui.label(time(s.mean_of_12));
        ui.label(time(s.best_mean_of_12));
        ui.end_row();
    });
    ui.label(tr(
        ui,
        RaceMsg::MeanAndCount {
            mean: time(s.mean_ms),
            count: s.count,
        },
    ));
    if ui.button(tr(ui, RaceMsg::ExportCsv)).clicked() {
        asked = Some(Asked::Export);
    }
    ui.separator();
    ui.label(tr(ui, RaceMsg::Recent));
    egui::ScrollArea::vertical()
        .id_salt("race_history")
        .max_height(220.0)
        .show(ui, |ui| {
            for (i, solve) in solves.iter().enumerate().rev().take(50) {
                ui.horizontal(|ui| {
                    let excess = solve
                        .excess()
                        .map_or_else(String::new, |e| format!(" (+{e})"));
                    ui.label(tr(
                        ui,
                        RaceMsg::HistoryRow {
                            n: i + 1,
                            time: time(Some(solve.time_ms)),
                            moves: solve.single_tile as usize,
                            excess,
                        },
                    ));
                    if solve.replay.is_some()
                        && ui
                            .small_button(tr(ui, RaceMsg::ReplayButton))
                            .on_hover_text(tr(ui, RaceMsg::ReplayHint))
                            .clicked()
                    {
                        asked = Some(Asked::Replay(i));
                    }
                });
            }
        });
    asked
}
